//! The entries an index holds: for every game, each distinct mainline position's 64-bit
//! Zobrist key with the game and the ply of its first occurrence (a game counts once for a
//! position, at its first occurrence). Read once from a PGN file and repeated to reach a
//! corpus of the size the issue measures.

use std::collections::{HashMap, HashSet};
use std::fs::File;
use std::io::BufReader;
use std::ops::ControlFlow;
use std::path::Path;

use jaque::Position;
use jaque::pgn::{Checker, Splitter, Visit};

use crate::Result;

/// One position of one game: what an index row holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Entry {
    pub key: u64,
    pub game: u32,
    pub ply: u16,
}

/// The entries of a run of consecutive games, loaded as one transaction.
pub struct Batch {
    pub id: u32,
    pub first_game: u32,
    pub games: u32,
    /// Sorted by key, then game: the order an indexer writes them in.
    pub entries: Vec<Entry>,
}

/// The games of one file, each as its distinct positions `(key, ply)` sorted by key.
pub struct Corpus {
    keys: Vec<(u64, u16)>,
    /// Where each game's positions start in `keys`; one more than the games.
    starts: Vec<usize>,
    /// The keys reached by exactly one game of the file.
    unique: HashSet<u64>,
}

/// Collects a game's mainline positions.
struct Positions<'a>(&'a mut Vec<(u64, u16)>);

impl Visit for Positions<'_> {
    fn position(&mut self, ply: usize, _depth: usize, position: &Position) -> ControlFlow<()> {
        let ply = u16::try_from(ply).unwrap_or(u16::MAX);
        self.0.push((position.zobrist_hash(), ply));
        ControlFlow::Continue(())
    }
}

impl Corpus {
    /// The games of the PGN file `path`, at most `limit` of them.
    pub fn read(path: &Path, limit: usize) -> Result<Corpus> {
        let reader = BufReader::with_capacity(1 << 20, File::open(path)?);
        let mut splitter = Splitter::new(reader);
        let mut checker = Checker::default();
        let (mut keys, mut starts, mut game) = (Vec::new(), vec![0], Vec::new());
        while starts.len() <= limit {
            let Some(raw) = splitter.next() else { break };
            let raw = raw?;
            game.clear();
            checker.check_visiting(&raw, &mut Positions(&mut game));
            splitter.recycle(raw);
            game.sort_unstable();
            game.dedup_by_key(|(key, _)| *key);
            keys.extend_from_slice(&game);
            starts.push(keys.len());
        }
        let unique = unique_keys(&keys, &starts);
        Ok(Corpus {
            keys,
            starts,
            unique,
        })
    }

    /// The games of the file.
    pub fn games(&self) -> usize {
        self.starts.len() - 1
    }

    /// The share of the file's entries whose key one game alone reaches.
    pub fn unique_share(&self) -> f64 {
        let unique = self
            .keys
            .iter()
            .filter(|(key, _)| self.unique.contains(key));
        unique.count() as f64 / self.keys.len().max(1) as f64
    }

    /// The entries of game `game` of the repeated corpus: game `game % games()` of the file.
    /// A key that one game alone reaches (see [`unique_keys`]) is mixed with the game's
    /// number, so that unique positions stay unique, as in a collection of distinct games;
    /// the others (openings, common endings) recur in every copy.
    pub fn game(&self, game: u32, out: &mut Vec<Entry>) {
        let base = game as usize % self.games().max(1);
        let keys = self.keys.get(self.starts[base]..self.starts[base + 1]);
        for &(key, ply) in keys.unwrap_or_default() {
            let key = match self.unique.contains(&key) {
                true => mix(key ^ u64::from(game).wrapping_mul(0x9e37_79b9_7f4a_7c15)),
                false => key,
            };
            out.push(Entry { key, game, ply });
        }
    }

    /// Batch `id`: the `games` games from `first_game` on, sorted by key then game.
    pub fn batch(&self, id: u32, first_game: u32, games: u32) -> Batch {
        let mut entries = Vec::with_capacity(games as usize * 80);
        for game in first_game..first_game + games {
            self.game(game, &mut entries);
        }
        entries.sort_unstable();
        Batch {
            id,
            first_game,
            games,
            entries,
        }
    }
}

/// The keys that one game alone reaches, copies of a game (the same positions at the same
/// plies, as in a file concatenated several times) counting as one.
fn unique_keys(keys: &[(u64, u16)], starts: &[usize]) -> HashSet<u64> {
    // For each key: the fingerprint of the first game reaching it, and whether another does.
    let mut first: HashMap<u64, (u64, bool)> = HashMap::new();
    for game in starts.windows(2) {
        let positions = keys.get(game[0]..game[1]).unwrap_or_default();
        let print = (positions.iter()).fold(0, |h, &(key, ply)| mix(h ^ key ^ u64::from(ply)));
        for &(key, _) in positions {
            let (seen, shared) = first.entry(key).or_insert((print, false));
            *shared |= *seen != print;
        }
    }
    first
        .into_iter()
        .filter(|(_, (_, shared))| !shared)
        .map(|(key, _)| key)
        .collect()
}

/// splitmix64's finaliser: a bijection of the 64-bit keys that scatters them.
pub fn mix(mut x: u64) -> u64 {
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

/// A small deterministic generator (xorshift64*), for the keys looked up and the kill times.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(mix(seed) | 1)
    }

    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    /// A number below `n` (n > 0).
    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }
}
