//! The move a game played at a position, in 14 bits: its squares and promotion, which is all
//! that tells a legal move from the others. Packing needs no move generation, so that
//! indexing pays nothing for it; unpacking finds the legal move with those squares, so that
//! a code that is not legal in the position asked about (another position's, whose key is
//! the same) is known and left out.

use crate::{Move, Position, Role, Square};

/// A game's result, as its `Result` tag gives it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Outcome {
    /// `*`, or no result: counted in a position's games, not in its scores.
    #[default]
    Unknown,
    /// `1-0`.
    WhiteWins,
    /// `1/2-1/2`.
    Draw,
    /// `0-1`.
    BlackWins,
}

impl Outcome {
    /// The outcome a `Result` tag's value names (`*` and anything else: unknown).
    pub fn of_result(result: Option<&str>) -> Outcome {
        match result {
            Some("1-0") => Outcome::WhiteWins,
            Some("1/2-1/2") => Outcome::Draw,
            Some("0-1") => Outcome::BlackWins,
            _ => Outcome::Unknown,
        }
    }

    /// The outcome as a `Result` tag writes it (`1-0`, `1/2-1/2`, `0-1`, `*`).
    pub fn result(self) -> &'static str {
        match self {
            Outcome::WhiteWins => "1-0",
            Outcome::Draw => "1/2-1/2",
            Outcome::BlackWins => "0-1",
            Outcome::Unknown => "*",
        }
    }

    /// All four, in the order of their numbers.
    pub const ALL: [Outcome; 4] = [
        Outcome::Unknown,
        Outcome::WhiteWins,
        Outcome::Draw,
        Outcome::BlackWins,
    ];
}

/// The promotion roles by code: 0 a queen (the promotion nearly every promoting move makes,
/// and a code no other move reads).
const PROMOTIONS: [Role; 4] = [Role::Queen, Role::Knight, Role::Bishop, Role::Rook];

/// A move in 14 bits: from (6), to (6; castling: the rook's square), promotion (2, read only
/// for a promotion). From and to equal: no move (the game ended at the position).
///
/// ```
/// use jaque::Position;
/// use jaque::index::code::MoveCode;
/// let start = Position::starting();
/// let e4 = start.legal_moves().into_iter().find(|m| m.to().to_string() == "e4").unwrap();
/// let code = MoveCode::new(Some(e4));
/// assert_eq!(code.unpack(&start), Some(e4));
/// assert_eq!(code.unpack(&start.play(e4)), None);
/// assert_eq!(MoveCode::from_bits(code.bits()), Some(code));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct MoveCode(u16);

impl MoveCode {
    /// The bits of a code.
    pub const BITS: u32 = 14;

    /// No move: the game ended at the position.
    pub const NONE: MoveCode = MoveCode(0);

    /// The code of `mv` (`None`: no move).
    pub fn new(mv: Option<Move>) -> MoveCode {
        let Some(mv) = mv else {
            return MoveCode::NONE;
        };
        let promotion = (mv.promotion())
            .and_then(|role| PROMOTIONS.iter().position(|&r| r == role))
            .unwrap_or(0) as u16;
        let (from, to) = (mv.from().index() as u16, mv.to().index() as u16);
        MoveCode(from | to << 6 | promotion << 12)
    }

    /// Whether a move was played.
    pub fn is_move(self) -> bool {
        self.0 & 63 != self.0 >> 6 & 63
    }

    /// The squares (12 bits), and the promotion's code (2 bits, 0 for none or a queen).
    pub fn parts(self) -> (u16, u16) {
        (self.0 & 0xfff, self.0 >> 12)
    }

    /// The code of squares and a promotion's code, as [`MoveCode::parts`] gives them.
    pub fn of_parts(squares: u16, promotion: u16) -> MoveCode {
        MoveCode(squares & 0xfff | (promotion & 3) << 12)
    }

    /// Its bits.
    pub fn bits(self) -> u16 {
        self.0
    }

    /// The code of [`MoveCode::BITS`] bits (`None`: more).
    pub fn from_bits(bits: u16) -> Option<MoveCode> {
        (bits >> MoveCode::BITS == 0).then_some(MoveCode(bits))
    }

    /// The legal move of `position` this stands for, if there is one.
    pub fn unpack(self, position: &Position) -> Option<Move> {
        if !self.is_move() {
            return None;
        }
        let from = Square::from_index((self.0 & 63) as u8)?;
        let to = Square::from_index((self.0 >> 6 & 63) as u8)?;
        let promotion = PROMOTIONS[usize::from(self.0 >> 12 & 3)];
        (position.legal_moves().iter().copied()).find(|mv| {
            mv.from() == from && mv.to() == to && mv.promotion().is_none_or(|r| r == promotion)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::xorshift::XorShift;

    #[test]
    fn random_lines_with_every_kind_of_move_come_back_as_played() {
        let mut rng = XorShift(0xbad5eed);
        let mut kinds = std::collections::HashSet::new();
        let mut promotions = std::collections::HashSet::new();
        for _ in 0..300 {
            let mut position = Position::starting();
            for _ in 0..200 {
                let legal = position.legal_moves();
                if legal.is_empty() {
                    break;
                }
                let mv = *rng.pick(&legal);
                kinds.insert(std::mem::discriminant(&mv.kind()));
                promotions.insert(mv.promotion());
                let code = MoveCode::new(Some(mv));
                assert_eq!(code.unpack(&position), Some(mv));
                let (squares, promotion) = code.parts();
                assert_eq!(MoveCode::of_parts(squares, promotion), code);
                position = position.play(mv);
            }
        }
        assert_eq!(
            kinds.len(),
            5,
            "normal, double push, en passant, castling, promotion"
        );
        assert_eq!(promotions.len(), 5, "none and the four roles");
    }

    #[test]
    fn no_move_is_no_move() {
        assert!(!MoveCode::NONE.is_move());
        assert_eq!(MoveCode::NONE.unpack(&Position::starting()), None);
        assert_eq!(MoveCode::from_bits(1 << 14), None);
    }
}
