"""The check-instructions section of tools/bench/benchmarks.py: what `jaque check` runs a move,
counted, not timed. Callgrind counts the instructions of each thread of `jaque check --jobs 1`
(the checking thread is the critical path; the cutting thread runs beside it on the other
core) and of the peer, pgn-reader + shakmaty (`benches/peers/src/bin/pgn-peer.rs`, one thread);
cachegrind simulates the caches of the whole process. The machines these run on have no
hardware counters, so `perf stat` can give neither instructions a cycle nor the real misses:
instructions a cycle are callgrind's counts on `F` over cycles of CPU time: a thread's CPU
time read from `/proc` while it runs, a process's from `wait4` (medians of native runs), the
cycles a second measured by `tools/bench/clock.rs` (a chain of dependent additions, one
cycle each).

    python3 tools/bench/benchmarks.py --only check-instructions
    python3 tools/bench/bench_instructions.py [JAQUE]     # the table alone, for a build

`R` is `../shared/data/pgn/real/*.pgn` concatenated once (6.6 MB), `F` eight times (a run of
`R` is too short for its CPU time to be mostly the checking): under valgrind a run takes about
fifty times its native time. jaque is the `profiling` build (release code, symbols kept,
so that callgrind can tell the threads by the functions they run and name the parts of the
checking thread). Standard library only.
"""

import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from whole_process import PEERS, SHARED_GAMES, Failed

ROOT = Path(__file__).resolve().parents[2]
# The checking thread's parts, inclusive of what they call: (label, function).
PARTS = [
    ("the walk: SAN read, resolved, played, `+`/`#` tested", "jaque::pgn::check::walk::walk"),
    ("of which the legality test", "jaque::position::Position::is_safe_after"),
    ("the lexer", "jaque::pgn::syntax::lex::lex"),
    ("the tag roster", "jaque::pgn::check::roster::check"),
    ("diagnostics rendered as text", "jaque::cli::render::render_into"),
]
# A thread is known by a function only it runs.
THREADS = [("checking", "walk::walk"), ("cutting", "Cutter::read")]


def callgrind(argv, folder):
    """Instructions of each thread of `argv`: [(thread name, instructions, file)]."""
    out = folder / "callgrind.out"
    result = subprocess.run(["valgrind", "--tool=callgrind", "--separate-threads=yes",
                             f"--callgrind-out-file={out}", *argv], capture_output=True, text=True)
    if result.returncode not in (0, 1):
        raise Failed(f"callgrind on `{' '.join(argv)}`: {result.stderr[-500:]}")
    threads = []
    for path in sorted(folder.glob("callgrind.out-*")):
        text = path.read_text(errors="replace")
        total = re.search(r"^totals:\s*(\d+)", text, re.MULTILINE)
        name = next((n for n, f in THREADS if f in text), "main")
        threads.append((name, int(total[1]) if total else 0, path))
    if not threads:
        raise Failed(f"callgrind on `{' '.join(argv)}` wrote no thread's counts")
    return threads


def inclusive(path):
    """{function: inclusive instructions} of one callgrind file, as callgrind_annotate sums.
    A function's first line is its whole cost (the lines are in falling order); the later
    lines of the same name are the parts of it inlined from other files."""
    result = subprocess.run(["callgrind_annotate", "--inclusive=yes", "--threshold=100",
                             str(path)], capture_output=True, text=True, check=True)
    costs = {}
    for line in result.stdout.splitlines():
        found = re.match(r"^\s*([\d,]+) \([\s\d.]+%\)\s+[^\s:]*:(\S+)", line)
        if found:
            costs.setdefault(found[2], int(found[1].replace(",", "")))
    return costs


def caches(argv):
    """Cachegrind's simulated misses of the whole process: {"I", "D1", "LL", "branches"}
    (LL: data and instructions missing the last level; branches: mispredicted ones)."""
    result = subprocess.run(["valgrind", "--tool=cachegrind", "--cache-sim=yes",
                             "--branch-sim=yes", "--cachegrind-out-file=/dev/null", *argv],
                            capture_output=True, text=True)
    found = {}
    for key, label in [("I", r"I\s+refs"), ("D1", r"D1\s+misses"), ("LL", r"LL misses"),
                       ("branches", r"Mispredicts")]:
        match = re.search(label + r":\s*([\d,]+)", result.stderr)
        if not match:
            raise Failed(f"cachegrind on `{' '.join(argv)}`: {result.stderr[-500:]}")
        found[key] = int(match[1].replace(",", ""))
    return found


