//! Dense slider tables: magics chosen for small, clustered footprints, and the squares' tables
//! overlapped in one shared array.
//!
//! One slot per blocker subset per square needs 107,648 entries. Two things make it smaller:
//!
//! - **Footprints.** A magic maps a square's blocker subsets to a few used indices (subsets with
//!   the same attacks may share one, a constructive collision) spread over a range of 2^k. Magics
//!   built from a few runs of adjacent set bits, or the complement of such a number, often use
//!   far fewer indices than 2^n and keep them close together; sometimes with `k = n - 1` bits.
//! - **Overlap.** The squares' footprints go into one array, each at the lowest offset where
//!   every used slot is free; the unused slots of one square take the used slots of others.
//!   Each square keeps many candidates (the best few by span, used slots and 32-slot blocks, and
//!   the fewest used slots for every index width), and the packer picks among them while it
//!   places the squares one by one. Which square goes first decides which holes the later ones
//!   find, so a local search over that order (`crate::pack`) packs the same candidates
//!   tighter than largest-first.
//! - **Holes.** After the packing, the hole search (`crate::holes`) takes the square that ends
//!   the table out with a few others and puts them back with the best of many fresh
//!   candidates each (mutations of their magics, and new numbers), keeping the result when
//!   the table is not longer: the top square needs a shape for the holes the others left,
//!   which the pools chose before anything was packed.
//! - **Shared slots.** Last, [`crate::share`] packs the chosen magics again, letting squares
//!   share a slot where their attacks agree on the squares each one can attack (a lookup keeps
//!   its own lines with one AND): about a third fewer entries than the overlap of free slots
//!   alone. The file keeps both offsets: the shared ones for the build, the search's own for
//!   `--from` to go on from.
//!
//! The search is too slow for a build script, so `magic-gen --budget SECONDS` runs it once and
//! prints a small magics file that the project commits ([`COMMITTED`]). `Tables::generate` uses
//! that file when its seed is the build's seed (verifying every attack, in milliseconds) and
//! searches as before otherwise. The search is deterministic in its seed, its rounds of
//! candidates (and how many a round), its steps of order search and its steps of hole search,
//! whatever the threads: the file records them, and `magic-gen --rounds N --steps S --holes H`
//! (with `--candidates C` if the file names it) prints it again byte for byte.

use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};

use crate::geometry::Slider;
use crate::holes::Holes;
use crate::pack::{Packer, Placed, Shape};
use crate::search::{MAX_CANDIDATES, Magic, Searcher};
use crate::subsets::{Subsets, runs_candidate};

mod file;

/// The magics file the project commits: found by `magic-gen --budget` for the default seed.
pub const COMMITTED: &str = include_str!("../../dense.magics");

/// Candidates each square tries per round in `magic-gen --budget` and `--rounds`.
pub const CANDIDATES_PER_ROUND: u64 = 1 << 19;

/// Candidates kept per square for each of the three measures (span, used slots, blocks).
const POOL: usize = 8;

/// Candidates kept per square and index width by used slots: the packer's main choice. The
/// more shapes a square has, the likelier one fits a hole (greedy packing after 8 rounds:
/// 102,575 entries with 64, 103,202 with 8).
const BITS_POOL: usize = 64;

/// Granularity of the block measure: 32 slots.
const BLOCK_BITS: u32 = 5;

/// When the search stops.
#[derive(Clone, Copy, Debug)]
pub enum Stop {
    /// After exactly this many rounds of candidates, steps of the order search and steps of
    /// the hole search (reproducible).
    Exactly {
        /// Rounds of candidates for the pools.
        rounds: u32,
        /// Steps of the search over the packing order.
        steps: u64,
        /// Steps of the hole search (`crate::holes`) after the packing.
        holes: u64,
    },
    /// Rounds until a third of this time is up (at least one), steps of the order search until
    /// two thirds are, then steps of the hole search until all of it is; the magics record
    /// the three counts.
    Budget(Duration),
}

/// Magics whose tables overlap, with their offsets: what the magics file holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DenseMagics {
    /// The seed the search ran from.
    pub seed: u64,
    /// Rounds of candidates that filled the pools.
    pub rounds: u32,
    /// Candidates each square tried per round.
    pub candidates: u64,
    /// Steps of the order search that packed them.
    pub steps: u64,
    /// Steps of the hole search that moved them after.
    pub holes: u64,
    /// Rook magics by square, at the offsets the search placed them without sharing slots
    /// (the state the hole search continues from).
    pub rook: Vec<Magic>,
    /// Bishop magics by square, likewise.
    pub bishop: Vec<Magic>,
    /// The offsets of the table the build uses, rooks then bishops by square: the same magics
    /// packed again with shared slots ([`crate::share`]).
    pub shared: Vec<u32>,
}

