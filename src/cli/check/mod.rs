//! `jaque check [FILE...]`: every move of every game, diagnostics like rustc's, a summary;
//! `--json` for JSON Lines as the contract fixes.

use std::collections::VecDeque;
use std::io::{self, BufRead, IsTerminal};
use std::path::PathBuf;
use std::sync::{Arc, Mutex, mpsc};
use std::time::Instant;

use jaque::input::{GameBatches, Settings};
use jaque::pgn::{Options, RawGame};
use jaque::san::Lang;

use super::input::{Input, expand};
use super::lints::{Flags, LintArgs};
use super::progress::Progress;
use super::stdout::StdoutBuffer;
use super::{Outcome, parse_lang};
use jaque::json::Escaped;
use jaque::lint::Lints;

mod batch;
mod json;

use batch::{Style, Written};

#[derive(clap::Args)]
pub struct CheckArgs {
    /// PGN files, plain or compressed with zstd or gzip (told by their content, not their
    /// names), or directories (their `*.pgn`, `*.pgn.zst`, `*.pgn.gz` files, ignore files
    /// respected); `-` for standard input. None: standard input when it is piped, else the
    /// built-in sample.
    files: Vec<PathBuf>,
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

/// The most batches cut and not yet printed (being checked, or checked and waiting for the
/// batches before them): what memory holds does not grow with `--jobs`. Each batch is
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

/// Checks one input, printing as it goes; games are numbered on from the games before.
/// One thread cuts games, the pool checks them a batch at a time and several batches at
/// once, and this thread prints each batch's output as soon as the batches before it are out.
fn check_input(
    input: &Input,
    style: Arc<Style>,
    pool: &rayon::ThreadPool,
    out: &mut StdoutBuffer,
    totals: &mut Totals,
    progress: &mut Progress,
) -> io::Result<()> {
    let reader = progress.open(input)?;
    // The cutting thread runs ahead by a few batches, no more.
    let (sender, receiver) = mpsc::sync_channel::<io::Result<Vec<RawGame>>>(IN_FLIGHT);
    std::thread::scope(|scope| {
        // Checked batches go back to the cutting thread, which allocated their buffers.
        let (spent, returned) = mpsc::channel();
        scope.spawn(move || cut_games(reader, sender, &returned));
        let mut pending = VecDeque::new();
        let mut numbered = totals.games;
        let mut failure = Ok(());
        for batch in receiver {
            let batch = match batch {
                Ok(batch) => batch,
                Err(error) => {
                    failure = Err(error);
                    break;
                }
            };
            let first = numbered;
            numbered += batch.len();
            pending.push_back(spawn_batch(pool, &style, first, batch, spent.clone()));
            // Printing holds back the checking: a batch is started only when one is out.
            while pending.len() >= IN_FLIGHT || pending.front_mut().is_some_and(Pending::is_ready) {
                if let Some(done) = pending.pop_front() {
                    print_batch(&style, done, out, totals, progress)?;
                }
            }
            if totals.failed {
                return Ok(());
            }
        }
        // The games read before a read error are printed before it is reported.
        for done in pending {
            print_batch(&style, done, out, totals, progress)?;
            if totals.failed {
                return Ok(());
            }
        }
        failure
    })
}

/// A batch on its way through the pool.
struct Pending {
    receiver: mpsc::Receiver<Written>,
    /// Its output, once taken from the receiver.
    done: Option<Written>,
}

impl Pending {
    /// Whether the batch is checked, without waiting.
    fn is_ready(&mut self) -> bool {
        if self.done.is_none() {
            self.done = self.receiver.try_recv().ok();
        }
        self.done.is_some()
    }

