//! Postings: which games reach a position, and the move each played from it, stored as
//! sorted runs of blocks.
//!
//! No embedded store writes the millions of (position, game) entries a second that indexing
//! reads, one row each. A segment (a batch of games) is stored as blocks of its entries
//! sorted by key then game, each block of about [`BLOCK_BYTES`] under `segment << 64 |
//! first key`, cut where a key ends (a key's games are in one block), so that a lookup reads
//! one block a segment: the last whose first key is not past the key.
//!
//! A block: a header (the segment's first game, the block's number of keys, the Rice
//! parameter of its key gaps, the width of its game numbers), then bits ([`super::bits`]):
//! for each key, ascending, its gap from the one before as a Rice code; its number of games
//! as a gamma code; its first game's offset from the segment's first game in that width, the
//! others' gaps as gamma codes; and each game's move: 12 bits of squares, a bit set for a
//! promotion other than to a queen and then its 2 bits. Keys spread evenly, so a gap takes
//! about the bits of the key space over the keys, a game the bits of the segment's games:
//! fewer than bytes would.

use super::bits::{BitReader, BitWriter, get_varint, put_varint};
use super::code::MoveCode;
use super::key::Key;

/// The most bytes of a block (but for one key whose games alone take more), so that a block
/// fills one page of the store: redb keeps a value of up to about 4,040 bytes with its key
/// in a 4 KiB page, and a larger one in twice the pages it needs.
pub const BLOCK_BYTES: usize = 3_960;

/// One position reached by one game: the key, the game, and what the game played there.
///
/// Twelve bytes, the key and the move sharing a word: indexing parts, sorts and codes an
/// entry for every position of every game, far past the caches, so their size is the memory
/// traffic.
///
/// ```
/// use jaque::index::code::MoveCode;
/// use jaque::index::key::Key;
/// use jaque::index::postings::Entry;
/// let key = Key::of(&jaque::Position::starting());
/// let code = MoveCode::of_parts(12 | 28 << 6, 0);
/// let entry = Entry::new(key, 7, code);
/// assert_eq!((entry.key(), entry.game(), entry.code()), (key, 7, code));
/// assert_eq!(std::mem::size_of::<Entry>(), 12);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
#[repr(C, packed(4))]
pub struct Entry {
    /// The key's bits above the move code's.
    key_code: u64,
    /// The game, by its number in the index (or its place in a job, before it has one).
    game: u32,
}

impl Entry {
    /// The entry of `game` at the position of `key`, where it played `code`.
    pub fn new(key: Key, game: u32, code: MoveCode) -> Entry {
        Entry {
            key_code: key.bits() << 16 | u64::from(code.bits()),
            game,
        }
    }

    /// The position.
    #[inline]
    pub fn key(self) -> Key {
        Key::from_bits(self.key_code >> 16).unwrap_or(Key::ZERO)
    }

    /// The game.
    #[inline]
    pub fn game(self) -> u32 {
        self.game
    }

    /// The move played from the position and the game's result.
    #[inline]
    pub fn code(self) -> MoveCode {
        MoveCode::from_bits(self.key_code as u16).unwrap_or(MoveCode::NONE)
    }

    /// The same position and move, of game `game`.
    #[inline]
    pub fn of_game(self, game: u32) -> Entry {
        Entry { game, ..self }
    }
}

impl std::fmt::Debug for Entry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Entry")
            .field("key", &self.key())
            .field("game", &self.game())
            .field("code", &self.code())
            .finish()
    }
}

/// A game of a key's postings, with what it played there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Posting {
    /// The game, by its number in the index.
    pub game: u32,
    /// The move played from the position and the game's result.
    pub code: MoveCode,
}

/// The store key of the block of `segment` whose first key is `first`.
pub fn block_key(segment: u32, first: Key) -> u128 {
    u128::from(segment) << 64 | u128::from(first.bits())
}

/// The store keys of `segment`'s blocks that may hold `key`: the last of them does.
pub fn blocks_up_to(segment: u32, key: Key) -> std::ops::RangeInclusive<u128> {
    block_key(segment, Key::ZERO)..=block_key(segment, key)
}

