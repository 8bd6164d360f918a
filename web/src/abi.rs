//! The module's memory contract with the page: the page asks for memory (`jaque_alloc`),
//! writes a text's UTF-8 there and hands it to a call, which takes it; a call answers with
//! memory of its own, its length first (four bytes, little-endian) and its bytes after, which
//! the page reads and gives back (`jaque_free`, the length counting those four bytes).
//!
//! A hand-written contract rather than wasm-bindgen's: five functions of integers, no tool
//! whose version must match a crate's, and no generated glue between the page and the
//! module (see `web/README.md`).

/// Memory for `len` bytes, which the page fills and hands to a call (or gives back with
/// [`jaque_free`]).
#[unsafe(no_mangle)]
pub extern "C" fn jaque_alloc(len: usize) -> *mut u8 {
    Box::into_raw(vec![0u8; len].into_boxed_slice()).cast::<u8>()
}

/// Gives back memory of [`jaque_alloc`] that no call took, or an answer once read.
///
/// # Safety
///
/// As for [`take`].
#[unsafe(no_mangle)]
pub unsafe extern "C" fn jaque_free(ptr: *mut u8, len: usize) {
    // SAFETY: this function's contract is `take`'s.
    drop(unsafe { take(ptr, len) });
}

/// The bytes at `ptr`, owned again.
///
/// # Safety
///
/// `ptr` and `len` are those of a [`jaque_alloc`] (or of an [`answer`], its length the one
/// written at its start plus those four bytes), passed back once: the boxed slice made there
/// is rebuilt with its own length, to be dropped once. A null `ptr` is an empty text.
pub unsafe fn take(ptr: *mut u8, len: usize) -> Box<[u8]> {
    if ptr.is_null() {
        return Box::default();
    }
    // SAFETY: this function's contract.
    unsafe { Box::from_raw(std::ptr::slice_from_raw_parts_mut(ptr, len)) }
}

/// The text of `bytes`: the page writes JavaScript strings, valid UTF-8; any other bytes are
/// replaced.
pub fn text(bytes: Box<[u8]>) -> String {
    String::from_utf8(bytes.into_vec())
        .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
}

/// An answer for the page: `bytes` after their length.
pub fn answer(bytes: &[u8]) -> *mut u8 {
    // An answer longer than 4 GiB cannot be in a 32-bit module's memory in the first place.
    let len = u32::try_from(bytes.len()).unwrap_or(u32::MAX);
    let mut out = Vec::with_capacity(bytes.len() + 4);
    out.extend_from_slice(&len.to_le_bytes());
    out.extend_from_slice(bytes);
    Box::into_raw(out.into_boxed_slice()).cast::<u8>()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What the page does with an answer: reads its length and bytes, then frees it.
    fn read(ptr: *mut u8) -> Vec<u8> {
        // SAFETY: an answer starts with four bytes of length, then as many bytes, given back
        // once.
        let head = unsafe { std::ptr::read_unaligned(ptr.cast::<[u8; 4]>()) };
        let len = u32::from_le_bytes(head) as usize;
        let whole = unsafe { take(ptr, len + 4) };
        whole[4..].to_vec()
    }

    #[test]
    fn memory_goes_there_and_back() {
        let ptr = jaque_alloc(5);
        // SAFETY: five bytes were asked for, and are taken back once.
        unsafe { std::ptr::copy_nonoverlapping(b"1. e4".as_ptr(), ptr, 5) };
        assert_eq!(text(unsafe { take(ptr, 5) }), "1. e4");
        assert_eq!(read(answer("é ♔".as_bytes())), "é ♔".as_bytes());
        assert_eq!(read(answer(b"")), b"");
        // SAFETY: memory of `jaque_alloc`, given back once; a null pointer is no memory.
        unsafe { jaque_free(jaque_alloc(0), 0) };
        assert_eq!(text(unsafe { take(std::ptr::null_mut(), 0) }), "");
        assert_eq!(text(Box::new([b'a', 0xff])), "a\u{fffd}");
    }
}
