#!/usr/bin/env python3
"""The oracle of `jaque query` (issue 54): the core query forms of CONTRACT.md ("Queries")
read by a parser of its own and evaluated over python-chess 1.11.2's boards
(pip install chess==1.11.2), never by jaque (query_oracle/language.py, evaluate.py).

Each query of tests/data/query/queries.txt (`QUERY  # what it exercises`) is evaluated at
every mainline position of every game: ply 0 (the start, a [FEN] set-up included) to the
last move played; python-chess stops a mainline at its first illegal move (and, as
tools/oracle/pattern.py does, at a move it put in the tree that is not legal where it stands).
Games python-chess plays as another variant (crazyhouse, atomic, …: jaque does not play
them) and games whose start position it cannot read are not evaluated: their `plies` is
null in the header and they have no matches.

Writes, in tests/data/query/ (no randomness: a rerun writes the same bytes):
- expect.jsonl, for every tests/data/pgn/*.pgn but the two files written with localized
  piece letters (fix_input.de.pgn, fix_input.es.pgn: jaque reads them only with `--lang`);
- expect_shared.jsonl, for /work/shared/data/pgn/real/*.pgn (`--shared DIR`; skipped when
  absent) but LEFT_OUT (the three largest, and two that python-chess cuts into other games
  than jaque); the PGN files stay there, `file` is relative to shared/data.
Each: a header {"oracle", "generator", "files": {FILE: {"games", "plies": [...]}}} (plies:
python-chess's mainline length per game, or null), then per (query, file) one line
{"query", "file", "games": N, "matches": [[GAME, [PLY, ...]], ...]} (only games that match,
GAME 0-based in the file).

Usage: python3 tools/gen/gen_query_oracle.py [--shared DIR] [--no-shared]
(about 80 s of CPU: 30 s for the vendored files, 50 s for the shared ones)
"""

import argparse
import json
import logging
import sys
import time
from pathlib import Path

import chess
import chess.pgn

from query_oracle.evaluate import Line, matching_plies
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


def read_queries(path):
    """The queries of queries.txt, comments and blank lines aside."""
    queries = []
    for raw in path.read_text(encoding="utf-8").splitlines():
        text = raw.split("#", 1)[0].strip()
        if text:
            queries.append(text)
    return queries


def mainline(game):
    """The game's Line, or None when it is not evaluated (another variant, a bad start)."""
    try:
        board = game.board()
    except ValueError:
        return None
    if type(board) is not chess.Board:
        return None
    boards, moves = [board.copy(stack=False)], [None]
    for move in game.mainline_moves():
        if move and not board.is_legal(move):
            break
        board.push(move)
        boards.append(board.copy(stack=False))
        moves.append(move)
    return Line(boards, moves)


def read_games(path):
    """Every game of a PGN file as python-chess reads it, as a Line or None."""
    games = []
    with open(path, encoding="utf-8-sig", errors="replace") as handle:
        while (game := chess.pgn.read_game(handle)) is not None:
            games.append(mainline(game))
    return games


def write(out, files, queries):
    """One expectation file: the header, then each query on each file."""
    started = time.time()
    read = {name: read_games(path) for name, path in files}
    header = {"oracle": ORACLE, "generator": GENERATOR,
              "files": {name: {"games": len(games),
                               "plies": [None if g is None else len(g.boards) - 1 for g in games]}
                        for name, games in read.items()}}
    lines = [json.dumps(header)]
    total = 0
    for query in queries:
        tree = parse(query)
        for name, games in read.items():
            matches = []
            for index, game in enumerate(games):
                plies = [] if game is None else matching_plies(game, tree)
                if plies:
                    matches.append([index, plies])
            total += sum(len(p) for _, p in matches)
            lines.append(json.dumps({"query": query, "file": name, "games": len(games),
                                     "matches": matches}))
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
    queries = read_queries(QUERIES)
    vendored = [("pgn/" + p.name, p) for p in sorted((ROOT / "tests/data/pgn").glob("*.pgn"))
                if p.name not in LOCALIZED]
    write(OUT / "expect.jsonl", vendored, queries)
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
