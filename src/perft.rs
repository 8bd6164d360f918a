//! Perft: counting the leaf nodes of the legal move tree, the standard test of a move
//! generator. The last ply is counted in bulk (a popcount per group of moves), not played, and
//! interior nodes play each move as the generator hands it over, without building a list.

use crate::moves::Move;
use crate::position::Position;
use crate::position::movegen::Sink;

/// The number of legal move sequences of `depth` plies from `position`.
///
/// ```
/// use jaque::{Position, perft::perft};
/// assert_eq!(perft(&Position::starting(), 3), 8_902);
/// ```
pub fn perft(position: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => position.count_legal_moves(),
        _ => {
            let mut expand = Expand {
                position,
                depth: depth - 1,
                nodes: 0,
            };
            position.generate(&mut expand);
            expand.nodes
        }
    }
}

/// Plays every move it is handed and adds the perft of the result.
struct Expand<'a> {
    position: &'a Position,
    depth: u32,
    nodes: u64,
}

impl Expand<'_> {
    #[inline]
    fn visit(&mut self, mv: Move) {
        self.nodes += perft(&self.position.play(mv), self.depth);
    }
}

impl Sink for Expand<'_> {
    #[inline]
    fn special(&mut self, mv: Move) {
        self.visit(mv);
    }
}

/// Perft split by root move: each legal move with the leaf count below it (`depth >= 1`).
///
/// ```
/// use jaque::{Position, perft::divide};
/// let split = divide(&Position::starting(), 2);
/// assert_eq!(split.len(), 20);
/// assert!(split.iter().all(|&(_, nodes)| nodes == 20));
/// ```
pub fn divide(position: &Position, depth: u32) -> Vec<(Move, u64)> {
    position
        .legal_moves()
        .iter()
        .map(|&mv| (mv, perft(&position.play(mv), depth.saturating_sub(1))))
        .collect()
}
