//! The tables as Parquet files, written here: a file's few structures (pages, a footer of
//! Thrift structs) for the types the tables use, each column chunk's values in a dictionary
//! while it stays small and plain after, each page compressed with zstd. Readers (pyarrow, polars, duckdb, Spark) read them as the
//! tables' Arrow schemas: unsigned integers, lists and maps keep their logical types.
//!
//! ```
//! use jaque::input::Settings;
//! use jaque::table::parquet::Writer;
//! use jaque::table::{Table, read};
//! let text: &[u8] = b"1. e4 e5 2. Nf3 *\n";
//! let mut writer = Writer::new(Vec::new(), &Table::Moves.schema()).unwrap();
//! for batch in read(Box::new(text), ("a.pgn", 0), Table::Moves, &Settings::default(), 64)? {
//!     writer.write(&batch?)?;
//! }
//! let file = writer.finish()?;
//! assert!(file.starts_with(b"PAR1") && file.ends_with(b"PAR1"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod dataset;
mod dictionary;
mod schema;
mod shred;
mod statistics;
mod thrift;

use std::io::{self, Write};

use super::{Batch, Column};
use dictionary::{Dictionary, encode_indices};
use schema::{Element, Leaf};
use shred::{Levels, encode_booleans, encode_levels, encode_values, shred};
use statistics::Statistics;
use thrift::{Kind, Thrift};

pub use dataset::{Dataset, PartitionBits};

/// A page is written once its values and levels pass this size (parquet-rs's and
/// pyarrow's default): a batch's at least, so a page ends where a row does.
const PAGE_BYTES: usize = 1 << 20;
/// A row group is written once it holds this many rows, unless said (parquet-rs's default).
const ROW_GROUP_ROWS: usize = 1 << 20;
/// zstd's level for the pages (parquet-rs's default).
const ZSTD_LEVEL: i32 = 1;
const MAGIC: &[u8] = b"PAR1";
const CODEC_ZSTD: i32 = 6;
const ENCODING_PLAIN: i32 = 0;
const ENCODING_RLE: i32 = 3;
const ENCODING_RLE_DICTIONARY: i32 = 8;
const PAGE_DATA: i32 = 0;
const PAGE_DICTIONARY: i32 = 2;

/// A Parquet file being written: batches of one schema go in, each leaf column's pages are
/// kept until a row group is complete, and [`Writer::finish`] writes the footer.
pub struct Writer<W: Write> {
    out: W,
    /// Bytes written.
    offset: u64,
    schema: Vec<Element>,
    columns: usize,
    leaves: Vec<LeafChunk>,
    row_groups: Vec<RowGroup>,
    /// Rows a row group at least (the last excepted).
    row_group_rows: usize,
    /// Rows in the row group being filled, and in the file.
    group_rows: usize,
    rows: u64,
}

/// A leaf column's row group being filled.
struct LeafChunk {
    leaf: Leaf,
    /// The page being filled: its levels, and its values, plain or as indices into the
    /// dictionary.
    levels: Levels,
    values: Vec<u8>,
    booleans: Vec<bool>,
    indices: Vec<u32>,
    /// The chunk's dictionary, while its values are written to it (never for booleans),
    /// and once it is full, the pages before written with it.
    dictionary: Option<Dictionary>,
    full: Option<Dictionary>,
    /// The row group's data pages so far, each a header and its compressed body; whether
    /// one is dictionary-encoded, and whether one is plain.
    pages: Vec<u8>,
    paged: Encodings,
    statistics: Statistics,
    slots: i64,
    uncompressed: i64,
}

/// The encodings of a chunk's data pages.
#[derive(Clone, Copy, Default)]
struct Encodings {
    dictionary: bool,
    plain: bool,
}

/// A row group written: where each leaf's chunk is.
struct RowGroup {
    chunks: Vec<Chunk>,
    rows: i64,
}

struct Chunk {
    /// Where its first page is: the dictionary's if it has one.
    offset: i64,
    /// Where its data pages begin.
    data: i64,
    dictionary: bool,
    statistics: Statistics,
    compressed: i64,
    uncompressed: i64,
    slots: i64,
}

