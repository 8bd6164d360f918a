"""The index section of tools/bench/benchmarks.py (issue 55), on a million made-up games
(`tools/gen/corpus`, seed 1): `jaque index` with 1 and 2 jobs (goal: 100,000 games a second
with 2), the index's size against the plain and the zstd PGN (goal: under the plain),
`tree` and `find` latency cold (a new `jaque` process a query) and warm (one process,
`benches/index_latency.rs`) at p50 and p99 (goals: p99 under 100 ms cold, 10 ms warm), and
`jaque query` through the index against the same query on the PGN, whole processes in turns;
and what `find` on the zstd PGN costs: that index keeps the games' text (src/index/kept.rs).

The positions asked are drawn as the oracle test draws them: a random walk from the start,
each move chosen with the weight of the games that played it, stopped at a random depth (a
random game's random ply), seeded.

    python3 tools/bench/benchmarks.py --only index [--quick]

Standard library only; the zstd CLI for the compressed size.
"""

import json
import os
import random
import shutil
import statistics
import subprocess
import time
from pathlib import Path

from whole_process import Failed, alternate, in_turns, median_of, ratio, timed

CORPUS = "tools/gen/corpus/Cargo.toml"
QUERIES = ["material KRvK", "material KQQvK", "check and ply > 40"]


class Bench:
    def __init__(self, run):
        self.run = run
        self.games = 200_000 if run.quick else 1_000_000
        self.positions = 100 if run.quick else 400
        self.cold = 30 if run.quick else 100
        self.rounds = 3 if run.quick else 5
        self.commands = [run.cargo(["build", "--release", "--bin", "jaque"])[0],
                         run.cargo(["build", "--release", "--manifest-path", CORPUS])[0]]
        self.jaque = str(run.target_dir() / "release" / "jaque")
        self.folder = run.target_dir() / "bench-index"
        self.pgn = self.folder / f"c{self.games}.pgn"
        self.db = self.folder / f"c{self.games}.index"
        self.zst = Path(str(self.pgn) + ".zst")
        self.built = {}

    def make_corpus(self):
        self.folder.mkdir(parents=True, exist_ok=True)
        if not self.pgn.exists():
            generator = self.run.target_dir(CORPUS) / "release" / "jaque-corpus"
            subprocess.run([str(generator), "1", str(self.games), str(self.pgn)], check=True)
        self.commands.append(f"jaque-corpus 1 {self.games} c{self.games}.pgn")

    def json(self, *args):
        done = subprocess.run([self.jaque, *args], capture_output=True, text=True)
        if done.returncode not in (0, 1):
            raise Failed(f"jaque {' '.join(args)}: exit {done.returncode}: {done.stderr[-500:]}")
        return json.loads(done.stdout)


# Builds timed for each number of jobs, the median kept: a build's wall time moves by several
# per cent from run to run on a shared machine.
BUILDS = 3


