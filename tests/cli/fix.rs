//! `jaque fix` and the lint levels as users run them: files fixed in place (atomically), a
//! diff, standard input to standard output, and `-A/-W/-D`, `--strict` and `jaque.toml` with
//! their precedence, for `check` and `fix`.

use std::path::Path;
use std::process::Output;

use crate::common;

fn jaque(dir: &Path, args: &[&str], input: Option<&[u8]>) -> Output {
    common::run_jaque(Some(dir), args, input)
}

const ROSTER: &str = "[Event \"e\"]\n[Site \"s\"]\n[Date \"2024.01.02\"]\n[Round \"1\"]\n\
                      [White \"w\"]\n[Black \"b\"]\n[Result \"*\"]\n\n";

/// A game with three things to fix (an over-disambiguated knight, a missing check mark,
/// castling with zeros), a comment and a CRLF line end that must stay, and a game after it
/// with an illegal move that must be left byte for byte.
fn sloppy() -> String {
    let fixable = format!(
        "{ROSTER}1. e4 e5 2. Ng1f3 {{ keep   this }} Nc6 3. Bc4 Nf6\r\n4. Ng5 d5 5. exd5 Na5 6. Bb5 c6 \
         7. dxc6 bxc6 8. Be2 h6 9. Nf3 e4 10. Ne5 Bd6 11. d4 exd3 12. Nxd3 Qc7 13. 0-0 *\n\n"
    );
    format!("{fixable}{ROSTER}1. e4 e5 2. Ke3 Nc6 3. Ng1f3 *\n")
}

#[test]
fn fix_rewrites_only_the_suggestions_in_place_and_again_changes_nothing() {
    let dir = common::scratch("fix_in_place");
    let file = dir.join("games.pgn");
    std::fs::write(&file, sloppy()).expect("writable");
    let output = jaque(&dir, &["fix", "games.pgn"], None);
    assert_eq!(
        output.status.code(),
        Some(1),
        "a game is left with an error"
    );
    let fixed = std::fs::read_to_string(&file).expect("still there");
    let want = sloppy()
        .replacen("2. Ng1f3", "2. Nf3", 1)
        .replacen("6. Bb5 c6", "6. Bb5+ c6", 1)
        .replacen("13. 0-0 *", "13. O-O *", 1);
    assert_eq!(fixed, want);
    let summary = String::from_utf8_lossy(&output.stderr);
    assert!(
        summary
            .contains("fixed 1 of 2 games in 1 file (3 edits, 1 file written); 1 left with errors"),
        "{summary}"
    );
    assert!(
        summary.contains("game 2 left as it was: error[illegal_move]"),
        "{summary}"
    );
    // Nothing was left beside it, and a second fix changes nothing.
    let names: Vec<_> = std::fs::read_dir(&dir)
        .expect("listed")
        .flatten()
        .map(|e| e.file_name())
        .collect();
    assert_eq!(names, ["games.pgn"]);
    jaque(&dir, &["fix", "games.pgn"], None);
    assert_eq!(std::fs::read_to_string(&file).expect("there"), want);
}

#[test]
fn fix_diff_shows_the_changes_and_writes_nothing() {
    let dir = common::scratch("fix_diff");
    std::fs::write(dir.join("games.pgn"), sloppy()).expect("writable");
    let output = jaque(&dir, &["fix", "--diff", "games.pgn"], None);
    let diff = String::from_utf8_lossy(&output.stdout);
    assert!(
        diff.starts_with("--- a/games.pgn\n+++ b/games.pgn\n"),
        "{diff}"
    );
    assert!(
        diff.contains("\n-1. e4 e5 2. Ng1f3 { keep   this } Nc6 3. Bc4 Nf6\r\n"),
        "{diff}"
    );
    assert!(
        diff.contains("\n+1. e4 e5 2. Nf3 { keep   this } Nc6 3. Bc4 Nf6\r\n"),
        "{diff}"
    );
    assert_eq!(
        std::fs::read_to_string(dir.join("games.pgn")).expect("there"),
        sloppy()
    );
    // The summary says what would be fixed, and that nothing was written.
    let summary = String::from_utf8_lossy(&output.stderr);
    assert!(
        summary.contains(
            "would fix 1 of 2 games in 1 file (3 edits, nothing written); 1 left with errors"
        ),
        "{summary}"
    );
}

