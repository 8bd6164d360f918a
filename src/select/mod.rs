//! Questions about games: which games of a collection pass a set of filters, as `jaque
//! select` (and Python's `jaque.select`) asks them. A [`Selection`] holds the filters, read
//! from their text with errors that point into it; a [`Selector`] asks them of one game
//! after another, on one thread, doing no more work than the filters need:
//!
//! - filters on tags read the tag section alone, and a game that fails them is not played;
//! - filters on positions (`--fen`, `--moves`) play the mainline and stop as soon as the game
//!   has reached every position wanted, or can no longer reach one (a man captured, a pawn
//!   moved off its second rank, a castling right lost: none comes back);
//! - filters on the whole game (`--plies`, `--status`, `--valid`) play all of it.
//!
//! [`Duplicates`] then keeps the first of equal games, in input order.

mod choose;
mod dedupe;
mod filters;
mod mark;
pub mod pattern;
mod pick;
mod retag;
mod tags;
mod target;

use regex_lite::Regex;

use crate::opening::{Classified, EcoRange};
use crate::query::Query;
use pattern::Pattern;

pub use crate::diagnostic::FilterError;
pub use choose::{Choice, Selector};
pub use dedupe::{Duplicates, Key, MovesKey, PositionKey};
pub use filters::{BadFilter, Filters};
pub use mark::with_comments;
pub use pick::{Picked, Picks, pick};
pub use retag::with_tags;
pub use tags::{Between, Op, Results, TagFilter, regex};
pub use target::{Target, play_moves};

/// How duplicates are told.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dedupe {
    /// The same start position and the same mainline moves.
    Moves,
    /// The same final position (as EPD) after as many mainline plies.
    Position,
}

/// How a game's mainline ends, as `--status` names it (the `status` of `check --json`).
pub const STATUSES: [&str; 7] = [
    "checkmate",
    "stalemate",
    "insufficient_material",
    "fifty_moves",
    "threefold",
    "ongoing",
    "unsupported",
];

/// The filters a game must pass, every one of them (or, with `invert`, fail).
///
/// ```
/// use jaque::select::{Selection, Selector, TagFilter, Target};
/// use jaque::pgn::Splitter;
/// let text = "[White \"Tal\"]\n\n1. e4 c5 2. Nf3 d6 *\n\n[White \"Fischer\"]\n\n1. e4 c5 *\n";
/// let selection = Selection {
///     tags: vec![TagFilter::parse("White ~ ^T").unwrap()],
///     targets: vec![Target::moves("e4 c5 Nf3").unwrap()],
///     ..Selection::default()
/// };
/// let mut selector = Selector::new(&selection, &Default::default());
/// let chosen: Vec<bool> = Splitter::new(text.as_bytes())
///     .map(|game| selector.select(&game.unwrap()).selected)
///     .collect();
/// assert_eq!(chosen, [true, false]);
/// ```
#[derive(Clone, Debug, Default)]
pub struct Selection {
    /// `--tag`: each must hold.
    pub tags: Vec<TagFilter>,
    /// `--player`: White or Black matches.
    pub player: Option<Regex>,
    /// `--result`: the Result tag is one of these.
    pub results: Option<Results>,
    /// `--plies`: mainline half-moves played (before the first error).
    pub plies: Option<Between>,
    /// `--fen`, `--moves`: each position is reached.
    pub targets: Vec<Target>,
    /// Positions inside variations count for `targets` too.
    pub variations: bool,
    /// `--status`: the mainline ends so (one of [`STATUSES`]).
    pub statuses: Vec<&'static str>,
    /// `--valid`: the game has no error.
    pub valid: bool,
    /// `--invert`: the games that fail.
    pub invert: bool,
    /// The whole game is always checked, for a report of all of it (`--json`).
    pub whole_report: bool,
    /// `--dedupe`: the key each selected game gets.
    pub dedupe: Option<Dedupe>,
    /// `--pattern`: some mainline position's placement matches (ply 0 included); with
    /// `--either-colour`, the pattern with colours swapped is the second.
    pub patterns: Vec<Pattern>,
    /// `--eco`: the game's opening is in one of these ranges.
    pub eco: Vec<EcoRange>,
    /// `--opening`: the game's opening's name matches.
    pub opening: Option<Regex>,
    /// Every selected game is classified ([`Choice::opening`]): `--add-opening`, `--json`.
    pub classify: bool,
    /// `--query`: some mainline position satisfies it ([`Choice::matches`] says which).
    pub query: Option<Query>,
    /// Every position the query matches is wanted ([`Choice::matches`] complete), not only
    /// whether one does: the walk does not stop at the first.
    pub all_matches: bool,
}

impl Selection {
    /// Whether a filter reads the tags.
    fn reads_tags(&self) -> bool {
        !self.tags.is_empty() || self.player.is_some() || self.results.is_some()
    }

    /// Whether a filter asks about positions.
    fn reads_positions(&self) -> bool {
        !self.targets.is_empty()
            || !self.patterns.is_empty()
            || self.names_openings()
            || self.query.is_some()
    }

    /// Whether games are classified: for a filter on the opening, or for the output.
    fn names_openings(&self) -> bool {
        self.classify || !self.eco.is_empty() || self.opening.is_some()
    }

    /// Whether `classified` passes `--eco` and `--opening` (a game no line names fails both).
    fn opening_passes(&self, classified: Option<Classified>) -> bool {
        let eco = |c: Classified| self.eco.iter().any(|range| range.contains(c.opening.eco));
        let name = |c: Classified, regex: &Regex| regex.is_match(c.opening.name);
        (self.eco.is_empty() || classified.is_some_and(eco))
            && (self.opening.as_ref())
                .is_none_or(|regex| classified.is_some_and(|c| name(c, regex)))
    }

    /// Whether a query's every matching position is wanted (reported with the whole
    /// report, or asked for): a walk may not stop at the first.
    fn every_match(&self) -> bool {
        self.whole_report || self.all_matches
    }

    /// Whether a filter needs the whole game played.
    fn reads_whole_game(&self) -> bool {
        self.plies.is_some()
            || !self.statuses.is_empty()
            || self.valid
            || self.whole_report
            || self.dedupe == Some(Dedupe::Position)
    }

    /// Reads a `--status` value: one of [`STATUSES`].
    pub fn status(text: &str) -> Result<&'static str, FilterError> {
        STATUSES
            .iter()
            .find(|s| **s == text.trim())
            .copied()
            .ok_or_else(|| {
                FilterError::new(0..text.len().max(1), "not a status")
                    .with_help(format!("one of {}", STATUSES.join(", ")))
            })
    }
}
