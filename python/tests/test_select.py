"""`jaque.select` and `read_arrow(where=...)` against python-chess: the games it yields are
those python-chess selects for the same filters (`tests/data/select.expect.json`, written by
`tools/gen/gen_select_cases.py`), by the same names as `jaque select`'s flags."""

import json

import pyarrow as pa
import pytest

import jaque
from conftest import ROOT

EXPECT = json.loads((ROOT / "tests/data/select.expect.json").read_text(encoding="utf-8"))
PGN = ROOT / EXPECT["input"]
REPEATED = {"tag", "fen", "moves"}
FLAGS = {"variations", "valid", "invert"}


def indices(text):
    """The oracle's `4,8,14-15` as a list of game indices."""
    out = []
    for part in filter(None, text.split(",")):
        first, _, last = part.partition("-")
        out += range(int(first), int(last or first) + 1)
    return out


def keywords(args):
    """A command line's filters as `select`'s keyword arguments; None where one has no
    keyword (`--games`, `--limit`: Python slices the iterator)."""
    kwargs, at = {}, 0
    while at < len(args):
        flag = args[at]
        name, _, value = flag[2:].partition("=")
        if name in ("games", "limit"):
            return None
        if name in FLAGS:
            kwargs[name] = True
        elif name == "dedupe":
            kwargs[name] = value or True
        else:
            at += 1
            value = args[at]
            if name in REPEATED:
                kwargs.setdefault(name, []).append(value)
            else:
                kwargs[name] = value
        at += 1
    return kwargs


SPECS = [(spec["args"], keywords(spec["args"]), indices(spec["selected"]))
         for spec in EXPECT["specs"] if keywords(spec["args"]) is not None]


@pytest.mark.parametrize("args,kwargs,wanted", SPECS, ids=[" ".join(s[0]) for s in SPECS])
def test_select_yields_the_games_python_chess_selects(args, kwargs, wanted):
    assert [game.index for game in jaque.select(str(PGN), **kwargs)] == wanted


# `dedupe` is select's alone: read_arrow refuses it (tested below).
WHERE = [spec for spec in SPECS if "dedupe" not in spec[1]]


@pytest.mark.parametrize("args,kwargs,wanted", WHERE, ids=[" ".join(s[0]) for s in WHERE])
def test_read_arrow_where_keeps_the_rows_of_those_games(args, kwargs, wanted):
    table = pa.table(jaque.read_arrow(str(PGN), where=kwargs))
    assert table.column("index").to_pylist() == wanted


def test_where_refuses_dedupe_and_unknown_names():
    with pytest.raises(TypeError, match="dedupe"):
        jaque.read_arrow(str(PGN), where={"dedupe": True})
    with pytest.raises(TypeError, match="nope"):
        jaque.select(str(PGN), nope=1)


def test_a_bad_filter_points_into_its_text():
    with pytest.raises(ValueError) as raised:
        jaque.select(str(PGN), tag="WhiteElo >> 2400", result="2-0")
    lines = str(raised.value).splitlines()
    assert lines[1:3] == ["  tag=WhiteElo >> 2400", "                ^^^^^^"], lines
    assert "not a result" in str(raised.value)


# `query`: the language of `jaque query`; the games python-chess's evaluation of the same
# queries matches (tests/data/query/expect.jsonl, tools/gen/gen_query_oracle.py).
QUERY_ORACLE = [json.loads(line) for line in
                (ROOT / "tests/data/query/expect.jsonl").read_text(encoding="utf-8").splitlines()[1:]]
QUERY_CASES = [case for case in QUERY_ORACLE if case["file"] == "pgn/variations.pgn"
               and case["query"] in ("mate", "promote [Nn]", "line --> capture{3,}")]


@pytest.mark.parametrize("case", QUERY_CASES, ids=[c["query"] for c in QUERY_CASES])
def test_select_query_yields_the_games_python_chess_matches(case):
    games = jaque.select(str(ROOT / "tests/data" / case["file"]), query=case["query"])
    assert [game.index for game in games] == [game for game, _ in case["matches"]]


def test_a_bad_query_points_into_it():
    with pytest.raises(ValueError) as raised:
        jaque.select(str(PGN), query="check mate")
    assert "two conditions side by side" in str(raised.value)
