//! Opening the inputs of `jaque check`: files, `-` for standard input, zstd and gzip
//! decompressed on the fly (told by their content), the built-in sample.

use std::io::{self, BufRead, BufReader};

use jaque::input::{BUFFER, decompressed};

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

    /// A buffered reader of the input's PGN text, decompressed when its first bytes are those
    /// of zstd or gzip: a file's name may say nothing of its content (a download, a pipe).
    pub fn open(&self) -> io::Result<Box<dyn BufRead + Send>> {
        match self {
            Input::Sample => Ok(Box::new(SAMPLE.as_bytes())),
            Input::Path(path) if path == "-" => {
                decompressed(BufReader::with_capacity(BUFFER, io::stdin()))
            }
            Input::Path(path) => jaque::input::open(std::path::Path::new(path)),
        }
    }
}
