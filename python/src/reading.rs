//! `read_games` and `read_arrow`: every game of an input, checked on the library's threads
//! with the GIL released, handed to Python in input order.

use std::sync::{Arc, Mutex};
use std::thread::{self, ThreadId};

use arrow_array::ffi::FFI_ArrowSchema;
use arrow_array::ffi_stream::FFI_ArrowArrayStream;
use arrow_array::{RecordBatch, RecordBatchReader};
use arrow_schema::{ArrowError, SchemaRef};
use jaque::input::{Records, Settings, checked};
use jaque::pgn::{Checker, GameRecord, RawGame};
use jaque::select::{Duplicates, Key};
use jaque::table::arrow::{RecordBatches, schema};
use jaque::table::{Table, read_where};
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyCapsule, PyDict, PyInt};

use crate::errors::read_error;
use crate::game::{Found, Game};
use crate::returns::Returns;
use crate::selecting::selection;
use crate::settings::settings;
use crate::source::{Raised, Source, open, take};

/// Every game of `source`, checked, in input order: a path (`.pgn`, `.pgn.zst`, `.pgn.gz`,
/// told by content), `bytes`, a file object, or Arrow strings (a column of whole games, or a
/// table in the lichess layout: tag columns and `movetext`), read from Arrow's buffers as
/// the PGN text they make, where lines count (python/README.md, "Arrow strings"). Games
/// with errors are yielded with their diagnostics; nothing is skipped. `jobs` threads check
/// (default: one a core), `lang` names the piece letters, `lints` maps codes to `allow`,
/// `warn` or `deny`.
///
/// >>> import jaque
/// >>> games = list(jaque.read_games(b"1. e4 e5 *\n\n1. d4 Nf6 2. Bxf7 *\n", jobs=2))
/// >>> [(g.index, g.plies, g.errors) for g in games]
/// [(0, 2, 0), (1, 2, 1)]
/// >>> import pyarrow
/// >>> month = pyarrow.table({"White": ["Tal", None], "WhiteElo": [2700, 2650],
/// ...                        "movetext": ["1. e4 e5 1-0", "1. d4 *"]})
/// >>> [(g.tags["WhiteElo"], g.tags.get("White"), g.san) for g in jaque.read_games(month)]
/// [('2700', 'Tal', ['e4', 'e5']), ('2650', None, ['d4'])]
#[pyfunction]
#[pyo3(signature = (source, *, jobs=None, lang="en", lints=None))]
pub fn read_games(
    source: &Bound<'_, PyAny>,
    jobs: Option<&Bound<'_, PyInt>>,
    lang: &str,
    lints: Option<&Bound<'_, PyDict>>,
) -> PyResult<Games> {
    let settings = settings(jobs, lang, lints)?;
    let source = open(source)?;
    let returns = Arc::new(Returns::default());
    let (kept, freeing) = (settings.clone(), Arc::clone(&returns));
    // Each batch on its reading thread: the records handed back to that thread are freed
    // first, and the new ones are marked as its.
    let work = move |games: &[RawGame], checker: &mut Checker| {
        freeing.free_mine();
        let thread = thread::current().id();
        let records = games.iter().map(|game| Item {
            record: kept.record(checker, game),
            thread,
            key: None,
            found: None,
        });
        records.collect::<Vec<_>>()
    };
    Games::new(source, settings, returns, work, None)
}

/// A record with the reading thread that made it, its key for duplicates if the games are
/// selected dropping them, and what a query found in it.
pub struct Item {
    pub record: GameRecord,
    pub thread: ThreadId,
    pub key: Option<Key>,
    pub found: Option<Found>,
}

impl Games {
    /// The games `work` makes of each batch of `source`'s games, in input order, dropping
    /// those `duplicates` has seen.
    pub fn new<F>(
        source: Source,
        settings: Settings,
        returns: Arc<Returns>,
        work: F,
        duplicates: Option<Duplicates>,
    ) -> PyResult<Games>
    where
        F: Fn(&[RawGame], &mut Checker) -> Vec<Item> + Send + Sync + 'static,
    {
        let batches = checked(source.reader, &settings, work);
        let batches = batches.map_err(|e| read_error(e, &source.name))?;
        Ok(Games {
            records: Mutex::new(Records::new(batches)),
            returns,
            file: source.name,
            raised: source.raised,
            settings,
            duplicates: Mutex::new(duplicates),
        })
    }

