//! The PGN reader and checker on inputs made here: structure, robustness, accounting.
//! Expected values are facts of the inputs as written (which game, which line, which ply);
//! the positions come from python-chess-generated data in `tests/data/pgn/`.

use crate::common;

use jaque::pgn::{Checker, GameReport, Options, RawGame, Splitter, check_game};
use jaque::{Code, Position, Severity};
use pretty_assertions::assert_eq;

fn games(text: &[u8]) -> Vec<RawGame> {
    Splitter::new(text)
        .collect::<Result<_, _>>()
        .expect("in-memory input cannot fail")
}

/// The reports of `text`'s games, without the export-format lints of the tag section
/// (`missing_tag`, `tag_format`, `duplicate_tag`: `tests/library/tags.rs`): these tests write short
/// tag sections on purpose, and look at the moves and the structure.
fn reports(text: &[u8]) -> Vec<GameReport> {
    let lints = common::without_tag_lints();
    games(text)
        .iter()
        .map(|g| {
            let mut report = check_game(g, &Options::default());
            report.apply(&lints);
            report
        })
        .collect()
}

/// The vendored PGN files `names` (in `tests/data/pgn`), read whole.
fn vendored_pgn(names: &[&str]) -> Vec<Vec<u8>> {
    names
        .iter()
        .map(|name| {
            let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("tests/data/pgn")
                .join(name);
            std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        })
        .collect()
}

fn codes(report: &GameReport) -> Vec<(Code, usize, Option<usize>)> {
    report
        .diagnostics
        .iter()
        .map(|d| (d.diagnostic.code, d.line, d.ply))
        .collect()
}

const TWO_GAMES: &str = "[Event \"one\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n\
                         [Event \"two\"]\n[Result \"*\"]\n\n1. d4 d5 *\n";

#[test]
fn games_are_cut_at_markers_and_tag_sections_with_their_lines() {
    let games = games(TWO_GAMES.as_bytes());
    assert_eq!(games.len(), 2);
    assert_eq!((games[0].index, games[0].line), (0, 1));
    assert_eq!((games[1].index, games[1].line), (1, 6));
    let reports = reports(TWO_GAMES.as_bytes());
    assert_eq!(reports[0].plies, 7);
    assert!(
        reports[0].diagnostics.is_empty(),
        "{:?}",
        reports[0].diagnostics
    );
    assert_eq!(reports[0].status, Some(jaque::Status::Checkmate));
    assert_eq!(reports[1].plies, 2);
    assert_eq!(reports[1].tag("Event"), Some("two"));
}

#[test]
fn bom_crlf_and_missing_blank_lines_are_tolerated() {
    let text = "\u{feff}[Event \"a\"]\r\n1. e4 e5 1-0\r\n[Event \"b\"]\r\n1. d4 d5 0-1";
    let reports = reports(text.as_bytes());
    assert_eq!(reports.len(), 2);
    assert_eq!(reports[0].offset, 3, "the BOM is skipped, not lost");
    assert!(reports.iter().all(|r| r.plies == 2));
    assert!(
        reports.iter().all(|r| r.diagnostics.is_empty()),
        "{:?}",
        reports[0].diagnostics
    );
    // Games without a marker end where the next tag section starts.
    let reports = self::reports(b"[Event \"a\"]\n\n1. e4 e5\n[Event \"b\"]\n\n1. d4 *\n");
    assert_eq!(reports.len(), 2);
    assert_eq!(codes(&reports[0]), vec![(Code::ResultMismatch, 3, None)]);
}

#[test]
fn latin1_is_read_with_a_warning() {
    let text = b"[White \"M\xfcller\"]\n\n1. e4 *\n";
    let report = &reports(text)[0];
    assert_eq!(report.tag("White"), Some("Müller"));
    assert_eq!(report.plies, 1);
    assert_eq!(codes(report), vec![(Code::NonstandardNotation, 1, None)]);
    assert_eq!(report.diagnostics[0].column, 10);
}

