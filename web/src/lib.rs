//! jaque in the browser: the editor core ([`jaque::ide`]) and the library's fix and fmt, for
//! a WebAssembly module the playground page (`web/`) loads in its worker. Nothing here
//! decides anything about chess, PGN or editing: the editor's text is held as the core's
//! [`Document`], and each call converts the page's places (UTF-16 units) and writes the
//! core's answer for the page ([`answers`]).
//!
//! A text comes in as UTF-8 the page wrote into memory from [`abi::jaque_alloc`] (the call
//! takes it); an answer is memory the page reads and gives back ([`abi`] says how):
//!
//! | call | answer |
//! |---|---|
//! | `jaque_document_new(bytes)`, `jaque_document_free(document)` | a [`Document`] of a file's bytes or a text ([`Document::from_bytes`]) |
//! | `jaque_document_text(document)` | the text, as the document read it |
//! | `jaque_document_edit(document, from, to, text)` | none: UTF-16 units `from..to` replaced by the text ([`Document::edit`]) |
//! | `jaque_document_check(document, bytes)` | the games not yet checked checked, about that many bytes of them: the progress and the counts ([`answers::progress`]) |
//! | `jaque_document_diagnostics(document)` | the diagnostics, placed in UTF-16 units ([`answers::diagnostics`]) |
//! | `jaque_document_fix(document)` | the text with the machine-applicable suggestions applied, as `jaque fix` writes it |
//! | `jaque_document_fmt(document)` | the text in export format, as `jaque fmt` writes it |
//! | `jaque_document_hover(document, at)` | the move at UTF-16 offset `at` as JSON, or `null` ([`answers::hover`]) |
//! | `jaque_document_position(document, at)` | the board's position at `at` ([`answers::board`]) |
//! | `jaque_document_complete(document, at)` | the legal moves at `at`, `[{"san": ..., "uci": ...}]` |
//! | `jaque_document_query(document, text)` | the query's diagnostics, or the games it matches ([`answers::query`]) |
//! | `jaque_query_complete(text, at)` | the forms that complete the word at `at` of the query `text`, `[{"label", "insert", "detail", "kind"}]` ([`answers::query_completion`]) |
//!
//! With feature `index` (the page's second module, `jaque-index.wasm`), [`index`] adds a
//! position index read from a file's bytes and its opening explorer's tree.

pub mod abi;
pub mod answers;
#[cfg(feature = "index")]
pub mod index;

use jaque::ide::Document;

/// A [`Document`] of a file's bytes (or a text's UTF-8), for [`jaque_document_edit`],
/// [`jaque_document_check`] and the questions, then [`jaque_document_free`].
///
/// # Safety
///
/// `ptr` and `len` are those of a [`abi::jaque_alloc`] the page filled, handed over once.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn jaque_document_new(ptr: *mut u8, len: usize) -> *mut Document {
    // SAFETY: this function's contract.
    let bytes = unsafe { abi::take(ptr, len) };
    Box::into_raw(Box::new(Document::from_bytes(&bytes, Default::default())))
}

/// See [`Document::text`].
///
/// # Safety
///
/// As for [`jaque_document_hover`].
#[unsafe(no_mangle)]
pub unsafe extern "C" fn jaque_document_text(document: *mut Document) -> *mut u8 {
    // SAFETY: this function's contract.
    unsafe { ask(document, |d| d.text().as_bytes().to_vec()) }
}

/// See [`Document::edit`]: the UTF-16 units `from..to` replaced by the text.
///
/// # Safety
///
/// As for [`jaque_document_new`] (the text), and `document` as for [`jaque_document_free`], but not
/// freed.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn jaque_document_edit(
    document: *mut Document,
    from: usize,
    to: usize,
    ptr: *mut u8,
    len: usize,
) {
    // SAFETY: this function's contract.
    let insert = abi::text(unsafe { abi::take(ptr, len) });
    // SAFETY: this function's contract.
    if let Some(document) = unsafe { document.as_mut() } {
        let (from, to) = (document.utf16_offset(from), document.utf16_offset(to));
        document.edit(from..to.max(from), &insert);
    }
}

/// See [`Document::check`] and [`answers::progress`].
///
/// # Safety
///
/// As for [`jaque_document_edit`].
#[unsafe(no_mangle)]
pub unsafe extern "C" fn jaque_document_check(document: *mut Document, budget: usize) -> *mut u8 {
    // SAFETY: this function's contract.
    match unsafe { document.as_mut() } {
        Some(document) => {
            document.check(budget);
            abi::answer(&answers::progress(document))
        }
        None => abi::answer(b"null"),
    }
}

