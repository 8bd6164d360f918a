//! The `jaque` binary as users and scripts run it (the interface the contract fixes).

use std::process::{Command, Output};

use crate::common;

fn jaque(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_jaque"))
        .args(args)
        .output()
        .expect("jaque runs")
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

#[test]
fn perft_prints_the_count_alone_on_the_last_line() {
    let output = jaque(&["perft", "4"]);
    assert!(output.status.success());
    assert_eq!(stdout(&output).lines().last(), Some("197281"));
}

#[test]
fn perft_divide_prints_uci_and_count_per_root_move() {
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let output = jaque(&["perft", "--fen", kiwipete, "--divide", "2"]);
    assert!(output.status.success());
    let text = stdout(&output);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.last(), Some(&"2039"));
    let split: Vec<(&str, u64)> = lines
        .iter()
        .filter_map(|l| l.split_once(": "))
        .map(|(m, n)| (m, n.parse().unwrap()))
        .collect();
    assert_eq!(split.len(), 48);
    assert_eq!(split.iter().map(|&(_, n)| n).sum::<u64>(), 2039);
    // Standard chess writes castling as the king's two-square move.
    assert!(split.iter().any(|&(m, _)| m == "e1g1") && split.iter().any(|&(m, _)| m == "e1c1"));
}

#[test]
fn perft_chess960_writes_castling_as_king_takes_rook() {
    // King g1, rook h1: O-O leaves the king where it is. python-chess (chess960=True) lists
    // 12 moves, castling as g1h1.
    let fen = "4k3/8/8/8/8/8/8/6KR w H - 0 1";
    let output = jaque(&["perft", "--chess960", "--fen", fen, "--divide", "1"]);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let text = stdout(&output);
    assert_eq!(text.lines().last(), Some("12"));
    assert!(text.lines().any(|l| l == "g1h1: 1"), "{text}");
}

#[test]
fn perft_with_a_bad_fen_exits_2_naming_field_and_reason() {
    let output = jaque(&["perft", "--fen", "8/8/8/8/8/8/8/K7 w - - 0 1", "1"]);
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("bad_fen") && stderr.contains("black has 0 kings"),
        "{stderr}"
    );
    assert!(stdout(&output).is_empty());
}

#[test]
fn bad_arguments_exit_2() {
    assert_eq!(jaque(&["perft"]).status.code(), Some(2));
    assert_eq!(jaque(&["perft", "deep"]).status.code(), Some(2));
    assert_eq!(jaque(&["no-such-command"]).status.code(), Some(2));
}

fn json_lines(output: &Output) -> Vec<serde_json::Value> {
    stdout(output)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("not JSON: {l:?}: {e}")))
        .collect()
}

#[test]
fn san_json_follows_the_contract() {
    let output = jaque(&[
        "san", "--json", "e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7",
    ]);
    assert_eq!(output.status.code(), Some(0), "warnings only: exit 0");
    let lines = json_lines(&output);
    assert_eq!(lines.len(), 7);
    assert_eq!(
        keys(&lines[0]),
        [
            "fen",
            "san",
            "legal",
            "uci",
            "fen_after",
            "check",
            "mate",
            "diagnostics"
        ]
    );
    assert_eq!(
        lines[0]["fen"],
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    );
    assert_eq!(lines[0]["uci"], "e2e4");
    // Scholar's mate written without #: identified, mate reported, check_annotation warned.
    let last = &lines[6];
    assert_eq!(
        (
            last["legal"].as_bool(),
            last["check"].as_bool(),
            last["mate"].as_bool()
        ),
        (Some(true), Some(true), Some(true))
    );
    let diagnostic = &last["diagnostics"][0];
    assert_eq!(diagnostic["code"], "check_annotation");
    assert_eq!(diagnostic["severity"], "warning");
    assert_eq!(
        (diagnostic["ply"].as_u64(), diagnostic["san"].as_str()),
        (Some(7), Some("Qxf7"))
    );
    assert!(!stdout(&output).contains("error"));
}

