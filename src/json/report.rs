//! A game's object of `jaque check --json`, its fields in the contract's order.

use std::collections::HashMap;

use super::{Array, Escaped, Object};
use crate::pgn::{GameDiagnostic, GameReport, Tags};

/// Writes a game's object of `--json` output, its fields in the contract's order.
pub fn game(out: &mut Vec<u8>, name: &Escaped, global: usize, report: &GameReport) {
    game_with(out, name, global, report, |_| {});
}

/// Writes a game's object as [`game`] does, then the fields `more` adds (`jaque select`'s
/// `opening`).
pub fn game_with(
    out: &mut Vec<u8>,
    name: &Escaped,
    global: usize,
    report: &GameReport,
    more: impl FnOnce(&mut Object<'_>),
) {
    let mut object = Object::open(out);
    object.field("game", global);
    object.field("file", name);
    object.field("line", report.line);
    tags_json(object.key("tags"), &report.tags);
    object.field("plies", report.plies);
    let fen = object.key("final_fen");
    match &report.final_position {
        // A FEN needs no escape (letters, digits, `/`, `-` and spaces); writing to a vector
        // cannot fail.
        Some(position) => {
            fen.push(b'"');
            let _ = position.write_fen(fen);
            fen.push(b'"');
        }
        None => fen.extend_from_slice(b"null"),
    }
    object.field("status", report.status_code());
    let mut diagnostics = Array::open(object.key("diagnostics"));
    // The lines are indexed only when a suggestion is to be placed.
    let mut lines = None;
    for d in &report.diagnostics {
        let text = (report.text.as_str(), report.line);
        super::diagnostic::contract(diagnostics.item(), d, text, &mut lines);
    }
    diagnostics.close();
    more(&mut object);
    object.close();
}

/// Writes a query file's object of `jaque check --json`: `{"query", "file", "diagnostics"}`,
/// `query` its 0-based index among the query files of the run (as `game` numbers the games),
/// its diagnostics as a game's, about `text`.
pub fn query_file(
    out: &mut Vec<u8>,
    name: &Escaped,
    index: usize,
    text: &str,
    diagnostics: &[GameDiagnostic],
) {
    let mut object = Object::open(out);
    object.field("query", index);
    object.field("file", name);
    let mut array = Array::open(object.key("diagnostics"));
    let mut lines = None;
    for d in diagnostics {
        super::diagnostic::contract(array.item(), d, (text, 1), &mut lines);
    }
    array.close();
    object.close();
}

/// Writes the tags as an object. A repeated name keeps its first place and takes its last
/// value, as in a JSON map built pair by pair (the output's contract came from one).
fn tags_json(out: &mut Vec<u8>, tags: &Tags) {
    let mut object = Object::open(out);
    if !tags.has_repeated_names() {
        for (name, value) in tags.iter() {
            object.entry(name, value);
        }
    } else {
        // Each name's last value, looked up by name (a hash a pair, however many pairs).
        let mut last: HashMap<&str, &str> = HashMap::with_capacity(tags.len());
        last.extend(tags.iter());
        for (name, _) in tags.iter() {
            if let Some(value) = last.remove(name) {
                object.entry(name, value);
            }
        }
    }
    object.close();
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::json::serde_json_with_line_ends_escaped;
    use crate::lint::Lints;
    use crate::pgn::{Checker, Options, Splitter};
    use serde_json::{Map, Value, json};
    use std::path::{Path, PathBuf};

    /// A game's object built as a `serde_json::Value` and printed by serde_json, line ends
    /// escaped: the oracle (the output was written so before it was written directly).
    fn serde_game(name: &str, global: usize, report: &GameReport) -> String {
        let tags: Map<String, Value> = report
            .tags
            .iter()
            .map(|(k, v)| (k.to_string(), Value::String(v.to_string())))
            .collect();
        let lines = report.line_index();
        let diagnostics: Vec<Value> = report
            .diagnostics
            .iter()
            .map(|d| {
                let suggestions: Vec<Value> = d
                    .diagnostic
                    .suggestions
                    .iter()
                    .map(|s| {
                        let (line, column) = lines.line_column(s.span.start);
                        let (end_line, end_column) = lines.line_column(s.span.end);
                        json!({
                            "line": line, "column": column,
                            "end_line": end_line, "end_column": end_column,
                            "replacement": s.replacement,
                            "applicability": s.applicability.as_str(),
                        })
                    })
                    .collect();
                json!({
                    "severity": d.diagnostic.severity.as_str(),
                    "code": d.diagnostic.code.as_str(),
                    "message": d.diagnostic.message,
                    "line": d.line, "column": d.column,
                    "end_line": d.end_line, "end_column": d.end_column,
                    "ply": d.ply, "san": d.san,
                    "suggestions": suggestions,
                })
            })
            .collect();
        let object = json!({
            "game": global, "file": name, "line": report.line, "tags": tags,
            "plies": report.plies,
            "final_fen": report.final_position.map(|p| p.fen()),
            "status": report.status_code(),
            "diagnostics": diagnostics,
        });
        serde_json_with_line_ends_escaped(object.to_string())
    }

    /// Writes `report` as game `global` of the input `name` and holds it against
    /// serde_json's writing of it.
    fn assert_written_as_serde(name: &str, escaped: &Escaped, global: usize, report: &GameReport) {
        let mut ours = Vec::new();
        game(&mut ours, escaped, global, report);
        let expected = serde_game(name, global, report);
        assert_eq!(
            String::from_utf8(ours).ok(),
            Some(expected),
            "{name}, game {global}"
        );
    }

    /// Checks every game of `text` and compares each object with serde_json's; returns
    /// how many games there were.
    fn compare_games(name: &str, text: &[u8]) -> usize {
        let mut checker = Checker::new(Options::default());
        let escaped = Escaped::new(name);
        let mut games = 0;
        for (global, raw) in Splitter::new(text).enumerate() {
            let mut report = checker.check(&raw.expect("the vendored files can be read"));
            report.apply(&Lints::default());
            assert_written_as_serde(name, &escaped, global, &report);
            games += 1;
        }
        games
    }

    fn pgn_files(dir: &Path, files: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(dir)
            .expect("tests/data is there")
            .flatten()
        {
            let path = entry.path();
            if path.is_dir() {
                pgn_files(&path, files);
            } else if path.extension().is_some_and(|e| e == "pgn") {
                files.push(path);
            }
        }
    }

    #[test]
    fn every_vendored_game_is_written_byte_for_byte_as_serde_json_writes_it() {
        let mut files = Vec::new();
        pgn_files(
            &Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data"),
            &mut files,
        );
        assert!(files.len() > 10, "the vendored PGN files are found");
        let sample = include_bytes!("../cli/sample.pgn");
        let mut games = compare_games("<sample>", sample);
        for path in files {
            let name = path.to_string_lossy().into_owned();
            let text = std::fs::read(&path).expect("the vendored files can be read");
            games += compare_games(&name, &text);
        }
        assert!(games > 100, "{games} games compared");
    }

    #[test]
    fn escapes_and_repeated_tags_are_written_as_serde_json_writes_them() {
        let pgn = "[Event \"a \\\"quoted\\\" \\\\ event\"]\n[Site \"tab\there\u{1}\u{7f}\"]\n\
                   [Event \"second\"]\n[White \"Müller ♔ 王\"]\n[Black \"x\"]\n[White \"again\"]\n\
                   [Date \"1959\"]\n\n1. e4 e5 2. ♘f3 Nc6 3. Bb5 a6 4. 0-0 Qxe4 *\n\n\
                   1. d4 {a \"comment\" \\ \u{2}} d5 2. c4 Ke7+ *\n";
        let mut checker = Checker::new(Options::default());
        let name = "dir/\"odd\"\\name\t.pgn";
        let escaped = Escaped::new(name);
        let mut compared = 0;
        for (global, game) in Splitter::new(pgn.as_bytes()).enumerate() {
            let report = checker.check(&game.expect("a string reads"));
            assert!(
                !report.diagnostics.is_empty(),
                "game {global} has diagnostics"
            );
            if global == 0 {
                assert_eq!(report.tags.len(), 7, "repeated tags are kept");
            }
            assert_written_as_serde(name, &escaped, global, &report);
            compared += 1;
        }
        assert_eq!(compared, 2);
    }
}
