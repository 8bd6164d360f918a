//! Perft: counting the leaf nodes of the legal move tree, the standard test of a move
//! generator. The last ply is counted in bulk (a popcount per group of moves), not played, and
//! interior nodes play each move as the generator hands it over, without building a move list.
//! A node two plies above the leaves keeps its children's boards and counts them in one loop
//! afterwards: the count's code then runs back to back, not as a call a child (which cost
//! more in calls and register spills than the copies do).
//!
//! The walk is compiled for its case rather than asking at every node:
//! - the side to move is a type (`movegen::side`), so colours, pawn directions and ranks are
//!   constants, and white's and black's nodes are two copies of the code;
//! - the generator (`movegen::generate`) makes its masks once a node (check, pins by kind of
//!   line, the king's safe steps) and tells the walk each move's kind, so that the walk's
//!   board (`movegen::board`) is updated by a function of that kind and no move is encoded or
//!   decoded;
//! - castling's squares are found once at the root (`movegen::castles`), not at every node,
//!   and a walk from a root without castling rights (most endgames) is a copy of the code
//!   with no castling in it: rights never come back.
//!
//! Counting is popcounts, and the x86-64 baseline has no popcount instruction: without one
//! each is a dozen shifts, masks and a multiply. So the tree is walked by one of three copies
//! of the same code, chosen at run time: compiled for the processors that have `popcnt` and
//! the BMI instructions, with slider attacks looked up by PEXT where that instruction is fast
//! (Intel since Haswell, AMD since Zen 3) and by the magics where it is microcoded (AMD
//! before Zen 3); or, on any other processor, compiled for the baseline, with the magics.
//! The PEXT tables come from `magic-gen` as the magics do.

use crate::attacks::{Magics, Slide};
use crate::bitboard::Bitboard;
use crate::color::Color;
use crate::moves::Move;
use crate::position::Position;
use crate::role::Role;
use crate::square::Square;

use crate::movegen::board::{Board, offset};
use crate::movegen::castles::{Castle, Castles};
use crate::movegen::generate::{PawnMove, Visit, generate};
use crate::movegen::side::{Black, Side, White};
use crate::movegen::{Count, MoveList};

/// The number of legal move sequences of `depth` plies from `position`.
///
/// ```
/// use jaque::{Position, perft::perft};
/// assert_eq!(perft(&Position::starting(), 3), 8_902);
/// ```
pub fn perft(position: &Position, depth: u32) -> u64 {
    #[cfg(target_arch = "x86_64")]
    if let Some(cpu) = x86::Modern::detect() {
        return match cpu.with_fast_pext() {
            Some(cpu) => start(cpu, position, depth),
            None => start(cpu, position, depth),
        };
    }
    start(Portable, position, depth)
}

/// The walk from `position`, compiled for its side to move.
fn start<W: Walk>(how: W, position: &Position, depth: u32) -> u64 {
    let board = Board::new(position);
    let castles = Castles::new(position);
    let mut shared = Shared {
        castles: &castles,
        children: Vec::with_capacity(MoveList::CAPACITY),
    };
    // Castling rights never come back: without any at the root, the walk is the copy that
    // has no castling code at all.
    match (position.turn(), position.castling_rights().any()) {
        (Color::White, true) => how.perft::<White, true>(&board, depth, &mut shared),
        (Color::White, false) => how.perft::<White, false>(&board, depth, &mut shared),
        (Color::Black, true) => how.perft::<Black, true>(&board, depth, &mut shared),
        (Color::Black, false) => how.perft::<Black, false>(&board, depth, &mut shared),
    }
}

/// What every node of a walk uses: castling's squares, and room for the children of a node
/// two plies above the leaves.
struct Shared<'a> {
    castles: &'a Castles,
    children: Vec<Board>,
}

/// A way to walk the tree below a position: the same code compiled for some processors.
trait Walk: Copy {
    fn perft<S: Side, const C: bool>(self, board: &Board, depth: u32, shared: &mut Shared) -> u64;
}

/// The walk for any processor.
#[derive(Clone, Copy)]
struct Portable;

impl Walk for Portable {
    fn perft<S: Side, const C: bool>(self, board: &Board, depth: u32, shared: &mut Shared) -> u64 {
        walk::<Portable, Magics, S, C>(self, Magics, board, depth, shared)
    }
}

