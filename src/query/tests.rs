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

#[test]
fn a_comment_runs_to_the_end_of_its_line() -> Result<(), crate::FilterError> {
    let plan = Query::parse("check // and mate\nand wtm // the side\n")?.explain();
    assert_eq!(
        plan,
        "1  test: check\n2  test: white to move\n3  all of 2 1\n"
    );
    says("// only a comment", "// only a comment", "an empty query");
    says("[e4, // d5\n f5", "[", "unclosed `[`");
    Ok(())
}

/// The placements (pieces each on one square) the plan of `text` asks, each as its pieces
/// on squares (`Nc2`, `Pa2 Pc2`), sorted: a pattern's at each of its anchors.
fn placements(text: &str) -> Vec<String> {
    use super::compile::{Step, Test};
    let query = Query::parse(text).expect(text);
    let written = |placed: Vec<(crate::role::Piece, crate::square::Square)>| {
        let pieces: Vec<String> = (placed.iter())
            .map(|(piece, square)| format!("{}{square}", piece.char()))
            .collect();
        pieces.join(" ")
    };
    let mut found: Vec<(crate::role::Piece, crate::square::Square)> = Vec::new();
    let mut placed = Vec::new();
    for step in &query.plan.steps {
        match step {
            // A piece on any of several squares: a placement a square.
            Step::Test(Test::Occupied(set)) => {
                if let (Some(piece), Some(squares)) =
                    (set.pieces.and_then(|p| p.single()), set.squares)
                {
                    found.extend(squares.into_iter().map(|s| (piece, s)));
                }
            }
            Step::Test(Test::Pattern(pattern)) => {
                let at = (pattern.anchors.into_iter()).filter_map(|a| pattern.at(a));
                placed.extend(at.map(written));
            }
            _ => {}
        }
    }
    placed.extend(found.into_iter().map(|one| written(vec![one])));
    placed.sort();
    placed
}

fn sorted(placements: &[&str]) -> Vec<String> {
    let mut placements: Vec<String> = placements.iter().map(|p| p.to_string()).collect();
    placements.sort();
    placements
}

#[test]
fn flip_tries_the_eight_symmetries_of_the_board() -> Result<(), crate::FilterError> {
    // c2 under the identity, the mirrors, the half turn, the diagonal reflections and the
    // quarter turns: c2 f2 c7 f7 b3 g6 g3 b6 (CQL's `flip` documentation lists the same).
    assert_eq!(
        placements("flip Nc2"),
        sorted(&["Nc2", "Nf2", "Nc7", "Nf7", "Nb3", "Ng6", "Ng3", "Nb6"])
    );
    // Colours stay, wtm stays: only flipcolor exchanges them.
    let plan = Query::parse("flipvertical (Ka1 and wtm)")?.explain();
    assert_eq!(
        plan,
        "1  test: [K] on {a1} is not empty\n2  test: white to move\n3  all of 2 1\n\
         4  test: [K] on {h1} is not empty\n5  all of 2 4\n6  any of 3 5\n"
    );
    let plan = Query::parse("fliphorizontal move to e2")?.explain();
    assert_eq!(
        plan,
        "1  test: the last move to {e2}\n2  test: the last move to {e7}\n3  any of 1 2\n"
    );
    Ok(())
}

#[test]
fn shift_moves_the_squares_written_as_far_as_the_board_allows() {
    // d4 and e4 move by -3..=3 files and -3..=4 ranks: 7 × 8 copies.
    assert_eq!(placements("shift (Pd4 and Pe4)").len(), 56);
    assert_eq!(
        placements("shifthorizontal (Pa2 and Pc2)"),
        sorted(&[
            "Pa2 Pc2", "Pb2 Pd2", "Pc2 Pe2", "Pd2 Pf2", "Pe2 Pg2", "Pf2 Ph2"
        ])
    );
    assert_eq!(
        placements("shiftvertical (Pe6 and Pe8)"),
        sorted(&[
            "Pe6 Pe8", "Pe1 Pe3", "Pe2 Pe4", "Pe3 Pe5", "Pe4 Pe6", "Pe5 Pe7"
        ])
    );
    // Nothing written, nothing moved: one copy.
    assert_eq!(
        Query::parse("shift check").map(|q| q.explain()),
        Ok("1  test: check\n".to_string())
    );
}

#[test]
fn transforms_nest_each_inside_the_maps_of_those_around_it() {
    // flipcolor mirrors the ranks: the shift of a8 then runs along the first rank, as
    // its own squares: a8 (white) and, colours exchanged, a1..h1 (black) when shifted.
    let found = placements("flipcolor shifthorizontal Ka8");
    let has = |p: &str| found.iter().any(|f| f == p);
    assert!(has("Kh8") && has("kh1"), "{found:?}");
    assert!(!has("Ka1"), "{found:?}");
    let nested = format!("{}Ka1", "shift ".repeat(40));
    let error = Query::parse(&nested).map(|_| ()).map_err(|e| e.message);
    let many = "the transforms make more than 65536 copies of the query";
    assert_eq!(error, Err(many.to_string()));
    let message = format!("the query nests deeper than {MAX_DEPTH} levels");
    let deep = format!("{}check", "flip ".repeat(100_000));
    assert_eq!(
        Query::parse(&deep).map(|_| ()).map_err(|e| e.message),
        Err(message)
    );
}

