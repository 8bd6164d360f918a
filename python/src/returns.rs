//! Records of dropped games, freed by the reading thread that made them.
//!
//! A game's record is many blocks of memory, made on one of the library's reading threads.
//! Freed on Python's thread, each block goes back to the arena of glibc's malloc that the
//! reading thread allocates from, and takes that arena's lock while the reading thread
//! allocates on: the two threads queued at the lock, sleeping and waking, at every game. So a
//! dropped game's record is handed back to its thread, which frees it before its next batch.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::{self, ThreadId};

use jaque::pgn::GameRecord;

/// The records handed back, by the thread that made them.
#[derive(Default)]
pub struct Returns {
    by_thread: Mutex<HashMap<ThreadId, Vec<GameRecord>>>,
    /// The reading is over: a record is freed where its game is dropped.
    closed: AtomicBool,
}

impl Returns {
    /// Called on a reading thread before each batch: frees the records handed back to it.
    pub fn free_mine(&self) {
        let mine = match self.by_thread.lock() {
            Ok(mut by_thread) => by_thread.remove(&thread::current().id()),
            Err(_) => None,
        };
        drop(mine);
    }

    /// The reading is over: frees what was handed back, and records from now on are freed
    /// where they are dropped.
    pub fn close(&self) {
        self.closed.store(true, Ordering::Relaxed);
        let all = match self.by_thread.lock() {
            Ok(mut by_thread) => std::mem::take(&mut *by_thread),
            Err(_) => HashMap::new(),
        };
        drop(all);
    }
}

/// Where a game's record was made: the thread it goes back to.
pub struct Home {
    pub returns: Arc<Returns>,
    pub thread: ThreadId,
}

impl Home {
    /// Hands `record` back to its thread (or frees it here once the reading is over).
    pub fn give_back(&self, record: GameRecord) {
        if self.returns.closed.load(Ordering::Relaxed) {
            return;
        }
        if let Ok(mut by_thread) = self.returns.by_thread.lock() {
            by_thread.entry(self.thread).or_default().push(record);
        }
    }
}
