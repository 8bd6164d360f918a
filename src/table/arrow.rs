//! The tables as Arrow record batches: what the Python package hands to pyarrow, polars and
//! duckdb through Arrow's C stream interface. The columns' vectors become Arrow's buffers
//! without a copy (text offsets excepted: Arrow's are 32-bit).
//!
//! ```
//! use jaque::input::Settings;
//! use jaque::table::arrow::RecordBatches;
//! use jaque::table::{Table, read};
//! let text: &[u8] = b"1. e4 e5 2. Nf3 *\n\n1. d4 *\n";
//! let batches = read(Box::new(text), ("a.pgn", 0), Table::Moves, &Settings::default(), 2);
//! let batches = RecordBatches::new(batches.unwrap(), Table::Moves, 2);
//! // Two games of four plies in all, two rows a record batch.
//! let sizes: Vec<usize> = batches.map(|batch| batch.unwrap().num_rows()).collect();
//! assert_eq!(sizes, [2, 2]);
//! ```

use std::sync::Arc;

use arrow_array::{
    Array, ArrayRef, BooleanArray, Float64Array, Int32Array, ListArray, MapArray, RecordBatch,
    RecordBatchReader, StringArray, StructArray, UInt8Array, UInt16Array, UInt32Array, UInt64Array,
};
use arrow_buffer::{BooleanBuffer, Buffer, NullBuffer, OffsetBuffer, ScalarBuffer};
use arrow_schema::{ArrowError, Field, Fields, Schema, SchemaRef};

use super::{Batch, Batches, Column, ReadError, Table, Values};

/// `table`'s Arrow schema.
///
/// ```
/// let schema = jaque::table::arrow::schema(jaque::table::Table::Positions);
/// assert_eq!(schema.field(0).name(), "game");
/// assert!(schema.field_with_name("white_pawns").is_ok());
/// ```
pub fn schema(table: Table) -> SchemaRef {
    let empty = Batch {
        columns: table.schema(),
    };
    match record_batch(empty) {
        Ok(batch) => batch.schema(),
        // Columns of no rows have no text to overflow 32-bit offsets: never reached.
        Err(_) => Arc::new(Schema::empty()),
    }
}

/// `batch` as an Arrow record batch.
pub fn record_batch(batch: Batch) -> Result<RecordBatch, ArrowError> {
    let (fields, arrays): (Vec<Field>, Vec<ArrayRef>) = (batch.columns.into_iter())
        .map(array)
        .collect::<Result<Vec<_>, _>>()?
        .into_iter()
        .unzip();
    RecordBatch::try_new(Arc::new(Schema::new(fields)), arrays)
}

/// A column as an Arrow field and array.
fn array(column: Column) -> Result<(Field, ArrayRef), ArrowError> {
    let nullable = column.is_nullable();
    let nulls = (column.validity)
        .map(NullBuffer::from)
        .filter(|nulls| nulls.null_count() > 0);
    let array: ArrayRef = match column.values {
        Values::Text { offsets, bytes } => {
            let offsets = offsets_32(&offsets)?;
            Arc::new(StringArray::try_new(
                offsets,
                Buffer::from_vec(bytes),
                nulls,
            )?)
        }
        Values::U64(v) => Arc::new(UInt64Array::new(ScalarBuffer::from(v), nulls)),
        Values::U32(v) => Arc::new(UInt32Array::new(ScalarBuffer::from(v), nulls)),
        Values::U16(v) => Arc::new(UInt16Array::new(ScalarBuffer::from(v), nulls)),
        Values::U8(v) => Arc::new(UInt8Array::new(ScalarBuffer::from(v), nulls)),
        Values::I32(v) => Arc::new(Int32Array::new(ScalarBuffer::from(v), nulls)),
        Values::F64(v) => Arc::new(Float64Array::new(ScalarBuffer::from(v), nulls)),
        Values::Bool(v) => Arc::new(BooleanArray::new(BooleanBuffer::from_iter(v), nulls)),
        Values::List { offsets, item } => {
            let (field, items) = array(*item)?;
            let offsets = offsets_32(&offsets)?;
            Arc::new(ListArray::try_new(Arc::new(field), offsets, items, nulls)?)
        }
        Values::Map { offsets, entries } => {
            let (field, entries) = match entries.values {
                Values::Struct { len, fields } => (entries.name, struct_array(len, fields, None)?),
                _ => return Err(not_entries()),
            };
            let field = Field::new(field, entries.data_type().clone(), false);
            let offsets = offsets_32(&offsets)?;
            Arc::new(MapArray::try_new(
                Arc::new(field),
                offsets,
                entries,
                nulls,
                false,
            )?)
        }
        Values::Struct { len, fields } => Arc::new(struct_array(len, fields, nulls)?),
    };
    let field = Field::new(column.name, array.data_type().clone(), nullable);
    Ok((field, array))
}