#[test]
fn names_are_sets_numbers_or_conditions_where_they_are_used() -> Result<(), crate::FilterError> {
    let text = "let minors = [BN] let theirs = [bn]  count(minors) == 2 and count(theirs) == 2";
    let plan = Query::parse(text)?.explain();
    assert_eq!(
        plan,
        "1  test: count([NB]) == 2\n2  test: count([nb]) == 2\n3  all of 1 2\n"
    );
    let plan = Query::parse("let long = ply > 80; let pieces = count(A);\nlong and pieces < 3")?;
    assert_eq!(
        plan.explain(),
        "1  test: ply > 80\n2  test: count([PNBRQK]) < 3\n3  all of 1 2\n"
    );
    // A condition named, used twice under flipcolor: compiled once per colour.
    let plan = Query::parse("let fork = n attacks K and n attacks Q  flipcolor fork or fork")?;
    assert_eq!(plan.explain().lines().count(), 3 + 3 + 2);
    says(
        "let minors = [BN] minors > 1",
        "minors > 1",
        "a set compared with a number",
    );
    Ok(())
}

#[test]
fn a_name_wrongly_defined_or_used_is_pointed_at() {
    says(
        "let e4 = Q e4",
        "e4",
        "`e4` reads as a set of pieces or squares",
    );
    says(
        "let ba4 = Q ba4",
        "ba4",
        "`ba4` reads as a set of pieces or squares",
    );
    says(
        "let Q = Q Q",
        "Q",
        "`Q` reads as a set of pieces or squares",
    );
    says(
        "let mate = Q mate",
        "mate",
        "`mate` is a word of the language, not a name",
    );
    says("let 2x = Q check", "2x", "`2x` starts with a digit");
    says("let = Q", "=", "expected a name after `let`, found `=`");
    says("let x Q", "Q", "expected `=` after `let x`, found `Q`");
    says("let x == Q", "=", "expected `=` after `let x`, found `=`");
    says("let xs = Q let xs = q xs", "xs", "`xs` is defined twice");
    says(
        "let xs = Q // white\nlet ys = q  ys",
        "xs",
        "`xs` is defined but never used",
    );
    says(
        "let xs = Q let ys = q",
        "let ys = q",
        "a `let` with no query after it",
    );
    says("check let xs = Q", "let", "a `let` after the query");
    says("let xs = xs xs", "xs", "unknown word `xs`");
    let (covered, message, help) = error("let minors = [BN] minor");
    assert_eq!(
        (covered.as_str(), message.as_str()),
        ("minor", "`minor` is not defined")
    );
    assert_eq!(help.as_deref(), Some("did you mean `minors`?"));
    // A definition ends where its expression can go no further; inside parentheses two
    // conditions side by side are still an error.
    says(
        "let xs = (check mate) xs",
        "mate",
        "two conditions side by side",
    );
    let chain: String = (1..100)
        .map(|i| format!("let x{i} = not x{} ", i - 1))
        .collect();
    let text = format!("let x0 = check {chain} x99");
    let message = format!("the query nests deeper than {MAX_DEPTH} levels");
    assert_eq!(
        Query::parse(&text).map(|_| ()).map_err(|e| e.message),
        Err(message)
    );
}

#[test]
fn a_material_signature_counts_each_piece_but_the_kings() -> Result<(), crate::FilterError> {
    let plan = Query::parse("material KRPvKR")?;
    let same = Query::parse("material RPvR")?;
    assert_eq!(plan.explain(), same.explain());
    let explained = plan.explain();
    let tests: Vec<&str> = (explained.lines())
        .map(|l| l.split_once("  ").map_or(l, |p| p.1))
        .collect();
    assert_eq!(
        tests,
        [
            "test: count([P]) == 1",
            "test: count([N]) == 0",
            "test: count([B]) == 0",
            "test: count([R]) == 1",
            "test: count([Q]) == 0",
            "test: count([p]) == 0",
            "test: count([n]) == 0",
            "test: count([b]) == 0",
            "test: count([r]) == 1",
            "test: count([q]) == 0",
            "all of 1 2 3 4 5 6 7 8 9 10",
        ]
    );
    says("material KRP", "KRP", "`KRP` has no `v` between the sides");
    says(
        "material KRvKvK",
        "v",
        "unknown piece letter `v` in a material signature",
    );
    says(
        "material KRvkr",
        "k",
        "unknown piece letter `k` in a material signature",
    );
    says("material KKvK", "K", "a side with two kings");
    says("material vKR", "vKR", "a side of `vKR` is empty");
    says(
        "material",
        "",
        "expected a material signature after `material`, such as `KRPvKR`, found the end of the query",
    );
    Ok(())
}

