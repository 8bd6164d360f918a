//! The positions table as a Hive-style partitioned dataset: `DIR/key_prefix=N/part-0.parquet`,
//! a file for each value `N` of the top bits of the rows' `key`. A reader that asks for one
//! position (`key = …`) reads one file, and a cluster spreads the files over its machines
//! (DuckDB, Spark, pyarrow read the layout as a column `key_prefix`).
//!
//! Memory is bounded by a budget, not the input: the rows held for all files together are at
//! most the budget; past it the file holding the most writes them out as a row group (only
//! the footers, a few bytes a column a row group, grow with the input). The files are
//! appended to, each opened for the moment of a write, so that thousands of partitions need
//! no more open files than one.
//!
//! ```
//! use jaque::input::Settings;
//! use jaque::table::parquet::{Dataset, PartitionBits};
//! use jaque::table::{Ends, Table, read_with_ends};
//! let dir = std::env::temp_dir().join(format!("jaque-dataset-doc-{}", std::process::id()));
//! let bits = PartitionBits::new(2).unwrap();
//! let mut dataset = Dataset::new(&dir, bits, &Table::Positions.schema(), 1 << 16)?;
//! let text: &[u8] = b"1. e4 e5 *\n";
//! let rows = (Table::Positions, Ends::Included);
//! for batch in read_with_ends(Box::new(text), ("a.pgn", 0), rows, &Settings::default(), 64)? {
//!     dataset.write(&batch?)?;
//! }
//! let files = dataset.finish()?;
//! assert!(files.iter().all(|f| f.starts_with(&dir) && f.ends_with("part-0.parquet")));
//! std::fs::remove_dir_all(&dir)?;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::collections::BTreeMap;
use std::collections::btree_map::Entry;
use std::fs::{File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use super::Writer;
use crate::table::{Batch, Column, Values};

/// The column a dataset is partitioned by, and the name of its directories' column.
pub const KEY: &str = "key";
/// The partition column as the directory names give it.
pub const PARTITION: &str = "key_prefix";

/// How many top bits of the key name a partition: 0 (one file) to [`PartitionBits::MAX`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PartitionBits(u8);

impl PartitionBits {
    /// The most: 65,536 partitions, past which files get too small to be worth it.
    pub const MAX: u8 = 16;

    /// `bits`, if at most [`PartitionBits::MAX`].
    pub fn new(bits: u8) -> Option<PartitionBits> {
        (bits <= Self::MAX).then_some(PartitionBits(bits))
    }

    /// The partition of `key`: its top bits, as SQL writes it `key >> (64 - bits)`.
    pub fn prefix(self, key: u64) -> u64 {
        key.checked_shr(64 - u32::from(self.0)).unwrap_or(0)
    }
}

/// A partitioned dataset being written: batches go in, each row to its partition's file.
pub struct Dataset {
    dir: PathBuf,
    bits: PartitionBits,
    schema: Vec<Column>,
    /// The files of the partitions seen so far, by prefix.
    parts: BTreeMap<u64, Writer<Appender>>,
    /// Rows held for all the files together at most.
    budget: usize,
}

impl Dataset {
    /// A dataset of the columns of `schema` (which has a `key` of unsigned 64-bit integers)
    /// in `dir`, created if need be; at most `budget` rows held in memory.
    pub fn new(
        dir: &Path,
        bits: PartitionBits,
        schema: &[Column],
        budget: usize,
    ) -> io::Result<Dataset> {
        if !schema.iter().any(|c| c.name == KEY) {
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                "only a table with a key column can be partitioned",
            ));
        }
        std::fs::create_dir_all(dir)?;
        Ok(Dataset {
            dir: dir.to_path_buf(),
            bits,
            schema: schema.to_vec(),
            parts: BTreeMap::new(),
            budget: budget.max(1),
        })
    }

    /// Adds `batch`'s rows, each to the file of its key's partition.
    pub fn write(&mut self, batch: &Batch) -> io::Result<()> {
        let Some(Values::U64(keys)) = batch.column(KEY).map(|c| &c.values) else {
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                "the batch has no key column",
            ));
        };
        let mut rows: BTreeMap<u64, Vec<usize>> = BTreeMap::new();
        for (row, &key) in keys.iter().enumerate() {
            rows.entry(self.bits.prefix(key)).or_default().push(row);
        }
        for (prefix, rows) in rows {
            let writer = match self.parts.entry(prefix) {
                Entry::Occupied(part) => part.into_mut(),
                Entry::Vacant(part) => {
                    let file = Appender::create(&self.dir, prefix)?;
                    let writer = Writer::new(file, &self.schema)?.row_group_rows(usize::MAX);
                    part.insert(writer)
                }
            };
            writer.write(&batch.take(&rows))?;
        }
        self.hold_no_more_than_the_budget()
    }

    /// Writes out the fullest partitions' rows until those held fit the budget.
    fn hold_no_more_than_the_budget(&mut self) -> io::Result<()> {
        let mut held: usize = self.parts.values().map(Writer::pending_rows).sum();
        while held > self.budget {
            let fullest = self.parts.values_mut().max_by_key(|w| w.pending_rows());
            let Some(fullest) = fullest else { break };
            held -= fullest.pending_rows();
            fullest.flush()?;
        }
        Ok(())
    }

    /// Writes what is left and each file's footer, each file on disk: the files, by prefix.
    pub fn finish(self) -> io::Result<Vec<PathBuf>> {
        let mut files = Vec::with_capacity(self.parts.len());
        for writer in self.parts.into_values() {
            let file = writer.finish()?;
            File::open(&file.path)?.sync_all()?;
            files.push(file.path);
        }
        Ok(files)
    }
}

/// A file written in pieces, opened to append each and closed after: the bytes written are
/// held until a flush.
struct Appender {
    path: PathBuf,
    held: Vec<u8>,
}

impl Appender {
    /// The empty file of partition `prefix` in `dir`, its directory made.
    fn create(dir: &Path, prefix: u64) -> io::Result<Appender> {
        let partition = dir.join(format!("{PARTITION}={prefix}"));
        std::fs::create_dir_all(&partition)?;
        let path = partition.join("part-0.parquet");
        File::create(&path)?;
        Ok(Appender {
            path,
            held: Vec::new(),
        })
    }
}

impl Write for Appender {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.held.extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        if self.held.is_empty() {
            return Ok(());
        }
        let mut file = OpenOptions::new().append(true).open(&self.path)?;
        file.write_all(&self.held)?;
        self.held = Vec::new();
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_prefix_is_the_top_bits_of_the_key() {
        let key = 0xABCD_0000_0000_0001;
        let prefix = |bits| PartitionBits::new(bits).map(|b| b.prefix(key));
        assert_eq!(prefix(0), Some(0));
        assert_eq!(prefix(4), Some(0xA));
        assert_eq!(prefix(16), Some(0xABCD));
        assert_eq!(prefix(17), None);
    }
}
