//! Sorting a batch's postings by key, most significant digit first. As the writer adds a
//! batch's entries (in game order), each goes to one of [`PARTS`] parts by the top bits of
//! its key: on the writer's thread, one append each. The committing thread then sorts each
//! part, a few thousand entries that stay in cache, by a counting sort on the next bits and
//! insertion, and joins them in order.
//!
//! A batch is millions of entries, far beyond the caches. Sorting it whole on the committing
//! thread, a least-significant-digit radix sort, scattered the batch across memory four
//! times, and that thread is the one every batch waits for.

use super::key::Key;
use super::postings::{Entry, Shape, distinct_keys};

/// Bits of the key that choose an entry's part.
const DIGIT_BITS: u32 = 12;
/// The parts.
pub const PARTS: usize = 1 << DIGIT_BITS;

/// Entries parted by the top bits of their keys, each part in the order its entries came.
/// Emptied by [`Partitioned::sort_into`], it keeps its room for the next batch: its pages are
/// not the kernel's to fault in anew for every batch.
///
/// ```
/// use jaque::index::code::MoveCode;
/// use jaque::index::key::Key;
/// use jaque::index::postings::Entry;
/// use jaque::index::radix::Partitioned;
/// let key = |bits| Key::from_bits(bits).unwrap();
/// let entry = |k, game| Entry::new(key(k), game, MoveCode::NONE);
/// let mut parts = Partitioned::default();
/// parts.extend([entry(1 << 40, 0), entry(5, 1), entry(1 << 40, 2), entry(5, 3)]);
/// let mut sorted = Vec::new();
/// parts.sort_into(&mut sorted);
/// let games: Vec<u32> = sorted.iter().map(|e| e.game()).collect();
/// assert_eq!(games, [1, 3, 0, 2]);
/// assert_eq!(parts.len(), 0);
/// ```
#[derive(Clone, Debug)]
pub struct Partitioned {
    parts: Vec<Vec<Entry>>,
    len: usize,
    /// The least and the greatest game held.
    first_game: u32,
    last_game: u32,
}

impl Default for Partitioned {
    fn default() -> Partitioned {
        Partitioned {
            parts: vec![Vec::new(); PARTS],
            len: 0,
            first_game: u32::MAX,
            last_game: 0,
        }
    }
}

impl Partitioned {
    /// The entries held.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether none is.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Adds `entries`, each after those of its part before it.
    pub fn extend(&mut self, entries: impl IntoIterator<Item = Entry>) {
        // Counted in locals: a push may reallocate, so fields would be stored every time.
        let (mut len, mut first, mut last) = (self.len, self.first_game, self.last_game);
        for entry in entries {
            let part = (entry.key().bits() >> (Key::BITS - DIGIT_BITS)) as usize;
            // Always there: a key has `Key::BITS` bits, so its top bits are under `PARTS`.
            if let Some(part) = self.parts.get_mut(part) {
                part.push(entry);
                len += 1;
                first = first.min(entry.game());
                last = last.max(entry.game());
            }
        }
        (self.len, self.first_game, self.last_game) = (len, first, last);
    }

    /// Every entry, sorted by key, entries of equal keys in the order they were added, put
    /// in `out` (emptied first), and their shape, counted as each part is sorted; this is
    /// left empty, its room kept.
    pub fn sort_into(&mut self, out: &mut Vec<Entry>) -> Shape {
        out.clear();
        out.reserve(self.len);
        let mut keys = 0;
        for part in &mut self.parts {
            let from = out.len();
            sort_part(part, out);
            part.clear();
            keys += distinct_keys(out.get(from..).unwrap_or_default());
        }
        let shape = match self.len {
            0 => Shape::default(),
            _ => Shape {
                first_game: self.first_game,
                last_game: self.last_game,
                keys: keys as u64,
            },
        };
        (self.len, self.first_game, self.last_game) = (0, u32::MAX, 0);
        shape
    }
}

/// Bits of the key after a part's that a counting sort orders a part by: enough that most
/// runs of one digit hold one entry or one key's games, which the insertion sort below then
/// leaves as they are (comparisons of a few random keys are branches no processor predicts).
const NEXT_BITS: u32 = 11;

/// `part`'s entries appended to `out` sorted by key, equal keys in their order in `part`: a
/// stable counting sort by the [`NEXT_BITS`] after the part's bits, then each run of equal
/// digits (a handful of entries, or the games of one key) sorted by the rest.
fn sort_part(part: &[Entry], out: &mut Vec<Entry>) {
    let Some(&fill) = part.first() else {
        return;
    };
    let shift = Key::BITS - DIGIT_BITS - NEXT_BITS;
    let digit = |entry: &Entry| (entry.key().bits() >> shift) as usize & ((1 << NEXT_BITS) - 1);
    // A digit's count, then where its run starts, then (once scattered) where it ends.
    let mut slots = [0usize; 1 << NEXT_BITS];
    for entry in part {
        slots[digit(entry)] += 1;
    }
    let base = out.len();
    let mut at = base;
    for slot in &mut slots {
        (*slot, at) = (at, at + *slot);
    }
    out.resize(at, fill);
    for entry in part {
        let slot = &mut slots[digit(entry)];
        // Always there: the slots of a digit end where the next digit's begin.
        if let Some(out) = out.get_mut(*slot) {
            *out = *entry;
        }
        *slot += 1;
    }
    let mut start = base;
    for &end in &slots {
        if let Some(run) = out.get_mut(start..end) {
            sort_run(run);
        }
        start = end;
    }
}

/// Sorts a run of entries by key, keeping the order of equal keys: by insertion where it is
/// short (or already sorted, as one key's games are), else by the standard stable sort.
fn sort_run(run: &mut [Entry]) {
    if run.len() > 24 {
        return run.sort_by_key(|e| e.key());
    }
    for i in 1..run.len() {
        let entry = run[i];
        let mut j = i;
        while j > 0 && run[j - 1].key() > entry.key() {
            run[j] = run[j - 1];
            j -= 1;
        }
        run[j] = entry;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::index::code::MoveCode;

    /// Sorted as a stable comparison sort of all the entries sorts them (the oracle), among
    /// keys that share their top bits and keys that do not, twice in the same room; the shape
    /// counted while sorting is the shape counted after.
    #[test]
    fn sorts_as_a_stable_comparison_sort_does() {
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let entries: Vec<Entry> = (0..20_000)
            .map(|game| {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                // Few distinct keys, so that many share one and their order shows; parts of
                // many keys, digits of a few, and one key of many games (the start position).
                let bits = match state % 10 {
                    0 => 1 << 40,
                    _ => (state % 40) << 36 | ((state >> 32) % 200) << 28 | (state % 7),
                };
                let key = Key::from_bits(bits & ((1 << Key::BITS) - 1)).unwrap();
                Entry::new(key, game, MoveCode::NONE)
            })
            .collect();
        let mut expected = entries.clone();
        expected.sort_by_key(|e| e.key());
        let mut parts = Partitioned::default();
        let mut sorted = vec![expected[5]; 7];
        for _ in 0..2 {
            parts.extend(entries.iter().copied());
            assert_eq!(parts.len(), entries.len());
            let shape = parts.sort_into(&mut sorted);
            assert_eq!(sorted, expected);
            assert_eq!(shape, Shape::of(&expected));
            assert!(parts.is_empty());
        }
    }
}
