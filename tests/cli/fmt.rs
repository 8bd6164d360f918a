//! `jaque fmt` through the binary: a file keeps its line ends and its encoding (as `fix`
//! keeps them) or is converted whole as `--line-ending` and `--encoding` ask; a move number
//! stays on its move's line; comments are wrapped at their spaces, a brace never alone at a
//! line's start or end.
//!
//! Oracle: the games are written in export format but for their line breaks (the roster, SAN
//! as python-chess writes it, `{ ... }` comments), so their words are the words the
//! formatted text must have; lines of at most 79 characters are the PGN standard's export
//! format's (python-chess's exporter keeps the same limit).

use std::path::Path;
use std::process::Output;

use crate::common;

const ROSTER: &str = "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n\
                      [White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n";

/// Forty games, each on one long line, with a comment of 1 to 40 words after black's third
/// move: the line breaks fall at every place of the moves and the comment words.
fn games() -> Vec<String> {
    (1..=40)
        .map(|k| {
            let comment: Vec<String> = (0..k).map(|i| format!("w{i}")).collect();
            format!(
                "{ROSTER}\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 {{ {} }} 4. Ba4 Nf6 5. O-O Be7 6. Re1 \
                 b5 7. Bb3 d6 8. c3 O-O 9. h3 Nb8 10. d4 Nbd7 11. c4 c6 12. cxb5 axb5 13. Nc3 \
                 Bb7 14. Bg5 b4 15. Nb1 h6 *\n",
                comment.join(" ")
            )
        })
        .collect()
}

/// A game with an illegal move: left as it was.
const ILLEGAL: &str = "[Event \"x\"]\n\n1. e4 Ke7+ *\n";

fn jaque(dir: &Path, args: &[&str]) -> Output {
    common::run_jaque(Some(dir), args, None)
}

fn words(text: &str) -> Vec<&str> {
    text.split_whitespace().collect()
}

/// Every line end of `bytes` is `end`: no other kind anywhere.
fn only_line_ends(bytes: &[u8], end: &[u8]) -> bool {
    let lf = bytes.iter().filter(|&&b| b == b'\n').count();
    let cr = bytes.iter().filter(|&&b| b == b'\r').count();
    let pairs = bytes.windows(2).filter(|w| w == b"\r\n").count();
    match end {
        b"\r\n" => lf == pairs && cr == pairs,
        _ => cr == 0,
    }
}

#[test]
fn move_numbers_stay_with_their_moves_and_comments_wrap_inside_their_braces() {
    let dir = common::scratch("fmt_wrap");
    let input = games().join("\n");
    std::fs::write(dir.join("g.pgn"), &input).expect("writable");
    let out = jaque(&dir, &["fmt", "--stdout", "g.pgn"]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let text = String::from_utf8(out.stdout).expect("UTF-8");
    assert_eq!(words(&text), words(&input), "the words are kept");
    let mut wrapped_comments = 0;
    for line in text.lines() {
        assert!(line.chars().count() <= 79, "too long: {line:?}");
        assert!(!line.starts_with('}'), "a brace alone starts {line:?}");
        assert!(!line.ends_with('{'), "a brace alone ends {line:?}");
        let last = line.split_whitespace().next_back().unwrap_or_default();
        assert!(
            !last.ends_with('.'),
            "a move number without its move: {line:?}"
        );
        wrapped_comments += usize::from(line.contains('{') && !line.contains('}'));
    }
    assert!(wrapped_comments > 10, "long comments are wrapped inside");
}

#[test]
fn a_crlf_file_stays_crlf_even_around_a_game_left_as_it_was() {
    let dir = common::scratch("fmt_crlf");
    let mut input = games()[..3].join("\n");
    input.push('\n');
    input.push_str(ILLEGAL);
    let crlf = input.replace('\n', "\r\n");
    std::fs::write(dir.join("g.pgn"), &crlf).expect("writable");
    let out = jaque(&dir, &["fmt", "g.pgn"]);
    assert_eq!(out.status.code(), Some(1), "a game is left with its error");
    let written = std::fs::read(dir.join("g.pgn")).expect("readable");
    assert_ne!(written, crlf.as_bytes(), "the games are formatted");
    assert!(only_line_ends(&written, b"\r\n"), "mixed line ends");
    let written = String::from_utf8(written).expect("UTF-8");
    assert_eq!(words(&written), words(&input));
    assert!(
        written.ends_with(&ILLEGAL.replace('\n', "\r\n")),
        "left as it was"
    );

    // Converted whole: every line, the game left as it was included.
    let out = jaque(&dir, &["fmt", "--line-ending", "lf", "g.pgn"]);
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    let written = std::fs::read(dir.join("g.pgn")).expect("readable");
    assert!(only_line_ends(&written, b"\n"), "a carriage return is left");
    assert!(
        String::from_utf8(written)
            .expect("UTF-8")
            .ends_with(ILLEGAL)
    );
}

#[test]
fn a_latin1_file_stays_latin1_unless_converted() {
    let dir = common::scratch("fmt_latin1");
    let game = "[Event \"Zürich\"]\n[White \"Müller\"]\n\n1.e4 {schön} e5 *\n";
    let latin1: Vec<u8> = game.chars().map(|c| c as u8).collect();
    std::fs::write(dir.join("g.pgn"), &latin1).expect("writable");
    let out = jaque(&dir, &["fmt", "--stdout", "g.pgn"]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    assert!(std::str::from_utf8(&out.stdout).is_err(), "not UTF-8");
    let text: String = out.stdout.iter().map(|&b| char::from(b)).collect();
    assert!(text.contains("[Site \"?\"]"), "formatted: {text}");
    assert_eq!(
        words(&text)
            .into_iter()
            .filter(|w| !w.is_ascii())
            .collect::<Vec<_>>(),
        ["\"Zürich\"]", "\"Müller\"]", "schön"],
    );
    let out = jaque(&dir, &["fmt", "--stdout", "--encoding", "utf-8", "g.pgn"]);
    let text = String::from_utf8(out.stdout).expect("converted to UTF-8");
    assert!(
        text.contains("[Event \"Zürich\"]") && text.contains("{ schön }"),
        "{text}"
    );
}
