//! `tiny-sqlite INDEX BUCKET`: the bytes of a bucket's blocks in an SQLite index, read from
//! the file's bytes in memory (as a web page holds a file the user opened) by
//! `sqlite3_deserialize`. A database in WAL mode says so in its header (bytes 18 and 19 are
//! 2), which an in-memory database cannot open: they are set back to 1 (rollback journal),
//! the file being whole once checkpointed.

use rusqlite::{Connection, MAIN_DB};

/// The bytes of the blocks of `bucket` in the index `bytes`.
pub fn bucket_bytes(mut bytes: Vec<u8>, bucket: u64) -> rusqlite::Result<usize> {
    if let Some(versions @ [2, 2]) = bytes.get_mut(18..20) {
        versions.copy_from_slice(&[1, 1]);
    }
    let mut conn = Connection::open_in_memory()?;
    conn.deserialize_read_exact(MAIN_DB, &bytes[..], bytes.len(), true)?;
    let (low, high) = (
        (bucket << 32) as i64,
        (bucket << 32 | u64::from(u32::MAX)) as i64,
    );
    let mut select = conn.prepare("SELECT length(v) FROM blocks WHERE id BETWEEN ?1 AND ?2")?;
    let lengths = select.query_map([low, high], |row| row.get::<_, i64>(0))?;
    lengths
        .map(|length| Ok(usize::try_from(length?).unwrap_or(0)))
        .sum()
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::hint::black_box(std::env::args().collect());
    let (Some(path), Some(bucket)) = (args.get(1), args.get(2)) else {
        return Err("usage: tiny-sqlite INDEX BUCKET".into());
    };
    // Opaque to the optimiser, which would otherwise drop the store's code from a wasm32
    // build, where reading a file always fails.
    let read = std::hint::black_box(std::fs::read(path));
    println!("{}", bucket_bytes(read?, bucket.parse()?)?);
    Ok(())
}
