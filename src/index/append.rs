//! Indexing files: games read on the pipeline's threads ([`super::walk`]), numbered here,
//! each game indexed once, and committed a batch at a time with the file's progress, so that
//! a run stopped anywhere (a kill, a full disk) leaves whole batches, and the next run goes
//! on where the last commit left the file.

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};

use std::sync::mpsc;

use redb::{Database, ReadableDatabase, ReadableTable};

use super::commit::{self, Batch, Commit, Prepared};
use super::games::MAX_PLAYERS;
use super::kept;
use super::radix::Partitioned;
use super::store::{self, FileRecord};
use super::walk::{self, Job, Read};
use super::{IndexError, store_error};
use crate::input::{self, Pipeline};

/// How files are indexed.
#[derive(Clone, Debug)]
pub struct Settings {
    /// How games are read: threads (`jobs`), batches of the pipeline.
    pub input: input::Settings,
    /// The most new games in one commit.
    pub batch_games: usize,
    /// Whether positions inside variations are indexed too; set when the index is made
    /// (`None`: as the index was made, or not for a new one).
    pub variations: Option<bool>,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            input: input::Settings::default(),
            batch_games: BATCH_GAMES,
            variations: None,
        }
    }
}

/// New games in one commit, unless told otherwise. A commit is a segment, and every question
/// looks in every segment, so fewer, larger ones answer faster; but the committing thread
/// sorts and codes a batch while the readers fill the next, and a batch much larger keeps
/// them waiting. (A run killed loses at most the batch it was filling.)
pub const BATCH_GAMES: usize = 50_000;

/// What indexing did with a file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FileOutcome {
    /// Read to its end (this run or, stopped, over several): its record.
    Indexed(FileRecord),
    /// Its bytes were indexed before, from the file recorded here: nothing added.
    AlreadyIndexed(String),
    /// The file at this path changed since it was indexed: not read (remove it first).
    Changed(FileRecord),
    /// Reading it failed: what it had committed stays, and the next run goes on.
    Failed(FileRecord, String),
}

/// A file given to [`index_files`], and what became of it.
#[derive(Clone, Debug)]
pub struct FileReport {
    /// The path as given.
    pub path: PathBuf,
    /// What became of it.
    pub outcome: FileOutcome,
}

/// Indexes `files` into the index at `db` (created if absent), in order;  Fails only when the index cannot be opened or written; a file that cannot
/// be read is reported, and the others are still indexed.
pub fn index_files(
    db: &Path,
    files: &[PathBuf],
    settings: &Settings,
) -> Result<Vec<FileReport>, IndexError> {
    let (mut db, variations) = open(db, settings.variations)?;
    let pipeline = Pipeline::new(settings.input.threads())
        .map_err(|e| IndexError::io(&PathBuf::from("jaque"), e))?;
    let reports = std::thread::scope(|scope| {
        let (commits, receiver) = mpsc::sync_channel(1);
        let (spent, recycled) = mpsc::channel();
        let committer = scope.spawn(|| commit::committer(&db, receiver, spent));
        let indexed = Writer::load(&db, commits, recycled).and_then(|mut writer| {
            let index = |path: &PathBuf| {
                let outcome = writer.index_file(path, &pipeline, settings, variations)?;
                Ok(FileReport {
                    path: path.clone(),
                    outcome,
                })
            };
            files
                .iter()
                .map(index)
                .collect::<Result<Vec<_>, IndexError>>()
        });
        // The writer is gone: the committer ends once it has committed what it was handed.
        let committed = committer.join().unwrap_or(Err(commit::stopped()));
        committed.and(indexed)
    })?;
    super::merge::merge_small(&db)?;
    // Copy-on-write frees the pages a batch's commit replaced, and the file keeps them:
    // given back, they were a third of the file over a million games.
    db.compact().map_err(store_error)?;
    debug_stats(&db)?;
    Ok(reports)
}

