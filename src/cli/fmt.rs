//! `jaque fmt [FILE...]`: PGN rewritten in export format, written as `rewrite` says (in
//! place, standard output, a diff, a check). A game with an error is kept as it was, with a
//! warning on standard error: nothing is dropped.

use std::io::{self, Write};
use std::path::PathBuf;

use jaque::Severity;
use jaque::pgn::{
    Checker, DEFAULT_GAME_LIMIT, Encoding, GameReport, Layout, LineEnding, Options, RawGame,
    Splitter, format_record,
};
use jaque::san::Lang;

use super::input::{Input, Unnamed, expand, say_no_games};
use super::rewrite::{self, Mode, RewriteArgs};
use super::staged::Staging;
use super::{Global, Outcome, parse_lang, plural};

#[derive(clap::Args)]
pub struct FmtArgs {
    /// PGN files or directories, formatted in place; `-` or none: standard input to standard
    /// output. Compressed files (zstd, gzip) are rewritten compressed the same way.
    files: Vec<PathBuf>,
    #[command(flatten)]
    rewrite: RewriteArgs,
    /// The language of the piece letters in the input: en, es, de, fr, nl.
    #[arg(long, value_parser = parse_lang, default_value = "en")]
    lang: Lang,
    /// A JSON object a file on standard output (`file`, `games`, `reformatted`, `left`,
    /// `written`), then a summary; instead of the text.
    #[arg(long, conflicts_with_all = ["diff", "stdout"])]
    json: bool,
    /// The line ends written: auto (as the file's first line ends: CRLF stays CRLF), lf or
    /// crlf (every line of every file, games left as they were included).
    #[arg(long, value_name = "WHEN", default_value = "auto", value_parser = line_ending())]
    line_ending: LineEnding,
    /// The encoding written: auto (each game as it was read: UTF-8, or Latin-1 where it is
    /// not UTF-8; UTF-16 and a byte-order mark kept) or utf-8 (all of it, no byte-order mark).
    #[arg(long, value_name = "ENCODING", default_value = "auto", value_parser = encoding())]
    encoding: Encoding,
}

fn line_ending() -> impl clap::builder::TypedValueParser<Value = LineEnding> {
    use clap::builder::TypedValueParser;
    clap::builder::PossibleValuesParser::new(["auto", "lf", "crlf"]).map(|s| match s.as_str() {
        "lf" => LineEnding::Lf,
        "crlf" => LineEnding::CrLf,
        _ => LineEnding::Auto,
    })
}

fn encoding() -> impl clap::builder::TypedValueParser<Value = Encoding> {
    use clap::builder::TypedValueParser;
    clap::builder::PossibleValuesParser::new(["auto", "utf-8"]).map(|s| match s.as_str() {
        "utf-8" => Encoding::Utf8,
        _ => Encoding::Auto,
    })
}

/// Formatting needs a whole game: larger games than this are refused, not cut.
const GAME_LIMIT: usize = DEFAULT_GAME_LIMIT * 16;

#[derive(Default)]
struct Tally {
    files: usize,
    games: usize,
    unchanged_with_errors: usize,
    changed: usize,
    files_changed: usize,
    failed: bool,
}

pub fn run(args: FmtArgs, global: Global) -> Outcome {
    let (inputs, walked) = match expand(&args.files, Unnamed::Stdin("fmt")) {
        Ok(expanded) => expanded,
        Err(outcome) => return outcome,
    };
    let staging = Staging::new();
    // One checker for the run: its buffers serve game after game, file after file.
    let mut checker = Checker::new(Options { lang: args.lang });
    let mut tally = Tally {
        failed: !walked,
        ..Tally::default()
    };
    for input in &inputs {
        let done = format_input(input, &args, (global, &staging), &mut checker, &mut tally);
        if let Err(error) = done {
            eprintln!("error: {}: {error}", input.name());
            tally.failed = true;
        }
    }
    let filter = args.rewrite.filters(&inputs);
    if args.json {
        println!(
            "{}",
            serde_json::json!({"summary": {
                "files": tally.files, "games": tally.games, "reformatted": tally.changed,
                "left": tally.unchanged_with_errors, "files_written": tally.files_changed,
            }})
        );
    } else if !global.quiet && !filter {
        eprintln!("{}", summary(&tally, args.rewrite.dry_run()));
    }
    if tally.failed {
        Outcome::Failed
    } else if tally.unchanged_with_errors > 0 || (args.rewrite.dry_run() && tally.changed > 0) {
        Outcome::Errors
    } else {
        Outcome::Clean
    }
}

/// "reformatted 2 of 3 games in 1 file (1 file written); 1 left as it was with errors", or
/// what a dry run would reformat.
fn summary(tally: &Tally, dry_run: bool) -> String {
    let games = plural(tally.games, "game", "games");
    if tally.changed == 0 && tally.unchanged_with_errors == 0 {
        return format!(
            "{games} in {} already formatted",
            plural(tally.files, "file", "files")
        );
    }
    let verb = if dry_run {
        "would reformat"
    } else {
        "reformatted"
    };
    let written = rewrite::written(dry_run, tally.files_changed);
    format!(
        "{verb} {} of {} in {} ({written}); {} left as it was with errors",
        tally.changed,
        games,
        plural(tally.files, "file", "files"),
        tally.unchanged_with_errors,
    )
}

