//! `jaque check [FILE...]`: every move of every game, diagnostics like rustc's, a summary;
//! `--json` for JSON Lines as the contract fixes.

use std::io::{self, BufRead, IsTerminal, Write};
use std::ops::Range;
use std::sync::mpsc;
use std::time::Instant;

use indicatif::{ProgressBar, ProgressStyle};
use jaque::Severity;
use jaque::lint::Lints;
use jaque::pgn::{Checker, GameReport, Options, RawGame, Splitter};
use jaque::san::Lang;
use rayon::prelude::*;

use super::input::Input;
use super::json::Escaped;
use super::lints::{Flags, LintArgs};
use super::render::{Report, render};
use super::stdout::StdoutBuffer;
use super::{Outcome, parse_lang};

mod json;

#[derive(clap::Args)]
pub struct CheckArgs {
    /// PGN files (`.pgn`, `.pgn.zst`, `.pgn.gz`; `-` for standard input). None: standard
    /// input when it is piped, else the built-in sample.
    files: Vec<String>,
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

/// Games are handed to the checking threads in batches of about this many bytes.
const BATCH_BYTES: usize = 256 << 10;

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

struct Printer<'a> {
    args: &'a CheckArgs,
    /// The lint levels of the input being checked.
    lints: Lints,
    /// Its name as a JSON string.
    json_name: Escaped,
    color: bool,
    out: StdoutBuffer,
}

impl Printer<'_> {
    fn game(&mut self, name: &str, global: usize, mut report: GameReport, totals: &mut Totals) {
        report.apply(&self.lints);
        let report = &report;
        totals.games += 1;
        totals.plies += report.plies;
        totals.moves += report.moves;
        totals.unread_bytes += report.skipped_bytes;
        for d in &report.diagnostics {
            match d.diagnostic.severity {
                Severity::Error => totals.errors += 1,
                Severity::Warning => totals.warnings += 1,
            }
        }
        totals.errors += report.more_diagnostics;
        if self.args.json {
            self.json(global, report);
        } else {
            self.human(name, report);
        }
        if self.out.record_done().is_err() {
            // Standard output is gone (a closed pipe): nothing more to say.
            totals.failed = true;
        }
    }

    fn json(&mut self, global: usize, report: &GameReport) {
        json::game(&mut self.out.buffer, &self.json_name, global, report);
        self.out.buffer.push(b'\n');
    }

    fn human(&mut self, name: &str, report: &GameReport) {
        if report.diagnostics.is_empty() && report.more_diagnostics == 0 {
            return;
        }
        let who = match (report.tag("White"), report.tag("Black")) {
            (Some(w), Some(b)) if w != "?" || b != "?" => format!(": {w} - {b}"),
            _ => String::new(),
        };
        for d in &report.diagnostics {
            let (source, span) = line_of(&report.text, &d.diagnostic.span);
            let mut message = d.diagnostic.message.clone();
            if let (Some(ply), Some(san)) = (d.ply, &d.san) {
                let label = report.move_label(ply).unwrap_or_default();
                message = format!("{label} {san}: {message}");
            }
            let report_line = Report {
                severity: d.diagnostic.severity,
                code: d.diagnostic.code,
                message,
                origin: name,
                source,
                line: d.line,
                span,
                label: d.diagnostic.label.clone(),
                help: d.diagnostic.help.clone(),
                note: Some(format!("in game {}{who}", report.index + 1)),
            };
            self.out
                .buffer
                .extend_from_slice(render(&report_line, self.color).as_bytes());
            self.out.buffer.extend_from_slice(b"\n\n");
        }
        if report.more_diagnostics > 0 {
            let _ = writeln!(
                self.out.buffer,
                "error: {} more problems in game {} of {name} not shown\n",
                report.more_diagnostics,
                report.index + 1
            );
        }
    }
}

/// The line of `text` where `span` starts, and `span` counted from that line's start and
/// cut at its end: an underline stays on the one line shown.
fn line_of<'t>(text: &'t str, span: &Range<usize>) -> (&'t str, Range<usize>) {
    let start = span.start.min(text.len());
    let line_start = text[..start].rfind('\n').map_or(0, |i| i + 1);
    let line_end = text[start..].find('\n').map_or(text.len(), |i| start + i);
    let source = text[line_start..line_end].trim_end_matches('\r');
    let end = span.end.clamp(start, line_start + source.len());
    (source, start - line_start..end - line_start)
}