/// Opens (or creates) the index at `path` for writing, its key scheme written if new, and
/// whether it holds positions inside variations (`variations`: what is asked, if anything).
fn open(path: &Path, variations: Option<bool>) -> Result<(Database, bool), IndexError> {
    if !path.exists() {
        create(path, variations.unwrap_or(false))?;
    }
    let db = Database::create(path).map_err(store_error)?;
    if super::read::check_scheme(&db)? {
        write_scheme(&db, variations.unwrap_or(false))?;
    }
    let indexed = super::read::holds_variations(&db.begin_read().map_err(store_error)?)?;
    match variations {
        Some(asked) if asked != indexed => Err(IndexError::Variations { indexed }),
        _ => Ok((db, indexed)),
    }
}

/// Verifies the checksum of every page of the index at `db` (redb's integrity check, which
/// reads the whole file): an error names the damage. Reading an index trusts its pages, and
/// a page damaged on disk after it was written may stop the reading process: this is the
/// check to run on an index that did.
pub fn check(db: &Path) -> Result<(), IndexError> {
    if !db.is_file() {
        let missing = std::io::Error::new(std::io::ErrorKind::NotFound, "no index here");
        return Err(IndexError::io(db, missing));
    }
    let mut builder = Database::builder();
    let opened = builder.set_check_integrity_on_open(true).open(db);
    let db = opened.map_err(store_error)?;
    super::read::check_scheme(&db).map(drop)
}

/// Removes the file at `path` (as given when it was indexed, made absolute) from the index at
/// `db`: its games leave every answer, and the file may be indexed again. Games of other files
/// that were dropped as duplicates of its games are not added back (index those files again
/// to add them). `None`: the index holds no such file.
pub fn remove_file(db: &Path, path: &Path) -> Result<Option<FileRecord>, IndexError> {
    let absolute = std::path::absolute(path).map_err(|e| IndexError::io(path, e))?;
    let absolute = absolute.display().to_string();
    if !db.is_file() {
        return Ok(None);
    }
    let db = Database::create(db).map_err(store_error)?;
    if super::read::check_scheme(&db)? {
        return Ok(None);
    }
    let files = super::read::file_records(&db.begin_read().map_err(store_error)?)?;
    let Some((id, record)) = files.into_iter().find(|(_, r)| r.path == absolute) else {
        return Ok(None);
    };
    let tx = db.begin_write().map_err(store_error)?;
    {
        let mut removed = tx.open_table(store::REMOVED).map_err(store_error)?;
        for &(first, end) in &record.ranges {
            removed.insert(first, end).map_err(store_error)?;
        }
        let mut files = tx.open_table(store::FILES).map_err(store_error)?;
        files.remove(id).map_err(store_error)?;
        let mut contents = tx.open_table(store::CONTENTS).map_err(store_error)?;
        contents.remove(record.content).map_err(store_error)?;
    }
    kept::remove(&tx, record.content)?;
    tx.commit().map_err(store_error)?;
    Ok(Some(record))
}

/// The index being written, and what numbering its games needs in memory.
struct Writer<'db> {
    db: &'db Database,
    /// The committing thread's queue.
    commits: mpsc::SyncSender<Commit>,
    /// Entries' vectors the committing thread is done with.
    recycled: mpsc::Receiver<Partitioned>,
    /// The identities of the games indexed, removed ones left out.
    identities: HashSet<u128>,
    players: HashMap<String, u32>,
    next_game: u32,
    next_segment: u32,
    next_file: u32,
    next_player: u32,
}

/// Where a file stands in the index.
enum Known {
    New,
    Done(FileRecord),
    Partial(u32, FileRecord),
    Changed(FileRecord),
}

