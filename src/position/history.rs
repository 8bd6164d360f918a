//! A line of play's history for the repetition rules: its moves from the start position, and
//! where its last run of reversible moves (neither capture nor pawn move) begins. Repetitions
//! are counted going back from the last position, taking the run's moves back one by one.

use crate::bitboard::Bitboard;
use crate::color::Color;
use crate::moves::{Move, MoveKind};
use crate::position::{Position, Status, back_rank};
use crate::role::Role;
use crate::square::{Rank, Square};

/// The moves (`None` for a null move) from a start position, and what of the start the
/// repetition count needs: enough for repetitions, which are counted going back from the
/// last position.
///
/// Recording a move only stores it: where the last run of reversible moves begins is found
/// at the end, from the last position's halfmove clock, and the run's castling rights by
/// going forward over the moves' squares. Nothing per move is copied or selected for a
/// count that most games never ask for.
pub(crate) struct History {
    moves: Vec<Option<Move>>,
    /// The index in `moves` after the last null move (0: none).
    after_null: usize,
    /// The start position's en-passant square, castling rights and side to move.
    start_ep_square: Option<Square>,
    start_castling: Bitboard,
    start_turn: Color,
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
            after_null: 0,
            start_ep_square: start.ep_square(),
            start_castling: start.castling,
            start_turn: start.turn,
        }
    }

    /// The next move played (`None`: a null move, after which nothing repeats).
    #[inline]
    pub(crate) fn record(&mut self, mv: Option<Move>) {
        self.moves.push(mv);
        if mv.is_none() {
            self.after_null = self.moves.len();
        }
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
        let from = self.reversible_from(last);
        if self.moves.len() - from < 8 {
            return Status::of(last, 1);
        }
        Status::of(last, self.repetitions(last, from))
    }

    /// The index in `moves` after the last capture, pawn move or null move (0: none). The
    /// halfmove clock of `last` counts the plies since the last capture or pawn move (or since
    /// the start plus the start's clock: then at least as many as the moves).
    fn reversible_from(&self, last: &Position) -> usize {
        let clock = usize::try_from(last.halfmove_clock()).unwrap_or(usize::MAX);
        self.moves.len().saturating_sub(clock).max(self.after_null)
    }

    /// How many times `last`, the position after every move recorded, has occurred since
    /// the last capture, pawn move or null move (the moves from `from` on), this time
    /// included: found by taking those moves back one by one. Castling rights never come
    /// back, so the walk back stops at the last move that lost some (castling among them): no
    /// position before it can be `last` again. The rights before each move are found forward
    /// from the start's.
    fn repetitions(&self, last: &Position, from: usize) -> usize {
        let (run, mut rights) = self.run_castling(from);
        // The side to move at the run's start: one ply back per move from the last.
        let mut mover = if run.len().is_multiple_of(2) {
            last.turn
        } else {
            !last.turn
        };
        // The last move of the run before which the rights were not yet the last ones (or
        // that castled): the walk back stops there.
        let mut barrier = None;
        for (index, &mv) in run.iter().flatten().enumerate() {
            if rights != last.castling || mv.kind() == MoveKind::Castle {
                barrier = Some(index);
            }
            rights = castling_after(rights, mover, mv);
            mover = !mover;
        }
        let first = barrier.map_or(0, |index| index + 1);
        let mut position = *last;
        let mut count = 1;
        let back = run.get(first..).unwrap_or_default();
        for (taken, &mv) in back.iter().flatten().rev().enumerate() {
            position.unplay_reversible(mv);
            if first == 0 && taken + 1 == run.len() {
                self.restore_run_ep_square(&mut position, from);
            }
            // Every second position has the same side to move.
            count += usize::from(taken % 2 == 1 && position.repeats(last));
        }
        count
    }

    /// The moves from `from` on, and the castling rights before them: the start's, taken
    /// forward over the moves before `from`.
    fn run_castling(&self, from: usize) -> (&[Option<Move>], Bitboard) {
        let (before, run) = self.moves.split_at(from.min(self.moves.len()));
        let mut rights = self.start_castling;
        let mut mover = self.start_turn;
        for mv in before {
            if let Some(mv) = mv {
                rights = castling_after(rights, mover, *mv);
            }
            mover = !mover;
        }
        (run, rights)
    }

    /// Sets the en-passant square of `position`, the position at the start of the run of
    /// reversible moves from `from` taken back to (whose en-passant square is none): the
    /// start's, or after a double pawn push the square it passed if the side to move can
    /// legally capture there, as [`Position::play_in_place`] keeps it.
    fn restore_run_ep_square(&self, position: &mut Position, from: usize) {
        let Some(last_before) = from.checked_sub(1) else {
            position.ep_square = self.start_ep_square;
            return;
        };
        if let Some(Some(mv)) = self.moves.get(last_before)
            && mv.kind() == MoveKind::DoublePawnPush
        {
            // The pusher is the side not to move.
            let passed = Square::new(mv.from().file(), Rank::Third.relative(!position.turn));
            position.set_ep_square_if_legal(passed);
        }
    }
}

/// The castling rights `castling` after `mv`, a move of `mover`: as
/// [`Position::play_in_place`] leaves them (a move from or to a rook's square takes its right,
/// a king's move or castling both of its side's).
fn castling_after(castling: Bitboard, mover: Color, mv: Move) -> Bitboard {
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

    /// The castling rights after every legal move are the ones play leaves, and taking back a
    /// reversible move gives the position before it (what repetitions compare), for every
    /// legal move that is neither a capture nor a pawn move, in every position of the vendored
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
                assert_eq!(
                    castling_after(position.castling, position.turn, mv),
                    after.castling,
                    "{mv:?}"
                );
                if after.halfmove_clock() == 0 {
                    continue;
                }
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
