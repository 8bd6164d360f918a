#!/usr/bin/env python3
"""The oracle of jaque's FEN patterns (`jaque::select::pattern`, `jaque select --pattern`).

An implementation of its own: python-chess 1.11.2 (pip install chess==1.11.2) reads the games
and plays their mainlines; each board's placement is written out as 64 characters (`_` an empty
square, FEN letters for pieces, `/` between ranks) and the pattern is translated rank by rank
into one of Python's regular expressions (`re.fullmatch`): a piece letter itself, a digit n
`_` n times, `?` `!` `A` `a` `m` and sets as character classes over those 13 characters, `*`
as `[^/]*`. The colours-swapped pattern is tested as the pattern on `board.mirror()` (ranks
mirrored, colours swapped). Which patterns are well formed is decided here too, by the rules of
jaque's module doc, written again.

Writes, in tests/data/pattern/ (no randomness but SEED, so the same bytes every run):
- games.jsonl: a header {"oracle", "generator", "files": {name: {"games", "plies"}}}, then per
  pattern of PATTERNS {"pattern", "about", "games": {name: FIRSTS}, "either": {name: FIRSTS}}:
  FIRSTS says per game, in file order, the first mainline ply (ply 0 included) at which the
  pattern matches, or `-` where none does, separated by spaces, a run of N equal words written
  `WORD*N` (`0*3 12 -*40`); under "either", the first ply at which it or its colours-swapped
  form matches. `plies` lists python-chess's mainline length per game
  (it stops a mainline at its first error; a reader that stops elsewhere can be compared on the
  plies both played). The files: every tests/data/pgn/*.pgn.
- random.tsv: `pattern<TAB>FEN<TAB>matches<TAB>either`, `1`/`0`, or `error` twice for a pattern
  that is not well formed: random patterns built from positions of those games (each square
  kept, widened to a symbol or a set that allows it, or now and then one that does not; runs
  of squares turned into `*`s), each tested on its own position and on others; then mutations
  of them (a character inserted, deleted or repeated), most not well formed.
- shared.jsonl: games.jsonl's format for /work/shared/data/pgn/real/*.pgn (`--shared DIR`;
  skipped when the directory is absent). The PGN files stay there; only indices are written.

`--pgn-extract PATH` also runs pgn-extract 19.04 (`-s -V -t TAGFILE`, `FENPattern` and
`FENPatternI`) over the same files and prints where it selects other games than the oracle,
each difference classed by its cause (nothing is written).

Usage (from anywhere):
  python3 tools/oracle/pattern.py [--out DIR] [--shared DIR] [--pgn-extract /usr/games/pgn-extract]
"""

import argparse
import io
import json
import logging
import random
import re
import subprocess
import sys
import tempfile
from pathlib import Path

import chess
import chess.pgn

ROOT = Path(__file__).resolve().parents[2]
GENERATOR = "tools/oracle/pattern.py"
ORACLE = "python-chess " + chess.__version__
SEED = 5252
EMPTY = "_"
PIECES = "KQRBNPkqrbnp"
# What each one-square symbol allows, as characters of the written-out board.
ALLOWS = {"?": PIECES + EMPTY, "!": PIECES, "A": "KQRBNP", "a": "kqrbnp", "m": "KQRBNkqrbn" + EMPTY}
ALLOWS.update({piece: piece for piece in PIECES})

