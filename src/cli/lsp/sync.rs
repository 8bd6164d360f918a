//! The open documents and their changes. A keystroke is applied and checked on the message
//! loop, game by game (`Document::edit`). A whole text (opening a document, a change that
//! sends all of it, a large paste) is checked on other threads (`full_check`) while the
//! server goes on answering: requests read the document's last state meanwhile, the
//! changes that come are kept and applied when the check lands, and a check that a newer
//! one overtook is dropped, so the diagnostics published are always the latest text's.

use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::Sender;

use lsp_server::ErrorCode;
use lsp_types::{TextDocumentContentChangeEvent as Change, Uri};

use super::document::Document;
use super::full_check::{self, Done, Job};
use super::{Event, Failure, publish};

/// Text inserted by one change beyond which it is checked as a whole text, off the loop:
/// a paste of many games would hold up the answers as long as checking them takes.
const LONG_INSERT: usize = 1 << 16;

/// The open documents.
pub struct Documents {
    open: HashMap<Uri, Open>,
    /// The last full check started: each has its number.
    generation: u64,
    /// Where full checks report when they are done.
    events: Sender<Event>,
}

/// An open document.
#[derive(Default)]
struct Open {
    /// Its last state checked; `None` until its first check lands.
    checked: Option<Document>,
    /// The full check of a newer text, under way.
    pending: Option<Pending>,
}

struct Pending {
    generation: u64,
    cancel: Arc<AtomicBool>,
    /// The version once the check lands and `changes` are applied.
    version: i32,
    /// Changes that came after the text being checked, to apply to it when it lands.
    changes: Vec<Change>,
}

impl Documents {
    pub fn new(events: Sender<Event>) -> Documents {
        Documents {
            open: HashMap::new(),
            generation: 0,
            events,
        }
    }

    /// The state of a document that requests read. While a newer text is checked that is
    /// the last state; `current` asks for one that is the latest text (an answer made of
    /// edits would corrupt another text): `ContentModified` otherwise, for the client to
    /// ask again.
    pub fn get(&self, uri: &Uri, current: bool) -> Result<&Document, Failure> {
        let Some(open) = self.open.get(uri) else {
            let why = format!("unknown document {}", uri.as_str());
            return Err((ErrorCode::InvalidParams as i32, why));
        };
        match &open.checked {
            Some(document) if !(current && open.pending.is_some()) => Ok(document),
            _ => Err((
                ErrorCode::ContentModified as i32,
                format!("{} is being checked", uri.as_str()),
            )),
        }
    }

    /// A document opened (or opened again): checked off the loop.
    pub fn open(&mut self, uri: Uri, version: i32, text: String) {
        self.start(uri, version, text);
    }

    /// A document closed: its diagnostics are cleared.
    pub fn close(&mut self, uri: Uri) -> Vec<String> {
        if let Some(open) = self.open.remove(&uri) {
            if let Some(pending) = &open.pending {
                pending.cancel.store(true, Ordering::Relaxed);
            }
            free_elsewhere(open);
        }
        vec![publish::notification(&uri, None, None)]
    }

    /// Changes to a document, in order; its diagnostics when they are known now.
    pub fn change(&mut self, uri: Uri, version: i32, mut changes: Vec<Change>) -> Vec<String> {
        let Some(open) = self.open.get_mut(&uri) else {
            return Vec::new();
        };
        // A whole text makes the changes before it moot.
        if let Some(whole) = changes.iter().rposition(|c| c.range.is_none()) {
            let rest = changes.split_off(whole + 1);
            let mut text = changes.pop().map(|c| c.text).unwrap_or_default();
            apply_to_text(&mut text, &rest);
            self.start(uri, version, text);
            return Vec::new();
        }
        if let Some(pending) = &mut open.pending {
            pending.changes.extend(changes);
            pending.version = version;
            return Vec::new();
        }
        let Some(document) = &mut open.checked else {
            return Vec::new();
        };
        if changes.iter().any(|c| c.text.len() > LONG_INSERT) {
            let mut text = document.core.text().to_string();
            apply_to_text(&mut text, &changes);
            self.start(uri, version, text);
            return Vec::new();
        }
        for change in changes {
            apply(document, change);
        }
        document.core.check_all();
        document.version = version;
        vec![published(document)]
    }

    /// A full check done: the document's new state and its diagnostics, unless a newer
    /// check overtook it or the document was closed.
    pub fn landed(&mut self, done: Done) -> Vec<String> {
        let Some(open) = self.open.get_mut(&done.uri) else {
            free_elsewhere(done.document);
            return Vec::new();
        };
        let current = open.pending.as_ref().map(|p| p.generation) == Some(done.generation);
        let document = match (current, done.document) {
            (true, Some(document)) => document,
            (_, overtaken) => {
                free_elsewhere(overtaken);
                return Vec::new();
            }
        };
        let Some(pending) = open.pending.take() else {
            return Vec::new();
        };
        free_elsewhere(open.checked.take());
        let document = open.checked.insert(document);
        if pending.changes.is_empty() {
            return vec![published(document)];
        }
        self.change(done.uri, pending.version, pending.changes)
    }

    /// Starts the full check of a document's new text; one under way is cancelled.
    fn start(&mut self, uri: Uri, version: i32, text: String) {
        self.generation += 1;
        let generation = self.generation;
        let open = self.open.entry(uri.clone()).or_default();
        if let Some(pending) = open.pending.take() {
            pending.cancel.store(true, Ordering::Relaxed);
        }
        let old = open.checked.as_ref().map(|document| document.core.clone());
        let cancel = Arc::new(AtomicBool::new(false));
        open.pending = Some(Pending {
            generation,
            cancel: Arc::clone(&cancel),
            version,
            changes: Vec::new(),
        });
        let job = Job {
            uri,
            version,
            text,
            generation,
            old,
            cancel,
        };
        let events = self.events.clone();
        full_check::spawn(job, move |done| {
            // The loop is gone when the server exits: nobody to tell.
            let _ = events.send(Event::Checked(Box::new(done)));
        });
    }
}

/// Frees a document on another thread: freeing the games of a large one takes about as
/// long as checking them.
fn free_elsewhere<T: Send + 'static>(document: T) {
    rayon::spawn(move || drop(document));
}

/// The document's diagnostics.
fn published(document: &Document) -> String {
    publish::notification(&document.uri, Some(document.version), Some(&document.core))
}

/// Applies a ranged change (clamped to the text) to a checked document, checking again the
/// games it touches. (A whole text never comes here: it is checked off the loop.)
fn apply(document: &mut Document, change: Change) {
    if let Some(range) = change.range {
        let (start, end) = (document.offset(range.start), document.offset(range.end));
        document
            .core
            .edit(start.min(end)..start.max(end), &change.text);
    }
}

/// Applies ranged changes, in order, to a text about to be checked whole.
pub(super) fn apply_to_text(text: &mut String, changes: &[Change]) {
    for change in changes {
        let Some(range) = change.range else {
            text.clone_from(&change.text);
            continue;
        };
        let lines = jaque::pgn::LineIndex::new(text, 1);
        let offset =
            |p: lsp_types::Position| lines.utf16_offset(p.line as usize, p.character as usize);
        let (start, end) = (offset(range.start), offset(range.end));
        let (start, end) = (start.min(end), start.max(end));
        if text.is_char_boundary(start) && text.is_char_boundary(end) {
            text.replace_range(start..end, &change.text);
        }
    }
}
