#!/usr/bin/env python3
"""Runs jaque's benchmarks and prints their results as Markdown tables.

    python3 tools/bench/benchmarks.py                  # every section, tables on standard output
    python3 tools/bench/benchmarks.py --quick          # criterion's --quick: fewer samples
    python3 tools/bench/benchmarks.py --write          # also rewrite BENCHMARKS.md
    python3 tools/bench/benchmarks.py --only pgn,san   # some sections (--list names them)
    python3 tools/bench/benchmarks.py --only whole-process --baseline OLD/jaque  # against a
                                                       # build of an earlier commit, in turns
    python3 tools/bench/benchmarks.py --rewrite        # rewrite BENCHMARKS.md, measuring nothing

BENCHMARKS.md is written by this script alone, and whole: a fixed preamble (PREAMBLE below:
how to run the script, how the comparisons are measured, where the hand-written notes are),
then, between its `<!-- generated:start -->` and `<!-- generated:end -->` markers, the header
of the last write and one part per section. --write replaces the header and the sections it
ran and keeps the sections it did not run (each says when and on which commit it was
measured); --rewrite writes the file again from the header and sections it holds (after a
change to the preamble or to how a file is put together). Notes written by hand, dated, go
to docs/dev/benchmark-notes.md, never into BENCHMARKS.md.

Each section runs one or more commands and renders what they printed or wrote. The criterion
benchmarks of jaque and magic-gen are read from criterion's own results (`new/benchmark.json`
and `new/estimates.json` under the target directory, written during this run); the peer
benchmarks (`benches/peers`) are read from the report and the in-turn ratios they print.
A new section is a function `(Run) -> (commands, Markdown lines)` added to SECTIONS. The
whole-process section (`tools/bench/whole_process.py`) runs its processes itself: the `jaque` binary
against peer programs, timed in turns (A B A B), the median of the ratios reported. The python
section (`tools/bench/bench_python.py`) times jaque's Python package against Python PGN readers the
same way, each a `python -c` process, the peers in a virtualenv of its own. The fastest-perft
section (`tools/bench/bench_fastest.py`) builds ellxor/perft and times it against `jaque perft`
pinned to one core, and counts instructions a leaf under callgrind; the check-instructions
section (`tools/bench/bench_instructions.py`) counts `jaque check`'s instructions a move, thread
by thread, and its simulated cache misses against pgn-reader's. The stores section
(`tools/bench/bench_stores.py`) loads issue 55's candidate stores (`benches/stores`) with the
index's entries and kills them mid-load. The web section
(`tools/bench/bench_web.py`) measures the playground in a headless Chromium. The first-test section
(`tools/bench/bench_first_test.py`) times the README's test command on fresh clones, and the
release-build section (`tools/bench/bench_build.py`) the README's run command's cold build.
Standard library only.
"""

import argparse
import datetime
import json
import platform
import re
import shlex
import statistics
import subprocess
import sys
import time
from pathlib import Path

import bench_build
import bench_fastest
import bench_index
import bench_instructions
import bench_first_test
import bench_python
import bench_query
import bench_select
import bench_stores
import bench_web
import whole_process
from whole_process import in_turns

ROOT = Path(__file__).resolve().parents[2]
BENCHMARKS_MD = ROOT / "BENCHMARKS.md"
README_MD = ROOT / "README.md"
README_START = "<!-- benchmarks:start -->"
README_END = "<!-- benchmarks:end -->"
PEERS = "benches/peers/Cargo.toml"
START, END = "<!-- generated:start -->", "<!-- generated:end -->"
NOTES = "docs/dev/benchmark-notes.md"

# What BENCHMARKS.md says before the measured part, the same at every write.
PREAMBLE = f"""# Benchmarks

_Written by `tools/bench/benchmarks.py`, never by hand: `python3 tools/bench/benchmarks.py
--write` measures again and rewrites this file (`--quick` for fewer samples, `--only SECTION`
for some sections, `--list` names them). Notes on what was tried, kept and dropped, written by
hand and dated, are in [`{NOTES}`]({NOTES})._

## How the comparisons are measured

The peers run in the same process as jaque on the same data (`benches/peers`, a workspace of
its own so that they never enter jaque's dependency graph). Criterion measures one library for
seconds and then the other; on a shared machine the load changes between the two windows,
which moves the ratio of their medians both ways (the same code once gave 1.46x and 2.26x for
SAN in one session). So the SAN and PGN benches also measure **in turns**
(`jaque_peers::paired_ratio`): each round times a warm pass of jaque, then a warm pass of the
peer, under the same load, and they print the median ratio over the rounds with its quartiles.
The in-turn ratio is the one to quote; a single run still moves by a few percent with the load,
which is why the script records the load average around every section. The whole-process,
python and fastest-perft sections time whole processes in turns the same way.

## Measurements
"""


