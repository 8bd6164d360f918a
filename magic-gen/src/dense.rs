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
//!   every used slot is free or already holds the same attacks; the unused slots of one square
//!   take the used slots of others.
//!
//! The search is too slow for a build script, so `magic-gen --budget SECONDS` runs it once and
//! prints a small magics file that the project commits ([`COMMITTED`]). `Tables::generate` uses
//! that file when its seed is the build's seed (verifying every attack, in milliseconds) and
//! searches as before otherwise. The search is deterministic in its seed and rounds: the file
//! records both, and `magic-gen --rounds N` prints it again byte for byte.

use std::fmt::Write;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};

use crate::GENERATOR;
use crate::geometry::{Slider, SquareIndex, parse_square_name, square_name};
use crate::search::{MAX_CANDIDATES, Magic, SearchError, Searcher, blocker_subsets};

/// The magics file the project commits: found by `magic-gen --budget` for the default seed.
pub const COMMITTED: &str = include_str!("../dense.magics");

/// Candidates each square tries per round in `magic-gen --budget` and `--rounds`.
pub const CANDIDATES_PER_ROUND: u64 = 1 << 19;

/// Candidates kept per square for each of the three measures (span, used slots, blocks).
const POOL: usize = 8;

/// Granularity of the block measure: 32 slots.
const BLOCK_BITS: u32 = 5;

/// When the search stops.
#[derive(Clone, Copy, Debug)]
pub enum Stop {
    /// After exactly this many rounds (reproducible).
    Rounds(u32),
    /// After the last round that ends within this time (at least one round).
    Budget(Duration),
}

/// Magics whose tables overlap, with their offsets: what the magics file holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DenseMagics {
    /// The seed the search ran from.
    pub seed: u64,
    /// Rounds of the search that made these magics.
    pub rounds: u32,
    /// Rook magics by square.
    pub rook: Vec<Magic>,
    /// Bishop magics by square.
    pub bishop: Vec<Magic>,
}

/// One square's blocker subsets in the form the index multiplies (`occupied | !mask`), with
/// their attacks.
struct Subsets {
    slider: Slider,
    square: SquareIndex,
    mask: u64,
    black: Vec<u64>,
    attacks: Vec<u64>,
}

impl Subsets {
    fn new(slider: Slider, square: SquareIndex) -> Subsets {
        let mask = slider.mask(square);
        let (occupancies, attacks) = blocker_subsets(slider, square, mask);
        let black = occupancies.iter().map(|&o| o | !mask).collect();
        Subsets {
            slider,
            square,
            mask,
            black,
            attacks,
        }
    }