/// Checks one input, printing as it goes; games are numbered on from the games before.
fn check_input(
    input: &Input,
    options: Options,
    pool: &rayon::ThreadPool,
    printer: &mut Printer<'_>,
    totals: &mut Totals,
    progress: &ProgressBar,
) -> io::Result<()> {
    let reader = input.open()?;
    let name = input.name();
    // One thread cuts games; the pool checks them a batch at a time, in order.
    let (sender, receiver) = mpsc::sync_channel::<io::Result<Vec<RawGame>>>(4);
    std::thread::scope(|scope| {
        scope.spawn(move || cut_games(reader, sender));
        for batch in receiver {
            let batch = batch?;
            let read: u64 = batch.iter().map(|g| g.bytes.len() as u64 + g.skipped).sum();
            for report in check_batch(pool, options, &batch) {
                let global = totals.games;
                printer.game(name, global, report, totals);
            }
            progress.inc(read);
            if totals.failed {
                break;
            }
        }
        Ok(())
    })
}

/// Cuts the games of `reader` into batches of about [`BATCH_BYTES`] and sends them; a read
/// error is sent after the games before it. Stops early when nobody receives any more.
fn cut_games(reader: impl BufRead, sender: mpsc::SyncSender<io::Result<Vec<RawGame>>>) {
    let mut batch = Vec::new();
    let mut bytes = 0;
    for game in Splitter::new(reader) {
        match game {
            Ok(game) => {
                bytes += game.bytes.len();
                batch.push(game);
                if bytes >= BATCH_BYTES {
                    bytes = 0;
                    if sender.send(Ok(std::mem::take(&mut batch))).is_err() {
                        return;
                    }
                }
            }
            Err(error) => {
                let _ = sender.send(Ok(std::mem::take(&mut batch)));
                let _ = sender.send(Err(error));
                return;
            }
        }
    }
    let _ = sender.send(Ok(batch));
}

/// Checks a batch on the pool, a checker per thread (its buffers serve game after game);
/// the reports come back in the batch's order.
fn check_batch(pool: &rayon::ThreadPool, options: Options, batch: &[RawGame]) -> Vec<GameReport> {
    pool.install(|| {
        batch
            .par_iter()
            .map_init(|| Checker::new(options), |checker, g| checker.check(g))
            .collect()
    })
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

pub fn run(args: CheckArgs, flags: Flags) -> Outcome {
    let started = Instant::now();
    let color = io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none();
    let inputs = inputs(&args.files);
    let pool = match thread_pool(args.jobs) {
        Ok(pool) => pool,
        Err(outcome) => return outcome,
    };
    let progress = progress_bar(&args, &inputs);
    let options = Options { lang: args.lang };
    let mut totals = Totals::default();
    let mut unreadable = false;
    let mut printer = Printer {
        args: &args,
        lints: Lints::default(),
        json_name: Escaped::new(""),
        color,
        out: StdoutBuffer::new(),
    };
    for input in &inputs {
        totals.files += 1;
        printer.json_name = Escaped::new(input.name());
        printer.lints = match flags.lints_for(input.path()) {
            Ok(lints) => lints,
            Err(error) => {
                progress.finish_and_clear();
                eprintln!("error: {error}");
                return Outcome::Failed;
            }
        };
        if let Err(error) = check_input(input, options, &pool, &mut printer, &mut totals, &progress)
        {
            progress.suspend(|| eprintln!("error: cannot read {}: {error}", input.name()));
            unreadable = true;
        }
        if totals.failed {
            break;
        }
    }
    progress.finish_and_clear();
    if args.json {
        json::summary(&mut printer.out.buffer, &totals);
    } else {
        let summary = human_summary(&totals, started.elapsed().as_secs_f64());
        printer.out.buffer.extend_from_slice(summary.as_bytes());
        printer.out.buffer.push(b'\n');
    }
    let _ = printer.out.flush();
    if unreadable {
        Outcome::Failed
    } else if totals.errors > 0 {
        Outcome::Errors
    } else {
        Outcome::Clean
    }
}

/// The inputs named on the command line; none: standard input when games are piped to it,
/// else the built-in sample.
fn inputs(files: &[String]) -> Vec<Input> {
    if !files.is_empty() {
        files.iter().cloned().map(Input::Path).collect()
    } else if stdin_is_interactive_or_null() {
        vec![Input::Sample]
    } else {
        vec![Input::Path("-".to_string())]
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

/// A progress bar on a terminal when the inputs are large enough to wait for; else a
/// hidden one, which draws nothing.
fn progress_bar(args: &CheckArgs, inputs: &[Input]) -> ProgressBar {
    let total_size: u64 = inputs.iter().filter_map(Input::size).sum();
    if args.no_progress || !io::stderr().is_terminal() || total_size <= 8 << 20 {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(total_size);
    if let Ok(style) = ProgressStyle::with_template(
        "{spinner} {bytes}/{total_bytes} {wide_bar} {bytes_per_sec} eta {eta}",
    ) {
        bar.set_style(style);
    }
    bar
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
    let count =
        |n: usize, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
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
