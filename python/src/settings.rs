//! The keyword arguments every reading function takes: `jobs`, `lang`, `lints`.

use jaque::input::Settings;
use jaque::lint::{Level, Lints};
use jaque::pgn::Options;
use jaque::san::Lang;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyInt};

/// A count of at least 1 (`name` says which, for the error); one beyond any machine integer
/// is the largest (the library caps what it would cost).
fn at_least_one(count: &Bound<'_, PyInt>, name: &str) -> PyResult<usize> {
    if count.lt(1)? {
        return Err(PyValueError::new_err(format!("{name} must be at least 1")));
    }
    Ok(count.extract::<usize>().unwrap_or(usize::MAX))
}

/// Settings from the Python arguments: `lang` one of `en`, `es`, `de`, `fr`, `nl`; `lints` a
/// mapping of codes (or `warnings`) to `allow`, `warn` or `deny`, applied in its order.
pub fn settings(
    jobs: Option<&Bound<'_, PyInt>>,
    lang: &str,
    lints: Option<&Bound<'_, PyDict>>,
) -> PyResult<Settings> {
    let jobs = jobs.map(|jobs| at_least_one(jobs, "jobs")).transpose()?;
    let lang: Lang = lang
        .parse()
        .map_err(|e: jaque::san::ParseLangError| PyValueError::new_err(e.to_string()))?;
    let mut levels = Lints::default();
    let mut pairs = Vec::new();
    for (code, level) in lints.iter().flat_map(|lints| lints.iter()) {
        pairs.push((code.extract::<String>()?, level.extract::<String>()?));
    }
    // `warnings` first, so that a code named beside it wins, as `-A warnings -W code` does.
    pairs.sort_by_key(|(code, _)| code != "warnings");
    for (code, level) in pairs {
        let level: Level = level
            .parse()
            .map_err(|e: jaque::lint::LintError| PyValueError::new_err(e.to_string()))?;
        levels
            .set(&code.replace('-', "_"), level)
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
    }
    Ok(Settings {
        options: Options { lang },
        lints: levels,
        jobs,
        ..Settings::default()
    })
}