/// The body of every walk, inlined into each so that it is compiled for its processors,
/// slider attacks looked up by `slide`. Two plies above the leaves the children are
/// collected, then counted in one loop: the count is inlined there, not called once a child.
#[inline(always)]
fn walk<W: Walk, L: Slide, S: Side, const C: bool>(
    how: W,
    slide: L,
    board: &Board,
    depth: u32,
    shared: &mut Shared,
) -> u64 {
    let castles = shared.castles;
    match depth {
        0 => 1,
        1 => count::<S, L, C>(board, castles, slide),
        2 => {
            let children = &mut shared.children;
            children.clear();
            let mut collect = Play(|child: &Board| children.push(*child));
            generate::<S, _, L, C>(board, castles, slide, &mut collect);
            children
                .iter()
                .map(|child| count::<S::Other, L, C>(child, castles, slide))
                .sum()
        }
        _ => {
            let mut nodes = 0;
            let mut below = |child: &Board| {
                nodes += how.perft::<S::Other, C>(child, depth - 1, shared);
            };
            generate::<S, _, L, C>(board, castles, slide, &mut Play(&mut below));
            nodes
        }
    }
}

/// The number of legal moves, `S` to move.
#[inline(always)]
fn count<S: Side, L: Slide, const C: bool>(board: &Board, castles: &Castles, slide: L) -> u64 {
    let mut count = Count(0);
    generate::<S, _, L, C>(board, castles, slide, &mut count);
    count.0
}

/// Plays every move it is handed and hands the board after it to its function.
struct Play<F>(F);

impl<F: FnMut(&Board)> Play<F> {
    #[inline(always)]
    fn below(&mut self, board: &Board) {
        (self.0)(board);
    }
}

impl<F: FnMut(&Board)> Visit for Play<F> {
    #[inline(always)]
    fn piece<S: Side>(&mut self, board: &Board, role: Role, from: Square, targets: Bitboard) {
        let theirs = board.color[S::THEM];
        for to in targets.minus(theirs) {
            self.below(&board.quiet::<S>(role, from, to));
        }
        for to in targets & theirs {
            self.below(&board.capture::<S>(role, from, to));
        }
    }

    #[inline(always)]
    fn pawns<S: Side>(&mut self, board: &Board, targets: Bitboard, step: i8, kind: PawnMove) {
        for to in targets {
            let from = offset(to, -step);
            match kind {
                PawnMove::Push => self.below(&board.pawn_step::<S>(from, to, false)),
                PawnMove::Capture => self.below(&board.pawn_step::<S>(from, to, true)),
                PawnMove::Double => self.below(&board.double_push::<S>(from, to)),
                PawnMove::Promotion | PawnMove::PromotionCapture => {
                    for role in Role::PROMOTIONS {
                        self.below(&board.promotion::<S>(from, to, role));
                    }
                }
            }
        }
    }

    #[inline(always)]
    fn en_passant<S: Side>(&mut self, board: &Board, from: Square, to: Square) {
        self.below(&board.en_passant::<S>(from, to));
    }

    #[inline(always)]
    fn castle<S: Side>(&mut self, board: &Board, castle: &Castle) {
        self.below(&board.castle::<S>(castle));
    }
}

#[cfg(target_arch = "x86_64")]
mod x86 {
    use super::{Board, Magics, Shared, Side, Walk, walk};
    use crate::attacks::Pext;

    /// Proof that the processor has `popcnt`, BMI1 and BMI2 (Intel since Haswell, AMD since
    /// Zen): only [`Modern::detect`] makes one. With `PEXT`, slider attacks are looked up by
    /// the `pext` instruction, which [`Modern::with_fast_pext`] allows only where it is fast.
    #[derive(Clone, Copy)]
    pub(super) struct Modern<const PEXT: bool>(());

    impl Modern<false> {
        pub(super) fn detect() -> Option<Modern<false>> {
            let yes = std::arch::is_x86_feature_detected!("popcnt")
                && std::arch::is_x86_feature_detected!("bmi1")
                && std::arch::is_x86_feature_detected!("bmi2");
            yes.then_some(Modern(()))
        }

        /// The PEXT walk, unless the processor is an AMD (or Hygon) one before Zen 3, whose
        /// `pext` is microcoded: tens of cycles where the magics take a few. Told by features
        /// the standard library detects: SSE4a only AMD's processors have, and Zen 3 was their
        /// first with VAES.
        pub(super) fn with_fast_pext(self) -> Option<Modern<true>> {
            let amd = std::arch::is_x86_feature_detected!("sse4a");
            let zen3 = std::arch::is_x86_feature_detected!("vaes");
            (!amd || zen3).then_some(Modern(()))
        }

        /// The PEXT walk whatever its speed here: for the tests, which check both walks.
        #[cfg(test)]
        pub(super) fn forced_pext(self) -> Modern<true> {
            Modern(())
        }
    }

