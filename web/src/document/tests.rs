//! The FENs and move counts expected here are python-chess 1.11.2's (`board.fen()`,
//! `len(list(board.legal_moves))`).

use super::*;

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const AFTER_E4_E5_NF3: &str = "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2";
const AFTER_E4_E5: &str = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";
const AFTER_D4: &str = "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1";

fn json(bytes: Vec<u8>) -> String {
    String::from_utf8(bytes).expect("JSON is UTF-8")
}

/// UTF-16 units of a text, as JavaScript counts them.
fn units(text: &str) -> usize {
    text.encode_utf16().count()
}

#[test]
fn offsets_count_utf16_units_both_ways_across_games() {
    let text = "{é 🐴} 1. e4 *\n\n[Event \"𝄞\"]\n\n1. d4 {♔} *\n\n1. c4 *\n";
    let document = Document::new(text.to_string());
    assert_eq!(document.games.len(), 3);
    for (at, c) in text.char_indices() {
        let u = units(&text[..at]);
        assert_eq!(document.byte_offset(u), at, "{c:?}");
        assert_eq!(document.utf16_offset(at), u, "{c:?}");
        // Inside a character of two units: its start.
        if c.len_utf16() == 2 {
            assert_eq!(document.byte_offset(u + 1), at + c.len_utf8());
        }
    }
    assert_eq!(document.byte_offset(units(text) + 5), text.len());
    assert_eq!(document.utf16_offset(text.len()), units(text));
}

#[test]
fn hover_tells_the_move_under_the_cursor_in_its_game() {
    let text = "1. d4 *\n\n{♔} 1. e4 e5 2. Nf3 Ke6 *";
    let document = Document::new(text.to_string());
    let nf3 = units(&text[..text.find("Nf3").expect("there")]);
    let hover = json(document.hover(nf3 + 1));
    let expected = format!(
        r#"{{"from":{nf3},"to":{},"played":true,"fen":"{AFTER_E4_E5_NF3}","number":2,"color":"white","san":"Nf3","uci":"g1f3","check":false,"mate":false}}"#,
        nf3 + 3
    );
    assert_eq!(hover, expected);
    let ke6 = units(&text[..text.find("Ke6").expect("there")]);
    let failed = json(document.hover(ke6));
    assert!(
        failed.contains(
            r#""played":false,"fen":null,"number":2,"color":"black","san":"Ke6","uci":null"#
        ),
        "{failed}"
    );
    assert_eq!(json(document.hover(0)), "null");
}

#[test]
fn the_board_shows_the_position_after_the_move_at_the_cursor() {
    let text = "1. e4 e5 2. Nf3 Ke6 *";
    let document = Document::new(text.to_string());
    let end = text.find("Nf3").expect("there") + 3;
    let after_nf3 = format!(
        r#"{{"fen":"{AFTER_E4_E5_NF3}","last":{{"number":2,"color":"white","san":"Nf3","uci":"g1f3"}}}}"#
    );
    assert_eq!(json(document.position(end)), after_nf3);
    assert_eq!(json(document.position(end - 1)), after_nf3);
    let before_two = text.find("2.").expect("there");
    assert!(json(document.position(before_two)).starts_with(&format!(
        r#"{{"fen":"{AFTER_E4_E5}","last":{{"number":1,"color":"black""#
    )));
    // On the move that failed, and after it: the position before it.
    let ke6 = text.find("Ke6").expect("there");
    assert_eq!(json(document.position(ke6 + 2)), after_nf3);
    assert_eq!(json(document.position(text.len())), after_nf3);
}

#[test]
fn the_board_starts_from_the_start_and_has_nothing_to_show_in_a_tag() {
    let start = format!(r#"{{"fen":"{START}","last":null}}"#);
    assert_eq!(json(Document::new(String::new()).position(0)), start);
    assert_eq!(json(Document::new("   ".into()).position(1)), start);
    assert_eq!(json(Document::new("1. ".into()).position(3)), start);
    let tagged = Document::new("[Event \"x\"]\n\n1. d4 *".into());
    assert_eq!(json(tagged.position(3)), "null");
    assert!(json(tagged.position(19)).starts_with(&format!(r#"{{"fen":"{AFTER_D4}""#)));
}

#[test]
fn completion_offers_the_legal_moves_where_the_cursor_is() {
    let text = "1. e4 e5 2. ";
    let moves = json(Document::new(text.into()).completion(text.len()));
    assert_eq!(moves.matches(r#""san":"#).count(), 29, "{moves}");
    assert!(moves.contains(r#"{"san":"Nf3","uci":"g1f3"}"#), "{moves}");
    // The word being typed is not played yet.
    let typing = "1. e4 e5 2. Nf";
    let moves = json(Document::new(typing.into()).completion(typing.len()));
    assert_eq!(moves.matches(r#""san":"#).count(), 29, "{moves}");
    let empty = json(Document::new(String::new()).completion(0));
    assert_eq!(empty.matches(r#""san":"#).count(), 20, "{empty}");
    assert_eq!(
        json(Document::new("[Event \"x\"]".into()).completion(3)),
        "[]"
    );
}
