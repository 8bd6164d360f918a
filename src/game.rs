//! A game: a start position and the moves played from it, with what the rules say about the
//! result (checkmate, stalemate, insufficient material, the fifty- and seventy-five-move rules,
//! threefold and fivefold repetition).

use crate::moves::Move;
use crate::position::{Position, Status};

/// A game: the start position, the moves played and every position since, with Zobrist
/// hashes for the repetition rules.
///
/// ```
/// use jaque::{Game, Position, Status};
/// let mut game = Game::new(Position::starting());
/// for uci in ["f2f3", "e7e5", "g2g4", "d8h4"] {
///     game.play_uci(uci).unwrap();
/// }
/// assert_eq!(game.status(), Status::Checkmate);
/// assert_eq!(game.moves().len(), 4);
/// ```
#[derive(Clone, Debug)]
pub struct Game {
    positions: Vec<Position>,
    hashes: Vec<u64>,
    moves: Vec<Move>,
}

/// A UCI move that is not legal in the game's current position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{uci} is not a legal move in {fen}")]
pub struct IllegalUci {
    /// The move as given.
    pub uci: String,
    /// The position it was tried in.
    pub fen: String,
}

impl Game {
    /// A game starting at `start`.
    pub fn new(start: Position) -> Game {
        Game {
            hashes: vec![start.zobrist_hash()],
            positions: vec![start],
            moves: Vec::new(),
        }
    }

    /// The position now.
    pub fn position(&self) -> &Position {
        // `positions` always holds at least the start position.
        self.positions.last().unwrap_or(&self.positions[0])
    }

    /// The position the game started from.
    pub fn start(&self) -> &Position {
        &self.positions[0]
    }

    /// The moves played, in order.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// Plays `mv`, which must be legal in the current position.
    pub fn play(&mut self, mv: Move) {
        let before = *self.position();
        let after = before.play(mv);
        let hash = before.zobrist_after(self.hash(), mv, before.captured(mv), &after);
        self.positions.push(after);
        self.hashes.push(hash);
        self.moves.push(mv);
    }

    /// Plays a move given in UCI notation, if it is legal.
    pub fn play_uci(&mut self, uci: &str) -> Result<Move, IllegalUci> {
        let position = self.position();
        let illegal = || IllegalUci {
            uci: uci.to_string(),
            fen: position.fen(),
        };
        let parsed = uci.parse().map_err(|_| illegal())?;
        let mv = position.resolve_uci(parsed).ok_or_else(illegal)?;
        self.play(mv);
        Ok(mv)
    }

    /// Takes back the last move; returns it, or `None` at the start.
    pub fn undo(&mut self) -> Option<Move> {
        let mv = self.moves.pop()?;
        self.positions.pop();
        self.hashes.pop();
        Some(mv)
    }

    /// The Zobrist hash of the current position.
    pub fn hash(&self) -> u64 {
        self.hashes.last().copied().unwrap_or_default()
    }

    /// How many times the current position has occurred in the game, this time included.
    /// Only positions since the last capture or pawn move can repeat.
    pub fn repetitions(&self) -> usize {
        let hash = self.hash();
        let reversible = self.position().halfmove_clock() as usize;
        let len = self.hashes.len();
        let earliest = len.saturating_sub(reversible + 1);
        self.hashes[earliest..len]
            .iter()
            .rev()
            .step_by(2)
            .filter(|&&h| h == hash)
            .count()
    }

    /// What the rules say about the current position.
    pub fn status(&self) -> Status {
        Status::of(self.position(), self.repetitions())
    }
}
