//! One editor core: what `jaque lsp` and the playground page both are underneath, as
//! rust-analyzer's `ide` crate is under its server. A [`Document`] holds an editor's text cut
//! into games; an edit re-cuts only around itself and keeps what checking the untouched games
//! found; the questions an editor asks (diagnostics, hover, the board at a place, completion,
//! go to definition, outline, folding, fix-all, formatting) are answered from the games kept.
//!
//! Everything here is in byte offsets of the text; [`Document::utf16_position`] and
//! [`Document::utf16_offset`] turn them into what editors count (LSP's lines and UTF-16
//! characters, JavaScript's UTF-16 offsets) and back. The faces only convert places and wire
//! formats ([`crate::json::diagnostic`] writes the diagnostics for both).
//!
//! ```
//! use jaque::ide::Document;
//! use jaque::lint::Lints;
//!
//! let mut document = Document::new("1. e4 e5 2. Ke3 *\n".into(), Lints::default());
//! document.check_all();
//! let diagnostics: Vec<_> = document.diagnostics().collect();
//! assert_eq!(diagnostics[0].diagnostic.diagnostic.code.as_str(), "illegal_move");
//! assert_eq!(diagnostics[0].span, 12..15);
//! document.edit(12..15, "Nf3");
//! document.check_all();
//! assert_eq!(document.diagnostics().count(), 0);
//! ```

mod cut;
mod input;
mod matching;
mod place;
mod query;
mod questions;
mod tags;
#[cfg(test)]
mod tests;

use std::borrow::Cow;
use std::ops::Range;
use std::sync::Arc;

use crate::lint::Lints;
use crate::pgn::syntax::TokenKind;
use crate::pgn::{Checker, GameReport, Options, RawGame};

pub use crate::utf16::utf16_len;
pub use matching::Match;
pub use place::{Placed, Start, Where};
pub use query::QueryDocument;
pub use questions::{
    Board, Completion, Fold, FoldKind, Hover, MoveHover, MoveInfo, Symbol, TagHover,
};

/// An editor's text, its games, and what checking them found.
#[derive(Clone, Debug)]
pub struct Document {
    text: String,
    lints: Lints,
    games: Vec<Game>,
    /// Why the text could not be cut into games (it is no text: binary, compressed).
    refused: Option<String>,
}

/// A game of a document: where it is, its shape, and once checked what checking found.
#[derive(Clone, Debug)]
pub struct Game {
    offset: usize,
    shape: Shape,
    checked: Option<Arc<Checked>>,
}

/// A game's length in the text (the bytes the splitter skipped past its limit included),
/// lines and UTF-16 units: what the places of the games after it are counted from without
/// reading it again.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Shape {
    len: usize,
    newlines: usize,
    /// Where its last line starts, when it has more than one.
    last_line: Option<usize>,
    units: usize,
    /// Bytes of `len` past the splitter's limit, not checked.
    skipped: usize,
}

/// A game checked at a document's lint levels, as if it began the text (its first line is
/// line 1, its first byte offset 0): so it stays true wherever edits before it move it. What
/// is kept is what the document's questions about all games need (the report, its
/// diagnostics placed, the folds); a question about one game checks that game again for its
/// moves, which costs less than keeping every game's (30 times the text's size).
#[derive(Debug)]
pub struct Checked {
    report: GameReport,
    /// Its diagnostics' and suggestions' places in the game: see [`Placed`].
    places: place::Places,
    /// What folds in it, relative to its start.
    folds: Vec<Fold>,
    /// Its movetext has a result: the blanks after it are not its.
    ended: bool,
}

impl Checked {
    /// Checks `raw` at `lints`' levels (`checker` may allow them: see [`Checker::allowing`]).
    pub fn new(checker: &mut Checker, raw: &RawGame, lints: &Lints) -> Checked {
        let mut report = checker.check(raw);
        report.apply(lints);
        let places = place::Places::of(&report);
        let text = std::str::from_utf8(&raw.bytes).unwrap_or_default();
        let tokens = match checker.tokens() {
            [] => Cow::Owned(crate::pgn::syntax::tokenize(text).0),
            tokens => Cow::Borrowed(tokens),
        };
        Checked {
            report,
            places,
            folds: questions::folds(text, &tokens),
            ended: (tokens.iter()).any(|t| matches!(t.kind, TokenKind::Result(_))),
        }
    }

