"""The fastest-perft section of tools/bench/benchmarks.py: jaque's perft against ellxor/perft, the
fastest move generator that builds here (C++, PEXT, a four-bitboard board flipped each move),
as whole processes pinned to one core, in turns; and instructions a leaf under callgrind.

    python3 tools/bench/benchmarks.py --only fastest-perft             # 11 rounds
    python3 tools/bench/bench_fastest.py [--rounds N] [--source DIR]   # the tables alone
    python3 tools/bench/bench_fastest.py --instructions [JAQUE...]     # jaque's instructions a leaf

ellxor/perft is not vendored: its source is cloned from GitHub at a fixed commit into the
target directory (or taken from `--source`, a clone or a `git` directory of one) and built
there with `c++ -O3 -march=native`, patched to run its single-threaded path (it starts a
thread a CPU otherwise). Every count both programs print is checked against the published one
before any time is kept. Standard library only.
"""

import argparse
import re
import shutil
import statistics
import subprocess
import sys
from pathlib import Path

from whole_process import Failed, alternate, in_turns, ratio, timed

ROOT = Path(__file__).resolve().parents[2]
REPOSITORY = "https://github.com/ellxor/perft"
COMMIT = "604c4bebec0b9d35b09724dc1e6982bf5fdf723d"
# The core both programs are pinned to: not the first, where interrupts land.
CORE = "1"
# The positions of the issue, timed at their depth, with the published counts at that depth,
# one less (for callgrind) and 1 (chessprogramming.org, Perft Results).
POSITIONS = [
    ("start position", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 6,
     {6: 119060324, 5: 4865609, 1: 20}),
    ("Kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 5,
     {5: 193690690, 4: 4085603, 1: 48}),
    ("position 3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 7,
     {7: 178633661, 6: 11030083, 1: 14}),
]  # fmt: skip
# The suites: the vendored deep counts, and the classic suite where ../shared is beside the
# repository; their standard-chess positions (ellxor/perft plays no Chess960), each at its
# deepest depth of at most SUITE_LEAVES leaves, so that a round takes seconds, not minutes.
SUITES = [ROOT / "tests/data/perft_deep.epd", ROOT.parent / "shared/data/perftsuite.epd"]
SUITE_LEAVES = 20_000_000
STANDARD_CASTLING = re.compile(r"^[KQkq]+$|^-$")


def build(folder, source=None):
    """ellxor/perft built in `folder` at COMMIT, single-threaded: the paths of the binary
    timed and of the binary counted under callgrind."""
    repo = folder / "repo"
    if not (repo / "src/perft.cc").exists():
        shutil.rmtree(repo, ignore_errors=True)
        origin = str(source) if source else REPOSITORY
        subprocess.run(["git", "clone", "--quiet", origin, str(repo)], check=True)
        subprocess.run(["git", "-C", str(repo), "checkout", "--quiet", COMMIT], check=True)
    perft = (repo / "src/perft.cc").read_text()
    cores = "sysconf(_SC_NPROCESSORS_ONLN)"
    if cores not in perft:
        raise Failed(f"ellxor/perft at {COMMIT}: no `{cores}` to make single-threaded")
    patched = folder / "src"
    shutil.rmtree(patched, ignore_errors=True)
    shutil.copytree(repo / "src", patched)
    (patched / "perft.cc").write_text(perft.replace(cores, "1"))
    binaries = []
    # Timed: built for this processor. Counted: built for x86-64-v3 (AVX2, BMI2), because
    # valgrind cannot decode AVX-512, which `-march=native` may use on this processor.
    for name, march in [("ellxor-perft", "native"), ("ellxor-perft-v3", "x86-64-v3")]:
        binary = folder / name
        flags = ["-O3", f"-march={march}", "-std=c++20", "-fno-exceptions", "-fno-rtti"]
        subprocess.run(["c++", *flags, str(patched / "unity_build.cc"), "-o", str(binary)],
                       check=True)
        binaries.append(str(binary))
    return binaries