#[test]
fn fix_filters_standard_input_to_standard_output() {
    let dir = common::scratch("fix_stdin");
    let output = jaque(&dir, &["fix", "-"], Some(b"1. e4 e5 2. Ng1f3 *\n"));
    assert_eq!(
        String::from_utf8_lossy(&output.stdout),
        "1. e4 e5 2. Nf3 *\n"
    );
    assert_eq!(output.status.code(), Some(0));
}

#[test]
fn fix_applies_a_single_guess_only_when_asked() {
    let dir = common::scratch("fix_maybe");
    // Cf3 is no English SAN; read in Spanish or French it is Nf3.
    let text = b"1. e4 e5 2. Cf3 Nc6 *\n";
    let plain = jaque(&dir, &["fix", "-"], Some(text));
    assert_eq!(plain.stdout, text, "a guess is not applied by default");
    assert_eq!(plain.status.code(), Some(1));
    let maybe = jaque(&dir, &["fix", "--allow-maybe-incorrect", "-"], Some(text));
    assert_eq!(
        String::from_utf8_lossy(&maybe.stdout),
        "1. e4 e5 2. Nf3 Nc6 *\n"
    );
}

#[test]
fn fix_refuses_binary_input_by_its_content_and_a_missing_file() {
    let dir = common::scratch("fix_refused");
    let binary: Vec<u8> = (0..200u8).map(|b| b % 7).collect();
    std::fs::write(dir.join("image.pgn"), &binary).expect("writable");
    let output = jaque(&dir, &["fix", "image.pgn"], None);
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("not text"), "{stderr}");
    assert_eq!(
        std::fs::read(dir.join("image.pgn")).expect("still there"),
        binary
    );
    // From standard input too: nothing written out.
    let output = jaque(&dir, &["fix", "-"], Some(&binary));
    assert_eq!(output.status.code(), Some(2), "on stdin");
    assert!(output.stdout.is_empty(), "on stdin");
    // A text file is fixed whatever its name says.
    std::fs::write(dir.join("text.pgn.gz"), "1. e4 e5 2. Ng1f3 *\n").expect("writable");
    let output = jaque(&dir, &["fix", "text.pgn.gz"], None);
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(
        std::fs::read_to_string(dir.join("text.pgn.gz")).expect("there"),
        "1. e4 e5 2. Nf3 *\n"
    );
    assert_eq!(
        jaque(&dir, &["fix", "nowhere.pgn"], None).status.code(),
        Some(2)
    );
}

/// `check`'s warnings and errors for `text` with `args`, in `dir`.
fn counts(dir: &Path, args: &[&str], text: &str) -> (usize, usize, Option<i32>) {
    std::fs::write(dir.join("game.pgn"), text).expect("writable");
    let mut all = vec!["check", "--json"];
    all.extend_from_slice(args);
    all.push("game.pgn");
    let output = jaque(dir, &all, None);
    let last = String::from_utf8_lossy(&output.stdout)
        .lines()
        .last()
        .unwrap_or_default()
        .to_string();
    let summary: serde_json::Value = serde_json::from_str(&last).unwrap_or_default();
    let count = |key: &str| summary["summary"][key].as_u64().unwrap_or(u64::MAX) as usize;
    (count("warnings"), count("errors"), output.status.code())
}

/// One over-disambiguated move and one missing check mark.
const TWO_WARNINGS: &str = "[Event \"e\"]\n[Site \"s\"]\n[Date \"2024.01.02\"]\n[Round \"1\"]\n\
    [White \"w\"]\n[Black \"b\"]\n[Result \"*\"]\n\n1. e4 e5 2. Ng1f3 Nc6 3. Bc4 Nf6 4. Bxf7 *\n";