class BenchError(Exception):
    """A benchmark could not run or printed something this script cannot read."""


def tail(text, lines=25):
    return "\n".join(text.splitlines()[-lines:])


class Run:
    """One run of the script: options, and the helpers sections use."""

    def __init__(self, quick, verbose, baseline=None):
        self.quick = quick
        self.verbose = verbose
        # A jaque binary of an earlier commit, for the whole-process section to time against.
        self.baseline = baseline
        self._criterion_dir = None
        # How a section that does not run criterion sampled, said in its header line.
        self.mode = None

    def criterion_args(self):
        return ["--", "--noplot"] + (["--quick"] if self.quick else [])

    def cargo(self, args):
        """Runs `cargo ARGS` at the repository's root; returns (command, stdout, start time).
        With --verbose, everything it printed is shown after it ends."""
        command = ["cargo"] + args
        text = " ".join(shlex.quote(a) for a in command)
        print(f"$ {text}", file=sys.stderr, flush=True)
        began = time.time()
        result = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
        print(f"  ({time.time() - began:.0f} s)", file=sys.stderr, flush=True)
        if self.verbose:
            print(result.stdout + result.stderr, file=sys.stderr, flush=True)
        if result.returncode != 0:
            raise BenchError(
                f"`{text}` exited with {result.returncode}:\n"
                f"{tail(result.stdout)}\n{tail(result.stderr)}"
            )
        # A bench that skips says why on standard error (SKIPPED: ...); keep that with stdout.
        skipped = [line for line in result.stderr.splitlines() if line.startswith("SKIPPED")]
        return text, "\n".join([result.stdout] + skipped), began

    def bench(self, args):
        """`cargo bench ARGS -- criterion options`: (command, stdout, start time)."""
        return self.cargo(["bench", "--quiet"] + args + self.criterion_args())

    def target_dir(self, manifest=None):
        """Cargo's target directory for the main workspace, or for the one of `manifest`."""
        args = ["cargo", "metadata", "--format-version", "1", "--no-deps"]
        args += ["--manifest-path", manifest] if manifest else []
        meta = subprocess.run(args, cwd=ROOT, capture_output=True, text=True, check=True)
        return Path(json.loads(meta.stdout)["target_directory"])

    def criterion_dir(self):
        """The directory criterion writes to for the main workspace (jaque and magic-gen)."""
        if self._criterion_dir is None:
            self._criterion_dir = self.target_dir() / "criterion"
        return self._criterion_dir

    def criterion_results(self, since):
        """The criterion results written since `since`: {(group, function): result}, each with
        the median (ns per iteration) and the throughput in elements."""
        results = {}
        for path in self.criterion_dir().glob("**/new/benchmark.json"):
            if path.stat().st_mtime < since - 1:
                continue
            bench = json.loads(path.read_text())
            estimates = json.loads((path.parent / "estimates.json").read_text())
            key = (bench["group_id"], bench.get("function_id") or bench.get("value_str"))
            results[key] = {
                "ns": estimates["median"]["point_estimate"],
                "elements": (bench.get("throughput") or {}).get("Elements"),
            }
        if not results:
            raise BenchError(f"no criterion results written under {self.criterion_dir()}")
        return results

    def criterion_group(self, args, group):
        """Runs `cargo bench ARGS` of the main workspace: (command, {function: result} of
        `group`, in name order)."""
        command, _, began = self.bench(args)
        results = self.criterion_results(began)
        return command, {f: r for (g, f), r in sorted(results.items()) if g == group}


# Reading what the peer benches print (benches/peers/src/lib.rs: `report`, `paired_ratio`).

REPORT_HEADER = re.compile(r"^group\s+jaque (\w+)/s\s*(.*)$")
PAIRED = re.compile(
    r"^(?P<name>.+), measured in turns \((?P<rounds>\d+) rounds\): (?P<median>[\d.]+)x"
    r" \(quartiles (?P<q1>[\d.]+)x-(?P<q3>[\d.]+)x\)\s*$"
)