def cpu_times(argv):
    """One native run of `argv`: the CPU seconds of each of its threads by name, read from
    `/proc/PID/task/*/schedstat` every millisecond while it runs (so up to a millisecond
    short), and of the whole process, user and system, from `wait4`."""
    process = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    tasks = Path(f"/proc/{process.pid}/task")
    threads = {}
    while True:
        done, status, usage = os.wait4(process.pid, os.WNOHANG)
        if done:
            break
        for task in list(tasks.glob("*")):
            try:
                name = (task / "comm").read_text().strip()
                nanoseconds = int((task / "schedstat").read_text().split()[0])
            except (OSError, ValueError, IndexError):
                continue
            threads[(task.name, name)] = nanoseconds
        time.sleep(0.001)
    if os.waitstatus_to_exitcode(status) not in (0, 1):
        raise Failed(f"`{' '.join(argv)}` failed")
    by_name = {}
    for (_, name), nanoseconds in threads.items():
        by_name[name] = by_name.get(name, 0) + nanoseconds / 1e9
    return by_name, usage.ru_utime + usage.ru_stime


def median_cpu(argv, thread, rounds=11):
    """The medians of `rounds` runs (after an untimed one) of `argv`'s CPU time: the thread
    named `thread`'s, and the whole process's."""
    runs = [cpu_times(argv) for _ in range(rounds + 1)][1:]
    return (statistics.median(threads.get(thread, 0.0) for threads, _ in runs),
            statistics.median(whole for _, whole in runs))


def clock_hz(folder):
    """Cycles a second of one busy core (`tools/bench/clock.rs`), or None where the clock
    program measures nothing (other than x86-64) or no `rustc` builds it."""
    program = Path(folder) / "clock"
    try:
        subprocess.run(["rustc", "-C", "opt-level=3", "-o", str(program),
                        str(ROOT / "tools/bench/clock.rs")], check=True, capture_output=True)
        printed = subprocess.run([str(program)], capture_output=True, text=True, check=True)
    except (OSError, subprocess.CalledProcessError):
        return None
    return float(printed.stdout) * 1e9 if printed.stdout.strip() else None


def per_move(count, moves):
    return f"{count / moves:,.1f}"


def measure(jaque, peer, file, big):
    """The section's tables, for the jaque binary `jaque` and the peer `peer` on `file` (R)
    and `big` (F)."""
    summary = subprocess.run([jaque, "check", "--json", "--jobs", "1", file],
                             capture_output=True, text=True).stdout.splitlines()[-1]
    moves = json.loads(summary)["summary"]["moves"]
    peer_moves = int(subprocess.run([peer, file], capture_output=True, text=True,
                                    check=True).stdout.split()[3])
    runs = [("`jaque check --jobs 1 R`", [jaque, "check", "--jobs", "1", "--no-progress", file],
             moves),
            ("`jaque check --json --jobs 1 R`", [jaque, "check", "--json", "--jobs", "1", file],
             moves),
            ("`pgn-peer R` (pgn-reader + shakmaty)", [peer, file], peer_moves),
            ("`pgn-peer --check-marks R`", [peer, "--check-marks", file], peer_moves)]
    lines = ["| program | checking thread | cutting thread | whole process | D1 misses | "
             "LL misses | mispredicted branches |", "|---|---|---|---|---|---|---|"]
    parts = None
    for label, argv, n in runs:
        with tempfile.TemporaryDirectory() as folder:
            threads = callgrind(argv, Path(folder))
            whole = sum(count for _, count, _ in threads)
            by_name = {name: (count, path) for name, count, path in threads}
            if "checking" in by_name and parts is None:
                costs = inclusive(by_name["checking"][1])
                parts = [(what, costs.get(function)) for what, function in PARTS]
        checking = by_name.get("checking", (whole, None))[0]
        cutting = by_name.get("cutting", (None, None))[0]
        missed = caches(argv)
        lines.append(f"| {label} | {per_move(checking, n)} | "
                     f"{per_move(cutting, n) if cutting else '–'} | {per_move(whole, n)} | "
                     f"{per_move(missed['D1'], n)} | {per_move(missed['LL'], n)} | "
                     f"{per_move(missed['branches'], n)} |")
    lines += ["", "| the checking thread of `jaque check --jobs 1 R`, inclusive | instructions "
              "a move |", "|---|---|"]
    for what, count in parts or []:
        lines.append(f"| {what} | {per_move(count, moves) if count else '–'} |")
    lines += ["", f"Instructions and misses a move of the file's moves: jaque reads {moves:,} "
              f"(variations included), the peer {peer_moves:,} (mainlines; it stops a game at "
              "a move it cannot play). The peer has one thread: its whole process is its "
              "checking thread. Misses are cachegrind's simulation of this machine's caches "
              "(first level data, last level) and of a simple branch predictor (real ones "
              "predict better, the indirect branches of jump tables above all), for the whole "
              "process."]
    return lines + [""] + cycles(jaque, peer, big)


