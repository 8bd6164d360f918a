"""Every game of the vendored oracle data, read through Python, as python-chess reads it:
SAN, UCI, the FEN before every move and after the last, plies, tags, comments, NAGs, clocks
and evaluations. Expected values come from python-chess 1.11.2 (tools/gen/gen_python_oracle.py)."""

import re

import pyarrow as pa
import pytest

import jaque
from conftest import oracle, source_path

HEADER, GAMES = oracle()
BRACED = re.compile(r"\{[^}]*\}")
LINE_COMMENT = re.compile(r"(^|\s);", re.MULTILINE)

# Games python-chess reads differently by design: it skips tokens it cannot read, stops at
# an illegal move inside a variation, and has no notion of an unterminated comment.
MISREAD = ("syntax", "unterminated", "variation_illegal")


def comparable(name):
    """The oracle's games of `name` that python-chess read without an error."""
    info = HEADER["files"][name]
    skipped = set(info["with_errors"])
    for kind in MISREAD:
        skipped.update(info.get("python_chess_deviations", {}).get(kind, []))
    return [g for g in GAMES if g["file"] == name and g["game"] not in skipped]


@pytest.fixture(scope="module", params=sorted(HEADER["files"]))
def read(request):
    """A file's games, by jaque (`read_games`, two threads) and by python-chess."""
    name = request.param
    path = source_path(HEADER, name)
    games = list(jaque.read_games(path, jobs=2))
    assert len(games) == HEADER["files"][name]["games"], "game counts differ"
    return name, path, games


def test_every_game_is_read_as_python_chess_reads_it(read):
    name, _, games = read
    expected = comparable(name)
    assert len(expected) >= 50, f"{name}: too few games to compare"
    for want in expected:
        game = games[want["game"]]
        where = f"{name} game {want['game']}"
        assert game.index == want["game"], where
        assert game.san == want["san"], where
        assert game.uci == want["uci"], where
        assert game.plies == want["plies"] == len(game.san), where
        assert game.final_fen == want["final_fen"], where
        assert game.errors == 0, (where, game.diagnostics)
        for key, value in game.tags.items():
            assert want["headers"].get(key) == value, (where, key)
        if "fens" in want:
            for ply, fen in enumerate(want["fens"]):
                assert game.position(ply).fen == fen, (where, ply)


def test_games_dropped_or_kept_past_the_reader_read_as_python_chess(read):
    """The records of dropped games go back to the reading threads to be freed there; the
    games kept, past the reader's end or its early drop, keep theirs whole."""
    name, path, _ = read
    expected = {g["game"]: g for g in comparable(name)}
    for stop in (None, HEADER["files"][name]["games"] // 2):
        kept = []
        reader = jaque.read_games(path, jobs=2)
        for game in reader:
            if game.index % 7 == 0 and game.index in expected:
                kept.append(game)
            if game.index == stop:
                break
        del reader, game
        assert kept, name
        for game in kept:
            want = expected[game.index]
            assert (game.san, game.final_fen) == (want["san"], want["final_fen"]), game.index


def test_comments_nags_clocks_and_evaluations(read):
    name, _, games = read
    # python-chess drops `;` comments (rest of the line), which the PGN standard counts as
    # comments and jaque keeps: such games are left out of the comparison of comments.
    line_comments = 0
    for want in comparable(name):
        game = games[want["game"]]
        where = f"{name} game {want['game']}"
        if LINE_COMMENT.search(BRACED.sub("", game.text)):
            line_comments += 1
        else:
            assert game.comments == want["comments"], where
        assert [sorted(set(n)) for n in game.nags] == want["nags"], where
        assert game.clocks == want["clocks"], where
        cp = [e["cp"] if e and "cp" in e else None for e in want["evals"]]
        mate = [e["mate"] if e and "mate" in e else None for e in want["evals"]]
        assert (game.eval_cp, game.eval_mate) == (cp, mate), where
    assert len(comparable(name)) - line_comments >= 50, "too few comments compared"


def test_the_moves_table_gives_the_same_moves_and_positions(read):
    name, path, _ = read
    moves = pa.table(jaque.read_arrow(path, table="moves", jobs=2)).to_pylist()
    by_game = {}
    for row in moves:
        by_game.setdefault(row["game"], []).append(row)
    for want in comparable(name):
        rows = by_game.get(want["game"], [])
        where = f"{name} game {want['game']}"
        assert [r["ply"] for r in rows] == list(range(1, want["plies"] + 1)), where
        assert [r["san"] for r in rows] == want["san"], where
        assert [r["uci"] for r in rows] == want["uci"], where
        assert [r["clock"] for r in rows] == want["clocks"], where
        if "fens" in want:
            assert [r["fen"] for r in rows] == want["fens"], where


def test_a_game_with_an_illegal_move_keeps_it_as_a_diagnostic():
    path = source_path(HEADER, "annotated.pgn")
    games = list(jaque.read_games(path))
    illegal = HEADER["files"]["annotated.pgn"]["illegal_moves"]
    assert len(illegal) == 3
    for case in illegal:
        game = games[case["game"]]
        want = GAMES_BY_KEY[("annotated.pgn", case["game"])]
        assert game.plies == want["plies"] == case["ply"] - 1
        assert game.san == want["san"]
        errors = [d for d in game.diagnostics if d.severity == "error"]
        assert [(d.code, d.line, d.column, d.san, d.ply) for d in errors] == [
            ("illegal_move", case["line"], case["column"], case["san"], case["ply"])
        ]


GAMES_BY_KEY = {(g["file"], g["game"]): g for g in GAMES}
