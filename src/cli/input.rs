//! Opening the inputs of `jaque check`: files, `-` for standard input, `.zst` and `.gz`
//! decompressed on the fly, the built-in sample.

use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};
use std::sync::mpsc;

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
            // libzstd (C), not a pure-Rust decoder: decoding weighed on checking a `.zst`
            // file. Frames follow one another (`zstd` and `pzstd` output alike).
            Ok(Box::new(Decoded::spawn(
                zstd::stream::read::Decoder::with_buffer(file)?,
            )?))
        } else if path.ends_with(".gz") {
            Ok(Box::new(Decoded::spawn(
                flate2::bufread::MultiGzDecoder::new(file),
            )?))
        } else {
            Ok(Box::new(file))
        }
    }
}

/// A compressed stream decoded on a thread of its own, a chunk ahead of its reader: decoding
/// one stream cannot be shared out, so it runs beside the thread that cuts games instead of
/// on it, as `zstd -dc FILE | jaque check -` has them.
struct Decoded {
    chunks: mpsc::Receiver<io::Result<Vec<u8>>>,
    chunk: Vec<u8>,
    /// How much of `chunk` was consumed.
    at: usize,
}

impl Decoded {
    /// Bytes decoded at a time.
    const CHUNK: usize = 1 << 18;

    /// Starts decoding `decoder` on a new thread. The thread ends at the stream's end, at its
    /// first error (handed to the reader after the text before it), or when the reader is
    /// dropped. Fails only when the system refuses a thread.
    fn spawn(mut decoder: impl Read + Send + 'static) -> io::Result<Decoded> {
        let (sender, chunks) = mpsc::sync_channel(4);
        let decoding = std::thread::Builder::new().name("decode".into());
        decoding.spawn(move || {
            loop {
                let mut chunk = vec![0; Decoded::CHUNK];
                let sent = match decoder.read(&mut chunk) {
                    Ok(0) => return,
                    Ok(n) => {
                        chunk.truncate(n);
                        sender.send(Ok(chunk))
                    }
                    Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
                    Err(error) => sender.send(Err(error)),
                };
                if sent.is_err() {
                    return;
                }
            }
        })?;
        Ok(Decoded {
            chunks,
            chunk: Vec::new(),
            at: 0,
        })
    }
}

impl Read for Decoded {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let available = self.fill_buf()?;
        let n = available.len().min(buf.len());
        buf[..n].copy_from_slice(&available[..n]);
        self.consume(n);
        Ok(n)
    }
}

impl BufRead for Decoded {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        while self.at >= self.chunk.len() {
            match self.chunks.recv() {
                Ok(chunk) => {
                    self.chunk = chunk?;
                    self.at = 0;
                }
                // The decoding thread ended: the stream is over.
                Err(mpsc::RecvError) => return Ok(&[]),
            }
        }
        Ok(self.chunk.get(self.at..).unwrap_or_default())
    }

    fn consume(&mut self, amount: usize) {
        self.at = (self.at + amount).min(self.chunk.len());
    }
}