/// Formats one input and hands the result on as the mode says: standard output as the games
/// come, a file whole once all its games are formatted.
fn format_input(
    input: &Input,
    args: &FmtArgs,
    (global, staging): (Global, &Staging),
    checker: &mut Checker,
    tally: &mut Tally,
) -> Result<(), String> {
    let cannot_read = |e: io::Error| format!("cannot read: {e}");
    let mode = match args.rewrite.mode(input) {
        // The rows are the output: standard input's text is not printed.
        Mode::Stdout if args.json => Mode::Check,
        mode => mode,
    };
    if mode == Mode::Stdout && input.path().is_none() {
        let mut out = io::BufWriter::new(io::stdout().lock());
        let reader = input.open().map_err(cannot_read)?;
        let games = tally.games;
        let mut run = Run {
            name: input.name(),
            mode,
            layout: None,
            args,
        };
        run.format_games(reader, checker, &mut out, tally)
            .map_err(cannot_read)?;
        read_whole(input, tally.games - games, tally);
        return out.flush().map_err(|e| format!("cannot write: {e}"));
    }
    let (text, format) = rewrite::read_text(input).map_err(cannot_read)?;
    let (layout, games) = Layout::of(&text, args.line_ending, args.encoding);
    let mut formatted = Vec::with_capacity(text.len());
    let before = (tally.games, tally.changed, tally.unchanged_with_errors);
    let mut run = Run {
        name: input.name(),
        mode,
        layout: Some(layout),
        args,
    };
    run.format_games(&games[..], checker, &mut formatted, tally)
        .map_err(cannot_read)?;
    read_whole(input, tally.games - before.0, tally);
    let formatted = layout.close(formatted);
    let written = mode == Mode::InPlace && formatted != text;
    if args.json {
        let row = serde_json::json!({
            "file": input.name(), "games": tally.games - before.0,
            "reformatted": tally.changed - before.1, "left": tally.unchanged_with_errors - before.2,
            "written": written,
        });
        println!("{row}");
    } else if mode == Mode::Check && tally.changed > before.1 {
        println!("would reformat {}", input.name());
    }
    let color = global.color.stdout();
    rewrite::finish(input, mode, (&text, &formatted), (format, color), staging)?;
    tally.files_changed += usize::from(written);
    Ok(())
}

/// Counts `input` as read to its end, with its `games` games (none: said).
fn read_whole(input: &Input, games: usize, tally: &mut Tally) {
    tally.files += 1;
    if games == 0 {
        say_no_games(input);
    }
}

/// One input being formatted: its name, where it goes, and how it is written (known once
/// its first game is read, for a stream).
struct Run<'a> {
    name: &'a str,
    mode: Mode,
    layout: Option<Layout>,
    args: &'a FmtArgs,
}

impl Run<'_> {
    /// Writes the games of `reader` in export format to `out`, each in its encoding and
    /// with the input's line ends; a game over [`GAME_LIMIT`] ends the input (the rest is
    /// written as it was read).
    fn format_games(
        &mut self,
        reader: impl io::BufRead,
        checker: &mut Checker,
        out: &mut impl Write,
        tally: &mut Tally,
    ) -> io::Result<()> {
        // Games of several inputs on standard output are parted as the games of one.
        let mut first = self.mode != Mode::Stdout || tally.games == 0;
        let mut bytes = Vec::new();
        for game in Splitter::with_limit(reader, GAME_LIMIT) {
            let game = game?;
            if game.skipped > 0 {
                eprintln!(
                    "error: {} is over {GAME_LIMIT} bytes: not formatted",
                    game_at(self.name, &game)
                );
                tally.failed = true;
                return Ok(());
            }
            let (line_ending, encoding) = (self.args.line_ending, self.args.encoding);
            let layout = *self
                .layout
                .get_or_insert_with(|| Layout::of(&game.bytes, line_ending, encoding).0);
            tally.games += 1;
            let formatted = format_one(checker, self.name, &game, self.mode);
            tally.unchanged_with_errors += usize::from(formatted.is_none());
            // What to write: the game formatted in the encoding it was read in, or the bytes
            // as read (with the input's line ends) when it has an error.
            let original = game.bytes.trim_ascii_end();
            let latin1 = std::str::from_utf8(&game.bytes).is_err();
            bytes.clear();
            let written = formatted
                .as_deref()
                .and_then(|text| layout.write(&mut bytes, text.trim_end(), latin1));
            if written.is_none() {
                layout.write_as_read(&mut bytes, original);
            }
            if bytes != original {
                tally.changed += usize::from(formatted.is_some());
            }
            write_game(out, &bytes, first, layout.line_end())?;
            first = false;
        }
        Ok(())
    }
}

/// The game in export format; `None` when it has an error, said in a warning.
fn format_one(checker: &mut Checker, name: &str, game: &RawGame, mode: Mode) -> Option<String> {
    let record = checker.record(game);
    let text = format_record(&record);
    if text.is_none() {
        let why = first_error(record.report());
        let fate = match mode {
            Mode::Check | Mode::Diff => "cannot be formatted",
            Mode::InPlace | Mode::Stdout => "left as it was",
        };
        eprintln!("warning: {} has an error{why}: {fate}", game_at(name, game));
    }
    text
}

/// ` (line:column: code: message)` for the report's first error; empty when it has none.
fn first_error(report: &GameReport) -> String {
    report
        .diagnostics
        .iter()
        .find(|d| d.diagnostic.severity == Severity::Error)
        .map_or_else(String::new, |d| {
            format!(
                " ({}:{}: {}: {})",
                d.line,
                d.column,
                d.diagnostic.code.as_str(),
                d.diagnostic.message
            )
        })
}

/// Where a game is, as the messages name it: `file:line: game N`.
fn game_at(name: &str, game: &RawGame) -> String {
    format!("{name}:{}: game {}", game.line, game.index + 1)
}

/// Writes one game and its line end; a blank line parts it from the game before.
fn write_game(out: &mut impl Write, text: &[u8], first: bool, line_end: &str) -> io::Result<()> {
    if !first {
        out.write_all(line_end.as_bytes())?;
    }
    out.write_all(text)?;
    out.write_all(line_end.as_bytes())
}
