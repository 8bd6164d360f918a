//! The keyword arguments every reading function takes: `jobs`, `lang`, `lints`.

use jaque::input::Settings;
use jaque::lint::{Level, Lints};
use jaque::pgn::Options;
use jaque::san::Lang;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// Settings from the Python arguments: `lang` one of `en`, `es`, `de`, `fr`, `nl`; `lints` a
/// mapping of codes (or `warnings`) to `allow`, `warn` or `deny`, applied in its order.
pub fn settings(
    jobs: Option<i64>,
    lang: &str,
    lints: Option<&Bound<'_, PyDict>>,
) -> PyResult<Settings> {
    let jobs = match jobs {
        None => None,
        Some(jobs) => Some(
            usize::try_from(jobs)
                .ok()
                .filter(|&jobs| jobs > 0)
                .ok_or_else(|| PyValueError::new_err("jobs must be at least 1"))?,
        ),
    };
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
