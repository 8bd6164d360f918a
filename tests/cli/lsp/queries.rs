//! Query files (`.chq`) in `jaque lsp`: told by their language or their extension, their
//! diagnostics published on open and on every change (ranges counted here by hand), and
//! completion offering the language's words and forms.

use serde_json::{Value, json};

use super::{at, initialized, range, strings};

const URI: &str = "file:///nonexistent-jaque-lsp-test/fork.chq";

/// Line 2 compares a set with a number: `count(Q) > q`, characters 2 to 14.
const WRONG: &str = "mate and\n  count(Q) > q\n";

fn open(client: &mut super::Client, uri: &str, language: &str, text: &str) -> Vec<Value> {
    let document = json!({"uri": uri, "languageId": language, "version": 1, "text": text});
    client.notify("textDocument/didOpen", json!({"textDocument": document}));
    client.diagnostics(uri)
}

fn completion_labels(
    client: &mut super::Client,
    uri: &str,
    line: u32,
    character: u32,
) -> Vec<Value> {
    let items = client.result("textDocument/completion", at(uri, line, character));
    items.as_array().expect("an array of items").clone()
}

#[test]
fn a_query_file_gets_its_diagnostics_on_open_and_on_change() {
    let mut client = initialized();
    let diagnostics = open(&mut client, URI, "chq", WRONG);
    assert_eq!(diagnostics.len(), 1, "{diagnostics:?}");
    let d = &diagnostics[0];
    assert_eq!(
        (&d["code"], &d["severity"], &d["source"]),
        (&json!("bad_query"), &json!(1), &json!("jaque"))
    );
    assert_eq!(d["range"], range(1, 2, 14));
    let message = d["message"].as_str().expect("a message");
    assert!(
        message.starts_with("a set compared with a number\nhelp: "),
        "{message}"
    );
    // `q` becomes `count(q)`: the query is right.
    let edit = json!({"textDocument": {"uri": URI, "version": 2},
                      "contentChanges": [{"range": range(1, 13, 14), "text": "count(q)"}]});
    client.notify("textDocument/didChange", edit);
    let published = client.published(URI);
    assert_eq!(
        (&published["version"], &published["diagnostics"]),
        (&json!(2), &json!([]))
    );
    // A misspelt word: the help names the word meant.
    let edit = json!({"textDocument": {"uri": URI, "version": 3},
                      "contentChanges": [{"text": "chek"}]});
    client.notify("textDocument/didChange", edit);
    let diagnostics = client.diagnostics(URI);
    assert_eq!(strings(&diagnostics, "code"), ["bad_query"]);
    assert_eq!(diagnostics[0]["range"], range(0, 0, 4));
    assert!(
        diagnostics[0]["message"]
            .as_str()
            .is_some_and(|m| m.contains("`check`"))
    );
    // A character of two UTF-16 units, four bytes, one character: its range is two units.
    let edit = json!({"textDocument": {"uri": URI, "version": 4},
                      "contentChanges": [{"text": "mate and \u{1d11e}"}]});
    client.notify("textDocument/didChange", edit);
    let diagnostics = client.diagnostics(URI);
    assert_eq!(diagnostics[0]["range"], range(0, 9, 11), "{diagnostics:?}");
    // Questions about games get empty answers, not errors.
    assert_eq!(
        client.result("textDocument/hover", at(URI, 0, 1)),
        Value::Null
    );
    let symbols = client.result(
        "textDocument/documentSymbol",
        json!({"textDocument": {"uri": URI}}),
    );
    assert_eq!(symbols, json!([]));
    client.notify(
        "textDocument/didClose",
        json!({"textDocument": {"uri": URI}}),
    );
    assert_eq!(client.diagnostics(URI), Vec::<Value>::new());
    assert_eq!(client.finish(), 0);
}

#[test]
fn completion_offers_the_words_and_forms_of_the_language() {
    let mut client = initialized();
    // An untitled document is a query by its language alone.
    let uri = "untitled:Untitled-1";
    let text = "n attacks K and co\n";
    assert_eq!(
        open(&mut client, uri, "chq", text).len(),
        1,
        "`co` is no word"
    );
    // After `co`: the words it begins, `count(` inserting its parenthesis; no piece letter.
    let items = completion_labels(&mut client, uri, 0, 18);
    assert_eq!(strings(&items, "label"), ["count(", "count"]);
    assert_eq!(items[0]["insertText"], "count(");
    assert_eq!(items[0]["kind"], 14, "a keyword");
    // After a blank: every form, the pieces among them.
    let items = completion_labels(&mut client, uri, 0, 16);
    let labels = strings(&items, "label");
    for wanted in [
        "line",
        "flipcolor",
        "attacks",
        "count(",
        "move from",
        "mate",
        "K",
        "q",
        "_",
    ] {
        assert!(labels.contains(&wanted), "{wanted}: {labels:?}");
    }
    let knight = items
        .iter()
        .find(|i| i["label"] == "n")
        .expect("n is offered");
    assert_eq!(
        (&knight["detail"], &knight["kind"]),
        (&json!("black knight"), &json!(21))
    );
    // A PGN document beside it is still a PGN document: its completions are moves.
    let pgn = "file:///nonexistent-jaque-lsp-test/beside.pgn";
    client.open(pgn, "1. e4 *\n");
    let _ = client.diagnostics(pgn);
    let moves = completion_labels(&mut client, pgn, 0, 3);
    assert!(strings(&moves, "label").contains(&"e4"));
    assert_eq!(client.finish(), 0);
}

#[test]
fn completion_offers_the_names_defined_before_the_cursor_first() {
    let mut client = initialized();
    let uri = "untitled:Untitled-2";
    // Half typed: `fo` is no word yet, so the query does not compile; its names are offered
    // all the same, a name defined after the cursor is not.
    let text =
        "let knight = n // a knight\nlet fork = knight attacks K;\nflipcolor fo\nlet later = q\n";
    assert_eq!(open(&mut client, uri, "chq", text).len(), 1);
    let items = completion_labels(&mut client, uri, 2, 12);
    assert_eq!(strings(&items, "label")[0], "fork");
    assert_eq!(
        (
            &items[0]["detail"],
            &items[0]["kind"],
            &items[0]["insertText"]
        ),
        (
            &json!("let fork = knight attacks K"),
            &json!(6),
            &json!("fork")
        )
    );
    // After a blank: both names before the cursor, then the language; not `later`.
    let items = completion_labels(&mut client, uri, 2, 10);
    let labels = strings(&items, "label");
    assert_eq!(labels[..2], ["knight", "fork"]);
    assert!(
        labels.contains(&"count(") && !labels.contains(&"later"),
        "{labels:?}"
    );
}
