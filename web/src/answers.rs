//! The editor core's answers as the page reads them: JSON, places in UTF-16 units of the
//! text (JavaScript's string offsets), as the page's code expects them.

use jaque::Color;
use jaque::ide::{Board, Document, Hover, MoveInfo, QueryDocument};
use jaque::json::{Array, Object};
use jaque::query::FormKind;

/// How far checking has come: `{"progress": {"read", "total", "done"}, "summary": {"games",
/// "moves", "errors", "warnings"}}` of the games checked so far (read: their bytes; total:
/// the text's), and `"error"` where the text is no text (binary, compressed).
///
/// ```
/// let mut document = jaque::ide::Document::new("1. e4 *\n\n1. Ke2 *\n".into(), Default::default());
/// document.check(usize::MAX);
/// let answer = String::from_utf8(jaque_web::answers::progress(&document)).unwrap();
/// assert!(answer.ends_with(r#""summary":{"games":2,"moves":1,"errors":1,"warnings":0}}"#));
/// ```
pub fn progress(document: &Document) -> Vec<u8> {
    let progress = document.progress();
    let mut out = Vec::new();
    let mut object = Object::open(&mut out);
    let mut place = Object::open(object.key("progress"));
    place.field("read", progress.read);
    place.field("total", progress.total);
    place.field("done", progress.done());
    place.close();
    let mut counts = Object::open(object.key("summary"));
    counts.field("games", progress.checked);
    counts.field("moves", progress.plies);
    counts.field("errors", progress.errors);
    counts.field("warnings", progress.warnings);
    counts.close();
    if let Some(refused) = document.refused() {
        object.field("error", refused);
    }
    object.close();
    out
}

/// The diagnostics of the games checked ([`jaque::json::diagnostic::page`]).
pub fn diagnostics(document: &Document) -> Vec<u8> {
    let mut out = Vec::new();
    jaque::json::diagnostic::page(&mut out, document);
    out
}

/// The move under UTF-16 offset `units`: where it is (`from`, `to`), whether it was played
/// and the position after it (`fen`), its number, side, SAN and UCI, and whether it gives
/// check or mate; `null` off a move.
///
/// ```
/// let document = jaque::ide::Document::new("1. e4 e5 2. Nf3 *".into(), Default::default());
/// let hover = String::from_utf8(jaque_web::answers::hover(&document, 12)).unwrap();
/// assert!(hover.contains(r#""san":"Nf3","uci":"g1f3""#));
/// ```
pub fn hover(document: &Document, units: usize) -> Vec<u8> {
    let mut out = Vec::new();
    let Some(Hover::Move(hover)) = document.hover(document.utf16_offset(units)) else {
        out.extend_from_slice(b"null");
        return out;
    };
    let mut object = Object::open(&mut out);
    object.field("from", document.utf16_units(hover.span.start));
    object.field("to", document.utf16_units(hover.span.end));
    object.field("played", hover.after.is_some());
    object.field("fen", hover.after.map(|p| p.fen()).as_ref());
    write_move(&mut object, &hover.played);
    object.field("check", hover.check);
    object.field("mate", hover.mate);
    object.close();
    out
}

/// The board at UTF-16 offset `units`: `{"fen", "last"}`, `last` the move it is after
/// (`number`, `color`, `san`, `uci`) or `null`; `null` in a tag pair or a comment.
pub fn board(document: &Document, units: usize) -> Vec<u8> {
    let mut out = Vec::new();
    let Some(Board { position, last }) = document.board(document.utf16_offset(units)) else {
        out.extend_from_slice(b"null");
        return out;
    };
    let mut object = Object::open(&mut out);
    object.field("fen", position.fen());
    match last {
        Some(last) => {
            let mut info = Object::open(object.key("last"));
            write_move(&mut info, &last);
            info.close();
        }
        None => object.field("last", None::<&str>),
    }
    object.close();
    out
}

/// The legal moves at UTF-16 offset `units`, `[{"san": ..., "uci": ...}]`.
pub fn completion(document: &Document, units: usize) -> Vec<u8> {
    let mut out = Vec::new();
    let mut moves = Array::open(&mut out);
    for m in document.completion(document.utf16_offset(units)) {
        let mut object = Object::open(moves.item());
        object.field("san", &m.san);
        object.field("uci", &m.uci);
        object.close();
    }
    moves.close();
    out
}