#[test]
fn nesting_cannot_make_a_small_plan_ask_exponentially_many_tests() {
    // Each name is read twice by the next: 2^30 tests a position, were they asked; the
    // definition that passes the bound is pointed at.
    let chain: String = (1..=30)
        .map(|i| format!("let x{i} = x{0} or (x{0} and check) ", i - 1))
        .collect();
    let text = format!("let x0 = Pe4 {chain} x30");
    says(
        &text,
        "x14 or (x14 and check)",
        "the query asks more than 65536 tests of each position",
    );
    // flipcolor inside flipcolor: the same two copies, shared.
    let text = format!("{}Pe4", "flipcolor ".repeat(30));
    let plan = Query::parse(&text).map(|q| q.explain());
    assert_eq!(
        plan,
        Ok(
            "1  test: [P] on {e4} is not empty\n2  test: [p] on {e5} is not empty\n3  any of 1 2\n"
                .to_string()
        )
    );
}

#[test]
fn a_fen_holds_where_the_position_is_it_as_epd() {
    // After 1. e4 e5 2. Nf3 Nc6 (ply 4), reached too by 1. Nf3 Nc6 2. e4 e5; the clocks
    // differ and do not count. After 1. e4 e5 2. Nf3 Nf6 it is not.
    let four_knights = "fen \"r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3\"";
    assert_eq!(plies(four_knights, "1. e4 e5 2. Nf3 Nc6 3. Bb5 *"), [4]);
    assert_eq!(plies(four_knights, "1. Nf3 Nc6 2. e4 e5 *"), [4]);
    assert_eq!(
        plies(four_knights, "1. e4 e5 2. Nf3 Nf6 *"),
        Vec::<u32>::new()
    );
    // The en passant square counts only where a capture there is legal: after 1. e4 none is.
    let e4 = "fen \"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq -\"";
    assert_eq!(plies(e4, "1. e4 e5 *"), [1]);
    let e4_with_square = "fen \"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1\"";
    assert_eq!(plies(e4_with_square, "1. e4 e5 *"), [1]);
}

#[test]
fn a_fen_that_cannot_be_read_is_pointed_at() {
    says(
        "fen \"8/8/8/8/8/8/8/K6k x - -\"",
        "x",
        "bad FEN: side to move: expected 'w' or 'b', found \"x\"",
    );
    says(
        "fen 8/8",
        "8",
        "expected a FEN between double quotes after `fen`, found `8`",
    );
    says("fen \"8/8/8", "\"8/8/8", "a FEN without its closing `\"`");
    says(
        "flipcolor fen \"8/8/8/8/8/8/8/K6k w - -\"",
        "fen \"8/8/8/8/8/8/8/K6k w - -\"",
        "`fen` inside a transform",
    );
}

#[test]
fn what_a_match_needs_is_read_from_the_root_and_its_ands() {
    use crate::{Color, Piece, Role};
    let white = |role| Piece {
        color: Color::White,
        role,
    };
    let black = |role| Piece {
        color: Color::Black,
        role,
    };
    let needs = |text: &str| Query::parse(text).expect(text).necessary();
    let material = |text: &str| needs(text).material.expect(text);
    let m = material("material KRPvKR and wtm");
    assert_eq!(
        (m.of(white(Role::Rook)), m.of(white(Role::Pawn))),
        ((1, 1), (1, 1))
    );
    assert_eq!(
        (m.of(black(Role::Pawn)), m.of(black(Role::Queen))),
        ((0, 0), (0, 0))
    );
    let m = material("count(Q) >= 2 and 3 > count(n) and Ra1 and [Bb]");
    assert_eq!(m.of(white(Role::Queen)), (2, u32::MAX));
    assert_eq!(m.of(black(Role::Knight)), (0, 2));
    assert_eq!(m.of(white(Role::Rook)), (1, u32::MAX));
    assert_eq!(
        m.of(white(Role::Bishop)),
        (0, u32::MAX),
        "either bishop: nothing"
    );
    assert!(material("count(P) < 0").impossible());
    assert!(material("material KRvK and count(R) == 2").impossible());
    // Under `or`, `not`, or with squares counted: nothing is known.
    for text in [
        "material KRvK or check",
        "not material KRvK",
        "count(Ra-h1) == 1",
        "line --> Qd1",
    ] {
        assert_eq!(needs(text), Default::default(), "{text}");
    }
    let start = crate::Position::starting();
    let fen = "fen \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -\"";
    assert_eq!(needs(&format!("check and {fen}")).position, Some(start));
    assert_eq!(needs(&format!("check or {fen}")).position, None);
}
