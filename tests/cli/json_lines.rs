//! `--json` output is a line a record for every reader that splits lines, Python's
//! `str.splitlines` too: the Unicode line ends of the input come out escaped.

use std::path::Path;
use std::process::{Command, Output};

/// Where Python's `str.splitlines` ends a line.
fn ends_a_line(c: char) -> bool {
    matches!(
        c,
        '\n' | '\r'
            | '\u{b}'
            | '\u{c}'
            | '\u{1c}'
            | '\u{1d}'
            | '\u{1e}'
            | '\u{85}'
            | '\u{2028}'
            | '\u{2029}'
    )
}

/// The line ends that JSON does not escape as control characters.
const UNICODE_ENDS: [char; 3] = ['\u{85}', '\u{2028}', '\u{2029}'];

fn jaque(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_jaque"))
        .args(args)
        .output()
        .expect("jaque runs")
}

/// The JSON lines of `output`, after checking that splitting them at every line end gives
/// the lines that splitting at `\n` gives.
fn json_lines(output: &Output) -> Vec<serde_json::Value> {
    let text = String::from_utf8(output.stdout.clone()).expect("the output is UTF-8");
    assert!(!text.contains(UNICODE_ENDS), "a line end left raw: {text}");
    let split: Vec<&str> = text.split_terminator(ends_a_line).collect();
    assert_eq!(split, text.lines().collect::<Vec<_>>(), "{text}");
    split
        .iter()
        .map(|line| serde_json::from_str(line).unwrap_or_else(|e| panic!("{line}: {e}")))
        .collect()
}

#[test]
fn check_json_escapes_line_ends_in_tags_moves_and_file_names() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("json_line_ends");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("writable");
    let path = dir.join("odd\u{2028}name\u{85}.pgn");
    let event = "Next\u{85}line, next\u{2029}paragraph, \u{b}\u{c}\u{1c}\u{1d}\u{1e} and –";
    let white = "Line\u{2028}separator";
    let pgn = format!(
        "[Event \"{event}\"]\n[White \"{white}\"]\n\n1. e4 {{a\u{2028}comment}} e5 \
         2. N\u{2028}f3 *\n\n1. d4 d5 *\n"
    );
    std::fs::write(&path, pgn).expect("writable");
    let name = path.to_str().expect("a UTF-8 path");
    let output = jaque(&["check", "--json", name]);
    assert_eq!(output.status.code(), Some(1), "the broken move is an error");
    let lines = json_lines(&output);
    assert_eq!(lines.len(), 3, "two games and the summary");
    let game = &lines[0];
    assert_eq!(game["file"], name);
    assert_eq!(game["tags"]["Event"], event);
    assert_eq!(game["tags"]["White"], white);
    let diagnostics = game["diagnostics"].as_array().expect("an array");
    assert!(
        diagnostics.iter().any(|d| d["san"] == "N\u{2028}f3"),
        "{diagnostics:?}"
    );
    assert_eq!(lines[1]["file"], name);
}

#[test]
fn san_json_escapes_line_ends_in_the_moves_it_echoes() {
    let san = "e\u{2028}4";
    let output = jaque(&["san", "--json", san]);
    let lines = json_lines(&output);
    assert_eq!(lines.len(), 1);
    assert_eq!(lines[0]["san"], san);
    assert_eq!(lines[0]["diagnostics"][0]["san"], san);
}
