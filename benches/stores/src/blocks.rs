//! The blocks layout: a batch's entries grouped by key prefix into one value per bucket,
//! posting lists delta- and varint-encoded, stored under `bucket << 32 | batch`. Appending a
//! batch writes new keys only (nothing already stored is rewritten); a lookup is one range
//! read over its bucket, a value per batch, each decoded until past the key.
//!
//! Keys keep their top [`KEY_BITS`] bits: with D distinct positions stored, a lookup meets a
//! false match with a chance of about D / 2^40 (5 in 100,000 for 50 million), verified away
//! as any Zobrist collision is (the index replays the game to the ply); more bits would cost
//! a byte a key and a block.

use crate::entries::{Batch, Entry};

/// The bits of a position key that the blocks keep.
pub const KEY_BITS: u32 = 40;

/// A key as the blocks keep it.
pub fn kept(key: u64) -> u64 {
    key >> (64 - KEY_BITS)
}

/// The bucket of a key.
pub fn bucket(key: u64, bucket_bits: u32) -> u64 {
    key >> (64 - bucket_bits)
}

/// The store key of a bucket's block from a batch.
pub fn block_key(bucket: u64, batch: u32) -> u64 {
    bucket << 32 | u64::from(batch)
}

/// The store keys of `bucket`'s blocks, from every batch.
pub fn bucket_range(bucket: u64) -> (u64, u64) {
    (block_key(bucket, 0), block_key(bucket, u32::MAX))
}

/// A batch as blocks: `(store key, value)` in key order.
///
/// A value: the batch's first game, then for each key of the bucket, ascending, the kept
/// key's difference from the one before (from the bucket's first kept key for the first),
/// doubled, plus one for a key of one game (most are); the number of its games where more
/// than one; and for each game its difference from the game before (from the batch's first
/// game for the first) and its ply.
pub fn encode(batch: &Batch, bucket_bits: u32) -> Vec<(u64, Vec<u8>)> {
    let mut blocks = Vec::new();
    let entries = &batch.entries[..];
    let mut start = 0;
    while let Some(first) = entries.get(start) {
        let bucket = bucket(first.key, bucket_bits);
        let len = entries[start..].partition_point(|e| self::bucket(e.key, bucket_bits) == bucket);
        let value = encode_bucket(
            &entries[start..start + len],
            batch.first_game,
            bucket,
            bucket_bits,
        );
        blocks.push((block_key(bucket, batch.id), value));
        start += len;
    }
    blocks
}

fn encode_bucket(entries: &[Entry], first_game: u32, bucket: u64, bucket_bits: u32) -> Vec<u8> {
    let mut value = Vec::with_capacity(entries.len() * 6 + 4);
    put(&mut value, u64::from(first_game));
    let mut previous = bucket_base(bucket, bucket_bits);
    let (mut i, mut merged) = (0, Vec::new());
    while let Some(entry) = entries.get(i) {
        let key = kept(entry.key);
        let same = entries[i..].partition_point(|e| kept(e.key) == key);
        let mut games = &entries[i..i + same];
        if !games.is_sorted_by_key(|e| e.game) {
            // Full keys that differ below the kept bits: their games merged in order.
            merged.clear();
            merged.extend_from_slice(games);
            merged.sort_unstable_by_key(|e| (e.game, e.ply));
            games = &merged;
        }
        put(&mut value, (key - previous) << 1 | u64::from(same == 1));
        if same > 1 {
            put(&mut value, same as u64);
        }
        let mut game = first_game;
        for e in games {
            put(&mut value, u64::from(e.game - game));
            put(&mut value, u64::from(e.ply));
            game = e.game;
        }
        previous = key;
        i += same;
    }
    value
}

/// The first kept key of a bucket.
fn bucket_base(bucket: u64, bucket_bits: u32) -> u64 {
    bucket << (KEY_BITS - bucket_bits)
}

