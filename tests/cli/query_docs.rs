//! docs/query.md against the binary: every example (a `$ jaque query …` line in a `console`
//! block) runs from the repository's root and prints what the page shows after it. Each
//! counting example's query (or its query file's words) is one of the oracle's
//! (`tests/data/query/queries.txt`), and the
//! count shown is the number of games of the file python-chess's evaluation matches
//! (`tests/data/query/expect.jsonl`); the error example prints the page's diagnostic whole,
//! the `--explain` example the plan shown. The `--sort` example's games and values, shown
//! as JSON cut short with `…`, are the oracle's (`tests/data/query/sort.jsonl`); the `--mark`
//! example's excerpt is in the game written.

use std::path::Path;

use serde_json::Value;

use crate::common;
use crate::select_docs::examples;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// The number of games of `file` (relative to tests/data) the oracle matches with `query`.
fn oracle_count(query: &str, file: &str) -> usize {
    let text = std::fs::read_to_string(common::vendored("query/expect.jsonl")).expect("oracle");
    let case = (text.lines().skip(1))
        .map(|line| serde_json::from_str::<Value>(line).expect("JSON"))
        .find(|case| case["query"] == query && case["file"] == file)
        .unwrap_or_else(|| panic!("{query:?} on {file} is not in the oracle's queries"));
    case["matches"].as_array().expect("matches").len()
}

/// The value of `"key":` in a line of JSON, shown or printed.
fn field(line: &str, key: &str) -> Option<u64> {
    let rest = line.split(&format!("\"{key}\":")).nth(1)?;
    let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
    digits.parse().ok()
}

/// A `--sort … --limit N --json` example: the games and values shown are the oracle's N
/// first, and those printed.
fn sorted(argv: &[&str], shown: &[&str], stdout: &[u8]) {
    let at = |flag: &str| argv.iter().position(|a| *a == flag).expect(flag) + 1;
    let (query, sort, file) = (argv[1], argv[at("--sort")], argv[argv.len() - 1]);
    let text = std::fs::read_to_string(common::vendored("query/sort.jsonl")).expect("oracle");
    let case = (text.lines().skip(1))
        .map(|line| serde_json::from_str::<Value>(line).expect("JSON"))
        .find(|c| {
            c["query"] == query
                && c["sort"] == sort
                && file.ends_with(c["file"].as_str().unwrap_or("?"))
        })
        .unwrap_or_else(|| panic!("{query:?} --sort {sort:?} is not in sort.jsonl"));
    let want: Vec<(u64, u64)> = (case["order"].as_array().expect("order").iter())
        .take(shown.len())
        .map(|p| (p[0].as_u64().expect("game"), p[1].as_u64().expect("value")))
        .collect();
    let pairs = |lines: Vec<&str>| -> Vec<(u64, u64)> {
        (lines.into_iter())
            .filter_map(|l| Some((field(l, "game")?, field(l, "sort")?)))
            .collect()
    };
    assert_eq!(
        pairs(shown.to_vec()),
        want,
        "the page on {query} --sort {sort}"
    );
    let printed = String::from_utf8_lossy(stdout);
    assert_eq!(pairs(printed.lines().collect()), want, "{argv:?}");
}

#[test]
fn every_example_of_docs_query_prints_what_the_page_shows() {
    let page = std::fs::read_to_string(Path::new(ROOT).join("docs/query.md")).expect("page");
    let lines: Vec<&str> = page.lines().collect();
    let mut counted = 0;
    for (at, args, _) in examples(&page) {
        if args.first().map(String::as_str) != Some("query") {
            continue;
        }
        let argv: Vec<&str> = args.iter().map(String::as_str).collect();
        let done = common::run_jaque(Some(Path::new(ROOT)), &argv, None);
        // What the page shows: the lines after the command, to the block's end.
        let shown: Vec<&str> = (lines[at + 1..].iter())
            .take_while(|l| !l.starts_with("$ ") && !l.starts_with("```"))
            .copied()
            .collect();
        if args.iter().any(|a| a == "--count") {
            let file = args.last().expect("a file");
            // A query file's words are the oracle's query, spaced as it spaces them.
            let query = match args.iter().position(|a| a == "-f" || a == "--file") {
                Some(at) => {
                    let path = Path::new(ROOT).join(&args[at + 1]);
                    let text = std::fs::read_to_string(path).expect("the query file");
                    text.split_whitespace().collect::<Vec<_>>().join(" ")
                }
                None => args[2].clone(),
            };
            let query = &query;
            let want = oracle_count(query, file.trim_start_matches("tests/data/"));
            assert_eq!(shown, [want.to_string().as_str()], "the page on {query}");
            assert_eq!(
                String::from_utf8_lossy(&done.stdout).trim(),
                want.to_string(),
                "{query}"
            );
            counted += 1;
        } else if args.iter().any(|a| a == "--sort") {
            sorted(&argv, &shown, &done.stdout);
        } else if args.iter().any(|a| a.starts_with("--mark")) {
            assert_eq!(done.status.code(), Some(0), "{argv:?}");
            let stdout = String::from_utf8_lossy(&done.stdout);
            for line in &shown {
                let excerpt = line.trim_start_matches("… ").trim_end_matches(" …");
                assert!(stdout.contains(excerpt), "{argv:?}: {excerpt}");
            }
        } else if args.iter().any(|a| a == "--explain") {
            // The plan as the page shows it (jaque's own format, no oracle's).
            assert_eq!(done.status.code(), Some(0), "{argv:?}");
            let stdout = String::from_utf8_lossy(&done.stdout);
            assert_eq!(stdout.lines().collect::<Vec<_>>(), shown, "{argv:?}");
        } else {
            assert_eq!(done.status.code(), Some(2), "{argv:?}");
            let stderr = String::from_utf8_lossy(&done.stderr);
            assert_eq!(
                stderr.trim_end().lines().collect::<Vec<_>>(),
                shown,
                "{argv:?}"
            );
        }
    }
    assert!(counted >= 8, "{counted} counting examples");
}
