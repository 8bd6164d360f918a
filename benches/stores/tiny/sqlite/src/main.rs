//! `tiny-sqlite INDEX BUCKET`: the bytes of a bucket's blocks in an SQLite index, read from
//! the file's bytes in memory (as a web page holds a file the user opened) by
//! `sqlite3_deserialize`.

use rusqlite::{Connection, DatabaseName};

/// The bytes of the blocks of `bucket` in the index `bytes`.
pub fn bucket_bytes(bytes: &[u8], bucket: u64) -> rusqlite::Result<usize> {
    let mut conn = Connection::open_in_memory()?;
    conn.deserialize_read_exact(DatabaseName::Main, bytes, bytes.len(), true)?;
    let (low, high) = ((bucket << 32) as i64, (bucket << 32 | u64::from(u32::MAX)) as i64);
    let mut select = conn.prepare("SELECT length(v) FROM blocks WHERE id BETWEEN ?1 AND ?2")?;
    let lengths = select.query_map([low, high], |row| row.get::<_, usize>(0))?;
    lengths.sum()
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().collect();
    let (Some(path), Some(bucket)) = (args.get(1), args.get(2)) else {
        return Err("usage: tiny-sqlite INDEX BUCKET".into());
    };
    println!("{}", bucket_bytes(&std::fs::read(path)?, bucket.parse()?)?);
    Ok(())
}