/// The measures of one valid candidate.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Measure {
    value: u32,
    bits: u32,
    magic: u64,
}

/// Scratch space to measure candidates without clearing anything between them.
struct Scratch {
    stamps: Vec<u32>,
    slots: Vec<u64>,
    block_stamps: Vec<u32>,
    epoch: u32,
}

impl Scratch {
    fn new() -> Scratch {
        Scratch {
            stamps: vec![0; 1 << 13],
            slots: vec![0; 1 << 13],
            block_stamps: vec![0; 1 << 13],
            epoch: 0,
        }
    }

    /// `(span, used, blocks)` of a magic, or `None` if two subsets with different attacks
    /// share an index.
    fn measure(&mut self, subsets: &Subsets, magic: u64, bits: u32) -> Option<(u32, u32, u32)> {
        self.epoch = self.epoch.wrapping_add(1);
        if self.epoch == 0 {
            self.stamps.fill(0);
            self.block_stamps.fill(0);
            self.epoch = 1;
        }
        let epoch = self.epoch;
        let shift = 64 - bits;
        let (mut low, mut high, mut used, mut blocks) = (u32::MAX, 0, 0, 0);
        for (&occupied, &attack) in subsets.black.iter().zip(&subsets.attacks) {
            let index = (occupied.wrapping_mul(magic) >> shift) as usize;
            if self.stamps[index] != epoch {
                self.stamps[index] = epoch;
                self.slots[index] = attack;
                used += 1;
                low = low.min(index as u32);
                high = high.max(index as u32);
                let block = index >> BLOCK_BITS;
                if self.block_stamps[block] != epoch {
                    self.block_stamps[block] = epoch;
                    blocks += 1;
                }
            } else if self.slots[index] != attack {
                return None;
            }
        }
        Some((high - low + 1, used, blocks))
    }
}

/// The best candidates of one square under each measure.
#[derive(Default)]
struct Pools {
    by_span: Vec<Measure>,
    by_used: Vec<Measure>,
    by_blocks: Vec<Measure>,
    /// Fewest used slots for each number of index bits (indexed by bits): more shapes for the
    /// packer to choose from than the three measures alone give.
    by_bits: Vec<Vec<Measure>>,
}

impl Pools {
    /// Offers a valid candidate with its `(span, used, blocks)` to each pool.
    fn offer_all(&mut self, magic: u64, bits: u32, (span, used, blocks): (u32, u32, u32)) {
        let measure = |value| Measure { value, bits, magic };
        offer(&mut self.by_span, measure(span));
        offer(&mut self.by_used, measure(used));
        offer(&mut self.by_blocks, measure(blocks));
        let bits = bits as usize;
        if self.by_bits.len() <= bits {
            self.by_bits.resize_with(bits + 1, Vec::new);
        }
        offer_up_to(&mut self.by_bits[bits], measure(used), BITS_POOL);
    }
}

fn offer(pool: &mut Vec<Measure>, candidate: Measure) {
    offer_up_to(pool, candidate, POOL);
}

fn offer_up_to(pool: &mut Vec<Measure>, candidate: Measure, size: usize) {
    if pool.len() == size && pool.last().is_some_and(|worst| candidate >= *worst) {
        return;
    }
    if pool
        .iter()
        .any(|m| m.magic == candidate.magic && m.bits == candidate.bits)
    {
        return;
    }
    let at = pool.partition_point(|m| *m < candidate);
    pool.insert(at, candidate);
    pool.truncate(size);
}

/// The ChaCha stream of one square in one round.
fn stream(subsets: &Subsets, round: u32) -> u64 {
    let slider = match subsets.slider {
        Slider::Rook => 0,
        Slider::Bishop => 1,
    };
    (u64::from(round) << 8) | (slider * 64 + u64::from(subsets.square))
}