#[test]
fn each_lint_flag_sets_its_level_and_the_later_flag_wins() {
    let dir = common::scratch("lint_flags");
    let text = TWO_WARNINGS;
    // Flags, then the warnings, errors and exit status they give.
    for (flags, expected) in [
        ("", (2, 0, Some(0))),
        ("-A over_disambiguation", (1, 0, Some(0))),
        ("--allow warnings", (0, 0, Some(0))),
        ("-D check_annotation", (1, 1, Some(1))),
        ("--deny warnings", (0, 2, Some(1))),
        ("--strict", (0, 2, Some(1))),
        ("-D warnings -W check_annotation", (1, 1, Some(1))),
        ("-W check_annotation -D warnings", (0, 2, Some(1))),
        ("--strict -A check_annotation", (0, 1, Some(1))),
    ] {
        let flags: Vec<&str> = flags.split_whitespace().collect();
        assert_eq!(counts(&dir, &flags, text), expected, "{flags:?}");
    }
    assert_eq!(counts(&dir, &["--warn", "warnings", "--strict"], text).1, 2);
    // Errors are not lints; unknown names are refused.
    assert_eq!(counts(&dir, &["-A", "illegal_move"], text).2, Some(2));
    assert_eq!(counts(&dir, &["-W", "nonsense"], text).2, Some(2));
}

#[test]
fn jaque_toml_sets_levels_that_flags_override() {
    let dir = common::scratch("lint_config");
    let games = dir.join("deep/er");
    std::fs::create_dir_all(&games).expect("writable");
    std::fs::write(
        dir.join("jaque.toml"),
        "[lints]\ncheck_annotation = \"allow\"\nover_disambiguation = \"deny\"\n",
    )
    .expect("writable");
    // Found from the file's directory upwards.
    assert_eq!(counts(&games, &[], TWO_WARNINGS), (0, 1, Some(1)));
    assert_eq!(
        counts(&games, &["-W", "check_annotation"], TWO_WARNINGS),
        (1, 1, Some(1))
    );
    assert_eq!(
        counts(&games, &["-A", "warnings"], TWO_WARNINGS),
        (0, 0, Some(0))
    );
    // The nearest file wins.
    std::fs::write(games.join("jaque.toml"), "[lints]\n").expect("writable");
    assert_eq!(counts(&games, &[], TWO_WARNINGS), (2, 0, Some(0)));
    std::fs::write(
        games.join("jaque.toml"),
        "[lints]\nillegal_move = \"allow\"\n",
    )
    .expect("writable");
    let refused = counts(&games, &[], TWO_WARNINGS);
    assert_eq!(refused.2, Some(2), "an error code cannot be allowed");
    std::fs::write(
        games.join("jaque.toml"),
        "[lints]\ncheck_annotation = \"forbid\"\n",
    )
    .expect("writable");
    assert_eq!(
        counts(&games, &[], TWO_WARNINGS).2,
        Some(2),
        "unknown level"
    );
}

#[test]
fn fix_honours_lint_levels() {
    let dir = common::scratch("fix_levels");
    std::fs::write(
        dir.join("jaque.toml"),
        "[lints]\nover_disambiguation = \"allow\"\n",
    )
    .expect("writable");
    let text = b"1. e4 e5 2. Ng1f3 Nc6 3. Bc4 Nf6 4. 0-0 *\n";
    let output = jaque(&dir, &["fix", "-"], Some(text));
    // Standard input: the configuration of the current directory; an allowed lint is not fixed.
    assert_eq!(
        String::from_utf8_lossy(&output.stdout),
        "1. e4 e5 2. Ng1f3 Nc6 3. Bc4 Nf6 4. O-O *\n"
    );
    let output = jaque(&dir, &["fix", "-W", "over_disambiguation", "-"], Some(text));
    assert_eq!(
        String::from_utf8_lossy(&output.stdout),
        "1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6 4. O-O *\n"
    );
}
