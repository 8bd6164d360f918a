//! `jaque.Game` and its `Diagnostic`s: a checked game with the JSON's names.

use jaque::input::Settings;
use jaque::lint::Lints;
use jaque::pgn::{Eval, GameRecord, Options, RawGame, Verdict, clock, eval};
use jaque::{Code, Severity};
use pyo3::exceptions::PyIndexError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyInt};

use crate::diagnostic::Diagnostic;
use crate::position::Position;
use crate::returns::Home;

/// A game as read and checked: its tags, its mainline moves, its status and diagnostics.
/// Games with errors are games too: the moves before the first error are played, and the
/// error is one of the diagnostics.
///
/// >>> import jaque
/// >>> game = next(jaque.read_games(b'[White "Tal"]\n\n1. e4 e5 2. Ke3 *\n'))
/// >>> game.san, game.plies, game.tags["White"]
/// (['e4', 'e5'], 2, 'Tal')
/// >>> [(d.code, d.line, d.column) for d in game.diagnostics if d.severity == "error"]
/// [('illegal_move', 3, 13)]
#[pyclass(module = "jaque", frozen)]
pub struct Game {
    record: GameRecord,
    file: String,
    /// How it was checked (the piece letters' language, the lint levels): a pickled game is
    /// checked again so.
    options: Options,
    lints: Lints,
    /// The reading thread that made the record, to free it (`returns`); none for a game
    /// checked on Python's thread.
    home: Option<Home>,
    /// What a query found in it (`query`, `select(query=…)`); none for a game read alone.
    found: Option<Found>,
}

/// Where a query matched a game, as `jaque query --json` says it.
#[derive(Clone, Debug, Default)]
pub struct Found {
    /// The mainline plies whose position matched, ascending.
    pub matches: Vec<u32>,
    /// With variations, the (line, column) of each move inside a variation that reached a
    /// match, in the text's order.
    pub variation_matches: Option<Vec<(usize, usize)>>,
}

impl Game {
    pub fn new(record: GameRecord, file: String, settings: &Settings) -> Game {
        Game {
            record,
            file,
            options: settings.options,
            lints: settings.lints,
            home: None,
            found: None,
        }
    }

    /// The game with what a query found in it.
    pub fn with_found(mut self, found: Option<Found>) -> Game {
        self.found = found;
        self
    }

    /// A game whose record was made on the reading thread `home`, which will free it.
    pub fn from_home(record: GameRecord, file: String, settings: &Settings, home: Home) -> Game {
        let mut game = Game::new(record, file, settings);
        game.home = Some(home);
        game
    }

    fn chess960(&self) -> bool {
        let start = self.record.report().start_position;
        start.is_some_and(|p| p.is_chess960())
    }

    /// The comments after each mainline move.
    fn comment_texts(&self) -> Vec<String> {
        (self.record.mainline())
            .map(|(index, _)| self.record.comment(index))
            .collect()
    }
}

impl Drop for Game {
    fn drop(&mut self) {
        if let Some(home) = self.home.take() {
            home.give_back(std::mem::take(&mut self.record));
        }
    }
}

#[pymethods]
impl Game {
    /// 0-based index of the game in its input.
    #[getter]
    fn index(&self) -> usize {
        self.record.report().index
    }

    /// The input's name (a path, `<bytes>` or a file object's name).
    #[getter]
    fn file(&self) -> &str {
        &self.file
    }

    /// 1-based line where the game starts in its input.
    #[getter]
    fn line(&self) -> usize {
        self.record.report().line
    }

