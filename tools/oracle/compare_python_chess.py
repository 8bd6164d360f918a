#!/usr/bin/env python3
"""jaque against python-chess on real-world PGN, game by game, every disagreement classified.

The oracle of issue 31 ("PGN as the world writes it"). For each PGN file of the corpus (see
`tools/oracle/real_world_corpus.py` and `tests/data/real_world_corpus.tsv`):

1. `jaque check --json --jobs 1 FILE` gives jaque's verdict on each game (`plies`, `final_fen`,
   `diagnostics`);
2. `examples/pgn_games.rs` (`cargo build --release --example pgn_games`) gives the text of each
   game exactly as jaque's `Splitter` cut it and `syntax::decode` decoded it, in the same order;
3. python-chess reads that text alone: `chess.pgn.read_game(io.StringIO(text))` (with a
   `GameBuilder` that also notes where each error happened; the parsing is python-chess's own).

Then, per game: does either side find an error, do both read the same number of mainline
half-moves (jaque's `plies`, python-chess's mainline up to its first mainline error), and do
both reach the same final position (FEN without the en-passant field, which python-chess
writes only when a capture is legal; the move counters are compared too)?

Every disagreement gets a *kind* and a *class*. The kinds:

- `jaque-error-only`: jaque reports an error, python-chess none;
- `python-chess-error-only`: the other way round;
- `jaque-error-first` / `python-chess-error-first`: both find errors, one stops the mainline
  earlier than the other;
- `final-position-differs`: neither (or both at the same ply) errs, yet the plies or the final
  positions differ;
- `python-chess-stops-early`: python-chess ended the game before the end of the text (it ends a
  game at a blank line); the game is then read again without those blank lines and compared
  once more, so that what lies behind the blank line is classified as well;
- `python-chess-cannot-read`: `read_game` returned None or raised;
- `game-count-differs`: `jaque check` and the splitter disagree on a file's games.

The classes are named after their causes by the rules in `JAQUE_RULES`, `PYTHON_CHESS_RULES`
and `POSITION_RULES` below (functions of jaque's diagnostic codes and messages, python-chess's
error messages and the text at the error), each with a verdict: `jaque bug` (expected to go
once jaque's reader is fixed), `python-chess wrong`, `by design` (jaque does not do it on
purpose) or `undetermined` (no rule matched: look at the examples).

Outputs: a Markdown report (`--report`), a TSV of every disagreement (`--tsv`), and the table
(class, verdict, games, files) on standard output.

jaque's games and the splitter's texts are paired in order (several games can start on one
line: `a5*[Event …`); only when their counts differ, by first line.

`--fix` checks `jaque fix` instead (issue 31: fix keeps every move, and what python-chess
reads is the same before and after): `jaque fix -` on each file's bytes, a second `jaque fix
-` on its output (idempotent: the same bytes), and per game, as the splitter cuts the
original and the fixed bytes, python-chess's mainline (UCI), the tag names it read, and
jaque's `plies`. Its kinds are in `FIX_KINDS`, its rules in `FIX_RULES`, its verdicts `fix
right`, `jaque bug`, `undetermined`.

    cargo build --release --bin jaque --example pgn_games
    tools/oracle/compare_python_chess.py --jaque target/release/jaque --report /work/corpus/report.md
    tools/oracle/compare_python_chess.py --fix --jaque target/release/jaque --report /work/corpus/fix.md
"""

import argparse
import collections
import logging
import os
import time

import chess
import chess.pgn

from comparison.fix_check import fix_main
from comparison.rules import (CANNOT_READ_RULES, Context, JAQUE_RULES, POSITION_RULES,
                              PYTHON_CHESS_RULES, VERDICTS, classify)
from comparison.sides import (PythonChess, fen_differences, run_jaque, run_splitter, short,
                              without_blank_lines)


HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))

logging.getLogger("chess.pgn").setLevel(logging.CRITICAL)


# ---------------------------------------------------------------------------------------------
# Comparing one game


