//! How a file's text is written back by `jaque fmt` (and `jaque fix`): each game in the
//! encoding it was read in (UTF-8, or Latin-1 where it is not UTF-8), a UTF-16 file as
//! UTF-16 and a byte-order mark kept; every line ended as the file's first line is, so that
//! a game left as it was and the games rewritten around it never mix line ends. Or all of
//! it converted, as the flags `--line-ending` and `--encoding` ask.

use std::borrow::Cow;

use super::split::{utf16_bytes, utf16_text};
use super::syntax::decode;

/// The line ends written (`--line-ending`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum LineEnding {
    /// As the file's first line ends (a line feed where it has none).
    #[default]
    Auto,
    /// A line feed.
    Lf,
    /// A carriage return and a line feed.
    CrLf,
}

/// The encoding written (`--encoding`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Encoding {
    /// Each game as it was read: UTF-8 or Latin-1; UTF-16 and a byte-order mark kept.
    #[default]
    Auto,
    /// All of it UTF-8, without a byte-order mark.
    Utf8,
}

/// How one file is written back: its line end, whether its games keep their encodings, and
/// the envelope of the whole (UTF-16, a UTF-8 byte-order mark).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    line_end: &'static str,
    keep_encoding: bool,
    /// Big endian or not, for a UTF-16 file written back as UTF-16.
    utf16: Option<bool>,
    bom: bool,
}

const BOM: &[u8] = b"\xEF\xBB\xBF";

impl Layout {
    /// The layout of a file whose text (decompressed) is `bytes`, or whose first game is
    /// (a stream is written as its first game says), and its text as UTF-8 where it is
    /// UTF-16 (the games are cut from that).
    pub fn of(
        bytes: &[u8],
        line_ending: LineEnding,
        encoding: Encoding,
    ) -> (Layout, Cow<'_, [u8]>) {
        let keep_encoding = encoding == Encoding::Auto;
        let (text, utf16) = match utf16_text(bytes) {
            Some((text, big_endian)) => (Cow::Owned(text), Some(big_endian)),
            None => (Cow::Borrowed(bytes), None),
        };
        let line_end = match line_ending {
            LineEnding::Auto => first_line_end(&text),
            LineEnding::Lf => "\n",
            LineEnding::CrLf => "\r\n",
        };
        let layout = Layout {
            line_end,
            keep_encoding,
            utf16: utf16.filter(|_| keep_encoding),
            bom: keep_encoding && utf16.is_none() && bytes.starts_with(BOM),
        };
        (layout, text)
    }

    /// Appends `text` (UTF-8, lines ended by line feeds or as read) to `out` with this
    /// layout's line ends, in Latin-1 where `latin1` (the game was read so) and the encoding
    /// is kept. `None` where a character has no Latin-1 byte (nothing is appended then).
    pub fn write(&self, out: &mut Vec<u8>, text: &str, latin1: bool) -> Option<()> {
        let lines = with_line_ends(text, self.line_end);
        match latin1 && self.keep_encoding {
            true => out.extend(latin1_bytes(&lines)?),
            false => out.extend_from_slice(lines.as_bytes()),
        }
        Some(())
    }

    /// A game's bytes as read, written with this layout: only its line ends (and its
    /// encoding, when converted) change.
    pub fn write_as_read(&self, out: &mut Vec<u8>, bytes: &[u8]) {
        let (text, latin1) = decode(bytes);
        // A game read as Latin-1 has a byte for each of its characters.
        let _ = self.write(out, &text, latin1);
    }

    /// The line end this layout writes.
    pub fn line_end(&self) -> &'static str {
        self.line_end
    }

    /// `text`, the file's games written with [`Layout::write`], in the file's envelope: UTF-16
    /// with its byte-order mark, or after a UTF-8 one, where the file was so.
    pub fn close(&self, text: Vec<u8>) -> Vec<u8> {
        match (self.utf16, self.bom) {
            (Some(big_endian), _) => utf16_bytes(&String::from_utf8_lossy(&text), big_endian),
            (None, true) => [BOM, &text].concat(),
            (None, false) => text,
        }
    }
}

/// The first line end of `bytes`: a carriage return and line feed, a carriage return
/// alone, or a line feed (also where there is none).
fn first_line_end(bytes: &[u8]) -> &'static str {
    match bytes.iter().position(|&b| b == b'\n' || b == b'\r') {
        Some(at) if bytes.get(at) == Some(&b'\r') => match bytes.get(at + 1) {
            Some(b'\n') => "\r\n",
            _ => "\r",
        },
        _ => "\n",
    }
}

/// `text` with every line end (a line feed, a carriage return and line feed, a carriage
/// return alone) written as `line_end`.
fn with_line_ends<'t>(text: &'t str, line_end: &str) -> Cow<'t, str> {
    let ends = text.bytes().filter(|&b| b == b'\n' || b == b'\r');
    let kept = match line_end {
        "\n" => !text.contains('\r'),
        "\r" => !text.contains('\n'),
        _ => ends.count() == 2 * text.matches("\r\n").count(),
    };
    if kept {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + text.len() / 32);
    let mut rest = text;
    while let Some(at) = rest.find(['\n', '\r']) {
        out.push_str(rest.get(..at).unwrap_or_default());
        out.push_str(line_end);
        let end = if rest.get(at..at + 2) == Some("\r\n") {
            2
        } else {
            1
        };
        rest = rest.get(at + end..).unwrap_or_default();
    }
    out.push_str(rest);
    Cow::Owned(out)
}

/// `text` in Latin-1, a byte a character; `None` where a character is beyond it.
pub(crate) fn latin1_bytes(text: &str) -> Option<Vec<u8>> {
    text.chars()
        .map(|c| u8::try_from(u32::from(c)).ok())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_line_end_is_written_as_asked() {
        for (text, lf, crlf) in [
            ("a\nb\n", "a\nb\n", "a\r\nb\r\n"),
            ("a\r\nb\r\n", "a\nb\n", "a\r\nb\r\n"),
            ("a\rb\r\nc\n\r", "a\nb\nc\n\n", "a\r\nb\r\nc\r\n\r\n"),
            ("a\r\r\nb", "a\n\nb", "a\r\n\r\nb"),
            ("none", "none", "none"),
        ] {
            assert_eq!(with_line_ends(text, "\n"), lf, "{text:?}");
            assert_eq!(with_line_ends(text, "\r\n"), crlf, "{text:?}");
        }
        assert_eq!(first_line_end(b"[a]\r\n"), "\r\n");
        assert_eq!(first_line_end(b"[a]\r[b]\n"), "\r");
        assert_eq!(first_line_end(b"[a] *"), "\n");
    }
}