impl<'db> Writer<'db> {
    /// What numbering needs, loaded from `db`; batches go to `commits`.
    fn load(
        db: &'db Database,
        commits: mpsc::SyncSender<Commit>,
        recycled: mpsc::Receiver<Partitioned>,
    ) -> Result<Writer<'db>, IndexError> {
        let tx = db.begin_read().map_err(store_error)?;
        let removed = super::read::removed_ranges(&tx)?;
        let mut identities = HashSet::new();
        if let Some(table) = store::existing(tx.open_table(store::IDENTITIES))? {
            for row in table.iter().map_err(store_error)? {
                let (first, value) = row.map_err(store_error)?;
                add_identities(first.value(), value.value(), &removed, &mut identities)?;
            }
        }
        let players = super::players::all(&tx)?;
        let meta = store::existing(tx.open_table(store::META))?;
        let count = |name| meta.as_ref().map_or(Ok(0), |m| store::counter(m, name));
        let number = |name| count(name).map(|n| u32::try_from(n).unwrap_or(u32::MAX));
        Ok(Writer {
            db,
            commits,
            recycled,
            identities,
            players,
            next_game: number(store::NEXT_GAME)?,
            next_segment: number(store::NEXT_SEGMENT)?,
            next_file: number(store::NEXT_FILE)?,
            next_player: number(store::NEXT_PLAYER)?.max(1),
        })
    }

    /// Indexes one file, or the rest of it.
    fn index_file(
        &mut self,
        path: &Path,
        pipeline: &Pipeline,
        settings: &Settings,
        variations: bool,
    ) -> Result<FileOutcome, IndexError> {
        let absolute = std::path::absolute(path).map_err(|e| IndexError::io(path, e))?;
        let (content, size) = match content_hash(path) {
            Ok(hashed) => hashed,
            Err(error) => {
                return Ok(FileOutcome::Failed(
                    FileRecord::default(),
                    error.to_string(),
                ));
            }
        };
        // The records of the files before are committed: this one may be one of them.
        self.flush()?;
        let (id, record) = match self.known(content, &absolute)? {
            Known::Done(record) => return Ok(FileOutcome::AlreadyIndexed(record.path)),
            Known::Changed(record) => return Ok(FileOutcome::Changed(record)),
            Known::Partial(id, record) => (id, record),
            Known::New => {
                self.next_file += 1;
                let path = absolute.display().to_string();
                (
                    self.next_file - 1,
                    FileRecord {
                        path,
                        content,
                        size,
                        ..FileRecord::default()
                    },
                )
            }
        };
        self.read_file(path, id, record, pipeline, settings, variations)
    }

    /// Reads the games of `path` past those `record` counts, committing a batch at a time.
    fn read_file(
        &mut self,
        path: &Path,
        id: u32,
        mut record: FileRecord,
        pipeline: &Pipeline,
        settings: &Settings,
        variations: bool,
    ) -> Result<FileOutcome, IndexError> {
        let reader = match input::open(path) {
            Ok(reader) => reader,
            Err(error) => return Ok(FileOutcome::Failed(record, error.to_string())),
        };
        let skip = record.games;
        let input = settings.input.clone();
        let keep = compressed(path);
        let work = move |games: &[crate::pgn::RawGame]| -> Job {
            let mut job = walk::read_job(&mut quiet_checker(&input), games, skip, variations);
            // Failing only where memory does: the game is then found by reading the file.
            job.kept = keep
                .then(|| kept::block(games, skip).ok().flatten())
                .flatten();
            job
        };
        let checked = pipeline
            .run(reader, &settings.input, work)
            .map_err(|e| IndexError::io(path, e))?;
        let mut batch = self.new_batch();
        for job in checked {
            let job = match job {
                Ok(job) => job,
                Err(error) => {
                    self.commit(batch, id, &record)?;
                    return Ok(FileOutcome::Failed(record, error.to_string()));
                }
            };
            self.add_job(&mut batch, (id, &mut record), job, settings.batch_games)?;
        }
        record.done = true;
        self.commit(batch, id, &record)?;
        Ok(FileOutcome::Indexed(record))
    }

    /// Where the file of `content` at `path` stands.
    fn known(&self, content: u128, path: &Path) -> Result<Known, IndexError> {
        let tx = self.db.begin_read().map_err(store_error)?;
        let files = super::read::file_records(&tx)?;
        let same = files.iter().find(|(_, r)| r.content == content);
        if let Some((id, record)) = same {
            return Ok(match record.done {
                true => Known::Done(record.clone()),
                false => Known::Partial(*id, record.clone()),
            });
        }
        let path = path.display().to_string();
        Ok(match files.into_iter().find(|(_, r)| r.path == path) {
            Some((_, record)) => Known::Changed(record),
            None => Known::New,
        })
    }

    /// Adds a job's games to the batch (or counts why not), and their positions; commits the
    /// batch each time it holds `batch_games` games.
    fn add_job(
        &mut self,
        batch: &mut Batch,
        (file, record): (u32, &mut FileRecord),
        job: Job,
        batch_games: usize,
    ) -> Result<(), IndexError> {
        // The job's games by their numbers in the index (`None`: not indexed).
        // Its text goes with the first commit of any of its games.
        batch.kept.extend(job.kept);
        let mut numbers: Vec<Option<u32>> = Vec::with_capacity(job.games.len());
        let mut from = 0;
        for read in job.games {
            numbers.push(self.add_game(batch, file, record, read));
            if batch.games >= batch_games {
                batch.add_entries(&job.entries, &numbers, from);
                from = numbers.len();
                let next = self.new_batch();
                self.commit(std::mem::replace(batch, next), file, record)?;
            }
        }
        batch.add_entries(&job.entries, &numbers, from);
        Ok(())
    }

    /// Numbers a game read and adds its record to the batch; `None` when it is not indexed.
    fn add_game(
        &mut self,
        batch: &mut Batch,
        file: u32,
        record: &mut FileRecord,
        read: Read,
    ) -> Option<u32> {
        let walked = match read {
            Read::Before => return None,
            Read::Unplayable => {
                record.games += 1;
                record.unplayable += 1;
                return None;
            }
            Read::Game(walked) => walked,
        };
        let mut walked = walked;
        record.games += 1;
        if !self.identities.insert(walked.identity) {
            record.duplicates += 1;
            return None;
        }
        let game = self.next_game;
        self.next_game += 1;
        record.indexed += 1;
        match record.ranges.last_mut() {
            Some((_, end)) if *end == game => *end += 1,
            _ => record.ranges.push((game, game + 1)),
        }
        let [white, black] = std::mem::take(&mut walked.players);
        let players = [self.player(white, batch), self.player(black, batch)];
        batch.push(file, &walked, players);
        Some(game)
    }

    /// The number of the player called `name` (0: no name, or past [`MAX_PLAYERS`]).
    fn player(&mut self, name: String, batch: &mut Batch) -> u32 {
        if name.is_empty() {
            return 0;
        }
        if let Some(&id) = self.players.get(&name) {
            return id;
        }
        if self.next_player >= MAX_PLAYERS {
            return 0;
        }
        let id = self.next_player;
        self.next_player += 1;
        batch.new_player(name.clone(), id);
        self.players.insert(name, id);
        id
    }

    /// A new batch from the next game on, in the parts of entries the committing thread
    /// handed back if some are there.
    fn new_batch(&self) -> Batch {
        Batch::new(self.next_game, self.recycled.try_recv().unwrap_or_default())
    }

    /// Hands `batch` and the file's progress to the committing thread: one transaction.
    fn commit(&mut self, batch: Batch, file: u32, record: &FileRecord) -> Result<(), IndexError> {
        let segment = (batch.games > 0).then(|| {
            self.next_segment += 1;
            self.next_segment - 1
        });
        let prepared = Prepared {
            batch,
            segment,
            file,
            record: record.clone(),
            counters: [
                (store::NEXT_GAME, self.next_game),
                (store::NEXT_SEGMENT, self.next_segment),
                (store::NEXT_FILE, self.next_file),
                (store::NEXT_PLAYER, self.next_player),
            ],
        };
        (self.commits.send(Commit::Batch(Box::new(prepared)))).map_err(|_| commit::stopped())
    }

    /// Waits until every batch handed over is committed.
    fn flush(&self) -> Result<(), IndexError> {
        let (done, wait) = mpsc::channel();
        self.commits
            .send(Commit::Flush(done))
            .map_err(|_| commit::stopped())?;
        wait.recv().map_err(|_| commit::stopped())
    }
}

