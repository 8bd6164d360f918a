//! What checking a game gives back: the report and its placed diagnostics.

use super::super::tags::Tags;
use super::MAX_DIAGNOSTICS_PER_GAME;
use crate::diagnostic::{Code, CodeSet, Diagnostic, Severity, Suggestion};
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

/// What checking one game found. The default is the report of no game at all.
#[derive(Clone, Debug, Default)]
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
    /// The game was not UTF-8 and was read as Latin-1: [`GameReport::text`] is that reading.
    pub latin1: bool,
    /// The `Variant` tag's value, when it names rules jaque does not play: the moves were
    /// not checked (`status` is `None`, the positions the start position when it can be
    /// read).
    pub unsupported_variant: Option<String>,
    /// Diagnostics dropped beyond [`MAX_DIAGNOSTICS_PER_GAME`].
    pub more_diagnostics: usize,
    /// Those, by [`Code::index`], with the severity each counts at (`None`: there are none,
    /// as in nearly every game).
    pub(super) hidden: Option<Box<Hidden>>,
    /// What is wrong, in the order of the text.
    pub diagnostics: Vec<GameDiagnostic>,
}

/// The diagnostics of a game beyond [`MAX_DIAGNOSTICS_PER_GAME`]: how many of each code, and
/// the severity of each code (its own, or its lint level's once applied).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Hidden {
    counts: [usize; Code::ALL.len()],
    severities: [Severity; Code::ALL.len()],
}

impl Default for Hidden {
    fn default() -> Hidden {
        Hidden {
            counts: [0; Code::ALL.len()],
            severities: Code::ALL.map(Code::severity),
        }
    }
}

impl Hidden {
    /// One more of `code`.
    fn add(&mut self, code: Code) {
        if let Some(count) = self.counts.get_mut(code.index()) {
            *count += 1;
        }
    }

    pub(super) fn total(&self) -> usize {
        self.counts.iter().sum()
    }

    /// How many count at `severity`.
    fn count(&self, severity: Severity) -> usize {
        self.counts
            .iter()
            .zip(&self.severities)
            .filter(|&(_, &s)| s == severity)
            .map(|(count, _)| count)
            .sum()
    }

    /// The counts at `lints`' levels: an allowed code's are dropped.
    fn apply(&mut self, lints: &crate::lint::Lints) {
        for ((count, severity), code) in self
            .counts
            .iter_mut()
            .zip(&mut self.severities)
            .zip(Code::ALL)
        {
            match lints.severity(code) {
                Some(level) => *severity = level,
                None => *count = 0,
            }
        }
    }
}

impl GameReport {
    /// The game's status in the contract's words (`status` in `--json` output and in the
    /// Python package): `unsupported` for a variant jaque does not play, else its final
    /// position's, one of `checkmate`, `stalemate`, `insufficient_material`, `fifty_moves`,
    /// `threefold`, `ongoing` (the seventy-five-move and fivefold rules imply the fifty-move
    /// and threefold ones, and are reported so); `None` when the start position is bad.
    ///
    /// ```
    /// use jaque::pgn::{Options, Splitter, check_game};
    /// let game = Splitter::new(&b"1. f3 e5 2. g4 Qh4# 0-1"[..]).next().unwrap().unwrap();
    /// assert_eq!(check_game(&game, &Options::default()).status_code(), Some("checkmate"));
    /// ```
    pub fn status_code(&self) -> Option<&'static str> {
        if self.unsupported_variant.is_some() {
            return Some("unsupported");
        }
        self.status.map(|status| match status {
            Status::SeventyFiveMoves => Status::FiftyMoves.code(),
            Status::FivefoldRepetition => Status::ThreefoldRepetition.code(),
            other => other.code(),
        })
    }

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

    /// How many of the diagnostics beyond the limit (not kept, counted) are of `severity`.
    pub fn hidden(&self, severity: Severity) -> usize {
        self.hidden
            .as_ref()
            .map_or(0, |hidden| hidden.count(severity))
    }

    /// The diagnostics as `lints` would have them: allowed codes dropped, the others at
    /// their level's severity; those beyond the limit too.
    pub fn apply(&mut self, lints: &crate::lint::Lints) {
        self.diagnostics
            .retain_mut(|d| match lints.severity(d.diagnostic.code) {
                Some(severity) => {
                    d.diagnostic.severity = severity;
                    true
                }
                None => false,
            });
        if let Some(hidden) = &mut self.hidden {
            hidden.apply(lints);
            self.more_diagnostics = hidden.total();
        }
    }

    /// How many diagnostics of `severity`, those beyond the limit included, each at its
    /// code's severity (or its lint level's, once [`GameReport::apply`]d).
    ///
    /// ```
    /// use jaque::Severity;
    /// use jaque::pgn::{Options, Splitter, check_game};
    /// let text = "1. e2-e4 e7-e5 2. Kf3 *";
    /// let game = Splitter::new(text.as_bytes()).next().unwrap().unwrap();
    /// let report = check_game(&game, &Options::default());
    /// assert_eq!(report.count(Severity::Warning), 2); // long algebraic notation
    /// assert_eq!(report.count(Severity::Error), 1); // no king reaches f3
    /// ```
    pub fn count(&self, severity: Severity) -> usize {
        self.hidden(severity)
            + self
                .diagnostics
                .iter()
                .filter(|d| d.diagnostic.severity == severity)
                .count()
    }
}

/// The diagnostics of one game as they are found, each with its ply and SAN token, up to
/// [`MAX_DIAGNOSTICS_PER_GAME`]; the rest are counted by code. Those of the codes in
/// `allowed` are neither kept nor counted.
#[derive(Default)]
pub(super) struct Collector {
    pub(super) diagnostics: Vec<(Diagnostic, Option<usize>, Option<String>)>,
    pub(super) hidden: Option<Box<Hidden>>,
    /// The codes not kept.
    allowed: CodeSet,
}

impl Collector {
    /// A collector that leaves out the diagnostics of the `allowed` codes.
    pub(super) fn allowing(allowed: CodeSet) -> Collector {
        Collector {
            allowed,
            ..Collector::default()
        }
    }

    /// Whether the diagnostics of `code` are left out.
    pub(super) fn allows(&self, code: Code) -> bool {
        self.allowed.contains(code)
    }

    /// Whether the diagnostics of every code of `codes` are left out: a check that gives no
    /// others need not run.
    pub(super) fn allows_all(&self, codes: CodeSet) -> bool {
        self.allowed.is_superset(codes)
    }

    /// Keeps `diagnostic` (about the move at `ply`, written `san`); its index, or `None` when
    /// it is beyond the limit and only counted, or of an allowed code.
    pub(super) fn push(
        &mut self,
        diagnostic: Diagnostic,
        ply: Option<usize>,
        san: Option<&str>,
    ) -> Option<usize> {
        if self.allows(diagnostic.code) {
            return None;
        }
        if self.diagnostics.len() < MAX_DIAGNOSTICS_PER_GAME {
            self.diagnostics
                .push((diagnostic, ply, san.map(str::to_string)));
            Some(self.diagnostics.len() - 1)
        } else {
            self.hidden.get_or_insert_default().add(diagnostic.code);
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
