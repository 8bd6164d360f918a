//! One pass over the PGN corpus by one library, for counting instructions with callgrind (not
//! timed: `cargo bench --bench pgn` times and compares):
//!
//!     cargo build --release --manifest-path benches/peers/Cargo.toml --example pgn_pass
//!     valgrind --tool=callgrind benches/peers/target/release/examples/pgn_pass jaque
//!
//! `jaque` cuts and checks every game, `peer` reads and plays them with pgn-reader + shakmaty,
//! `reading` runs pgn-reader alone (SAN parsed, nothing played), `load` only reads the corpus
//! (subtract it from the others).

use std::process::ExitCode;

use jaque_peers::pgn::{corpus, jaque_one_thread, peer, peer_reading_only};

fn main() -> ExitCode {
    let which = std::env::args().nth(1).unwrap_or_default();
    let Some(data) = corpus() else {
        return ExitCode::FAILURE;
    };
    let moves = match which.as_str() {
        "jaque" => jaque_one_thread(&data),
        "peer" => peer(&data),
        "reading" => peer_reading_only(&data),
        "load" => data.len() as u64,
        _ => {
            eprintln!("usage: pgn_pass jaque|peer|reading|load");
            return ExitCode::FAILURE;
        }
    };
    println!("{which}: {moves}");
    ExitCode::SUCCESS
}