#[test]
fn san_strict_turns_warnings_into_errors() {
    let output = jaque(&["san", "--json", "--strict", "Ng1f3"]);
    assert_eq!(output.status.code(), Some(1));
    let line = &json_lines(&output)[0];
    assert_eq!(line["diagnostics"][0]["code"], "over_disambiguation");
    assert_eq!(line["diagnostics"][0]["severity"], "error");
    assert_eq!(line["legal"], true);
}

#[test]
fn san_illegal_and_ambiguous_moves_in_json() {
    let fen = "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1";
    let output = jaque(&["san", "--json", "--fen", fen, "Nd2"]);
    assert_eq!(output.status.code(), Some(1));
    let line = &json_lines(&output)[0];
    assert_eq!(
        (
            line["legal"].as_bool(),
            line["uci"].is_null(),
            line["fen_after"].is_null()
        ),
        (Some(false), true, true)
    );
    assert_eq!(line["diagnostics"][0]["code"], "ambiguous_move");
    assert!(
        line["diagnostics"][0]["message"]
            .as_str()
            .unwrap()
            .contains("Nbd2 and Nfd2")
    );
    let output = jaque(&["san", "--json", "Ke2"]);
    assert_eq!(
        json_lines(&output)[0]["diagnostics"][0]["code"],
        "illegal_move"
    );
    let output = jaque(&["san", "--json", "Nf9"]);
    let line = &json_lines(&output)[0];
    assert_eq!(
        (
            line["diagnostics"][0]["code"].as_str(),
            line["diagnostics"][0]["column"].as_u64()
        ),
        (Some("syntax"), Some(3))
    );
}

