//! The hole search: lowers the table's end one square at a time with fresh candidates.
//!
//! The pools give each square some hundred candidates, chosen before anything is packed; the
//! square that ends the table needs a shape that fits the holes the others left, which few of
//! them do. So each step takes that square out, streams many fresh candidates for it (mutations
//! of its magic, which are valid far more often than random numbers, and new numbers of every
//! index width) and moves it to the lowest fit of the best one if that ends lower than it did.
//! The state is only the placement and the step number: each step draws from its own ChaCha
//! streams, one per chunk of candidates, so that a file continued for more steps is the file a
//! longer run prints, and the threads never change the result.

use std::collections::HashSet;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};

use crate::pack::{Free, Shape};
use crate::search::{Magic, Searcher};
use crate::subsets::{Subsets, runs_candidate};

/// Chunks of candidates per step: the unit of parallel work, each with its own stream.
const CHUNKS: u64 = 4;

/// Candidates per chunk.
const CHUNK_CANDIDATES: u64 = 1 << 11;

/// Room beyond the first table's end for the bitmap.
const MARGIN: usize = 1 << 14;

/// Squares taken out besides the one that ends the table: fewer than this.
const MAX_RUINED: usize = 6;

/// Squares ending this close to the table's end may be taken out with it.
const WINDOW: usize = 8192;

/// At most this many squares in one step, so that their streams stay below `CONTROL`.
const MAX_TAKEN: usize = 48;

/// Slots around a random one whose squares a step may take out instead.
const REGION: usize = 512;

/// The stream that chooses a step's squares.
const CONTROL: u64 = 255;

/// One square's current magic and where it sits.
#[derive(Clone)]
struct Placement {
    magic: u64,
    bits: u32,
    shape: Shape,
    start: usize,
}

impl Placement {
    fn end(&self) -> usize {
        self.start + self.shape.span as usize
    }
}

/// Claims the distinct indices of a magic, or says that two subsets with different attacks
/// share one: the search's claims, with the indices kept.
pub(crate) struct Footprint {
    claims: Searcher,
    /// The distinct indices of the last valid magic.
    pub indices: Vec<u32>,
}

impl Footprint {
    pub fn new() -> Footprint {
        Footprint {
            claims: Searcher::with_slots(1 << 13),
            indices: Vec::with_capacity(1 << 12),
        }
    }

    /// Whether `magic` with `bits` index bits is valid for the square; its indices if so.
    pub fn measure(&mut self, subsets: &Subsets, magic: u64, bits: u32) -> bool {
        self.indices.clear();
        let (black, attacks) = (&subsets.black, &subsets.attacks);
        self.claims
            .claims(magic, 64 - bits, black, attacks, Some(&mut self.indices))
    }
}

/// The best move a chunk found for the top square: `(table end, start, magic, bits)`.
type Found = (usize, usize, u64, u32);

/// The squares of both sliders with their placements and the free-slot bitmap.
pub(crate) struct Holes {
    squares: Vec<Subsets>,
    placed: Vec<Placement>,
    free: Free,
    seed: u64,
}

impl Holes {
    /// The placement of `magics` (rooks, then bishops, each by square), checked: every magic
    /// valid, no two squares on one slot.
    pub fn new(seed: u64, magics: &[Magic]) -> Result<Holes, String> {
        let mut footprint = Footprint::new();
        let mut squares = Vec::with_capacity(magics.len());
        let mut placed = Vec::with_capacity(magics.len());
        for m in magics {
            let subsets = Subsets::new(m.slider, m.square);
            let bits = 64 - u32::from(m.shift);
            if !footprint.measure(&subsets, m.magic, bits) {
                return Err(format!(
                    "{} magic 0x{:016x} is wrong",
                    m.slider.name(),
                    m.magic
                ));
            }
            let shape = Shape::new(&footprint.indices);
            let start = m.offset as usize + shape.low as usize;
            placed.push(Placement {
                magic: m.magic,
                bits,
                shape,
                start,
            });
            squares.push(subsets);
        }
        let end = placed.iter().map(Placement::end).max().unwrap_or(0);
        let mut free = Free::new(end + MARGIN);
        for p in &placed {
            if !free.fits(&p.shape, p.start) {
                return Err("two squares of the magics claim one slot".into());
            }
            free.occupy(&p.shape, p.start);
        }
        Ok(Holes {
            squares,
            placed,
            free,
            seed,
        })
    }

    /// The table's length: the highest end of any square.
    pub fn frontier(&self) -> usize {
        self.placed.iter().map(Placement::end).max().unwrap_or(0)
    }

    /// The magics with their offsets, in the order they came.
    pub fn magics(&self) -> Vec<Magic> {
        self.squares
            .iter()
            .zip(&self.placed)
            .map(|(s, p)| Magic {
                square: s.square,
                slider: s.slider,
                mask: s.mask,
                magic: p.magic,
                shift: (64 - p.bits) as u8,
                offset: (p.start - p.shape.low as usize) as u32,
            })
            .collect()
    }