#[test]
fn tags_keep_escapes_and_header_only_games_count() {
    let text = "[Event \"say \\\"hi\\\" \\\\ bye\"]\n\n[Event \"x\"]\n[Site \"y\"]\n\n[Event \"z\"]\n\n1. e4 *\n";
    let reports = reports(text.as_bytes());
    assert_eq!(reports.len(), 3);
    assert_eq!(reports[0].tag("Event"), Some("say \"hi\" \\ bye"));
    assert_eq!(reports[1].tag("Site"), Some("y"));
    // An empty line inside a tag section (as ChessBase writes) does not split the game;
    // only an `Event` tag after it starts the next one.
    let reports = self::reports(b"[Event \"a\"]\n\n[Date \"b\"]\n\n1. e4 *\n");
    assert_eq!(reports.len(), 1);
    assert_eq!(reports[0].tag("Date"), Some("b"));
}

#[test]
fn variations_are_checked_from_their_own_branch_position() {
    // 2... Nc6 replaced by 2... d6 (legal there) and 2... Nf3 (illegal for black there).
    let text = b"1. e4 e5 2. Nf3 Nc6 (2... d6 3. d4) (2... Nf3) 3. Bb5 (3. Bc4 Bc5 (3... Nf6)) *";
    let report = &reports(text)[0];
    assert_eq!(report.plies, 5);
    assert_eq!(report.moves, 5 + 2 + 2 + 1);
    assert_eq!(
        report
            .diagnostics
            .iter()
            .map(|d| (d.diagnostic.code, d.ply, d.san.as_deref()))
            .collect::<Vec<_>>(),
        vec![(Code::IllegalMove, Some(4), Some("Nf3"))]
    );
    assert_eq!(
        report.final_position.map(|p| p.fen()).as_deref(),
        Some("r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3")
    );
}

#[test]
fn after_an_error_the_line_is_skipped_and_the_next_game_read() {
    let text = b"1. e4 e5 2. Ke3 Nc6 3. Bb5 *\n\n1. d4 d5 *\n";
    let reports = reports(text);
    assert_eq!(reports.len(), 2);
    assert_eq!(reports[0].plies, 2);
    assert_eq!(codes(&reports[0]), vec![(Code::IllegalMove, 1, Some(3))]);
    assert_eq!(reports[0].diagnostics[0].san.as_deref(), Some("Ke3"));
    assert_eq!(reports[1].plies, 2);
    assert!(reports[1].diagnostics.is_empty());
    // A variation replacing the bad move is still checked.
    let report = &self::reports(b"1. e4 e5 2. Ke3 (2. Ke2 Nc6) *")[0];
    assert_eq!(report.plies, 2);
    assert_eq!(report.moves, 2 + 2);
}

#[test]
fn an_unterminated_comment_does_not_swallow_the_next_game() {
    let text = b"[Event \"a\"]\n\n1. e4 {never closed e5 *\n\n[Event \"b\"]\n\n1. d4 d5 *\n";
    let reports = reports(text);
    assert_eq!(reports.len(), 2);
    assert_eq!(codes(&reports[0])[0], (Code::Unterminated, 3, None));
    assert_eq!(reports[1].tag("Event"), Some("b"));
    assert_eq!(reports[1].plies, 2);
}

#[test]
fn unclosed_and_unmatched_parentheses_are_reported() {
    let report = &reports(b"1. e4 (1. d4 d5 2. c4 *")[0];
    assert_eq!(
        codes(report),
        vec![(Code::Unterminated, 1, None), (Code::Syntax, 1, None)]
    );
    assert_eq!(report.diagnostics[0].column, 7);
    // The marker in the variation that never closes: the variation was to close before it.
    let fix = &report.diagnostics[1].diagnostic.suggestions[0];
    assert_eq!((fix.span.start, fix.replacement.as_str()), (22, ") "));
    let report = &reports(b"1. e4 ) e5 *")[0];
    assert_eq!(codes(report), vec![(Code::Syntax, 1, None)]);
    assert_eq!(report.plies, 2);
}