    /// The index bits a candidate may use: one fewer than the mask up to one more (rooks at
    /// most 12, the largest mask).
    fn bits(&self) -> std::ops::RangeInclusive<u32> {
        let n = self.mask.count_ones();
        let most = match self.slider {
            Slider::Rook => 12,
            Slider::Bishop => n + 1,
        };
        n - 1..=most
    }
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

/// A candidate in the shape of hand-found magics: 2 to 6 runs of 1 to 3 set bits, or the
/// complement of that.
fn runs_candidate(rng: &mut ChaCha8Rng) -> u64 {
    let mut magic = 0u64;
    let runs = 2 + rng.next_u64() % 5;
    for _ in 0..runs {
        let at = rng.next_u64() % 63;
        let width = 1 + rng.next_u64() % 3;
        magic |= ((1u64 << width) - 1) << at;
    }
    if rng.next_u64() & 1 == 0 {
        magic
    } else {
        !magic
    }
}

/// The best candidates of one square under each measure.
#[derive(Default)]
struct Pools {
    by_span: Vec<Measure>,
    by_used: Vec<Measure>,
    by_blocks: Vec<Measure>,
}

impl Pools {
    /// Offers a valid candidate with its `(span, used, blocks)` to each pool.
    fn offer_all(&mut self, magic: u64, bits: u32, (span, used, blocks): (u32, u32, u32)) {
        let measure = |value| Measure { value, bits, magic };
        offer(&mut self.by_span, measure(span));
        offer(&mut self.by_used, measure(used));
        offer(&mut self.by_blocks, measure(blocks));
    }
}

fn offer(pool: &mut Vec<Measure>, candidate: Measure) {
    if pool.len() == POOL && pool.last().is_some_and(|worst| candidate >= *worst) {
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
    pool.truncate(POOL);
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

/// A candidate's used slots relative to its lowest one, with their attacks.
struct Footprint {
    magic: Magic,
    low: u32,
    span: u32,
    slots: Vec<(u32, u64)>,
    /// A few slots spread over the footprint, tested first: they reject most offsets at once.
    probes: Vec<(u32, u64)>,
}

impl Footprint {
    fn new(subsets: &Subsets, magic: u64, bits: u32) -> Footprint {
        let magic = Magic {
            square: subsets.square,
            slider: subsets.slider,
            mask: subsets.mask,
            magic,
            shift: (64 - bits) as u8,
            offset: 0,
        };
        let mut slots: Vec<(u32, u64)> = subsets
            .black
            .iter()
            .zip(&subsets.attacks)
            .map(|(&o, &a)| ((o.wrapping_mul(magic.magic) >> magic.shift) as u32, a))
            .collect();
        slots.sort_unstable();
        slots.dedup();
        let low = slots.first().map_or(0, |s| s.0);
        for slot in &mut slots {
            slot.0 -= low;
        }
        let span = slots.last().map_or(0, |s| s.0) + 1;
        let probes = (0..8).map(|j| slots[j * slots.len() / 8]).collect();
        Footprint {
            magic,
            low,
            span,
            slots,
            probes,
        }
    }

    /// The lowest start `>= low` (so that the offset is not negative) below `limit` where every
    /// used slot is free or holds the same attacks.
    fn lowest_fit(&self, table: &[u64], limit: usize) -> Option<usize> {
        let mut start = self.low as usize;
        'start: while start < limit {
            for &(at, attack) in self.probes.iter().chain(&self.slots) {
                let held = table[start + at as usize];
                if held != 0 && held != attack {
                    start += 1;
                    continue 'start;
                }
            }
            return Some(start);
        }
        None
    }
}

/// Places the squares one after the other, largest span first, each with the candidate and
/// offset that end lowest (then start lowest).
fn pack(candidates: &[Vec<Footprint>]) -> (Vec<Magic>, usize) {
    let largest = candidates
        .iter()
        .flatten()
        .map(|f| f.low + f.span)
        .max()
        .unwrap_or(0) as usize;
    let mut table = vec![0u64; candidates.len() * largest + largest];
    let mut order: Vec<usize> = (0..candidates.len()).collect();
    let smallest_span = |i: usize| candidates[i].iter().map(|f| f.span).min().unwrap_or(0);
    order.sort_by_key(|&i| (std::cmp::Reverse(smallest_span(i)), i));
    let mut frontier = 0usize;
    let mut placed = vec![None; candidates.len()];
    for i in order {
        let mut best: Option<(usize, usize, usize)> = None; // (end, start, candidate)
        for (c, footprint) in candidates[i].iter().enumerate() {
            let span = footprint.span as usize;
            // Beyond the frontier (and at or above `low`) everything is free.
            let mut limit = frontier.max(footprint.low as usize) + 1;
            if let Some((end, start, _)) = best {
                limit = limit.min(if end > frontier {
                    (end + 1).saturating_sub(span)
                } else {
                    start
                });
            }
            if let Some(start) = footprint.lowest_fit(&table, limit) {
                let end = frontier.max(start + span);
                if best.is_none_or(|(e, s, _)| (end, start) < (e, s)) {
                    best = Some((end, start, c));
                }
            }
        }
        if let Some((end, start, c)) = best {
            let footprint = &candidates[i][c];
            for &(at, attack) in &footprint.slots {
                table[start + at as usize] = attack;
            }
            let mut magic = footprint.magic;
            magic.offset = (start - footprint.low as usize) as u32;
            placed[i] = Some(magic);
            frontier = end;
        }
    }
    (placed.into_iter().flatten().collect(), frontier)
}

/// Searches dense magics from `seed` on `jobs` threads, `candidates` per square and round,
/// until `stop`; overlaps their tables after each round and returns the smallest packing.
/// `progress` hears about each finished round: `(round, entries)`.
///
/// ```
/// use magic_gen::dense::{Stop, search};
/// let magics = search(1, Stop::Rounds(1), 2, 2_000, |_, _| {}).unwrap();
/// let tables = magic_gen::Tables::from_magics(1, magics.rook, magics.bishop).unwrap();
/// assert!(tables.verify().is_ok());
/// ```
pub fn search(
    seed: u64,
    stop: Stop,
    jobs: usize,
    candidates: u64,
    mut progress: impl FnMut(u32, usize),
) -> Result<DenseMagics, SearchError> {
    let squares: Vec<Subsets> = Slider::ALL
        .into_iter()
        .flat_map(|slider| (0..64).map(move |square| Subsets::new(slider, square)))
        .collect();
    // Every square's pool starts with the build-time search's magic, so that every square has
    // a candidate however few rounds run.
    let mut searcher = Searcher::new();
    let mut plain = Vec::with_capacity(squares.len());
    for subsets in &squares {
        let (magic, _) = searcher.find(subsets.slider, subsets.square, seed, MAX_CANDIDATES)?;
        plain.push(magic.magic);
    }
    let pools: Vec<Mutex<Pools>> = squares
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
        .collect();
    let started = Instant::now();
    let mut rounds = 0u32;
    // Packing is greedy, so more candidates can pack worse: keep the best packing seen.
    let mut best: Option<(usize, Vec<Magic>)> = None;
    loop {
        let round_started = Instant::now();
        let next = AtomicUsize::new(0);
        std::thread::scope(|scope| {
            for _ in 0..jobs.max(1) {
                scope.spawn(|| {
                    let mut scratch = Scratch::new();
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some(subsets) = squares.get(i) else { break };
                        if let Ok(mut pools) = pools[i].lock() {
                            let run = (seed, rounds, candidates);
                            search_round(subsets, &mut pools, &mut scratch, run);
                        }
                    }
                });
            }
        });
        rounds += 1;
        let (magics, entries) = pack_pools(&squares, &pools);
        progress(rounds, entries);
        if best.as_ref().is_none_or(|(fewest, _)| entries < *fewest) {
            best = Some((entries, magics));
        }
        let done = match stop {
            Stop::Rounds(n) => rounds >= n,
            Stop::Budget(budget) => started.elapsed() + round_started.elapsed() > budget,
        };
        if done {
            break;
        }
    }
    let magics = best.map(|(_, magics)| magics).unwrap_or_default();
    let (rook, bishop) = magics.into_iter().partition(|m| m.slider == Slider::Rook);
    Ok(DenseMagics {
        seed,
        rounds,
        rook,
        bishop,
    })
}

fn pack_pools(squares: &[Subsets], pools: &[Mutex<Pools>]) -> (Vec<Magic>, usize) {
    let candidates: Vec<Vec<Footprint>> = squares
        .iter()
        .zip(pools)
        .map(|(subsets, pools)| {
            let mut measures = Vec::new();
            if let Ok(pools) = pools.lock() {
                for m in pools
                    .by_span
                    .iter()
                    .chain(&pools.by_used)
                    .chain(&pools.by_blocks)
                {
                    if !measures.iter().any(|(b, g)| *b == m.bits && *g == m.magic) {
                        measures.push((m.bits, m.magic));
                    }
                }
            }
            measures
                .into_iter()
                .map(|(bits, magic)| Footprint::new(subsets, magic, bits))
                .collect()
        })
        .collect();
    let (mut magics, entries) = pack(&candidates);
    magics.sort_by_key(|m| (m.slider != Slider::Rook, m.square));
    (magics, entries)
}

impl DenseMagics {
    /// The magics file: a header naming generator, seed, rounds and table size, then one line
    /// per slider and square.
    pub fn to_text(&self, table_entries: usize) -> String {
        let mut out = String::new();
        let seed = self.seed;
        let _ = writeln!(
            out,
            "# Dense magics for jaque's slider table, found by {GENERATOR}; do not edit.\n\
             # Print again with: magic-gen --seed 0x{seed:016x} --rounds {}\n\
             # seed {seed} rounds {} table_entries {table_entries}\n\
             # slider square shift magic offset; slot = offset + ((occupied | !mask) * magic) >> shift",
            self.rounds, self.rounds
        );
        for m in self.rook.iter().chain(&self.bishop) {
            let _ = writeln!(
                out,
                "{} {} {} 0x{:016x} {}",
                m.slider.name(),
                square_name(m.square),
                m.shift,
                m.magic,
                m.offset
            );
        }
        out
    }

