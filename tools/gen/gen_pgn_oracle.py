#!/usr/bin/env python3
"""Generate tests/data/pgn_oracle/*.jsonl: what python-chess makes of third-party PGN files.

Oracle: python-chess 1.11.2 (pip install chess==1.11.2), chess.pgn.read_game.
No randomness (no seed needed): the output depends only on the input files and
the python-chess version.

Inputs: every /work/shared/data/pgn/real/*.pgn and /work/shared/data/pgn/tricky/*.pgn
(third-party files, some GPL). They are NOT copied into the repository; only
facts derived from them (counts, FENs, error texts) are written.

Output: one <input stem>.jsonl per input file, plus README.md, in
tests/data/pgn_oracle/. Each .jsonl starts with a header object
  {"source", "sha256", "games", "oracle", "decoding_replacements"}
followed by one object per game, in file order:
  game            0-based index of the game in the file (read_game loop)
  line            1-based line number of the first line python-chess used for
                  the game (first tag line, or first movetext line for a game
                  without tags); counted by wrapping the handle's readline()
                  (lines end at LF; CRLF counts once; the inputs have no lone CR)
  starts_with_tag whether that line starts with "[". False means python-chess
                  started a game at movetext or a comment: it ends a game at
                  every blank line outside a comment, so a blank line between
                  the tags+comment and the moves splits one real game in two
  mainline_plies  number of mainline moves python-chess parsed (it stops the
                  mainline at the first illegal/ambiguous move)
  final_fen       board.fen() after the mainline (X-FEN castling when the
                  board is chess960), or null if python-chess could not set up
                  the start position
  chess960        board.chess960 of the final board (Variant tag such as
                  "Chess960"/"fischerandom", or Chess960-only castling rights
                  in the FEN)
  variant         board.uci_variant ("chess" for standard and chess960)
  errors          [str(e) for e in game.errors]
  result_tag      game.headers.get("Result"). NB python-chess fills it from the
                  termination marker when the tag is missing or "*"
  result_marker   the mainline termination marker python-chess visited
                  (1-0, 0-1, 1/2-1/2, *), or null (none, or skipped after an
                  error in the mainline)
  variations      number of nodes in the game tree (root excluded) minus
                  mainline_plies, i.e. all moves that sit in variations
  status          checkmate | stalemate | insufficient_material | fifty_moves
                  (halfmove_clock >= 100) | threefold (is_repetition(3)) |
                  ongoing, tested in that order on the final mainline board

Files are read with open(path, encoding="utf-8-sig", errors="replace");
decoding_replacements tells whether a strict UTF-8 decode would have failed.

Usage:  python3 tools/gen/gen_pgn_oracle.py [--src /work/shared/data/pgn] [--out tests/data/pgn_oracle]
"""

import argparse
import glob
import hashlib
import json
import logging
import os
import sys

import chess
import chess.pgn

from oracle_status import status_of

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_SRC = "/work/shared/data/pgn"
DEFAULT_OUT = os.path.join(HERE, "..", "..", "tests", "data", "pgn_oracle")
ORACLE = "python-chess " + chess.__version__

logging.getLogger("chess.pgn").setLevel(logging.CRITICAL)


class LineCounter:
    """Wraps a text handle; remembers the 1-based number of every line read."""

    def __init__(self, handle):
        self.handle = handle
        self.lineno = 0
        self.read = []  # (lineno, text) of lines read since the last reset

    def readline(self):
        line = self.handle.readline()
        if line:
            self.lineno += 1
            self.read.append((self.lineno, line))
        return line


def game_start(read):
    """(line number, text) where read_game found its first token (mirrors its skip loop)."""
    for i, (lineno, text) in enumerate(read):
        if i == 0:
            text = text.lstrip("\ufeff")
        if text.isspace() or text.startswith("%") or text.startswith(";"):
            continue
        return lineno, text
    return None, None


class Builder(chess.pgn.GameBuilder):
    """GameBuilder that also remembers the mainline termination marker it saw."""

    def begin_game(self):
        super().begin_game()
        self.game.result_marker = None

    def visit_result(self, result):
        if self.game.result_marker is None:
            self.game.result_marker = result
        super().visit_result(result)


def count_nodes(node):
    """Nodes below `node` (node itself excluded)."""
    total = 0
    stack = list(node.variations)
    while stack:
        n = stack.pop()
        total += 1
        stack.extend(n.variations)
    return total


