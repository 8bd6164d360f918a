//! `jaque play` on a terminal, through a pseudo-terminal (util-linux `script`) fed keys as a
//! user types them: lines are edited and earlier ones recalled with the arrow keys, and the
//! obvious words are understood.

use std::io::Write;
use std::process::{Command, Stdio};
use std::time::Duration;

/// What the terminal shows when `keys` are typed into `jaque play`, a line at a time (each
/// given the time to be read, as typing has), with the terminal's control sequences removed.
fn typed(keys: &[&str]) -> String {
    let command = format!("{} play --color never", env!("CARGO_BIN_EXE_jaque"));
    let mut child = Command::new("script")
        .args(["-qec", &command, "/dev/null"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("util-linux `script` runs (it gives the command a pseudo-terminal)");
    let mut stdin = child.stdin.take().expect("piped");
    for key in keys {
        std::thread::sleep(Duration::from_millis(300));
        stdin.write_all(key.as_bytes()).expect("script reads");
        stdin.flush().expect("script reads");
    }
    std::thread::sleep(Duration::from_millis(300));
    drop(stdin);
    let out = child.wait_with_output().expect("script ends");
    let text = String::from_utf8_lossy(&out.stdout).replace('\r', "");
    strip_escapes(&text)
}

/// `text` without ANSI escape sequences (`ESC [ ... letter`).
fn strip_escapes(text: &str) -> String {
    let mut kept = String::new();
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c == '\x1b' && chars.next() == Some('[') {
            for c in chars.by_ref() {
                if c.is_ascii_alphabetic() {
                    break;
                }
            }
        } else {
            kept.push(c);
        }
    }
    kept
}

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const AFTER_E4: &str = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";

#[test]
fn the_arrow_keys_recall_and_edit_earlier_lines() {
    // fen; up (fen again); e4; up up (fen, after e4); "5", left, "e" (e5); quit.
    let keys = [
        "fen\r",
        "\x1b[A\r",
        "e4\r",
        "\x1b[A\x1b[A\r",
        "5\x1b[De\r",
        "quit\r",
    ];
    let shown = typed(&keys);
    assert_eq!(shown.matches(START).count(), 2, "{shown}");
    assert_eq!(shown.matches(AFTER_E4).count(), 1, "{shown}");
    assert!(shown.contains("1... e5 (e7e5)"), "{shown}");
    assert!(!shown.contains("error"), "{shown}");
}

#[test]
fn board_and_the_other_obvious_words_are_commands() {
    let shown = typed(&[
        "e4\r",
        "board\r",
        "takeback\r",
        "legal\r",
        "reset\r",
        "exit\r",
    ]);
    assert!(shown.contains("20 legal moves"), "{shown}");
    assert!(!shown.contains("error"), "{shown}");
    // The board drawn: at start, after e4, again for `board`, after the takeback, and after
    // reset.
    assert_eq!(shown.matches("a b c d e f g h").count(), 5, "{shown}");
}
