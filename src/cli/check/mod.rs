//! `jaque check [FILE...]`: every move of every game, diagnostics like rustc's, a summary;
//! `--json` for JSON Lines as the contract fixes.

use std::io;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::Instant;

use jaque::input::{Pipeline, Settings};
use jaque::pgn::{Options, RawGame};
use jaque::san::Lang;

use super::input::{Input, PGN_ENDINGS, Unnamed, expand_walking, say_no_games};
use super::lints::{Flags, LintArgs};
use super::progress::Progress;
use super::stdout::StdoutBuffer;
use super::{Outcome, parse_lang};
use jaque::json::Escaped;
use jaque::lint::Lints;

mod batch;
mod json;
mod query_file;

use batch::{Style, Written};

#[derive(clap::Args)]
pub struct CheckArgs {
    /// PGN files, plain or compressed with zstd or gzip (told by their content, not their
    /// names), query files (`*.chq`), or directories (their `*.pgn`, `*.pgn.zst`, `*.pgn.gz`
    /// and `*.chq` files, ignore files respected); `-` for standard input. None: standard input, unless it is a terminal:
    /// then the built-in sample.
    files: Vec<PathBuf>,
    /// Check the sample collection built into the binary: games that pass and games that
    /// show every kind of diagnostic (it exits 1: the sample has errors).
    #[arg(long, conflicts_with = "files")]
    sample: bool,
    /// JSON Lines on standard output: one object per game, then a summary.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    lints: LintArgs,
    /// The language of the piece letters: en, es, de, fr, nl.
    #[arg(long, value_parser = parse_lang, default_value = "en")]
    lang: Lang,
    /// Threads checking games (default: all cores). Output stays in input order.
    #[arg(long, short = 'j')]
    jobs: Option<usize>,
    /// No progress bar.
    #[arg(long)]
    no_progress: bool,
}

/// Games are handed to the checking threads in batches of about this many bytes...
const BATCH_BYTES: usize = 256 << 10;

/// ...and of at most this many games: a game's report and output do not shrink with its
/// text, so a batch of tiny games would print many times its bytes.
const BATCH_GAMES: usize = 1024;

/// The most batches in flight (being checked, or checked and waiting for the batches before
/// them, or being printed): what memory holds does not grow with `--jobs`. Each batch is
/// shared out across the whole pool, so a few keep every thread busy.
const IN_FLIGHT: usize = 4;

#[derive(Default)]
struct Totals {
    files: usize,
    games: usize,
    plies: usize,
    moves: usize,
    errors: usize,
    warnings: usize,
    unread_bytes: u64,
    failed: bool,
}

impl Totals {
    /// Adds `other`'s games, moves and diagnostics.
    fn add(&mut self, other: &Totals) {
        self.games += other.games;
        self.plies += other.plies;
        self.moves += other.moves;
        self.errors += other.errors;
        self.warnings += other.warnings;
        self.unread_bytes += other.unread_bytes;
    }
}

/// Checks one input as [`check_games`] does; `false` when it cannot be read. An input counts
/// as a file checked once it is read to its end; one that cannot be read is reported once,
/// and not counted; one without games is said.
fn check_input(
    input: &Input,
    style: Arc<Style>,
    pipeline: &Pipeline,
    (out, progress): (&mut StdoutBuffer, &mut Progress),
    totals: &mut Totals,
) -> bool {
    let before = totals.games;
    match check_games(input, style, pipeline, out, totals, progress) {
        Ok(()) if totals.failed => true,
        Ok(()) => {
            totals.files += 1;
            if totals.games == before {
                let _ = out.flush();
                progress.suspend(|| say_no_games(input));
            }
            true
        }
        Err(error) => {
            let _ = out.flush();
            progress.suspend(|| eprintln!("error: cannot read {}: {error}", input.name()));
            false
        }
    }
}

/// Checks a query file, the `index`th of the run, as [`check_input`] checks games.
fn check_query(
    input: &Input,
    index: usize,
    style: (bool, bool),
    (out, progress): (&mut StdoutBuffer, &mut Progress),
    totals: &mut Totals,
) -> bool {
    let mut written = Vec::new();
    if let Err(error) = query_file::check(input, index, style, &mut written, totals) {
        let _ = out.flush();
        progress.suspend(|| eprintln!("error: cannot read {}: {error}", input.name()));
        return false;
    }
    totals.failed |= out.write_record(&written).is_err();
    true
}

/// Checks one input, printing as it goes; games are numbered on from the games before.
/// The pipeline cuts games on a thread of its own and checks them a batch at a time, each
/// batch shared out across its threads and several batches at once; this thread prints each
/// batch's output as soon as the batches before it are out.
fn check_games(
    input: &Input,
    style: Arc<Style>,
    pipeline: &Pipeline,
    out: &mut StdoutBuffer,
    totals: &mut Totals,
    progress: &mut Progress,
) -> io::Result<()> {
    let reader = progress.open(input)?;
    let before = totals.games;
    let checking = Arc::clone(&style);
    let work = move |batch: &[RawGame]| {
        let first = before + batch.first().map_or(0, |game| game.index);
        batch::check(&checking, first, batch)
    };
    // The games read before a read error are printed before it is reported.
    for written in pipeline.run(reader, &pipeline_settings(), work)? {
        print_batch(&style, written?, out, totals, progress);
        if totals.failed {
            break;
        }
    }
    Ok(())
}

