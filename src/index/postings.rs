//! Postings: which games reach a position, and at which ply, as sorted runs cut into blocks.
//!
//! No embedded store writes the millions of (position, game, ply) entries a second that
//! indexing reads, one row each; a block of a few kilobytes is one value instead. A run is a
//! batch's entries sorted by key then game; its blocks are cut at key boundaries (a key's
//! games are in one block, so a lookup reads one block a run), each stored under its first
//! key. Inside a block an entry is three varints: the key's increase over the last entry's
//! (0: the same position), the game (its increase over the last, for the same key), the ply.

/// One position reached by one game: the position's key, the game, the ply (0: the start).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Entry {
    /// The position's Zobrist key.
    pub key: u64,
    /// The game, by its number in the index.
    pub game: u32,
    /// The first ply of the game's mainline at the position.
    pub ply: u16,
}

/// A block: its first key, and its bytes.
pub type Block = (u64, Vec<u8>);

/// `entries`, sorted by key then game, cut into blocks of about `size` bytes (more where one
/// key's games need more).
///
/// ```
/// use jaque::index::postings::{Entry, blocks, lookup};
/// let entries = [Entry { key: 5, game: 1, ply: 0 }, Entry { key: 5, game: 9, ply: 4 },
///                Entry { key: 70, game: 3, ply: 12 }];
/// let blocks = blocks(&entries, 4096);
/// assert_eq!(blocks.len(), 1);
/// assert_eq!(lookup(&blocks[0].1, 5), Some(vec![(1, 0), (9, 4)]));
/// assert_eq!(lookup(&blocks[0].1, 6), Some(vec![]));
/// ```
pub fn blocks(entries: &[Entry], size: usize) -> Vec<Block> {
    let mut blocks = Vec::new();
    let mut bytes = Vec::new();
    let mut first = None;
    let mut last: Option<Entry> = None;
    for &entry in entries {
        let new_key = last.is_none_or(|last| last.key != entry.key);
        if new_key && bytes.len() >= size {
            if let Some(key) = first.take() {
                blocks.push((key, std::mem::take(&mut bytes)));
            }
            last = None;
        }
        first.get_or_insert(entry.key);
        let (key_step, game_step) = match last {
            Some(last) if last.key == entry.key => (0, entry.game.wrapping_sub(last.game)),
            Some(last) => (entry.key.wrapping_sub(last.key), entry.game),
            None => (entry.key, entry.game),
        };
        varint(&mut bytes, key_step);
        varint(&mut bytes, u64::from(game_step));
        varint(&mut bytes, u64::from(entry.ply));
        last = Some(entry);
    }
    if let Some(key) = first {
        blocks.push((key, bytes));
    }
    blocks
}

/// The games (and plies) of `key` in a block, in game order; `None` if the block's bytes
/// are not a block (a damaged index).
pub fn lookup(block: &[u8], key: u64) -> Option<Vec<(u32, u16)>> {
    let mut found = Vec::new();
    let mut reader = Reader { bytes: block };
    let (mut at_key, mut game) = (None::<u64>, 0u32);
    while !reader.bytes.is_empty() {
        let key_step = reader.varint()?;
        let game_step = u32::try_from(reader.varint()?).ok()?;
        let ply = u16::try_from(reader.varint()?).ok()?;
        let here = match at_key {
            Some(previous) if key_step == 0 => {
                game = game.checked_add(game_step)?;
                previous
            }
            Some(previous) => {
                game = game_step;
                previous.checked_add(key_step)?
            }
            None => {
                game = game_step;
                key_step
            }
        };
        at_key = Some(here);
        if here > key {
            break;
        }
        if here == key {
            found.push((game, ply));
        }
    }
    Some(found)
}

fn varint(out: &mut Vec<u8>, mut value: u64) {
    while value >= 0x80 {
        out.push(value as u8 | 0x80);
        value >>= 7;
    }
    out.push(value as u8);
}

struct Reader<'a> {
    bytes: &'a [u8],
}

impl Reader<'_> {
    /// The next varint, or `None` past the end or past 64 bits.
    fn varint(&mut self) -> Option<u64> {
        let mut value = 0u64;
        for shift in (0..64).step_by(7) {
            let (&byte, rest) = self.bytes.split_first()?;
            self.bytes = rest;
            value |= u64::from(byte & 0x7f).checked_shl(shift)?;
            if byte & 0x80 == 0 {
                return Some(value);
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::xorshift::XorShift;
    use std::collections::BTreeMap;

    #[test]
    fn every_key_finds_exactly_its_games_in_the_block_its_first_key_names() {
        let mut rng = XorShift(0x1dea);
        // Keys shared by many games (openings) and keys of one game each.
        let mut entries: Vec<Entry> = (0..20_000)
            .map(|i| {
                let key = match i % 3 {
                    0 => rng.next() % 40,
                    _ => rng.next(),
                };
                let game = (rng.next() % 5_000) as u32;
                Entry {
                    key,
                    game,
                    ply: (i % 300) as u16,
                }
            })
            .collect();
        entries.sort();
        entries.dedup_by_key(|e| (e.key, e.game));
        let mut truth: BTreeMap<u64, Vec<(u32, u16)>> = BTreeMap::new();
        for e in &entries {
            truth.entry(e.key).or_default().push((e.game, e.ply));
        }
        let blocks = blocks(&entries, 512);
        assert!(blocks.len() > 10, "the run is cut into blocks");
        let block_of = |key: u64| blocks.iter().rev().find(|(first, _)| *first <= key);
        for (key, games) in &truth {
            let (_, bytes) = block_of(*key).expect("a block");
            assert_eq!(lookup(bytes, *key).as_ref(), Some(games), "key {key}");
        }
        // A key absent from the run finds nothing.
        let absent = (0..)
            .map(|k| k * 7919 + 1)
            .find(|k| !truth.contains_key(k))
            .unwrap();
        let found = block_of(absent).map_or(Some(vec![]), |(_, b)| lookup(b, absent));
        assert_eq!(found, Some(vec![]));
    }

    #[test]
    fn damaged_bytes_are_an_answer_or_none_never_a_panic() {
        let mut rng = XorShift(7);
        for _ in 0..2_000 {
            let len = (rng.next() % 64) as usize;
            let bytes: Vec<u8> = (0..len).map(|_| rng.next() as u8).collect();
            let _ = lookup(&bytes, rng.next());
        }
        assert_eq!(lookup(&[0x80], 0), None, "a varint cut short");
        assert_eq!(lookup(&[0xff; 11], 0), None, "a varint past 64 bits");
    }
}
