//! jaque in the browser: the library's `check`, `fix` and `fmt`, and what an editor asks at
//! its cursor (hover, the position, completion), for a WebAssembly module the playground
//! page (`web/`) loads. Nothing here decides anything about chess or PGN: each call hands a
//! text to the library and writes its answer for the page.
//!
//! Every call takes a text the page wrote into memory from [`abi::jaque_alloc`] (and frees
//! it), and answers with memory the page reads and gives back ([`abi`] says how):
//!
//! | call | answer |
//! |---|---|
//! | `jaque_check(text)` | a JSON line for each game with a diagnostic, the object of `jaque check --json`, then a summary ([`Session::step`]) |
//! | `jaque_session_new(text)`, `jaque_session_step(session, bytes)`, `jaque_session_free(session)` | the same a part at a time ([`session`]) |
//! | `jaque_fix(text)` | the text with the machine-applicable suggestions applied, as `jaque fix` writes it |
//! | `jaque_fmt(text)` | the text in export format, as `jaque fmt` writes it |
//! | `jaque_document_new(text)`, `jaque_document_free(document)` | a [`Document`]: the text cut into games, for the questions at the cursor |
//! | `jaque_document_hover(document, at)` | the move at UTF-16 offset `at` as JSON, or `null` ([`Document::hover`]) |
//! | `jaque_document_position(document, at)` | the board's position at `at` ([`Document::position`]) |
//! | `jaque_document_complete(document, at)` | the legal moves at `at`, `[{"san": ..., "uci": ...}]` |

pub mod abi;
pub mod document;
pub mod session;

use document::Document;
use jaque::lint::Lints;
use jaque::pgn::{Fixer, Options, format_text};
use session::Session;

/// The name the page's text goes by in the answers (`file` in `jaque check --json`).
const NAME: &str = "<page>";

/// Every game of `text` checked at the default lint levels: a JSON line for each game with a
/// diagnostic, as `jaque check --json` writes it, then the summary of all ([`Session::step`]).
///
/// ```
/// let lines = jaque_web::check(b"1. e4 e5 2. Ke3 *\n".to_vec());
/// let lines = String::from_utf8(lines).unwrap();
/// assert!(lines.starts_with(r#"{"game":0,"file":"<page>","line":1,"#));
/// assert!(lines.contains(r#""code":"illegal_move""#));
/// ```
pub fn check(text: Vec<u8>) -> Vec<u8> {
    Session::new(text).step(usize::MAX)
}

/// See [`check`].
///
/// # Safety
///
/// `ptr` and `len` are those of a [`abi::jaque_alloc`] the page filled, handed over once (as
/// for every call here that takes a text).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn jaque_check(ptr: *mut u8, len: usize) -> *mut u8 {
    // SAFETY: this function's contract.
    let bytes = unsafe { abi::take(ptr, len) };
    abi::answer(&check(bytes.into_vec()))
}

/// A [`Session`] over the text, for [`jaque_session_step`] until it is done, then
/// [`jaque_session_free`].
///
/// # Safety
///
/// As for [`jaque_check`].
#[unsafe(no_mangle)]
pub unsafe extern "C" fn jaque_session_new(ptr: *mut u8, len: usize) -> *mut Session {
    // SAFETY: this function's contract.
    let bytes = unsafe { abi::take(ptr, len) };
    Box::into_raw(Box::new(Session::new(bytes.into_vec())))
}

/// See [`Session::step`].
///
/// # Safety
///
/// `session` is one of [`jaque_session_new`] not yet freed, and no other call uses it
/// meanwhile (a worker's module runs one call at a time).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn jaque_session_step(session: *mut Session, budget: usize) -> *mut u8 {
    // SAFETY: this function's contract.
    match unsafe { session.as_mut() } {
        Some(session) => abi::answer(&session.step(budget)),
        None => abi::answer(b""),
    }
}

/// Ends a session.
///
/// # Safety
///
/// As for [`jaque_session_step`]; a session is freed once.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn jaque_session_free(session: *mut Session) {
    if !session.is_null() {
        // SAFETY: this function's contract.
        drop(unsafe { Box::from_raw(session) });
    }
}

/// The text as `jaque fix` writes it: the machine-applicable suggestions applied.
///
/// # Safety
///
/// As for [`jaque_check`].
#[unsafe(no_mangle)]
pub unsafe extern "C" fn jaque_fix(ptr: *mut u8, len: usize) -> *mut u8 {
    // SAFETY: this function's contract.
    let bytes = unsafe { abi::take(ptr, len) };
    let mut fixer = Fixer::new(Options::default(), Lints::default(), false);
    abi::answer(&fixer.fix(&bytes).output)
}

/// The text as `jaque fmt` writes it.
///
/// # Safety
///
/// As for [`jaque_check`].
#[unsafe(no_mangle)]
pub unsafe extern "C" fn jaque_fmt(ptr: *mut u8, len: usize) -> *mut u8 {
    // SAFETY: this function's contract.
    let bytes = unsafe { abi::take(ptr, len) };
    abi::answer(format_text(&bytes, Options::default()).as_bytes())
}

/// A [`Document`] of the text, for the questions at the cursor until the text changes, then
/// [`jaque_document_free`].
///
/// # Safety
///
/// As for [`jaque_check`].
#[unsafe(no_mangle)]
pub unsafe extern "C" fn jaque_document_new(ptr: *mut u8, len: usize) -> *mut Document {
    // SAFETY: this function's contract.
    let text = abi::text(unsafe { abi::take(ptr, len) });
    Box::into_raw(Box::new(Document::new(text)))
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
/// `document` is null or one of [`jaque_document_new`] not yet freed.
unsafe fn ask(document: *const Document, question: impl Fn(&Document) -> Vec<u8>) -> *mut u8 {
    // SAFETY: this function's contract.
    match unsafe { document.as_ref() } {
        Some(document) => abi::answer(&question(document)),
        None => abi::answer(b"null"),
    }
}

/// See [`Document::hover`].
///
/// # Safety
///
/// As for [`jaque_document_free`], but not freed.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn jaque_document_hover(document: *const Document, at: usize) -> *mut u8 {
    // SAFETY: this function's contract.
    unsafe { ask(document, |d| d.hover(at)) }
}

/// See [`Document::position`].
///
/// # Safety
///
/// As for [`jaque_document_hover`].
#[unsafe(no_mangle)]
pub unsafe extern "C" fn jaque_document_position(document: *const Document, at: usize) -> *mut u8 {
    // SAFETY: this function's contract.
    unsafe { ask(document, |d| d.position(at)) }
}

/// See [`Document::completion`].
///
/// # Safety
///
/// As for [`jaque_document_hover`].
#[unsafe(no_mangle)]
pub unsafe extern "C" fn jaque_document_complete(document: *const Document, at: usize) -> *mut u8 {
    // SAFETY: this function's contract.
    unsafe { ask(document, |d| d.completion(at)) }
}
