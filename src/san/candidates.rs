//! What resolving a piece or pawn move and explaining why it fails share: the square it goes
//! to with what a move there captures ([`Target`]), the pieces that can reach it, the origins
//! a disambiguation allows, and whether the game is over. Resolution (`resolve.rs`) takes the
//! quick path with them, its explanation (`explain.rs`) the slow one; neither needs the other's.

use crate::attacks::{pawn_attacks, piece_attacks};
use crate::bitboard::Bitboard;
use crate::color::Color;
use crate::moves::MoveKind;
use crate::position::Position;
use crate::role::Role;
use crate::square::{File, Rank, Square};

use super::error::SanError;
use super::illegal::Illegal;

/// The error of a move in a game that is over (mate or stalemate), if it is: no move is
/// legal, whatever the text says.
pub(super) fn game_over(position: &Position) -> Option<SanError> {
    (!position.has_legal_moves()).then(|| {
        SanError::Illegal(Illegal::GameOver {
            checkmate: position.is_check(),
        })
    })
}

/// The squares a disambiguation allows.
pub(super) fn from_filter(from_file: Option<File>, from_rank: Option<Rank>) -> Bitboard {
    let mut filter = Bitboard::FULL;
    if let Some(file) = from_file {
        filter &= Bitboard::file(file);
    }
    if let Some(rank) = from_rank {
        filter &= Bitboard::rank(rank);
    }
    filter
}

/// The target square of a piece or pawn move, with what a move there captures.
pub(super) struct Target {
    pub(super) role: Role,
    pub(super) to: Square,
    /// The en-passant square, if a pawn goes there.
    ep: Option<Square>,
    /// The square of the captured piece (not `to` for en passant).
    pub(super) captured: Option<Square>,
}

impl Target {
    #[inline]
    pub(super) fn new(position: &Position, role: Role, to: Square) -> Target {
        let us = position.turn();
        let ep = position
            .ep_square()
            .filter(|&ep| ep == to && role == Role::Pawn);
        let captured = if let Some(ep) = ep {
            Some(Square::new(ep.file(), Rank::Fifth.relative(us)))
        } else if position.by_color(!us).contains(to) {
            Some(to)
        } else {
            None
        };
        Target {
            role,
            to,
            ep,
            captured,
        }
    }

    /// The pieces within `filter` that can reach the target with the board as it is
    /// (pseudo-legal).
    #[inline]
    pub(super) fn reach(
        &self,
        position: &Position,
        filter: Bitboard,
        from_file: Option<File>,
    ) -> Bitboard {
        let us = position.turn();
        let to = self.to;
        let ours = position.pieces(us, self.role) & filter;
        let occupied = position.occupied();
        match self.role {
            Role::Pawn => {
                let mut reach = Bitboard::EMPTY;
                let capture_written = from_file.is_some_and(|f| f != to.file());
                if capture_written {
                    if position.by_color(!us).contains(to) || self.ep.is_some() {
                        reach |= pawn_attacks(!us, to) & ours;
                    }
                } else if !occupied.contains(to) {
                    let back = |n: i8| to.offset(0, if us == Color::White { -n } else { n });
                    if let Some(one) = back(1) {
                        if ours.contains(one) {
                            reach.insert(one);
                        } else if !occupied.contains(one)
                            && to.rank() == Rank::Fourth.relative(us)
                            && let Some(two) = back(2).filter(|&sq| ours.contains(sq))
                        {
                            reach.insert(two);
                        }
                    }
                }
                reach
            }
            piece => piece_attacks(piece, to, occupied) & ours,
        }
    }

    /// The kind of a move from `from` to the target.
    #[inline]
    pub(super) fn kind(
        &self,
        position: &Position,
        from: Square,
        promotion: Option<Role>,
    ) -> MoveKind {
        let us = position.turn();
        if self.role != Role::Pawn {
            MoveKind::Normal
        } else if let Some(promoted) = promotion {
            MoveKind::Promotion(promoted)
        } else if self.ep.is_some() {
            MoveKind::EnPassant
        } else if from.rank() == Rank::Second.relative(us)
            && self.to.rank() == Rank::Fourth.relative(us)
        {
            MoveKind::DoublePawnPush
        } else {
            MoveKind::Normal
        }
    }
}
