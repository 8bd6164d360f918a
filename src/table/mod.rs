//! Checked games as tables: the tables of `jaque export` (Parquet, [`parquet`]) and of the
//! Python package (`read_arrow`, [`arrow`]), one schema each, whoever reads them. The rows
//! are built once, as plain [`column`]s; Arrow and Parquet only encode them.
//!
//! - [`Table::Games`]: a row a game: where it is, the Seven Tag Roster as columns and the
//!   other tags as a map, result, status, plies, the mainline's SAN and UCI, the final FEN,
//!   error and warning counts, the diagnostics as a list of structs.
//! - [`Table::Moves`]: a row a mainline ply: SAN, UCI, the FEN before it, `[%clk]` and
//!   `[%eval]`, check, capture, NAGs, comment.
//! - [`Table::Positions`]: a row a mainline ply, the position before it as twelve bitboards
//!   plus side to move, castling rooks, en passant and clocks: the compact form models
//!   train on; with the position's Zobrist hash and the game's identity, result and ratings,
//!   and where [`Ends::Included`] a row for each game's final position, what an opening tree
//!   counts ([`parquet::Dataset`] partitions it by hash).
//!
//! Rows follow the input; the tables of one input share its game numbers (`index` in games,
//! `game` in the others).
//!
//! ```
//! use jaque::input::Settings;
//! use jaque::table::{Table, read};
//! let text: &[u8] = b"1. e4 e5 2. Nf3 *\n\n1. d4 *\n";
//! let reader = read(Box::new(text), ("a.pgn", 0), Table::Moves, &Settings::default(), 1024);
//! let reader = reader.unwrap();
//! let rows: usize = reader.map(|batch| batch.unwrap().num_rows()).sum();
//! assert_eq!(rows, 4);
//! ```

use std::fmt;
use std::io::{self, BufRead};
use std::str::FromStr;
use std::sync::Arc;

use crate::input::{Checked, Settings, checked};
use crate::pgn::{Checker, GameRecord, MoveRecord, RawGame, Verdict};
use crate::select::{Selection, Selector};
use crate::{Position, UciLetters};
use column::{Build, NumberBuilder, TextBuilder};
pub use column::{Column, Values};

#[cfg(feature = "arrow")]
pub mod arrow;
pub mod column;
mod games;
mod moves;
#[cfg(feature = "parquet")]
pub mod parquet;
mod positions;
mod take;

/// Which table: what a row is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Table {
    /// A row a game.
    Games,
    /// A row a mainline ply: the move.
    Moves,
    /// A row a mainline ply: the position before it, as bitboards.
    Positions,
}

impl Table {
    /// Every table, in the order the documentation gives them.
    pub const ALL: [Table; 3] = [Table::Games, Table::Moves, Table::Positions];

    /// Its name: `games`, `moves` or `positions`.
    pub fn as_str(self) -> &'static str {
        match self {
            Table::Games => "games",
            Table::Moves => "moves",
            Table::Positions => "positions",
        }
    }

    /// Its schema: its columns, of no rows.
    ///
    /// ```
    /// let schema = jaque::table::Table::Positions.schema();
    /// assert_eq!(schema[0].name, "game");
    /// assert!(schema.iter().any(|column| column.name == "white_pawns"));
    /// ```
    pub fn schema(self) -> Vec<Column> {
        self.batch("", 0, &[]).columns
    }

    /// The rows of `records`, games of the input named `file`, numbered from `first_game`
    /// on (the games of the inputs before: numbers run on across the inputs of a run).
    pub fn batch(self, file: &str, first_game: usize, records: &[GameRecord]) -> Batch {
        self.batch_of(file, first_game, records, Ends::Omitted)
    }

    /// [`Table::batch`], with the rows of the games' final positions where `ends` says so
    /// and the table has them (`positions` alone).
    fn batch_of(self, file: &str, first: usize, records: &[GameRecord], ends: Ends) -> Batch {
        match self {
            Table::Games => games::batch(file, first, records),
            Table::Moves => ply_batch::<moves::Moves>(first, records, ends),
            Table::Positions => ply_batch::<positions::Positions>(first, records, ends),
        }
    }
}

/// Whether a table of a row a ply also has a row for the position each game ends in: a tree
/// of positions counts the games that end at a position, and reads them there.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Ends {
    /// A row a mainline move alone: the rows are (position, move) pairs.
    #[default]
    Omitted,
    /// A row more a game, after its moves: the final position, its `uci` null.
    Included,
}

/// A name that is none of the tables'.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("no table is named {0:?}: the tables are games, moves and positions")]
pub struct UnknownTable(pub String);

impl FromStr for Table {
    type Err = UnknownTable;

    fn from_str(name: &str) -> Result<Table, UnknownTable> {
        Table::ALL
            .into_iter()
            .find(|table| table.as_str() == name)
            .ok_or_else(|| UnknownTable(name.to_string()))
    }
}

