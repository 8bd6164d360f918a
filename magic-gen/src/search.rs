//! The magic number search.
//!
//! For a square and slider, a magic is a multiplier that maps every subset of the relevant
//! occupancy mask to a slot of a `2^bits` table such that two subsets share a slot only when they
//! have the same attacks (a constructive collision). The index is the "black magic" form
//! `((occupied | !mask) * magic) >> shift`: the squares outside the mask are set rather than
//! cleared, which costs the same at run time and leaves the used slots of good magics in a few
//! compact runs (what lets `dense` overlap the squares' tables). The shift is variable, one per
//! square: `64 - popcount(mask)` here, fewer bits where the dense search finds them.
//!
//! Build scripts are compiled without optimisation for everyone who depends on jaque, so the
//! search must be fast at `opt-level = 0` too. Two things make it so:
//!
//! - **Fewer candidates.** Plain sparse random numbers (`a & b & c`) need about ten million
//!   candidates per seed, most of them on a few rook squares. Every other candidate is instead
//!   built from the mask's *runs* (maximal groups of adjacent mask bits, such as the rank part of
//!   a rook mask): the runs are shuffled and each is moved as one block into the index window by
//!   a single magic bit, as good hand-found magics do. Alternating the two kinds needs about a
//!   hundred times fewer candidates (the run blocks solve the rooks, the sparse numbers the
//!   bishops whose mask bits are all isolated).
//! - **Cheap candidates.** The blocker subsets and their reference attacks are enumerated once
//!   per square, a one-multiply test rejects hopeless candidates before any table work, the
//!   check loop is a plain index loop (iterator adapters are function calls when unoptimised),
//!   and slots are claimed with epoch stamps, so nothing is cleared per candidate.

use std::fmt;

use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};

use crate::geometry::{Slider, SquareIndex, square_name};

/// How many candidates one square may try before the search gives up. Real searches need a few
/// thousand at most; the cap only turns a pathological seed into an error instead of a hang.
pub const MAX_CANDIDATES: u64 = 50_000_000;

/// A verified magic for one square and slider.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Magic {
    /// The square this magic is for.
    pub square: SquareIndex,
    /// Rook or bishop.
    pub slider: Slider,
    /// Relevant occupancy: the squares whose occupancy can change the attacks.
    pub mask: u64,
    /// The multiplier.
    pub magic: u64,
    /// Right shift after the multiplication: `64 - index bits`.
    pub shift: u8,
    /// Added to the index to give the slot in the shared slider table.
    pub offset: u32,
}

impl Magic {
    /// How many indices the magic can produce: `2^(64 - shift)`.
    pub fn len(&self) -> usize {
        1 << (64 - u32::from(self.shift))
    }

    /// Always false: every square has at least one slot.
    pub fn is_empty(&self) -> bool {
        false
    }

    /// The index of `occupied`, before the offset: `((occupied | !mask) * magic) >> shift`.
    pub fn index(&self, occupied: u64) -> usize {
        ((occupied | !self.mask).wrapping_mul(self.magic) >> self.shift) as usize
    }

    /// The slot of `occupied` in the shared slider table.
    pub fn slot(&self, occupied: u64) -> usize {
        self.offset as usize + self.index(occupied)
    }

    /// The squares on the square's lines (its attacks on an empty board): a lookup keeps only
    /// these of its slot, which other squares may share (see `crate::share`).
    pub fn lines(&self) -> u64 {
        self.slider.attacks(self.square, 0)
    }
}

/// No magic was found for a square within the candidate budget.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchError {
    /// The slider that failed.
    pub slider: Slider,
    /// The square that failed.
    pub square: SquareIndex,
    /// The seed of the search.
    pub seed: u64,
    /// How many candidates were tried.
    pub candidates: u64,
}

impl fmt::Display for SearchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "magic-gen: no {} magic found for square {} with seed {} after {} candidates; \
             choose another seed (JAQUE_MAGIC_SEED)",
            self.slider.name(),
            square_name(self.square),
            self.seed,
            self.candidates
        )
    }
}

impl std::error::Error for SearchError {}

/// The ChaCha stream of one square and slider, so that each square's search is independent of
/// every other square's: changing how bishops are searched never changes a rook magic.
fn stream(slider: Slider, square: SquareIndex) -> u64 {
    let slider = match slider {
        Slider::Rook => 0,
        Slider::Bishop => 1,
    };
    slider * 64 + u64::from(square)
}

/// The maximal runs of adjacent set bits of `mask`, as `(lowest bit, length)`.
fn mask_runs(mask: u64) -> Vec<(u32, u32)> {
    let mut runs = Vec::new();
    let mut rest = mask;
    while rest != 0 {
        let start = rest.trailing_zeros();
        let len = (rest >> start).trailing_ones();
        runs.push((start, len));
        rest &= !(((1u64 << len) - 1) << start);
    }
    runs
}

