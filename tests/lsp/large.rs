//! A document far larger than any hand-written one: the server must answer, not crash or
//! stall. No clock is asserted: a slow machine is no failure, only a missing answer is.

use std::time::Duration;

use serde_json::{Value, json};

use super::{at, initialized, range};

/// The vendored generated games (300 of them), repeated to a document of about 50 MB.
/// Also how many games it has and how many lines each copy takes.
fn large_document() -> (String, usize, u32) {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/pgn/generated.pgn");
    let games = std::fs::read_to_string(path).unwrap();
    let copies = 250;
    let mut text = String::with_capacity(games.len() * copies + copies);
    for _ in 0..copies {
        text.push_str(games.trim_end());
        text.push_str("\n\n");
    }
    let count = games.matches("[Event ").count() * copies;
    let lines = u32::try_from(games.trim_end().lines().count() + 1).unwrap();
    (text, count, lines)
}

#[test]
fn a_50_mb_document_is_checked_and_answered() {
    let (text, games, per_copy) = large_document();
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
