//! `jaque.Position`: a position, its legal moves, SAN played with jaque's reasons, perft.

use jaque::san::{Lang, SanError, resolve, to_san};
use jaque::{Position as LibPosition, Uci};
use pyo3::prelude::*;
use pyo3::types::PyType;

use crate::errors::{AmbiguousMoveError, FenError, IllegalMoveError, InvalidMoveError};

/// A chess position: pieces, side to move, castling rights, en passant, clocks. Immutable:
/// `play` gives a new one.
///
/// >>> import jaque
/// >>> start = jaque.Position()
/// >>> len(start.legal_moves()), start.perft(3)
/// (20, 8902)
/// >>> start.play("e4").play("e5").fen
/// 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2'
/// >>> start.play("Ke2")
/// Traceback (most recent call last):
/// ...
/// jaque.IllegalMoveError: e2 is occupied by a white pawn
#[pyclass(module = "jaque", frozen, eq, hash)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Position {
    inner: LibPosition,
}

impl From<LibPosition> for Position {
    fn from(inner: LibPosition) -> Position {
        Position { inner }
    }
}

#[pymethods]
impl Position {
    /// The position of `fen` (X-FEN or Shredder-FEN castling for Chess960), or the start.
    #[new]
    #[pyo3(signature = (fen=None, chess960=false))]
    fn new(fen: Option<&str>, chess960: bool) -> PyResult<Position> {
        let inner = match fen {
            None if !chess960 => LibPosition::starting(),
            None => LibPosition::from_fen_with(START, true)
                .map_err(|e| FenError::new_err(e.to_string()))?,
            Some(fen) => LibPosition::from_fen_with(fen, chess960)
                .map_err(|e| FenError::new_err(e.to_string()))?,
        };
        Ok(Position { inner })
    }

    /// The position's FEN.
    #[getter]
    fn fen(&self) -> String {
        self.inner.fen()
    }

    /// The position's 64-bit Zobrist hash: the `key` of the positions table, equal for
    /// positions equal as EPD (the clocks aside), so a dataset is asked about a FEN by it.
    ///
    /// >>> import jaque
    /// >>> a = jaque.Position().play("Nf3").play("Nf6").play("Ng1").play("Ng8")
    /// >>> a.key == jaque.Position().key, a.fen == jaque.Position().fen
    /// (True, False)
    #[getter]
    fn key(&self) -> u64 {
        self.inner.zobrist_hash()
    }

    /// `"w"` or `"b"`: the side to move.
    #[getter]
    fn turn(&self) -> &'static str {
        match self.inner.turn() {
            jaque::Color::White => "w",
            jaque::Color::Black => "b",
        }
    }

    /// Whether the side to move is in check.
    fn is_check(&self) -> bool {
        self.inner.is_check()
    }

    /// The legal moves in UCI, in jaque's generation order (`san(uci)` names one in SAN).
    fn legal_moves(&self) -> Vec<String> {
        let chess960 = self.inner.is_chess960();
        (self.inner.legal_moves().into_iter())
            .map(|mv| mv.uci(chess960).to_string())
            .collect()
    }

    /// The position after the SAN move `san` (English piece letters, or `lang`'s).
    /// Raises `InvalidMoveError` for text that is no SAN, `IllegalMoveError` with the reason
    /// when no legal move matches, `AmbiguousMoveError` when several do.
    #[pyo3(signature = (san, lang="en"))]
    fn play(&self, san: &str, lang: &str) -> PyResult<Position> {
        let lang: Lang = lang
            .parse()
            .map_err(|e: jaque::san::ParseLangError| InvalidMoveError::new_err(e.to_string()))?;
        match resolve(&self.inner, san, lang) {
            Ok(resolved) => Ok(Position::from(resolved.after)),
            Err(error @ SanError::Ambiguous { .. }) => {
                Err(AmbiguousMoveError::new_err(error.to_string()))
            }
            Err(error @ SanError::Illegal(_)) => Err(IllegalMoveError::new_err(error.to_string())),
            Err(error) => Err(InvalidMoveError::new_err(error.to_string())),
        }
    }

    /// The position after the UCI move `uci`.
    fn play_uci(&self, uci: &str) -> PyResult<Position> {
        let mv = self.legal(uci)?;
        Ok(Position::from(self.inner.play(mv)))
    }

    /// The UCI move `uci` in export SAN.
    ///
    /// >>> import jaque
    /// >>> jaque.Position().san("g1f3")
    /// 'Nf3'
    fn san(&self, uci: &str) -> PyResult<String> {
        let mv = self.legal(uci)?;
        Ok(to_san(&self.inner, mv))
    }

    /// The number of leaf nodes `depth` plies deep (the GIL released meanwhile).
    fn perft(&self, py: Python<'_>, depth: u32) -> u64 {
        let inner = self.inner;
        py.detach(move || jaque::perft::perft(&inner, depth))
    }

    fn __repr__(&self) -> String {
        match self.inner.is_chess960() {
            true => format!("Position('{}', chess960=True)", self.inner.fen()),
            false => format!("Position('{}')", self.inner.fen()),
        }
    }

    /// Pickled as its FEN and castling rules, as Dask and multiprocessing send it.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyType>, (String, bool))> {
        let inner = slf.borrow().inner;
        Ok((slf.get_type(), (inner.fen(), inner.is_chess960())))
    }

    fn __str__(&self) -> String {
        self.inner.fen()
    }
}

impl Position {
    /// The legal move `uci` names.
    fn legal(&self, uci: &str) -> PyResult<jaque::Move> {
        let parsed: Uci = uci
            .parse()
            .map_err(|e: jaque::ParseUciError| InvalidMoveError::new_err(e.to_string()))?;
        self.inner.resolve_uci(parsed).ok_or_else(|| {
            IllegalMoveError::new_err(format!(
                "illegal: {uci} is not a legal move in {}",
                self.inner.fen()
            ))
        })
    }
}

/// The standard start, for a Chess960 position without a FEN.
const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
