//! `jaque index DB FILE…`, `jaque tree DB`, `jaque find DB --fen FEN`: the position index
//! (`jaque::index`), built, asked what was played from a position, and asked which games
//! reach it. Output and JSON are CONTRACT.md's "Index".

use std::path::{Path, PathBuf};

use jaque::Position;
use jaque::index::append::{self, FileOutcome};
use jaque::index::tree::{Filter, FilterText};
use jaque::index::{Index, IndexError};
use serde_json::{Value, json};

use super::{Global, Outcome, plural};

#[derive(clap::Args)]
pub struct IndexArgs {
    /// The index file (created if absent).
    pub db: PathBuf,
    /// PGN files, plain or compressed with zstd or gzip, added to the index: a file
    /// already indexed (the same bytes) adds nothing, and a game already indexed (the same
    /// start and moves) is indexed once.
    pub files: Vec<PathBuf>,
    /// Index the positions inside variations too (set when the index is made; a game
    /// counts at a position once, on its mainline where it reaches it there).
    #[arg(long)]
    pub variations: bool,
    /// Remove this file's games from the index (before adding FILEs); repeatable.
    #[arg(long, value_name = "FILE")]
    pub remove: Vec<PathBuf>,
    /// Print what the index holds: its files, games, positions and size.
    #[arg(long)]
    pub stats: bool,
    /// With `--stats`: one JSON object (`files`, `games`, `positions`, `bytes`).
    #[arg(long, requires = "stats")]
    pub json: bool,
    /// Verify the checksum of every page (reads the whole index). Reading an index trusts
    /// its pages: one damaged on disk after it was written may stop jaque.
    #[arg(long)]
    pub check: bool,
    /// Threads reading games (default: all cores).
    #[arg(long, short = 'j')]
    pub jobs: Option<usize>,
    /// New games in one commit: a run stopped (killed, out of disk) keeps every commit
    /// whole, and the next run goes on from the last.
    #[arg(long, value_name = "GAMES", default_value_t = append::BATCH_GAMES as u64,
          value_parser = clap::value_parser!(u64).range(1..))]
    pub batch: u64,
}

#[derive(clap::Args)]
pub struct TreeArgs {
    /// The index file.
    pub db: PathBuf,
    #[command(flatten)]
    pub at: At,
    #[command(flatten)]
    pub filter: FilterArgs,
    /// JSON: the position's games and scores, and its moves, most played first.
    #[arg(long)]
    pub json: bool,
}

#[derive(clap::Args)]
pub struct FindArgs {
    /// The index file.
    pub db: PathBuf,
    #[command(flatten)]
    pub at: At,
    /// Print at most N games (the summary gives them all).
    #[arg(long, value_name = "N")]
    pub limit: Option<usize>,
    /// JSON Lines: an object a game (file, offset, line, ply, tags), then a summary.
    #[arg(long)]
    pub json: bool,
}

/// The position asked about.
#[derive(clap::Args)]
pub struct At {
    /// The position, as FEN or EPD (default: the standard start).
    #[arg(long, conflicts_with = "moves")]
    pub fen: Option<String>,
    /// The position after these SAN moves from the start, such as "e4 e5 Nf3" (move
    /// numbers allowed).
    #[arg(long, value_name = "SAN…")]
    pub moves: Option<String>,
    /// Read `--fen` as Chess960 (X-FEN or Shredder-FEN castling); a FEN that only Chess960
    /// explains is read so without it.
    #[arg(long)]
    pub chess960: bool,
}

/// The explorer's filters, as lichess's has them.
#[derive(clap::Args)]
pub struct FilterArgs {
    /// Only games whose players' average rating is in MIN..MAX (either end may be left out).
    #[arg(long, value_name = "MIN..MAX")]
    pub rating: Option<String>,
    /// Only games played on or after this date (YYYY, YYYY.MM or YYYY.MM.DD).
    #[arg(long, value_name = "DATE")]
    pub since: Option<String>,
    /// Only games played on or before this date (YYYY, YYYY.MM or YYYY.MM.DD).
    #[arg(long, value_name = "DATE")]
    pub until: Option<String>,
    /// Only games of these speeds, separated by `,`: ultrabullet, bullet, blitz, rapid,
    /// classical, correspondence (from the TimeControl tag, as lichess sorts them).
    #[arg(long, value_name = "SPEEDS")]
    pub speed: Option<String>,
    /// Only games of this player (the White or Black tag, exactly).
    #[arg(long, value_name = "NAME")]
    pub player: Option<String>,
    /// With `--player`: only the games where they played this colour (white, black).
    #[arg(long, value_name = "COLOR", requires = "player")]
    pub side: Option<String>,
}

