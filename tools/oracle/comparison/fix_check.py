"""The fix check (`--fix`): what python-chess reads of each game before and after `jaque
fix`."""

import collections
import difflib
import io
import os
import re
import subprocess
import tempfile
import time

import chess
import chess.pgn

from .rules import classify, normalise
from .sides import NotingBuilder, PythonChess, run_jaque, run_splitter, short, without_blank_lines

# ---------------------------------------------------------------------------------------------
# The fix check (`--fix`): what python-chess reads of each game before and after `jaque fix`
#
# Issue 31 asks that `fix` keep every move and that the games and moves python-chess reads be
# the same before and after it. For each file: `jaque fix -` (the file's bytes on standard
# input), then `jaque fix -` again on its output (it must give the same bytes: idempotent);
# the original and the fixed bytes are cut into games by `pgn_games` (jaque's Splitter) and
# each pair of game texts (by index) is read by python-chess (only when the texts differ: the
# same text reads the same) and by `jaque check --json`. Per game it compares python-chess's
# mainline as UCI, the tag names python-chess read (`visit_header`, so the Seven Tag Roster's
# defaults do not count), whether python-chess could read the game, and jaque's own `plies`.
#
# Kinds of disagreement (FIX_KINDS), each classified by the rules in FIX_RULES:
FIX_KINDS = {
    "fix-refused": "jaque fix wrote nothing (the fixed text would not hold the same games)",
    "fix-failed": "jaque fix exited with another status than 0 or 1",
    "not-idempotent": "a second `jaque fix` changes the fixed bytes",
    "game-count-differs": "the splitter cuts the fixed bytes into another number of games",
    "python-chess-fewer-moves": "python-chess's mainline after the fix is a proper prefix of "
    "the one before",
    "python-chess-other-moves": "python-chess's mainlines before and after the fix part "
    "at a move both have",
    "python-chess-more-moves": "python-chess's mainline before the fix is a proper prefix of "
    "the one after (the fix mended what stopped it)",
    "tag-lost": "a tag name python-chess read before the fix is not read after it",
    "python-chess-cannot-read-after": "python-chess reads the game before the fix, not after",
    "jaque-fewer-moves": "jaque's `plies` fall after its own fix",
    "python-chess-new-error": "python-chess finds an error after the fix that it did not "
    "find before (same mainline)",
    "python-chess-file-games-differ": "python-chess, reading the whole file as a user would "
    "(`read_game` until None), counts another number of games after the fix",
}


def python_chess_file_games(data):
    """How many games python-chess reads from a whole file (`SkipVisitor`: the same count as
    a full `read_game` loop on this corpus, in a second)."""
    handle, n = io.StringIO(data.decode("utf-8", "replace")), 0
    while chess.pgn.read_game(handle, Visitor=chess.pgn.SkipVisitor) is not None:
        n += 1
    return n


def run_fix(binary, data):
    """`jaque fix -` on `data`: (exit status, output bytes, standard error)."""
    out = subprocess.run([binary, "fix", "-"], input=data, capture_output=True)
    return out.returncode, out.stdout, out.stderr.decode("utf-8", "replace")


def run_jaque_plies(binary, path):
    """jaque's `plies` per game of a file, in order."""
    return [g["plies"] for g in run_jaque(binary, path)]


class Reading:
    """What python-chess reads of one game's text: mainline (UCI), tag names, errors."""

    def __init__(self, text):
        self.exception = None
        self.moves = []
        self.tags = []
        self.errors = []
        try:
            game = chess.pgn.read_game(io.StringIO(text), Visitor=NotingBuilder)
        except Exception as error:
            self.exception = f"{type(error).__name__}: {error}"
            return
        if game is None:
            self.exception = "no game"
            return
        self.tags = list(game.headers_read)
        self.errors = [e[2] for e in game.noted_errors]
        self.moves = [m.uci() for m in game.mainline_moves()]
        # python-chess ends a game at a blank line (see `python-chess-stops-early`): then the
        # text is read again without its blank lines, so that what follows is compared too.
        if PythonChess(text).stopped_early:
            again = Reading(without_blank_lines(text))
            if again.exception is None:
                self.tags, self.errors, self.moves = again.tags, again.errors, again.moves


