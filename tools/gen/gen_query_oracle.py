#!/usr/bin/env python3
"""The oracle of `jaque query` (issue 54): the query forms of CONTRACT.md ("Queries") and
those docs/query.md adds (transforms, names, material, comments) read by a parser of its own
and evaluated over python-chess 1.11.2's boards (pip install chess==1.11.2), never by jaque
(query_oracle/language.py, evaluate.py, transforms.py).

Each query of tests/data/query/queries.txt (`QUERY  # what it exercises`) is evaluated at
every mainline position of every game: ply 0 (the start, a [FEN] set-up included) to the
last move played; python-chess stops a mainline at its first illegal move (and, as
tools/oracle/pattern.py does, at a move it put in the tree that is not legal where it stands).
Games are read with query_oracle/movetext.py's Recorder, which gives python-chess the right
board after a variation it stopped in (1.11.2 reads what follows on the variation's board).
Games python-chess plays as another variant (crazyhouse, atomic, …: jaque does not play
them) and games whose start position it cannot read are not evaluated: their `plies` is
null in the header and they have no matches.

For `jaque query --variations` (expect_variations.jsonl) each query is also evaluated at
every position reached by a move inside a variation, any depth, on that variation's line of
play (its parent line's positions up to the branch point, then its own moves;
query_oracle/games.py), and each such move is named by the (line, column) of its SAN word in
the file (query_oracle/movetext.py pairs python-chess's tree with a tokenizer of its own);
KNOWN is a game worked out by hand, asserted before anything is written.

Writes, in tests/data/query/ (no randomness: a rerun writes the same bytes):
- expect.jsonl, for every tests/data/pgn/*.pgn but the two files written with localized
  piece letters (fix_input.de.pgn, fix_input.es.pgn: jaque reads them only with `--lang`);
- expect_variations.jsonl, for the vendored files of VARIATIONS, with variations: the
  header's files also have "stops" [[GAME, [[LINE, COLUMN, END_COLUMN], ...]], ...] (the
  words where python-chess ended a line) and "doubts" [[GAME, [TEXT, ...]], ...] (games whose
  reading is uncertain: their variations are not evaluated), and each (query, file) line
  also "variation_matches": [[GAME, [[LINE, COLUMN], ...]], ...] (in file order);
- expect_shared.jsonl, for /work/shared/data/pgn/real/*.pgn (`--shared DIR`; skipped when
  absent) but LEFT_OUT (the three largest, and two that python-chess cuts into other games
  than jaque); the PGN files stay there, `file` is relative to shared/data.
Each: a header {"oracle", "generator", "files": {FILE: {"games", "plies": [...]}}} (plies:
python-chess's mainline length per game, or null), then per (query, file) one line
{"query", "file", "games": N, "matches": [[GAME, [PLY, ...]], ...]} (only games that match,
GAME 0-based in the file).

Usage: python3 tools/gen/gen_query_oracle.py [--shared DIR] [--no-shared]
(about 130 s of CPU: 30 s for expect.jsonl, 35 s for expect_variations.jsonl, 65 s for the
shared files)
"""

import argparse
import io
import json
import logging
import sys
import time
from pathlib import Path

import chess

from query_oracle.evaluate import matching_plies, values
from query_oracle.games import read_games, read_text
from query_oracle.language import parse

ROOT = Path(__file__).resolve().parents[2]
GENERATOR = "tools/gen/gen_query_oracle.py"
ORACLE = "python-chess " + chess.__version__
QUERIES = ROOT / "tests/data/query/queries.txt"
OUT = ROOT / "tests/data/query"
LOCALIZED = {"fix_input.de.pgn", "fix_input.es.pgn"}
# Real files left out of expect_shared.jsonl: the three largest (with them it would hold
# 8 MB: Carlsen 2.8, Kasparov 1.8, twic1599 1.1), and the two where python-chess cuts the
# games otherwise than jaque (a game of eco.pgn's leading comment, one of uzchesscup.pgn's
# 45 tag sections without movetext: ORACLE_DATA.md, "FEN patterns"), which no test can use.
LEFT_OUT = {"elbriga__Carlsen.pgn", "elbriga__Kasparov.pgn", "shakmaty__twic1599_1000k.pgn",
            "pgnextract__eco.pgn", "scalachess__uzchesscup.pgn"}


# The vendored files with variations read for expect_variations.jsonl: all of them but the
# near-copies of two (fix_expected*.pgn of fix_input.pgn, fmt_expected.pgn of fmt_input.pgn).
VARIATIONS = ["variations.pgn", "generated.pgn", "fmt_input.pgn", "fix_input.pgn", "select.pgn"]


