//! `jaque lsp` driven over pipes as an editor drives it: Content-Length framed JSON-RPC.
//! Expected positions are counted here in UTF-16 by hand, FENs and legal moves come from
//! python-chess's oracle files.

mod client;
use crate::common;
mod edits;
mod large;
mod queries;

use client::Client;
use serde_json::{Value, json};

fn initialized() -> Client {
    let mut client = Client::start();
    let result = client.result("initialize", json!({"capabilities": {}}));
    assert_eq!(result["capabilities"]["textDocumentSync"]["change"], 2);
    client.notify("initialized", json!({}));
    client
}

fn range(line: u32, start: u32, end: u32) -> Value {
    json!({"start": {"line": line, "character": start}, "end": {"line": line, "character": end}})
}

fn at(uri: &str, line: u32, character: u32) -> Value {
    json!({"textDocument": {"uri": uri}, "position": {"line": line, "character": character}})
}

const URI: &str = "file:///nonexistent-jaque-lsp-test/problems.pgn";

/// A comment with an accent and a character outside the BMP (two UTF-16 units) comes
/// before the problems on their line, so byte, character and UTF-16 columns all differ.
const PROBLEMS: &str = "[Event \"Café\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n\
    [White \"Anand\"]\n[Black \"Carlsen\"]\n[Result \"*\"]\n\n\
    1. e4 { café 𝄞 } e5 2. Ng1f3 ♘c6 3. Bb5 a6 4. Ke3 *\n";

/// Applies LSP text edits (one line each, no overlaps) to `text`.
fn apply(text: &str, edits: &[Value]) -> String {
    let mut lines: Vec<String> = text.split('\n').map(String::from).collect();
    let mut edits = edits.to_vec();
    edits.sort_by_key(|e| std::cmp::Reverse(e["range"]["start"]["character"].as_u64()));
    for edit in edits {
        let r = &edit["range"];
        let line = r["start"]["line"].as_u64().unwrap() as usize;
        assert_eq!(r["end"]["line"], r["start"]["line"]);
        let units: Vec<u16> = lines[line].encode_utf16().collect();
        let (s, e) = (
            r["start"]["character"].as_u64().unwrap() as usize,
            r["end"]["character"].as_u64().unwrap() as usize,
        );
        let new = edit["newText"].as_str().unwrap();
        lines[line] = format!(
            "{}{new}{}",
            String::from_utf16(&units[..s]).unwrap(),
            String::from_utf16(&units[e..]).unwrap()
        );
    }
    lines.join("\n")
}

/// The diagnostics published for `text` opened as `uri`.
fn opened(client: &mut Client, uri: &str, text: &str) -> Vec<Value> {
    client.open(uri, text);
    client.diagnostics(uri)
}

fn code_actions(client: &mut Client, uri: &str, wanted: Value) -> Vec<Value> {
    let params = json!({"textDocument": {"uri": uri}, "range": wanted,
                        "context": {"diagnostics": []}});
    let actions = client.result("textDocument/codeAction", params);
    actions.as_array().unwrap().clone()
}

/// The string `key` of each of `items` (diagnostics, code actions, completions, symbols).
fn strings<'a>(items: impl IntoIterator<Item = &'a Value>, key: &str) -> Vec<&'a str> {
    let string = |item: &'a Value| item[key].as_str().expect("a string");
    items.into_iter().map(string).collect()
}

/// The answer to a request about a whole document (its symbols, its folds).
fn about_document(client: &mut Client, method: &str, uri: &str) -> Value {
    client.result(method, json!({"textDocument": {"uri": uri}}))
}

/// Each diagnostic's code with its `key` (its range, its severity).
fn codes_with<'a>(diagnostics: &'a [Value], key: &str) -> Vec<(&'a str, &'a Value)> {
    let code = |d: &'a Value| (d["code"].as_str().expect("a code"), &d[key]);
    diagnostics.iter().map(code).collect()
}

/// The markdown of the hover at `line` and `character` (empty where there is none).
fn hover_text(client: &mut Client, uri: &str, line: u32, character: u32) -> String {
    let hover = client.result("textDocument/hover", at(uri, line, character));
    let value = hover["contents"]["value"].as_str();
    value.unwrap_or_default().to_string()
}

