//! Ranged edits against a fresh open: the server checks again only the games an edit can
//! reach, and must still publish what checking the whole edited text publishes, also when
//! an edit joins two games, cuts one in two, opens a comment that runs on or pastes many
//! games.

use serde_json::{Value, json};

use super::{initialized, range};

/// The byte offset of a line and column of ASCII text.
fn offset(text: &str, line: usize, column: usize) -> usize {
    let start: usize = text.split('\n').take(line).map(|l| l.len() + 1).sum();
    start + column
}

/// The diagnostics as text, their URI (in related information) made `uri`.
fn normalised(diagnostics: &[Value], from: &str, uri: &str) -> String {
    Value::from(diagnostics.to_vec())
        .to_string()
        .replace(from, uri)
}

#[test]
fn ranged_edits_publish_what_a_fresh_open_does() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/pgn/generated.pgn");
    let mut text = std::fs::read_to_string(path).unwrap();
    assert!(text.is_ascii());
    let line_of = |text: &str, tag: &str| text.split('\n').position(|l| l == tag).unwrap();
    let second = line_of(&text, "[Event \"jaque generated 1\"]");
    let fourth = line_of(&text, "[Event \"jaque generated 3\"]");
    let last = text.split('\n').count() - 1;
    // A paste of every game: checked as a whole text, off the message loop.
    let all = text.clone();
    // (start line, start column, end line, end column, new text), applied in turn.
    let edits: [(usize, usize, usize, usize, &str); 10] = [
        (9, 6, 9, 6, "+"),
        (second, 0, second + 1, 0, ""),
        (second - 2, 0, second, 0, ""),
        (fourth + 9, 0, fourth + 9, 0, "{ open "),
        (fourth + 9, 0, fourth + 9, 7, ""),
        (
            fourth + 10,
            3,
            fourth + 10,
            3,
            "\n\n[Event \"new\"]\n\n1. e4 *\n\n",
        ),
        (0, 0, 0, 0, "x"),
        (0, 0, 0, 1, ""),
        (last, 0, last, 0, "\n[Event \"end\"]\n\n1. d4"),
        (second, 0, second, 0, &all),
    ];
    let mut client = initialized();
    let uri = "file:///nonexistent-jaque-lsp-test/edited.pgn";
    client.open(uri, &text);
    client.diagnostics(uri);
    for (version, &(line, column, end_line, end_column, new)) in (2..).zip(&edits) {
        let (start, end) = (
            offset(&text, line, column),
            offset(&text, end_line, end_column),
        );
        text.replace_range(start..end, new);
        let mut change = json!({"range": range(line as u32, column as u32, 0), "text": new});
        change["range"]["end"] = json!({"line": end_line, "character": end_column});
        let params = json!({"textDocument": {"uri": uri, "version": version},
                            "contentChanges": [change]});
        client.notify("textDocument/didChange", params);
        let edited = client.wait(|m| {
            m["method"] == "textDocument/publishDiagnostics" && m["params"]["version"] == version
        });
        let edited = edited["params"]["diagnostics"].as_array().unwrap().clone();
        let fresh_uri = format!("file:///nonexistent-jaque-lsp-test/fresh{version}.pgn");
        client.open(&fresh_uri, &text);
        let fresh = client.diagnostics(&fresh_uri);
        assert_eq!(
            normalised(&edited, uri, uri),
            normalised(&fresh, &fresh_uri, uri),
            "after edit {version}: {new:?} at {line}:{column}"
        );
    }
    assert_eq!(client.finish(), 0);
}
