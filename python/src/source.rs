//! What `read_games` and `read_arrow` accept: a path (`str` or `os.PathLike`), the bytes of
//! a file (`bytes`, `bytearray`, `memoryview`), a file object opened in binary or text
//! mode, or Arrow strings (`arrow_source`). Compressed input (zstd, gzip) is told by its
//! content, whatever its name.

use std::io::{self, BufRead, BufReader, Read};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyBytes, PyString};

use crate::arrow_source::{is_arrow, open_arrow};
use crate::errors::read_error;

/// An input, opened: its name as diagnostics and tables give it, and its text.
pub struct Source {
    pub name: String,
    pub reader: Box<dyn BufRead + Send>,
    /// What a file object's `read()` raised, to be raised again as it was (a
    /// `KeyboardInterrupt` stays one).
    pub raised: Raised,
}

/// The exception a file object raised while the reading thread read it.
pub type Raised = Arc<Mutex<Option<PyErr>>>;

/// Set when the interpreter starts to shut down (an `atexit` handler): the reading threads
/// then stop taking the GIL, which a thread must not wait for while the interpreter ends.
static SHUTTING_DOWN: AtomicBool = AtomicBool::new(false);

/// The reads of file objects under way: a thread in one may be inside Python, and must be
/// out before the interpreter ends.
static READING: AtomicUsize = AtomicUsize::new(0);

/// How long the interpreter's exit waits for the reads under way (a read of a pipe may never
/// end).
const EXIT_WAIT: Duration = Duration::from_secs(2);

/// Registered with `atexit` when the module loads: no read starts any more, and those under
/// way are waited for, the GIL released so that they can finish.
#[pyfunction]
pub fn _stop_reading(py: Python<'_>) {
    SHUTTING_DOWN.store(true, Ordering::SeqCst);
    py.detach(|| {
        let began = Instant::now();
        while READING.load(Ordering::SeqCst) > 0 && began.elapsed() < EXIT_WAIT {
            std::thread::sleep(Duration::from_millis(1));
        }
    });
}

/// `read`, run unless the interpreter is ending (`None` then), counted as a read under way:
/// a read may take the GIL, which a thread must not wait for while the interpreter ends.
pub fn while_reading<T>(read: impl FnOnce() -> T) -> Option<T> {
    // Counted before the flag is looked at: the exit either sees this read, or this read
    // sees the flag.
    READING.fetch_add(1, Ordering::SeqCst);
    let result = (!SHUTTING_DOWN.load(Ordering::SeqCst)).then(read);
    READING.fetch_sub(1, Ordering::SeqCst);
    result
}

/// Opens `source`. A directory or a missing file raises `OSError` here, before any game.
pub fn open(source: &Bound<'_, PyAny>) -> PyResult<Source> {
    if source.is_instance_of::<PyString>() || source.hasattr("__fspath__")? {
        return open_path(source);
    }
    if let Some(bytes) = bytes_of(source)? {
        let reader = jaque::input::decompressed(io::Cursor::new(bytes))
            .map_err(|e| read_error(e, "<bytes>"))?;
        return Ok(Source {
            name: "<bytes>".to_string(),
            reader,
            raised: Raised::default(),
        });
    }
    if is_arrow(source)? {
        return open_arrow(source);
    }
    if source.hasattr("read")? {
        return open_file_object(source);
    }
    Err(PyTypeError::new_err(format!(
        "cannot read games from a {}: give a path, bytes, a file object or Arrow strings",
        source.get_type().name()?
    )))
}

/// A path (`str` or path-like): a file, plain or compressed.
fn open_path(source: &Bound<'_, PyAny>) -> PyResult<Source> {
    let path: PathBuf = source.extract()?;
    let name = path.display().to_string();
    let metadata = std::fs::metadata(&path).map_err(|error| {
        let text = source.cast::<PyString>().ok().and_then(|s| s.to_str().ok());
        let missing = error.kind() == io::ErrorKind::NotFound;
        match (error.raw_os_error(), text) {
            (Some(errno), Some(text)) if missing && looks_like_pgn(text) => {
                pgn_text_given_as_a_path(errno, &name)
            }
            _ => read_error(error, &name),
        }
    })?;
    if metadata.is_dir() {
        let error = io::Error::from_raw_os_error(21);
        return Err(read_error(error, &name));
    }
    // Opening a FIFO waits for its writer, which may be a thread of this interpreter.
    let opened = source.py().detach(|| jaque::input::open(&path));
    let reader = opened.map_err(|e| read_error(e, &name))?;
    Ok(Source {
        name,
        reader,
        raised: Raised::default(),
    })
}

