"""pgn-extract 19.04's selections beside the oracle's, for the log: the same questions asked
with its own flags (`-t` tag files, `-T`, `-x`, `-p`, `-M`, `-D`, ...), each game found
again in its output by a tag `JaqueGame` put into a copy of the input. Nothing of it is
written into the expectations: pgn-extract's semantics differ in places, and the log says
where and why (the reasons below were found by reading the games that differ). A game it
cannot read (an illegal move, a null move in the mainline) it leaves out of every
selection: such games are counted apart."""

import os
import re
import subprocess
import tempfile

from .split import game_starts


def _tags(*lines):
    return lambda tmp: ["-t" + _write(tmp, "tags", lines)]


def _lines(*lines):
    return lambda tmp: ["-x" + _write(tmp, "lines", lines)]


def _flags(*flags):
    return lambda tmp: list(flags)


def _write(tmp, name, lines):
    path = os.path.join(tmp, name)
    with open(path, "w", encoding="utf-8") as out:
        out.write("\n".join(lines) + "\n")
    return path


PREFIX = "its tag values match as prefixes (`Event \"Open\"` is any Event starting so)"
YEARS = "it compares the years of dates alone"
BOARD = ("it compares the placement alone (side to move, castling rights and en passant "
         "aside) and looks inside variations too")
MARKER = "a game without a Result tag has the result of its termination marker"
SPLIT = ("on the real files, it reads the 45 tag sections without movetext of "
         "scalachess__uzchesscup.pgn as one game")
NO_MARKER = ("it reads a game without a termination marker as one without moves (\"Missing "
             "result\"): a duplicate of an empty game")
FEN_PLIES = "it counts the plies of a game from a [FEN] from move 1, not from the FEN"
UPPER = "a lower bound alone (-pl150) leaves out the 11,790 plies of the longest game"
HASH = ("it tells duplicates by a hash of the final board and one of the moves, the start "
        "aside (a game from a start without a castling right is its copy's duplicate)")
ANYWHERE = "it finds the repetition (or the fifty moves) anywhere, not at the game's end"
FAUX_EP = ("it counts a position after a double pawn push as another one even where no en "
           "passant capture is legal")

# (jaque select's arguments, pgn-extract's, why they may differ)
EQUIVALENTS = [
    (["--tag", "WhiteElo >= 2400"], _tags('WhiteElo >= "2400"'), ""),
    (["--tag", "BlackElo < 1800"], _tags('BlackElo < "1800"'), ""),
    (["--tag", "Date < 2000"], _tags('Date < "2000"'), YEARS),
    (["--tag", "Date >= 2019.03"], _tags('Date >= "2019.03"'), YEARS),
    (["--tag", "Date > 2019.03.14"], _tags('Date > "2019.03.14"'), YEARS),
    (["--tag", "Event = Club Championship"], _tags('Event "Club Championship"'), PREFIX),
    (["--tag", "WhiteElo >= 2700"], _tags('WhiteElo >= "2700"'), SPLIT),
    (["--tag", "BlackElo < 2000"], _tags('BlackElo < "2000"'), SPLIT),
    (["--tag", "Date < 1950"], _tags('Date < "1950"'), YEARS),
    (["--tag", "Date >= 2015.06"], _tags('Date >= "2015.06"'), YEARS),
    (["--player", "Carlsen"], _flags("-TpCarlsen"), PREFIX),
    (["--player", "^Kasparov"], _flags("-TpKasparov"), PREFIX),
    (["--result", "1-0"], _flags("-Tr1-0"), MARKER),
    (["--result", "1-0,0-1"], _flags("-Tr1-0", "-Tr0-1"), f"{MARKER}; {SPLIT}"),
    (["--result", "1/2-1/2"], _flags("-Tr1/2-1/2"), f"{MARKER}; {SPLIT}"),
    (["--plies", "20..40"], _flags("-pl20", "-pu40"), FEN_PLIES),
    (["--plies", "150.."], _flags("-pl150"), UPPER),
    (["--moves", "e4 c5 Nf3 d6"], _lines("1. e4 c5 2. Nf3 d6"), BOARD),
    (["--moves", "1. e4 Nf6 2. e5 d5"], _lines("1. e4 Nf6 2. e5 d5"), BOARD),
    (["--moves", "e4 e5 Nf3 Nc6 Bc4 Bc5"], _lines("1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5"), BOARD),
    (["--moves", "d4 Nf6 c4 g6 Nc3 Bg7 e4 d6"], _lines("1. d4 Nf6 2. c4 g6 3. Nc3 Bg7 4. e4 d6"),
     BOARD),
    (["--moves", "e4 e5 Nf3 Nc6 Bb5 a6"], _lines("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6"), BOARD),
    (["--status", "checkmate"], _flags("-M"), ""),
    (["--status", "stalemate"], _flags("--stalemate"), ""),
    (["--status", "threefold"], _flags("--repetition"), f"{ANYWHERE}; {FAUX_EP}"),
    (["--status", "fifty_moves"], _flags("--fifty"), ANYWHERE),
    (["--dedupe"], _flags("-D"), f"{HASH}; {NO_MARKER}; {SPLIT}"),
]
GAME = re.compile(rb'\[JaqueGame "(\d+)"\]')


