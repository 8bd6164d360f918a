//! `jaque check` on PGN as the world writes it (issue 31), as scripts read its output: the
//! JSON the contract fixes for unsupported variants, counts that say what was found at its
//! level, input that is no text refused once, lines placed right whatever their ends.

use std::process::Output;

use serde_json::Value;

use crate::common;

/// `jaque ARGS`, `input` on standard input.
fn jaque(args: &[&str], input: &[u8]) -> Output {
    common::run_jaque(None, args, Some(input))
}

fn json_lines(output: &Output) -> Vec<Value> {
    String::from_utf8_lossy(&output.stdout)
        .lines()
        .map(|line| serde_json::from_str(line).expect("a JSON line"))
        .collect()
}

#[test]
fn an_unsupported_variant_is_reported_as_the_contract_says() {
    let text = "[Variant \"Crazyhouse\"]\n\n1. e4 e5 2. Nf3 P@f6 *\n\n\
                [Variant \"Horde\"]\n\n1. e4 *\n\n[Variant \"Atomic\"]\n\
                [FEN \"8/8/8/8/8/8/8/k1K5 w - - 0 1\"]\n\n1. Kc2 *\n";
    let output = jaque(&["check", "--json", "-"], text.as_bytes());
    assert_eq!(output.status.code(), Some(1));
    let lines = json_lines(&output);
    let starts = [
        Value::from("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
        Value::Null,
        Value::from("8/8/8/8/8/8/8/k1K5 w - - 0 1"),
    ];
    for (game, start) in lines.iter().zip(starts) {
        assert_eq!(game["status"], "unsupported", "{game}");
        assert_eq!(
            (game["plies"].as_u64(), &game["final_fen"]),
            (Some(0), &start)
        );
        let codes: Vec<&str> = game["diagnostics"]
            .as_array()
            .expect("diagnostics")
            .iter()
            .map(|d| d["code"].as_str().unwrap_or_default())
            .collect();
        assert_eq!(
            codes
                .iter()
                .filter(|&&c| c == "unsupported_variant")
                .count(),
            1
        );
        assert!(!codes.contains(&"syntax"), "{codes:?}");
    }
    assert_eq!(lines[3]["summary"]["games"], 3);
}

#[test]
fn warnings_past_the_limit_are_counted_as_warnings_or_not_at_all() {
    let text = format!("1. e4 {}*\n", "± ".repeat(1500));
    let summary = |args: &[&str]| {
        let output = jaque(args, text.as_bytes());
        json_lines(&output).pop().expect("a summary")["summary"].clone()
    };
    let all = summary(&["check", "--json", "-"]);
    assert_eq!(
        (&all["errors"], &all["warnings"]),
        (&Value::from(0), &Value::from(1500))
    );
    let allowed = summary(&["check", "--json", "-A", "warnings", "-"]);
    assert_eq!(
        (&allowed["errors"], &allowed["warnings"]),
        (&Value::from(0), &Value::from(0))
    );
    let strict = summary(&["check", "--json", "--strict", "-"]);
    assert_eq!(strict["errors"], 1500);
    // As text: the line for the ones not shown says what they are.
    let output = jaque(&["check", "-"], text.as_bytes());
    let shown = String::from_utf8_lossy(&output.stdout);
    assert!(
        shown.contains(
            "warning: 500 more problems in game 1 of <stdin> not shown (0 errors, 500 warnings)"
        ),
        "{shown}"
    );
    assert_eq!(output.status.code(), Some(0));
}

#[test]
fn input_that_is_no_text_is_refused_once_and_nothing_is_read() {
    let binary: Vec<u8> = (0..200_000u32)
        .map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8)
        .collect();
    let output = jaque(&["check", "-"], &binary);
    assert_eq!(output.status.code(), Some(2));
    let errors = String::from_utf8_lossy(&output.stderr);
    assert_eq!(errors.lines().count(), 1, "{errors}");
    assert!(errors.contains("not text"), "{errors}");
    assert!(
        output.stdout.len() < 200,
        "{}",
        String::from_utf8_lossy(&output.stdout)
    );
}