# (pattern, what it looks for): each feature at least once, some common, some rare.
PATTERNS = [
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", "the starting position (ply 0)"),
    ("rnbqkbnr/*/*/*/*/*/*/RNBQKBNR", "every piece but the pawns at home (pgn-extract's help)"),
    ("*/*/*/*/???PP???/*/*/*", "white pawns on d4 and e4 (pgn-extract's help, -Tf)"),
    (
        "?????rk?/?????aaa/*/*/*/8/P[BP]P*/??KR????",
        "castled on opposite wings (pgn-extract's help)",
    ),
    ("*/*/*/*/*/*/*/?????RK?", "white castled short"),
    ("*/*/*/*/*/*/*/??KR????", "white castled long"),
    ("*/*/*/*/*/*/*/*", "anything"),
    ("8/8/8/8/8/8/8/8", "an empty board: never"),
    ("*/*/*/*/*/*/*/4K3", "the white king alone on e1 and the rest of the first rank empty"),
    ("*/*/*/*/*P*/*/*/*", "a white pawn on the fourth rank"),
    ("*Q*/*/*/*/*/*/*/*", "a white queen on the eighth rank"),
    ("*A*/*/*/*/*/*/*/*", "a white piece on the eighth rank"),
    ("*/*/*/*/*/*/*a*/*", "a black piece on the second rank"),
    ("*/*/*/3!!3/*/*/*/*", "d5 and e5 occupied, the rest of the fifth rank empty"),
    ("*/*/*/*/*p*p*/*/*/*", "two black pawns on the fourth rank"),
    ("*/*/2[Nn]*/*/*/*/*/*", "a knight on c6"),
    ("*/*/*/*/*/2N2N2/*/*", "knights on c3 and f3 alone on the third rank"),
    ("*/*/*/*/*/*/PPPPPPPP/*", "every white pawn at home"),
    ("*/*/*/*/*/*/*/mmmmmmmm", "no pawn on the first rank"),
    ("*[Qq]*[Qq]*/*/*/*/*/*/*/*", "two queens on the eighth rank"),
    ("*/*/*/*/[^Pp]*[^Pp]/*/*/*", "a4 and h4 hold no pawn (empty allowed)"),
    ("*/*/*/*/*/*/*/[^?]*", "`[^?]` allows nothing: never"),
    ("8/*/*/*/*/*/*/8", "the first and eighth ranks empty"),
    ("*k*/*/*/*/*/*/*/*K*", "both kings on their home ranks"),
    ("*/*/*/*/*/*/*/*[Am]*k*", "a white piece or no pawn, then the black king on the first rank"),
    ("*/pp*/*/*/*/*/*/*", "black pawns on a7 and b7"),
    ("r*r/*/*/*/*/*/*/R*R", "rooks in all four corners"),
    ("*/*/*/*/*/*/*/R3K2R", "white rooks and king at home, b1 c1 d1 f1 g1 empty"),
    ("[!]*[!]/*/*/*/*/*/*/*", "a8 and h8 occupied"),
    ("*/*/*/2*P*2/*/*/*/*", "a white pawn on c5 to f5, a5 b5 g5 h5 empty"),
    ("*/*/*/*/*/*/*/*[Kk]", "a king on h1"),
    ("k7/*/*/*/*/*/*/*", "the black king alone on the eighth rank, on a8"),
]


class Invalid(Exception):
    """A pattern that is not well formed."""


def rank_regex(rank):
    """The regular expression of one rank of a pattern, or Invalid."""
    if not rank:
        raise Invalid("an empty rank")
    parts, squares, star, i = [], 0, False, 0
    while i < len(rank):
        c = rank[i]
        if c == "*":
            parts.append("[^/]*")
            star = True
        elif c in "12345678":
            parts.append(EMPTY * int(c))
            squares += int(c)
        elif c == "[":
            close = rank.find("]", i)
            if close < 0:
                raise Invalid("an unclosed set")
            body = rank[i + 1 : close]
            negated = body.startswith("^")
            members = body[1:] if negated else body
            if not members or any(m not in ALLOWS for m in members):
                raise Invalid("a bad set")
            chars = "".join(sorted(set("".join(ALLOWS[m] for m in members))))
            parts.append("[" + ("^/" if negated else "") + chars + "]")
            squares += 1
            i = close
        elif c in ALLOWS:
            parts.append("[" + ALLOWS[c] + "]")
            squares += 1
        else:
            raise Invalid("unknown symbol " + c)
        i += 1
    if squares > 8 or (not star and squares != 8):
        raise Invalid("a rank of %d squares" % squares)
    return "".join(parts)


def compile_pattern(pattern):
    """The regular expression of a whole pattern, or Invalid."""
    if not pattern or any(c.isspace() for c in pattern):
        raise Invalid("empty, or a space")
    ranks = pattern.split("/")
    if len(ranks) != 8:
        raise Invalid("%d ranks" % len(ranks))
    return re.compile("/".join(rank_regex(rank) for rank in ranks))