    /// Step number `step`: takes the square that ends the table and a few others that end
    /// near it out, puts each back (largest first) with the candidate that ends lowest, and
    /// keeps the result if the table is not longer. Returns whether it kept a change.
    pub fn step(&mut self, step: u64, jobs: usize) -> bool {
        let n = self.placed.len();
        let frontier = self.frontier();
        // The square that ends the table (the first of equals).
        let Some(top) = (0..n).find(|&i| self.placed[i].end() == frontier) else {
            return false;
        };
        let mut rng = ChaCha8Rng::seed_from_u64(self.seed);
        rng.set_stream(stream(step, CONTROL));
        let ruined = self.ruined(top, frontier, &mut rng);
        let ends = |ruined: &[usize], placed: &[Placement]| -> usize {
            ruined.iter().map(|&i| placed[i].end()).sum()
        };
        let before = ends(&ruined, &self.placed);
        let saved: Vec<Placement> = ruined.iter().map(|&i| self.placed[i].clone()).collect();
        for &i in &ruined {
            let p = &self.placed[i];
            self.free.release(&p.shape, p.start);
        }
        for (j, &i) in ruined.iter().enumerate() {
            let placement = self.best_fit(i, stream(step, j as u64 * CHUNKS), jobs);
            self.free.occupy(&placement.shape, placement.start);
            self.placed[i] = placement;
        }
        let changed = ruined.iter().zip(&saved).any(|(&i, old)| {
            (self.placed[i].magic, self.placed[i].start) != (old.magic, old.start)
        });
        if (self.frontier(), ends(&ruined, &self.placed)) <= (frontier, before) {
            return changed;
        }
        for &i in &ruined {
            let p = &self.placed[i];
            self.free.release(&p.shape, p.start);
        }
        for (&i, old) in ruined.iter().zip(saved) {
            self.free.occupy(&old.shape, old.start);
            self.placed[i] = old;
        }
        false
    }

    /// The squares a step takes out: the top one first, then either a few that end near the
    /// top, or those around a random slot (so that holes deep in the table open up too), in a
    /// random order after the top, since the greedy placement depends on it.
    fn ruined(&self, top: usize, frontier: usize, rng: &mut ChaCha8Rng) -> Vec<usize> {
        let n = self.placed.len();
        let mut ruined = vec![top];
        if rng.next_u64() & 1 == 0 {
            let mut near: Vec<usize> = (0..n)
                .filter(|&i| i != top && self.placed[i].end() + WINDOW > frontier)
                .collect();
            let more = (rng.next_u64() % (MAX_RUINED as u64)) as usize;
            for _ in 0..more.min(near.len()) {
                let at = (rng.next_u64() % near.len() as u64) as usize;
                ruined.push(near.swap_remove(at));
            }
        } else {
            let at = (rng.next_u64() % frontier as u64) as usize;
            let region = REGION << (rng.next_u64() % 4);
            let (low, high) = (at.saturating_sub(region / 2), at + region / 2);
            ruined.extend((0..n).filter(|&i| {
                let p = &self.placed[i];
                i != top && p.start < high && p.end() > low
            }));
        }
        ruined.truncate(MAX_TAKEN);
        for k in (2..ruined.len()).rev() {
            let j = 1 + (rng.next_u64() % k as u64) as usize;
            ruined.swap(k, j);
        }
        ruined
    }

    /// The placement of square `i` (taken out of the bitmap) that ends lowest, then starts
    /// lowest, among its current magic and chunks of fresh candidates from streams
    /// `first..first + CHUNKS`.
    fn best_fit(&self, i: usize, first: u64, jobs: usize) -> Placement {
        let current = &self.placed[i];
        let mut footprint = Footprint::new();
        let own = self
            .free
            .lowest_fit(
                &current.shape,
                current.shape.low as usize,
                self.limit(&current.shape),
            )
            .map(|start| {
                (
                    start + current.shape.span as usize,
                    start,
                    current.magic,
                    current.bits,
                )
            });
        let next = AtomicUsize::new(0);
        let results: Vec<Mutex<Option<Found>>> = (0..CHUNKS).map(|_| Mutex::new(None)).collect();
        std::thread::scope(|scope| {
            for _ in 0..jobs.clamp(1, CHUNKS as usize) {
                scope.spawn(|| {
                    let mut footprint = Footprint::new();
                    loop {
                        let chunk = next.fetch_add(1, Ordering::Relaxed) as u64;
                        if chunk >= CHUNKS {
                            break;
                        }
                        let found = self.chunk(i, first + chunk, own, &mut footprint);
                        if let Ok(mut slot) = results[chunk as usize].lock() {
                            *slot = found;
                        }
                    }
                });
            }
        });
        let best = results
            .into_iter()
            .filter_map(|r| r.into_inner().ok().flatten())
            .chain(own)
            .min_by_key(|&(end, start, _, _)| (end, start));
        if let Some((_, start, magic, bits)) = best
            && (magic, bits) != (current.magic, current.bits)
            && footprint.measure(&self.squares[i], magic, bits)
        {
            return Placement {
                magic,
                bits,
                shape: Shape::new(&footprint.indices),
                start,
            };
        }
        let start = own.map_or(current.start, |(_, start, _, _)| start);
        Placement {
            start,
            ..current.clone()
        }
    }

