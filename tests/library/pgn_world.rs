//! PGN as the world writes it: one minimal file of our own for each way real files were
//! misread (issue 31), read as the standard and common practice say. Where a test names a
//! final position, it is python-chess 1.11.2's for the same game (`board.fen()`).

use jaque::pgn::{Checker, Fixer, GameDiagnostic, GameReport, Options, Splitter, line_starts};
use jaque::san::Lang;
use jaque::{Applicability, Code, Severity};

/// Every game of `bytes`, checked.
fn read(bytes: &[u8]) -> Vec<GameReport> {
    read_with(bytes, Options::default())
}

fn read_with(bytes: &[u8], options: Options) -> Vec<GameReport> {
    let mut checker = Checker::new(options);
    Splitter::new(bytes)
        .map(|game| checker.check(&game.expect("text")))
        .collect()
}

fn codes(report: &GameReport) -> Vec<&'static str> {
    report
        .diagnostics
        .iter()
        .map(|d| d.diagnostic.code.as_str())
        .collect()
}

fn messages<'a>(report: &'a GameReport) -> Vec<&'a str> {
    let message = |d: &'a GameDiagnostic| d.diagnostic.message.as_str();
    report.diagnostics.iter().map(message).collect()
}

fn errors(report: &GameReport) -> usize {
    report.count(Severity::Error)
}

fn final_fen(report: &GameReport) -> String {
    report.final_position.map(|p| p.fen()).unwrap_or_default()
}

/// Asserts that `report`'s game played `plies` plies without an error, to `fen`.
fn played_to(report: &GameReport, plies: usize, fen: &str) {
    assert_eq!((report.plies, errors(report)), (plies, 0));
    assert_eq!(final_fen(report), fen);
}

/// Case 1: move numbers without a period, which import format allows (PGN standard 8.2.2.2).
#[test]
fn move_numbers_without_a_period_are_read() {
    let games = read(b"1 d4 Nf6 2 c4 e6 *\n");
    assert_eq!(games.len(), 1);
    let fen = "rnbqkb1r/pppp1ppp/4pn2/8/2PP4/8/PP2PPPP/RNBQKBNR w KQkq - 0 3";
    played_to(&games[0], 4, fen);
    // One warning for the game, with a fix for each number.
    let d = &games[0].diagnostics[0].diagnostic;
    assert_eq!(
        (d.code, d.suggestions.len()),
        (Code::NonstandardNotation, 2)
    );
}

/// Case 2: a line in a comment that starts with `[` is comment text: braces end only at `}`.
#[test]
fn a_comment_runs_to_its_brace_whatever_its_lines_start_with() {
    let text = "[Event \"x\"]\n\n{\n[C54]\nIntro text\n[Event \"quoted\"]\n\n1. d4 *\n}\n\
                1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 *\n";
    let games = read(text.as_bytes());
    assert_eq!(games.len(), 1);
    let fen = "r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4";
    played_to(&games[0], 6, fen);
}

/// Case 2, the other way: a comment that never closes is taken to end at the first line in
/// it that starts with a tag pair, so one missing `}` does not swallow the games after it.
#[test]
fn a_comment_that_never_closes_ends_where_a_tag_pair_starts_a_line() {
    let text = "[Event \"a\"]\n\n1. e4 {oops, no brace\n[C54] is no tag pair\n\n\
                [Event \"b\"]\n\n1. d4 d5 *\n\n[Event \"c\"]\n\n1. c4 *\n";
    let games = read(text.as_bytes());
    assert_eq!(games.len(), 3);
    assert_eq!(codes(&games[0]), ["missing_tag", "unterminated"]);
    assert_eq!(
        (games[1].line, games[1].plies, errors(&games[1])),
        (6, 2, 0)
    );
    assert_eq!((games[2].tag("Event"), games[2].plies), (Some("c"), 1));
}

/// Case 3: a termination marker glued to the move before it ends the game.
#[test]
fn a_marker_glued_to_a_move_ends_the_game() {
    let games = read(b"1. e4 e5*\n\n1. d4 d5 2. c4 1-0\n");
    assert_eq!(games.len(), 2);
    assert_eq!((games[0].plies, errors(&games[0])), (2, 0));
    assert_eq!((games[1].plies, errors(&games[1])), (3, 0));
}