impl<W: Write> Writer<W> {
    /// A file of the columns of `schema` (a batch's columns, their values ignored).
    pub fn new(mut out: W, schema: &[Column]) -> io::Result<Writer<W>> {
        out.write_all(MAGIC)?;
        let (schema, leaves) = schema::flatten(schema);
        let leaves = (leaves.into_iter())
            .map(|leaf| LeafChunk {
                dictionary: leaf.dictionary().then(Dictionary::default),
                full: None,
                leaf,
                levels: Levels::default(),
                values: Vec::new(),
                booleans: Vec::new(),
                indices: Vec::new(),
                pages: Vec::new(),
                paged: Encodings::default(),
                statistics: Statistics::default(),
                slots: 0,
                uncompressed: 0,
            })
            .collect();
        Ok(Writer {
            out,
            offset: MAGIC.len() as u64,
            columns: schema.first().map_or(0, |root| root.children as usize),
            schema,
            leaves,
            row_groups: Vec::new(),
            row_group_rows: ROW_GROUP_ROWS,
            group_rows: 0,
            rows: 0,
        })
    }

    /// Its row groups made of whole batches, each closed once it holds `rows` rows
    /// (1,048,576 unless said): smaller ones let readers skip more and hold less.
    pub fn row_group_rows(mut self, rows: usize) -> Writer<W> {
        self.row_group_rows = rows.max(1);
        self
    }

