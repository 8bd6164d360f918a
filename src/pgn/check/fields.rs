//! The fields of a placed diagnostic and of its suggestions, listed once. Every face that
//! writes a diagnostic field by field walks these lists: the contract's JSON (`jaque check
//! --json`), the games table's `diagnostics` column (Arrow, Parquet) and Python's
//! `Diagnostic` and `Suggestion`. A field added here reaches all of them; the human text,
//! the language server and the page lay a diagnostic out in their own shapes (a snippet,
//! LSP's `Diagnostic`, editor offsets) from the same [`GameDiagnostic`].

use super::placement::LineIndex;
use super::report::GameDiagnostic;
use crate::diagnostic::Suggestion;

/// A field's value in one diagnostic.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Value<'a> {
    /// Text: a message, a code, a word of a closed set.
    Text(&'a str),
    /// A count: a line, a column, a ply.
    Count(usize),
    /// An optional field that this diagnostic does not have.
    Absent,
}

/// What a field holds, for the faces with a schema (the table's columns, Python's types).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Any text.
    Text,
    /// One of these words.
    Word(&'static [&'static str]),
    /// A count from 0 (lines and columns count from 1).
    Count,
}

/// One field: its name in every face, what it holds, whether it may be absent, and `get`,
/// how to read it from an item ([`DiagnosticField`], [`SuggestionField`]).
pub struct Field<G> {
    /// The name, as the contract writes it.
    pub name: &'static str,
    /// What it holds.
    pub kind: Kind,
    /// Whether an item may lack it ([`Value::Absent`]).
    pub optional: bool,
    /// Its value in one item.
    pub get: G,
}

/// A field of a [`GameDiagnostic`].
pub type DiagnosticField = Field<for<'a> fn(&'a GameDiagnostic) -> Value<'a>>;

/// A field of a [`PlacedSuggestion`].
pub type SuggestionField = Field<for<'a, 's> fn(&'a PlacedSuggestion<'s>) -> Value<'a>>;

impl DiagnosticField {
    /// The field's value in `d`.
    pub fn value<'a>(&self, d: &'a GameDiagnostic) -> Value<'a> {
        (self.get)(d)
    }
}

impl SuggestionField {
    /// The field's value in `s`.
    pub fn value<'a>(&self, s: &'a PlacedSuggestion<'_>) -> Value<'a> {
        (self.get)(s)
    }
}

const SEVERITIES: &[&str] = &["error", "warning"];
const APPLICABILITIES: &[&str] = &["machine_applicable", "maybe_incorrect"];

/// The fields of a [`GameDiagnostic`], in the contract's order; its suggestions (a list of
/// [`SUGGESTION_FIELDS`]) follow them where a face writes them.
///
/// ```
/// use jaque::pgn::fields::{DIAGNOSTIC_FIELDS, Value};
/// use jaque::pgn::{Splitter, check_game};
/// let game = Splitter::new(&b"1. e4 e5 2. Ke3 *"[..]).next().unwrap().unwrap();
/// let report = check_game(&game, &Default::default());
/// let d = &report.diagnostics[0];
/// let fields: Vec<_> = DIAGNOSTIC_FIELDS.iter().map(|f| (f.name, f.value(d))).collect();
/// assert_eq!(fields[1], ("code", Value::Text("illegal_move")));
/// assert_eq!(fields[7], ("ply", Value::Count(3)));
/// ```
pub const DIAGNOSTIC_FIELDS: [DiagnosticField; 9] = [
    Field {
        name: "severity",
        kind: Kind::Word(SEVERITIES),
        optional: false,
        get: |d| Value::Text(d.diagnostic.severity.as_str()),
    },
    Field {
        name: "code",
        kind: Kind::Text,
        optional: false,
        get: |d| Value::Text(d.diagnostic.code.as_str()),
    },
    Field {
        name: "message",
        kind: Kind::Text,
        optional: false,
        get: |d| Value::Text(&d.diagnostic.message),
    },
    Field {
        name: "line",
        kind: Kind::Count,
        optional: false,
        get: |d| Value::Count(d.line),
    },
    Field {
        name: "column",
        kind: Kind::Count,
        optional: false,
        get: |d| Value::Count(d.column),
    },
    Field {
        name: "end_line",
        kind: Kind::Count,
        optional: false,
        get: |d| Value::Count(d.end_line),
    },
    Field {
        name: "end_column",
        kind: Kind::Count,
        optional: false,
        get: |d| Value::Count(d.end_column),
    },
    Field {
        name: "ply",
        kind: Kind::Count,
        optional: true,
        get: |d| d.ply.map_or(Value::Absent, Value::Count),
    },
    Field {
        name: "san",
        kind: Kind::Text,
        optional: true,
        get: |d| d.san.as_deref().map_or(Value::Absent, Value::Text),
    },
];