/// Adds the identities of a stored run (16 bytes a game from game `first` on) to `out`,
/// leaving out removed games.
fn add_identities(
    first: u32,
    value: &[u8],
    removed: &[(u32, u32)],
    out: &mut HashSet<u128>,
) -> Result<(), IndexError> {
    for (i, identity) in value.chunks_exact(16).enumerate() {
        let game = first.saturating_add(i as u32);
        if !removed.iter().any(|&(a, b)| (a..b).contains(&game)) {
            let bytes: [u8; 16] = identity
                .try_into()
                .map_err(|_| IndexError::Damaged("identities"))?;
            out.insert(u128::from_le_bytes(bytes));
        }
    }
    Ok(())
}

/// Creates an index at `path` under a temporary name, renamed into place once whole: redb
/// writes its magic number last, so a process killed while creating it would leave a file
/// that neither opens nor may be overwritten.
fn create(path: &Path, variations: bool) -> Result<(), IndexError> {
    let mut name = path.as_os_str().to_owned();
    name.push(".new");
    let temporary = PathBuf::from(name);
    // Left by a run killed while creating the index: nothing of it was committed.
    let _ = std::fs::remove_file(&temporary);
    let db = Database::create(&temporary).map_err(store_error)?;
    write_scheme(&db, variations)?;
    drop(db);
    std::fs::rename(&temporary, path).map_err(|e| IndexError::io(path, e))
}