def parse_report(stdout):
    """The `report` table: {group: {"jaque": throughput, peer: ratio or None}}, and its unit."""
    lines = stdout.splitlines()
    for at, line in enumerate(lines):
        header = REPORT_HEADER.match(line.strip())
        if header:
            break
    else:
        raise BenchError("no report table (a line starting `group  jaque ...`) in:\n" + tail(stdout))
    unit = header.group(1)
    peers = re.findall(r"x vs (\S+)", header.group(2))
    rows = {}
    for line in lines[at + 1 :]:
        fields = line.split()
        if not fields or line.startswith("("):
            break
        if len(fields) != 2 + len(peers):
            raise BenchError(f"report row {line!r} does not match its header {peers}")
        row = {"jaque": float(fields[1])}
        for peer, value in zip(peers, fields[2:]):
            row[peer] = None if value == "-" else float(value)
        rows[fields[0]] = row
    return unit, peers, rows


def parse_paired(stdout):
    """The in-turn ratios: {name: (median, q1, q3, rounds)}."""
    found = {}
    for line in stdout.splitlines():
        m = PAIRED.match(line.strip())
        if m:
            found[m["name"]] = tuple(float(m[k]) for k in ("median", "q1", "q3")) + (int(m["rounds"]),)
    return found


def ratio(x):
    return "–" if x is None else f"{x:.2f}x"


def per_second(million):
    return f"{million:.1f} M" if million >= 1 else f"{million * 1000:.0f} k"


def ms(ns):
    return f"{ns / 1e6:.2f} ms" if ns < 1e9 else f"{ns / 1e9:.2f} s"


# The sections. Each returns (commands, Markdown lines).


def section_perft(run):
    command, out, _ = run.bench(["--manifest-path", PEERS, "--bench", "perft"])
    unit, peers, rows = parse_report(out)
    lines = [
        "| position | jaque " + unit.replace("M", "M ") + "/s | " + " | ".join(peers) + " |",
        "|---|---|" + "---|" * len(peers),
    ]
    names = {"startpos_perft6": "perft 6, start position", "kiwipete_perft5": "perft 5, Kiwipete"}
    for group, row in rows.items():
        cells = [names.get(group, group), f"{row['jaque']:.0f}"]
        cells += [ratio(row[p]) for p in peers]
        lines.append("| " + " | ".join(cells) + " |")
    lines += ["", "Ratios: the peer's median time / jaque's (criterion, one library after the other)."]
    return [command], lines


def section_san(run):
    command, out, _ = run.bench(["--manifest-path", PEERS, "--bench", "san"])
    _, peers, rows = parse_report(out)
    paired = parse_paired(out)
    row = rows.get("san_resolve_play")
    turns = next((v for k, v in paired.items() if k.startswith("san_resolve_play")), None)
    if row is None or turns is None:
        raise BenchError("the san bench printed no san_resolve_play results:\n" + tail(out))
    lines = [
        "| SAN parse + resolve + play, 17,722 moves | jaque | vs shakmaty, in turns | vs shakmaty, criterion |",
        "|---|---|---|---|",
        f"| one thread | {per_second(row['jaque'] / 1000)} moves/s | {in_turns(turns)} "
        f"| {ratio(row.get('shakmaty'))} |",
    ]
    return [command], lines


def section_pgn(run):
    command, out, _ = run.bench(["--manifest-path", PEERS, "--bench", "pgn"])
    if "SKIPPED" in out:
        skipped = next(l for l in out.splitlines() if "SKIPPED" in l)
        return [command], [f"Not measured: {skipped.strip()}"]
    _, peers, rows = parse_report(out)
    paired = parse_paired(out)
    row = rows.get("pgn_check")
    peer = next((v for k, v in paired.items() if "pgn-reader" in k), None)
    threads = next((v for k, v in paired.items() if "two threads" in k), None)
    if row is None or peer is None or threads is None:
        raise BenchError("the pgn bench printed no pgn_check results:\n" + tail(out))
    moves = re.search(r"mainline moves: jaque (\d+)", out)
    what = "`shared/data/pgn/real`" + (f", {int(moves[1]):,} mainline moves" if moves else "")
    two = re.search(r"two checking threads: ([\d.]+)x", out)
    lines = [
        f"| PGN check, {what} | jaque | in turns | criterion |",
        "|---|---|---|---|",
        f"| one thread vs pgn-reader + shakmaty | {per_second(row['jaque'] / 1000)} moves/s "
        f"| {in_turns(peer)} | {ratio(row.get('pgn-reader+shakmaty'))} |",
        f"| two threads vs one | | {in_turns(threads)} | {two[1] + 'x' if two else '–'} |",
    ]
    return [command], lines


