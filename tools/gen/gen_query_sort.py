#!/usr/bin/env python3
"""The oracle of `jaque query --sort` (issue 54): for each (query, number) of SORTS, the
games of a vendored file that the query matches, in the order `--sort` must write them:
descending by the greatest value of the number at a matched mainline position, ties in
input order. The query and the number are read and evaluated by query_oracle (a parser of
its own over python-chess 1.11.2's boards, pip install chess==1.11.2), never by jaque.

Writes tests/data/query/sort.jsonl: a header {"oracle", "generator"}, then per (query,
number, file) one line {"query", "sort", "file", "order": [[GAME, VALUE], ...]} (GAME
0-based in the file). No randomness: a rerun writes the same bytes.

Usage: python3 tools/gen/gen_query_sort.py
"""

import json
import logging
from pathlib import Path

import chess

from query_oracle.evaluate import matching_plies, numbers
from query_oracle.games import read_games
from query_oracle.language import Parser, QueryError, parse, value

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "tests/data/query/sort.jsonl"
# Vendored files whose every mainline python-chess and jaque end at the same ply.
FILES = ["select.pgn", "variations.pgn", "repetition.pgn"]
# (query, number): counts that change along a game, `ply`, and a query that looks ahead.
SORTS = [
    ("check", "count(A)"),
    ("capture", "ply"),
    ("mate", "count(a)"),
    ("mate", "count([Aa])"),  # docs/query.md's example
    ("line --> capture{3,}", "count([Qq])"),
    ("count([QqRr]) == 0", "count([Pp])"),
    ("flipcolor (Q attacks k)", "count(_)"),
]


def number(text):
    """The oracle's term of a number alone: `ply`, `count(SET)` or an integer."""
    if text.strip() == "ply":
        return ("ply",)
    parser = Parser(text)
    term = value(parser)
    parser.skip()
    if term is None or parser.at != len(text):
        raise QueryError(f"not a number: {text!r}")
    return term


def order(games, tree, term):
    """The matching games and their values, in `--sort`'s order."""
    found = []
    for index, game in enumerate(games):
        if game.main is None:
            continue
        plies = matching_plies(game.main, tree)
        if plies:
            per_ply = numbers(game.main, term)
            found.append([index, max(per_ply[p] for p in plies)])
    return sorted(found, key=lambda pair: -pair[1])  # stable: ties in input order


def main():
    logging.getLogger("chess.pgn").setLevel(logging.CRITICAL)
    read = {name: read_games(ROOT / "tests/data/pgn" / name, False) for name in FILES}
    lines = [json.dumps({"oracle": "python-chess " + chess.__version__,
                         "generator": "tools/gen/gen_query_sort.py"})]
    for query, sort in SORTS:
        tree, term = parse(query), number(sort)
        for name in FILES:
            found = order(read[name], tree, term)
            lines.append(json.dumps({"query": query, "sort": sort, "file": "pgn/" + name,
                                     "order": found}))
    OUT.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"{OUT.name}: {len(SORTS)} sorts, {len(FILES)} files, {OUT.stat().st_size} bytes")


if __name__ == "__main__":
    main()
