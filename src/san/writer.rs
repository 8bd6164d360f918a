//! The SAN writer: canonical export SAN with minimal disambiguation and `+`/`#`.

use crate::attacks::piece_attacks;
use crate::bitboard::Bitboard;
use crate::moves::{Move, MoveKind};
use crate::position::Position;
use crate::role::Role;
use crate::square::{File, Rank, Square};

use super::SanText;

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
    let after = position.play(mv);
    let check = after.is_check();
    let san = san_marked(position, mv, check, check && !after.has_legal_moves());
    san.as_str().to_string()
}

/// `mv` (a legal move of `position`) in canonical SAN, marked `+` or `#` as `check` and `mate`
/// say: for a caller that knows them already (the PGN walk played the move).
pub(crate) fn san_marked(position: &Position, mv: Move, check: bool, mate: bool) -> SanText {
    // Built on the stack: a heap string a move was a fifth of recording a game.
    let mut san = Letters::default();
    write_san(&mut san, position, mv, check, mate);
    SanText::from(san.as_str())
}

/// [`san_marked`] appended to `out`, for a caller that keeps many moves' SAN in one buffer
/// of UTF-8 text.
pub(crate) fn push_san(out: &mut Vec<u8>, position: &Position, mv: Move, check: bool, mate: bool) {
    write_san(out, position, mv, check, mate);
}

/// Where SAN is written: letters pushed one by one.
trait Sink {
    fn push(&mut self, letter: char);

    fn push_str(&mut self, letters: &str) {
        letters.chars().for_each(|letter| self.push(letter));
    }
}

impl Sink for Vec<u8> {
    fn push(&mut self, letter: char) {
        let mut bytes = [0; 4];
        self.extend_from_slice(letter.encode_utf8(&mut bytes).as_bytes());
    }

    fn push_str(&mut self, letters: &str) {
        self.extend_from_slice(letters.as_bytes());
    }
}

fn write_san(san: &mut impl Sink, position: &Position, mv: Move, check: bool, mate: bool) {
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
        // Two pushes, not `write!`: the formatting machinery cost more than the move's check.
        san.push(mv.to().file().char());
        san.push(mv.to().rank().char());
        if let Some(role) = mv.promotion() {
            san.push('=');
            san.push(role.upper_char());
        }
    }
    if mate {
        san.push('#');
    } else if check {
        san.push('+');
    }
}

/// The letters of a SAN being written (at most `Qh4xe1+`'s length and a promotion's).
#[derive(Default)]
struct Letters {
    bytes: [u8; 12],
    len: usize,
}

impl Sink for Letters {
    /// Appends an ASCII letter (every SAN letter is one).
    fn push(&mut self, letter: char) {
        if let Some(byte) = self.bytes.get_mut(self.len) {
            *byte = letter as u8;
            self.len += 1;
        }
    }
}

impl Letters {
    fn as_str(&self) -> &str {
        let bytes = self.bytes.get(..self.len).unwrap_or_default();
        std::str::from_utf8(bytes).unwrap_or_default()
    }
}
