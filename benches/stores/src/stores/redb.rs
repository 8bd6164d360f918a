//! redb: copy-on-write B+trees in one file; a commit with the default durability
//! (`Durability::Immediate`) is persistent when `commit` returns.

use std::path::Path;

use redb::{Database, ReadableDatabase, ReadableTable, TableDefinition, TableError};

use super::{Layout, Store, from_row_key, malformed, row_key};
use crate::Result;
use crate::blocks;
use crate::entries::{Batch, Entry};

const ROWS: TableDefinition<&[u8; 12], u16> = TableDefinition::new("rows");
const BLOCKS: TableDefinition<u64, &[u8]> = TableDefinition::new("blocks");

pub struct Redb {
    db: Database,
    layout: Layout,
}

impl Redb {
    pub fn open(dir: &Path, layout: Layout) -> Result<Redb> {
        let db = Database::create(dir.join("index.redb"))?;
        Ok(Redb { db, layout })
    }
}

impl Store for Redb {
    fn load(&mut self, batch: &Batch) -> Result<()> {
        let tx = self.db.begin_write()?;
        match self.layout {
            Layout::Rows => {
                let mut table = tx.open_table(ROWS)?;
                for e in &batch.entries {
                    table.insert(&row_key(e.key, e.game), e.ply)?;
                }
            }
            Layout::Blocks { bits } => {
                let mut table = tx.open_table(BLOCKS)?;
                for (key, value) in blocks::encode(batch, bits) {
                    table.insert(key, value.as_slice())?;
                }
            }
        }
        tx.commit()?;
        Ok(())
    }

    fn lookup(&self, key: u64, out: &mut Vec<(u32, u16)>) -> Result<()> {
        let tx = self.db.begin_read()?;
        match self.layout {
            Layout::Rows => {
                let table = tx.open_table(ROWS)?;
                let (low, high) = (row_key(key, 0), row_key(key, u32::MAX));
                for row in table.range::<&[u8; 12]>(&low..=&high)? {
                    let (k, ply) = row?;
                    let (_, game) = from_row_key(k.value()).ok_or_else(|| malformed("row"))?;
                    out.push((game, ply.value()));
                }
            }
            Layout::Blocks { bits } => {
                let table = tx.open_table(BLOCKS)?;
                let (low, high) = blocks::bucket_range(blocks::bucket(key, bits));
                for block in table.range(low..=high)? {
                    let (_, value) = block?;
                    blocks::find(value.value(), key, bits, out)
                        .ok_or_else(|| malformed("block"))?;
                }
            }
        }
        Ok(())
    }

    fn scan(&self, out: &mut Vec<Entry>) -> Result<()> {
        let tx = self.db.begin_read()?;
        match self.layout {
            Layout::Rows => {
                let Some(table) = absent_is_empty(tx.open_table(ROWS))? else {
                    return Ok(());
                };
                for row in table.iter()? {
                    let (k, ply) = row?;
                    let (key, game) = from_row_key(k.value()).ok_or_else(|| malformed("row"))?;
                    out.push(Entry {
                        key,
                        game,
                        ply: ply.value(),
                    });
                }
            }
            Layout::Blocks { bits } => {
                let Some(table) = absent_is_empty(tx.open_table(BLOCKS))? else {
                    return Ok(());
                };
                for block in table.iter()? {
                    let (key, value) = block?;
                    blocks::decode(key.value(), value.value(), bits, out)
                        .ok_or_else(|| malformed("block"))?;
                }
            }
        }
        Ok(())
    }

    fn compact(&mut self) -> Result<bool> {
        self.db.compact()?;
        Ok(true)
    }
}

/// A table, or `None` where no transaction created it yet (a store killed before its first
/// commit).
fn absent_is_empty<T>(table: std::result::Result<T, TableError>) -> Result<Option<T>> {
    match table {
        Ok(table) => Ok(Some(table)),
        Err(TableError::TableDoesNotExist(_)) => Ok(None),
        Err(error) => Err(error.into()),
    }
}