/// The segment and first key of a block's store key (`None`: not a block's).
pub fn of_block_key(block_key: u128) -> Option<(u32, Key)> {
    let segment = u32::try_from(block_key >> 64).ok()?;
    Some((segment, Key::from_bits(block_key as u64)?))
}

/// `entries` (sorted by key then game) as blocks: `(first key, bytes)`, ascending.
///
/// ```
/// use jaque::index::code::MoveCode;
/// use jaque::index::key::Key;
/// use jaque::index::postings::{Entry, Posting, blocks, find};
/// let key = Key::of(&jaque::Position::starting());
/// let code = MoveCode::NONE;
/// let entries = [Entry::new(key, 3, code), Entry::new(key, 9, code)];
/// let blocks = blocks(&entries);
/// assert_eq!(blocks.len(), 1);
/// let mut found = Vec::new();
/// find(&blocks[0].1, blocks[0].0, key, &mut found).unwrap();
/// assert_eq!(found, [Posting { game: 3, code }, Posting { game: 9, code }]);
/// ```
pub fn blocks(entries: &[Entry]) -> Vec<(Key, Vec<u8>)> {
    blocks_shaped(entries, Shape::of(entries), |_| ())
}

/// What a segment's blocks are laid out by: the range of its games and its distinct keys.
/// Whoever sorted the entries knows it already (see [`super::radix`]); counting it again is
/// three more passes over a batch that no longer fits any cache.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Shape {
    /// The least game.
    pub first_game: u32,
    /// The greatest game.
    pub last_game: u32,
    /// The distinct keys.
    pub keys: u64,
}

impl Shape {
    /// The shape of `entries`, sorted by key, counted.
    pub fn of(entries: &[Entry]) -> Shape {
        Shape {
            first_game: entries.iter().map(|e| e.game).min().unwrap_or(0),
            last_game: entries.iter().map(|e| e.game).max().unwrap_or(0),
            keys: distinct_keys(entries) as u64,
        }
    }
}

/// The distinct keys of `entries`, sorted by key.
pub fn distinct_keys(entries: &[Entry]) -> usize {
    let changes = entries
        .windows(2)
        .filter(|w| w[0].key() != w[1].key())
        .count();
    changes + usize::from(!entries.is_empty())
}

/// [`blocks`] of entries whose shape is known, handing each key's entries to `each_key` as
/// they are coded (while they are in cache).
pub fn blocks_shaped(
    entries: &[Entry],
    shape: Shape,
    mut each_key: impl FnMut(&[Entry]),
) -> Vec<(Key, Vec<u8>)> {
    let span = match (entries.first(), entries.last()) {
        (Some(first), Some(last)) => last.key().bits() - first.key().bits(),
        _ => 0,
    };
    let layout = Layout {
        first_game: shape.first_game,
        key_k: rice_parameter(span, shape.keys),
        game_width: 32 - (shape.last_game - shape.first_game).leading_zeros(),
    };
    let mut out = Vec::new();
    let mut rest = entries;
    let mut bits = BitWriter::with_capacity(BLOCK_BYTES);
    while let Some(first) = rest.first() {
        let (mut previous, mut keys) = (first.key().bits(), 0u64);
        while let Some(head) = rest.first() {
            // Most keys have one game: a scan, not a search of the rest.
            let same = rest.iter().take_while(|e| e.key() == head.key()).count();
            let (games, after) = rest.split_at(same);
            if keys > 0 && bits.len() + layout.most_bytes(games.len()) > BLOCK_BYTES - 16 {
                break;
            }
            layout.put_key(&mut bits, head.key().bits() - previous, games);
            each_key(games);
            (previous, keys, rest) = (head.key().bits(), keys + 1, after);
        }
        let mut block = layout.header(keys);
        bits.drain_into(&mut block);
        out.push((first.key(), block));
    }
    out
}

/// The Rice parameter for the gaps between `keys` keys over `span`: about the log of the
/// mean gap times ln 2, the best for gaps spread geometrically.
fn rice_parameter(span: u64, keys: u64) -> u32 {
    let mean = span / keys.max(1) * 7 / 10;
    (64 - mean.leading_zeros()).saturating_sub(1)
}