    impl<const PEXT: bool> Walk for Modern<PEXT> {
        #[inline]
        fn perft<S: Side, const C: bool>(
            self,
            board: &Board,
            depth: u32,
            shared: &mut Shared,
        ) -> u64 {
            #[target_feature(enable = "popcnt,bmi1,bmi2")]
            fn modern<S: Side, const C: bool, const PEXT: bool>(
                cpu: Modern<PEXT>,
                board: &Board,
                depth: u32,
                shared: &mut Shared,
            ) -> u64 {
                if PEXT {
                    // Written here, the closure has this function's features: it calls the
                    // instruction without an `unsafe` of its own.
                    let pext = Pext(|value, mask| std::arch::x86_64::_pext_u64(value, mask));
                    walk::<Modern<PEXT>, _, S, C>(cpu, pext, board, depth, shared)
                } else {
                    walk::<Modern<PEXT>, _, S, C>(cpu, Magics, board, depth, shared)
                }
            }
            // SAFETY: a `Modern` exists only where `detect` found the features `modern` is
            // compiled for.
            #[allow(unsafe_code)]
            unsafe {
                modern::<S, C, PEXT>(self, board, depth, shared)
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
    use super::{Portable, Walk, start};
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
                    assert_eq!(start(walk, &position, depth), nodes, "{fen} D{depth}");
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
        let standard = include_str!("../../tests/data/perft_random.epd");
        let chess960 = include_str!("../../tests/data/perft_960.epd");
        let checked = check_epd(Portable, standard, false, 200_000)
            + check_epd(Portable, chess960, true, 200_000);
        assert!(checked > 1_000, "{checked}");
    }

    /// Every walk this processor can take (the portable one, and the BMI2 ones with the
    /// magics and with PEXT) against every count of the vendored files, the deep one too.
    #[test]
    #[ignore = "deep: seconds optimised, minutes not; run with cargo test --release -- --ignored"]
    fn every_walk_counts_every_vendored_file_to_every_depth() {
        // The deep file mixes both kinds: a castling field with file letters is Chess960.
        let deep = include_str!("../../tests/data/perft_deep.epd");
        let (deep_960, deep_standard): (Vec<&str>, Vec<&str>) = deep.lines().partition(|line| {
            let castling = line.split(' ').nth(2).unwrap_or_default();
            !line.starts_with('#') && castling.chars().any(|c| !"KQkq-".contains(c))
        });
        let (deep_960, deep_standard) = (deep_960.join("\n"), deep_standard.join("\n"));
        let files = [
            (include_str!("../../tests/data/perft_random.epd"), false),
            (include_str!("../../tests/data/perft_960.epd"), true),
            (deep_standard.as_str(), false),
            (deep_960.as_str(), true),
        ];
        let all = |walk: &dyn Fn(&str, bool) -> usize| -> usize {
            files
                .iter()
                .map(|&(epd, chess960)| walk(epd, chess960))
                .sum()
        };
        let counts = all(&|epd, chess960| check_epd(Portable, epd, chess960, u64::MAX));
        assert!(counts > 2_000, "{counts}");
        #[cfg(target_arch = "x86_64")]
        if let Some(magics) = super::x86::Modern::detect() {
            let pext = magics.forced_pext();
            for counts in [
                all(&|epd, chess960| check_epd(magics, epd, chess960, u64::MAX)),
                all(&|epd, chess960| check_epd(pext, epd, chess960, u64::MAX)),
            ] {
                assert!(counts > 2_000, "{counts}");
            }
        } else {
            eprintln!("the BMI2 walks not run: this processor lacks popcnt, BMI1 or BMI2");
        }
    }

    /// The walks compiled for BMI2, with the magics (what AMD processors before Zen 3 take)
    /// and with PEXT, whichever this processor would choose, against the same counts.
    #[cfg(target_arch = "x86_64")]
    #[test]
    fn bmi2_walks_with_magics_and_with_pext_count_as_stockfish() {
        use super::x86::Modern;
        let Some(magics) = Modern::detect() else {
            eprintln!("not run: this processor lacks popcnt, BMI1 or BMI2");
            return;
        };
        let standard = include_str!("../../tests/data/perft_random.epd");
        let chess960 = include_str!("../../tests/data/perft_960.epd");
        let pext = magics.forced_pext();
        for checked in [
            check_epd(magics, standard, false, 200_000)
                + check_epd(magics, chess960, true, 200_000),
            check_epd(pext, standard, false, 200_000) + check_epd(pext, chess960, true, 200_000),
        ] {
            assert!(checked > 1_000, "{checked}");
        }
    }
}
