//! Arrow input: an object with `__arrow_c_stream__` or `__arrow_c_array__` (a pyarrow
//! array, chunked array, table or record batch, a polars series or frame, ...) read through
//! the Arrow C data interface, its buffers never turned into Python objects. Its strings
//! become the PGN text the readers take (`jaque::input::arrow`), so every reader reads it as
//! it reads a file.

use arrow_array::ffi::{FFI_ArrowArray, FFI_ArrowSchema, from_ffi};
use arrow_array::ffi_stream::{ArrayStreamReader, FFI_ArrowArrayStream};
use arrow_array::{ArrayRef, make_array};
use arrow_schema::{ArrowError, DataType, Field};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyCapsule;

use crate::source::{Raised, Source, while_reading};
use jaque::input::arrow::{ArrowText, Layout, LayoutError};

/// The name diagnostics and tables give Arrow input.
const NAME: &str = "<arrow>";

/// Whether `source` is Arrow data (it offers the Arrow PyCapsule interface).
pub fn is_arrow(source: &Bound<'_, PyAny>) -> PyResult<bool> {
    Ok(source.hasattr("__arrow_c_stream__")? || source.hasattr("__arrow_c_array__")?)
}

/// `source`'s arrays as PGN text. Its type is looked at here, before any game: a column
/// that holds no strings raises `TypeError`, a table without `movetext` `ValueError`.
pub fn open_arrow(source: &Bound<'_, PyAny>) -> PyResult<Source> {
    let (arrays, data_type) = if source.hasattr("__arrow_c_stream__")? {
        stream_of(source)?
    } else {
        array_of(source)?
    };
    let layout = Layout::of(&data_type).map_err(layout_error)?;
    Ok(Source {
        name: NAME.to_string(),
        reader: Box::new(ArrowText::new(Box::new(arrays), layout)),
        raised: Raised::default(),
    })
}

/// The arrays of an Arrow input, in order: a stream's, pulled as the text is read, or the
/// one array of `__arrow_c_array__`.
pub enum Arrays {
    Stream(ArrayStreamReader),
    One(Option<ArrayRef>),
}

impl Iterator for Arrays {
    type Item = Result<ArrayRef, ArrowError>;

    fn next(&mut self) -> Option<Self::Item> {
        match self {
            // The producer may take the GIL (a stream of Python objects): not once the
            // interpreter ends.
            Arrays::Stream(stream) => while_reading(|| stream.next()).unwrap_or_else(|| {
                Some(Err(ArrowError::ExternalError(
                    "the interpreter is shutting down".into(),
                )))
            }),
            Arrays::One(array) => array.take().map(Ok),
        }
    }
}

/// The stream of `source.__arrow_c_stream__()`, and the type of its arrays.
fn stream_of(source: &Bound<'_, PyAny>) -> PyResult<(Arrays, DataType)> {
    let capsule = source.call_method0("__arrow_c_stream__")?;
    let capsule = capsule.cast::<PyCapsule>().map_err(|_| not_a_capsule())?;
    let pointer = capsule.pointer_checked(Some(c"arrow_array_stream"))?;
    // SAFETY: a capsule named "arrow_array_stream" holds an ArrowArrayStream (the Arrow
    // PyCapsule interface); `from_raw` moves it out and leaves a released one, which the
    // capsule's destructor then leaves alone. The C interface is raw pointers: no safe way.
    let stream = unsafe { FFI_ArrowArrayStream::from_raw(pointer.as_ptr().cast()) };
    if stream.get_next().is_none() {
        return Err(PyValueError::new_err(
            "the Arrow stream has no get_next callback",
        ));
    }
    let stream = ArrayStreamReader::try_new(stream).map_err(arrow_error)?;
    let data_type = arrow_array::ArrayReader::field(&stream).data_type().clone();
    Ok((Arrays::Stream(stream), data_type))
}

/// The array of `source.__arrow_c_array__()`, and its type.
fn array_of(source: &Bound<'_, PyAny>) -> PyResult<(Arrays, DataType)> {
    let pair = source.call_method0("__arrow_c_array__")?;
    let schema = pair.get_item(0)?;
    let schema = schema.cast::<PyCapsule>().map_err(|_| not_a_capsule())?;
    let array = pair.get_item(1)?;
    let array = array.cast::<PyCapsule>().map_err(|_| not_a_capsule())?;
    let schema = schema.pointer_checked(Some(c"arrow_schema"))?;
    let array = array.pointer_checked(Some(c"arrow_array"))?;
    // SAFETY: capsules named "arrow_schema" and "arrow_array" hold an ArrowSchema and an
    // ArrowArray (the Arrow PyCapsule interface). The schema is borrowed while its capsule
    // lives (to the end of this function); the array is moved out, leaving a released one.
    let schema: &FFI_ArrowSchema = unsafe { &*schema.as_ptr().cast::<FFI_ArrowSchema>() };
    let array = unsafe { FFI_ArrowArray::from_raw(array.as_ptr().cast()) };
    let field = Field::try_from(schema).map_err(arrow_error)?;
    // SAFETY: the array and the schema come from the same producer, which describes one
    // with the other (the interface's contract).
    let data = unsafe { from_ffi(array, schema) }.map_err(arrow_error)?;
    Ok((
        Arrays::One(Some(make_array(data))),
        field.data_type().clone(),
    ))
}

/// Arrays whose type cannot be read as games: `TypeError` where a type is wrong.
fn layout_error(error: LayoutError) -> PyErr {
    match error.is_type() {
        true => PyTypeError::new_err(error.to_string()),
        false => PyValueError::new_err(error.to_string()),
    }
}

fn not_a_capsule() -> PyErr {
    PyTypeError::new_err("the Arrow PyCapsule interface gave something that is not a capsule")
}

/// An Arrow import that failed: the producer's data does not read as Arrow.
fn arrow_error(error: ArrowError) -> PyErr {
    PyValueError::new_err(format!("cannot read the Arrow data: {error}"))
}
