//! Opening the inputs of `jaque check`: files, `-` for standard input, `.zst` and `.gz`
//! decompressed on the fly, the built-in sample.

use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};

use ruzstd::decoding::{FrameDecoder, StreamingDecoder};

/// The sample collection compiled into the binary.
pub const SAMPLE: &str = include_str!("sample.pgn");

/// Where games come from.
pub enum Input {
    /// A file path, or `-`.
    Path(String),
    /// The built-in sample.
    Sample,
}

impl Input {
    /// How the input is named in diagnostics.
    pub fn name(&self) -> &str {
        match self {
            Input::Path(path) if path == "-" => "<stdin>",
            Input::Path(path) => path,
            Input::Sample => "<sample>",
        }
    }

    /// The file's path (`None` for standard input and the sample).
    pub fn path(&self) -> Option<&std::path::Path> {
        match self {
            Input::Path(path) if path != "-" => Some(std::path::Path::new(path)),
            _ => None,
        }
    }

    /// The input's size on disk, when it is a plain file (for a progress bar).
    pub fn size(&self) -> Option<u64> {
        match self {
            Input::Path(path) if path != "-" => std::fs::metadata(path).ok().map(|m| m.len()),
            _ => None,
        }
    }

    /// A buffered reader of the input's PGN text (decompressed).
    pub fn open(&self) -> io::Result<Box<dyn BufRead + Send>> {
        const BUFFER: usize = 1 << 16;
        let path = match self {
            Input::Sample => return Ok(Box::new(SAMPLE.as_bytes())),
            Input::Path(path) if path == "-" => {
                return Ok(Box::new(BufReader::with_capacity(BUFFER, io::stdin())));
            }
            Input::Path(path) => path,
        };
        let file = BufReader::with_capacity(BUFFER, File::open(path)?);
        if path.ends_with(".zst") {
            Ok(Box::new(BufReader::with_capacity(
                BUFFER,
                ZstdFrames::new(file)?,
            )))
        } else if path.ends_with(".gz") {
            Ok(Box::new(BufReader::with_capacity(
                BUFFER,
                flate2::bufread::MultiGzDecoder::new(file),
            )))
        } else {
            Ok(Box::new(file))
        }
    }
}

/// A zstd stream of one or more frames (`zstd` and `pzstd` output alike).
struct ZstdFrames<R: BufRead> {
    inner: Option<StreamingDecoder<R, FrameDecoder>>,
}

fn zstd_error(error: impl std::fmt::Display) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidData, format!("zstd: {error}"))
}

impl<R: BufRead> ZstdFrames<R> {
    fn new(source: R) -> io::Result<ZstdFrames<R>> {
        Ok(ZstdFrames {
            inner: Some(StreamingDecoder::new(source).map_err(zstd_error)?),
        })
    }
}

impl<R: BufRead> Read for ZstdFrames<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        loop {
            let Some(inner) = self.inner.as_mut() else {
                return Ok(0);
            };
            let n = inner.read(buf)?;
            if n > 0 || buf.is_empty() {
                return Ok(n);
            }
            // The frame is over: another may follow.
            if inner.get_mut().fill_buf()?.is_empty() {
                self.inner = None;
                return Ok(0);
            }
            let Some(done) = self.inner.take() else {
                return Ok(0);
            };
            let (source, decoder) = done.into_parts();
            self.inner =
                Some(StreamingDecoder::new_with_decoder(source, decoder).map_err(zstd_error)?);
        }
    }
}
