//! The stores compared, each behind [`Store`], in either [`Layout`].

use std::path::Path;
use std::str::FromStr;

use crate::Result;
use crate::blocks;
use crate::entries::{Batch, Entry};

mod fjall;
mod redb;
mod sqlite;

/// What an index needs of its store.
pub trait Store {
    /// Writes a batch in one transaction, durable when this returns.
    fn load(&mut self, batch: &Batch) -> Result<()>;

    /// Appends every `(game, ply)` of `key` to `out`.
    fn lookup(&self, key: u64, out: &mut Vec<(u32, u16)>) -> Result<()>;

    /// Appends every entry to `out` (keys as the layout keeps them): the kill test's check.
    fn scan(&self, out: &mut Vec<Entry>) -> Result<()>;

    /// Compacts or vacuums, where the store can; `false` where it has no such thing.
    fn compact(&mut self) -> Result<bool>;
}

/// A store crate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Redb,
    Fjall,
    Sqlite,
}

impl Kind {
    pub const ALL: [Kind; 3] = [Kind::Redb, Kind::Fjall, Kind::Sqlite];

    pub fn name(self) -> &'static str {
        match self {
            Kind::Redb => "redb",
            Kind::Fjall => "fjall",
            Kind::Sqlite => "sqlite",
        }
    }
}

impl FromStr for Kind {
    type Err = String;

    fn from_str(name: &str) -> std::result::Result<Kind, String> {
        let found = Kind::ALL.into_iter().find(|kind| kind.name() == name);
        found.ok_or_else(|| format!("no store is named {name:?}: redb, fjall or sqlite"))
    }
}

/// How entries become the store's keys and values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layout {
    /// A row an entry: key (position key, game), value ply.
    Rows,
    /// A value per key-prefix bucket and batch ([`blocks`]), of `2^bits` buckets.
    Blocks { bits: u32 },
}

impl Layout {
    pub fn name(self) -> String {
        match self {
            Layout::Rows => "rows".into(),
            Layout::Blocks { bits } => format!("blocks{bits}"),
        }
    }

    /// A key as the layout keeps it.
    pub fn kept(self, key: u64) -> u64 {
        match self {
            Layout::Rows => key,
            Layout::Blocks { .. } => blocks::kept(key),
        }
    }
}

impl FromStr for Layout {
    type Err = String;

    /// `rows` or `blocksN` (N bucket bits, 1 to 32).
    fn from_str(name: &str) -> std::result::Result<Layout, String> {
        if name == "rows" {
            return Ok(Layout::Rows);
        }
        let bits = name
            .strip_prefix("blocks")
            .and_then(|bits| bits.parse().ok());
        match bits {
            Some(bits @ 1..=32) => Ok(Layout::Blocks { bits }),
            _ => Err(format!(
                "no layout is named {name:?}: rows or blocksN (N in 1..=32)"
            )),
        }
    }
}

/// Opens the store of `kind` in the directory `dir`, creating it where absent.
pub fn open(kind: Kind, layout: Layout, dir: &Path) -> Result<Box<dyn Store>> {
    std::fs::create_dir_all(dir)?;
    Ok(match kind {
        Kind::Redb => Box::new(redb::Redb::open(dir, layout)?),
        Kind::Fjall => Box::new(fjall::Fjall::open(dir, layout)?),
        Kind::Sqlite => Box::new(sqlite::Sqlite::open(dir, layout)?),
    })
}

/// The bytes the files under `dir` take on disk: allocated blocks, not lengths (fjall's
/// journal is a sparse file of 64 MiB from the start).
pub fn disk_bytes(dir: &Path) -> Result<u64> {
    use std::os::unix::fs::MetadataExt;
    let mut total = 0;
    for entry in std::fs::read_dir(dir)? {
        let entry = entry?;
        let meta = entry.metadata()?;
        total += match meta.is_dir() {
            true => disk_bytes(&entry.path())?,
            false => meta.blocks() * 512,
        };
    }
    Ok(total)
}

/// A row's key: the position key then the game, big-endian, so that a key's rows are
/// adjacent and in game order.
fn row_key(key: u64, game: u32) -> [u8; 12] {
    let mut bytes = [0; 12];
    bytes[..8].copy_from_slice(&key.to_be_bytes());
    bytes[8..].copy_from_slice(&game.to_be_bytes());
    bytes
}

/// A row key read back.
fn from_row_key(bytes: &[u8]) -> Option<(u64, u32)> {
    let key = u64::from_be_bytes(bytes.get(..8)?.try_into().ok()?);
    let game = u32::from_be_bytes(bytes.get(8..12)?.try_into().ok()?);
    Some((key, game))
}

/// The error of a malformed value.
fn malformed(what: &str) -> crate::Error {
    format!("malformed {what} in the store").into()
}
