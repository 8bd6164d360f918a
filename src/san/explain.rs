//! Why a piece or pawn move names no legal move, or several: the slow path of resolution,
//! taken where the quick one found no single move, to say what is wrong.

use super::candidates::{Target, from_filter, game_over};
use super::error::SanError;
use super::illegal::{CheckReason, Illegal};
use super::writer::to_san;
use crate::attacks::{between, pawn_attacks, piece_attacks};
use crate::bitboard::Bitboard;
use crate::color::Color;
use crate::moves::Move;
use crate::position::Position;
use crate::role::{Piece, Role};
use crate::square::{File, Rank, Square};

/// Why a piece or pawn move does not name exactly one legal move, most fundamental reason
/// first (or, where [`super::resolve`]'s quick path gave up early, the move after all).
#[cold]
#[inline(never)]
pub(super) fn explain_normal(
    position: &Position,
    role: Role,
    from_file: Option<File>,
    from_rank: Option<Rank>,
    to: Square,
    promotion: Option<Role>,
    capture: bool,
) -> Result<Move, SanError> {
    let filter = from_filter(from_file, from_rank);
    let target = Target::new(position, role, to);
    let attempt = Attempt {
        position,
        from_file,
        from_rank,
        promotion,
        capture,
        ours: position.pieces(position.turn(), role) & filter,
        reach: target.reach(position, filter, from_file),
        target,
    };
    if let Some(why) = attempt.wrong_promotion() {
        return Err(SanError::Illegal(why));
    }
    if let Some(found) = attempt.legal_matches() {
        return found;
    }
    if let Some(over) = game_over(position) {
        return Err(over);
    }
    Err(SanError::Illegal(attempt.why_illegal()))
}

/// A piece or pawn move as written, against the position: what the steps of the
/// explanation share.
struct Attempt<'a> {
    position: &'a Position,
    from_file: Option<File>,
    from_rank: Option<Rank>,
    promotion: Option<Role>,
    capture: bool,
    target: Target,
    /// The pieces of the role that the disambiguation allows.
    ours: Bitboard,
    /// Those of them that reach the target with the board as it is (pseudo-legal).
    reach: Bitboard,
}