def compare_game(file, raw, split, jaque, pc):
    """The disagreements of one game: a list of (kind, class, verdict, context)."""
    out = []
    if pc.exception or pc.game is None:
        c = Context(file, raw, split, jaque, pc, "python-chess-cannot-read")
        name, verdict = classify(CANNOT_READ_RULES, c)
        out.append(("python-chess-cannot-read", name, verdict, c))
        return out
    if pc.stopped_early:
        c = Context(file, raw, split, jaque, pc, "python-chess-stops-early")
        rest = pc.rest.lstrip("\r\n")
        read = pc.text[: len(pc.text) - len(pc.rest)]
        if rest.startswith("[") and read.lstrip().startswith("{") and not pc.game.headers_read:
            # jaque: commentary before the first tag section belongs to the game after it;
            # python-chess reads it as a game's movetext and ends that game at the blank line.
            name = "comment before the first tag section, which python-chess makes a game of its own"
        elif rest.startswith("["):
            name = "python-chess ends the tag section at a second blank line"
        else:
            name = "python-chess ends the game at a blank line inside movetext"
        out.append(("python-chess-stops-early", name, "python-chess wrong", c))
        again = PythonChess(without_blank_lines(split["text"]))
        if again.game is not None and not again.exception:
            pc = again
    j_err = any(d["severity"] == "error" for d in jaque["diagnostics"])
    p_err = bool(pc.errors)
    jp, pp = jaque["plies"], pc.plies
    same_position = not fen_differences(jaque["final_fen"], pc.fen()) or (
        j_err and p_err and pc.fen() is None
    )
    if j_err and not p_err:
        kind, rules = "jaque-error-only", JAQUE_RULES
    elif p_err and not j_err:
        kind, rules = "python-chess-error-only", PYTHON_CHESS_RULES
    elif j_err and p_err and jp < pp:
        kind, rules = "jaque-error-first", JAQUE_RULES
    elif j_err and p_err and pp < jp:
        kind, rules = "python-chess-error-first", PYTHON_CHESS_RULES
    elif jp == pp and same_position:
        return out
    elif j_err and jaque["status"] == "unsupported":
        kind, rules = "jaque-error-only", JAQUE_RULES
    else:
        kind, rules = "final-position-differs", POSITION_RULES
    c = Context(file, raw, split, jaque, pc, kind)
    name, verdict = classify(rules, c)
    out.append((kind, name, verdict, c))
    return out


# ---------------------------------------------------------------------------------------------
# The run


def pair_games(jaque_games, splits):
    """jaque's games with the splitter's texts: in order (both cut the same way, and several
    games may start on one line: `a5*[Event …`), else, when the counts differ, by first line
    (the first text of that line)."""
    if len(jaque_games) == len(splits) and all(
        j["line"] == s["line"] for j, s in zip(jaque_games, splits)
    ):
        return list(zip(jaque_games, splits))
    by_line = {}
    for s in splits:
        by_line.setdefault(s["line"], s)
    return [(j, by_line[j["line"]]) for j in jaque_games if j["line"] in by_line]


def corpus_files(corpus):
    listing = os.path.join(corpus, "SOURCES.tsv")
    if os.path.exists(listing):
        with open(listing, encoding="utf-8") as f:
            rows = f.read().splitlines()[1:]
        return [os.path.join(corpus, row.split("\t")[0]) for row in rows if row]
    found = []
    for base, _dirs, names in os.walk(corpus):
        found += [os.path.join(base, n) for n in names if n.lower().endswith(".pgn")]
    return sorted(found)


def main():
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--jaque", default=os.path.join(ROOT, "target", "release", "jaque"))
    parser.add_argument(
        "--games", default=os.path.join(ROOT, "target", "release", "examples", "pgn_games"),
        help="the pgn_games example binary",
    )
    parser.add_argument("--corpus", default="/work/corpus")
    parser.add_argument("--report", help="write the Markdown report here")
    parser.add_argument("--tsv", help="write every disagreement here (default: next to --report)")
    parser.add_argument("--examples", type=int, default=3, help="examples per class")
    parser.add_argument(
        "--fix", action="store_true",
        help="check `jaque fix` instead: python-chess's games, moves and tags before and after",
    )
    parser.add_argument("files", nargs="*", help="compare these files instead of the corpus")
    args = parser.parse_args()

    files = args.files or corpus_files(args.corpus)
    if args.fix:
        fix_main(args, files)
        return
    started = time.time()
    rows, totals, file_findings = compare_files(args, files)
    elapsed = time.time() - started
    ordered = class_table(rows, args.examples)
    header = (
        f"jaque: {args.jaque}; python-chess {chess.__version__}; "
        f"{totals['files']} files, {totals['games']} games; "
        f"jaque finds errors in {totals['jaque_error_games']}, python-chess in "
        f"{totals['pc_error_games']}; {totals['disagreeing_games']} games disagree "
        f"({len(rows)} disagreements); {elapsed:.0f} s"
    )
    print(header)
    print()
    print(table_markdown(ordered))
    for rel, nj, ns in file_findings:
        print(f"game-count-differs: {rel}: jaque check {nj}, pgn_games {ns}")

    if args.report:
        tsv = args.tsv or os.path.splitext(args.report)[0] + ".tsv"
        write_tsv(tsv, rows)
        write_report(args, args.report, tsv, header, ordered, file_findings, totals)
    elif args.tsv:
        write_tsv(args.tsv, rows)


def compare_files(args, files):
    """Every game of `files` compared: the disagreements (kind, class, verdict, context), the
    totals, and the files where jaque and the splitter count different games."""
    rows = []
    totals = collections.Counter()
    file_findings = []
    for path in files:
        rel = os.path.relpath(path, args.corpus) if path.startswith(args.corpus) else path
        with open(path, "rb") as f:
            raw = f.read()
        jaque_games = run_jaque(args.jaque, path)
        splits = run_splitter(args.games, path)
        totals["files"] += 1
        if len(jaque_games) != len(splits):
            file_findings.append((rel, len(jaque_games), len(splits)))
        for jaque, split in pair_games(jaque_games, splits):
            totals["games"] += 1
            pc = PythonChess(split["text"])
            if any(d["severity"] == "error" for d in jaque["diagnostics"]):
                totals["jaque_error_games"] += 1
            if pc.errors:
                totals["pc_error_games"] += 1
            found = compare_game(rel, raw, split, jaque, pc)
            if found:
                totals["disagreeing_games"] += 1
            for kind, name, verdict, c in found:
                c.index = split["index"]
                c.global_index = jaque["game"]
                rows.append((kind, name, verdict, c))
    return rows, totals, file_findings


