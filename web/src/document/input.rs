//! A file's bytes read into a document's text a game at a time, as its first check cuts
//! them: each game decoded as `jaque check` decodes it (UTF-8, or Latin-1 where it is not:
//! [`decode`]), each line ended by a line feed, as the editor ends lines. One pass over the
//! bytes cuts, decodes and checks.

use std::io::Cursor;
use std::rc::Rc;

use jaque::pgn::syntax::decode;
use jaque::pgn::{RawGame, Splitter};

use crate::findings::utf16_len;

/// The bytes, and how far they are read into the text.
pub(super) struct Input {
    splitter: Splitter<Cursor<Rc<[u8]>>>,
    bytes: Rc<[u8]>,
    /// The bytes before this one are in the text.
    read: usize,
    /// The text ends with a CR made a line feed: a line feed next is its pair.
    cr: bool,
    /// The UTF-16 units of the text's first `counted` bytes.
    counted: usize,
    units: usize,
    /// Why the splitter refused the bytes (no text at all: binary, compressed), once it has.
    pub(super) refused: Option<String>,
}

impl Input {
    pub(super) fn new(bytes: Vec<u8>) -> Input {
        let bytes: Rc<[u8]> = bytes.into();
        Input {
            splitter: Splitter::new(Cursor::new(Rc::clone(&bytes))),
            bytes,
            read: 0,
            cr: false,
            counted: 0,
            units: 0,
            refused: None,
        }
    }

    /// The bytes' length (the text's, near enough, for progress).
    pub(super) fn len(&self) -> usize {
        self.bytes.len()
    }

    /// The next game, read into `text` with what lies before it: the game as the text has
    /// it (its offset and bytes the text's) and the UTF-16 units before it. `None` at the
    /// end, the rest of the bytes read (and `refused` said where the splitter refused them).
    pub(super) fn next(&mut self, text: &mut String) -> Option<(RawGame, usize)> {
        let mut game = match self.splitter.next() {
            Some(Ok(game)) => game,
            end => {
                self.refused = end.and_then(|refused| refused.err()).map(|e| e.to_string());
                let rest = self.bytes.get(self.read..).unwrap_or_default();
                push_text(text, rest, &mut self.cr);
                return None;
            }
        };
        let start = usize::try_from(game.offset).unwrap_or(usize::MAX);
        let gap = self.bytes.get(self.read..start).unwrap_or_default();
        push_text(text, gap, &mut self.cr);
        let offset = text.len();
        push_text(text, &game.bytes, &mut self.cr);
        self.read = start.saturating_add(game.bytes.len());
        game.bytes.clear();
        game.bytes
            .extend_from_slice(text.as_bytes().get(offset..).unwrap_or_default());
        game.offset = offset as u64;
        self.units += utf16_len(
            text.as_bytes()
                .get(self.counted..offset)
                .unwrap_or_default(),
        );
        self.counted = offset;
        Some((game, self.units))
    }

    /// Gives a game's buffer back to the splitter.
    pub(super) fn recycle(&mut self, game: RawGame) {
        self.splitter.recycle(game);
    }
}

/// Appends `bytes` to `text`, decoded, each CRLF and each CR alone a line feed. `cr`: the
/// text ends with a CR made a line feed, whose line feed may start `bytes`.
fn push_text(text: &mut String, bytes: &[u8], cr: &mut bool) {
    if bytes.is_empty() {
        return;
    }
    let decoded = decode(bytes).0;
    let mut rest: &str = &decoded;
    if std::mem::take(cr) {
        rest = rest.strip_prefix('\n').unwrap_or(rest);
    }
    while let Some(at) = rest.find('\r') {
        text.push_str(rest.get(..at).unwrap_or_default());
        text.push('\n');
        rest = rest.get(at + 1..).unwrap_or_default();
        match rest.strip_prefix('\n') {
            Some(after) => rest = after,
            None => *cr = rest.is_empty(),
        }
    }
    text.push_str(rest);
}
