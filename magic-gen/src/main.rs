//! `magic-gen [--seed N] [--format table|rust|json]`: prints the tables `build.rs` would
//! generate for a seed, so that magics can be inspected and diffed across seeds.
//! `magic-gen --budget SECONDS` (or `--rounds N`) runs the dense search and prints a magics file.

use std::io::Write;
use std::process::ExitCode;

const USAGE: &str = "\
usage: magic-gen [--seed N] [--format table|rust|json]
       magic-gen [--seed N] (--budget SECONDS | --rounds N [--steps N] [--holes N])
                 [--candidates N] [--jobs N]
       magic-gen --from FILE --holes N [--jobs N]

Searches jaque's rook and bishop magics from a seed, verifies every blocker subset, and prints:
  table  one line per square and slider: square, slider, mask bits, shift, magic, offset (default)
  rust   exactly the file build.rs writes into OUT_DIR
  json   one document with every magic and table_entries

With --budget or --rounds, runs the dense search instead (magics with small, clustered
footprints, their tables overlapped, then packed again with slots shared where the squares'
attacks agree on their lines; see magic-gen/src/dense/ and share.rs) on --jobs threads (default:
all cores) and prints the magics file that magic-gen/dense.magics holds: --rounds of
candidates, then --steps (default 0) of the search over the packing order, which runs on one
thread, then --holes (default 0) steps of the hole search, which moves the square that ends
the table lower with fresh candidates. The same seed, rounds, steps and holes print the same
file; --budget spends a third of its time on rounds, a third on steps and the rest on holes,
and the file says how many of each it ran. --from continues a magics file's hole search until
it has run --holes steps in all: the same file that running them all at once prints.
--candidates (default 524288) is how many candidates each square tries per round; a file
found with another number names it.

The seed is --seed N (decimal or 0x hex), else $JAQUE_MAGIC_SEED, else the default seed.";

enum Format {
    Table,
    Rust,
    Json,
}

struct Args {
    seed: u64,
    format: Format,
    dense: Option<magic_gen::dense::Stop>,
    from: Option<(String, u64)>,
    jobs: usize,
    candidates: u64,
}

fn parse_args() -> Result<Args, String> {
    Flags::read(std::env::args().skip(1))?.combine()
}

/// The flags that take a value.
const VALUED: [&str; 9] = [
    "--seed",
    "--format",
    "--budget",
    "--rounds",
    "--steps",
    "--holes",
    "--candidates",
    "--from",
    "--jobs",
];

/// The flags as given, before they are checked against each other.
struct Flags {
    seed: Option<u64>,
    format: Format,
    budget: Option<std::time::Duration>,
    rounds: Option<u32>,
    steps: Option<u64>,
    holes: Option<u64>,
    candidates: Option<u64>,
    from: Option<String>,
    jobs: usize,
}

impl Flags {
    /// Each flag's value (`--flag value` or `--flag=value`); `--help` and `--version` print
    /// and exit.
    fn read(mut args: impl Iterator<Item = String>) -> Result<Flags, String> {
        let mut flags = Flags {
            seed: None,
            format: Format::Table,
            budget: None,
            rounds: None,
            steps: None,
            holes: None,
            candidates: None,
            from: None,
            jobs: std::thread::available_parallelism().map_or(1, |n| n.get()),
        };
        while let Some(arg) = args.next() {
            let (flag, inline) = match arg.split_once('=') {
                Some((flag, value)) => (flag.to_string(), Some(value.to_string())),
                None => (arg.clone(), None),
            };
            match flag.as_str() {
                "-h" | "--help" => {
                    println!("{USAGE}");
                    std::process::exit(0);
                }
                "-V" | "--version" => {
                    println!("{}", magic_gen::GENERATOR);
                    std::process::exit(0);
                }
                _ if !VALUED.contains(&flag.as_str()) => {
                    return Err(format!("unexpected argument {flag:?}"));
                }
                _ => {
                    let value = inline.or_else(|| args.next());
                    flags.set(&flag, value.ok_or(format!("{flag} needs a value"))?)?;
                }
            }
        }
        Ok(flags)
    }

    /// Sets the flag `flag` to `value`.
    fn set(&mut self, flag: &str, value: String) -> Result<(), String> {
        let count = |what: &str| {
            value
                .parse::<u64>()
                .map_err(|_| format!("{flag}: a number of {what} expected"))
        };
        match flag {
            "--seed" => self.seed = Some(magic_gen::parse_seed(&value)?),
            "--format" => {
                self.format = match value.as_str() {
                    "table" => Format::Table,
                    "rust" => Format::Rust,
                    "json" => Format::Json,
                    other => return Err(format!("unknown format {other:?}")),
                }
            }
            "--budget" => {
                let seconds: f64 = value
                    .parse()
                    .map_err(|_| format!("{flag}: seconds expected"))?;
                let budget = std::time::Duration::try_from_secs_f64(seconds)
                    .map_err(|e| format!("{flag}: {e}"))?;
                self.budget = Some(budget);
            }
            "--rounds" => self.rounds = Some(positive(&value, flag, " of rounds")?),
            "--steps" => self.steps = Some(count("steps")?),
            "--holes" => self.holes = Some(count("steps")?),
            "--candidates" => self.candidates = Some(positive(&value, flag, " of candidates")?),
            "--from" => self.from = Some(value),
            "--jobs" => self.jobs = positive(&value, flag, "")?,
            other => return Err(format!("unexpected argument {other:?}")),
        }
        Ok(())
    }

