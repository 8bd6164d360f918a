//! `docs/` against the binary: every diagnostic code has its page, whose example gives the
//! code with the output shown and whose mended example is clean; `jaque explain` prints the
//! page and `jaque rules` the codes' table, whose Markdown is the index of the pages; every
//! command and flag has its reference entry; every code is named by a test beside its page's.

use std::path::Path;

use crate::common;

const DOCS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/docs");

fn read(path: &str) -> String {
    std::fs::read_to_string(Path::new(DOCS).join(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn stdout(args: &[&str]) -> String {
    let out = common::run_jaque(None, args, None);
    assert!(out.status.success(), "{args:?}: {out:?}");
    String::from_utf8(out.stdout).expect("UTF-8")
}

/// The body of the first fenced block of `kind` after the line `heading` in `page`.
fn block<'a>(page: &'a str, heading: &str, kind: &str) -> Option<&'a str> {
    let section = &page[page.find(&format!("\n{heading}\n"))?..];
    let start = section.find(&format!("\n```{kind}\n"))? + kind.len() + 5;
    let end = start + section[start..].find("\n```")?;
    Some(&section[start..end])
}

/// What `jaque check` prints of `text` saved as `example.EXTENSION` (`pgn`, or `chq` for a
/// query file), without its summary line.
fn checked(name: &str, (text, extension): (&str, &str)) -> String {
    let dir = common::scratch(&format!("docs_{name}"));
    let file = format!("example.{extension}");
    std::fs::write(dir.join(&file), text).expect("writable");
    let args = ["check", "--color", "never", &file];
    let out = common::run_jaque(Some(&dir), &args, None);
    let text =
        String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
    let lines: Vec<&str> = text
        .lines()
        .filter(|l| !l.starts_with("checked "))
        .collect();
    lines.join("\n").trim_end().to_string()
}

#[test]
fn every_code_has_a_page_with_an_example_that_gives_it() {
    for code in jaque::Code::ALL {
        let name = code.as_str();
        let page = read(&format!("codes/{name}.md"));
        assert_eq!(
            page,
            code.explanation(),
            "{name}: the page compiled in is the file"
        );
        assert!(
            page.starts_with(&format!("# `{name}`\n")),
            "{name}: its title"
        );
        // A query's code is shown by a query file, every other code by a game.
        let extension = match code.family() {
            jaque::Family::Query => "chq",
            _ => "pgn",
        };
        let example =
            block(&page, "## Example", extension).unwrap_or_else(|| panic!("{name}: no example"));
        let shown =
            block(&page, "## Example", "text").unwrap_or_else(|| panic!("{name}: no output"));
        let output = checked(name, (example, extension));
        assert!(
            output.contains(&format!("[{name}]")),
            "{name}: the example gives it:\n{output}"
        );
        assert_eq!(
            output,
            shown.trim_end(),
            "{name}: the output shown is what jaque prints"
        );
        let mended =
            block(&page, "## Instead", extension).unwrap_or_else(|| panic!("{name}: no mend"));
        assert_eq!(
            checked(name, (mended, extension)),
            "",
            "{name}: the mended example is clean"
        );
        let (heading, says) = match code.severity() {
            jaque::Severity::Warning => ("\n## Allowing it\n", format!("-A {name}")),
            jaque::Severity::Error => ("\n## Why it cannot be allowed\n", String::new()),
        };
        assert!(
            page.contains(heading) && page.contains(&says),
            "{name}: {heading:?}"
        );
    }
}

/// Every file under `dir`, recursively, with its text (files that are not UTF-8 left out).
fn texts(dir: &Path, found: &mut Vec<(String, String)>) {
    let entries = std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            texts(&path, found);
        } else if let Ok(text) = std::fs::read_to_string(&path) {
            found.push((path.display().to_string(), text));
        }
    }
}

#[test]
fn every_code_is_named_by_a_test_of_its_own() {
    // Beyond the page's example, which the test above runs for every code alike: a test
    // or oracle file names the code, as `Code::Variant`, `"name"` or a TSV field.
    let tests = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    let mut files = Vec::new();
    texts(&tests, &mut files);
    // Files that name every code whatever is tested: this one, and the shared helpers.
    files.retain(|(path, _)| !path.ends_with("cli/docs.rs") && !path.contains("common"));
    assert!(files.len() > 20, "tests/ read: {} files", files.len());
    for code in jaque::Code::ALL {
        let name = code.as_str();
        let forms = [
            format!("Code::{code:?}"),
            format!("\"{name}\""),
            format!("\t{name}\t"),
            format!("\t{name}\n"),
        ];
        let named = files
            .iter()
            .any(|(_, text)| forms.iter().any(|f| text.contains(f)));
        assert!(named, "{name}: no test names it ({forms:?})");
    }
}

