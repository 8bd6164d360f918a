//! Parse errors, where they point and what they say; hostile patterns, which must be refused or
//! compiled without a panic. Whether patterns match is tested against the Python oracle
//! (`tests/library/pattern.rs`).

use super::{Pattern, PatternError};
use crate::position::Position;
use crate::xorshift::XorShift;

fn error_of(text: &str) -> PatternError {
    match Pattern::parse(text) {
        Ok(_) => panic!("{text:?} was accepted"),
        Err(error) => error,
    }
}

/// Patterns that are not well formed: where the error points, and what it says.
const ERRORS: &[(&str, std::ops::Range<usize>, &str)] = &[
    ("", 0..0, "the pattern is empty"),
    (
        "8/8/8/8/8/8/8",
        0..13,
        "a pattern has 8 ranks, this one has 7",
    ),
    (
        "8/8/8/8/8/8/8/8/8",
        15..17,
        "a pattern has 8 ranks, this one has 9",
    ),
    (
        "8/8/8/8/8/8/8/8//",
        15..17,
        "a pattern has 8 ranks, this one has 10",
    ),
    (
        "8/8/8/8/8/8/8/7",
        14..15,
        "rank 1 describes 7 squares; a rank without `*` describes 8",
    ),
    (
        "8/8/8/8/8/8/8/44P",
        14..17,
        "rank 1 describes 9 squares; a rank has 8",
    ),
    (
        "*/*/*/P*8/*/*/*/*",
        6..9,
        "rank 5 describes 9 squares besides its `*`; a rank has 8",
    ),
    (
        "8/8/8/8/8/8/8/9",
        14..15,
        "`9` is no count of empty squares",
    ),
    ("0*/*/*/*/*/*/*/*", 0..1, "`0` is no count of empty squares"),
    ("x7/*/*/*/*/*/*/*", 0..1, "unknown symbol `x`"),
    ("é7/*/*/*/*/*/*/*", 0..2, "unknown symbol `é`"),
    ("_7/*/*/*/*/*/*/*", 0..1, "unknown symbol `_`"),
    ("*/*/*/*/??P[Bb*/*/*/*", 11..15, "this `[` is not closed"),
    ("*/*/*/*/*/*/*/[P/p]*", 14..16, "this `[` is not closed"),
    ("[[P]*/*/*/*/*/*/*/*", 1..2, "sets do not nest"),
    ("]*/*/*/*/*/*/*/*", 0..1, "this `]` closes no set"),
    ("^*/*/*/*/*/*/*/*", 0..1, "`^` outside a set"),
    ("[P^]*/*/*/*/*/*/*/*", 2..3, "`^` inside a set comes first"),
    ("[]*/*/*/*/*/*/*/*", 0..2, "an empty set allows nothing"),
    ("[^]*/*/*/*/*/*/*/*", 0..3, "`[^]` excludes nothing"),
    ("[P1]*/*/*/*/*/*/*/*", 2..3, "a digit in a set"),
    ("[P*]*/*/*/*/*/*/*/*", 2..3, "`*` in a set"),
    ("[Pé]*/*/*/*/*/*/*/*", 2..4, "unknown symbol in a set"),
    ("8//8/8/8/8/8/8", 2..3, "rank 7 is empty"),
    ("/8/8/8/8/8/8/8", 0..1, "rank 8 is empty"),
    ("8/8/8/8/8/8/8/", 13..14, "rank 1 is empty"),
    ("  */*/*/*/*/*/*/*", 0..2, "a space before the pattern"),
    (" ", 0..1, "a space before the pattern"),
];

#[test]
fn errors_point_at_the_wrong_bytes_and_say_why() {
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let after = "a pattern is a board's placement alone: nothing may follow it";
    let cases = ERRORS.iter().cloned().chain([(fen, 43..fen.len(), after)]);
    for (text, span, message) in cases {
        let error = error_of(text);
        assert_eq!(
            (&error.span, error.message.as_str()),
            (&span, message),
            "{text:?}"
        );
        assert!(
            text.get(error.span.clone()).is_some(),
            "{text:?}: span on char boundaries"
        );
    }
}