/// A `didChange` sending the whole text.
fn change(client: &mut Client, uri: &str, text: &str, version: i32) {
    let params = json!({"textDocument": {"uri": uri, "version": version},
                        "contentChanges": [{"text": text}]});
    client.notify("textDocument/didChange", params);
}

#[test]
fn diagnostics_have_codes_and_utf16_ranges() {
    let mut client = initialized();
    let diagnostics = opened(&mut client, URI, PROBLEMS);
    let found = codes_with(&diagnostics, "range");
    assert_eq!(
        found,
        [
            ("over_disambiguation", &range(8, 25, 27)),
            ("nonstandard_notation", &range(8, 30, 33)),
            ("illegal_move", &range(8, 47, 50)),
        ]
    );
    assert_eq!(diagnostics[0]["severity"], 2);
    assert_eq!(diagnostics[2]["severity"], 1);
    assert_eq!(diagnostics[2]["source"], "jaque");

    // An ambiguous move: its candidates are related information, each a quick fix.
    let uri = "file:///nonexistent-jaque-lsp-test/ambiguous.pgn";
    let text = "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1\"]\n\n1. Nd2 *\n";
    let diagnostics = opened(&mut client, uri, text);
    let ambiguous = diagnostics
        .iter()
        .find(|d| d["code"] == "ambiguous_move")
        .unwrap();
    assert_eq!(ambiguous["range"], range(3, 3, 6));
    let related = ambiguous["relatedInformation"].as_array().unwrap();
    let candidates = strings(related, "message");
    assert_eq!(candidates, ["candidate: Nbd2", "candidate: Nfd2"]);
    let actions = code_actions(&mut client, uri, range(3, 4, 4));
    let titles = strings(&actions, "title");
    assert_eq!(titles, ["Write `Nbd2`", "Write `Nfd2`"]);
    assert!(actions.iter().all(|a| a["isPreferred"] == false));
    assert_eq!(client.finish(), 0);
}

#[test]
fn a_quick_fix_then_the_text_changed() {
    let mut client = initialized();
    opened(&mut client, URI, PROBLEMS);
    let actions = code_actions(&mut client, URI, range(8, 26, 26));
    let fix = actions
        .iter()
        .find(|a| a["kind"] == "quickfix")
        .expect("a quick fix for Ng1f3");
    assert_eq!(fix["isPreferred"], true);
    let edits = fix["edit"]["changes"][URI].as_array().unwrap();
    assert_eq!(edits[0]["range"], range(8, 24, 29));
    let fixed = apply(PROBLEMS, edits);
    assert!(fixed.contains("2. Nf3 ♘c6"), "{fixed}");
    // `jaque fix` leaves a game with an error as it is: no "fix all" yet.
    assert!(actions.iter().all(|a| a["kind"] != "source.fixAll"));

    change(&mut client, URI, &fixed, 2);
    let codes: Vec<Value> = client
        .diagnostics(URI)
        .iter()
        .map(|d| d["code"].clone())
        .collect();
    assert_eq!(
        codes,
        [json!("nonstandard_notation"), json!("illegal_move")]
    );
    assert_eq!(client.finish(), 0);
}

