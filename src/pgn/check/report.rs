//! What checking a game gives back: the report and its placed diagnostics.

use super::super::tags::Tags;
use super::MAX_DIAGNOSTICS_PER_GAME;
use crate::diagnostic::{Code, Diagnostic, Severity, Suggestion};
use crate::position::{Position, Status};

/// A diagnostic placed in a game: its span is a byte range of [`GameReport::text`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameDiagnostic {
    /// What, how bad, and the bytes of the game's text.
    pub diagnostic: Diagnostic,
    /// 1-based line in the input.
    pub line: usize,
    /// 1-based column (in characters).
    pub column: usize,
    /// Line and column just past the span's end.
    pub end_line: usize,
    /// See [`GameDiagnostic::end_line`].
    pub end_column: usize,
    /// For moves: the 1-based half-move index in its line of play.
    pub ply: Option<usize>,
    /// For moves: the SAN token as written.
    pub san: Option<String>,
}

/// What checking one game found.
#[derive(Clone, Debug)]
pub struct GameReport {
    /// 0-based index of the game in its input.
    pub index: usize,
    /// Byte offset of the game in its input.
    pub offset: u64,
    /// 1-based line where the game starts.
    pub line: usize,
    /// The game's text, decoded (what the diagnostics' spans point into).
    pub text: String,
    /// The tag pairs, in order.
    pub tags: Tags,
    /// Mainline half-moves played before the first mainline error (all when there is none).
    pub plies: usize,
    /// The position the game starts from (`None` when its FEN or variant is bad).
    pub start_position: Option<Position>,
    /// The position after those plies (`None` when the start position itself is bad).
    pub final_position: Option<Position>,
    /// What the rules say about that position.
    pub status: Option<Status>,
    /// Moves checked and played, variations included.
    pub moves: usize,
    /// Bytes of the game that were not read (beyond the size limit).
    pub skipped_bytes: u64,
    /// Diagnostics dropped beyond [`MAX_DIAGNOSTICS_PER_GAME`].
    pub more_diagnostics: usize,
    /// What is wrong, in the order of the text.
    pub diagnostics: Vec<GameDiagnostic>,
}

impl GameReport {
    /// The lines of [`GameReport::text`], for placing spans (a suggestion's, say).
    pub fn line_index(&self) -> super::LineIndex<'_> {
        super::LineIndex::new(&self.text, self.line)
    }

    /// The value of a tag, if the game has it.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.get(name)
    }

    /// The move number of a ply as PGN writes it: `12.` before a white move, `12...` before
    /// a black one.
    ///
    /// ```
    /// use jaque::pgn::{Options, Splitter, check_game};
    /// let game = Splitter::new(&b"1. e4 e5 *"[..]).next().unwrap().unwrap();
    /// let report = check_game(&game, &Options::default());
    /// assert_eq!(report.move_label(2).as_deref(), Some("1..."));
    /// assert_eq!(report.move_label(3).as_deref(), Some("2."));
    /// ```
    pub fn move_label(&self, ply: usize) -> Option<String> {
        let start = self.start_position.as_ref()?;
        let black = usize::from(start.turn() == crate::color::Color::Black);
        let halfmove = 2 * (start.fullmove_number() as usize).saturating_sub(1) + black + ply;
        let number = halfmove.saturating_sub(1) / 2 + 1;
        let dots = if halfmove % 2 == 1 { "." } else { "..." };
        Some(format!("{number}{dots}"))
    }

    /// The diagnostics as `lints` would have them: allowed codes dropped, the others at
    /// their level's severity.
    pub fn apply(&mut self, lints: &crate::lint::Lints) {
        self.diagnostics
            .retain_mut(|d| match lints.severity(d.diagnostic.code) {
                Some(severity) => {
                    d.diagnostic.severity = severity;
                    true
                }
                None => false,
            });
    }

    /// How many diagnostics of `severity` (with those beyond the limit counted as errors).
    pub fn count(&self, severity: Severity) -> usize {
        let extra = if severity == Severity::Error {
            self.more_diagnostics
        } else {
            0
        };
        extra
            + self
                .diagnostics
                .iter()
                .filter(|d| d.diagnostic.severity == severity)
                .count()
    }
}

/// The diagnostics of one game as they are found, each with its ply and SAN token, up to
/// [`MAX_DIAGNOSTICS_PER_GAME`]; the rest are counted. Those of the codes in `allowed` count
/// toward the limit but are not kept.
#[derive(Default)]
pub(super) struct Collector {
    pub(super) diagnostics: Vec<(Diagnostic, Option<usize>, Option<String>)>,
    pub(super) more: usize,
    /// Diagnostics within the limit, kept or allowed.
    within: usize,
    /// The codes not kept, a bit per [`Code::index`].
    allowed: AllowedCodes,
}

/// A set of diagnostic codes, a bit per [`Code::index`].
pub(super) type AllowedCodes = u16;

impl Collector {
    /// A collector that leaves out the diagnostics of the `allowed` codes.
    pub(super) fn allowing(allowed: AllowedCodes) -> Collector {
        Collector {
            allowed,
            ..Collector::default()
        }
    }

    /// Whether the diagnostics of `code` are left out.
    pub(super) fn allows(&self, code: Code) -> bool {
        self.allowed >> code.index() & 1 == 1
    }

    /// Whether `count` more diagnostics are within the limit.
    pub(super) fn has_room_for(&self, count: usize) -> bool {
        self.within + count <= MAX_DIAGNOSTICS_PER_GAME
    }

    /// Keeps `diagnostic` (about the move at `ply`, written `san`); its index, or `None` when
    /// it is beyond the limit and only counted, or of an allowed code.
    pub(super) fn push(
        &mut self,
        diagnostic: Diagnostic,
        ply: Option<usize>,
        san: Option<&str>,
    ) -> Option<usize> {
        if self.within < MAX_DIAGNOSTICS_PER_GAME {
            self.within += 1;
            if self.allows(diagnostic.code) {
                return None;
            }
            self.diagnostics
                .push((diagnostic, ply, san.map(str::to_string)));
            Some(self.diagnostics.len() - 1)
        } else {
            self.more += 1;
            None
        }
    }

    /// One more suggestion for the diagnostic kept at `index`.
    pub(super) fn suggest(&mut self, index: usize, suggestion: Suggestion) {
        if let Some((d, _, _)) = self.diagnostics.get_mut(index) {
            d.suggestions.push(suggestion);
        }
    }

    /// A diagnostic about no move.
    pub(super) fn game(&mut self, diagnostic: Diagnostic) {
        self.push(diagnostic, None, None);
    }

    /// Diagnostics about no move.
    pub(super) fn extend(&mut self, diagnostics: impl IntoIterator<Item = Diagnostic>) {
        diagnostics.into_iter().for_each(|d| self.game(d));
    }
}
