//! Where games come from: files and streams as the command line reads them (zstd and gzip
//! told by their content, decoded on a thread of their own), the games of a stream cut into
//! batches ([`GameBatches`]), and checked on several threads and handed back in input order
//! ([`Pipeline`], [`Checked`]): the one executor over batches of games, which the command
//! line, the tables and the Python package share. Spent things go back to be freed on the
//! thread that made them ([`Returns`]).
//!
//! ```
//! use jaque::input;
//! let text: &[u8] = b"1. e4 e5 *\n\n1. d4 d5 *\n";
//! let records = input::records(Box::new(text), input::Settings::default()).unwrap();
//! let plies: Vec<usize> = records.map(|r| r.unwrap().report().plies).collect();
//! assert_eq!(plies, [2, 2]);
//! ```

use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};
use std::path::Path;
use std::sync::mpsc;

use crate::pgn::text::Compression;

#[cfg(feature = "arrow")]
pub mod arrow;
mod batches;
mod parallel;
mod parquet;
mod returns;

pub use batches::GameBatches;
pub use parallel::{Checked, MAX_JOBS, Pipeline, Records, Settings, checked, records};
pub use returns::{Home, Returns};

/// A buffered reader of the PGN text of the file at `path`, decompressed when its first bytes
/// are those of zstd or gzip: a file's name may say nothing of its content (a download, a
/// pipe).
///
/// ```no_run
/// let reader = jaque::input::open("lichess_db_standard_rated_2013-01.pgn.zst".as_ref())?;
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn open(path: &Path) -> io::Result<Box<dyn BufRead + Send>> {
    let mut reader = BufReader::with_capacity(BUFFER, File::open(path)?);
    match Format::of(reader.fill_buf()?) {
        Format::Parquet => parquet::from_file(reader.into_inner()),
        _ => decompressed(reader),
    }
}

/// Bytes read from a file at a time.
pub const BUFFER: usize = 1 << 16;

/// The text of `reader`, decompressed on a thread of its own if it is compressed (told by its
/// first bytes).
pub fn decompressed(reader: impl BufRead + Send + 'static) -> io::Result<Box<dyn BufRead + Send>> {
    let (format, reader) = sniff(reader)?;
    Ok(match format {
        // libzstd (C), not a pure-Rust decoder: decoding weighed on checking a `.zst` file.
        // Frames follow one another (`zstd` and `pzstd` output alike).
        Format::Zstd => Box::new(Decoded::spawn(zstd::stream::read::Decoder::with_buffer(
            reader,
        )?)?),
        Format::Gzip => Box::new(Decoded::spawn(flate2::bufread::MultiGzDecoder::new(
            reader,
        ))?),
        Format::Parquet => parquet::from_stream(reader)?,
        Format::Text => Box::new(reader),
    })
}

/// What a stream holds, as its first bytes tell.
///
/// ```
/// use jaque::input::Format;
/// let text = b"[Event \"?\"]\n\n1. e4 *\n";
/// let packed = Format::Gzip.compress(text)?;
/// assert_eq!((Format::of(&packed), Format::of(text)), (Format::Gzip, Format::Text));
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Zstandard frames.
    Zstd,
    /// gzip members.
    Gzip,
    /// An Apache Parquet file of games (see [`arrow`] for the layouts it may have), read
    /// where jaque is built with the `parquet-input` feature.
    Parquet,
    /// Anything else: read as it is.
    Text,
}

impl Format {
    /// The bytes that tell the formats apart: a zstd frame's magic number is the longest.
    pub const MAGIC: usize = Compression::MAGIC;

    /// `text` compressed in this format (zstd's and gzip's default levels); text as it is.
    pub fn compress(self, text: &[u8]) -> io::Result<Vec<u8>> {
        use std::io::Write;
        match self {
            Format::Zstd => zstd::stream::encode_all(text, 0),
            Format::Gzip => {
                let mut encoder =
                    flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
                encoder.write_all(text)?;
                encoder.finish()
            }
            Format::Parquet => Err(io::Error::new(
                io::ErrorKind::Unsupported,
                "PGN text is not written into a Parquet file (`jaque export` writes tables)",
            )),
            Format::Text => Ok(text.to_vec()),
        }
    }

