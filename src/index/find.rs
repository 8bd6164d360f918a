//! Position search: the games that reach a position, each read again from its file at the
//! offset the index keeps and replayed to the position, which gives its ply and tags, and
//! verifies away a collision of keys. A plain file is read from that offset; a compressed
//! one from the text the index keeps of it ([`super::kept`]), or, in an index that keeps
//! none, decompressed from its start.

use std::fs::File;
use std::io::{self, BufRead, BufReader, Seek, SeekFrom};
use std::ops::ControlFlow;

use redb::ReadTransaction;

use super::IndexError;
use super::kept::KeptGames;
use super::key::Key;
use super::postings::Posting;
use super::read::{
    Index, Records, file_records, removed_ranges, segment_postings, segments, summary,
};
use super::store::FileRecord;
use crate::Position;
use crate::input::{self, Format};
use crate::pgn::{Checker, RawGame, Splitter, Visit};

/// A game that reaches the position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FoundGame {
    /// Its number in the index.
    pub game: u32,
    /// Its file, as the index recorded it (an absolute path).
    pub file: String,
    /// Its byte offset (in the decompressed text).
    pub offset: u64,
    /// Its first line, from 1.
    pub line: u64,
    /// The first ply of its mainline at the position.
    pub ply: usize,
    /// Its tags, in order.
    pub tags: Vec<(String, String)>,
}

/// The answer of [`Index::find`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Found {
    /// Every game the index holds for the position.
    pub total: u64,
    /// The first of them, in index order, read from their files.
    pub games: Vec<FoundGame>,
    /// Games that could not be shown: the file is gone, or changed since it was indexed.
    pub problems: Vec<String>,
}

impl Index {
    /// The games that reach `position` (at most `limit` read from their files), in index
    /// order.
    ///
    /// ```no_run
    /// use jaque::index::Index;
    /// let index = Index::open("games.index".as_ref())?;
    /// let found = index.find(&jaque::Position::starting(), Some(10))?;
    /// println!("{} games; the first at ply {}", found.total, found.games[0].ply);
    /// # Ok::<(), jaque::index::IndexError>(())
    /// ```
    pub fn find(&self, position: &Position, limit: Option<usize>) -> Result<Found, IndexError> {
        let tx = self.read()?;
        let (total, postings) = self.to_show(&tx, position, limit)?;
        let files = file_records(&tx)?;
        let mut records = Records::new(&tx)?;
        let mut found = Found {
            total,
            ..Found::default()
        };
        let mut readers: Vec<(u32, GameReader)> = Vec::new();
        let open = |record: &FileRecord| GameReader {
            path: record.path.clone(),
            state: source(&tx, record),
        };
        for posting in postings {
            if limit.is_some_and(|limit| found.games.len() >= limit) {
                break;
            }
            let info = records.get(posting.game)?;
            let Some((_, record)) = files.iter().find(|(id, _)| *id == info.file) else {
                return Err(IndexError::Damaged("a game's file"));
            };
            let reader = match readers.iter_mut().find(|(id, _)| *id == info.file) {
                Some((_, reader)) => reader,
                None => {
                    readers.push((info.file, open(record)));
                    &mut readers.last_mut().ok_or(IndexError::Damaged("files"))?.1
                }
            };
            match reader.reach(info.offset, position) {
                Ok(Some((ply, tags))) => found.games.push(FoundGame {
                    game: posting.game,
                    file: record.path.clone(),
                    offset: info.offset,
                    line: u64::from(info.line),
                    ply,
                    tags,
                }),
                // The game does not reach the position: a collision of keys.
                Ok(None) => found.total -= 1,
                Err(problem) => found.problems.push(format!("{}: {problem}", record.path)),
            }
        }
        Ok(found)
    }
}

impl Index {
    /// How many games reach `position`, and the first `limit` of them in index order.
    /// Segments come in game order: once `limit` games are found, a segment where the key
    /// is hot counts its games from its summary instead of decoding them (the start
    /// position's are most of the index's entries).
    fn to_show(
        &self,
        tx: &ReadTransaction,
        position: &Position,
        limit: Option<usize>,
    ) -> Result<(u64, Vec<Posting>), IndexError> {
        let key = Key::of(position);
        // Another position's key: its move is not legal here.
        let legal = super::tree::LegalCodes::of(position);
        let removed = removed_ranges(tx)?;
        let (mut total, mut shown) = (0u64, Vec::new());
        for segment in segments(tx)? {
            let enough = limit.is_some_and(|limit| shown.len() >= limit);
            if enough
                && removed.is_empty()
                && let Some(summary) = summary(tx, segment, key)?
            {
                let legal_games = (summary.moves.iter())
                    .filter(|(code, _)| legal.admits(*code))
                    .map(|(_, score)| score.games);
                total += legal_games.sum::<u64>();
                continue;
            }
            let mut postings = Vec::new();
            segment_postings(tx, segment, key, &mut postings)?;
            postings.sort_unstable_by_key(|p| p.game);
            postings.retain(|p| {
                legal.admits(p.code) && !removed.iter().any(|&(a, b)| (a..b).contains(&p.game))
            });
            total += postings.len() as u64;
            let room = limit.map_or(usize::MAX, |limit| limit.saturating_sub(shown.len()));
            shown.extend(postings.into_iter().take(room));
        }
        Ok((total, shown))
    }
}