pub fn run_index(args: IndexArgs, global: Global) -> Outcome {
    let mut outcome = Outcome::Clean;
    if args.check {
        match append::check(&args.db) {
            Ok(()) if !global.quiet => eprintln!("{}: every page is sound", args.db.display()),
            Ok(_) => {}
            Err(error) => return failed(&args.db, &error),
        }
    }
    for path in &args.remove {
        match append::remove_file(&args.db, path) {
            Ok(Some(record)) if !global.quiet => {
                eprintln!("removed {}: {} games", path.display(), record.indexed);
            }
            Ok(Some(_)) => {}
            Ok(None) => {
                eprintln!(
                    "error: {} is not in the index {}",
                    path.display(),
                    args.db.display()
                );
                outcome = Outcome::Errors;
            }
            Err(error) => return failed(&args.db, &error),
        }
    }
    if !args.files.is_empty() {
        let settings = append::Settings {
            input: jaque::input::Settings {
                jobs: args.jobs,
                ..Default::default()
            },
            batch_games: usize::try_from(args.batch).unwrap_or(usize::MAX),
            variations: args.variations.then_some(true),
        };
        let reports = match append::index_files(&args.db, &args.files, &settings) {
            Ok(reports) => reports,
            Err(error) => return failed(&args.db, &error),
        };
        for report in &reports {
            if let Outcome::Errors = report_file(&report.path, &report.outcome, global) {
                outcome = Outcome::Errors;
            }
        }
    }
    if args.stats || !global.quiet {
        let index = match Index::open(&args.db) {
            Ok(index) => index,
            Err(error) => return failed(&args.db, &error),
        };
        if let Err(error) = print_stats(&args.db, &index, args.stats, args.json) {
            return failed(&args.db, &error);
        }
    }
    outcome
}

/// Says what became of a file; an unreadable or changed file is an error.
fn report_file(path: &Path, outcome: &FileOutcome, global: Global) -> Outcome {
    let shown = path.display();
    match outcome {
        FileOutcome::Indexed(record) => {
            if !global.quiet {
                eprintln!(
                    "indexed {shown}: {} ({} new, {}, {} not playable)",
                    plural(record.games as usize, "game", "games"),
                    record.indexed,
                    plural(record.duplicates as usize, "duplicate", "duplicates"),
                    record.unplayable,
                );
            }
            Outcome::Clean
        }
        FileOutcome::AlreadyIndexed(as_path) => {
            if !global.quiet {
                eprintln!(
                    "{shown}: already indexed (its bytes are those of {as_path}): nothing added"
                );
            }
            Outcome::Clean
        }
        FileOutcome::Changed(record) => {
            eprintln!(
                "error: {shown} changed since it was indexed ({} games then); it was not read \
                 (`jaque index DB --remove {shown} {shown}` indexes it again)",
                record.games
            );
            Outcome::Errors
        }
        FileOutcome::Failed(record, why) => {
            eprintln!("error: {shown}: {why}");
            if record.games > 0 {
                eprintln!(
                    "  {} of it are indexed; `jaque index` again goes on from there",
                    plural(record.games as usize, "game", "games")
                );
            }
            Outcome::Errors
        }
    }
}

/// The index's totals (with `all`, a line a file too; with `as_json`, as JSON).
fn print_stats(db: &Path, index: &Index, all: bool, as_json: bool) -> Result<(), IndexError> {
    let stats = index.stats()?;
    let bytes = std::fs::metadata(db).map(|m| m.len()).unwrap_or(0);
    if as_json {
        let files: Vec<Value> = (stats.files.iter())
            .map(|f| {
                json!({"path": f.path, "done": f.done, "games": f.games, "indexed": f.indexed,
                       "duplicates": f.duplicates, "unplayable": f.unplayable})
            })
            .collect();
        let totals = json!({"files": files, "games": stats.games, "positions": stats.entries,
                            "players": stats.players, "variations": stats.variations,
                            "segments": stats.segments, "bytes": bytes});
        println!("{totals}");
        return Ok(());
    }
    if all {
        for file in &stats.files {
            let state = if file.done {
                ""
            } else {
                " (partly: index it again to go on)"
            };
            println!(
                "{}: {} indexed, {} duplicates, {} not playable{state}",
                file.path, file.indexed, file.duplicates, file.unplayable
            );
        }
    }
    let line = format!(
        "{}: {}, {}, {}, {} bytes",
        db.display(),
        plural(stats.files.len(), "file", "files"),
        plural(stats.games as usize, "game", "games"),
        plural(stats.entries as usize, "position", "positions"),
        bytes
    );
    if all {
        println!("{line}")
    } else {
        eprintln!("{line}")
    }
    Ok(())
}

