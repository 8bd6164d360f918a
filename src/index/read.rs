//! Reading an index: opening it (its key scheme checked), a position's postings, the games'
//! records, the files and players.

use std::path::Path;

use redb::backends::InMemoryBackend;
use redb::{ReadOnlyDatabase, ReadTransaction, ReadableDatabase, ReadableTable, StorageBackend};

use super::games::GameInfo;
use super::hot::Summary;
use super::key::Key;
use super::postings::{self, Posting};
use super::store::{self, FileRecord};
use super::{IndexError, store_error};

/// Repairs an index a process left without closing it (killed while indexing), which redb
/// cannot open for reading only: opened for writing, redb rebuilds what it keeps in memory
/// from the last commit, and closing it records that.
fn repair(path: &Path) -> Result<(), IndexError> {
    redb::Database::open(path).map(drop).map_err(store_error)
}

/// The first bytes of every redb file.
const REDB_MAGIC: [u8; 9] = [b'r', b'e', b'd', b'b', 0x1A, 0x0A, 0xA9, 0x0D, 0x0A];

/// An index opened for reading (several processes may read it at once): a file's, or one
/// held in memory ([`Index::from_bytes`]).
pub struct Index {
    db: Box<dyn ReadableDatabase + Send + Sync>,
}

/// What an index holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stats {
    /// Its files, with their counts.
    pub files: Vec<FileRecord>,
    /// Games indexed (removed ones left out).
    pub games: u64,
    /// Positions stored: a game's first visit of a position is one.
    pub entries: u64,
    /// Players told apart.
    pub players: u64,
    /// Segments (each question looks in every one; see `merge`).
    pub segments: u64,
    /// Whether positions inside variations are indexed too.
    pub variations: bool,
}

impl Index {
    /// Opens the index at `path`, refusing one of another key scheme.
    pub fn open(path: &Path) -> Result<Index, IndexError> {
        if !path.is_file() {
            let missing = std::io::Error::new(std::io::ErrorKind::NotFound, "no index here");
            return Err(IndexError::io(path, missing));
        }
        let db = match ReadOnlyDatabase::open(path) {
            Err(redb::DatabaseError::RepairAborted) => {
                repair(path)?;
                ReadOnlyDatabase::open(path)
            }
            opened => opened,
        }
        .map_err(store_error)?;
        check_scheme(&db)?;
        Ok(Index { db: Box::new(db) })
    }

    /// Reads the index whose file's bytes are `bytes`, held in memory: the playground page
    /// reads a file the user picked, where there is no file system. redb opens it as a
    /// database it may write, but to memory only: an index a killed process left unclosed
    /// is repaired there, as [`Index::open`] repairs its file, and the bytes are never
    /// written anywhere. Its pages are checked first: damaged bytes are an error.
    ///
    /// ```
    /// // Bytes that are no index are refused, not read.
    /// assert!(jaque::index::Index::from_bytes(Vec::new()).is_err());
    /// assert!(jaque::index::Index::from_bytes(b"1. e4 e5 *".to_vec()).is_err());
    /// ```
    pub fn from_bytes(bytes: Vec<u8>) -> Result<Index, IndexError> {
        if bytes.is_empty() {
            return Err(IndexError::Damaged("the file is empty"));
        }
        let memory = InMemoryBackend::new();
        let len = u64::try_from(bytes.len()).unwrap_or(u64::MAX);
        (memory.set_len(len))
            .and_then(|()| memory.write(0, &bytes))
            .map_err(store_error)?;
        drop(bytes);
        // The bytes come from anywhere: checked whole first (every page's checksum), so that
        // a damaged file is refused where reading it could panic.
        let db = (redb::Builder::new().set_check_integrity_on_open(true))
            .create_with_backend(memory)
            .map_err(store_error)?;
        check_scheme(&db)?;
        Ok(Index { db: Box::new(db) })
    }

    /// Whether the file at `path` is a store this module could open (redb's first bytes),
    /// as `jaque query` tells an index from a PGN file.
    ///
    /// ```
    /// assert!(!jaque::index::Index::is_index("Cargo.toml".as_ref()));
    /// ```
    pub fn is_index(path: &Path) -> bool {
        let mut start = [0u8; 9];
        std::fs::File::open(path)
            .and_then(|mut file| std::io::Read::read_exact(&mut file, &mut start))
            .is_ok_and(|()| start == REDB_MAGIC)
    }

    /// A transaction: one consistent view of the index.
    pub(super) fn read(&self) -> Result<ReadTransaction, IndexError> {
        self.db.begin_read().map_err(store_error)
    }

