//! SQLite through rusqlite (the library compiled in, `bundled`): write-ahead log with
//! `synchronous = FULL`, so that a committed transaction survives a power loss too, and a
//! page cache as large as redb's default (1 GiB).

use std::path::Path;

use rusqlite::{Connection, params};

use super::{Layout, Store, malformed};
use crate::Result;
use crate::blocks;
use crate::entries::{Batch, Entry};

const SCHEMA: &str = "
    PRAGMA journal_mode = WAL;
    PRAGMA synchronous = FULL;
    PRAGMA cache_size = -1048576;
    CREATE TABLE IF NOT EXISTS rows (
        key INTEGER, game INTEGER, ply INTEGER, PRIMARY KEY (key, game)
    ) WITHOUT ROWID;
    CREATE TABLE IF NOT EXISTS blocks (id INTEGER PRIMARY KEY, v BLOB NOT NULL);
";

pub struct Sqlite {
    conn: Connection,
    layout: Layout,
}

impl Sqlite {
    pub fn open(dir: &Path, layout: Layout) -> Result<Sqlite> {
        if matches!(layout, Layout::Blocks { bits: 32.. }) {
            return Err(
                "SQLite's blocks take at most 31 bucket bits (its integers are signed)".into(),
            );
        }
        let conn = Connection::open(dir.join("index.sqlite"))?;
        conn.execute_batch(SCHEMA)?;
        Ok(Sqlite { conn, layout })
    }
}

/// A position key as SQLite's signed integer, bit for bit.
fn signed(key: u64) -> i64 {
    key as i64
}

impl Store for Sqlite {
    fn load(&mut self, batch: &Batch) -> Result<()> {
        let tx = self.conn.transaction()?;
        match self.layout {
            Layout::Rows => {
                let mut insert = tx.prepare_cached("INSERT INTO rows VALUES (?1, ?2, ?3)")?;
                for e in &batch.entries {
                    insert.execute(params![signed(e.key), e.game, e.ply])?;
                }
            }
            Layout::Blocks { bits } => {
                let mut insert = tx.prepare_cached("INSERT INTO blocks VALUES (?1, ?2)")?;
                for (key, value) in blocks::encode(batch, bits) {
                    insert.execute(params![signed(key), value])?;
                }
            }
        }
        tx.commit()?;
        Ok(())
    }

    fn lookup(&self, key: u64, out: &mut Vec<(u32, u16)>) -> Result<()> {
        match self.layout {
            Layout::Rows => {
                let mut select = self
                    .conn
                    .prepare_cached("SELECT game, ply FROM rows WHERE key = ?1")?;
                let mut rows = select.query([signed(key)])?;
                while let Some(row) = rows.next()? {
                    out.push((row.get(0)?, row.get(1)?));
                }
            }
            Layout::Blocks { bits } => {
                let (low, high) = blocks::bucket_range(blocks::bucket(key, bits));
                let sql = "SELECT v FROM blocks WHERE id BETWEEN ?1 AND ?2";
                let mut select = self.conn.prepare_cached(sql)?;
                let mut rows = select.query([signed(low), signed(high)])?;
                while let Some(row) = rows.next()? {
                    let value = row.get_ref(0)?.as_blob()?;
                    blocks::find(value, key, bits, out).ok_or_else(|| malformed("block"))?;
                }
            }
        }
        Ok(())
    }

    fn scan(&self, out: &mut Vec<Entry>) -> Result<()> {
        match self.layout {
            Layout::Rows => {
                let mut select = self.conn.prepare("SELECT key, game, ply FROM rows")?;
                let mut rows = select.query([])?;
                while let Some(row) = rows.next()? {
                    let key = row.get::<_, i64>(0)? as u64;
                    out.push(Entry {
                        key,
                        game: row.get(1)?,
                        ply: row.get(2)?,
                    });
                }
            }
            Layout::Blocks { bits } => {
                let mut select = self.conn.prepare("SELECT id, v FROM blocks")?;
                let mut rows = select.query([])?;
                while let Some(row) = rows.next()? {
                    let key = row.get::<_, i64>(0)? as u64;
                    let value = row.get_ref(1)?.as_blob()?;
                    blocks::decode(key, value, bits, out).ok_or_else(|| malformed("block"))?;
                }
            }
        }
        Ok(())
    }

    /// `VACUUM`, the log checkpointed into the database and truncated before and after.
    fn compact(&mut self) -> Result<bool> {
        let sql = "PRAGMA wal_checkpoint(TRUNCATE); VACUUM; PRAGMA wal_checkpoint(TRUNCATE);";
        self.conn.execute_batch(sql)?;
        Ok(true)
    }
}
