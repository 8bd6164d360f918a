//! The perft peer program: what `jaque perft --fen FEN DEPTH` is timed against as a whole
//! process. Counts with one peer library's fastest perft and prints the count alone, as
//! `jaque perft` does:
//!
//!     perft-peer <cozy-chess|chess|shakmaty> DEPTH FEN

use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [peer, depth, fen] = args.as_slice() else {
        eprintln!(
            "usage: perft-peer <{}> DEPTH FEN",
            jaque_peers::perft::PEERS.join("|")
        );
        return ExitCode::from(2);
    };
    let Ok(depth) = depth.parse::<u32>() else {
        eprintln!("perft-peer: the depth {depth:?} is not a number");
        return ExitCode::from(2);
    };
    match jaque_peers::perft::count(peer, depth, fen) {
        Ok(nodes) => {
            println!("{nodes}");
            ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("perft-peer: {error}");
            ExitCode::from(2)
        }
    }
}
