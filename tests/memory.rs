//! `jaque check` holds a bounded amount of memory whatever the input and `--jobs`: a flood
//! of tiny games, each with a warning, prints far more than it reads, and the output of all
//! the games cut ahead of the printing once grew with the threads checking them.
//!
//! This test is a binary of its own, alone in its process, so the peak the kernel reports for
//! this process's children is its child's (a child started by vfork or exec inherits its
//! parent's peak: the other tests' memory would count).

#![cfg(target_os = "linux")]

use std::ffi::{c_int, c_long};
use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};

/// Linux's `struct rusage`: the user and system times (`struct timeval`s), then `long`s,
/// `ru_maxrss` (KiB) first.
#[repr(C)]
#[derive(Default)]
struct Rusage {
    user_time: [c_long; 2],
    system_time: [c_long; 2],
    max_rss_kib: c_long,
    others: [c_long; 13],
}

const RUSAGE_CHILDREN: c_int = -1;

unsafe extern "C" {
    fn getrusage(who: c_int, usage: *mut Rusage) -> c_int;
}

/// The largest peak resident set of the children waited for so far, in KiB, as the kernel
/// counts it: no sampling that could miss the peak.
fn children_peak_kib() -> c_long {
    let mut usage = Rusage::default();
    // SAFETY: `usage` is a `struct rusage` as Linux lays it out, alive and writable for the
    // whole call, and getrusage writes nothing else.
    let status = unsafe { getrusage(RUSAGE_CHILDREN, &mut usage) };
    assert_eq!(status, 0, "getrusage failed");
    usage.max_rss_kib
}

#[test]
fn check_json_on_a_flood_of_tiny_games_keeps_its_peak_memory_bounded() {
    // Enough games that the old code, with more batches in flight the more jobs, went well
    // over the limit.
    const GAMES: usize = 200_000;
    const LIMIT_KIB: c_long = 64 << 10;
    let path = std::env::temp_dir().join(format!("jaque-flood-{}.pgn", std::process::id()));
    std::fs::write(&path, "1. e4+ *\n".repeat(GAMES)).expect("the temporary file is written");
    let mut child = Command::new(env!("CARGO_BIN_EXE_jaque"))
        .args(["check", "--json", "--jobs", "4"])
        .arg(&path)
        .stdout(Stdio::piped())
        .spawn()
        .expect("jaque runs");
    let stdout = child.stdout.take().expect("standard output is piped");
    let mut lines = 0;
    let mut last = String::new();
    for line in BufReader::new(stdout).lines() {
        let line = line.expect("the output is UTF-8");
        if lines < GAMES {
            let prefix = format!("{{\"game\":{lines},");
            assert!(
                line.starts_with(&prefix),
                "line {lines} out of order: {line}"
            );
        }
        lines += 1;
        last = line;
    }
    let status = child.wait().expect("jaque ends");
    let peak = children_peak_kib();
    let _ = std::fs::remove_file(&path);
    assert_eq!(status.code(), Some(0), "warnings only");
    assert_eq!(lines, GAMES + 1, "a line a game, then the summary");
    let summary: serde_json::Value = serde_json::from_str(&last).expect("the summary is JSON");
    assert_eq!(summary["summary"]["games"], GAMES);
    assert_eq!(summary["summary"]["warnings"], GAMES);
    // A peak of nothing would be a misread of the kernel's answer, not a small one.
    assert!(peak > 1 << 10, "implausible peak of {peak} KiB");
    assert!(
        peak < LIMIT_KIB,
        "peak resident set of {peak} KiB, over {LIMIT_KIB} KiB"
    );
}