    /// Reads a magics file. Every square of both sliders must appear exactly once.
    pub fn parse(text: &str) -> Result<DenseMagics, String> {
        let mut seed = None;
        let mut rounds = 0;
        let mut found: [Vec<Option<Magic>>; 2] = [vec![None; 64], vec![None; 64]];
        for (number, line) in text.lines().enumerate() {
            let at = |what: &str| format!("magics file line {}: {what}", number + 1);
            let line = line.trim();
            if let Some(comment) = line.strip_prefix('#') {
                let words: Vec<&str> = comment.split_whitespace().collect();
                if words.first() == Some(&"seed") {
                    seed = words.get(1).and_then(|s| s.parse().ok());
                    rounds = words.get(3).and_then(|s| s.parse().ok()).unwrap_or(0);
                }
                continue;
            }
            if line.is_empty() {
                continue;
            }
            let fields: Vec<&str> = line.split_whitespace().collect();
            let [slider, square, shift, magic, offset] = fields[..] else {
                return Err(at("expected: slider square shift magic offset"));
            };
            let (slider, row) = match slider {
                "rook" => (Slider::Rook, 0),
                "bishop" => (Slider::Bishop, 1),
                _ => return Err(at("the slider is rook or bishop")),
            };
            let square = parse_square_name(square).ok_or_else(|| at("bad square"))?;
            let shift: u8 = shift.parse().map_err(|_| at("bad shift"))?;
            let magic = magic
                .strip_prefix("0x")
                .and_then(|hex| u64::from_str_radix(hex, 16).ok())
                .ok_or_else(|| at("bad magic (0x and 16 hex digits)"))?;
            let offset: u32 = offset.parse().map_err(|_| at("bad offset"))?;
            if !(52..=63).contains(&shift) {
                return Err(at("shift out of range 52..=63"));
            }
            let slot = &mut found[row][square as usize];
            if slot.is_some() {
                return Err(at("square given twice"));
            }
            *slot = Some(Magic {
                square,
                slider,
                mask: slider.mask(square),
                magic,
                shift,
                offset,
            });
        }
        let seed = seed.ok_or("magics file: no `# seed N rounds R` header")?;
        let [rook, bishop] = found.map(|row| row.into_iter().flatten().collect::<Vec<_>>());
        if rook.len() != 64 || bishop.len() != 64 {
            return Err("magics file: every square needs a rook and a bishop magic".into());
        }
        Ok(DenseMagics {
            seed,
            rounds,
            rook,
            bishop,
        })
    }
}
