//! Parquet files of games: a table in the lichess layout (tag columns and `movetext`) or a
//! file of one column of whole games, read a batch of rows at a time with the parquet crate
//! and made PGN text by [`super::arrow`], on a thread of its own beside the one that cuts
//! games (as a compressed file is decoded). Built with the `parquet-input` feature; without
//! it, a Parquet file is refused with that reason.

use std::fs::File;
use std::io::{self, BufRead};

/// The text of the Parquet file `file`.
#[cfg(feature = "parquet-input")]
pub(super) fn from_file(file: File) -> io::Result<Box<dyn BufRead + Send>> {
    read::text(file)
}

/// The text of a Parquet file read from a stream: read whole first, since a Parquet file is
/// read from its end.
#[cfg(feature = "parquet-input")]
pub(super) fn from_stream(mut reader: impl BufRead) -> io::Result<Box<dyn BufRead + Send>> {
    let mut bytes = Vec::new();
    reader.read_to_end(&mut bytes)?;
    read::text(bytes::Bytes::from(bytes))
}

#[cfg(not(feature = "parquet-input"))]
pub(super) fn from_file(_: File) -> io::Result<Box<dyn BufRead + Send>> {
    Err(not_built())
}

#[cfg(not(feature = "parquet-input"))]
pub(super) fn from_stream(_: impl BufRead) -> io::Result<Box<dyn BufRead + Send>> {
    Err(not_built())
}

#[cfg(not(feature = "parquet-input"))]
fn not_built() -> io::Error {
    io::Error::new(
        io::ErrorKind::Unsupported,
        "a Parquet file, which this build of jaque does not read (its `parquet-input` feature)",
    )
}

#[cfg(feature = "parquet-input")]
mod read {
    use std::io::{self, BufRead};
    use std::sync::Arc;

    use ::parquet::arrow::arrow_reader::ParquetRecordBatchReaderBuilder;
    use ::parquet::file::reader::ChunkReader;
    use arrow_array::{ArrayRef, RecordBatch, StructArray};
    use arrow_schema::{ArrowError, DataType};

    use super::super::Decoded;
    use super::super::arrow::{ArrowText, Layout};

    /// Rows made into text at a time.
    const ROWS: usize = 1024;

    /// The PGN text of the Parquet file `source`: its columns as [`Layout::of`] reads a
    /// table's, or its one column (not `movetext`) as whole games. What cannot be read as
    /// games is told before any game is.
    pub(super) fn text<R: ChunkReader + 'static>(source: R) -> io::Result<Box<dyn BufRead + Send>> {
        let builder = ParquetRecordBatchReaderBuilder::try_new(source).map_err(not_parquet)?;
        let fields = builder.schema().fields().clone();
        let games = match &fields[..] {
            [only] if only.name() != "movetext" => Some(only.data_type().clone()),
            _ => None,
        };
        let one_column = games.is_some();
        let data_type = games.unwrap_or(DataType::Struct(fields));
        let layout = Layout::of(&data_type).map_err(io::Error::other)?;
        let batches = builder.with_batch_size(ROWS).build().map_err(not_parquet)?;
        let arrays = batches.map(move |batch| batch.and_then(|batch| array(batch, one_column)));
        let text = ArrowText::new(Box::new(arrays), layout);
        Ok(Box::new(Decoded::spawn(text)?))
    }

    /// A batch's rows as one array: its one column, or the table's rows.
    fn array(batch: RecordBatch, one_column: bool) -> Result<ArrayRef, ArrowError> {
        match one_column {
            true => (batch.columns().first().cloned())
                .ok_or_else(|| ArrowError::SchemaError("a batch without its column".into())),
            false => Ok(Arc::new(StructArray::from(batch))),
        }
    }

    fn not_parquet(error: ::parquet::errors::ParquetError) -> io::Error {
        io::Error::new(
            io::ErrorKind::InvalidData,
            format!("not a Parquet file that reads: {error}"),
        )
    }
}
