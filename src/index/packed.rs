//! A mainline kept in two bytes a move, as the index stores each game: the move's squares and
//! its promotion, which is all that tells a legal move from the others. Packing needs no move
//! generation, so that indexing pays nothing for it; unpacking finds the legal move with those
//! squares, so that a damaged record ends the line where it stops being legal, never in a
//! position no game could reach.

use crate::{Move, Position, Role, Square};

/// One move in 16 bits: from (6), to (6; castling: the rook's square), promotion (3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PackedMove(u16);

/// The promotion roles, in the order of their codes 1 to 4 (0: no promotion).
const PROMOTIONS: [Role; 4] = [Role::Knight, Role::Bishop, Role::Rook, Role::Queen];

impl PackedMove {
    /// `mv`, packed.
    pub fn of(mv: Move) -> PackedMove {
        let promotion = (mv.promotion())
            .and_then(|role| PROMOTIONS.iter().position(|&r| r == role))
            .map_or(0, |code| code as u16 + 1);
        let (from, to) = (mv.from().index() as u16, mv.to().index() as u16);
        PackedMove(from | to << 6 | promotion << 12)
    }

    /// The legal move of `position` this stands for, if there is one.
    pub fn unpack(self, position: &Position) -> Option<Move> {
        let (from, to) = (self.0 & 63, self.0 >> 6 & 63);
        let promotion = match self.0 >> 12 {
            0 => None,
            code => Some(*PROMOTIONS.get(usize::from(code) - 1)?),
        };
        let from = Square::from_index(from as u8)?;
        let to = Square::from_index(to as u8)?;
        (position.legal_moves().iter().copied())
            .find(|mv| mv.from() == from && mv.to() == to && mv.promotion() == promotion)
    }
}

/// `moves`, packed: two bytes each, little-endian.
///
/// ```
/// use jaque::Game;
/// use jaque::index::packed::{pack, unpack};
/// let mut game = Game::new(jaque::Position::starting());
/// for uci in ["e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6", "e1g1"] {
///     game.play_uci(uci).unwrap();
/// }
/// let bytes = pack(game.moves());
/// assert_eq!(bytes.len(), 14);
/// let line: Vec<_> = unpack(*game.start(), &bytes).map(|(_, mv)| mv).collect();
/// assert_eq!(line, game.moves());
/// ```
pub fn pack(moves: &[Move]) -> Vec<u8> {
    (moves.iter())
        .flat_map(|&mv| PackedMove::of(mv).0.to_le_bytes())
        .collect()
}

/// The moves of `bytes` played from `start`, each with the position before it; the line ends
/// at the first move that is not legal there (or at an odd last byte).
pub fn unpack(start: Position, bytes: &[u8]) -> impl Iterator<Item = (Position, Move)> + '_ {
    let mut position = Some(start);
    bytes.chunks_exact(2).map_while(move |pair| {
        let before = position.take()?;
        let packed = PackedMove(u16::from_le_bytes([*pair.first()?, *pair.get(1)?]));
        let mv = packed.unpack(&before)?;
        position = Some(before.play(mv));
        Some((before, mv))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::xorshift::XorShift;

    #[test]
    fn random_lines_with_every_kind_of_move_come_back_as_played() {
        let mut rng = XorShift(0xbad5eed);
        let mut kinds = std::collections::HashSet::new();
        for _ in 0..300 {
            let mut position = Position::starting();
            let mut moves = Vec::new();
            for _ in 0..200 {
                let legal = position.legal_moves();
                if legal.is_empty() {
                    break;
                }
                let mv = *rng.pick(&legal);
                kinds.insert(std::mem::discriminant(&mv.kind()));
                moves.push(mv);
                position = position.play(mv);
            }
            let back: Vec<Move> = unpack(Position::starting(), &pack(&moves))
                .map(|(_, mv)| mv)
                .collect();
            assert_eq!(back, moves);
        }
        assert_eq!(
            kinds.len(),
            5,
            "normal, double push, en passant, castling, promotion"
        );
    }

    #[test]
    fn a_damaged_line_ends_where_it_stops_being_legal() {
        let e4 = PackedMove(12 | 28 << 6).0.to_le_bytes();
        let bad = PackedMove(63 << 6 | 7 << 12).0.to_le_bytes();
        let bytes = [e4, bad, e4].concat();
        assert_eq!(unpack(Position::starting(), &bytes).count(), 1);
        assert_eq!(unpack(Position::starting(), &[1, 2, 3]).count(), 0);
    }
}
