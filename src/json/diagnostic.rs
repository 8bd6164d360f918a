//! A placed diagnostic in each JSON form it is read in: the contract's (`jaque check
//! --json`), the Language Server Protocol's (`jaque lsp`) and the playground page's. One
//! module, so that a field added to a diagnostic is written here, once for every face.

use super::{Array, Object, ToJson};
use crate::pgn::fields::{DIAGNOSTIC_FIELDS, PlacedSuggestion, SUGGESTION_FIELDS, Value};
use crate::pgn::{GameDiagnostic, LineIndex};

/// Writes a diagnostic of `report` as the contract's object: the fields of
/// [`DIAGNOSTIC_FIELDS`], then `suggestions`, each the fields of [`SUGGESTION_FIELDS`];
/// `lines`, the lines of `text` (a game's, whose first line is `first_line` of its file),
/// indexed the first time a suggestion is to be placed.
pub fn contract<'r>(
    out: &mut Vec<u8>,
    d: &GameDiagnostic,
    (text, first_line): (&'r str, usize),
    lines: &mut Option<LineIndex<'r>>,
) {
    let mut diagnostic = Object::open(out);
    for field in &DIAGNOSTIC_FIELDS {
        diagnostic.field(field.name, field.value(d));
    }
    let mut suggestions = Array::open(diagnostic.key("suggestions"));
    for s in &d.diagnostic.suggestions {
        let lines = lines.get_or_insert_with(|| LineIndex::new(text, first_line));
        let placed = PlacedSuggestion::new(s, lines);
        let mut object = Object::open(suggestions.item());
        for field in &SUGGESTION_FIELDS {
            object.field(field.name, field.value(&placed));
        }
        object.close();
    }
    suggestions.close();
    diagnostic.close();
}

impl ToJson for Value<'_> {
    fn write_json(&self, out: &mut Vec<u8>) {
        match *self {
            Value::Text(text) => text.write_json(out),
            Value::Count(n) => n.write_json(out),
            Value::Absent => out.extend_from_slice(b"null"),
        }
    }
}

#[cfg(feature = "ide")]
pub use editor::{lsp, lsp_diagnostic, lsp_query, page, page_placed};

#[cfg(feature = "ide")]
mod editor {
    use super::{Array, Object};
    use crate::ide::{Document, Placed, QueryDocument, Where};
    use crate::{Applicability, Severity};

    /// The diagnostics of a document's games checked as the playground page reads them: an
    /// array of `{"from", "to", "line", "column", "severity", "code", "message", "help",
    /// "suggestions": [{"from", "to", "replacement", "applicability"}]}` (`help` or `null`), `from` and `to` in
    /// UTF-16 units of the text (JavaScript's string offsets), line and column as compilers
    /// print them.
    ///
    /// ```
    /// let mut document = jaque::ide::Document::new("1. e4 *\n\n1. Ke2 *\n".into(), Default::default());
    /// document.check_all();
    /// let mut out = Vec::new();
    /// jaque::json::diagnostic::page(&mut out, &document);
    /// assert!(out.starts_with(br#"[{"from":12,"to":15,"line":3,"column":4,"severity":"error""#));
    /// ```
    pub fn page(out: &mut Vec<u8>, document: &Document) {
        page_placed(out, document.diagnostics());
    }

