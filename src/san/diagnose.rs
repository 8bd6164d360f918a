//! From the compiler's results to [`Diagnostic`]s with spans inside the SAN text: what both
//! `jaque san` and the PGN checker show.

use super::ast::Suffix;
use super::error::{SanError, SanWarning};
use super::resolve::{Marks, Played, Resolved};
use crate::diagnostic::{Code, Diagnostic};

impl SanError {
    /// The diagnostic of a SAN move that cannot be played, `text`: at the syntax error's
    /// place, else on the whole move.
    ///
    /// ```
    /// use jaque::{Code, Position, san::{Lang, play}};
    /// let error = play(&mut Position::starting(), "Nd4", Lang::English).unwrap_err();
    /// let diagnostic = error.diagnostic("Nd4");
    /// assert_eq!(diagnostic.code, Code::IllegalMove);
    /// assert_eq!(diagnostic.message, "no white knight can reach d4");
    /// ```
    pub fn diagnostic(&self, text: &str) -> Diagnostic {
        let whole = 0..text.len();
        match self {
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
                    self.code(),
                    self.to_string(),
                    "matches several legal moves",
                    whole,
                );
                match self.help() {
                    Some(help) => diagnostic.with_help(help),
                    None => diagnostic,
                }
            }
            SanError::Illegal(_) => Diagnostic::new(
                self.code(),
                self.to_string(),
                "no legal move matches",
                whole,
            ),
        }
    }
}

impl Played {
    /// The warnings of this move, written `text`, placed on the part of the text they are
    /// about; the help names the export SAN.
    pub fn diagnostics(&self, text: &str) -> Vec<Diagnostic> {
        placed(&self.warnings, self.marks.as_deref(), text)
    }
}

impl Resolved {
    /// The warnings of this move, written `text`, as [`Played::diagnostics`] gives them.
    pub fn diagnostics(&self, text: &str) -> Vec<Diagnostic> {
        placed(&self.warnings, self.marks.as_deref(), text)
    }
}

fn placed(warnings: &[SanWarning], marks: Option<&Marks>, text: &str) -> Vec<Diagnostic> {
    let Some(marks) = marks else {
        return Vec::new();
    };
    let whole = 0..text.len();
    warnings
        .iter()
        .map(|warning| {
            let (span, label) = match warning {
                SanWarning::CheckAnnotation { correct, .. } => (
                    marks
                        .suffix
                        .map_or(text.len().saturating_sub(1)..text.len(), |s| s.range()),
                    match correct {
                        Some(Suffix::Mate) => "checkmate: write #",
                        Some(Suffix::Check) => "check: write +",
                        None => "no check here",
                    },
                ),
                SanWarning::OverDisambiguation | SanWarning::DisambiguationOrder => (
                    marks.disambiguation.map_or(whole.clone(), |s| s.range()),
                    "not needed",
                ),
                _ => (whole.clone(), "not export SAN"),
            };
            Diagnostic::new(warning.code(), warning.to_string(), label, span)
                .with_help(format!("write {}", marks.canonical))
        })
        .collect()
}
