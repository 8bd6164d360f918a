//! What the rules say about a position: checkmate, stalemate, insufficient material, and the
//! [`Status`] of a position in its game (with the move-count and repetition rules).

use std::fmt;

use crate::bitboard::Bitboard;
use crate::color::Color;
use crate::position::Position;
use crate::role::Role;

/// What the rules say about a position in its game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    /// The game goes on.
    Ongoing,
    /// The side to move is checkmated.
    Checkmate,
    /// The side to move has no legal move and is not in check: a draw.
    Stalemate,
    /// Neither side can ever checkmate: a draw.
    InsufficientMaterial,
    /// 75 moves by each side without capture or pawn move: an automatic draw.
    SeventyFiveMoves,
    /// The same position for the fifth time: an automatic draw.
    FivefoldRepetition,
    /// 50 moves by each side without capture or pawn move: a draw either player may claim.
    FiftyMoves,
    /// The same position for the third time: a draw either player may claim.
    ThreefoldRepetition,
}

impl Status {
    /// What the rules say about `position`, reached for the `repetitions`-th time (counting
    /// this one). Repetitions are the game's business; a caller that knows none can have
    /// happened (fewer than eight plies since a capture or pawn move) needs no [`Game`](crate::Game).
    pub(crate) fn of(position: &Position, repetitions: usize) -> Status {
        if !position.has_legal_moves() {
            return if position.is_check() {
                Status::Checkmate
            } else {
                Status::Stalemate
            };
        }
        if position.is_insufficient_material() {
            return Status::InsufficientMaterial;
        }
        if position.halfmove_clock() >= 150 {
            Status::SeventyFiveMoves
        } else if repetitions >= 5 {
            Status::FivefoldRepetition
        } else if position.halfmove_clock() >= 100 {
            Status::FiftyMoves
        } else if repetitions >= 3 {
            Status::ThreefoldRepetition
        } else {
            Status::Ongoing
        }
    }

    /// Does the game end here without anybody claiming anything?
    pub fn is_game_over(self) -> bool {
        matches!(
            self,
            Status::Checkmate
                | Status::Stalemate
                | Status::InsufficientMaterial
                | Status::SeventyFiveMoves
                | Status::FivefoldRepetition
        )
    }

    /// A stable lower-case code: `checkmate`, `stalemate`, `insufficient_material`,
    /// `seventy_five_moves`, `fivefold`, `fifty_moves`, `threefold`, `ongoing`.
    pub fn code(self) -> &'static str {
        match self {
            Status::Ongoing => "ongoing",
            Status::Checkmate => "checkmate",
            Status::Stalemate => "stalemate",
            Status::InsufficientMaterial => "insufficient_material",
            Status::SeventyFiveMoves => "seventy_five_moves",
            Status::FivefoldRepetition => "fivefold",
            Status::FiftyMoves => "fifty_moves",
            Status::ThreefoldRepetition => "threefold",
        }
    }
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Status::Ongoing => "ongoing",
            Status::Checkmate => "checkmate",
            Status::Stalemate => "stalemate",
            Status::InsufficientMaterial => "draw by insufficient material",
            Status::SeventyFiveMoves => "draw by the seventy-five-move rule",
            Status::FivefoldRepetition => "draw by fivefold repetition",
            Status::FiftyMoves => "fifty-move rule (draw may be claimed)",
            Status::ThreefoldRepetition => "threefold repetition (draw may be claimed)",
        })
    }
}

impl Position {
    /// Can `color` never checkmate, whatever the other side does? (No pawns, rooks or queens,
    /// and only a lone knight or bishops all on one square colour; as python-chess judges it.)
    pub fn has_insufficient_material(&self, color: Color) -> bool {
        let ours = self.by_color(color);
        let heavy = self.by_role(Role::Pawn) | self.by_role(Role::Rook) | self.by_role(Role::Queen);
        if (ours & heavy).any() {
            return false;
        }
        if (ours & self.by_role(Role::Knight)).any() {
            // A lone knight mates only with the help of a blocking piece other than a queen.
            let helpers = self
                .by_color(!color)
                .minus(self.by_role(Role::King) | self.by_role(Role::Queen));
            return ours.count() <= 2 && helpers.is_empty();
        }
        if (ours & self.by_role(Role::Bishop)).any() {
            let bishops = self.by_role(Role::Bishop);
            let one_colour = (bishops & Bitboard::DARK_SQUARES).is_empty()
                || (bishops & Bitboard::LIGHT_SQUARES).is_empty();
            return one_colour
                && self.by_role(Role::Pawn).is_empty()
                && self.by_role(Role::Knight).is_empty();
        }
        true
    }

    /// Can neither side ever checkmate?
    ///
    /// ```
    /// use jaque::Position;
    /// assert!(Position::from_fen("8/8/4k3/8/8/2B5/8/4K3 w - - 0 1").unwrap().is_insufficient_material());
    /// assert!(!Position::from_fen("8/8/4k3/8/8/2N5/8/4K2N w - - 0 1").unwrap().is_insufficient_material());
    /// ```
    pub fn is_insufficient_material(&self) -> bool {
        Color::ALL
            .into_iter()
            .all(|c| self.has_insufficient_material(c))
    }

    /// Checkmate: in check with no legal move.
    pub fn is_checkmate(&self) -> bool {
        self.is_check() && !self.has_legal_moves()
    }

    /// Stalemate: not in check, no legal move.
    pub fn is_stalemate(&self) -> bool {
        !self.is_check() && !self.has_legal_moves()
    }
}
