//! Cutting a document's text into games, whole or from one game on, keeping the old games
//! from where the new cuts meet them.

use super::{Document, Game, Shape};
use crate::pgn::{RawGame, Splitter, line_starts};
use crate::utf16::utf16_len;

/// A game of no bytes, a buffer to fill.
pub(super) fn empty_game() -> RawGame {
    RawGame {
        index: 0,
        offset: 0,
        line: 1,
        bytes: Vec::new(),
        skipped: 0,
    }
}

impl Shape {
    /// The shape of a game's bytes in the text.
    fn of(bytes: &[u8], skipped: usize) -> Shape {
        let (mut newlines, mut last_line) = (0, None);
        for start in line_starts(bytes) {
            newlines += 1;
            last_line = Some(start);
        }
        Shape {
            len: bytes.len(),
            newlines,
            last_line,
            units: utf16_len(bytes),
            skipped,
        }
    }
}

impl Document {
    /// Cuts the whole text into games, keeping those of `tail` where a game starts as one of
    /// them does (and the rest of `tail` after it); says why where the splitter refuses it.
    pub(super) fn cut_from_top(&mut self, tail: Vec<Game>) {
        self.refused = None;
        if let Err(refused) = self.cut_or_refuse(0, None, tail) {
            self.refused = Some(refused);
        }
    }

    /// Cuts the text into games from where `head` starts on, as [`Document::cut_from_top`]
    /// does, keeping `head` where it is cut as it was (an edit after it left its bytes as
    /// they were); false where the splitter refused the bytes from there.
    pub(super) fn cut(&mut self, head: Game, tail: Vec<Game>) -> bool {
        self.cut_or_refuse(head.offset, Some(head), tail).is_ok()
    }

    fn cut_or_refuse(
        &mut self,
        start: usize,
        mut head: Option<Game>,
        mut tail: Vec<Game>,
    ) -> Result<(), String> {
        let text = self.text.as_bytes();
        let mut splitter = Splitter::new(text.get(start..).unwrap_or_default());
        let mut next = 0;
        while let Some(raw) = splitter.next() {
            let raw = raw.map_err(|refused| refused.to_string())?;
            let offset = usize::try_from(raw.offset).map_or(usize::MAX, |o| start + o);
            while tail.get(next).is_some_and(|g| g.offset < offset) {
                next += 1;
            }
            if tail.get(next).is_some_and(|g| g.offset == offset) {
                self.games.extend(tail.drain(next..));
                return Ok(());
            }
            let skipped = usize::try_from(raw.skipped).unwrap_or(usize::MAX);
            let end = offset
                .saturating_add(raw.bytes.len())
                .saturating_add(skipped);
            let bytes = text.get(offset..end.min(text.len())).unwrap_or_default();
            let shape = Shape::of(bytes, skipped);
            let same = |g: &Game| g.offset == offset && g.shape == shape;
            let checked = head.take_if(|g| same(g)).and_then(|g| g.checked);
            self.games.push(Game {
                offset,
                shape,
                checked,
            });
            splitter.recycle(raw);
        }
        Ok(())
    }
}