def suite(path):
    """(name, FEN, depth, count) for each standard-chess position of the EPD file `path`, at
    its deepest depth of at most SUITE_LEAVES leaves."""
    cases = []
    for number, line in enumerate(path.read_text().splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        fen, *fields = line.split(";")
        if not STANDARD_CASTLING.match(fen.split()[2]):
            continue
        counts = [(int(d[1:]), int(n)) for d, n in (f.split() for f in fields)]
        fitting = [(d, n) for d, n in counts if n <= SUITE_LEAVES]
        if fitting:
            depth, count = max(fitting)
            cases.append((f"line {number}", fen.strip(), depth, count))
    return cases


class Programs:
    """The two commands for a position, pinned to CORE."""

    def __init__(self, jaque, ellxor, ellxor_counted=None):
        self.jaque, self.ellxor = jaque, ellxor
        self.ellxor_counted = ellxor_counted or ellxor

    def commands(self, fen, depth, pinned=True):
        """Pinned: the commands timed; else those counted under callgrind."""
        pin = ["taskset", "-c", CORE] if pinned else []
        ellxor = self.ellxor if pinned else self.ellxor_counted
        return ([*pin, self.jaque, "perft", str(depth), "--fen", fen, "-q"],
                [*pin, ellxor, fen, str(depth)])

    def check(self, name, fen, depth, count):
        """Both programs print the published count, or Failed."""
        for argv in self.commands(fen, depth):
            out = subprocess.run(argv, capture_output=True, text=True).stdout
            printed = re.findall(r"^(?:Result:\s*)?(\d+)\s*$", out, re.MULTILINE)
            if not printed or int(printed[-1]) != count:
                raise Failed(f"{name}: `{' '.join(argv)}` printed {out[-300:]!r}, not {count}")


def instructions(argv):
    """The instructions callgrind counts for `argv`."""
    result = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
                             *argv], capture_output=True, text=True)
    found = re.search(r"Collected\s*:\s*(\d+)", result.stderr)
    if result.returncode != 0 or not found:
        raise Failed(f"callgrind on `{' '.join(argv)}`: {result.stderr[-500:]}")
    return int(found[1])


def per_leaf(programs, fen, depth, counts):
    """Instructions a leaf of each program at `depth`, start-up subtracted:
    (I(depth) - I(1)) / (leaves(depth) - leaves(1))."""
    # Not pinned: callgrind would count `taskset`, and counts instructions, not time.
    deep = programs.commands(fen, depth, pinned=False)
    shallow = programs.commands(fen, 1, pinned=False)
    # A program left out (None) is not counted.
    return [(instructions(d) - instructions(s)) / (counts[depth] - counts[1])
            for d, s in zip(deep, shallow) if None not in d]


def measure(programs, rounds):
    """The rows of the speed table: the three positions, then the suite."""
    rows = []
    for name, fen, depth, counts in POSITIONS:
        programs.check(name, fen, depth, counts[depth])
        times = alternate([[argv] for argv in programs.commands(fen, depth)], rounds)
        jaque = counts[depth] / statistics.median(t[0] for t in times[0]) / 1e6
        rows.append((f"{name}, perft {depth}", f"{jaque:.0f} M", in_turns(ratio(times, 1, 0))))
    for path in SUITES:
        if not path.exists():
            print(f"SKIPPED: {path} is absent", file=sys.stderr)
            continue
        cases = suite(path)
        for name, fen, depth, count in cases:
            programs.check(f"{path.name}, {name}", fen, depth, count)
        suites = [[programs.commands(fen, depth)[at] for _, fen, depth, _ in cases]
                  for at in (0, 1)]
        times = alternate_suites(suites, rounds)
        jaque = sum(count for *_, count in cases) / statistics.median(times[0]) / 1e6
        ratios = [ellxor / jaque_time for jaque_time, ellxor in zip(times[0], times[1])]
        q1, median, q3 = statistics.quantiles(ratios, n=4, method="inclusive")
        rows.append((f"`{path.name}`, {len(cases)} standard positions", f"{jaque:.0f} M",
                     in_turns((median, q1, q3, len(ratios)))))
    return rows


