//! Which moves give check, known before any is played.
//!
//! Playing a move looks for the pieces that give check in the new position (two slider
//! lookups from the enemy king). A walk that plays every move of a position, as perft does,
//! can instead find once where each of the mover's pieces would give check and which of them
//! uncover a slider by moving, and then look for checkers only after the few moves that
//! give check.

use crate::attacks::{bishop_attacks, knight_attacks, line, pawn_attacks, rook_attacks};
use crate::bitboard::Bitboard;
use crate::moves::{Move, MoveKind};
use crate::position::Position;
use crate::square::Square;

/// Where the side to move gives check in one position.
pub(crate) struct CheckSquares {
    /// By role, the squares from which a piece of that role of the side to move attacks the
    /// enemy king (none for the king).
    direct: [Bitboard; 6],
    /// The pieces of the side to move that alone stand between one of its sliders and the
    /// enemy king: moving off that line uncovers a check.
    uncovering: Bitboard,
    /// The enemy king.
    king: Square,
}

impl CheckSquares {
    /// Can `mv` give check? Exactly when it does for a plain move, a capture or a double
    /// push; always yes for castling, en passant and promotion, rare moves whose checks
    /// [`Position::checkers_after_move`] finds from scratch.
    #[inline]
    fn may_give_check(&self, mv: Move) -> bool {
        if matches!(
            mv.kind(),
            MoveKind::Castle | MoveKind::EnPassant | MoveKind::Promotion(_)
        ) {
            return true;
        }
        let (from, to) = (mv.from(), mv.to());
        // A slider reaching `to` sees the king along squares that were empty before the move,
        // except perhaps `from`, which cannot lie between `to` and the king: the piece would
        // have been giving check already, with the enemy to move.
        self.direct[mv.role().index()].contains(to)
            || (self.uncovering.contains(from) && !line(self.king, from).contains(to))
    }
}

impl Position {
    /// Where the side to move gives check (see [`CheckSquares`]).
    #[inline]
    pub(crate) fn check_squares(&self) -> CheckSquares {
        let us = self.turn;
        let king = self.king(!us);
        let occupied = self.occupied();
        let ours = self.by_color(us);
        let (bishop, rook) = (bishop_attacks(king, occupied), rook_attacks(king, occupied));
        CheckSquares {
            direct: [
                pawn_attacks(!us, king),
                knight_attacks(king),
                bishop,
                rook,
                bishop | rook,
                Bitboard::EMPTY,
            ],
            // Our pieces "pinned" to their king by our own sliders.
            uncovering: self.pinned(king, ours, ours, occupied),
            king,
        }
    }

    /// Plays `mv` on this position itself, like [`Position::play_in_place`], for a walk that
    /// plays every move of the position before: `checks` (from [`Position::check_squares`]
    /// there) spares the look for checkers after most moves. In place rather than returned:
    /// copying a position just written, field by field, out to the caller stalled on the
    /// stores it reads back.
    #[inline]
    pub(crate) fn play_in_place_with(&mut self, mv: Move, checks: &CheckSquares) {
        self.move_pieces(mv);
        self.checkers = if checks.may_give_check(mv) {
            self.checkers_after_move(mv)
        } else {
            Bitboard::EMPTY
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// After every legal move of every position of the vendored perft data (standard and
    /// Chess960) and of the positions one move later, `play_in_place_with` leaves the position `play`
    /// does, with every attacker of the king as checkers, found from scratch.
    #[test]
    fn playing_with_check_squares_finds_every_check() {
        let files = [
            (include_str!("../../tests/data/perft_random.epd"), false),
            (include_str!("../../tests/data/perft_960.epd"), true),
        ];
        let (mut checked, mut checks) = (0, 0);
        let mut test = |position: &Position| {
            let squares = position.check_squares();
            for mv in position.legal_moves() {
                let mut next = *position;
                next.play_in_place_with(mv, &squares);
                assert_eq!(next.checkers(), next.find_checkers(), "{position:?} {mv:?}");
                assert_eq!(next, position.play(mv), "{position:?} {mv:?}");
                checked += 1;
                checks += usize::from(next.is_check());
            }
        };
        for (data, chess960) in files {
            for line in data
                .lines()
                .filter(|l| !l.starts_with('#') && !l.is_empty())
            {
                let fen = line.split(';').next().unwrap_or_default().trim();
                let position = Position::from_fen_with(fen, chess960).expect("vendored FEN");
                test(&position);
                for mv in position.legal_moves() {
                    test(&position.play(mv));
                }
            }
        }
        assert!(checked > 100_000 && checks > 5_000, "{checked} {checks}");
    }
}