/// See [`answers::diagnostics`].
///
/// # Safety
///
/// As for [`jaque_document_hover`].
#[unsafe(no_mangle)]
pub unsafe extern "C" fn jaque_document_diagnostics(document: *mut Document) -> *mut u8 {
    // SAFETY: this function's contract.
    unsafe { ask(document, answers::diagnostics) }
}

/// The document's text as `jaque fix` writes it: the machine-applicable suggestions applied.
///
/// # Safety
///
/// As for [`jaque_document_hover`].
#[unsafe(no_mangle)]
pub unsafe extern "C" fn jaque_document_fix(document: *mut Document) -> *mut u8 {
    let fix = |d: &Document| match d.fixed() {
        Some(fixed) => fixed.output,
        None => d.text().as_bytes().to_vec(),
    };
    // SAFETY: this function's contract.
    unsafe { ask(document, fix) }
}

/// The document's text as `jaque fmt` writes it.
///
/// # Safety
///
/// As for [`jaque_document_hover`].
#[unsafe(no_mangle)]
pub unsafe extern "C" fn jaque_document_fmt(document: *mut Document) -> *mut u8 {
    let fmt = |d: &Document| {
        d.formatted()
            .unwrap_or_else(|| d.text().into())
            .into_bytes()
    };
    // SAFETY: this function's contract.
    unsafe { ask(document, fmt) }
}

/// Ends a document.
///
/// # Safety
///
/// `document` is one of [`jaque_document_new`] not yet freed; it is freed once.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn jaque_document_free(document: *mut Document) {
    if !document.is_null() {
        // SAFETY: this function's contract.
        drop(unsafe { Box::from_raw(document) });
    }
}

/// The answer of `question` about `document`, or an empty answer for a null one.
///
/// # Safety
///
/// `document` is null or one of [`jaque_document_new`] not yet freed, and no other call
/// uses it meanwhile (a worker's module runs one call at a time).
unsafe fn ask(document: *mut Document, question: impl Fn(&Document) -> Vec<u8>) -> *mut u8 {
    // SAFETY: this function's contract.
    match unsafe { document.as_ref() } {
        Some(document) => abi::answer(&question(document)),
        None => abi::answer(b"null"),
    }
}

/// See [`answers::hover`].
///
/// # Safety
///
/// As for [`jaque_document_free`], but not freed.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn jaque_document_hover(document: *mut Document, at: usize) -> *mut u8 {
    // SAFETY: this function's contract.
    unsafe { ask(document, |d| answers::hover(d, at)) }
}

/// See [`answers::board`].
///
/// # Safety
///
/// As for [`jaque_document_hover`].
#[unsafe(no_mangle)]
pub unsafe extern "C" fn jaque_document_position(document: *mut Document, at: usize) -> *mut u8 {
    // SAFETY: this function's contract.
    unsafe { ask(document, |d| answers::board(d, at)) }
}

/// See [`answers::completion`].
///
/// # Safety
///
/// As for [`jaque_document_hover`].
#[unsafe(no_mangle)]
pub unsafe extern "C" fn jaque_document_complete(document: *mut Document, at: usize) -> *mut u8 {
    // SAFETY: this function's contract.
    unsafe { ask(document, |d| answers::completion(d, at)) }
}

/// See [`answers::query`]: the text is the query.
///
/// # Safety
///
/// As for [`jaque_document_edit`].
#[unsafe(no_mangle)]
pub unsafe extern "C" fn jaque_document_query(
    document: *mut Document,
    ptr: *mut u8,
    len: usize,
) -> *mut u8 {
    // SAFETY: this function's contract.
    let text = abi::text(unsafe { abi::take(ptr, len) });
    // SAFETY: this function's contract.
    unsafe { ask(document, |d| answers::query(d, &text)) }
}

/// See [`answers::query_completion`]: the text is the query, `at` a UTF-16 offset in it. No
/// document: a query is completed from its own text.
///
/// # Safety
///
/// As for [`jaque_document_new`].
#[unsafe(no_mangle)]
pub unsafe extern "C" fn jaque_query_complete(ptr: *mut u8, len: usize, at: usize) -> *mut u8 {
    // SAFETY: this function's contract.
    let text = abi::text(unsafe { abi::take(ptr, len) });
    abi::answer(&answers::query_completion(&text, at))
}
