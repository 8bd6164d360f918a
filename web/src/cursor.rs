//! What the page asks about the place of its cursor: the move under it (hover), the position
//! there (the board) and the legal moves there (completion). The page counts places as
//! JavaScript strings do, in UTF-16 code units; the library in bytes of UTF-8.

use jaque::json::{Array, Object};
use jaque::lint::Lints;
use jaque::pgn::{Checker, GameRecord, Options, Splitter};
use jaque::san::to_san;

/// The byte of `text` at UTF-16 offset `units` (its end when past it; the character's start
/// when inside one).
pub fn byte_offset(text: &str, units: usize) -> usize {
    let mut counted = 0;
    for (at, c) in text.char_indices() {
        if counted >= units {
            return at;
        }
        counted += c.len_utf16();
    }
    text.len()
}

/// The UTF-16 offset of byte `at` of `text` (of the character it is in).
pub fn utf16_offset(text: &str, at: usize) -> usize {
    text.char_indices()
        .take_while(|&(i, c)| i + c.len_utf8() <= at)
        .map(|(_, c)| c.len_utf16())
        .sum()
}

/// The game of `text` at byte `at`, checked, and where it starts: the last that starts at
/// or before it (between games, the one before).
fn game_at(text: &str, at: usize) -> Option<(usize, GameRecord)> {
    let game = Splitter::new(text.as_bytes())
        .map_while(Result::ok)
        .take_while(|game| usize::try_from(game.offset).is_ok_and(|offset| offset <= at))
        .last()?;
    let offset = usize::try_from(game.offset).ok()?;
    let mut checker = Checker::new(Options::default()).allowing(&Lints::default());
    Some((offset, checker.record(&game)))
}

/// The move under UTF-16 offset `units` as JSON: where it is (`from`, `to` in UTF-16), its
/// number, side and SAN, whether it was played, and if so the position after it (`fen`), its
/// UCI and whether it gives check or mate. `null` off a move.
pub fn hover(text: &str, units: usize) -> Vec<u8> {
    let mut out = Vec::new();
    let at = byte_offset(text, units);
    let found = game_at(text, at).and_then(|(offset, record)| {
        let index = (record.moves().iter()).position(|m| m.span.contains(&(at - offset)))?;
        Some((offset, record, index))
    });
    let Some((offset, record, index)) = found else {
        out.extend_from_slice(b"null");
        return out;
    };
    let Some(m) = record.moves().get(index) else {
        out.extend_from_slice(b"null");
        return out;
    };
    let after = record.position_after(index);
    let mut object = Object::open(&mut out);
    object.field("from", utf16_offset(text, offset + m.span.start));
    object.field("to", utf16_offset(text, offset + m.span.end));
    object.field("number", m.number as usize);
    object.field("color", m.color.to_string());
    object.field("san", m.san.as_str());
    object.field("played", after.is_some());
    object.field("fen", after.map(|p| p.fen()).as_ref());
    let uci = match (m.verdict, after) {
        (jaque::pgn::Verdict::Played(mv), Some(p)) => Some(mv.uci(p.is_chess960()).to_string()),
        _ => None,
    };
    object.field("uci", uci.as_ref());
    object.field("check", m.check);
    object.field("mate", m.mate);
    object.close();
    out
}

/// The position at UTF-16 offset `units` as JSON, `{"fen": ...}`: on a move or right after
/// it, the position after it; elsewhere, where the next move would be typed. `null` in a tag
/// pair, a comment or after a move that failed.
pub fn position(text: &str, units: usize) -> Vec<u8> {
    let mut out = Vec::new();
    let at = byte_offset(text, units);
    let position = game_at(text, at).and_then(|(offset, record)| {
        let rel = at - offset;
        let on = (record.moves().iter()).rposition(|m| m.span.start < rel && rel <= m.span.end);
        match on {
            Some(index) => record.position_after(index),
            None => record.position_at(rel),
        }
    });
    match position {
        Some(position) => {
            let mut object = Object::open(&mut out);
            object.field("fen", position.fen());
            object.close();
        }
        None => out.extend_from_slice(b"null"),
    }
    out
}

/// The legal moves at UTF-16 offset `units` as JSON, `[{"san": ..., "uci": ...}]`: none in a
/// tag pair, a comment or after a move that failed.
pub fn completion(text: &str, units: usize) -> Vec<u8> {
    let mut out = Vec::new();
    let at = byte_offset(text, units);
    let position = game_at(text, at).and_then(|(offset, record)| record.position_at(at - offset));
    let mut moves = Array::open(&mut out);
    if let Some(position) = position {
        for &mv in position.legal_moves().iter() {
            let mut object = Object::open(moves.item());
            object.field("san", to_san(&position, mv));
            object.field("uci", mv.uci(position.is_chess960()).to_string());
            object.close();
        }
    }
    moves.close();
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn offsets_count_utf16_units_both_ways() {
        let text = "{é 🐴} e4";
        assert_eq!(byte_offset(text, 0), 0);
        assert_eq!(byte_offset(text, 2), 1 + 2); // past `{é`
        assert_eq!(byte_offset(text, 5), 1 + 2 + 1 + 4); // past the horse, two units
        assert_eq!(byte_offset(text, 100), text.len());
        for units in [0, 1, 2, 3, 5, 6, 7, 9] {
            assert_eq!(utf16_offset(text, byte_offset(text, units)), units);
        }
    }

    fn json(bytes: Vec<u8>) -> String {
        String::from_utf8(bytes).expect("JSON is UTF-8")
    }

    #[test]
    fn hover_tells_the_move_under_the_cursor() {
        let text = "1. e4 e5 2. Nf3 Ke6 *";
        let at = text.find("Nf3").expect("there") + 1;
        let hover = json(hover(text, at));
        assert!(hover.contains(r#""san":"Nf3","played":true"#), "{hover}");
        assert!(hover.contains(r#""uci":"g1f3""#), "{hover}");
        assert!(hover.contains(r#""from":12,"to":15"#), "{hover}");
        let failed = json(super::hover(text, text.find("Ke6").expect("there")));
        assert!(
            failed.contains(r#""played":false,"fen":null,"uci":null"#),
            "{failed}"
        );
        assert_eq!(json(super::hover(text, 1)), "null");
    }

    #[test]
    fn the_board_shows_the_position_after_the_move_at_the_cursor() {
        let text = "1. e4 e5 2. Nf3 *";
        let after_nf3 =
            r#"{"fen":"rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"}"#;
        let end = text.find("Nf3").expect("there") + 3;
        assert_eq!(json(position(text, end)), after_nf3);
        assert_eq!(json(position(text, end - 1)), after_nf3);
        let after_e5 = r#"{"fen":"rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"}"#;
        assert_eq!(
            json(position(text, text.find("2.").expect("there"))),
            after_e5
        );
        assert_eq!(json(position("[Event \"x\"]", 3)), "null");
    }

    #[test]
    fn completion_offers_the_legal_moves_where_the_cursor_is() {
        let text = "1. e4 e5 2. ";
        let moves = json(completion(text, text.len()));
        assert_eq!(moves.matches(r#""san":"#).count(), 29, "{moves}");
        assert!(moves.contains(r#"{"san":"Nf3","uci":"g1f3"}"#), "{moves}");
        assert_eq!(json(completion("[Event \"x\"]", 3)), "[]");
    }
}