def written_out(board):
    """The placement as 8 ranks of 8 characters, the 8th rank first."""
    return re.sub(r"[1-8]", lambda m: EMPTY * int(m.group()), board.board_fen())


def mainline_boards(game):
    """The boards of the mainline, ply 0 first (none when the start position is bad), up to a
    move python-chess put in the tree that is not legal where it stands (after an error in a
    variation, python-chess 1.11.2 may go on with moves of the wrong line)."""
    try:
        board = game.board()
    except ValueError:
        return []
    boards = [board.copy(stack=False)]
    for move in game.mainline_moves():
        if move and not board.is_legal(move):
            break
        board.push(move)
        boards.append(board.copy(stack=False))
    return boards


def read_games(path):
    """Per game: its mainline's placements written out, and the same of the mirrored boards."""
    games = []
    with open(path, encoding="utf-8-sig", errors="replace") as handle:
        while (game := chess.pgn.read_game(handle)) is not None:
            boards = mainline_boards(game)
            plain = [written_out(b) for b in boards]
            mirrored = [written_out(b.mirror()) for b in boards]
            games.append((plain, mirrored, max(len(boards) - 1, 0), [b.fen() for b in boards]))
    return games


def first_matches(regex, games, mirrored_too):
    """Per game, the first ply at which the pattern matches, or None."""
    found = []
    for plain, mirrored, _, _ in games:
        first = None
        for ply, board in enumerate(plain):
            if regex.fullmatch(board) or (mirrored_too and regex.fullmatch(mirrored[ply])):
                first = ply
                break
        found.append(first)
    return found


def run_length(firsts):
    """`0*3 12 -*40`: per game its first matching ply or `-`, a run of N alike as `X*N`."""
    words, previous, count = [], None, 0
    for word in ["-" if f is None else str(f) for f in firsts] + [None]:
        if word == previous:
            count += 1
            continue
        if previous is not None:
            words.append(previous if count == 1 else f"{previous}*{count}")
        previous, count = word, 1
    return " ".join(words)


def matching(regex, games, mirrored_too):
    """The indices of the games some position of which the pattern matches."""
    firsts = first_matches(regex, games, mirrored_too)
    return [index for index, first in enumerate(firsts) if first is not None]


def well_formed():
    """PATTERNS without the ones jaque rejects (kept in the list to show what is refused)."""
    out = []
    for pattern, about in PATTERNS:
        try:
            out.append((pattern, about, compile_pattern(pattern)))
        except Invalid:
            pass
    return out


def write_games(out, files, name):
    """games.jsonl or shared.jsonl: every pattern of PATTERNS against every file's games."""
    read = {f.name: read_games(f) for f in files}
    header = {
        "oracle": ORACLE,
        "generator": GENERATOR,
        "files": {n: {"games": len(g), "plies": [game[2] for game in g]} for n, g in read.items()},
    }
    lines = [json.dumps(header)]
    for pattern, about, regex in well_formed():
        games = {n: run_length(first_matches(regex, g, False)) for n, g in read.items()}
        either = {n: run_length(first_matches(regex, g, True)) for n, g in read.items()}
        line = {"pattern": pattern, "about": about, "games": games, "either": either}
        lines.append(json.dumps(line))
    (out / name).write_text("\n".join(lines) + "\n")
    print(f"{name}: {len(lines) - 1} patterns, {sum(len(g) for g in read.values())} games")
    return read


def square_symbol(rng, ch, refusals):
    """A symbol for a square holding `ch`: one that allows it, or at the rate `refusals` not."""
    if rng.random() < refusals:
        refusing = [s for s in ALLOWS if ch not in ALLOWS[s]] + ([] if ch == EMPTY else ["1"])
        return rng.choice(refusing)
    allowing = [s for s in ALLOWS if ch in ALLOWS[s]] + (["1"] if ch == EMPTY else [])
    roll = rng.random()
    if roll < 0.15:
        members = rng.sample(sorted(ALLOWS), rng.randint(0, 3))
        members.append(rng.choice(sorted(set(allowing) - {"1"})))
        rng.shuffle(members)
        return "[" + "".join(members) + "]"
    if roll < 0.25:
        refusing = [s for s in ALLOWS if ch not in ALLOWS[s]]
        return "[^" + "".join(rng.sample(refusing, rng.randint(1, min(3, len(refusing))))) + "]"
    if roll < 0.6:
        return "1" if ch == EMPTY else ch
    return rng.choice(allowing)


