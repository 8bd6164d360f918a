//! `jaque check` tells compressed input by its first bytes, not by its name.

use std::io::Write;
use std::process::Output;

use crate::common;

/// Two games, each with a warning: something to compare.
const GAMES: &str =
    "[White \"Tal\"]\n[Black \"Botvinnik\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n\n1. d4+ d5 *\n";

fn check_json(path: &str, input: Option<&[u8]>) -> Output {
    common::run_jaque(None, &["check", "--json", path], input)
}

/// The JSON lines of `check --json` on `path`, without the file's name, which differs.
fn games_read(path: &str, input: Option<&[u8]>) -> Vec<serde_json::Value> {
    let output = check_json(path, input);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(0), "{path}: {stderr}");
    String::from_utf8_lossy(&output.stdout)
        .lines()
        .map(|line| {
            let mut value: serde_json::Value = serde_json::from_str(line).expect("JSON lines");
            if let Some(object) = value.as_object_mut() {
                object.remove("file");
            }
            value
        })
        .collect()
}

fn gzip(text: &[u8]) -> Vec<u8> {
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    encoder.write_all(text).expect("gzip encodes");
    encoder.finish().expect("gzip encodes")
}

fn zstd(text: &[u8]) -> Vec<u8> {
    zstd::stream::encode_all(text, 3).expect("zstd encodes")
}

/// A skippable frame of a few bytes (its magic number, its length, its content), then the
/// frame: zstd reads past the first.
fn zstd_after_a_skippable_frame(text: &[u8]) -> Vec<u8> {
    let mut bytes = vec![0x53, 0x2a, 0x4d, 0x18, 3, 0, 0, 0, b'a', b'b', b'c'];
    bytes.extend(zstd(text));
    bytes
}

#[test]
fn compressed_files_are_read_whatever_their_names_and_plain_ones_too() {
    let dir = common::scratch("compressed_by_content");
    let write = |name: &str, bytes: &[u8]| {
        let path = dir.join(name);
        std::fs::write(&path, bytes).expect("writable");
        path.display().to_string()
    };
    let expected = games_read(&write("games.pgn", GAMES.as_bytes()), None);
    assert_eq!(expected.len(), 3, "two games and the summary");
    assert_eq!(expected[2]["summary"]["warnings"], 2);
    let inputs = [
        ("zstd.pgn", zstd(GAMES.as_bytes())),
        ("zstd", zstd(GAMES.as_bytes())),
        ("gzip.pgn.zst", gzip(GAMES.as_bytes())),
        ("gzip.txt", gzip(GAMES.as_bytes())),
        (
            "skippable.pgn",
            zstd_after_a_skippable_frame(GAMES.as_bytes()),
        ),
        ("plain.pgn.gz", GAMES.as_bytes().to_vec()),
        ("plain.pgn.zst", GAMES.as_bytes().to_vec()),
    ];
    for (name, bytes) in inputs {
        assert_eq!(games_read(&write(name, &bytes), None), expected, "{name}");
    }
}

#[test]
fn compressed_standard_input_is_read() {
    let expected = games_read("-", Some(GAMES.as_bytes()));
    assert_eq!(expected.len(), 3, "two games and the summary");
    assert_eq!(games_read("-", Some(&gzip(GAMES.as_bytes()))), expected);
    assert_eq!(games_read("-", Some(&zstd(GAMES.as_bytes()))), expected);
}

#[test]
fn a_text_shorter_than_a_magic_number_is_read_as_text() {
    let dir = common::scratch("short_text");
    for text in ["", "*", "*\n", "1-0\n"] {
        let path = dir.join("short.pgn.gz");
        std::fs::write(&path, text).expect("writable");
        let output = check_json(&path.display().to_string(), None);
        assert_eq!(output.status.code(), Some(0), "{text:?}");
        let stdout = String::from_utf8_lossy(&output.stdout);
        let summary: serde_json::Value =
            serde_json::from_str(stdout.lines().last().unwrap_or_default()).expect("JSON");
        let games = usize::from(!text.is_empty());
        assert_eq!(summary["summary"]["games"], games, "{text:?}");
    }
}

/// What a shell `command` does on `script`'s pseudo-terminal (its standard input a terminal):
/// its exit status and what the terminal showed. `timeout` ends a command that waits for
/// typing instead of saying what it reads.
fn on_a_terminal(command: &str) -> (Option<i32>, String) {
    let output = std::process::Command::new("script")
        .args(["-qec", &format!("timeout 60 {command}"), "/dev/null"])
        .stdin(std::process::Stdio::null())
        .output()
        .expect("util-linux `script` runs (it gives the command a pseudo-terminal)");
    let shown = String::from_utf8_lossy(&output.stdout).into_owned();
    (output.status.code(), shown)
}

/// The last line of JSON Lines output, parsed.
fn last_json(output: &Output) -> serde_json::Value {
    let stdout = String::from_utf8_lossy(&output.stdout);
    serde_json::from_str(stdout.lines().last().unwrap_or_default()).expect("a JSON line")
}

