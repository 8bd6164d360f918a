//! Where selected games go: standard output, a file, or files of N games each; each game's
//! bytes as read, a line end added only where a game's text has none at its end, so that
//! the next game starts on a line of its own. Files are staged: the run's files appear
//! when it is done, whole, or not at all.

use std::collections::HashMap;
use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

use super::super::staged::Staging;
use super::super::stdout::StdoutBuffer;

/// A sink of games.
pub enum Sink {
    Stdout(StdoutBuffer),
    File(BufWriter<File>),
    /// `--split N`: files of `per_file` games, named from `base`.
    Split {
        base: PathBuf,
        per_file: usize,
        written: usize,
        file: Option<BufWriter<File>>,
    },
    /// `--split-by eco`: a file for each ECO code, named from `base`.
    ByEco {
        base: PathBuf,
        files: HashMap<String, BufWriter<File>>,
    },
}

impl Sink {
    /// A file sink at `path`, staged.
    pub fn file(staging: &Staging, path: &Path) -> io::Result<Sink> {
        Ok(Sink::File(BufWriter::with_capacity(
            1 << 16,
            staging.create(path)?,
        )))
    }

    /// Writes one game's bytes (`eco`: its opening's code, for `--split-by eco`); the files
    /// of `--split` and `--split-by` are staged as they are opened.
    pub fn game(&mut self, bytes: &[u8], eco: Option<&str>, staging: &Staging) -> io::Result<()> {
        let end = separator(bytes);
        match self {
            Sink::ByEco { base, files } => {
                let code = eco.unwrap_or("none");
                let file = match files.get_mut(code) {
                    Some(file) => file,
                    None => {
                        let path = suffixed(base, code);
                        let file = BufWriter::with_capacity(1 << 14, staging.create(&path)?);
                        files.entry(code.to_string()).or_insert(file)
                    }
                };
                file.write_all(bytes)?;
                file.write_all(end)
            }
            Sink::Stdout(out) => {
                out.buffer.extend_from_slice(bytes);
                out.buffer.extend_from_slice(end);
                out.record_done()
            }
            Sink::File(file) => {
                file.write_all(bytes)?;
                file.write_all(end)
            }
            Sink::Split {
                base,
                per_file,
                written,
                file,
            } => {
                if *written % *per_file == 0 {
                    if let Some(mut done) = file.take() {
                        done.flush()?;
                    }
                    let path = numbered(base, *written / *per_file + 1);
                    *file = Some(BufWriter::with_capacity(1 << 16, staging.create(&path)?));
                }
                *written += 1;
                match file {
                    Some(file) => {
                        file.write_all(bytes)?;
                        file.write_all(end)
                    }
                    None => Ok(()),
                }
            }
        }
    }

    /// Writes a line of JSON.
    pub fn line(&mut self, line: &[u8], staging: &Staging) -> io::Result<()> {
        match self {
            Sink::Stdout(out) => {
                out.buffer.extend_from_slice(line);
                out.buffer.push(b'\n');
                out.record_done()
            }
            Sink::File(file) => {
                file.write_all(line)?;
                file.write_all(b"\n")
            }
            Sink::Split { .. } | Sink::ByEco { .. } => self.game(line, None, staging),
        }
    }

    /// Writes what is buffered.
    pub fn flush(&mut self) -> io::Result<()> {
        match self {
            Sink::Stdout(out) => out.flush(),
            Sink::File(file) => file.flush(),
            Sink::Split { file, .. } => file.as_mut().map_or(Ok(()), Write::flush),
            Sink::ByEco { files, .. } => files.values_mut().try_for_each(Write::flush),
        }
    }
}

/// What follows a game's bytes so that the next game starts after a blank line: nothing if
/// they end a line, else two line ends as the game's own lines end (CRLF where its first
/// line ends so).
fn separator(bytes: &[u8]) -> &'static [u8] {
    match bytes.last() {
        Some(b'\n' | b'\r') | None => b"",
        Some(_) => match bytes.iter().position(|&b| b == b'\n') {
            Some(at) if at > 0 && bytes.get(at - 1) == Some(&b'\r') => b"\r\n\r\n",
            _ => b"\n\n",
        },
    }
}

/// `out.pgn` numbered: `out-3.pgn` (the number before the extension, if there is one).
fn numbered(base: &Path, n: usize) -> PathBuf {
    suffixed(base, &n.to_string())
}

/// `out.pgn` with `suffix` before its extension: `out-B90.pgn`.
fn suffixed(base: &Path, suffix: &str) -> PathBuf {
    let stem = base.file_stem().unwrap_or_default().to_string_lossy();
    let name = match base.extension() {
        Some(extension) => format!("{stem}-{suffix}.{}", extension.to_string_lossy()),
        None => format!("{stem}-{suffix}"),
    };
    base.with_file_name(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_is_followed_by_a_blank_line_in_its_own_line_ends() {
        assert_eq!(separator(b"[A \"1\"]\r\n\r\n1. e4 *"), b"\r\n\r\n");
        assert_eq!(separator(b"[A \"1\"]\n\n1. e4 *"), b"\n\n");
        assert_eq!(separator(b"1. e4 *"), b"\n\n");
        assert_eq!(separator(b"1. e4 *\n"), b"");
    }

    #[test]
    fn split_files_are_numbered_before_the_extension() {
        assert_eq!(
            numbered(Path::new("a/out.pgn"), 3),
            Path::new("a/out-3.pgn")
        );
        assert_eq!(numbered(Path::new("out"), 1), Path::new("out-1"));
    }
}