    /// The run the flags ask for, once they agree with each other.
    fn combine(self) -> Result<Args, String> {
        let mut dense = self.budget.map(magic_gen::dense::Stop::Budget);
        let from = match (self.from, self.holes) {
            (Some(_), _) if self.rounds.is_some() || self.steps.is_some() || dense.is_some() => {
                return Err("--from goes with --holes only".into());
            }
            (Some(file), Some(holes)) => Some((file, holes)),
            (Some(_), None) => return Err("--from needs --holes".into()),
            (None, _) => None,
        };
        if let Some(rounds) = self.rounds {
            if dense.is_some() {
                return Err("--rounds and --budget exclude each other".into());
            }
            dense = Some(magic_gen::dense::Stop::Exactly {
                rounds,
                steps: self.steps.unwrap_or(0),
                holes: self.holes.unwrap_or(0),
            });
        } else if self.steps.is_some() || (self.holes.is_some() && from.is_none()) {
            return Err("--steps and --holes go with --rounds".into());
        }
        if self.candidates.is_some() && dense.is_none() {
            return Err("--candidates goes with --rounds or --budget".into());
        }
        let seed = match self.seed {
            Some(seed) => seed,
            None => magic_gen::seed_from_env()?,
        };
        Ok(Args {
            seed,
            format: self.format,
            dense,
            from,
            jobs: self.jobs,
            candidates: self
                .candidates
                .unwrap_or(magic_gen::dense::CANDIDATES_PER_ROUND),
        })
    }
}

/// `text` as a number above zero, else why not: "`flag`: a positive number`what` expected".
fn positive<N: std::str::FromStr + PartialOrd + From<u8>>(
    text: &str,
    flag: &str,
    what: &str,
) -> Result<N, String> {
    text.parse()
        .ok()
        .filter(|n| *n > N::from(0))
        .ok_or(format!("{flag}: a positive number{what} expected"))
}

/// The tables if they were made and every attack verifies; else the reason on stderr.
fn verified(
    tables: Result<magic_gen::Tables, magic_gen::GenerateError>,
) -> Option<magic_gen::Tables> {
    let tables = tables.map_err(|error| eprintln!("{error}")).ok()?;
    if let Err((slider, square, occupied)) = tables.verify() {
        eprintln!(
            "magic-gen: {} table wrong on {} for occupancy 0x{occupied:016x}",
            slider.name(),
            magic_gen::geometry::square_name(square)
        );
        return None;
    }
    Some(tables)
}

/// The dense search, or the hole search continued from a file: prints the magics file, after
/// checking that its tables verify.
fn dense(
    seed: u64,
    (stop, candidates): (Option<magic_gen::dense::Stop>, u64),
    from: Option<(String, u64)>,
    jobs: usize,
) -> ExitCode {
    let magics = match (stop, from) {
        (_, Some((file, holes))) => std::fs::read_to_string(&file)
            .map_err(|e| format!("magic-gen: {file}: {e}"))
            .and_then(|text| magic_gen::dense::DenseMagics::parse(&text))
            .and_then(|magics| {
                magic_gen::dense::holes(
                    magics,
                    |done| done < holes,
                    jobs,
                    |done, entries| {
                        eprintln!("magic-gen: hole step {done}: {entries} entries");
                    },
                )
            }),
        (Some(stop), None) => {
            magic_gen::dense::search(seed, stop, jobs, candidates, |round, entries| {
                eprintln!("magic-gen: round {round}: {entries} entries");
            })
        }
        (None, None) => Err("magic-gen: nothing to search".into()),
    };
    let magics = match magics {
        Ok(magics) => magics,
        Err(error) => {
            eprintln!("{error}");
            return ExitCode::FAILURE;
        }
    };
    let Some(tables) = verified(magics.tables()) else {
        return ExitCode::FAILURE;
    };
    eprintln!(
        "magic-gen: {} rounds, {} steps, {} hole steps: {} entries",
        magics.rounds,
        magics.steps,
        magics.holes,
        tables.table_entries()
    );
    let text = magics.to_text(tables.table_entries());
    let _ = std::io::stdout().lock().write_all(text.as_bytes());
    ExitCode::SUCCESS
}

fn main() -> ExitCode {
    let Args {
        seed,
        format,
        dense: stop,
        from,
        jobs,
        candidates,
    } = match parse_args() {
        Ok(parsed) => parsed,
        Err(message) => {
            eprintln!("magic-gen: {message}\n\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    if stop.is_some() || from.is_some() {
        return dense(seed, (stop, candidates), from, jobs);
    }
    let Some(tables) = verified(magic_gen::Tables::generate(seed)) else {
        return ExitCode::FAILURE;
    };
    let text = match format {
        Format::Table => magic_gen::emit::table(&tables),
        Format::Rust => magic_gen::emit::rust(&tables),
        Format::Json => magic_gen::emit::json(&tables),
    };
    // A closed pipe (`magic-gen | head`) is not an error worth a panic.
    let _ = std::io::stdout().lock().write_all(text.as_bytes());
    ExitCode::SUCCESS
}
