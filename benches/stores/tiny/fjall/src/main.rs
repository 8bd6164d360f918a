//! `tiny-fjall DIR BUCKET`: the bytes of a bucket's blocks in a fjall index (a directory of
//! journal and table files, read through the file system: fjall has no other backend).

use fjall::{Database, KeyspaceCreateOptions};

/// The bytes of the blocks of `bucket` in the index in `dir`.
pub fn bucket_bytes(dir: &str, bucket: u64) -> fjall::Result<usize> {
    let db = Database::builder(dir).open()?;
    let blocks = db.keyspace("blocks", KeyspaceCreateOptions::default)?;
    let (low, high) = (bucket << 32, bucket << 32 | u64::from(u32::MAX));
    let mut total = 0;
    for block in blocks.range(low.to_be_bytes()..=high.to_be_bytes()) {
        total += block.value()?.len();
    }
    Ok(total)
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::hint::black_box(std::env::args().collect());
    let (Some(dir), Some(bucket)) = (args.get(1), args.get(2)) else {
        return Err("usage: tiny-fjall DIR BUCKET".into());
    };
    println!(
        "{}",
        bucket_bytes(std::hint::black_box(dir), bucket.parse()?)?
    );
    Ok(())
}
