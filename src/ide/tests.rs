//! The FENs and move counts expected here are python-chess 1.11.2's (`board.fen()`,
//! `len(list(board.legal_moves))`); an edited document is held against a new one of its
//! text, and places against [`LineIndex`] of the whole text and Rust's own UTF-16 encoder.

use super::*;
use crate::Color;
use crate::pgn::LineIndex;

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const AFTER_E4_E5_NF3: &str = "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2";
const AFTER_E4_E5: &str = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";
const AFTER_D4: &str = "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1";

fn document(text: &str) -> Document {
    Document::new(text.to_string(), Lints::default())
}

/// UTF-16 units of a text, as JavaScript counts them.
fn units(text: &str) -> usize {
    text.encode_utf16().count()
}

#[test]
fn places_count_utf16_units_lines_and_characters_across_games() {
    let text = "{é 🐴} 1. e4 *\r\n\r\n[Event \"𝄞\"]\n\n1. d4 {♔} *\r\r1. c4 *\n";
    let document = document(text);
    assert_eq!(document.games().len(), 3);
    let lines = LineIndex::new(text, 1);
    for (at, c) in text.char_indices().chain([(text.len(), ' ')]) {
        let u = units(&text[..at]);
        assert_eq!(document.utf16_units(at), u, "{at} {c:?}");
        assert_eq!(document.utf16_offset(u), at, "{c:?}");
        let (line, character) = lines.utf16_position(at);
        assert_eq!(document.utf16_position(at), (line, character), "{at} {c:?}");
        if c != '\n' || !text[..at].ends_with('\r') {
            assert_eq!(document.offset_of(line, character), at, "{at} {c:?}");
        }
        // Inside a character of two units: its start.
        if c.len_utf16() == 2 {
            assert_eq!(document.utf16_offset(u + 1), at + c.len_utf8());
        }
    }
    assert_eq!(document.utf16_offset(units(text) + 5), text.len());
    assert_eq!(document.offset_of(99, 0), text.len());
}

#[test]
fn hover_tells_the_move_under_the_cursor_in_its_game() {
    let text = "1. d4 *\n\n{♔} 1. e4 e5 2. Nf3 Ke6 *";
    let document = document(text);
    let nf3 = text.find("Nf3").expect("there");
    let Some(Hover::Move(hover)) = document.hover(nf3 + 1) else {
        panic!("no move at Nf3");
    };
    assert_eq!(hover.span, nf3..nf3 + 3);
    assert_eq!(
        hover.after.map(|p| p.fen()).as_deref(),
        Some(AFTER_E4_E5_NF3)
    );
    let played = (
        hover.played.number,
        hover.played.color,
        hover.played.san.as_str(),
    );
    assert_eq!(played, (2, Color::White, "Nf3"));
    assert_eq!(hover.played.uci.as_deref(), Some("g1f3"));
    assert!(!hover.check && !hover.mate);
    let ke6 = text.find("Ke6").expect("there");
    let Some(Hover::Move(failed)) = document.hover(ke6) else {
        panic!("no move at Ke6");
    };
    assert_eq!((failed.after, failed.played.uci), (None, None));
    assert_eq!(failed.played.color, Color::Black);
    assert_eq!(document.hover(0), None);
}

#[test]
fn hover_on_a_tag_tells_its_meaning_and_problems() {
    let text = "[Date \"2024-01-02\"]\n[White \"Tal\"]\n\n1. e4 *";
    let document = document(text);
    let Some(Hover::Tag(date)) = document.hover(2) else {
        panic!("no tag");
    };
    assert_eq!(
        (date.tag.name.as_str(), date.tag.value.as_str()),
        ("Date", "2024-01-02")
    );
    assert!(date.meaning.is_some_and(|m| m.contains("YYYY.MM.DD")));
    let wrong_form = |p: &String| p.contains("not in the form YYYY.MM.DD");
    assert!(date.problems.iter().any(wrong_form), "{:?}", date.problems);
    let Some(Hover::Tag(white)) = document.hover(text.find("Tal").expect("there")) else {
        panic!("no tag");
    };
    assert!(white.problems.is_empty());
}