/// How the pipeline cuts and holds batches for `check`.
fn pipeline_settings() -> Settings {
    Settings {
        batch_bytes: BATCH_BYTES,
        batch_games: BATCH_GAMES,
        in_flight: Some(IN_FLIGHT),
        free_where_cut: true,
        ..Settings::default()
    }
}

/// Prints a checked batch and counts it.
fn print_batch(
    style: &Style,
    mut written: Written,
    out: &mut StdoutBuffer,
    totals: &mut Totals,
    progress: &mut Progress,
) {
    for (global, report) in &written.reports {
        style.write(*global, report, &mut written.bytes);
    }
    totals.add(&written.totals);
    progress.advance(written.read);
    if out.write_record(&written.bytes).is_err() {
        // Standard output is gone (a closed pipe): nothing more to say.
        totals.failed = true;
    }
    style.recycle(written);
}

pub fn run(args: CheckArgs, flags: Flags, global: super::Global) -> Outcome {
    let started = Instant::now();
    let color = global.color.stdout();
    let (inputs, walked) = match inputs(&args) {
        Ok(expanded) => expanded,
        Err(outcome) => return outcome,
    };
    let pipeline = match pipeline(args.jobs) {
        Ok(pipeline) => pipeline,
        Err(outcome) => return outcome,
    };
    let mut progress = Progress::new(!args.no_progress && !global.quiet, &inputs);
    let mut totals = Totals::default();
    let mut unreadable = false;
    let mut out = StdoutBuffer::above(progress.bar());
    let cores = std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get);
    // JSON lines are most of the output's cost; text, written where it is found, measured
    // the same either way.
    let written_in_pool = !args.json || pipeline.threads() >= cores;
    let mut queries = 0;
    for input in &inputs {
        if query_file::is_query(input) {
            let style = (args.json, color);
            unreadable |= !check_query(
                input,
                queries,
                style,
                (&mut out, &mut progress),
                &mut totals,
            );
            queries += 1;
            continue;
        }
        let lints = match flags.lints_for(input.path()) {
            Ok(lints) => lints,
            Err(error) => {
                progress.finish();
                let _ = out.flush();
                eprintln!("error: {error}");
                return Outcome::Failed;
            }
        };
        let style = style(&args, color, lints, input, written_in_pool);
        let printing = (&mut out, &mut progress);
        unreadable |= !check_input(input, style, &pipeline, printing, &mut totals);
        if totals.failed {
            break;
        }
    }
    progress.finish();
    if args.json {
        json::summary(&mut out.buffer, &totals);
    } else if !global.quiet {
        let summary = human_summary(&totals, started.elapsed().as_secs_f64());
        out.buffer.extend_from_slice(summary.as_bytes());
        out.buffer.push(b'\n');
    }
    let _ = out.flush();
    if unreadable || !walked {
        Outcome::Failed
    } else if totals.errors > 0 {
        Outcome::Errors
    } else {
        Outcome::Clean
    }
}

/// The inputs: the sample for `--sample`, else the files named, or what no name stands for.
fn inputs(args: &CheckArgs) -> Result<(Vec<Input>, bool), Outcome> {
    match args.sample {
        true => Ok((vec![Input::Sample], true)),
        false => {
            let [pgn, zst, gz] = PGN_ENDINGS;
            // A directory's query files are checked with its games.
            let query = format!(".{}", jaque::query::EXTENSION);
            let endings = [pgn, zst, gz, query.as_str()];
            expand_walking(&args.files, Unnamed::StdinOrSample, &endings)
        }
    }
}

/// How the games of `input` are written.
fn style(
    args: &CheckArgs,
    color: bool,
    lints: Lints,
    input: &Input,
    written_in_pool: bool,
) -> Arc<Style> {
    Arc::new(Style {
        json: args.json,
        color,
        options: Options { lang: args.lang },
        lints,
        name: input.name().to_string(),
        json_name: Escaped::new(input.name()),
        written_in_pool,
        printed: Mutex::default(),
    })
}

/// The threads that check games: `--jobs` of them, or one a core (at most
/// [`jaque::input::MAX_JOBS`]); one pipeline for every input.
fn pipeline(jobs: Option<usize>) -> Result<Pipeline, Outcome> {
    let threads = Settings {
        jobs,
        ..Settings::default()
    }
    .threads();
    Pipeline::new(threads).map_err(|error| {
        eprintln!("error: cannot start {threads} threads: {error}");
        Outcome::Failed
    })
}

/// The last line of human output: what was checked, what was found, how fast.
fn human_summary(totals: &Totals, elapsed: f64) -> String {
    let per_second = if elapsed > 0.0 {
        totals.moves as f64 / elapsed
    } else {
        0.0
    };
    let files = if totals.files == 1 { "file" } else { "files" };
    let unread = if totals.unread_bytes > 0 {
        format!(", {} bytes not read", totals.unread_bytes)
    } else {
        String::new()
    };
    let count = super::plural;
    format!(
        "checked {} {files}: {}, {} ({} in variations); {}, {}{unread}; {:.2} s, {:.0} moves/s",
        totals.files,
        count(totals.games, "game", "games"),
        count(totals.plies, "move", "moves"),
        totals.moves.saturating_sub(totals.plies),
        count(totals.errors, "error", "errors"),
        count(totals.warnings, "warning", "warnings"),
        elapsed,
        per_second
    )
}