    /// Adds `batch`'s rows; its columns are the schema's.
    pub fn write(&mut self, batch: &Batch) -> io::Result<()> {
        if batch.columns.len() != self.columns {
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                "the batch's columns are not the file's",
            ));
        }
        let rows = batch.num_rows();
        for chunk in &mut self.leaves {
            let Some(column) = batch.columns.get(chunk.leaf.top) else {
                continue;
            };
            let before = chunk.levels.len();
            shred(column, &chunk.leaf.path, rows, &mut chunk.levels);
            if let Some(leaf) = shred::leaf(column, &chunk.leaf.path) {
                let present = &chunk.levels.values;
                let missing = (chunk.levels.len() - before).saturating_sub(present.len());
                chunk.statistics.add(leaf, present, missing);
                chunk.values_of(leaf);
            }
            chunk.levels.values.clear();
            let indices = chunk.indices.len() * 4 + chunk.booleans.len() / 8;
            let full = chunk.dictionary.as_ref().is_some_and(Dictionary::is_full);
            if full || chunk.values.len() + indices + chunk.levels.len() >= PAGE_BYTES {
                chunk.page()?;
            }
        }
        self.group_rows += rows;
        self.rows += rows as u64;
        if self.group_rows >= self.row_group_rows {
            self.row_group()?;
        }
        Ok(())
    }

    /// The rows added since the last row group was written: held in memory until it is.
    pub fn pending_rows(&self) -> usize {
        self.group_rows
    }

    /// Writes the row group being filled, however few its rows, and flushes the output; the
    /// buffers that held its rows are let go, for a writer of many that waits its turn.
    pub fn flush(&mut self) -> io::Result<()> {
        self.row_group()?;
        for leaf in &mut self.leaves {
            leaf.levels = Levels::default();
            (leaf.values, leaf.booleans, leaf.indices) = (Vec::new(), Vec::new(), Vec::new());
        }
        self.out.flush()
    }

    /// Writes the row group being filled.
    fn row_group(&mut self) -> io::Result<()> {
        if self.group_rows == 0 {
            return Ok(());
        }
        let mut chunks = Vec::with_capacity(self.leaves.len());
        for leaf in &mut self.leaves {
            leaf.page()?;
            let offset = self.offset as i64;
            let dictionary = leaf.dictionary_page()?;
            self.out.write_all(&dictionary)?;
            self.out.write_all(&leaf.pages)?;
            let written = (dictionary.len() + leaf.pages.len()) as i64;
            chunks.push(Chunk {
                offset,
                data: offset + dictionary.len() as i64,
                dictionary: !dictionary.is_empty(),
                statistics: std::mem::take(&mut leaf.statistics),
                compressed: written,
                uncompressed: leaf.uncompressed,
                slots: leaf.slots,
            });
            self.offset += written as u64;
            leaf.restart();
        }
        let rows = self.group_rows as i64;
        self.row_groups.push(RowGroup { chunks, rows });
        self.group_rows = 0;
        Ok(())
    }

    /// Writes what is left and the footer; the output, flushed.
    pub fn finish(mut self) -> io::Result<W> {
        self.row_group()?;
        let footer = self.footer();
        self.out.write_all(&footer)?;
        let length = u32::try_from(footer.len()).map_err(|_| too_large())?;
        self.out.write_all(&length.to_le_bytes())?;
        self.out.write_all(MAGIC)?;
        self.out.flush()?;
        Ok(self.out)
    }

    /// The file's metadata, a Thrift `FileMetaData`.
    fn footer(&self) -> Vec<u8> {
        let mut meta = Thrift::new();
        meta.i32(1, 1);
        meta.list(2, Kind::Struct, self.schema.len());
        for element in &self.schema {
            element.write(&mut meta);
        }
        meta.i64(3, self.rows as i64);
        meta.list(4, Kind::Struct, self.row_groups.len());
        for group in &self.row_groups {
            self.write_row_group(group, &mut meta);
        }
        let created_by = concat!("jaque version ", env!("CARGO_PKG_VERSION"));
        meta.binary(6, created_by.as_bytes());
        // Each leaf's values compare as its logical type says: statistics readers can trust.
        meta.list(7, Kind::Struct, self.leaves.len());
        for _ in &self.leaves {
            meta.element_struct();
            meta.begin(1);
            meta.end();
            meta.end();
        }
        meta.finish()
    }

    fn write_row_group(&self, group: &RowGroup, meta: &mut Thrift) {
        meta.element_struct();
        meta.list(1, Kind::Struct, group.chunks.len());
        for (chunk, leaf) in group.chunks.iter().zip(&self.leaves) {
            meta.element_struct();
            meta.i64(2, chunk.offset);
            meta.begin(3);
            meta.i32(1, leaf.leaf.physical as i32);
            let mut encodings = vec![ENCODING_PLAIN, ENCODING_RLE];
            if chunk.dictionary {
                encodings.push(ENCODING_RLE_DICTIONARY);
            }
            meta.list(2, Kind::I32, encodings.len());
            encodings.into_iter().for_each(|e| meta.element_i32(e));
            meta.list(3, Kind::Binary, leaf.leaf.names.len());
            for name in &leaf.leaf.names {
                meta.element_binary(name.as_bytes());
            }
            meta.i32(4, CODEC_ZSTD);
            meta.i64(5, chunk.slots);
            meta.i64(6, chunk.uncompressed);
            meta.i64(7, chunk.compressed);
            meta.i64(9, chunk.data);
            if chunk.dictionary {
                meta.i64(11, chunk.offset);
            }
            chunk.statistics.write(meta, leaf.leaf.max_repetition > 0);
            meta.end();
            meta.end();
        }
        let sizes = |size: fn(&Chunk) -> i64| group.chunks.iter().map(size).sum::<i64>();
        meta.i64(2, sizes(|c| c.uncompressed));
        meta.i64(3, group.rows);
        let first = group.chunks.first().map_or(0, |chunk| chunk.offset);
        meta.i64(5, first);
        meta.i64(6, sizes(|c| c.compressed));
        meta.end();
    }
}

impl LeafChunk {
    /// Adds the values of the page's slots, rows of `leaf`: to the dictionary while it is not
    /// full, plain after.
    fn values_of(&mut self, leaf: &Column) {
        let rows = &self.levels.values;
        let Some(dictionary) = &mut self.dictionary else {
            return encode_values(leaf, rows, (&mut self.values, &mut self.booleans));
        };
        if let Some((words, width)) = shred::words(leaf, rows) {
            let indices = words.map(|word| dictionary.word(word, width));
            return self.indices.extend(indices);
        }
        let texts = rows.iter().map(|&row| shred::text(leaf, row));
        self.indices.extend(texts.map(|text| dictionary.text(text)));
    }

