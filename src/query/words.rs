//! The words and forms of the language as an editor offers them while a query is typed
//! (`jaque lsp` and the page, through [`crate::ide`]): each with what it inserts and a line
//! saying what it is. Keywords the parser knows and this list does not describe are offered
//! too, so that a new word is never missing from completion.

use std::borrow::Cow;

use super::parse::KEYWORDS;

/// A word or form of the language, or a name the query defines.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Form {
    /// What the editor lists: `count(`, `move from`, `K`, `fork`.
    pub label: Cow<'static, str>,
    /// What it inserts.
    pub insert: Cow<'static, str>,
    /// What it is, in a few words (for a name: its definition).
    pub detail: Cow<'static, str>,
    /// A piece letter, a word or form, or a name.
    pub kind: FormKind,
}

/// What kind of thing a [`Form`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FormKind {
    /// A keyword or a form built on one (`line -->`, `count(`).
    Keyword,
    /// A piece designator (`K`, `a`, `_`).
    Piece,
    /// A name defined by `let` earlier in the query.
    Name,
}

const fn keyword(label: &'static str, insert: &'static str, detail: &'static str) -> Form {
    Form {
        label: Cow::Borrowed(label),
        insert: Cow::Borrowed(insert),
        detail: Cow::Borrowed(detail),
        kind: FormKind::Keyword,
    }
}

const fn piece(label: &'static str, detail: &'static str) -> Form {
    Form {
        label: Cow::Borrowed(label),
        insert: Cow::Borrowed(label),
        detail: Cow::Borrowed(detail),
        kind: FormKind::Piece,
    }
}

/// The forms described, keywords first, then the piece letters.
const DESCRIBED: [Form; 43] = [
    keyword(
        "line",
        "line --> ",
        "consecutive positions: line --> Q1 --> Q2",
    ),
    keyword(
        "flipcolor",
        "flipcolor ",
        "the query, or it with colours exchanged",
    ),
    keyword(
        "attacks",
        "attacks ",
        "SET attacks SET: a piece attacks a square",
    ),
    keyword(
        "pinned",
        "pinned ",
        "pinned SET: a piece pinned to its king",
    ),
    keyword("count(", "count(", "count(SET): the number of its squares"),
    keyword("count", "count(", "count(SET): the number of its squares"),
    keyword(
        "move from",
        "move from ",
        "the last move, from a set of squares",
    ),
    keyword("move to", "move to ", "the last move, to a set of squares"),
    keyword("move", "move ", "the last move: move from SET to SET"),
    keyword(
        "from",
        "from ",
        "move from SET: where the moved piece stood",
    ),
    keyword("to", "to ", "move to SET: where it went"),
    keyword("capture", "capture", "the last move captured"),
    keyword("promote", "promote ", "the last move promoted (to PIECES)"),
    keyword("check", "check", "the side to move is in check"),
    keyword("mate", "mate", "the side to move is checkmated"),
    keyword("stalemate", "stalemate", "the side to move is stalemated"),
    keyword("wtm", "wtm", "white to move"),
    keyword("btm", "btm", "black to move"),
    keyword("ply", "ply ", "half-moves from the first position"),
    keyword(
        "flip",
        "flip ",
        "the query under any of the board's 8 symmetries",
    ),
    keyword(
        "flipvertical",
        "flipvertical ",
        "the query, or it with files a-h mirrored",
    ),
    keyword(
        "fliphorizontal",
        "fliphorizontal ",
        "the query, or it with ranks 1-8 mirrored",
    ),
    keyword(
        "shift",
        "shift ",
        "the query, its squares moved anywhere on the board",
    ),
    keyword(
        "shifthorizontal",
        "shifthorizontal ",
        "the query, its squares moved along ranks",
    ),
    keyword(
        "shiftvertical",
        "shiftvertical ",
        "the query, its squares moved along files",
    ),
    keyword("material", "material ", "exact material: material KRPvKR"),
    keyword(
        "fen",
        "fen \"",
        "the position, as EPD: fen \"8/8/8/8/8/8/8/K6k w - -\"",
    ),
    keyword("let", "let ", "let NAME = EXPR: a name for what follows"),
    keyword("not", "not ", "the condition does not hold"),
    keyword("and", "and ", "both conditions hold"),
    keyword("or", "or ", "either condition holds"),
    piece("K", "white king"),
    piece("Q", "white queen"),
    piece("R", "white rook"),
    piece("B", "white bishop"),
    piece("N", "white knight"),
    piece("P", "white pawn"),
    piece("k", "black king"),
    piece("q", "black queen"),
    piece("r", "black rook"),
    piece("b", "black bishop"),
    piece("n", "black knight"),
    piece("p", "black pawn"),
];