    /// The next item, the duplicates dropped (and their records sent back to be freed).
    fn next_record(&self) -> Result<Option<std::io::Result<Item>>, ()> {
        let mut records = self.records.lock().map_err(|_| ())?;
        let mut duplicates = self.duplicates.lock().map_err(|_| ())?;
        loop {
            match records.next() {
                Some(Ok(mut item)) => {
                    let first = match item.key.take() {
                        Some(key) => duplicates.as_mut().is_none_or(|d| d.first(key)),
                        None => true,
                    };
                    if first {
                        return Ok(Some(Ok(item)));
                    }
                    self.returns.home(item.thread).give_back(item.record);
                }
                Some(Err(error)) => return Ok(Some(Err(error))),
                None => return Ok(None),
            }
        }
    }
}

/// The iterator `read_games` returns.
#[pyclass(module = "jaque")]
pub struct Games {
    /// Each record with the reading thread that made it.
    records: Mutex<Records<Item>>,
    /// The games kept so far, when duplicates are dropped.
    duplicates: Mutex<Option<Duplicates>>,
    /// Where dropped games' records go back to their reading threads.
    returns: Arc<Returns>,
    file: String,
    raised: Raised,
    settings: Settings,
}

impl Drop for Games {
    fn drop(&mut self) {
        self.returns.close();
    }
}

#[pymethods]
impl Games {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&self, py: Python<'_>) -> PyResult<Option<Game>> {
        let next = py.detach(|| self.next_record());
        match next {
            Ok(Some(Ok(item))) => {
                let home = self.returns.home(item.thread);
                let file = self.file.clone();
                let game = Game::from_home(item.record, file, &self.settings, home);
                Ok(Some(game.with_found(item.found)))
            }
            Ok(Some(Err(error))) => {
                Err(take(&self.raised).unwrap_or_else(|| read_error(error, &self.file)))
            }
            Ok(None) => {
                self.returns.close();
                Ok(None)
            }
            Err(()) => Err(PyRuntimeError::new_err("the reader failed earlier")),
        }
    }

    fn __repr__(&self) -> String {
        format!("<jaque.Games of {:?}>", self.file)
    }
}

/// The games of `source` (what `read_games` reads, Arrow strings too) as an Arrow table,
/// streamed in record batches of at most `batch_size` rows: `table` is `games` (a row a game), `moves` (a row a mainline ply) or
/// `positions` (a row a mainline ply, the position before it as twelve bitboards). The
/// result has `__arrow_c_stream__`, so pyarrow, polars, pandas and duckdb read it without a
/// copy, and can be read once. Ctrl-C ends it between batches even while its reader runs
/// without the GIL; the reader then raises its own error, "interrupted: KeyboardInterrupt".
/// `where`, a dict of `select`'s filters (`{"tag": "WhiteElo >= 2700"}`), keeps the rows of
/// the games that pass them, the others left before their columns are built.
///
/// >>> import jaque, pyarrow
/// >>> table = pyarrow.table(jaque.read_arrow(b"1. e4 e5 2. Nf3 *", table="moves"))
/// >>> table.column("san").to_pylist(), table.column("ply").to_pylist()
/// (['e4', 'e5', 'Nf3'], [1, 2, 3])
#[pyfunction]
#[pyo3(signature = (source, *, table="games", batch_size=65536, jobs=None, lang="en", lints=None, r#where=None))]
pub fn read_arrow(
    source: &Bound<'_, PyAny>,
    table: &str,
    batch_size: i64,
    jobs: Option<&Bound<'_, PyInt>>,
    lang: &str,
    lints: Option<&Bound<'_, PyDict>>,
    r#where: Option<&Bound<'_, PyDict>>,
) -> PyResult<ArrowStream> {
    let selection = match r#where {
        Some(filters) => Some(Arc::new(selection(Some(filters), false)?)),
        None => None,
    };
    let table: Table = table
        .parse()
        .map_err(|e: jaque::table::UnknownTable| PyValueError::new_err(e.to_string()))?;
    let batch_size = usize::try_from(batch_size)
        .ok()
        .filter(|&size| size > 0)
        .ok_or_else(|| PyValueError::new_err("batch_size must be at least 1"))?;
    let settings = settings(jobs, lang, lints)?;
    let source = open(source)?;
    let batches = read_where(
        source.reader,
        (&source.name, 0),
        table,
        &settings,
        batch_size,
        selection,
    )
    .map_err(|e| read_error(e, &source.name))?;
    Ok(ArrowStream {
        batches: Mutex::new(Some(RecordBatches::new(batches, table, batch_size))),
        table,
        file: source.name,
    })
}

