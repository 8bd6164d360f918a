//! `cargo run --release --manifest-path tools/gen/corpus/Cargo.toml -- SEED GAMES OUT.pgn`:
//! writes GAMES made-up games of the index corpus (tests/common/corpus.rs), drawn from SEED,
//! to OUT.pgn: the same file the tests make, for the python-chess oracle and the benchmarks.

use std::fs::File;
use std::io::BufWriter;
use std::process::ExitCode;

#[path = "../../../../tests/common/corpus.rs"]
mod corpus;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [seed, games, out] = args.as_slice() else {
        eprintln!("usage: jaque-corpus SEED GAMES OUT.pgn");
        return ExitCode::from(2);
    };
    let (Ok(seed), Ok(games)) = (seed.parse::<u64>(), games.parse::<usize>()) else {
        eprintln!("jaque-corpus: SEED and GAMES are numbers");
        return ExitCode::from(2);
    };
    let written = File::create(out).and_then(|file| {
        let mut out = BufWriter::new(file);
        corpus::Corpus::new(seed).write(games, &mut out)?;
        std::io::Write::flush(&mut out)
    });
    match written {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("jaque-corpus: {out}: {error}");
            ExitCode::FAILURE
        }
    }
}