/// Whether a `str` that names no file reads as PGN text: a tag, a first move, a comment, or
/// more than one line.
fn looks_like_pgn(text: &str) -> bool {
    let text = text.trim_start();
    text.contains('\n') || ["[", "1.", "{"].iter().any(|start| text.starts_with(start))
}

/// `FileNotFoundError` (`errno`) for PGN text taken as a file's name, saying where text
/// goes.
fn pgn_text_given_as_a_path(errno: i32, name: &str) -> PyErr {
    let hint = "No such file or directory: a str is a path; for PGN text, jaque.check(text) \
                checks it, and read_games(text.encode()) reads its games";
    pyo3::exceptions::PyOSError::new_err((errno, hint, name.to_string()))
}

/// The bytes of a `bytes`, `bytearray` or `memoryview`, copied; `None` for anything else.
fn bytes_of(source: &Bound<'_, PyAny>) -> PyResult<Option<Vec<u8>>> {
    Ok(if let Ok(bytes) = source.cast::<PyBytes>() {
        Some(bytes.as_bytes().to_vec())
    } else if let Ok(array) = source.cast::<PyByteArray>() {
        Some(array.to_vec())
    } else if source.is_instance(&source.py().get_type::<pyo3::types::PyMemoryView>())? {
        let bytes = source.call_method0("tobytes")?;
        Some(bytes.cast::<PyBytes>()?.as_bytes().to_vec())
    } else {
        None
    })
}

/// A file object (anything with `read`), binary or text, read from the reading threads.
fn open_file_object(source: &Bound<'_, PyAny>) -> PyResult<Source> {
    let name = match source.getattr("name") {
        Ok(name) => name.str()?.to_string(),
        Err(_) => "<stream>".to_string(),
    };
    let raised = Raised::default();
    let file = FileObject {
        file: source.clone().unbind(),
        pending: Vec::new(),
        at: 0,
        raised: Arc::clone(&raised),
    };
    let reader = BufReader::with_capacity(jaque::input::BUFFER, file);
    let reader = match jaque::input::decompressed(reader) {
        Ok(reader) => reader,
        Err(error) => return Err(take(&raised).unwrap_or_else(|| read_error(error, &name))),
    };
    Ok(Source {
        name,
        reader,
        raised,
    })
}

/// A Python file object read from any thread (the GIL taken for each read): binary files
/// give bytes, text files give strings, read as UTF-8.
struct FileObject {
    file: Py<PyAny>,
    /// A text file's characters beyond what the last read could take, as UTF-8.
    pending: Vec<u8>,
    at: usize,
    raised: Raised,
}

/// The exception a file object raised, if it raised one (taken: raised once).
pub fn take(raised: &Raised) -> Option<PyErr> {
    raised.lock().ok().and_then(|mut raised| raised.take())
}

impl Read for FileObject {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.at >= self.pending.len() {
            let ending = || io::Error::other("the interpreter is shutting down");
            let chunk = while_reading(|| Python::try_attach(|py| self.read_chunk(py, buf.len())));
            let chunk = chunk.flatten();
            self.pending = chunk.ok_or_else(ending)??;
            self.at = 0;
        }
        let available = self.pending.get(self.at..).unwrap_or_default();
        let n = available.len().min(buf.len());
        buf.get_mut(..n)
            .unwrap_or_default()
            .copy_from_slice(available.get(..n).unwrap_or_default());
        self.at += n;
        Ok(n)
    }
}

impl FileObject {
    /// The next chunk of the file, as bytes (empty at its end).
    fn read_chunk(&self, py: Python<'_>, size: usize) -> io::Result<Vec<u8>> {
        let chunk = match self.file.call_method1(py, "read", (size,)) {
            Ok(chunk) => chunk,
            Err(error) => {
                let message = error.to_string();
                if let Ok(mut raised) = self.raised.lock() {
                    *raised = Some(error);
                }
                return Err(io::Error::other(message));
            }
        };
        let chunk = chunk.bind(py);
        if let Ok(text) = chunk.cast::<PyString>() {
            let text = text.to_str().map_err(|e| io::Error::other(e.to_string()))?;
            return Ok(text.as_bytes().to_vec());
        }
        match chunk.cast::<PyBytes>() {
            Ok(bytes) => Ok(bytes.as_bytes().to_vec()),
            Err(_) => Err(io::Error::other(
                "the file object's read() gave neither bytes nor str",
            )),
        }
    }
}
