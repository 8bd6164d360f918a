//! The mainline as the games table keeps it: each move's export SAN and UCI, heard from the
//! walk, with none of the record's copies (the text, the tokens, a struct a move).

use super::super::syntax::{Token, TokenKind};
use super::super::tags::Tags;
use super::visit::Nesting;
use super::walk::{Listener, Moved, Signs, Verdict};
use crate::san::push_san;

/// The mainline of the last game given to [`Checker::check_mainline`](super::Checker): its
/// moves as played (null moves included, up to the first error) in export SAN and UCI, and
/// its termination marker. Its buffers are kept from game to game.
///
/// ```
/// use jaque::pgn::{Checker, Mainline, Splitter};
/// let game = Splitter::new(&b"1. e4 (1. d4) e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7 1-0"[..])
///     .next().unwrap().unwrap();
/// let mut mainline = Mainline::default();
/// let report = Checker::default().check_mainline(&game, &mut mainline);
/// let moves: Vec<(&str, &str)> = mainline.moves().collect();
/// assert_eq!(moves.len(), report.plies);
/// assert_eq!(moves[6], ("Qxf7#", "h5f7"));
/// assert_eq!(mainline.result(&report.tags), Some("1-0"));
/// ```
#[derive(Clone, Debug, Default)]
pub struct Mainline {
    /// Every move's SAN, one after another, as UTF-8 (pieces of `&str`s and ASCII letters
    /// appended; bytes, so that four letters of UCI are one store); `san_ends[i]` is where
    /// move `i`'s ends.
    san: Vec<u8>,
    san_ends: Vec<usize>,
    /// Likewise for UCI.
    uci: Vec<u8>,
    uci_ends: Vec<usize>,
    /// Where the walk is: only the mainline's played moves are kept.
    nesting: Nesting,
    /// The last termination marker of the movetext, as written, if there is one.
    marker: String,
    marked: bool,
    /// The opening of the mainline, as lichess names it, and whether a later position may
    /// still be named.
    #[cfg(feature = "openings")]
    classifier: crate::opening::Classifier,
    #[cfg(feature = "openings")]
    naming: bool,
}

impl Mainline {
    /// The moves: export SAN and UCI (`--` and `0000` for a null move).
    pub fn moves(&self) -> impl ExactSizeIterator<Item = (&str, &str)> + '_ {
        let [san, uci] = self.joined();
        slices(san).zip(slices(uci))
    }

    /// The opening of the mainline, as lichess names it (see [`crate::opening`]).
    #[cfg(feature = "openings")]
    pub fn opening(&self) -> Option<crate::opening::Classified> {
        self.classifier.classified()
    }

    /// The game's result, as [`GameRecord::result`](super::GameRecord::result) gives it,
    /// from its tags (the report's) and the marker heard.
    pub fn result<'a>(&'a self, tags: &'a Tags) -> Option<&'a str> {
        result_of(tags, self.marked.then_some(self.marker.as_str()))
    }

    /// The moves' export SAN one after another, and where each ends; then likewise their UCI.
    pub(crate) fn joined(&self) -> [(&str, &[usize]); 2] {
        [(&self.san, &self.san_ends), (&self.uci, &self.uci_ends)].map(|(bytes, ends)| {
            // Only UTF-8 is appended (see `san`), so this never fails: it keeps `str` honest.
            match std::str::from_utf8(bytes) {
                Ok(text) => (text, ends.as_slice()),
                Err(_) => ("", &[][..]),
            }
        })
    }

    /// Keeps the first `plies` moves (the report's count: equal, unless the game was cut).
    pub(super) fn truncate(&mut self, plies: usize) {
        if plies >= self.san_ends.len() {
            return;
        }
        let start = |ends: &[usize]| {
            plies
                .checked_sub(1)
                .and_then(|last| ends.get(last).copied())
        };
        self.san.truncate(start(&self.san_ends).unwrap_or(0));
        self.uci.truncate(start(&self.uci_ends).unwrap_or(0));
        self.san_ends.truncate(plies);
        self.uci_ends.truncate(plies);
    }
}

/// `bytes` appended to `out`: a SAN move's two to six letters copied as one store of their
/// length, not by a call to `memcpy`.
#[inline(always)]
fn push_short(out: &mut Vec<u8>, bytes: &[u8]) {
    match *bytes {
        [a, b] => out.extend_from_slice(&[a, b]),
        [a, b, c] => out.extend_from_slice(&[a, b, c]),
        [a, b, c, d] => out.extend_from_slice(&[a, b, c, d]),
        [a, b, c, d, e] => out.extend_from_slice(&[a, b, c, d, e]),
        [a, b, c, d, e, f] => out.extend_from_slice(&[a, b, c, d, e, f]),
        _ => out.extend_from_slice(bytes),
    }
}

/// The pieces of `text` that end at `ends`, in turn.
fn slices<'a>((text, ends): (&'a str, &'a [usize])) -> impl ExactSizeIterator<Item = &'a str> + 'a {
    (0..ends.len()).map(move |i| {
        let start = i.checked_sub(1).and_then(|before| ends.get(before));
        let end = ends.get(i).copied().unwrap_or(0);
        text.get(start.copied().unwrap_or(0)..end)
            .unwrap_or_default()
    })
}

/// A game's result: its `Result` tag (the last, if it is repeated), or where that is missing
/// or `*`, its termination marker (as python-chess reads a game).
pub(super) fn result_of<'a>(tags: &'a Tags, marker: Option<&'a str>) -> Option<&'a str> {
    let last = (tags.iter())
        .filter(|&(name, _)| name == "Result")
        .last()
        .map(|(_, value)| value);
    last.filter(|&tag| tag != "*").or(marker).or(last)
}

impl Listener for Mainline {
    const BEFORE: bool = true;

    fn read(&mut self, text: &str, _: &[Token], movetext: &[Token]) {
        self.san.clear();
        self.san_ends.clear();
        self.uci.clear();
        self.uci_ends.clear();
        self.nesting = Nesting::default();
        let marker = (movetext.iter().rev())
            .find(|t| matches!(t.kind, TokenKind::Result(_)))
            .and_then(|t| text.get(t.span.clone()));
        self.marker.clear();
        self.marker.push_str(marker.unwrap_or_default());
        self.marked = marker.is_some();
        #[cfg(feature = "openings")]
        {
            (self.classifier, self.naming) = (crate::opening::Classifier::new(), true);
        }
    }

    #[inline(always)]
    fn moved(&mut self, moved: Moved<'_>) {
        if !self.nesting.on_mainline() {
            return;
        }
        self.nesting.moved(moved.verdict);
        match moved.verdict {
            Verdict::Played(mv) => {
                let Signs {
                    check,
                    mate,
                    export,
                } = moved.signs;
                match export {
                    true => push_short(&mut self.san, moved.written.as_bytes()),
                    false => push_san(&mut self.san, moved.before, mv, check, mate),
                }
                mv.uci(moved.before.is_chess960())
                    .push_letters(&mut self.uci);
            }
            Verdict::Null => {
                self.san.extend_from_slice(b"--");
                self.uci.extend_from_slice(b"0000");
            }
            Verdict::Failed | Verdict::Skipped => return,
        }
        self.san_ends.push(self.san.len());
        self.uci_ends.push(self.uci.len());
        #[cfg(feature = "openings")]
        if self.naming {
            self.naming = self.classifier.visit(moved.ply, moved.after);
        }
    }

    fn opened(&mut self, _: usize) {
        self.nesting.opened();
    }

    fn closed(&mut self, token: Option<usize>) {
        self.nesting.closed(token);
    }
}
