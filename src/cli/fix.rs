//! `jaque fix [FILE...]`: the machine-applicable suggestions applied in place, as `cargo fix`
//! applies rustc's. Only the bytes of the suggestions change; a file is replaced whole or not
//! at all (written beside it, then renamed over it), so an interrupted fix loses nothing.
//! `-` (or no file) reads standard input and writes standard output; `--diff` shows what
//! would change and writes nothing.

use std::io::{self, Read, Write};
use std::path::Path;

use jaque::pgn::{Fixed, Fixer, GameFix, Options, Splitter};
use jaque::san::Lang;

use super::lints::{Flags, LintArgs};
use super::{Outcome, parse_lang};

#[derive(clap::Args)]
pub struct FixArgs {
    /// PGN files, fixed in place (`-` or none: standard input to standard output).
    files: Vec<String>,
    /// Print a unified diff of the fixes and write nothing.
    #[arg(long)]
    diff: bool,
    /// Also apply maybe-incorrect suggestions that are a diagnostic's only candidate.
    #[arg(long)]
    allow_maybe_incorrect: bool,
    /// The language of the piece letters in the input: en, es, de, fr, nl (fixed to English).
    #[arg(long, value_parser = parse_lang, default_value = "en")]
    lang: Lang,
    #[command(flatten)]
    lints: LintArgs,
}

/// What the run did, for the summary and the exit status.
#[derive(Default)]
struct Tally {
    files: usize,
    games: usize,
    fixed: usize,
    edits: usize,
    left: usize,
    failed: bool,
}

pub fn run(args: FixArgs, flags: Flags) -> Outcome {
    let files = if args.files.is_empty() {
        vec!["-".to_string()]
    } else {
        args.files.clone()
    };
    let mut tally = Tally::default();
    for file in &files {
        if let Err(error) = fix_file(file, &args, &flags, &mut tally) {
            eprintln!("error: {file}: {error}");
            tally.failed = true;
        }
    }
    // `--diff` shows the fixes and writes nothing: its summary says so.
    let (verb, written) = match args.diff {
        true => ("would fix", ", nothing written"),
        false => ("fixed", ""),
    };
    eprintln!(
        "{verb} {} of {} games in {} {} ({} {}{written}); {} left with errors",
        tally.fixed,
        tally.games,
        tally.files,
        if tally.files == 1 { "file" } else { "files" },
        tally.edits,
        if tally.edits == 1 { "edit" } else { "edits" },
        tally.left,
    );
    if tally.failed {
        Outcome::Failed
    } else if tally.left > 0 {
        Outcome::Errors
    } else {
        Outcome::Clean
    }
}

/// Fixes one file (or standard input), writing it back unless `--diff`.
fn fix_file(file: &str, args: &FixArgs, flags: &Flags, tally: &mut Tally) -> Result<(), String> {
    let stdin = file == "-";
    let path = Path::new(file);
    let input = if stdin {
        let mut bytes = Vec::new();
        io::stdin().read_to_end(&mut bytes).map(|_| bytes)
    } else {
        std::fs::read(path)
    }
    .map_err(|e| format!("cannot read: {e}"))?;
    // Input that is no text (compressed or binary data, told by its content as `check` tells
    // it) has no game to fix: it is refused, not passed through as a file of no games.
    if let Some(Err(why)) = Splitter::new(&input[..]).next() {
        return Err(format!("{why}: nothing written"));
    }
    let lints = flags.lints_for((!stdin).then_some(path))?;
    let options = Options { lang: args.lang };
    let fixed = Fixer::new(options, lints, args.allow_maybe_incorrect).fix(&input);
    let name = if stdin { "<stdin>" } else { file };
    count(name, &fixed, tally);
    // Every game is still there, and no more: the output is cut into as many games as were read.
    if Splitter::new(&fixed.output[..]).count() != fixed.games.len() {
        return Err("the fixed text would not hold the same games: nothing written".into());
    }
    if args.diff {
        return print_diff(name, &input, &fixed.output);
    }
    if stdin {
        let mut out = io::stdout().lock();
        return out
            .write_all(&fixed.output)
            .and_then(|()| out.flush())
            .map_err(|e| format!("cannot write: {e}"));
    }
    if fixed.output != input {
        replace(path, &fixed.output).map_err(|e| format!("cannot write: {e}"))?;
    }
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

/// Writes `bytes` beside `path`, then renames the new file over it: either the old file or
/// the whole new one is there, whenever the process stops.
fn replace(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy())
        .unwrap_or_default();
    let temporary = path.with_file_name(format!(".{name}.jaque-fix.{}", std::process::id()));
    let written = (|| {
        let mut file = std::fs::File::create(&temporary)?;
        file.write_all(bytes)?;
        file.sync_all()?;
        if let Ok(metadata) = std::fs::metadata(path) {
            std::fs::set_permissions(&temporary, metadata.permissions())?;
        }
        std::fs::rename(&temporary, path)
    })();
    if written.is_err() {
        let _ = std::fs::remove_file(&temporary);
    }
    written
}

/// A unified diff of the fix on standard output (the text read as UTF-8, lossily).
fn print_diff(name: &str, before: &[u8], after: &[u8]) -> Result<(), String> {
    if before == after {
        return Ok(());
    }
    let (before, after) = (
        String::from_utf8_lossy(before),
        String::from_utf8_lossy(after),
    );
    let diff = similar::TextDiff::from_lines(before.as_ref(), after.as_ref());
    let text = diff
        .unified_diff()
        .context_radius(2)
        .header(
            &format!("a/{}", name.trim_start_matches('/')),
            &format!("b/{}", name.trim_start_matches('/')),
        )
        .to_string();
    let mut out = io::stdout().lock();
    out.write_all(text.as_bytes())
        .and_then(|()| out.flush())
        .map_err(|e| format!("cannot write: {e}"))
}
