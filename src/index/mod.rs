//! A position index: which games reach a position, what was played from it and how it
//! scored, answered without reading the games again (`jaque index`, `tree`, `find`).
//!
//! - [`walk`] reads a game on the pipeline's threads: each mainline position's [`key`] at
//!   its first occurrence, with the move played there ([`code`]), and the game's identity.
//! - [`append`] numbers the games, drops those indexed before (same start and moves), and
//!   commits a batch at a time: its [`postings`] (a segment: sorted blocks of a page),
//!   its [`games`]' records, the file's progress; of a compressed file, the games' text
//!   ([`kept`]), so that a game is a lookup instead of decompressing the file from its start.
//! - [`Index`] answers: [`tree`] (the moves from a position, with counts, filtered as
//!   lichess's explorer is) and [`find`] (the games, each replayed from its file to the
//!   position, which also verifies away a collision of keys).
//!
//! The store is redb ([`store`]): one file, crash-safe commits, pure Rust.
//!
//! Feature `index-read` is the reading side alone ([`Index`], [`tree`], the key and the
//! stored layout), with no files, threads or zstd: the playground page builds it for the
//! browser and reads an index from its bytes ([`Index::from_bytes`]). Feature `index`
//! adds building one and [`find`] (which reads the games' files again).
//!
//! ```no_run
//! use jaque::index::{Index, append};
//! let files = [std::path::PathBuf::from("games.pgn")];
//! append::index_files("games.index".as_ref(), &files, &append::Settings::default())?;
//! let index = Index::open("games.index".as_ref())?;
//! let tree = index.tree(&jaque::Position::starting(), &Default::default())?;
//! println!("{} games", tree.score.games);
//! # Ok::<(), jaque::index::IndexError>(())
//! ```

#[cfg(feature = "index")]
pub mod append;
mod bits;
#[cfg(feature = "index")]
pub mod candidates;
pub mod code;
#[cfg(feature = "index")]
mod commit;
#[cfg(feature = "index")]
pub mod find;
pub mod games;
pub mod hash;
pub mod hot;
#[cfg(feature = "index")]
pub mod kept;
pub mod key;
#[cfg(feature = "index")]
pub mod material;
#[cfg(feature = "index")]
mod merge;
mod players;
pub mod postings;
#[cfg(feature = "index")]
pub mod radix;
mod read;
mod store;
pub mod tree;
#[cfg(feature = "index")]
pub mod walk;

pub use read::{Index, Stats};
pub use store::FileRecord;

/// Why the index could not be built or read.
#[derive(Debug, thiserror::Error)]
pub enum IndexError {
    /// The store failed (a damaged file, a full disk, another process holding it).
    #[error("{0}")]
    Store(#[from] redb::Error),
    /// A file could not be read.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: String,
        /// What went wrong.
        source: std::io::Error,
    },
    /// Asked to index positions inside variations, or not, unlike the index.
    #[error("the index was made {}: build another index to have them {}", if *.indexed { "with --variations" } else { "without --variations" }, if *.indexed { "left out" } else { "too" })]
    Variations {
        /// Whether the index holds them.
        indexed: bool,
    },
    /// The index holds bytes this build cannot read.
    #[error("the index is damaged: {0}")]
    Damaged(&'static str),
    /// The index was written with another key scheme.
    #[error(
        "the index was written with key scheme {found}; this jaque reads {expected}: build it again"
    )]
    Scheme {
        /// The index's scheme.
        found: String,
        /// This build's.
        expected: String,
    },
}

impl IndexError {
    fn io(path: &std::path::Path, source: std::io::Error) -> IndexError {
        IndexError::Io {
            path: path.display().to_string(),
            source,
        }
    }
}

/// A redb error of any kind as an [`IndexError`].
fn store_error(error: impl Into<redb::Error>) -> IndexError {
    IndexError::Store(error.into())
}