    /// The games (in game order) that reached the position of `key`, removed ones left
    /// out, with what each played there.
    pub(super) fn postings(
        &self,
        tx: &ReadTransaction,
        key: Key,
    ) -> Result<Vec<Posting>, IndexError> {
        let mut out = Vec::new();
        for segment in segments(tx)? {
            segment_postings(tx, segment, key, &mut out)?;
        }
        out.sort_unstable_by_key(|p| p.game);
        let removed = removed_ranges(tx)?;
        if !removed.is_empty() {
            out.retain(|p| !removed.iter().any(|&(a, b)| (a..b).contains(&p.game)));
        }
        Ok(out)
    }

    /// What the index holds.
    pub fn stats(&self) -> Result<Stats, IndexError> {
        let tx = self.read()?;
        let files: Vec<FileRecord> = file_records(&tx)?.into_iter().map(|(_, r)| r).collect();
        let meta = store::existing(tx.open_table(store::META))?;
        let count = |name| meta.as_ref().map_or(Ok(0), |m| store::counter(m, name));
        let removed: u64 = (removed_ranges(&tx)?.iter())
            .map(|&(a, b)| u64::from(b - a))
            .sum();
        Ok(Stats {
            files,
            games: count(store::NEXT_GAME)?.saturating_sub(removed),
            entries: count(store::ENTRIES)?,
            players: count(store::NEXT_PLAYER)?.saturating_sub(1),
            segments: segments(&tx)?.len() as u64,
            variations: holds_variations(&tx)?,
        })
    }
}

/// Reads a fixed-size value a game (a record, a material span) from a table of runs of
/// consecutive games (first game → their values), in game order, each run read once.
pub(super) struct Runs {
    table: Option<redb::ReadOnlyTable<u32, &'static [u8]>>,
    /// The value's size.
    size: usize,
    /// What the table holds, for the error of a damaged one.
    what: &'static str,
    run: Option<(u32, Vec<u8>)>,
}

impl Runs {
    pub(super) fn new(
        tx: &ReadTransaction,
        table: redb::TableDefinition<u32, &[u8]>,
        size: usize,
        what: &'static str,
    ) -> Result<Runs, IndexError> {
        Ok(Runs {
            table: store::existing(tx.open_table(table))?,
            size,
            what,
            run: None,
        })
    }

    /// The value of `game`.
    pub(super) fn get(&mut self, game: u32) -> Result<&[u8], IndexError> {
        let size = self.size;
        let place = |first: u32, len: usize| {
            let at = (game.checked_sub(first)? as usize).checked_mul(size)?;
            (at + size <= len).then_some(at..at + size)
        };
        let held =
            (self.run.as_ref()).is_some_and(|(first, bytes)| place(*first, bytes.len()).is_some());
        if !held {
            let table = self.table.as_ref().ok_or(IndexError::Damaged(self.what))?;
            let mut below = table.range(..=game).map_err(store_error)?;
            let (first, bytes) = (below.next_back())
                .ok_or(IndexError::Damaged(self.what))?
                .map_err(store_error)?;
            self.run = Some((first.value(), bytes.value().to_vec()));
        }
        let (first, bytes) = self.run.as_ref().ok_or(IndexError::Damaged(self.what))?;
        (place(*first, bytes.len()))
            .and_then(|range| bytes.get(range))
            .ok_or(IndexError::Damaged(self.what))
    }
}

/// Reads games' records in game order, each stored run read once.
pub(super) struct Records<'t> {
    runs: Runs,
    _tx: std::marker::PhantomData<&'t ReadTransaction>,
}

