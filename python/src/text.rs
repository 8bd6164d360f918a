//! `check`, `fix` and `fmt` on PGN held in a string, as the commands do on files.

use std::io;

use jaque::pgn::{Fixer, Splitter, format_text, text};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::errors::read_error;
use crate::game::Game;
use crate::settings::settings;

/// Every game of `text` checked, in order, with its diagnostics.
///
/// >>> import jaque
/// >>> [d.code for d in jaque.check("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 dxc6 *")[0].diagnostics]
/// []
/// >>> [d.message for d in jaque.check("1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7 1-0")[0].diagnostics]
/// ['the move gives checkmate, but # is missing']
#[pyfunction]
#[pyo3(signature = (text, *, lang="en", lints=None))]
pub fn check(
    py: Python<'_>,
    text: &str,
    lang: &str,
    lints: Option<&Bound<'_, PyDict>>,
) -> PyResult<Vec<Game>> {
    let settings = settings(None, lang, lints)?;
    let records = py.detach(|| {
        let mut checker = settings.checker();
        let records: io::Result<Vec<_>> = (Splitter::new(text.as_bytes()))
            .map(|game| game.map(|game| settings.record(&mut checker, &game)))
            .collect();
        records
    });
    let name = "<string>".to_string();
    Ok(records
        .map_err(|error| read_error(error, &name))?
        .into_iter()
        .map(|record| Game::new(record, name.clone(), &settings))
        .collect())
}

/// `text` with the machine-applicable suggestions applied, as `jaque fix` writes a file:
/// only the suggestions' bytes change. `maybe_incorrect` applies the guesses too.
///
/// >>> import jaque
/// >>> jaque.fix("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. 0-0 *")
/// '1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O *'
#[pyfunction]
#[pyo3(signature = (text, *, lang="en", lints=None, maybe_incorrect=false))]
pub fn fix(
    py: Python<'_>,
    text: &str,
    lang: &str,
    lints: Option<&Bound<'_, PyDict>>,
    maybe_incorrect: bool,
) -> PyResult<String> {
    let settings = settings(None, lang, lints)?;
    let fixed = py.detach(|| {
        let mut fixer = Fixer::new(settings.options, settings.lints, maybe_incorrect);
        fixer.fix(text.as_bytes())
    });
    let output = fixed.map_err(not_text)?.output;
    Ok(String::from_utf8_lossy(&output).into_owned())
}

/// `text` in export format, as `jaque fmt` writes it: the Seven Tag Roster first, canonical
/// SAN, lines of at most 80 characters; a game with an error is left as it is.
///
/// >>> import jaque
/// >>> print(jaque.fmt('[White "Tal"]\n1.e4 e5 2.Nf3 *'))
/// [Event "?"]
/// [Site "?"]
/// [Date "????.??.??"]
/// [Round "?"]
/// [White "Tal"]
/// [Black "?"]
/// [Result "*"]
/// <BLANKLINE>
/// 1. e4 e5 2. Nf3 *
/// <BLANKLINE>
#[pyfunction]
#[pyo3(signature = (text, *, lang="en"))]
pub fn fmt(py: Python<'_>, text: &str, lang: &str) -> PyResult<String> {
    let settings = settings(None, lang, None)?;
    if let Some(why) = text::refused(text.as_bytes()) {
        return Err(not_text(why));
    }
    Ok(py.detach(|| format_text(text.as_bytes(), settings.options)))
}

/// The error of a string that is not text, as `read_games` raises it for bytes.
fn not_text(why: text::NotText) -> PyErr {
    read_error(io::Error::new(io::ErrorKind::InvalidData, why), "<string>")
}
