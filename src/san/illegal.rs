//! Why a well-formed SAN move names no legal move: the reasons, and their messages.

use std::fmt;

use crate::color::Color;
use crate::role::{Piece, Role};
use crate::square::Square;

/// Why no legal move matches a well-formed SAN move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Illegal {
    /// The game is over: there is no legal move at all.
    GameOver {
        /// Checkmate (else stalemate).
        checkmate: bool,
    },
    /// No piece of that kind (and disambiguation) can reach the target, even on an empty board.
    NoPiece {
        /// The side to move.
        color: Color,
        /// The role written.
        role: Role,
        /// The target square.
        to: Square,
        /// The disambiguation written, as text (`b`, `1`, `b1`), if any.
        from: Option<String>,
    },
    /// A piece could reach the target but another piece stands in the way.
    PathBlocked {
        /// The moving piece.
        piece: Piece,
        /// Where it stands.
        from: Square,
        /// The target square.
        to: Square,
        /// The square of the first piece in the way.
        blocker: Square,
    },
    /// A piece of the side to move stands on the target.
    OwnPieceOnTarget {
        /// The target square.
        to: Square,
        /// What stands there.
        piece: Piece,
    },
    /// A pawn capture (or `x`) onto a square with nothing to capture.
    NothingToCapture {
        /// The target square.
        to: Square,
    },
    /// A pawn capture that does not name the file the pawn comes from (`xd5`).
    PawnCaptureWithoutFile {
        /// The target square.
        to: Square,
    },
    /// A pawn push onto an occupied square.
    PushBlocked {
        /// The pawn.
        from: Square,
        /// The occupied square.
        blocker: Square,
    },
    /// The move would leave or put the side's own king in check.
    KingInCheck {
        /// The moving piece.
        piece: Piece,
        /// Where it stands.
        from: Square,
        /// What the move does: `Pinned` (exposes the king), `MovesIntoCheck` (king move),
        /// `StaysInCheck` (does not answer an existing check).
        how: CheckReason,
        /// The enemy piece that would give check.
        attacker: Square,
    },
    /// Castling is not allowed here, and why.
    Castling {
        /// Queen side?
        long: bool,
        /// Why not.
        why: CastlingReason,
    },
    /// A pawn reaching the last rank without a promotion piece.
    PromotionMissing {
        /// The target square.
        to: Square,
    },
    /// A promotion on a move that does not reach the last rank, or not by a pawn.
    PromotionNotAllowed {
        /// The target square.
        to: Square,
    },
    /// A promotion to a king or a pawn.
    PromotionToWrongRole {
        /// The role written.
        role: Role,
    },
}

/// How a move would expose its own king.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CheckReason {
    /// The piece is pinned to its king.
    Pinned,
    /// The king would step into check.
    MovesIntoCheck,
    /// The king is in check and the move does not answer it.
    StaysInCheck,
}

/// Why castling is not allowed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CastlingReason {
    /// The right to castle on that side is gone (the king or the rook has moved).
    NoRight,
    /// The king is in check.
    OutOfCheck,
    /// A piece stands between king and rook.
    Blocked(Square),
    /// The king would cross or land on an attacked square.
    ThroughCheck(Square),
}

impl fmt::Display for Illegal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Illegal::GameOver { checkmate } => {
                let end = if *checkmate { "checkmate" } else { "stalemate" };
                write!(f, "the game is already over: {end}")
            }
            Illegal::NoPiece {
                color,
                role,
                to,
                from,
            } => {
                let on = from
                    .as_ref()
                    .map_or(String::new(), |from| format!(" on {from}"));
                write!(f, "no {color} {role}{on} can reach {to}")
            }
            Illegal::PathBlocked {
                piece,
                from,
                to,
                blocker,
            } => write!(
                f,
                "the {piece} on {from} cannot reach {to}: {blocker} is in the way"
            ),
            Illegal::OwnPieceOnTarget { to, piece } => write!(f, "{to} is occupied by a {piece}"),
            Illegal::NothingToCapture { to } => write!(f, "there is nothing to capture on {to}"),
            Illegal::PawnCaptureWithoutFile { to } => write!(
                f,
                "a pawn capture names the file the pawn comes from (like exd5), not just x{to}"
            ),
            Illegal::PushBlocked { from, blocker } => write!(
                f,
                "the pawn on {from} cannot advance: {blocker} is occupied"
            ),
            Illegal::KingInCheck {
                piece,
                from,
                how,
                attacker,
            } => write_king_in_check(f, *piece, *from, *how, *attacker),
            Illegal::Castling { long, why } => write_castling(f, *long, why),
            Illegal::PromotionMissing { to } => write!(
                f,
                "a pawn reaching {to} must promote: write {to}=Q, {to}=R, {to}=B or {to}=N"
            ),
            Illegal::PromotionNotAllowed { to } => write!(
                f,
                "only a pawn reaching the last rank promotes, and {to} is not that"
            ),
            Illegal::PromotionToWrongRole { role } => {
                write!(f, "a pawn cannot promote to a {role}")
            }
        }
    }
}

/// The message of [`Illegal::KingInCheck`].
fn write_king_in_check(
    f: &mut fmt::Formatter<'_>,
    piece: Piece,
    from: Square,
    how: CheckReason,
    attacker: Square,
) -> fmt::Result {
    match how {
        CheckReason::Pinned => write!(
            f,
            "the {piece} on {from} is pinned: moving it would expose the king to the piece on {attacker}"
        ),
        CheckReason::MovesIntoCheck => write!(
            f,
            "the king would move into check from the piece on {attacker}"
        ),
        CheckReason::StaysInCheck => write!(
            f,
            "the king is in check from the piece on {attacker}, and this move does not answer it"
        ),
    }
}

/// The message of [`Illegal::Castling`].
fn write_castling(f: &mut fmt::Formatter<'_>, long: bool, why: &CastlingReason) -> fmt::Result {
    let side = if long {
        "queen side (O-O-O)"
    } else {
        "king side (O-O)"
    };
    match why {
        CastlingReason::NoRight => {
            write!(f, "cannot castle {side}: the right to castle there is lost")
        }
        CastlingReason::OutOfCheck => write!(f, "cannot castle {side} out of check"),
        CastlingReason::Blocked(square) => write!(f, "cannot castle {side}: {square} is occupied"),
        CastlingReason::ThroughCheck(square) => write!(
            f,
            "cannot castle {side}: the king would pass or land on {square}, which is attacked"
        ),
    }
}
