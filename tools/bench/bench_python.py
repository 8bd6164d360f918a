#!/usr/bin/env python3
"""The `python` section of tools/bench/benchmarks.py: jaque's Python package against Python PGN
readers, each run as a whole process, `python -c PROGRAM FILE` (interpreter start and imports
included), reading every game of a file and printing what it counted.

    python3 tools/bench/benchmarks.py --only python [--quick] [--write]
    python3 tools/bench/bench_python.py [--quick] [--python-rounds N]  # alone: prints, writes nothing

The peers (benches/peers/python/requirements.txt) live in a virtualenv of the benchmark's own,
made and brought up to that file here (target/bench-venv-py, or --peers-venv), never among
jaque's dependencies. jaque runs on the interpreter of --jaque-python, where `maturin develop
--release -m python/Cargo.toml` installed it; when that interpreter cannot import jaque and
pyarrow, the section says so and measures the peers alone.

The programs timed on one file run in turns: an untimed run of each first (which also gives
what it counted), then rounds of one run of each, the order rotated from round to round. A
ratio is the median over the rounds of the two programs' wall-time ratio within a round.

Standard library only, as the script.
"""

import argparse
import datetime
import json
import os
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import types
from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple

from python_readers import (JAQUE_ARROW, JAQUE_ARROW_TIMED, JAQUE_READERS, JAQUE_STREAM,
                            PEER_READERS, PROGRAMS, Reader)
from whole_process import SHARED_GAMES, Failed, in_turns, ratio

ROOT = Path(__file__).resolve().parents[2]
REQUIREMENTS = ROOT / "benches/peers/python/requirements.txt"
FOLDER = ROOT / "target/bench-python"
DEFAULT_VENV = ROOT / "target/bench-venv-py"
DEFAULT_JAQUE_PYTHON = "/tmp/pyenv-dev/bin/python"
BUILD_JAQUE = "maturin develop --release -m python/Cargo.toml"
# The distributions of the packages whose name is not theirs.
DISTRIBUTIONS = {"python-chess": "chess"}
# The longest a program may run before it is killed, in seconds.
LIMIT = 1800

READERS = {reader.key: reader for reader in PEER_READERS + JAQUE_READERS}
COMPARED = ["python-chess", "esca", "bulletchess", "binding", "arrow-1", "arrow-2", "strings-1",
            "games-1"]
# The inputs: name, what it is, the readers timed on it, the most rounds (None: all). On `F`,
# python-chess (a run takes minutes) is timed against jaque's games table alone, in fewer
# rounds; bulletchess is left out (it crashes on `R`).
F_PYTHON_CHESS_ROUNDS = 3
INPUTS = [
    ("R", "`shared/data/pgn/real/*.pgn` concatenated", COMPARED, None),
    ("C", "the files of `shared/data/pgn/real` that bulletchess reads without an error, "
          "concatenated", COMPARED, None),
    ("F", "`R` eight times, as in the whole-process section",
     ["esca", "binding", "binding-2", "arrow-1", "arrow-2", "strings-1", "strings-2", "games-1",
      "positions-1"], None),
    ("F", f"`R` eight times; python-chess against jaque's games table alone, in "
          f"{F_PYTHON_CHESS_ROUNDS} rounds (a python-chess run takes minutes)",
     ["python-chess", "arrow-1", "arrow-2"], F_PYTHON_CHESS_ROUNDS),
]
COPIES_F, COPIES_H = 8, 60
# Rounds of the games table with one job and two, the two alone in turns: on F (runs of
# about two seconds) and on H (half a minute).
F_JOBS_ROUNDS, H_ROUNDS = 11, 3


class Sample(NamedTuple):
    wall: float  # seconds
    cpu: float  # seconds, user + system
    rss: int  # peak resident memory, bytes


@dataclass
class Outcome:
    """What one reader did on one input: its counts (the untimed run), or why it failed."""
    reader: Reader
    counts: dict = None
    failure: str = ""
    samples: list = None
    # A program that times its parsing call (`call_us`): that time, a round each, seconds.
    calls: list = None


# Running programs. Linux gives a process started by exec the peak resident memory of the
# process that started it as a floor of its own (ru_maxrss), and this script may have held
# tens of MB (the inputs, other sections): the programs are started by a small process of
# their own, the launcher, which reads a request a line and answers with what the run took.

