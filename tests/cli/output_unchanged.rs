//! The command line's output is part of the contract: a refactoring of the compiler must not
//! change a byte of it. Each case runs the real `jaque` binary and compares its output (exit
//! status, standard output, standard error) with a digest saved in `tests/golden/outputs.tsv`
//! from the output of the code before the change.
//!
//! A deliberate change of the output is saved again with `JAQUE_BLESS=1 cargo test --test cli
//! output_unchanged`, and the change of `outputs.tsv` is then part of the commit that makes it.
//! On a mismatch the actual output is written under `target/output_unchanged/` to be read.

use crate::common;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");
const GOLDEN: &str = "tests/golden/outputs.tsv";

/// One run of jaque: a name for the table, the arguments (paths relative to the repository,
/// so the file names printed are the same on every machine), and a file for standard input.
struct Case {
    name: String,
    args: Vec<String>,
}

fn case(name: impl Into<String>, args: &[&str]) -> Case {
    Case {
        name: name.into(),
        args: args.iter().map(|a| a.to_string()).collect(),
    }
}

/// The output as compared: exit status, standard output and standard error, with the timing
/// at the end of `check`'s summary line cut off (it is the one thing that differs by run).
fn run(case: &Case) -> Vec<u8> {
    let output = Command::new(env!("CARGO_BIN_EXE_jaque"))
        .args(&case.args)
        .current_dir(ROOT)
        .stdin(Stdio::null())
        .output()
        .expect("jaque runs");
    let mut out = format!("exit {:?}\n", output.status.code()).into_bytes();
    out.extend(without_timing(&output.stdout));
    out.extend_from_slice(b"\n--- stderr\n");
    out.extend(without_timing(&output.stderr));
    out
}

fn without_timing(bytes: &[u8]) -> Vec<u8> {
    let text = String::from_utf8_lossy(bytes);
    let mut kept = String::with_capacity(text.len());
    for line in text.split_inclusive('\n') {
        match line.strip_prefix("checked ").and(line.rfind("; ")) {
            Some(cut) if line.trim_end().ends_with("moves/s") => {
                kept.push_str(&line[..cut]);
                kept.push('\n');
            }
            _ => kept.push_str(line),
        }
    }
    kept.into_bytes()
}

/// FNV-1a, 64 bits: enough to tell two outputs apart, and no dependency.
fn digest(bytes: &[u8]) -> String {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for &byte in bytes {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{} {hash:016x}", bytes.len())
}

/// Every command whose output is fixed, on `file` (a path relative to the repository).
fn cases_for(file: &str) -> Vec<Case> {
    vec![
        case(
            format!("check {file}"),
            &["check", "--no-progress", "--jobs", "1", file],
        ),
        case(
            format!("check --json {file}"),
            &["check", "--json", "--jobs", "2", file],
        ),
        case(
            format!("check --strict {file}"),
            &["check", "--strict", "--no-progress", file],
        ),
        case(format!("fmt {file}"), &["fmt", "--stdout", file]),
    ]
}

/// The vendored PGN files, the sample, and `jaque san` on the vendored SAN cases.
fn vendored_cases() -> Vec<Case> {
    let mut cases = vec![
        case("check <sample>", &["check", "--sample", "--no-progress"]),
        case("check --json <sample>", &["check", "--sample", "--json"]),
    ];
    let dir = common::vendored("pgn");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("tests/data/pgn")
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.to_string_lossy().contains(".pgn"))
        .collect();
    files.sort();
    for path in files {
        let relative = path.strip_prefix(ROOT).expect("under the repository");
        cases.extend(cases_for(&relative.to_string_lossy()));
    }
    let batch = san_batch();
    for json in [false, true] {
        let mut args = vec!["san", "--batch", &batch];
        if json {
            args.push("--json");
        }
        cases.push(case(args.join(" ").replace(&batch, "<san_cases>"), &args));
    }
    cases
}

/// `tests/data/san_cases.tsv` as a `jaque san --batch` file (`FEN<TAB>SAN` a line), written
/// under the repository's `target/`; its path is relative to the repository, because jaque
/// prints it.
fn san_batch() -> String {
    let text = std::fs::read_to_string(common::vendored("san_cases.tsv")).expect("vendored");
    let lines: String = text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .filter_map(|l| {
            let columns: Vec<&str> = l.split('\t').collect();
            Some(format!("{}\t{}\n", columns.get(1)?, columns.get(2)?))
        })
        .collect();
    let relative = "target/output_unchanged/san_cases.batch";
    let path = Path::new(ROOT).join(relative);
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).expect("target is writable");
    }
    std::fs::write(&path, lines).expect("target is writable");
    relative.to_string()
}

/// Every PGN file of `../shared/data/pgn`, by its path from the repository.
fn shared_cases(shared: &Path) -> Vec<Case> {
    let mut files = Vec::new();
    let mut dirs = vec![shared.join("pgn")];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).expect("shared data").flatten() {
            let path = entry.path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "pgn" || e == "txt")
                && !path.ends_with("MANIFEST.txt")
            {
                files.push(path);
            }
        }
    }
    files.sort();
    files
        .iter()
        .flat_map(|path| {
            let relative = path.strip_prefix(shared).expect("under shared/data");
            cases_for(&format!("../shared/data/{}", relative.display()))
        })
        .collect()
}

fn golden() -> BTreeMap<String, String> {
    let text = std::fs::read_to_string(Path::new(ROOT).join(GOLDEN)).unwrap_or_default();
    text.lines()
        .filter(|l| !l.starts_with('#'))
        .filter_map(|l| l.split_once('\t'))
        .map(|(name, digest)| (name.to_string(), digest.to_string()))
        .collect()
}

/// Compares every case with the saved digests (or saves them, with `JAQUE_BLESS=1`): the
/// vendored cases always, the shared ones when `../shared` is there.
#[test]
fn output_is_unchanged_on_vendored_and_shared_files() {
    let mut cases = vendored_cases();
    let vendored = cases.len();
    let shared = common::shared_data();
    match &shared {
        Some(shared) => cases.extend(shared_cases(shared)),
        None => eprintln!("only the {vendored} vendored cases are compared"),
    }
    let actual: Vec<(String, String, Vec<u8>)> = cases
        .iter()
        .map(|case| {
            let output = run(case);
            (case.name.clone(), digest(&output), output)
        })
        .collect();
    if std::env::var_os("JAQUE_BLESS").is_some() {
        let mut table = String::from(
            "# The digests (bytes, FNV-1a 64) of jaque's output: tests/cli/output_unchanged.rs.\n",
        );
        for (name, digest, _) in &actual {
            table.push_str(&format!("{name}\t{digest}\n"));
        }
        std::fs::write(Path::new(ROOT).join(GOLDEN), table).expect("writable");
        return;
    }
    let saved = golden();
    let dump = Path::new(ROOT).join("target/output_unchanged");
    let mut differ = Vec::new();
    for (index, (name, digest, output)) in actual.iter().enumerate() {
        match saved.get(name) {
            Some(expected) if expected == digest => {}
            expected => {
                let path = dump.join(format!("{index}.out"));
                let _ = std::fs::write(&path, output);
                differ.push(format!(
                    "{name}: saved {expected:?}, now {digest} ({})",
                    path.display()
                ));
            }
        }
    }
    assert!(
        differ.is_empty(),
        "{} of {} outputs changed:\n{}",
        differ.len(),
        actual.len(),
        differ.join("\n")
    );
    if shared.is_some() {
        assert_eq!(actual.len(), saved.len(), "every saved case is run");
    }
}
