#!/usr/bin/env python3
"""Generate tests/data/openings/: what python-chess says of the lichess opening set
(data/openings) and of games classified by it.

Oracle: python-chess 1.11.2 (pip install chess==1.11.2). games.pgn is made with
random.Random(SEED), SEED = 5252 (openings_games.py). Same python-chess, same inputs:
byte-identical output.

Writes, into --out (default tests/data/openings):
  epd.tsv     for each line of data/openings/a.tsv to e.tsv, in order: file, line number and
              the EPD python-chess gives after the line's moves (board.epd(): en passant only
              when a legal capture exists). The oracle of data/openings/positions.tsv, which
              jaque writes (tests/library/openings.rs).
  games.pgn   games made to classify (see openings_games.py), exported by python-chess.
  games.tsv   the classification of every game of games.pgn and of the vendored files of
              tests/data/pgn named in VENDORED.
  shared.tsv  the same for every /work/shared/data/pgn/real/*.pgn (--shared to move it);
              left as it is when the directory is absent. Only facts about the games (their
              index, plies, opening) are written, not the games.

games.tsv and shared.tsv: `# source FILE sha256 HEX games N left_out M` comment lines, then
the columns file, game (0-based, read_game in a loop), plies (mainline moves python-chess
played), ply, eco, name (`-` for the last three when no position is named). A game that
python-chess reads with errors (game.errors: an illegal, ambiguous or unreadable move, a bad
FEN) is left out (M of the N): after an error inside a variation python-chess may attach the
later mainline moves to the wrong position, so its mainline is no oracle there. So are the
games of generated.pgn made with an unreadable word in the movetext (category "syntax" in
generated.expect.jsonl): python-chess skips the word without an error, jaque stops there.

Classification (lichess's, as jaque's contract says it): the deepest mainline position after
ply 0 whose EPD is the EPD after some line of the set; where several lines end in one EPD, the
last in file order names it (a dict filled in file order, as lila's OpeningDb map, which a
later line overwrites). A game of a variant other than chess or Chess960 is not classified.

Usage (from the repository root):
  python3 tools/gen/gen_openings_oracle.py [--out DIR] [--shared DIR]
"""

import argparse
import glob
import hashlib
import io
import json
import logging
import os
import random

import chess
import chess.pgn

from openings_games import all_games

SEED = 5252
HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "..", "..")
SET = os.path.join(ROOT, "data", "openings")
VENDORED = [
    "generated.pgn",
    "repetition.pgn",
    "fmt_input.pgn",
    "fmt_expected.pgn",
    "variations.pgn",
]
GENERATOR = "tools/gen/gen_openings_oracle.py"
ORACLE = "python-chess " + chess.__version__

logging.getLogger("chess.pgn").setLevel(logging.CRITICAL)


def read_set():
    """The set's lines in file order: (file, line number, eco, name, moves)."""
    lines = []
    for letter in "abcde":
        name = f"{letter}.tsv"
        with open(os.path.join(SET, name), encoding="utf-8") as handle:
            rows = handle.read().split("\n")
        assert rows[0] == "eco\tname\tpgn", name
        for number, row in enumerate(rows[1:], 2):
            if not row:
                continue
            eco, title, pgn = row.split("\t")
            board = chess.Board()
            for word in pgn.split():
                if not word.endswith("."):
                    board.push_san(word)
            lines.append((name, number, eco, title, list(board.move_stack)))
    return lines


def named_epds(lines):
    """EPD -> (eco, name): a later line overwrites an earlier one."""
    named = {}
    for _, _, eco, title, moves in lines:
        board = chess.Board()
        for move in moves:
            board.push(move)
        named[board.epd()] = (eco, title)
    return named


def classify(game, named):
    """(plies, ply, eco, name) of a game, ply/eco/name None when nothing is named."""
    try:
        board = game.board()
    except ValueError:
        return 0, None, None, None
    if board.uci_variant != "chess":
        return 0, None, None, None
    best = (None, None, None)
    plies = 0
    for move in game.mainline_moves():
        assert not move or board.is_legal(move), f"python-chess's mainline has {move} in {board.fen()}"
        board.push(move)
        plies += 1
        found = named.get(board.epd())
        if found:
            best = (plies, *found)
    return (plies, *best)