LAUNCHER = """\
import json, os, subprocess, sys, threading, time
for line in sys.stdin:
    argv, paths, limit = json.loads(line)
    sinks = [open(path, "wb") if path else subprocess.DEVNULL for path in paths]
    began = time.perf_counter()
    process = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=sinks[0], stderr=sinks[1])
    timer = threading.Timer(limit, process.kill)
    timer.start()
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - began
    timer.cancel()
    process.returncode = os.waitstatus_to_exitcode(status)
    for sink in sinks:
        if sink is not subprocess.DEVNULL:
            sink.close()
    cpu = usage.ru_utime + usage.ru_stime
    print(json.dumps([wall, cpu, usage.ru_maxrss * 1024, process.returncode]), flush=True)
"""
_launcher = None


def execute(argv, keep=False):
    """Runs `argv` to its end: (Sample, exit code (negative: the signal), stdout, stderr);
    the output is thrown away unless `keep`."""
    global _launcher
    if _launcher is None:
        _launcher = subprocess.Popen([sys.executable, "-c", LAUNCHER], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True)
    with tempfile.TemporaryDirectory() as folder:
        paths = [os.path.join(folder, "out"), os.path.join(folder, "err")] if keep else [None, None]
        _launcher.stdin.write(json.dumps([list(map(str, argv)), paths, LIMIT]) + "\n")
        _launcher.stdin.flush()
        answer = _launcher.stdout.readline()
        if not answer:
            raise Failed("the launcher of the programs ended")
        wall, cpu, rss, code = json.loads(answer)
        texts = [Path(path).read_text(errors="replace") if path else "" for path in paths]
    return Sample(wall, cpu, rss), code, texts[0], texts[1]


def why(code, stderr):
    """A failed run as the table says it: how it ended and its last line of errors."""
    ended = f"killed by {signal.Signals(-code).name}" if code < 0 else f"exit {code}"
    last = next((line.strip() for line in reversed(stderr.splitlines()) if line.strip()), "")
    if len(last) > 80:
        last = last[:80] + "…"
    return f"{ended}: `{last}`" if last else ended


def counts_of(stdout):
    """The counts a program printed last, `name=number ...`: {name: number}, or {}."""
    lines = stdout.strip().splitlines()
    pairs = re.findall(r"(\w+)=(\d+)", lines[-1]) if lines else []
    return {name: int(value) for name, value in pairs}


def probe(reader, python, path):
    """The untimed first run of a reader: its Outcome."""
    sample, code, out, err = execute(reader.argv(python, path), keep=True)
    counts = counts_of(out)
    if code != 0 or not counts:
        return Outcome(reader, failure=why(code, err) if code else "printed no counts")
    return Outcome(reader, counts=counts, samples=[])


def in_rotation(outcomes, pythons, path, rounds):
    """Times the readers that ran, in turns; round r starts with the r-th (mod their number)."""
    ready = [o for o in outcomes if o.counts]
    for round_ in range(rounds):
        print(f"  {path.name}: round {round_ + 1} of {rounds}", file=sys.stderr, flush=True)
        start = round_ % len(ready)
        for outcome in ready[start:] + ready[:start]:
            argv = outcome.reader.argv(pythons[outcome.reader.side], path)
            calls = "call_us" in outcome.counts
            sample, code, out, err = execute(argv, keep=calls)
            where = f"{outcome.reader.title} on {path.name}, round {round_ + 1}"
            if code != 0:
                raise Failed(f"{where}: {why(code, err)}")
            outcome.samples.append(sample)
            if calls:
                call = counts_of(out).get("call_us")
                if call is None:
                    raise Failed(f"{where}: printed no call_us")
                outcome.calls = (outcome.calls or []) + [call / 1e6]


def measure(readers, pythons, path, rounds):
    """Each reader's Outcome on `path`: probed, then timed in turns with the others that ran."""
    print(f"{path.name}: {len(readers)} readers", file=sys.stderr, flush=True)
    outcomes = [probe(reader, pythons[reader.side], path) for reader in readers]
    for outcome in outcomes:
        if outcome.failure:
            print(f"  {outcome.reader.title} failed: {outcome.failure}", file=sys.stderr)
    if any(o.counts for o in outcomes):
        in_rotation(outcomes, pythons, path, rounds)
    return outcomes