#[test]
fn a_bad_fen_is_one_diagnostic_on_its_field_and_setup_a_quick_fix() {
    let mut client = initialized();
    // `[Event "Café 𝄞"] ` is 18 UTF-16 units (𝄞 is two), 20 characters in bytes less:
    // the FEN's value starts at unit 24 of line 1, its side to move (`x`) at 24 + 44.
    let uri = "file:///nonexistent-jaque-lsp-test/fen.pgn";
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1";
    let text = format!("[SetUp \"1\"]\n[Event \"Café 𝄞\"] [FEN \"{fen}\"]\n\n1. e4 *\n");
    let diagnostics = opened(&mut client, uri, &text);
    let errors: Vec<_> = codes_with(&diagnostics, "range")
        .into_iter()
        .filter(|(code, _)| *code != "missing_tag")
        .collect();
    assert_eq!(errors, [("bad_fen", &range(1, 68, 69))]);

    // A FEN tag without `[SetUp "1"]`: the quick fix adds it after the FEN tag.
    let uri = "file:///nonexistent-jaque-lsp-test/setup.pgn";
    let text = "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n\
                [White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n\
                [FEN \"4k3/8/8/8/8/8/8/4K2R w K - 0 1\"]\n\n1. O-O *\n";
    let diagnostics = opened(&mut client, uri, text);
    assert_eq!(
        codes_with(&diagnostics, "range"),
        [("missing_tag", &range(7, 0, 38))]
    );
    let actions = code_actions(&mut client, uri, range(7, 1, 1));
    let fix = actions.iter().find(|a| a["kind"] == "quickfix");
    let edits = fix.expect("a quick fix")["edit"]["changes"][uri].as_array();
    let fixed = apply(text, edits.expect("edits"));
    let expected = text.replace("0 1\"]\n", "0 1\"]\n[SetUp \"1\"]\n");
    assert_eq!(fixed, expected);
    assert_eq!(client.finish(), 0);
}

#[test]
fn fix_all_is_what_jaque_fix_writes() {
    let mut client = initialized();
    let legal = PROBLEMS.replace(" 4. Ke3", "");
    assert_eq!(opened(&mut client, URI, &legal).len(), 2);
    let actions = code_actions(&mut client, URI, range(0, 0, 0));
    let all = actions
        .iter()
        .find(|a| a["kind"] == "source.fixAll")
        .expect("fix all");
    let clean = apply(&legal, all["edit"]["changes"][URI].as_array().unwrap());
    // A client that asks for quick fixes only gets no "fix all".
    let params = json!({"textDocument": {"uri": URI}, "range": range(0, 0, 0),
                        "context": {"diagnostics": [], "only": ["quickfix"]}});
    let quick = client.result("textDocument/codeAction", params);
    assert!(
        quick
            .as_array()
            .unwrap()
            .iter()
            .all(|a| a["kind"] == "quickfix")
    );
    assert!(clean.contains("2. Nf3 Nc6 3. Bb5 a6 *"), "{clean}");
    // Asked by the editor itself (on a cursor move), not by the user: no "fix all", which
    // checks the whole document again; asked by the user, it comes.
    for (trigger, fix_all) in [(2, false), (1, true)] {
        let params = json!({"textDocument": {"uri": URI}, "range": range(8, 26, 26),
                            "context": {"diagnostics": [], "triggerKind": trigger}});
        let actions = client.result("textDocument/codeAction", params);
        let actions = actions.as_array().unwrap();
        assert!(
            actions.iter().any(|a| a["kind"] == "quickfix"),
            "{actions:?}"
        );
        let found = actions.iter().any(|a| a["kind"] == "source.fixAll");
        assert_eq!(found, fix_all, "trigger kind {trigger}: {actions:?}");
    }
    change(&mut client, URI, &clean, 2);
    assert_eq!(client.diagnostics(URI), Vec::<Value>::new());
    assert_eq!(client.finish(), 0);
}

/// Games whose text did not change keep their record; their diagnostics still move with
/// the lines added above them.
#[test]
fn a_change_in_one_game_moves_the_next_games_diagnostics() {
    let mut client = initialized();
    let uri = "file:///nonexistent-jaque-lsp-test/games.pgn";
    let second = "[Event \"b\"]\n\n1. e4 e5 2. Ke3 *\n";
    let text = format!("[Event \"a\"]\n\n1. d4 *\n\n{second}");
    let lines = |diagnostics: Vec<Value>| -> Vec<(Value, Value)> {
        let illegal = diagnostics.iter().filter(|d| d["code"] == "illegal_move");
        illegal
            .map(|d| (d["range"]["start"].clone(), d["range"]["end"].clone()))
            .collect()
    };
    let before = lines(opened(&mut client, uri, &text));
    assert_eq!(
        before,
        [(
            json!({"line": 6, "character": 12}),
            json!({"line": 6, "character": 15})
        )]
    );
    let text = format!("[Event \"a\"]\n\n1. d4 {{ a\nlonger\ncomment }} *\n\n{second}");
    change(&mut client, uri, &text, 2);
    let after = lines(client.diagnostics(uri));
    assert_eq!(
        after,
        [(
            json!({"line": 8, "character": 12}),
            json!({"line": 8, "character": 15})
        )]
    );
    assert_eq!(client.finish(), 0);
}

