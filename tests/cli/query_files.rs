//! Query files (`.chq`) through the real binary: `jaque query --file` reads the query from
//! one (its games those python-chess's oracle matches, its errors pointing at the file's
//! line and column), and `jaque check` checks one named or found in a directory as it checks
//! games: the code `bad_query`, the same diagnostic objects in `--json`, exit 1 on an error.

use std::path::Path;

use serde_json::Value;

use crate::common;
use crate::query::{FILE, oracle_games};

/// `jaque ARGS` run in `dir`: exit code, standard output, standard error.
fn run(dir: &Path, args: &[&str]) -> (Option<i32>, String, String) {
    let done = common::run_jaque(Some(dir), args, None);
    let text = |bytes: Vec<u8>| String::from_utf8(bytes).expect("UTF-8");
    (done.status.code(), text(done.stdout), text(done.stderr))
}

/// A query written over several lines, as a file holds it: the oracle's `line --> capture{3,}`.
const SPREAD: &str = "line\n  --> capture{3,}\n";

/// The error of the second line (a set compared with a number), and where it is.
const WRONG: &str = "mate and\n  count(Q) > q\n";

#[test]
fn query_reads_the_query_from_a_file_and_matches_what_the_oracle_matches() {
    let dir = common::scratch("query_files_read");
    std::fs::write(dir.join("mate.chq"), "mate\n").expect("writable");
    std::fs::write(dir.join("spread.chq"), SPREAD).expect("writable");
    let games = common::vendored(FILE);
    let games = games.to_str().expect("a UTF-8 path");
    for (file, query) in [("mate.chq", "mate"), ("spread.chq", "line --> capture{3,}")] {
        let want = oracle_games(query).len();
        assert!(want > 0, "{query}");
        for flag in ["-f", "--file"] {
            let (code, out, err) = run(&dir, &["query", "--count", flag, file, games]);
            assert_eq!(
                (code, out.trim()),
                (Some(0), &*want.to_string()),
                "{file}: {err}"
            );
        }
        // Every argument is a file of games: the first one too.
        let (_, out, _) = run(&dir, &["query", "--count", "-f", file, games, games]);
        assert_eq!(out.trim(), (2 * want).to_string(), "{file}");
    }
}

#[test]
fn an_error_in_a_query_file_points_at_its_line_and_column_and_exits_2() {
    let dir = common::scratch("query_files_error");
    std::fs::write(dir.join("wrong.chq"), WRONG).expect("writable");
    let games = common::vendored(FILE);
    let games = games.to_str().expect("a UTF-8 path");
    let args = ["query", "--color", "never", "-f", "wrong.chq", games];
    let (code, out, err) = run(&dir, &args);
    assert_eq!((code, out.as_str()), (Some(2), ""), "{err}");
    // Line 2, column 3: the comparison `count(Q) > q`, underlined whole.
    assert!(
        err.starts_with("error: a set compared with a number\n"),
        "{err}"
    );
    assert!(err.contains(" --> wrong.chq:2:3\n"), "{err}");
    assert!(
        err.contains("2 |   count(Q) > q\n  |   ^^^^^^^^^^^^\n"),
        "{err}"
    );
    let (code, _, err) = run(&dir, &["query", "-f", "missing.chq", games]);
    assert_eq!(code, Some(2));
    assert!(err.starts_with("error: cannot read missing.chq"), "{err}");
}

#[test]
fn check_reports_a_query_files_error_as_a_games_and_fails() {
    let dir = common::scratch("query_files_check");
    std::fs::write(dir.join("wrong.chq"), WRONG).expect("writable");
    std::fs::write(dir.join("right.chq"), SPREAD).expect("writable");
    let (code, out, _) = run(&dir, &["check", "--color", "never", "right.chq"]);
    assert_eq!(code, Some(0), "{out}");
    assert!(out.starts_with("checked 1 file: 0 games"), "{out}");
    let (code, out, _) = run(
        &dir,
        &["check", "--color", "never", "wrong.chq", "right.chq"],
    );
    assert_eq!(code, Some(1), "{out}");
    assert!(
        out.starts_with("error[bad_query]: a set compared with a number\n"),
        "{out}"
    );
    assert!(out.contains(" --> wrong.chq:2:3\n"), "{out}");
    assert!(
        out.contains("2 |   count(Q) > q\n  |   ^^^^^^^^^^^^\n"),
        "{out}"
    );
    assert!(out.contains("checked 2 files: 0 games, 0 moves (0 in variations); 1 error"));
}

/// The objects of `check --json`'s output.
fn objects(out: &str) -> Vec<Value> {
    (out.lines().map(|l| serde_json::from_str(l).expect("JSON"))).collect()
}

/// The keys of an object, in order.
fn keys(object: &Value) -> Vec<String> {
    (object.as_object().expect("an object").keys().cloned()).collect()
}

#[test]
fn check_finds_query_files_in_a_directory_and_writes_their_diagnostics_as_a_games() {
    let dir = common::scratch("query_files_walk");
    std::fs::create_dir_all(dir.join("games")).expect("writable");
    std::fs::write(dir.join("games/a.pgn"), "1. e4 e5 2. Ke3 *\n").expect("writable");
    std::fs::write(dir.join("games/b.chq"), WRONG).expect("writable");
    std::fs::write(dir.join("games/c.chq"), "mate\n").expect("writable");
    std::fs::write(dir.join("games/notes.txt"), "not read").expect("writable");
    let (code, out, err) = run(&dir, &["check", "--json", "games"]);
    assert_eq!(code, Some(1), "{err}");
    let objects = objects(&out);
    assert_eq!(objects.len(), 4, "{out}");
    let (game, wrong, right, summary) = (&objects[0], &objects[1], &objects[2], &objects[3]);
    assert_eq!(game["file"], "games/a.pgn");
    assert_eq!(keys(wrong), ["query", "file", "diagnostics"]);
    assert_eq!(
        (&wrong["query"], &wrong["file"]),
        (&Value::from(0), &Value::from("games/b.chq"))
    );
    assert_eq!(
        (&right["query"], &right["diagnostics"]),
        (&Value::from(1), &Value::Array(vec![]))
    );
    // The game's illegal move and the query's error are objects of one shape.
    let (move_error, query_error) = (&game["diagnostics"][0], &wrong["diagnostics"][0]);
    assert_eq!(move_error["code"], "illegal_move");
    assert_eq!(keys(query_error), keys(move_error));
    let placed = [
        "severity",
        "code",
        "line",
        "column",
        "end_line",
        "end_column",
        "ply",
        "san",
    ]
    .map(|key| query_error[key].clone());
    let expected = [
        Value::from("error"),
        Value::from("bad_query"),
        Value::from(2),
        Value::from(3),
        Value::from(2),
        Value::from(15),
        Value::Null,
        Value::Null,
    ];
    assert_eq!(placed, expected);
    assert_eq!(summary["summary"]["files"], 3);
    assert_eq!(summary["summary"]["errors"], 2);
}
