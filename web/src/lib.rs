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
//! | `jaque_hover(text, at)` | the move at UTF-16 offset `at` as JSON, or `null` ([`cursor::hover`]) |
//! | `jaque_position(text, at)` | `{"fen": ...}` of the position at `at`, or `null` |
//! | `jaque_complete(text, at)` | the legal moves at `at`, `[{"san": ..., "uci": ...}]` |

pub mod abi;
pub mod cursor;
pub mod session;

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

/// See [`cursor::hover`].
///
/// # Safety
///
/// As for [`jaque_check`].
#[unsafe(no_mangle)]
pub unsafe extern "C" fn jaque_hover(ptr: *mut u8, len: usize, at: usize) -> *mut u8 {
    // SAFETY: this function's contract.
    let text = abi::text(unsafe { abi::take(ptr, len) });
    abi::answer(&cursor::hover(&text, at))
}

/// See [`cursor::position`].
///
/// # Safety
///
/// As for [`jaque_check`].
#[unsafe(no_mangle)]
pub unsafe extern "C" fn jaque_position(ptr: *mut u8, len: usize, at: usize) -> *mut u8 {
    // SAFETY: this function's contract.
    let text = abi::text(unsafe { abi::take(ptr, len) });
    abi::answer(&cursor::position(&text, at))
}

/// See [`cursor::completion`].
///
/// # Safety
///
/// As for [`jaque_check`].
#[unsafe(no_mangle)]
pub unsafe extern "C" fn jaque_complete(ptr: *mut u8, len: usize, at: usize) -> *mut u8 {
    // SAFETY: this function's contract.
    let text = abi::text(unsafe { abi::take(ptr, len) });
    abi::answer(&cursor::completion(&text, at))
}
