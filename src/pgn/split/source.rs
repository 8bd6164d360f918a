//! The bytes the splitter reads, as the input's author wrote them: UTF-16 (known by its
//! byte-order mark) is turned into UTF-8 on the way, and an input that is no text at all
//! (binary or compressed data, as [`text::refused`] tells it) is refused once, instead of
//! read as games of garbage.

use std::io::{self, BufRead};

use crate::pgn::text::{self, SNIFF};

/// The input's encoding, once its first bytes are read.
enum Encoding {
    /// Not known yet: no byte read.
    Unknown,
    /// UTF-8 or Latin-1 (per game, later): the reader's bytes as they are.
    Bytes,
    /// UTF-16, turned into UTF-8.
    Utf16(Utf16),
}

/// A reader of PGN text: the reader's bytes, or their UTF-8 when it is UTF-16.
pub(super) struct Source<R> {
    reader: R,
    encoding: Encoding,
    /// The input's first bytes, read to know its encoding where the reader's first buffer
    /// held fewer than are looked at (a pipe's may): given before the reader's.
    head: Vec<u8>,
    head_at: usize,
    /// A read error met while gathering `head`: given once `head` is read, as the reader
    /// would have given it after those bytes.
    deferred: Option<io::Error>,
}

impl<R: BufRead> Source<R> {
    pub(super) fn new(reader: R) -> Source<R> {
        Source {
            reader,
            encoding: Encoding::Unknown,
            head: Vec::new(),
            head_at: 0,
            deferred: None,
        }
    }

    /// A source of bytes known to be UTF-8 text: read as they are.
    pub(super) fn decoded(reader: R) -> Source<R> {
        Source {
            encoding: Encoding::Bytes,
            ..Source::new(reader)
        }
    }

    /// The reader, no byte of it read.
    pub(super) fn into_reader(self) -> R {
        self.reader
    }

    /// The next bytes of text (empty at the end), as [`BufRead::fill_buf`] gives them.
    #[inline]
    pub(super) fn fill_buf(&mut self) -> io::Result<&[u8]> {
        if let Encoding::Unknown = self.encoding {
            self.encoding = self.detect()?;
        }
        let head_read = match &self.encoding {
            Encoding::Utf16(utf16) => utf16.at >= utf16.out.len(),
            _ => self.head_at >= self.head.len(),
        };
        if head_read && let Some(error) = self.deferred.take() {
            return Err(error);
        }
        match &mut self.encoding {
            Encoding::Utf16(utf16) => utf16.fill_buf(&mut self.reader),
            _ if self.head_at < self.head.len() => {
                Ok(self.head.get(self.head_at..).unwrap_or_default())
            }
            _ => fill(&mut self.reader),
        }
    }

    /// Marks `amount` bytes of the last [`Source::fill_buf`] read.
    #[inline]
    pub(super) fn consume(&mut self, amount: usize) {
        match &mut self.encoding {
            Encoding::Utf16(utf16) => utf16.at += amount,
            _ if self.head_at < self.head.len() => self.head_at += amount,
            _ => self.reader.consume(amount),
        }
    }

    /// The encoding, from the input's first bytes: a UTF-16 byte-order mark (taken off), or
    /// bytes; an error for an input that is no text.
    fn detect(&mut self) -> io::Result<Encoding> {
        let first = fill(&mut self.reader)?.len();
        if first > 0 && first < SNIFF {
            // A reader that gives a few bytes at a time (a pipe, a file object): its first
            // bytes gathered, so that the same input is judged the same however it comes.
            while self.head.len() < SNIFF {
                let got = match fill(&mut self.reader) {
                    Ok(got) if !got.is_empty() => got,
                    Ok(_) => break,
                    // The bytes before it are read first (a truncated stream's games).
                    Err(error) => {
                        self.deferred = Some(error);
                        break;
                    }
                };
                let take = got.len().min(SNIFF - self.head.len());
                self.head
                    .extend_from_slice(got.get(..take).unwrap_or_default());
                self.reader.consume(take);
            }
        }
        let mut head = std::mem::take(&mut self.head);
        let start = match head.is_empty() {
            true => fill(&mut self.reader)?,
            false => &head[..],
        };
        let big_endian = match start.get(..2) {
            Some([0xFF, 0xFE]) if start.get(2..4) != Some(&[0, 0]) => false,
            Some([0xFE, 0xFF]) => true,
            _ => {
                if let Some(why) = text::refused(start) {
                    return Err(io::Error::new(io::ErrorKind::InvalidData, why));
                }
                self.head = head;
                return Ok(Encoding::Bytes);
            }
        };
        let mut utf16 = Utf16::new(big_endian);
        if head.is_empty() {
            self.reader.consume(2);
        } else {
            utf16.decode(head.get(2..).unwrap_or_default());
            head.clear();
        }
        Ok(Encoding::Utf16(utf16))
    }
}

