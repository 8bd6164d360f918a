//! Diagnostics rendered like rustc's, with annotate-snippets (colours on a terminal).

use std::ops::Range;

use annotate_snippets::{AnnotationKind, Level, Renderer, Snippet};
use jaque::{Code, Severity};

/// One diagnostic about one line of input.
pub struct Report<'a> {
    pub severity: Severity,
    pub code: Code,
    pub message: String,
    /// Where the line comes from (`games.pgn`, `argument 2`).
    pub origin: &'a str,
    /// The line of input, as read.
    pub source: &'a str,
    /// Its 1-based line number.
    pub line: usize,
    /// The byte range in `source` to underline.
    pub span: Range<usize>,
    /// The underline's label.
    pub label: String,
    /// A suggestion, if any.
    pub help: Option<String>,
    /// Where it is, beyond file and line (which game), if anything.
    pub note: Option<String>,
}

/// Renders `report`; `color` for a terminal.
pub fn render(report: &Report<'_>, color: bool) -> String {
    let level = match report.severity {
        Severity::Error => Level::ERROR,
        Severity::Warning => Level::WARNING,
    };
    let end = report.span.end.min(report.source.len());
    let start = report.span.start.min(end);
    let snippet = Snippet::source(report.source)
        .line_start(report.line)
        .path(report.origin)
        .annotation(
            AnnotationKind::Primary
                .span(start..end)
                .label(report.label.as_str()),
        );
    let mut group = level
        .primary_title(report.message.as_str())
        .id(report.code.as_str())
        .element(snippet);
    if let Some(note) = &report.note {
        group = group.element(Level::NOTE.message(note.as_str()));
    }
    if let Some(help) = &report.help {
        group = group.element(Level::HELP.message(help.as_str()));
    }
    let renderer = if color {
        Renderer::styled()
    } else {
        Renderer::plain()
    };
    renderer.render(&[group]).to_string()
}