#[test]
fn check_without_files_reads_standard_input_even_when_it_is_empty() {
    // `find . -name '*.pgn' | xargs jaque check` with no match, or `< /dev/null`: no games,
    // nothing wrong, and a word on standard error.
    let empty = common::run_jaque(None, &["check"], None);
    let stderr = String::from_utf8_lossy(&empty.stderr);
    assert_eq!(empty.status.code(), Some(0), "{stderr}");
    assert!(stderr.contains("warning: no games in <stdin>"), "{stderr}");
    let stdout = String::from_utf8_lossy(&empty.stdout);
    assert!(stdout.starts_with("checked 1 file: 0 games,"), "{stdout}");
    assert!(!stdout.contains("<sample>"), "{stdout}");
    let json = common::run_jaque(None, &["check", "--json"], Some(b""));
    assert_eq!(json.status.code(), Some(0));
    assert_eq!(json.stdout.iter().filter(|&&b| b == b'\n').count(), 1);
    assert_eq!(last_json(&json)["summary"]["games"], 0);
    // Games piped in are checked: the two of GAMES, each with a warning.
    let piped = common::run_jaque(None, &["check", "--json"], Some(GAMES.as_bytes()));
    assert_eq!(last_json(&piped)["summary"]["games"], 2);
    assert_eq!(last_json(&piped)["summary"]["warnings"], 2);
}

#[test]
fn the_sample_is_shown_on_a_terminal_and_by_check_sample_anywhere() {
    let jaque = env!("CARGO_BIN_EXE_jaque");
    let (status, shown) = on_a_terminal(&format!("{jaque} check --color never"));
    // The sample has errors by design (docs/cli.md): exit 1.
    assert_eq!(status, Some(1), "{shown}");
    assert!(shown.contains("--> <sample>:"), "{shown}");
    for input in [None, Some(&b"1. e4 e5 *\n"[..])] {
        let sample = common::run_jaque(None, &["check", "--sample"], input);
        assert_eq!(sample.status.code(), Some(1));
        let stdout = String::from_utf8_lossy(&sample.stdout);
        assert!(stdout.contains("--> <sample>:"), "{stdout}");
    }
    let both = common::run_jaque(None, &["check", "--sample", "a.pgn"], None);
    assert_eq!(
        both.status.code(),
        Some(2),
        "--sample with a file is a bad argument"
    );
}

#[test]
fn commands_that_read_games_do_not_wait_on_a_terminal_without_a_file() {
    let jaque = env!("CARGO_BIN_EXE_jaque");
    let dir = common::scratch("terminal_without_files");
    let out = dir.join("out.parquet").display().to_string();
    for command in [
        "fix",
        "fmt",
        &format!("export -o {out}"),
        "select --result 1-0",
    ] {
        let (status, shown) = on_a_terminal(&format!("{jaque} {command}"));
        let name = command.split(' ').next().unwrap_or_default();
        assert_eq!(status, Some(2), "{command}: {shown}");
        assert!(
            shown.contains(&format!("`jaque {name}` reads PGN files")),
            "{command}: {shown}"
        );
        assert!(shown.contains("standard input is a terminal"), "{shown}");
    }
    assert_eq!(std::fs::read_dir(&dir).expect("a directory").count(), 0);
    // `-` is asked for by name: it is read, as `cat -` reads it.
    let (status, _) = on_a_terminal(&format!("{jaque} fmt - < /dev/null"));
    assert_eq!(status, Some(0));
}

#[test]
fn an_input_without_games_is_said_and_is_no_error() {
    let dir = common::scratch("without_games");
    std::fs::write(dir.join("empty.pgn"), "").expect("writable");
    std::fs::create_dir(dir.join("notes")).expect("writable");
    std::fs::write(dir.join("notes/readme.txt"), "no games here").expect("writable");
    let runs: [&[&str]; 6] = [
        &["check", "empty.pgn"],
        &["fix", "empty.pgn"],
        &["fmt", "empty.pgn"],
        &["fmt", "--stdout", "empty.pgn"],
        &["export", "empty.pgn", "-o", "empty.parquet"],
        &["select", "empty.pgn", "--dedupe"],
    ];
    for args in runs {
        let output = common::run_jaque(Some(&dir), args, None);
        let stderr = String::from_utf8_lossy(&output.stderr);
        let expected = if args[0] == "select" { 1 } else { 0 }; // select: none selected, as grep
        assert_eq!(output.status.code(), Some(expected), "{args:?}: {stderr}");
        assert!(
            stderr.contains("warning: no games in empty.pgn"),
            "{args:?}: {stderr}"
        );
    }
    let output = common::run_jaque(Some(&dir), &["check", "notes"], None);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(0), "{stderr}");
    assert!(
        stderr.contains("warning: no PGN files in notes"),
        "{stderr}"
    );
}

#[test]
fn an_unreadable_file_is_reported_once_and_not_counted() {
    let dir = common::scratch("unreadable_not_counted");
    std::fs::write(dir.join("games.pgn"), GAMES).expect("writable");
    let output = common::run_jaque(Some(&dir), &["check", "nope.pgn"], None);
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(stderr.matches("nope.pgn").count(), 1, "{stderr}");
    assert!(
        stderr.starts_with("error: cannot read nope.pgn: "),
        "{stderr}"
    );
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(stdout.starts_with("checked 0 files: 0 games,"), "{stdout}");
    // Each JSON summary counts the one file read, not the one that could not be.
    let runs: [&[&str]; 3] = [
        &["check", "--json", "nope.pgn", "games.pgn"],
        &["fmt", "--json", "nope.pgn", "games.pgn"],
        &["select", "--json", "nope.pgn", "games.pgn"],
    ];
    for args in runs {
        let output = common::run_jaque(Some(&dir), args, None);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let summary = &last_json(&output)["summary"];
        assert_eq!(summary["files"], 1, "{args:?}: {summary}");
        assert_eq!(summary["games"], 2, "{args:?}: {summary}");
    }
}
