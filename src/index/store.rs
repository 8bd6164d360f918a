//! The index's tables in one redb file (a copy-on-write B-tree: a commit is whole or not at
//! all, so a process killed while indexing leaves every batch it committed and nothing of
//! the batch it was writing). `benches/stores` measured why redb.

use redb::{ReadableTable, TableDefinition, TableError};

use super::IndexError;

/// Counters and the key scheme, by name.
pub(super) const META: TableDefinition<&str, u64> = TableDefinition::new("meta");
/// Files indexed or being indexed: number → [`FileRecord`].
pub(super) const FILES: TableDefinition<u32, &[u8]> = TableDefinition::new("files");
/// A file's content hash → its number.
#[cfg_attr(not(feature = "index"), allow(dead_code))] // written by `append` alone
pub(super) const CONTENTS: TableDefinition<u128, u32> = TableDefinition::new("contents");
/// Postings: `segment << 64 | first key` → a block (see [`super::postings`]).
pub(super) const POSTINGS: TableDefinition<u128, &[u8]> = TableDefinition::new("postings");
/// Summaries of hot positions: `segment << 64 | key` → [`super::hot::Summary`].
pub(super) const HOT: TableDefinition<u128, &[u8]> = TableDefinition::new("hot");
/// Games: the first game of a run of consecutive games → their records.
pub(super) const GAMES: TableDefinition<u32, &[u8]> = TableDefinition::new("games");
/// Players' names: the first number of a run of consecutive numbers → their names (see
/// [`super::players`]).
pub(super) const PLAYER_NAMES: TableDefinition<u32, &[u8]> = TableDefinition::new("player_runs");
/// The identities of runs of consecutive games (16 bytes each), by the first game, for
/// indexing a game once.
#[cfg_attr(not(feature = "index"), allow(dead_code))] // written by `append` alone
pub(super) const IDENTITIES: TableDefinition<u32, &[u8]> = TableDefinition::new("identities");
/// What material each game's mainline ever has: the first game of a run → its games'
/// [`super::material::MaterialSpan`]s.
#[cfg(feature = "index")]
pub(super) const MATERIAL: TableDefinition<u32, &[u8]> = TableDefinition::new("material");
/// Segments' numbers of games (a segment → its games), for merging small ones; an index
/// made before they were kept lists none, and its segments are not merged.
#[cfg(feature = "index")]
pub(super) const SEGMENT_GAMES: TableDefinition<u32, u32> = TableDefinition::new("segment_games");
/// Segments merged into another: a segment → the end (exclusive) of the numbers after it
/// whose postings it now holds (see [`super::merge`]).
pub(super) const MERGED: TableDefinition<u32, u32> = TableDefinition::new("merged_segments");
/// Games removed with their file: first game → end (exclusive).
pub(super) const REMOVED: TableDefinition<u32, u32> = TableDefinition::new("removed");

/// The key scheme this build writes and reads; an index of another is refused, not misread.
pub(super) const SCHEME: [(&str, u64); 3] = [
    ("version", 4),
    ("key_bits", super::key::Key::BITS as u64),
    ("block_bytes", super::postings::BLOCK_BYTES as u64),
];

/// Counters kept in [`META`].
pub(super) const NEXT_GAME: &str = "next_game";
pub(super) const NEXT_SEGMENT: &str = "next_segment";
#[cfg_attr(not(feature = "index"), allow(dead_code))] // written by `append` alone
pub(super) const NEXT_FILE: &str = "next_file";
pub(super) const NEXT_PLAYER: &str = "next_player";
/// Whether positions inside variations are indexed (1) or not (0), set when it is made.
pub(super) const VARIATIONS: &str = "variations";
/// Entries written (a position of a game), for the statistics.
pub(super) const ENTRIES: &str = "entries";

/// A table, or `None` where no commit created it yet.
pub(super) fn existing<T>(table: Result<T, TableError>) -> Result<Option<T>, IndexError> {
    match table {
        Ok(table) => Ok(Some(table)),
        Err(TableError::TableDoesNotExist(_)) => Ok(None),
        Err(error) => Err(redb::Error::from(error).into()),
    }
}