impl Attempt<'_> {
    /// A promotion to a role no pawn becomes, where no pawn promotes, or missing where a pawn
    /// would.
    fn wrong_promotion(&self) -> Option<Illegal> {
        let Target { role, to, .. } = self.target;
        let us = self.position.turn();
        let last_rank = to.rank() == Rank::Eighth.relative(us);
        match self.promotion {
            Some(promoted @ (Role::King | Role::Pawn)) => {
                Some(Illegal::PromotionToWrongRole { role: promoted })
            }
            Some(_) if role != Role::Pawn || !last_rank => {
                Some(Illegal::PromotionNotAllowed { to })
            }
            // Only when a pawn could actually get there; else the better reason comes later.
            None if role == Role::Pawn
                && last_rank
                && (origins_on_empty_board(self.position, role, to)
                    & self.position.pieces(us, Role::Pawn))
                .any() =>
            {
                Some(Illegal::PromotionMissing { to })
            }
            _ => None,
        }
    }

    /// The one legal move that matches after all, or the ambiguity of several; `None` when
    /// none does.
    fn legal_matches(&self) -> Option<Result<Move, SanError>> {
        let position = self.position;
        let Target {
            role, to, captured, ..
        } = self.target;
        if position.by_color(position.turn()).contains(to) {
            return None;
        }
        let mut legal = Bitboard::EMPTY;
        for from in self.reach {
            if position.attackers_after(from, to, captured).is_empty() {
                legal.insert(from);
            }
        }
        let mv = |from| {
            Move::new(
                role,
                from,
                to,
                self.target.kind(position, from, self.promotion),
            )
        };
        if let Some(from) = legal.single() {
            return Some(Ok(mv(from)));
        }
        legal.more_than_one().then(|| {
            let candidates = legal.into_iter().map(|from| to_san(position, mv(from)));
            Err(SanError::Ambiguous {
                candidates: candidates.collect(),
            })
        })
    }

    /// Why no legal move matches, most fundamental reason first.
    fn why_illegal(&self) -> Illegal {
        let position = self.position;
        let us = position.turn();
        let Target { role, to, .. } = self.target;
        let geometric = origins_on_empty_board(position, role, to) & self.ours;
        if geometric.is_empty() {
            return self.no_piece(self.disambiguation());
        }
        if let Some(piece) = position.piece_at(to).filter(|p| p.color == us) {
            return Illegal::OwnPieceOnTarget { to, piece };
        }
        if role == Role::Pawn && self.reach.is_empty() {
            return self.why_no_pawn(geometric);
        }
        if self.reach.is_empty() {
            let from = geometric.lsb().unwrap_or(to);
            let blocker = (between(from, to) & position.occupied())
                .lsb()
                .unwrap_or(to);
            return Illegal::PathBlocked {
                piece: Piece { color: us, role },
                from,
                to,
                blocker,
            };
        }
        self.king_in_check()
    }

    /// The disambiguation as written (`b`, `1`, `b1`), if any.
    fn disambiguation(&self) -> Option<String> {
        match (self.from_file, self.from_rank) {
            (None, None) => None,
            (file, rank) => Some(format!(
                "{}{}",
                file.map_or(String::new(), |f| f.to_string()),
                rank.map_or(String::new(), |r| r.to_string())
            )),
        }
    }

    /// No piece of the role (on `from`, as written) can reach the target.
    fn no_piece(&self, from: Option<String>) -> Illegal {
        Illegal::NoPiece {
            color: self.position.turn(),
            role: self.target.role,
            to: self.target.to,
            from,
        }
    }

    /// Why no pawn of `geometric` (those that could reach the target on an empty board)
    /// gets there.
    fn why_no_pawn(&self, geometric: Bitboard) -> Illegal {
        let position = self.position;
        let them = !position.turn();
        let to = self.target.to;
        let occupied = position.occupied();
        let diagonal = pawn_attacks(them, to) & self.ours;
        let capture_written = self.from_file.is_some_and(|f| f != to.file());
        if capture_written && diagonal.any() && !occupied.contains(to) {
            return Illegal::NothingToCapture { to };
        }
        if self.capture && self.from_file.is_none() {
            return Illegal::PawnCaptureWithoutFile { to };
        }
        if let Some(from) = geometric.minus(pawn_attacks(them, to)).lsb() {
            let blocker = (between(from, to) | Bitboard::from(to)) & occupied;
            if let Some(blocker) = blocker.lsb() {
                return Illegal::PushBlocked { from, blocker };
            }
        }
        self.no_piece(None)
    }

    /// The piece reaches the target, but the move would leave its own king in check.
    fn king_in_check(&self) -> Illegal {
        let position = self.position;
        let Target {
            role, to, captured, ..
        } = self.target;
        let from = self.reach.lsb().unwrap_or(to);
        let attacker = position
            .attackers_after(from, to, captured)
            .lsb()
            .unwrap_or(to);
        let how = if role == Role::King {
            CheckReason::MovesIntoCheck
        } else if position.is_check() && position.checkers().contains(attacker) {
            CheckReason::StaysInCheck
        } else {
            CheckReason::Pinned
        };
        Illegal::KingInCheck {
            piece: Piece {
                color: position.turn(),
                role,
            },
            from,
            how,
            attacker,
        }
    }
}

/// The squares from which a `role` of the side to move could reach `to` on an empty board.
fn origins_on_empty_board(position: &Position, role: Role, to: Square) -> Bitboard {
    let us = position.turn();
    match role {
        Role::Pawn => {
            let back = |n: i8| to.offset(0, if us == Color::White { -n } else { n });
            let mut squares = pawn_attacks(!us, to);
            if let Some(one) = back(1) {
                squares.insert(one);
            }
            if to.rank() == Rank::Fourth.relative(us)
                && let Some(two) = back(2)
            {
                squares.insert(two);
            }
            squares
        }
        piece => piece_attacks(piece, to, Bitboard::EMPTY),
    }
}
