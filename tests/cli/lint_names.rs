//! Lint names and `jaque.toml` as users write them, through the binary: a code with dashes is
//! the code, a misspelt one is refused with the code it is nearest to, and what `jaque.toml`
//! gets wrong is said at its line and column.

use std::process::{Command, Output};

const JAQUE: &str = env!("CARGO_BIN_EXE_jaque");

fn check(args: &[&str]) -> Output {
    let games = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/pgn/fix_input.pgn");
    Command::new(JAQUE)
        .arg("check")
        .args(args)
        .arg(games)
        .env("NO_COLOR", "1")
        .output()
        .expect("jaque runs")
}

#[test]
fn a_code_written_with_dashes_is_the_code() {
    let stdout = |out: Output| String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(stdout(check(&[])).contains("warning[check_annotation]"));
    for written in ["check-annotation", "check_annotation"] {
        let allowed = stdout(check(&["-A", written]));
        assert!(!allowed.contains("check_annotation"), "-A {written}");
        assert!(
            allowed.contains("warning[capture_annotation]"),
            "-A {written}"
        );
    }
}

#[test]
fn a_misspelt_code_is_refused_with_the_nearest() {
    let cases = [
        (
            ["-A", "check-anotation"],
            "unknown lint `check-anotation`: did you mean `check_annotation`?",
        ),
        (["-D", "castling"], "expected a warning code or `warnings`"),
    ];
    for (args, said) in cases {
        let out = check(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains(said), "{args:?}: {stderr}");
    }
}

#[test]
fn jaque_toml_errors_name_their_line_and_column() {
    let dir = std::env::temp_dir().join(format!("jaque-toml-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    let games = dir.join("games.pgn");
    // A tag but not the seven of the roster: a missing_tag warning.
    std::fs::write(&games, "[White \"x\"]\n\n1. e4 e5 2. Nf3 *\n").expect("writable");
    let cases = [
        (
            "[lint]\ncheck_annotation = \"allow\"\n",
            "1:2: unknown key `lint`",
        ),
        (
            "[lints]\n\ncheck_anotation = \"allow\"\n",
            "3:1: [lints] unknown lint `check_anotation`: did you mean `check_annotation`?",
        ),
        (
            "[lints]\nmissing_tag = \"forbid\"\n",
            "2:15: [lints] unknown lint level `forbid`",
        ),
        ("[lints\n", "1:7: unclosed table"),
    ];
    for (toml, said) in cases {
        std::fs::write(dir.join("jaque.toml"), toml).expect("writable");
        let out = Command::new(JAQUE)
            .arg("check")
            .arg(&games)
            .output()
            .expect("jaque runs");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{toml:?}: {stderr}");
        let expected = format!("{}:{said}", dir.join("jaque.toml").display());
        assert!(stderr.contains(&expected), "{toml:?}: {stderr}");
    }
    // Dashes read as underscores there too.
    std::fs::write(dir.join("jaque.toml"), "[lints]\nmissing-tag = \"deny\"\n").expect("writable");
    let out = Command::new(JAQUE)
        .arg("check")
        .arg(&games)
        .output()
        .expect("jaque runs");
    assert_eq!(
        out.status.code(),
        Some(1),
        "the missing tags denied: errors"
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn san_takes_the_lint_flags_of_check() {
    let san = |flags: &[&str]| {
        let out = Command::new(JAQUE)
            .args(["san", "--json"])
            .args(flags)
            .arg("Ng1f3")
            .output()
            .expect("jaque runs");
        let row: serde_json::Value =
            serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("{flags:?}: {e}"));
        let severities: Vec<String> = (row["diagnostics"].as_array().expect("a list").iter())
            .map(|d| format!("{}[{}]", d["severity"], d["code"]).replace('"', ""))
            .collect();
        (severities, out.status.code())
    };
    let warned = (vec!["warning[over_disambiguation]".to_string()], Some(0));
    let denied = (vec!["error[over_disambiguation]".to_string()], Some(1));
    assert_eq!(san(&[]), warned);
    assert_eq!(san(&["-A", "over-disambiguation"]), (vec![], Some(0)));
    assert_eq!(san(&["-D", "over_disambiguation"]), denied);
    assert_eq!(san(&["--strict"]), denied);
    assert_eq!(san(&["--strict", "-W", "over_disambiguation"]), warned);
}
