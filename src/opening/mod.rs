//! Opening names as lichess gives them: a game is named after the deepest position of its
//! mainline that some line of the lichess opening set ends in.
//!
//! **The data.** The CC0 set of [lichess-org/chess-openings] (commit `51b8862`, 3,807 lines of
//! ECO code, name and moves, in `data/openings`). A test plays every line with jaque and
//! commits the position after it (`data/openings/positions.tsv`; python-chess gives the same
//! EPDs), and `build.rs` compiles those positions in as a table ordered by a hash of their
//! occupied squares (with magic-gen, which plays no moves): nothing is read or built at run
//! time.
//!
//! **A position is named** ([`named`]) when its pieces, side to move, castling rights and
//! en-passant square (counted only when a legal capture exists) are those after a line;
//! clocks do not count. The lookup is by the occupied squares, and a hit is then compared
//! with the whole position. Transpositions are found
//! so: a line is recognised whatever the order of the moves that reached its position.
//!
//! **A game is classified** ([`Classifier`]) by its deepest mainline position after ply 0
//! that is named, from any start position. lila (lichess's server) looks at the first 40
//! plies only, and stops below 20 pieces; no named position has fewer than 22, so the one
//! difference is a named position reached after ply 40, which names the game here.
//!
//! **Lines that end in one position** name it after the last of them in file order (`a.tsv`
//! to `e.tsv`, row by row), as lila decides: its `OpeningDb` maps each position to an
//! opening with a map built from the lines in that order, a later line replacing an earlier
//! one. The vendored commit has no two such lines (the set's own generator has rejected
//! them since December 2022), so the rule decides nothing today; it decides for another set.
//!
//! ```
//! use jaque::Position;
//! use jaque::opening::{Classifier, named};
//! use jaque::san::{Lang, play};
//!
//! let mut position = Position::starting();
//! let mut classifier = Classifier::new();
//! for (ply, san) in ["e4", "c5", "Nf3", "d6", "Bb5+", "Bd7", "a4"].into_iter().enumerate() {
//!     play(&mut position, san, Lang::English).unwrap();
//!     if !classifier.visit(ply + 1, &position) {
//!         break; // no later position can be named
//!     }
//! }
//! let classified = classifier.classified().unwrap();
//! assert_eq!(classified.opening.name, "Sicilian Defense: Moscow Variation, Main Line");
//! assert_eq!((classified.opening.eco, classified.ply), ("B52", 6));
//! assert_eq!(named(&position), None);
//! ```
//!
//! [lichess-org/chess-openings]: https://github.com/lichess-org/chess-openings

mod eco;
mod table;

pub use eco::{Eco, EcoRange, EcoRangeError, EcoRangeReason};

use crate::position::Position;

/// A line of the lichess opening set.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Opening {
    /// Its ECO code, `A00` to `E99`.
    pub eco: &'static str,
    /// Its name: the family, then after `: ` the variations from the most general
    /// (`Sicilian Defense: Najdorf Variation, English Attack`).
    pub name: &'static str,
    /// Its moves from the start, in SAN with move numbers (`1. e4 c5 2. Nf3`).
    pub pgn: &'static str,
    /// How many half-moves it has.
    pub ply: usize,
}

impl Opening {
    /// Every line of the set, in the order of its files (`a.tsv` to `e.tsv`).
    ///
    /// ```
    /// let all = jaque::opening::Opening::all();
    /// assert_eq!(all.len(), 3807);
    /// assert!(all.iter().any(|o| o.name == "Italian Game" && o.pgn == "1. e4 e5 2. Nf3 Nc6 3. Bc4"));
    /// ```
    pub fn all() -> &'static [Opening] {
        &table::OPENINGS
    }
}

/// The opening a position is named after, if a line of the set ends in it (see the module's
/// documentation for what counts).
///
/// ```
/// use jaque::Position;
/// use jaque::opening::named;
/// let after = Position::from_fen("rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2").unwrap();
/// assert_eq!(named(&after).map(|o| (o.eco, o.name)), Some(("C40", "King's Knight Opening")));
/// assert_eq!(named(&Position::starting()), None);
/// ```
pub fn named(position: &Position) -> Option<&'static Opening> {
    match table::may_be_named(position) {
        true => table::lookup(position),
        false => None,
    }
}

/// The opening a game was classified as, and the ply of the position that named it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Classified {
    /// The opening.
    pub opening: &'static Opening,
    /// Half-moves from the game's start to the position that named it.
    pub ply: usize,
}

/// Classifies one game: shown its mainline positions one by one, it keeps the deepest that
/// is named, and tells when no later one can be (so a caller stops looking). A new one a
/// game; making one costs nothing.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Classifier {
    best: Option<Classified>,
    /// The bound's needs met last (see `table::may_be_named_later`).
    needs: usize,
}

impl Classifier {
    /// A classifier that has seen nothing.
    pub fn new() -> Classifier {
        Classifier::default()
    }

    /// Sees the position after `ply` half-moves of the mainline (from 1; the start position,
    /// ply 0, is never the game's opening). Returns whether a later position of the game can
    /// still be named: false only when every named position needs a pawn on its own second
    /// rank, a castling right or a piece that this position has lost, none of which a game
    /// gets back; the bound is exact in that sense and checked against a table made at
    /// build time. Once it is false, later visits change nothing.
    pub fn visit(&mut self, ply: usize, position: &Position) -> bool {
        if ply > 0
            && self.best.is_none_or(|best| best.ply <= ply)
            && let Some(opening) = named(position)
        {
            self.best = Some(Classified { opening, ply });
            return true;
        }
        table::may_be_named_later(position, &mut self.needs)
    }

    /// The deepest named position seen, with its opening.
    pub fn classified(&self) -> Option<Classified> {
        self.best
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::san::{Lang, play};

    fn after(sans: &str) -> Position {
        let mut position = Position::starting();
        for san in sans.split(' ') {
            play(&mut position, san, Lang::English).unwrap();
        }
        position
    }

    #[test]
    fn the_start_position_names_no_game() {
        let mut classifier = Classifier::new();
        assert!(classifier.visit(0, &Position::starting()));
        assert_eq!(classifier.classified(), None);
    }

    #[test]
    fn the_deepest_ply_visited_wins_in_any_order() {
        let (e4, e4_e5) = (after("e4"), after("e4 e5"));
        let mut classifier = Classifier::new();
        assert!(classifier.visit(2, &e4_e5) && classifier.visit(1, &e4));
        let classified = classifier.classified().unwrap();
        assert_eq!((classified.ply, classified.opening.eco), (2, "C20"));
        assert!(classifier.visit(7, &e4));
        assert_eq!(
            classifier.classified().map(|c| (c.ply, c.opening.eco)),
            Some((7, "B00"))
        );
    }

    #[test]
    fn a_bare_board_can_name_nothing_later() {
        let kings = Position::from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1").unwrap();
        let mut classifier = Classifier::new();
        assert!(!classifier.visit(1, &kings));
        assert_eq!(named(&kings), None);
    }
}
