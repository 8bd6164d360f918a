//! `select`: the games of an input that pass every filter, as `jaque select` picks them
//! (the library's [`Filters`], read by the library), yielded as `Game`s.

use std::sync::Arc;
use std::thread;

use jaque::pgn::{Checker, RawGame};
use jaque::select::{BadFilter, Duplicates, Filters, Selection, Selector};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyInt, PyString};

use crate::game::Found;
use crate::reading::{Games, Item};
use crate::returns::Returns;
use crate::settings::settings;
use crate::source::open;

/// The games of `source` that pass every filter given, in input order, as `read_games`
/// yields them: the filters of `jaque select`, by the same names (`tag`, `fen` and `moves`
/// take a string or a list of strings, each of which must hold; `variations`, `valid` and
/// `invert` are true or false; `dedupe` is `True`, `"moves"` or `"position"`; `query` is
/// the language of `jaque query`, and each game's `matches` says where it matched). A filter
/// that cannot be read raises `ValueError`, pointing into it; an unknown name `TypeError`.
///
/// >>> import jaque
/// >>> pgn = b'[White "Tal"]\n\n1. e4 c5 2. Nf3 *\n\n[White "Fischer"]\n\n1. Nf3 c5 2. e4 *\n'
/// >>> [g.tags["White"] for g in jaque.select(pgn, moves="e4 c5 Nf3")]
/// ['Tal', 'Fischer']
/// >>> [g.tags["White"] for g in jaque.select(pgn, tag="White ~ ^T")]
/// ['Tal']
#[pyfunction]
#[pyo3(signature = (source, *, jobs=None, lang="en", lints=None, **filters))]
pub fn select(
    source: &Bound<'_, PyAny>,
    jobs: Option<&Bound<'_, PyInt>>,
    lang: &str,
    lints: Option<&Bound<'_, PyDict>>,
    filters: Option<&Bound<'_, PyDict>>,
) -> PyResult<Games> {
    selected(source, selection(filters, true)?, jobs, lang, lints)
}

/// The games of `source` with a position that satisfies `query` (the language of `jaque
/// query`, docs/query.md), in input order: `select(source, query=query)`. Each game's
/// `matches` holds the mainline plies whose position matched, ascending (0: the start);
/// with `variations=True` positions inside variations count too, and `variation_matches`
/// holds the `(line, column)` of each move inside a variation that reached a match. A query
/// that cannot be read raises `ValueError`, with the message and a caret under the place.
///
/// >>> import jaque
/// >>> pgn = b"1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n\n1. d4 d5 *\n"
/// >>> [(g.index, g.matches) for g in jaque.query(pgn, "mate or ply == 1 and move to e4")]
/// [(0, [1, 7])]
/// >>> game = next(jaque.query(b"1. e4 (1. d4 d5) e5 *", "move to d5", variations=True))
/// >>> game.matches, game.variation_matches
/// ([], [(1, 14)])
#[pyfunction]
#[pyo3(signature = (source, query, *, variations=false, jobs=None, lang="en", lints=None))]
pub fn query(
    source: &Bound<'_, PyAny>,
    query: String,
    variations: bool,
    jobs: Option<&Bound<'_, PyInt>>,
    lang: &str,
    lints: Option<&Bound<'_, PyDict>>,
) -> PyResult<Games> {
    let filters = Filters {
        query: Some(query),
        variations,
        ..Filters::default()
    };
    let selection = filters.selection().map_err(bad_filters)?;
    selected(source, selection, jobs, lang, lints)
}

