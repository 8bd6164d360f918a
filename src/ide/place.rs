//! Where the games and their diagnostics are, as editors count places: lines, UTF-16
//! characters within a line, UTF-16 units from the text's start. A game's diagnostics are
//! placed once, relative to the game, when it is checked; a game's start is counted from the
//! shapes of the games before it, so placing them in the text reads only the bytes between
//! games.

use std::ops::Range;

use super::{Document, Game};
use crate::Suggestion;
use crate::pgn::{GameDiagnostic, GameReport, LineIndex, line_starts};
use crate::utf16::utf16_len;

/// A place in the text as editors count it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Where {
    /// 0-based line.
    pub line: usize,
    /// UTF-16 units from the line's start (what LSP calls the character).
    pub character: usize,
    /// UTF-16 units from the text's start (a JavaScript string's offset).
    pub units: usize,
}

/// Where a game starts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Start {
    /// Its first byte, and that place as editors count it.
    pub offset: usize,
    /// That byte as editors count places.
    pub at: Where,
    /// Characters before it on its line (0 for a game that starts a line, as nearly all do).
    pub chars: usize,
}

/// A diagnostic placed in the text: its bytes, where it starts and ends as editors count,
/// and its line and column as compilers print them (1-based, columns in characters).
#[derive(Clone, Debug)]
pub struct Placed<'a> {
    /// The diagnostic, its spans relative to its game.
    pub diagnostic: &'a GameDiagnostic,
    /// Its bytes in the text.
    pub span: Range<usize>,
    /// Where it starts, as editors count.
    pub from: Where,
    /// Where it ends, likewise.
    pub to: Where,
    /// Its line, 1-based.
    pub line: usize,
    /// Its column, 1-based, in characters.
    pub column: usize,
    suggestions: &'a [[Where; 2]],
    start: Start,
}

impl<'a> Placed<'a> {
    /// Its suggestions, each with its bytes and places.
    pub fn suggestions(
        &self,
    ) -> impl Iterator<Item = (&'a Suggestion, Range<usize>, Where, Where)> {
        let start = self.start;
        let suggestions = self.diagnostic.diagnostic.suggestions.iter();
        suggestions
            .zip(self.suggestions)
            .map(move |(s, [from, to])| {
                let span = start.offset + s.span.start..start.offset + s.span.end;
                (s, span, start.shift(*from), start.shift(*to))
            })
    }
}

impl Start {
    /// A place in the game, made a place in the text.
    fn shift(&self, within: Where) -> Where {
        Where {
            line: self.at.line + within.line,
            character: match within.line {
                0 => self.at.character + within.character,
                _ => within.character,
            },
            units: self.at.units + within.units,
        }
    }
}

/// A game's diagnostics' places in it, then each one's suggestions'.
#[derive(Clone, Debug, Default)]
pub(super) struct Places {
    diagnostics: Vec<[Where; 2]>,
    suggestions: Vec<[Where; 2]>,
}

impl Places {
    pub(super) fn of(report: &GameReport) -> Places {
        Places::of_diagnostics(&report.text, &report.diagnostics)
    }

    /// The places of `diagnostics`, whose spans are byte ranges of `text`.
    pub(super) fn of_diagnostics(text: &str, diagnostics: &[GameDiagnostic]) -> Places {
        if diagnostics.is_empty() {
            return Places::default();
        }
        let lines = LineIndex::new(text, 1);
        let mut units = Units::new(text);
        let mut place = |span: &Range<usize>| {
            [span.start, span.end].map(|at| {
                let (line, character) = lines.utf16_position(at);
                let units = units.at(at);
                Where {
                    line,
                    character,
                    units,
                }
            })
        };
        let spans = diagnostics.iter().map(|d| &d.diagnostic.span);
        let placed = spans.map(&mut place).collect();
        let suggestions = (diagnostics.iter())
            .flat_map(|d| &d.diagnostic.suggestions)
            .map(|s| place(&s.span))
            .collect();
        Places {
            diagnostics: placed,
            suggestions,
        }
    }
}

