//! A directory given to `jaque check` is walked for its PGN files as git sees them: the files
//! jaque reads are exactly those `git ls-files --others --exclude-standard` (the oracle) does
//! not leave out, hidden ones aside, and `.ignore` files are read as ripgrep reads them.

use std::collections::BTreeSet;
use std::path::Path;
use std::process::Command;

use crate::common;

/// A game, so that every file read shows in `check --json`.
const GAME: &str = "1. e4 e5 *\n";

/// The `.gitignore` of the tree's top: most of gitignore(5)'s rules.
const TOP_RULES: &str = "# a comment
*.tmp.pgn
!keep.tmp.pgn
/anchored.pgn
build/
!build/back.pgn
docs/*.pgn
**/deep.pgn
logs/**
a/**/b.pgn
x?.pgn
[0-9]*.pgn
[!a-m]z.pgn
[[:upper:]]up.pgn
\\#hash.pgn
\\!bang.pgn
trailing.pgn   \n\
space\\ .pgn
star\\*.pgn
thing.pgn/
mid/dle.pgn
";

/// The files of the tree, each holding `GAME`.
const FILES: &[&str] = &[
    "plain.pgn",
    "x.tmp.pgn",
    "keep.tmp.pgn",
    "anchored.pgn",
    "sub/anchored.pgn",
    "build/a.pgn",
    "build/back.pgn",
    "docs/d.pgn",
    "docs/inner/d.pgn",
    "deep.pgn",
    "sub/q/deep.pgn",
    "logs/l.pgn",
    "logs/x/l.pgn",
    "a/b.pgn",
    "a/x/y/b.pgn",
    "sub/a/b.pgn",
    "xa.pgn",
    "xab.pgn",
    "1st.pgn",
    "zz.pgn",
    "az.pgn",
    "Aup.pgn",
    "aup.pgn",
    "#hash.pgn",
    "!bang.pgn",
    "trailing.pgn",
    "space .pgn",
    "space.pgn",
    "star*.pgn",
    "stars.pgn",
    "thing.pgn/in.pgn",
    "sub/thing.pgn",
    "mid/dle.pgn",
    "sub/mid/dle.pgn",
    "sub/local.pgn",
    "sub/inner/local.pgn",
    "sub/z.pgn.gz",
    "sub/wanted.pgn.gz",
    "sub/nested/n.pgn",
    "sub/inner/y.tmp.pgn",
    "excluded.pgn",
    "sub/excluded.pgn",
    "global-1.pgn",
    "sub/global-2.pgn",
    ".hidden.pgn",
    ".dir/in.pgn",
    "notes.txt",
    "UPPER.PGN",
    "dotignored.pgn",
    "sub/dotkept.tmp.pgn",
];

/// A tree of `FILES` with ignore files at several levels, a git repository's top, and a
/// global git ignore file under its own `XDG_CONFIG_HOME`.
fn tree(dir: &Path) -> std::path::PathBuf {
    let root = dir.join("repo");
    for file in FILES {
        let path = root.join(file);
        std::fs::create_dir_all(path.parent().expect("a parent")).expect("writable");
        std::fs::write(path, GAME).expect("writable");
    }
    let write = |path: &str, text: &str| std::fs::write(root.join(path), text).expect("writable");
    write(".gitignore", TOP_RULES);
    write(
        "sub/.gitignore",
        "/local.pgn\n*.pgn.gz\n!wanted.pgn.gz\nnested/\n",
    );
    write("sub/inner/.gitignore", "!*.tmp.pgn\n");
    git(&root, &["init", "-q"]);
    write(".git/info/exclude", "excluded.pgn\n");
    std::fs::create_dir_all(dir.join("config/git")).expect("writable");
    std::fs::write(dir.join("config/git/ignore"), "global-*\n").expect("writable");
    std::fs::create_dir_all(dir.join("home")).expect("writable");
    root
}

/// The environment both git and jaque run in: a home and configuration of the test's own.
fn isolated(command: &mut Command, root: &Path) {
    let dir = root.parent().expect("the scratch directory");
    command
        .env("HOME", dir.join("home"))
        .env("XDG_CONFIG_HOME", dir.join("config"))
        .env("GIT_CONFIG_NOSYSTEM", "1")
        .env_remove("GIT_DIR")
        .env_remove("GIT_WORK_TREE");
}

