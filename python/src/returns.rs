//! Records of dropped games, freed by the reading thread that made them: the library's
//! [`jaque::input::Returns`], for records.
//!
//! A game's record is many blocks of memory, made on one of the library's reading threads.
//! Freed on Python's thread, each block goes back to the arena of glibc's malloc that the
//! reading thread allocates from, and takes that arena's lock while the reading thread
//! allocates on: the two threads queued at the lock, sleeping and waking, at every game. So a
//! dropped game's record is handed back to its thread, which frees it before its next batch.

use jaque::pgn::GameRecord;

/// The records handed back, by the thread that made them.
pub type Returns = jaque::input::Returns<GameRecord>;

/// Where a game's record was made: the thread it goes back to.
pub type Home = jaque::input::Home<GameRecord>;