def class_table(rows, examples):
    """(kind, class, verdict) -> games, files and up to `examples` examples (from different
    files first), ordered by kind, then most games first."""
    table = collections.OrderedDict()
    for kind, name, verdict, c in rows:
        key = (kind, name, verdict)
        entry = table.setdefault(key, {"games": 0, "files": set(), "examples": []})
        entry["games"] += 1
        entry["files"].add(c.file)
        if len(entry["examples"]) < examples and all(e.file != c.file for e in entry["examples"]):
            entry["examples"].append(c)
    for key, entry in table.items():  # fill up with examples from the same files if needed
        if len(entry["examples"]) < min(examples, entry["games"]):
            for kind, name, verdict, c in rows:
                if (kind, name, verdict) == key and c not in entry["examples"]:
                    entry["examples"].append(c)
                    if len(entry["examples"]) >= examples:
                        break
    return sorted(table.items(), key=lambda kv: (kv[0][0], -kv[1]["games"], kv[0][1]))


def table_markdown(ordered):
    lines = ["| kind | class | verdict | games | files |", "|---|---|---|---:|---:|"]
    for (kind, name, verdict), entry in ordered:
        lines.append(f"| {kind} | {name} | {verdict} | {entry['games']} | {len(entry['files'])} |")
    by_verdict = collections.Counter()
    for (kind, name, verdict), entry in ordered:
        by_verdict[verdict] += entry["games"]
    lines.append("")
    lines.append(
        "By verdict: " + ", ".join(f"{v} {by_verdict[v]}" for v in VERDICTS if by_verdict[v])
    )
    return "\n".join(lines)


def describe_jaque(c):
    if not c.jerr:
        return ""
    d = c.jerr
    return f"{d['code']} {d['line']}:{d['column']} {d.get('san') or ''} {d['message']}".strip()


def write_tsv(path, rows):
    cols = [
        "file", "game", "global_game", "line", "kind", "class", "verdict", "jaque_plies",
        "python_chess_plies", "jaque_error", "python_chess_error", "token", "source",
        "jaque_fen", "python_chess_fen",
    ]
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        f.write("\t".join(cols) + "\n")
        for kind, name, verdict, c in rows:
            values = [
                c.file, c.index, c.global_index, c.game_line, kind, name, verdict,
                c.jaque["plies"], c.pc.plies if c.pc else "", describe_jaque(c),
                c.pc_message, c.token, c.source_line(), c.jaque["final_fen"] or "",
                (c.pc.fen() if c.pc else "") or "",
            ]
            f.write("\t".join(short(str(v), 300) for v in values) + "\n")


def write_report(args, path, tsv, header, ordered, file_findings, totals):
    out = []
    out.append("# jaque against python-chess on real-world PGN\n")
    out.append(f"{header}\n")
    out.append(
        "Made by `tools/oracle/compare_python_chess.py` "
        f"(`--jaque {args.jaque} --corpus {args.corpus}`); every disagreement is in "
        f"`{os.path.basename(tsv)}`. Kinds and verdicts are explained in the script's "
        "docstring; the classes come from its rules, not from hand-sorting.\n"
    )
    out.append("## Table\n")
    out.append(table_markdown(ordered) + "\n")
    if file_findings:
        out.append("## Files where jaque check and the splitter count different games\n")
        for rel, nj, ns in file_findings:
            out.append(f"- `{rel}`: jaque check {nj}, pgn_games {ns}")
        out.append("")
    out.append("## Examples\n")
    for (kind, name, verdict), entry in ordered:
        out.append(f"### {kind}: {name}\n")
        out.append(f"{verdict}; {entry['games']} games in {len(entry['files'])} files: "
                   + ", ".join(f"`{f}`" for f in sorted(entry["files"])[:8])
                   + (" …" if len(entry["files"]) > 8 else "") + "\n")
        for c in entry["examples"]:
            where = f"`{c.file}` game {c.index} (line {c.game_line})"
            bits = [where]
            if c.jerr:
                bits.append(f"jaque: {c.jerr['code']} at {c.jerr['line']}:{c.jerr['column']} "
                            f"`{short(c.token, 40)}`: {short(c.message, 120)}")
            if c.pc and c.pc_message:
                bits.append(f"python-chess: {short(c.pc_message, 120)}")
            bits.append(f"plies jaque {c.jaque['plies']}, python-chess {c.pc.plies if c.pc else '-'}")
            out.append("- " + "; ".join(bits))
            src = c.source_line() if c.jerr else ""
            if src:
                out.append(f"  ```\n  {short(src, 160)}\n  ```")
        out.append("")
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(out))



if __name__ == "__main__":
    main()