def cycles(jaque, peer, big):
    """The table of instructions a cycle, on `big` (F): callgrind's instructions over the
    cycles of CPU time, for jaque's checking thread and each whole process."""
    with tempfile.TemporaryDirectory() as folder:
        hz = clock_hz(folder)
    if hz is None:
        return ["Instructions a cycle: not measured (the clock program measures x86-64 "
                "processors alone)."]
    runs = [("`jaque check --jobs 1 F`", [jaque, "check", "--jobs", "1", "--no-progress", big],
             "check-0"),
            ("`jaque check --json --jobs 1 F`", [jaque, "check", "--json", "--jobs", "1", big],
             "check-0"),
            ("`pgn-peer F`", [peer, big], None)]
    lines = ["| on F | thread | instructions | CPU time | instructions a cycle |",
             "|---|---|---|---|---|"]
    for label, argv, thread in runs:
        with tempfile.TemporaryDirectory() as folder:
            threads = callgrind(argv, Path(folder))
        whole = sum(count for _, count, _ in threads)
        checking = dict((name, count) for name, count, _ in threads).get("checking")
        thread_cpu, whole_cpu = median_cpu(argv, thread or "")
        shown = [("the checking thread", checking, thread_cpu)] if thread else []
        for what, count, cpu in shown + [("the whole process", whole, whole_cpu)]:
            lines.append(f"| {label} | {what} | {count / 1e6:,.1f} M | {cpu * 1e3:,.1f} ms | "
                         f"**{count / (cpu * hz):.2f}** |")
    lines += ["", f"`F`: `R` eight times (53 MB). Instructions: callgrind's, of one run. CPU "
              "time: the median of 11 native runs, a thread's read from "
              "`/proc/PID/task/*/schedstat` every millisecond while it runs, a whole "
              "process's (user and system, all threads) from `wait4`. Cycles: CPU time "
              f"times {hz / 1e9:.2f} GHz, this machine's clock with one core busy, measured "
              "by `tools/bench/clock.rs` (a chain of dependent additions, one cycle each, "
              "timed): the machine has no hardware counters for `perf stat`. The kernel's "
              "time is in a whole process's CPU time but its instructions are not counted "
              "there, so that figure is a little low."]
    return lines


def build(run):
    """The binaries: (commands, jaque, peer)."""
    commands = [run.cargo(["build", "--profile", "profiling", "--bin", "jaque"])[0],
                run.cargo(["build", "--release", "--manifest-path", PEERS, "--bins"])[0]]
    jaque = str(run.target_dir() / "profiling" / "jaque")
    peer = str(run.target_dir(PEERS) / "release" / "pgn-peer")
    return commands, jaque, peer


def make_input(folder):
    """`R` and `F` (R eight times) in `folder`, or None when the shared games are absent."""
    games = sorted(SHARED_GAMES.glob("*.pgn"))
    if not games:
        return None
    folder.mkdir(parents=True, exist_ok=True)
    text = b"".join(p.read_bytes() for p in games)
    (folder / "real.pgn").write_bytes(text)
    (folder / "real8.pgn").write_bytes(text * 8)
    return str(folder / "real.pgn"), str(folder / "real8.pgn")


def section(run):
    """The section for tools/bench/benchmarks.py: (commands, Markdown lines); sets `run.mode`."""
    commands, jaque, peer = build(run)
    run.mode = "one run of each program under callgrind and one under cachegrind"
    files = make_input(run.target_dir() / "check-instructions")
    if files is None:
        return commands, [f"Not measured: {SHARED_GAMES} is absent."]
    return commands, measure(jaque, peer, *files)


def main():
    jaque = sys.argv[1] if len(sys.argv) > 1 else str(ROOT / "target/profiling/jaque")
    peer = str(ROOT / "benches/peers/target/release/pgn-peer")
    files = make_input(ROOT / "target/check-instructions")
    if files is None:
        print(f"{SHARED_GAMES} is absent", file=sys.stderr)
        return 1
    print("\n".join(measure(jaque, peer, *files)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
