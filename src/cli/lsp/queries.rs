//! The query files (`.chq`) open in the editor: each an [`ide::QueryDocument`], made again
//! from the whole text on every change, on the loop (a query is a few lines), its
//! diagnostics published at once; completion offers the language's words and forms. The
//! requests about games (hover, symbols, formatting, …) get empty answers for a query.

use std::collections::HashMap;

use jaque::ide::QueryDocument;
use jaque::query::FormKind;
use lsp_types::{
    CompletionItem, CompletionItemKind, Position, TextDocumentContentChangeEvent, Uri,
};

use super::publish;
use super::sync::apply_to_text;

/// The open query files.
#[derive(Default)]
pub struct Queries {
    open: HashMap<Uri, (i32, QueryDocument)>,
}

impl Queries {
    /// Whether a document opened is a query file: its language or its extension says so.
    pub fn is_query(language_id: &str, uri: &Uri) -> bool {
        let extension = format!(".{}", jaque::query::EXTENSION);
        language_id == jaque::query::EXTENSION || uri.as_str().ends_with(&extension)
    }

    /// Whether `uri` is an open query file.
    pub fn holds(&self, uri: &Uri) -> bool {
        self.open.contains_key(uri)
    }

    /// A query file opened: its diagnostics.
    pub fn open(&mut self, uri: Uri, version: i32, text: String) -> Vec<String> {
        let document = QueryDocument::new(text);
        let published = published(&uri, version, &document);
        self.open.insert(uri, (version, document));
        vec![published]
    }

    /// Changes to a query file, in order: its diagnostics.
    pub fn change(
        &mut self,
        uri: Uri,
        version: i32,
        changes: &[TextDocumentContentChangeEvent],
    ) -> Vec<String> {
        let Some((_, document)) = self.open.remove(&uri) else {
            return Vec::new();
        };
        let mut text = document.text().to_string();
        apply_to_text(&mut text, changes);
        self.open(uri, version, text)
    }

    /// A query file closed: its diagnostics cleared.
    pub fn close(&mut self, uri: &Uri) -> Vec<String> {
        self.open.remove(uri);
        vec![publish::notification(uri, None, None)]
    }

    /// The answer to a request about an open query file, as JSON text: completion's items,
    /// else an empty answer of the kind the method expects.
    pub fn answer(&self, uri: &Uri, method: &str, position: Option<Position>) -> String {
        match (method, self.open.get(uri), position) {
            ("textDocument/completion", Some((_, document)), Some(at)) => {
                let offset = document.offset_of(at.line as usize, at.character as usize);
                let items: Vec<CompletionItem> = (document.completion(offset).into_iter())
                    .map(|form| CompletionItem {
                        label: form.label.into(),
                        kind: Some(match form.kind {
                            FormKind::Keyword => CompletionItemKind::KEYWORD,
                            FormKind::Piece => CompletionItemKind::CONSTANT,
                            FormKind::Name => CompletionItemKind::VARIABLE,
                        }),
                        detail: Some(form.detail.into()),
                        insert_text: Some(form.insert.into()),
                        ..CompletionItem::default()
                    })
                    .collect();
                serde_json::to_string(&items).unwrap_or_else(|_| "[]".into())
            }
            ("textDocument/hover" | "textDocument/definition", ..) => "null".into(),
            _ => "[]".into(),
        }
    }
}

/// The diagnostics of a query file, as a notification.
fn published(uri: &Uri, version: i32, document: &QueryDocument) -> String {
    publish::notification_of(uri, Some(version), |out, uri| {
        jaque::json::diagnostic::lsp_query(out, document, uri);
    })
}