/// A suggestion with its span placed in lines and columns of the input, as the faces that
/// write [`SUGGESTION_FIELDS`] read it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlacedSuggestion<'s> {
    /// The suggestion; its span is a byte range of the game's text.
    pub suggestion: &'s Suggestion,
    /// 1-based line and column (in characters) where the span starts.
    pub line: usize,
    /// See [`PlacedSuggestion::line`].
    pub column: usize,
    /// Line and column just past the span's end.
    pub end_line: usize,
    /// See [`PlacedSuggestion::end_line`].
    pub end_column: usize,
}

impl<'s> PlacedSuggestion<'s> {
    /// Places `suggestion` with `lines`, the lines of the game it belongs to.
    pub fn new(suggestion: &'s Suggestion, lines: &LineIndex<'_>) -> PlacedSuggestion<'s> {
        let (line, column) = lines.line_column(suggestion.span.start);
        let (end_line, end_column) = lines.line_column(suggestion.span.end);
        PlacedSuggestion {
            suggestion,
            line,
            column,
            end_line,
            end_column,
        }
    }
}

/// The fields of a [`PlacedSuggestion`], in the contract's order.
pub const SUGGESTION_FIELDS: [SuggestionField; 6] = [
    Field {
        name: "line",
        kind: Kind::Count,
        optional: false,
        get: |s| Value::Count(s.line),
    },
    Field {
        name: "column",
        kind: Kind::Count,
        optional: false,
        get: |s| Value::Count(s.column),
    },
    Field {
        name: "end_line",
        kind: Kind::Count,
        optional: false,
        get: |s| Value::Count(s.end_line),
    },
    Field {
        name: "end_column",
        kind: Kind::Count,
        optional: false,
        get: |s| Value::Count(s.end_column),
    },
    Field {
        name: "replacement",
        kind: Kind::Text,
        optional: false,
        get: |s| Value::Text(&s.suggestion.replacement),
    },
    Field {
        name: "applicability",
        kind: Kind::Word(APPLICABILITIES),
        optional: false,
        get: |s| Value::Text(s.suggestion.applicability.as_str()),
    },
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagnostic::{Applicability, Severity};

    /// The closed sets name every word the enums write.
    #[test]
    fn words_cover_every_value() {
        for severity in [Severity::Error, Severity::Warning] {
            assert!(SEVERITIES.contains(&severity.as_str()));
        }
        for a in [
            Applicability::MachineApplicable,
            Applicability::MaybeIncorrect,
        ] {
            assert!(APPLICABILITIES.contains(&a.as_str()));
        }
    }

    /// Every optional field is absent somewhere and every required one never is.
    #[test]
    fn absent_only_where_optional() {
        let text = "[Event \"?\"]\n\n1. e4 e5 2. Ke3 Nf6 3. Qh5 Nxh5 *";
        let Some(Ok(game)) = crate::pgn::Splitter::new(text.as_bytes()).next() else {
            panic!("no game cut from {text:?}");
        };
        let report = crate::pgn::check_game(&game, &Default::default());
        assert!(report.diagnostics.len() >= 2, "{:?}", report.diagnostics);
        for field in &DIAGNOSTIC_FIELDS {
            let absent = (report.diagnostics.iter()).any(|d| field.value(d) == Value::Absent);
            assert_eq!(absent, field.optional, "{}", field.name);
        }
    }
}
