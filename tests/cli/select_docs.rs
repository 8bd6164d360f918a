//! docs/select.md against the binary: every example (a `$ jaque select …` line in a
//! `console` block) runs from the repository's root and prints on standard error the
//! summary the page shows after it, and selects as many games as python-chess's reading of
//! the same filters (`tests/data/select.expect.json`, written by
//! `tools/gen/gen_select_cases.py`). `JAQUE_BLESS=1` writes the summaries jaque prints into
//! the page; the oracle's counts are never blessed.

use std::path::Path;

use crate::common;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// The words of a shell command line: spaces split, single and double quotes group.
pub fn words(line: &str) -> Vec<String> {
    let (mut words, mut word, mut quote, mut any) = (Vec::new(), String::new(), None, false);
    for c in line.chars() {
        match (quote, c) {
            (None, '\'' | '"') => (quote, any) = (Some(c), true),
            (Some(q), c) if c == q => quote = None,
            (None, ' ') => {
                if any {
                    words.push(std::mem::take(&mut word));
                }
                any = false;
            }
            (_, c) => (word, any) = (word + &c.to_string(), true),
        }
    }
    if any {
        words.push(word);
    }
    words
}

/// Each example: its line's index in the page, its arguments after `jaque`, and the line
/// after it (the summary shown), if there is one.
pub fn examples(page: &str) -> Vec<(usize, Vec<String>, Option<String>)> {
    let lines: Vec<&str> = page.lines().collect();
    let mut found = Vec::new();
    let mut in_console = false;
    for (at, line) in lines.iter().enumerate() {
        match (in_console, line.trim_end()) {
            (false, "```console") => in_console = true,
            (true, "```") => in_console = false,
            (true, command) if command.starts_with("$ jaque ") => {
                let shown = (lines.get(at + 1))
                    .filter(|next| !next.starts_with("$ ") && !next.starts_with("```"))
                    .map(|next| next.to_string());
                found.push((at, words(&command[8..]), shown));
            }
            _ => {}
        }
    }
    found
}

