//! A position index in the browser: the file the user opened, its bytes read into memory
//! ([`Index::from_bytes`]), and the opening explorer's tree of the board's position, the
//! object `jaque tree --json` prints ([`jaque::json::tree`]). Nothing is written anywhere.
//!
//! | call | answer |
//! |---|---|
//! | `jaque_index_open(bytes)` | `{"index": handle, "games", "positions"}`, or `{"error"}` ([`open`]) |
//! | `jaque_index_tree(index, fen)` | the tree of the position, or `{"error"}` ([`tree`]) |
//! | `jaque_index_free(index)` | none: the index's memory given back |

use jaque::Position;
use jaque::index::Index;
use jaque::json::Object;

use crate::abi;

/// The index of a file's `bytes`, and what to tell of it: `{"games", "positions"}` (the
/// index's games and stored positions), or `{"error"}` saying why it cannot be read.
///
/// ```
/// let (index, answer) = jaque_web::index::open(b"[Event \"?\"]\n1. e4 *\n".to_vec());
/// assert!(index.is_none());
/// assert!(String::from_utf8(answer).unwrap().starts_with(r#"{"error":"#));
/// ```
pub fn open(bytes: Vec<u8>) -> (Option<Index>, Vec<u8>) {
    let mut out = Vec::new();
    let mut object = Object::open(&mut out);
    let opened = Index::from_bytes(bytes).and_then(|index| Ok((index.stats()?, index)));
    let index = match opened {
        Ok((stats, index)) => {
            object.field("games", stats.games);
            object.field("positions", stats.entries);
            Some(index)
        }
        Err(error) => {
            object.field("error", error.to_string().as_str());
            None
        }
    };
    object.close();
    (index, out)
}

/// The tree of the position `fen` (read as Chess960 where only that explains its castling
/// rights, as `jaque tree --fen` reads it), unfiltered: [`jaque::json::tree`]'s object, or
/// `{"error"}`.
pub fn tree(index: &Index, fen: &str) -> Vec<u8> {
    let mut out = Vec::new();
    let position = Position::from_fen(fen)
        .or_else(|error| Position::from_fen_960(fen).map_err(|_| format!("FEN {fen}: {error}")));
    match position.and_then(|p| {
        let tree = index.tree(&p, &Default::default());
        tree.map(|tree| (p, tree)).map_err(|e| e.to_string())
    }) {
        Ok((position, tree)) => jaque::json::tree(&mut out, &position, &tree),
        Err(error) => {
            let mut object = Object::open(&mut out);
            object.field("error", error.as_str());
            object.close();
        }
    }
    out
}

/// Opens the index of a file's bytes ([`open`]): its answer holds the handle for
/// [`jaque_index_tree`] and [`jaque_index_free`], as `"index"`, unless it is an error.
///
/// # Safety
///
/// `ptr` and `len` are those of a [`abi::jaque_alloc`] the page filled, handed over once.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn jaque_index_open(ptr: *mut u8, len: usize) -> *mut u8 {
    // SAFETY: this function's contract.
    let bytes = unsafe { abi::take(ptr, len) };
    let (index, mut answer) = open(bytes.into_vec());
    if let Some(index) = index {
        let handle = Box::into_raw(Box::new(index)) as usize;
        // `{"index":N,` in front of the answer's fields.
        let head = format!("{{\"index\":{handle},");
        answer.splice(..1, head.into_bytes());
    }
    abi::answer(&answer)
}

/// The tree of the position of the FEN in the text ([`tree`]).
///
/// # Safety
///
/// `index` is one of [`jaque_index_open`] not yet freed, and `ptr`, `len` as for
/// [`jaque_index_open`].
#[unsafe(no_mangle)]
pub unsafe extern "C" fn jaque_index_tree(index: *mut Index, ptr: *mut u8, len: usize) -> *mut u8 {
    // SAFETY: this function's contract.
    let fen = abi::text(unsafe { abi::take(ptr, len) });
    // SAFETY: this function's contract.
    match unsafe { index.as_ref() } {
        Some(index) => abi::answer(&tree(index, &fen)),
        None => abi::answer(b"null"),
    }
}

/// Ends an index.
///
/// # Safety
///
/// `index` is one of [`jaque_index_open`] not yet freed; it is freed once.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn jaque_index_free(index: *mut Index) {
    if !index.is_null() {
        // SAFETY: this function's contract.
        drop(unsafe { Box::from_raw(index) });
    }
}
