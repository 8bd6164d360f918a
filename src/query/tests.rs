//! The query compiler's diagnostics, each kind with its exact message and span, and the
//! meaning the contract (`CONTRACT.md`, "Queries") spells out: precedence and `line`.
//! What positions each form matches is compared with python-chess on whole files
//! (`tests/cli/query_oracle.rs`).

use super::{MAX_DEPTH, Query};
use crate::pgn::{Checker, Splitter};

/// The error of `text`: its span as the text it covers, its message, its help.
fn error(text: &str) -> (String, String, Option<String>) {
    let error = Query::parse(text).expect_err(text);
    let covered = text
        .get(error.span.clone())
        .expect("a span inside the text");
    (covered.to_string(), error.message, error.help)
}

fn says(text: &str, covered: &str, message: &str) {
    let (got_covered, got_message, _) = error(text);
    assert_eq!(
        (got_covered.as_str(), got_message.as_str()),
        (covered, message),
        "{text}"
    );
}

#[test]
fn an_unknown_piece_letter_is_pointed_at() {
    says("Xd4", "X", "unknown piece letter `X`");
    says("count([RX]) > 1", "X", "unknown piece letter `X` in `[…]`");
    let (_, _, help) = error("Xd4");
    assert!(help.is_some_and(|h| h.contains("K Q R B N P")));
}

#[test]
fn an_unknown_word_is_answered_with_the_nearest_known() {
    let (covered, message, help) = error("wtm and chek");
    assert_eq!(
        (covered.as_str(), message.as_str()),
        ("chek", "unknown word `chek`")
    );
    assert_eq!(help.as_deref(), Some("did you mean `check`?"));
    let (_, _, help) = error("Qx");
    assert!(help.is_some_and(|h| !h.contains("did you mean")));
}

#[test]
fn an_empty_square_range_is_an_error_with_the_range_that_is_not() {
    says("Ph-a2", "h-a2", "the square range `h-a2` is empty");
    says("e8-1", "e8-1", "the square range `e8-1` is empty");
    let (_, _, help) = error("Ph-a2");
    assert_eq!(
        help.as_deref(),
        Some("write the lower file and rank first: `a-h2`")
    );
}

#[test]
fn a_set_compared_with_a_number_is_a_type_error_with_the_count_to_write() {
    says("Q > 3", "Q > 3", "a set compared with a number");
    says(
        "count(Q) == q",
        "count(Q) == q",
        "a set compared with a number",
    );
    let (_, _, help) = error("2 <= R");
    assert_eq!(
        help.as_deref(),
        Some("compare the number of its squares: `2 <= count(R)`")
    );
    says("Q == q", "Q == q", "two sets compared");
}

#[test]
fn the_other_type_errors_name_what_was_found() {
    says("3", "3", "a number is not a condition");
    says("ply", "ply", "a number is not a condition");
    says(
        "check > 2",
        "check",
        "`>` compares numbers, not a condition",
    );
    says(
        "count(mate)",
        "mate",
        "`count` takes a set, not a condition",
    );
    says(
        "mate attacks k",
        "mate",
        "`attacks` takes a set, not a condition",
    );
    says("pinned 3", "3", "`pinned` takes a set, not a number");
    says("move from ply", "ply", "`from` takes a set, not a number");
}

#[test]
fn unbalanced_parentheses_and_brackets_point_at_the_one_alone() {
    says("(check or mate", "(", "unclosed `(`");
    says("count(Q > 1", "(", "unclosed `(`");
    says("check) and mate", ")", "unmatched `)`");
    says("[e4,d5 and Q", "[", "unclosed `[`");
    says("[RQ", "[", "unclosed `[`");
}

#[test]
fn two_conditions_side_by_side_suggest_and() {
    let (covered, message, help) = error("check mate");
    assert_eq!(
        (covered.as_str(), message.as_str()),
        ("mate", "two conditions side by side")
    );
    assert_eq!(
        help.as_deref(),
        Some("join them with `and` (or `or`): `check and mate`")
    );
    says(
        "wtm (Q attacks k)",
        "(Q attacks k)",
        "two conditions side by side",
    );
}