class FixContext:
    """One disagreement of the fix check, for the rules and the report."""

    def __init__(self, file, kind, index=None, before=None, after=None, line=None,
                 text_before="", text_after="", detail="", jaque_plies_after=None):
        self.file, self.kind, self.index, self.line = file, kind, index, line
        self.jaque_plies_after = jaque_plies_after
        self.before, self.after = before, after  # Reading, Reading (or None)
        self.text_before, self.text_after = text_before, text_after
        self.detail = detail
        self.edits = text_edits(text_before, text_after)


def text_edits(before, after):
    """The fix's edits of one game's text: (old, new) pairs of whole tokens (runs of white
    space or of anything else), each with a little context, in order (`difflib`)."""
    if not before and not after:
        return []
    a, b = re.findall(r"\s+|[^\s()]+|[()]", before), re.findall(r"\s+|[^\s()]+|[()]", after)
    matcher = difflib.SequenceMatcher(None, a, b, autojunk=False)
    edits = []
    for op, i1, i2, j1, j2 in matcher.get_opcodes():
        if op != "equal":
            context = "".join(a[max(0, i1 - 4):i2 + 4])
            edits.append(("".join(a[i1:i2]), "".join(b[j1:j2]), context))
    return edits


def edit_summary(c, n=3):
    return "; ".join(f"`{short(o, 30)}` → `{short(w, 30)}`" for o, w, _ in c.edits[:n])


# Rules for python-chess reading more moves after the fix (its mainline before is a proper
# prefix of the one after: every move it read is kept). Note that python-chess's tokenizer
# has no token for move numbers or for `1/2` and skips them (trait 1 in ORACLE_DATA.md), so
# the fixes `1 d4` → `1. d4` and `1/2` → `1/2-1/2` cannot change what it reads.


def fm_mended_token(c):
    # The fix rewrote the token python-chess stopped at, and python-chess now reads no further
    # than jaque does.
    m = re.search(r"san: '([^']*)'", c.before.errors[0]) if c.before.errors else None
    if m and any(m.group(1) in old for old, _new, _ctx in c.edits):
        if c.jaque_plies_after is None or len(c.after.moves) <= c.jaque_plies_after:
            return f"the fix rewrote the token python-chess stopped at (`{m.group(1)}`)", "fix right"


def fm_fallback(c):
    return f"python-chess reads more after: {normalise(edit_summary(c, 2))}", "undetermined"


# Rules for python-chess reading fewer or other moves, losing a tag, or failing after the fix:
# all are jaque's fault (a fix that changes what a game says) unless a rule below says why
# python-chess misreads the fixed text.


def fl_blank_line(c):
    # python-chess ends a game at a blank line; a fix that makes one inside a game would cut it.
    if re.search(r"\n\s*\n", c.text_after.strip()) and not re.search(r"\n\s*\n", c.text_before.strip()):
        return "the fix makes a blank line inside the game, where python-chess ends it", "jaque bug"


def fl_fallback(c):
    return f"{c.kind}: {normalise(edit_summary(c, 2))}", "jaque bug"


def ff_file_games(c):
    before, after, jaque = c.counts
    if abs(after - jaque) < abs(before - jaque):
        return "python-chess's count of the file's games comes nearer jaque's", "fix right"
    return "python-chess's count of the file's games moves away from jaque's", "jaque bug"


def ff_refused(c):
    return "jaque fix refuses: the fixed text would not hold the same games", "undetermined"


def ff_file_fallback(c):
    return f"{c.kind}: {short(c.detail, 80)}", "jaque bug"


FIX_RULES = {
    "python-chess-more-moves": [fm_mended_token, fm_fallback],
    "python-chess-fewer-moves": [fl_blank_line, fl_fallback],
    "python-chess-other-moves": [fl_blank_line, fl_fallback],
    "tag-lost": [fl_blank_line, fl_fallback],
    "python-chess-cannot-read-after": [fl_blank_line, fl_fallback],
    "jaque-fewer-moves": [fl_fallback],
    "python-chess-new-error": [fl_blank_line, fl_fallback],
    "fix-refused": [ff_refused],
    "fix-failed": [ff_file_fallback],
    "not-idempotent": [ff_file_fallback],
    "game-count-differs": [ff_file_fallback],
    "python-chess-file-games-differ": [ff_file_games],
}