/// Case 4: two tag pairs on a line, a `;` comment between tags, a tag pair right after a
/// marker (`cat a.pgn b.pgn` without a last line end), mixed line ends: one game each.
#[test]
fn tag_sections_are_read_whole_however_they_are_laid_out() {
    let text = "[Event \"a\"] [Site \"s\"]\r\n; a comment between tags\n[Date \"2024.01.01\"]\r\r\
                1. e4 e5 1-0[Event \"b\"]\n[Site \"t\"]\r\n\r\n1. d4 0-1\n";
    let games = read(text.as_bytes());
    assert_eq!(games.len(), 2);
    let tags: Vec<Vec<&str>> = games
        .iter()
        .map(|g| g.tags.iter().map(|(name, _)| name).collect())
        .collect();
    assert_eq!(tags, [vec!["Event", "Site", "Date"], vec!["Event", "Site"]]);
    assert_eq!((games[0].plies, games[1].plies), (2, 1));
    assert_eq!((games[1].line, games[1].tag("Event")), (5, Some("b")));
}

/// Case 4: a game of tags alone ends at the blank line after it where the next section
/// starts: an `Event` tag, or a name the game has had (lichess writes sections without
/// `Event`); a blank line in a section that goes on (ChessBase writes one after the `Event`
/// tag) does not cut it.
#[test]
fn games_of_tags_alone_end_where_the_next_section_starts() {
    let text = "[Event \"a\"]\n[Site \"x\"]\n\n[Event \"b\"]\n\n[Date \"d\"]\n\n\
                [Event \"c\"]\n\n[Round \"1\"]\n[Result \"0-1\"]\n\n1. e4 *\n";
    let games = read(text.as_bytes());
    let lines: Vec<usize> = games.iter().map(|g| g.line).collect();
    assert_eq!(lines, [1, 4, 8]);
    assert_eq!(
        (games[1].tag("Date"), games[2].tag("Round")),
        (Some("d"), Some("1"))
    );
    assert_eq!(games[2].plies, 1);
    // A section without `Event` is a game of its own when the next one starts with it.
    let games = read(b"[Site \"a\"]\n[Round \"1\"]\n\n[Event \"b\"]\n[Site \"c\"]\n");
    let lines: Vec<usize> = games.iter().map(|g| g.line).collect();
    assert_eq!(lines, [1, 4]);
    let lichess = "[Round \"1.1\"]\n[White \"a\"]\n\n[Round \"1.2\"]\n[White \"b\"]\n";
    let games = read(lichess.as_bytes());
    let rounds: Vec<Option<&str>> = games.iter().map(|g| g.tag("Round")).collect();
    assert_eq!(rounds, [Some("1.1"), Some("1.2")]);
}

/// Case 4: fixing games of tags alone is done at once: a second fix changes nothing, and
/// every tag stays in its game.
#[test]
fn fixing_games_of_tags_alone_is_done_at_once() {
    // A file the old splitter cut at a repeated name, where a fix then added one.
    let text = "[Round \"x\"]\n[Round \"x\"]\n\n[Black \"x\"]\n[Date \"2024.01.01\"]\n\
                [Site \"x\"]\n[White \"x\"]\n\n[Site \"x\"]\n\n\n";
    let mut fixer = Fixer::default();
    let once = fixer.fix(text.as_bytes()).expect("text").output;
    let twice = fixer.fix(&once).expect("text").output;
    assert_eq!(
        String::from_utf8_lossy(&twice),
        String::from_utf8_lossy(&once)
    );
    let names = |bytes: &[u8]| -> Vec<Vec<String>> {
        read(bytes)
            .iter()
            .map(|g| g.tags.iter().map(|(name, _)| name.to_string()).collect())
            .collect()
    };
    let (before, after) = (names(text.as_bytes()), names(&once));
    assert_eq!(before.len(), after.len());
    for (b, a) in before.iter().zip(&after) {
        assert!(b.iter().all(|name| a.contains(name)), "{b:?} -> {a:?}");
    }
}

/// Case 5: UTF-16 with its byte-order mark, both byte orders.
#[test]
fn utf16_with_a_byte_order_mark_is_read() {
    let text = "[Event \"Café\"]\r\n\r\n1. e4 ♘f6 2. Kf3 *\r\n";
    for big_endian in [false, true] {
        let mut bytes = vec![0xFE, 0xFF];
        if !big_endian {
            bytes.reverse();
        }
        for unit in text.encode_utf16() {
            bytes.extend(match big_endian {
                true => unit.to_be_bytes(),
                false => unit.to_le_bytes(),
            });
        }
        let games = read(&bytes);
        assert_eq!(games.len(), 1);
        assert_eq!(games[0].tag("Event"), Some("Café"));
        let error = games[0]
            .diagnostics
            .iter()
            .find(|d| d.diagnostic.code == Code::IllegalMove);
        assert_eq!(error.map(|d| (d.line, d.column)), Some((3, 14)));
    }
}

