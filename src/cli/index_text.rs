//! The text of `jaque tree` and `jaque find`: an explorer's table, and a line a game.

use std::fmt::Write as _;

use jaque::Position;
use jaque::index::find::FoundGame;
use jaque::index::tree::{Score, Tree};

use jaque::index::games::date_text;

/// The tree as a table: the position, its games and scores, a row a move, the top games.
pub fn tree(position: &Position, tree: &Tree) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "{}", position.epd());
    let _ = writeln!(out, "{}\n", summary(&tree.score));
    if !tree.moves.is_empty() {
        let _ = writeln!(
            out,
            "{:<8} {:>9}  {:>6} {:>6} {:>6}  {:>6}",
            "move", "games", "white", "draws", "black", "rating"
        );
        for mv in &tree.moves {
            let _ = writeln!(
                out,
                "{:<8} {:>9}  {}",
                mv.san,
                mv.score.games,
                percentages(&mv.score)
            );
        }
    }
    if !tree.top_games.is_empty() {
        let _ = writeln!(out, "\ntop games");
        for game in &tree.top_games {
            let [white, black] = &game.players;
            let [white_elo, black_elo] = game.info.ratings;
            let _ = writeln!(
                out,
                "  {white} ({white_elo}) - {black} ({black_elo})  {}  {}  line {}",
                game.info.outcome.result(),
                date_text(game.info.date),
                game.info.line
            );
        }
    }
    out
}

/// `N games`, and the scores where there are any.
fn summary(score: &Score) -> String {
    let games = match score.games {
        1 => "1 game".to_string(),
        n => format!("{n} games"),
    };
    match score.games {
        0 => games,
        _ => format!("{games}  {}", percentages(score)),
    }
}

/// White's, the draws' and Black's shares, and the average rating.
fn percentages(score: &Score) -> String {
    let share = |n: u64| match score.games {
        0 => 0.0,
        games => 100.0 * n as f64 / games as f64,
    };
    let rating = score
        .average_rating()
        .map_or("-".to_string(), |r| r.to_string());
    format!(
        "{:>5.1}% {:>5.1}% {:>5.1}%  {rating:>6}",
        share(score.white),
        share(score.draws),
        share(score.black)
    )
}

/// A found game: where it is, the ply, its players and result.
pub fn found_game(game: &FoundGame) -> String {
    let tag = |name: &str| {
        (game.tags.iter().rev())
            .find(|(n, _)| n == name)
            .map_or("?", |(_, v)| v.as_str())
    };
    format!(
        "{}:{}  ply {}  {} - {}  {}  {}",
        game.file,
        game.line,
        game.ply,
        tag("White"),
        tag("Black"),
        tag("Result"),
        tag("Date")
    )
}
