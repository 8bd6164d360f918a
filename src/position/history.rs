//! A line of play's history for the repetition rules: its moves from the start position, and
//! where its last run of reversible moves (neither capture nor pawn move) begins. Repetitions
//! are counted going back from the last position, taking the run's moves back one by one.

use crate::bitboard::Bitboard;
use crate::color::Color;
use crate::moves::{Move, MoveKind};
use crate::position::{Position, Status, back_rank};
use crate::role::Role;
use crate::square::Square;

/// The moves (`None` for a null move) from a start position, where the last run of
/// reversible moves begins, and that run's en-passant square and castling rights: enough for
/// repetitions, which are counted going back from the last position.
///
/// No position is copied per move: a copy of the position just played waits for the move's
/// stores to land (a vector load over scalar stores cannot take them from the store buffer),
/// and nothing branches on whether a move was reversible (a coin toss).
pub(crate) struct History {
    moves: Vec<Option<Move>>,
    /// The index in `moves` after the last capture, pawn move or null move.
    reversible_from: usize,
    /// The en-passant square and the castling rights of the position after that move (or of
    /// the start).
    run_ep_square: Option<Square>,
    run_castling: Bitboard,
}

impl History {
    /// A history from `start`, its moves kept in `moves` (cleared: a caller may hand the same
    /// vector to every game, see [`History::into_moves`]).
    pub(crate) fn new(start: Position, mut moves: Vec<Option<Move>>) -> History {
        moves.clear();
        // A game's mainline: rarely longer than this.
        moves.reserve(128);
        History {
            moves,
            reversible_from: 0,
            run_ep_square: start.ep_square(),
            run_castling: start.castling,
        }
    }

    /// `now` was reached by `mv` (`None`: a null move, after which nothing repeats).
    #[inline]
    pub(crate) fn record(&mut self, now: &Position, mv: Option<Move>) {
        self.moves.push(mv);
        let irreversible = mv.is_none() || now.halfmove_clock() == 0;
        use std::hint::select_unpredictable as select;
        self.reversible_from = select(irreversible, self.moves.len(), self.reversible_from);
        self.run_ep_square = select(irreversible, now.ep_square(), self.run_ep_square);
        self.run_castling = select(irreversible, now.castling, self.run_castling);
    }

    /// The moves recorded, in their vector, for the next history.
    pub(crate) fn into_moves(self) -> Vec<Option<Move>> {
        self.moves
    }

    /// What the rules say about `last`, the position after every move recorded.
    /// Repetitions need the positions since the last capture or pawn move: with fewer than
    /// eight reversible moves none can repeat three times, and only the last position is
    /// looked at; otherwise the moves are taken back one by one to count how often `last`
    /// occurred.
    pub(crate) fn status(&self, last: &Position) -> Status {
        if self.reversible_moves().len() < 8 {
            return Status::of(last, 1);
        }
        Status::of(last, self.repetitions(last))
    }

    /// The reversible moves since the last capture, pawn move or null move.
    fn reversible_moves(&self) -> &[Option<Move>] {
        self.moves.get(self.reversible_from..).unwrap_or_default()
    }

    /// How many times `last`, the position after every move recorded, has occurred since
    /// the last capture, pawn move or null move, this time included: found by taking the
    /// reversible moves back one by one. Castling rights never come back, so the walk back
    /// stops at the last move that lost some (castling among them): no position before it
    /// can be `last` again. The rights before each move are found forward from the run's.
    fn repetitions(&self, last: &Position) -> usize {
        let moves: Vec<Move> = self.reversible_moves().iter().flatten().copied().collect();
        // The side to move at the run's start: one ply back per move from the last.
        let mut mover = if moves.len().is_multiple_of(2) {
            last.turn
        } else {
            !last.turn
        };
        let mut rights = self.run_castling;
        let mut castling = Vec::with_capacity(moves.len());
        for &mv in &moves {
            castling.push(rights);
            rights = castling_after_reversible(rights, mover, mv);
            mover = !mover;
        }
        let mut position = *last;
        let mut count = 1;
        for (taken, (&mv, &before)) in moves.iter().zip(&castling).rev().enumerate() {
            if before != last.castling || mv.kind() == MoveKind::Castle {
                break;
            }
            position.unplay_reversible(mv);
            if taken + 1 == moves.len() {
                position.ep_square = self.run_ep_square;
            }
            // Every second position has the same side to move.
            count += usize::from(taken % 2 == 1 && position.repeats(last));
        }
        count
    }
}