    /// What checking the game found.
    pub fn report(&self) -> &GameReport {
        &self.report
    }
}

impl Game {
    /// Its first byte in the text.
    pub fn offset(&self) -> usize {
        self.offset
    }

    /// Its bytes in the text.
    pub fn span(&self) -> Range<usize> {
        self.offset..self.offset + self.shape.len
    }

    /// What checking it found, once it is checked.
    pub fn checked(&self) -> Option<&Arc<Checked>> {
        self.checked.as_ref()
    }

    /// What checking it found, once it is checked.
    pub fn report(&self) -> Option<&GameReport> {
        self.checked.as_deref().map(Checked::report)
    }
}

/// How far checking a document has come: what [`Document::progress`] tells.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Progress {
    /// Games checked.
    pub checked: usize,
    /// All games cut.
    pub games: usize,
    /// Bytes of the games checked (the whole text's once all are).
    pub read: usize,
    /// Bytes of the whole text.
    pub total: usize,
    /// Mainline half-moves played in the games checked.
    pub plies: usize,
    /// Diagnostics at error level, of the games checked.
    pub errors: usize,
    /// At warning level, the same.
    pub warnings: usize,
}

impl Progress {
    /// Every game is checked.
    pub fn done(&self) -> bool {
        self.checked == self.games
    }
}

impl Document {
    /// `text` as an editor holds it, cut into games, none checked yet ([`Document::check`]).
    pub fn new(text: String, lints: Lints) -> Document {
        let mut document = Document {
            text,
            lints,
            games: Vec::new(),
            refused: None,
        };
        document.cut_from_top(Vec::new());
        document
    }

    /// A document of a file's bytes, read as `jaque check` reads each game of it (UTF-8,
    /// Latin-1 where a game is not, UTF-16 by its byte-order mark), each line ended by a line
    /// feed, as editors keep lines, not their ends.
    ///
    /// ```
    /// use jaque::ide::Document;
    /// let document = Document::from_bytes(b"{Caf\xe9}\r\n1. e4 *\r\n", Default::default());
    /// assert_eq!(document.text(), "{Café}\n1. e4 *\n");
    /// ```
    pub fn from_bytes(bytes: &[u8], lints: Lints) -> Document {
        Document::new(input::text_of(bytes), lints)
    }

    /// The text, as read and as the edits have made it.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The lint levels the games are checked at.
    pub fn lints(&self) -> &Lints {
        &self.lints
    }

    /// The games, in the text's order.
    pub fn games(&self) -> &[Game] {
        &self.games
    }

    /// Why the text could not be cut into games (it is no text: binary, compressed).
    pub fn refused(&self) -> Option<&str> {
        self.refused.as_deref()
    }

    /// Replaces bytes `edit` of the text (clamped to it; nothing where it is not on
    /// character boundaries) by `replacement`, and cuts again only what the edit can change:
    /// from the game before the edit (whose start the edit cannot move) until a game starts
    /// where an old one after the edit did. From there the games are the old ones, moved:
    /// where a game ends depends only on its bytes, and those are unchanged, so what checking
    /// them found is kept. The games cut again are checked by the next [`Document::check`].
    pub fn edit(&mut self, edit: Range<usize>, replacement: &str) {
        let end = edit.end.min(self.text.len());
        let edit = edit.start.min(end)..end;
        if !self.text.is_char_boundary(edit.start) || !self.text.is_char_boundary(edit.end) {
            return;
        }
        self.text.replace_range(edit.clone(), replacement);
        let touched = self.games.partition_point(|g| g.span().end < edit.start);
        let from = touched.saturating_sub(1);
        let after = self.games.partition_point(|g| g.offset < edit.end);
        let mut tail = self.games.split_off(after.max(from));
        let head = self.games.get(from).cloned();
        self.games.truncate(from);
        let grown = replacement.len() as isize - edit.len() as isize;
        for game in &mut tail {
            game.offset = game.offset.saturating_add_signed(grown);
        }
        // Before the first game are bytes the splitter skipped, and a text it refused is
        // read again whole: those are cut from the top.
        match head {
            Some(head) if from > 0 && self.refused.is_none() => {
                if !self.cut(head, tail) {
                    self.games.clear();
                    self.cut_from_top(Vec::new());
                }
            }
            _ => {
                self.games.clear();
                self.cut_from_top(tail);
            }
        }
    }