fn search_round(
    subsets: &Subsets,
    pools: &mut Pools,
    scratch: &mut Scratch,
    (seed, round, candidates): (u64, u32, u64),
) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    rng.set_stream(stream(subsets, round));
    let bits: Vec<u32> = subsets.bits().collect();
    for candidate in 0..candidates {
        let bits = bits[(candidate % bits.len() as u64) as usize];
        let magic = if candidate % 4 == 3 {
            // Sparse numbers, or their complement, for the bishops' isolated mask bits.
            let sparse = rng.next_u64() & rng.next_u64() & rng.next_u64();
            if candidate % 8 == 3 { sparse } else { !sparse }
        } else {
            runs_candidate(&mut rng)
        };
        if let Some(measures) = scratch.measure(subsets, magic, bits) {
            pools.offer_all(magic, bits, measures);
        }
    }
}

/// Searches dense magics from `seed` on `jobs` threads: rounds of `candidates` per square
/// fill each square's pools, then the order search packs the pools' shapes, until `stop`.
/// `progress` hears about each finished round, with the size of a greedy packing of the pools
/// so far: `(round, entries)`.
///
/// ```
/// use magic_gen::dense::{Stop, search};
/// let stop = Stop::Exactly { rounds: 1, steps: 3, holes: 2 };
/// let magics = search(1, stop, 2, 2_000, |_, _| {}).unwrap();
/// let tables = magic_gen::Tables::from_magics(1, magics.rook, magics.bishop).unwrap();
/// assert!(tables.verify().is_ok());
/// ```
pub fn search(
    seed: u64,
    stop: Stop,
    jobs: usize,
    candidates: u64,
    mut progress: impl FnMut(u32, usize),
) -> Result<DenseMagics, String> {
    let squares: Vec<Subsets> = Slider::ALL
        .into_iter()
        .flat_map(|slider| (0..64).map(move |square| Subsets::new(slider, square)))
        .collect();
    let pools = first_pools(&squares, seed)?;
    let started = Instant::now();
    let mut rounds = 0u32;
    // With a budget, a third of it goes to the rounds (at least one), a third to the order
    // search and the rest to the hole search.
    let (round_budget, steps) = match stop {
        Stop::Exactly { rounds, steps, .. } => (None, Some((rounds, steps))),
        Stop::Budget(budget) => (Some(budget / 3), None),
    };
    loop {
        let round_started = Instant::now();
        round(&squares, &pools, jobs, (seed, rounds, candidates));
        rounds += 1;
        let shapes = Shapes::new(&squares, &pools);
        let mut packer = Packer::new(&shapes.shapes);
        packer.search_order(&mut Packer::rng(seed), |_| false);
        progress(rounds, packer.frontier());
        let done = match (steps, round_budget) {
            (Some((n, _)), _) => rounds >= n,
            (None, Some(budget)) => started.elapsed() + round_started.elapsed() > budget,
            (None, None) => true,
        };
        if done {
            break;
        }
    }
    let shapes = Shapes::new(&squares, &pools);
    let mut packer = Packer::new(&shapes.shapes);
    let steps = match (steps, stop) {
        (Some((_, steps)), _) => packer.search_order(&mut Packer::rng(seed), |done| done < steps),
        (None, Stop::Budget(budget)) => packer.search_order(&mut Packer::rng(seed), |_| {
            started.elapsed() < budget * 2 / 3
        }),
        (None, Stop::Exactly { .. }) => 0,
    };
    let magics = shapes.magics(&squares, packer.placed());
    let (rook, bishop) = magics.into_iter().partition(|m| m.slider == Slider::Rook);
    let packed = DenseMagics {
        candidates,
        ..DenseMagics::new(seed, (rounds, steps, 0), rook, bishop)
    };
    let more = |done: u64| match stop {
        Stop::Exactly { holes, .. } => done < holes,
        Stop::Budget(budget) => started.elapsed() < budget,
    };
    holes(packed, more, jobs, |_, _| {})
}

/// Every square's pools, started with the build-time search's magic, so that every square
/// has a candidate however few rounds run.
fn first_pools(squares: &[Subsets], seed: u64) -> Result<Vec<Mutex<Pools>>, String> {
    let mut searcher = Searcher::new();
    let mut plain = Vec::with_capacity(squares.len());
    for subsets in squares {
        let (magic, _) = searcher
            .find(subsets.slider, subsets.square, seed, MAX_CANDIDATES)
            .map_err(|e| e.to_string())?;
        plain.push(magic.magic);
    }
    Ok(squares
        .iter()
        .zip(&plain)
        .map(|(subsets, &magic)| {
            let bits = subsets.mask.count_ones();
            let mut pools = Pools::default();
            if let Some(measures) = Scratch::new().measure(subsets, magic, bits) {
                pools.offer_all(magic, bits, measures);
            }
            Mutex::new(pools)
        })
        .collect())
}

