//! The tables that spare the classifier work at run time, each answering "certainly not" in a
//! load or two: the occupancies of the named positions (most positions of a game are not
//! named), where each run of named positions whose occupancies' hashes share their top bits
//! starts (a position is looked for in its run, by its occupancy, with no key to compute),
//! and which sets of unmoved pawns still leave some named position reachable.

use super::{Epd, Needs};

/// The multiplier of the occupancy filter's index: `(occupied * M) >> (64 - OCCUPIED_BITS)`.
pub const OCCUPIED_MULTIPLIER: u64 = 0x9e37_79b9_7f4a_7c15;
/// The occupancy filter has `1 << OCCUPIED_BITS` bits.
pub const OCCUPIED_BITS: u32 = 16;
/// Occupancies' hashes are grouped into `1 << BUCKET_BITS` runs by their top bits.
pub const BUCKET_BITS: u32 = 12;

/// The hash of a set of occupied squares, whose top bits index the filter and the runs.
pub fn occupied_hash(occupied: u64) -> u64 {
    occupied.wrapping_mul(OCCUPIED_MULTIPLIER)
}

/// The occupancy filter's bit of a set of occupied squares.
pub fn occupied_bit(occupied: u64) -> usize {
    (occupied_hash(occupied) >> (64 - OCCUPIED_BITS)) as usize
}

/// A bit set with a bit for each named position's occupancy.
pub fn occupied_filter<'a>(positions: impl Iterator<Item = &'a Epd>) -> Vec<u64> {
    let mut bits = vec![0u64; 1 << (OCCUPIED_BITS - 6)];
    for epd in positions {
        set(&mut bits, occupied_bit(epd.colour(0) | epd.colour(1)));
    }
    bits
}

/// For each run of `keys` (ascending: the occupancies' hashes) with the same top
/// [`BUCKET_BITS`] bits, the index of its first, then `keys.len()`: the run of `top` is
/// `starts[top]..starts[top + 1]`.
pub fn bucket_starts(keys: &[u64]) -> Vec<u16> {
    let buckets = 1usize << BUCKET_BITS;
    let mut starts = Vec::with_capacity(buckets + 1);
    let mut index = 0;
    for top in 0..buckets as u64 {
        while keys
            .get(index)
            .is_some_and(|&k| k >> (64 - BUCKET_BITS) < top)
        {
            index += 1;
        }
        starts.push(index as u16);
    }
    starts.push(keys.len() as u16);
    starts
}

/// The unmoved pawns as 16 bits: white's on rank 2 (the low byte), black's on rank 7.
pub fn home_pawns(unmoved: u64) -> usize {
    (((unmoved >> 8) & 0xff) | ((unmoved >> 40) & 0xff00)) as usize
}

/// A bit set over the 65,536 sets of unmoved pawns: set where some of `needs` asks for no
/// pawn outside the set. A clear bit means no named position is reachable any more.
pub fn pawn_filter(needs: &[Needs]) -> Vec<u64> {
    let mut bits = vec![0u64; 1 << 10];
    for pawns in 0..1usize << 16 {
        if needs.iter().any(|n| home_pawns(n.unmoved) & !pawns == 0) {
            set(&mut bits, pawns);
        }
    }
    bits
}

fn set(bits: &mut [u64], bit: usize) {
    if let Some(word) = bits.get_mut(bit / 64) {
        *word |= 1 << (bit % 64);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_run_of_keys_is_found_from_their_top_bits() {
        let keys = [1, 2, 0x0010_0000_0000_0000, u64::MAX - 1, u64::MAX];
        let starts = bucket_starts(&keys);
        assert_eq!(starts.len(), (1 << BUCKET_BITS) + 1);
        assert_eq!(starts[..3], [0, 2, 3]);
        assert_eq!(starts[(1 << BUCKET_BITS) - 1..], [3, 5]);
    }

    #[test]
    fn home_pawns_take_ranks_2_and_7() {
        assert_eq!(home_pawns(0x00ff_0000_0000_ff00 | 0x81), 0xffff);
        assert_eq!(home_pawns(0x0001_0000_0000_8000), 0x0180);
    }

    #[test]
    fn the_pawn_filter_is_clear_only_below_every_need() {
        let needs = [Needs {
            unmoved: 0x0000_0000_0000_0300,
            white: 16,
            black: 16,
        }];
        let filter = pawn_filter(&needs);
        let bit = |pawns: usize| filter[pawns / 64] >> (pawns % 64) & 1 == 1;
        assert!(bit(0x03) && bit(0xff07) && !bit(0x01) && !bit(0xff00));
    }
}
