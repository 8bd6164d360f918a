#!/usr/bin/env python3
"""The `web` section of tools/bench/benchmarks.py: the playground (web/dist, built by web/build.sh)
in a real headless Chromium, driven by web/tests/bench.mjs.

    python3 tools/bench/benchmarks.py --only web [--quick] [--write]

- The module's size, plain and gzipped (`gzip -9`).
- The page ready: navigation to its first check shown (`jaque:ready` in Chromium's
  performance timeline), a fresh browser context a load.
- `shared/data/pgn/real` (concatenated) checked by the page's worker against `jaque check
  --jobs 1` as a whole process, in turns: the native time over the page's.
- A key typed at the end of a 1 MB document to its diagnostics shown (`jaque:shown`).

The page is measured as found in web/dist (its module's build time is noted); jaque's
binary is built with `cargo build --release`. Standard library only, as the script.
"""

import datetime
import gzip
import json
import os
import shutil
import statistics
import subprocess
from pathlib import Path

from whole_process import SHARED_GAMES, Failed

ROOT = Path(__file__).resolve().parents[2]
DIST = ROOT / "web/dist"
FOLDER = ROOT / "target/bench-web"
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")


def section(run):
    """The section: (commands, Markdown lines)."""
    rounds = 5 if run.quick else 11
    wasm = DIST / "jaque.wasm"
    if not wasm.exists() or not (ROOT / "web/node_modules/puppeteer-core").exists():
        raise Failed("web/dist or web/node_modules is missing: run `bash web/build.sh` first")
    for tool in ("node", CHROMIUM):
        if shutil.which(tool) is None:
            raise Failed(f"{tool} is not installed")
    subprocess.run(["cargo", "build", "--release", "--quiet"], cwd=ROOT, check=True)
    pgn = real_games()
    binary = ROOT / "target/release/jaque"
    command = ["node", "web/tests/bench.mjs", "--pgn", str(pgn), "--jaque", str(binary),
               "--rounds", str(rounds)]
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=1800)
    if done.returncode != 0:
        raise Failed(f"web/tests/bench.mjs: {done.stderr.strip()[-400:]}")
    result = json.loads(done.stdout.strip().splitlines()[-1])
    run.mode = f"{rounds} rounds; page and native check in turns, the order swapped each round"
    return [" ".join(command[:2]) + " --pgn R.pgn --jaque target/release/jaque"], \
        lines(result, wasm, pgn)


def real_games():
    """`shared/data/pgn/real`'s files concatenated, under FOLDER."""
    games = sorted(SHARED_GAMES.glob("*.pgn"))
    if not games:
        raise Failed(f"{SHARED_GAMES} has no .pgn files")
    FOLDER.mkdir(parents=True, exist_ok=True)
    path = FOLDER / "R.pgn"
    path.write_bytes(b"".join(game.read_bytes() for game in games))
    return path


def quartiles(values):
    """(median, lower quartile, upper quartile) of `values`."""
    q1, median, q3 = statistics.quantiles(values, n=4, method="inclusive")
    return median, q1, q3


def lines(result, wasm, pgn):
    size = wasm.stat().st_size
    zipped = len(gzip.compress(wasm.read_bytes(), compresslevel=9))
    built = datetime.datetime.fromtimestamp(wasm.stat().st_mtime, datetime.timezone.utc)
    ready = quartiles(result["ready"])
    checks = result["check"]
    worker = quartiles([native / worker for worker, _, native in checks])
    opened = quartiles([native / page for _, page, native in checks])
    worker_ms = statistics.median(worker for worker, _, _ in checks)
    page_ms = statistics.median(page for _, page, _ in checks)
    native_ms = statistics.median(native for _, _, native in checks)
    megabytes = pgn.stat().st_size / 1e6
    keys = result["keystroke"]
    key = quartiles(keys["times"])
    rounds = f"{len(checks)} rounds after {result['warm_up']} not counted"
    speed = lambda ms: f"{ms:.0f} ms, {megabytes / ms * 1e3:.0f} MB/s"  # noqa: E731
    return [
        "| the playground, headless Chromium | measured | target |",
        "|---|---|---|",
        f"| `jaque.wasm` | {size / 1e3:,.0f} KB, {zipped / 1e3:,.0f} KB gzipped | under 1 MB, "
        "under 400 KB compressed |",
        f"| page ready (navigation to the first check shown) | {ready[0]:.0f} ms "
        f"({ready[1]:.0f}–{ready[2]:.0f}, {len(result['ready'])} loads) | under 1 s |",
        f"| `R` ({megabytes:.1f} MB) checked in the page's worker | {speed(worker_ms)} | |",
        f"| `R` opened in the page, to its text and diagnostics shown | {speed(page_ms)} | |",
        f"| `jaque check --jobs 1 R`, whole process | {speed(native_ms)} | |",
        f"| native time over the worker's, in turns | **{worker[0]:.2f}x** ({worker[1]:.2f}x–"
        f"{worker[2]:.2f}x, {rounds}) | at least 0.50x |",
        f"| native time over the page's open, in turns | {opened[0]:.2f}x ({opened[1]:.2f}x–"
        f"{opened[2]:.2f}x) | |",
        f"| a key typed in a {keys['bytes'] / 1e6:.1f} MB document, to its diagnostics shown | "
        f"{key[0]:.0f} ms ({key[1]:.0f}–{key[2]:.0f}, {len(keys['times'])} keys) | under 50 ms |",
        "",
        "- `R`: `shared/data/pgn/real/*.pgn` concatenated (its bytes as they are: most games "
        "UTF-8, some Latin-1, which the page reads game by game as `jaque check` does).",
        "- The worker's time runs from `playground.check(file)` to the diagnostics parsed in "
        "the page: the file read by the page's worker, checked a step of 256 KB at a time, "
        "the diagnostics (placed in UTF-16 units) posted back as JSON. The page's open runs "
        "from `playground.open(file)`, as a file chosen or dropped, to the `jaque:shown` "
        "mark: the text in the editor too, and the diagnostics marked and listed.",
        "- A key typed: the page sends the edit, not the text; the worker re-cuts the text "
        "and re-checks only the games the edit touched.",
        f"- The module as found in `web/dist`, built {built:%Y-%m-%d %H:%M UTC} "
        "(`bash web/build.sh`); Chromium "
        f"{chromium_version()}.",
    ]


def chromium_version():
    done = subprocess.run([CHROMIUM, "--version"], capture_output=True, text=True)
    words = done.stdout.split()
    return words[1] if len(words) > 1 else "(unknown)"
