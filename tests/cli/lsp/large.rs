//! A document far larger than any hand-written one: the server must answer, not crash or
//! stall, and answer the other documents while it checks it. No clock is asserted: a slow
//! machine is no failure, only a missing answer or one in the wrong order is.

use std::time::Duration;

use serde_json::{Value, json};

use super::{Client, at, initialized, range};

/// The vendored generated games (300 of them), repeated `copies` times. Also
/// how many games it has and how many lines each copy takes.
fn large_document(copies: usize) -> (String, usize, u32) {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/pgn/generated.pgn");
    let games = std::fs::read_to_string(path).unwrap();
    let mut text = String::with_capacity(games.len() * copies + copies);
    for _ in 0..copies {
        text.push_str(games.trim_end());
        // The file's last game ends in a comment that never closes: closed here, or it
        // would run to the first `}` of the next copy, as the standard reads comments.
        text.push_str(" }\n\n");
    }
    let count = games.matches("[Event ").count() * copies;
    let lines = u32::try_from(games.trim_end().lines().count() + 1).unwrap();
    (text, count, lines)
}

#[test]
fn a_50_mb_document_is_checked_and_answered() {
    let (text, games, per_copy) = large_document(250);
    assert!(text.len() > 50_000_000, "{}", text.len());
    let mut client = initialized();
    // Generous: a debug-assertion build on a shared machine; a hang still fails.
    client.timeout = Duration::from_secs(600);
    let uri = "file:///nonexistent-jaque-lsp-test/large.pgn";
    client.open(uri, &text);
    client.diagnostics(uri);

    let symbols = client.result(
        "textDocument/documentSymbol",
        json!({"textDocument": {"uri": uri}}),
    );
    assert_eq!(symbols.as_array().map(Vec::len), Some(games));
    // The first move of the 201st copy's first game: its eight tags, a blank line, `1. Nc3`.
    let hover = client.result("textDocument/hover", at(uri, 200 * per_copy + 9, 4));
    assert_ne!(hover, Value::Null);

    // One character typed into a game in the middle, as a ranged change.
    let change = json!({"range": range(125 * per_copy + 9, 0, 0), "text": " "});
    let params = json!({"textDocument": {"uri": uri, "version": 2}, "contentChanges": [change]});
    client.notify("textDocument/didChange", params);
    let published = client
        .wait(|m| m["method"] == "textDocument/publishDiagnostics" && m["params"]["version"] == 2);
    assert_eq!(published["params"]["uri"], uri);
    assert_eq!(client.finish(), 0);
}

fn is_published(uri: &str) -> impl Fn(&Value) -> bool + '_ {
    move |m| m["method"] == "textDocument/publishDiagnostics" && m["params"]["uri"] == uri
}

/// While a large document is checked, the server answers another document's request (sent
/// after the large text, answered long before checking that text can end); the large
/// one's changes are kept and applied, and a check that a newer text overtook is never
/// published.
#[test]
fn a_long_check_holds_up_no_answer() {
    let (text, games, per_copy) = large_document(100);
    let mut client = initialized();
    client.timeout = Duration::from_secs(600);
    let small = "file:///nonexistent-jaque-lsp-test/small.pgn";
    client.open(small, "1. e4 e5 *\n");
    client.diagnostics(small);
    let uri = "file:///nonexistent-jaque-lsp-test/long.pgn";
    client.open(uri, &text);
    let hover = client.result("textDocument/hover", at(small, 0, 3));
    let hover = hover["contents"]["value"].as_str().unwrap_or_default();
    assert!(hover.contains("UCI: `e2e4`"), "{hover}");
    assert!(
        !client.came_before(is_published(uri)),
        "the hover waited for the check"
    );
    // Not checked yet: nothing to answer from, the client is to ask again.
    let symbols = json!({"textDocument": {"uri": uri}});
    let symbols_early = client.call("textDocument/documentSymbol", symbols);
    assert_eq!(symbols_early["error"]["code"], -32801, "{symbols_early}");
    assert!(!client.came_before(is_published(uri)));

    // A keystroke meanwhile: `1. Nc3` of a game in the middle becomes `1. Nc9`.
    let line = 50 * per_copy + 9;
    let change = json!({"range": range(line, 5, 6), "text": "9"});
    let params = json!({"textDocument": {"uri": uri, "version": 2}, "contentChanges": [change]});
    client.notify("textDocument/didChange", params);
    let published = client.published(uri);
    assert_eq!(
        published["version"], 2,
        "the first diagnostics are the edited text's"
    );
    let diagnostics = published["diagnostics"].as_array().unwrap();
    assert!(
        (diagnostics.iter()).any(|d| d["range"]["start"]["line"] == line && d["severity"] == 1),
        "no error at the edit on line {line}"
    );

    a_newer_text_overtakes_a_check(&mut client, uri, &text, games);
    assert_eq!(client.finish(), 0);
}

/// The whole text of a checked document sent again, then a newer one before that is
/// checked: meanwhile requests read the last state, or are to be asked again when their
/// answer is edits; the first text's check is dropped.
fn a_newer_text_overtakes_a_check(client: &mut Client, uri: &str, text: &str, games: usize) {
    let whole = |version, text: &str| {
        json!({"textDocument": {"uri": uri, "version": version},
               "contentChanges": [{"text": text}]})
    };
    client.notify("textDocument/didChange", whole(3, text));
    let formatting = client.request(
        "textDocument/formatting",
        json!({"textDocument": {"uri": uri}, "options": {"tabSize": 4, "insertSpaces": true}}),
    );
    let symbols = json!({"textDocument": {"uri": uri}});
    let symbols_late = client.request("textDocument/documentSymbol", symbols);
    let short = "[Event \"?\"]\n\n1. e4 e5 2. Ke3 *\n";
    client.notify("textDocument/didChange", whole(4, short));
    // Edits made on the last state would not fit the text being checked.
    let formatting = client.response(formatting);
    assert_eq!(formatting["error"]["code"], -32801, "{formatting}");
    // Reading the last state is fine: it has all the games.
    let symbols_late = client.response(symbols_late);
    assert_eq!(symbols_late["result"].as_array().map(Vec::len), Some(games));
    let published = client.published(uri);
    assert_eq!(published["version"], 4, "the overtaken text was published");
    let fresh = "file:///nonexistent-jaque-lsp-test/fresh.pgn";
    client.open(fresh, short);
    let expected = client.diagnostics(fresh);
    assert!(
        expected.iter().any(|d| d["code"] == "illegal_move"),
        "{expected:?}"
    );
    assert_eq!(published["diagnostics"], Value::from(expected));
}
