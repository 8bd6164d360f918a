//! `jaque select`'s arguments, and the [`Selection`] read from them: every filter's text is
//! read before any file is, and each error points into the argument that holds it.

use std::path::PathBuf;

use jaque::san::Lang;
use jaque::select::{Between, Dedupe, FilterError, Results, Selection, TagFilter, Target};

use super::super::lints::LintArgs;
use super::super::parse_lang;

#[derive(clap::Args)]
pub struct SelectArgs {
    /// PGN files, plain or compressed with zstd or gzip, or directories of them; `-` or none
    /// for standard input.
    pub files: Vec<PathBuf>,
    /// A tag compared with a value: 'NAME OP VALUE', OP one of = != ~ (regular expression)
    /// < <= > >= (numbers, or dates for tags named *Date). Repeatable: each must hold.
    #[arg(long = "tag", value_name = "NAME OP VALUE")]
    pub tags: Vec<String>,
    /// White or Black matches this regular expression.
    #[arg(long, value_name = "REGEX")]
    pub player: Option<String>,
    /// The Result tag is one of these (1-0, 0-1, 1/2-1/2, *), joined by commas.
    #[arg(long, value_name = "R[,R…]")]
    pub result: Option<String>,
    /// Mainline half-moves, A..B (both included; either end may be left out).
    #[arg(long, value_name = "A..B")]
    pub plies: Option<String>,
    /// The mainline reaches this position (compared as EPD: clocks ignored). Repeatable.
    #[arg(long, value_name = "FEN")]
    pub fen: Vec<String>,
    /// The mainline reaches the position after these moves (SAN), in any order. Repeatable.
    #[arg(long, value_name = "SAN…")]
    pub moves: Vec<String>,
    /// `--fen` and `--moves` look inside variations too.
    #[arg(long)]
    pub variations: bool,
    /// How the mainline ends: checkmate, stalemate, insufficient_material, fifty_moves,
    /// threefold, ongoing, unsupported.
    #[arg(long, value_name = "STATUS")]
    pub status: Option<String>,
    /// Only games without errors.
    #[arg(long)]
    pub valid: bool,
    /// The games that fail the filters instead.
    #[arg(long)]
    pub invert: bool,
    /// Only the games numbered A..B of the input (counted from 1, across files).
    #[arg(long, value_name = "A..B")]
    pub games: Option<String>,
    /// At most N games written.
    #[arg(long, value_name = "N")]
    pub limit: Option<usize>,
    /// Drop duplicates, keeping the first: the same start and mainline moves (`moves`, the
    /// default), or the same final position after as many plies (`position`).
    #[arg(long, value_name = "MODE", num_args = 0..=1, default_missing_value = "moves",
          value_parser = ["moves", "position"], require_equals = true)]
    pub dedupe: Option<String>,
    /// Where the duplicates dropped go.
    #[arg(long, value_name = "FILE")]
    pub duplicates: Option<PathBuf>,
    /// Drop the games that are already in these files (as `--dedupe` tells them).
    #[arg(long, value_name = "FILE")]
    pub dedupe_against: Vec<PathBuf>,
    /// Files of N games each: OUT's name numbered (out-1.pgn, out-2.pgn, …); needs -o.
    #[arg(long, value_name = "N", requires = "output")]
    pub split: Option<usize>,
    /// Write the games to this file instead of standard output.
    #[arg(long, short = 'o', value_name = "OUT")]
    pub output: Option<PathBuf>,
    /// JSON Lines: each selected game's `check --json` object, then a summary.
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub lints: LintArgs,
    /// The language of the piece letters: en, es, de, fr, nl.
    #[arg(long, value_parser = parse_lang, default_value = "en")]
    pub lang: Lang,
    /// Threads reading games (default: all cores). Output stays in input order.
    #[arg(long, short = 'j')]
    pub jobs: Option<usize>,
    /// No progress bar.
    #[arg(long)]
    pub no_progress: bool,
}

/// An argument that could not be read: the flag, its text, and why.
pub struct BadArgument {
    pub flag: &'static str,
    pub text: String,
    pub error: FilterError,
}

/// The selection the arguments ask for, or every argument that is wrong.
pub fn selection(args: &SelectArgs) -> Result<Selection, Vec<BadArgument>> {
    let mut bad = Vec::new();
    let mut read = |flag: &'static str, text: &str, result: Result<(), FilterError>| {
        if let Err(error) = result {
            bad.push(BadArgument {
                flag,
                text: text.to_string(),
                error,
            });
        }
    };
    let mut selection = Selection {
        variations: args.variations,
        valid: args.valid,
        invert: args.invert,
        whole_report: args.json,
        dedupe: args.dedupe.as_deref().map(|mode| match mode {
            "position" => Dedupe::Position,
            _ => Dedupe::Moves,
        }),
        ..Selection::default()
    };
    for text in &args.tags {
        read(
            "--tag",
            text,
            TagFilter::parse(text).map(|f| selection.tags.push(f)),
        );
    }
    if let Some(text) = &args.player {
        let regex = jaque::select::regex(text, 0..text.len().max(1));
        read("--player", text, regex.map(|r| selection.player = Some(r)));
    }
    if let Some(text) = &args.result {
        read(
            "--result",
            text,
            Results::parse(text).map(|r| selection.results = Some(r)),
        );
    }
    if let Some(text) = &args.plies {
        read(
            "--plies",
            text,
            Between::parse(text).map(|p| selection.plies = Some(p)),
        );
    }
    for text in &args.fen {
        read(
            "--fen",
            text,
            Target::fen(text).map(|t| selection.targets.push(t)),
        );
    }
    for text in &args.moves {
        read(
            "--moves",
            text,
            Target::moves(text).map(|t| selection.targets.push(t)),
        );
    }
    if let Some(text) = &args.status {
        read(
            "--status",
            text,
            Selection::status(text).map(|s| selection.statuses.push(s)),
        );
    }
    if let Some(text) = &args.games {
        read("--games", text, Between::parse(text).map(|_| ()));
    }
    if bad.is_empty() {
        Ok(selection)
    } else {
        Err(bad)
    }
}

/// The `--games` range, as 1-based numbers of games (read with the plies' grammar).
pub fn games(args: &SelectArgs) -> Option<Between> {
    args.games
        .as_deref()
        .and_then(|text| Between::parse(text).ok())
}