/// Case 5: lone carriage returns end lines (old Mac files), alone or mixed with the others.
#[test]
fn lines_end_at_carriage_returns_too() {
    let text =
        "[Event \"a\"]\r[Site \"b\"]\r\r1. e4 e5\n2. Ke3 *\r\n\r\n[Event \"c\"]\r\r1. d4 Ke7 *\r";
    let games = read(text.as_bytes());
    assert_eq!(games.len(), 2);
    let illegal: Vec<(usize, usize)> = games
        .iter()
        .flat_map(|g| &g.diagnostics)
        .filter(|d| d.diagnostic.code == Code::IllegalMove)
        .map(|d| (d.line, d.column))
        .collect();
    assert_eq!(illegal, [(5, 4), (9, 7)]);
    assert_eq!(games[1].line, 7);
    // As an editor counts them.
    assert_eq!(line_starts(text.as_bytes()).count(), 9);
}

/// Case 6: a right move number after wrong ones is right, not "3, but this is move 3".
#[test]
fn a_right_move_number_is_never_said_to_be_wrong() {
    let games = read(b"1. e4 e5 3. Nf3 Nc6 3. Bb5 a6 4. Ba4 *\n");
    assert_eq!(messages(&games[0]), ["move number 3, but this is move 2"]);
}

/// Case 7: a game of tags alone without a marker is told so, with the marker to add.
#[test]
fn a_game_of_tags_alone_without_a_marker_is_reported() {
    let games = read(b"[Event \"a\"]\n[Result \"0-1\"]\n\n[Event \"b\"]\n\n1. e4 *\n");
    assert_eq!(games.len(), 2);
    let missing = games[0]
        .diagnostics
        .iter()
        .find(|d| d.diagnostic.code == Code::ResultMismatch)
        .expect("a diagnostic about the missing marker");
    let fix = &missing.diagnostic.suggestions[0];
    assert_eq!(
        (fix.replacement.as_str(), fix.applicability),
        ("\n\n0-1", Applicability::MachineApplicable)
    );
}

/// Case 8: a variant jaque does not play: a code of its own, once, the game counted.
#[test]
fn an_unsupported_variant_has_a_code_of_its_own() {
    let text = "[Variant \"Crazyhouse\"]\n\n1. e4 e5 2. Nf3 P@f6 *\n\n\
                [Variant \"Horde\"]\n\n1. e4 *\n";
    let games = read(text.as_bytes());
    assert_eq!(games.len(), 2);
    for game in &games {
        let unsupported = codes(game)
            .iter()
            .filter(|&&c| c == "unsupported_variant")
            .count();
        assert_eq!((unsupported, errors(game), game.plies), (1, 1, 0));
    }
    assert_eq!(games[0].unsupported_variant.as_deref(), Some("Crazyhouse"));
    assert_eq!(
        final_fen(&games[0]),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    );
    // Horde does not start from the standard position: none is said.
    assert_eq!(games[1].final_position, None);
}

/// Case 9: diagnostics beyond the per-game limit count at their own severity.
#[test]
fn hidden_warnings_count_as_warnings() {
    let text = format!("1. e4 {}*\n", "± ".repeat(1200));
    let games = read(text.as_bytes());
    assert!(games[0].more_diagnostics > 0);
    assert_eq!(games[0].count(Severity::Warning), 1200);
    assert_eq!(games[0].count(Severity::Error), 0);
}

/// Case 11: `1/2` for a draw: an error with its fix, and the game ends there.
#[test]
fn a_draw_written_one_half_is_fixed_and_ends_the_game() {
    let games = read(b"1. e4 e5 1/2\n\n1. d4 *\n");
    assert_eq!(games.len(), 2);
    let d = &games[0].diagnostics[0].diagnostic;
    assert_eq!(d.code, Code::Syntax);
    assert_eq!(d.suggestions[0].replacement, "1/2-1/2");
    assert_eq!(games[0].plies, 2);
}