/// Writes this build's key scheme into a new index, and whether it holds positions inside
/// variations.
fn write_scheme(db: &Database, variations: bool) -> Result<(), IndexError> {
    let tx = db.begin_write().map_err(store_error)?;
    {
        let mut meta = tx.open_table(store::META).map_err(store_error)?;
        for (name, value) in store::SCHEME {
            meta.insert(name, value).map_err(store_error)?;
        }
        meta.insert(store::VARIATIONS, u64::from(variations))
            .map_err(store_error)?;
    }
    tx.commit().map_err(store_error)
}

/// Whether the file at `path` is compressed or Parquet (its games' text is then kept in the
/// index); one that cannot be read fails later, where it is read.
fn compressed(path: &Path) -> bool {
    use crate::input::Format;
    Format::of_file(path).is_ok_and(|format| format != Format::Text)
}

/// The hash of a file's bytes, and its size.
fn content_hash(path: &Path) -> std::io::Result<(u128, u64)> {
    use std::io::Read;
    let mut file = std::fs::File::open(path)?;
    let mut hash = super::hash::Hash128::default();
    let mut buffer = vec![0; 1 << 20];
    let mut size = 0u64;
    loop {
        let read = match file.read(&mut buffer) {
            Ok(0) => return Ok((hash.finish(), size)),
            Ok(read) => read,
            Err(error) if error.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(error) => return Err(error),
        };
        hash.write(buffer.get(..read).unwrap_or_default());
        size += read as u64;
    }
}

/// With `JAQUE_DEBUG_STATS` set: the store's page use, table by table (to standard error).
fn debug_stats(db: &Database) -> Result<(), IndexError> {
    if std::env::var_os("JAQUE_DEBUG_STATS").is_none() {
        return Ok(());
    }
    let tx = db.begin_write().map_err(store_error)?;
    eprintln!("{:?}", tx.stats().map_err(store_error)?);
    macro_rules! show { ($($t:expr),*) => { $( {
        let table = tx.open_table($t).map_err(store_error)?;
        eprintln!("{} {:?}", $t, redb::ReadableTableMetadata::stats(&table).map_err(store_error)?);
    } )* } }
    show!(
        store::POSTINGS,
        store::GAMES,
        store::IDENTITIES,
        store::PLAYER_NAMES
    );
    tx.abort().map_err(store_error)
}

/// A checker for indexing: the index keeps no diagnostics, so no warning is built (nor the
/// tag section looked at for its lints); errors still end a line where they end it.
fn quiet_checker(input: &input::Settings) -> crate::pgn::Checker {
    let mut lints = input.lints;
    // "warnings" is a group every version knows: setting it cannot fail.
    let _ = lints.set("warnings", crate::lint::Level::Allow);
    crate::pgn::Checker::new(input.options).allowing(&lints)
}