/// The reader's next bytes, read again when a read is interrupted.
fn fill(reader: &mut impl BufRead) -> io::Result<&[u8]> {
    loop {
        match reader.fill_buf() {
            Ok(_) => break,
            Err(error) if error.kind() == io::ErrorKind::Interrupted => {}
            Err(error) => return Err(error),
        }
    }
    reader.fill_buf()
}

/// UTF-16 turned into UTF-8 a chunk at a time: code units that are no character (an
/// unpaired surrogate, an odd last byte) become U+FFFD, as any decoder writes them.
pub(super) struct Utf16 {
    big_endian: bool,
    /// UTF-8 made and not yet all read.
    out: Vec<u8>,
    /// How much of `out` was read.
    at: usize,
    /// A byte of a code unit whose other byte is in the next chunk.
    odd: Option<u8>,
    /// A high surrogate waiting for its low one.
    high: Option<u16>,
    /// The reader reached its end.
    done: bool,
}

impl Utf16 {
    pub(super) fn new(big_endian: bool) -> Utf16 {
        Utf16 {
            big_endian,
            out: Vec::new(),
            at: 0,
            odd: None,
            high: None,
            done: false,
        }
    }

    /// The UTF-8 not yet read, decoding the reader's next chunk when none is left.
    fn fill_buf(&mut self, reader: &mut impl BufRead) -> io::Result<&[u8]> {
        while self.at >= self.out.len() && !self.done {
            self.out.clear();
            self.at = 0;
            let chunk = fill(reader)?;
            if chunk.is_empty() {
                self.done = true;
                self.end();
            } else {
                let len = chunk.len();
                self.decode(chunk);
                reader.consume(len);
            }
        }
        Ok(self.out.get(self.at..).unwrap_or_default())
    }

    /// Decodes `bytes`, the next bytes of the input, into `out`.
    pub(super) fn decode(&mut self, bytes: &[u8]) {
        self.out.reserve(bytes.len() + bytes.len() / 2);
        let mut bytes = bytes;
        if let (Some(first), Some((&second, rest))) = (self.odd.take(), bytes.split_first()) {
            self.unit([first, second]);
            bytes = rest;
        }
        let mut pairs = bytes.chunks_exact(2);
        for pair in &mut pairs {
            if let [a, b] = *pair {
                self.unit([a, b]);
            }
        }
        self.odd = pairs.remainder().first().copied();
    }

    /// The input ended: what was left half read becomes U+FFFD.
    pub(super) fn end(&mut self) {
        if self.odd.take().is_some() || self.high.take().is_some() {
            self.push(char::REPLACEMENT_CHARACTER);
        }
    }

    /// The UTF-8 decoded so far, for a caller that decodes a whole input at once.
    pub(super) fn into_text(self) -> Vec<u8> {
        self.out
    }

    fn unit(&mut self, pair: [u8; 2]) {
        let unit = match self.big_endian {
            true => u16::from_be_bytes(pair),
            false => u16::from_le_bytes(pair),
        };
        if let Some(high) = self.high.take() {
            if (0xDC00..0xE000).contains(&unit) {
                let code =
                    0x10000 + ((u32::from(high) - 0xD800) << 10) + (u32::from(unit) - 0xDC00);
                self.push(char::from_u32(code).unwrap_or(char::REPLACEMENT_CHARACTER));
                return;
            }
            self.push(char::REPLACEMENT_CHARACTER);
        }
        match unit {
            0xD800..0xDC00 => self.high = Some(unit),
            0xDC00..0xE000 => self.push(char::REPLACEMENT_CHARACTER),
            _ => self.push(char::from_u32(u32::from(unit)).unwrap_or(char::REPLACEMENT_CHARACTER)),
        }
    }

    fn push(&mut self, c: char) {
        let mut buffer = [0; 4];
        self.out
            .extend_from_slice(c.encode_utf8(&mut buffer).as_bytes());
    }
}