def section_jaque_perft(run):
    command, cases = run.criterion_group(["--bench", "perft"], "perft")
    lines = ["| case | median time | nodes/s |", "|---|---|---|"]
    for case, r in cases.items():
        speed = per_second(r["elements"] / r["ns"] * 1e3) if r["elements"] else "–"
        lines.append(f"| {case} | {ms(r['ns'])} | {speed} |")
    return [command], lines


def section_attacks(run):
    command, lookups = run.criterion_group(["--bench", "attacks"], "attacks_1024_lookups")
    lines = ["| lookup | 1,024 lookups | per lookup |", "|---|---|---|"]
    for name, r in lookups.items():
        lines.append(f"| {name} | {r['ns'] / 1e3:.2f} µs | {r['ns'] / 1024:.2f} ns |")
    return [command], lines


def section_magic_search(run):
    commands, lines = [], [
        "| build profile | all 128 magics of a seed: median over 20 seeds | min | max "
        "| default seed: read `dense.magics`, fill, verify |",
        "|---|---|---|---|---|",
    ]
    for label, profile in (("optimised", []), ("unoptimised, as a dependent's build script", ["--profile", "dev"])):
        command, _, began = run.bench(["-p", "magic-gen", "--bench", "search"] + profile)
        results = run.criterion_results(began)
        seeds = [r["ns"] for (group, _), r in results.items() if group == "magic_search"]
        dense = results.get(("generate_and_verify", "default_seed"))
        if not seeds:
            raise BenchError(f"`{command}` wrote no magic_search results")
        lines.append(
            f"| {label} | {ms(statistics.median(seeds))} | {ms(min(seeds))} | {ms(max(seeds))} "
            f"| {ms(dense['ns']) if dense else '–'} |"
        )
        commands.append(command)
    return commands, lines


SECTIONS = [
    ("perft", "Perft against peers (same process)", section_perft),
    ("pgn", "PGN checking against pgn-reader + shakmaty (same process)", section_pgn),
    ("san", "SAN against shakmaty (same process)", section_san),
    ("jaque-perft", "Perft, jaque alone", section_jaque_perft),
    ("fastest-perft", "Perft against ellxor/perft, whole processes on one core", bench_fastest.section),
    ("attacks", "Attack lookups", section_attacks),
    ("magic-search", "The build-time magic search", section_magic_search),
    ("whole-process", "Whole processes, as users run them", whole_process.section),
    ("check-instructions", "`jaque check` counted: instructions, misses, instructions a cycle",
     bench_instructions.section),
    ("select", "`jaque select` against pgn-extract, whole processes", bench_select.section),
    ("query", "`jaque query` against `jaque check` and pgn-extract, whole processes",
     bench_query.section),
    ("stores", "Issue 55's index store: redb, fjall and SQLite on the index's entries",
     bench_stores.section),
    ("index", "`jaque index`, `tree`, `find` and `query` on a million games",
     bench_index.section),
    ("python", "Python PGN readers, whole processes", bench_python.section),
    ("web", "The playground in a headless Chromium", bench_web.section),
    ("first-test", "The first `cargo test` on a fresh clone", bench_first_test.section),
    ("release-build", "The release build on a fresh clone", bench_build.section),
]


def first_line(command):
    try:
        return subprocess.run(command, capture_output=True, text=True, cwd=ROOT).stdout.strip().splitlines()[0]
    except (OSError, IndexError):
        return "?"


def machine():
    model = "?"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return f"{first_line(['nproc'])} cores, {model}, {platform.machine()}, {platform.system()}"


def loadavg():
    try:
        return Path("/proc/loadavg").read_text().split()[0]
    except OSError:
        return "?"


def commit():
    head = first_line(["git", "rev-parse", "--short", "HEAD"])
    dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"], cwd=ROOT,
                           capture_output=True, text=True).stdout.strip()
    return head + (" + uncommitted changes" if dirty else "")


def now():
    return datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")


