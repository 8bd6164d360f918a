//! How `fix` and `fmt` hand on what they change, one model for both as ruff has it: files are
//! rewritten in place (whole or not at all, as [`Staging`] writes), standard input is filtered to standard output,
//! `--diff` shows the changes and `--check` lists them without writing anything, and with
//! either the exit status says whether anything would change.

use std::io::{self, Read, Write};
use std::path::Path;

use jaque::input::Format;

use super::input::Input;
use super::staged::Staging;

/// Where the changes go.
#[derive(clap::Args, Clone, Copy, Debug, Default)]
pub struct RewriteArgs {
    /// Print a unified diff of the changes and write nothing; exit 1 if there are any.
    #[arg(long, conflicts_with_all = ["check", "stdout"])]
    diff: bool,
    /// Write nothing; say what would change, and exit 1 if anything would.
    #[arg(long, conflicts_with = "stdout")]
    check: bool,
    /// Write the results to standard output and leave the files as they are.
    #[arg(long)]
    stdout: bool,
}

/// What is done with an input's changes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// The file is replaced by its new text.
    InPlace,
    /// The new text goes to standard output.
    Stdout,
    /// A unified diff goes to standard output.
    Diff,
    /// Nothing is written.
    Check,
}

impl RewriteArgs {
    /// The mode for `input`: standard input is always filtered, unless for a diff or a check.
    pub fn mode(&self, input: &Input) -> Mode {
        match (self.diff, self.check) {
            (true, _) => Mode::Diff,
            (_, true) => Mode::Check,
            _ if self.stdout || input.path().is_none() => Mode::Stdout,
            _ => Mode::InPlace,
        }
    }

    /// Whether every input is filtered to standard output: then the text is all there is to
    /// say, and no summary is printed.
    pub fn filters(&self, inputs: &[Input]) -> bool {
        inputs.iter().all(|input| self.mode(input) == Mode::Stdout)
    }

    /// Whether nothing is written: a diff or a check.
    pub fn dry_run(&self) -> bool {
        self.diff || self.check
    }
}

/// What a summary says was written: "nothing written" for a dry run, else "N files written".
pub fn written(dry_run: bool, files: usize) -> String {
    match dry_run {
        true => "nothing written".to_string(),
        false => super::plural(files, "file written", "files written"),
    }
}

/// The text of `input` (decompressed), and the format it was read in.
pub fn read_text(input: &Input) -> io::Result<(Vec<u8>, Format)> {
    let format = match input.path() {
        Some(path) => Format::of_file(path)?,
        None => Format::Text,
    };
    let mut text = Vec::new();
    input.open()?.read_to_end(&mut text)?;
    Ok((text, format))
}

/// Hands on `after`, the new text of `input` (whose text was `before`), as `mode` says; a
/// compressed file is rewritten in its format.
pub fn finish(
    input: &Input,
    mode: Mode,
    (before, after): (&[u8], &[u8]),
    (format, color): (Format, bool),
    staging: &Staging,
) -> Result<(), String> {
    let cannot_write = |e: io::Error| format!("cannot write: {e}");
    match (mode, input.path()) {
        (Mode::Check, _) => Ok(()),
        (Mode::Diff, _) => print_diff(input.name(), before, after, color).map_err(cannot_write),
        (Mode::InPlace, Some(path)) if before != after => format
            .compress(after)
            .and_then(|bytes| replace(staging, path, &bytes))
            .map_err(cannot_write),
        (Mode::InPlace, _) => Ok(()),
        (Mode::Stdout, _) => {
            let mut out = io::stdout().lock();
            out.write_all(after)
                .and_then(|()| out.flush())
                .map_err(cannot_write)
        }
    }
}

/// Replaces the file at `path` by `bytes`: either the old file or the whole new one is
/// there, whenever the process stops. Each file is replaced as soon as it is done, as
/// `ruff format` replaces them.
fn replace(staging: &Staging, path: &Path, bytes: &[u8]) -> io::Result<()> {
    staging.create(path)?.write_all(bytes)?;
    staging.commit()
}

/// A unified diff on standard output (the text read as UTF-8, lossily), coloured as git
/// colours it when `color`.
fn print_diff(name: &str, before: &[u8], after: &[u8], color: bool) -> io::Result<()> {
    if before == after {
        return Ok(());
    }
    let (before, after) = (
        String::from_utf8_lossy(before),
        String::from_utf8_lossy(after),
    );
    let name = name.trim_start_matches("./").trim_start_matches('/');
    let names = (&format!("a/{name}")[..], &format!("b/{name}")[..]);
    let text = super::diff::unified(&before, &after, names, 2);
    let mut out = io::stdout().lock();
    for line in text.split_inclusive('\n') {
        let paint = match line.as_bytes().first() {
            _ if !color => None,
            Some(b'-') if !line.starts_with("--- ") => Some("31"),
            Some(b'+') if !line.starts_with("+++ ") => Some("32"),
            Some(b'@') => Some("36"),
            Some(b'-' | b'+') => Some("1"),
            _ => None,
        };
        match paint {
            Some(sgr) => writeln!(out, "\x1b[{sgr}m{}\x1b[0m", line.trim_end_matches('\n'))?,
            None => out.write_all(line.as_bytes())?,
        }
    }
    out.flush()
}