# The interpreters.


def version_of(python):
    """The version of a Python interpreter as a tuple, () when it does not run."""
    try:
        result = subprocess.run([str(python), "-c", "import sys; print(*sys.version_info[:3])"],
                                capture_output=True, text=True, timeout=60)
    except (OSError, subprocess.TimeoutExpired):
        return ()
    return tuple(map(int, result.stdout.split())) if result.returncode == 0 else ()


def find_peers_base():
    """A Python 3.13 or later to make the peers' virtualenv with."""
    candidates = [shutil.which(f"python3.{minor}") for minor in (13, 14)]
    pyenv = Path(os.environ.get("PYENV_ROOT", Path.home() / ".pyenv"))
    candidates += sorted(pyenv.glob("versions/3.1[3-9]*/bin/python"), reverse=True)
    for candidate in filter(None, candidates):
        if version_of(candidate) >= (3, 13):
            return str(candidate)
    raise Failed("no Python 3.13 or later for the peers' virtualenv (bulletchess 0.4.0 needs "
                 "one): pass --peers-python")


def shell(command):
    """Runs a setup command, said on standard error; fails with its output if it fails."""
    print("$ " + " ".join(map(str, command)), file=sys.stderr, flush=True)
    result = subprocess.run(list(map(str, command)), capture_output=True, text=True)
    if result.returncode != 0:
        raise Failed(f"`{' '.join(map(str, command))}` exited with {result.returncode}:\n"
                     f"{result.stdout[-2000:]}{result.stderr[-2000:]}")


def peers_python(venv, base=None):
    """The peers' interpreter: that of `venv`, made (from `base`, else a Python 3.13 found)
    and brought up to the requirements file when it is not. To change its Python, delete it."""
    python = venv / "bin/python"
    stamp = venv / "installed-requirements.txt"
    wanted = REQUIREMENTS.read_text()
    if python.exists() and stamp.exists() and stamp.read_text() == wanted:
        return python
    if not python.exists():
        shell([base or find_peers_base(), "-m", "venv", venv])
    shell([python, "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
           "-r", REQUIREMENTS])
    stamp.write_text(wanted)
    return python


def jaque_problem(python):
    """Why the jaque rows cannot be measured with `python`, or "" when they can."""
    if not Path(python).exists():
        return f"there is no interpreter `{python}`"
    _, code, _, err = execute([python, "-c", "import jaque, pyarrow"], keep=True)
    if code != 0:
        return f"`{python} -c 'import jaque, pyarrow'` failed ({why(code, err)})"
    return ""


def extension_of(python):
    """jaque's compiled modules as `python` imports them: [(path, size, modification time)]."""
    code = "import jaque, pathlib; print(*pathlib.Path(jaque.__file__).parent.glob('*.so'))"
    out = subprocess.run([str(python), "-c", code], capture_output=True, text=True).stdout
    return [(path, os.path.getsize(path), os.path.getmtime(path)) for path in out.split()]


def versions(python, packages):
    """Python's version and each package's, as the interpreter `python` has them."""
    code = ("import importlib.metadata as m, platform, sys\nprint(platform.python_version())\n"
            "for name in sys.argv[1:]:\n"
            "    try: print(m.version(name))\n    except m.PackageNotFoundError: print('-')")
    names = [DISTRIBUTIONS.get(package, package) for package in packages]
    out = subprocess.run([str(python), "-c", code, *names], capture_output=True, text=True).stdout
    found = [None if version == "-" else version for version in out.split()]
    return dict(zip(["python"] + list(packages), found))


# The inputs.


def make_inputs(pythons):
    """Writes R, C and F under FOLDER: ({name: path}, files in C, files in R)."""
    games = sorted(SHARED_GAMES.glob("*.pgn"))
    if not games:
        raise Failed(f"{SHARED_GAMES} has no .pgn files")
    FOLDER.mkdir(parents=True, exist_ok=True)
    real = b"".join(path.read_bytes() for path in games)
    paths = {name: FOLDER / f"{name}.pgn" for name in ("R", "C", "F")}
    paths["R"].write_bytes(real)
    paths["F"].write_bytes(real * COPIES_F)
    clean = [path for path in games if bulletchess_reads(pythons["peers"], path)]
    paths["C"].write_bytes(b"".join(path.read_bytes() for path in clean))
    return paths, len(clean), len(games)


