//! Parquet files of games as input (issue 56): the lichess database's layout (a column a tag,
//! then `movetext`) and a column of whole games, read as python-chess reads the same games
//! (tests/data/parquet, made by tools/gen/gen_lichess_parquet.py with pyarrow), from a file
//! or standard input; a file that cannot be games refused with why.

use serde_json::Value;

use crate::common;

fn parquet(name: &str) -> String {
    common::vendored(&format!("parquet/{name}"))
        .display()
        .to_string()
}

/// python-chess's reading of the games, a line a game.
fn oracle() -> Vec<Value> {
    let text = std::fs::read_to_string(common::vendored("parquet/lichess.expect.jsonl"))
        .expect("the oracle is vendored");
    let mut lines = text
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON lines"));
    let header: Value = lines.next().expect("a header");
    let games: Vec<Value> = lines.collect();
    assert_eq!(header["games"].as_u64(), Some(games.len() as u64));
    assert!(games.len() > 40);
    games
}

/// `jaque check --json ARGS`'s games (exit 1: three games have an illegal move).
fn checked(args: &[&str], input: Option<&[u8]>) -> (Vec<Value>, Value) {
    let output = common::run_jaque(None, &[&["check", "--json"], args].concat(), input);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{args:?}: {stderr}");
    common::json_lines(&output.stdout, &["file"])
}

/// Every game as python-chess reads it: the tags (all of them, or at least the oracle's),
/// the mainline's length, the final position, an error where it found one.
fn assert_as_the_oracle(games: &[Value], summary: &Value, all_tags: bool, what: &str) {
    let oracle = oracle();
    assert_eq!(games.len(), oracle.len(), "{what}");
    assert_eq!(
        summary["games"].as_u64(),
        Some(oracle.len() as u64),
        "{what}"
    );
    for (game, want) in games.iter().zip(&oracle) {
        let row = &want["row"];
        assert_eq!(game["plies"], want["plies"], "{what} row {row}");
        assert_eq!(game["final_fen"], want["final_fen"], "{what} row {row}");
        let tags = game["tags"].as_object().expect("tags");
        let wanted = want["tags"].as_object().expect("tags");
        for (name, value) in wanted {
            assert_eq!(tags.get(name), Some(value), "{what} row {row}: {name}");
        }
        if all_tags {
            assert_eq!(tags.len(), wanted.len(), "{what} row {row}: {tags:?}");
        }
        let errors = (game["diagnostics"].as_array().expect("diagnostics").iter())
            .filter(|d| d["severity"] == "error")
            .count();
        assert_eq!(errors > 0, want["errors"] == true, "{what} row {row}");
    }
}

#[test]
fn parquet_files_read_as_python_chess_reads_their_games() {
    for (name, all_tags) in [
        ("lichess.parquet", true),
        ("lichess.zstd.parquet", true),
        ("games.parquet", false),
    ] {
        let (games, summary) = checked(&[&parquet(name)], None);
        assert_as_the_oracle(&games, &summary, all_tags, name);
    }
}

#[test]
fn a_parquet_file_is_read_from_standard_input_too() {
    let bytes = std::fs::read(parquet("lichess.parquet")).expect("vendored");
    let (games, summary) = checked(&["-"], Some(&bytes));
    assert_as_the_oracle(&games, &summary, true, "standard input");
}

#[test]
fn a_parquet_file_that_cannot_be_games_is_refused_with_why() {
    let dir = common::scratch("parquet_refused");
    let real = std::fs::read(parquet("lichess.parquet")).expect("vendored");
    // jaque's own table: columns of lists and numbers, no `movetext`.
    let table = dir.join("games_table.parquet").display().to_string();
    let export = common::run_jaque(
        None,
        &["export", &parquet("games.parquet"), "-o", &table],
        None,
    );
    assert_eq!(export.status.code(), Some(0), "{export:?}");
    let cases = [
        (
            "garbage.parquet",
            b"PAR1 and no more".to_vec(),
            "not a Parquet file that reads",
        ),
        (
            "cut.parquet",
            real[..real.len() / 2].to_vec(),
            "not a Parquet file that reads",
        ),
    ];
    for (name, bytes, why) in cases {
        let path = dir.join(name);
        std::fs::write(&path, bytes).expect("writable");
        let path = path.display().to_string();
        let output = common::run_jaque(None, &["check", &path], None);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{name}: {stderr}");
        assert!(
            stderr.contains(&format!("cannot read {path}: {why}")),
            "{stderr}"
        );
    }
    let output = common::run_jaque(None, &["check", &table], None);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("needs a `movetext` column"), "{stderr}");
    assert!(stderr.contains(r#""final_fen""#), "{stderr}");
}
