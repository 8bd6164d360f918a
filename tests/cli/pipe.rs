//! A closed standard output ends every command that writes to it as it ends `cat`: killed
//! by SIGPIPE (141 in a shell), with nothing about it on standard error. The pipe's reading
//! end is closed before the command starts, so that not even its first write goes out.
#![cfg(unix)]

use std::os::unix::process::ExitStatusExt;
use std::process::{Command, Stdio};

/// SIGPIPE's number on Linux and the BSDs.
const SIGPIPE: i32 = 13;

const JAQUE: &str = env!("CARGO_BIN_EXE_jaque");

/// Runs jaque with `args`, its standard output closed at once: its signal and its standard
/// error.
fn closed_output(args: &[&str]) -> (Option<i32>, String) {
    let (reader, writer) = std::io::pipe().expect("a pipe");
    drop(reader);
    let child = Command::new(JAQUE)
        .args(args)
        .stdin(Stdio::null())
        .stdout(writer)
        .stderr(Stdio::piped())
        .spawn()
        .expect("jaque runs");
    let done = child.wait_with_output().expect("jaque ends");
    (
        done.status.signal(),
        String::from_utf8_lossy(&done.stderr).into_owned(),
    )
}

#[test]
fn every_command_that_prints_ends_quietly_on_a_closed_pipe() {
    let data = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/pgn/");
    let fmt_input = format!("{data}fmt_input.pgn"); // 86 KB in export format
    let generated = format!("{data}generated.pgn"); // 155 KB of JSON lines
    let fix_input = format!("{data}fix_input.pgn"); // 69 KB of diagnostics, 59 KB of diff
    // 5,000 cases for `san --batch`: over 64 KB of JSON lines.
    let batch = std::env::temp_dir().join(format!("jaque-pipe-{}.tsv", std::process::id()));
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    std::fs::write(&batch, format!("{start}\tNf3\n").repeat(5000)).expect("a temporary file");
    let batch = batch.to_string_lossy().into_owned();
    let cases: [&[&str]; 12] = [
        &["perft", "6"],
        &["perft", "--json", "4"],
        &["rules"],
        &["explain", "syntax"],
        &["completions", "bash"],
        &["man"],
        &["fmt", "--diff", &fmt_input],
        &["fmt", "--stdout", &fmt_input],
        &["check", "--json", &generated],
        &["check", &fix_input],
        &["fix", "--diff", &fix_input],
        &["san", "--json", "--batch", &batch],
    ];
    for args in cases {
        let (signal, stderr) = closed_output(args);
        assert_eq!(signal, Some(SIGPIPE), "jaque {args:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "jaque {args:?}: {stderr}");
        assert!(!stderr.contains("Broken pipe"), "jaque {args:?}: {stderr}");
    }
    let _ = std::fs::remove_file(batch);
}