/// Line and character (ASCII text) of byte `offset`.
fn place(text: &str, offset: usize) -> (u32, u32) {
    let line = text[..offset].matches('\n').count();
    let start = text[..offset].rfind('\n').map_or(0, |i| i + 1);
    (line as u32, (offset - start) as u32)
}

#[test]
fn hover_shows_the_position_after_a_move() {
    let (text, fens) = common::first_variations_game();
    let uri = "file:///nonexistent-jaque-lsp-test/variations.pgn";
    let mut client = initialized();
    opened(&mut client, uri, &text);
    // The mainline: `1. d3` opens the movetext, `1... a5` closes it.
    let d3 = text.find("\n1. d3").unwrap() + 4;
    let a5 = text.rfind("1... a5").unwrap() + 6;
    for (offset, fen) in [(d3, &fens[0]), (a5, &fens[1])] {
        let (line, character) = place(&text, offset);
        let value = hover_text(&mut client, uri, line, character);
        assert!(value.contains(&format!("FEN: `{fen}`")), "{value}");
        assert!(value.contains("```text\n  8 "), "{value}");
    }
    let (line, character) = place(&text, d3);
    let value = hover_text(&mut client, uri, line, character);
    assert!(value.contains("UCI: `d2d3`"), "{value}");
    // `1. d4 $17 f6`: the NAG of the variation's move.
    let d4 = text.find("1. d4 $17").unwrap() + 3;
    let (line, character) = place(&text, d4);
    let value = hover_text(&mut client, uri, line, character);
    assert!(value.contains("NAGs: $17"), "{value}");
    let value = hover_text(&mut client, uri, 0, 3);
    assert!(value.contains("Event"), "{value}");
    assert_eq!(client.finish(), 0);
}

/// The first position of `san_legal.tsv`'s "all" block and python-chess's SAN of every
/// legal move there.
fn legal_moves_oracle() -> (String, Vec<String>) {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/san_legal.tsv");
    let data = std::fs::read_to_string(path).unwrap();
    let mut rows = data
        .lines()
        .skip_while(|l| !l.starts_with("# block: all"))
        .skip(1)
        .filter(|l| !l.starts_with('#'))
        .map(|l| l.split('\t').collect::<Vec<_>>());
    let first = rows.next().unwrap();
    let fen = first[0].to_string();
    let mut sans = vec![first[1].to_string()];
    sans.extend(rows.take_while(|r| r[0] == fen).map(|r| r[1].to_string()));
    sans.sort();
    (fen, sans)
}

#[test]
fn completion_offers_the_legal_moves() {
    let (fen, mut expected) = legal_moves_oracle();
    let uri = "file:///nonexistent-jaque-lsp-test/completion.pgn";
    let text = format!("[SetUp \"1\"]\n[FEN \"{fen}\"]\n\n*\n");
    let mut client = initialized();
    opened(&mut client, uri, &text);
    let items = client.result("textDocument/completion", at(uri, 3, 0));
    let mut labels = strings(items.as_array().unwrap(), "label");
    labels.sort();
    expected.dedup();
    assert_eq!(labels, expected);

    // After `1. e4 e5 2.` from the start: white's 29 moves (perft 1 after 1. e4 e5 is 29).
    let start = "file:///nonexistent-jaque-lsp-test/start.pgn";
    opened(&mut client, start, "1. e4 e5 2. \n");
    let items = client.result("textDocument/completion", at(start, 0, 12));
    let labels = strings(items.as_array().unwrap(), "label");
    assert_eq!(labels.len(), 29);
    assert!(labels.contains(&"Nf3") && labels.contains(&"Ke2") && !labels.contains(&"e4"));
    assert_eq!(client.finish(), 0);
}

const TWO: &str = "file:///nonexistent-jaque-lsp-test/two.pgn";

