//! The editor's text as the page's worker holds it: cut into games, changed by the editor's
//! edits (the text is never sent whole again), each game checked once and again only when
//! an edit touches it, and the places the page's questions need ([`questions`]). The page
//! counts places as JavaScript strings do, in UTF-16 code units; the library in bytes of
//! UTF-8.

use jaque::json::{Array, Object};
use jaque::lint::Lints;
use jaque::pgn::{Checker, Options, RawGame, Splitter, decode_text};

use crate::findings::{Findings, utf16_len};
use input::Input;

/// A text, where its games are, and what checking them found so far.
pub struct Document {
    text: String,
    games: Vec<Place>,
    /// The bytes after the last game cut, until the first check has read them all: that
    /// check reads, cuts and checks in one pass.
    uncut: Option<Input>,
    /// Edits came since the text was last cut: the places are moved, not cut again.
    uncut_games: bool,
    /// Why the text could not be cut into games (it is no text: binary, compressed).
    refused: Option<String>,
    checker: Checker,
    lints: Lints,
}

/// Where a game is: its first byte, that byte's UTF-16 offset, its line, the bytes kept (and
/// skipped past the splitter's limit), its index; and its findings once checked.
struct Place {
    offset: usize,
    units: usize,
    line: usize,
    len: usize,
    skipped: u64,
    index: usize,
    findings: Option<Findings>,
}

impl Document {
    /// `text`, cut into games (checked by [`Document::check`]), at the default lint levels.
    ///
    /// ```
    /// let mut document = jaque_web::document::Document::new("1. e4 e5 2. Nf3 *".into());
    /// let hover = String::from_utf8(document.hover(12)).unwrap();
    /// assert!(hover.contains(r#""san":"Nf3","uci":"g1f3""#));
    /// ```
    pub fn new(text: String) -> Document {
        Document::read(text.into_bytes())
    }

    /// A document of a file's `bytes`, read as `jaque check` reads each game of it (UTF-8,
    /// Latin-1 where a game is not, UTF-16 by its byte-order mark), each line ended by a
    /// line feed as in the editor, which keeps lines, not their ends.
    ///
    /// ```
    /// let mut document = jaque_web::document::Document::from_bytes(b"{Caf\xe9}\r\n1. e4 *\r\n");
    /// assert_eq!(document.text(), "{Café}\n1. e4 *\n");
    /// ```
    pub fn from_bytes(bytes: &[u8]) -> Document {
        let bytes = bytes.strip_prefix(b"\xef\xbb\xbf").unwrap_or(bytes);
        match bytes.get(..2) {
            Some(b"\xff\xfe" | b"\xfe\xff") => {
                Document::read(decode_text(bytes).into_owned().into_bytes())
            }
            _ => Document::read(bytes.to_vec()),
        }
    }

    /// A document whose first check reads `bytes` ([`Input`]).
    fn read(bytes: Vec<u8>) -> Document {
        let lints = Lints::default();
        Document {
            text: String::with_capacity(bytes.len()),
            games: Vec::new(),
            uncut: Some(Input::new(bytes)),
            uncut_games: false,
            refused: None,
            checker: Checker::new(Options::default()).allowing(&lints),
            lints,
        }
    }

    /// Replaces the UTF-16 units `from..to` by `insert`, as the editor's change did; the
    /// games whose bytes it left as they were keep what checking them found.
    ///
    /// ```
    /// let mut document = jaque_web::document::Document::new("1. e4 *".into());
    /// document.edit(3, 5, "d4");
    /// let hover = String::from_utf8(document.hover(3)).unwrap();
    /// assert!(hover.contains(r#""san":"d4","uci":"d2d4""#));
    /// ```
    pub fn edit(&mut self, from: usize, to: usize, insert: &str) {
        self.cut_all();
        let start = self.byte_offset(from);
        let end = self.byte_offset(to).max(start);
        let Some(removed) = self.text.get(start..end) else {
            return;
        };
        let (bytes, units) = (insert.len(), utf16_len(insert.as_bytes()));
        let lines = insert.matches('\n').count();
        let (gone_units, gone_lines) =
            (utf16_len(removed.as_bytes()), removed.matches('\n').count());
        // The games after the edit move with their bytes; those it touched are checked
        // again; those it cut into at their start are no place to count from any more.
        self.games.retain(|p| p.offset < start || p.offset >= end);
        for place in &mut self.games {
            if place.offset >= end {
                place.offset = place.offset + bytes - (end - start);
                place.units = place.units + units - gone_units;
                place.line = place.line + lines - gone_lines;
            } else if place.offset as u64 + place.len as u64 + place.skipped >= start as u64 {
                place.findings = None;
            }
        }
        self.text.replace_range(start..end, insert);
        self.uncut_games = true;
    }