#[test]
fn nesting_far_deeper_than_any_stack_is_bounded_not_recursed() {
    let mut text = b"1. e4 ".to_vec();
    for _ in 0..200_000 {
        text.extend_from_slice(b"(1. d4 ");
    }
    for _ in 0..200_000 {
        text.extend_from_slice(b") ");
    }
    text.extend_from_slice(b"e5 *");
    let report = &reports(&text)[0];
    assert_eq!(report.plies, 2);
    assert_eq!(
        report
            .diagnostics
            .iter()
            .map(|d| d.diagnostic.code)
            .collect::<Vec<_>>(),
        vec![Code::Syntax],
        "one report for the part too deep to check"
    );
    assert_eq!(report.moves, 2 + jaque::pgn::MAX_VARIATION_DEPTH);
}

#[test]
fn an_oversized_game_is_cut_and_the_rest_accounted_for() {
    let mut text = b"[Event \"big\"]\n\n1. e4 e5 {".to_vec();
    text.extend(std::iter::repeat_n(b'x', 10_000));
    text.extend_from_slice(b"} 2. Nf3 *\n\n[Event \"next\"]\n\n1. d4 *\n");
    let games: Vec<RawGame> = Splitter::with_limit(&text[..], 1000)
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(games.len(), 2);
    let total: u64 = games.iter().map(|g| g.bytes.len() as u64 + g.skipped).sum();
    assert_eq!(
        total + 1,
        text.len() as u64,
        "every byte is in a game (the blank lines after a game are its) but the last line end"
    );
    assert_eq!(games[0].bytes.len(), 1000);
    let report = check_game(&games[0], &Options::default());
    assert_eq!(report.skipped_bytes, games[0].skipped);
    assert!(report.diagnostics.iter().any(
        |d| d.diagnostic.code == Code::Syntax && d.diagnostic.message.contains("were not read")
    ));
    assert_eq!(check_game(&games[1], &Options::default()).plies, 1);
}

#[test]
fn fen_games_and_bad_fens() {
    let text =
        b"[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 30\"]\n\n30... Kd7 31. e4 *\n\n\
                 [FEN \"4k3/8/8/8/8/8/8/4K3 w - - 0\"]\n\n1. Kd2 *\n\n\
                 [FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n\n1. Kd2 *\n";
    let reports = reports(text);
    assert_eq!(reports.len(), 3);
    assert_eq!(reports[0].plies, 2);
    assert!(
        reports[0].diagnostics.is_empty(),
        "{:?}",
        reports[0].diagnostics
    );
    assert_eq!(reports[0].move_label(1).as_deref(), Some("30..."));
    assert_eq!(reports[1].plies, 1, "a FEN with five fields is accepted");
    // One error: the moves not checked are said in its help, not in an error of their own.
    assert_eq!(codes(&reports[2]), [(Code::BadFen, 10, None)]);
    assert!(reports[2].final_position.is_none());
    let help = reports[2].diagnostics[0].diagnostic.help.as_deref();
    assert_eq!(
        help,
        Some("the game's 1 move is not checked: it has no start position")
    );
}

#[test]
fn move_numbers_are_checked_once_per_line() {
    // A FEN at move 8 whose movetext counts from 1: one warning, then the file's own count.
    let text = b"[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 8\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 *";
    let report = &reports(text)[0];
    assert_eq!(codes(report), vec![(Code::NonstandardNotation, 3, Some(1))]);
}