def alternate_suites(suites, rounds):
    """Each program's suite, its positions one after another, in turns after one untimed
    round: the wall seconds of each round, per program."""
    totals = [[] for _ in suites]
    for round_ in range(rounds + 1):
        for at, commands in enumerate(suites):
            seconds = sum(timed([argv])[0] for argv in commands)
            if round_ > 0:
                totals[at].append(seconds)
    return totals


def leaf_rows(programs):
    """The rows of the instructions table, one ply shallower than the timed runs."""
    rows = []
    for name, fen, depth, counts in POSITIONS:
        jaque, ellxor = per_leaf(programs, fen, depth - 1, counts)
        rows.append((f"{name}, perft {depth - 1}", f"{jaque:.1f}", f"{ellxor:.1f}"))
    return rows


def tables(jaque, folder, rounds, source=None):
    """(commands, Markdown lines) of the section."""
    programs = Programs(jaque, *build(folder, source))
    lines = ["| position | jaque nodes/s | ellxor/perft time / jaque's, in turns |",
             "|---|---|---|"]
    lines += [f"| {a} | {b} | {c} |" for a, b, c in measure(programs, rounds)]
    lines += ["", "| position | instructions a leaf: jaque | ellxor/perft |", "|---|---|---|"]
    if shutil.which("valgrind"):
        lines += [f"| {a} | {b} | {c} |" for a, b, c in leaf_rows(programs)]
    else:
        lines += ["| (valgrind is not installed) | – | – |"]
    lines += ["", f"Both pinned to core {CORE} (`taskset`); ellxor/perft at {COMMIT[:7]}, "
              "built with `c++ -O3 -march=native`, single-threaded; whole processes; a ratio "
              "above 1 is jaque ahead. Instructions a leaf: callgrind, the count at depth 1 "
              "subtracted (start-up and tables), ellxor/perft built for `-march=x86-64-v3` "
              "there (valgrind cannot decode AVX-512)."]
    return [f"c++ -O3 -march=native {REPOSITORY}@{COMMIT[:7]}"], lines


def section(run):
    """The section for tools/bench/benchmarks.py: (commands, Markdown lines); sets `run.mode`."""
    rounds = 5 if run.quick else 11
    run.mode = f"{rounds} rounds in turns after an untimed run of each program"
    jaque_command = run.cargo(["build", "--release", "--bin", "jaque"])[0]
    jaque = str(run.target_dir() / "release" / "jaque")
    folder = run.target_dir() / "peers" / "ellxor-perft"
    folder.mkdir(parents=True, exist_ok=True)
    commands, lines = tables(jaque, folder, rounds)
    return [jaque_command, *commands], lines


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=11)
    parser.add_argument("--source", type=Path, help="a clone of ellxor/perft to build from")
    parser.add_argument("--jaque", default=str(ROOT / "target/release/jaque"))
    parser.add_argument("--instructions", nargs="*", metavar="JAQUE",
                        help="only count instructions a leaf of these jaque binaries")
    args = parser.parse_args()
    if args.instructions is not None:
        for binary in args.instructions or [args.jaque]:
            programs = Programs(binary, None)
            for name, fen, depth, counts in POSITIONS:
                [leaf] = per_leaf(programs, fen, depth - 1, counts)
                print(f"{binary}: {name}, perft {depth - 1}: {leaf:.2f} instructions a leaf")
        return 0
    folder = ROOT / "target/peers/ellxor-perft"
    folder.mkdir(parents=True, exist_ok=True)
    _, lines = tables(args.jaque, folder, args.rounds, args.source)
    print("\n".join(lines))


if __name__ == "__main__":
    sys.exit(main())