    /// Placed diagnostics (a query document's, say) as [`page`] writes a document's.
    pub fn page_placed<'a>(out: &mut Vec<u8>, diagnostics: impl Iterator<Item = Placed<'a>>) {
        let mut array = Array::open(out);
        for placed in diagnostics {
            let d = &placed.diagnostic.diagnostic;
            let mut object = Object::open(array.item());
            object.field("from", placed.from.units);
            object.field("to", placed.to.units);
            object.field("line", placed.line);
            object.field("column", placed.column);
            object.field("severity", d.severity.as_str());
            object.field("code", d.code.as_str());
            object.field("message", &d.message);
            object.field("help", d.help.as_deref());
            let mut fixes = Array::open(object.key("suggestions"));
            for (s, _, from, to) in placed.suggestions() {
                let mut fix = Object::open(fixes.item());
                fix.field("from", from.units);
                fix.field("to", to.units);
                fix.field("replacement", &s.replacement);
                fix.field("applicability", s.applicability.as_str());
                fix.close();
            }
            fixes.close();
            object.close();
        }
        array.close();
    }

    /// The diagnostics of a document's games checked as LSP's `Diagnostic` objects, an
    /// array, written as `lsp_types` and serde_json write them (fields in their order):
    /// code, severity, `jaque` as the source, the message with its help, a maybe-incorrect
    /// suggestion (a candidate of an ambiguous move) as related information in `uri` (a
    /// JSON string). A game with diagnostics past the limit gets one more, at its start,
    /// that says how many.
    pub fn lsp(out: &mut Vec<u8>, document: &Document, uri: &[u8]) {
        let mut array = Array::open(out);
        for (game, start) in document.starts() {
            for placed in game.placed(start) {
                lsp_diagnostic(array.item(), &placed, uri);
            }
            let Some(report) = game.report() else {
                continue;
            };
            if report.more_diagnostics > 0 {
                let errors = report.hidden(Severity::Error) > 0;
                let mut object = Object::open(array.item());
                range(object.key("range"), start.at, start.at);
                object.field("severity", if errors { 1_usize } else { 2 });
                object.field("source", "jaque");
                let n = report.more_diagnostics;
                let message = format!("{n} more problems in this game not shown");
                object.field("message", &message);
                object.close();
            }
        }
        array.close();
    }

    /// The diagnostics of a query document as LSP's, as [`lsp`] writes a document's.
    pub fn lsp_query(out: &mut Vec<u8>, document: &QueryDocument, uri: &[u8]) {
        let mut array = Array::open(out);
        for placed in document.diagnostics() {
            lsp_diagnostic(array.item(), &placed, uri);
        }
        array.close();
    }

    /// One LSP diagnostic, as [`lsp`] writes each.
    pub fn lsp_diagnostic(out: &mut Vec<u8>, placed: &Placed<'_>, uri: &[u8]) {
        let d = &placed.diagnostic.diagnostic;
        let mut object = Object::open(out);
        range(object.key("range"), placed.from, placed.to);
        object.field("severity", severity(d.severity));
        object.field("code", d.code.as_str());
        object.field("source", "jaque");
        match &d.help {
            Some(help) => object.field("message", format!("{}\nhelp: {help}", d.message)),
            None => object.field("message", &d.message),
        }
        let mut related = placed
            .suggestions()
            .filter(|(s, ..)| s.applicability == Applicability::MaybeIncorrect)
            .peekable();
        if related.peek().is_some() {
            let mut array = Array::open(object.key("relatedInformation"));
            for (s, _, from, to) in related {
                let mut info = Object::open(array.item());
                let mut location = Object::open(info.key("location"));
                location.key("uri").extend_from_slice(uri);
                range(location.key("range"), from, to);
                location.close();
                info.field("message", format!("candidate: {}", s.replacement));
                info.close();
            }
            array.close();
        }
        object.close();
    }

    fn severity(severity: Severity) -> usize {
        match severity {
            Severity::Error => 1,
            Severity::Warning => 2,
        }
    }

    /// `{"start": {"line", "character"}, "end": ...}`.
    fn range(out: &mut Vec<u8>, from: Where, to: Where) {
        let mut object = Object::open(out);
        for (key, at) in [("start", from), ("end", to)] {
            let mut position = Object::open(object.key(key));
            position.field("line", at.line);
            position.field("character", at.character);
            position.close();
        }
        object.close();
    }
}

/// The LSP form against `lsp_types` serialised by serde_json: the oracle.
#[cfg(all(test, feature = "cli"))]
mod tests {
    use crate::ide;
    use crate::lint::Lints;
    use crate::pgn::LineIndex;
    use crate::{Applicability, Severity};
    use lsp_types::{
        Diagnostic, DiagnosticRelatedInformation, DiagnosticSeverity, Location, NumberOrString,
        Position, Range, Uri,
    };
    use serde_json::Value;