/// A checker reuses its buffers from game to game: every report is the one a fresh check
/// gives (nothing of one game leaks into the next), over the vendored games and after a game
/// too large for its buffer to be kept.
#[test]
fn a_checker_reports_every_game_as_a_fresh_check_does() {
    let mut inputs = vendored_pgn(&["generated.pgn", "repetition.pgn", "fmt_input.pgn"]);
    let mut huge = b"1. e4 ".to_vec();
    huge.extend(b"{} $1 ".repeat(40_000));
    huge.extend(b"e5 *\n\n");
    huge.extend(TWO_GAMES.as_bytes());
    inputs.push(huge);
    let mut checker = Checker::new(Options::default());
    let mut checked = 0;
    for input in &inputs {
        for game in games(input) {
            let reused = checker.check(&game);
            let fresh = check_game(&game, &Options::default());
            assert_eq!(
                format!("{reused:?}"),
                format!("{fresh:?}"),
                "game {}",
                game.index
            );
            checked += 1;
        }
    }
    assert!(checked > 600, "{checked}");
}

/// Each game's line is one more than the line feeds before its first byte in the input,
/// however the input is read (the splitter counts them as it reads them, on every path).
#[test]
fn every_game_starts_on_the_line_its_offset_is_on() {
    let mut inputs = vendored_pgn(&["generated.pgn", "fmt_input.pgn", "repetition.pgn"]);
    inputs.push(
        format!(
            "\u{feff}\r\n\n{TWO_GAMES}\n{{a\nb}} 1. e4 *\n;c\n%d\n[Event \"x\"]\n\n\n1-0\n\
             [Event \"x\"]\n[Site \"a \\\"q\\\" b\"]\n[Round \"1\"]\n\n1. e4 *\n\n[Event \"y\"]\n\n*"
        )
        .into_bytes(),
    );
    for input in &inputs {
        for capacity in [1, 7, 64, 1 << 16] {
            let reader = std::io::BufReader::with_capacity(capacity, &input[..]);
            for game in Splitter::new(reader) {
                let game = game.expect("in-memory input cannot fail");
                let before = &input[..game.offset as usize];
                let line = 1 + before.iter().filter(|&&b| b == b'\n').count();
                assert_eq!(
                    game.line, line,
                    "game {} at capacity {capacity}",
                    game.index
                );
            }
        }
    }
}

/// A splitter that is handed each game's buffer back cuts the same games, byte for byte,
/// whatever the read chunk size (a recycled buffer holds nothing of the game before), and
/// whether buffers come back one at a time or several at once, as `jaque check` hands back
/// a checked batch.
#[test]
fn recycled_buffers_cut_the_same_games() {
    let mut inputs = vendored_pgn(&["generated.pgn", "fmt_input.pgn"]);
    // Blank-only stretches between games, and a long game before short ones.
    inputs.push(
        format!(
            "\n\n\n{TWO_GAMES}\n\n   \n{}",
            "1. e4 e5 ".repeat(500) + "*\n\n1. d4 *"
        )
        .into_bytes(),
    );
    for input in &inputs {
        let whole = games(input);
        for capacity in [3, 64, 1 << 16] {
            let mut splitter =
                Splitter::new(std::io::BufReader::with_capacity(capacity, &input[..]));
            let mut recycled = Vec::new();
            while let Some(game) = splitter.next() {
                let game = game.expect("in-memory input cannot fail");
                recycled.push(game.clone());
                splitter.recycle(game);
            }
            assert!(recycled == whole, "capacity {capacity}");
            // Seven games out at a time, handed back together, the last first.
            let mut splitter =
                Splitter::new(std::io::BufReader::with_capacity(capacity, &input[..]));
            let (mut cut, mut out) = (Vec::new(), Vec::new());
            while let Some(game) = splitter.next() {
                let game = game.expect("in-memory input cannot fail");
                cut.push(game.clone());
                out.push(game);
                if out.len() == 7 {
                    out.drain(..).rev().for_each(|game| splitter.recycle(game));
                }
            }
            assert!(cut == whole, "capacity {capacity}, in batches");
        }
    }
}