def fix_check_file(args, path, rel, totals):
    """The fix check of one file: its list of FixContext."""
    with open(path, "rb") as f:
        raw = f.read()
    totals["files"] += 1
    status, fixed, stderr = run_fix(args.jaque, raw)
    if status == 2 and not fixed and "nothing written" in stderr:
        totals["refused"] += 1
        return [FixContext(rel, "fix-refused", detail=stderr.strip().splitlines()[-2:][0])]
    if status not in (0, 1):
        return [FixContext(rel, "fix-failed", detail=f"exit {status}: {stderr.strip()[-200:]}")]
    found = []
    if fixed != raw:
        totals["files_changed"] += 1
    status2, fixed2, stderr2 = run_fix(args.jaque, fixed)
    if status2 not in (0, 1) or fixed2 != fixed:
        found.append(FixContext(rel, "not-idempotent",
                                detail=f"exit {status2}; {len(fixed)} → {len(fixed2)} bytes"))
    before = run_splitter(args.games, path)
    suffix = os.path.splitext(path)[1] or ".pgn"
    with tempfile.NamedTemporaryFile(suffix=suffix, delete=False) as tmp:
        tmp.write(fixed)
    try:
        after = run_splitter(args.games, tmp.name)
        plies_before = run_jaque_plies(args.jaque, path) if fixed != raw else []
        plies_after = run_jaque_plies(args.jaque, tmp.name) if fixed != raw else []
    finally:
        os.unlink(tmp.name)
    totals["games"] += len(before)
    if fixed != raw:
        found += file_games_differ(rel, raw, fixed, len(before), totals)
    if len(before) != len(after):
        found.append(FixContext(rel, "game-count-differs",
                                detail=f"{len(before)} games before, {len(after)} after"))
        return found
    for i, (b, a) in enumerate(zip(before, after)):
        if b["text"] != a["text"]:
            found += game_changes(rel, i, b, a, (plies_before, plies_after), totals)
    return found


def file_games_differ(rel, raw, fixed, jaque_games, totals):
    """python-chess reading other games from the whole fixed file than from the original."""
    pc_before, pc_after = python_chess_file_games(raw), python_chess_file_games(fixed)
    totals["pc_file_games_before"] += pc_before
    totals["pc_file_games_after"] += pc_after
    if pc_before == pc_after:
        return []
    c = FixContext(rel, "python-chess-file-games-differ",
                   detail=f"python-chess {pc_before} → {pc_after} games, jaque {jaque_games}")
    c.counts = (pc_before, pc_after, jaque_games)
    return [c]


def game_changes(rel, i, b, a, plies, totals):
    """What the fix changed in game `i` (its texts before `b` and after `a`) for python-chess
    and for jaque's plies."""
    plies_before, plies_after = plies
    totals["games_changed"] += 1
    rb, ra = Reading(b["text"]), Reading(a["text"])
    common = dict(index=i, before=rb, after=ra, line=b["line"],
                  text_before=b["text"], text_after=a["text"],
                  jaque_plies_after=plies_after[i] if i < len(plies_after) else None)
    if set(ra.tags) - set(rb.tags):
        totals["games_tags_added"] += 1
    lost = collections.Counter(rb.tags) - collections.Counter(ra.tags)
    if ra.exception and not rb.exception:
        return [FixContext(rel, "python-chess-cannot-read-after", detail=ra.exception, **common)]
    found = []
    if lost:
        found.append(FixContext(rel, "tag-lost", detail=", ".join(sorted(lost)), **common))
    if rb.moves != ra.moves:
        n = min(len(rb.moves), len(ra.moves))
        if rb.moves[:n] != ra.moves[:n]:
            kind = "python-chess-other-moves"
        elif len(ra.moves) < len(rb.moves):
            kind = "python-chess-fewer-moves"
        else:
            kind = "python-chess-more-moves"
        found.append(FixContext(rel, kind, detail=f"{len(rb.moves)} → {len(ra.moves)} plies",
                                **common))
    elif set(ra.errors) - set(rb.errors):
        found.append(FixContext(rel, "python-chess-new-error",
                                detail=short("; ".join(sorted(set(ra.errors) - set(rb.errors))), 120),
                                **common))
    totals["pc_error_games_before"] += bool(rb.errors)
    totals["pc_error_games_after"] += bool(ra.errors)
    if plies_before and plies_after and plies_after[i] < plies_before[i]:
        found.append(FixContext(rel, "jaque-fewer-moves",
                                detail=f"{plies_before[i]} → {plies_after[i]} plies", **common))
    return found