/// What a segment's blocks share: where its games start, how its gaps and games are coded.
#[derive(Clone, Copy, Debug)]
struct Layout {
    first_game: u32,
    /// The Rice parameter of the key gaps.
    key_k: u32,
    /// The bits of a game's offset from `first_game`.
    game_width: u32,
}

impl Layout {
    /// A block's header: the segment's first game and the block's keys (varints), the Rice
    /// parameter and the game width (a byte each).
    fn header(&self, keys: u64) -> Vec<u8> {
        let mut header = Vec::with_capacity(BLOCK_BYTES + 16);
        put_varint(&mut header, u64::from(self.first_game));
        put_varint(&mut header, keys);
        header.push(self.key_k as u8);
        header.push(self.game_width as u8);
        header
    }

    /// Reads a block's header: the layout, the keys, and the bits after it.
    fn read(block: &[u8]) -> Option<(Layout, u64, BitReader<'_>)> {
        let mut bytes = block;
        let first_game = u32::try_from(get_varint(&mut bytes)?).ok()?;
        let keys = get_varint(&mut bytes)?;
        let (&[key_k, game_width], rest) = bytes.split_first_chunk::<2>()?;
        let (key_k, game_width) = (u32::from(key_k), u32::from(game_width));
        (key_k < 64 && game_width <= 32).then_some(())?;
        Some((
            Layout {
                first_game,
                key_k,
                game_width,
            },
            keys,
            BitReader::new(rest),
        ))
    }

    /// About the most bytes a key of `games` games takes: a game's gap as a gamma code of
    /// the game width at most, and the key's gap a few times the mean.
    fn most_bytes(&self, games: usize) -> usize {
        let gap = self.key_k as usize + 4;
        let game = 2 * self.game_width as usize + 1;
        (gap + 65 + games * (game + 15)).div_ceil(8)
    }

    /// Appends a key's gap, its games and their moves.
    fn put_key(&self, bits: &mut BitWriter, gap: u64, games: &[Entry]) {
        bits.rice(gap, self.key_k);
        if let [entry] = games {
            // Most keys have one game: its count (the gamma code of 0, one bit), its offset
            // and its move in one write, at most 1 + 32 + 15 bits.
            let (code, width) = move_bits(entry);
            let game = u64::from(entry.game - self.first_game);
            let first = 1 + self.game_width;
            return bits.fixed(1 | game << 1 | code << first, first + width);
        }
        bits.gamma(games.len() as u64 - 1);
        let mut previous = None;
        for entry in games {
            match previous {
                None => bits.fixed(u64::from(entry.game - self.first_game), self.game_width),
                Some(previous) => bits.gamma(u64::from(entry.game - previous - 1)),
            }
            previous = Some(entry.game);
            let (code, width) = move_bits(entry);
            bits.fixed(code, width);
        }
    }

    /// Reads a key's games and moves, handing each to `each`.
    fn key_games(&self, bits: &mut BitReader<'_>, mut each: impl FnMut(Posting)) -> Option<()> {
        let count = bits.gamma()?.checked_add(1)?;
        let mut game = None::<u32>;
        for _ in 0..count {
            let next = match game {
                None => self
                    .first_game
                    .checked_add(u32::try_from(bits.fixed(self.game_width)?).ok()?)?,
                Some(game) => game
                    .checked_add(u32::try_from(bits.gamma()?).ok()?)?
                    .checked_add(1)?,
            };
            game = Some(next);
            let squares = bits.fixed(12)? as u16;
            let promotion = if bits.fixed(1)? == 1 {
                bits.fixed(2)? as u16
            } else {
                0
            };
            each(Posting {
                game: next,
                code: MoveCode::of_parts(squares, promotion),
            });
        }
        Some(())
    }
}

/// An entry's move as the postings write it, and its width: the squares, a bit for a
/// promotion other than to a queen, and its 2 bits.
fn move_bits(entry: &Entry) -> (u64, u32) {
    let (squares, promotion) = entry.code().parts();
    let (squares, promotion) = (u64::from(squares), u64::from(promotion));
    match promotion {
        0 => (squares, 13),
        _ => (squares | 1 << 12 | promotion << 13, 15),
    }
}