# A game whose answers were worked out by hand from CONTRACT.md and the meaning of a
# variation's line (ORACLE_DATA.md, "Queries"): query -> (mainline plies, variation places).
KNOWN_GAME = "1. e4 ( 1. d4 d5 ( 1... Nf6 2. c4 ) 2. c4 ) 1... e5 2. Nf3 *\n"
KNOWN = {
    "ply == 2": ([2], [[1, 15], [1, 25]]),  # ply counts from the start along each line
    "ply == 3": ([3], [[1, 32], [1, 40]]),
    "move from P to d4": ([], [[1, 12]]),  # the last move on a variation's own line
    "line --> move to d5 --> move to f6": ([], []),  # a line follows its own continuation
    "line --> move to f6 --> move to c4": ([], [[1, 25]]),
    "line --> ply == 1 --> move to d5": ([], [[1, 12]]),
    "line --> ply == 1 --> move to e5": ([1], []),  # from the mainline: the mainline
}


def check_known():
    """Asserts the oracle's answers on KNOWN_GAME before anything is written."""
    game = read_text(io.StringIO(KNOWN_GAME), variations=True)[0]
    for query, answer in KNOWN.items():
        tree = parse(query)
        got = (matching_plies(game.main, tree), variation_places(game, tree))
        assert got == answer, f"{query}: the oracle says {got}, worked out by hand {answer}"


def read_queries(path):
    """The queries of queries.txt, comments and blank lines aside."""
    queries = []
    for raw in path.read_text(encoding="utf-8").splitlines():
        text = raw.split("#", 1)[0].strip()
        if text:
            queries.append(text)
    return queries


def by_game(per_game):
    """[[GAME, VALUE], ...] for the games whose value is not empty."""
    return [[index, value] for index, value in enumerate(per_game) if value]


def header(read, variations):
    """The first line: the oracle, and per file its games' mainline lengths (with variations:
    where python-chess stopped a line, and the games whose pairing is in doubt)."""
    files = {}
    for name, games in read.items():
        about = {"games": len(games),
                 "plies": [None if g.main is None else len(g.main.boards) - 1 for g in games]}
        if variations:
            about["stops"] = by_game([[list(s) for s in g.stops] for g in games])
            about["doubts"] = by_game([g.doubts for g in games])
        files[name] = about
    return {"oracle": ORACLE, "generator": GENERATOR, "files": files}


def variation_places(game, tree):
    """The (line, column) of each move inside a variation that reached a matching position,
    in file order."""
    places = []
    for line, nodes in game.variations:
        hits = values(line, tree)[1:]
        places.extend(list(game.where[n]) for n, hit in zip(nodes, hits) if hit)
    return sorted(places)


def case(query, tree, name, games, variations):
    """One query on one file: its line of the expectation file."""
    matches = [[] if g.main is None else matching_plies(g.main, tree) for g in games]
    out = {"query": query, "file": name, "games": len(games), "matches": by_game(matches)}
    if variations:
        out["variation_matches"] = by_game([variation_places(g, tree) for g in games])
    return out


def write(out, files, queries, variations=False):
    """One expectation file: the header, then each query on each file."""
    started = time.time()
    read = {name: read_games(path, variations) for name, path in files}
    lines = [json.dumps(header(read, variations))]
    total = 0
    for query in queries:
        tree = parse(query)
        for name, games in read.items():
            found = case(query, tree, name, games, variations)
            total += sum(len(p) for _, p in found["matches"])
            total += sum(len(p) for _, p in found.get("variation_matches", []))
            lines.append(json.dumps(found))
    out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    games = sum(len(g) for g in read.values())
    print(f"{out.name}: {len(files)} files, {games} games, {len(queries)} queries, "
          f"{total} matched positions, {out.stat().st_size} bytes, {time.time() - started:.0f} s")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--shared", type=Path, default=Path("/work/shared/data/pgn/real"))
    parser.add_argument("--no-shared", action="store_true")
    args = parser.parse_args()
    logging.getLogger("chess.pgn").setLevel(logging.CRITICAL)
    check_known()
    queries = read_queries(QUERIES)
    vendored = [("pgn/" + p.name, p) for p in sorted((ROOT / "tests/data/pgn").glob("*.pgn"))
                if p.name not in LOCALIZED]
    write(OUT / "expect.jsonl", vendored, queries)
    with_variations = [("pgn/" + name, ROOT / "tests/data/pgn" / name) for name in VARIATIONS]
    write(OUT / "expect_variations.jsonl", with_variations, queries, variations=True)
    if args.no_shared:
        return
    if not args.shared.is_dir():
        print(f"expect_shared.jsonl: skipped, {args.shared} is absent", file=sys.stderr)
        return
    shared = [("pgn/real/" + p.name, p) for p in sorted(args.shared.glob("*.pgn"))
              if p.name not in LEFT_OUT]
    write(OUT / "expect_shared.jsonl", shared, queries)


if __name__ == "__main__":
    main()
