//! fjall: an LSM-tree (journal, memtable, sorted tables compacted in the background,
//! LZ4-compressed blocks). A batch is one atomic `WriteBatch`, persisted with
//! `PersistMode::SyncAll` before it returns.

use std::path::Path;

use fjall::{Database, Keyspace, KeyspaceCreateOptions, PersistMode};

use super::{Layout, Store, from_row_key, malformed, row_key};
use crate::Result;
use crate::blocks;
use crate::entries::{Batch, Entry};

pub struct Fjall {
    db: Database,
    keyspace: Keyspace,
    layout: Layout,
}

impl Fjall {
    pub fn open(dir: &Path, layout: Layout) -> Result<Fjall> {
        let db = Database::builder(dir).open()?;
        let name = match layout {
            Layout::Rows => "rows",
            Layout::Blocks { .. } => "blocks",
        };
        let keyspace = db.keyspace(name, KeyspaceCreateOptions::default)?;
        Ok(Fjall {
            db,
            keyspace,
            layout,
        })
    }
}

impl Store for Fjall {
    fn load(&mut self, batch: &Batch) -> Result<()> {
        let mut write = self.db.batch().durability(Some(PersistMode::SyncAll));
        match self.layout {
            Layout::Rows => {
                for e in &batch.entries {
                    write.insert(&self.keyspace, row_key(e.key, e.game), e.ply.to_be_bytes());
                }
            }
            Layout::Blocks { bits } => {
                for (key, value) in blocks::encode(batch, bits) {
                    write.insert(&self.keyspace, key.to_be_bytes(), value);
                }
            }
        }
        write.commit()?;
        Ok(())
    }

    fn lookup(&self, key: u64, out: &mut Vec<(u32, u16)>) -> Result<()> {
        match self.layout {
            Layout::Rows => {
                let range = row_key(key, 0)..=row_key(key, u32::MAX);
                for row in self.keyspace.range(range) {
                    let (k, ply) = row.into_inner()?;
                    let (_, game) = from_row_key(&k).ok_or_else(|| malformed("row"))?;
                    out.push((game, ply_of(&ply)?));
                }
            }
            Layout::Blocks { bits } => {
                let (low, high) = blocks::bucket_range(blocks::bucket(key, bits));
                for block in self.keyspace.range(low.to_be_bytes()..=high.to_be_bytes()) {
                    let (_, value) = block.into_inner()?;
                    blocks::find(&value, key, bits, out).ok_or_else(|| malformed("block"))?;
                }
            }
        }
        Ok(())
    }

    fn scan(&self, out: &mut Vec<Entry>) -> Result<()> {
        for item in self.keyspace.iter() {
            let (k, value) = item.into_inner()?;
            match self.layout {
                Layout::Rows => {
                    let (key, game) = from_row_key(&k).ok_or_else(|| malformed("row"))?;
                    out.push(Entry {
                        key,
                        game,
                        ply: ply_of(&value)?,
                    });
                }
                Layout::Blocks { bits } => {
                    let block = <[u8; 8]>::try_from(&k[..]).map_err(|_| malformed("block key"))?;
                    blocks::decode(u64::from_be_bytes(block), &value, bits, out)
                        .ok_or_else(|| malformed("block"))?;
                }
            }
        }
        Ok(())
    }

    /// Flushes the memtable, then a major compaction (`Keyspace::major_compact`, hidden
    /// from fjall's documentation but public).
    fn compact(&mut self) -> Result<bool> {
        self.keyspace.rotate_memtable_and_wait()?;
        self.keyspace.major_compact()?;
        self.db.persist(PersistMode::SyncAll)?;
        Ok(true)
    }
}

fn ply_of(bytes: &[u8]) -> Result<u16> {
    let bytes = <[u8; 2]>::try_from(bytes).map_err(|_| malformed("ply"))?;
    Ok(u16::from_be_bytes(bytes))
}
