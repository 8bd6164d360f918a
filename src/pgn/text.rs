//! What is not text: the one test, for an input and for each of its games, so that a game is
//! judged the same wherever it stands (in a file, alone in an editor, formatted and read
//! again, in Python or on the page).
//!
//! Bytes are not text when they hold a NUL byte, or start as compressed data does (zstd,
//! gzip): no PGN writer writes either. A game that is not text is one error of its own and
//! is read no further. An input is refused whole, once, when its first bytes are not text
//! and are data rather than text with a damaged byte: compressed, or NUL bytes among many
//! control bytes (binary data, UTF-16 without its byte-order mark). A stray NUL in text
//! makes an error of the game that holds it, and the other games are read.
//!
//! ```
//! use jaque::pgn::text;
//! assert!(text::judge(b"1. e4 {caf\xe9} e5 *").is_ok());
//! assert_eq!(text::judge(b"1. e4 {a\0b} e5 *").unwrap_err().at(), 8);
//! // One NUL in text is a damaged byte: the input is read, that game is an error.
//! assert!(text::refused(b"[Event \"x\"]\n\n1. e4 {a\0b} e5 *\n\n\n").is_none());
//! assert!(text::refused(b"\x7fELF\x02\x01\x01\0\0\0\0\0").is_some());
//! ```

use std::fmt;

/// How much of an input's start is looked at to refuse it whole.
pub const SNIFF: usize = 8 << 10;

/// A compressed format, told by its first bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Compression {
    /// Zstandard frames.
    Zstd,
    /// gzip members.
    Gzip,
}

impl Compression {
    /// The bytes that tell the formats apart: a zstd frame's magic number is the longest.
    pub const MAGIC: usize = 4;

    /// The format of bytes that start with `start`, if they are compressed.
    pub fn of(start: &[u8]) -> Option<Compression> {
        match start {
            // A zstd frame, or a skippable frame (its magic numbers differ in their lowest
            // bits only), which zstd reads past.
            [0x28, 0xb5, 0x2f, 0xfd, ..] => Some(Compression::Zstd),
            [first, 0x2a, 0x4d, 0x18, ..] if first & 0xf0 == 0x50 => Some(Compression::Zstd),
            [0x1f, 0x8b, ..] => Some(Compression::Gzip),
            _ => None,
        }
    }
}

/// Why some bytes are not text: where, and what they look like.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotText {
    at: usize,
    kind: Kind,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Compressed(Compression),
    Nul,
    /// NUL bytes every other byte at the start: UTF-16 without its byte-order mark.
    Utf16,
}

impl NotText {
    /// The offset of the first byte that is not text (0 for compressed data).
    pub fn at(&self) -> usize {
        self.at
    }

    /// What the game's error says, at [`NotText::at`].
    pub fn message(&self) -> &'static str {
        match self.kind {
            Kind::Compressed(_) => "the game is compressed data, not text",
            Kind::Nul | Kind::Utf16 => "the game is not text: it holds a NUL byte",
        }
    }
}

impl fmt::Display for NotText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind {
            Kind::Compressed(Compression::Zstd) => {
                f.write_str("the input is zstd-compressed data, not PGN text")
            }
            Kind::Compressed(Compression::Gzip) => {
                f.write_str("the input is gzip-compressed data, not PGN text")
            }
            Kind::Nul => write!(f, "the input is not text: a NUL byte at byte {}", self.at),
            Kind::Utf16 => write!(
                f,
                "the input is not text: a NUL byte at byte {} (UTF-16 without a byte-order \
                 mark? save it as UTF-8, or with its byte-order mark)",
                self.at
            ),
        }
    }
}

impl std::error::Error for NotText {}

/// Whether `bytes` (a game, or an input's start) are text: the first sign they are not.
pub fn judge(bytes: &[u8]) -> Result<(), NotText> {
    if let Some(compression) = Compression::of(bytes) {
        let kind = Kind::Compressed(compression);
        return Err(NotText { at: 0, kind });
    }
    // Most games have no NUL: a test of 32 bytes at a time says so.
    if !has_nul(bytes) {
        return Ok(());
    }
    let at = bytes.iter().position(|&b| b == 0).unwrap_or(0);
    let halves = |first: usize| {
        bytes
            .iter()
            .skip(first)
            .step_by(2)
            .take(64)
            .all(|&b| b == 0)
    };
    let kind = match bytes.len() >= 4 && (halves(0) || halves(1)) {
        true => Kind::Utf16,
        false => Kind::Nul,
    };
    Err(NotText { at, kind })
}