def bulletchess_reads(python, path):
    """Whether bulletchess reads the file to its end without raising an error."""
    outcome = probe(READERS["bulletchess"], python, path)
    return bool(outcome.counts) and outcome.counts.get("raised") == 0


def write_big():
    """H: R sixty times, about 400 MB, written a copy at a time."""
    path = FOLDER / "H.pgn"
    real = (FOLDER / "R.pgn").read_bytes()
    with path.open("wb") as file:
        for _ in range(COPIES_H):
            file.write(real)
    return path


# Rendering.


def cells(values):
    return "| " + " | ".join(values) + " |"


def rule(columns):
    return "|---" * columns + "|"


def megabytes(size):
    return f"{size / 1e6:.1f} MB"


def median_wall(outcome):
    return statistics.median(s.wall for s in outcome.samples)


def spread(timed, over, outcome):
    """`over`'s wall time over `outcome`'s, round by round: (median, q1, q3, rounds)."""
    times = [o.samples for o in timed]
    return ratio(times, timed.index(over), timed.index(outcome))


def games_cell(counts):
    text = f"{counts['games']:,}" if "games" in counts else f"{counts.get('rows', 0):,} rows"
    if counts.get("errors"):
        text += f" ({counts['errors']:,} with errors)"
    if counts.get("raised"):
        text += f" ({counts['raised']:,} errors raised)"
    return text


def reader_row(outcome, timed, names):
    """A reader's games, plies, median wall time, games/s, peak memory, and the first reader's
    time over its own (in turns)."""
    label = outcome.reader.label(names)
    if outcome.failure:
        return cells([label, f"failed, {outcome.failure}"] + [""] * 5)
    counts, wall = outcome.counts, median_wall(outcome)
    done = counts.get("games", counts.get("rows", 0))
    plies = f"{counts['plies']:,}" if "plies" in counts else "–"
    rss = statistics.median(s.rss for s in outcome.samples)
    compared = outcome is not timed[0] and "games" in counts
    versus = in_turns(spread(timed, timed[0], outcome)) if compared else "–"
    return cells([label, games_cell(counts), plies, f"{wall:.2f} s", f"{done / wall:,.0f}",
                   megabytes(rss), versus])


def reader_table(name, what, path, outcomes, names):
    timed = [o for o in outcomes if o.counts]
    head = f"{timed[0].reader.title}'s time over its own, in turns" if timed else "in turns"
    title = f"`{name}`: {what}, {megabytes(path.stat().st_size)}"
    return [cells([title, "games", "plies", "median wall", "games/s", "peak RSS", head]),
            rule(7)] + [reader_row(o, timed, names) for o in outcomes]


def jaque_table(name, outcomes, names):
    """jaque's readers against each peer but the first: the peer's time over jaque's."""
    timed = [o for o in outcomes if o.counts]
    peers = [o for o in timed[1:] if o.reader.side == "peers"]
    jaques = [o for o in timed if o.reader.side == "jaque" and o.reader.key in COMPARED]
    if not jaques or not peers:
        return []
    lines = ["", cells([f"`{name}`: the peer's time over jaque's, in turns"]
                       + [o.reader.label(names) for o in peers]), rule(len(peers) + 1)]
    for jaque in jaques:
        ratios = [in_turns(spread(timed, peer, jaque)) for peer in peers]
        lines.append(cells([jaque.reader.title] + ratios))
    keys = {o.reader.key: o for o in timed}
    lines += calls_table(name, timed, names)
    if "arrow-1" in keys and "arrow-2" in keys:
        two = spread(timed, keys["arrow-1"], keys["arrow-2"])
        lines += ["", f"`{name}`, `read_arrow(table=\"games\")`, `jobs=1`'s time over "
                  f"`jobs=2`'s: {in_turns(two)}."]
    return lines