/// What the example prints last on standard error, and how many games it selected.
fn summary(args: &[String]) -> (String, usize) {
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let out = common::run_jaque(Some(Path::new(ROOT)), &args, None);
    let code = out.status.code();
    assert!(
        matches!(code, Some(0 | 1)),
        "jaque {args:?} exited with {code:?}: {out:?}"
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    let last = stderr.lines().last().unwrap_or_default().to_string();
    let selected = (last.strip_prefix("selected "))
        .and_then(|rest| rest.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("jaque {args:?}: no summary in {stderr:?}"));
    (last, selected)
}

/// For an example on the openings' games, the number of games python-chess names so
/// (`tests/data/openings/games.tsv`): `--eco` (codes, prefixes, ranges) or `--opening`.
fn openings_count(args: &[String]) -> Option<usize> {
    if !args.iter().any(|a| a == "tests/data/openings/games.pgn") {
        return None;
    }
    let value = |flag: &str| (args.iter().position(|a| a == flag)).and_then(|at| args.get(at + 1));
    let path = Path::new(ROOT).join("tests/data/openings/games.tsv");
    let text = std::fs::read_to_string(path).expect("games.tsv");
    let rows = (text.lines().filter(|l| !l.starts_with('#')).skip(1))
        .map(|row| row.split('\t').collect::<Vec<_>>())
        .filter(|f| f[0] == "openings/games.pgn" && !f[4].is_empty());
    let in_range = |eco: &str, range: &str| match range.split_once('-') {
        Some((a, b)) => eco >= a && eco.get(..b.len()).is_some_and(|e| e <= b),
        None => eco.starts_with(range),
    };
    let named = |f: &Vec<&str>| {
        value("--eco").is_none_or(|r| r.split(',').any(|r| in_range(f[4], r)))
            && value("--opening")
                .is_none_or(|re| regex_lite::Regex::new(re).expect("regex").is_match(f[5]))
    };
    Some(rows.filter(named).count())
}

/// For an example of `--pattern` on `fmt_input.pgn`, the number of games the pattern
/// oracle matches there (`tests/data/pattern/games.jsonl`: a first matching ply a game, `-`
/// for none, `N*k` for k games).
fn pattern_count(args: &[String]) -> Option<usize> {
    let at = args.iter().position(|a| a == "--pattern")?;
    let pattern = args.get(at + 1)?;
    let key = if args.iter().any(|a| a == "--either-colour") {
        "either"
    } else {
        "games"
    };
    let path = Path::new(ROOT).join("tests/data/pattern/games.jsonl");
    let text = std::fs::read_to_string(path).expect("games.jsonl");
    let case = (text.lines().skip(1))
        .map(|l| serde_json::from_str::<serde_json::Value>(l).expect("JSON"))
        .find(|case| case["pattern"].as_str() == Some(pattern.as_str()))?;
    let runs = case[key]["fmt_input.pgn"].as_str()?;
    let count = |item: &str| match item.split_once('*') {
        Some((value, times)) if value != "-" => times.parse().expect("a count"),
        None if item != "-" => 1,
        _ => 0,
    };
    Some(runs.split(' ').filter(|i| !i.is_empty()).map(count).sum())
}

/// The oracle's number of games selected by the filters of `args` (those before the file,
/// `--json` aside), if it computed them: its `selected` is a list of indices and ranges
/// (`4,8,14-15`).
fn oracle_count(oracle: &serde_json::Value, args: &[String]) -> Option<usize> {
    let filters: Vec<&str> = (args.iter().skip(1))
        .take_while(|a| !a.starts_with("tests/"))
        .map(String::as_str)
        .filter(|&a| a != "--json")
        .collect();
    let specs = oracle.get("specs")?.as_array()?;
    let spec = specs.iter().find(|spec| {
        let wanted = spec.get("args").and_then(|a| a.as_array());
        wanted.is_some_and(|w| {
            w.iter()
                .map(|a| a.as_str())
                .eq(filters.iter().map(|&f| Some(f)))
        })
    })?;
    let selected = spec.get("selected")?.as_str()?;
    let count = |part: &str| match part.split_once('-') {
        Some((a, b)) => b
            .parse::<usize>()
            .ok()?
            .checked_sub(a.parse().ok()?)
            .map(|n| n + 1),
        None => part.parse::<usize>().ok().map(|_| 1),
    };
    selected
        .split(',')
        .filter(|p| !p.is_empty())
        .map(count)
        .sum()
}

#[test]
fn every_example_of_the_select_page_runs_and_agrees_with_python_chess() {
    let path = Path::new(ROOT).join("docs/select.md");
    let page = std::fs::read_to_string(&path).expect("docs/select.md");
    let oracle_text =
        std::fs::read_to_string(Path::new(ROOT).join("tests/data/select.expect.json"))
            .expect("tests/data/select.expect.json");
    let oracle: serde_json::Value = serde_json::from_str(&oracle_text).expect("JSON");
    let bless = std::env::var_os("JAQUE_BLESS").is_some_and(|v| v == "1");
    let mut lines: Vec<String> = page.lines().map(str::to_string).collect();
    let found = examples(&page);
    assert!(found.len() >= 8, "{} examples", found.len());
    // From the last, so that inserted lines do not move the examples before.
    for (at, args, shown) in found.into_iter().rev() {
        let (printed, selected) = summary(&args);
        let expected = (pattern_count(&args))
            .or_else(|| openings_count(&args))
            .or_else(|| oracle_count(&oracle, &args));
        let expected = expected.unwrap_or_else(|| panic!("no oracle count for {args:?}"));
        assert_eq!(selected, expected, "jaque {args:?} against python-chess");
        match (bless, shown) {
            (true, Some(_)) => lines[at + 1] = printed,
            (true, None) => lines.insert(at + 1, printed),
            (false, shown) => assert_eq!(shown.as_deref(), Some(printed.as_str()), "{args:?}"),
        }
    }
    if bless {
        std::fs::write(&path, lines.join("\n") + "\n").expect("writable");
    }
}

#[test]
fn shell_words_are_split_as_a_shell_splits_them() {
    assert_eq!(
        words("select --tag 'White = A B' --moves \"e4 e5\" x.pgn"),
        [
            "select",
            "--tag",
            "White = A B",
            "--moves",
            "e4 e5",
            "x.pgn"
        ]
    );
}