/// The games of `source` that `selection` selects, each with what its query found.
fn selected(
    source: &Bound<'_, PyAny>,
    selection: Selection,
    jobs: Option<&Bound<'_, PyInt>>,
    lang: &str,
    lints: Option<&Bound<'_, PyDict>>,
) -> PyResult<Games> {
    // A game's `matches` are all its matching plies.
    let selection = Arc::new(Selection {
        all_matches: true,
        ..selection
    });
    let settings = settings(jobs, lang, lints)?;
    let duplicates = selection
        .dedupe
        .map(|_| Duplicates::new(settings.options.lang));
    let source = open(source)?;
    let returns = Arc::new(Returns::default());
    let (kept, freeing) = (settings.clone(), Arc::clone(&returns));
    let work = move |games: &[RawGame], checker: &mut Checker| -> Vec<Item> {
        freeing.free_mine();
        let thread = thread::current().id();
        let mut selector = Selector::new(&selection, &kept);
        let chosen = games.iter().filter_map(|game| {
            let choice = selector.select(game);
            let found = (selection.query.is_some()).then(|| Found {
                matches: choice.matches,
                variation_matches: (selection.variations).then_some(choice.variation_matches),
            });
            (choice.selected).then(|| Item {
                record: kept.record(checker, game),
                thread,
                key: choice.key,
                found,
            })
        });
        chosen.collect()
    };
    Games::new(source, settings, returns, work, duplicates)
}

/// The selection of the filters given by name (`select`'s keyword arguments, `read_arrow`'s
/// `where`); `dedupe` only where duplicates can be dropped (`select`).
pub fn selection(filters: Option<&Bound<'_, PyDict>>, dedupe: bool) -> PyResult<Selection> {
    let mut read = Filters::default();
    for (name, value) in filters.iter().flat_map(|filters| filters.iter()) {
        let name: String = name.extract()?;
        let value = &value;
        match name.as_str() {
            "tag" => read.tags = texts(value)?,
            "player" => read.player = Some(value.extract()?),
            "result" => read.result = Some(value.extract()?),
            "plies" => read.plies = Some(value.extract()?),
            "fen" => read.fen = texts(value)?,
            "moves" => read.moves = texts(value)?,
            "variations" => read.variations = value.is_truthy()?,
            "status" => read.status = Some(value.extract()?),
            "valid" => read.valid = value.is_truthy()?,
            "invert" => read.invert = value.is_truthy()?,
            "pattern" => read.pattern = Some(value.extract()?),
            "either_colour" | "either_color" => read.either_colour = value.is_truthy()?,
            "eco" => read.eco = Some(value.extract()?),
            "opening" => read.opening = Some(value.extract()?),
            "query" => read.query = Some(value.extract()?),
            "dedupe" if dedupe => read.dedupe = dedupe_mode(value)?,
            _ => {
                return Err(PyTypeError::new_err(format!(
                    "no filter is called {name:?}"
                )));
            }
        }
    }
    read.selection().map_err(bad_filters)
}

/// A filter given as a string or a list of strings.
fn texts(value: &Bound<'_, PyAny>) -> PyResult<Vec<String>> {
    match value.is_instance_of::<PyString>() {
        true => Ok(vec![value.extract()?]),
        false => value.extract(),
    }
}

/// `dedupe`: `True`, `"moves"` or `"position"` (`False` or `None`: keep duplicates).
fn dedupe_mode(value: &Bound<'_, PyAny>) -> PyResult<Option<String>> {
    match value.is_instance_of::<PyString>() {
        true => Ok(Some(value.extract()?)),
        false => Ok(value.is_truthy()?.then(|| "moves".to_string())),
    }
}

/// The filters that could not be read, as one `ValueError`: each with its text and a caret
/// line under what is wrong.
pub fn bad_filters(bad: Vec<BadFilter>) -> PyErr {
    let lines: Vec<String> = (bad.iter())
        .map(|filter| {
            let error = &filter.error;
            let lead = format!("{}=", filter.name);
            let before = filter.text.get(..error.span.start).unwrap_or_default();
            let under = filter.text.get(error.span.clone()).unwrap_or(" ");
            let pad = " ".repeat(lead.chars().count() + before.chars().count());
            let carets = "^".repeat(under.chars().count().max(1));
            let help = (error.help.as_ref()).map_or(String::new(), |h| format!("\n  help: {h}"));
            format!(
                "{}\n  {lead}{}\n  {pad}{carets}{help}",
                error.message, filter.text
            )
        })
        .collect();
    PyValueError::new_err(lines.join("\n"))
}