def syntax_games(pgn_dir):
    """The games of generated.pgn made with an unreadable word in their movetext (their
    category in generated.expect.jsonl, which gen_pgn_cases.py wrote): python-chess skips the
    word and reads on without an error, so its mainline is no oracle there either."""
    with open(os.path.join(pgn_dir, "generated.expect.jsonl"), encoding="utf-8") as handle:
        rows = [json.loads(line) for line in handle.read().split("\n")[1:] if line]
    return {row["game"] for row in rows if row.get("category") == "syntax"}


def dash(value):
    """A field: `-` for None."""
    return "-" if value is None else str(value)


def classify_file(label, path, named, skip=frozenset()):
    """The header line and the rows of every game of a file but those of `skip`."""
    with open(path, "rb") as handle:
        data = handle.read()
    text = data.decode("utf-8-sig", errors="replace")
    stream = io.StringIO(text)
    rows = []
    index = 0
    while True:
        game = chess.pgn.read_game(stream)
        if game is None:
            break
        if not game.errors and index not in skip:
            plies, ply, eco, title = classify(game, named)
            rows.append(f"{label}\t{index}\t{plies}\t{dash(ply)}\t{dash(eco)}\t{dash(title)}")
        index += 1
    digest = hashlib.sha256(data).hexdigest()
    left_out = index - len(rows)
    return f"# source {label} sha256 {digest} games {index} left_out {left_out}", rows


def write_classified(out, sources, named, skips=None):
    """A games.tsv-style file for `sources`: (label, path) pairs; `skips`: games left out
    by label."""
    headers, rows = [], []
    for label, path in sources:
        skip = (skips or {}).get(label, frozenset())
        header, file_rows = classify_file(label, path, named, skip)
        headers.append(header)
        rows.extend(file_rows)
    with open(out, "w", encoding="utf-8", newline="\n") as handle:
        handle.write(f"# generator: {GENERATOR}; oracle: {ORACLE}\n")
        handle.write("".join(h + "\n" for h in headers))
        handle.write("file\tgame\tplies\tply\teco\tname\n")
        handle.write("".join(r + "\n" for r in rows))
    return len(rows)


def write_epds(out, lines):
    with open(out, "w", encoding="utf-8", newline="\n") as handle:
        handle.write(f"# generator: {GENERATOR}; oracle: {ORACLE}\n")
        handle.write("file\tline\tepd\n")
        for name, number, _, _, moves in lines:
            board = chess.Board()
            for move in moves:
                board.push(move)
            handle.write(f"{name}\t{number}\t{board.epd()}\n")


def write_games(out, lines):
    games = all_games([(eco, title, moves) for _, _, eco, title, moves in lines], random.Random(SEED))
    with open(out, "w", encoding="utf-8", newline="\n") as handle:
        for game in games:
            handle.write(str(game) + "\n\n")
    return games


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", default=os.path.join(ROOT, "tests", "data", "openings"))
    parser.add_argument("--shared", default="/work/shared/data/pgn/real")
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    lines = read_set()
    named = named_epds(lines)
    write_epds(os.path.join(args.out, "epd.tsv"), lines)
    games = write_games(os.path.join(args.out, "games.pgn"), lines)
    pgn_dir = os.path.join(ROOT, "tests", "data", "pgn")
    sources = [("openings/games.pgn", os.path.join(args.out, "games.pgn"))]
    sources += [(f"pgn/{name}", os.path.join(pgn_dir, name)) for name in VENDORED]
    skips = {"pgn/generated.pgn": syntax_games(pgn_dir)}
    count = write_classified(os.path.join(args.out, "games.tsv"), sources, named, skips)
    print(f"{len(lines)} lines, {len(named)} positions; {len(games)} games made; {count} classified")
    if os.path.isdir(args.shared):
        shared = sorted(glob.glob(os.path.join(args.shared, "*.pgn")))
        sources = [(f"real/{os.path.basename(p)}", p) for p in shared]
        count = write_classified(os.path.join(args.out, "shared.tsv"), sources, named)
        print(f"shared: {len(shared)} files, {count} games")
    else:
        print(f"{args.shared} is absent: shared.tsv left as it is")


if __name__ == "__main__":
    main()
