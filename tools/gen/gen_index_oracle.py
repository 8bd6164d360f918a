#!/usr/bin/env python3
"""The index's oracle (issue 55): what `jaque tree` and `jaque find` must answer, computed by
python-chess from the games themselves, for positions drawn at random from a corpus.

    python3 tools/gen/gen_index_oracle.py [--games 100000] [--positions 3000]

The corpus is made by tools/gen/corpus (the same generator the tests run, so CI makes the same
bytes without python-chess): `corpus.pgn` (GAMES games from seed 55) and `again.pgn` (every
500th game of it once more, which the index must count once). Both go to target/index-corpus/.
The answers go to tests/data/index/oracle.jsonl, one object a position:

  {"fen": EPD, "tree": {"games", "white", "draws", "black", "moves": [{"uci", "san", "games",
   "white", "draws", "black"}, ...]}, "find": {"games": N, "first": [{"file", "offset", "line",
   "ply"}, ...]}}

by CONTRACT.md's rules: positions compared as EPD (python-chess's, en passant only where a
capture is legal); a game counts once for a position, at its first occurrence in the
mainline (that ply in find, the move played there in tree); the same game (start position
and mainline moves) in several files or twice in one counts once, at its first copy; a game
without a result counts in games, not in white/draws/black; moves by games, most first, ties
by UCI. `first` lists the first 20 games in file order (corpus.pgn, then again.pgn) and game
order within a file.
"""

import argparse
import io
import json
import random
import re
import subprocess
from pathlib import Path

import chess
import chess.pgn

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "tests/data/index/oracle.jsonl"
CORPUS = ROOT / "target/index-corpus"
SEED = 55
FIRST = 20


def make_corpus(games):
    """Writes corpus.pgn and again.pgn; returns their paths."""
    CORPUS.mkdir(parents=True, exist_ok=True)
    corpus, again = CORPUS / "corpus.pgn", CORPUS / "again.pgn"
    subprocess.run(["cargo", "run", "--quiet", "--release", "--manifest-path",
                    str(ROOT / "tools/gen/corpus/Cargo.toml"), "--", str(SEED), str(games),
                    str(corpus)], check=True)
    texts = split(corpus.read_text())
    again.write_text("".join(text for _, _, text in texts[::500]))
    return [corpus, again]


def split(text):
    """The games of a PGN text: (byte offset, line, text), cut where a tag section starts
    after a blank line (the corpus's games all start with [Event ...])."""
    starts = [m.start() for m in re.finditer(r"^\[Event ", text, re.M)]
    ends = starts[1:] + [len(text)]
    out = []
    for start, end in zip(starts, ends):
        offset = len(text[:start].encode())
        out.append((offset, text.count("\n", 0, start) + 1, text[start:end]))
    return out


def games_of(files):
    """Every game of the files, in order: (file name, offset, line, text)."""
    return [(path.name, offset, line, text)
            for path in files for offset, line, text in split(path.read_text())]


def first_positions(text):
    """A game's start, mainline, result, and the first occurrence of each of its positions:
    EPD -> (ply, move or None)."""
    game = chess.pgn.read_game(io.StringIO(text))
    moves = list(game.mainline_moves())
    board, first = game.board(), {}
    for ply, move in enumerate(moves + [None]):
        first.setdefault(board.epd(), (ply, move))
        if move is not None:
            board.push(move)
    return game.board(), moves, game.headers.get("Result", "*"), first


def san_at(start, moves, ply):
    """The SAN of the move played at `ply`."""
    board = start.copy()
    for move in moves[:ply]:
        board.push(move)
    return board.san(moves[ply])


def sample(games, positions):
    """EPDs drawn at random: a game, then one of its positions."""
    rng = random.Random(SEED)
    wanted = {}
    for _ in range(positions):
        _, _, _, text = rng.choice(games)
        _, _, _, first = first_positions(text)
        wanted.setdefault(rng.choice(sorted(first)), None)
    return list(wanted)


def answers(files, positions):
    """The oracle's answers for a sample of the corpus's positions."""
    games = games_of(files)
    wanted = sample(games, positions)
    found = {epd: {"games": 0, "white": 0, "draws": 0, "black": 0, "moves": {}, "first": []}
             for epd in wanted}
    seen = set()
    for file, offset, line, text in games:
        start, moves, result, first = first_positions(text)
        identity = (start.fen(), tuple(m.uci() for m in moves))
        if identity in seen:
            continue
        seen.add(identity)
        score = {"1-0": "white", "1/2-1/2": "draws", "0-1": "black"}.get(result)
        for epd in found.keys() & first.keys():
            ply, move = first[epd]
            tree = found[epd]
            tree["games"] += 1
            if score:
                tree[score] += 1
            if move is not None:
                if move.uci() not in tree["moves"]:
                    tree["moves"][move.uci()] = {"uci": move.uci(),
                                                 "san": san_at(start, moves, ply),
                                                 "games": 0, "white": 0, "draws": 0, "black": 0}
                m = tree["moves"][move.uci()]
                m["games"] += 1
                if score:
                    m[score] += 1
            if len(tree["first"]) < FIRST:
                tree["first"].append({"file": file, "offset": offset, "line": line, "ply": ply})
    for epd in wanted:
        tree = found[epd]
        moves = sorted(tree.pop("moves").values(), key=lambda m: (-m["games"], m["uci"]))
        first = tree.pop("first")
        yield {"fen": epd, "tree": {**tree, "moves": moves},
               "find": {"games": tree["games"], "first": first}}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--positions", type=int, default=3_000)
    args = parser.parse_args()
    files = make_corpus(args.games)
    OUT.parent.mkdir(parents=True, exist_ok=True)
    with OUT.open("w") as out:
        for answer in answers(files, args.positions):
            out.write(json.dumps(answer, separators=(",", ":")) + "\n")
    print(f"wrote {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
