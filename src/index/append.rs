//! Indexing files: games read on the pipeline's threads ([`super::walk`]), numbered here,
//! each game indexed once, and committed a batch at a time with the file's progress, so that
//! a run stopped anywhere (a kill, a full disk) leaves whole batches, and the next run goes
//! on where the last commit left the file.

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};

use redb::{Database, ReadableDatabase, ReadableTable, WriteTransaction};

use super::code::MoveCode;
use super::games::{GameInfo, MAX_PLAYERS};
use super::postings::{self, Entry};
use super::store::{self, FileRecord};
use super::walk::{self, Walked};
use super::{IndexError, store_error};
use crate::input::{self, Pipeline};

/// How files are indexed.
#[derive(Clone, Debug)]
pub struct Settings {
    /// How games are read: threads (`jobs`), batches of the pipeline.
    pub input: input::Settings,
    /// The most new games in one commit.
    pub batch_games: usize,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            input: input::Settings::default(),
            batch_games: 10_000,
        }
    }
}

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
    let mut writer = Writer::open(db)?;
    let pipeline = Pipeline::new(settings.input.threads()).map_err(|e| IndexError::io(db, e))?;
    let mut reports = Vec::with_capacity(files.len());
    for path in files {
        let outcome = writer.index_file(path, &pipeline, settings)?;
        reports.push(FileReport {
            path: path.clone(),
            outcome,
        });
    }
    // Copy-on-write leaves the pages of earlier versions free: given back to the disk.
    writer.db.compact().map_err(store_error)?;
    debug_stats(&writer.db)?;
    Ok(reports)
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
    tx.commit().map_err(store_error)?;
    Ok(Some(record))
}

/// The index being written, and what numbering its games needs in memory.
pub(super) struct Writer {
    pub(super) db: Database,
    /// The identities of the games indexed, removed ones left out.
    identities: HashSet<u128>,
    players: HashMap<String, u32>,
    next_game: u32,
    next_segment: u32,
    next_file: u32,
    next_player: u32,
}

/// A game read, as the pipeline hands it back.
enum Read {
    /// Read in an earlier run (the file is being resumed).
    Before,
    /// Its moves cannot be played.
    Unplayable,
    Game(Box<Walked>),
}

/// Where a file stands in the index.
enum Known {
    New,
    Done(FileRecord),
    Partial(u32, FileRecord),
    Changed(FileRecord),
}

impl Writer {
    /// Opens (or creates) the index at `path` and loads what numbering needs.
    pub(super) fn open(path: &Path) -> Result<Writer, IndexError> {
        let db = Database::create(path).map_err(store_error)?;
        if super::read::check_scheme(&db)? {
            write_scheme(&db)?;
        }
        let tx = db.begin_read().map_err(store_error)?;
        let removed = super::read::removed_ranges(&tx)?;
        let mut identities = HashSet::new();
        if let Some(table) = store::existing(tx.open_table(store::IDENTITIES))? {
            for row in table.iter().map_err(store_error)? {
                let (first, value) = row.map_err(store_error)?;
                add_identities(first.value(), value.value(), &removed, &mut identities)?;
            }
        }
        let mut players = HashMap::new();
        if let Some(table) = store::existing(tx.open_table(store::PLAYERS))? {
            for row in table.iter().map_err(store_error)? {
                let (name, id) = row.map_err(store_error)?;
                players.insert(name.value().to_owned(), id.value());
            }
        }
        let meta = store::existing(tx.open_table(store::META))?;
        let count = |name| meta.as_ref().map_or(Ok(0), |m| store::counter(m, name));
        let number = |name| count(name).map(|n| u32::try_from(n).unwrap_or(u32::MAX));
        Ok(Writer {
            identities,
            players,
            next_game: number(store::NEXT_GAME)?,
            next_segment: number(store::NEXT_SEGMENT)?,
            next_file: number(store::NEXT_FILE)?,
            next_player: number(store::NEXT_PLAYER)?.max(1),
            db,
        })
    }

    /// Indexes one file, or the rest of it.
    fn index_file(
        &mut self,
        path: &Path,
        pipeline: &Pipeline,
        settings: &Settings,
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
        self.read_file(path, id, record, pipeline, settings)
    }

