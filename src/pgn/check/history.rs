//! The mainline's history, for repetitions.

use crate::bitboard::Bitboard;
use crate::moves::{Move, MoveKind};
use crate::position::Status;
use crate::position::{Position, castling_after_reversible};
use crate::square::Square;

/// The mainline's moves (`None` for a null move) from its start position, where its last
/// run of reversible moves begins, and that run's en-passant square and castling rights:
/// enough for repetitions, which are counted going back from the last position.
///
/// No position is copied per move: a copy of the position just played waits for the move's
/// stores to land (a vector load over scalar stores cannot take them from the store buffer),
/// and nothing branches on whether a move was reversible (a coin toss).
pub(super) struct History {
    start: Position,
    pub(super) moves: Vec<Option<Move>>,
    /// The index in `moves` after the last capture, pawn move or null move.
    reversible_from: usize,
    /// The en-passant square and the castling rights of the position after that move (or of
    /// the start).
    run_ep_square: Option<Square>,
    run_castling: Bitboard,
}

impl History {
    /// A history from `start`, its moves kept in `moves` (cleared: a checker hands the same
    /// vector to every game).
    pub(super) fn new(start: Position, mut moves: Vec<Option<Move>>) -> History {
        moves.clear();
        // A game's mainline: rarely longer than this.
        moves.reserve(128);
        History {
            start,
            moves,
            reversible_from: 0,
            run_ep_square: start.ep_square(),
            run_castling: start.castling,
        }
    }

    /// `now` was reached by `mv` (`None`: a null move, after which nothing repeats).
    #[inline]
    pub(super) fn record(&mut self, now: &Position, mv: Option<Move>) {
        self.moves.push(mv);
        let irreversible = mv.is_none() || now.halfmove_clock() == 0;
        use std::hint::select_unpredictable as select;
        self.reversible_from = select(irreversible, self.moves.len(), self.reversible_from);
        self.run_ep_square = select(irreversible, now.ep_square(), self.run_ep_square);
        self.run_castling = select(irreversible, now.castling, self.run_castling);
    }

    /// The position after every move recorded, played again from the start (where the fast
    /// path hands back a mainline move: rare).
    pub(super) fn last_position(&self) -> Position {
        let mut position = self.start;
        for &mv in &self.moves {
            match mv {
                Some(mv) => position.play_in_place(mv),
                // It was played once from this very position: it can be again.
                None => position = position.play_null().unwrap_or(position),
            }
        }
        position
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

/// What the rules say about the mainline's last position, `last`. Repetitions need the
/// positions since the last capture or pawn move: with fewer than eight reversible moves none
/// can repeat three times, and only the last position is looked at; otherwise the moves are
/// taken back one by one to count how often `last` occurred.
pub(super) fn status(last: &Position, history: &History) -> Status {
    if history.reversible_moves().len() < 8 {
        return Status::of(last, 1);
    }
    Status::of(last, history.repetitions(last))
}
