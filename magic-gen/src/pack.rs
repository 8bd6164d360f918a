//! Overlapping the squares' footprints in one table: a greedy placement (each square where it
//! ends lowest) decoded from an order of the squares, and a local search over that order.
//!
//! The table is a bitmap of free slots, so that one test covers 64 starts at once: a footprint
//! fits at start `s` when every used slot `s + at` is free, and the AND over its slots of the 64
//! bits from `base + at` says that for the starts `base..base + 64` together. Spread probes
//! clear the AND after a handful of slots at most starts, so a candidate scans the whole table
//! in a few thousand word operations and each square can try every candidate it has at every
//! offset. Two squares never share a slot here: the search chooses the magics by this packing,
//! and `crate::share` packs the chosen ones again with shared slots for the table the build uses.

use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};

/// One candidate magic of a square: its used slots relative to the lowest one.
#[derive(Clone)]
pub(crate) struct Shape {
    /// The index of the lowest used slot (the offset is the start minus this).
    pub low: u32,
    /// Highest used slot minus lowest, plus one.
    pub span: u32,
    /// Used slots relative to `low`, in probe order: spread first, so that a start that does
    /// not fit is usually rejected within the first few.
    probes: Vec<u32>,
}

impl Shape {
    /// A shape from its used indices (any order, no duplicates).
    pub fn new(indices: &[u32]) -> Shape {
        let low = indices.iter().copied().min().unwrap_or(0);
        let high = indices.iter().copied().max().unwrap_or(0);
        let mut probes: Vec<u32> = indices.iter().map(|&i| i - low).collect();
        probes.sort_unstable();
        // Bit-reversed order of the sorted slots: the first few lie far apart.
        let n = probes.len();
        let width = usize::BITS - n.next_power_of_two().leading_zeros();
        let mut order: Vec<(usize, u32)> = probes
            .iter()
            .enumerate()
            .map(|(i, &at)| {
                let key = if width <= 1 {
                    i
                } else {
                    i.reverse_bits() >> (usize::BITS - (width - 1))
                };
                (key, at)
            })
            .collect();
        order.sort_unstable();
        Shape {
            low,
            span: high - low + 1,
            probes: order.into_iter().map(|(_, at)| at).collect(),
        }
    }

    /// Whether two shapes use the same slots relative to their lowest.
    pub fn same(&self, other: &Shape) -> bool {
        self.span == other.span && self.probes == other.probes
    }

    /// Used slots.
    pub fn used(&self) -> usize {
        self.probes.len()
    }
}

/// Free slots, one bit each (set = free), with room beyond any table we build.
pub(crate) struct Free {
    words: Vec<u64>,
}

impl Free {
    pub fn new(slots: usize) -> Free {
        Free {
            words: vec![!0; slots / 64 + 2],
        }
    }

    /// Bits `at..at + 64`: whether each of the 64 slots from `at` is free.
    fn window(&self, at: usize) -> u64 {
        let (word, bit) = (at / 64, at % 64);
        let low = self.words[word] >> bit;
        if bit == 0 {
            low
        } else {
            low | (self.words[word + 1] << (64 - bit))
        }
    }

    /// Marks the used slots of `shape` at `start` as taken.
    pub fn occupy(&mut self, shape: &Shape, start: usize) {
        for &at in &shape.probes {
            let slot = start + at as usize;
            self.words[slot / 64] &= !(1 << (slot % 64));
        }
    }

    /// Slots the bitmap covers: every start below this minus a shape's span and 64 is safe.
    pub fn capacity(&self) -> usize {
        (self.words.len() - 1) * 64
    }

    /// Marks the used slots of `shape` at `start` as free again.
    pub fn release(&mut self, shape: &Shape, start: usize) {
        for &at in &shape.probes {
            let slot = start + at as usize;
            self.words[slot / 64] |= 1 << (slot % 64);
        }
    }

    /// Whether every used slot of `shape` at `start` is free.
    pub fn fits(&self, shape: &Shape, start: usize) -> bool {
        shape.probes.iter().all(|&at| {
            let slot = start + at as usize;
            self.words
                .get(slot / 64)
                .is_some_and(|w| w >> (slot % 64) & 1 == 1)
        })
    }

    /// The lowest start in `from..limit` where every used slot of `shape` is free.
    pub fn lowest_fit(&self, shape: &Shape, from: usize, limit: usize) -> Option<usize> {
        let mut base = from & !63;
        while base < limit {
            let mut fits = !0u64;
            if base < from {
                fits &= !0 << (from - base);
            }
            if limit - base < 64 {
                fits &= (1 << (limit - base)) - 1;
            }
            for &at in &shape.probes {
                fits &= self.window(base + at as usize);
                if fits == 0 {
                    break;
                }
            }
            if fits != 0 {
                return Some(base + fits.trailing_zeros() as usize);
            }
            base += 64;
        }
        None
    }
}

/// Where a square sits: which of its shapes, at which start.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Placed {
    pub shape: usize,
    pub start: usize,
}

/// The table's state after some squares of an order are placed, to decode the rest again.
#[derive(Clone)]
struct Snapshot {
    words: Vec<u64>,
    placed: Vec<Option<Placed>>,
    frontier: usize,
}