/// Appends to `out` the postings of `key` in a block whose first key is `first`, in game
/// order. `None`: the block is malformed (a damaged index).
pub fn find(block: &[u8], first: Key, key: Key, out: &mut Vec<Posting>) -> Option<()> {
    let (layout, keys, mut bits) = Layout::read(block)?;
    let wanted = key.bits();
    let mut current = first.bits();
    for _ in 0..keys {
        current = current.checked_add(bits.rice(layout.key_k)?)?;
        if current > wanted {
            break;
        }
        if current == wanted {
            return layout.key_games(&mut bits, |posting| out.push(posting));
        }
        layout.key_games(&mut bits, |_| {})?;
    }
    Some(())
}

/// Every entry of a block whose first key is `first`, in order. `None`: malformed.
pub fn decode(block: &[u8], first: Key, out: &mut Vec<Entry>) -> Option<()> {
    let (layout, keys, mut bits) = Layout::read(block)?;
    let mut current = first.bits();
    for _ in 0..keys {
        current = current.checked_add(bits.rice(layout.key_k)?)?;
        let key = Key::from_bits(current)?;
        layout.key_games(&mut bits, |p| out.push(Entry::new(key, p.game, p.code)))?;
    }
    Some(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::xorshift::XorShift;
    use std::collections::BTreeMap;

    fn key(bits: u64) -> Key {
        Key::from_bits(bits & ((1 << Key::BITS) - 1)).unwrap()
    }

    #[test]
    fn every_key_finds_exactly_its_games_and_codes_in_its_block() {
        let mut rng = XorShift(0x1dea);
        // Keys shared by many games (openings) and keys of one game each.
        let mut entries: Vec<Entry> = (0..20_000)
            .map(|i| {
                let key = key(if i % 3 == 0 {
                    rng.next() % 40
                } else {
                    rng.next()
                });
                let game = (rng.next() % 5_000) as u32;
                Entry::new(
                    key,
                    game,
                    MoveCode::from_bits(rng.next() as u16 & 0x3fff).unwrap(),
                )
            })
            .collect();
        entries.sort_by_key(|e| (e.key(), e.game(), e.code()));
        entries.dedup_by_key(|e| (e.key(), e.game()));
        let mut truth: BTreeMap<Key, Vec<Posting>> = BTreeMap::new();
        for e in &entries {
            let posting = Posting {
                game: e.game(),
                code: e.code(),
            };
            truth.entry(e.key()).or_default().push(posting);
        }
        let blocks = blocks(&entries);
        assert!(blocks.len() > 20, "cut into blocks: {}", blocks.len());
        let hot = |first: &Key| entries.iter().filter(|e| e.key() == *first).count() > 100;
        assert!(
            blocks
                .iter()
                .all(|(first, b)| b.len() <= BLOCK_BYTES || hot(first))
        );
        let block_of = |key: Key| blocks.iter().rev().find(|(first, _)| *first <= key);
        for (key, games) in &truth {
            let (first, block) = block_of(*key).unwrap();
            let mut found = Vec::new();
            find(block, *first, *key, &mut found).unwrap();
            assert_eq!(&found, games);
        }
        let mut all = Vec::new();
        for (first, block) in &blocks {
            decode(block, *first, &mut all).unwrap();
        }
        assert_eq!(all, entries);
        let absent = (0..)
            .map(|k| key(k * 7919 + 41))
            .find(|k| !truth.contains_key(k))
            .unwrap();
        let mut found = Vec::new();
        if let Some((first, block)) = block_of(absent) {
            find(block, *first, absent, &mut found).unwrap();
        }
        assert!(found.is_empty());
    }

    #[test]
    fn damaged_bytes_are_an_answer_or_none_never_a_panic() {
        let mut rng = XorShift(7);
        let mut out = Vec::new();
        for _ in 0..2_000 {
            let len = (rng.next() % 64) as usize;
            let bytes: Vec<u8> = (0..len).map(|_| rng.next() as u8).collect();
            let _ = find(&bytes, key(0), key(rng.next()), &mut out);
            let _ = decode(&bytes, key(rng.next()), &mut Vec::new());
        }
        assert_eq!(
            find(&[0x80], key(0), key(0), &mut out),
            None,
            "a varint cut short"
        );
        assert_eq!(
            find(&[0, 1, 0, 0], key(0), key(0), &mut out),
            None,
            "a key cut short"
        );
    }
}