#[test]
fn the_board_shows_the_position_after_the_move_at_the_cursor() {
    let text = "1. e4 e5 2. Nf3 Ke6 *";
    let document = document(text);
    let fen = |at| {
        document
            .board(at)
            .map(|b| (b.position.fen(), b.last.map(|m| m.san)))
    };
    let after_nf3 = Some((AFTER_E4_E5_NF3.to_string(), Some("Nf3".to_string())));
    let end = text.find("Nf3").expect("there") + 3;
    assert_eq!(fen(end), after_nf3);
    assert_eq!(fen(end - 1), after_nf3);
    let before_two = text.find("2.").expect("there");
    assert_eq!(
        fen(before_two),
        Some((AFTER_E4_E5.into(), Some("e5".into())))
    );
    // On the move that failed, and after it: the position before it.
    let ke6 = text.find("Ke6").expect("there");
    assert_eq!(fen(ke6 + 2), after_nf3);
    assert_eq!(fen(text.len()), after_nf3);
}

#[test]
fn the_board_starts_from_the_start_and_has_nothing_to_show_in_a_tag() {
    let start = |text: &str, at| document(text).board(at).map(|b| (b.position.fen(), b.last));
    assert_eq!(start("", 0), Some((START.into(), None)));
    assert_eq!(start("   ", 1), Some((START.into(), None)));
    assert_eq!(start("1. ", 3), Some((START.into(), None)));
    assert_eq!(start("[Event \"x\"]\n\n1. d4 *", 3), None);
    let d4 = start("[Event \"x\"]\n\n1. d4 *", 19).map(|(fen, _)| fen);
    assert_eq!(d4.as_deref(), Some(AFTER_D4));
}

#[test]
fn completion_offers_the_legal_moves_where_the_cursor_is() {
    let text = "1. e4 e5 2. ";
    let moves = document(text).completion(text.len());
    assert_eq!(moves.len(), 29);
    assert!(
        moves
            .iter()
            .any(|m| (m.san.as_str(), m.uci.as_str()) == ("Nf3", "g1f3"))
    );
    // The word being typed is not played yet.
    let typing = "1. e4 e5 2. Nf";
    assert_eq!(document(typing).completion(typing.len()).len(), 29);
    assert_eq!(document("").completion(0).len(), 20);
    assert_eq!(document("[Event \"x\"]").completion(3), []);
}

#[test]
fn definition_goes_from_a_move_number_to_its_move() {
    let text = "1. e4 {x} e5 2... Nf6 *";
    let document = document(text);
    let e4 = text.find("e4").expect("there");
    assert_eq!(document.definition(1), Some(e4..e4 + 2));
    let nf6 = text.find("Nf6").expect("there");
    assert_eq!(
        document.definition(text.find("2...").expect("there") + 4),
        Some(nf6..nf6 + 3)
    );
    assert_eq!(document.definition(e4), None);
}

#[test]
fn outline_folds_and_formatting_read_every_game() {
    let text =
        "[White \"Tal\"]\n[Black \"Botvinnik\"]\n\n1. e4 {a\nb} (1. d4\n d5) e5 *\n\n1.e4 *\n";
    let mut document = document(text);
    let symbols = document.symbols();
    assert_eq!(symbols[0].name, "Tal - Botvinnik, ?, ?");
    assert_eq!((symbols[0].plies, symbols.len()), (2, 2));
    assert_eq!(&text[symbols[1].span.clone()], "1.e4 *");
    let kinds: Vec<FoldKind> = document.folds().iter().map(|f| f.kind).collect();
    assert_eq!(
        kinds,
        [FoldKind::Game, FoldKind::Comment, FoldKind::Variation]
    );
    let formatted = document.formatted().expect("not in export format");
    assert!(formatted.ends_with("\n\n1. e4 *\n"), "{formatted}");
    document.check_all();
    assert_eq!(document.formatted(), Some(formatted));
}

#[test]
fn fix_all_writes_what_jaque_fix_writes() {
    // python-chess: 4. Qxf7 is mate.
    let text = "[White \"Tal\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7 1-0\n";
    let mut document = document(text);
    document.check_all();
    let fixed = document.fixed().expect("a mark to add");
    assert!(String::from_utf8_lossy(&fixed.output).contains("4. Qxf7# 1-0"));
    assert_eq!(
        self::document("1. e4 *\n").fixed().map(|f| f.games.len()),
        Some(1)
    );
    let mut clean = self::document("1. e4 *\n");
    clean.check_all();
    assert!(clean.fixed().is_none());
}