    /// The text cut again after edits (once for all since the last cut), and the first
    /// check's cutting finished: what a check or a question starts from.
    fn settle(&mut self) {
        self.cut_all();
        if std::mem::take(&mut self.uncut_games) {
            let old = std::mem::take(&mut self.games);
            self.cut(old);
        }
    }

    /// The next game of the bytes not yet read, its place added (not checked); `None`
    /// once all are read.
    fn cut_next(&mut self) -> Option<RawGame> {
        let input = self.uncut.as_mut()?;
        let Some((game, units)) = input.next(&mut self.text) else {
            self.refused = input.refused.take();
            self.uncut = None;
            return None;
        };
        self.games.push(Place {
            offset: usize::try_from(game.offset).unwrap_or(usize::MAX),
            units,
            line: game.line,
            len: game.bytes.len(),
            skipped: game.skipped,
            index: game.index,
            findings: None,
        });
        Some(game)
    }

    /// Gives a game's buffer back to the first check's splitter.
    fn recycle(&mut self, game: RawGame) {
        if let Some(input) = &mut self.uncut {
            input.recycle(game);
        }
    }

    /// Cuts the rest of the text, not checking it: an edit or a question needs every
    /// game's place.
    fn cut_all(&mut self) {
        while let Some(game) = self.cut_next() {
            self.recycle(game);
        }
    }

    /// Cuts the text into games. A game keeps the findings of the `old` one (moved by the
    /// edits since) with its place and length: no edit touched its bytes (an edit that did
    /// dropped its findings), so they are the game's bytes.
    fn cut(&mut self, old: Vec<Place>) {
        let mut old = old.into_iter().peekable();
        let (mut counted_to, mut units) = (0, 0);
        let mut splitter = Splitter::new(self.text.as_bytes());
        self.refused = None;
        loop {
            let game = match splitter.next() {
                Some(Ok(game)) => game,
                Some(Err(refused)) => {
                    self.refused = Some(refused.to_string());
                    break;
                }
                None => break,
            };
            let Ok(offset) = usize::try_from(game.offset) else {
                break;
            };
            units += utf16_len(
                self.text
                    .as_bytes()
                    .get(counted_to..offset)
                    .unwrap_or_default(),
            );
            counted_to = offset;
            let len = game.bytes.len();
            while old.next_if(|p| p.offset < offset).is_some() {}
            let findings = old
                .next_if(|p| p.offset == offset && p.len == len && p.skipped == game.skipped)
                .and_then(|p| p.findings);
            self.games.push(Place {
                offset,
                units,
                line: game.line,
                len,
                skipped: game.skipped,
                index: game.index,
                findings,
            });
            splitter.recycle(game);
        }
    }

    /// Checks the games not yet checked, until `budget` more bytes are (one game at least):
    /// `{"progress": {"read", "total", "done"}, "summary": {"games", "moves", "errors",
    /// "warnings"}}` of the games checked so far (read: their bytes; total: the text's), and
    /// `"error"` where the text is no text (binary, compressed) and has no games. Once
    /// all are, [`Document::diagnostics`] tells what they found.
    ///
    /// ```
    /// let mut document = jaque_web::document::Document::new("1. e4 *\n\n1. Ke2 *\n".into());
    /// let answer = String::from_utf8(document.check(1 << 20)).unwrap();
    /// assert!(answer.ends_with(r#""summary":{"games":2,"moves":1,"errors":1,"warnings":0}}"#));
    /// // The king's move, bytes 12 to 15 on line 3: e2 holds a pawn.
    /// let diagnostics = String::from_utf8(document.diagnostics()).unwrap();
    /// assert!(diagnostics.starts_with(r#"[{"from":12,"to":15,"line":3,"column":4,"#));
    /// ```
    pub fn check(&mut self, budget: usize) -> Vec<u8> {
        self.settle();
        let mut spent = self.check_edited(budget);
        while spent < budget {
            let Some(game) = self.cut_next() else {
                break;
            };
            let findings = Findings::check(&mut self.checker, &self.lints, &game);
            if let Some(place) = self.games.last_mut() {
                place.findings = Some(findings);
            }
            spent += game.bytes.len().max(1);
            self.recycle(game);
        }
        self.progress()
    }

