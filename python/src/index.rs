//! `jaque.Index` and `jaque.index`: the position index of `jaque index`, `tree` and `find`
//! (the library's `jaque::index`), built and asked from Python, the GIL released meanwhile.
//! Answers are dicts with the names of `jaque tree --json` and `jaque find --json`.

use std::io;
use std::path::{Path, PathBuf};

use jaque::Position;
use jaque::index::append::{self, FileOutcome, FileReport};
use jaque::index::tree::{Filter, FilterText, Tree};
use jaque::index::{FileRecord, Index as LibIndex, IndexError};
use jaque::select::{BadFilter, play_moves};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyInt, PyList, PyString};

use crate::errors::read_error;
use crate::selecting::bad_filters;

/// A position index, built by `jaque index` or `jaque.index`: which games reach a position,
/// what they played there and how it scored, answered without reading the games again.
/// A missing path raises `FileNotFoundError`; a file that is no index, `ValueError`.
#[pyclass(module = "jaque", frozen)]
pub struct Index {
    inner: LibIndex,
    path: String,
}

#[pymethods]
impl Index {
    #[new]
    fn new(py: Python<'_>, path: PathBuf) -> PyResult<Index> {
        let name = path.display().to_string();
        existing_file(&path, &name)?;
        let inner = py
            .detach(|| LibIndex::open(&path))
            .map_err(|e| index_error(e, &name))?;
        Ok(Index { inner, path: name })
    }

    /// The moves played from the position (`fen`, or the start; `moves`: SAN from the
    /// start), with their games and scores, as `jaque tree --json` has them; the filters
    /// are `jaque tree`'s flags.
    #[pyo3(signature = (fen=None, *, moves=None, rating=None, since=None, until=None,
                        speed=None, player=None, side=None))]
    #[allow(clippy::too_many_arguments)]
    fn tree<'py>(
        &self,
        py: Python<'py>,
        fen: Option<String>,
        moves: Option<&Bound<'py, PyAny>>,
        rating: Option<&Bound<'py, PyAny>>,
        since: Option<&str>,
        until: Option<&str>,
        speed: Option<&Bound<'py, PyAny>>,
        player: Option<&str>,
        side: Option<&str>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let position = position(fen, moves)?;
        let (rating, speed) = (rating.map(rating_text).transpose()?, words(speed, ",")?);
        let text = FilterText {
            rating: rating.as_deref(),
            since,
            until,
            speed: speed.as_deref(),
            player,
            side,
        };
        let filter = Filter::read(&text).map_err(PyValueError::new_err)?;
        let tree = py
            .detach(|| self.inner.tree(&position, &filter))
            .map_err(|e| index_error(e, &self.path))?;
        tree_dict(py, &position, &tree)
    }

    /// The games that reach the position: `{"games": how many, "found": the first `limit`
    /// of them (all by default), in index order, each {"file", "offset", "line", "ply",
    /// "tags"}, "problems": the games that could not be read again, and why}`.
    #[pyo3(signature = (fen=None, *, moves=None, limit=None))]
    fn find<'py>(
        &self,
        py: Python<'py>,
        fen: Option<String>,
        moves: Option<&Bound<'py, PyAny>>,
        limit: Option<&Bound<'py, PyInt>>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let position = position(fen, moves)?;
        let limit = match limit {
            Some(limit) if limit.lt(0)? => {
                return Err(PyValueError::new_err("limit must be at least 0"));
            }
            Some(limit) => Some(limit.extract::<usize>().unwrap_or(usize::MAX)),
            None => None,
        };
        let found = py
            .detach(|| self.inner.find(&position, limit))
            .map_err(|e| index_error(e, &self.path))?;
        let games = PyList::empty(py);
        for game in &found.games {
            let tags = PyDict::new(py);
            for (name, value) in &game.tags {
                tags.set_item(name, value)?;
            }
            let item = PyDict::new(py);
            item.set_item("file", &game.file)?;
            item.set_item("offset", game.offset)?;
            item.set_item("line", game.line)?;
            item.set_item("ply", game.ply)?;
            item.set_item("tags", tags)?;
            games.append(item)?;
        }
        let out = PyDict::new(py);
        out.set_item("games", found.total)?;
        out.set_item("found", games)?;
        out.set_item("problems", &found.problems)?;
        Ok(out)
    }

    fn __repr__(&self) -> String {
        format!("Index('{}')", self.path)
    }
}

