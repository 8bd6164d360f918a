//! `jaque select` against python-chess: each command line of `tests/data/select.expect.json`
//! run on `tests/data/pgn/select.pgn`, and of `select_shared.expect.json` on the real files of
//! `../shared/data/pgn/real`. The games selected (the `game` of each `--json` object) are the
//! ones python-chess chose (`tools/gen/gen_select_cases.py`, never jaque), and the text
//! written is the bytes of those games as read: each game from its first line to the next
//! game's first line, blank lines at its end aside.

use crate::common;

use std::path::PathBuf;

use serde_json::Value;

/// A command line and the 0-based indices of the games it selects.
struct Spec {
    args: Vec<String>,
    selected: Vec<usize>,
}

/// `"0-3,7"` as `[0, 1, 2, 3, 7]`.
fn indices(ranges: &str) -> Vec<usize> {
    let number = |text: &str| text.parse::<usize>().expect("an index");
    let mut out = Vec::new();
    for part in ranges.split(',').filter(|p| !p.is_empty()) {
        match part.split_once('-') {
            Some((a, b)) => out.extend(number(a)..=number(b)),
            None => out.push(number(part)),
        }
    }
    out
}

fn expectations(name: &str) -> Value {
    let path = common::vendored(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{name}: {e}"));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{name}: {e}"))
}

fn specs(expected: &Value) -> Vec<Spec> {
    let specs = expected["specs"].as_array().expect("specs");
    specs
        .iter()
        .map(|spec| Spec {
            args: (spec["args"].as_array().expect("args").iter())
                .map(|a| a.as_str().expect("text").to_string())
                .collect(),
            selected: indices(spec["selected"].as_str().expect("ranges")),
        })
        .collect()
}

/// The games of `bytes`, cut where each starts (`lines`: 1-based, lines ending at LF).
fn cut_at_lines<'a>(bytes: &'a [u8], lines: &[usize]) -> Vec<&'a [u8]> {
    let mut starts = Vec::with_capacity(lines.len());
    let (mut line, mut at) = (1, 0);
    for &wanted in lines {
        while line < wanted {
            let newline = (bytes.get(at..).unwrap_or_default().iter())
                .position(|&b| b == b'\n')
                .unwrap_or_else(|| panic!("line {wanted} is past the end"));
            at += newline + 1;
            line += 1;
        }
        starts.push(at);
    }
    let ends = starts.iter().skip(1).copied().chain([bytes.len()]);
    starts
        .iter()
        .zip(ends)
        .map(|(&s, e)| &bytes[s..e])
        .collect()
}

/// Whether a game's lines end in CRLF (its first line does).
fn crlf(game: &[u8]) -> bool {
    let first = game.iter().position(|&b| b == b'\n');
    first.is_some_and(|at| at > 0 && game[at - 1] == b'\r')
}

/// Whether `written` is the games of `games` one after another, each as it was, but for
/// the white space at its end (whose line ends are the game's own); else where it differs
/// first.
fn same_games(written: &[u8], games: &[&[u8]]) -> Result<(), String> {
    let mut at = 0;
    for (n, game) in games.iter().enumerate() {
        let end = game.len()
            - game
                .iter()
                .rev()
                .take_while(|b| b.is_ascii_whitespace())
                .count();
        let body = &game[..end];
        let rest = written.get(at..).unwrap_or_default();
        if !rest.starts_with(body) {
            let same = rest.iter().zip(body).take_while(|(a, b)| a == b).count();
            return Err(format!(
                "the {n}th game written differs at its byte {same}: written {:?}, read {:?}",
                String::from_utf8_lossy(&rest[same..(same + 60).min(rest.len())]),
                String::from_utf8_lossy(&body[same..(same + 60).min(body.len())]),
            ));
        }
        at += body.len();
        let blank = (written[at..].iter())
            .take_while(|b| b.is_ascii_whitespace())
            .count();
        let lone_lf = (written[at..at + blank].iter().enumerate())
            .any(|(i, &b)| b == b'\n' && (i == 0 || written[at + i - 1] != b'\r'));
        if crlf(game) && lone_lf {
            return Err(format!(
                "the {n}th game's lines end in CRLF, the blank after it in LF"
            ));
        }
        at += blank;
    }
    match at == written.len() {
        true => Ok(()),
        false => Err(format!(
            "{} bytes written after the games",
            written.len() - at
        )),
    }
}

