"""`jaque.query` against python-chess: the games it yields and each one's `matches` (and,
with `variations=True`, `variation_matches`) are what the oracle of `jaque query` finds for
the same queries (tests/data/query/expect*.jsonl, written by tools/gen/gen_query_oracle.py
over python-chess, never by jaque)."""

import json
import pickle

import pytest

import jaque
from conftest import ROOT

QUERIES = ROOT / "tests/data/query"
# Vendored files both readers end every mainline of at the same ply (the oracle's header has
# each game's length; test_the_files_are_read_alike checks it), so every query compares.
FILES = ["pgn/select.pgn", "pgn/variations.pgn", "pgn/repetition.pgn", "pgn/fmt_input.pgn"]
# Files with variations whose every game the oracle reads without doubt or stop.
VARIATION_FILES = ["pgn/variations.pgn", "pgn/fmt_input.pgn"]


def expectation(name):
    """An oracle file: its header and its (query, file) lines."""
    lines = (QUERIES / name).read_text(encoding="utf-8").splitlines()
    return json.loads(lines[0]), [json.loads(line) for line in lines[1:]]


HEADER, CASES = expectation("expect.jsonl")
VARIATIONS_HEADER, VARIATION_CASES = expectation("expect_variations.jsonl")
MAINLINE = [case for case in CASES if case["file"] in FILES]
IN_VARIATIONS = [case for case in VARIATION_CASES if case["file"] in VARIATION_FILES]


def ids(cases):
    return [f"{case['file']}: {case['query']}" for case in cases]


def test_the_files_are_read_alike():
    for name in FILES:
        ours = [game.plies for game in jaque.read_games(str(ROOT / "tests/data" / name))]
        assert ours == HEADER["files"][name]["plies"], name
    for name in VARIATION_FILES:
        about = VARIATIONS_HEADER["files"][name]
        assert about["doubts"] == about["stops"] == [], name
    # Every query of the oracle on every file (the Rust oracle tests ask for 90 at least).
    queries = {case["query"] for case in CASES}
    assert len(queries) >= 90
    assert len(MAINLINE) == len(queries) * len(FILES)
    assert len(IN_VARIATIONS) == len(queries) * len(VARIATION_FILES)


@pytest.mark.parametrize("case", MAINLINE, ids=ids(MAINLINE))
def test_query_matches_the_plies_python_chess_matches(case):
    games = jaque.query(str(ROOT / "tests/data" / case["file"]), case["query"])
    got = [[game.index, game.matches] for game in games]
    assert got == case["matches"]


@pytest.mark.parametrize("case", IN_VARIATIONS, ids=ids(IN_VARIATIONS))
def test_variations_match_where_python_chess_matches(case):
    path = str(ROOT / "tests/data" / case["file"])
    games = list(jaque.query(path, case["query"], variations=True))
    mainline = [[game.index, game.matches] for game in games if game.matches]
    places = [[game.index, [list(p) for p in game.variation_matches]]
              for game in games if game.variation_matches]
    assert mainline == case["matches"]
    assert places == case["variation_matches"]
    # A game is yielded when it matches somewhere: on its mainline or in a variation.
    assert all(game.matches or game.variation_matches for game in games)


def test_select_with_a_query_gives_the_same_matches():
    case = next(c for c in MAINLINE if c["query"] == "line --> capture{3,}")
    games = jaque.select(str(ROOT / "tests/data" / case["file"]), query=case["query"])
    assert [[game.index, game.matches] for game in games] == case["matches"]


def test_every_matching_ply_is_found_not_only_the_first():
    # Scholar's mate: 1. e4 is ply 1 and 4. Qxf7# ply 7 (counted by hand).
    pgn = b"1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n\n1. d4 d5 *\n"
    got = [(g.index, g.matches) for g in jaque.query(pgn, "mate or move to e4")]
    assert got == [(0, [1, 7])]


def test_games_read_without_a_query_have_no_matches():
    game = next(jaque.read_games(b"1. e4 e5 *"))
    assert game.matches is None and game.variation_matches is None
    game = next(jaque.query(b"1. e4 e5 *", "ply == 2"))
    assert game.matches == [2] and game.variation_matches is None


def test_a_pickled_game_keeps_its_matches():
    game = next(jaque.query(b"1. e4 (1. d4 d5) e5 *", "move to d5", variations=True))
    # `d5` of the variation: line 1, column 14 (counted by hand).
    assert (game.matches, game.variation_matches) == ([], [(1, 14)])
    again = pickle.loads(pickle.dumps(game))
    assert (again.matches, again.variation_matches) == ([], [(1, 14)])


def test_a_bad_query_raises_with_its_message_and_a_caret_under_it():
    with pytest.raises(ValueError) as raised:
        jaque.query(b"1. e4 *", "count(Q) > q")
    lines = str(raised.value).splitlines()
    assert lines[:3] == ["a set compared with a number",
                         "  query=count(Q) > q",
                         "        ^^^^^^^^^^^^"], lines
    with pytest.raises(ValueError, match="two conditions side by side"):
        jaque.query(b"", "check mate")
