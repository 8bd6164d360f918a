//! What a shell and `man` get from jaque, through the binary: a bash completion script that
//! completes commands and flags when bash runs it, man pages for jaque and each command, and
//! `perft --json`.

use crate::common;

fn stdout(args: &[&str]) -> String {
    let out = common::run_jaque(None, args, None);
    assert!(out.status.success(), "{args:?}: {out:?}");
    String::from_utf8(out.stdout).expect("UTF-8")
}

/// What bash's completion offers for the words of `line` (the last one being completed).
fn bash_completes(script: &str, line: &[&str]) -> Vec<String> {
    let words = line
        .iter()
        .map(|w| format!("'{w}'"))
        .collect::<Vec<_>>()
        .join(" ");
    let program = format!(
        "{script}\nCOMP_WORDS=({words}); COMP_CWORD={}; COMP_LINE='{}'; COMP_POINT=${{#COMP_LINE}}\n\
         _jaque jaque '{}' '{}'; printf '%s\\n' \"${{COMPREPLY[@]}}\"",
        line.len() - 1,
        line.join(" "),
        line.last().unwrap_or(&""),
        line.get(line.len().wrapping_sub(2)).unwrap_or(&""),
    );
    let out = std::process::Command::new("bash")
        .args(["-c", &program])
        .output()
        .expect("bash runs");
    let mut words: Vec<String> = String::from_utf8_lossy(&out.stdout)
        .split_whitespace()
        .map(str::to_string)
        .collect();
    words.sort();
    words
}

#[test]
fn bash_completes_the_commands_and_their_flags() {
    let script = stdout(&["completions", "bash"]);
    assert_eq!(
        bash_completes(&script, &["jaque", "ex"]),
        ["explain", "export"]
    );
    let flags = bash_completes(&script, &["jaque", "fmt", "--"]);
    for flag in [
        "--check", "--diff", "--stdout", "--lang", "--color", "--quiet",
    ] {
        assert!(flags.iter().any(|f| f == flag), "{flag} in {flags:?}");
    }
    for shell in ["zsh", "fish", "elvish", "powershell"] {
        assert!(
            stdout(&["completions", shell]).contains("explain"),
            "{shell}"
        );
    }
}

/// The diagnostic codes of the contract's table (`../shared/CONTRACT.md`, "Diagnostic codes"),
/// and `bad_query`, the code of a query file's errors (`docs/codes/bad_query.md`).
const CONTRACT_CODES: [&str; 15] = [
    "syntax",
    "illegal_move",
    "ambiguous_move",
    "bad_fen",
    "unterminated",
    "check_annotation",
    "capture_annotation",
    "over_disambiguation",
    "nonstandard_notation",
    "result_mismatch",
    "missing_tag",
    "tag_format",
    "duplicate_tag",
    "unsupported_variant",
    "bad_query",
];

#[test]
fn bash_completes_the_codes_after_explain_and_the_lint_flags() {
    let script = stdout(&["completions", "bash"]);
    let mut codes = CONTRACT_CODES.map(str::to_string).to_vec();
    codes.sort();
    // An empty word gets the flags as well.
    let mut offered = bash_completes(&script, &["jaque", "explain", ""]);
    offered.retain(|word| !word.starts_with('-'));
    assert_eq!(offered, codes);
    assert_eq!(
        bash_completes(&script, &["jaque", "explain", "ill"]),
        ["illegal_move"]
    );
    let mut levels = codes.clone();
    levels.push("warnings".to_string());
    levels.sort();
    for (command, flag) in [
        ("check", "-A"),
        ("check", "--deny"),
        ("fix", "-W"),
        ("san", "-D"),
        ("export", "--allow"),
    ] {
        let line = ["jaque", command, flag, ""];
        assert_eq!(bash_completes(&script, &line), levels, "{line:?}");
    }
    assert_eq!(
        bash_completes(&script, &["jaque", "check", "-A", "w"]),
        ["warnings"]
    );
    // So do zsh's and fish's (clap's elvish and PowerShell scripts complete no values).
    for shell in ["zsh", "fish"] {
        let script = stdout(&["completions", shell]);
        for code in CONTRACT_CODES {
            assert!(script.contains(code), "{shell}: {code}");
        }
    }
    // Any text is still taken, and answered where it is read: dashes, a misspelling.
    assert!(stdout(&["explain", "illegal-move"]).starts_with("# `illegal_move`"));
    let misspelt = common::run_jaque(None, &["explain", "ilegal_move"], None);
    assert_eq!(misspelt.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&misspelt.stderr).contains("did you mean `illegal_move`?"));
}

#[test]
fn man_pages_name_every_command_and_flag() {
    let page = stdout(&["man"]);
    assert!(page.contains(".TH jaque 1"), "{page}");
    for command in [
        "check", "san", "fix", "fmt", "play", "lsp", "perft", "export", "explain",
    ] {
        assert!(page.contains(&format!("jaque\\-{command}(1)")), "{command}");
        let own = stdout(&["man", command]);
        assert!(
            own.contains(&format!(".TH jaque-{command} 1")),
            "{command}: {own}"
        );
    }
    assert!(stdout(&["man", "check"]).contains("\\-\\-allow"));
    let unknown = common::run_jaque(None, &["man", "chek"], None);
    assert_eq!(unknown.status.code(), Some(2));
}

#[test]
fn perft_json_gives_the_published_counts() {
    // Kiwipete, perft 2: 2039 (chessprogramming.org's perft results).
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let row: serde_json::Value = serde_json::from_str(&stdout(&[
        "perft", "--json", "--divide", "--fen", kiwipete, "2",
    ]))
    .expect("one JSON object");
    assert_eq!(
        (row["fen"].as_str(), row["depth"].as_u64()),
        (Some(kiwipete), Some(2))
    );
    assert_eq!(row["nodes"], 2039);
    let divide = row["divide"].as_object().expect("divide");
    assert_eq!(divide.len(), 48);
    assert_eq!(
        divide.values().filter_map(|n| n.as_u64()).sum::<u64>(),
        2039
    );
    let plain: serde_json::Value =
        serde_json::from_str(&stdout(&["perft", "--json", "4"])).expect("JSON");
    assert_eq!(plain["nodes"], 197_281);
    assert!(plain.get("divide").is_none());
}