def indexed(datas):
    """The files' bytes as one text, a tag `[JaqueGame "N"]` before each game."""
    out, n = [], 0
    for data in datas:
        starts = game_starts(data) + [len(data)]
        for s, e in zip(starts, starts[1:]):
            out.append(b'[JaqueGame "%d"]\n' % n + data[s:e])
            n += 1
        out.append(b"\n")
    return b"".join(out)


def run(program, flags, path):
    done = subprocess.run([program, "-s", *flags, path], capture_output=True)
    return sorted({int(m.group(1)) for m in GAME.finditer(done.stdout)})


def _report(label, args, mine, theirs, unread, names, why):
    """A line: the same games, or how the selections differ (games pgn-extract cannot read
    counted apart)."""
    theirs = set(theirs)
    only_mine = [i for i in mine if i not in theirs and i not in unread]
    not_read = [i for i in mine if i in unread]
    only_theirs = sorted(theirs - set(mine))
    line = f"pgn-extract on {label}: {' '.join(args)}: "
    unread_note = f" (and {len(not_read)} it cannot read)" if not_read else ""
    if not only_mine and not only_theirs:
        return line + f"the same {len(mine) - len(not_read)} games{unread_note}"
    example = lambda ids: ", ".join(names[i] for i in ids[:3])  # noqa: E731
    return line + (f"oracle {len(mine)}, pgn-extract {len(theirs)}{unread_note}; only the "
                   f"oracle's: {len(only_mine)} ({example(only_mine)}), only pgn-extract's: "
                   f"{len(only_theirs)} ({example(only_theirs)}); why: {why or '?'}")


def compare(program, inputs, selected):
    """Prints, for each input (label, files' bytes, facts, names of the games, command
    lines), pgn-extract's selection beside the oracle's (`selected(args, facts)`)."""
    with tempfile.TemporaryDirectory() as tmp:
        for label, datas, facts, names, spec_lists in inputs:
            path = os.path.join(tmp, "input.pgn")
            with open(path, "wb") as out:
                out.write(indexed(datas))
            read = set(run(program, [], path))
            unread = {i for i in range(len(facts)) if i not in read}
            print(f"pgn-extract on {label}: reads {len(read)} of {len(facts)} games; not "
                  f"{', '.join(names[i] for i in sorted(unread)[:6])}"
                  f"{' ...' if len(unread) > 6 else ''} (illegal moves, null moves `--` in "
                  "a mainline, tag sections read as one game)")
            for args, flags, why in EQUIVALENTS:
                if args in spec_lists:
                    theirs = run(program, flags(tmp), path)
                    mine = selected(args, facts)
                    print(_report(label, args, mine, theirs, unread, names, why))
