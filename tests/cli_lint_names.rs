//! Lint names as users type them, through the binary: a code with dashes is the code, and a
//! misspelt one is refused with the code it is nearest to.

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
    let out = check(&["-A", "check-anotation"]);
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("unknown lint `check-anotation`: did you mean `check_annotation`?"),
        "{stderr}"
    );
    let out = check(&["-D", "castling"]);
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("expected a warning code or `warnings`"),
        "{stderr}"
    );
}