/// Appends to `out` the games and plies of `key` in one block of its bucket. `None`: the
/// block is malformed.
pub fn find(value: &[u8], key: u64, bucket_bits: u32, out: &mut Vec<(u32, u16)>) -> Option<()> {
    let wanted = kept(key);
    let mut reader = Reader {
        bytes: value,
        at: 0,
    };
    let first_game = reader.get()?;
    let mut current = bucket_base(bucket(key, bucket_bits), bucket_bits);
    while reader.at < value.len() {
        let same;
        (current, same) = reader.key(current)?;
        if current > wanted {
            return Some(());
        }
        let mut game = first_game;
        for _ in 0..same {
            game = game.checked_add(reader.get()?)?;
            let ply = reader.get()?;
            if current == wanted {
                out.push((u32::try_from(game).ok()?, u16::try_from(ply).ok()?));
            }
        }
    }
    Some(())
}

/// Every entry of a block stored under `block_key`, keys as kept ([`kept`]).
pub fn decode(block_key: u64, value: &[u8], bucket_bits: u32, out: &mut Vec<Entry>) -> Option<()> {
    let mut reader = Reader {
        bytes: value,
        at: 0,
    };
    let first_game = reader.get()?;
    let mut key = bucket_base(block_key >> 32, bucket_bits);
    while reader.at < value.len() {
        let same;
        (key, same) = reader.key(key)?;
        let mut game = first_game;
        for _ in 0..same {
            game = game.checked_add(reader.get()?)?;
            let ply = u16::try_from(reader.get()?).ok()?;
            let game = u32::try_from(game).ok()?;
            out.push(Entry { key, game, ply });
        }
    }
    Some(())
}

/// LEB128: seven bits a byte, low first.
fn put(out: &mut Vec<u8>, mut n: u64) {
    while n >= 0x80 {
        out.push(n as u8 | 0x80);
        n >>= 7;
    }
    out.push(n as u8);
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    /// The next key after `previous`, and its number of games.
    fn key(&mut self, previous: u64) -> Option<(u64, u64)> {
        let delta = self.get()?;
        let same = match delta & 1 {
            1 => 1,
            _ => self.get()?,
        };
        Some((previous.checked_add(delta >> 1)?, same))
    }

    fn get(&mut self) -> Option<u64> {
        let mut n = 0u64;
        for shift in (0..64).step_by(7) {
            let byte = *self.bytes.get(self.at)?;
            self.at += 1;
            n |= u64::from(byte & 0x7f) << shift;
            if byte < 0x80 {
                return Some(n);
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_batch_reads_back_from_its_blocks() {
        let mut entries = vec![
            Entry {
                key: 5 << 40,
                game: 10,
                ply: 0,
            },
            Entry {
                key: 5 << 40,
                game: 12,
                ply: 3,
            },
            Entry {
                key: 7 << 40,
                game: 11,
                ply: 300,
            },
            Entry {
                key: u64::MAX,
                game: 19,
                ply: 80,
            },
        ];
        entries.sort_unstable();
        let batch = Batch {
            id: 3,
            first_game: 10,
            games: 10,
            entries: entries.clone(),
        };
        let blocks = encode(&batch, 14);
        assert_eq!(blocks.len(), 2);
        let (low, high) = bucket_range(bucket(5 << 40, 14));
        let mut found = Vec::new();
        for (_, value) in blocks.iter().filter(|(k, _)| (low..=high).contains(k)) {
            find(value, 5 << 40, 14, &mut found).unwrap();
        }
        assert_eq!(found, [(10, 0), (12, 3)]);
        let mut all = Vec::new();
        for (block, value) in &blocks {
            decode(*block, value, 14, &mut all).unwrap();
        }
        let expected: Vec<Entry> = entries
            .iter()
            .map(|e| Entry {
                key: kept(e.key),
                ..*e
            })
            .collect();
        assert_eq!(all, expected);
    }

    #[test]
    fn keys_equal_in_their_kept_bits_share_a_posting_list_in_game_order() {
        let (a, b) = (9 << 40 | 1, 9 << 40 | 2);
        let entries = vec![
            Entry {
                key: a,
                game: 7,
                ply: 4,
            },
            Entry {
                key: b,
                game: 5,
                ply: 6,
            },
        ];
        let batch = Batch {
            id: 0,
            first_game: 5,
            games: 3,
            entries,
        };
        let [(_, value)] = &encode(&batch, 10)[..] else {
            panic!("one bucket")
        };
        let mut found = Vec::new();
        find(value, a, 10, &mut found).unwrap();
        assert_eq!(found, [(5, 6), (7, 4)]);
    }
}
