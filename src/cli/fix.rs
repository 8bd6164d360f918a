//! `jaque fix [FILE...]`: the machine-applicable suggestions applied, as `cargo fix` applies
//! rustc's. Only the bytes of the suggestions change; where they go (in place, standard
//! output, a diff, a check) is `rewrite`'s model, shared with `fmt`.

use std::path::PathBuf;

use jaque::pgn::{Fixed, Fixer, GameFix, Options, Splitter};
use jaque::san::Lang;

use super::input::{Input, Unnamed, expand, say_no_games};
use super::lints::{Flags, LintArgs};
use super::rewrite::{self, Mode, RewriteArgs};
use super::staged::Staging;
use super::{Global, Outcome, parse_lang, plural};

#[derive(clap::Args)]
pub struct FixArgs {
    /// PGN files or directories, fixed in place (`-` or none: standard input to standard
    /// output).
    files: Vec<PathBuf>,
    #[command(flatten)]
    rewrite: RewriteArgs,
    /// Also apply maybe-incorrect suggestions that are a diagnostic's only candidate.
    #[arg(long)]
    allow_maybe_incorrect: bool,
    /// The language of the piece letters in the input: en, es, de, fr, nl (fixed to English).
    #[arg(long, value_parser = parse_lang, default_value = "en")]
    lang: Lang,
    #[command(flatten)]
    lints: LintArgs,
    /// A JSON object a file on standard output (`file`, `games`, `fixed`, `edits`, `left`,
    /// `written`), then a summary; instead of the text.
    #[arg(long, conflicts_with_all = ["diff", "stdout"])]
    json: bool,
}

/// What the run did, for the summary and the exit status.
#[derive(Default)]
struct Tally {
    files: usize,
    games: usize,
    fixed: usize,
    edits: usize,
    left: usize,
    files_changed: usize,
    failed: bool,
}

pub fn run(args: FixArgs, flags: Flags, global: Global) -> Outcome {
    let (inputs, walked) = match expand(&args.files, Unnamed::Stdin("fix")) {
        Ok(expanded) => expanded,
        Err(outcome) => return outcome,
    };
    let mut tally = Tally {
        failed: !walked,
        ..Tally::default()
    };
    let staging = Staging::new();
    for input in &inputs {
        if let Err(error) = fix_input(input, &args, &flags, (global, &staging), &mut tally) {
            eprintln!("error: {}: {error}", input.name());
            tally.failed = true;
        }
    }
    // A filter prints the text alone, as fmt does.
    let filter = args.rewrite.filters(&inputs);
    if args.json {
        println!("{}", summary_json(&tally));
    } else if !global.quiet && !filter {
        eprintln!("{}", summary(&tally, args.rewrite.dry_run()));
    }
    if tally.failed {
        Outcome::Failed
    } else if tally.left > 0 || (args.rewrite.dry_run() && tally.fixed > 0) {
        Outcome::Errors
    } else {
        Outcome::Clean
    }
}

/// "fixed 2 of 3 games in 1 file (3 edits, 1 file written); 0 left with errors", or what a
/// dry run would fix.
fn summary(tally: &Tally, dry_run: bool) -> String {
    let verb = if dry_run { "would fix" } else { "fixed" };
    let written = rewrite::written(dry_run, tally.files_changed);
    format!(
        "{verb} {} of {} in {} ({}, {written}); {} left with errors",
        tally.fixed,
        plural(tally.games, "game", "games"),
        plural(tally.files, "file", "files"),
        plural(tally.edits, "edit", "edits"),
        tally.left,
    )
}

/// The summary as `--json`'s last line.
fn summary_json(tally: &Tally) -> serde_json::Value {
    serde_json::json!({"summary": {
        "files": tally.files, "games": tally.games, "fixed": tally.fixed, "edits": tally.edits,
        "left": tally.left, "files_written": tally.files_changed,
    }})
}

/// Fixes one input and hands the result on as the mode says.
fn fix_input(
    input: &Input,
    args: &FixArgs,
    flags: &Flags,
    (global, staging): (Global, &Staging),
    tally: &mut Tally,
) -> Result<(), String> {
    let (text, format) = rewrite::read_text(input).map_err(|e| format!("cannot read: {e}"))?;
    let lints = flags.lints_for(input.path())?;
    let options = Options { lang: args.lang };
    // Input that is no text has no game to fix: it is refused, not passed through as a file
    // of no games.
    let fixed = Fixer::new(options, lints, args.allow_maybe_incorrect)
        .fix(&text)
        .map_err(|why| format!("{why}: nothing written"))?;
    let before = (tally.fixed, tally.edits, tally.left);
    count(input.name(), &fixed, tally);
    if fixed.games.is_empty() {
        say_no_games(input);
    }
    // Every game is still there, and no more: the output is cut into as many games as were read.
    if Splitter::new(&fixed.output[..]).count() != fixed.games.len() {
        return Err("the fixed text would not hold the same games: nothing written".into());
    }
    let mode = args.rewrite.mode(input);
    let changed = fixed.output != text;
    let written = changed && mode == Mode::InPlace;
    if args.json {
        let row = serde_json::json!({
            "file": input.name(), "games": fixed.games.len(), "fixed": tally.fixed - before.0,
            "edits": tally.edits - before.1, "left": tally.left - before.2, "written": written,
        });
        println!("{row}");
    } else if mode == Mode::Check && changed {
        println!("would fix {}", input.name());
    }
    let mode = if args.json && mode == Mode::Stdout {
        Mode::Check
    } else {
        mode
    };
    let color = global.color.stdout();
    rewrite::finish(
        input,
        mode,
        (&text, &fixed.output),
        (format, color),
        staging,
    )?;
    tally.files_changed += usize::from(written);
    Ok(())
}

/// Adds a file's games to the tally and says which were left, and why.
fn count(name: &str, fixed: &Fixed, tally: &mut Tally) {
    tally.files += 1;
    for game in &fixed.games {
        tally.games += 1;
        match &game.fix {
            GameFix::Unchanged => {}
            GameFix::Fixed { edits } => {
                tally.fixed += 1;
                tally.edits += edits;
            }
            GameFix::Left(why) => {
                tally.left += 1;
                eprintln!(
                    "{name}:{}: game {} left as it was: {why}",
                    game.line,
                    game.index + 1
                );
            }
        }
    }
}