/// One round of candidates for every square, the squares shared out among `jobs` threads
/// (each square's candidates come from its own seeded generator: the threads change nothing).
fn round(squares: &[Subsets], pools: &[Mutex<Pools>], jobs: usize, run: (u64, u32, u64)) {
    let next = AtomicUsize::new(0);
    std::thread::scope(|scope| {
        for _ in 0..jobs.max(1) {
            scope.spawn(|| {
                let mut scratch = Scratch::new();
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(subsets) = squares.get(i) else { break };
                    if let Some(Ok(mut pools)) = pools.get(i).map(Mutex::lock) {
                        search_round(subsets, &mut pools, &mut scratch, run);
                    }
                }
            });
        }
    });
}

/// Continues the hole search (`crate::holes`) of `magics` from the step it stopped at, while
/// `more(steps done in all)` says so. `progress` hears `(steps done, table entries)` every
/// hundred steps. Since the placement is the search's whole state, continuing a file gives
/// the file that running all the steps at once gives.
pub fn holes(
    magics: DenseMagics,
    mut more: impl FnMut(u64) -> bool,
    jobs: usize,
    mut progress: impl FnMut(u64, usize),
) -> Result<DenseMagics, String> {
    let all: Vec<Magic> = magics.rook.iter().chain(&magics.bishop).copied().collect();
    let mut state = Holes::new(magics.seed, &all)?;
    let mut done = magics.holes;
    while more(done) {
        state.step(done, jobs);
        done += 1;
        if done.is_multiple_of(100) {
            progress(done, state.frontier());
        }
    }
    let (rook, bishop) = state
        .magics()
        .into_iter()
        .partition(|m| m.slider == Slider::Rook);
    Ok(DenseMagics {
        candidates: magics.candidates,
        ..DenseMagics::new(
            magics.seed,
            (magics.rounds, magics.steps, done),
            rook,
            bishop,
        )
    })
}

/// The distinct shapes of each square's pooled candidates, with the candidates they come from.
struct Shapes {
    candidates: Vec<Vec<(u32, u64)>>,
    shapes: Vec<Vec<Shape>>,
}

impl Shapes {
    fn new(squares: &[Subsets], pools: &[Mutex<Pools>]) -> Shapes {
        let mut candidates = Vec::with_capacity(squares.len());
        let mut shapes = Vec::with_capacity(squares.len());
        for (subsets, pools) in squares.iter().zip(pools) {
            let mut mine: Vec<(u32, u64)> = Vec::new();
            let mut kept: Vec<Shape> = Vec::new();
            if let Ok(pools) = pools.lock() {
                for m in pools
                    .by_span
                    .iter()
                    .chain(&pools.by_used)
                    .chain(&pools.by_blocks)
                    .chain(pools.by_bits.iter().flatten())
                {
                    let shape = Shape::new(&subsets.indices(m.magic, m.bits));
                    // Magics that differ only in bits that never matter give the same shape.
                    if !kept.iter().any(|k| k.same(&shape)) {
                        mine.push((m.bits, m.magic));
                        kept.push(shape);
                    }
                }
            }
            candidates.push(mine);
            shapes.push(kept);
        }
        Shapes { candidates, shapes }
    }

    /// The magics of a packing, rooks first, each by square.
    fn magics(&self, squares: &[Subsets], placed: &[Option<Placed>]) -> Vec<Magic> {
        let mut magics: Vec<Magic> = squares
            .iter()
            .enumerate()
            .zip(placed)
            .filter_map(|((i, subsets), placed)| {
                let placed = (*placed)?;
                let (bits, magic) = self.candidates[i][placed.shape];
                let low = self.shapes[i][placed.shape].low as usize;
                Some(Magic {
                    square: subsets.square,
                    slider: subsets.slider,
                    mask: subsets.mask,
                    magic,
                    shift: (64 - bits) as u8,
                    offset: u32::try_from(placed.start - low).ok()?,
                })
            })
            .collect();
        magics.sort_by_key(|m| (m.slider != Slider::Rook, m.square));
        magics
    }
}
