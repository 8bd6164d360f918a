//! Fixes: the suggestions of a game's diagnostics applied to its bytes, as `cargo fix` applies
//! rustc's. Only the bytes of the suggestions' spans change; every other byte of the input
//! (comments, spacing, line ends, a byte-order mark, Latin-1 text, tags not fixed) is written
//! as it came.
//!
//! A fix never changes which move is played: the fixed game is checked again, and where a
//! move that was played is not the same move afterwards, the game is left as it was. So is a
//! game that still has an error after its fixes (an illegal move with no certain rewrite).
//!
//! ```
//! use jaque::pgn::{Fixer, GameFix};
//! let input = "[Event \"?\"]\n\n1. e4 e5 2. Ng1f3 Nc6 4. Bb5\n";
//! let mut fixer = Fixer::default();
//! let fixed = fixer.fix(input.as_bytes())?;
//! assert_eq!(String::from_utf8(fixed.output).unwrap(),
//!            "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n\
//!             [White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 *\n");
//! assert!(matches!(fixed.games[0].fix, GameFix::Fixed { edits: 4 }));
//! # Ok::<(), jaque::pgn::text::NotText>(())
//! ```

use std::ops::Range;

use super::check::{Checker, GameRecord, Options, Verdict};
use super::split::{RawGame, Splitter, utf16_bytes, utf16_text};
use super::text::{self, NotText};
use crate::diagnostic::{Applicability, Severity};
use crate::lint::Lints;

/// How many times a game is checked and fixed again at most: a fix can uncover another
/// (the moves after an illegal one that a suggestion mended).
const MAX_ROUNDS: usize = 8;

/// Applies suggestions, game after game.
#[derive(Clone, Debug, Default)]
pub struct Fixer {
    /// The last game's first round of edits, in its bytes, and how many rounds it took.
    first_round: Vec<Change>,
    rounds: usize,
    checker: Checker,
    /// What reads a game once fixed: its localized piece letters are English then.
    english: Checker,
    lints: Lints,
    maybe_incorrect: bool,
}

/// What became of one game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameFix {
    /// Nothing to fix.
    Unchanged,
    /// Fixed with this many edits.
    Fixed {
        /// Suggestions applied.
        edits: usize,
    },
    /// Left byte for byte, and why.
    Left(String),
}

/// One game of the input, fixed or not.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FixedGame {
    /// 0-based index of the game in the input.
    pub index: usize,
    /// 1-based line where it starts.
    pub line: usize,
    /// What became of it.
    pub fix: GameFix,
    /// The bytes of the input that changed, each with what replaced it, in order. A game
    /// fixed in one round lists its suggestions; a game that took several rounds (or was
    /// read as Latin-1) is one change, the whole game.
    pub changes: Vec<Change>,
}

/// A byte range of the input and what it became.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Change {
    /// The bytes replaced (an empty range inserts).
    pub span: Range<usize>,
    /// What replaces them.
    pub replacement: Vec<u8>,
}

/// The input with its games fixed.
#[derive(Clone, Debug, Default)]
pub struct Fixed {
    /// The bytes to write.
    pub output: Vec<u8>,
    /// Every game, in order.
    pub games: Vec<FixedGame>,
}

/// `fixed` undone: the input as it came, each game that was to change left, and why.
fn left_whole(mut fixed: Fixed, input: &[u8]) -> Fixed {
    fixed.output = input.to_vec();
    for game in &mut fixed.games {
        if matches!(game.fix, GameFix::Fixed { .. }) {
            game.fix = left("the file is not valid UTF-16: it is written back as it came");
        }
        game.changes.clear();
    }
    fixed
}

/// One rewrite of a game's text (decoded), from a suggestion.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Edit {
    span: Range<usize>,
    replacement: String,
}

impl Fixer {
    /// A fixer reading piece letters in `options.lang`, reporting at `lints`' levels (an
    /// allowed lint is not fixed), and applying maybe-incorrect suggestions that have one
    /// candidate when `maybe_incorrect`.
    pub fn new(options: Options, lints: Lints, maybe_incorrect: bool) -> Fixer {
        Fixer {
            first_round: Vec::new(),
            rounds: 0,
            checker: Checker::new(options),
            english: Checker::new(Options {
                lang: crate::san::Lang::English,
            }),
            lints,
            maybe_incorrect,
        }
    }