/// A candidate that moves each run of the mask, in an order shuffled by `random`, as one block
/// into the index window (the top `64 - shift` bits of the product), the blocks side by side.
fn run_blocks(runs: &mut [(u32, u32)], shift: u32, mut random: u64) -> u64 {
    // Fisher-Yates with the digits of `random` in a mixed radix: 12! < 2^64 covers any mask.
    let mut i = runs.len();
    while i > 1 {
        let j = (random % i as u64) as usize;
        random /= i as u64;
        i -= 1;
        runs.swap(i, j);
    }
    let mut target = shift;
    let mut magic = 0;
    for &(start, len) in runs.iter() {
        if target >= start {
            magic |= 1u64 << (target - start);
        }
        target += len;
    }
    magic
}

/// Every blocker subset of `mask` with its reference attacks, in Carry-Rippler order.
pub fn blocker_subsets(slider: Slider, square: SquareIndex, mask: u64) -> (Vec<u64>, Vec<u64>) {
    let size = 1usize << mask.count_ones();
    let mut occupancies = Vec::with_capacity(size);
    let mut attacks = Vec::with_capacity(size);
    let mut subset = 0u64;
    loop {
        occupancies.push(subset);
        attacks.push(slider.attacks(square, subset));
        subset = subset.wrapping_sub(mask) & mask;
        if subset == 0 {
            break;
        }
    }
    (occupancies, attacks)
}

/// Reusable scratch space for the search, sized for the largest (rook corner) table.
pub struct Searcher {
    stamps: Vec<u32>,
    slots: Vec<u64>,
    epoch: u32,
}

impl Default for Searcher {
    fn default() -> Self {
        Self::new()
    }
}

impl Searcher {
    /// Scratch space for tables of up to 4,096 slots.
    pub fn new() -> Self {
        Self::with_slots(1 << 12)
    }

    /// Scratch space for tables of up to `slots` slots.
    pub(crate) fn with_slots(slots: usize) -> Self {
        Searcher {
            stamps: vec![0; slots],
            slots: vec![0; slots],
            epoch: 0,
        }
    }

    /// Does `magic` map every subset to a slot that is free or holds the same attacks?
    fn accepts(&mut self, magic: u64, shift: u32, occupancies: &[u64], attacks: &[u64]) -> bool {
        self.claims(magic, shift, occupancies, attacks, None)
    }

    /// Claims the slot of every subset (`occupancies[i]` with `attacks[i]`) for its attacks,
    /// pushing each slot the first time it is claimed to `fresh` when there is one; false at
    /// the first slot that holds different attacks. What the search and the hole search's
    /// footprints (`crate::holes`) both check a candidate with.
    pub(crate) fn claims(
        &mut self,
        magic: u64,
        shift: u32,
        occupancies: &[u64],
        attacks: &[u64],
        mut fresh: Option<&mut Vec<u32>>,
    ) -> bool {
        self.epoch = self.epoch.wrapping_add(1);
        if self.epoch == 0 {
            // The stamps wrapped around: forget every old claim once.
            self.stamps.fill(0);
            self.epoch = 1;
        }
        let epoch = self.epoch;
        let stamps = &mut self.stamps[..];
        let slots = &mut self.slots[..];
        let mut i = 0;
        while i < occupancies.len() {
            let index = (occupancies[i].wrapping_mul(magic) >> shift) as usize;
            if stamps[index] != epoch {
                stamps[index] = epoch;
                slots[index] = attacks[i];
                if let Some(fresh) = &mut fresh {
                    fresh.push(index as u32);
                }
            } else if slots[index] != attacks[i] {
                return false;
            }
            i += 1;
        }
        true
    }

    /// Searches the magic of one square and slider from `seed`, trying at most `max_candidates`.
    /// Returns the magic (with offset 0) and how many candidates it took.
    pub fn find(
        &mut self,
        slider: Slider,
        square: SquareIndex,
        seed: u64,
        max_candidates: u64,
    ) -> Result<(Magic, u64), SearchError> {
        let mask = slider.mask(square);
        let bits = mask.count_ones();
        let shift = 64 - bits;
        let (mut occupancies, attacks) = blocker_subsets(slider, square, mask);
        for occupied in &mut occupancies {
            *occupied |= !mask;
        }
        let mut runs = mask_runs(mask);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        rng.set_stream(stream(slider, square));

        for candidate in 1..=max_candidates {
            let magic = if candidate % 2 == 1 {
                run_blocks(&mut runs, shift, rng.next_u64())
            } else {
                // Sparse candidates (few bits set) make good magics far more often than dense.
                rng.next_u64() & rng.next_u64() & rng.next_u64()
            };
            // A magic must spread the mask's bits into the index: cheap test, rejects most.
            if (mask.wrapping_mul(magic) >> 56).count_ones() < 6 {
                continue;
            }
            if self.accepts(magic, shift, &occupancies, &attacks) {
                let found = Magic {
                    square,
                    slider,
                    mask,
                    magic,
                    shift: shift as u8,
                    offset: 0,
                };
                return Ok((found, candidate));
            }
        }
        Err(SearchError {
            slider,
            square,
            seed,
            candidates: max_candidates,
        })
    }
}