/// A counter's value (0 when unset).
pub(super) fn counter(
    meta: &impl ReadableTable<&'static str, u64>,
    name: &str,
) -> Result<u64, IndexError> {
    Ok(meta
        .get(name)
        .map_err(redb::Error::from)?
        .map_or(0, |v| v.value()))
}

/// What the index knows of a file.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FileRecord {
    /// The path it was given as, made absolute.
    pub path: String,
    /// The hash of its bytes ([`super::hash::Hash128`]).
    pub content: u128,
    /// Its size in bytes.
    pub size: u64,
    /// Whether all of it is indexed (else a run stopped in it: the next one goes on).
    pub done: bool,
    /// Its games read so far, indexed or not.
    pub games: u64,
    /// Of those, indexed.
    pub indexed: u64,
    /// Of those, the same as a game indexed before (start position and mainline moves).
    pub duplicates: u64,
    /// Of those, not indexable: a variant jaque does not play, a start position that
    /// cannot be read.
    pub unplayable: u64,
    /// The games' numbers: runs `[first, end)`.
    pub ranges: Vec<(u32, u32)>,
}

impl FileRecord {
    /// The record as stored.
    #[cfg_attr(not(feature = "index"), allow(dead_code))] // written by `append` alone
    pub(super) fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(self.path.len() + 64 + 8 * self.ranges.len());
        out.extend_from_slice(&(self.path.len() as u64).to_le_bytes());
        out.extend_from_slice(self.path.as_bytes());
        out.extend_from_slice(&self.content.to_le_bytes());
        for n in [self.size, u64::from(self.done), self.games, self.indexed]
            .into_iter()
            .chain([self.duplicates, self.unplayable, self.ranges.len() as u64])
        {
            out.extend_from_slice(&n.to_le_bytes());
        }
        for &(first, end) in &self.ranges {
            out.extend_from_slice(&first.to_le_bytes());
            out.extend_from_slice(&end.to_le_bytes());
        }
        out
    }

    /// The record of stored bytes (`None`: damaged).
    pub(super) fn from_bytes(mut bytes: &[u8]) -> Option<FileRecord> {
        let mut take = |n: usize| -> Option<&[u8]> {
            let (head, rest) = bytes.split_at_checked(n)?;
            bytes = rest;
            Some(head)
        };
        let len = usize::try_from(u64::from_le_bytes(take(8)?.try_into().ok()?)).ok()?;
        let path = String::from_utf8(take(len)?.to_vec()).ok()?;
        let content = u128::from_le_bytes(take(16)?.try_into().ok()?);
        let mut numbers = [0u64; 7];
        for n in &mut numbers {
            *n = u64::from_le_bytes(take(8)?.try_into().ok()?);
        }
        let [size, done, games, indexed, duplicates, unplayable, ranges] = numbers;
        let ranges = (0..ranges.min(1 << 20))
            .map(|_| {
                let first = u32::from_le_bytes(take(4)?.try_into().ok()?);
                Some((first, u32::from_le_bytes(take(4)?.try_into().ok()?)))
            })
            .collect::<Option<Vec<_>>>()?;
        Some(FileRecord {
            path,
            content,
            size,
            done: done != 0,
            games,
            indexed,
            duplicates,
            unplayable,
            ranges,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_record_reads_back_and_damage_is_none() {
        let record = FileRecord {
            path: "/data/lichess é.pgn".into(),
            content: u128::MAX - 5,
            size: 1 << 33,
            done: true,
            games: 10,
            indexed: 7,
            duplicates: 2,
            unplayable: 1,
            ranges: vec![(0, 3), (9, 13)],
        };
        let bytes = record.to_bytes();
        assert_eq!(FileRecord::from_bytes(&bytes), Some(record));
        for cut in 0..bytes.len() {
            assert_eq!(FileRecord::from_bytes(&bytes[..cut]), None, "cut at {cut}");
        }
    }
}
