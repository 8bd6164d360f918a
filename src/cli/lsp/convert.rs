//! The editor core's answers as `lsp_types` values, where a request's answer is one.

use std::collections::HashMap;

use jaque::Applicability;
use jaque::ide::Placed;
use lsp_types::{CodeAction, CodeActionKind, Diagnostic, TextEdit, Uri, WorkspaceEdit};

use super::document::Document;

/// A placed diagnostic as LSP's, as the notification writes it.
pub fn diagnostic(document: &Document, placed: &Placed<'_>) -> Option<Diagnostic> {
    let mut json = Vec::new();
    jaque::json::diagnostic::lsp_diagnostic(&mut json, placed, document.uri_json().as_bytes());
    serde_json::from_slice(&json).ok()
}

/// The quick fixes of a diagnostic, one a suggestion; the machine-applicable one is
/// preferred (what `jaque fix` would write).
pub fn quick_fixes(document: &Document, placed: &Placed<'_>) -> Vec<CodeAction> {
    let diagnostic = diagnostic(document, placed);
    (placed.suggestions())
        .map(|(suggestion, span, _, _)| {
            let title = if suggestion.replacement.is_empty() {
                "Remove it".to_string()
            } else if span.is_empty() {
                format!("Insert `{}`", suggestion.replacement)
            } else {
                format!("Write `{}`", suggestion.replacement)
            };
            let edit = TextEdit::new(document.range(span), suggestion.replacement.clone());
            CodeAction {
                title,
                kind: Some(CodeActionKind::QUICKFIX),
                diagnostics: diagnostic.clone().map(|d| vec![d]),
                edit: Some(workspace_edit(&document.uri, vec![edit])),
                is_preferred: Some(suggestion.applicability == Applicability::MachineApplicable),
                ..CodeAction::default()
            }
        })
        .collect()
}

/// Edits to one document.
pub fn workspace_edit(uri: &Uri, edits: Vec<TextEdit>) -> WorkspaceEdit {
    WorkspaceEdit {
        changes: Some(HashMap::from([(uri.clone(), edits)])),
        ..WorkspaceEdit::default()
    }
}
