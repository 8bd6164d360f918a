//! Where diagnostics are: line and column from byte spans.

use super::report::GameDiagnostic;
use crate::diagnostic::Diagnostic;

/// Line and column for each diagnostic (sorted by start), in one pass over the text.
pub(super) fn place(
    text: &str,
    first_line: usize,
    diagnostics: Vec<(Diagnostic, Option<usize>, Option<String>)>,
) -> Vec<GameDiagnostic> {
    let mut line = first_line;
    let mut line_start = 0;
    let mut scanned = 0;
    diagnostics
        .into_iter()
        .map(|(diagnostic, ply, san)| {
            let at = diagnostic.span.start.min(text.len());
            let bytes = text.as_bytes();
            while scanned < at {
                if bytes[scanned] == b'\n' {
                    line += 1;
                    line_start = scanned + 1;
                }
                scanned += 1;
            }
            let column = text
                .get(line_start..at)
                .map_or(1, |s| s.chars().count() + 1);
            GameDiagnostic {
                diagnostic,
                line,
                column,
                ply,
                san,
            }
        })
        .collect()
}
