"""The query section of tools/bench/benchmarks.py: `jaque query --jobs 1 --count` on the same
file as `jaque check --jobs 1`, whole processes in turns, for every example query of
docs/query.md (goal: at most 1.5x check's time); and a placement pgn-extract 19.04 can search
with a `FENPattern` tag, against `pgn-extract -t` (goal: at least 10x faster). Before timing,
the games each program selects are counted once (jaque's `--count`; the `[Event ` lines of
pgn-extract's output).

    python3 tools/bench/benchmarks.py --only query

Standard library only.
"""

import re
import shutil
import subprocess
import tempfile
from pathlib import Path

from whole_process import Failed, Programs, alternate, in_turns, median_of, ratio

PGN_EXTRACT = "/usr/games/pgn-extract"
DOCS = Path(__file__).resolve().parents[2] / "docs/query.md"
# The same placement both ways: white pawns on d4 and e4, black pawns on d5 and e5.
PATTERN = ("Pd4 and Pe4 and pd5 and pe5", "*/*/*/???pp???/???PP???/*/*/*")


def examples():
    """The queries of docs/query.md's examples (`jaque query --count 'Q' …`), in order."""
    found = re.findall(r"^\$ jaque query --count '([^']+)'", DOCS.read_text(), re.M)
    return list(dict.fromkeys(found))


def counted(p, query):
    """How many games `jaque query --count` counts in F."""
    done = subprocess.run([p.jaque, "query", "--jobs", "1", "--no-progress", "--count", query,
                           p.file], capture_output=True, text=True)
    if done.returncode not in (0, 1) or not done.stdout.strip().isdigit():
        raise Failed(f"jaque query {query!r}: exit {done.returncode}: {done.stderr[-500:]}")
    return int(done.stdout)


def extract_counted(tags, file):
    """How many games pgn-extract writes with the tag file `tags`."""
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "out.pgn"
        subprocess.run([PGN_EXTRACT, "-s", f"-t{tags}", "-o", str(out), file],
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
        return sum(1 for line in out.read_bytes().splitlines() if line.startswith(b"[Event "))


def query_command(p, query):
    return [[p.jaque, "query", "--jobs", "1", "--no-progress", "--count", query, p.file]]


def against_check(p):
    """Each example against `jaque check --jobs 1 F`."""
    lines = ["| `jaque query --jobs 1 --count Q F` vs `jaque check --jobs 1 F` | time ratio: "
             "median (quartiles, rounds) | query | check | games | goal |",
             "|---|---|---|---|---|---|"]
    check = p.check("--jobs", "1")
    for query in examples():
        games = counted(p, query)
        times = alternate([query_command(p, query), check], p.rounds)
        lines.append(f"| `{query}` | {in_turns(ratio(times, 0, over=1))} | "
                     f"{median_of(times[0]):.2f} s | {median_of(times[1]):.2f} s | {games:,} | "
                     "≤ 1.5x |")
    return lines


def against_extract(p, folder):
    """The placement of PATTERN, as a query and as pgn-extract's FENPattern."""
    query, pattern = PATTERN
    tags = folder / "pattern.txt"
    tags.write_text(f'FENPattern "{pattern}"\n')
    theirs = [[PGN_EXTRACT, "-s", f"-t{tags}", "-o", "/dev/null", p.file]]
    counts = (counted(p, query), extract_counted(tags, p.file))
    times = alternate([query_command(p, query), theirs], p.rounds)
    return ["| `jaque query --jobs 1 --count Q F` vs `pgn-extract -t TAGS F` | time ratio: "
            "median (quartiles, rounds) | jaque | pgn-extract | games (jaque, pgn-extract) | "
            "goal |", "|---|---|---|---|---|---|",
            f"| `{query}` vs `FENPattern \"{pattern}\"` | {in_turns(ratio(times, 1))} | "
            f"{median_of(times[0]):.2f} s | {median_of(times[1]):.2f} s | {counts[0]:,}, "
            f"{counts[1]:,} | ≥ 10x |"]


def section(run):
    """The section: (commands, Markdown lines)."""
    p = Programs(run)
    if not p.make_input():
        return p.commands, ["Not measured: the shared games are absent."]
    run.mode = f"{p.rounds} rounds in turns after an untimed run of each program"
    lines = against_check(p)
    if shutil.which(PGN_EXTRACT):
        folder = Path(tempfile.mkdtemp())
        lines += [""] + against_extract(p, folder)
        shutil.rmtree(folder, ignore_errors=True)
    else:
        lines += ["", "pgn-extract not measured: it is absent (`apt-get install pgn-extract`)."]
    return p.commands, lines + [
        "",
        "`A vs B`: for the examples, query's time over check's (at most 1.5 is the goal); "
        "against pgn-extract, its time over jaque's (above 1 when jaque is faster). `F`: the "
        "shared real files concatenated eight times (as in the whole-process section). "
        "pgn-extract searches variations too and stops after ply 300; jaque the mainline "
        "(docs/select.md says how the counts differ).",
    ]
