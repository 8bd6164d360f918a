//! From the compiler's results to [`Diagnostic`]s with spans inside the SAN text: what both
//! `jaque san` and the PGN checker show.

use super::ast::San;
use super::lang::Lang;
use super::parser::parse;
use super::resolve::{Played, SanError, SanWarning, play};
use super::writer::to_san;
use crate::diagnostic::{Code, Diagnostic};
use crate::position::Position;

/// One SAN move checked and, if legal, played.
#[derive(Clone, Debug)]
pub struct Checked {
    /// The move played, when there is one legal move.
    pub played: Option<Played>,
    /// Errors (then `played` is `None`) or warnings, with spans inside the text.
    pub diagnostics: Vec<Diagnostic>,
}

/// Parses, resolves and plays `text` on `position` (unchanged on an error), with every
/// problem as a [`Diagnostic`].
///
/// ```
/// use jaque::{Code, Position, san::{Lang, check_text}};
/// let mut position = Position::starting();
/// let checked = check_text(&mut position, "Nd4", Lang::English);
/// assert!(checked.played.is_none());
/// assert_eq!(checked.diagnostics[0].code, Code::IllegalMove);
/// assert_eq!(checked.diagnostics[0].message, "no white knight can reach d4");
/// ```
pub fn check_text(position: &mut Position, text: &str, lang: Lang) -> Checked {
    let before = *position;
    let san = match parse(text, lang) {
        Ok(san) => san,
        Err(error) => {
            return Checked {
                played: None,
                diagnostics: vec![error_diagnostic(text, &SanError::Syntax(error))],
            };
        }
    };
    match play(position, &san) {
        Ok(played) => {
            let diagnostics = warning_diagnostics(&before, text, &san, &played);
            Checked {
                played: Some(played),
                diagnostics,
            }
        }
        Err(error) => Checked {
            played: None,
            diagnostics: vec![error_diagnostic(text, &error)],
        },
    }
}

/// The diagnostic of a SAN move that cannot be played: the syntax error's place, else the
/// whole move.
pub fn error_diagnostic(text: &str, error: &SanError) -> Diagnostic {
    let whole = 0..text.len();
    match error {
        SanError::Syntax(syntax) => {
            let span = syntax.span.range();
            let span = span.start..span.end.max(span.start + 1);
            Diagnostic::new(
                Code::Syntax,
                format!("not a SAN move: {}", syntax.expectation()),
                format!("expected {}", syntax.expected),
                span,
            )
        }
        SanError::Ambiguous { .. } => {
            let diagnostic = Diagnostic::new(
                error.code(),
                error.to_string(),
                "matches several legal moves",
                whole,
            );
            match error.help() {
                Some(help) => diagnostic.with_help(help),
                None => diagnostic,
            }
        }
        SanError::Illegal(_) => Diagnostic::new(
            error.code(),
            error.to_string(),
            "no legal move matches",
            whole,
        ),
    }
}

/// The warnings of a move that was played from `before`, placed on the part of the text
/// they are about; the help names the export SAN.
pub fn warning_diagnostics(
    before: &Position,
    text: &str,
    san: &San,
    played: &Played,
) -> Vec<Diagnostic> {
    if played.warnings.is_empty() {
        return Vec::new();
    }
    let whole = 0..text.len();
    let canonical = to_san(before, played.mv);
    played
        .warnings
        .iter()
        .map(|warning| {
            let (span, label) = match warning {
                SanWarning::CheckAnnotation { correct, .. } => (
                    san.suffix_span
                        .map_or(text.len().saturating_sub(1)..text.len(), |s| s.range()),
                    match correct {
                        Some(super::Suffix::Mate) => "checkmate: write #",
                        Some(super::Suffix::Check) => "check: write +",
                        None => "no check here",
                    },
                ),
                SanWarning::OverDisambiguation | SanWarning::DisambiguationOrder => (
                    san.disambiguation_span.map_or(whole.clone(), |s| s.range()),
                    "not needed",
                ),
                _ => (whole.clone(), "not export SAN"),
            };
            Diagnostic::new(warning.code(), warning.to_string(), label, span)
                .with_help(format!("write {canonical}"))
        })
        .collect()
}

/// [`warning_diagnostics`] for a move played from `before` by [`super::play_text`]: parses
/// the text again for the spans (only moves with warnings pay for it).
pub fn warnings_of_text(
    before: &Position,
    text: &str,
    lang: Lang,
    played: &Played,
) -> Vec<Diagnostic> {
    if played.warnings.is_empty() {
        return Vec::new();
    }
    match parse(text, lang) {
        Ok(san) => warning_diagnostics(before, text, &san, played),
        Err(_) => Vec::new(),
    }
}
