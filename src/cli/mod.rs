//! Command-line arguments and dispatch. Exit status: 0 nothing wrong, 1 at least one error
//! diagnostic (warnings too with `--strict`), 2 the command itself could not run.

mod board;
mod check;
mod color;
mod diff;
mod explain;
mod export;
mod fix;
mod fmt;
mod gitignore;
mod index;
mod index_text;
mod input;
mod lints;
mod lsp;
mod perft;
pub mod pipe;
mod play;
mod progress;
mod query;
mod render;
mod rewrite;
mod san;
mod select;
mod shell;
mod staged;
mod stdout;
mod walk;

use std::process::ExitCode;

use clap::{CommandFactory, FromArgMatches, Subcommand};
use jaque::san::Lang;

/// Checks chess games like a compiler checks code.
#[derive(clap::Parser)]
#[command(name = "jaque", version, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
    /// Colour the output: auto (on a terminal, unless NO_COLOR is set or TERM=dumb; always
    /// with CLICOLOR_FORCE), always, never.
    #[arg(long, global = true, value_enum, default_value_t, value_name = "WHEN")]
    color: color::ColorChoice,
    /// No summaries and no progress bars: only diagnostics, errors and the output asked for.
    #[arg(short, long, global = true)]
    quiet: bool,
}

/// The options every command has.
#[derive(Clone, Copy, Debug)]
pub struct Global {
    /// `--color`.
    pub color: color::ColorChoice,
    /// `-q/--quiet`.
    pub quiet: bool,
}

#[derive(Subcommand)]
enum Command {
    /// Validate PGN files like a compiler: every move of every game.
    Check(check::CheckArgs),
    /// Resolve SAN moves one after another from a position, or a batch file of cases.
    San(san::SanArgs),
    /// Apply the machine-applicable suggestions in place; only their bytes change.
    Fix(fix::FixArgs),
    /// Rewrite PGN in export format: canonical SAN, tag order, move numbers, line length.
    Fmt(fmt::FmtArgs),
    /// An interactive board: type moves, see the board and the diagnostics.
    Play(play::PlayArgs),
    /// A Language Server Protocol server on standard input and output, for PGN files.
    Lsp(lsp::LspArgs),
    /// Count the leaf nodes of the legal move tree (the last line is the count alone).
    Perft(perft::PerftArgs),
    /// Write the games as a Parquet table: a row a game, a move or a position.
    Export(export::ExportArgs),
    /// Write the games that pass every filter, byte for byte: tags, positions, duplicates.
    Select(Box<select::SelectArgs>),
    /// The games with a position that satisfies a query: pieces, attacks, moves, lines.
    Query(Box<query::QueryArgs>),
    /// Build or extend a position index of PGN files (for `tree` and `find`).
    Index(index::IndexArgs),
    /// The opening explorer: the moves played from a position in an index, and how they scored.
    Tree(index::TreeArgs),
    /// The games of an index that reach a position: file, offset, line, ply, tags.
    Find(index::FindArgs),
    /// What a diagnostic code means, with an example and how to allow it.
    Explain(explain::ExplainArgs),
    /// List the diagnostic codes with their default levels.
    Rules(explain::RulesArgs),
    /// Print a shell's completion script.
    Completions(shell::CompletionsArgs),
    /// Print the man page (roff), of jaque or of one command.
    Man(shell::ManArgs),
}

/// How a command ended.
pub enum Outcome {
    /// Nothing wrong (exit 0).
    Clean,
    /// At least one error diagnostic (exit 1).
    Errors,
    /// The command could not run (exit 2).
    Failed,
}

impl From<Outcome> for ExitCode {
    fn from(outcome: Outcome) -> ExitCode {
        ExitCode::from(match outcome {
            Outcome::Clean => 0,
            Outcome::Errors => 1,
            Outcome::Failed => 2,
        })
    }
}

/// `n` and the noun that goes with it: "1 game", "2 games".
fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// Parses a `--lang` value.
fn parse_lang(text: &str) -> Result<Lang, String> {
    text.parse()
        .map_err(|e: jaque::san::ParseLangError| e.to_string())
}

pub fn run() -> ExitCode {
    let matches = Cli::command().get_matches();
    let cli = match Cli::from_arg_matches(&matches) {
        Ok(cli) => cli,
        Err(error) => error.exit(),
    };
    // The lint flags in the order given, which clap's fields do not keep.
    let flags = matches
        .subcommand()
        .map(|(_, sub)| lints::Flags::of(sub))
        .unwrap_or_default();
    let global = Global {
        color: cli.color,
        quiet: cli.quiet,
    };
    let outcome = match cli.command {
        Command::Check(args) => check::run(args, flags, global),
        Command::San(args) => san::run(args, flags, cli.color),
        Command::Perft(args) => perft::run(args, cli.color),
        Command::Fmt(args) => fmt::run(args, global),
        Command::Fix(args) => fix::run(args, flags, global),
        Command::Play(args) => play::run(args, cli.color),
        Command::Lsp(args) => lsp::run(args),
        Command::Export(args) => export::run(args, flags),
        Command::Select(args) => select::run(*args, flags, global),
        Command::Query(args) => query::run(*args, flags, global),
        Command::Index(args) => index::run_index(args, global),
        Command::Tree(args) => index::run_tree(args, global),
        Command::Find(args) => index::run_find(args, global),
        Command::Explain(args) => explain::explain(args, cli.color),
        Command::Rules(args) => explain::rules(args),
        Command::Completions(args) => shell::completions(args, Cli::command()),
        Command::Man(args) => shell::man(args, Cli::command()),
    };
    outcome.into()
}

/// Reads a `--fen` argument, or reports it as a bad argument (exit 2), the caret on the
/// field that is wrong, as `select` points into its arguments.
fn position_argument(
    fen: Option<&str>,
    chess960: bool,
    color: color::ColorChoice,
) -> Result<jaque::Position, Outcome> {
    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let fen = fen.unwrap_or(START);
    jaque::Position::from_fen_with(fen, chess960).map_err(|error| {
        let d = error.diagnostic_in(fen, 0);
        let report = render::Report {
            severity: d.severity,
            code: d.code,
            message: d.message.into(),
            origin: "--fen",
            source: fen,
            line: 1,
            span: d.span,
            label: &d.label,
            help: None,
            note: None,
        };
        eprintln!("{}", render::render(&report, color.stderr()));
        Outcome::Failed
    })
}
