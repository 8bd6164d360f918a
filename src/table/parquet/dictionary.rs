//! Dictionary encoding, as Parquet writers use it by default: a column chunk's distinct
//! values once, in a dictionary page, and each value as its index there, bit-packed. Text
//! that repeats (players, events, openings) and positions' bitboards take a fraction of their
//! plain size; a chunk whose distinct values pass a limit goes on in the plain encoding.

use std::collections::HashMap;
use std::hash::{BuildHasher, Hasher, RandomState};

use super::thrift::varint;

/// A dictionary's values, in their plain encoding, past which a chunk's next pages are plain
/// (parquet-rs's default).
pub(super) const LIMIT: usize = 1 << 20;

/// A column chunk's distinct values so far: numbers by their bits, text by its bytes.
#[derive(Default)]
pub(super) struct Dictionary {
    words: HashMap<u64, u32, Keyed>,
    texts: HashMap<Box<[u8]>, u32, Keyed>,
    /// The last number looked up and its index: a row a ply repeats most of the row before
    /// (a move changes two of the twelve bitboards), and a comparison is cheaper than a hash.
    last: Option<(u64, u32)>,
    /// The values in the order of their indices, plain: the dictionary page's body.
    pub(super) plain: Vec<u8>,
}

impl Dictionary {
    /// The index of the number of bits `word`, whose plain encoding is its first `width`
    /// bytes, added if new.
    pub(super) fn word(&mut self, word: u64, width: usize) -> u32 {
        if let Some((last, id)) = self.last
            && last == word
        {
            return id;
        }
        let id = match self.words.get(&word) {
            Some(&id) => id,
            None => {
                let id = self.next();
                self.words.insert(word, id);
                let bytes = word.to_le_bytes();
                self.plain
                    .extend_from_slice(bytes.get(..width).unwrap_or(&bytes));
                id
            }
        };
        self.last = Some((word, id));
        id
    }

    /// The index of the text `value` (its bytes: the plain encoding, their length first, is
    /// made only for a new one), added if new.
    pub(super) fn text(&mut self, value: &[u8]) -> u32 {
        match self.texts.get(value) {
            Some(&id) => id,
            None => {
                let id = self.next();
                self.texts.insert(value.into(), id);
                let length = u32::try_from(value.len()).unwrap_or(u32::MAX);
                self.plain.extend_from_slice(&length.to_le_bytes());
                self.plain.extend_from_slice(value);
                id
            }
        }
    }

    fn next(&self) -> u32 {
        u32::try_from(self.len()).unwrap_or(u32::MAX)
    }

    /// Its values.
    pub(super) fn len(&self) -> usize {
        self.words.len() + self.texts.len()
    }

    /// Whether it passed [`LIMIT`].
    pub(super) fn is_full(&self) -> bool {
        self.plain.len() > LIMIT
    }
}

/// The dictionaries' hash: a word at a time, multiplied and folded, keyed afresh for each
/// dictionary from the standard library's random keys (so that no file can be written to
/// collide, as with the standard hash), at a fraction of the standard hash's cost a value.
#[derive(Clone, Copy)]
struct Keyed {
    key: u64,
}

impl Default for Keyed {
    fn default() -> Keyed {
        Keyed {
            key: RandomState::new().hash_one(0u64),
        }
    }
}

impl BuildHasher for Keyed {
    type Hasher = Folded;

    fn build_hasher(&self) -> Folded {
        Folded { state: self.key }
    }
}

/// The state of a [`Keyed`] hash.
struct Folded {
    state: u64,
}

/// An odd constant with its bits well spread (the golden ratio's fraction).
const SPREAD: u64 = 0x9e37_79b9_7f4a_7c15;

impl Folded {
    /// Mixes in one word: the full product's two halves folded together, so that every bit
    /// of the word reaches every bit of the state.
    #[inline(always)]
    fn add(&mut self, word: u64) {
        let product = u128::from(self.state ^ word) * u128::from(SPREAD);
        self.state = (product as u64) ^ ((product >> 64) as u64);
    }
}

