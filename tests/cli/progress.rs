//! `jaque check`'s progress bar, through a pseudo-terminal (util-linux `script`): shown for
//! large inputs, files, compressed files and standard input alike, its unit the bytes as
//! stored; every drawing of it cleared before diagnostics are printed (no frozen copies in
//! the scrollback); never on a pipe, nor with `--no-progress` or `-q`.

use std::process::Command;

use crate::common;

/// What a terminal gets when `command` runs in `script`'s pseudo-terminal.
fn on_a_terminal(command: &str) -> String {
    let output = Command::new("script")
        .args(["-qec", command, "/dev/null"])
        .env("TERM", "xterm")
        .output()
        .expect("util-linux `script` runs (it gives the command a pseudo-terminal)");
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// 9 MiB of games, over the 8 MiB from which a bar is worth showing, each with a warning;
/// long comments keep them cheap to check. Its gzip form is some kilobytes.
fn large(name: &str) -> (std::path::PathBuf, std::path::PathBuf) {
    let dir = common::scratch(name);
    let game = format!(
        "[Event \"x\"]\n\n{{{}}} 1. e4 e5 2. Ng1f3 *\n\n",
        "x".repeat(4000)
    );
    let path = dir.join("large.pgn");
    std::fs::write(&path, game.repeat((9 << 20) / game.len() + 1)).expect("writable");
    let status = Command::new("gzip").args(["-k", "-f"]).arg(&path).status();
    assert!(status.is_ok_and(|s| s.success()), "gzip compresses");
    (path.clone(), dir.join("large.pgn.gz"))
}

/// Whether every drawing of the bar (which ends in `eta Ns`) is cleared (`\r`, erase line)
/// before anything else is written.
fn always_cleared(terminal: &str) -> bool {
    terminal.match_indices("eta ").all(|(at, _)| {
        let rest = terminal.get(at + 4..).unwrap_or_default();
        let rest = rest.trim_start_matches(|c: char| c.is_ascii_digit() || c == 's' || c == 'm');
        rest.is_empty() || rest.starts_with("\r\x1b[2K")
    })
}

#[test]
fn the_bar_is_shown_for_large_inputs_and_cleared_before_each_diagnostic() {
    let (plain, gzip) = large("progress_shown");
    let jaque = env!("CARGO_BIN_EXE_jaque");
    let (plain, gzip) = (plain.display(), gzip.display());
    // Diagnostics on the same terminal as the bar.
    let file = on_a_terminal(&format!("{jaque} check --jobs 1 {plain}"));
    assert!(
        file.contains("MiB/9.") && file.contains("MiB checked"),
        "{file:?}"
    );
    assert!(file.contains("warning[over_disambiguation]"));
    assert!(always_cleared(&file), "a bar left in the scrollback");
    // A small compressed file: stored bytes against stored bytes, and the text checked.
    let compressed = on_a_terminal(&format!("{jaque} check --jobs 1 {gzip} > /dev/null"));
    assert!(
        compressed.contains(" KiB/") && compressed.contains("MiB checked"),
        "{compressed:?}"
    );
    assert!(
        !compressed.contains("MiB/"),
        "compressed size against text: {compressed:?}"
    );
    // Standard input: no total, a spinner of the text read.
    let stdin = on_a_terminal(&format!("{jaque} check --jobs 1 - < {gzip} > /dev/null"));
    assert!(stdin.contains("MiB read"), "{stdin:?}");
}

#[test]
fn no_bar_on_a_pipe_nor_when_asked_for_none() {
    let (plain, _) = large("progress_hidden");
    let jaque = env!("CARGO_BIN_EXE_jaque");
    let plain = plain.display();
    for flags in ["--no-progress", "-q"] {
        let terminal = on_a_terminal(&format!(
            "{jaque} check --jobs 1 {flags} {plain} > /dev/null"
        ));
        assert!(!terminal.contains("MiB"), "{flags}: {terminal:?}");
    }
    let piped = common::run_jaque(None, &["check", "--jobs", "1", &plain.to_string()], None);
    assert!(!String::from_utf8_lossy(&piped.stderr).contains("MiB"));
}