    /// Reads the games of `path` past those `record` counts, committing a batch at a time.
    fn read_file(
        &mut self,
        path: &Path,
        id: u32,
        mut record: FileRecord,
        pipeline: &Pipeline,
        settings: &Settings,
    ) -> Result<FileOutcome, IndexError> {
        let reader = match input::open(path) {
            Ok(reader) => reader,
            Err(error) => return Ok(FileOutcome::Failed(record, error.to_string())),
        };
        let skip = record.games;
        let kept = settings.input.clone();
        let work = move |games: &[crate::pgn::RawGame]| -> Vec<Read> {
            let mut checker = kept.checker();
            let read = |raw: &crate::pgn::RawGame| {
                if (raw.index as u64) < skip {
                    return Read::Before;
                }
                match walk::read(&mut checker, raw) {
                    Some(walked) => Read::Game(Box::new(walked)),
                    None => Read::Unplayable,
                }
            };
            games.iter().map(read).collect()
        };
        let checked = pipeline
            .run(reader, &settings.input, work)
            .map_err(|e| IndexError::io(path, e))?;
        let mut batch = Batch::new(self.next_game);
        for games in checked {
            let games = match games {
                Ok(games) => games,
                Err(error) => {
                    self.commit(batch, id, &record)?;
                    return Ok(FileOutcome::Failed(record, error.to_string()));
                }
            };
            for game in games {
                self.add(&mut batch, id, &mut record, game);
            }
            if batch.games >= settings.batch_games {
                let next = Batch::new(self.next_game);
                self.commit(std::mem::replace(&mut batch, next), id, &record)?;
            }
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

    /// Adds a game read to the batch (or counts why not).
    fn add(&mut self, batch: &mut Batch, file: u32, record: &mut FileRecord, read: Read) {
        let walked = match read {
            Read::Before => return,
            Read::Unplayable => {
                record.games += 1;
                record.unplayable += 1;
                return;
            }
            Read::Game(walked) => walked,
        };
        record.games += 1;
        if !self.identities.insert(walked.identity) {
            record.duplicates += 1;
            return;
        }
        let game = self.next_game;
        self.next_game += 1;
        record.indexed += 1;
        match record.ranges.last_mut() {
            Some((_, end)) if *end == game => *end += 1,
            _ => record.ranges.push((game, game + 1)),
        }
        let players = walked.players.clone().map(|name| self.player(name, batch));
        batch.push(game, file, &walked, players);
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
        batch.players.push((name.clone(), id));
        self.players.insert(name, id);
        id
    }

    /// Writes `batch` and the file's progress in one transaction.
    fn commit(
        &mut self,
        mut batch: Batch,
        file: u32,
        record: &FileRecord,
    ) -> Result<(), IndexError> {
        let tx = self.db.begin_write().map_err(store_error)?;
        if batch.games > 0 {
            batch.write(&tx, self.next_segment)?;
            self.next_segment += 1;
        }
        {
            let mut files = tx.open_table(store::FILES).map_err(store_error)?;
            files
                .insert(file, record.to_bytes().as_slice())
                .map_err(store_error)?;
            let mut contents = tx.open_table(store::CONTENTS).map_err(store_error)?;
            contents.insert(record.content, file).map_err(store_error)?;
            let mut meta = tx.open_table(store::META).map_err(store_error)?;
            for (name, value) in [
                (store::NEXT_GAME, self.next_game),
                (store::NEXT_SEGMENT, self.next_segment),
                (store::NEXT_FILE, self.next_file),
                (store::NEXT_PLAYER, self.next_player),
            ] {
                meta.insert(name, u64::from(value)).map_err(store_error)?;
            }
        }
        tx.commit().map_err(store_error)
    }
}

/// The games of one commit: their entries, records, identities and new players.
struct Batch {
    first_game: u32,
    games: usize,
    entries: Vec<Entry>,
    records: Vec<u8>,
    identities: Vec<u8>,
    players: Vec<(String, u32)>,
}

impl Batch {
    fn new(first_game: u32) -> Batch {
        Batch {
            first_game,
            games: 0,
            entries: Vec::new(),
            records: Vec::new(),
            identities: Vec::new(),
            players: Vec::new(),
        }
    }

    fn push(&mut self, game: u32, file: u32, walked: &Walked, players: [u32; 2]) {
        let outcome = walked.outcome.unwrap_or(super::code::Outcome::Unknown);
        let entries = (walked.positions.iter()).map(|&(key, mv)| Entry {
            key,
            game,
            code: MoveCode::new(mv),
        });
        self.entries.extend(entries);
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
        self.games += 1;
    }

    /// Writes the batch as segment `segment`.
    fn write(&mut self, tx: &WriteTransaction, segment: u32) -> Result<(), IndexError> {
        self.entries.sort_unstable();
        let mut table = tx.open_table(store::POSTINGS).map_err(store_error)?;
        for (first, block) in postings::blocks(&self.entries) {
            let key = postings::block_key(segment, first);
            table.insert(key, block.as_slice()).map_err(store_error)?;
        }
        let mut games = tx.open_table(store::GAMES).map_err(store_error)?;
        for (i, run) in self
            .records
            .chunks(GAMES_A_RUN * GameInfo::SIZE)
            .enumerate()
        {
            let first = self.first_game + (i * GAMES_A_RUN) as u32;
            games.insert(first, run).map_err(store_error)?;
        }
        let mut identities = tx.open_table(store::IDENTITIES).map_err(store_error)?;
        for (i, run) in self.identities.chunks(GAMES_A_RUN * 16).enumerate() {
            let first = self.first_game + (i * GAMES_A_RUN) as u32;
            identities.insert(first, run).map_err(store_error)?;
        }
        let mut players = tx.open_table(store::PLAYERS).map_err(store_error)?;
        let mut names = tx.open_table(store::PLAYER_NAMES).map_err(store_error)?;
        for (name, id) in &self.players {
            players.insert(name.as_str(), id).map_err(store_error)?;
            names.insert(id, name.as_str()).map_err(store_error)?;
        }
        let mut meta = tx.open_table(store::META).map_err(store_error)?;
        let entries = store::counter(&meta, store::ENTRIES)? + self.entries.len() as u64;
        meta.insert(store::ENTRIES, entries).map_err(store_error)?;
        Ok(())
    }
}

/// Games in one stored run of records (or of identities): a run fills most of a page of
/// the store (see [`postings::BLOCK_BYTES`]).
pub(super) const GAMES_A_RUN: usize = 120;

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

/// Writes this build's key scheme into a new index.
fn write_scheme(db: &Database) -> Result<(), IndexError> {
    let tx = db.begin_write().map_err(store_error)?;
    {
        let mut meta = tx.open_table(store::META).map_err(store_error)?;
        for (name, value) in store::SCHEME {
            meta.insert(name, value).map_err(store_error)?;
        }
    }
    tx.commit().map_err(store_error)
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
        store::PLAYERS,
        store::PLAYER_NAMES
    );
    tx.abort().map_err(store_error)
}