/// The UTF-8 text of `bytes` if they are UTF-16 with a byte-order mark (which is taken off),
/// and whether big-endian: how `jaque fix` reads a UTF-16 file whole, to write it back so.
pub(in crate::pgn) fn utf16_text(bytes: &[u8]) -> Option<(Vec<u8>, bool)> {
    let big_endian = match bytes.get(..2)? {
        [0xFF, 0xFE] if bytes.get(2..4) != Some(&[0, 0]) => false,
        [0xFE, 0xFF] => true,
        _ => return None,
    };
    let mut utf16 = Utf16::new(big_endian);
    utf16.decode(bytes.get(2..).unwrap_or_default());
    utf16.end();
    Some((utf16.into_text(), big_endian))
}

/// `text` as UTF-16 with its byte-order mark: how `jaque fix` writes back a UTF-16 file.
pub(in crate::pgn) fn utf16_bytes(text: &str, big_endian: bool) -> Vec<u8> {
    let mut out = Vec::with_capacity(2 + 2 * text.len());
    let units = std::iter::once(0xFEFF).chain(text.encode_utf16());
    for unit in units {
        out.extend_from_slice(&match big_endian {
            true => unit.to_be_bytes(),
            false => unit.to_le_bytes(),
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{Source, utf16_bytes, utf16_text};
    use std::io::{BufReader, Read};

    /// Everything a source gives, read through a reader of `chunk` bytes at a time.
    fn read_all(bytes: &[u8], chunk: usize) -> std::io::Result<Vec<u8>> {
        let mut source = Source::new(BufReader::with_capacity(chunk, bytes));
        let mut out = Vec::new();
        loop {
            let got = source.fill_buf()?;
            if got.is_empty() {
                return Ok(out);
            }
            let n = got.len().min(3);
            out.extend_from_slice(&got[..n]);
            source.consume(n);
        }
    }

    #[test]
    fn utf16_with_its_byte_order_mark_reads_as_utf8_whatever_the_chunks() {
        let text = "[Event \"Café 𝄞\"]\r\n1. e4 ♘f6 *\n";
        for big_endian in [false, true] {
            let bytes = utf16_bytes(text, big_endian);
            for chunk in [1, 2, 3, 5, 64] {
                assert_eq!(read_all(&bytes, chunk).unwrap(), text.as_bytes(), "{chunk}");
            }
            let (whole, endian) = utf16_text(&bytes).unwrap();
            assert_eq!((whole.as_slice(), endian), (text.as_bytes(), big_endian));
        }
    }

    #[test]
    fn broken_utf16_becomes_replacement_characters() {
        // A lone low surrogate, a high one before a letter, an odd last byte.
        let bytes = [0xFF, 0xFE, 0x00, 0xDC, 0x00, 0xD8, b'a', 0, b'b'];
        assert_eq!(
            String::from_utf8(read_all(&bytes, 4).unwrap()).unwrap(),
            "\u{FFFD}\u{FFFD}a\u{FFFD}"
        );
    }

    #[test]
    fn input_that_is_no_text_is_refused_with_the_reason() {
        let why = |bytes: &[u8]| read_all(bytes, 64).unwrap_err().to_string();
        assert!(why(&[0x28, 0xB5, 0x2F, 0xFD, 1, 2]).contains("zstd"));
        assert!(why(&[0x1F, 0x8B, 8, 0]).contains("gzip"));
        assert!(why(b"[Event \0\"x\"]").contains("NUL byte at byte 7"));
        // A stray NUL in text is a damaged byte, not binary data.
        let damaged = [&b"[Event \"x\"]\n\n1. e4 \0e5 *\n"[..], &[b' '; 100]].concat();
        assert_eq!(read_all(&damaged, 64).unwrap(), damaged);
        let no_mark: Vec<u8> = "[Event".encode_utf16().flat_map(u16::to_le_bytes).collect();
        assert!(why(&no_mark).contains("UTF-16 without a byte-order mark"));
        // Text of every kind is read: Latin-1, UTF-8 with its mark, nothing at all.
        for text in [&b"caf\xe9"[..], b"\xEF\xBB\xBF[Event", b""] {
            let mut read = Vec::new();
            BufReader::new(text).read_to_end(&mut read).unwrap();
            assert_eq!(read_all(text, 2).unwrap(), read);
        }
    }
}