def render_section(name, title, commands, lines, meta):
    commands = " then ".join(f"`{c}`" for c in commands)
    return "\n".join(
        [f"<!-- section:{name} -->", f"### {title}", "", f"{commands}: {meta}", ""]
        + lines
        + ["", f"<!-- /section:{name} -->"]
    )


def header(argv, minutes):
    """The header of the measured part: this write's facts."""
    return "\n".join([
        f"- last written: {now()}, by `python3 tools/bench/benchmarks.py {' '.join(argv)}` ({minutes:.0f} min)",
        f"- machine of this write: {machine()}; each section names the machine it was measured on",
        f"- toolchain: {first_line(['rustc', '--version'])}, default release profile, no `target-cpu`",
        "- every section says when it was measured, on which commit, in which mode, and the load",
        "  average (1 min) before and after: this machine is shared, and load moves single runs",
    ])


def sections_of(text):
    """The sections of a generated part: {name: text}."""
    return {m[1]: m[0] for m in re.finditer(r"(?s)<!-- section:([\w-]+) -->.*?<!-- /section:\1 -->", text)}


def measured_part(text):
    """What BENCHMARKS.md holds between its markers ("" when it has none yet)."""
    if START not in text and END not in text:
        return ""
    if START not in text or END not in text:
        raise SystemExit(f"{BENCHMARKS_MD} has only one of the {START} ... {END} markers")
    return text.split(START, 1)[1].split(END, 1)[0]


def kept_header(old):
    """The header of a measured part, as it was written, less the instructions it began with
    before the preamble gave them."""
    head = old.split("<!-- section:", 1)[0].strip("\n")
    return re.sub(r"(?s)\A_Generated by .*?_\n\n", "", head)


def assemble(sections, head):
    """The whole text of BENCHMARKS.md: the preamble, then `head` and `sections` ({name:
    text}) between the markers, the sections in SECTIONS' order."""
    order = [name for name, _, _ in SECTIONS] + sorted(set(sections) - {n for n, _, _ in SECTIONS})
    body = "\n\n".join(sections[name] for name in order if name in sections)
    return f"{PREAMBLE}\n{START}\n{head}\n\n{body}\n{END}\n"


def write(rendered, head=None):
    """Writes BENCHMARKS.md whole: the sections of `rendered` and the others as the file has
    them, under `head` (None: the header the file has); then the README's table."""
    old = measured_part(BENCHMARKS_MD.read_text()) if BENCHMARKS_MD.exists() else ""
    sections = {name: with_machine(section, old) for name, section in sections_of(old).items()}
    sections.update(rendered)
    BENCHMARKS_MD.write_text(assemble(sections, kept_header(old) if head is None else head))
    print(f"wrote {BENCHMARKS_MD.relative_to(ROOT)}", file=sys.stderr)
    write_readme(sections)


def with_machine(section, old):
    """A kept section written before sections named their machine: the machine the header of
    the last write names if the section was measured in that write, else "not recorded"."""
    measured = r"(measured (\S+ \S+) UTC on commit \w+(?: \+ uncommitted changes)?),"
    found = re.search(measured, section)  # a section that names its machine does not match
    if not found:
        return section
    written = re.search(r"^- last written: (\S+ \S+) UTC, .*\((\d+) min\)$", old, re.MULTILINE)
    machine_line = re.search(r"^- machine: (.+)$", old, re.MULTILINE)
    machine_of = "machine not recorded"
    if written and machine_line:
        parse = lambda when: datetime.datetime.strptime(when, "%Y-%m-%d %H:%M")  # noqa: E731
        end, start = parse(written[1]), parse(written[1]) - datetime.timedelta(
            minutes=int(written[2]) + 1)
        if start <= parse(found[2]) <= end:
            machine_of = machine_line[1]
    return section[:found.start()] + f"{found[1]} ({machine_of})," + section[found.end():]


def table_rows(section):
    """The body rows of a section's first table, as lists of cells."""
    rows = [line.strip().strip("|").split("|") for line in section.splitlines() if line.startswith("|")]
    return [[cell.strip() for cell in row] for row in rows[2:]]


def first_table(section):
    """The lines of a section's first Markdown table, its header and rule included."""
    lines = section.splitlines()
    start = next((i for i, line in enumerate(lines) if line.startswith("|")), len(lines))
    end = next((i for i in range(start, len(lines)) if not lines[i].startswith("|")), len(lines))
    return lines[start:end]