def calls_table(name, timed, names):
    """The parsing calls alone on the same Arrow strings, timed inside the processes (the
    programs that print `call_us`): the peer's call time over jaque's, round by round."""
    peers = [o for o in timed if o.reader.side == "peers" and o.calls]
    jaques = [o for o in timed if o.reader.side == "jaque" and o.calls]
    if not peers or not jaques:
        return []
    lines = ["", cells([f"`{name}`: the calls alone on the same Arrow strings (timed inside "
                        "the process, the strings made before), the peer's time over jaque's"]
                       + [o.reader.label(names) for o in peers]), rule(len(peers) + 1)]
    for jaque in jaques:
        row = [f"{jaque.reader.title}: {statistics.median(jaque.calls):.2f} s"]
        for peer in peers:
            times = [[(c,) for c in peer.calls], [(c,) for c in jaque.calls]]
            row.append(f"{in_turns(ratio(times, 0, 1))} ({statistics.median(peer.calls):.2f} s)")
        lines.append(cells(row))
    return lines


def positions_note(outcomes):
    """The positions table's rows a second and bytes a row."""
    outcome = next((o for o in outcomes if o.reader.key == "positions-1" and o.counts), None)
    if outcome is None:
        return []
    rows, size, wall = outcome.counts["rows"], outcome.counts["bytes"], median_wall(outcome)
    return ["", f"`read_arrow(table=\"positions\")` on `F`: {rows:,} rows in {wall:.2f} s, "
            f"{rows / wall / 1e6:.2f} M rows/s (the whole process); `Table.nbytes` "
            f"{megabytes(size)}, {size / rows:.1f} bytes a row."]


def stream_table(python, path):
    """Peak memory streaming H's tables through read_arrow, batches dropped: one run each."""
    title = (f"`H`: `R` sixty times, {megabytes(path.stat().st_size)}; "
             "`RecordBatchReader.from_stream(read_arrow(...))`, batches dropped")
    lines = [cells([title, "rows", "wall", "peak RSS"]), rule(4)]
    runs = [("`import jaque, pyarrow` alone", [python, "-c", "import jaque, pyarrow"])]
    runs += [(f'`table="{table}", jobs={jobs}`', [python, "-c", JAQUE_STREAM, path, table, jobs])
             for table, jobs in (("games", 1), ("games", 2), ("positions", 1))]
    for label, argv in runs:
        print(f"  H: {label}", file=sys.stderr, flush=True)
        sample, code, out, err = execute(argv, keep=True)
        if code != 0:
            lines.append(cells([label, f"failed, {why(code, err)}", "", ""]))
            continue
        rows = counts_of(out).get("rows")
        lines.append(cells([label, f"{rows:,}" if rows else "–", f"{sample.wall:.2f} s",
                            megabytes(sample.rss)]))

    def argv_of(jobs):
        return [python, "-c", JAQUE_STREAM, path, "games", str(jobs)]

    spread = jobs_in_turns("H", argv_of, H_ROUNDS)
    return lines + ["", f"`H`, `read_arrow(table=\"games\")` streamed, `jobs=1`'s time over "
                    f"`jobs=2`'s, the two alone in turns: {in_turns(spread)}."]


def jobs_on_f(python, path):
    """F's games table into pyarrow with one job and two, the two alone in turns; the reading
    timed inside each run too, to tell it from the rest of the process (serial, the same with
    one job or two)."""
    argv_of = lambda jobs: [python, "-c", JAQUE_ARROW_TIMED, path, str(jobs)]
    spread, inside = jobs_in_turns("F", argv_of, F_JOBS_ROUNDS, timed=True)
    reading = ratio([[(part,) for _, part, _ in inside[jobs]] for jobs in (1, 2)], 0, 1)
    rest = {jobs: statistics.median(whole - part for whole, part, _ in inside[jobs])
            for jobs in (1, 2)}
    imports = statistics.median(imported for jobs in (1, 2) for _, _, imported in inside[jobs])
    whole = statistics.median(whole for whole, _, _ in inside[1])
    return [f"`F`, `read_arrow(table=\"games\")` into a pyarrow table, `jobs=1`'s time over "
            f"`jobs=2`'s, the two alone in turns: {in_turns(spread)}. The reading alone, timed "
            f"inside each run from the call of `read_arrow` to the whole table: "
            f"{in_turns(reading)}. The rest of a run (the interpreter's start, "
            f"`import jaque, pyarrow` {imports:.2f} s, the exit that frees the table) is serial: "
            f"{rest[1]:.2f} s of jobs=1's {whole:.2f} s, {rest[2]:.2f} s with jobs=2.", ""]