#[test]
fn lines_are_placed_right_whatever_their_ends() {
    // The same two games with each kind of line end, and all of them mixed.
    let lines = [
        "[Event \"a\"]",
        "",
        "1. e4 e5",
        "2. Ke3 *",
        "",
        "[Event \"b\"]",
        "",
        "1. d4 Ke7 *",
    ];
    // Mixed: a carriage return never before a line feed that ends an empty line (that would
    // be one line end, a carriage return and line feed).
    for ends in [&["\n"][..], &["\r\n"], &["\r"], &["\r\n", "\r", "\n"]] {
        let text: String = lines
            .iter()
            .enumerate()
            .map(|(i, line)| format!("{line}{}", ends[i % ends.len()]))
            .collect();
        let output = jaque(&["check", "--json", "-A", "warnings", "-"], text.as_bytes());
        let games = json_lines(&output);
        let placed: Vec<(u64, u64, u64)> = games
            .iter()
            .filter_map(|game| {
                let d = &game["diagnostics"][0];
                Some((
                    game["line"].as_u64()?,
                    d["line"].as_u64()?,
                    d["column"].as_u64()?,
                ))
            })
            .collect();
        assert_eq!(placed, [(1, 4, 4), (6, 8, 7)], "{text:?}");
    }
}

/// A game holding NUL bytes (here in a comment) is not text wherever it stands, as `check`,
/// `fmt` and `fix` meet it: inside a file of good games it is an error at its first NUL and
/// the other games are read; formatted, it is written as it came; alone, it is refused. The
/// `pgn` fuzz target found it read in its file and refused once formatted and read alone.
#[test]
fn a_game_holding_nul_bytes_is_not_text_wherever_it_stands() {
    let good = "[Event \"good\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n\
                [White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n\n1. e4 e5 *\n\n";
    let nul = format!("[Event \"nul\"]\n\n1. e4 {{{}}} e5 *\n", "\0".repeat(300));
    // Past the first 8 KiB, which tell binary data from text.
    let file = format!("{}{nul}", good.repeat(100));
    let output = jaque(&["check", "--json", "-A", "warnings", "-"], file.as_bytes());
    assert_eq!(output.status.code(), Some(1));
    let games = json_lines(&output);
    let mut errors = Vec::new();
    for game in &games {
        for d in game["diagnostics"].as_array().into_iter().flatten() {
            let (code, line, column) = (&d["code"], &d["line"], &d["column"]);
            errors.push((
                game["game"].as_u64(),
                code.as_str(),
                line.as_u64(),
                column.as_u64(),
            ));
        }
    }
    // The 101st game (0-based 100), its movetext on the file's line 100 × 10 + 3, the NUL
    // after `1. e4 {`.
    let want = (Some(100), Some("syntax"), Some(1003), Some(8));
    assert_eq!(errors, [want], "{games:?}");
    assert_eq!(
        games.iter().filter(|g| g.get("game").is_some()).count(),
        101
    );

    // Formatted, the game is written as it came, and is the same error read again.
    let formatted = jaque(&["fmt", "-"], file.as_bytes());
    assert!(formatted.stdout.ends_with(nul.as_bytes()), "the game kept");
    let again = jaque(
        &["check", "--json", "-A", "warnings", "-"],
        &formatted.stdout,
    );
    assert_eq!(again.status.code(), Some(1));
    // Alone it is refused as no text, once, as `fix` refuses it.
    for command in ["check", "fix"] {
        let alone = jaque(&[command, "-"], nul.as_bytes());
        assert_eq!(alone.status.code(), Some(2), "{command}");
        let errors = String::from_utf8_lossy(&alone.stderr);
        assert!(
            errors.contains("not text: a NUL byte"),
            "{command}: {errors}"
        );
    }
}
