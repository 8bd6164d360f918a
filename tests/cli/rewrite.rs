//! Directories, and the one write model of `fix` and `fmt`, through the binary: directories
//! walked as ripgrep walks them, files rewritten in place (compressed ones in their format),
//! `--diff` and `--check` writing nothing and failing when something would change, `--json`
//! and `-q`.

use std::path::Path;
use std::process::Output;

use crate::common;

/// Unformatted, with an over-disambiguated knight that `fix` mends.
const SLOPPY: &str = "[Event \"e\"]\n\n1.e4 e5 2.Ng1f3 *\n";

fn jaque(dir: &Path, args: &[&str]) -> Output {
    common::run_jaque(Some(dir), args, None)
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A tree: PGN files by several names, a compressed one, and files a walk leaves out.
fn tree(name: &str) -> std::path::PathBuf {
    let dir = common::scratch(name);
    for sub in ["sub", ".hidden", "ignored", "docs"] {
        std::fs::create_dir_all(dir.join(sub)).expect("writable");
    }
    for file in [
        "b.pgn",
        "a.pgn",
        "Z.PGN",
        ".hidden/h.pgn",
        "ignored/i.pgn",
        "docs/notes.txt",
    ] {
        std::fs::write(dir.join(file), SLOPPY).expect("writable");
    }
    let gzip = std::fs::read(common::vendored("pgn/first20.pgn.gz")).expect("vendored");
    std::fs::write(dir.join("sub/first20.pgn.gz"), gzip).expect("writable");
    std::fs::write(dir.join(".gitignore"), "ignored/\n").expect("writable");
    dir
}

#[test]
fn a_directory_is_walked_for_its_pgn_files_in_a_stable_order() {
    let dir = tree("walk_order");
    let output = jaque(&dir, &["check", "--json", "."]);
    let mut files: Vec<String> = Vec::new();
    for line in text(&output.stdout).lines() {
        let row: serde_json::Value = serde_json::from_str(line).expect("JSON");
        if let Some(file) = row["file"]
            .as_str()
            .filter(|f| files.last().is_none_or(|l| l != f))
        {
            files.push(file.to_string());
        }
    }
    assert_eq!(
        files,
        ["./Z.PGN", "./a.pgn", "./b.pgn", "./sub/first20.pgn.gz"]
    );
    // A file named on the command line is read whatever its name.
    // named on the command line, a file is read whatever its name, and a directory even if
    // hidden or ignored (as ripgrep has it).
    let named = jaque(
        &dir,
        &["check", "--json", "docs/notes.txt", "ignored", ".hidden"],
    );
    assert!(text(&named.stdout).contains("\"files\":3"), "{named:?}");
    let empty = jaque(&dir, &["check", "docs"]);
    assert!(
        text(&empty.stderr).contains("warning: no PGN files in docs"),
        "{empty:?}"
    );
}

#[test]
fn fmt_rewrites_files_in_place_and_a_check_or_diff_writes_nothing() {
    let dir = tree("fmt_model");
    let check = jaque(&dir, &["fmt", "--check", "."]);
    assert_eq!(check.status.code(), Some(1), "{check:?}");
    assert!(text(&check.stdout).contains("would reformat ./a.pgn\n"));
    assert!(text(&check.stderr).contains("nothing written"), "{check:?}");
    let diff = jaque(&dir, &["fmt", "--diff", "--color", "never", "a.pgn"]);
    assert_eq!(diff.status.code(), Some(1));
    assert!(text(&diff.stdout).contains("\n-1.e4 e5 2.Ng1f3 *\n+1. e4 e5 2. Nf3 *\n"));
    assert_eq!(
        std::fs::read_to_string(dir.join("a.pgn")).expect("there"),
        SLOPPY
    );
    let formatted = text(&jaque(&dir, &["fmt", "--stdout", "a.pgn"]).stdout);
    assert!(
        formatted.ends_with("\n\n1. e4 e5 2. Nf3 *\n"),
        "{formatted}"
    );
    let gzip_text = jaque(&dir, &["fmt", "--stdout", "sub/first20.pgn.gz"]).stdout;
    // The vendored games have errors: those are left as they were, and the exit status says so.
    let done = jaque(&dir, &["fmt", "."]);
    assert_eq!(done.status.code(), Some(1), "{done:?}");
    let summary = "reformatted 15 of 23 games in 4 files (4 files written); 8 left as it was";
    assert!(text(&done.stderr).contains(summary), "{done:?}");
    assert_eq!(
        std::fs::read_to_string(dir.join("a.pgn")).expect("there"),
        formatted
    );
    assert_eq!(
        std::fs::read_to_string(dir.join("ignored/i.pgn")).expect("there"),
        SLOPPY
    );
    // The compressed file is still gzip, and holds the formatted text.
    let gzip = std::fs::read(dir.join("sub/first20.pgn.gz")).expect("there");
    assert_eq!(gzip.get(..2), Some(&[0x1f, 0x8b][..]));
    assert_eq!(
        jaque(&dir, &["fmt", "--stdout", "sub/first20.pgn.gz"]).stdout,
        gzip_text
    );
    let json = jaque(&dir, &["fmt", "--json", "--check", "."]);
    let rows: Vec<serde_json::Value> = (text(&json.stdout).lines())
        .map(|l| serde_json::from_str(l).expect("JSON"))
        .collect();
    assert_eq!(rows.len(), 5, "four files and the summary");
    assert_eq!(rows[3]["file"], "./sub/first20.pgn.gz");
    assert_eq!(
        (rows[3]["games"].as_u64(), rows[3]["left"].as_u64()),
        (Some(20), Some(8))
    );
    assert_eq!(rows[4]["summary"]["reformatted"], 0);
    let again = jaque(&dir, &["fmt", "--check", "."]);
    assert_eq!(again.status.code(), Some(1), "{again:?}");
    assert!(
        text(&again.stderr).contains("would reformat 0 of 23"),
        "{again:?}"
    );
    let clean = jaque(&dir, &["fmt", "--check", "a.pgn", "b.pgn"]);
    assert_eq!(clean.status.code(), Some(0), "{clean:?}");
    assert!(text(&clean.stderr).contains("2 games in 2 files already formatted"));
}

#[test]
fn fix_checks_and_reports_as_json_without_writing() {
    let dir = tree("fix_model");
    let check = jaque(
        &dir,
        &["fix", "--check", "-A", "missing_tag", "a.pgn", "b.pgn"],
    );
    assert_eq!(check.status.code(), Some(1), "{check:?}");
    assert_eq!(text(&check.stdout), "would fix a.pgn\nwould fix b.pgn\n");
    assert_eq!(
        std::fs::read_to_string(dir.join("a.pgn")).expect("there"),
        SLOPPY
    );
    let json = jaque(&dir, &["fix", "--json", "-A", "missing_tag", "a.pgn"]);
    let rows: Vec<serde_json::Value> = (text(&json.stdout).lines())
        .map(|l| serde_json::from_str(l).expect("JSON"))
        .collect();
    assert_eq!(rows[0]["file"], "a.pgn");
    assert_eq!(
        (rows[0]["fixed"].as_u64(), rows[0]["edits"].as_u64()),
        (Some(1), Some(1))
    );
    assert_eq!(rows[0]["written"], true);
    assert_eq!(rows[1]["summary"]["files_written"], 1);
    assert!(json.stderr.is_empty(), "{json:?}");
    let fixed = std::fs::read_to_string(dir.join("a.pgn")).expect("there");
    assert_eq!(fixed, SLOPPY.replace("Ng1f3", "Nf3"));
    let clean = jaque(&dir, &["fix", "--check", "-A", "missing_tag", "a.pgn"]);
    assert_eq!(clean.status.code(), Some(0), "{clean:?}");
}

#[test]
fn quiet_leaves_out_the_summaries() {
    let dir = tree("quiet");
    let cases = [
        (&["check"][..], "checked 1 file"),
        (&["fmt", "--check"], "would reformat 1 of 1 game"),
        (&["fix", "--check"], "would fix 1 of 1 game"),
    ];
    for (args, summary) in cases {
        let said = |quiet: &[&str]| {
            let out = jaque(&dir, &[args, quiet, &["b.pgn"]].concat());
            text(&out.stdout) + &text(&out.stderr)
        };
        assert!(said(&[]).contains(summary), "{args:?}: {}", said(&[]));
        assert!(!said(&["-q"]).contains(summary), "{args:?}");
        assert!(!said(&["--quiet"]).contains(summary), "{args:?}");
    }
}