/// Games with errors and fixes (`jaque fix`'s test input), after a comment of characters of
/// two and four bytes, so that UTF-16 units, bytes and characters all differ; lines ended by
/// line feeds, as in the editor.
fn games() -> String {
    let games = include_str!("../../tests/data/pgn/fix_input.pgn").replace("\r\n", "\n");
    format!("{{é 🐴 ♔}}\n{}", &games[..games.len().min(40_000)])
}

#[test]
fn diagnostics_are_placed_where_their_lines_and_columns_say() {
    let text = games();
    let mut document = document(&text);
    document.check_all();
    let lines = LineIndex::new(&text, 1);
    let placed: Vec<Placed<'_>> = document.diagnostics().collect();
    assert!(placed.len() > 20);
    for p in placed {
        assert_eq!((p.line, p.column), lines.line_column(p.span.start));
        for (at, place) in [(p.span.start, p.from), (p.span.end, p.to)] {
            assert_eq!(place.units, units(&text[..at]));
            assert_eq!((place.line, place.character), lines.utf16_position(at));
        }
        for (_, span, from, to) in p.suggestions() {
            assert_eq!(
                (from.units, to.units),
                (units(&text[..span.start]), units(&text[..span.end]))
            );
            assert_eq!((to.line, to.character), lines.utf16_position(span.end));
        }
    }
}