    fn uri() -> Uri {
        "file:///tmp/a%20b/g.pgn".parse().unwrap()
    }

    /// The diagnostics as `lsp_types` values, placed by a [`LineIndex`] of the whole text:
    /// the oracle, serialised by serde_json.
    fn expected(document: &ide::Document) -> Vec<Diagnostic> {
        let text = document.text();
        let lines = LineIndex::new(text, 1);
        let at = |offset| {
            let (line, character) = lines.utf16_position(offset);
            Position::new(line as u32, character as u32)
        };
        let range = |start, end| Range::new(at(start), at(end));
        let mut all = Vec::new();
        for game in document.games() {
            let Some(report) = game.report() else {
                continue;
            };
            let o = game.offset();
            for d in &report.diagnostics {
                let inner = &d.diagnostic;
                let related: Vec<_> = (inner.suggestions.iter())
                    .filter(|s| s.applicability == Applicability::MaybeIncorrect)
                    .map(|s| DiagnosticRelatedInformation {
                        location: Location::new(uri(), range(o + s.span.start, o + s.span.end)),
                        message: format!("candidate: {}", s.replacement),
                    })
                    .collect();
                let message = match &inner.help {
                    Some(help) => format!("{}\nhelp: {help}", inner.message),
                    None => inner.message.clone(),
                };
                all.push(Diagnostic {
                    range: range(o + inner.span.start, o + inner.span.end),
                    severity: Some(match inner.severity {
                        Severity::Error => DiagnosticSeverity::ERROR,
                        Severity::Warning => DiagnosticSeverity::WARNING,
                    }),
                    code: Some(NumberOrString::String(inner.code.as_str().into())),
                    source: Some("jaque".into()),
                    message,
                    related_information: (!related.is_empty()).then_some(related),
                    ..Diagnostic::default()
                });
            }
            if report.more_diagnostics > 0 {
                all.push(Diagnostic {
                    range: range(o, o),
                    severity: Some(match report.hidden(Severity::Error) {
                        0 => DiagnosticSeverity::WARNING,
                        _ => DiagnosticSeverity::ERROR,
                    }),
                    source: Some("jaque".into()),
                    message: format!(
                        "{} more problems in this game not shown",
                        report.more_diagnostics
                    ),
                    ..Diagnostic::default()
                });
            }
        }
        all
    }

    /// Diagnostics with every field jaque sets: missing tags, an ambiguous move with its
    /// candidates, a tag value JSON must escape, characters of two UTF-16 units, line ends
    /// of both kinds, a game past the limit of diagnostics a game keeps.
    #[test]
    fn the_lsp_form_is_what_lsp_types_and_serde_write() {
        // Long algebraic notation, a warning a move, past the limit.
        let many: String = (0..crate::pgn::MAX_DIAGNOSTICS_PER_GAME / 4 + 2)
            .map(|i| format!("{}. Ng1-f3 Ng8-f6 {}. Nf3-g1 Nf6-g8 ", 2 * i + 1, 2 * i + 2))
            .collect();
        let text = format!(
            "{{ 𝄞 }} 1. e4 *\r\n[Event \"\\\"Café\\\"\"]\n[SetUp \"1\"]\n\
             [FEN \"4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1\"]\n\n{{ 𝄞 }} 1. Nd2 *\n\n\
             [Event \"x\"]\n\n1. e4 *\n\n{many}*\n"
        );
        let mut document = ide::Document::new(text, Lints::default());
        document.check_all();
        let expected = expected(&document);
        assert!(expected.iter().any(|d| d.related_information.is_some()));
        assert!(expected.iter().any(|d| d.code.is_none()));
        let mut written = Vec::new();
        let uri_json = serde_json::to_string(&uri()).expect("a URI");
        super::lsp(&mut written, &document, uri_json.as_bytes());
        let written: Value = serde_json::from_slice(&written).expect("JSON");
        assert_eq!(written, serde_json::to_value(expected).expect("JSON"));
    }
}
