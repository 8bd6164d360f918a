//! Opening the inputs of `jaque check`: files, `-` for standard input, `.zst` and `.gz`
//! decompressed on the fly, the built-in sample.

use std::fs::File;
use std::io::{self, BufRead, BufReader};

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
            Ok(Box::new(BufReader::with_capacity(
                BUFFER,
                zstd::stream::read::Decoder::with_buffer(file)?,
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