/// `jaque select ARGS FILES` (with `--json`, the games' indices); what differs from `spec`.
fn check_spec(spec: &Spec, files: &[PathBuf], games: &[&[u8]]) -> Vec<String> {
    let mut args: Vec<&str> = vec!["select", "--no-progress", "--jobs", "1"];
    args.extend(spec.args.iter().map(String::as_str));
    args.extend(files.iter().map(|f| f.to_str().expect("a UTF-8 path")));
    let mut failures = Vec::new();
    let text = common::run_jaque(None, &args, None);
    let status = i32::from(spec.selected.is_empty());
    if text.status.code() != Some(status) {
        let stderr = String::from_utf8_lossy(&text.stderr);
        failures.push(format!(
            "exit {:?}, not {status}: {stderr}",
            text.status.code()
        ));
    }
    let chosen: Vec<&[u8]> = spec.selected.iter().map(|&i| games[i]).collect();
    if let Err(e) = same_games(&text.stdout, &chosen) {
        failures.push(e);
    }
    args.push("--json");
    let json = common::run_jaque(None, &args, None);
    let stdout = String::from_utf8_lossy(&json.stdout);
    let lines: Vec<Value> = (stdout.lines())
        .map(|l| serde_json::from_str(l).expect("JSON Lines"))
        .collect();
    let selected: Vec<usize> = (lines.iter())
        .filter_map(|l| l["game"].as_u64().map(|g| g as usize))
        .collect();
    if selected != spec.selected {
        let missing: Vec<_> = (spec.selected.iter())
            .filter(|i| !selected.contains(i))
            .collect();
        let extra: Vec<_> = (selected.iter())
            .filter(|i| !spec.selected.contains(i))
            .collect();
        failures.push(format!("games missing {missing:?}, extra {extra:?}"));
    }
    let summary = &lines.last().expect("a summary")["summary"];
    if summary["games"].as_u64() != Some(games.len() as u64) {
        failures.push(format!("summary {summary}: not {} games", games.len()));
    }
    (failures.into_iter())
        .map(|f| format!("{:?}: {f}", spec.args))
        .collect()
}

fn check_all(specs: &[Spec], files: &[PathBuf], games: &[&[u8]]) {
    let failures: Vec<String> = (specs.iter())
        .flat_map(|spec| check_spec(spec, files, games))
        .collect();
    assert!(
        failures.is_empty(),
        "{} of {} command lines differ from python-chess:\n{}",
        failures.len(),
        specs.len(),
        failures.join("\n")
    );
}

fn lines_of(value: &Value) -> Vec<usize> {
    (value.as_array().expect("lines").iter())
        .map(|l| l.as_u64().expect("a line") as usize)
        .collect()
}

#[test]
fn select_picks_the_games_python_chess_picks() {
    let expected = expectations("select.expect.json");
    let path = common::vendored("pgn/select.pgn");
    let bytes = std::fs::read(&path).expect("vendored");
    let games = expected["games"].as_array().expect("games");
    let lines: Vec<usize> = (games.iter())
        .map(|g| g["line"].as_u64().expect("a line") as usize)
        .collect();
    let specs = specs(&expected);
    assert!(lines.len() > 250 && specs.len() > 100, "the whole oracle");
    check_all(&specs, &[path], &cut_at_lines(&bytes, &lines));
}

#[test]
fn shared_select_picks_the_games_python_chess_picks() {
    let Some(shared) = common::shared_data() else {
        return;
    };
    let expected = expectations("select_shared.expect.json");
    let dir = shared.join("pgn/real");
    let files = expected["files"].as_array().expect("files");
    let paths: Vec<PathBuf> = (files.iter())
        .map(|f| dir.join(f["name"].as_str().expect("a name")))
        .collect();
    let contents: Vec<Vec<u8>> = (paths.iter())
        .map(|p| std::fs::read(p).unwrap_or_else(|e| panic!("{}: {e}", p.display())))
        .collect();
    let mut games = Vec::new();
    for ((file, bytes), path) in files.iter().zip(&contents).zip(&paths) {
        let cut = cut_at_lines(bytes, &lines_of(&file["lines"]));
        assert_eq!(
            Some(cut.len() as u64),
            file["games"].as_u64(),
            "{}",
            path.display()
        );
        games.extend(cut);
    }
    let listed: Vec<PathBuf> = common::files_with_extension(&dir, "pgn");
    assert_eq!(listed, paths, "the oracle covers every real file, in order");
    check_all(&specs(&expected), &paths, &games);
}

#[test]
fn select_dedupe_position_plays_the_games_a_tag_filter_left_unplayed() {
    // Both fail `--result '*'` (so neither is played for it), `--invert` selects both, and
    // they end in the same position after as many plies: the second is a duplicate.
    let text = b"[Result \"1-0\"]\n\n1. e4 e5 1-0\n\n[Result \"0-1\"]\n\n1. e4 e5 0-1\n";
    let args = [
        "select",
        "--dedupe=position",
        "--invert",
        "--result",
        "*",
        "-",
    ];
    let done = common::run_jaque(None, &args, Some(text));
    let second = (text.windows(8).rposition(|w| w == b"[Result ")).expect("two games");
    assert_eq!(
        done.stdout,
        &text[..second],
        "{}",
        String::from_utf8_lossy(&done.stderr)
    );
}

