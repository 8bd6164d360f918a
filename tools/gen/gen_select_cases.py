#!/usr/bin/env python3
"""Generate the test data of `jaque select` (CC0): tests/data/pgn/select.pgn, the games it
is tried on, and the games python-chess says each command line selects there
(tests/data/select.expect.json) and in the real files of ../shared/data/pgn/real
(tests/data/select_shared.expect.json).

Oracle: python-chess 1.11.2 (pip install chess==1.11.2), never jaque. Deterministic:
random.Random(SEED), SEED = 5252; a rerun with the same python-chess (and the same shared
files) writes byte-identical files.

select.pgn (select_cases/corpus.py, duplicates.py): random games with tags to filter on
(Elo numbers and junk, dates with `??` in each field, Event names, players with commas,
every Result and none); games that reach the targets (select_cases/targets.py) by several
move orders, near misses with the target's placement and another EPD (no en passant
capture, castling rights lost), games from a [FEN], targets reached only inside variations;
illegal and ambiguous moves (the game ends at its first error), each status; duplicates
written otherwise (other tags, comments, NAGs, check marks, captures without `x`,
over-disambiguation, `0-0`, `e8Q`) and near-duplicates, games with the same final position
and plies by other paths; a Latin-1 game, CRLF games, games without tags or termination
marker. The games are shuffled.

Each game's text is cut as jaque cuts games (select_cases/split.py) and read by python-chess
alone (select_cases/facts.py); what each command line selects is decided on those facts
(select_cases/choose.py). The expectation files hold, per game, the line where it starts
(to compare output bytes with the input's), and per command line (select_cases/specs.py)
the 0-based indices of the games selected, as ranges ("0-3,7"):

  {"generator", "oracle", "seed", "input", "games": [{"line", "kind"}...],
   "specs": [{"args": [...], "selected": "..."}...]}
  select_shared.expect.json: {"generator", "oracle", "source",
   "files": [{"name", "sha256", "games", "lines": [...]}...], "specs": [...]}
  (games numbered across the files, in the order of their sorted names)

With pgn-extract installed (19.04, /usr/games/pgn-extract), the log also says where its
selections differ from the oracle's, and why (select_cases/pgn_extract.py).

Usage: python3 tools/gen/gen_select_cases.py [--shared DIR] [--no-shared] [--pgn-extract PATH]
"""

import argparse
import glob
import hashlib
import json
import os
import random
import sys
import time

import chess

from select_cases import corpus, duplicates, pgn_extract, specs
from select_cases.choose import selected, wanted_epds
from select_cases.facts import read_stream
from select_cases.split import game_starts, line_numbers
from select_cases.writing import game_bytes

SEED = 5252
GENERATOR = "tools/gen/gen_select_cases.py"
ORACLE = "python-chess " + chess.__version__
HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
PGN = os.path.join(ROOT, "tests", "data", "pgn", "select.pgn")
EXPECT = os.path.join(ROOT, "tests", "data", "select.expect.json")
EXPECT_SHARED = os.path.join(ROOT, "tests", "data", "select_shared.expect.json")


def build(rng):
    """Every game, shuffled; the game without a termination marker is followed by one with
    tags (else the two would be one game)."""
    cases = (corpus.random_games(rng, 130) + corpus.transpositions(rng) +
             corpus.fen_starts(rng) + corpus.in_variations(rng) +
             corpus.mainline_errors(rng) + corpus.statuses(rng) + corpus.odd_forms(rng))
    cases += duplicates.duplicates(rng, cases)
    rng.shuffle(cases)
    for i, c in enumerate(cases[:-1]):
        if not c.marker and not cases[i + 1].tags:
            cases[i + 1], cases[-1] = cases[-1], cases[i + 1]
    assert cases[-1].marker and all(c.tags for c, d in zip(cases, cases[1:]) if not c.marker)
    return cases


def ranges(indices):
    """`[0, 1, 2, 3, 7]` as "0-3,7"."""
    parts, run = [], []
    for i in indices:
        if run and i == run[-1] + 1:
            run.append(i)
            continue
        if run:
            parts.append(f"{run[0]}-{run[-1]}" if len(run) > 1 else str(run[0]))
        run = [i]
    if run:
        parts.append(f"{run[0]}-{run[-1]}" if len(run) > 1 else str(run[0]))
    return ",".join(parts)