    /// The tag pairs, in order (a repeated name keeps its first place and its last value).
    #[getter]
    fn tags<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let tags = PyDict::new(py);
        for (name, value) in self.record.report().tags.iter() {
            tags.set_item(name, value)?;
        }
        Ok(tags)
    }

    /// Mainline half-moves played before the first mainline error (all when there is none).
    #[getter]
    fn plies(&self) -> usize {
        self.record.report().plies
    }

    /// The position after those plies; `None` when the start position cannot be read.
    #[getter]
    fn final_fen(&self) -> Option<String> {
        self.record.report().final_position.map(|p| p.fen())
    }

    /// `checkmate`, `stalemate`, `insufficient_material`, `fifty_moves`, `threefold`,
    /// `ongoing`, `unsupported` (a variant jaque does not play), or `None` (a bad start).
    #[getter]
    fn status(&self) -> Option<&'static str> {
        self.record.report().status_code()
    }

    /// The opening, as lichess names it: `{"eco", "name", "ply"}` (the deepest mainline
    /// position after ply 0 that a line of lichess's set ends in, and its ply), or `None`.
    #[getter]
    fn opening<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyDict>>> {
        let Some(classified) = self.record.opening() else {
            return Ok(None);
        };
        let opening = PyDict::new(py);
        opening.set_item("eco", classified.opening.eco)?;
        opening.set_item("name", classified.opening.name)?;
        opening.set_item("ply", classified.ply)?;
        Ok(Some(opening))
    }

    /// With a query (`jaque.query`, `select(query=…)`), the mainline plies whose position
    /// matched, ascending (0: the start); `None` for a game read without one.
    #[getter]
    fn matches(&self) -> Option<Vec<u32>> {
        self.found.as_ref().map(|found| found.matches.clone())
    }

    /// With a query and `variations=True`, the `(line, column)` of each move inside a
    /// variation that reached a matching position, in the text's order; else `None`.
    #[getter]
    fn variation_matches(&self) -> Option<Vec<(usize, usize)>> {
        (self.found.as_ref()).and_then(|found| found.variation_matches.clone())
    }

    /// The `Result` tag, or where it is missing or `*`, the termination marker.
    #[getter]
    fn result(&self) -> Option<&str> {
        self.record.result()
    }

    /// The mainline moves played, in export SAN (`--` for a null move).
    #[getter]
    fn san(&self) -> Vec<String> {
        (self.record.mainline())
            .map(|(_, m)| m.san.to_string())
            .collect()
    }

    /// The same moves in UCI (`0000` for a null move; Chess960 castling as king takes rook).
    #[getter]
    fn uci(&self) -> Vec<String> {
        let chess960 = self.chess960();
        (self.record.mainline())
            .map(|(_, m)| match m.verdict {
                Verdict::Played(mv) => mv.uci(chess960).to_string(),
                _ => "0000".to_string(),
            })
            .collect()
    }

    /// The comment after each mainline move, braces left out, several joined by a space
    /// (`""` where there is none).
    #[getter]
    fn comments(&self) -> Vec<String> {
        self.comment_texts()
    }

    /// The NAGs of each mainline move (glyphs such as `!?` as their NAG numbers).
    #[getter]
    fn nags(&self) -> Vec<Vec<u16>> {
        // Numbers, not bytes (what PyO3 makes of a `Vec<u8>`).
        (self.record.mainline())
            .map(|(index, _)| self.record.nags(index).map(u16::from).collect())
            .collect()
    }

    /// The `[%clk]` of each mainline move in seconds, `None` where there is none.
    #[getter]
    fn clocks(&self) -> Vec<Option<f64>> {
        self.comment_texts().iter().map(|c| clock(c)).collect()
    }

    /// The `[%eval]` of each mainline move in centipawns from White's side; `None` where
    /// there is none or it is a mate (see `eval_mate`).
    #[getter]
    fn eval_cp(&self) -> Vec<Option<i32>> {
        let cp = |c: &String| eval(c).and_then(Eval::centipawns);
        self.comment_texts().iter().map(cp).collect()
    }

    /// The `[%eval #n]` of each mainline move: mate in n, negative when Black mates.
    #[getter]
    fn eval_mate(&self) -> Vec<Option<i32>> {
        let mate = |c: &String| eval(c).and_then(Eval::mate);
        self.comment_texts().iter().map(mate).collect()
    }

    /// Every problem found, in the order of the text.
    #[getter]
    fn diagnostics(&self, py: Python<'_>) -> PyResult<Vec<Diagnostic>> {
        let report = self.record.report();
        let lines = report.line_index();
        (report.diagnostics.iter())
            .map(|d| Diagnostic::new(py, d, &lines))
            .collect()
    }

    /// How many diagnostics are errors.
    #[getter]
    fn errors(&self) -> usize {
        self.record.report().count(Severity::Error)
    }

    /// How many diagnostics are warnings.
    #[getter]
    fn warnings(&self) -> usize {
        self.record.report().count(Severity::Warning)
    }

    /// The game's text as read (decoded to UTF-8).
    #[getter]
    fn text(&self) -> &str {
        self.record.text()
    }

    /// The position after `ply` mainline plies (0: the start), up to `plies`.
    ///
    /// >>> import jaque
    /// >>> game = next(jaque.read_games(b"1. e4 e5 2. Nf3 *"))
    /// >>> game.position(1).fen
    /// 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1'
    fn position(&self, ply: i64) -> PyResult<Position> {
        let start = self.record.report().start_position;
        let found = match usize::try_from(ply).ok().map(|ply| ply.checked_sub(1)) {
            None => None,
            Some(None) => start,
            Some(Some(before)) => (self.record.mainline().nth(before))
                .and_then(|(index, _)| self.record.position_after(index)),
        };
        found.map(Position::from).ok_or_else(|| {
            PyIndexError::new_err(format!(
                "no position after ply {ply}: the game has {} plies played",
                self.record.report().plies
            ))
        })
    }

    /// Pickled as its text, place and settings, and checked again when unpickled (what a
    /// checked game is, is its text): Dask and multiprocessing send it so.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyAny>)> {
        let py = slf.py();
        let game = slf.get();
        let raw = game.record.raw_game();
        let lints = PyDict::new(py);
        for code in Code::ALL {
            let level = game.lints.level(code);
            if level != Lints::default().level(code) {
                lints.set_item(code.as_str(), level.as_str())?;
            }
        }
        let lang = game.options.lang.to_string();
        let place = (raw.index, raw.offset, raw.line, raw.skipped);
        let found = (game.found.as_ref()).map(|f| (f.matches.clone(), f.variation_matches.clone()));
        let state = (
            PyBytes::new(py, &raw.bytes),
            place,
            &game.file,
            lang,
            lints,
            found,
        );
        let unpickle = py.import("jaque._jaque")?.getattr("_game")?;
        Ok((unpickle, state.into_pyobject(py)?.into_any()))
    }

    fn __repr__(&self) -> String {
        let report = self.record.report();
        let who = match (report.tag("White"), report.tag("Black")) {
            (Some(white), Some(black)) => format!(" {white} - {black}"),
            _ => String::new(),
        };
        let result = self.record.result().unwrap_or("*");
        let errors = report.count(Severity::Error);
        format!(
            "<Game {}{who} {result}, {} plies, {errors} errors>",
            report.index, report.plies
        )
    }
}

/// Where a query matched, as pickled: the plies, and the places in variations.
type PickledFound = (Vec<u32>, Option<Vec<(usize, usize)>>);

/// A pickled [`Game`] made again: its raw text checked with its settings, with what a query
/// had found in it.
#[pyfunction]
#[pyo3(signature = (bytes, place, file, lang, lints, found=None))]
pub fn _game(
    bytes: &[u8],
    place: (usize, u64, usize, u64),
    file: String,
    lang: &str,
    lints: &Bound<'_, PyDict>,
    found: Option<PickledFound>,
) -> PyResult<Game> {
    let settings = crate::settings::settings(None::<&Bound<'_, PyInt>>, lang, Some(lints))?;
    let (index, offset, line, skipped) = place;
    let raw = RawGame {
        index,
        offset,
        line,
        bytes: bytes.to_vec(),
        skipped,
    };
    let record = settings.record(&mut settings.checker(), &raw);
    let found = found.map(|(matches, variation_matches)| Found {
        matches,
        variation_matches,
    });
    Ok(Game::new(record, file, &settings).with_found(found))
}
