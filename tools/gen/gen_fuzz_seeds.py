#!/usr/bin/env python3
"""Writes fuzz/seeds/<kind>/: the seed corpus `.ci/run` starts each fuzz target from.

Every seed is cut from this repository's own test data (tests/data, generated here, CC0),
so the corpus is small, needs no download, and is the same on every run:

- pgn (for the `pgn` and `fix` targets): runs of one to three games of the vendored PGN files (UTF-8, Latin-1, CRLF, a
  BOM, variations, Chess960, fix cases in three languages), the gzip and zstd files, one
  game in UTF-16 with its byte-order mark and one holding a NUL byte;
- san: a selector byte (language and position, see fuzz_targets/san.rs), then the SAN of a
  case of san_cases.tsv;
- fen: FENs of the perft files;
- query: the queries of tests/data/query/queries.txt.

Seeds are named by the SHA-1 of their bytes, as libFuzzer names what it adds.
Run from the repository root: python3 tools/gen/gen_fuzz_seeds.py (no argument; the output is
the same bytes every time).
"""

import hashlib
import os
import re
import shutil

DATA = "tests/data"
OUT = "fuzz/seeds"
# libFuzzer's -max_len for these seeds in .ci/run: a seed longer than it would be cut.
MAX_LEN = {"pgn": 16384, "san": 64, "fen": 128, "query": 256}


def games(path):
    """The games of a vendored PGN file, as bytes, each from its first tag (or move)."""
    data = open(path, "rb").read()
    starts = [m.start() for m in re.finditer(rb"(?m)^\[Event ", data)] or [0]
    starts[0] = 0
    return [data[a:b] for a, b in zip(starts, starts[1:] + [len(data)])]


def pgn_seeds():
    seeds = []
    files = ["generated.pgn", "variations.pgn", "fmt_input.pgn", "fix_input.pgn",
             "fix_input.es.pgn", "fix_input.de.pgn", "select.pgn", "repetition.pgn"]
    for name in files:
        found = games(os.path.join(DATA, "pgn", name))
        # Every 12th game, one to three at a time: a few of each kind of case.
        for i in range(0, len(found), 12):
            seeds.append(b"".join(found[i:i + 1 + i % 3]))
    for name in ["first20.pgn.gz", "first20.pgn.zst"]:
        seeds.append(open(os.path.join(DATA, "pgn", name), "rb").read())
    game = games(os.path.join(DATA, "pgn", "variations.pgn"))[0].decode()
    seeds.append(b"\xff\xfe" + game.encode("utf-16-le"))
    seeds.append(game.replace("{", "{\0", 1).encode())
    return seeds


def tsv(path):
    return [line.split("\t") for line in open(path, encoding="utf-8")
            if line.strip() and not line.startswith("#")]


def san_seeds():
    seeds = []
    for i, row in enumerate(tsv(os.path.join(DATA, "san_cases.tsv"))[::3]):
        seeds.append(bytes([i % 20]) + row[2].encode())
    return seeds


def fen_seeds():
    seeds = []
    for name in ["perft_random.epd", "perft_960.epd"]:
        lines = [l for l in open(os.path.join(DATA, name), encoding="ascii")
                 if l.strip() and not l.startswith("#")]
        seeds += [l.split(";")[0].strip().encode() for l in lines[::10]]
    return seeds


def query_seeds():
    lines = open(os.path.join(DATA, "query", "queries.txt"), encoding="utf-8")
    return [line.split("  #")[0].strip().encode() for line in lines
            if line.strip() and not line.startswith("#")]


def main():
    corpus = {"pgn": pgn_seeds(), "san": san_seeds(), "fen": fen_seeds(),
              "query": query_seeds()}
    for target, seeds in corpus.items():
        out = os.path.join(OUT, target)
        shutil.rmtree(out, ignore_errors=True)
        os.makedirs(out)
        for seed in seeds:
            seed = seed[:MAX_LEN[target]]
            name = hashlib.sha1(seed).hexdigest()
            with open(os.path.join(out, name), "wb") as f:
                f.write(seed)
        size = sum(len(s[:MAX_LEN[target]]) for s in seeds)
        print(f"{out}: {len(seeds)} seeds, {size} bytes")


if __name__ == "__main__":
    main()