def dump(value):
    return json.dumps(value, ensure_ascii=False)


def write_json(path, header, rows):
    """A JSON object: the header's fields, then each (key, list) of `rows` one item a line."""
    lines = ["{"] + [f"  {dump(k)}: {dump(v)}," for k, v in header.items()]
    for n, (key, items) in enumerate(rows):
        lines.append(f"  {dump(key)}: [")
        lines.extend(f"    {dump(item)}{',' if i + 1 < len(items) else ''}"
                     for i, item in enumerate(items))
        lines.append("  ]" + ("," if n + 1 < len(rows) else ""))
    lines.append("}")
    with open(path, "w", encoding="utf-8", newline="\n") as out:
        out.write("\n".join(lines) + "\n")


def expectations(spec_lists, facts):
    return [{"args": args, "selected": ranges(selected(args, facts))} for args in spec_lists]


def vendored(rng):
    """Writes select.pgn and its expectations; returns what pgn_extract.compare needs."""
    cases = build(rng)
    texts = [game_bytes(c) for c in cases]
    data = b"".join(texts)
    written = line_numbers(data, [sum(map(len, texts[:i])) for i in range(len(texts))])
    assert line_numbers(data, game_starts(data)) == written, "the splitter cuts as written"
    spec_lists = specs.vendored()
    games = read_stream(data, wanted_epds(spec_lists))
    assert [line for line, _ in games] == written
    facts = [f for _, f in games]
    for c, f in zip(cases, facts):
        assert bool(f.errors) == bool(c.after or c.override) or "variation error" in c.kind, c.kind
    with open(PGN, "wb") as out:
        out.write(data)
    header = {"generator": GENERATOR, "oracle": ORACLE, "seed": SEED,
              "input": "tests/data/pgn/select.pgn"}
    write_json(EXPECT, header, [
        ("games", [{"line": line, "kind": c.kind} for line, c in zip(written, cases)]),
        ("specs", expectations(spec_lists, facts))])
    print(f"select.pgn: {len(cases)} games, {len(data)} bytes, "
          f"{sum(1 for f in facts if f.errors)} with errors; {len(spec_lists)} command lines")
    names = [f"#{i} {c.kind}" for i, c in enumerate(cases)]
    return "select.pgn", [data], facts, names, spec_lists


def shared(source):
    """Writes the expectations on the real files of `source`; returns what
    pgn_extract.compare needs."""
    started = time.time()
    paths = sorted(glob.glob(os.path.join(source, "*.pgn")))
    spec_lists = specs.shared()
    wanted = wanted_epds(spec_lists)
    files, facts, datas, names = [], [], [], []
    for path in paths:
        with open(path, "rb") as handle:
            data = handle.read()
        games = read_stream(data, wanted)
        datas.append(data)
        names.extend(f"{os.path.basename(path)}:{line}" for line, _ in games)
        files.append({"name": os.path.basename(path), "sha256": hashlib.sha256(data).hexdigest(),
                      "games": len(games), "lines": [line for line, _ in games]})
        facts.extend(f for _, f in games)
    read = time.time() - started
    header = {"generator": GENERATOR, "oracle": ORACLE, "source": "shared/data/pgn/real"}
    write_json(EXPECT_SHARED, header, [("files", files),
                                       ("specs", expectations(spec_lists, facts))])
    print(f"shared: {len(paths)} files, {len(facts)} games, {len(spec_lists)} command lines; "
          f"python-chess read them in {read:.0f} s, all done in {time.time() - started:.0f} s")
    return "the real files", datas, facts, names, spec_lists


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--shared", default="/work/shared/data/pgn/real")
    parser.add_argument("--no-shared", action="store_true")
    parser.add_argument("--pgn-extract", default="/usr/games/pgn-extract")
    args = parser.parse_args()
    inputs = [vendored(random.Random(SEED))]
    if not args.no_shared:
        inputs.append(shared(args.shared))
    if os.path.exists(args.pgn_extract):
        pgn_extract.compare(args.pgn_extract, inputs, selected)
    else:
        print(f"no pgn-extract at {args.pgn_extract}: no comparison", file=sys.stderr)


if __name__ == "__main__":
    main()