#[test]
fn explain_prints_the_page_and_refuses_what_is_no_code() {
    let page = stdout(&["explain", "over-disambiguation"]);
    assert_eq!(page, read("codes/over_disambiguation.md"));
    let out = common::run_jaque(None, &["explain", "over_disambiguaton"], None);
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("did you mean `over_disambiguation`?"),
        "{stderr}"
    );
}

/// The rows `jaque rules --json` prints: `(code, severity, family)`.
fn rules_rows() -> Vec<(String, String, String)> {
    (stdout(&["rules", "--json"]).lines())
        .map(|line| {
            let row: serde_json::Value = serde_json::from_str(line).expect("JSON");
            let field = |key: &str| row[key].as_str().expect(key).to_string();
            assert!(!field("summary").is_empty());
            (field("code"), field("severity"), field("family"))
        })
        .collect()
}

#[test]
fn rules_lists_every_code_of_the_table() {
    let rows = rules_rows();
    let table: Vec<(String, String, String)> = (jaque::Code::ALL.into_iter())
        .map(|code| {
            let severity = code.severity().as_str().to_string();
            (
                code.as_str().to_string(),
                severity,
                code.family().to_string(),
            )
        })
        .collect();
    assert_eq!(rows, table);
    let text = stdout(&["rules"]);
    assert!(rows.iter().all(|(code, ..)| text.contains(code.as_str())));
}

/// `docs/codes/README.md` is what `jaque rules --markdown` prints from the code table; with
/// `JAQUE_BLESS=1` the file is written again from it.
#[test]
fn the_index_of_the_codes_is_written_from_the_table() {
    let path = Path::new(DOCS).join("codes/README.md");
    let generated = jaque::Code::markdown_index();
    assert_eq!(stdout(&["rules", "--markdown"]), generated);
    if std::env::var_os("JAQUE_BLESS").is_some() {
        std::fs::write(&path, &generated).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    }
    let committed = read("codes/README.md");
    assert!(
        committed == generated,
        "docs/codes/README.md is not what the code table gives: write it again with \
         `JAQUE_BLESS=1 cargo test --test cli the_index_of_the_codes` or \
         `jaque rules --markdown > docs/codes/README.md`\n--- committed\n{committed}\n--- generated\n{generated}"
    );
    // Read as the file's reader reads it: a row a code, linked to its page, with its level.
    for code in jaque::Code::ALL {
        let name = code.as_str();
        let row = format!(
            "\n| [{name}]({name}.md) | {} | {} | ",
            code.severity(),
            code.family()
        );
        assert!(committed.contains(&row), "{row}");
    }
}

/// The long flags `jaque COMMAND --help` lists (`--json`, `--allow`, ...).
fn long_flags(help: &str) -> Vec<String> {
    help.split(|c: char| c.is_whitespace() || c == ',')
        .filter_map(|word| word.strip_prefix("--"))
        .map(|flag| {
            flag.split(['=', '<', '[', '`', ')', '.'])
                .next()
                .unwrap_or_default()
        })
        .filter(|flag| !flag.is_empty() && flag.chars().all(|c| c.is_ascii_lowercase() || c == '-'))
        .map(|flag| format!("--{flag}"))
        .collect()
}

#[test]
fn every_command_and_flag_has_its_reference_entry() {
    let reference = read("cli.md");
    let help = stdout(&["--help"]);
    let commands: Vec<&str> = (help
        .split("Commands:\n")
        .nth(1)
        .expect("a command list")
        .lines())
    .take_while(|line| line.starts_with("  "))
    .filter_map(|line| line.split_whitespace().next())
    .filter(|&command| command != "help")
    .collect();
    assert!(commands.len() >= 12, "{commands:?}");
    let globals = reference
        .split("\n## ")
        .find(|s| s.starts_with("Global options"))
        .expect("globals");
    for flag in long_flags(&help) {
        assert!(globals.contains(&format!("`{flag}")), "global {flag}");
    }
    for command in commands {
        let heading = format!("`jaque {command}`\n");
        let section = (reference.split("\n## ").find(|s| s.starts_with(&heading)))
            .unwrap_or_else(|| panic!("docs/cli.md has no section for {command}"));
        for flag in long_flags(&stdout(&[command, "--help"])) {
            let global = globals.contains(&format!("`{flag}"));
            assert!(global || section.contains(&flag), "jaque {command} {flag}");
        }
    }
}