def random_rank(rng, rank, refusals):
    """A pattern rank for a rank written out: symbols, some runs of them made `*`s."""
    symbols = [square_symbol(rng, ch, refusals) for ch in rank]
    if rng.random() < 0.15:
        return "*"
    if rng.random() < 0.45:
        for _ in range(rng.randint(1, 3)):
            start = rng.randint(0, len(symbols))
            end = rng.randint(start, min(len(symbols), start + 4))
            symbols[start:end] = ["*"]
    text, run = "", 0
    for s in symbols + [None]:
        if s == "1" and rng.random() < 0.8:
            run += 1
            continue
        if run:
            text += str(run)
            run = 0
        if s is not None:
            text += s
    return text


def mutated(rng, pattern):
    """The pattern with one character inserted, deleted or repeated."""
    at = rng.randrange(len(pattern) + 1)
    kind = rng.choice(["insert", "delete", "repeat"])
    if kind == "insert" or at == len(pattern):
        return pattern[:at] + rng.choice("[]^/*90x !?a8") + pattern[at:]
    if kind == "delete":
        return pattern[:at] + pattern[at + 1 :]
    return pattern[:at] + pattern[at] + pattern[at:]


def verdicts(pattern, board):
    """`matches` and `either` for a pattern and a board, or `error` twice."""
    try:
        regex = compile_pattern(pattern)
    except Invalid:
        return ["error", "error"]
    plain = regex.fullmatch(written_out(board)) is not None
    mirrored = regex.fullmatch(written_out(board.mirror())) is not None
    return [str(int(plain)), str(int(plain or mirrored))]