    /// The highest start the bitmap can test for `shape`.
    fn limit(&self, shape: &Shape) -> usize {
        self.free.capacity() - shape.span as usize - 64
    }

    /// One chunk of candidates for square `i`: the lowest fit that ends lower than `bound`
    /// (the current magic's), as `(end, start, magic, bits)`.
    fn chunk(
        &self,
        i: usize,
        stream: u64,
        bound: Option<Found>,
        footprint: &mut Footprint,
    ) -> Option<Found> {
        let subsets = &self.squares[i];
        let current = &self.placed[i];
        let mut rng = ChaCha8Rng::seed_from_u64(self.seed);
        rng.set_stream(stream);
        let widths: Vec<u32> = subsets.bits().collect();
        let mut best: Option<Found> = None;
        let mut base = (current.magic, current.bits);
        // Mutations often give a footprint seen already: measure each one once.
        let mut seen = HashSet::new();
        for candidate in 0..CHUNK_CANDIDATES {
            let (magic, bits) = match candidate % 4 {
                0 | 1 => {
                    // A few bits of the base flipped: near a valid magic, often valid itself.
                    let mut flip = 1u64 << (rng.next_u64() % 64);
                    if rng.next_u64() & 1 == 0 {
                        flip |= 1u64 << (rng.next_u64() % 64);
                    }
                    (base.0 ^ flip, base.1)
                }
                2 => {
                    let bits = widths[(rng.next_u64() % widths.len() as u64) as usize];
                    (runs_candidate(&mut rng), bits)
                }
                _ => {
                    let bits = widths[(rng.next_u64() % widths.len() as u64) as usize];
                    let sparse = rng.next_u64() & rng.next_u64() & rng.next_u64();
                    (if candidate % 8 == 3 { sparse } else { !sparse }, bits)
                }
            };
            if !footprint.measure(subsets, magic, bits) {
                continue;
            }
            if !seen.insert(fingerprint(&footprint.indices)) {
                continue;
            }
            let shape = Shape::new(&footprint.indices);
            let span = shape.span as usize;
            let from = shape.low as usize;
            // Only starts that end lower than the best so far are worth a test.
            let end = best.or(bound).map_or(usize::MAX, |(end, _, _, _)| end);
            let limit = end.saturating_sub(span).min(self.limit(&shape));
            if let Some(start) = self.free.lowest_fit(&shape, from, limit) {
                best = Some((start + span, start, magic, bits));
                base = (magic, bits);
            }
        }
        best
    }
}

/// A hash of a footprint's indices (in the order the subsets produce them).
fn fingerprint(indices: &[u32]) -> u64 {
    indices.iter().fold(0xcbf2_9ce4_8422_2325, |h, &i| {
        (h ^ u64::from(i)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// The ChaCha stream `index` of one step (`CONTROL` chooses the squares, then `CHUNKS` per
/// square put back): the top bit keeps them apart from the pools' streams (round and square)
/// and the order search's.
fn stream(step: u64, index: u64) -> u64 {
    debug_assert!(index <= CONTROL);
    (1 << 63) | (step << 8) | index
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dense::{COMMITTED, DenseMagics};
    use crate::geometry::Slider;

    fn committed() -> Vec<Magic> {
        let magics = DenseMagics::parse(COMMITTED).expect("the committed file parses");
        magics.rook.into_iter().chain(magics.bishop).collect()
    }

    #[test]
    fn a_magic_that_mixes_different_attacks_is_refused() {
        let subsets = Subsets::new(Slider::Rook, 0);
        let mut footprint = Footprint::new();
        assert!(!footprint.measure(&subsets, 0, 12));
        let good = committed()[0];
        assert!(footprint.measure(&subsets, good.magic, 64 - u32::from(good.shift)));
        assert!(!footprint.indices.is_empty());
    }

    #[test]
    fn placements_that_share_a_slot_are_refused() {
        let mut magics = committed();
        assert!(Holes::new(1, &magics).is_ok());
        magics[127].offset = magics[0].offset;
        magics[127].magic = magics[0].magic;
        magics[127].shift = magics[0].shift;
        assert!(Holes::new(1, &magics).is_err());
    }

    #[test]
    fn steps_never_lengthen_the_table_nor_overlap_squares() {
        let mut holes = Holes::new(crate::DEFAULT_SEED, &committed()).unwrap();
        let start = holes.frontier();
        for step in 0..6 {
            let before = holes.frontier();
            holes.step(step, 2);
            assert!(holes.frontier() <= before);
            // A fresh bitmap of the new magics: every one valid, no slot claimed twice.
            let again = Holes::new(crate::DEFAULT_SEED, &holes.magics()).unwrap();
            assert_eq!(again.frontier(), holes.frontier());
            // The step's own bitmap agrees: every placed slot taken.
            assert!(
                holes
                    .placed
                    .iter()
                    .all(|p| !holes.free.fits(&p.shape, p.start))
            );
        }
        assert!(holes.frontier() <= start);
    }
}