/// The castling rights `castling` after `mv`, a reversible move (neither a capture nor a pawn
/// move) of `mover`: as [`Position::play_in_place`] leaves them.
fn castling_after_reversible(castling: Bitboard, mover: Color, mv: Move) -> Bitboard {
    let mut lost = Bitboard::from(mv.from()) | Bitboard::from(mv.to());
    if mv.kind() == MoveKind::Castle || mv.role() == Role::King {
        lost |= Bitboard::rank(back_rank(mover));
    }
    castling.minus(lost)
}

impl Position {
    /// Takes back `mv`, the last move played, a reversible move (neither a capture nor a pawn
    /// move) other than castling that left the castling rights as they were: the pieces and
    /// the side to move are as before it, and there is no en-passant square (none can follow
    /// a reversible move). The clocks and the checkers are left as they are. What a repetition
    /// count compares, going back from the last position without a copy per move.
    fn unplay_reversible(&mut self, mv: Move) {
        let mover = !self.turn;
        let from_to = Bitboard::from(mv.from()) | Bitboard::from(mv.to());
        self.by_color[mover.index()] ^= from_to;
        self.by_role[mv.role().index()] ^= from_to;
        self.turn = mover;
        self.ep_square = None;
    }

    /// Is this the same position as `other` for the repetition rules: the same pieces on the
    /// same squares, the same side to move, the same castling rights and en-passant square
    /// (the clocks may differ)?
    fn repeats(&self, other: &Position) -> bool {
        self.by_role == other.by_role
            && self.by_color == other.by_color
            && self.turn == other.turn
            && self.castling == other.castling
            && self.ep_square == other.ep_square
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Taking back a reversible move gives the position before it (what repetitions
    /// compare), and the castling rights after it are the ones play leaves, for every legal
    /// move that is neither a capture nor a pawn move, in every position of the vendored
    /// perft data (standard and Chess960) and the positions one move later.
    #[test]
    fn reversible_moves_are_taken_back_to_the_position_before() {
        let mut positions = Vec::new();
        for (data, chess960) in [
            (include_str!("../../tests/data/perft_random.epd"), false),
            (include_str!("../../tests/data/perft_960.epd"), true),
        ] {
            for line in data
                .lines()
                .filter(|l| !l.starts_with('#') && !l.is_empty())
            {
                let fen = line.split(';').next().unwrap_or_default().trim();
                let position = Position::from_fen_with(fen, chess960).expect("vendored FEN");
                positions.extend(
                    position
                        .legal_moves()
                        .into_iter()
                        .map(|mv| position.play(mv)),
                );
                positions.push(position);
            }
        }
        let (mut taken_back, mut rights_lost) = (0, 0);
        for position in positions {
            for mv in position.legal_moves() {
                let after = position.play(mv);
                if after.halfmove_clock() == 0 {
                    continue;
                }
                assert_eq!(
                    castling_after_reversible(position.castling, position.turn, mv),
                    after.castling,
                    "{mv:?}"
                );
                if after.castling != position.castling || mv.kind() == MoveKind::Castle {
                    rights_lost += 1;
                    continue;
                }
                let mut back = after;
                back.unplay_reversible(mv);
                let expected = Position {
                    ep_square: None,
                    ..position
                };
                assert!(back.repeats(&expected), "{} {mv:?}", position.fen());
                assert_eq!(back.by_role, position.by_role);
                taken_back += 1;
            }
        }
        assert!(
            taken_back > 100_000 && rights_lost > 1_000,
            "{taken_back} {rights_lost}"
        );
    }
}