    /// Checks the games cut but not checked (those an edit touched), until `budget` bytes
    /// are: the bytes checked.
    fn check_edited(&mut self, budget: usize) -> usize {
        let Document {
            text,
            games,
            checker,
            lints,
            ..
        } = self;
        let mut spent = 0;
        // One game's bytes at a time, in one buffer.
        let mut game = RawGame {
            index: 0,
            offset: 0,
            line: 0,
            bytes: Vec::new(),
            skipped: 0,
        };
        for place in games.iter_mut().filter(|p| p.findings.is_none()) {
            if spent >= budget {
                break;
            }
            let findings = match place.raw_into(text, &mut game) {
                true => Findings::check(checker, lints, &game),
                false => Findings::default(),
            };
            place.findings = Some(findings);
            spent += place.len.max(1);
        }
        spent
    }

    /// The answer of [`Document::check`].
    fn progress(&self) -> Vec<u8> {
        let (mut read, mut summary) = (0, Findings::default());
        let mut checked = 0;
        for place in &self.games {
            if let Some(findings) = &place.findings {
                read += place.len;
                checked += 1;
                summary.plies += findings.plies;
                summary.errors += findings.errors;
                summary.warnings += findings.warnings;
            }
        }
        let mut out = Vec::new();
        let mut object = Object::open(&mut out);
        let mut progress = Object::open(object.key("progress"));
        let done = self.uncut.is_none() && checked == self.games.len();
        let total = self.uncut.as_ref().map_or(self.text.len(), Input::len);
        progress.field("read", if done { total } else { read });
        progress.field("total", total);
        progress.field("done", done);
        progress.close();
        let mut counts = Object::open(object.key("summary"));
        counts.field("games", checked);
        counts.field("moves", summary.plies);
        counts.field("errors", summary.errors);
        counts.field("warnings", summary.warnings);
        counts.close();
        if let Some(refused) = &self.refused {
            object.field("error", refused);
        }
        object.close();
        out
    }

    /// The diagnostics of the games checked, in the text's order, as a JSON array of
    /// [`Findings::write`]'s objects.
    pub fn diagnostics(&mut self) -> Vec<u8> {
        self.settle();
        let mut out = Vec::new();
        let mut diagnostics = Array::open(&mut out);
        for place in &self.games {
            if let Some(findings) = &place.findings {
                findings.write(&mut diagnostics, place.units, place.line);
            }
        }
        diagnostics.close();
        out
    }

    /// The text, as read and as the edits have made it.
    pub fn text(&mut self) -> &str {
        self.cut_all();
        &self.text
    }

    /// The game that starts last at or before `select(place)` = `at`.
    fn place(&self, at: usize, select: fn(&Place) -> usize) -> Option<&Place> {
        let after = self.games.partition_point(|place| select(place) <= at);
        after.checked_sub(1).and_then(|i| self.games.get(i))
    }

    /// The byte at UTF-16 offset `units` (the text's end past it; a character's start).
    fn byte_offset(&self, units: usize) -> usize {
        let (start, mut counted) = self
            .place(units, |p| p.units)
            .map_or((0, 0), |p| (p.offset, p.units));
        let rest = self.text.get(start..).unwrap_or_default();
        for (at, c) in rest.char_indices() {
            if counted >= units {
                return start + at;
            }
            counted += c.len_utf16();
        }
        self.text.len()
    }

    /// The UTF-16 offset of byte `at` (of the character it is in).
    fn utf16_offset(&self, at: usize) -> usize {
        let (start, units) = self
            .place(at, |p| p.offset)
            .map_or((0, 0), |p| (p.offset, p.units));
        let rest = self.text.get(start..).unwrap_or_default();
        let within: usize = (rest.char_indices())
            .take_while(|&(i, c)| start + i + c.len_utf8() <= at)
            .map(|(_, c)| c.len_utf16())
            .sum();
        units + within
    }
}

impl Place {
    /// The game's bytes in `text`, as the splitter cut them.
    fn raw(&self, text: &str) -> Option<RawGame> {
        let mut game = RawGame {
            index: 0,
            offset: 0,
            line: 0,
            bytes: Vec::with_capacity(self.len),
            skipped: 0,
        };
        self.raw_into(text, &mut game).then_some(game)
    }

    /// [`Place::raw`] into `game`, whose buffer is reused; false where `text` lacks it.
    fn raw_into(&self, text: &str, game: &mut RawGame) -> bool {
        let Some(bytes) = text.as_bytes().get(self.offset..self.offset + self.len) else {
            return false;
        };
        game.bytes.clear();
        game.bytes.extend_from_slice(bytes);
        game.index = self.index;
        game.offset = self.offset as u64;
        game.line = self.line;
        game.skipped = self.skipped;
        true
    }
}

mod input;
mod questions;
#[cfg(test)]
mod tests;