/// The table being packed.
pub(crate) struct Packer<'a> {
    shapes: &'a [Vec<Shape>],
    free: Free,
    placed: Vec<Option<Placed>>,
    /// The highest end of any placed square: the table's length so far.
    frontier: usize,
}

impl<'a> Packer<'a> {
    /// An empty table for squares with these candidate shapes.
    pub fn new(shapes: &'a [Vec<Shape>]) -> Packer<'a> {
        let largest = shapes
            .iter()
            .flatten()
            .map(|s| (s.low + s.span) as usize)
            .max()
            .unwrap_or(0);
        Packer {
            shapes,
            free: Free::new(shapes.len() * largest + largest),
            placed: vec![None; shapes.len()],
            frontier: 0,
        }
    }

    /// The table's length: the highest end of any square.
    pub fn frontier(&self) -> usize {
        self.frontier
    }

    /// Each square's shape and start.
    pub fn placed(&self) -> &[Option<Placed>] {
        &self.placed
    }

    /// Places a square with the shape and start that end lowest (the table's current length
    /// counting as the end of anything inside it), then start lowest.
    fn place_best(&mut self, square: usize) {
        let frontier = self.frontier;
        let mut best: Option<(usize, usize, usize)> = None; // (end, start, shape)
        for (c, shape) in self.shapes[square].iter().enumerate() {
            let span = shape.span as usize;
            let from = shape.low as usize;
            // Beyond the frontier every slot is free; only starts that beat the best so far
            // are worth a test.
            let mut limit = frontier.max(from) + 1;
            if let Some((end, start, _)) = best {
                limit = limit.min(if end > frontier {
                    (end + 1).saturating_sub(span)
                } else {
                    start
                });
            }
            if let Some(start) = self.free.lowest_fit(shape, from, limit) {
                let end = frontier.max(start + span);
                if best.is_none_or(|(e, s, _)| (end, start) < (e, s)) {
                    best = Some((end, start, c));
                }
            }
        }
        if let Some((end, start, shape)) = best {
            self.free.occupy(&self.shapes[square][shape], start);
            self.placed[square] = Some(Placed { shape, start });
            self.frontier = end;
        }
    }

    /// Places the squares of `order[from..]` one after the other, starting from
    /// `snapshots[from]`, and records the state after each.
    fn decode(&mut self, order: &[usize], from: usize, snapshots: &mut Vec<Snapshot>) {
        snapshots.truncate(from + 1);
        if let Some(start) = snapshots.last() {
            self.free.words.clone_from(&start.words);
            self.placed.clone_from(&start.placed);
            self.frontier = start.frontier;
        }
        for &i in &order[from..] {
            self.place_best(i);
            snapshots.push(Snapshot {
                words: self.free.words.clone(),
                placed: self.placed.clone(),
                frontier: self.frontier,
            });
        }
    }

    /// Packs the squares greedily in an order, and searches the order: the greedy placement
    /// is myopic, and which square comes first decides which holes the others find. The first
    /// order is largest first (by the fewest used slots among a square's shapes). Each step
    /// swaps two squares of the order or moves one earlier, places the squares again from the
    /// first changed place on (the states before it are kept), and keeps the new order if
    /// the table is not longer; equal lengths are kept too, so that the search drifts over
    /// plateaus. Runs while `more(steps done)` says so; deterministic in `rng` and the count.
    pub fn search_order(&mut self, rng: &mut ChaCha8Rng, mut more: impl FnMut(u64) -> bool) -> u64 {
        let n = self.shapes.len();
        let smallest = |i: usize| self.shapes[i].iter().map(Shape::used).min().unwrap_or(0);
        let mut order: Vec<usize> = (0..n).collect();
        order.sort_by_key(|&i| (std::cmp::Reverse(smallest(i)), i));
        let empty = Snapshot {
            words: self.free.words.clone(),
            placed: self.placed.clone(),
            frontier: self.frontier,
        };
        let mut snapshots = vec![empty];
        self.decode(&order, 0, &mut snapshots);
        let mut best = self.frontier;
        let mut steps = 0;
        while n >= 2 && more(steps) {
            steps += 1;
            let a = (rng.next_u64() % n as u64) as usize;
            let b = (rng.next_u64() % n as u64) as usize;
            let swap = rng.next_u64() & 1 == 0;
            let (p, q) = (a.min(b), a.max(b));
            if p == q {
                continue;
            }
            let mut changed = order.clone();
            if swap {
                changed.swap(p, q);
            } else {
                let moved = changed.remove(q);
                changed.insert(p, moved);
            }
            // The states up to `p` stay; the old ones after it come back if the order does not.
            let kept = snapshots.split_off(p + 1);
            self.decode(&changed, p, &mut snapshots);
            if self.frontier <= best {
                best = self.frontier;
                order = changed;
            } else {
                snapshots.truncate(p + 1);
                snapshots.extend(kept);
            }
        }
        if let Some(last) = snapshots.last() {
            self.free.words.clone_from(&last.words);
            self.placed.clone_from(&last.placed);
            self.frontier = last.frontier;
        }
        steps
    }

    /// The RNG of the order search for `seed`: a stream of its own, apart from the candidates'.
    pub fn rng(seed: u64) -> ChaCha8Rng {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        rng.set_stream(u64::MAX);
        rng
    }
}
