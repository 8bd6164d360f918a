#!/usr/bin/env python3
"""The index's oracle (issue 55): what `jaque tree` and `jaque find` must answer, computed by
python-chess 1.11.2 from the games themselves, for positions drawn at random from a corpus.

    nice python3 tools/gen/gen_index_oracle.py [--games 100000] [--positions 3000]
        [--shared ../shared/data/pgn/real] [--no-corpus] [--no-shared]

Two oracles, each a header line then one object a position:

- tests/data/index/oracle.jsonl, over the made-up corpus of tools/gen/corpus (the same
  generator the tests run, tests/common/corpus.rs, so CI makes the same bytes without
  python-chess): `corpus.pgn` (GAMES games from seed 55) and `again.pgn` (every 500th game
  of it once more, from its `[Event` to the next game's, which the index must count once),
  both in target/index-corpus/. Header: {"corpus": {"seed", "games", "files": [{"name",
  "bytes", "fnv1a64"}]}} (fnv1a64: FNV-1a 64 of the file's bytes, 16 hex digits), so that a
  test can tell that the corpus it makes is the one these answers were computed on.
- tests/data/index/oracle_shared.jsonl, over the real files of ../shared/data/pgn/real
  (sorted, each indexed as a file of its own) but LEFT_OUT. The files stay there (their
  licences differ); only answers computed from them are kept here. Header: {"shared":
  {"dir": "pgn/real", "files": [{"name", "bytes", "fnv1a64", "games"}], "left_out": {NAME:
  WHY}}}.

Each position: {"fen": EPD, "tree": {"games", "white", "draws", "black", "moves": [{"uci",
"san", "games", "white", "draws", "black"}, ...]}, "find": {"games": N, "first": [{"file",
"offset", "line", "ply"}, ...]}}, by CONTRACT.md's rules ("Index"):

- positions compared as EPD (python-chess's `epd()`, en passant only where a capture is
  legal; the per-ply key is `Board._transposition_key()`, which is what that EPD says);
- a game counts once for a position, at its first occurrence in the mainline: that ply in
  find, the move played there in tree (none when the mainline ends there);
- the mainline is what python-chess reads: it stops at the first illegal move; a Chess960
  game (Variant tag) is read on a Chess960 board, a game with a FEN tag from that position;
- the same game (start position and mainline moves) in several files or twice in one counts
  once, at its first copy in index order (the files as given, games in file order);
- the Result tag decides the score: `1-0`, `1/2-1/2`, `0-1`; anything else (`*`, a missing
  tag, which python-chess reads as `*`) counts in games only;
- moves by games, most first, ties by UCI;
- `first`: the first FIRST games in index order, `file` the file's name (its basename),
  `offset` and `line` (0-based byte, 1-based line) those of the game's first line that is
  not blank and no `%` or `;` comment line (where python-chess starts to read it).

The sample: distinct positions, each drawn as a random game and then either one of its
distinct positions or (one draw in three for the corpus, three in four for the shared files,
which have fewer games) one of its plies 0 to OPENING_PLIES: the opening positions many
games share, where a naive index breaks; until POSITIONS.

The run: 8 to 13 minutes for the corpus, under one for the shared files (niced, on a shared
2-core machine), most of it python-chess reading the games.
"""

import argparse
from array import array
import io
import json
import random
import re
import subprocess
import time
from pathlib import Path

import chess
import chess.pgn

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "tests/data/index/oracle.jsonl"
OUT_SHARED = ROOT / "tests/data/index/oracle_shared.jsonl"
CORPUS = ROOT / "target/index-corpus"
SHARED = ROOT / "../shared/data/pgn/real"
SEED = 55
AGAIN_EVERY = 500
FIRST = 20
OPENING_PLIES = 12
# Real files python-chess cuts into other games than jaque does (tests/library/shared_pgn.rs
# and ORACLE_DATA.md say why); their offsets and counts could not be compared.
LEFT_OUT = {
    "pgnextract__eco.pgn": "a comment before the first tag section: python-chess makes a "
                           "game of it, jaque gives it to the first game",
    "scalachess__uzchesscup.pgn": "45 tag sections without movetext: jaque reads 45 games, "
                                  "python-chess one",
}
SCORES = {"1-0": "white", "1/2-1/2": "draws", "0-1": "black"}


def fnv1a64(data):
    """FNV-1a, 64 bits, of bytes."""
    value = 0xcbf29ce484222325
    for byte in data:
        value = ((value ^ byte) * 0x100000001b3) & 0xFFFFFFFFFFFFFFFF
    return f"{value:016x}"


