//! The editor core's answers as `lsp_types` values, where a request's answer is one.

use std::collections::HashMap;

use jaque::Applicability;
use jaque::ide::{Placed, Where};
use lsp_types::{
    CodeAction, CodeActionKind, Diagnostic, Position, Range, TextEdit, Uri, WorkspaceEdit,
};

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
    // Each suggestion's places were counted once, when its game was checked: counting them
    // again from the game's start, a suggestion at a time, read a long game once for each.
    (placed.suggestions())
        .map(|(suggestion, span, from, to)| {
            let title = if suggestion.replacement.is_empty() {
                "Remove it".to_string()
            } else if span.is_empty() {
                format!("Insert `{}`", suggestion.replacement)
            } else {
                format!("Write `{}`", suggestion.replacement)
            };
            let range = Range::new(position(from), position(to));
            let edit = TextEdit::new(range, suggestion.replacement.clone());
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

/// A place as LSP has it: its line and UTF-16 character.
fn position(at: Where) -> Position {
    let number = |n: usize| u32::try_from(n).unwrap_or(u32::MAX);
    Position::new(number(at.line), number(at.character))
}

/// Edits to one document.
pub fn workspace_edit(uri: &Uri, edits: Vec<TextEdit>) -> WorkspaceEdit {
    WorkspaceEdit {
        changes: Some(HashMap::from([(uri.clone(), edits)])),
        ..WorkspaceEdit::default()
    }
}
