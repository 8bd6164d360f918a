//! A document's whole text checked off the message loop: opening a large file, or a change
//! that sends its whole text or pastes much of it, takes a while, and the server answers
//! meanwhile. The games are checked on rayon's threads ([`ide::Document::check_parallel`]);
//! a game whose text the document's last state holds is kept, not checked again.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use jaque::ide;
use lsp_types::Uri;

use super::document::{Document, file_path};

/// A text to check.
pub struct Job {
    pub uri: Uri,
    pub version: i32,
    pub text: String,
    /// Tells which check of the document this is: a result that a newer one overtook is
    /// dropped.
    pub generation: u64,
    /// The document's last state, whose games are kept where their text comes again.
    pub old: Option<ide::Document>,
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
        // A broken `jaque.toml` must not stop the editor: the default levels stand.
        let lints = super::super::lints::Flags::default()
            .lints_for(file_path(&job.uri).as_deref())
            .unwrap_or_default();
        let mut core = ide::Document::new(job.text, lints);
        if let Some(old) = &job.old {
            core.keep_checked(old);
        }
        let checked = core.check_parallel(&job.cancel);
        let document = checked.then(|| Document {
            uri: job.uri.clone(),
            version: job.version,
            core,
        });
        report(Done {
            uri: job.uri,
            generation: job.generation,
            document,
        });
    });
}