def make_corpus(games):
    """Writes corpus.pgn and again.pgn; returns their paths."""
    CORPUS.mkdir(parents=True, exist_ok=True)
    corpus, again = CORPUS / "corpus.pgn", CORPUS / "again.pgn"
    subprocess.run(["cargo", "run", "--quiet", "--release", "--manifest-path",
                    str(ROOT / "tools/gen/corpus/Cargo.toml"), "--", str(SEED), str(games),
                    str(corpus)], check=True)
    data = corpus.read_bytes()
    starts = [m.start() for m in re.finditer(rb"^\[Event ", data, re.M)]
    ends = starts[1:] + [len(data)]
    again.write_bytes(b"".join(data[s:e] for s, e in list(zip(starts, ends))[::AGAIN_EVERY]))
    return [corpus, again]


class Lines:
    """A text handle for python-chess over a file's bytes that knows where each line it gave
    starts: lines end as jaque's splitter ends them (LF, CRLF, CR), each decoded as UTF-8,
    else Latin-1."""

    def __init__(self, data):
        self.lines = data.splitlines(keepends=True)
        self.offsets, at = [], 0
        for line in self.lines:
            self.offsets.append(at)
            at += len(line)
        self.next = 0

    def readline(self):
        if self.next >= len(self.lines):
            return ""
        raw = self.lines[self.next]
        self.next += 1
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            text = raw.decode("latin-1")
        return text.replace("\r\n", "\n").replace("\r", "\n")

    def start_after(self, first):
        """The first line from `first` on that python-chess does not skip before a game:
        (offset, 1-based line)."""
        for index in range(first, len(self.lines)):
            text = self.lines[index].removeprefix(b"\xef\xbb\xbf" if index == 0 else b"")
            if not (text.isspace() or text.startswith((b"%", b";"))):
                return self.offsets[index], index + 1
        return None


class Game:
    """One game as python-chess reads it: where it is, its start, mainline and result (the
    moves packed two bytes each: 100,000 games of Move objects would take gigabytes)."""

    __slots__ = ("file", "offset", "line", "fen", "chess960", "moves", "result", "errors")

    def __init__(self, file, offset, line, game):
        self.file, self.offset, self.line = file, offset, line
        board = game.board()
        self.fen, self.chess960 = board.fen(), board.chess960
        self.moves = array("H", (pack(m) for m in game.mainline_moves()))
        self.result = game.result_tag
        if self.result != game.headers.get("Result"):
            print(f"{file} line {line}: Result tag {self.result!r}, python-chess "
                  f"{game.headers.get('Result')!r}: the tag counts")
        self.errors = len(game.errors)

    def board(self):
        return chess.Board(self.fen, chess960=self.chess960)


def pack(move):
    return move.from_square | move.to_square << 6 | (move.promotion or 0) << 12


def unpack(word):
    return chess.Move(word & 63, word >> 6 & 63, word >> 12 or None)


class TagBuilder(chess.pgn.GameBuilder):
    """python-chess's game builder keeping the Result tag as written: its own puts the
    movetext's termination marker in the headers where the tag is `*` or missing, and the
    contract counts such a game as unfinished."""

    def begin_game(self):
        super().begin_game()
        self.game.result_tag = "*"

    def visit_header(self, tagname, tagvalue):
        super().visit_header(tagname, tagvalue)
        if tagname == "Result":
            self.game.result_tag = tagvalue


def read_games(path):
    """Every game of a file, in order."""
    handle = Lines(path.read_bytes())
    out = []
    while True:
        first = handle.next
        game = chess.pgn.read_game(handle, Visitor=TagBuilder)
        if game is None:
            return out
        offset, line = handle.start_after(first)
        out.append(Game(path.name, offset, line, game))


def positions_of(game):
    """(key, board before the move, ply, move or None) for every ply of the mainline; the
    board is the same object throughout, played on."""
    board = game.board()
    for ply, word in enumerate(list(game.moves) + [None]):
        move = None if word is None else unpack(word)
        yield board._transposition_key(), board, ply, move
        if move is not None:
            board.push(move)


def epd_at(game, ply):
    for _, board, at, _ in positions_of(game):
        if at == ply:
            return board.epd()
    raise ValueError(f"no ply {ply}")


