//! The package's exceptions: every one a `ValueError`, as Python's conventions have it for a
//! value that is wrong (a missing file stays an `OSError`).

use std::io;

use pyo3::create_exception;
use pyo3::exceptions::{PyOSError, PyValueError};
use pyo3::prelude::*;

create_exception!(
    jaque,
    ReadError,
    PyValueError,
    "Input that cannot be read as PGN: binary data, a damaged compressed stream."
);
create_exception!(
    jaque,
    FenError,
    PyValueError,
    "A FEN that is malformed or describes an impossible position; the message says which field."
);
create_exception!(
    jaque,
    InvalidMoveError,
    PyValueError,
    "Text that is not a move at all (not SAN, not UCI)."
);
create_exception!(
    jaque,
    IllegalMoveError,
    PyValueError,
    "A well-formed move that no legal move matches; the message says why."
);
create_exception!(
    jaque,
    AmbiguousMoveError,
    PyValueError,
    "A move that several legal moves match; the message lists them."
);

/// An error of reading `name`: the system's (a missing file, a directory) as `OSError` with
/// its number and the file's name, so that Python picks `FileNotFoundError` and the like;
/// the content's as [`ReadError`].
pub fn read_error(error: io::Error, name: &str) -> PyErr {
    match error.raw_os_error() {
        Some(errno) => {
            let text = io::Error::from_raw_os_error(errno).to_string();
            let text = text
                .split(" (os error")
                .next()
                .unwrap_or_default()
                .to_string();
            PyOSError::new_err((errno, text, name.to_string()))
        }
        None => ReadError::new_err(format!("cannot read {name}: {error}")),
    }
}