def write_random(out, read, count=500):
    """random.tsv: random patterns against their own positions and others."""
    rng = random.Random(SEED)
    fens = sorted({fen for games in read.values() for game in games for fen in game[3]})
    boards = [chess.Board(fen) for fen in rng.sample(fens, 400)]
    rows, patterns = [], []
    for _ in range(count):
        board = rng.choice(boards)
        refusals = rng.choice([0, 0, 0.01, 0.03])
        ranks = written_out(board).split("/")
        pattern = "/".join(random_rank(rng, rank, refusals) for rank in ranks)
        patterns.append(pattern)
        for other in [board, board.mirror(), rng.choice(boards)]:
            rows.append([pattern, other.fen()] + verdicts(pattern, other))
    for _ in range(count // 2):
        pattern = mutated(rng, rng.choice(patterns))
        if "\t" not in pattern:
            board = rng.choice(boards)
            rows.append([pattern, board.fen()] + verdicts(pattern, board))
    lines = ["\t".join(row) for row in rows]
    (out / "random.tsv").write_text("\n".join(lines) + "\n")
    counts = {v: sum(row[2] == v for row in rows) for v in ["1", "0", "error"]}
    print(f"random.tsv: {len(rows)} rows, {counts}")


def marked(path, tmp):
    """A copy of the PGN file with `[JaqueGame "N"]` before the tags of game N (as python-chess
    cuts the games), so that the games pgn-extract writes can be told apart; and the games."""
    text = path.read_text(encoding="utf-8-sig", errors="replace")
    handle, starts, games = io.StringIO(text), [], []
    while True:
        start = handle.tell()
        game = chess.pgn.read_game(handle)
        if game is None:
            break
        tag = text.find("[", start, handle.tell())
        starts.append(tag if tag >= 0 else None)
        games.append(game)
    pieces, previous = [], 0
    for index, start in enumerate(starts):
        if start is not None:
            pieces += [text[previous:start], f'[JaqueGame "{index}"]\n']
            previous = start
    copy = Path(tmp) / path.name
    copy.write_text("".join(pieces) + text[previous:], encoding="utf-8")
    return copy, games


def run_pgn_extract(binary, path, tag_line=None):
    """What pgn-extract writes from `path`, mainline only (`-V`) and without comments (`-C`:
    python-chess ends a game at the blank line pgn-extract writes after a comment before the
    moves), filtered by one line of a tag file."""
    with tempfile.TemporaryDirectory() as tmp:
        args = [binary, "-s", "-V", "-C"]
        if tag_line:
            tags = Path(tmp) / "tags.txt"
            tags.write_text(tag_line + "\n")
            args += ["-t", str(tags)]
        done = subprocess.run(args + [str(path)], capture_output=True, check=False)
    return done.stdout.decode("utf-8", "replace")


def marks(text):
    """The games of pgn-extract's output, by their `[JaqueGame "N"]` marks."""
    return {int(n) for n in re.findall(r'\[JaqueGame "(\d+)"\]', text)}


def mainlines(text):
    """The mainline of each marked game of pgn-extract's output, as python-chess reads it."""
    handle, lines = io.StringIO(text), {}
    while (game := chess.pgn.read_game(handle)) is not None:
        if "JaqueGame" in game.headers:
            lines[int(game.headers["JaqueGame"])] = [m.uci() for m in game.mainline_moves()]
    return lines


def crosscheck(binary, files):
    """Prints where pgn-extract selects other games than the oracle, by cause."""
    print("file\ttag\tcause\tgames\tfirst ones")
    for path in files:
        with tempfile.TemporaryDirectory() as tmp:
            copy, originals = marked(path, tmp)
            read = read_games(path)
            theirs = mainlines(run_pgn_extract(binary, copy))
            for pattern, _, regex in well_formed():
                for tag, either in [("FENPattern", False), ("FENPatternI", True)]:
                    selected = marks(run_pgn_extract(binary, copy, f'{tag} "{pattern}"'))
                    oracle = set(matching(regex, read, either))
                    causes = {}
                    for index, game in enumerate(originals):
                        if (index in selected) == (index in oracle):
                            continue
                        ours = (game, read[index][2])
                        selects = index in selected
                        cause = why_differ(ours, theirs.get(index), selects, pattern, either)
                        causes.setdefault(cause, []).append(index)
                    for cause, games in sorted(causes.items()):
                        print(f"{path.name}\t{tag} {pattern}\t{cause}\t{len(games)}\t{games[:6]}")


def why_differ(ours, their_mainline, theirs, pattern, either):
    """The cause of one game's difference between the oracle and pgn-extract: `ours` is the
    game as python-chess reads it and its mainline's length."""
    game, plies = ours
    if their_mainline is None:
        return "pgn-extract drops the game (it finds an error)"
    if their_mainline != [m.uci() for m in game.mainline_moves()][:plies]:
        return "pgn-extract reads another mainline from the text"
    board = game.board()
    # pgn-extract counts plies from the move number, and looks no further than 300.
    start = board.fullmove_number * 2 - (1 if board.turn == chess.WHITE else 0)
    if start + plies > 300 and not theirs:
        return "pgn-extract looks no further than ply 300 (counted from the move number)"
    if either and "m" in pattern and not theirs:
        return "pgn-extract swaps `m` into `M`, which matches nothing"
    return "unexplained"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "tests/data/pattern")
    parser.add_argument("--shared", type=Path, default=Path("/work/shared/data/pgn/real"))
    parser.add_argument("--pgn-extract", dest="pgn_extract")
    args = parser.parse_args()
    logging.getLogger("chess.pgn").setLevel(logging.CRITICAL)
    args.out.mkdir(parents=True, exist_ok=True)
    vendored = sorted((ROOT / "tests/data/pgn").glob("*.pgn"))
    read = write_games(args.out, vendored, "games.jsonl")
    write_random(args.out, read)
    shared = sorted(args.shared.glob("*.pgn")) if args.shared.is_dir() else []
    if shared:
        write_games(args.out, shared, "shared.jsonl")
    else:
        print(f"shared.jsonl: skipped, {args.shared} is absent", file=sys.stderr)
    if args.pgn_extract:
        crosscheck(args.pgn_extract, vendored + shared)


if __name__ == "__main__":
    main()