/// The games of the document that `text`, a query (`docs/query.md`), matches: `{"diagnostics",
/// "games", "total"}`, the query's diagnostics as a document's are written
/// ([`jaque::json::diagnostic::page_placed`], places in UTF-16 units of the query), and
/// when it has none the games it matches, `[{"game", "from", "to", "line", "name", "plies"}]`
/// (`from` and `to` in UTF-16 units of the document's text, `line` from 1, `plies` the
/// mainline plies whose position matched); `total` counts the document's games.
///
/// ```
/// let text = "1. e4 *\n\n1. f3 e5 2. g4 Qh4# 0-1\n";
/// let document = jaque::ide::Document::new(text.into(), Default::default());
/// let answer = String::from_utf8(jaque_web::answers::query(&document, "mate")).unwrap();
/// assert!(answer.starts_with(r#"{"diagnostics":[],"games":[{"game":1,"from":9,"to":32,"line":3,"#));
/// ```
pub fn query(document: &Document, text: &str) -> Vec<u8> {
    let query = QueryDocument::new(text.to_string());
    let mut out = Vec::new();
    let mut object = Object::open(&mut out);
    jaque::json::diagnostic::page_placed(object.key("diagnostics"), query.diagnostics());
    let mut games = Array::open(object.key("games"));
    for found in query
        .query()
        .map(|q| document.matching(q))
        .unwrap_or_default()
    {
        let mut game = Object::open(games.item());
        game.field("game", found.game);
        game.field("from", document.utf16_units(found.span.start));
        game.field("to", document.utf16_units(found.span.end));
        game.field("line", document.utf16_position(found.span.start).0 + 1);
        game.field("name", &found.name);
        let mut plies = Array::open(game.key("plies"));
        for ply in found.plies {
            plies.item().extend_from_slice(ply.to_string().as_bytes());
        }
        plies.close();
        game.close();
    }
    games.close();
    object.field("total", document.games().len());
    object.close();
    out
}

/// The forms that complete the word before UTF-16 offset `units` of `text`, a query
/// ([`QueryDocument::completion`], as `jaque lsp` offers them): `[{"label", "insert",
/// "detail", "kind"}]`, `kind` `"keyword"`, `"piece"` or `"name"`, the names the query's
/// `let`s define first.
///
/// ```
/// let answer = String::from_utf8(jaque_web::answers::query_completion("pro", 3)).unwrap();
/// let promote = r#"{"label":"promote","insert":"promote ","detail":"the last move promoted (to PIECES)""#;
/// assert_eq!(answer, format!(r#"[{promote},"kind":"keyword"}}]"#));
/// ```
pub fn query_completion(text: &str, units: usize) -> Vec<u8> {
    let query = QueryDocument::new(text.to_string());
    let mut out = Vec::new();
    let mut forms = Array::open(&mut out);
    for form in query.completion(query.utf16_offset(units)) {
        let mut object = Object::open(forms.item());
        object.field("label", form.label.as_ref());
        object.field("insert", form.insert.as_ref());
        object.field("detail", form.detail.as_ref());
        let kind = match form.kind {
            FormKind::Keyword => "keyword",
            FormKind::Piece => "piece",
            FormKind::Name => "name",
        };
        object.field("kind", kind);
        object.close();
    }
    forms.close();
    out
}

/// A move's number, side, SAN as written, and UCI where it was played.
fn write_move(object: &mut Object<'_>, m: &MoveInfo) {
    object.field("number", m.number as usize);
    let color = if m.color == Color::White {
        "white"
    } else {
        "black"
    };
    object.field("color", color);
    object.field("san", &m.san);
    object.field("uci", m.uci.as_ref());
}

#[cfg(test)]
mod tests {
    //! The core's answers are tested in the library (`jaque::ide`); here, their JSON and
    //! places in UTF-16 units. FENs are python-chess 1.11.2's.

    use super::*;

    const AFTER_E4_E5_NF3: &str = "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2";

    fn document(text: &str) -> Document {
        Document::new(text.to_string(), Default::default())
    }

    fn json(bytes: Vec<u8>) -> String {
        String::from_utf8(bytes).expect("JSON is UTF-8")
    }

    /// Where `needle` first starts in `text`, in UTF-16 units: the offset the page sends.
    fn units_to(text: &str, needle: &str) -> usize {
        let at = text.find(needle).expect("in the text");
        text[..at].encode_utf16().count()
    }

    #[test]
    fn hover_is_placed_in_utf16_units() {
        let text = "1. d4 *\n\n{♔ 𝄞} 1. e4 e5 2. Nf3 Ke6 *";
        let document = document(text);
        let nf3 = units_to(text, "Nf3");
        let expected = format!(
            r#"{{"from":{nf3},"to":{},"played":true,"fen":"{AFTER_E4_E5_NF3}","number":2,"color":"white","san":"Nf3","uci":"g1f3","check":false,"mate":false}}"#,
            nf3 + 3
        );
        assert_eq!(json(hover(&document, nf3 + 1)), expected);
        let ke6 = units_to(text, "Ke6");
        let failed = json(hover(&document, ke6));
        let unplayed =
            r#""played":false,"fen":null,"number":2,"color":"black","san":"Ke6","uci":null"#;
        assert!(failed.contains(unplayed), "{failed}");
        assert_eq!(json(hover(&document, 0)), "null");
    }

