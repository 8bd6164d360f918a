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
    let mut document = Document::new(text.to_string());
    document.cut_all();
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
    let mut document = Document::new(text.to_string());
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
    let mut document = Document::new(text.to_string());
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
    let mut tagged = Document::new("[Event \"x\"]\n\n1. d4 *".into());
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

/// Games with errors and fixes (`jaque fix`'s test input), after a comment of characters of
/// two and four bytes, so that UTF-16 units, bytes and characters all differ; lines ended by
/// line feeds, as in the editor.
fn games() -> String {
    let games = include_str!("../../../tests/data/pgn/fix_input.pgn").replace("\r\n", "\n");
    format!("{{é 🐴 ♔}}\n{}", &games[..games.len().min(40_000)])
}

/// The diagnostics' `from`, `line` and `column` of a check's answer.
fn places(answer: &str) -> Vec<[usize; 3]> {
    let number = |s: &str| -> usize {
        let digits: String = s.chars().take_while(char::is_ascii_digit).collect();
        digits.parse().expect("a number")
    };
    (answer.split(r#"{"from":"#).skip(1))
        .filter_map(|rest| {
            let line = rest.split_once(r#""line":"#)?.1;
            let column = line.split_once(r#""column":"#)?.1;
            Some([number(rest), number(line), number(column)])
        })
        .collect()
}

#[test]
fn diagnostics_are_placed_in_utf16_units_where_their_lines_and_columns_say() {
    let text = games();
    let answer = everything(&mut Document::new(text.clone()));
    let found = places(&answer);
    assert!(found.len() > 20, "{answer}");
    let lines: Vec<usize> = std::iter::once(0)
        .chain(text.match_indices('\n').map(|(at, _)| at + 1))
        .collect();
    for [from, line, column] in found {
        let start = lines[line - 1];
        let chars = text[start..].chars().take(column - 1);
        let at = start + chars.map(char::len_utf8).sum::<usize>();
        assert_eq!(units(&text[..at]), from, "line {line} column {column}");
    }
}

/// A document's check, done, and its diagnostics.
fn everything(document: &mut Document) -> String {
    json(document.check(usize::MAX)) + &json(document.diagnostics())
}

/// A small random generator (a linear congruential one): the same edits every run.
struct Dice(u64);

impl Dice {
    fn roll(&mut self, below: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) as usize) % below.max(1)
    }
}

#[test]
fn an_edited_document_answers_as_a_new_one_of_its_text() {
    let mut text = games();
    let mut document = Document::new(text.clone());
    // The first edit comes while the first check is under way (a game into it).
    document.check(1);
    let mut dice = Dice(7);
    for round in 0..300 {
        // Up to three edits between two checks, as keys typed while the worker was busy.
        for _ in 0..=dice.roll(3) {
            edit_at_random(&mut document, &mut text, &mut dice, round % 3 == 1);
        }
        let fresh = everything(&mut Document::new(text.clone()));
        // Now and then a step first: the games it leaves are checked after.
        if round % 3 == 0 {
            document.check(1);
        }
        let edited = everything(&mut document);
        assert_eq!(edited, fresh, "round {round}");
    }
}

/// An edit of `document` and `text` alike: a piece of PGN in the place of a few characters
/// somewhere, or (`same_length`) those characters changed for as many others.
fn edit_at_random(document: &mut Document, text: &mut String, dice: &mut Dice, same_length: bool) {
    const PIECES: [&str; 12] = [
        "",
        " ",
        "\n",
        "\n\n",
        "1-0",
        "[Event \"x\"]\n",
        "{",
        "}",
        "Nf3",
        "é",
        "🐴",
        "*",
    ];
    let starts: Vec<usize> = text.char_indices().map(|(at, _)| at).collect();
    let from = starts[dice.roll(starts.len())];
    let to = (from + dice.roll(12)).min(text.len());
    let to = (to..=text.len())
        .find(|&at| text.is_char_boundary(at))
        .unwrap_or(from);
    let same: String = (text[from..to].chars())
        .map(|c| match c.is_ascii() {
            true => char::from(b"e5x{[*1 "[dice.roll(8)]),
            false => c,
        })
        .collect();
    let insert = match same_length {
        true => same.as_str(),
        false => PIECES[dice.roll(PIECES.len())],
    };
    document.edit(units(&text[..from]), units(&text[..to]), insert);
    text.replace_range(from..to, insert);
}

#[test]
fn an_edit_in_a_game_rechecks_that_game_alone() {
    let text = games();
    let mut document = Document::new(text.clone());
    document.check(usize::MAX);
    let games = document.games.len();
    assert!(games > 20);
    // A space after a move in the middle game's movetext.
    let middle = &document.games[games / 2];
    let movetext = text[middle.offset..].find("\n1. ").expect("movetext") + middle.offset;
    let at = units(&text[..movetext + 3]);
    document.edit(at, at, " ");
    document.settle();
    let unchecked = document
        .games
        .iter()
        .filter(|p| p.findings.is_none())
        .count();
    assert_eq!(unchecked, 1);
    assert_eq!(document.games.len(), games);
}

#[test]
fn edits_at_the_first_and_last_bytes_of_games_are_seen() {
    let text = games();
    let mut document = Document::new(text.clone());
    document.check(usize::MAX);
    let places: Vec<(usize, usize)> = (document.games.iter().take(12))
        .map(|p| (p.offset, p.offset + p.len))
        .collect();
    for (start, end) in places {
        for at in [start, end - 1, end] {
            if !text.is_char_boundary(at) || !text.is_char_boundary(at + 1) {
                continue;
            }
            let mut edited = text.clone();
            edited.replace_range(at..at + 1, "x");
            let mut document = Document::new(text.clone());
            document.check(usize::MAX);
            document.edit(units(&text[..at]), units(&text[..at + 1]), "x");
            let fresh = everything(&mut Document::new(edited));
            assert_eq!(everything(&mut document), fresh, "byte {at}");
        }
    }
}

#[test]
fn a_file_reads_with_line_feeds_as_the_editor_keeps_them() {
    let mut document = Document::from_bytes(b"1. e4\r\n\r\n*\r\r\n\n\r");
    assert_eq!(document.text(), "1. e4\n\n*\n\n\n\n");
}

#[test]
fn a_file_of_crlf_and_latin1_games_answers_as_its_text_does() {
    let accented = "[White \"Réti\"]\n[Black \"Müller\"]\n\n1. e4 {à bientôt} e5 2. Ke3 *\n\n";
    let text = games() + &accented.repeat(6);
    let mut document = Document::new(text.clone());
    document.cut_all();
    // The text cut where its games start, each part's lines ended by CRLF, and every other
    // part in Latin-1 where all its characters are in Latin-1.
    let mut cuts: Vec<usize> = document.games.iter().map(|p| p.offset).collect();
    cuts.insert(0, 0);
    cuts.push(text.len());
    let mut bytes = Vec::new();
    let mut latin1 = 0;
    for (i, part) in cuts.windows(2).map(|w| &text[w[0]..w[1]]).enumerate() {
        let crlf = part.replace('\n', "\r\n");
        let one_byte: Option<Vec<u8>> = (crlf.chars())
            .map(|c| u8::try_from(u32::from(c)).ok())
            .collect();
        match one_byte {
            Some(one_byte) if i % 2 == 1 && !part.is_ascii() => {
                bytes.extend(one_byte);
                latin1 += 1;
            }
            _ => bytes.extend_from_slice(crlf.as_bytes()),
        }
    }
    assert!(latin1 >= 3 && std::str::from_utf8(&bytes).is_err());
    let mut read = Document::from_bytes(&bytes);
    assert_eq!(
        everything(&mut read),
        everything(&mut Document::new(text.clone()))
    );
    assert_eq!(read.text(), text);
}

#[test]
fn bytes_that_are_no_text_are_refused_with_the_reason() {
    let mut document = Document::from_bytes(b"\x00\x00\x01\x02\x03 PK binary\x00\x00");
    let answer = json(document.check(usize::MAX));
    assert!(answer.contains(r#""done":true"#), "{answer}");
    assert!(answer.contains(r#""games":0"#), "{answer}");
    assert!(
        answer.contains(r#""error":"the input is not text"#),
        "{answer}"
    );
    // Typed over, the text is read again.
    let all = units(document.text());
    document.edit(0, all, "1. e4 *");
    let answer = json(document.check(usize::MAX));
    assert!(!answer.contains(r#""error":"#), "{answer}");
    assert!(answer.contains(r#""games":1"#), "{answer}");
}