def fix_main(args, files):
    started = time.time()
    totals = collections.Counter()
    rows = []  # (kind, class, verdict, context)
    for path in files:
        rel = os.path.relpath(path, args.corpus) if path.startswith(args.corpus) else path
        for c in fix_check_file(args, path, rel, totals):
            rules = FIX_RULES[c.kind]
            name, verdict = classify(rules, c)
            rows.append((c.kind, name, verdict, c))
    elapsed = time.time() - started
    header = (
        f"jaque fix: {args.jaque}; python-chess {chess.__version__}; {totals['files']} files "
        f"({totals['files_changed']} changed by fix, {totals['refused']} refused), "
        f"{totals['games']} games ({totals['games_changed']} changed by fix, "
        f"{totals['games_tags_added']} with tags added; of those changed, python-chess finds "
        f"errors in {totals['pc_error_games_before']} before the fix and "
        f"{totals['pc_error_games_after']} after; in the changed files python-chess reads "
        f"{totals['pc_file_games_before']} games before the fix and "
        f"{totals['pc_file_games_after']} after); {len(rows)} disagreements; "
        f"{elapsed:.0f} s"
    )
    table = collections.OrderedDict()
    for kind, name, verdict, c in rows:
        entry = table.setdefault((kind, name, verdict), {"games": 0, "files": set(), "examples": []})
        entry["games"] += 1
        entry["files"].add(c.file)
        if len(entry["examples"]) < args.examples:
            entry["examples"].append(c)
    ordered = sorted(table.items(), key=lambda kv: (kv[0][0], -kv[1]["games"], kv[0][1]))
    print(header)
    print()
    print(fix_table_markdown(ordered))
    if args.report:
        out = ["# jaque fix against python-chess on real-world PGN\n", f"{header}\n",
               "Made by `tools/oracle/compare_python_chess.py --fix`; kinds and rules are in the "
               "script (`FIX_KINDS`, `FIX_RULES`).\n", "## Table\n",
               fix_table_markdown(ordered) + "\n", "## Examples\n"]
        for (kind, name, verdict), entry in ordered:
            out.append(f"### {kind}: {name}\n")
            out.append(f"{verdict}; {entry['games']} in {len(entry['files'])} files\n")
            for c in entry["examples"]:
                where = f"`{c.file}`" + (f" game {c.index} (line {c.line})" if c.index is not None else "")
                bits = [where, c.detail]
                if c.before is not None:
                    bits.append(f"python-chess errors before: {short('; '.join(c.before.errors), 100) or 'none'}")
                    bits.append(f"after: {short('; '.join(c.after.errors), 100) or 'none'}")
                if c.edits:
                    bits.append("edits: " + edit_summary(c))
                out.append("- " + "; ".join(b for b in bits if b))
            out.append("")
        with open(args.report, "w", encoding="utf-8") as f:
            f.write("\n".join(out))
    return rows


def fix_table_markdown(ordered):
    lines = ["| kind | class | verdict | games | files |", "|---|---|---|---:|---:|"]
    for (kind, name, verdict), entry in ordered:
        lines.append(f"| {kind} | {name} | {verdict} | {entry['games']} | {len(entry['files'])} |")
    if not ordered:
        lines.append("| (none) | | | 0 | 0 |")
    return "\n".join(lines)
