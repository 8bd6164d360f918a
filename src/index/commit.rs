//! Committing batches on a thread of their own, so that reading games goes on while a batch
//! is sorted, coded into blocks and written: each batch with its file's progress in one redb
//! transaction, whole or not at all.

use std::sync::mpsc;

use redb::{Database, WriteTransaction};

use super::games::GameInfo;
use super::hot::{HOT_GAMES, Summary};
use super::kept::KeptBlock;
use super::material::MaterialSpan;
use super::postings::{self, Entry, Shape};
use super::radix::Partitioned;
use super::store::{self, FileRecord};
use super::walk::Walked;
use super::{IndexError, store_error};

/// What the committing thread is handed.
pub(super) enum Commit {
    /// A batch to write.
    Batch(Box<Prepared>),
    /// Answer once every batch before is committed.
    Flush(mpsc::Sender<()>),
}

/// A batch and what its transaction writes besides.
pub(super) struct Prepared {
    pub(super) batch: Batch,
    /// Its segment (`None`: no game, only the file's progress).
    pub(super) segment: Option<u32>,
    pub(super) file: u32,
    pub(super) record: FileRecord,
    /// The index's counters after it.
    pub(super) counters: [(&'static str, u32); 4],
}

/// The error of handing work to a committing thread that stopped (its own error says why).
pub(super) fn stopped() -> IndexError {
    IndexError::Damaged("the committing thread stopped")
}

/// Commits what `commits` hands over, in order, until it closes or a commit fails; hands
/// each batch's emptied entries back to `spent` once they are sorted, for the next batch
/// to fill (its pages faulted in once, not for every batch).
pub(super) fn committer(
    db: &Database,
    commits: mpsc::Receiver<Commit>,
    spent: mpsc::Sender<Partitioned>,
) -> Result<(), IndexError> {
    let mut sorted = Vec::new();
    for commit in commits {
        match commit {
            Commit::Batch(prepared) => write(db, *prepared, &mut sorted, &spent)?,
            Commit::Flush(done) => {
                let _ = done.send(());
            }
        }
    }
    Ok(())
}

/// Writes a batch and its file's progress in one transaction, its entries sorted in
/// `sorted` and their parts handed back to `spent` before the writing.
fn write(
    db: &Database,
    prepared: Prepared,
    sorted: &mut Vec<Entry>,
    spent: &mpsc::Sender<Partitioned>,
) -> Result<(), IndexError> {
    let Prepared {
        mut batch,
        segment,
        file,
        record,
        counters,
    } = prepared;
    let shape = batch.entries.sort_into(sorted);
    // Back while this commits, not after: one set of parts fewer in flight. The writer may
    // be gone: then the room is not needed.
    let _ = spent.send(std::mem::take(&mut batch.entries));
    let tx = db.begin_write().map_err(store_error)?;
    if let Some(segment) = segment {
        batch.write(&tx, segment, sorted, shape)?;
    }
    super::kept::write(&tx, record.content, &batch.kept)?;
    {
        let mut files = tx.open_table(store::FILES).map_err(store_error)?;
        files
            .insert(file, record.to_bytes().as_slice())
            .map_err(store_error)?;
        let mut contents = tx.open_table(store::CONTENTS).map_err(store_error)?;
        contents.insert(record.content, file).map_err(store_error)?;
        let mut meta = tx.open_table(store::META).map_err(store_error)?;
        for (name, value) in counters {
            meta.insert(name, u64::from(value)).map_err(store_error)?;
        }
    }
    tx.commit().map_err(store_error)
}

/// The games of one commit: their entries, records, identities and new players.
pub(super) struct Batch {
    first_game: u32,
    /// Games in it.
    pub(super) games: usize,
    /// Their positions, parted by key, each part in game order.
    pub(super) entries: Partitioned,
    records: Vec<u8>,
    identities: Vec<u8>,
    /// Their [`super::material::MaterialSpan`]s.
    materials: Vec<u8>,
    players: Vec<(String, u32)>,
    /// The text of its jobs' games, for a compressed file.
    pub(super) kept: Vec<KeptBlock>,
}

impl Batch {
    /// A batch from game `first_game` on, its entries filling `entries` (empty).
    pub(super) fn new(first_game: u32, entries: Partitioned) -> Batch {
        Batch {
            first_game,
            games: 0,
            entries,
            records: Vec::new(),
            identities: Vec::new(),
            materials: Vec::new(),
            players: Vec::new(),
            kept: Vec::new(),
        }
    }

    /// Adds the positions of a job's games from `from` on (the job's place) whose numbers
    /// are known: those numbered so far and indexed.
    pub(super) fn add_entries(&mut self, entries: &[Entry], numbers: &[Option<u32>], from: usize) {
        let number = |e: &Entry| match e.game() as usize {
            at if at < from => None,
            at => *numbers.get(at)?,
        };
        let kept = entries.iter().filter_map(|e| Some(e.of_game(number(e)?)));
        self.entries.extend(kept);
    }

    /// A player numbered in this batch (numbers come in order, one after another).
    pub(super) fn new_player(&mut self, name: String, id: u32) {
        self.players.push((name, id));
    }

    /// Adds a game's record (its positions come with its job's).
    pub(super) fn push(&mut self, file: u32, walked: &Walked, players: [u32; 2]) {
        let outcome = walked.outcome;
        let info = GameInfo {
            file,
            offset: walked.offset,
            line: u32::try_from(walked.line).unwrap_or(u32::MAX),
            outcome,
            ratings: walked.ratings,
            date: walked.date,
            speed: walked.speed,
            players,
        };
        self.records.extend_from_slice(&info.to_bytes());
        self.identities
            .extend_from_slice(&walked.identity.to_le_bytes());
        self.materials
            .extend_from_slice(&walked.material.to_bytes());
        self.games += 1;
    }

    /// Writes the batch as segment `segment`, its entries `sorted` (of that shape).
    fn write(
        &self,
        tx: &WriteTransaction,
        segment: u32,
        sorted: &[Entry],
        shape: Shape,
    ) -> Result<(), IndexError> {
        self.write_postings(tx, segment, sorted, shape)?;
        let mut sizes = tx.open_table(store::SEGMENT_GAMES).map_err(store_error)?;
        let games = u32::try_from(self.games).unwrap_or(u32::MAX);
        sizes.insert(segment, games).map_err(store_error)?;
        let runs = [
            (store::GAMES, &self.records, GameInfo::SIZE),
            (store::IDENTITIES, &self.identities, 16),
            (store::MATERIAL, &self.materials, MaterialSpan::SIZE),
        ];
        for (table, values, size) in runs {
            let mut table = tx.open_table(table).map_err(store_error)?;
            for (i, run) in values.chunks(GAMES_A_RUN * size).enumerate() {
                let first = self.first_game + (i * GAMES_A_RUN) as u32;
                table.insert(first, run).map_err(store_error)?;
            }
        }
        if let Some(&(_, first)) = self.players.first() {
            super::players::write(tx, first, &self.players)?;
        }
        let mut meta = tx.open_table(store::META).map_err(store_error)?;
        let entries = store::counter(&meta, store::ENTRIES)? + sorted.len() as u64;
        meta.insert(store::ENTRIES, entries).map_err(store_error)?;
        Ok(())
    }
}

impl Batch {
    /// Writes the batch's postings and the summaries of the keys many of its games reach.
    fn write_postings(
        &self,
        tx: &WriteTransaction,
        segment: u32,
        sorted: &[Entry],
        shape: Shape,
    ) -> Result<(), IndexError> {
        let info = |game: u32| {
            let at = (game.checked_sub(self.first_game)? as usize) * GameInfo::SIZE;
            GameInfo::from_bytes(self.records.get(at..at + GameInfo::SIZE)?)
        };
        write_segment(tx, segment, sorted, shape, info)
    }
}

/// Writes a segment: its sorted `entries` (with their shape) as blocks of postings, the
/// summaries of the keys many of its games reach (`info` giving a game's record), summarised
/// as the blocks are coded.
pub(super) fn write_segment(
    tx: &WriteTransaction,
    segment: u32,
    entries: &[Entry],
    shape: Shape,
    info: impl Fn(u32) -> Option<GameInfo>,
) -> Result<(), IndexError> {
    let mut hot = Vec::new();
    let blocks = postings::blocks_shaped(entries, shape, |games| {
        if let (Some(first), true) = (games.first(), games.len() >= HOT_GAMES) {
            hot.push((first.key(), Summary::of(games, &info).to_bytes()));
        }
    });
    let mut table = tx.open_table(store::POSTINGS).map_err(store_error)?;
    for (first, block) in blocks {
        let key = postings::block_key(segment, first);
        table.insert(key, block.as_slice()).map_err(store_error)?;
    }
    let mut table = tx.open_table(store::HOT).map_err(store_error)?;
    for (first, summary) in hot {
        let key = postings::block_key(segment, first);
        table.insert(key, summary.as_slice()).map_err(store_error)?;
    }
    Ok(())
}

/// Games in one stored run of records (or of identities): a run fills most of a page of
/// the store (see [`postings::BLOCK_BYTES`]).
pub(super) const GAMES_A_RUN: usize = 120;