/// UTF-16 offsets of a game's bytes, counted on from the last asked (usually a little
/// before the next).
struct Units<'a> {
    text: &'a [u8],
    counted: usize,
    units: usize,
}

impl<'a> Units<'a> {
    fn new(text: &'a str) -> Units<'a> {
        Units {
            text: text.as_bytes(),
            counted: 0,
            units: 0,
        }
    }

    fn at(&mut self, at: usize) -> usize {
        let at = at.min(self.text.len());
        if at < self.counted {
            (self.counted, self.units) = (0, 0);
        }
        self.units += utf16_len(self.text.get(self.counted..at).unwrap_or_default());
        self.counted = at;
        self.units
    }
}

impl Game {
    /// Its diagnostics (none before it is checked), placed for a game that starts at `start`.
    pub fn placed(&self, start: Start) -> impl Iterator<Item = Placed<'_>> {
        let checked = self.checked.as_deref();
        let diagnostics = checked.map_or(&[][..], |c| &c.report.diagnostics[..]);
        placed(diagnostics, checked.map(|c| &c.places), start)
    }
}

/// `diagnostics`, of a text that starts at `start`, with their `places` in that text.
pub(super) fn placed<'a>(
    diagnostics: &'a [GameDiagnostic],
    places: Option<&'a Places>,
    start: Start,
) -> impl Iterator<Item = Placed<'a>> {
    let mut suggestions = places.map_or(&[][..], |p| &p.suggestions[..]);
    let placed = places.map_or(&[][..], |p| &p.diagnostics[..]);
    diagnostics.iter().zip(placed).map(move |(d, [from, to])| {
        let count = d.diagnostic.suggestions.len().min(suggestions.len());
        let (own, rest) = suggestions.split_at(count);
        suggestions = rest;
        let span = &d.diagnostic.span;
        Placed {
            diagnostic: d,
            span: start.offset + span.start..start.offset + span.end,
            from: start.shift(*from),
            to: start.shift(*to),
            line: start.at.line + d.line,
            column: match d.line {
                1 => start.chars + d.column,
                _ => d.column,
            },
            suggestions: own,
            start,
        }
    })
}

impl Document {
    /// Each game with where it starts, counted from the games' shapes: only the bytes
    /// between games (and before a game that starts within a line) are read.
    pub fn starts(&self) -> impl Iterator<Item = (&Game, Start)> {
        let text = self.text.as_bytes();
        // The byte up to which lines are counted, the line there, where that line starts,
        // and the UTF-16 units up to it.
        let (mut counted, mut line, mut line_start, mut units) = (0, 0, 0, 0);
        self.games.iter().map(move |game| {
            let offset = game.offset.min(text.len()).max(counted);
            let gap = text.get(counted..offset).unwrap_or_default();
            for i in line_starts(gap) {
                line += 1;
                line_start = counted + i;
            }
            units += utf16_len(gap);
            let before = text.get(line_start..offset).unwrap_or_default();
            let start = Start {
                offset,
                at: Where {
                    line,
                    character: utf16_len(before),
                    units,
                },
                chars: std::str::from_utf8(before).map_or(0, |s| s.chars().count()),
            };
            counted = offset.saturating_add(game.shape.len).min(text.len());
            units += game.shape.units;
            line += game.shape.newlines;
            if let Some(i) = game.shape.last_line {
                line_start = offset + i;
            }
            (game, start)
        })
    }