/// Two games: one clean but not in export format, one with an error.
const TWO_GAMES: &str = "[White \"Tal\"]\n[Black \"Botvinnik\"]\n[Event \"WCh\"]\n\
    [Date \"1960.03.15\"]\n\n1.e4 e5 2.Nf3 *\n\n[White \"A\"]\n\n1. e4 Ke7 2. Kd7 *\n";

#[test]
fn formatting_is_what_jaque_fmt_writes() {
    let (uri, mut client) = (TWO, initialized());
    opened(&mut client, uri, TWO_GAMES);
    let edits = client.result(
        "textDocument/formatting",
        json!({"textDocument": {"uri": uri},
        "options": {"tabSize": 4, "insertSpaces": true}}),
    );
    let formatted = edits[0]["newText"].as_str().unwrap();
    assert!(formatted.starts_with("[Event \"WCh\"]\n[Site \"?\"]\n[Date \"1960.03.15\"]"));
    assert!(
        formatted.contains("\n\n1. e4 e5 2. Nf3 *\n\n[White \"A\"]"),
        "{formatted}"
    );
    // Byte for byte what the command writes.
    let file = std::env::temp_dir().join(format!("jaque-lsp-fmt-{}.pgn", std::process::id()));
    std::fs::write(&file, TWO_GAMES).unwrap();
    let fmt = std::process::Command::new(env!("CARGO_BIN_EXE_jaque"))
        .args(["fmt".as_ref(), "--stdout".as_ref(), file.as_os_str()])
        .output()
        .unwrap();
    std::fs::remove_file(&file).unwrap();
    assert_eq!(formatted, String::from_utf8(fmt.stdout).unwrap());
    // The second game has an error: it is left as it was.
    assert!(
        formatted.ends_with("\n\n1. e4 Ke7 2. Kd7 *\n"),
        "{formatted}"
    );
    assert_eq!(client.finish(), 0);
}

#[test]
fn a_symbol_and_a_fold_per_game() {
    let (uri, mut client) = (TWO, initialized());
    opened(&mut client, uri, TWO_GAMES);
    let symbols = about_document(&mut client, "textDocument/documentSymbol", uri);
    let names = strings(symbols.as_array().unwrap(), "name");
    assert_eq!(names, ["Tal - Botvinnik, WCh, 1960.03.15", "A - ?, ?, ?"]);
    assert_eq!(
        symbols[0]["range"]["start"],
        json!({"line": 0, "character": 0})
    );
    assert_eq!(
        symbols[1]["range"]["start"],
        json!({"line": 7, "character": 0})
    );

    let folds = about_document(&mut client, "textDocument/foldingRange", uri);
    assert_eq!(fold_lines(&folds), [(0, 5, None), (7, 9, None)]);

    assert_eq!(client.finish(), 0);
}

/// Each folding range's first and last line, and its kind.
fn fold_lines<'a>(folds: &'a Value) -> Vec<(u64, u64, Option<&'a str>)> {
    let fold = |f: &'a Value| {
        let line = |k: &str| f[k].as_u64().expect("a line");
        (line("startLine"), line("endLine"), f["kind"].as_str())
    };
    folds.as_array().unwrap().iter().map(fold).collect()
}

#[test]
fn variations_and_comments_fold() {
    let mut client = initialized();
    // A game, a variation and a comment over several lines.
    let uri = "file:///nonexistent-jaque-lsp-test/folds.pgn";
    let text = "1. e4 (1. d4\nd5) e5 {a\nlong\ncomment} *\n";
    opened(&mut client, uri, text);
    let folds = about_document(&mut client, "textDocument/foldingRange", uri);
    let folds = fold_lines(&folds);
    assert_eq!(folds, [(0, 3, None), (1, 3, Some("comment")), (0, 1, None)]);
    assert_eq!(client.finish(), 0);
}