def jobs_in_turns(name, argv_of, rounds, timed=False):
    """The games table's jobs=1 over jobs=2 on one input, the two alone in turns (no other
    program between them): how one more thread scales a whole run, pyarrow's import and the
    interpreter's exit (serial, a fixed part of it) included. `argv_of(jobs)`: the run. With
    `timed`, also each run's (wall, reading, imports) in seconds, by jobs, from what the
    program printed (`reading_us`, `imports_us`)."""
    samples, inside = {1: [], 2: []}, {1: [], 2: []}
    for round_ in range(rounds):
        print(f"  {name}: jobs in turns, round {round_ + 1} of {rounds}", file=sys.stderr,
              flush=True)
        for jobs in ((1, 2) if round_ % 2 == 0 else (2, 1)):
            sample, code, out, err = execute(argv_of(jobs), keep=timed)
            counts = counts_of(out)
            if code != 0 or timed and "reading_us" not in counts:
                raise Failed(f"the games table of {name} with jobs={jobs}: {why(code, err)}")
            samples[jobs].append(sample)
            if timed:
                inside[jobs].append((sample.wall, counts["reading_us"] / 1e6,
                                     counts.get("imports_us", 0) / 1e6))
    spread = ratio([samples[1], samples[2]], 0, 1)
    return (spread, inside) if timed else spread


def programs_block():
    """The programs, as run, folded."""
    lines = ["", "<details><summary>The programs, run as <code>python -c PROGRAM FILE ARGS</code>"
             "</summary>", ""]
    for title, code in PROGRAMS:
        lines += [f"{title}:", "", "```python", code.rstrip(), "```", ""]
    return lines + ["</details>"]


def notes(setup, clean, total):
    """The interpreters, the inputs, and what each reader reads and checks."""
    peers, jaque = setup["peer_versions"], setup["jaque_versions"]
    lines = ["", f"- Peers: Python {peers.get('python')} in `{setup['venv']}`, installed from "
             "`benches/peers/python/requirements.txt`."]
    if setup["jaque_problem"]:
        lines.append(f"- **jaque not measured**: {setup['jaque_problem']}. Build it into that "
                     f"virtualenv with `{BUILD_JAQUE}`, or pass `--jaque-python`.")
    else:
        version = jaque.get("jaque") or "(no version)"
        lines.append(f"- jaque {version}: Python {jaque.get('python')}, `{setup['jaque_python']}` "
                     f"(pyarrow {jaque.get('pyarrow')}); " + built(setup["extension"]) + ".")
    lines.append(f"- `C`: the {clean} of the {total} files of `R` that bulletchess reads to their "
                 "end without raising an error (it takes a variation for one). Not run on `F`: "
                 "bulletchess; python-chess only against jaque's games table, in "
                 f"{F_PYTHON_CHESS_ROUNDS} rounds (a run there takes eight of its runs on `R`).")
    readers = [r for r in PEER_READERS + JAQUE_READERS if r.checks]
    return lines + [f"- {r.title.split(',')[0]}: {r.checks}." for r in readers]


def built(extension):
    """jaque's compiled module as the notes say it: its file, size and time."""
    if not extension:
        return "no compiled module found beside `jaque/__init__.py`"
    path, size, mtime = extension[0]
    when = datetime.datetime.fromtimestamp(mtime, datetime.timezone.utc)
    when = when.strftime("%Y-%m-%d %H:%M UTC")
    shown = os.path.relpath(path, ROOT) if path.startswith(str(ROOT)) else path
    return f"`{shown}`, {megabytes(size)}, built {when} (taken as found: build it with `--release`)"


# The section.


def options_of(run):
    """The section's options: those benchmarks.py parsed, else the defaults."""
    defaults = dict(jaque_python=DEFAULT_JAQUE_PYTHON, peers_venv=str(DEFAULT_VENV),
                    peers_python=None, python_rounds=None)
    given = vars(getattr(run, "options", None) or argparse.Namespace())
    return types.SimpleNamespace(**{k: given.get(k) or v for k, v in defaults.items()})