#[test]
fn san_batch_resolves_each_line_from_its_own_fen() {
    let dir = std::env::temp_dir().join(format!("jaque-batch-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("cases.tsv");
    std::fs::write(
        &path,
        "# comment\n\
         rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\tNf3\n\
         8/8/8/8/8/8/8/K7 w - - 0 1\tKb1\n\
         4k3/P7/8/8/8/8/8/4K3 w - - 0 1\ta8=Q+\n\
         no tab here\n",
    )
    .unwrap();
    let output = jaque(&["san", "--json", "--batch", path.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(1));
    let lines = json_lines(&output);
    assert_eq!(lines.len(), 4, "every case line is reported");
    assert_eq!(lines[0]["uci"], "g1f3");
    assert_eq!(lines[1]["diagnostics"][0]["code"], "bad_fen");
    assert_eq!(lines[1]["diagnostics"][0]["line"], 3);
    assert_eq!(
        (lines[2]["uci"].as_str(), lines[2]["check"].as_bool()),
        (Some("a7a8q"), Some(true))
    );
    assert_eq!(lines[3]["diagnostics"][0]["code"], "syntax");
    let missing = jaque(&["san", "--batch", dir.join("missing.tsv").to_str().unwrap()]);
    assert_eq!(missing.status.code(), Some(2));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn san_batch_reads_standard_input_for_a_dash() {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_jaque"))
        .args(["san", "--batch", "-"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .env("NO_COLOR", "1")
        .spawn()
        .unwrap();
    let cases = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\tNf3\n\
                 8/8/8/8/8/8/8/K7 w - - 0 1\tKb1\n";
    child
        .stdin
        .take()
        .unwrap()
        .write_all(cases.as_bytes())
        .unwrap();
    let output = child.wait_with_output().unwrap();
    assert_eq!(output.status.code(), Some(1));
    let text = stdout(&output);
    assert!(text.contains("1. Nf3  (g1f3)"), "{text}");
    assert!(text.contains("--> <stdin>:2:1"), "{text}");
}

#[test]
fn san_human_output_is_a_line_a_move_then_the_fen_reached() {
    // FENs: python-chess 1.11.2.
    let output = jaque(&["san", "e4", "e5", "Nf3"]);
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(
        stdout(&output),
        "1. e4  (e2e4)\n1... e5  (e7e5)\n2. Nf3  (g1f3)\n\
         rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2\n"
    );
    let output = jaque(&["san", "e4", "e5", "Ke2", "Ke7", "Nd2"]);
    assert_eq!(output.status.code(), Some(1));
    let text = stdout(&output);
    assert!(text.contains("1. e4  (e2e4)\n"), "{text}");
    assert!(text.contains("2... Ke7  (e8e7)\n3. Nd2\n"), "{text}");
    assert!(!text.contains('♖'), "no board: {text}");
    assert!(
        text.contains("error[illegal_move]: d2 is occupied by a white pawn"),
        "{text}"
    );
    assert!(text.contains(" --> <argument 5>:1:1\n"), "{text}");
    assert!(text.contains("^^^ no legal move matches"), "{text}");
    // The position the legal moves reached, last.
    assert!(
        text.ends_with("\nrnbq1bnr/ppppkppp/8/4p3/4P3/8/PPPPKPPP/RNBQ1BNR w - - 2 3\n"),
        "{text}"
    );
    // A batch case: its move, then the FEN after it.
    let output = jaque_with_input(
        &["san", "--batch", "-"],
        b"8/8/8/8/8/8/8/K6k w - - 0 1\tKb1\n",
    );
    assert_eq!(
        stdout(&output),
        "1. Kb1  (a1b1)\n8/8/8/8/8/8/8/1K5k b - - 1 1\n"
    );
}

/// The keys of a JSON object, in order.
fn keys(object: &serde_json::Value) -> Vec<&str> {
    object
        .as_object()
        .map_or_else(Vec::new, |o| o.keys().map(String::as_str).collect())
}

fn check_json(args: &[&str]) -> (Option<i32>, Vec<serde_json::Value>) {
    let mut all = vec!["check", "--json"];
    all.extend_from_slice(args);
    let output = jaque(&all);
    (output.status.code(), json_lines(&output))
}

#[test]
fn check_json_follows_the_contract() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/pgn/generated.pgn");
    let (code, lines) = check_json(&[path]);
    assert_eq!(code, Some(1), "the file has errors");
    assert_eq!(lines.len(), 301, "300 games and the summary");
    let game = &lines[2];
    assert_eq!(
        keys(game),
        [
            "game",
            "file",
            "line",
            "tags",
            "plies",
            "final_fen",
            "status",
            "diagnostics"
        ]
    );
    assert_eq!(game["game"], 2);
    assert_eq!(game["file"], path);
    assert_eq!(game["tags"]["Event"], "jaque generated 2");
    let diagnostic = &game["diagnostics"][0];
    assert_eq!(
        keys(diagnostic),
        [
            "severity",
            "code",
            "message",
            "line",
            "column",
            "end_line",
            "end_column",
            "ply",
            "san",
            "suggestions"
        ]
    );
    assert_eq!(diagnostic["code"], "ambiguous_move");
    // An ambiguous move's candidates, each a guess for the whole token.
    let suggestions = diagnostic["suggestions"].as_array().unwrap();
    assert!(suggestions.len() >= 2);
    for suggestion in suggestions {
        assert_eq!(
            keys(suggestion),
            [
                "line",
                "column",
                "end_line",
                "end_column",
                "replacement",
                "applicability"
            ]
        );
        assert_eq!(suggestion["applicability"], "maybe_incorrect");
        assert_eq!(suggestion["line"], diagnostic["line"]);
        assert_eq!(suggestion["end_column"], diagnostic["end_column"]);
    }
    let summary = &lines[300]["summary"];
    let games: u64 = lines[..300]
        .iter()
        .map(|g| g["plies"].as_u64().unwrap())
        .sum();
    assert_eq!(summary["files"], 1);
    assert_eq!(summary["games"], 300);
    assert_eq!(summary["moves"], games);
    let count = |severity: &str| -> usize {
        lines[..300]
            .iter()
            .flat_map(|g| g["diagnostics"].as_array().unwrap())
            .filter(|d| d["severity"] == severity)
            .count()
    };
    assert_eq!(summary["errors"], count("error"));
    assert_eq!(summary["warnings"], count("warning"));
    // --strict: every warning is an error.
    let (_, strict) = check_json(&["--strict", path]);
    assert_eq!(
        strict[300]["summary"]["errors"],
        count("error") + count("warning")
    );
}

#[test]
fn check_reads_compressed_files_and_the_same_games_result() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/pgn/");
    let (gz_code, gz) = check_json(&[&format!("{dir}first20.pgn.gz")]);
    let (zst_code, zst) = check_json(&[&format!("{dir}first20.pgn.zst")]);
    assert_eq!((gz_code, zst_code), (Some(1), Some(1)));
    assert_eq!(gz.len(), 21);
    let plies = |lines: &[serde_json::Value]| -> Vec<u64> {
        lines[..20]
            .iter()
            .map(|g| g["plies"].as_u64().unwrap())
            .collect()
    };
    assert_eq!(
        plies(&gz),
        plies(&zst),
        "two zstd frames read as one stream"
    );
    // The same games as the uncompressed file's first 20.
    let (_, plain) = check_json(&[&format!("{dir}generated.pgn")]);
    assert_eq!(plies(&gz), plies(&plain));
}

#[test]
fn check_reads_standard_input_and_exit_codes_say_what_happened() {
    let output = jaque_with_input(&["check", "--json", "-"], b"1. e4 e5 2. Nf3 Nc6 *\n");
    assert_eq!(output.status.code(), Some(0));
    let lines = json_lines(&output);
    assert_eq!(lines[0]["file"], "<stdin>");
    assert_eq!(lines[0]["plies"], 4);
    assert_eq!(lines[0]["status"], "ongoing");
    // A file that cannot be read: exit 2, and the other files are still checked.
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/pgn/first20.pgn.gz");
    let output = jaque(&["check", "--json", "/nonexistent.pgn", path]);
    assert_eq!(output.status.code(), Some(2));
    let lines = json_lines(&output);
    assert_eq!(lines.last().unwrap()["summary"]["games"], 20);
    assert!(String::from_utf8_lossy(&output.stderr).contains("/nonexistent.pgn"));
}

/// Standard output and standard error on one pipe, as on a terminal: the error about a file
/// that cannot be read comes after everything about the files before it.
#[test]
fn check_reports_an_unreadable_file_between_the_output_of_the_files_around_it() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/pgn/");
    let file = format!("{dir}generated.pgn");
    let output = Command::new("sh")
        .arg("-c")
        .arg(r#""$0" check --json "$1" "$2" "$1" 2>&1"#)
        .args([
            env!("CARGO_BIN_EXE_jaque"),
            &file,
            &format!("{dir}missing.pgn"),
        ])
        .output()
        .expect("sh runs jaque");
    assert_eq!(output.status.code(), Some(2));
    let text = String::from_utf8_lossy(&output.stdout);
    let lines: Vec<&str> = text.lines().collect();
    let error = lines
        .iter()
        .position(|line| line.starts_with("error: cannot read"))
        .unwrap_or_else(|| panic!("no read error in {text}"));
    let games = |lines: &[&str]| lines.iter().filter(|l| l.starts_with("{\"game\"")).count();
    let (before, after) = (games(&lines[..error]), games(&lines[error + 1..]));
    assert!(before > 0, "{text}");
    assert_eq!(
        before, after,
        "the same file before and after the missing one"
    );
}

#[test]
fn check_output_is_the_same_with_one_thread_or_several() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/pgn/generated.pgn");
    let one = jaque(&["check", "--json", "--jobs", "1", path]);
    let four = jaque(&["check", "--json", "--jobs", "4", path]);
    assert_eq!(stdout(&one), stdout(&four));
}

/// The human diagnostics of the built-in sample, as a user sees them (minus the timing at
/// the end of the summary line).
#[test]
fn check_sample_human_output_is_golden() {
    let output = jaque(&["check", "--sample"]);
    assert_eq!(output.status.code(), Some(1), "the sample shows errors");
    let text = stdout(&output);
    let (body, summary) = text.trim_end().rsplit_once('\n').unwrap();
    // Mainline moves: 33 + 45 + 47 (three famous games, counted by python-chess), 6 and 16
    // before the illegal and the ambiguous move, 4, 7, 10 before the typo, 0 from the bad
    // FEN and 3 before the comment that never closes.
    let golden = include_str!("../golden/check_sample.txt");
    pretty_assertions::assert_eq!(body.trim_end(), golden.trim_end());
    assert!(
        summary.starts_with(
            "checked 1 file: 10 games, 171 moves (0 in variations); 5 errors, 5 warnings; "
        ),
        "{summary}"
    );
}

/// Runs jaque with `input` on standard input.
fn jaque_with_input(args: &[&str], input: &[u8]) -> Output {
    common::run_jaque(None, args, Some(input))
}

#[test]
fn fmt_rewrites_games_and_leaves_a_game_with_an_error_byte_for_byte() {
    // Latin-1 bytes in the game with the error: they come out as they went in.
    let broken: &[u8] = b"[Event \"caf\xe9\"]\n\n1.e4 e5 2.Ke3   Nc6 *";
    let mut input = b"[White \"Tal\"]\n1.e4 e5 2.Ng1f3 *\n\n".to_vec();
    input.extend_from_slice(broken);
    input.extend_from_slice(b"\n\n1. d4 d5 *\n");
    let output = jaque_with_input(&["fmt"], &input);
    assert_eq!(output.status.code(), Some(1), "an error in a game: exit 1");
    let mut expected = b"[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n\
        [White \"Tal\"]\n[Black \"?\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 *\n\n"
        .to_vec();
    expected.extend_from_slice(broken);
    expected.extend_from_slice(
        b"\n\n[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n\
          [White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n\n1. d4 d5 *\n",
    );
    assert_eq!(
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&expected)
    );
    assert_eq!(output.stdout, expected);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("<stdin>:4: game 2 has an error") && stderr.contains("illegal_move"),
        "{stderr}"
    );
    // Formatting the output again changes nothing; `--check` agrees.
    let again = jaque_with_input(&["fmt"], &output.stdout);
    assert_eq!(again.stdout, output.stdout);
    let check = jaque_with_input(&["fmt", "--check"], &output.stdout);
    assert_eq!(check.status.code(), Some(1), "the game with the error");
    assert_eq!(stdout(&check), "");
    // `--check` writes nothing: its warning does not say the game was written.
    let stderr = String::from_utf8_lossy(&check.stderr);
    let warned = stderr.lines().next().unwrap_or_default();
    assert!(warned.contains("illegal_move") && warned.contains("cannot be formatted"));
    assert!(!warned.contains("written"), "{warned}");
    let clean = jaque_with_input(&["fmt", "--check"], b"1.e4 *");
    assert_eq!(clean.status.code(), Some(1));
    assert_eq!(stdout(&clean), "would reformat <stdin>\n");
    let formatted = jaque_with_input(&["fmt"], b"1.e4 *");
    assert_eq!(formatted.status.code(), Some(0));
    let check = jaque_with_input(&["fmt", "--check"], &formatted.stdout);
    assert_eq!(check.status.code(), Some(0));
}

#[test]
fn play_reads_moves_and_commands_from_a_pipe() {
    // Expected positions and legal moves: python-chess 1.11.2.
    let script = "e2e4 e7e5 g1f3\nfen\nNc6 3. Bb5 a6 Bxc6\nfen\nundo\nBa4\nmoves\nNe7\nKe2\n\
                  pgn\nquit\ne4\n";
    let output = jaque_with_input(&["play"], script.as_bytes());
    assert_eq!(
        output.status.code(),
        Some(0),
        "two moves were refused, and the session ended as it should"
    );
    let text = stdout(&output);
    let after = |command: &str| -> &str {
        let at = text.find(&format!("> {command}\n")).expect(command) + command.len() + 3;
        text[at..].lines().next().unwrap_or_default()
    };
    assert_eq!(
        after("fen"),
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"
    );
    assert!(
        text.contains("> fen\nr1bqkbnr/1ppp1ppp/p1B5/4p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 0 4\n")
    );
    assert_eq!(
        after("moves"),
        "32 legal moves: Ba3 Bb4 Bc5 Bd6 Be7 Ke7 Na5 Na7 Nb4 Nb8 Nce7 Nd4 Nf6 Nge7 Nh6 Qe7 \
         Qf6 Qg5 Qh4 Ra7 Rb8 a5 b5 b6 d5 d6 f5 f6 g5 g6 h5 h6"
    );
    assert_eq!(after("Ba4"), "4. Ba4 (b5a4)");
    assert!(after("Ne7").starts_with("error[ambiguous_move]"), "{text}");
    assert!(text.contains("Nce7 and Nge7"), "{text}");
    assert!(after("Ke2").starts_with("error[illegal_move]"), "{text}");
    assert!(
        text.contains("\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 *\n"),
        "{text}"
    );
    assert!(!text.contains("> e4"), "nothing is read after quit");
    // The board after undo: the bishop back on b5, black to move.
    let board = text.split("> undo\n").nth(1).unwrap_or_default();
    assert!(
        board.starts_with("  8  ♜ · ♝ ♛ ♚ ♝ ♞ ♜\n  7  · ♟ ♟ ♟ · ♟ ♟ ♟\n  6  ♟ · ♞ · · · · ·\n  5  · ♗ · · ♟ · · ·\n"),
        "{board}"
    );
    assert!(
        board.contains("     a b c d e f g h\nBlack to move\n"),
        "{board}"
    );
}

#[test]
fn play_says_when_the_game_is_over_and_flips_the_board() {
    let output = jaque_with_input(&["play"], b"f3 e5 g4 Qh4\ne4\nflip\npgn\n");
    assert_eq!(
        output.status.code(),
        Some(0),
        "the end of input ends the session"
    );
    let text = stdout(&output);
    assert!(text.contains("2... Qh4# (d8h4)\n"), "{text}");
    assert!(
        text.contains("Game over: checkmate, Black wins\n"),
        "{text}"
    );
    assert!(
        text.contains("error[illegal_move]: the game is over"),
        "{text}"
    );
    // Flipped: rank 1 on top, the h-file on the left.
    assert!(
        text.contains("> flip\n  1  ♖ ♘ ♗ ♔ ♕ ♗ ♘ ♖\n  2  ♙ · · ♙ ♙ ♙ ♙ ♙\n"),
        "{text}"
    );
    assert!(text.contains("     h g f e d c b a\n"), "{text}");
    assert!(text.contains("[Result \"0-1\"]"), "{text}");
    assert!(text.contains("\n1. f3 e5 2. g4 Qh4# 0-1\n"), "{text}");
    // From a FEN, clean input: exit 0.
    let output = jaque_with_input(
        &["play", "--fen", "4k3/8/8/8/8/8/8/4K2R w K - 0 1"],
        b"O-O\nfen\n",
    );
    assert_eq!(output.status.code(), Some(0));
    assert!(stdout(&output).contains("> fen\n4k3/8/8/8/8/8/8/5RK1 b - - 1 1\n"));
}

#[test]
fn play_warns_as_check_does() {
    // `Bc6` takes the knight (python-chess 1.11.2: `is_capture`, SAN `Bxc6`): `check` warns.
    let moves = "e4 e5 Nf3 Nc6 Bb5 a6 Bc6";
    let checked = jaque_with_input(&["check", "--json", "-"], format!("{moves} *\n").as_bytes());
    let game = &json_lines(&checked)[0];
    let warning = &game["diagnostics"][0];
    assert_eq!(warning["code"], "capture_annotation");
    let message = warning["message"].as_str().expect("a message");
    let output = jaque_with_input(&["play"], format!("{moves}\nfen\nquit\n").as_bytes());
    assert_eq!(output.status.code(), Some(0));
    let text = stdout(&output);
    assert!(
        text.contains(&format!("warning[capture_annotation]: {message}\n")),
        "{message:?} in {text}"
    );
    assert!(text.contains("= help: write Bxc6"), "{text}");
    assert!(
        text.contains("4. Bxc6 (b5c6)"),
        "the move is played: {text}"
    );
}
