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

/// Every position of variations.pgn's games, as python-chess's FENs give them: each game's
/// start (its FEN tag, or the standard one) and the positions after its moves.
fn oracle_positions() -> Vec<jaque::Position> {
    let oracle = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/pgn/record.expect.jsonl"
    );
    let text = std::fs::read_to_string(oracle).expect("vendored oracle");
    let after_moves = text
        .lines()
        .skip(1)
        .filter_map(|line| serde_json::from_str::<serde_json::Value>(line).ok())
        .filter(|game| game["file"] == "variations.pgn")
        .flat_map(|game| game["fens"].as_array().cloned().unwrap_or_default())
        .map(|fen| fen.as_str().expect("a FEN").to_string());
    let pgn = std::fs::read_to_string(INPUT).expect("vendored");
    let starts = pgn.split("[Event ").skip(1).map(|game| {
        let tag = game.lines().find_map(|l| l.strip_prefix("[FEN \""));
        tag.and_then(|t| t.strip_suffix("\"]"))
            .unwrap_or("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
            .to_string()
    });
    let fens: Vec<String> = starts.chain(after_moves).collect();
    // Chess960 games' castling rights, in X-FEN, name the outermost rooks.
    let position = |fen: &String| {
        let read = jaque::Position::from_fen(fen).or_else(|_| jaque::Position::from_fen_960(fen));
        read.expect("a legal FEN")
    };
    fens.iter().map(position).collect()
}

/// The partitions under `dir`: each `key_prefix=N` directory's N, with the one Parquet
/// file it holds; anything else there fails the test.
fn partitions(dir: &std::path::Path) -> std::collections::BTreeSet<u64> {
    let mut found = std::collections::BTreeSet::new();
    for entry in std::fs::read_dir(dir).expect("a directory") {
        let entry = entry.expect("an entry");
        let name = entry.file_name().into_string().expect("utf-8");
        let prefix = name.strip_prefix("key_prefix=").expect("a partition");
        found.insert(prefix.parse().expect("a number"));
        let files: Vec<_> = std::fs::read_dir(entry.path())
            .expect("a partition")
            .collect();
        assert_eq!(files.len(), 1, "{name}: {files:?}");
        let file = std::fs::read(entry.path().join("part-0.parquet")).expect("part-0");
        assert!(
            file.starts_with(b"PAR1") && file.ends_with(b"PAR1"),
            "{name}"
        );
    }
    found
}

#[test]
fn partition_bits_write_a_file_a_key_prefix_with_each_game_s_end() {
    let dir = tempdir("export-partitioned");
    let out = dir.join("positions");
    let out_arg = out.to_str().expect("utf-8");
    let export = |bits: &str| {
        let args = [
            "export",
            INPUT,
            "-o",
            out_arg,
            "--table",
            "positions",
            "--partition-bits",
            bits,
        ];
        let done = common::run_jaque(None, &args, None);
        let stderr = String::from_utf8_lossy(&done.stderr).into_owned();
        assert_eq!(done.status.code(), Some(0), "{stderr}");
        stderr
    };
    let stderr = export("12");
    // A row a move and a row a game for its end.
    let (_, after) = stderr.split_once(" games (").expect("a summary");
    let (rows, _) = after.split_once(" rows").expect("rows");
    let plies: usize = oracle_plies().iter().sum();
    assert_eq!(rows.parse::<usize>(), Ok(plies + 150), "{stderr}");
    let positions = oracle_positions();
    let keys = positions.iter().map(|p| p.zobrist_hash() >> 52);
    let expected: std::collections::BTreeSet<u64> = keys.collect();
    assert!(expected.len() > 100, "{}", expected.len());
    assert_eq!(partitions(&out), expected);
    // Exported again, the directory is replaced whole: no partition of the run before.
    export("1");
    let expected = [0, 1].into_iter().collect();
    assert_eq!(partitions(&out), expected);
    export("0");
    assert_eq!(partitions(&out), [0].into_iter().collect());
    let left: Vec<_> = std::fs::read_dir(&dir).expect("a directory").collect();
    assert_eq!(left.len(), 1, "nothing beside it: {left:?}");
}

#[test]
fn partition_bits_are_for_the_positions_table_and_a_directory() {
    let dir = tempdir("export-partitioned-wrong");
    let file = dir.join("taken");
    std::fs::write(&file, "not a directory").expect("written");
    let taken = file.to_str().expect("utf-8");
    let cases: [(&[&str], &str); 3] = [
        (
            &[
                "--table",
                "moves",
                "--partition-bits",
                "4",
                "-o",
                "never-written",
            ],
            "--table positions",
        ),
        (
            &[
                "--table",
                "positions",
                "--partition-bits",
                "17",
                "-o",
                "never-written",
            ],
            "0 to 16",
        ),
        (
            &["--table", "positions", "--partition-bits", "4", "-o", taken],
            "not a directory",
        ),
    ];
    for (extra, says) in cases {
        let mut args = vec!["export", INPUT];
        args.extend(extra);
        let done = common::run_jaque(Some(&dir), &args, None);
        let stderr = String::from_utf8_lossy(&done.stderr);
        assert_eq!(done.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains(says), "{args:?}: {stderr}");
    }
    assert_eq!(
        std::fs::read_to_string(&file).ok().as_deref(),
        Some("not a directory")
    );
    assert!(!dir.join("never-written").exists());
}
