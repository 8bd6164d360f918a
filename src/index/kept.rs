//! The text of games from compressed files, kept in the index, so that `find` and
//! `query` reach a game of a `.pgn.zst` (a lichess month) with one lookup instead of
//! decompressing the file from its start.
//!
//! Why kept text and not a seek table: zstd decodes a frame only from its start, and the
//! lichess months (like any file `zstd` writes) are one frame, so a table of frames would
//! hold one entry. The text of each job's games (a quarter of a megabyte) is compressed
//! again on its own, a block per job, keyed by the file's content hash and the offset of the
//! block's first game. A game's lookup decompresses one block; plain files keep nothing,
//! since a seek reads their games.
//!
//! A block: its text's length and game count (LEB128), each game's offset from the block's
//! first and its length, then the games' bytes one after another; all of it one zstd frame,
//! stored in pieces of a page each: redb gives a larger value the next power of two of
//! pages, up to twice the space it needs.

use std::io;

use redb::{ReadOnlyTable, ReadTransaction, TableDefinition, WriteTransaction};

use super::bits::{get_varint, put_varint};
use super::store;
use super::{IndexError, store_error};
use crate::pgn::RawGame;

/// Blocks of kept text: (the file's content hash, the first game's offset, the piece) → a
/// piece of a block.
pub(super) const KEPT: TableDefinition<(u128, u64, u32), &[u8]> = TableDefinition::new("kept_text");

/// The bytes of a piece: what fills one page of the store, as a block of postings does.
const PIECE_BYTES: usize = super::postings::BLOCK_BYTES;

/// zstd's level for kept text: the fastest, since every game of a compressed file pays it.
const LEVEL: i32 = 1;

/// The most bytes a stored block may claim to hold, so that a damaged one cannot ask for
/// an allocation beyond reason.
const MOST_BYTES: u64 = 1 << 30;

/// A block of kept text to store: its first game's offset, and the block.
#[derive(Clone, Debug, Default)]
pub struct KeptBlock {
    /// The offset of its first game in the (decompressed) file.
    pub offset: u64,
    /// The block, compressed.
    pub bytes: Vec<u8>,
}

/// The block of `raws` from game `skip` of their stream on (those before are indexed
/// already); `None` when none is left.
///
/// ```
/// use jaque::index::kept::block;
/// use jaque::pgn::Splitter;
/// let text = b"[White \"Ann\"]\n\n1. e4 *\n\n[White \"Bo\"]\n\n1. d4 *\n";
/// let raws: Vec<_> = Splitter::new(&text[..]).collect::<Result<_, _>>()?;
/// let kept = block(&raws, 1)?.expect("a game is left");
/// assert_eq!(kept.offset, raws[1].offset);
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn block(raws: &[RawGame], skip: u64) -> io::Result<Option<KeptBlock>> {
    let raws = match raws.iter().position(|raw| raw.index as u64 >= skip) {
        Some(first) => raws.get(first..).unwrap_or_default(),
        None => return Ok(None),
    };
    let Some(first) = raws.first() else {
        return Ok(None);
    };
    let text: usize = raws.iter().map(|raw| raw.bytes.len()).sum();
    let mut plain = Vec::with_capacity(text + 8 * raws.len() + 16);
    put_varint(&mut plain, text as u64);
    put_varint(&mut plain, raws.len() as u64);
    for raw in raws {
        put_varint(&mut plain, raw.offset - first.offset);
        put_varint(&mut plain, raw.bytes.len() as u64);
    }
    for raw in raws {
        plain.extend_from_slice(&raw.bytes);
    }
    let bytes = zstd::bulk::compress(&plain, LEVEL)?;
    Ok(Some(KeptBlock {
        offset: first.offset,
        bytes,
    }))
}

