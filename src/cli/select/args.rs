//! `jaque select`'s arguments, and the [`Selection`] read from them: every filter's text is
//! read before any file is, and each error points into the argument that holds it.

use std::path::PathBuf;

use jaque::san::Lang;
use jaque::select::{BadFilter, Between, Filters};

use super::super::lints::LintArgs;
use super::super::parse_lang;

#[derive(clap::Args, Default)]
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
    /// Some mainline position (ply 0 included) matches pgn-extract's FEN pattern: digits
    /// empty squares, ? any, ! occupied, A/a a white/black piece, * a run within a rank,
    /// [..] and [^..] sets.
    #[arg(long, value_name = "PATTERN")]
    pub pattern: Option<String>,
    /// `--pattern` also matches with colours swapped and ranks mirrored.
    #[arg(long, alias = "either-color", requires = "pattern")]
    pub either_colour: bool,
    /// The game's opening (lichess's classification) is in one of these ECO ranges, joined
    /// by commas: C50, C5 (C50-C59), B20-B99.
    #[arg(long, value_name = "RANGE[,RANGE…]")]
    pub eco: Option<String>,
    /// The game's opening's name (lichess's) matches this regular expression.
    #[arg(long, value_name = "REGEX")]
    pub opening: Option<String>,
    /// Some mainline position satisfies this query (the language of `jaque query`).
    #[arg(long, value_name = "QUERY")]
    pub query: Option<String>,
    /// Set the ECO and Opening tags of the games written to lichess's classification.
    #[arg(long)]
    pub add_opening: bool,
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
          require_equals = true)]
    pub dedupe: Option<String>,
    /// Where the duplicates dropped go.
    #[arg(long, value_name = "FILE")]
    pub duplicates: Option<PathBuf>,
    /// Drop the games that are already in these files (as `--dedupe` tells them).
    #[arg(long, value_name = "FILE")]
    pub dedupe_against: Vec<PathBuf>,
    /// Files of N games each: OUT's name numbered (out-1.pgn, out-2.pgn, …); needs -o.
    #[arg(
        long,
        value_name = "N",
        requires = "output",
        conflicts_with = "split_by"
    )]
    pub split: Option<usize>,
    /// A file for each ECO code of lichess's classification (out-B90.pgn, …, out-none.pgn);
    /// needs -o.
    #[arg(long, value_name = "eco", requires = "output", value_parser = ["eco"])]
    pub split_by: Option<String>,
    /// Write the games to this file instead of standard output.
    #[arg(long, short = 'o', value_name = "OUT")]
    pub output: Option<PathBuf>,
    /// JSON Lines: each selected game's `check --json` object, then a summary.
    #[arg(long)]
    pub json: bool,
    /// Print the number of games selected instead of the games.
    #[arg(long, conflicts_with_all = ["json", "output"])]
    pub count: bool,
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
    /// `jaque query --sort`: a number of the query language; the games are written in
    /// descending order of its greatest value at a matched position.
    #[arg(skip)]
    pub sort: Option<String>,
    /// `jaque query --mark`: the comment written after each matched mainline position.
    #[arg(skip)]
    pub mark: Option<String>,
}

/// The filters of the arguments, as their text.
pub fn filters(args: &SelectArgs) -> Filters {
    Filters {
        tags: args.tags.clone(),
        player: args.player.clone(),
        result: args.result.clone(),
        plies: args.plies.clone(),
        fen: args.fen.clone(),
        moves: args.moves.clone(),
        variations: args.variations,
        status: args.status.clone(),
        valid: args.valid,
        invert: args.invert,
        // A reference to drop games against is a way of dropping duplicates.
        dedupe: (args.dedupe.clone())
            .or_else(|| (!args.dedupe_against.is_empty()).then(|| "moves".to_string())),
        whole_report: args.json,
        eco: args.eco.clone(),
        opening: args.opening.clone(),
        classify: args.add_opening || args.json || args.split_by.is_some(),
        pattern: args.pattern.clone(),
        either_colour: args.either_colour,
        query: args.query.clone(),
        sort: args.sort.clone(),
        all_matches: args.mark.is_some(),
    }
}

/// The `--games` range, as 1-based numbers of games (read as `--plies` is).
pub fn games(args: &SelectArgs) -> Result<Option<Between>, BadFilter> {
    let Some(text) = &args.games else {
        return Ok(None);
    };
    Between::parse(text).map(Some).map_err(|error| BadFilter {
        name: "games",
        text: text.clone(),
        error,
    })
}