/// A struct array of `len` rows with `fields`.
fn struct_array(
    len: usize,
    fields: Vec<Column>,
    nulls: Option<NullBuffer>,
) -> Result<StructArray, ArrowError> {
    let (fields, arrays): (Vec<Field>, Vec<ArrayRef>) = (fields.into_iter())
        .map(array)
        .collect::<Result<Vec<_>, _>>()?
        .into_iter()
        .unzip();
    StructArray::try_new_with_length(Fields::from(fields), arrays, nulls, len)
}

fn not_entries() -> ArrowError {
    ArrowError::InvalidArgumentError("a map's entries are not a struct".to_string())
}

/// Offsets as Arrow's 32-bit ones; a batch whose text passes 2 GiB cannot be one.
fn offsets_32(offsets: &[usize]) -> Result<OffsetBuffer<i32>, ArrowError> {
    let offsets: Vec<i32> = (offsets.iter())
        .map(|&offset| i32::try_from(offset))
        .collect::<Result<_, _>>()
        .map_err(|_| {
            ArrowError::InvalidArgumentError(
                "a batch holds over 2 GiB of text: give a smaller batch size".to_string(),
            )
        })?;
    Ok(OffsetBuffer::new(ScalarBuffer::from(offsets)))
}

/// The batches of [`read`](super::read) as an Arrow [`RecordBatchReader`], in record batches
/// of at most a given number of rows.
pub struct RecordBatches {
    batches: Batches,
    schema: SchemaRef,
    rows: usize,
    /// A batch larger than `rows`, and how much of it was handed out.
    pending: Option<(RecordBatch, usize)>,
}

impl RecordBatches {
    /// `batches`, rows of `table`, in record batches of at most `rows` rows.
    pub fn new(batches: Batches, table: Table, rows: usize) -> RecordBatches {
        RecordBatches {
            batches,
            schema: schema(table),
            rows: rows.max(1),
            pending: None,
        }
    }

    /// The games read so far (selected or not).
    pub fn games(&self) -> usize {
        self.batches.games()
    }
}

/// A read error as Arrow says it: the content's as an invalid argument, which Python's
/// readers raise as a `ValueError`; the system's as an I/O error.
fn read_error(error: ReadError) -> ArrowError {
    match error.is_content() {
        true => ArrowError::InvalidArgumentError(error.to_string()),
        false => ArrowError::IoError(error.to_string(), error.error),
    }
}

impl Iterator for RecordBatches {
    type Item = Result<RecordBatch, ArrowError>;

    fn next(&mut self) -> Option<Result<RecordBatch, ArrowError>> {
        if let Some((batch, at)) = self.pending.take() {
            let length = self.rows.min(batch.num_rows() - at);
            let slice = batch.slice(at, length);
            if at + length < batch.num_rows() {
                self.pending = Some((batch, at + length));
            }
            return Some(Ok(slice));
        }
        let batch = match self.batches.next()? {
            Ok(batch) => batch,
            Err(error) => return Some(Err(read_error(error))),
        };
        match record_batch(batch) {
            Ok(batch) => {
                self.pending = Some((batch, 0));
                self.next()
            }
            Err(error) => Some(Err(error)),
        }
    }
}

impl RecordBatchReader for RecordBatches {
    fn schema(&self) -> SchemaRef {
        Arc::clone(&self.schema)
    }
}