/// Stores `blocks` of the file of content hash `content`.
pub(super) fn write(
    tx: &WriteTransaction,
    content: u128,
    blocks: &[KeptBlock],
) -> Result<(), IndexError> {
    if blocks.is_empty() {
        return Ok(());
    }
    let mut table = tx.open_table(KEPT).map_err(store_error)?;
    for block in blocks {
        for (i, piece) in block.bytes.chunks(PIECE_BYTES).enumerate() {
            let key = (content, block.offset, i as u32);
            table.insert(key, piece).map_err(store_error)?;
        }
    }
    Ok(())
}

/// Removes the kept text of the file of content hash `content`.
pub(super) fn remove(tx: &WriteTransaction, content: u128) -> Result<(), IndexError> {
    let mut table = tx.open_table(KEPT).map_err(store_error)?;
    let all = (content, 0, 0)..=(content, u64::MAX, u32::MAX);
    (table.retain_in(all, |_, _| false)).map_err(store_error)
}

/// The kept games of one file, read by their offsets.
pub(super) struct KeptGames {
    table: ReadOnlyTable<(u128, u64, u32), &'static [u8]>,
    content: u128,
    /// The block read last (its first offset and text), for the next game is often in it.
    last: Option<(u64, Block)>,
}

impl KeptGames {
    /// The kept games of the file of content hash `content`; `None` when the index keeps
    /// none (a plain file, or an index made before text was kept).
    pub(super) fn open(tx: &ReadTransaction, content: u128) -> Result<Option<Self>, IndexError> {
        let Some(table) = store::existing(tx.open_table(KEPT))? else {
            return Ok(None);
        };
        let all = (content, 0, 0)..=(content, u64::MAX, u32::MAX);
        if table.range(all).map_err(store_error)?.next().is_none() {
            return Ok(None);
        }
        Ok(Some(KeptGames {
            table,
            content,
            last: None,
        }))
    }

    /// The game that starts at `offset` (its `index` and `line` left 0); `None` when no
    /// kept game starts there.
    pub(super) fn game_at(&mut self, offset: u64) -> io::Result<Option<RawGame>> {
        if let Some((first, block)) = &self.last
            && let Some(bytes) = offset.checked_sub(*first).and_then(|at| block.game(at))
        {
            return Ok(Some(raw(offset, bytes)));
        }
        let content = self.content;
        let found = (self
            .table
            .range((content, 0, 0)..=(content, offset, u32::MAX)))
        .map_err(io::Error::other)?
        .next_back()
        .transpose()
        .map_err(io::Error::other)?;
        let Some((key, _)) = found else {
            return Ok(None);
        };
        let first = key.value().1;
        let mut stored = Vec::new();
        let pieces = (self
            .table
            .range((content, first, 0)..=(content, first, u32::MAX)))
        .map_err(io::Error::other)?;
        for piece in pieces {
            stored.extend_from_slice(piece.map_err(io::Error::other)?.1.value());
        }
        let block = Block::of(&stored)?;
        let game = (offset.checked_sub(first))
            .and_then(|at| block.game(at))
            .map(|bytes| raw(offset, bytes));
        self.last = Some((first, block));
        Ok(game)
    }
}

/// A game's bytes as a [`RawGame`].
fn raw(offset: u64, bytes: Vec<u8>) -> RawGame {
    RawGame {
        index: 0,
        offset,
        line: 0,
        bytes,
        skipped: 0,
    }
}

/// A block decompressed: where each game is in its text.
struct Block {
    /// Each game's offset from the block's first, and its range in `text`.
    games: Vec<(u64, std::ops::Range<usize>)>,
    /// The block decompressed (its header first).
    text: Vec<u8>,
}