def build_rows(b):
    """`jaque index` of the corpus with 1 and 2 jobs, each into a new index, [`BUILDS`] times
    in turns; the median build (by wall time) of each."""
    rows = ["| `jaque index DB F -j N` | wall (median) | CPU | games indexed a second | "
            "the builds' walls | goal |", "|---|---|---|---|---|---|"]
    runs = {1: [], 2: []}
    for _ in range(BUILDS):
        for jobs in (1, 2):
            if b.db.exists():
                b.db.unlink()
            runs[jobs].append(timed([[b.jaque, "index", str(b.db), str(b.pgn), "-j", str(jobs)]]))
    games = b.json("index", "--stats", "--json", str(b.db))["games"]
    for jobs in (1, 2):
        walls = sorted(runs[jobs])
        wall, cpu = walls[len(walls) // 2]
        b.built[jobs] = (wall, cpu)
        goal = "≥ 100,000" if jobs == 2 else ""
        each = ", ".join(f"{w:.1f} s" for w, _ in runs[jobs])
        rows.append(f"| {jobs} job{'s' if jobs > 1 else ''} | {wall:.1f} s | {cpu:.1f} s | "
                    f"**{games / wall:,.0f}** | {each} | {goal} |")
    b.commands.append(f"jaque index DB c{b.games}.pgn -j 1, then -j 2 (a new DB each), "
                      f"{BUILDS} times")
    return rows, games


def size_rows(b):
    plain = b.pgn.stat().st_size
    rows = ["| bytes | MB | index / this |", "|---|---|---|",
            f"| the index | {b.db.stat().st_size / 1e6:,.0f} | |",
            f"| plain PGN | {plain / 1e6:,.0f} | **{b.db.stat().st_size / plain:.2f}x** (goal < 1) |"]
    if shutil.which("zstd"):
        zst = b.zst
        if not zst.exists():
            subprocess.run(["zstd", "-q", "-T2", "-f", str(b.pgn), "-o", str(zst)], check=True)
        rows.append(f"| zstd PGN (level 3) | {zst.stat().st_size / 1e6:,.0f} | "
                    f"{b.db.stat().st_size / zst.stat().st_size:.2f}x |")
        b.commands.append(f"zstd -T2 c{b.games}.pgn")
    return rows


def sample_positions(b):
    """FENs drawn by weighted random walks down the tree (seed 55)."""
    rng, fens = random.Random(55), []
    while len(fens) < b.positions:
        depth, moves = rng.randint(0, 40), []
        tree = b.json("tree", str(b.db), "--json")
        for _ in range(depth):
            played = [m for m in tree["moves"] if m["games"] > 0]
            if not played:
                break
            move = rng.choices(played, weights=[m["games"] for m in played])[0]
            moves.append(move["san"])
            tree = b.json("tree", str(b.db), "--moves", " ".join(moves), "--json")
        fens.append(tree["fen"])
    path = b.folder / "positions.fen"
    path.write_text("\n".join(fens) + "\n")
    return path, fens


def percentiles(samples):
    ordered = sorted(samples)
    at = lambda p: ordered[max(0, min(len(ordered) - 1, round(p * len(ordered)) - 1))]
    return at(0.50), at(0.99)


def cold_finds(b, db, fens):
    """Milliseconds of `find DB --fen FEN --limit 20 --json`, a new process each."""
    took = []
    for fen in fens[:b.cold]:
        began = time.perf_counter()
        subprocess.run([b.jaque, "find", str(db), "--fen", fen, "--limit", "20", "--json"],
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
        took.append((time.perf_counter() - began) * 1e3)
    return took


def kept_rows(b, fens):
    """The plain PGN's index against the zstd PGN's, which keeps the games' text."""
    if not b.zst.exists():
        return []
    db = b.folder / f"c{b.games}.zst.index"
    if db.exists():
        db.unlink()
    wall, cpu = timed([[b.jaque, "index", str(db), str(b.zst), "-j", "2"]])
    games = b.json("index", "--stats", "--json", str(db))["games"]
    plain = b.pgn.stat().st_size
    rows = ["| index of | `index -j 2` wall | CPU | games a second | index MB | index / plain PGN "
            "| `find` cold p50 | cold p99 |", "|---|---|---|---|---|---|---|---|"]
    for name, path, (w, c) in (("plain PGN", b.db, b.built[2]), ("zstd PGN", db, (wall, cpu))):
        p50, p99 = percentiles(cold_finds(b, path, fens))
        rows.append(f"| {name} | {w:.1f} s | {c:.1f} s | {games / w:,.0f} | "
                    f"{path.stat().st_size / 1e6:,.0f} | {path.stat().st_size / plain:.2f}x | "
                    f"{p50:.1f} ms | {p99:.1f} ms |")
    b.commands.append(f"jaque index DB c{b.games}.pgn.zst -j 2; find as above on both indexes")
    db.unlink()
    return rows


def latency_rows(b, path, fens):
    rows = ["| answer | cold p50 | cold p99 | warm p50 | warm p99 | goal (p99) |",
            "|---|---|---|---|---|---|"]
    cold = {"tree": [], "find": cold_finds(b, b.db, fens)}
    for fen in fens[:b.cold]:
        began = time.perf_counter()
        subprocess.run([b.jaque, "tree", str(b.db), "--fen", fen, "--json"],
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
        cold["tree"].append((time.perf_counter() - began) * 1e3)
    env = dict(os.environ, JAQUE_BENCH_INDEX=str(b.db), JAQUE_BENCH_FENS=str(path))
    command = ["cargo", "bench", "--quiet", "--bench", "index_latency", "--features", "index"]
    done = subprocess.run(command, cwd=b.run.target_dir().parent, env=env,
                          capture_output=True, text=True)
    b.commands.append("JAQUE_BENCH_INDEX=DB JAQUE_BENCH_FENS=positions.fen " + " ".join(command))
    lines = [line for line in done.stdout.splitlines() if line.startswith("{")]
    if done.returncode != 0 or not lines:
        raise Failed(f"index_latency: exit {done.returncode}: {done.stderr[-800:]}")
    warm = json.loads(lines[-1])
    for name, goal in (("tree", "cold < 100 ms, warm < 10 ms"), ("find", "the same")):
        c50, c99 = percentiles(cold[name])
        rows.append(f"| `{name}`{' (20 games, read from the PGN)' if name == 'find' else ''} | "
                    f"{c50:.1f} ms | **{c99:.1f} ms** | {warm[f'{name}_p50_us'] / 1e3:.2f} ms | "
                    f"**{warm[f'{name}_p99_us'] / 1e3:.2f} ms** | {goal} |")
    b.commands.append(f"jaque tree DB --fen FEN --json and jaque find DB --fen FEN --limit 20 "
                      f"--json, a process each, for the first {b.cold} positions")
    return rows


def query_rows(b):
    rows = ["| `jaque query --count Q` | through the index | the PGN | PGN / index | games |",
            "|---|---|---|---|---|"]
    for query in QUERIES:
        through = [[b.jaque, "query", "--count", "--no-progress", query, str(b.db)]]
        scan = [[b.jaque, "query", "--count", "--no-progress", query, str(b.pgn)]]
        counts = [subprocess.run(p[0], capture_output=True, text=True).stdout.strip()
                  for p in (through, scan)]
        times = alternate([through, scan], b.rounds)
        rows.append(f"| `{query}` | {median_of(times[0]):.2f} s | {median_of(times[1]):.2f} s | "
                    f"{in_turns(ratio(times, 1, over=0))} | {counts[0]} (PGN: {counts[1]}) |")
    b.commands.append("jaque query --count Q DB and jaque query --count Q F, in turns")
    return rows


def section(run):
    """The section: (commands, Markdown lines)."""
    b = Bench(run)
    b.make_corpus()
    run.mode = (f"{b.games:,} made-up games; the plain PGN built {BUILDS} times with each "
                f"number of jobs, in turns, the median shown (the zstd PGN once); queries "
                f"{b.rounds} rounds in turns after an untimed run of each")
    build, games = build_rows(b)
    path, fens = sample_positions(b)
    lines = (build + [""] + size_rows(b) + [""] + latency_rows(b, path, fens) + [""]
             + query_rows(b) + [""] + kept_rows(b, fens))
    return b.commands, lines + [
        "",
        f"`F`: {b.games:,} games from `tools/gen/corpus` (seed 1; {games:,} indexed, the rest "
        "exact duplicates), no comments or clocks. Positions: "
        f"{len(fens)} drawn by weighted random walks (seed 55); cold: a new process a "
        "query, page cache as the runs before left it; warm: the second of two passes in "
        "one process. The index's `query` reads only the games its material spans or "
        "position allow; a query it cannot narrow (`check and ply > 40`) reads every game, "
        "by offset. Counts through the index leave out exact duplicates. The zstd PGN's "
        "index keeps its games' text, compressed again a job (a quarter of a megabyte) at a "
        "time: a game is one lookup, where a zstd stream (one frame) can only be decoded from "
        "its start.",
    ]
