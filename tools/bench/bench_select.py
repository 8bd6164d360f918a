"""The select section of tools/bench/benchmarks.py: `jaque select --jobs 1` against pgn-extract
19.04 (Debian's, `/usr/games/pgn-extract`) on the same file, whole processes in turns, the same
selections: a tag filter, a position (`--fen` and `--moves`, pgn-extract's FEN in a tag file), a FEN
pattern, duplicates, the ECO classification. Before timing, each pair runs once untimed and
both programs' selected games are counted (jaque's summary line; the `[Event ` lines of
pgn-extract's output, which writes every game with its Event tag first): the table says where
they differ, and the notes why.

    python3 tools/bench/benchmarks.py --only select

Standard library only.
"""

import re
import shutil
import subprocess
import tempfile
from pathlib import Path

from whole_process import Failed, Programs, alternate, in_turns, median_of, ratio

PGN_EXTRACT = "/usr/games/pgn-extract"

# (what, jaque's arguments, pgn-extract's arguments (TAGS: a tag file of this text), goal)
SELECTIONS = [
    ("a tag filter: `--tag 'WhiteElo >= 2700'`", ["--tag", "WhiteElo >= 2700"],
     ("WhiteElo >= \"2700\"\n", []), 20),
    ("a position: `--moves 'e4 c5 Nf3 d6 d4'`", ["--moves", "e4 c5 Nf3 d6 d4"],
     ("FEN \"rnbqkbnr/pp2pppp/3p4/2p5/3PP3/5N2/PPP2PPP/RNBQKB1R b KQkq d3 0 3\"\n", []), 10),
    ("a position: `--fen 'rnbqkbnr/pp2pppp/3p4/2p5/3PP3/5N2/PPP2PPP/RNBQKB1R b KQkq -'`",
     ["--fen", "rnbqkbnr/pp2pppp/3p4/2p5/3PP3/5N2/PPP2PPP/RNBQKB1R b KQkq - 0 3"],
     ("FEN \"rnbqkbnr/pp2pppp/3p4/2p5/3PP3/5N2/PPP2PPP/RNBQKB1R b KQkq d3 0 3\"\n", []), 10),
    ("a FEN pattern: `--pattern '*/*/*/*/???PP???/*/*/*'`", ["--pattern", "*/*/*/*/???PP???/*/*/*"],
     (None, ["-Tf*/*/*/*/???PP???/*/*/*"]), 10),
    ("duplicates: `--dedupe`", ["--dedupe"], (None, ["-D"]), 10),
    ("the ECO classification: `--add-opening`", ["--add-opening"],
     (None, ["-e/usr/share/pgn-extract/eco.pgn"]), 10),
]


def jaque_selected(p, args):
    """How many games `jaque select ARGS F` selects (its summary on standard error)."""
    done = subprocess.run([p.jaque, "select", "--jobs", "1", "--no-progress", *args, p.file],
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    found = re.search(r"selected (\d+) of", done.stderr)
    if done.returncode not in (0, 1) or not found:
        raise Failed(f"jaque select {args}: exit {done.returncode}: {done.stderr[-500:]}")
    return int(found.group(1))


def extract_selected(flags, file):
    """How many games pgn-extract writes with `flags` (its output counted by Event tags)."""
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "out.pgn"
        subprocess.run([PGN_EXTRACT, "-s", *flags, "-o", str(out), file],
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
        return sum(1 for line in out.read_bytes().splitlines() if line.startswith(b"[Event "))


def supported(p, args):
    """Whether this jaque knows the flag (the section runs on builds before and after it)."""
    help_text = subprocess.run([p.jaque, "select", "--help"], capture_output=True, text=True).stdout
    return args[0] in help_text


def section(run):
    """The section: (commands, Markdown lines)."""
    p = Programs(run)
    if not p.make_input():
        return p.commands, ["Not measured: the shared games are absent."]
    if not shutil.which(PGN_EXTRACT):
        return p.commands, ["Not measured: no pgn-extract (`apt-get install pgn-extract`)."]
    run.mode = f"{p.rounds} rounds in turns after an untimed run of each program"
    folder = Path(tempfile.mkdtemp())
    lines = ["| `jaque select --jobs 1 F` vs `pgn-extract F`, the same selection | time ratio: "
             "median (quartiles, rounds) | jaque | pgn-extract | games selected (jaque, "
             "pgn-extract) | goal |", "|---|---|---|---|---|---|"]
    for what, args, (tags, flags), goal in SELECTIONS:
        if not supported(p, args):
            lines.append(f"| {what} | not in this build | | | | ≥ {goal}x |")
            continue
        extra = list(flags)
        if tags is not None:
            tag_file = folder / f"tags-{len(lines)}.txt"
            tag_file.write_text(tags)
            extra.append(f"-t{tag_file}")
        theirs = [PGN_EXTRACT, "-s", *extra, "-o", "/dev/null", p.file]
        ours = [p.jaque, "select", "--jobs", "1", "--no-progress", *args, p.file]
        counts = (jaque_selected(p, args), extract_selected(extra, p.file))
        times = alternate([[ours], [theirs]], p.rounds)
        lines.append(f"| {what} | {in_turns(ratio(times, 1))} | {median_of(times[0]):.2f} s | "
                     f"{median_of(times[1]):.2f} s | {counts[0]:,}, {counts[1]:,} | ≥ {goal}x |")
    shutil.rmtree(folder, ignore_errors=True)
    return p.commands, lines + [
        "",
        "`A vs B`: B's time over A's, above 1 when jaque is faster. `F`: the shared real files "
        "concatenated eight times (as in the whole-process section). Why the counts differ, where "
        "they do: [docs/select.md](docs/select.md#against-pgn-extract).",
    ]