#[test]
fn select_outputs_are_compared_game_by_game() {
    let games: [&[u8]; 2] = [b"[A \"1\"]\n\n1. e4 *\n\n", b"1. d4 *"];
    assert_eq!(
        same_games(b"[A \"1\"]\n\n1. e4 *\n\n1. d4 *\n\n", &games),
        Ok(())
    );
    assert!(same_games(b"[A \"1\"]\n\n1. e4 *\n1. d5 *\n", &games).is_err());
    assert!(same_games(b"[A \"1\"]\n\n1. e4 *\n\n1. d4 *\n\nx", &games).is_err());
    let windows: [&[u8]; 1] = [b"[A \"1\"]\r\n\r\n1. e4 *\r\n\r\n"];
    assert_eq!(
        same_games(b"[A \"1\"]\r\n\r\n1. e4 *\r\n\r\n", &windows),
        Ok(())
    );
    assert!(same_games(b"[A \"1\"]\r\n\r\n1. e4 *\n\n", &windows).is_err());
    assert_eq!(indices("0-2,5,7-8"), [0, 1, 2, 5, 7, 8]);
    let cut = cut_at_lines(b"a\nb\r\nc\nd", &[1, 2, 4]);
    assert_eq!(cut, [&b"a\n"[..], b"b\r\nc\n", b"d"]);
}

/// `--duplicates FILE` receives exactly the games `--dedupe` drops (python-chess's
/// duplicates: every game the oracle does not keep), each as read, in input order; and
/// `--dedupe-against` the file itself drops every game of it.
#[test]
fn select_duplicates_go_to_their_file_and_a_reference_drops_its_own_games() {
    let expected = expectations("select.expect.json");
    let input = common::vendored("pgn/select.pgn");
    let bytes = std::fs::read(&input).expect("the input");
    let lines: Vec<usize> = (expected["games"].as_array().expect("games").iter())
        .map(|g| g["line"].as_u64().expect("a line") as usize)
        .collect();
    let games = cut_at_lines(&bytes, &lines);
    let kept = (specs(&expected).into_iter())
        .find(|spec| spec.args == ["--dedupe"])
        .expect("the oracle's --dedupe")
        .selected;
    let dropped: Vec<&[u8]> = (games.iter().enumerate())
        .filter(|(at, _)| !kept.contains(at))
        .map(|(_, game)| *game)
        .collect();
    assert!(!dropped.is_empty());
    let dir = common::scratch("select_duplicates");
    let file = dir.join("dropped.pgn");
    let name = input.to_str().expect("a UTF-8 path");
    let args = [
        "select",
        "--dedupe",
        "--duplicates",
        file.to_str().expect("UTF-8"),
        name,
    ];
    let out = common::run_jaque(None, &args, None);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let written = std::fs::read(&file).expect("the duplicates file");
    same_games(&written, &dropped).unwrap_or_else(|e| panic!("--duplicates: {e}"));
    let args = ["select", "--dedupe-against", name, name];
    let out = common::run_jaque(None, &args, None);
    assert_eq!(
        (out.status.code(), out.stdout.len()),
        (Some(1), 0),
        "{out:?}"
    );
}

#[test]
fn a_regular_expression_it_cannot_read_is_shown_in_its_argument() {
    // The span is the argument's value; regex-lite has no Unicode classes (docs/select.md).
    let cases: [(&[&str], &str, &str); 3] = [
        (
            &["--tag", "White ~ (x"],
            "--> --tag:1:9",
            "without closing ')'",
        ),
        (&["--player", "\\p{L}"], "--> --player:1:1", "not supported"),
        (
            &["--opening", "[Gambit"],
            "--> --opening:1:1",
            "no closing bracket",
        ),
    ];
    let games = common::vendored("pgn/select.pgn").display().to_string();
    for (filter, at, said) in cases {
        let args = ["select", "-o", "/dev/null", &games].into_iter();
        let args: Vec<&str> = args.chain(filter.iter().copied()).collect();
        let output = common::run_jaque(None, &args, None);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{filter:?}: {stderr}");
        assert!(
            stderr.starts_with("error: not a regular expression: "),
            "{stderr}"
        );
        assert!(
            stderr.contains(at) && stderr.contains(said),
            "{filter:?}: {stderr}"
        );
    }
}
