//! Every file a command writes is written whole or not at all: interrupted (SIGINT, as Ctrl-C
//! sends it) or failing midway, a command leaves no part of a file behind, and the file it
//! was to replace as it was. The command is interrupted while it is still writing: its
//! standard input is held open, and the signal is sent once its file has appeared.
#![cfg(unix)]

use std::io::Write;
use std::os::unix::process::ExitStatusExt;
use std::path::Path;
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::time::Duration;

use crate::common;

/// SIGINT's number on Linux and the BSDs.
const SIGINT: i32 = 2;

const JAQUE: &str = env!("CARGO_BIN_EXE_jaque");

/// What is in `dir`, hidden files too, sorted.
fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .expect("a directory")
        .filter_map(Result::ok)
        .map(|entry| entry.file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// Over 256 KB of games, a batch and more: the command has games to write.
fn games() -> Vec<u8> {
    let game = "[Event \"e\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1-0\n\n";
    game.repeat(5000).into_bytes()
}

/// `jaque ARGS` started in `dir`, its standard input a pipe held by the caller.
fn started(dir: &Path, args: &[&str]) -> (Child, ChildStdin) {
    let mut child = Command::new(JAQUE)
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("jaque runs");
    let stdin = child.stdin.take().expect("a pipe");
    (child, stdin)
}

/// Runs `jaque ARGS` in `dir` with games on its standard input, held open; once a file has
/// appeared in `dir`, sends SIGINT and waits for the command to end.
fn interrupted(dir: &Path, args: &[&str]) -> ExitStatus {
    let before = names(dir);
    let (mut child, mut stdin) = started(dir, args);
    stdin.write_all(&games()).expect("jaque reads its input");
    // A bound on the wait, not a measurement: a command that never writes fails here.
    for _ in 0..6000 {
        if names(dir) != before {
            break;
        }
        let running = child.try_wait().expect("jaque is there").is_none();
        assert!(running, "jaque {args:?} ended before it was interrupted");
        std::thread::sleep(Duration::from_millis(10));
    }
    assert_ne!(names(dir), before, "jaque {args:?} wrote nothing");
    let kill = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status();
    assert!(kill.is_ok_and(|s| s.success()), "kill sends SIGINT");
    let status = child.wait().expect("jaque ends");
    drop(stdin);
    status
}

#[test]
fn an_interrupted_export_or_select_leaves_no_file_and_the_old_one_as_it_was() {
    let dir = common::scratch("interrupted");
    std::fs::write(dir.join("out.parquet"), "the old table").expect("writable");
    std::fs::write(dir.join("out.pgn"), "the old games").expect("writable");
    let before = names(&dir);
    let runs: [&[&str]; 4] = [
        &["export", "-", "-o", "out.parquet"],
        &["export", "-", "-o", "new.parquet", "--table", "moves"],
        &["select", "-", "--result", "1-0", "-o", "out.pgn"],
        &[
            "select", "-", "--split", "1000", "-o", "part.pgn", "--dedupe",
        ],
    ];
    for args in runs {
        let status = interrupted(&dir, args);
        // Ended by the signal, as a shell expects of Ctrl-C (status 130 in a shell).
        assert_eq!(status.signal(), Some(SIGINT), "{args:?}: {status:?}");
        assert_eq!(names(&dir), before, "{args:?}");
    }
    let old = std::fs::read_to_string(dir.join("out.parquet")).expect("still there");
    assert_eq!(old, "the old table");
    let old = std::fs::read_to_string(dir.join("out.pgn")).expect("still there");
    assert_eq!(old, "the old games");
}

#[test]
fn a_command_that_fails_midway_writes_no_file() {
    let dir = common::scratch("failed_midway");
    std::fs::write(dir.join("games.pgn"), games()).expect("writable");
    let runs: [&[&str]; 3] = [
        &["export", "games.pgn", "nope.pgn", "-o", "out.parquet"],
        &[
            "select",
            "games.pgn",
            "nope.pgn",
            "--result",
            "1-0",
            "-o",
            "out.pgn",
        ],
        &[
            "select",
            "games.pgn",
            "nope.pgn",
            "--split",
            "100",
            "-o",
            "part.pgn",
        ],
    ];
    for args in runs {
        let output = common::run_jaque(Some(&dir), args, None);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains("cannot read nope.pgn"), "{stderr}");
        assert_eq!(names(&dir), ["games.pgn"], "{args:?}");
    }
    // Once it can read its input, the same command writes its files whole.
    let output = common::run_jaque(Some(&dir), &["select", "games.pgn", "-o", "out.pgn"], None);
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(names(&dir), ["games.pgn", "out.pgn"]);
    let written = std::fs::read(dir.join("out.pgn")).expect("written");
    assert_eq!(written, games());
}

/// Runs `jaque ARGS` in `dir` with a few games on its standard input, to its end.
fn run_with_games(dir: &Path, args: &[&str]) -> ExitStatus {
    let (mut child, mut stdin) = started(dir, args);
    stdin
        .write_all(&games()[..1000])
        .expect("jaque reads its input");
    drop(stdin);
    child.wait().expect("jaque ends")
}

#[test]
fn output_to_a_named_pipe_or_through_a_link_keeps_the_pipe_and_the_link() {
    use std::os::unix::fs::FileTypeExt;
    let dir = common::scratch("output_kinds");
    // A named pipe (as /dev/null is a device): written into, never renamed over.
    let made = Command::new("mkfifo").arg(dir.join("pipe")).status();
    assert!(made.is_ok_and(|s| s.success()), "mkfifo makes a pipe");
    let pipe = dir.join("pipe");
    let reader = std::thread::spawn(move || std::fs::read(pipe).expect("the pipe reads"));
    let status = run_with_games(&dir, &["select", "-", "-o", "pipe"]);
    assert!(status.success(), "select into a pipe: {status:?}");
    // Before the reader is joined: had the pipe been renamed over, it would wait forever.
    let kind = std::fs::symlink_metadata(dir.join("pipe")).expect("still there");
    assert!(kind.file_type().is_fifo(), "the pipe is still a pipe");
    let read = reader.join().expect("the reader ends");
    let read = String::from_utf8_lossy(&read);
    assert!(read.contains("1. e4 e5"), "the games went through the pipe");
    // A symbolic link: the file it points to receives the games; the link stays a link.
    std::fs::write(dir.join("real.pgn"), "the old games").expect("writable");
    std::os::unix::fs::symlink("real.pgn", dir.join("link.pgn")).expect("a link");
    let status = run_with_games(&dir, &["select", "-", "-o", "link.pgn"]);
    assert!(status.success(), "select through a link: {status:?}");
    let link = std::fs::symlink_metadata(dir.join("link.pgn")).expect("still there");
    assert!(link.file_type().is_symlink(), "the link is still a link");
    let real = std::fs::read_to_string(dir.join("real.pgn")).expect("the target");
    assert!(
        real.contains("1. e4 e5"),
        "the link's target holds the games: {real}"
    );
}