#[test]
fn bad_messages_get_errors_not_a_crash() {
    let mut client = initialized();
    client.send_raw("{not json");
    let error = client.wait(|m| m.get("error").is_some());
    assert_eq!(error["error"]["code"], -32700);
    assert_eq!(error["id"], Value::Null);

    let unknown = client.call("textDocument/hover", at("file:///nowhere.pgn", 0, 0));
    assert_eq!(unknown["error"]["code"], -32602);
    let bad_params = client.call("textDocument/hover", json!({"textDocument": 3}));
    assert_eq!(bad_params["error"]["code"], -32602);
    let unknown_method = client.call("jaque/nothing", json!({}));
    assert_eq!(unknown_method["error"]["code"], -32601);

    // An edit past the end of the document is clamped, not a crash.
    let uri = "file:///nonexistent-jaque-lsp-test/edit.pgn";
    opened(&mut client, uri, "1. e4 *\n");
    client.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": uri, "version": 2},
        "contentChanges": [{"range": range(40, 3, 9), "text": "x"}]}),
    );
    client.diagnostics(uri);
    let hover = client.result("textDocument/hover", at(uri, 99, 99));
    assert_eq!(hover, Value::Null);
    assert_eq!(client.finish(), 0);
}

#[test]
fn lint_levels_come_from_jaque_toml() {
    let dir = std::env::temp_dir().join(format!("jaque-lsp-lints-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let toml = "[lints]\nover_disambiguation = \"allow\"\nnonstandard_notation = \"deny\"\n";
    std::fs::write(dir.join("jaque.toml"), toml).unwrap();
    let uri = format!("file://{}/game.pgn", dir.display());
    let mut client = initialized();
    let diagnostics = opened(&mut client, &uri, PROBLEMS);
    std::fs::remove_dir_all(&dir).unwrap();
    let found = codes_with(&diagnostics, "severity");
    assert_eq!(
        found,
        [
            ("nonstandard_notation", &json!(1)),
            ("illegal_move", &json!(1))
        ]
    );
    assert_eq!(client.finish(), 0);
}

#[test]
fn exit_without_shutdown_exits_1() {
    let mut client = initialized();
    client.notify("exit", Value::Null);
    assert_eq!(client.exited(), 1);
}

#[test]
fn definition_on_a_move_number_is_its_move() {
    let mut client = Client::start();
    let result = client.result("initialize", json!({"capabilities": {}}));
    assert_eq!(result["capabilities"]["definitionProvider"], true);
    let uri = "file:///nonexistent-jaque-lsp-test/numbers.pgn";
    // `1...` after a comment numbers Black's move; `2.Nf3` has no space after the dot.
    let text = "[Event \"?\"]\n[Result \"*\"]\n\n1. e4 { note } 1... e5 2.Nf3 *\n";
    opened(&mut client, uri, text);
    let mut definition = |character| {
        let location = client.result("textDocument/definition", at(uri, 3, character));
        (location["uri"].clone(), location["range"].clone())
    };
    assert_eq!(definition(0), (json!(uri), range(3, 3, 5)));
    assert_eq!(definition(1), (json!(uri), range(3, 3, 5)));
    assert_eq!(definition(16), (json!(uri), range(3, 20, 22)));
    assert_eq!(definition(19), (json!(uri), range(3, 20, 22)));
    assert_eq!(definition(24), (json!(uri), range(3, 25, 28)));
    // On a move, a comment or the result: nowhere to go.
    for character in [4, 8, 29] {
        assert_eq!(definition(character), (Value::Null, Value::Null));
    }
    assert_eq!(client.finish(), 0);
}

/// A hover on a tag says what the tag records and whether its value is valid, in the tag
/// lints' words.
#[test]
fn hover_on_a_tag_says_what_it_means_and_whether_it_is_valid() {
    let text = "[Event \"Casual\"]\n[Site \"?\"]\n[Date \"1959\"]\n[Round \"?\"]\n\
                [White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n\n1. e4 *\n";
    let uri = "file:///nonexistent-jaque-lsp-test/tags.pgn";
    let mut client = initialized();
    opened(&mut client, uri, text);
    let event = hover_text(&mut client, uri, 0, 2);
    assert!(
        event.contains("the name of the tournament or match"),
        "{event}"
    );
    assert!(event.contains("The value is valid."), "{event}");
    let date = hover_text(&mut client, uri, 2, 2);
    assert!(date.contains("the date the game began"), "{date}");
    assert!(date.contains("is not in the form YYYY.MM.DD"), "{date}");
    assert!(!date.contains("The value is valid."), "{date}");
    assert_eq!(client.finish(), 0);
}