impl Block {
    /// The block of stored bytes, or why it cannot be read.
    fn of(stored: &[u8]) -> io::Result<Block> {
        let damaged = || io::Error::new(io::ErrorKind::InvalidData, "kept text damaged");
        let mut decoder = zstd::bulk::Decompressor::new()?;
        let claimed = zstd::zstd_safe::get_frame_content_size(stored)
            .ok()
            .flatten()
            .filter(|&n| n <= MOST_BYTES)
            .ok_or_else(damaged)?;
        let plain = decoder.decompress(stored, claimed as usize)?;
        let mut rest = plain.as_slice();
        let text = get_varint(&mut rest).ok_or_else(damaged)?;
        let count = get_varint(&mut rest).ok_or_else(damaged)?;
        let mut games = Vec::new();
        let mut at = 0usize;
        for _ in 0..count {
            let offset = get_varint(&mut rest).ok_or_else(damaged)?;
            let length = get_varint(&mut rest).ok_or_else(damaged)?;
            let end = usize::try_from(length)
                .ok()
                .and_then(|n| at.checked_add(n))
                .ok_or_else(damaged)?;
            games.push((offset, at..end));
            at = end;
        }
        let start = plain.len() - rest.len();
        if at as u64 != text || rest.len() != at {
            return Err(damaged());
        }
        let games = games
            .into_iter()
            .map(|(o, r)| (o, r.start + start..r.end + start));
        Ok(Block {
            games: games.collect(),
            text: plain,
        })
    }

    /// The bytes of the game at `offset` from the block's first.
    fn game(&self, offset: u64) -> Option<Vec<u8>> {
        let at = self.games.binary_search_by_key(&offset, |g| g.0).ok()?;
        let (_, range) = self.games.get(at)?;
        Some(self.text.get(range.clone())?.to_vec())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pgn::Splitter;
    use redb::backends::InMemoryBackend;
    use redb::{Database, ReadableDatabase};

    fn games(text: &str) -> Vec<RawGame> {
        let games = Splitter::new(text.as_bytes()).collect::<Result<Vec<_>, _>>();
        games.expect("in memory")
    }

    fn database() -> Database {
        let db = Database::builder().create_with_backend(InMemoryBackend::new());
        db.expect("in memory")
    }

    const TEXT: &str = "[White \"A\"]\n\n1. e4 *\n\n\n[White \"B\"]\n\n1. d4 d5 *\n\n1. c4 *\n";

    #[test]
    fn every_game_comes_back_at_its_offset_and_no_other() {
        let raws = games(TEXT);
        let (first, rest) = (block(&raws[..1], 0), block(&raws, 1));
        let blocks: Vec<KeptBlock> = [first, rest].map(|b| b.unwrap().unwrap()).into();
        let db = database();
        let tx = db.begin_write().unwrap();
        write(&tx, 7, &blocks).unwrap();
        write(&tx, 8, &blocks).unwrap();
        remove(&tx, 8).unwrap();
        tx.commit().unwrap();
        let tx = db.begin_read().unwrap();
        assert!(KeptGames::open(&tx, 8).unwrap().is_none(), "removed");
        let mut kept = KeptGames::open(&tx, 7).unwrap().expect("kept");
        // Backwards too: the block held last is not the one asked for.
        for raw in raws.iter().rev() {
            let got = kept.game_at(raw.offset).unwrap().expect("a game");
            assert_eq!(got.bytes, raw.bytes);
        }
        for offset in [1, raws[1].offset + 1, raws[2].offset + 3] {
            assert!(kept.game_at(offset).unwrap().is_none(), "{offset}");
        }
    }

    #[test]
    fn a_damaged_block_is_an_error_not_a_panic() {
        let raws = games(TEXT);
        let good = block(&raws, 0).unwrap().unwrap().bytes;
        let mut rng = crate::xorshift::XorShift(55);
        let mut below = |n: usize| (rng.next() >> 33) as usize % n.max(1);
        for round in 0..2000 {
            let mut bytes = good.clone();
            match round % 3 {
                0 => bytes.truncate(below(bytes.len())),
                _ => {
                    let at = below(bytes.len());
                    bytes[at] ^= 1 << below(8);
                }
            }
            if let Ok(block) = Block::of(&bytes) {
                // A flip the frame does not notice may still read: then its games are whole.
                for (_, range) in &block.games {
                    assert!(range.end <= block.text.len());
                }
            }
        }
    }
}