#[test]
fn the_page_puts_a_bad_fen_on_its_field_and_offers_setup() {
    // `x` is the side to move; `𝄞` before it is two units: the page counts units.
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1";
    let text = format!("{{𝄞}}\n[FEN \"{fen}\"]\n\n1. e4 *\n");
    let mut document = document(&text);
    document.check_all();
    let mut out = Vec::new();
    crate::json::diagnostic::page(&mut out, &document);
    let page = String::from_utf8(out).expect("JSON is UTF-8");
    let x = units(&text[..text.find(" x ").expect("the field") + 1]);
    let bad_fen = format!(
        r#"{{"from":{x},"to":{},"line":2,"column":51,"severity":"error","code":"bad_fen""#,
        x + 1
    );
    assert!(page.contains(&bad_fen), "{bad_fen} in {page}");
    assert_eq!(page.matches(r#""severity":"error""#).count(), 1, "{page}");
    // No `[SetUp "1"]`: its insertion after the FEN tag, as `jaque fix` applies it.
    let end = units(&text[..text.find("\n\n").expect("the tag's end")]);
    let setup = format!(
        r#""from":{end},"to":{end},"replacement":"\n[SetUp \"1\"]","applicability":"machine_applicable""#
    );
    assert!(page.contains(&setup), "{setup} in {page}");
}

/// A document's check, done, and what every face is told of it.
fn everything(document: &mut Document) -> String {
    document.check_all();
    let mut out = format!("{:?}", document.progress()).into_bytes();
    crate::json::diagnostic::page(&mut out, document);
    crate::json::diagnostic::lsp(&mut out, document, b"\"file:///g.pgn\"");
    String::from_utf8(out).expect("JSON is UTF-8")
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
    let mut document = document(&text);
    // The first edit comes while the first check is under way (a game into it).
    document.check(1);
    let mut dice = Dice(7);
    for round in 0..300 {
        // Up to three edits between two checks, as keys typed while the worker was busy.
        for _ in 0..=dice.roll(3) {
            edit_at_random(&mut document, &mut text, &mut dice, round % 3 == 1);
        }
        let fresh = everything(&mut Document::new(text.clone(), Lints::default()));
        // Now and then a step first: the games it leaves are checked after.
        if round % 3 == 0 {
            document.check(1);
        }
        assert_eq!(document.text(), text);
        assert_eq!(everything(&mut document), fresh, "round {round}");
    }
}

/// An edit of `document` and `text` alike: a piece of PGN in the place of a few characters
/// somewhere, or (`same_length`) those characters changed for as many others.
fn edit_at_random(document: &mut Document, text: &mut String, dice: &mut Dice, same_length: bool) {
    const PIECES: [&str; 13] = [
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
        "\r\n",
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
    document.edit(from..to, insert);
    text.replace_range(from..to, insert);
}

#[test]
fn an_edit_in_a_game_rechecks_that_game_alone() {
    let text = games();
    let mut document = document(&text);
    document.check_all();
    let games = document.games().len();
    assert!(games > 20);
    // A space after a move in the middle game's movetext.
    let middle = document.games()[games / 2].offset();
    let movetext = text[middle..].find("\n1. ").expect("movetext") + middle;
    document.edit(movetext + 3..movetext + 3, " ");
    let unchecked = document.games().iter().filter(|g| g.checked().is_none());
    assert_eq!(unchecked.count(), 1);
    assert_eq!(document.games().len(), games);
}

#[test]
fn edits_at_the_first_and_last_bytes_of_games_are_seen() {
    let text = games();
    let mut checked = document(&text);
    checked.check_all();
    let spans: Vec<Range<usize>> = checked.games().iter().take(12).map(Game::span).collect();
    for span in spans {
        for at in [span.start, span.end - 1, span.end] {
            if !text.is_char_boundary(at) || !text.is_char_boundary(at + 1) {
                continue;
            }
            let mut edited = text.clone();
            edited.replace_range(at..at + 1, "x");
            let mut document = checked.clone();
            document.edit(at..at + 1, "x");
            let fresh = everything(&mut Document::new(edited, Lints::default()));
            assert_eq!(everything(&mut document), fresh, "byte {at}");
        }
    }
}

#[test]
fn a_whole_new_text_keeps_what_checking_its_old_games_found() {
    let text = games();
    let mut old = document(&text);
    old.check_all();
    let middle = old.games()[old.games().len() / 2].span();
    let pasted = format!(
        "{}1. e4 *\n\n{}",
        &text[..middle.start],
        &text[middle.start..]
    );
    let mut new = document(&pasted);
    new.keep_checked(&old);
    let unchecked = new.games().iter().filter(|g| g.checked().is_none()).count();
    assert_eq!(unchecked, 1);
    assert_eq!(everything(&mut new), everything(&mut document(&pasted)));
}

#[test]
fn a_file_reads_with_line_feeds_as_the_editor_keeps_them() {
    let document = Document::from_bytes(b"1. e4\r\n\r\n*\r\r\n\n\r", Lints::default());
    assert_eq!(document.text(), "1. e4\n\n*\n\n\n\n");
    let utf16: Vec<u8> = "\u{feff}1. e4\r\n*"
        .encode_utf16()
        .flat_map(u16::to_le_bytes)
        .collect();
    assert_eq!(
        Document::from_bytes(&utf16, Lints::default()).text(),
        "1. e4\n*"
    );
}

#[test]
fn a_file_of_crlf_and_latin1_games_answers_as_its_text_does() {
    let accented = "[White \"Réti\"]\n[Black \"Müller\"]\n\n1. e4 {à bientôt} e5 2. Ke3 *\n\n";
    let text = games() + &accented.repeat(6);
    let document = document(&text);
    // The text cut where its games start, each part's lines ended by CRLF, and every other
    // part in Latin-1 where all its characters are in Latin-1.
    let mut cuts: Vec<usize> = document.games().iter().map(Game::offset).collect();
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
    let mut read = Document::from_bytes(&bytes, Lints::default());
    assert_eq!(read.text(), text);
    assert_eq!(
        everything(&mut read),
        everything(&mut Document::new(text, Lints::default()))
    );
}

#[test]
fn bytes_that_are_no_text_are_refused_with_the_reason() {
    let mut document =
        Document::from_bytes(b"\x00\x00\x01\x02\x03 PK binary\x00\x00", Lints::default());
    document.check_all();
    assert!(
        document
            .refused()
            .is_some_and(|r| r.starts_with("the input is not text"))
    );
    assert_eq!(document.progress().games, 0);
    // Typed over, the text is read again.
    let all = document.text().len();
    document.edit(0..all, "1. e4 *");
    document.check_all();
    assert_eq!((document.refused(), document.progress().games), (None, 1));
}

#[test]
fn lint_levels_are_one_input() {
    let text = "[White \"Tal\"]\n\n1. e4 e5 *";
    let mut document = document(text);
    document.check_all();
    let roster = |d: &Document| {
        d.diagnostics()
            .filter(|p| p.diagnostic.diagnostic.code.as_str() == "missing_tag")
            .count()
    };
    assert_eq!(roster(&document), 1);
    let mut lints = Lints::default();
    lints
        .set("missing_tag", crate::lint::Level::Allow)
        .expect("a lint");
    document.set_lints(lints);
    document.check_all();
    assert_eq!(roster(&document), 0);
}