    /// The diagnostics of the games checked, in the text's order, placed.
    pub fn diagnostics(&self) -> impl Iterator<Item = Placed<'_>> {
        self.starts().flat_map(|(game, start)| game.placed(start))
    }

    /// Where the game that holds byte `at` starts (the last to start at or before it), or
    /// the text's start before the first game.
    fn start_before(&self, at: usize) -> Start {
        (self.starts())
            .take_while(|(game, _)| game.offset <= at)
            .last()
            .map_or(Start::default(), |(_, start)| start)
    }

    /// The line and UTF-16 character of byte `at` (clamped to the text; a character's start),
    /// as the Language Server Protocol counts them.
    ///
    /// ```
    /// let document = jaque::ide::Document::new("{é}\n1. e4 {𝄞} e5 *".into(), Default::default());
    /// let e5 = document.text().find("e5").unwrap();
    /// assert_eq!(document.utf16_position(e5), (1, 11));
    /// assert_eq!(document.utf16_offset(document.utf16_units(e5)), e5);
    /// ```
    pub fn utf16_position(&self, at: usize) -> (usize, usize) {
        let at = self.floor(at);
        let start = self.start_before(at);
        let from = start.offset.min(at);
        let (mut line, mut line_start) = (start.at.line, from);
        let mut character = start.at.character;
        // A byte past `at` tells a carriage return alone from one of a CRLF.
        let end = (at + 1).min(self.text.len());
        let rest = self.text.as_bytes().get(from..end).unwrap_or_default();
        for i in line_starts(rest).take_while(|&i| i <= at - from) {
            line += 1;
            line_start = from + i;
            character = 0;
        }
        let tail = self.text.as_bytes().get(line_start..at).unwrap_or_default();
        (line, character + utf16_len(tail))
    }

    /// The UTF-16 units before byte `at` (clamped to the text; a character's start).
    pub fn utf16_units(&self, at: usize) -> usize {
        let at = self.floor(at);
        let start = self.start_before(at);
        let rest = self.text.as_bytes().get(start.offset.min(at)..at);
        start.at.units + utf16_len(rest.unwrap_or_default())
    }

    /// The byte at UTF-16 offset `units` from the text's start (the end past it; the start of
    /// a character it falls within).
    pub fn utf16_offset(&self, units: usize) -> usize {
        let start = (self.starts())
            .take_while(|(_, start)| start.at.units <= units)
            .last()
            .map_or(Start::default(), |(_, start)| start);
        let rest = self.text.get(start.offset..).unwrap_or_default();
        let mut counted = start.at.units;
        for (i, c) in rest.char_indices() {
            if counted >= units {
                return start.offset + i;
            }
            counted += c.len_utf16();
        }
        self.text.len()
    }

    /// The byte of an LSP position: 0-based `line` and UTF-16 `character`, clamped to the
    /// line (and the text): read from the last game that starts on an earlier line, so that
    /// a keystroke in a large file reads two places, not its lines.
    pub fn offset_of(&self, line: usize, character: usize) -> usize {
        let start = (self.starts())
            .take_while(|(_, start)| start.at.line < line)
            .last()
            .map_or(Start::default(), |(_, start)| start);
        let rest = self.text.get(start.offset..).unwrap_or_default();
        let line_start = match line.saturating_sub(start.at.line).checked_sub(1) {
            None => Some(start.offset),
            Some(before) => line_starts(rest.as_bytes())
                .nth(before)
                .map(|i| start.offset + i),
        };
        let Some(line_start) = line_start else {
            return self.text.len();
        };
        let mut units = 0;
        let line = self.text.get(line_start..).unwrap_or_default();
        for (i, c) in line.char_indices() {
            // The line's end: its line feed, or a carriage return alone.
            let lone_cr = c == '\r' && line.get(i + 1..i + 2) != Some("\n");
            if units >= character || c == '\n' || lone_cr {
                return line_start + i;
            }
            units += c.len_utf16();
        }
        self.text.len()
    }

    /// `at` clamped to the text, moved back to a character's start.
    fn floor(&self, at: usize) -> usize {
        let mut at = at.min(self.text.len());
        while !self.text.is_char_boundary(at) {
            at -= 1;
        }
        at
    }
}