#[test]
fn a_tag_pair_after_movetext_starts_the_next_game_wherever_it_is() {
    // The marker is missing: the tag pair is the next game's first, as `cat` of two files
    // makes it when the first lacks its last line end.
    let text = b"[Event \"a\"]\n[Site \"b\"]\n\n1. e4 e5[Event \"c\"]\n\n1. d4 *";
    let reports = reports(text);
    assert_eq!(reports.len(), 2);
    assert_eq!(codes(&reports[0]), vec![(Code::ResultMismatch, 4, None)]);
    assert_eq!((reports[0].plies, reports[1].line), (2, 4));
    assert_eq!((reports[1].tag("Event"), reports[1].plies), (Some("c"), 1));
    // A line that starts with `[` but is no tag pair is no game's start.
    let report = &self::reports(b"[Event \"a\"]\n\n1. e4\n[%clk 0:01:00]\ne5 *")[0];
    assert_eq!(report.plies, 2);
    // Tags before the movetext only: nothing to say.
    assert_eq!(
        codes(&self::reports(b"[Event \"a\"]\n\n1. e4 e5 *")[0]),
        vec![]
    );
}

#[test]
fn results_are_checked_against_the_final_position() {
    let mate = "1. f3 e5 2. g4 Qh4#";
    let case = |result: &str| {
        let text = format!("[Result \"{result}\"]\n\n{mate} {result}\n");
        codes(&reports(text.as_bytes())[0])
    };
    assert_eq!(case("0-1"), vec![]);
    assert_eq!(case("1-0"), vec![(Code::ResultMismatch, 3, None)]);
    assert_eq!(case("1/2-1/2"), vec![(Code::ResultMismatch, 3, None)]);
    // Tag and marker disagree.
    let report = &reports(b"[Result \"1-0\"]\n\n1. e4 0-1\n")[0];
    assert_eq!(codes(report), vec![(Code::ResultMismatch, 3, None)]);
    // Stalemate scored as a win.
    let text = b"[FEN \"k7/8/8/1Q6/8/8/8/7K w - - 0 1\"]\n[Result \"1-0\"]\n\n1. Kg2 *\n\n\
                 [FEN \"k7/8/8/2Q5/8/8/8/7K w - - 0 1\"]\n[Result \"1-0\"]\n\n1. Qb6 1-0\n";
    let reports = reports(text);
    assert_eq!(codes(&reports[0]), vec![(Code::ResultMismatch, 4, None)]);
    assert_eq!(reports[1].status, Some(jaque::Status::Stalemate));
    assert_eq!(codes(&reports[1]), vec![(Code::ResultMismatch, 9, None)]);
}

#[test]
fn null_moves_are_played_with_a_warning_but_not_out_of_check() {
    let report = &reports(b"1. e4 -- 2. d4 Z0 3. Nf3 *")[0];
    assert_eq!(report.plies, 5);
    assert_eq!(report.diagnostics.len(), 2);
    let report = &reports(b"1. e4 f6 2. Qh5+ -- *")[0];
    assert_eq!(codes(report), vec![(Code::IllegalMove, 1, Some(4))]);
}

#[test]
fn no_position_repeats_across_a_null_move() {
    // The start position after plies 0, 4, 8, 10 (the two null moves) and 14: five times
    // counted across the null moves, but only the last four plies (twice) after them.
    let text = b"1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. -- -- \
                 6. Nf3 Nf6 7. Ng1 Ng8 *";
    let report = &reports(text)[0];
    assert_eq!(report.plies, 14);
    assert_eq!(report.status, Some(jaque::Status::Ongoing));
    // Without the null moves, the same moves repeat the start position five times.
    let text = b"1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 6. Ng1 Ng8 \
                 7. Nf3 Nf6 8. Ng1 Ng8 *";
    let report = &reports(text)[0];
    assert_eq!(report.status, Some(jaque::Status::FivefoldRepetition));
}

