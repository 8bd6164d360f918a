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
