//! One pass over the PGN corpus by one library, for counting instructions with callgrind (the
//! timed comparison with the peer is `cargo bench --bench pgn`):
//!
//!     cargo build --release --manifest-path benches/peers/Cargo.toml --example pgn_pass
//!     valgrind --tool=callgrind benches/peers/target/release/examples/pgn_pass jaque
//!
//! `jaque` cuts and checks every game, `peer` reads and plays them with pgn-reader + shakmaty,
//! `reading` runs pgn-reader alone (SAN parsed, nothing played), `load` only reads the corpus
//! (subtract it from the others).
//!
//! `best N` times N passes of `jaque` and prints the best, for comparing two builds of the
//! library in alternating rounds (an A/B test: copy the binary aside, change the code, build
//! again, and run the two in turn a dozen times; compare the medians of the bests).

use std::process::ExitCode;
use std::time::Instant;

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
        "best" => {
            let passes: usize = std::env::args()
                .nth(2)
                .and_then(|n| n.parse().ok())
                .unwrap_or(15);
            let mut best = f64::MAX;
            for _ in 0..passes {
                let start = Instant::now();
                std::hint::black_box(jaque_one_thread(&data));
                best = best.min(start.elapsed().as_secs_f64());
            }
            println!("best of {passes}: {:.2} ms", best * 1e3);
            return ExitCode::SUCCESS;
        }
        _ => {
            eprintln!("usage: pgn_pass jaque|peer|reading|load|best [N]");
            return ExitCode::FAILURE;
        }
    };
    println!("{which}: {moves}");
    ExitCode::SUCCESS
}