impl Hasher for Folded {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        let mut words = bytes.chunks_exact(8);
        for word in &mut words {
            let mut eight = [0; 8];
            eight.copy_from_slice(word);
            self.add(u64::from_le_bytes(eight));
        }
        let rest = words.remainder();
        if !rest.is_empty() {
            let mut eight = [0; 8];
            if let Some(start) = eight.get_mut(..rest.len()) {
                start.copy_from_slice(rest);
            }
            self.add(u64::from_le_bytes(eight));
        }
    }

    #[inline]
    fn write_u64(&mut self, word: u64) {
        self.add(word);
    }

    #[inline]
    fn write_usize(&mut self, word: usize) {
        self.add(word as u64);
    }

    #[inline]
    fn finish(&self) -> u64 {
        let product = u128::from(self.state) * u128::from(SPREAD.rotate_left(32));
        (product as u64) ^ ((product >> 64) as u64)
    }
}

/// A data page's values as dictionary indices: their bit width in a byte, then bit-packed
/// groups of eight, as one run of the run-length / bit-packed hybrid (the last group padded
/// with zeros, which the page's count of values leaves unread).
pub(super) fn encode_indices(indices: &[u32], entries: usize, out: &mut Vec<u8>) {
    let width = (u32::BITS - (entries.saturating_sub(1) as u32).leading_zeros()).max(1);
    out.push(width as u8);
    let groups = indices.len().div_ceil(8);
    varint(((groups as u64) << 1) | 1, out);
    for group in indices.chunks(8) {
        let (mut buffer, mut bits) = (0u64, 0u32);
        for slot in 0..8 {
            let index = group.get(slot).copied().unwrap_or(0);
            buffer |= u64::from(index) << bits;
            bits += width;
            while bits >= 8 {
                out.push(buffer as u8);
                (buffer, bits) = (buffer >> 8, bits - 8);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The bit-packing example of the Parquet format's encodings page: 0 to 7 at three bits
    /// are the bytes 10001000 11000110 11111010.
    #[test]
    fn indices_are_bit_packed_as_the_format_s_example() {
        let mut out = Vec::new();
        encode_indices(&[0, 1, 2, 3, 4, 5, 6, 7], 8, &mut out);
        assert_eq!(out, [3, 0b11, 0b1000_1000, 0b1100_0110, 0b1111_1010]);
    }

    #[test]
    fn a_value_seen_again_has_its_first_index() {
        let mut dictionary = Dictionary::default();
        assert_eq!(dictionary.text(b"a"), 0);
        assert_eq!(dictionary.text(b"bc"), 1);
        assert_eq!(dictionary.text(b"a"), 0);
        let plain = [1, 0, 0, 0, b'a', 2, 0, 0, 0, b'b', b'c'];
        assert_eq!((dictionary.len(), &dictionary.plain[..]), (2, &plain[..]));
        let mut numbers = Dictionary::default();
        assert_eq!([7, 7, 9, 7].map(|n| numbers.word(n, 4)), [0, 0, 1, 0]);
        assert_eq!(numbers.plain, [7, 0, 0, 0, 9, 0, 0, 0]);
    }

    /// A value seen again is found again, whatever its length: the hash is a function of
    /// the value, read a word at a time, the last word padded.
    #[test]
    fn values_of_every_length_are_found_again() {
        let mut dictionary = Dictionary::default();
        let values: Vec<Vec<u8>> = (0..20).map(|n| vec![b'a'; n]).collect();
        let ids: Vec<u32> = values.iter().map(|v| dictionary.text(v)).collect();
        assert_eq!(ids, (0..20).collect::<Vec<u32>>());
        let again: Vec<u32> = values.iter().rev().map(|v| dictionary.text(v)).collect();
        assert_eq!(again, (0..20).rev().collect::<Vec<u32>>());
    }

    /// The hash spreads what a table's columns hold (small numbers, short text that differs
    /// in a letter or in its length): no two collide, and the top seven bits, which the
    /// table compares first, take all their values.
    #[test]
    fn the_hash_spreads_numbers_and_short_text() {
        let keyed = Keyed::default();
        let mut hashes: Vec<u64> = (0..50_000u64).map(|n| keyed.hash_one(n)).collect();
        let texts = (0..50_000u32).map(|n| format!("{}{}", "x".repeat(n as usize % 9), n));
        hashes.extend(texts.map(|text| keyed.hash_one(text.as_bytes())));
        let tops: std::collections::HashSet<u64> = hashes.iter().map(|h| h >> 57).collect();
        assert_eq!(tops.len(), 128);
        hashes.sort_unstable();
        hashes.dedup();
        assert_eq!(hashes.len(), 100_000);
    }
}