    /// Sets the lint levels; the games are checked again at them.
    pub fn set_lints(&mut self, lints: Lints) {
        if lints != self.lints {
            self.lints = lints;
            self.games.iter_mut().for_each(|g| g.checked = None);
        }
    }

    /// Checks the games not yet checked, in the text's order, until about `budget` bytes
    /// are (one game at least): a large file's first check in steps, so that an editor
    /// stays responsive. What checking found so far is told by [`Document::progress`].
    pub fn check(&mut self, budget: usize) {
        let lints = self.lints;
        let mut checker = Checker::new(Options::default()).allowing(&lints);
        let mut spent = 0;
        let mut raw = cut::empty_game();
        for (index, game) in self.games.iter_mut().enumerate() {
            if spent >= budget {
                break;
            }
            if game.checked.is_some() {
                continue;
            }
            fill(&mut raw, &self.text, index, game);
            game.checked = Some(Arc::new(Checked::new(&mut checker, &raw, &lints)));
            spent += game.shape.len.max(1);
        }
    }

    /// Checks every game not yet checked.
    pub fn check_all(&mut self) {
        self.check(usize::MAX);
    }

    /// Checks the games not yet checked on rayon's threads; false, leaving them unchecked,
    /// when `cancel` is set meanwhile (a newer text overtook this one).
    #[cfg(feature = "io")]
    pub fn check_parallel(&mut self, cancel: &std::sync::atomic::AtomicBool) -> bool {
        use rayon::prelude::*;
        use std::sync::atomic::Ordering;
        let (text, lints) = (&self.text, self.lints);
        let checked = (self.games.par_iter().enumerate())
            .filter(|(_, game)| game.checked.is_none())
            .map_init(
                || {
                    (
                        Checker::new(Options::default()).allowing(&lints),
                        cut::empty_game(),
                    )
                },
                |(checker, raw), (index, game)| {
                    if cancel.load(Ordering::Relaxed) {
                        return None;
                    }
                    fill(raw, text, index, game);
                    Some((index, Arc::new(Checked::new(checker, raw, &lints))))
                },
            )
            .collect::<Option<Vec<_>>>();
        let Some(checked) = checked else {
            return false;
        };
        for (index, done) in checked {
            if let Some(game) = self.games.get_mut(index) {
                game.checked = Some(done);
            }
        }
        true
    }

    /// Keeps what checking `old`'s games found for the games of this text that are the same
    /// bytes, wherever they now are: a whole new text (a file opened again, a large paste)
    /// checks only its new games.
    pub fn keep_checked(&mut self, old: &Document) {
        if old.lints != self.lints {
            return;
        }
        let mut by_text: std::collections::HashMap<&str, Vec<&Arc<Checked>>> = Default::default();
        for game in old.games.iter().rev() {
            if let (Some(checked), Some(text)) = (&game.checked, old.text.get(game.span())) {
                by_text.entry(text).or_default().push(checked);
            }
        }
        for game in self.games.iter_mut().filter(|g| g.checked.is_none()) {
            let found = self.text.get(game.span()).and_then(|t| by_text.get_mut(t));
            game.checked = found.and_then(Vec::pop).cloned();
        }
    }

    /// How far checking has come, and what the games checked hold.
    pub fn progress(&self) -> Progress {
        let mut progress = Progress {
            games: self.games.len(),
            total: self.text.len(),
            ..Progress::default()
        };
        for game in &self.games {
            let Some(report) = game.report() else {
                continue;
            };
            progress.checked += 1;
            progress.read += game.shape.len;
            progress.plies += report.plies;
            progress.errors += report.count(crate::Severity::Error);
            progress.warnings += report.count(crate::Severity::Warning);
        }
        if progress.done() {
            progress.read = progress.total;
        }
        progress
    }
}

/// `raw` made game `index` of `text`, as if it began the text.
fn fill(raw: &mut RawGame, text: &str, index: usize, game: &Game) {
    let kept = game.shape.len - game.shape.skipped;
    let bytes = text.as_bytes().get(game.offset..game.offset + kept);
    raw.bytes.clear();
    raw.bytes.extend_from_slice(bytes.unwrap_or_default());
    raw.index = index;
    raw.offset = 0;
    raw.line = 1;
    raw.skipped = game.shape.skipped as u64;
}