def set_up(options):
    """The interpreters and what they hold: a dict the section reads."""
    venv, jaque_python = Path(options.peers_venv), options.jaque_python
    pythons = {"peers": peers_python(venv, options.peers_python), "jaque": jaque_python}
    problem = jaque_problem(jaque_python)
    if problem:
        print(f"jaque rows skipped: {problem}", file=sys.stderr, flush=True)
    packages = sorted({r.name for r in PEER_READERS})
    return {"pythons": pythons, "venv": os.path.relpath(venv, ROOT), "jaque_problem": problem,
            "jaque_python": jaque_python, "peer_versions": versions(pythons["peers"], packages),
            "jaque_versions": {} if problem else versions(jaque_python, ["jaque", "pyarrow"]),
            "extension": [] if problem else extension_of(jaque_python)}


def measure_inputs(setup, paths, rounds):
    """The tables of R, C and F."""
    names = dict(setup["peer_versions"], jaque=setup["jaque_versions"].get("jaque"))
    lines = []
    for name, what, keys, most in INPUTS:
        readers = [READERS[key] for key in keys]
        if setup["jaque_problem"]:
            readers = [reader for reader in readers if reader.side == "peers"]
        outcomes = measure(readers, setup["pythons"], paths[name], min(rounds, most or rounds))
        lines += reader_table(name, what, paths[name], outcomes, names)
        lines += jaque_table(name, outcomes, names) + positions_note(outcomes) + [""]
    return lines


def section(run):
    """The section: (commands, Markdown lines); sets `run.mode` to how it sampled."""
    options = options_of(run)
    rounds = options.python_rounds or (5 if run.quick else 11)
    if rounds < 2:
        raise Failed("--python-rounds needs at least 2 (the ratios' quartiles)")
    setup = set_up(options)
    paths, clean, total = make_inputs(setup["pythons"])
    run.mode = f"{rounds} rounds in turns, the order rotated, after an untimed run of each program"
    lines = measure_inputs(setup, paths, rounds)
    if not setup["jaque_problem"]:
        lines += jobs_on_f(setup["jaque_python"], paths["F"])
        big = write_big()
        try:
            lines += stream_table(setup["jaque_python"], big)
        finally:
            big.unlink()
        if extension_of(setup["jaque_python"]) != setup["extension"]:
            raise Failed("jaque's compiled module changed during the run (rebuilt?): measure again")
    lines += ["", "`A's time over B's`: above 1 when B is faster; each ratio is the median of the "
              "rounds' (quartiles, rounds). Games/s: games (rows for positions) over the median "
              "wall time of the whole process."]
    return commands(setup), lines + notes(setup, clean, total) + programs_block()


def commands(setup):
    """The commands the section ran, as its header line shows them."""
    ran = [f"{os.path.relpath(setup['pythons']['peers'], ROOT)} -c PROGRAM FILE"]
    if not setup["jaque_problem"]:
        ran.append(f"{setup['jaque_python']} -c PROGRAM FILE")
    return ran


def add_arguments(parser):
    """The section's options, for benchmarks.py's parser and this module's."""
    parser.add_argument("--jaque-python", metavar="PYTHON", default=DEFAULT_JAQUE_PYTHON,
                        help=f"the interpreter that imports jaque (default {DEFAULT_JAQUE_PYTHON})")
    parser.add_argument("--peers-venv", metavar="PATH", default=str(DEFAULT_VENV),
                        help="the peers' virtualenv, made when absent "
                        "(default target/bench-venv-py)")
    parser.add_argument("--peers-python", metavar="PYTHON",
                        help="the Python 3.13+ to make that virtualenv with (default: one found)")
    parser.add_argument("--python-rounds", type=int, metavar="N",
                        help="rounds in turns for the python section (default 11, --quick 5)")


def main():
    parser = argparse.ArgumentParser(description="Prints the python section of "
                                     "tools/bench/benchmarks.py; writes nothing (benchmarks.py "
                                     "--only python --write does).")
    parser.add_argument("--quick", action="store_true", help="5 rounds instead of 11")
    add_arguments(parser)
    args = parser.parse_args()
    run = types.SimpleNamespace(quick=args.quick, options=args, mode=None)
    try:
        commands_run, lines = section(run)
    except Failed as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    print(" then ".join(f"`{c}`" for c in commands_run) + f": {run.mode}.\n")
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