pub fn run_tree(args: TreeArgs, global: Global) -> Outcome {
    let (position, filter) = match (args.at.position(global), args.filter.read()) {
        (Ok(position), Ok(filter)) => (position, filter),
        (Err(outcome), _) => return outcome,
        (_, Err(message)) => {
            eprintln!("error: {message}");
            return Outcome::Failed;
        }
    };
    let tree = match Index::open(&args.db).and_then(|index| index.tree(&position, &filter)) {
        Ok(tree) => tree,
        Err(error) => return failed(&args.db, &error),
    };
    if args.json {
        let mut json = Vec::new();
        jaque::json::tree(&mut json, &position, &tree);
        println!("{}", String::from_utf8_lossy(&json));
    } else {
        print!("{}", super::index_text::tree(&position, &tree));
    }
    Outcome::Clean
}

pub fn run_find(args: FindArgs, global: Global) -> Outcome {
    let position = match args.at.position(global) {
        Ok(position) => position,
        Err(outcome) => return outcome,
    };
    let found = match Index::open(&args.db).and_then(|index| index.find(&position, args.limit)) {
        Ok(found) => found,
        Err(error) => return failed(&args.db, &error),
    };
    for problem in &found.problems {
        eprintln!("warning: {problem}");
    }
    for game in &found.games {
        if args.json {
            let tags: serde_json::Map<String, Value> = (game.tags.iter())
                .map(|(n, v)| (n.clone(), Value::from(v.as_str())))
                .collect();
            let object = json!({"file": game.file, "offset": game.offset, "line": game.line,
                                "ply": game.ply, "tags": tags});
            println!("{object}");
        } else {
            println!("{}", super::index_text::found_game(game));
        }
    }
    if args.json {
        println!("{}", json!({"summary": {"games": found.total}}));
    } else if !global.quiet {
        eprintln!(
            "{} reach the position",
            plural(found.total as usize, "game", "games")
        );
    }
    match found.problems.is_empty() {
        true => Outcome::Clean,
        false => Outcome::Errors,
    }
}

fn failed(db: &Path, error: &IndexError) -> Outcome {
    match error {
        IndexError::Io { .. } => eprintln!("error: {error}"),
        _ => eprintln!("error: {}: {error}", db.display()),
    }
    Outcome::Failed
}

impl At {
    /// The position of `--fen` and `--moves`, or the error reported (exit 2).
    fn position(&self, global: Global) -> Result<Position, Outcome> {
        // A position whose castling rights only Chess960 explains (`KQkq` with the king on
        // f1) is read as one: the index holds such games' positions.
        let only_960 = (self.fen.as_deref())
            .is_some_and(|fen| Position::from_fen_either(fen).is_ok_and(|p| p.is_chess960()));
        let chess960 = self.chess960 || only_960;
        let start = super::position_argument(self.fen.as_deref(), chess960, global.color)?;
        let Some(moves) = &self.moves else {
            return Ok(start);
        };
        jaque::select::play_moves(start, moves).map_err(|error| {
            let color = global.color.stderr();
            eprintln!(
                "{}",
                super::render::argument("--moves", moves, &error, color)
            );
            Outcome::Failed
        })
    }
}

impl FilterArgs {
    /// The filter, or what is wrong with a flag.
    fn read(&self) -> Result<Filter, String> {
        let text = FilterText {
            rating: self.rating.as_deref(),
            since: self.since.as_deref(),
            until: self.until.as_deref(),
            speed: self.speed.as_deref(),
            player: self.player.as_deref(),
            side: self.side.as_deref(),
        };
        Filter::read(&text).map_err(|message| format!("--{message}"))
    }
}