#[test]
fn missing_parts_are_expected_where_they_are_missing() {
    says("", "", "an empty query");
    says(
        "Q attacks",
        "",
        "expected a set after `attacks`, found the end of the query",
    );
    says(
        "count(Q) >",
        "",
        "expected a number or `count(…)` after `>`, found the end of the query",
    );
    says("line", "line", "a `line` without elements");
    says(
        "line --> check{3,1}",
        "{3,1}",
        "the repetition `{3,1}` is empty",
    );
    says(
        "ply = 3",
        "=",
        "expected `and`, `or` or the end of the query, found `=`",
    );
}

#[test]
fn a_deep_nesting_is_an_error_not_a_stack_overflow() {
    let message = format!("the query nests deeper than {MAX_DEPTH} levels");
    for opener in ["(", "not ", "flipcolor ", "line --> ", "pinned ", "count("] {
        let text = format!("{}check", opener.repeat(100_000));
        let error = Query::parse(&text).expect_err(opener);
        assert_eq!(error.message, message, "{opener}");
        let deepest = format!("{}check", opener.repeat(MAX_DEPTH / 2));
        assert!(Query::parse(&deepest).map_err(|e| e.message) != Err(message.clone()));
    }
}

#[test]
fn and_binds_tighter_than_or_and_not_tighter_than_and() -> Result<(), crate::FilterError> {
    // The contract: `not`, `and`, `or`, tighter to looser. (The parts of `and` and `or`
    // are asked cheapest first: `stalemate` generates moves, `wtm` reads a field.)
    let plan = Query::parse("stalemate or wtm and mate")?.explain();
    assert_eq!(
        plan,
        "1  test: stalemate\n2  test: white to move\n3  test: mate\n4  all of 2 3\n5  any of 4 1\n"
    );
    let plan = Query::parse("not wtm and check")?.explain();
    assert_eq!(
        plan,
        "1  test: white to move\n2  not 1\n3  test: check\n4  all of 2 3\n"
    );
    Ok(())
}

#[test]
fn the_longest_reading_as_squares_wins() -> Result<(), crate::FilterError> {
    // The contract: `b4` is a square, `ba-h8` black bishops on rank 8.
    let plan = Query::parse("move to b4")?.explain();
    assert_eq!(plan, "1  test: the last move to {b4}\n");
    let plan = Query::parse("ba-h8")?.explain();
    assert_eq!(
        plan,
        "1  test: [b] on {a8 b8 c8 d8 e8 f8 g8 h8} is not empty\n"
    );
    Ok(())
}

/// The plies of the mainline of `movetext` that `query` matches.
fn plies(query: &str, movetext: &str) -> Vec<u32> {
    let query = Query::parse(query).expect(query);
    let game = (Splitter::new(movetext.as_bytes()).next())
        .expect("a game")
        .expect("a readable game");
    let mut matcher = query.matcher();
    Checker::default().check_visiting(&game, &mut matcher);
    matcher.plies()
}

#[test]
fn a_line_matches_at_every_ply_where_it_can_start() {
    // Captures at plies 4, 5, 6 and 7: the contract's run of four captures.
    let game = "1. e4 d5 2. Nc3 dxe4 3. Nxe4 Qxd2+ 4. Bxd2 Nc6 *";
    assert_eq!(plies("capture", game), [4, 5, 6, 7]);
    assert_eq!(plies("line --> capture{3,}", game), [4, 5]);
    assert_eq!(plies("line --> capture --> capture --> check", game), [4]);
    assert_eq!(plies("line --> capture{2} --> not capture", game), [6]);
    assert_eq!(
        plies("line --> capture* --> ply == 8", game),
        [4, 5, 6, 7, 8]
    );
}