/// The two pieces of any colour and the empty square, which complete the letters.
const ANY: [Form; 3] = [
    piece("A", "any white piece"),
    piece("a", "any black piece"),
    piece("_", "an empty square"),
];

/// Every form an editor offers: the described ones, then the parser's keywords that they do
/// not name.
///
/// ```
/// let forms = jaque::query::forms();
/// assert!(forms.iter().any(|f| f.label == "count(" && f.insert == "count("));
/// assert!(forms.iter().any(|f| f.label == "flipcolor"));
/// ```
pub fn forms() -> Vec<Form> {
    let mut forms: Vec<Form> = DESCRIBED.iter().chain(&ANY).cloned().collect();
    for word in KEYWORDS {
        if !forms.iter().any(|f| f.label == word) {
            forms.push(keyword(word, word, "keyword"));
        }
    }
    forms
}

/// The forms that complete `prefix`, the word typed before the cursor (all of them after a
/// blank): a piece letter only where no word is begun.
pub fn completing(prefix: &str) -> Vec<Form> {
    forms()
        .into_iter()
        .filter(|f| match f.kind {
            FormKind::Piece => prefix.is_empty(),
            FormKind::Keyword | FormKind::Name => f.label.starts_with(prefix),
        })
        .collect()
}

/// The names `let` defines in `text`, a query perhaps half typed and wrong, as forms: each
/// with its definition as its detail, in the text's order. Read from the words alone, so
/// that a name is offered while the query around it does not compile yet.
///
/// ```
/// let names = jaque::query::names("let knight = n; // a fork:\nlet fork = knight attacks K");
/// let labels: Vec<&str> = names.iter().map(|f| f.label.as_ref()).collect();
/// assert_eq!(labels, ["knight", "fork"]);
/// assert_eq!(names[0].detail, "let knight = n");
/// ```
pub fn names(text: &str) -> Vec<Form> {
    let mut names = Vec::new();
    for line in text.lines() {
        let line = line.split("//").next().unwrap_or_default();
        for (at, _) in line.match_indices("let") {
            let before = line.get(..at).and_then(|b| b.chars().next_back());
            if before.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_') {
                continue;
            }
            let rest = line.get(at + 3..).unwrap_or_default();
            let name_and_after = rest.trim_start();
            if name_and_after.len() == rest.len() {
                continue;
            }
            let end = (name_and_after.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_')))
                .unwrap_or(name_and_after.len());
            let name = name_and_after.get(..end).unwrap_or_default();
            if name.is_empty() || names.iter().any(|f: &Form| f.label == name) {
                continue;
            }
            let definition = line.get(at..).unwrap_or_default();
            let definition = definition.split(';').next().unwrap_or_default().trim_end();
            names.push(Form {
                label: Cow::Owned(name.to_string()),
                insert: Cow::Owned(name.to_string()),
                detail: Cow::Owned(definition.to_string()),
                kind: FormKind::Name,
            });
        }
    }
    names
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_keyword_of_the_parser_is_offered_and_compiles() {
        let forms = forms();
        for word in KEYWORDS {
            assert!(forms.iter().any(|f| f.label == word), "{word}");
        }
        // A piece letter offered is a query of its own.
        for form in forms.iter().filter(|f| f.kind == FormKind::Piece) {
            assert!(super::super::Query::parse(&form.insert).is_ok(), "{form:?}");
        }
    }

    #[test]
    fn a_begun_word_is_completed_by_the_words_it_begins() {
        let begun = completing("co");
        let labels: Vec<&str> = begun.iter().map(|f| f.label.as_ref()).collect();
        assert_eq!(labels, ["count(", "count"]);
        assert!(completing("").iter().any(|f| f.label == "K"));
        assert!(!completing("m").iter().any(|f| f.kind == FormKind::Piece));
    }
}