impl<'t> Records<'t> {
    pub(super) fn new(tx: &'t ReadTransaction) -> Result<Records<'t>, IndexError> {
        Ok(Records {
            runs: Runs::new(tx, store::GAMES, GameInfo::SIZE, "games")?,
            _tx: std::marker::PhantomData,
        })
    }

    /// The record of `game`.
    pub(super) fn get(&mut self, game: u32) -> Result<GameInfo, IndexError> {
        GameInfo::from_bytes(self.runs.get(game)?).ok_or(IndexError::Damaged("games"))
    }
}

/// Whether the index holds positions inside variations too.
pub(super) fn holds_variations(tx: &ReadTransaction) -> Result<bool, IndexError> {
    match store::existing(tx.open_table(store::META))? {
        Some(meta) => Ok(store::counter(&meta, store::VARIATIONS)? == 1),
        None => Ok(false),
    }
}

/// The segments the index holds, in game order: the numbers given so far, less those
/// merged into another.
pub(super) fn segments(tx: &ReadTransaction) -> Result<Vec<u32>, IndexError> {
    let given = match store::existing(tx.open_table(store::META))? {
        Some(meta) => store::counter(&meta, store::NEXT_SEGMENT)?,
        None => 0,
    };
    let given = u32::try_from(given).unwrap_or(u32::MAX);
    let mut live = Vec::new();
    let mut next = 0;
    if let Some(merged) = store::existing(tx.open_table(store::MERGED))? {
        // Ascending and apart: each a live segment and the numbers it took in.
        for row in merged.iter().map_err(store_error)? {
            let (segment, end) = row.map_err(store_error)?;
            let (segment, end) = (segment.value(), end.value().min(given));
            live.extend(next..segment.min(given));
            if segment < given {
                live.push(segment);
            }
            next = next.max(end).max(segment.saturating_add(1));
        }
    }
    live.extend(next..given);
    Ok(live)
}

/// Appends the postings of `key` in one segment (removed games included).
pub(super) fn segment_postings(
    tx: &ReadTransaction,
    segment: u32,
    key: Key,
    out: &mut Vec<Posting>,
) -> Result<(), IndexError> {
    let Some(table) = store::existing(tx.open_table(store::POSTINGS))? else {
        return Ok(());
    };
    let damaged = || IndexError::Damaged("postings");
    let mut up_to = table
        .range(postings::blocks_up_to(segment, key))
        .map_err(store_error)?;
    let Some(row) = up_to.next_back() else {
        return Ok(());
    };
    let (block_key, block) = row.map_err(store_error)?;
    let (_, first) = postings::of_block_key(block_key.value()).ok_or_else(damaged)?;
    postings::find(block.value(), first, key, out).ok_or_else(damaged)
}

/// The summary of `key` in one segment, if it is hot there.
pub(super) fn summary(
    tx: &ReadTransaction,
    segment: u32,
    key: Key,
) -> Result<Option<Summary>, IndexError> {
    let Some(table) = store::existing(tx.open_table(store::HOT))? else {
        return Ok(None);
    };
    let Some(bytes) = table
        .get(postings::block_key(segment, key))
        .map_err(store_error)?
    else {
        return Ok(None);
    };
    Summary::from_bytes(bytes.value())
        .map(Some)
        .ok_or(IndexError::Damaged("summaries"))
}

/// Checks the key scheme: `Ok(true)` for a new index (no scheme yet), `Ok(false)` for one
/// of this build's scheme, an error for another.
pub(super) fn check_scheme(db: &(impl ReadableDatabase + ?Sized)) -> Result<bool, IndexError> {
    let tx = db.begin_read().map_err(store_error)?;
    let Some(meta) = store::existing(tx.open_table(store::META))? else {
        return Ok(true);
    };
    let mut found = Vec::new();
    for &(name, _) in &store::SCHEME {
        found.push((
            name,
            meta.get(name).map_err(store_error)?.map(|v| v.value()),
        ));
    }
    if found.iter().all(|(_, value)| value.is_none()) {
        return Ok(true);
    }
    let expected = describe(store::SCHEME.iter().map(|&(n, v)| (n, Some(v))));
    let found = describe(found.into_iter());
    match found == expected {
        true => Ok(false),
        false => Err(IndexError::Scheme { found, expected }),
    }
}

/// A scheme as text: `version 1, key_bits 48, …`.
fn describe<'a>(values: impl Iterator<Item = (&'a str, Option<u64>)>) -> String {
    let shown: Vec<String> = values
        .map(|(name, value)| format!("{name} {}", value.map_or("none".into(), |v| v.to_string())))
        .collect();
    shown.join(", ")
}

/// Every file record, with its number.
pub(super) fn file_records(tx: &ReadTransaction) -> Result<Vec<(u32, FileRecord)>, IndexError> {
    let Some(table) = store::existing(tx.open_table(store::FILES))? else {
        return Ok(Vec::new());
    };
    let mut out = Vec::new();
    for row in table.iter().map_err(store_error)? {
        let (id, bytes) = row.map_err(store_error)?;
        let record = FileRecord::from_bytes(bytes.value()).ok_or(IndexError::Damaged("files"))?;
        out.push((id.value(), record));
    }
    Ok(out)
}

/// The games removed with their files: `[first, end)` runs.
pub(super) fn removed_ranges(tx: &ReadTransaction) -> Result<Vec<(u32, u32)>, IndexError> {
    let Some(table) = store::existing(tx.open_table(store::REMOVED))? else {
        return Ok(Vec::new());
    };
    let mut out = Vec::new();
    for row in table.iter().map_err(store_error)? {
        let (first, end) = row.map_err(store_error)?;
        out.push((first.value(), end.value()));
    }
    Ok(out)
}
