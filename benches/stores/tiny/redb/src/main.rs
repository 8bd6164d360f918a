//! `tiny-redb INDEX BUCKET`: the bytes of a bucket's blocks in a redb index, read from the
//! file's bytes in memory (as a web page holds a file the user opened) through a read-only
//! backend.

use std::io::{Error, ErrorKind};

use redb::{Builder, ReadableDatabase, StorageBackend, TableDefinition};

const BLOCKS: TableDefinition<u64, &[u8]> = TableDefinition::new("blocks");

/// A database file's bytes, read-only.
#[derive(Debug)]
struct Bytes(Vec<u8>);

impl StorageBackend for Bytes {
    fn len(&self) -> Result<u64, Error> {
        Ok(self.0.len() as u64)
    }

    fn read(&self, offset: u64, out: &mut [u8]) -> Result<(), Error> {
        let start = usize::try_from(offset).map_err(|_| Error::from(ErrorKind::InvalidInput))?;
        let bytes = self.0.get(start..start + out.len());
        out.copy_from_slice(bytes.ok_or(Error::from(ErrorKind::UnexpectedEof))?);
        Ok(())
    }

    fn set_len(&self, _: u64) -> Result<(), Error> {
        Err(Error::from(ErrorKind::ReadOnlyFilesystem))
    }

    fn sync_data(&self) -> Result<(), Error> {
        Ok(())
    }

    fn write(&self, _: u64, _: &[u8]) -> Result<(), Error> {
        Err(Error::from(ErrorKind::ReadOnlyFilesystem))
    }
}

/// The bytes of the blocks of `bucket` in the index `bytes`.
pub fn bucket_bytes(bytes: Vec<u8>, bucket: u64) -> Result<usize, redb::Error> {
    let db = Builder::new().open_read_only_with_backend(Bytes(bytes))?;
    let tx = db.begin_read()?;
    let table = tx.open_table(BLOCKS)?;
    let mut total = 0;
    for block in table.range(bucket << 32..=(bucket << 32 | u64::from(u32::MAX)))? {
        total += block?.1.value().len();
    }
    Ok(total)
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::hint::black_box(std::env::args().collect());
    let (Some(path), Some(bucket)) = (args.get(1), args.get(2)) else {
        return Err("usage: tiny-redb INDEX BUCKET".into());
    };
    // Opaque to the optimiser, which would otherwise drop the store's code from a wasm32
    // build, where reading a file always fails.
    let read = std::hint::black_box(std::fs::read(path));
    println!("{}", bucket_bytes(read?, bucket.parse()?)?);
    Ok(())
}
