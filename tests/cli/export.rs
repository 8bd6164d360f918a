//! `jaque export`: a Parquet file of the games, moves or positions, the same rows as the
//! library's Arrow tables; a failed export leaves no file. What the file holds is read back by
//! pyarrow, polars and duckdb in the Python package's tests (`test_tables.py`): readers
//! written apart from jaque's writer.

use crate::common;

const INPUT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/pgn/variations.pgn");

/// The rows the summary says were written, of the Parquet file at `path` (its magic at both
/// ends).
fn rows(stderr: &str, path: &std::path::Path) -> usize {
    let file = std::fs::read(path).expect("written");
    assert!(file.starts_with(b"PAR1") && file.ends_with(b"PAR1"));
    let (_, after) = stderr.split_once(" games (").expect("a summary");
    let (rows, _) = after.split_once(" rows").expect("rows in the summary");
    rows.parse().expect("a number")
}

/// The mainline plies of each game of variations.pgn, as python-chess counts them (the FENs
/// after its mainline moves in tests/data/pgn/record.expect.jsonl).
fn oracle_plies() -> Vec<usize> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/pgn/record.expect.jsonl"
    );
    let text = std::fs::read_to_string(path).expect("vendored oracle");
    text.lines()
        .skip(1)
        .filter_map(|line| serde_json::from_str::<serde_json::Value>(line).ok())
        .filter(|game| game["file"] == "variations.pgn")
        .map(|game| game["fens"].as_array().map_or(0, Vec::len))
        .collect()
}

#[test]
fn export_writes_a_row_a_game_or_a_ply() {
    let dir = tempdir("export");
    let plies = oracle_plies();
    assert_eq!(plies.len(), 150);
    let total = plies.iter().sum::<usize>();
    for (table, expected) in [("games", 150), ("moves", total), ("positions", total)] {
        let out = dir.join(format!("{table}.parquet"));
        let out_arg = out.to_str().expect("utf-8");
        let done = common::run_jaque(
            None,
            &["export", INPUT, "-o", out_arg, "--table", table],
            None,
        );
        let stderr = String::from_utf8_lossy(&done.stderr);
        assert_eq!(done.status.code(), Some(0), "{stderr}");
        assert!(stderr.contains("exported 150 games"), "{stderr}");
        assert_eq!(rows(&stderr, &out), expected, "{table}");
    }
}

#[test]
fn a_failed_export_leaves_no_file() {
    let dir = tempdir("export-failed");
    let out = dir.join("out.parquet");
    let missing = dir.join("missing.pgn");
    let args = [
        "export",
        missing.to_str().expect("utf-8"),
        "-o",
        out.to_str().expect("utf-8"),
    ];
    let done = common::run_jaque(None, &args, None);
    let stderr = String::from_utf8_lossy(&done.stderr);
    assert_eq!(done.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("cannot read"), "{stderr}");
    let left: Vec<_> = std::fs::read_dir(&dir).expect("a directory").collect();
    assert!(left.is_empty(), "{left:?}");
}

#[test]
fn export_help_lists_the_tables_and_what_their_rows_hold() {
    let done = common::run_jaque(None, &["export", "--help"], None);
    let help = String::from_utf8_lossy(&done.stdout);
    // The tables of the contract ("Python": games, moves, positions), a line each.
    for (table, holds) in [
        ("games", "a row a game"),
        ("moves", "a row a mainline move"),
        ("positions", "the position before it"),
    ] {
        let line = help
            .lines()
            .find(|l| l.trim_start().starts_with(&format!("- {table}:")));
        let line = line.unwrap_or_else(|| panic!("{table} is not listed: {help}"));
        assert!(line.contains(holds), "{line}");
    }
    let wrong = common::run_jaque(
        None,
        &["export", "-o", "x.parquet", "--table", "rows"],
        None,
    );
    let stderr = String::from_utf8_lossy(&wrong.stderr);
    assert_eq!(wrong.status.code(), Some(2));
    assert!(
        stderr.contains("[possible values: games, moves, positions]"),
        "{stderr}"
    );
}

fn tempdir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("jaque-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}