/// Text a thread turns into rows of the games table at once: a unit of work, and at most the
/// games of one record batch. Four times the checker's default ([`Settings`]): with a row a
/// game, a batch of that default is a few hundred rows, small for the readers of Arrow
/// tables, and each batch costs its hand-over between threads and its columns' set-up. The
/// tables of a row a ply keep the default: theirs are large already, and larger ones
/// measured slower and held more memory.
pub const GAMES_UNIT_BYTES: usize = 1 << 20;

/// The rows of `table` for every game of `reader` (the input named `file`, its games numbered
/// from `first_game` on), checked on `settings.threads()` threads, in input order, a batch
/// for each of `settings`' batches of games (at most `batch_rows` games), or for the games
/// table of up to `batch_rows` games and [`GAMES_UNIT_BYTES`] of text; a batch of a table of
/// a row a ply may hold more rows ([`arrow::RecordBatches`] slices them). A read error ends
/// the stream after the rows before it.
pub fn read(
    reader: Box<dyn BufRead + Send>,
    (file, first_game): (&str, usize),
    table: Table,
    settings: &Settings,
    batch_rows: usize,
) -> io::Result<Batches> {
    read_where(
        reader,
        (file, first_game),
        table,
        settings,
        batch_rows,
        None,
    )
}

/// [`read`], with the final positions' rows where `ends` says so ([`Ends`]).
pub fn read_with_ends(
    reader: Box<dyn BufRead + Send>,
    (file, first_game): (&str, usize),
    (table, ends): (Table, Ends),
    settings: &Settings,
    batch_rows: usize,
) -> io::Result<Batches> {
    let input = (file, first_game);
    read_rows(reader, input, (table, ends), settings, batch_rows, None)
}

/// [`read`], the rows of the games that `selection` selects alone: the others are not
/// checked for a row (a filter on tags does not even play their moves).
pub fn read_where(
    reader: Box<dyn BufRead + Send>,
    (file, first_game): (&str, usize),
    table: Table,
    settings: &Settings,
    batch_rows: usize,
    selection: Option<Arc<Selection>>,
) -> io::Result<Batches> {
    let input = (file, first_game);
    let rows = (table, Ends::Omitted);
    read_rows(reader, input, rows, settings, batch_rows, selection)
}

/// [`read_where`] and [`read_with_ends`].
fn read_rows(
    reader: Box<dyn BufRead + Send>,
    (file, first_game): (&str, usize),
    (table, ends): (Table, Ends),
    settings: &Settings,
    batch_rows: usize,
    selection: Option<Arc<Selection>>,
) -> io::Result<Batches> {
    let (lints, name) = (settings.lints, file.to_string());
    let (batch_games, batch_bytes) = match table {
        Table::Games => (batch_rows, GAMES_UNIT_BYTES),
        Table::Moves | Table::Positions => (settings.batch_games, settings.batch_bytes),
    };
    let settings = &Settings {
        batch_games: batch_games.min(batch_rows).max(1),
        batch_bytes,
        ..settings.clone()
    };
    let file = file.to_string();
    let kept = settings.clone();
    let work = move |games: &[RawGame], checker: &mut Checker| {
        let read = games.len();
        let chosen: Vec<RawGame>;
        let games = match &selection {
            Some(selection) => {
                let mut selector = Selector::new(selection, &kept);
                let selected = |game: &&RawGame| selector.select(game).selected;
                chosen = games.iter().filter(selected).cloned().collect();
                &chosen[..]
            }
            None => games,
        };
        if table == Table::Games {
            let batch = games::check((&name, first_game), games, checker, &lints);
            return (read, batch);
        }
        let records: Vec<GameRecord> = (games.iter())
            .map(|game| {
                let mut record = checker.record(game);
                record.apply(&lints);
                record
            })
            .collect();
        (read, table.batch_of(&name, first_game, &records, ends))
    };
    Ok(Batches {
        checked: checked(reader, settings, work)?,
        games: 0,
        file,
    })
}

/// Rows of a table: columns of the same length.
#[derive(Clone, Debug, PartialEq)]
pub struct Batch {
    /// The table's columns, in its order.
    pub columns: Vec<Column>,
}

impl Batch {
    /// Its rows.
    pub fn num_rows(&self) -> usize {
        self.columns.first().map_or(0, Column::len)
    }

    /// The column named `name`.
    pub fn column(&self, name: &str) -> Option<&Column> {
        self.columns.iter().find(|column| column.name == name)
    }
}

/// An input that could not be read to its end: the rows before were handed out.
#[derive(Debug)]
pub struct ReadError {
    /// The input's name.
    pub file: String,
    /// What went wrong.
    pub error: io::Error,
}

impl ReadError {
    /// Whether the content is at fault (no text, a damaged compressed stream), not the
    /// system: Python raises the one as a `ValueError`, the other as an `OSError`.
    pub fn is_content(&self) -> bool {
        // flate2 calls a damaged deflate stream invalid input.
        matches!(
            self.error.kind(),
            io::ErrorKind::InvalidData
                | io::ErrorKind::InvalidInput
                | io::ErrorKind::UnexpectedEof
                | io::ErrorKind::Other
        )
    }
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "cannot read {}: {}", self.file, self.error)
    }
}

