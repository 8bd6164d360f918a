//! Cuts a PGN file into games with jaque's `Splitter` on one thread and checks nothing: the
//! work of `jaque check`'s reading thread (64 KiB reads, games gathered in batches of about
//! 256 KiB), which feeds every checking thread. Its speed bounds how many cores one input
//! can keep busy. Prints the games cut:
//!
//!     jaque-cut FILE

use std::fs::File;
use std::io::{self, BufReader};
use std::process::ExitCode;

use jaque::pgn::Splitter;

const BATCH_BYTES: usize = 256 << 10;

fn main() -> ExitCode {
    jaque_peers::count_file("jaque-cut", "FILE", cut)
}

fn cut(path: &str) -> io::Result<u64> {
    let reader = BufReader::with_capacity(1 << 16, File::open(path)?);
    let (mut games, mut batch, mut bytes) = (0, Vec::new(), 0);
    for game in Splitter::new(reader) {
        let game = game?;
        games += 1;
        bytes += game.bytes.len();
        batch.push(game);
        if bytes >= BATCH_BYTES {
            // `jaque check` sends the batch to the checkers; here it is only dropped.
            batch.clear();
            bytes = 0;
        }
    }
    Ok(games)
}