    /// The batch's output, once it is checked.
    fn wait(self) -> io::Result<Written> {
        match self.done {
            Some(done) => Ok(done),
            None => self
                .receiver
                .recv()
                .map_err(|_| io::Error::other("a checking thread stopped")),
        }
    }
}

/// Starts checking `batch`, game `first` of the run first, on the pool.
fn spawn_batch(
    pool: &rayon::ThreadPool,
    style: &Arc<Style>,
    first: usize,
    batch: Vec<RawGame>,
    spent: mpsc::Sender<Vec<RawGame>>,
) -> Pending {
    let (sender, receiver) = mpsc::sync_channel(1);
    let style = Arc::clone(style);
    pool.spawn(move || {
        // Nobody waits any more when standard output has closed: nothing to do then.
        let _ = sender.send(batch::check(&style, first, &batch));
        // The cutting thread may have finished: then the batch is dropped here.
        let _ = spent.send(batch);
    });
    Pending {
        receiver,
        done: None,
    }
}

/// Waits for a batch's check, then prints it and counts it.
fn print_batch(
    style: &Style,
    pending: Pending,
    out: &mut StdoutBuffer,
    totals: &mut Totals,
    progress: &mut Progress,
) -> io::Result<()> {
    let mut written = pending.wait()?;
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
    Ok(())
}

/// Cuts the games of `reader` into batches of about [`BATCH_BYTES`], of [`BATCH_GAMES`] games
/// at most, and sends them; a read error is sent after the games before it. Stops early when
/// nobody receives any more. The games of checked batches come back on `spent`, to be freed
/// on this thread.
fn cut_games(
    reader: impl BufRead,
    sender: mpsc::SyncSender<io::Result<Vec<RawGame>>>,
    spent: &mpsc::Receiver<Vec<RawGame>>,
) {
    let sizes = Settings {
        batch_bytes: BATCH_BYTES,
        batch_games: BATCH_GAMES,
        ..Settings::default()
    };
    for batch in GameBatches::new(reader, &sizes) {
        if sender.send(batch).is_err() {
            return;
        }
        // Freed here, where they were allocated: the allocator's caches are per thread.
        spent.try_iter().for_each(drop);
    }
}

/// Standard input is a terminal, or a device such as `/dev/null` (a CI job, a cron job): no
/// games are coming on it, so `jaque check` without files shows the built-in sample. Pipes
/// and redirected files are read.
fn stdin_is_interactive_or_null() -> bool {
    if io::stdin().is_terminal() {
        return true;
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if let Ok(meta) = std::fs::metadata("/dev/stdin") {
            return meta.file_type().is_char_device();
        }
    }
    false
}

pub fn run(args: CheckArgs, flags: Flags, global: super::Global) -> Outcome {
    let started = Instant::now();
    let color = global.color.stdout();
    let (inputs, walked) = expand(&args.files, default_input);
    let pool = match thread_pool(args.jobs) {
        Ok(pool) => pool,
        Err(outcome) => return outcome,
    };
    let mut progress = Progress::new(!args.no_progress && !global.quiet, &inputs);
    let mut totals = Totals::default();
    let mut unreadable = false;
    let mut out = StdoutBuffer::above(progress.bar());
    let cores = std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get);
    // JSON lines are most of the output's cost; text, written where it is found, measured
    // the same either way.
    let written_in_pool = !args.json || pool.current_num_threads() >= cores;
    for input in &inputs {
        totals.files += 1;
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
        if let Err(error) = check_input(input, style, &pool, &mut out, &mut totals, &mut progress) {
            let _ = out.flush();
            progress.suspend(|| eprintln!("error: cannot read {}: {error}", input.name()));
            unreadable = true;
        }
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

/// The input when none is named: standard input when games are piped to it, else the
/// built-in sample.
fn default_input() -> Input {
    if stdin_is_interactive_or_null() {
        Input::Sample
    } else {
        Input::Stdin
    }
}

/// The threads that check games: `--jobs` of them, or one a core.
fn thread_pool(jobs: Option<usize>) -> Result<rayon::ThreadPool, Outcome> {
    let jobs = jobs.unwrap_or_else(|| {
        std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get)
    });
    rayon::ThreadPoolBuilder::new()
        .num_threads(jobs.max(1))
        .build()
        .map_err(|error| {
            eprintln!("error: cannot start {jobs} threads: {error}");
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