#[test]
fn errors_that_have_one_fix_say_it() {
    let help = |text: &str| error_of(text).help.unwrap_or_default();
    assert!(help("8/8/8/8/8/8/8/7").contains("`*` stands for any run of squares"));
    assert!(help("x7/*/*/*/*/*/*/*").contains("`?` anything"));
    assert!(help("8/8/8/8/8/8/8").contains("separated by `/`"));
    assert!(help("[P1]*/*/*/*/*/*/*/*").contains("`[^...]`"));
}

#[test]
fn a_rank_holds_at_most_8_squares_and_9_stars_whatever_the_text() {
    let stars = format!("{}P{}", "*".repeat(1 << 20), "*".repeat(1 << 20));
    let text = ["*"; 7].join("/") + "/" + &stars;
    let pattern = Pattern::parse(&text).expect("well formed");
    assert_eq!(
        pattern,
        Pattern::parse("*/*/*/*/*/*/*/*P*").expect("well formed")
    );
    let squares = format!("*/*/*/*/*/*/*/{}", "?*".repeat(1 << 20));
    let error = error_of(&squares);
    assert_eq!(error.span, 14..squares.len());
    assert!(
        error
            .message
            .starts_with("rank 1 describes 1048576 squares")
    );
    let digits = format!("*/*/*/*/*/*/*/{}", "8".repeat(1 << 20));
    assert!(
        error_of(&digits)
            .message
            .starts_with("rank 1 describes 8388608 squares")
    );
}

#[test]
fn hostile_patterns_are_refused_without_a_panic() {
    let huge = |s: &str| s.repeat(100_000);
    let cases = [
        huge("["),
        huge("]"),
        huge("[^"),
        huge("[P]"),
        huge("/"),
        huge("^"),
        huge("é"),
        format!("{}*/*/*/*/*/*/*/*", huge("[")),
        format!("*/*/*/*/*/*/*/[{}", huge("P")),
        "\0".repeat(64),
    ];
    for text in &cases {
        let error = error_of(text);
        assert!(
            text.get(error.span.clone()).is_some(),
            "span on char boundaries"
        );
    }
}

#[test]
fn random_text_is_refused_or_compiled_and_matched_without_a_panic() {
    const ALPHABET: &[char] = &[
        '*', '*', '[', ']', '^', '?', '!', 'A', 'a', 'm', 'K', 'p', 'q', '1', '3', '8', '9', '0',
        ' ', 'é', 'x', '/',
    ];
    let mut rng = XorShift(0x5eed_0052);
    let positions = [
        Position::starting(),
        Position::from_fen("8/8/4k3/8/8/3K4/8/8 w - - 0 1").expect("legal"),
    ];
    let mut compiled = 0;
    for _ in 0..20_000 {
        let rank = |rng: &mut XorShift| -> String {
            let open = !rng.next().is_multiple_of(4);
            let length = (rng.next() % 6) as usize;
            let symbols = (0..length).map(|_| *rng.pick(ALPHABET));
            symbols.chain(open.then_some('*')).collect()
        };
        let text = (0..8).map(|_| rank(&mut rng)).collect::<Vec<_>>().join("/");
        match Pattern::parse(&text) {
            Ok(pattern) => {
                compiled += 1;
                for position in &positions {
                    pattern.matches(position);
                    pattern.colours_swapped().matches(position);
                }
            }
            Err(error) => assert!(text.get(error.span).is_some(), "{text:?}"),
        }
    }
    assert!(compiled > 0, "some random texts are patterns");
}

#[test]
fn swapping_colours_twice_gives_the_pattern_back() {
    for text in [
        "*/*/*/*/*p*p*/*/*/*",
        "r*r/*/*/*/*/*/*/R*R",
        "?????rk?/?????aaa/*/*/*/8/P[BP]P*/??KR????",
    ] {
        let pattern = Pattern::parse(text).expect("well formed");
        assert_eq!(
            pattern.colours_swapped().colours_swapped(),
            pattern,
            "{text}"
        );
    }
}