/// Adds `files` to the index at `db` (created if absent), as `jaque index DB FILE…` does:
/// a file indexed before adds nothing, a game indexed before counts once. Returns a dict a
/// file: `path`, `status` (`indexed`, `already_indexed`, `changed`: not read, `failed`:
/// `error` says why, what it committed stays), and its counts (`games`, `indexed`,
/// `duplicates`, `unplayable`).
#[pyfunction]
#[pyo3(signature = (db, files, *, jobs=None))]
pub fn index<'py>(
    py: Python<'py>,
    db: PathBuf,
    files: Vec<PathBuf>,
    jobs: Option<&Bound<'py, PyInt>>,
) -> PyResult<Bound<'py, PyList>> {
    let settings = append::Settings {
        input: crate::settings::settings(jobs, "en", None)?,
        ..Default::default()
    };
    let name = db.display().to_string();
    let reports = py
        .detach(|| append::index_files(&db, &files, &settings))
        .map_err(|e| index_error(e, &name))?;
    let out = PyList::empty(py);
    for report in &reports {
        out.append(report_dict(py, report)?)?;
    }
    Ok(out)
}

/// What became of a file, as a dict.
fn report_dict<'py>(py: Python<'py>, report: &FileReport) -> PyResult<Bound<'py, PyDict>> {
    let out = PyDict::new(py);
    out.set_item("path", report.path.display().to_string())?;
    let (status, record) = match &report.outcome {
        FileOutcome::Indexed(record) => ("indexed", Some(record)),
        FileOutcome::AlreadyIndexed(_) => ("already_indexed", None),
        FileOutcome::Changed(record) => ("changed", Some(record)),
        FileOutcome::Failed(record, why) => {
            out.set_item("error", why)?;
            ("failed", Some(record))
        }
    };
    out.set_item("status", status)?;
    let zero = FileRecord::default();
    let record = record.unwrap_or(&zero);
    out.set_item("games", record.games)?;
    out.set_item("indexed", record.indexed)?;
    out.set_item("duplicates", record.duplicates)?;
    out.set_item("unplayable", record.unplayable)?;
    Ok(out)
}

/// The tree as `jaque tree --json` has it: the library writes that object
/// ([`jaque::json::tree`]) and Python's `json` reads it, so that the two faces cannot differ.
fn tree_dict<'py>(
    py: Python<'py>,
    position: &Position,
    tree: &Tree,
) -> PyResult<Bound<'py, PyDict>> {
    let mut json = Vec::new();
    jaque::json::tree(&mut json, position, tree);
    let text = String::from_utf8_lossy(&json);
    let parsed = py.import("json")?.call_method1("loads", (text.as_ref(),))?;
    Ok(parsed.cast_into::<PyDict>()?)
}

/// The position asked about: `fen` (read as Chess960 where only that explains it), or the
/// position after the SAN `moves` from the start, or the start.
fn position(fen: Option<String>, moves: Option<&Bound<'_, PyAny>>) -> PyResult<Position> {
    let moves = words(moves, " ")?;
    match (fen, moves) {
        (Some(_), Some(_)) => Err(PyValueError::new_err("give fen or moves, not both")),
        (Some(fen), None) => Position::from_fen_either(&fen)
            .map_err(|e| crate::errors::FenError::new_err(e.to_string())),
        (None, Some(text)) => match play_moves(Position::starting(), &text) {
            Ok(position) => Ok(position),
            Err(error) => Err(bad_filters(vec![BadFilter {
                name: "moves",
                text,
                error,
            }])),
        },
        (None, None) => Ok(Position::starting()),
    }
}

/// A `str`, or a list of them joined by `separator` (`speed=["blitz", "rapid"]`).
fn words(value: Option<&Bound<'_, PyAny>>, separator: &str) -> PyResult<Option<String>> {
    let Some(value) = value else { return Ok(None) };
    if let Ok(text) = value.cast::<PyString>() {
        return Ok(Some(text.to_str()?.to_string()));
    }
    let list: Vec<String> = value.extract()?;
    Ok(Some(list.join(separator)))
}

/// A rating band: `"1800..2200"`, or `(1800, 2200)` with `None` for an open end.
fn rating_text(value: &Bound<'_, PyAny>) -> PyResult<String> {
    if let Ok(text) = value.cast::<PyString>() {
        return Ok(text.to_str()?.to_string());
    }
    let (low, high): (Option<u16>, Option<u16>) = value.extract()?;
    let end = |n: Option<u16>| n.map_or(String::new(), |n| n.to_string());
    Ok(format!("{}..{}", end(low), end(high)))
}

/// A path that is no file, as `OSError` (`FileNotFoundError`, `IsADirectoryError`).
fn existing_file(path: &Path, name: &str) -> PyResult<()> {
    let metadata = std::fs::metadata(path).map_err(|e| read_error(e, name))?;
    match metadata.is_dir() {
        true => Err(read_error(io::Error::from_raw_os_error(21), name)),
        false => Ok(()),
    }
}

/// The index's error: a file's as `OSError`, the rest (no index, a damaged one, another key
/// scheme) as `ValueError` naming the index.
fn index_error(error: IndexError, db: &str) -> PyErr {
    match error {
        IndexError::Io { path, source } => read_error(source, &path),
        error => PyValueError::new_err(format!("{db}: {error}")),
    }
}