def game_record(index, line, first_text, game):
    plies = sum(1 for _ in game.mainline_moves())
    try:
        board = game.end().board()
    except ValueError:
        board = None
    rec = {
        "game": index,
        "line": line,
        "starts_with_tag": first_text is not None and first_text.startswith("["),
        "mainline_plies": plies,
        "final_fen": board.fen() if board is not None else None,
        "chess960": bool(board.chess960) if board is not None else None,
        "variant": board.uci_variant if board is not None else None,
        "errors": [str(e) for e in game.errors],
        "result_tag": game.headers.get("Result"),
        "result_marker": game.result_marker,
        "variations": count_nodes(game) - plies,
        "status": status_of(board) if board is not None else None,
    }
    return rec


def process(path, src_root):
    with open(path, "rb") as f:
        raw = f.read()
    sha = hashlib.sha256(raw).hexdigest()
    try:
        raw.decode("utf-8-sig")
        replacements = False
    except UnicodeDecodeError:
        replacements = True

    records = []
    with open(path, encoding="utf-8-sig", errors="replace") as f:
        counter = LineCounter(f)
        while True:
            counter.read = []
            game = chess.pgn.read_game(counter, Visitor=Builder)
            if game is None:
                break
            line, first_text = game_start(counter.read)
            records.append(game_record(len(records), line, first_text, game))

    header = {
        "source": os.path.relpath(path, src_root),
        "sha256": sha,
        "games": len(records),
        "oracle": ORACLE,
        "decoding_replacements": replacements,
    }
    return header, records


def dump(obj):
    return json.dumps(obj, ensure_ascii=False, separators=(", ", ": "))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--src", default=DEFAULT_SRC)
    ap.add_argument("--out", default=DEFAULT_OUT)
    args = ap.parse_args()

    inputs = sorted(glob.glob(os.path.join(args.src, "real", "*.pgn"))) + \
        sorted(glob.glob(os.path.join(args.src, "tricky", "*.pgn")))
    if not inputs:
        sys.exit(f"no input files under {args.src}")
    os.makedirs(args.out, exist_ok=True)

    summary = []
    names = set()
    for path in inputs:
        header, records = process(path, args.src)
        name = os.path.splitext(os.path.basename(path))[0]
        assert name not in names, f"duplicate output name {name}"
        names.add(name)
        with open(os.path.join(args.out, name + ".jsonl"), "w", encoding="utf-8", newline="\n") as f:
            f.write(dump(header) + "\n")
            for rec in records:
                f.write(dump(rec) + "\n")
        with_errors = sum(1 for r in records if r["errors"])
        summary.append((header["source"], name + ".jsonl", len(records), with_errors,
                        sum(1 for r in records if r["chess960"]), header["decoding_replacements"]))
        print(f"{header['source']}: {len(records)} games, {with_errors} with errors", file=sys.stderr)

    with open(os.path.join(args.out, "README.md"), "w", encoding="utf-8", newline="\n") as f:
        f.write(README_HEAD.format(oracle=ORACLE))
        f.write("| source (under shared/data/pgn) | oracle file | games | games with python-chess errors | chess960 games | decoding replacements |\n")
        f.write("| --- | --- | ---: | ---: | ---: | --- |\n")
        for src, out, n, nerr, n960, repl in summary:
            f.write(f"| `{src}` | `{out}` | {n} | {nerr} | {n960} | {'yes' if repl else 'no'} |\n")
        tot = sum(s[2] for s in summary)
        terr = sum(s[3] for s in summary)
        f.write(f"| **total** ({len(summary)} files) | | {tot} | {terr} | {sum(s[4] for s in summary)} | |\n")


README_HEAD = """# python-chess oracle for third-party PGN files

Generated by `tools/gen/gen_pgn_oracle.py` with **{oracle}** (`chess.pgn.read_game`
in a loop over each file). The input files live outside the repository, in
`/work/shared/data/pgn/{{real,tricky}}/*.pgn` (third-party, some GPL); they are
not copied here. Only facts derived from them are stored: per-game counts,
FENs, python-chess's error texts. Each `.jsonl` header holds the input's
SHA-256, so a test can skip or fail loudly when the input changes.

Format and field meanings: see the generator's docstring and
`tests/data/ORACLE_DATA.md` (section "PGN oracle"). Regenerate from the
repository root with

```sh
pip install chess==1.11.2
python3 tools/gen/gen_pgn_oracle.py   # --src /work/shared/data/pgn --out tests/data/pgn_oracle
```

Licence of these derived files: CC0 1.0 (generated here).

"""


if __name__ == "__main__":
    main()
