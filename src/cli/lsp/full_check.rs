//! A document's whole text checked off the message loop: opening a large file, or a change
//! that sends its whole text or pastes much of it, takes a while, and the server answers
//! meanwhile. The games are checked on rayon's threads; a game whose text the document's
//! last state holds is kept, not checked again.

use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use jaque::pgn::{Checker, Options, RawGame, Splitter};
use lsp_types::Uri;
use rayon::prelude::*;

use super::document::{Checked, Document, Game, file_path};

/// A text to check.
pub struct Job {
    pub uri: Uri,
    pub version: i32,
    pub text: String,
    /// Tells which check of the document this is: a result that a newer one overtook is
    /// dropped.
    pub generation: u64,
    /// The games of the document's last state, kept where their text comes again.
    pub old: Vec<Arc<Checked>>,
    /// Set when a newer check overtakes this one: it stops early.
    pub cancel: Arc<AtomicBool>,
}

/// A job done: the document checked, `None` when it was cancelled.
pub struct Done {
    pub uri: Uri,
    pub generation: u64,
    pub document: Option<Document>,
}

/// Checks `job` on rayon's threads and hands the result to `report`.
pub fn spawn(job: Job, report: impl FnOnce(Done) + Send + 'static) {
    rayon::spawn(move || {
        let Job {
            uri,
            version,
            text,
            generation,
            old,
            cancel,
        } = job;
        let document = check(uri.clone(), version, text, &old, &cancel);
        report(Done {
            uri,
            generation,
            document,
        });
    });
}

/// The document of `text`: cut into games, each kept from `old` or checked, in parallel.
fn check(
    uri: Uri,
    version: i32,
    text: String,
    old: &[Arc<Checked>],
    cancel: &AtomicBool,
) -> Option<Document> {
    // A broken `jaque.toml` must not stop the editor: the default levels stand.
    let lints = super::super::lints::Flags::default()
        .lints_for(file_path(&uri).as_deref())
        .unwrap_or_default();
    let mut by_text: HashMap<&str, Vec<&Arc<Checked>>> = HashMap::new();
    for checked in old {
        by_text
            .entry(checked.record.text())
            .or_default()
            .push(checked);
    }
    let raws: Vec<RawGame> = Splitter::new(text.as_bytes())
        .map_while(Result::ok)
        .collect();
    let kept: Vec<Option<Arc<Checked>>> = (raws.iter())
        .map(|raw| {
            let text = std::str::from_utf8(&raw.bytes).ok();
            let found = text
                .filter(|_| raw.skipped == 0)
                .and_then(|t| by_text.get_mut(t));
            found.and_then(Vec::pop).cloned()
        })
        .collect();
    let games = (raws.par_iter().zip(kept))
        .map_init(
            || Checker::new(Options::default()),
            |checker, (raw, kept)| {
                if cancel.load(Ordering::Relaxed) {
                    return None;
                }
                let checked =
                    kept.unwrap_or_else(|| Arc::new(Checked::new(checker, raw, lints, &uri)));
                let offset = usize::try_from(raw.offset).unwrap_or(usize::MAX);
                Some(Game::new(offset, checked))
            },
        )
        .collect::<Option<Vec<Game>>>()?;
    Some(Document {
        uri,
        version,
        text,
        lints,
        games,
    })
}