    /// The format of the file at `path`, told by its first bytes.
    pub fn of_file(path: &Path) -> io::Result<Format> {
        let mut start = Vec::with_capacity(Format::MAGIC);
        File::open(path)?
            .take(Format::MAGIC as u64)
            .read_to_end(&mut start)?;
        Ok(Format::of(&start))
    }

    /// The format of a stream that starts with `start` (shorter than [`Format::MAGIC`] only
    /// when the stream is).
    pub fn of(start: &[u8]) -> Format {
        match Compression::of(start) {
            Some(Compression::Zstd) => Format::Zstd,
            Some(Compression::Gzip) => Format::Gzip,
            None if start.starts_with(b"PAR1") => Format::Parquet,
            None => Format::Text,
        }
    }
}

/// The format of `reader`'s stream, told by its first [`Format::MAGIC`] bytes, and a reader
/// of the whole stream, those included. A reader whose buffer holds them (a file's) is
/// handed on untouched, its buffer whole for the next look (is it text at all?); a pipe may
/// hand them over one read at a time, and then they are read and put back in front.
fn sniff<R: BufRead + Send + 'static>(
    mut reader: R,
) -> io::Result<(Format, Box<dyn BufRead + Send>)> {
    let peeked = loop {
        match reader.fill_buf() {
            Ok(available) if available.len() >= Format::MAGIC => break Some(Format::of(available)),
            Ok(_) => break None,
            Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
            Err(error) => return Err(error),
        }
    };
    if let Some(format) = peeked {
        return Ok((format, Box::new(reader)));
    }
    let mut magic = Vec::with_capacity(Format::MAGIC);
    while magic.len() < Format::MAGIC {
        let available = match reader.fill_buf() {
            Ok(available) => available,
            Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
            Err(error) => return Err(error),
        };
        if available.is_empty() {
            break;
        }
        let take = available.len().min(Format::MAGIC - magic.len());
        magic.extend_from_slice(available.get(..take).unwrap_or_default());
        reader.consume(take);
    }
    let whole = io::Cursor::new(magic.clone()).chain(reader);
    Ok((Format::of(&magic), Box::new(whole)))
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_are_told_by_their_magic_numbers() {
        assert_eq!(Format::of(&[0x28, 0xb5, 0x2f, 0xfd, 0x24]), Format::Zstd);
        for first in 0x50..=0x5f {
            assert_eq!(Format::of(&[first, 0x2a, 0x4d, 0x18]), Format::Zstd);
        }
        assert_eq!(Format::of(&[0x60, 0x2a, 0x4d, 0x18]), Format::Text);
        assert_eq!(Format::of(&[0x4f, 0x2a, 0x4d, 0x18]), Format::Text);
        assert_eq!(Format::of(&[0x1f, 0x8b, 0x08, 0x00]), Format::Gzip);
        assert_eq!(Format::of(&[0x1f, 0x8b]), Format::Gzip);
        assert_eq!(Format::of(&[0x28, 0xb5, 0x2f]), Format::Text);
        assert_eq!(Format::of(b"PAR1\x15\x04"), Format::Parquet);
        assert_eq!(Format::of(b"PAR"), Format::Text);
        assert_eq!(Format::of(b"[Eve"), Format::Text);
        assert_eq!(Format::of(b""), Format::Text);
    }

    #[test]
    fn a_stream_handed_over_a_byte_at_a_time_is_told_and_read_whole() {
        let cases: [(&[u8], Format); 5] = [
            (b"\x1f\x8b\x08 and the rest", Format::Gzip),
            (b"\x28\xb5\x2f\xfd", Format::Zstd),
            (b"[Event \"x\"]\n", Format::Text),
            (b"1.", Format::Text),
            (b"", Format::Text),
        ];
        for (text, expected) in cases {
            let (format, mut reader) =
                sniff(BufReader::with_capacity(1, text)).expect("a slice reads");
            assert_eq!(format, expected, "{text:?}");
            let mut all = Vec::new();
            reader.read_to_end(&mut all).expect("a slice reads");
            assert_eq!(all, text);
        }
    }
}
