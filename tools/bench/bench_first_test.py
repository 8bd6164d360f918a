#!/usr/bin/env python3
"""The `first-test` section of tools/bench/benchmarks.py: what the README's test command costs a
new contributor, the first `cargo test --workspace` on a fresh clone.

    python3 tools/bench/benchmarks.py --only first-test [--quick] [--write]

Each round clones the repository's committed HEAD into a new directory (an empty `target/`;
the cargo registry is the machine's, already downloaded), with `../shared` beside it as CI
has it, then runs `cargo test --workspace --no-run` and `cargo test --workspace`. The CPU is
user + system time of cargo and everything it ran (the compilers, the test binaries and the
processes they start), from the kernel's accounting of waited-for children. Rounds run one
after the other, not in turns: there is nothing to compare them with. Standard library only.
"""

import os
import resource
import shutil
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

from whole_process import Failed

ROOT = Path(__file__).resolve().parents[2]
SHARED = ROOT.parent / "shared"
BUILD = ["cargo", "test", "--workspace", "--no-run"]
TEST = ["cargo", "test", "--workspace"]
# The target for the two together.
TARGET_CPU_S = 240


def timed(command, cwd, stderr=None):
    """(CPU seconds, wall seconds) of `command` and its descendants; fails if it does. What it
    printed on standard error goes to the file `stderr` if one is given."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    began = time.monotonic()
    env = dict(os.environ, CARGO_TERM_COLOR="never")
    env.pop("CARGO_TARGET_DIR", None)
    done = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True)
    wall = time.monotonic() - began
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if stderr is not None:
        Path(stderr).write_text(done.stderr)
    if done.returncode != 0:
        raise Failed(f"`{' '.join(command)}` failed: {done.stderr.strip()[-400:]}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, wall


def one_round(number, rounds):
    """(build CPU, build wall, run CPU, run wall) of a fresh clone."""
    with tempfile.TemporaryDirectory(prefix="jaque-first-test-") as folder:
        clone = Path(folder) / "jaque"
        subprocess.run(["git", "clone", "--quiet", str(ROOT), str(clone)], check=True)
        if SHARED.is_dir():
            (Path(folder) / "shared").symlink_to(SHARED)
        print(f"  first-test: round {number} of {rounds}, building", flush=True)
        build_cpu, build_wall = timed(BUILD, clone)
        print(f"  first-test: round {number} of {rounds}, testing", flush=True)
        run_cpu, run_wall = timed(TEST, clone)
        return build_cpu, build_wall, run_cpu, run_wall


def section(run):
    """The section: (commands, Markdown lines)."""
    if shutil.which("git") is None:
        raise Failed("git is not installed")
    rounds = 1 if run.quick else 3
    results = [one_round(n + 1, rounds) for n in range(rounds)]
    clones = "a fresh clone" if rounds == 1 else f"{rounds} fresh clones"
    run.mode = f"{clones} of the committed HEAD, one after the other"
    lines = [
        "| round | build: CPU (user + sys) | build: wall | tests: CPU | tests: wall "
        "| CPU in all | wall in all |",
        "|---|---|---|---|---|---|---|",
    ]
    for number, (build_cpu, build_wall, run_cpu, run_wall) in enumerate(results, 1):
        total = build_cpu + run_cpu
        lines.append(
            f"| {number} | {build_cpu:.0f} s | {build_wall:.0f} s | {run_cpu:.0f} s "
            f"| {run_wall:.0f} s | **{total / 60:.2f} min** ({total:.0f} s) "
            f"| {(build_wall + run_wall) / 60:.2f} min |"
        )
    median = statistics.median(b + r for b, _, r, _ in results)
    shared = ("beside each clone, as CI has it" if SHARED.is_dir()
              else "absent: the tests that read it said why they skipped")
    lines += [
        "",
        f"Median CPU of build and tests together: **{median / 60:.2f} min** ({median:.0f} s), "
        f"against the target of under {TARGET_CPU_S / 60:.0f} minutes on 2 cores; "
        f"`../shared` {shared}.",
    ]
    return [" && ".join([" ".join(BUILD), " ".join(TEST)])], lines
