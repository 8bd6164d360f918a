//! Sorting a batch's postings by key: a least-significant-digit radix sort over the
//! [`Key::BITS`] bits of the key, 12 at a time. It is stable, so entries added in game order
//! stay in game order within a key, and it costs four passes over the batch whatever its
//! order, where a comparison sort of a million entries costs twenty.
//!
//! [`Key::BITS`]: super::key::Key::BITS

use super::key::Key;
use super::postings::Entry;

/// Bits of the key a pass sorts by.
const DIGIT_BITS: u32 = 12;
const PASSES: usize = Key::BITS.div_ceil(DIGIT_BITS) as usize;
const BUCKETS: usize = 1 << DIGIT_BITS;

/// Sorts `entries` by key, keeping the order of entries with equal keys. `scratch` is where
/// a pass writes: kept from batch to batch, its pages are not the kernel's to fault in anew
/// for every sort (it comes back holding anything).
///
/// ```
/// use jaque::index::code::MoveCode;
/// use jaque::index::key::Key;
/// use jaque::index::postings::Entry;
/// use jaque::index::radix::sort_by_key;
/// let key = |bits| Key::from_bits(bits).unwrap();
/// let entry = |k, game| Entry { key: key(k), game, code: MoveCode::NONE };
/// let mut entries = vec![entry(1 << 40, 0), entry(5, 1), entry(1 << 40, 2), entry(5, 3)];
/// sort_by_key(&mut entries, &mut Vec::new());
/// let games: Vec<u32> = entries.iter().map(|e| e.game).collect();
/// assert_eq!(games, [1, 3, 0, 2]);
/// ```
pub fn sort_by_key(entries: &mut Vec<Entry>, scratch: &mut Vec<Entry>) {
    let Some(&fill) = entries.first().filter(|_| entries.len() > 1) else {
        return;
    };
    let counts = histograms(entries);
    scratch.clear();
    scratch.resize(entries.len(), fill);
    let (mut from, mut to) = (&mut *entries, &mut *scratch);
    let mut swapped = false;
    for (pass, count) in counts.iter().enumerate() {
        // A digit all entries share moves nothing.
        if count.contains(&from.len()) {
            continue;
        }
        let mut next = [0usize; BUCKETS];
        let mut at = 0;
        for (slot, &n) in next.iter_mut().zip(count.iter()) {
            *slot = at;
            at += n;
        }
        let shift = pass as u32 * DIGIT_BITS;
        for entry in from.iter() {
            let digit = digit(entry.key, shift);
            // Always there: a digit is under `BUCKETS`, and the counts sum to the length.
            if let Some(slot) = next.get_mut(digit) {
                if let Some(out) = to.get_mut(*slot) {
                    *out = *entry;
                }
                *slot += 1;
            }
        }
        std::mem::swap(&mut from, &mut to);
        swapped = !swapped;
    }
    if swapped {
        std::mem::swap(entries, scratch);
    }
}

/// The count of each digit value, for every pass, in one read of `entries`.
fn histograms(entries: &[Entry]) -> Vec<[usize; BUCKETS]> {
    let mut counts = vec![[0usize; BUCKETS]; PASSES];
    for entry in entries {
        for (pass, count) in counts.iter_mut().enumerate() {
            if let Some(n) = count.get_mut(digit(entry.key, pass as u32 * DIGIT_BITS)) {
                *n += 1;
            }
        }
    }
    counts
}

/// The digit of `key` at bit `shift`.
fn digit(key: Key, shift: u32) -> usize {
    ((key.bits() >> shift) as usize) & (BUCKETS - 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::index::code::MoveCode;

    #[test]
    fn sorts_as_a_stable_comparison_sort_does() {
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let mut entries: Vec<Entry> = (0..20_000)
            .map(|game| {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                // Few distinct keys, so that many share one and their order shows.
                let bits = (state % 3_000) << 30 | (state % 7);
                Entry {
                    key: Key::from_bits(bits & ((1 << Key::BITS) - 1)).unwrap(),
                    game,
                    code: MoveCode::NONE,
                }
            })
            .collect();
        let mut expected = entries.clone();
        expected.sort_by_key(|e| e.key);
        let mut scratch = vec![expected[5]; 7];
        sort_by_key(&mut entries, &mut scratch);
        assert_eq!(entries, expected);
        // Again, the scratch now a batch's size and full of entries.
        let mut again = expected.clone();
        again.reverse();
        again.sort_by_key(|e| e.game);
        sort_by_key(&mut again, &mut scratch);
        assert_eq!(again, expected);
    }
}