#[test]
fn junk_never_panics_and_every_game_is_counted() {
    // Bytes of every kind, including every delimiter, in a seeded stream.
    let mut rng = common::XorShift(0x9e3779b97f4a7c15);
    let alphabet = b"[]{}();%$\"\\\n\r\t .0123456789abcdefghKQRBNOxX=+#!?-/*e4Nf3\xff\xc3";
    let junk: Vec<u8> = (0..200_000)
        .map(|_| alphabet[rng.below(alphabet.len())])
        .collect();
    let games = games(&junk);
    let total: u64 = games.iter().map(|g| g.bytes.len() as u64 + g.skipped).sum();
    let blank = junk.iter().filter(|b| b.is_ascii_whitespace()).count() as u64;
    assert!(total <= junk.len() as u64 && total + blank >= junk.len() as u64);
    for game in &games {
        let report = check_game(game, &Options::default());
        assert!(
            report
                .diagnostics
                .iter()
                .all(|d| d.diagnostic.span.end <= report.text.len())
        );
        assert!(report.diagnostics.len() <= jaque::pgn::MAX_DIAGNOSTICS_PER_GAME);
        let counted = report.count(Severity::Error) + report.count(Severity::Warning);
        assert_eq!(counted, report.diagnostics.len() + report.more_diagnostics);
    }
}

#[test]
fn a_move_cut_off_at_the_end_of_the_input_is_reported_inside_it() {
    let report = &reports(b"1. e4 e5 2. Nf")[0];
    let d = &report.diagnostics[0];
    assert_eq!(
        (d.diagnostic.code, d.ply, d.column),
        (Code::Syntax, Some(3), 15)
    ); // where the rank should be
    assert!(d.diagnostic.span.end <= report.text.len());
}

#[test]
fn the_start_position_is_the_default() {
    let report = &reports(b"*")[0];
    assert_eq!(report.final_position, Some(Position::starting()));
    assert_eq!(report.plies, 0);
}

#[test]
fn a_nested_comment_gets_a_help_line() {
    let report = &reports(b"1. e4 { a { nested } comment } e5 *")[0];
    let stray = report
        .diagnostics
        .iter()
        .find(|d| d.column == 30)
        .expect("the second `}`");
    assert_eq!(stray.diagnostic.code, Code::Syntax);
    assert!(
        stray
            .diagnostic
            .help
            .as_deref()
            .is_some_and(|h| h.contains("do not nest")),
        "{stray:?}"
    );
    // A stray `}` with no comment before it is not about nesting.
    let report = &reports(b"1. e4 { plain } e5 } *")[0];
    assert!(
        report
            .diagnostics
            .iter()
            .all(|d| d.diagnostic.help.is_none())
    );
}

/// The splitter reads most movetext eight bytes at a time, one byte at a time where fewer are
/// left: random games of symbols, markers, comments, tags and blanks, read one byte per chunk
/// (every run too short for a word) and whole, must be cut alike, wherever a marker or a
/// special byte falls relative to an eight-byte word, and wherever a chunk ends in what the
/// splitter looks ahead at (a tag name after a blank line, a `[` in a comment).
#[test]
fn word_at_a_time_splitting_agrees_with_byte_at_a_time_splitting() {
    let pieces = [
        "e4",
        "Nf3",
        "O-O",
        "0-0",
        "1.",
        "12...",
        "1-0",
        "0-1",
        "1/2-1/2",
        "*",
        " ",
        "  ",
        "\n",
        "\r\n",
        "\t",
        "{a 1-0 comment}",
        "{x\n[a}",
        "{x\n[B",
        "(",
        ")",
        "$1",
        "!?",
        ";x\n",
        "; 0-1 *\n",
        "[Event \"a\"]\n",
        "[Date \"b\"] \r\n",
        "[Site \"\\\"x]\"]\n",
        "Bxe5+",
        "exd8=Q#",
        "Y",
        "y_",
        "10.",
        "%e\n",
        "\n\n",
        "{ [%clk 0:03:00] }",
        "{a\n b}",
        "\n e5",
        "O-O-O+",
    ];
    let mut rng = common::XorShift(0x2545_f491_4f6c_dd1d);
    for round in 0..2_000 {
        let text: String = (0..40).map(|_| *rng.pick(&pieces)).collect();
        let input = text.as_bytes();
        let whole = games(input);
        let bytewise: Vec<RawGame> = Splitter::new(std::io::BufReader::with_capacity(1, input))
            .collect::<Result<_, _>>()
            .expect("in-memory input cannot fail");
        assert!(bytewise == whole, "round {round}: {text:?}");
        assert!(!whole.is_empty());
    }
}