/// An Arrow stream of record batches (the Arrow PyCapsule interface), read once.
#[pyclass(module = "jaque")]
pub struct ArrowStream {
    batches: Mutex<Option<RecordBatches>>,
    table: Table,
    file: String,
}

#[pymethods]
impl ArrowStream {
    /// The stream as an `ArrowArrayStream` capsule; the schema asked for is not looked at
    /// (the interface allows that).
    #[pyo3(signature = (requested_schema=None))]
    fn __arrow_c_stream__<'py>(
        &self,
        py: Python<'py>,
        requested_schema: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyCapsule>> {
        let _ = requested_schema;
        let batches = match self.batches.lock() {
            Ok(mut batches) => batches.take(),
            Err(_) => None,
        };
        let batches = batches.ok_or_else(|| {
            PyRuntimeError::new_err("this stream was read already: call read_arrow again")
        })?;
        let reader: Box<dyn RecordBatchReader + Send> = Box::new(Interruptible {
            batches,
            caller: std::thread::current().id(),
            stopped: false,
        });
        let stream = FFI_ArrowArrayStream::new(reader);
        PyCapsule::new_with_value(py, stream, c"arrow_array_stream")
    }

    /// The stream's schema as an `ArrowSchema` capsule: readers that ask for the schema
    /// first (duckdb) need not take the stream for it.
    fn __arrow_c_schema__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyCapsule>> {
        let schema = FFI_ArrowSchema::try_from(schema(self.table).as_ref())
            .map_err(|e| PyRuntimeError::new_err(e.to_string()))?;
        PyCapsule::new_with_value(py, schema, c"arrow_schema")
    }

    fn __repr__(&self) -> String {
        format!(
            "<jaque.ArrowStream {} of {:?}>",
            self.table.as_str(),
            self.file
        )
    }
}

/// The batches, with Ctrl-C looked for before each: pyarrow, polars and duckdb read a stream
/// with the GIL released, where Python would see the signal only once the whole stream is
/// read, minutes for a month of lichess.
struct Interruptible {
    batches: RecordBatches,
    /// The thread that took the stream. Signals are looked for from it only: Python runs
    /// their handlers on the main thread alone, and the GIL taken from another thread could
    /// wait for a thread that holds it while it waits for this one.
    caller: std::thread::ThreadId,
    /// Interrupted: the stream ends.
    stopped: bool,
}

impl Iterator for Interruptible {
    type Item = Result<RecordBatch, ArrowError>;

    fn next(&mut self) -> Option<Result<RecordBatch, ArrowError>> {
        if self.stopped {
            return None;
        }
        if std::thread::current().id() == self.caller
            && let Some(Some(error)) = Python::try_attach(interrupted)
        {
            self.stopped = true;
            return Some(Err(error));
        }
        self.batches.next()
    }
}

impl RecordBatchReader for Interruptible {
    fn schema(&self) -> SchemaRef {
        self.batches.schema()
    }
}

/// Runs the signal handlers Python has pending: what one raised (Ctrl-C's
/// KeyboardInterrupt), if any, for the stream to end with. The reader of the stream raises
/// its own error with that message: the Arrow interface carries no exception, and a
/// KeyboardInterrupt made pending again would be raised wherever Python runs next, even
/// inside the printing of that error.
fn interrupted(py: Python<'_>) -> Option<ArrowError> {
    let raised = py.check_signals().err()?;
    let name = (raised.get_type(py).name()).map_or_else(|_| "a signal".into(), |n| n.to_string());
    Some(ArrowError::ExternalError(Box::new(std::io::Error::other(
        format!("interrupted: {name}"),
    ))))
}