def sample(games, count, opening_share):
    """`count` distinct positions drawn at random, `opening_share` of the draws among the
    first plies: key -> EPD, in the order drawn."""
    rng = random.Random(SEED)
    wanted = {}
    for _ in range(count * 20):
        if len(wanted) == count:
            break
        game = rng.choice(games)
        first = {}
        for key, _, ply, _ in positions_of(game):
            first.setdefault(key, ply)
        if rng.random() < opening_share:
            ply = rng.randint(0, min(OPENING_PLIES, len(game.moves)))
            key = key_at(game, ply)
        else:
            key = rng.choice(list(first))
        if key not in wanted:
            wanted[key] = epd_at(game, first[key])
    return wanted


def key_at(game, ply):
    for key, _, at, _ in positions_of(game):
        if at == ply:
            return key
    raise ValueError(f"no ply {ply}")


def answers(games, wanted):
    """The oracle's answers, one per wanted position, in the order drawn."""
    found = {key: {"games": 0, "white": 0, "draws": 0, "black": 0, "moves": {}, "first": []}
             for key in wanted}
    seen = set()
    for game in games:
        identity = (game.fen, game.chess960, game.moves.tobytes())
        if identity in seen:
            continue
        seen.add(identity)
        score = SCORES.get(game.result)
        counted = set()
        for key, board, ply, move in positions_of(game):
            tree = found.get(key)
            if tree is None or key in counted:
                continue
            counted.add(key)
            count(tree, score, board, move)
            if len(tree["first"]) < FIRST:
                tree["first"].append({"file": game.file, "offset": game.offset,
                                      "line": game.line, "ply": ply})
    for key, epd in wanted.items():
        tree = found[key]
        moves = sorted(tree.pop("moves").values(), key=lambda m: (-m["games"], m["uci"]))
        first = tree.pop("first")
        yield {"fen": epd, "tree": {**tree, "moves": moves},
               "find": {"games": tree["games"], "first": first}}


def count(tree, score, board, move):
    """Counts a game for a position's tree and for the move it played there."""
    tree["games"] += 1
    if score:
        tree[score] += 1
    if move is None:
        return
    m = tree["moves"].get(move.uci())
    if m is None:
        m = tree["moves"][move.uci()] = {"uci": move.uci(), "san": board.san(move),
                                         "games": 0, "white": 0, "draws": 0, "black": 0}
    m["games"] += 1
    if score:
        m[score] += 1


def write(out, header, lines):
    """Writes the header and the answers; returns how many answers have >= 50 games."""
    out.parent.mkdir(parents=True, exist_ok=True)
    hot = 0
    with out.open("w") as handle:
        handle.write(json.dumps(header, separators=(",", ":")) + "\n")
        for answer in lines:
            hot += answer["tree"]["games"] >= 50
            handle.write(json.dumps(answer, separators=(",", ":")) + "\n")
    return hot


def file_entry(path, **more):
    data = path.read_bytes()
    return {"name": path.name, "bytes": len(data), "fnv1a64": fnv1a64(data), **more}


def oracle(out, header, games, positions, opening_share, began):
    """Samples the games' positions, answers, writes; says what it did."""
    wanted = sample(games, positions, opening_share)
    hot = write(out, header, answers(games, wanted))
    errors = sum(game.errors > 0 for game in games)
    print(f"{out.relative_to(ROOT)}: {len(games)} games ({errors} with errors), "
          f"{len(wanted)} positions, {hot} with >= 50 games, {out.stat().st_size} bytes, "
          f"{time.time() - began:.0f} s")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--positions", type=int, default=3_000)
    parser.add_argument("--shared", type=Path, default=SHARED)
    parser.add_argument("--no-corpus", action="store_true")
    parser.add_argument("--no-shared", action="store_true")
    args = parser.parse_args()
    if not args.no_corpus:
        began = time.time()
        files = make_corpus(args.games)
        header = {"corpus": {"seed": SEED, "games": args.games,
                             "files": [file_entry(path) for path in files]}}
        games = [game for path in files for game in read_games(path)]
        oracle(OUT, header, games, args.positions, 1 / 3, began)
    if not args.no_shared:
        began = time.time()
        paths = [p for p in sorted(args.shared.glob("*.pgn")) if p.name not in LEFT_OUT]
        per_file = [read_games(p) for p in paths]
        entries = [file_entry(p, games=len(g)) for p, g in zip(paths, per_file)]
        header = {"shared": {"dir": "pgn/real", "files": entries, "left_out": LEFT_OUT}}
        games = [game for games in per_file for game in games]
        oracle(OUT_SHARED, header, games, args.positions, 3 / 4, began)


if __name__ == "__main__":
    main()