/// Case 11: `e.p.` written apart from its capture is read as written together: a warning.
#[test]
fn an_en_passant_mark_apart_from_its_capture_is_a_warning() {
    let games = read(b"1. e4 d5 2. e5 f5 3. exf6 e.p. Nxf6 *\n");
    let fen = "rnbqkb1r/ppp1p1pp/5n2/3p4/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 4";
    played_to(&games[0], 6, fen);
}

/// Case 11: Unicode annotation glyphs are their NAGs, with a warning and a fix each.
#[test]
fn unicode_glyphs_are_read_as_their_nags() {
    let games = read("1. e4‼ e5 ⁉ 2. Nf3 ± 2… Nc6 *\n".as_bytes());
    assert_eq!((games[0].plies, errors(&games[0])), (4, 0));
    let fixes: Vec<&str> = games[0]
        .diagnostics
        .iter()
        .map(|d| d.diagnostic.suggestions[0].replacement.as_str())
        .collect();
    assert_eq!(fixes, [" $3", "$5", "$16", "..."]);
}

/// Case 11: a marker inside a variation is said to be one, not "variation never closes".
#[test]
fn a_marker_inside_a_variation_is_named_as_such() {
    let games = read(b"1. e4 (1. d4 d5 1-0) e5 2. Nf3 *\n");
    assert_eq!(games.len(), 1);
    assert_eq!(games[0].plies, 3);
    let messages = messages(&games[0]);
    assert_eq!(messages, ["a termination marker inside a variation"]);
}

/// Case 11: variations nested as deep as annotators nest them are checked.
#[test]
fn deeply_nested_variations_are_checked() {
    let depth = 300;
    let text = format!(
        "1. e4 e5 {} *",
        "(1... c5 ".repeat(depth) + &")".repeat(depth)
    );
    let games = read(text.as_bytes());
    assert_eq!(codes(&games[0]), Vec::<&str>::new());
    assert_eq!(games[0].moves, 2 + depth);
}

/// Case 11: a file in German may hold English letters too, as export SAN has them.
#[test]
fn english_letters_are_read_in_a_file_of_another_language() {
    let german = Options { lang: Lang::German };
    let text = b"1. e4 e5 2. Sf3 Nc6 3. Lb5 a6 4. Lxc6 dxc6 5. O-O Qd6 *\n";
    let games = read_with(text, german);
    assert_eq!((games[0].plies, errors(&games[0])), (10, 0));
}

/// Case 11: a run of one stray character is one error.
#[test]
fn a_run_of_stray_braces_is_one_error() {
    let text = format!("1. e4 {} e5 *\n", "}".repeat(100_000));
    let games = read(text.as_bytes());
    assert_eq!(games[0].diagnostics.len(), 1);
    assert_eq!(games[0].plies, 2);
}

/// Case 11: input that is no text is refused once, with the reason.
#[test]
fn input_that_is_no_text_is_refused_once() {
    let binary: Vec<u8> = (0..4096u32).map(|i| (i * 7 % 256) as u8).collect();
    let mut games = Splitter::new(&binary[..]);
    let error = games.next().expect("an answer").expect_err("no text");
    assert!(error.to_string().contains("NUL byte"), "{error}");
    assert!(games.next().is_none());
    let zstd = [0x28, 0xB5, 0x2F, 0xFD, 0x00, 0x58];
    let error = Splitter::new(&zstd[..]).next().unwrap().unwrap_err();
    assert!(error.to_string().contains("zstd"), "{error}");
}

/// From the real-world corpus: a FEN whose move number is 0 (puzzle collections write it)
/// counts from 1, as python-chess and Stockfish read it.
#[test]
fn a_fen_move_number_of_zero_counts_from_one() {
    let games = read(b"[FEN \"6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 0\"]\n\n1. Ra8# 1-0\n");
    assert_eq!(errors(&games[0]), 0);
    assert_eq!(final_fen(&games[0]), "R5k1/5ppp/8/8/8/8/8/6K1 b - - 1 1");
}

/// From the real-world corpus: ASCII evaluations (`+/=`, `=`) are their NAGs.
#[test]
fn ascii_evaluations_are_read_as_their_nags() {
    let text =
        b"1. d4 d5 2. c4 e6 3. Nc3 Nf6 4. Bg5 Be7 5. e3 O-O 6. Nf3 Nbd7 7. Rc1 c6 +/= 8. Bd3 = *";
    let games = read(text);
    let fen = "r1bq1rk1/pp1nbppp/2p1pn2/3p2B1/2PP4/2NBPN2/PP3PPP/2RQK2R b K - 1 8";
    played_to(&games[0], 15, fen);
}
