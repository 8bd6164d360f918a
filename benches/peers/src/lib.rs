//! Helpers shared by the peer benchmarks and the peer programs (`src/bin`): the ratio report
//! read back from criterion's results, the PGN passes ([`pgn`]) and each peer's perft
//! ([`perft`]).

pub mod perft;
pub mod pgn;

use std::hint::black_box;
use std::io;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// The directory criterion writes its results to.
fn criterion_dir() -> PathBuf {
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("target"));
    target.join("criterion")
}

/// The median time in nanoseconds criterion measured for `group/function`.
pub fn median_ns(group: &str, function: &str) -> Option<f64> {
    let path = criterion_dir()
        .join(group)
        .join(function)
        .join("new/estimates.json");
    let text = std::fs::read_to_string(path).ok()?;
    let json: serde_json::Value = serde_json::from_str(&text).ok()?;
    json["median"]["point_estimate"].as_f64()
}

/// Prints, for each group, jaque's throughput and its ratio to each peer (> 1: jaque faster).
pub fn report(unit: &str, groups: &[(&str, u64)], peers: &[&str]) {
    println!(
        "\n{:<28} {:>14} {}",
        "group",
        format!("jaque {unit}/s"),
        peers
            .iter()
            .map(|p| format!("{:>18}", format!("x vs {p}")))
            .collect::<String>()
    );
    for &(group, work) in groups {
        let Some(ours) = median_ns(group, "jaque") else {
            continue;
        };
        let mut line = format!("{group:<28} {:>14.1}", work as f64 / ours * 1e3);
        for peer in peers {
            match median_ns(group, peer) {
                Some(theirs) => line += &format!("{:>18.2}", theirs / ours),
                None => line += &format!("{:>18}", "-"),
            }
        }
        println!("{line}");
    }
    println!("(throughput in millions per second; ratios are peer time / jaque time)");
}

/// The time of `theirs` / the time of `ours` (a peer's over jaque's), measured in turns:
/// `rounds` times a pass of `ours`, then one of `theirs`, each timed right after an untimed
/// pass of the same (warm caches, as criterion measures). Criterion measures one function for
/// seconds and then the other, so a change in the machine's load between the two skews the
/// ratio of its medians; in turns, both see the same load. Prints the median ratio with the
/// lower and upper quartile; returns the median. What each pass returns is kept from the
/// optimiser ([`black_box`]).
pub fn paired_ratio<A, B>(
    name: &str,
    rounds: usize,
    mut ours: impl FnMut() -> A,
    mut theirs: impl FnMut() -> B,
) -> f64 {
    let mut ratios: Vec<f64> = (0..rounds.max(1))
        .map(|_| {
            black_box(ours());
            let start = std::time::Instant::now();
            black_box(ours());
            let ours = start.elapsed().as_secs_f64();
            black_box(theirs());
            let start = std::time::Instant::now();
            black_box(theirs());
            let theirs = start.elapsed().as_secs_f64();
            theirs / ours
        })
        .collect();
    ratios.sort_by(f64::total_cmp);
    let at = |q: usize| ratios[(ratios.len() - 1) * q / 4];
    println!(
        "{name}, measured in turns ({} rounds): {:.2}x (quartiles {:.2}x-{:.2}x)",
        ratios.len(),
        at(2),
        at(1),
        at(3)
    );
    at(2)
}

/// The `main` of a peer program that reads one file and prints a count: its usage unless
/// there is exactly one argument, else what `count` makes of the file, or
/// `program: path: error`; exit status 2 on either error.
pub fn count_file(
    program: &str,
    usage: &str,
    count: impl FnOnce(&str) -> io::Result<u64>,
) -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [path] = args.as_slice() else {
        eprintln!("usage: {program} {usage}");
        return ExitCode::from(2);
    };
    match count(path) {
        Ok(n) => {
            println!("{n}");
            ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("{program}: {path}: {error}");
            ExitCode::from(2)
        }
    }
}