    #[test]
    fn the_board_and_completion_answer_at_utf16_offsets() {
        let text = "{𝄞} 1. e4 e5 2. Nf3 *";
        let document = document(text);
        let end = units_to(text, "Nf3") + 3;
        let expected = format!(
            r#"{{"fen":"{AFTER_E4_E5_NF3}","last":{{"number":2,"color":"white","san":"Nf3","uci":"g1f3"}}}}"#
        );
        assert_eq!(json(board(&document, end)), expected);
        assert_eq!(json(board(&self::document("[Event \"x\"]"), 3)), "null");
        let typing = "1. e4 e5 2. Nf";
        let typed = typing.encode_utf16().count();
        let moves = json(completion(&self::document(typing), typed));
        assert_eq!(moves.matches(r#""san":"#).count(), 29, "{moves}");
        assert!(moves.contains(r#"{"san":"Nf3","uci":"g1f3"}"#), "{moves}");
    }

    #[test]
    fn a_query_answers_its_diagnostics_or_the_games_it_matches() {
        // The second game, after a character of two UTF-16 units, mates at ply 4.
        let text = "{𝄞} 1. e4 *\n\n1. f3 e5 2. g4 Qh4# 0-1\n";
        let document = document(text);
        let from = units_to(text, "1. f3");
        let to = units_to(text, " 0-1") + 4;
        let answer = json(query(&document, "mate"));
        let expected = format!(
            r#"{{"diagnostics":[],"games":[{{"game":1,"from":{from},"to":{to},"line":3,"name":"? - ?, ?, ?","plies":[4]}}],"total":2}}"#
        );
        assert_eq!(answer, expected);
        // An error: where it is in the query, in UTF-16 units, and no games.
        let answer = json(query(&document, "𝄞 or mate"));
        assert!(answer.starts_with(r#"{"diagnostics":[{"from":0,"to":2,"line":1,"column":1,"severity":"error","code":"bad_query","#), "{answer}");
        assert!(answer.ends_with(r#""games":[],"total":2}"#), "{answer}");
    }

    #[test]
    fn query_completion_offers_the_names_defined_first_at_utf16_offsets() {
        // docs/query.md: `let NAME = EXPR` names what follows; `//` starts a comment. The
        // comment's character is two UTF-16 units and four bytes: the end of `kn` in units.
        let text = "// 𝄞\nlet knight = n; flipcolor kn";
        let at = text.encode_utf16().count();
        let knight =
            r#"[{"label":"knight","insert":"knight","detail":"let knight = n","kind":"name"}]"#;
        assert_eq!(json(query_completion(text, at)), knight);
        // `count(SET)` is the language's one word that starts with `co`, offered as the form
        // and as the word, both inserting `count(`.
        let count = json(query_completion("flipcolor co", 12));
        let labels: Vec<&str> = count.split(r#""label":""#).skip(1).collect();
        assert_eq!(labels.len(), 2, "{count}");
        assert!(
            labels[0].starts_with(r#"count(","insert":"count(","#),
            "{count}"
        );
        assert!(
            labels[1].starts_with(r#"count","insert":"count(","#),
            "{count}"
        );
        assert_eq!(count.matches(r#""kind":"keyword"}"#).count(), 2, "{count}");
        // After a blank, every form: the pieces too (`K` the white king) and the name.
        let all = json(query_completion("let knight = n; ", 16));
        assert!(all.starts_with(r#"[{"label":"knight","#), "{all}");
        let king = r#"{"label":"K","insert":"K","detail":"white king","kind":"piece"}"#;
        assert!(all.contains(king), "{all}");
        // An offset past the end is the end's; one inside a character answers, not a panic.
        assert_eq!(json(query_completion("kn", 99)), "[]");
        assert!(json(query_completion("𝄞", 1)).starts_with('['));
    }

    #[test]
    fn progress_tells_a_text_refused() {
        let mut document = Document::from_bytes(b"\x00\x00\x01\x02 PK\x00", Default::default());
        document.check(usize::MAX);
        let answer = json(progress(&document));
        assert!(answer.contains(r#""done":true"#), "{answer}");
        assert!(answer.contains(r#""games":0"#), "{answer}");
        assert!(
            answer.contains(r#""error":"the input is not text"#),
            "{answer}"
        );
    }
}
