//! `stores`: issue 55's candidate stores (redb, fjall, SQLite) loaded with the entries of a
//! position index and read back, for `tools/bench/bench_stores.py`.
//!
//!     stores bench [--pgn F] [--repeat K | --games N] [--limit-games N] [--batch-games N]
//!                  [--stores redb,fjall,sqlite] [--layouts rows,blocks10] [--dir D]
//!                  [--lookups N] [--cold-keys N] [--seed S] [--budget-s S]
//!     stores lookup STORE LAYOUT DIR KEY      one lookup in a new process, timed inside
//!     stores kill STORE LAYOUT [--kills N] [--pgn F] [--dir D] [--seed S] [--max-ms M]
//!     stores child STORE LAYOUT DIR [--pgn F]  (the kill test's loader)
//!
//! Each prints one JSON object a line: what it measured or checked.

use std::collections::HashMap;
use std::path::PathBuf;

mod bench;
mod blocks;
mod entries;
mod kill;
mod stores;

pub type Error = Box<dyn std::error::Error + Send + Sync>;
pub type Result<T> = std::result::Result<T, Error>;

/// The PGN read by default: the shared real files concatenated eight times, as the
/// whole-process benchmarks make it (relative to the main checkout).
const DEFAULT_PGN: &str = "target/whole-process/real-x8.pgn";

/// A command line: its words before the first option, and its `--name value` options.
pub struct Args {
    pub words: Vec<String>,
    options: HashMap<String, String>,
}

impl Args {
    fn parse(mut argv: impl Iterator<Item = String>) -> Result<Args> {
        let (mut words, mut options) = (Vec::new(), HashMap::new());
        while let Some(arg) = argv.next() {
            match arg.strip_prefix("--") {
                Some(name) => {
                    let value = argv
                        .next()
                        .ok_or_else(|| format!("--{name} needs a value"))?;
                    options.insert(name.to_string(), value);
                }
                None => words.push(arg),
            }
        }
        Ok(Args { words, options })
    }

    /// Option `name` parsed, or `default`.
    pub fn get<T: std::str::FromStr>(&self, name: &str, default: T) -> Result<T> {
        match self.options.get(name) {
            Some(value) => value
                .parse()
                .map_err(|_| format!("--{name} {value:?}?").into()),
            None => Ok(default),
        }
    }

    /// Option `name` as a comma-separated list of `T`, or `default`.
    pub fn list<T>(&self, name: &str, default: &str) -> Result<Vec<T>>
    where
        T: std::str::FromStr<Err = String>,
    {
        let text = self.options.get(name).map_or(default, String::as_str);
        Ok(text
            .split(',')
            .map(str::parse)
            .collect::<std::result::Result<_, _>>()?)
    }

    /// The PGN file read: `--pgn`, else [`DEFAULT_PGN`] from the current directory.
    pub fn pgn(&self) -> PathBuf {
        let default = PathBuf::from(DEFAULT_PGN);
        self.options.get("pgn").map_or(default, PathBuf::from)
    }

    /// Word `i` (after the command), named `what` in the error when absent.
    pub fn word(&self, i: usize, what: &str) -> Result<&str> {
        let word = self.words.get(i).ok_or_else(|| format!("missing {what}"))?;
        Ok(word.as_str())
    }
}

fn main() {
    if let Err(error) = run() {
        eprintln!("stores: {error}");
        std::process::exit(1);
    }
}

fn run() -> Result<()> {
    let args = Args::parse(std::env::args().skip(1))?;
    match args.words.first().map(String::as_str) {
        Some("bench") => bench::run(&args),
        Some("lookup") => bench::cold_lookup(&args),
        Some("kill") => kill::run(&args),
        Some("child") => kill::child(&args),
        _ => Err("usage: stores bench|lookup|kill|child … (see src/main.rs)".into()),
    }
}