/// A game's tags, in order.
type Tags = Vec<(String, String)>;

/// Reads a file's games at their offsets, once the file is known unchanged.
struct GameReader {
    path: String,
    state: Result<Source, String>,
}

enum Source {
    /// A plain file: a seek to each game.
    Plain(BufReader<File>),
    /// A compressed one whose text the index keeps: a lookup for each.
    Kept(KeptGames),
    /// A compressed one: its games in turn (asked for in the order of their offsets).
    Stream(Box<Splitter<Box<dyn BufRead + Send>>>),
}

impl GameReader {
    /// The first ply at which the game at `offset` reaches `position`, and its tags; `None`
    /// when it does not; an error when the file cannot be read there.
    fn reach(&mut self, offset: u64, position: &Position) -> Result<Option<(usize, Tags)>, String> {
        let source = self.state.as_mut().map_err(|e| e.clone())?;
        let raw = source
            .game_at(offset)
            .map_err(|e| format!("{}: {e}", self.path))?;
        let Some(raw) = raw else {
            return Err(
                "no game at the offset the index holds: changed since it was indexed".into(),
            );
        };
        let mut finder = FirstVisit {
            target: *position,
            ply: None,
        };
        let report = Checker::default().check_visiting(&raw, &mut finder);
        let tags = report
            .tags
            .iter()
            .map(|(n, v)| (n.to_owned(), v.to_owned()))
            .collect();
        Ok(finder.ply.map(|ply| (ply, tags)))
    }
}

/// The games of one indexed file, read at their offsets (`jaque query QUERY DB`): a plain
/// file by a seek to each, a compressed one from the text the index keeps, or else in turn
/// (asked in the order of their offsets).
pub struct FileGames(Source);

impl Index {
    /// The games of the indexed file `record`, or why they cannot be read (the file is
    /// missing, or changed since it was indexed).
    pub fn file_games(&self, record: &FileRecord) -> Result<FileGames, String> {
        let tx = self.read().map_err(|e| e.to_string())?;
        source(&tx, record).map(FileGames)
    }
}

impl FileGames {
    /// Whether each game is a seek away: the file is plain.
    pub fn seeks(&self) -> bool {
        matches!(self.0, Source::Plain(_))
    }

    /// Whether the index keeps the games' text (the file is compressed): each game is a
    /// lookup away, and asked in order of their offsets, no block is read twice, so
    /// lookups never read more than the file; and the file itself is not needed.
    pub fn kept(&self) -> bool {
        matches!(self.0, Source::Kept(_))
    }

    /// The game that starts at `offset`, its bytes as the file holds them (its `offset`,
    /// `line` and `index` are the reader's, not the file's: the caller knows them); `None`
    /// when no game starts there.
    pub fn game_at(&mut self, offset: u64) -> io::Result<Option<RawGame>> {
        self.0.game_at(offset)
    }
}

/// Where the games of `record` are read: the text the index keeps of them, or else the file.
fn source(tx: &ReadTransaction, record: &FileRecord) -> Result<Source, String> {
    match KeptGames::open(tx, record.content) {
        Ok(Some(kept)) => Ok(Source::Kept(kept)),
        Ok(None) => open(record),
        Err(error) => Err(error.to_string()),
    }
}

/// Opens a file for reading its games, checking first that it is the one indexed.
fn open(record: &FileRecord) -> Result<Source, String> {
    let metadata = std::fs::metadata(&record.path).map_err(|e| e.to_string())?;
    if metadata.len() != record.size {
        return Err("changed since it was indexed (its size differs): index it again".into());
    }
    let mut file = BufReader::new(File::open(&record.path).map_err(|e| e.to_string())?);
    let start = file.fill_buf().map_err(|e| e.to_string())?;
    let format = Format::of(start.get(..Format::MAGIC).unwrap_or(start));
    Ok(match format {
        Format::Text => Source::Plain(file),
        _ => {
            let reader = input::decompressed(file).map_err(|e| e.to_string())?;
            Source::Stream(Box::new(Splitter::new(reader)))
        }
    })
}

impl Source {
    /// The game that starts at `offset`.
    fn game_at(&mut self, offset: u64) -> io::Result<Option<RawGame>> {
        match self {
            Source::Plain(file) => {
                file.seek(SeekFrom::Start(offset))?;
                Splitter::new(&mut *file).next().transpose()
            }
            Source::Kept(kept) => kept.game_at(offset),
            Source::Stream(games) => {
                for game in games.by_ref() {
                    let game = game?;
                    if game.offset >= offset {
                        return Ok((game.offset == offset).then_some(game));
                    }
                }
                Ok(None)
            }
        }
    }
}

/// Finds the first mainline ply at a position.
struct FirstVisit {
    target: Position,
    ply: Option<usize>,
}

impl Visit for FirstVisit {
    fn position(&mut self, ply: usize, depth: usize, position: &Position) -> ControlFlow<()> {
        if depth == 0 && position.same_epd(&self.target) {
            self.ply = Some(ply);
            return ControlFlow::Break(());
        }
        ControlFlow::Continue(())
    }
}
