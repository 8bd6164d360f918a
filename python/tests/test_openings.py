"""`Game.opening`, the games table's `eco` and `opening` columns, and `select(eco=...,
opening=...)` against python-chess's lichess classification of the vendored games
(`tests/data/openings/games.tsv`, written by `tools/gen/gen_openings_oracle.py`)."""

import csv
import re

import pyarrow as pa

import jaque
from conftest import ROOT

DATA = ROOT / "tests/data"
GAMES = DATA / "openings/games.pgn"


def oracle():
    """{game index: (eco, name, ply) or None} of openings/games.pgn."""
    with open(DATA / "openings/games.tsv", encoding="utf-8") as tsv:
        rows = csv.DictReader((line for line in tsv if not line.startswith("#")), delimiter="\t")
        return {int(r["game"]): (r["eco"], r["name"], int(r["ply"])) if r["eco"] else None
                for r in rows if r["file"] == "openings/games.pgn"}


WANTED = oracle()


def test_every_game_is_named_as_python_chess_names_it():
    games = list(jaque.read_games(str(GAMES)))
    assert len(games) == len(WANTED) > 300
    for game in games:
        got = game.opening and (game.opening["eco"], game.opening["name"], game.opening["ply"])
        assert got == WANTED[game.index], game.index


def test_the_games_table_has_the_same_eco_and_opening():
    table = pa.table(jaque.read_arrow(str(GAMES)))
    rows = zip(table.column("index").to_pylist(), table.column("eco").to_pylist(),
               table.column("opening").to_pylist())
    for index, eco, name in rows:
        wanted = WANTED[index]
        assert (eco, name) == ((wanted[0], wanted[1]) if wanted else (None, None)), index


def test_select_by_eco_range_and_opening_name():
    in_range = [i for i, w in sorted(WANTED.items()) if w and "B20" <= w[0] <= "B99"]
    assert [g.index for g in jaque.select(str(GAMES), eco="B2-B9")] == in_range
    named = [i for i, w in sorted(WANTED.items()) if w and re.search("Gambit", w[1])]
    assert [g.index for g in jaque.select(str(GAMES), opening="Gambit")] == named
    both = [i for i, w in sorted(WANTED.items()) if w and w[0][0] in "AE"]
    assert [g.index for g in jaque.select(str(GAMES), eco="A,E")] == both
