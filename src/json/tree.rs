//! The opening explorer's tree as JSON: `jaque tree --json` (CONTRACT.md's object, with the
//! average ratings and top games besides) and the playground page's board write it here,
//! once for both.

use super::{Array, Object};
use crate::Position;
use crate::index::games::date_text;
use crate::index::tree::{Score, Tree};

/// Appends the tree of `position` as one object: `{"fen", "games", "white", "draws",
/// "black", "average_rating", "moves": [{"san", "uci", "games", "white", "draws", "black",
/// "average_rating"}], "top_games": [{"white", "black", "white_elo", "black_elo",
/// "result", "date", "uci", "offset", "line"}]}`.
///
/// ```
/// use jaque::index::tree::Tree;
/// let mut out = Vec::new();
/// jaque::json::tree(&mut out, &jaque::Position::starting(), &Tree::default());
/// assert!(out.starts_with(br#"{"fen":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -","games":0,"#));
/// ```
pub fn tree(out: &mut Vec<u8>, position: &Position, tree: &Tree) {
    let mut object = Object::open(out);
    object.field("fen", position.epd().as_str());
    score(&mut object, &tree.score);
    let mut moves = Array::open(object.key("moves"));
    for mv in &tree.moves {
        let mut item = Object::open(moves.item());
        item.field("san", mv.san.as_str());
        item.field("uci", mv.uci.as_str());
        score(&mut item, &mv.score);
        item.close();
    }
    moves.close();
    let mut top = Array::open(object.key("top_games"));
    for game in &tree.top_games {
        let mut item = Object::open(top.item());
        item.field("white", game.players[0].as_str());
        item.field("black", game.players[1].as_str());
        item.field("white_elo", u64::from(game.info.ratings[0]));
        item.field("black_elo", u64::from(game.info.ratings[1]));
        item.field("result", game.info.outcome.result());
        item.field("date", date_text(game.info.date).as_str());
        item.field("uci", game.uci.as_deref());
        item.field("offset", game.info.offset);
        item.field("line", u64::from(game.info.line));
        item.close();
    }
    top.close();
    object.close();
}

/// A score's fields: games, white, draws, black, average_rating (`null` where no game is
/// rated).
fn score(object: &mut Object<'_>, score: &Score) {
    object.field("games", score.games);
    object.field("white", score.white);
    object.field("draws", score.draws);
    object.field("black", score.black);
    object.field("average_rating", score.average_rating());
}
