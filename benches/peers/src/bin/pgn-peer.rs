//! The PGN peer program: what `jaque check --jobs 1 FILE` is timed against as a whole
//! process. One thread reads FILE (`-`: standard input) with pgn-reader and plays every
//! mainline SAN with shakmaty; `--check-marks` also tests each move's `+`/`#` against the
//! position. Prints what it counted, for checking that both programs read the same games:
//!
//!     pgn-peer [--check-marks] FILE
//!     games 123 moves 4567 wrong-marks 0

use std::fs::File;
use std::io;
use std::process::ExitCode;

use jaque_peers::pgn::{Tally, replay};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let check_marks = args.iter().any(|a| a == "--check-marks");
    let files: Vec<&String> = args.iter().filter(|a| *a != "--check-marks").collect();
    let [path] = files.as_slice() else {
        eprintln!("usage: pgn-peer [--check-marks] FILE|-");
        return ExitCode::from(2);
    };
    match read(path, check_marks) {
        Ok(tally) => {
            println!(
                "games {} moves {} wrong-marks {}",
                tally.games, tally.moves, tally.wrong_marks
            );
            ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("pgn-peer: {path}: {error}");
            ExitCode::from(2)
        }
    }
}

fn read(path: &str, check_marks: bool) -> io::Result<Tally> {
    if path == "-" {
        replay(io::stdin().lock(), check_marks)
    } else {
        replay(File::open(path)?, check_marks)
    }
}
