#!/usr/bin/env python3
"""The `release-build` section of tools/bench/benchmarks.py: what the README's run command
and `cargo install --path .` cost a new user, a cold `cargo build --release`, and the size of
the binary it makes.

    python3 tools/bench/benchmarks.py --only release-build [--build-before COMMIT[,COMMIT]] [--write]

Each commit measured (the committed HEAD, and `--build-before`'s commits to compare with) is
cloned into a new directory with an empty `target/` (the cargo registry is the machine's,
already downloaded, so the CPU is compiling alone), then `cargo build --release` runs there.
The CPU is user + system time of cargo and everything it ran, from the kernel's accounting of
waited-for children; the crates are the `Compiling` lines cargo printed. CPU seconds move
less than wall time with the machine's load, but they do move: the header says the load.
Standard library only.
"""

import shutil
import subprocess
import tempfile
from pathlib import Path

from bench_first_test import timed
from whole_process import Failed

ROOT = Path(__file__).resolve().parents[2]
BUILD = ["cargo", "build", "--release"]
# The targets: CPU seconds of the cold build, and the binary's size.
TARGET_CPU_S = 240
TARGET_MB = 20


def add_arguments(parser):
    """This section's options on benchmarks.py's command line."""
    parser.add_argument("--build-before", metavar="COMMIT[,COMMIT]",
                        help="the release-build section also measures these earlier commits")


def measure(commit):
    """(crates compiled, CPU seconds, wall seconds, binary bytes) of a cold build of `commit`."""
    with tempfile.TemporaryDirectory(prefix="jaque-release-build-") as folder:
        clone = Path(folder) / "jaque"
        subprocess.run(["git", "clone", "--quiet", str(ROOT), str(clone)], check=True)
        subprocess.run(["git", "-C", str(clone), "checkout", "--quiet", commit], check=True)
        print(f"  release-build: building {commit}", flush=True)
        log = Path(folder) / "build.log"
        cpu, wall = timed(BUILD + ["--color", "never"], clone, stderr=log)
        crates = sum(1 for line in log.read_text().splitlines()
                     if line.strip().startswith("Compiling "))
        size = (clone / "target/release/jaque").stat().st_size
        return crates, cpu, wall, size


def short(commit):
    """The abbreviated hash of `commit`."""
    done = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", commit],
                          capture_output=True, text=True)
    if done.returncode != 0:
        raise Failed(f"no commit {commit}: {done.stderr.strip()}")
    return done.stdout.strip()


def section(run):
    """The section: (commands, Markdown lines)."""
    if shutil.which("git") is None:
        raise Failed("git is not installed")
    before = getattr(run.options, "build_before", None)
    earlier = [short(commit) for commit in before.split(",")] if before else []
    commits = earlier + [short("HEAD")]
    run.mode = "a fresh clone of each commit, one after the other"
    lines = [
        "| commit | crates compiled | CPU (user + sys) | wall | `target/release/jaque` |",
        "|---|---|---|---|---|",
    ]
    for commit in commits:
        crates, cpu, wall, size = measure(commit)
        lines.append(f"| {commit} | {crates} | **{cpu:.0f} s** | {wall:.0f} s "
                     f"| **{size / 1e6:.1f} MB** |")
    lines += [
        "",
        f"Targets: under {TARGET_CPU_S} CPU-seconds for the cold build on 2 cores, the binary "
        f"under {TARGET_MB} MB. `cargo build --profile profiling` keeps line tables for callgrind "
        "and perf.",
    ]
    return [" ".join(BUILD)], lines