    /// Ends the page being filled: its levels and values, compressed, after its header. A
    /// dictionary that passed its limit ends with it.
    fn page(&mut self) -> io::Result<()> {
        let slots = self.levels.len();
        if slots == 0 {
            return Ok(());
        }
        let mut body = Vec::with_capacity(self.values.len() + self.indices.len() + slots / 4);
        if self.leaf.max_repetition > 0 {
            encode_levels(&self.levels.repetition, &mut body);
        }
        if self.leaf.max_definition > 0 {
            encode_levels(&self.levels.definition, &mut body);
        }
        let encoding = match &self.dictionary {
            Some(dictionary) if !self.indices.is_empty() => {
                encode_indices(&self.indices, dictionary.len(), &mut body);
                self.paged.dictionary = true;
                ENCODING_RLE_DICTIONARY
            }
            _ => {
                body.extend_from_slice(&self.values);
                encode_booleans(&self.booleans, &mut body);
                self.paged.plain = true;
                ENCODING_PLAIN
            }
        };
        let compressed = zstd::bulk::compress(&body, ZSTD_LEVEL)?;
        let values = size(slots)?;
        let header = page_header(PAGE_DATA, (body.len(), compressed.len()), |header| {
            header.begin(5);
            header.i32(1, values);
            header.i32(2, encoding);
            header.i32(3, ENCODING_RLE);
            header.i32(4, ENCODING_RLE);
            header.end();
        })?;
        self.pages.extend_from_slice(&header);
        self.pages.extend_from_slice(&compressed);
        self.slots += slots as i64;
        self.uncompressed += (header.len() + body.len()) as i64;
        self.levels.repetition.clear();
        self.levels.definition.clear();
        self.values.clear();
        self.booleans.clear();
        self.indices.clear();
        if self.dictionary.as_ref().is_some_and(Dictionary::is_full) {
            // The values written so far keep their dictionary: it is the chunk's still.
            self.full = self.dictionary.take();
        }
        Ok(())
    }

    /// The chunk's dictionary page, header and body, if a data page refers to it.
    fn dictionary_page(&mut self) -> io::Result<Vec<u8>> {
        let dictionary = self.dictionary.as_ref().or(self.full.as_ref());
        let Some(dictionary) = dictionary.filter(|_| self.paged.dictionary) else {
            return Ok(Vec::new());
        };
        let entries = size(dictionary.len())?;
        let compressed = zstd::bulk::compress(&dictionary.plain, ZSTD_LEVEL)?;
        let sizes = (dictionary.plain.len(), compressed.len());
        let mut page = page_header(PAGE_DICTIONARY, sizes, |header| {
            header.begin(7);
            header.i32(1, entries);
            header.i32(2, ENCODING_PLAIN);
            header.end();
        })?;
        self.uncompressed += (page.len() + dictionary.plain.len()) as i64;
        page.extend_from_slice(&compressed);
        Ok(page)
    }

    /// Ready for the next row group: a dictionary of its own.
    fn restart(&mut self) {
        (self.pages, self.slots, self.uncompressed) = (Vec::new(), 0, 0);
        self.paged = Encodings::default();
        self.full = None;
        self.dictionary = self.leaf.dictionary().then(Dictionary::default);
    }
}

/// A page's header: its type, its sizes, then what `fields` writes.
fn page_header(
    kind: i32,
    (body, compressed): (usize, usize),
    fields: impl FnOnce(&mut Thrift),
) -> io::Result<Vec<u8>> {
    let mut header = Thrift::new();
    header.i32(1, kind);
    header.i32(2, size(body)?);
    header.i32(3, size(compressed)?);
    fields(&mut header);
    Ok(header.finish())
}

/// A size as Thrift's `i32`.
fn size(bytes: usize) -> io::Result<i32> {
    i32::try_from(bytes).map_err(|_| too_large())
}

fn too_large() -> io::Error {
    io::Error::new(
        io::ErrorKind::InvalidData,
        "a page over 2 GiB cannot be written to Parquet",
    )
}
