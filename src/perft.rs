//! Perft: counting the leaf nodes of the legal move tree, the standard test of a move
//! generator. The last ply is counted in bulk (a popcount per group of moves), not played, and
//! interior nodes play each move as the generator hands it over, without building a list.
//!
//! Counting is popcounts, and the x86-64 baseline has no popcount instruction: without one
//! each is a dozen shifts, masks and a multiply. So the tree is walked by one of two copies
//! of the same code: one compiled for the processors that have `popcnt` and the BMI
//! instructions (found at run time), one for the rest.

use crate::moves::Move;
use crate::position::movegen::Sink;
use crate::position::{CheckSquares, Position};

/// The number of legal move sequences of `depth` plies from `position`.
///
/// ```
/// use jaque::{Position, perft::perft};
/// assert_eq!(perft(&Position::starting(), 3), 8_902);
/// ```
pub fn perft(position: &Position, depth: u32) -> u64 {
    #[cfg(target_arch = "x86_64")]
    if let Some(cpu) = x86::Modern::detect() {
        return cpu.perft(position, depth);
    }
    Portable.perft(position, depth)
}

/// A way to walk the tree below a position: the same code compiled for some processors.
trait Walk: Copy {
    fn perft(self, position: &Position, depth: u32) -> u64;
}

/// The walk for any processor.
#[derive(Clone, Copy)]
struct Portable;

impl Walk for Portable {
    fn perft(self, position: &Position, depth: u32) -> u64 {
        walk(self, position, depth)
    }
}

/// The body of every walk, inlined into each so that it is compiled for its processors.
#[inline(always)]
fn walk<W: Walk>(how: W, position: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => position.count_legal_moves(),
        _ => {
            let mut expand = Expand {
                how,
                position,
                checks: position.check_squares(),
                depth: depth - 1,
                nodes: 0,
            };
            position.generate(&mut expand);
            expand.nodes
        }
    }
}

/// Plays every move it is handed and adds the perft of the result.
struct Expand<'a, W> {
    how: W,
    position: &'a Position,
    checks: CheckSquares,
    depth: u32,
    nodes: u64,
}

impl<W: Walk> Sink for Expand<'_, W> {
    #[inline]
    fn special(&mut self, mv: Move) {
        let mut next = *self.position;
        next.play_in_place_with(mv, &self.checks);
        self.nodes += self.how.perft(&next, self.depth);
    }
}

#[cfg(target_arch = "x86_64")]
mod x86 {
    use super::{Position, Walk, walk};

    /// Proof that the processor has `popcnt`, BMI1 and BMI2 (Intel since Haswell, AMD since
    /// Zen): only [`Modern::detect`] makes one.
    #[derive(Clone, Copy)]
    pub(super) struct Modern(());

    impl Modern {
        pub(super) fn detect() -> Option<Modern> {
            let yes = std::arch::is_x86_feature_detected!("popcnt")
                && std::arch::is_x86_feature_detected!("bmi1")
                && std::arch::is_x86_feature_detected!("bmi2");
            yes.then_some(Modern(()))
        }
    }

    impl Walk for Modern {
        #[inline]
        fn perft(self, position: &Position, depth: u32) -> u64 {
            #[target_feature(enable = "popcnt,bmi1,bmi2")]
            fn modern(cpu: Modern, position: &Position, depth: u32) -> u64 {
                walk(cpu, position, depth)
            }
            // SAFETY: a `Modern` exists only where `detect` found the features `modern` is
            // compiled for.
            #[allow(unsafe_code)]
            unsafe {
                modern(self, position, depth)
            }
        }
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

#[cfg(test)]
mod tests {
    use super::{Portable, Walk};
    use crate::position::Position;

    /// Every count of a vendored EPD file (`FEN ;D1 n ;D2 n ...`, Stockfish's `go perft`)
    /// up to `max_nodes`, by `walk`; how many counts were compared.
    fn check_epd(walk: impl Walk, epd: &str, chess960: bool, max_nodes: u64) -> usize {
        let mut checked = 0;
        for line in epd
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        {
            let mut fields = line.split(';');
            let fen = fields.next().unwrap_or_default().trim();
            let position = Position::from_fen_with(fen, chess960).expect("vendored FEN");
            for field in fields {
                let (depth, nodes) = field.trim().split_once(' ').expect("Dn count");
                let depth: u32 = depth.trim_start_matches('D').parse().expect("depth");
                let nodes: u64 = nodes.trim().parse().expect("count");
                if nodes <= max_nodes {
                    assert_eq!(walk.perft(&position, depth), nodes, "{fen} D{depth}");
                    checked += 1;
                }
            }
        }
        checked
    }

    /// The walk for processors without `popcnt` and BMI, which the machines running the
    /// tests may never take, against the vendored standard and Chess960 counts.
    #[test]
    fn portable_walk_counts_as_stockfish() {
        let standard = include_str!("../tests/data/perft_random.epd");
        let chess960 = include_str!("../tests/data/perft_960.epd");
        let checked = check_epd(Portable, standard, false, 200_000)
            + check_epd(Portable, chess960, true, 200_000);
        assert!(checked > 1_000, "{checked}");
    }
}