    /// Every game of `input` fixed, and the bytes between games kept. UTF-16 input (with its
    /// byte-order mark) is fixed as its UTF-8 and written back as UTF-16, the same
    /// byte-order mark first; the changes' spans are then of its UTF-8. Input that is no
    /// text is refused, as the [`Splitter`] refuses it ([`text::refused`]).
    pub fn fix(&mut self, input: &[u8]) -> Result<Fixed, NotText> {
        if let Some((text, big_endian)) = utf16_text(input) {
            let mut fixed = self.fix_games(&text, Splitter::decoded(&text[..]));
            // Bytes that are no UTF-16 (an odd last byte, a lone surrogate) would be written
            // back as U+FFFD, a change no suggestion made: then nothing is changed.
            let decoded = String::from_utf8_lossy(&text);
            if utf16_bytes(&decoded, big_endian) != input {
                return Ok(left_whole(fixed, input));
            }
            let output = String::from_utf8_lossy(&fixed.output);
            fixed.output = utf16_bytes(&output, big_endian);
            return Ok(fixed);
        }
        if let Some(why) = text::refused(input) {
            return Err(why);
        }
        Ok(self.fix_games(input, Splitter::new(input)))
    }

    /// Every game `games` cuts from `input` fixed, and the bytes between games kept.
    fn fix_games(&mut self, input: &[u8], games: Splitter<&[u8]>) -> Fixed {
        let mut fixed = Fixed {
            output: Vec::with_capacity(input.len()),
            games: Vec::new(),
        };
        let mut copied = 0;
        for game in games {
            let Ok(game) = game else {
                break;
            };
            let start = usize::try_from(game.offset).unwrap_or(usize::MAX);
            let end = start.saturating_add(game.bytes.len());
            let whole = game.skipped == 0 && input.get(start..end) == Some(&game.bytes[..]);
            // A game that does not start a line shares it with the game before: a line
            // inserted at its start would land in that game's text.
            let starts_line = start == 0
                || input.get(..start) == Some(b"\xEF\xBB\xBF")
                || input.get(start - 1) == Some(&b'\n');
            let (bytes, fix) = match (whole && start >= copied, starts_line) {
                (true, true) => self.fix_game(&game),
                (false, _) => (None, left("the game was not read whole")),
                (true, false) => (None, left("the game does not start a line of its own")),
            };
            let mut changes = Vec::new();
            if let Some(bytes) = bytes {
                let gap = input.get(copied..start).unwrap_or_default();
                fixed.output.extend_from_slice(gap);
                fixed.output.extend_from_slice(&bytes);
                copied = end;
                changes = self.changes(start, &game.bytes, bytes);
            }
            fixed.games.push(FixedGame {
                index: game.index,
                line: game.line,
                fix,
                changes,
            });
        }
        fixed
            .output
            .extend_from_slice(input.get(copied..).unwrap_or_default());
        fixed
    }

    /// One game fixed: its new bytes (`None`: unchanged) and what became of it.
    pub fn fix_game(&mut self, raw: &RawGame) -> (Option<Vec<u8>>, GameFix) {
        let original = self.record(raw, false);
        // A game that is not UTF-8 was read as Latin-1, a character a byte: it is written so.
        let latin1 = std::str::from_utf8(&raw.bytes).is_err();
        let mut current = original.clone();
        let mut game = raw.clone();
        let mut edits = 0;
        self.first_round.clear();
        self.rounds = 0;
        for _ in 0..MAX_ROUNDS {
            let wanted = self.edits(&current);
            if wanted.is_empty() {
                break;
            }
            if self.rounds == 0 {
                self.first_round = in_bytes(&current, latin1, &wanted);
            }
            self.rounds += 1;
            let Some(bytes) = rewrite(&current, latin1, &wanted) else {
                return (
                    None,
                    GameFix::Left("a fix cannot be written in the game's encoding".into()),
                );
            };
            game.bytes = bytes;
            let next = self.record(&game, true);
            if !same_moves(&original, &next) {
                return (
                    None,
                    GameFix::Left("a fix would change a move played".into()),
                );
            }
            edits += wanted.len();
            current = next;
        }
        let first_error = current
            .report()
            .diagnostics
            .iter()
            .find(|d| d.diagnostic.code.severity() == Severity::Error);
        if let Some(error) = first_error {
            let why = format!(
                "{}[{}] at line {}: {}",
                Severity::Error,
                error.diagnostic.code,
                error.line,
                error.diagnostic.message
            );
            return (None, GameFix::Left(why));
        }
        if edits == 0 {
            return (None, GameFix::Unchanged);
        }
        (Some(game.bytes), GameFix::Fixed { edits })
    }

