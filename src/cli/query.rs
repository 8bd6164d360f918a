//! `jaque query 'QUERY' [FILE…|DB]`: the games with a position that satisfies QUERY, written
//! as `jaque select` writes them (it is `select --query`), or counted; `--explain` prints
//! the compiled plan. The language is `jaque::query`'s (docs/query.md).

use std::path::PathBuf;

use jaque::FilterError;
use jaque::index::Index;
use jaque::query::Query;
use jaque::san::Lang;

use super::lints::{Flags, LintArgs};
use super::select::{self, SelectArgs};
use super::{Global, Outcome, parse_lang, render};

#[derive(clap::Args)]
pub struct QueryArgs {
    /// Conditions on a position and the move that reached it (docs/query.md), such as
    /// 'mate and count(A) == 1' or 'line --> capture{3,}'. With `--file`, the first FILE.
    #[arg(required_unless_present = "query_file")]
    pub query: Option<String>,
    /// PGN files, plain or compressed with zstd or gzip, or directories of them; `-` or none
    /// for standard input. Or one index (`jaque index`): only its games that may match are
    /// read.
    pub files: Vec<PathBuf>,
    /// Read the query from this file (a `.chq` file, say) instead of the first argument,
    /// as `jq -f` and `rg -f` do: every argument is then a FILE of games.
    #[arg(long = "file", short = 'f', value_name = "QUERY_FILE")]
    pub query_file: Option<PathBuf>,
    /// Positions inside variations count too.
    #[arg(long)]
    pub variations: bool,
    /// JSON Lines: each matching game's `check --json` object with `matches`, the plies
    /// whose position matched, then a summary.
    #[arg(long)]
    pub json: bool,
    /// Print the number of matching games instead of the games.
    #[arg(long, conflicts_with_all = ["json", "output"])]
    pub count: bool,
    /// Print the compiled plan, one step a line, and read no input.
    #[arg(long)]
    pub explain: bool,
    /// Write the games in descending order of NUMBER's greatest value at a matched position
    /// (ties in input order), such as 'count(A)' or 'ply'; `--json` gives it as `sort`.
    #[arg(long, value_name = "NUMBER")]
    pub sort: Option<String>,
    /// Write the comment {TEXT} (default {jaque}) after the move that reached each matched
    /// mainline position, after its NAGs (before the first move for ply 0).
    #[arg(long, value_name = "TEXT", num_args = 0..=1, default_missing_value = "jaque",
          require_equals = true, conflicts_with_all = ["json", "count"])]
    pub mark: Option<String>,
    /// At most N games written (with `--sort`, the N first in its order).
    #[arg(long, value_name = "N")]
    pub limit: Option<usize>,
    /// Write the games to this file instead of standard output.
    #[arg(long, short = 'o', value_name = "OUT")]
    pub output: Option<PathBuf>,
    #[command(flatten)]
    pub lints: LintArgs,
    /// The language of the piece letters of the games' moves: en, es, de, fr, nl.
    #[arg(long, value_parser = parse_lang, default_value = "en")]
    pub lang: Lang,
    /// Threads reading games (default: all cores). Output stays in input order.
    #[arg(long, short = 'j')]
    pub jobs: Option<usize>,
    /// No progress bar.
    #[arg(long)]
    pub no_progress: bool,
}

pub fn run(mut args: QueryArgs, flags: Flags, global: Global) -> Outcome {
    let (text, origin) = match query_text(&mut args) {
        Ok(read) => read,
        Err(outcome) => return outcome,
    };
    let query = match Query::parse(&text) {
        Ok(query) => query,
        Err(error) => {
            let color = global.color.stderr();
            eprintln!("{}", render::argument(&origin, &text, &error, color));
            return Outcome::Failed;
        }
    };
    if let Some(text) = &args.mark
        && let Some(at) = text.find('}')
    {
        let error = FilterError::new(at..at + 1, "a comment cannot hold `}`")
            .with_help("PGN ends a comment at the first `}`");
        let color = global.color.stderr();
        eprintln!("{}", render::argument("--mark", text, &error, color));
        return Outcome::Failed;
    }
    if args.explain {
        print!("{}", query.explain());
        return Outcome::Clean;
    }
    let index = match index_argument(&args.files) {
        Ok(index) => index,
        Err(outcome) => return outcome,
    };
    let needs = query.necessary();
    let select = SelectArgs {
        files: args.files,
        query: Some(text),
        variations: args.variations,
        json: args.json,
        count: args.count,
        limit: args.limit,
        output: args.output,
        lints: args.lints,
        lang: args.lang,
        jobs: args.jobs,
        no_progress: args.no_progress,
        sort: args.sort,
        mark: args.mark,
        ..SelectArgs::default()
    };
    match index {
        Some(db) => select::run_indexed(select, flags, global, &db, &needs),
        None => select::run(select, flags, global),
    }
}

/// The index among the arguments, if one is: a lone file that redb wrote (told by its
/// first bytes). An index beside other files is refused.
fn index_argument(files: &[PathBuf]) -> Result<Option<PathBuf>, Outcome> {
    let indexes: Vec<&PathBuf> = files.iter().filter(|f| Index::is_index(f)).collect();
    match (indexes.as_slice(), files.len()) {
        ([], _) => Ok(None),
        ([db], 1) => Ok(Some(db.to_path_buf())),
        ([db, ..], _) => {
            eprintln!(
                "error: {} is an index: give it alone (`jaque query QUERY DB`), or the PGN files",
                db.display()
            );
            Err(Outcome::Failed)
        }
    }
}

/// The query's text and its name in diagnostics: the file of `--file` (the first argument
/// becoming a file of games), or the first argument.
fn query_text(args: &mut QueryArgs) -> Result<(String, String), Outcome> {
    let Some(path) = &args.query_file else {
        return Ok((args.query.take().unwrap_or_default(), "QUERY".into()));
    };
    let text = std::fs::read_to_string(path).map_err(|error| {
        eprintln!("error: cannot read {}: {error}", path.display());
        Outcome::Failed
    })?;
    if let Some(first) = args.query.take() {
        args.files.insert(0, PathBuf::from(first));
    }
    Ok((text, path.to_string_lossy().into_owned()))
}