/// Whether `bytes` hold a NUL byte: four words at a time, each tested with the borrow trick
/// (`(w - 0x01…) & !w & 0x80…` is nonzero exactly when a byte of `w` is zero). The standard
/// library's `contains` searches two words an iteration; every game of a file pays for this.
fn has_nul(bytes: &[u8]) -> bool {
    const LOW: u64 = u64::from_ne_bytes([0x01; 8]);
    const HIGH: u64 = u64::from_ne_bytes([0x80; 8]);
    let zero_in = |word: u64| word.wrapping_sub(LOW) & !word & HIGH;
    let mut blocks = bytes.chunks_exact(32);
    let mut found = 0;
    for block in &mut blocks {
        let mut words = [0u64; 4];
        for (word, eight) in words.iter_mut().zip(block.chunks_exact(8)) {
            let mut b = [0; 8];
            b.copy_from_slice(eight);
            *word = u64::from_ne_bytes(b);
        }
        found |= zero_in(words[0]) | zero_in(words[1]) | zero_in(words[2]) | zero_in(words[3]);
        if found != 0 {
            return true;
        }
    }
    blocks.remainder().contains(&0)
}

/// Why an input whose first bytes are `head` is refused whole, if it is: its first
/// [`SNIFF`] bytes are not text, and are data (compressed, or NUL bytes among many control
/// bytes) rather than text with a damaged byte.
pub fn refused(head: &[u8]) -> Option<NotText> {
    let head = head.get(..SNIFF).unwrap_or(head);
    let why = judge(head).err()?;
    if why.kind != Kind::Nul {
        return Some(why);
    }
    let controls = head
        .iter()
        .filter(|&&b| (b < 0x20 && !b.is_ascii_whitespace()) || b == 0x7F)
        .count();
    (controls * 20 >= head.len()).then_some(why)
}

#[cfg(test)]
mod tests {
    use super::{Compression, has_nul, judge, refused};

    /// The word-wise test finds a NUL wherever it stands, among every byte value around it
    /// (those that could borrow: 0x01, 0x80, 0xff), and finds none where there is none.
    #[test]
    fn a_nul_is_found_at_every_place_among_any_bytes() {
        for len in 0..100 {
            for fill in [0x01, 0x7f, 0x80, 0x81, 0xff, b'e'] {
                let mut bytes = vec![fill; len];
                assert!(!has_nul(&bytes), "{len} of {fill:#x}");
                for at in 0..len {
                    bytes[at] = 0;
                    assert!(has_nul(&bytes), "{len} of {fill:#x}, NUL at {at}");
                    bytes[at] = fill;
                }
            }
        }
    }

    #[test]
    fn compressed_data_is_told_by_its_magic_number() {
        let of = Compression::of;
        assert_eq!(of(&[0x28, 0xb5, 0x2f, 0xfd, 0x24]), Some(Compression::Zstd));
        assert_eq!(of(&[0x50, 0x2a, 0x4d, 0x18]), Some(Compression::Zstd));
        assert_eq!(of(&[0x1f, 0x8b]), Some(Compression::Gzip));
        assert_eq!(of(&[0x28, 0xb5, 0x2f]), None);
        assert!(
            refused(&[0x1F, 0x8B, 8, 0])
                .unwrap()
                .to_string()
                .contains("gzip")
        );
    }

    /// An input refused whole is one whose first game is not text either: the input's
    /// verdict never differs from its game's.
    #[test]
    fn an_input_refused_whole_is_not_text_as_a_game() {
        let inputs: [&[u8]; 4] = [
            b"[Event \0\"x\"]",
            &[0x28, 0xB5, 0x2F, 0xFD, 1, 2],
            b"[\0E\0v\0e\0n\0t\0",
            b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR",
        ];
        for input in inputs {
            assert_eq!(refused(input), judge(input).err(), "{input:?}");
            assert!(refused(input).is_some());
        }
        let why = refused(b"[\0E\0v\0e\0n\0t\0").unwrap().to_string();
        assert!(why.contains("UTF-16 without a byte-order mark"), "{why}");
        assert!(
            refused(b"[Event \0\"x\"]")
                .unwrap()
                .to_string()
                .contains("byte 7")
        );
    }

    /// Text of every kind is text: Latin-1, UTF-8 with its mark, control bytes but NUL,
    /// nothing at all.
    #[test]
    fn text_of_every_kind_is_text() {
        for text in [&b"caf\xe9"[..], b"\xEF\xBB\xBF[Event", b"\x01\x1a\x7f", b""] {
            assert_eq!(judge(text), Ok(()));
            assert_eq!(refused(text), None);
        }
    }
}