def write_readme(sections):
    """The README's one performance table: the headline table of the whole-process section
    (what users run: jaque and each peer as programs, in turns) when it ran, else the
    same-process perft and PGN sections: jaque's speed and its ratio to each peer (peer time /
    jaque time)."""
    text = README_MD.read_text()
    if README_START not in text or README_END not in text:
        return
    if "whole-process" in sections:
        section = sections["whole-process"]
        rows = first_table(section)[2:]
        lines = ["| benchmark, whole processes | jaque | cozy-chess | chess | shakmaty "
                 "| pgn-reader + shakmaty |", "|---|---|---|---|---|---|"] + rows
        source = "the whole-process section of `BENCHMARKS.md`"
    elif {"perft", "pgn"} <= set(sections):
        section = sections["pgn"]
        lines = ["| benchmark | jaque | cozy-chess | chess | shakmaty | pgn-reader + shakmaty |",
                 "|---|---|---|---|---|---|"]
        for row in table_rows(sections["perft"]):
            lines.append(f"| {row[0]} | {row[1]} M nodes/s | {row[2]} | {row[3]} | {row[4]} | |")
        pgn = table_rows(sections["pgn"])
        if pgn:
            lines.append(f"| PGN check, one thread, `shared/data/pgn/real` | {pgn[0][1]} | | | | {pgn[0][2]} |")
        source = "`BENCHMARKS.md`"
    else:
        return
    measured = re.search(r"measured (\S+ \S+ UTC) on commit (\w+)", section)
    when = f"Measured {measured[1]} on commit {measured[2]}" if measured else "Measured"
    lines.append("")
    lines.append(f"{when} by `tools/bench/benchmarks.py`, which writes this table from {source}.")
    before, rest = text.split(README_START, 1)
    _, after = rest.split(README_END, 1)
    README_MD.write_text(f"{before}{README_START}\n" + "\n".join(lines) + f"\n{README_END}{after}")
    print(f"wrote {README_MD.relative_to(ROOT)}", file=sys.stderr)


def main():
    names = [name for name, _, _ in SECTIONS]
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="criterion's --quick: fewer samples")
    parser.add_argument("--write", action="store_true", help="rewrite BENCHMARKS.md with the results")
    parser.add_argument("--rewrite", action="store_true",
                        help="rewrite BENCHMARKS.md (and the README's table) from the sections it "
                        "holds, measuring nothing")
    parser.add_argument("--only", help="comma-separated sections: " + ", ".join(names))
    parser.add_argument("--list", action="store_true", help="list the sections and exit")
    parser.add_argument("--verbose", action="store_true", help="show cargo's and criterion's output")
    parser.add_argument("--baseline", metavar="BINARY",
                        help="a jaque binary of an earlier commit: the whole-process section "
                        "also times `check --jobs 1` against it")
    bench_python.add_arguments(parser)
    bench_build.add_arguments(parser)
    args = parser.parse_args()
    if args.list:
        for name, title, _ in SECTIONS:
            print(f"{name:14} {title}")
        return 0
    if args.rewrite:
        if not BENCHMARKS_MD.exists():
            parser.error(f"--rewrite: no {BENCHMARKS_MD.relative_to(ROOT)} to rewrite")
        write({})
        return 0
    chosen = names if not args.only else args.only.split(",")
    unknown = set(chosen) - set(names)
    if unknown:
        parser.error(f"unknown sections {sorted(unknown)}; --list names them")

    run = Run(args.quick, args.verbose, args.baseline)
    run.options = args  # the python section's options (bench_python.add_arguments)
    began, rendered, failed = time.time(), {}, []
    for name, title, function in SECTIONS:
        if name not in chosen:
            continue
        load_before, measured, run.mode = loadavg(), now(), None
        try:
            commands, lines = function(run)
        except (BenchError, whole_process.Failed) as error:
            print(f"error: section {name}: {error}", file=sys.stderr)
            failed.append(name)
            continue
        meta = (f"measured {measured} on commit {commit()} ({machine()}), "
                f"{run.mode or ('quick mode (criterion --quick)' if args.quick else 'full criterion sampling')}, "
                f"load {load_before} before and {loadavg()} after.")
        rendered[name] = render_section(name, title, commands, lines, meta)
        print(rendered[name] + "\n", flush=True)
    minutes = (time.time() - began) / 60
    print(f"{len(rendered)} section(s) in {minutes:.1f} min", file=sys.stderr)
    if args.write and rendered:
        write(rendered, header(sys.argv[1:], minutes))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
