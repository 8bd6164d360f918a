//! A query file (`.chq`) among `jaque check`'s inputs: the query compiler's diagnostics,
//! shown as a game's are (rustc-style, or a JSON object whose diagnostics are a game's), and
//! counted in the same totals, so that a query with an error fails the check as a game does.

use std::path::Path;

use jaque::Severity;
use jaque::json::Escaped;

use super::Totals;
use super::batch::line_of;
use crate::cli::input::Input;
use crate::cli::render::{Report, render};

/// Whether `input` is a query file, by its extension.
pub fn is_query(input: &Input) -> bool {
    input.path().is_some_and(has_query_extension)
}

/// Whether `path` ends with the query files' extension.
pub fn has_query_extension(path: &Path) -> bool {
    (path.extension()).is_some_and(|e| e.eq_ignore_ascii_case(jaque::query::EXTENSION))
}

/// Checks the query file `input`, the `index`th of the run, writing its diagnostics to
/// `out`: JSON when `json`, else for a terminal when `color`. `Err`: it cannot be read.
pub fn check(
    input: &Input,
    index: usize,
    (json, color): (bool, bool),
    out: &mut Vec<u8>,
    totals: &mut Totals,
) -> std::io::Result<()> {
    let text = std::fs::read_to_string(input.path().unwrap_or(Path::new("")))?;
    let diagnostics = jaque::query::diagnostics(&text);
    totals.files += 1;
    for d in &diagnostics {
        match d.diagnostic.severity {
            Severity::Error => totals.errors += 1,
            Severity::Warning => totals.warnings += 1,
        }
    }
    if json {
        jaque::json::query_file(out, &Escaped::new(input.name()), index, &text, &diagnostics);
        out.push(b'\n');
        return Ok(());
    }
    for d in &diagnostics {
        let (source, span) = line_of(&text, &d.diagnostic.span);
        let report = Report {
            severity: d.diagnostic.severity,
            code: d.diagnostic.code,
            message: d.diagnostic.message.as_str().into(),
            origin: input.name(),
            source,
            line: d.line,
            span,
            label: &d.diagnostic.label,
            help: d.diagnostic.help.as_deref(),
            note: None,
        };
        out.extend_from_slice(render(&report, color).as_bytes());
        out.extend_from_slice(b"\n\n");
    }
    Ok(())
}