/// The splitter reads whatever chunks the reader hands it: a marker, a tag line or a comment
/// cut anywhere between two chunks must give the same games as the whole input at once.
#[test]
fn games_are_the_same_whatever_the_read_chunk_size() {
    let mut inputs = vendored_pgn(&["generated.pgn", "fmt_input.pgn"]);
    inputs.push(TWO_GAMES.as_bytes().to_vec());
    // Markers at the very end, a lone `*`, `1/2-1/2` after a long symbol, a comment holding
    // a marker, a marker inside a variation.
    inputs.push(
        b"1. e4 *\n1. d4 1/2-1/2\n1. c4 {1-0} c5 (1... e5 0-1) 2. Nc3 1-0\n1. Nf3 Nf6 0-1".to_vec(),
    );
    for input in &inputs {
        let whole = games(input);
        assert!(whole.len() > 1);
        for capacity in [1, 2, 3, 5, 7, 8, 64] {
            let reader = std::io::BufReader::with_capacity(capacity, &input[..]);
            let chunked: Vec<RawGame> = Splitter::new(reader)
                .collect::<Result<_, _>>()
                .expect("in-memory input cannot fail");
            assert_eq!(
                chunked.len(),
                whole.len(),
                "read {capacity} bytes at a time"
            );
            for (a, b) in chunked.iter().zip(&whole) {
                // One game at a time: a diff of every game of a file would drown the one
                // that differs.
                assert!(a == b, "read {capacity} bytes at a time: game {}", b.index);
            }
        }
    }
}

/// A comment before the tag section (a file's own header) is not a tag pair: the tags after
/// it are read as themselves, FEN and Result included.
#[test]
fn a_comment_before_the_tags_does_not_shift_them() {
    let text = b"{exported by a tool}\n[Event \"x\"]\n[FEN \"4k3/8/8/8/8/8/8/4K2R w K - 0 1\"]\n\
                 [Result \"1-0\"]\n\n1. O-O 0-1\n";
    let report = &reports(text)[0];
    assert_eq!(report.count(Severity::Error), 0, "{:?}", codes(report));
    let final_position = report.final_position.expect("played").fen();
    assert_eq!(final_position, "4k3/8/8/8/8/8/8/5RK1 b - - 1 1");
    assert!(
        codes(report)
            .iter()
            .any(|&(code, line, _)| (code, line) == (Code::ResultMismatch, 6))
    );
}

/// A repeated tag takes its last value, as python-chess's headers (a dict) do: the FEN the
/// moves are played from, and the Result the marker is compared with.
#[test]
fn a_repeated_tag_takes_its_last_value() {
    let text = b"[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n[FEN \"4k3/8/8/8/8/8/8/4K2R w K - 0 1\"]\n\
                 [Result \"0-1\"]\n[Result \"1-0\"]\n\n1. O-O 1-0\n";
    let report = &reports(text)[0];
    assert_eq!(codes(report), []);
    assert_eq!(report.plies, 1);
}

/// Binary input is told from the same first bytes however the reader gives them: in one
/// buffer, or four bytes a read (a pipe, a Python file object).
#[test]
fn binary_input_is_told_however_few_bytes_a_read_gives() {
    let mut binary = b"abcd".to_vec();
    binary.extend((0..4000u32).map(|i| (i.wrapping_mul(2_654_435_761) >> 24) as u8 % 9));
    let whole: Vec<_> = Splitter::new(&binary[..]).collect();
    let trickled = std::io::BufReader::with_capacity(4, &binary[..]);
    let trickled: Vec<_> = Splitter::new(trickled).collect();
    for games in [whole, trickled] {
        let error = games.into_iter().find_map(Result::err).expect("refused");
        assert!(error.to_string().contains("not text"), "{error}");
    }
}