    /// The record of `raw`, read in the input's language, or in English once `fixed`.
    fn record(&mut self, raw: &RawGame, fixed: bool) -> GameRecord {
        let checker = if fixed {
            &mut self.english
        } else {
            &mut self.checker
        };
        let mut record = checker.record(raw);
        record.apply(&self.lints);
        record
    }

    /// What changed in the game at byte `start` of the input, `before` its fix and `after`:
    /// the edits of its one round, or the whole game.
    fn changes(&self, start: usize, before: &[u8], after: Vec<u8>) -> Vec<Change> {
        if self.rounds != 1 || self.first_round.is_empty() {
            return vec![Change {
                span: start..start + before.len(),
                replacement: after,
            }];
        }
        self.first_round
            .iter()
            .map(|change| Change {
                span: start + change.span.start..start + change.span.end,
                replacement: change.replacement.clone(),
            })
            .collect()
    }

    /// The rewrites to make: every machine-applicable suggestion (and maybe-incorrect ones
    /// that are a diagnostic's only candidate, when asked), each once, none overlapping
    /// another (an overlapping one waits for the next round).
    fn edits(&self, record: &GameRecord) -> Vec<Edit> {
        let mut edits: Vec<Edit> = Vec::new();
        for d in &record.report().diagnostics {
            let suggestions = &d.diagnostic.suggestions;
            let single_guess = self.maybe_incorrect && suggestions.len() == 1;
            for s in suggestions {
                if s.applicability == Applicability::MachineApplicable || single_guess {
                    edits.push(Edit {
                        span: s.span.clone(),
                        replacement: s.replacement.clone(),
                    });
                }
            }
        }
        edits.sort_by(|a, b| {
            (a.span.start, a.span.end, &a.replacement).cmp(&(
                b.span.start,
                b.span.end,
                &b.replacement,
            ))
        });
        edits.dedup();
        let mut end = 0;
        edits.retain(|e| {
            let free = e.span.start >= end || (e.span.is_empty() && e.span.start == end);
            if free {
                end = e.span.end;
            }
            free
        });
        edits
    }
}

/// The game whose text `record` read, with `edits` made, as bytes: UTF-8, or Latin-1 (a
/// byte a character) when the game was read as Latin-1.
fn rewrite(record: &GameRecord, latin1: bool, edits: &[Edit]) -> Option<Vec<u8>> {
    let text = record.text();
    let mut out = String::with_capacity(text.len() + 16);
    let mut at = 0;
    for edit in edits {
        out.push_str(text.get(at..edit.span.start)?);
        out.push_str(&edit.replacement);
        at = edit.span.end;
    }
    out.push_str(text.get(at..)?);
    match latin1 {
        true => super::layout::latin1_bytes(&out),
        false => Some(out.into_bytes()),
    }
}

fn left(why: &str) -> GameFix {
    GameFix::Left(why.to_string())
}

/// `edits` of the text `record` read, as changes of the game's bytes: the same where the
/// game is UTF-8; where it was read as Latin-1, a character is a byte.
fn in_bytes(record: &GameRecord, latin1: bool, edits: &[Edit]) -> Vec<Change> {
    let text = record.text();
    let at = |offset: usize| match latin1 {
        true => text.get(..offset).map_or(offset, |t| t.chars().count()),
        false => offset,
    };
    edits
        .iter()
        .map(|edit| Change {
            span: at(edit.span.start)..at(edit.span.end),
            replacement: match latin1 {
                true => edit
                    .replacement
                    .chars()
                    .map(|c| u8::try_from(c).unwrap_or(b'?'))
                    .collect(),
                false => edit.replacement.clone().into_bytes(),
            },
        })
        .collect()
}

/// Whether every move `before` played is played, the same, in `after` (moves that were not
/// played before may be now: a fixed illegal move and the moves after it).
fn same_moves(before: &GameRecord, after: &GameRecord) -> bool {
    before.moves().len() == after.moves().len()
        && before.moves().iter().zip(after.moves()).all(|(b, a)| {
            b.line == a.line
                && b.prev == a.prev
                && match b.verdict {
                    Verdict::Played(_) | Verdict::Null => a.verdict == b.verdict,
                    Verdict::Failed | Verdict::Skipped => true,
                }
        })
}