impl std::error::Error for ReadError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.error)
    }
}

/// The batches of [`read`], in input order, each of the games of one unit of work.
pub struct Batches {
    checked: Checked<(usize, Batch)>,
    games: usize,
    /// The input's name, for errors.
    file: String,
}

impl Batches {
    /// The games read so far (selected or not).
    pub fn games(&self) -> usize {
        self.games
    }
}

impl Iterator for Batches {
    type Item = Result<Batch, ReadError>;

    fn next(&mut self) -> Option<Result<Batch, ReadError>> {
        loop {
            match self.checked.next()? {
                Ok((games, batch)) => {
                    self.games += games;
                    if batch.num_rows() > 0 {
                        return Some(Ok(batch));
                    }
                }
                Err(error) => {
                    let file = self.file.clone();
                    return Some(Err(ReadError { file, error }));
                }
            }
        }
    }
}

/// A null move in UCI, as python-chess and engines write it.
const NULL_MOVE: &str = "0000";

/// Named columns on their way to a batch.
#[derive(Default)]
struct Columns(Vec<Column>);

impl Columns {
    /// Adds a column of what `builder` built; `nullable` says whether its values may be
    /// missing.
    fn add(&mut self, name: &str, nullable: bool, builder: impl Build) {
        let (values, valid) = builder.finish();
        let validity = nullable.then_some(valid);
        self.0.push(Column::new(name, (values, validity)));
    }

    fn finish(self) -> Batch {
        Batch { columns: self.0 }
    }
}

/// A count as a column holds it (no game comes near four billion of anything).
fn count(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// The columns of a table of a row a mainline ply besides `game` and `ply`, which every
/// such table begins with ([`ply_batch`] writes them).
trait PlyRows: Default {
    /// Takes in what its rows hold of `record` as a whole, before its rows.
    fn start(&mut self, _record: &GameRecord) {}

    /// Appends the row of `record`'s move `index`, `mv`, played from `before`.
    fn push(&mut self, record: &GameRecord, index: usize, mv: &MoveRecord, before: &Position);

    /// Appends the row of `end`, the position `record`'s mainline ends in, where the table
    /// has such rows: whether it does.
    fn push_end(&mut self, _record: &GameRecord, _end: &Position) -> bool {
        false
    }

    /// Adds its columns, after `game` and `ply`.
    fn finish(self, columns: &mut Columns);
}

/// The rows of `records`' mainline plies: `game` (numbered from `first_game` on), `ply`
/// (from 1), then `T`'s columns; and where `ends` says so, each game's final position, its
/// `ply` one past the last move's.
fn ply_batch<T: PlyRows>(first_game: usize, records: &[GameRecord], ends: Ends) -> Batch {
    let (mut games, mut plies_played, mut rows) = (
        NumberBuilder::<u64>::default(),
        NumberBuilder::<u32>::default(),
        T::default(),
    );
    for record in records {
        let game = (first_game + record.report().index) as u64;
        rows.start(record);
        let mut reached = (0, record.report().start_position);
        for (ply, (index, mv, before)) in plies(record).enumerate() {
            games.append_value(game);
            plies_played.append_value(count(ply + 1));
            rows.push(record, index, mv, &before);
            reached = (ply + 1, after(&before, mv));
        }
        if let (Ends::Included, (played, Some(end))) = (ends, reached)
            && rows.push_end(record, &end)
        {
            games.append_value(game);
            plies_played.append_value(count(played + 1));
        }
    }
    let mut columns = Columns::default();
    columns.add("game", false, games);
    columns.add("ply", false, plies_played);
    rows.finish(&mut columns);
    columns.finish()
}

/// Appends `mv`'s UCI, played from `before`, to `column`; a null move's where it was not
/// played.
fn append_uci(column: &mut TextBuilder, mv: &MoveRecord, before: &Position) {
    let uci = match mv.verdict {
        Verdict::Played(played) => Some(played.uci(before.is_chess960()).letters()),
        _ => None,
    };
    column.append_value(uci.as_ref().map_or(NULL_MOVE, UciLetters::as_str));
}

/// Each mainline ply of `record` with the position before it.
fn plies(record: &GameRecord) -> impl Iterator<Item = (usize, &MoveRecord, Position)> + '_ {
    let mut position = record.report().start_position;
    record.mainline().map_while(move |(index, mv)| {
        let before = position?;
        position = after(&before, mv);
        Some((index, mv, before))
    })
}

/// The position `mv` reaches from `before` (a null move's where one can be played).
fn after(before: &Position, mv: &MoveRecord) -> Option<Position> {
    match mv.verdict {
        Verdict::Played(played) => Some(before.play(played)),
        _ => before.play_null(),
    }
}