fn git(root: &Path, args: &[&str]) -> String {
    let mut command = Command::new("git");
    command.args(args).current_dir(root);
    isolated(&mut command, root);
    let output = command.output().expect("git runs");
    assert!(output.status.success(), "git {args:?}: {output:?}");
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// The PGN files git does not leave out under the tree's top, hidden ones aside (listed
/// from the top: `ls-files` run in a subdirectory leaves out the global file's patterns).
fn kept_by_git(root: &Path) -> BTreeSet<String> {
    let listed = git(root, &["ls-files", "-z", "--others", "--exclude-standard"]);
    listed
        .split('\0')
        .filter(|path| {
            let lower = path.to_ascii_lowercase();
            [".pgn", ".pgn.gz", ".pgn.zst"]
                .iter()
                .any(|end| lower.ends_with(end))
                && !path.split('/').any(|part| part.starts_with('.'))
        })
        .map(str::to_string)
        .collect()
}

/// The files `jaque check DIR` reads, in order, relative to `DIR`.
fn read_by_jaque(root: &Path, at: &str) -> Vec<String> {
    let mut command = Command::new(env!("CARGO_BIN_EXE_jaque"));
    command.args(["check", "--json", at]).current_dir(root);
    isolated(&mut command, root);
    let output = command.output().expect("jaque runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(0), "{stderr}");
    let prefix = format!("{at}/");
    let mut files: Vec<String> = Vec::new();
    for line in String::from_utf8_lossy(&output.stdout).lines() {
        let value: serde_json::Value = serde_json::from_str(line).expect("JSON lines");
        if let Some(file) = value["file"].as_str() {
            let file = file.strip_prefix(&prefix).unwrap_or(file).to_string();
            if files.last() != Some(&file) {
                files.push(file);
            }
        }
    }
    files
}

#[test]
fn a_directory_is_read_as_git_sees_it() {
    let root = tree(&common::scratch("walk_as_git"));
    let top = kept_by_git(&root);
    for at in [".", "sub", "sub/inner"] {
        // Git's view from the top, of the files under `at`, named from there.
        let prefix = if at == "." {
            String::new()
        } else {
            format!("{at}/")
        };
        let expected: BTreeSet<String> = (top.iter())
            .filter_map(|path| Some(path.strip_prefix(&prefix)?.to_string()))
            .collect();
        let read = read_by_jaque(&root, at);
        assert_eq!(
            read.iter().cloned().collect::<BTreeSet<_>>(),
            expected,
            "{at}"
        );
        assert_eq!(read.len(), expected.len(), "{at}: each file read once");
    }
    // The oracle saw the rules at work: some files left out, some brought back.
    assert!(top.contains("keep.tmp.pgn") && !top.contains("x.tmp.pgn"));
    assert!(top.contains("sub/inner/y.tmp.pgn") && !top.contains("build/back.pgn"));
    assert!(!top.contains("excluded.pgn") && !top.contains("global-1.pgn"));
}

#[test]
fn a_directory_is_walked_in_name_order_directory_by_directory() {
    let dir = common::scratch("walk_order");
    for file in ["a-b.pgn", "a/z.pgn", "a/b/x.pgn", "B.pgn", "c.pgn.zst"] {
        let path = dir.join(file);
        std::fs::create_dir_all(path.parent().expect("a parent")).expect("writable");
        std::fs::write(path, GAME).expect("writable");
    }
    git(&dir, &["init", "-q"]);
    // By name, as bytes ("B" before "a"), a directory's files right after it.
    let expected = ["B.pgn", "a/b/x.pgn", "a/z.pgn", "a-b.pgn", "c.pgn.zst"];
    assert_eq!(read_by_jaque(&dir, "."), expected);
}

#[test]
fn ignore_files_come_before_gitignore_files_in_a_repository_or_not() {
    let with_dot_ignore = |root: &Path| {
        std::fs::write(root.join(".ignore"), "dotignored.pgn\n").expect("writable");
        std::fs::write(root.join("sub/.ignore"), "!dotkept.tmp.pgn\n").expect("writable");
    };
    let root = tree(&common::scratch("walk_dot_ignore"));
    let mut expected = kept_by_git(&root);
    with_dot_ignore(&root);
    assert!(expected.remove("dotignored.pgn"));
    assert!(expected.insert("sub/dotkept.tmp.pgn".to_string()));
    let read: BTreeSet<String> = read_by_jaque(&root, ".").into_iter().collect();
    assert_eq!(read, expected);
    // Out of a repository (the scratch directory is in jaque's, whose `.gitignore` would
    // count), `.gitignore` files still count; `.git/info/exclude` is no more.
    let outside = std::env::temp_dir().join(format!("jaque-walk-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&outside);
    std::fs::create_dir_all(&outside).expect("writable");
    let root = tree(&outside);
    with_dot_ignore(&root);
    std::fs::remove_dir_all(root.join(".git")).expect("removable");
    let read: BTreeSet<String> = read_by_jaque(&root, ".").into_iter().collect();
    let _ = std::fs::remove_dir_all(&outside);
    for excluded in ["excluded.pgn", "sub/excluded.pgn"] {
        assert!(expected.insert(excluded.to_string()));
    }
    assert_eq!(read, expected);
}
