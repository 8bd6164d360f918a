//! The SAN writer: canonical export SAN with minimal disambiguation and `+`/`#`.

use std::fmt::Write;

use crate::attacks::piece_attacks;
use crate::bitboard::Bitboard;
use crate::moves::{Move, MoveKind};
use crate::position::Position;
use crate::role::Role;
use crate::square::{File, Rank, Square};

/// The disambiguation export SAN needs for `mv` (a legal move of `position`): none, the file,
/// the rank, or both. Pawn captures always name the file.
#[inline]
pub(crate) fn disambiguation(position: &Position, mv: Move) -> (Option<File>, Option<Rank>) {
    let (from, to, role) = (mv.from(), mv.to(), mv.role());
    if mv.is_castle() {
        return (None, None);
    }
    if role == Role::Pawn {
        let capture = from.file() != to.file();
        return (capture.then(|| from.file()), None);
    }
    separating(from, rivals(position, mv))
}

/// The other pieces of `mv`'s role (not a pawn) that could legally go to the same square:
/// what the disambiguation of `mv` must tell apart.
#[inline(never)]
fn rivals(position: &Position, mv: Move) -> Bitboard {
    let (from, to, role) = (mv.from(), mv.to(), mv.role());
    let reach = piece_attacks(role, to, position.occupied());
    let captured = position
        .by_color(!position.turn())
        .contains(to)
        .then_some(to);
    (reach & position.pieces(position.turn(), role))
        .without(from)
        .into_iter()
        .filter(|&other| position.attackers_after(other, to, captured).is_empty())
        .collect()
}

/// The disambiguation of a piece move from `from` that `rivals` (other pieces of its role
/// that could legally go to the same square) make necessary: the file if it tells them
/// apart, else the rank, else both.
#[inline]
pub(crate) fn separating(from: Square, rivals: Bitboard) -> (Option<File>, Option<Rank>) {
    if rivals.is_empty() {
        (None, None)
    } else if (rivals & Bitboard::file(from.file())).is_empty() {
        (Some(from.file()), None)
    } else if (rivals & Bitboard::rank(from.rank())).is_empty() {
        (None, Some(from.rank()))
    } else {
        (Some(from.file()), Some(from.rank()))
    }
}

/// `mv` (a legal move of `position`) in canonical SAN, with `+` or `#`.
///
/// ```
/// use jaque::Position;
/// use jaque::san::to_san;
/// let position = Position::from_fen("k7/pp6/8/8/8/8/8/RN2K2R w K - 0 1").unwrap();
/// let sans: Vec<String> = position.legal_moves().iter().map(|&m| to_san(&position, m)).collect();
/// assert!(sans.contains(&"O-O".to_string()));
/// assert!(sans.contains(&"Rh8#".to_string()));
/// assert!(sans.contains(&"Nc3".to_string()));
/// ```
pub fn to_san(position: &Position, mv: Move) -> String {
    let mut san = String::with_capacity(8);
    if let Some((king_to, _)) = mv.castling_destinations() {
        san.push_str(if king_to.file() == File::G {
            "O-O"
        } else {
            "O-O-O"
        });
    } else {
        if mv.role() != Role::Pawn {
            san.push(mv.role().upper_char());
        }
        let (file, rank) = disambiguation(position, mv);
        if let Some(file) = file {
            san.push(file.char());
        }
        if let Some(rank) = rank {
            san.push(rank.char());
        }
        let capture = mv.kind() == MoveKind::EnPassant
            || position.by_color(!position.turn()).contains(mv.to());
        if capture {
            san.push('x');
        }
        let _ = write!(san, "{}", mv.to());
        if let Some(role) = mv.promotion() {
            san.push('=');
            san.push(role.upper_char());
        }
    }
    let after = position.play(mv);
    if after.is_check() {
        san.push(if after.has_legal_moves() { '+' } else { '#' });
    }
    san
}
