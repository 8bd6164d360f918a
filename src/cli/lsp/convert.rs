//! jaque's diagnostics and suggestions as LSP types: byte spans of a game become UTF-16
//! ranges of the document.

use std::collections::HashMap;

use jaque::pgn::{GameDiagnostic, GameRecord, LineIndex};
use jaque::{Applicability, Severity, Suggestion};
use lsp_types::{
    CodeAction, CodeActionKind, Diagnostic, DiagnosticRelatedInformation, DiagnosticSeverity,
    Location, NumberOrString, TextEdit, Uri, WorkspaceEdit,
};

use super::document::{Game, range};

/// The diagnostics of a game's record, placed as if the game began the document.
pub fn game_diagnostics(uri: &Uri, record: &GameRecord) -> Vec<Diagnostic> {
    let index = LineIndex::new(record.text(), 1);
    let report = record.report();
    let mut out: Vec<Diagnostic> = (report.diagnostics.iter())
        .map(|d| diagnostic(&index, uri, 0, d))
        .collect();
    if report.more_diagnostics > 0 {
        // What `jaque check` says after the diagnostics it shows: the rest are cut.
        let errors = report.hidden(jaque::Severity::Error) > 0;
        out.push(Diagnostic {
            severity: Some(match errors {
                true => DiagnosticSeverity::ERROR,
                false => DiagnosticSeverity::WARNING,
            }),
            source: Some("jaque".into()),
            message: format!(
                "{} more problems in this game not shown",
                report.more_diagnostics
            ),
            ..Diagnostic::default()
        });
    }
    out
}

/// One diagnostic of the game at byte `offset`: its code, severity, message (and help), range; a maybe-incorrect
/// suggestion (a candidate of an ambiguous move) is related information.
pub fn diagnostic(
    index: &LineIndex<'_>,
    uri: &Uri,
    offset: usize,
    d: &GameDiagnostic,
) -> Diagnostic {
    let inner = &d.diagnostic;
    let shift = |span: &std::ops::Range<usize>| offset + span.start..offset + span.end;
    let mut message = inner.message.clone();
    if let Some(help) = &inner.help {
        message = format!("{message}\nhelp: {help}");
    }
    let related: Vec<DiagnosticRelatedInformation> = inner
        .suggestions
        .iter()
        .filter(|s| s.applicability == Applicability::MaybeIncorrect)
        .map(|s| DiagnosticRelatedInformation {
            location: Location::new(uri.clone(), range(index, shift(&s.span))),
            message: format!("candidate: {}", s.replacement),
        })
        .collect();
    Diagnostic {
        range: range(index, shift(&inner.span)),
        severity: Some(match inner.severity {
            Severity::Error => DiagnosticSeverity::ERROR,
            Severity::Warning => DiagnosticSeverity::WARNING,
        }),
        code: Some(NumberOrString::String(inner.code.as_str().to_string())),
        source: Some("jaque".into()),
        message,
        related_information: (!related.is_empty()).then_some(related),
        ..Diagnostic::default()
    }
}

/// A quick fix applying one suggestion of `diagnostic`; the machine-applicable one is
/// preferred (what `jaque fix` would write).
pub fn quick_fix(
    index: &LineIndex<'_>,
    uri: &Uri,
    game: &Game,
    suggestion: &Suggestion,
    diagnostic: Diagnostic,
) -> CodeAction {
    let span = game.offset + suggestion.span.start..game.offset + suggestion.span.end;
    let title = if suggestion.replacement.is_empty() {
        "Remove it".to_string()
    } else if span.is_empty() {
        format!("Insert `{}`", suggestion.replacement)
    } else {
        format!("Write `{}`", suggestion.replacement)
    };
    let edit = TextEdit::new(range(index, span), suggestion.replacement.clone());
    CodeAction {
        title,
        kind: Some(CodeActionKind::QUICKFIX),
        diagnostics: Some(vec![diagnostic]),
        edit: Some(workspace_edit(uri, vec![edit])),
        is_preferred: Some(suggestion.applicability == Applicability::MachineApplicable),
        ..CodeAction::default()
    }
}

/// Edits to one document.
pub fn workspace_edit(uri: &Uri, edits: Vec<TextEdit>) -> WorkspaceEdit {
    WorkspaceEdit {
        changes: Some(HashMap::from([(uri.clone(), edits)])),
        ..WorkspaceEdit::default()
    }
}
