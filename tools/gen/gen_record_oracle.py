#!/usr/bin/env python3
"""Generate tests/data/pgn/variations.pgn and tests/data/pgn/record.expect.jsonl.

Oracle for the game record (the tree of moves) jaque builds from PGN: python-chess 1.11.2
(pip install chess==1.11.2) reads vendored PGN files and gives, per game, every line of play
as UCI moves from the game's start and the FEN after every mainline move.

1. variations.pgn: GAMES self-made games (CC0), random playouts with random.Random(SEED),
   SEED = 3141 (random_games.py's moves, weighed by its VARIATIONS bias), written by
   python-chess's exporter (str(game): 80 columns, variations,
   comments, NAGs). Rich in structure: variations nested up to 5 deep, several siblings at
   one move, variations at the first move of the game and at the first moves of a variation,
   variations on black moves, comments before a variation's first move, after moves and
   before the first move of the game, NAGs; games from a [FEN] (black to move, high full-move
   numbers, a capturable en-passant square), Chess960 games ([Variant "Chess960"] + [FEN],
   castling played in some lines), castling, en passant, promotions and under-promotions,
   checkmates inside variations. All moves legal.

2. record.expect.jsonl: a header line
     {"oracle", "generator", "seed", "jaque", "files": {name: {"games", "included",
      "excluded", "why", "python_chess_errors": [index...], "jaque_errors": {index:
      [code...]}}},
      "excluded": {name: [index...]}, "fens_omitted": {...}, "notes": [...]}
   then one line per included game of variations.pgn, generated.pgn, fmt_input.pgn and
   repetition.pgn (in that order, games in file order):
     {"file": "variations.pgn", "game": N, "lines": [[uci, ...], ...], "fens": [fen, ...]}
   game   0-based index of the game in its file (chess.pgn.read_game in a loop)
   lines  every line of play, sorted (Python sorted). The mainline: its UCI moves from the
          game's start. A variation (a node that is not variations[0] of its parent): the
          moves from the game's start to its parent, its own move, then variations[0] of each
          node to the end. Null moves "0000". Castling in Chess960 games is the king's move
          to its rook's square (python-chess's encoding for chess960 boards, e.g. "b1a1"),
          in standard games the king's two-square move ("e1g1").
   fens   board.fen() after every mainline move, in order: the en-passant square only when
          a legal en-passant capture exists (en_passant="legal"), X-FEN castling for
          Chess960 boards. Omitted (key absent) where the header's "fens_omitted" says so.
   Only games that python-chess reads with game.errors == [] and for which
   `jaque check --json FILE` (run on one file at a time) reports no diagnostic of severity
   "error" are included; the others are listed in the header. A file for which jaque's game
   count differs from python-chess's is left out entirely (and said so in the header).

Cross-checks (asserted; nothing is written if one fails): variations.pgn re-read by
python-chess gives the same number of games, no errors, the same exported text and the same
lines as the generated trees, no two lines alike (no move repeated among siblings), and at
least a minimum count of each feature above; for every included game, each line replays from the game's
start with legal moves only (null moves pushed as such), the number of lines is 1 + the
number of variation nodes (counted separately), the mainline is one of the lines and fens
has one FEN per mainline move; jaque's game count per file equals python-chess's.

The inclusion lists depend on the jaque binary (its error verdicts); the rest depends only on
SEED and python-chess 1.11.2. Same binary, same python-chess: byte-identical output.

Usage (from the repository root):
  python3 tools/gen/gen_record_oracle.py [output_dir] [--jaque PATH]
  output_dir  default tests/data/pgn (the other three PGN files are read from there too)
  --jaque     jaque binary (default $JAQUE, else target/release/jaque, else target/debug/jaque)
"""

import argparse
import io
import json
import logging
import os
import random
import subprocess
import sys
import tempfile

import chess
import chess.pgn

from game_trees import games_from
from random_games import VARIATIONS, board_after, extend_line, mating_moves, playout, result_for

SEED = 3141
GAMES = 150
# The name the data give their generator: its path before tools/ was split by kind, kept
# so that the data regenerate byte-identical (tools/README.md, "Recorded names").
GENERATOR = "tools/gen_record_oracle.py"
ORACLE = "python-chess " + chess.__version__
HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "..", "..")
DEFAULT_OUT = os.path.join(ROOT, "tests", "data", "pgn")
OTHER_FILES = ["generated.pgn", "fmt_input.pgn", "repetition.pgn"]
# Above this size, repetition.pgn's games from FENS_KEPT on lose their "fens".
MAX_BYTES = 4_000_000
FENS_KEPT = 50

# Game kinds, in file order by index (the rest are "standard").
N_TINY = 10          # mainline of 1 to 3 plies, variations at the first move
N_MATE = 10          # standard start, mainline played until checkmate
N_FEN = 20           # [FEN] start, standard rules
N_960 = 20           # Chess960 from a setup position
N_960_FEN = 5        # Chess960 from a later position (rights partly lost)

COMMENTS = [
    "a quiet move", "the only move", "White is better here", "Black should be careful",
    "a (parenthesised) remark", "the idea; a pawn break", "1-0 looked likely here",
    "better was Nf3", "a [bracket] inside a comment", "$1 is not a NAG in here",
    "time trouble", "book move", "novelty", "[%clk 0:01:30]", "an idea (with (nested) text)",
    "a comment over\ntwo lines", "the main alternative", "a line that loses",
    "mate follows", "White to move", "the knight heads for d5", "draw agreed soon after",
]
NAGS = [1, 2, 3, 4, 5, 6, 7, 10, 13, 14, 15, 16, 17, 18, 19, 22, 32, 36, 40, 132, 140, 146]

logging.getLogger("chess.pgn").setLevel(logging.CRITICAL)


# ------------------------------------------------------------------ playing

def interesting_alternatives(board, taken):
    """Legal moves not yet played here, the special ones first (mates, under-promotions,
    castling, en passant)."""
    mates, promos, castles, eps = [], [], [], []
    for m in board.legal_moves:
        if m in taken:
            continue
        if m.promotion:
            promos.append(m)
        if board.is_castling(m):
            castles.append(m)
        if board.is_en_passant(m):
            eps.append(m)
    mates = [m for m in mating_moves(board) if m not in taken]
    return mates, promos, castles, eps


# ------------------------------------------------------------------ decorating

class Stats:
    """Feature counts (printed, some asserted) and the variation budget of the game being
    made."""

    def __init__(self):
        self.c = {}
        self.budget = 0

    def add(self, key, n=1):
        self.c[key] = self.c.get(key, 0) + n


def decorate_node(rng, node, stats, first=False, depth=0):
    if rng.random() < (0.25 if first else 0.07):
        node.comment = rng.choice(COMMENTS)
    if rng.random() < 0.08:
        node.nags.update(rng.sample(NAGS, rng.choice([1, 1, 1, 2])))
    if first and depth > 0 and rng.random() < 0.2:
        node.starting_comment = rng.choice(COMMENTS)


def add_alternatives(rng, node, depth, max_depth, stats, force=False):
    """Add 1 to 3 variations that replace `node`'s move (siblings of `node`), each with a
    random continuation, and decorate them down to max_depth."""
    if stats.budget <= 0:
        return
    parent = node.parent
    board = parent.board()
    taken = {c.move for c in parent.variations}
    legal = [m for m in board.legal_moves if m not in taken]
    if not legal:
        return
    mates, promos, castles, eps = interesting_alternatives(board, taken)
    count = rng.choice([1, 1, 1, 1, 2, 2, 3]) if not force else rng.choice([1, 2, 3])
    chosen = []
    if node.move.promotion and promos:
        # Under-promotions (or the queen) as siblings of a promotion.
        rng.shuffle(promos)
        chosen.extend(promos[:rng.choice([1, 2, 3])])
    for special, p in ((mates, 0.85), (eps, 0.8), (castles, 0.6), (promos, 0.5)):
        cands = [m for m in special if m not in chosen]
        if cands and rng.random() < p and len(chosen) < count:
            chosen.append(rng.choice(cands))
    while len(chosen) < count:
        cands = [m for m in legal if m not in chosen]
        if not cands:
            break
        chosen.append(rng.choice(cands))
    for move in chosen:
        if stats.budget <= 0:
            break
        if any(c.move == move for c in parent.variations):
            continue  # added meanwhile, by the variations of an earlier sibling
        stats.budget -= 1
        child = parent.add_variation(move)
        stats.add("variation_nodes")
        if parent.parent is None:
            stats.add("variations_at_first_move")
        if not board.turn:
            stats.add("variations_on_black_moves")
        plies = rng.choice([0, 1, 2, 3, 4, 6, 8, 10, 14][:9 - depth])
        style = "mate" if rng.random() < 0.25 else "spicy"
        extend_line(rng, child, plies, style, VARIATIONS)
        decorate_line(rng, child, depth + 1, max_depth, stats)


def decorate_line(rng, first, depth, max_depth, stats):
    """Comments and NAGs along the line that starts with `first` (following variations[0]),
    and, below max_depth, variations replacing some of its moves."""
    stats.add("lines_at_depth_%d" % depth)
    nodes = [first]
    while nodes[-1].variations:
        nodes.append(nodes[-1].variations[0])
    for i, node in enumerate(nodes):
        decorate_node(rng, node, stats, first=(i == 0), depth=depth)
    if depth >= max_depth:
        return
    p = [0.06, 0.08, 0.08, 0.08, 0.08][depth]
    for i, node in enumerate(nodes):
        force = False
        if depth == 0 and i == 0 and rng.random() < 0.35:
            force = True          # variations at the game's first move
        if depth > 0 and i in (0, 1) and rng.random() < 0.3:
            force = True          # variations at (or right after) a variation's first move
        if not force and depth < 2 and rng.random() < 0.3:
            # Places where something special is possible get a variation more often.
            board = node.parent.board()
            taken = {c.move for c in node.parent.variations}
            mates, promos, castles, eps = interesting_alternatives(board, taken)
            if mates or eps or (promos and node.move.promotion) or (castles and board.chess960):
                force = rng.random() < 0.7
        if force or rng.random() < p:
            add_alternatives(rng, node, depth, max_depth, stats, force=force)


# ------------------------------------------------------------------ games

def random_position(rng, start, plies, black_to_move=None, ep=False):
    """A position reached by a playout from `start` (not over). With ep=True it ends with a
    double pawn push that can be taken en passant."""
    for _ in range(1000):
        n = plies
        if black_to_move is not None and (n % 2 == 1) != black_to_move:
            n += 1
        if ep:
            n -= 1
        moves = playout(rng, start, n, "plain", VARIATIONS)
        board = board_after(start, moves)
        if len(moves) < n or board.is_game_over():
            continue
        if ep:
            doubles = []
            for m in board.legal_moves:
                if board.piece_type_at(m.from_square) == chess.PAWN \
                        and abs(m.to_square - m.from_square) == 16:
                    board.push(m)
                    if board.has_legal_en_passant():
                        doubles.append(m)
                    board.pop()
            if not doubles:
                continue
            board.push(rng.choice(doubles))
            if board.is_game_over():
                continue
        return chess.Board(board.fen(), chess960=board.chess960)
    raise RuntimeError("no position found")


# A game not over gets a random Result tag, "*" half of the time.
UNFINISHED = ["*", "*", "*", "1-0", "0-1", "1/2-1/2"]


def mainline_to_mate(rng):
    while True:
        moves = playout(rng, chess.Board(), 160, "mate", VARIATIONS)
        if board_after(chess.Board(), moves).is_checkmate():
            return moves


def make_game(rng, index, stats):
    if index < N_TINY:
        kind, start = "tiny", chess.Board()
    elif index < N_TINY + N_MATE:
        kind, start = "mate", chess.Board()
    elif index < N_TINY + N_MATE + N_FEN:
        kind = "fen"
        k = index - N_TINY - N_MATE
        start = random_position(rng, chess.Board(), rng.randrange(6, 60),
                                black_to_move=(k % 2 == 0), ep=(k % 5 == 1))
        if k % 3 != 2:
            start.fullmove_number = rng.randrange(40, 250)
        if k % 4 == 3:
            start.halfmove_clock = rng.randrange(0, 40) if not start.ep_square else 0
    elif index < N_TINY + N_MATE + N_FEN + N_960:
        kind = "chess960"
        pos = rng.randrange(960)
        while pos == 518:
            pos = rng.randrange(960)
        start = chess.Board.from_chess960_pos(pos)
    elif index < N_TINY + N_MATE + N_FEN + N_960 + N_960_FEN:
        kind = "chess960_fen"
        pos = rng.randrange(960)
        while pos == 518:
            pos = rng.randrange(960)
        start = random_position(rng, chess.Board.from_chess960_pos(pos), rng.randrange(4, 16),
                                black_to_move=(index % 2 == 0))
        if not start.castling_rights:
            start = chess.Board.from_chess960_pos(pos)
        start.fullmove_number = rng.randrange(3, 90)
    else:
        kind, start = "standard", chess.Board()

    game = chess.pgn.Game()
    game.headers["Event"] = f"jaque variations {index}"
    game.headers["Site"] = "?"
    game.headers["Date"] = "????.??.??"
    game.headers["Round"] = str(index + 1)
    game.headers["White"] = "?"
    game.headers["Black"] = "?"
    game.headers["Result"] = "*"
    if start.fen() != chess.STARTING_FEN or start.chess960:
        game.setup(start)
    game.headers["Generator"] = f"{GENERATOR} seed {SEED}"

    if kind == "mate":
        node = game
        for m in mainline_to_mate(rng):
            node = node.add_variation(m)
    else:
        if kind == "tiny":
            plies = rng.randrange(1, 4)
        elif rng.random() < 0.2:
            plies = rng.randrange(1, 20)
        else:
            plies = rng.randrange(10, 110)
        board = start.copy()
        node = game
        if board.ep_square and board.has_legal_en_passant() and rng.random() < 0.5:
            eps = [m for m in board.legal_moves if board.is_en_passant(m)]
            m = rng.choice(eps)
            node = node.add_variation(m)
            plies -= 1
        extend_line(rng, node, max(plies, 0), "spicy", VARIATIONS)
        if not game.variations:
            extend_line(rng, game, 1, "spicy", VARIATIONS)

    if rng.random() < 0.2:
        game.comment = rng.choice(COMMENTS)
    max_depth = rng.choice([1, 2, 2, 3, 3, 4, 4, 5, 5, 5]) if kind != "tiny" else 5
    # How many variation nodes the game may get.
    stats.budget = rng.choice([0, 2, 5, 8, 10, 12, 15, 20, 25, 30, 40]) if kind != "tiny" \
        else rng.randrange(6, 16)
    decorate_line(rng, game.variations[0], 0, max_depth, stats)
    if kind == "tiny":
        # At least two siblings at the game's first move, each with its own tree.
        stats.budget = max(stats.budget, 3)
        while len(game.variations) < 3:
            add_alternatives(rng, game.variations[0], 0, max_depth, stats, force=True)
    game.headers["Result"] = result_for(rng, game.end().board(), unfinished=UNFINISHED)
    stats.add("kind_" + kind)
    return game


# ------------------------------------------------------------------ the record

def path_moves(node):
    moves = []
    while node.parent is not None:
        moves.append(node.move)
        node = node.parent
    moves.reverse()
    return moves


def uci(move):
    return move.uci() if move else "0000"


def lines_of(game):
    """Every line: the mainline, then per variation node the path to it and its main
    continuation (recursive walk over the tree)."""
    out = []

    def walk(node, prefix):
        # `node` starts a line whose moves before it are `prefix`.
        line = list(prefix)
        cur = node
        at = []  # (node whose move begins the continuation, moves before that node)
        while True:
            if cur.parent is not None:
                line.append(uci(cur.move))
            if not cur.variations:
                break
            for side in cur.variations[1:]:
                at.append((side, list(line)))
            cur = cur.variations[0]
        out.append(line)
        for side, before in at:
            walk(side, before)

    walk(game, [])
    return sorted(out)


def variation_node_count(game):
    count = 0
    stack = [game]
    while stack:
        node = stack.pop()
        for i, child in enumerate(node.variations):
            if i > 0:
                count += 1
            stack.append(child)
    return count


def record_of(name, index, game, with_fens):
    lines = lines_of(game)
    # Cross-checks: every line replays legally from the start; 1 + variation nodes lines.
    assert len(lines) == 1 + variation_node_count(game), (name, index)
    for line in lines:
        board = game.board()
        for text in line:
            move = chess.Move.from_uci(text)
            if move:
                assert board.is_legal(move), (name, index, line, text)
            board.push(move)
    main = [uci(m) for m in game.mainline_moves()]
    assert main in lines, (name, index)
    assert main == [uci(m) for m in path_moves(game.end())]
    record = {"file": name, "game": index, "lines": lines}
    if with_fens:
        board = game.board()
        fens = []
        for move in game.mainline_moves():
            board.push(move)
            fens.append(board.fen())
        assert len(fens) == len(main)
        record["fens"] = fens
    return record


def read_games(path):
    games = []
    with open(path, encoding="utf-8") as f:
        while True:
            game = chess.pgn.read_game(f)
            if game is None:
                break
            games.append(game)
    return games


def jaque_check(jaque, path):
    """jaque's per-game objects (in order) and its summary for one file."""
    proc = subprocess.run([jaque, "check", "--json", path], capture_output=True, text=True)
    assert proc.returncode in (0, 1), (path, proc.returncode, proc.stderr)
    objects = [json.loads(line) for line in proc.stdout.splitlines() if line.strip()]
    summary = objects[-1]["summary"]
    games = objects[:-1]
    assert [g["game"] for g in games] == list(range(len(games))), path
    assert summary["games"] == len(games), path
    return games, summary


def find_jaque(given):
    for cand in [given, os.environ.get("JAQUE"),
                 os.path.join(ROOT, "target", "release", "jaque"),
                 os.path.join(ROOT, "target", "debug", "jaque")]:
        if cand and os.path.isfile(cand) and os.access(cand, os.X_OK):
            return cand
    sys.exit("no jaque binary: give --jaque PATH or set JAQUE")


# ------------------------------------------------------------------ main

def tree_stats(game, stats):
    """What the written tree holds, for the printed summary and the asserts."""
    depth_max = 0
    stack = [(game, 0)]
    castles960 = False
    while stack:
        node, depth = stack.pop()
        depth_max = max(depth_max, depth)
        board = node.board() if node.variations else None
        for i, child in enumerate(node.variations):
            main = i == 0 and node.is_mainline()
            where = "main" if main else "var"
            m = child.move
            if m.promotion:
                stats.add(f"promotion_{where}")
                if m.promotion != chess.QUEEN:
                    stats.add(f"underpromotion_{where}")
            if board.is_castling(m):
                stats.add(f"castling_{where}")
                if board.chess960:
                    castles960 = True
            if board.is_en_passant(m):
                stats.add(f"en_passant_{where}")
            if not child.variations:
                b = child.board()
                if b.is_checkmate():
                    stats.add(f"checkmate_{where}")
            stack.append((child, depth + (1 if i > 0 else 0)))
    stats.add("depth_%d_games" % depth_max)
    if castles960:
        stats.add("chess960_games_castling")
    if len(game.variations) > 1:
        stats.add("games_with_variations_at_first_move")
    if game.board().turn == chess.BLACK:
        stats.add("games_black_first")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("out", nargs="?", default=DEFAULT_OUT)
    parser.add_argument("--jaque", default=None)
    args = parser.parse_args()
    jaque = find_jaque(args.jaque)
    version = subprocess.run([jaque, "--version"], capture_output=True, text=True,
                             check=True).stdout.strip()

    rng = random.Random(SEED)
    stats = Stats()
    games = [make_game(rng, i, stats) for i in range(GAMES)]
    texts = [str(g) for g in games]
    pgn_text = "\n\n".join(texts) + "\n"

    # Re-read: same games, no errors, same export, same lines.
    reread = read_games_text(pgn_text)
    assert len(reread) == GAMES
    for i, (g, r) in enumerate(zip(games, reread)):
        assert r.errors == [], (i, r.errors)
        assert str(r) == texts[i], i
        assert lines_of(r) == lines_of(g), i
        lines = lines_of(r)
        assert len(set(map(tuple, lines))) == len(lines), ("two siblings with one move", i)
        tree_stats(r, stats)
    for key, least in [("underpromotion_var", 5), ("underpromotion_main", 1),
                       ("en_passant_var", 10), ("en_passant_main", 5),
                       ("castling_var", 20), ("castling_main", 20),
                       ("checkmate_var", 20), ("checkmate_main", 10),
                       ("chess960_games_castling", 5), ("depth_5_games", 5),
                       ("games_with_variations_at_first_move", 20), ("games_black_first", 5)]:
        assert stats.c.get(key, 0) >= least, (key, stats.c.get(key, 0))

    files = [("variations.pgn", None)] + [(n, os.path.join(args.out, n)) for n in OTHER_FILES]
    header_files = {}
    excluded = {}
    records = []
    notes = []
    with tempfile.TemporaryDirectory() as tmp:
        for name, path in files:
            if path is None:
                path = os.path.join(tmp, name)
                with open(path, "w", newline="\n", encoding="utf-8") as f:
                    f.write(pgn_text)
            pc_games = read_games(path)
            jq_games, summary = jaque_check(jaque, path)
            entry = {"games": len(pc_games)}
            if len(jq_games) != len(pc_games):
                entry.update({"included": 0, "excluded": len(pc_games),
                              "jaque_games": len(jq_games)})
                notes.append(f"{name}: jaque counts {len(jq_games)} games, python-chess "
                             f"{len(pc_games)}: file left out")
                excluded[name] = list(range(len(pc_games)))
                header_files[name] = entry
                continue
            pc_errors = [i for i, g in enumerate(pc_games) if g.errors]
            jq_errors = {}
            for i, g in enumerate(jq_games):
                codes = [d["code"] for d in g["diagnostics"] if d["severity"] == "error"]
                if codes:
                    jq_errors[str(i)] = codes
            out = sorted(set(pc_errors) | {int(i) for i in jq_errors})
            only_jaque = {}
            for i, codes in jq_errors.items():
                if int(i) not in pc_errors:
                    for code in sorted(set(codes)):
                        only_jaque[code] = only_jaque.get(code, 0) + 1
            both = len(set(pc_errors) & {int(i) for i in jq_errors})
            why = (f"{len(pc_errors)} with python-chess errors ({both} of them also with jaque "
                   f"errors), {len(out) - len(pc_errors)} with jaque errors only")
            if only_jaque:
                why += " (" + ", ".join(f"{c} {n}" for c, n in sorted(only_jaque.items())) + ")"
            entry.update({"included": len(pc_games) - len(out), "excluded": len(out), "why": why,
                          "python_chess_errors": pc_errors, "jaque_errors": jq_errors})
            header_files[name] = entry
            excluded[name] = out
            if name == "variations.pgn":
                assert not out, ("variations.pgn must be clean", out)
            for i, g in enumerate(pc_games):
                if i not in out:
                    records.append(record_of(name, i, g, True))

    def encode(recs):
        return [json.dumps(r, separators=(", ", ": ")) for r in recs]

    fens_omitted = {}
    lines = encode(records)
    if sum(len(l) + 1 for l in lines) > MAX_BYTES:
        for r in records:
            if r["file"] == "repetition.pgn" and r["game"] >= FENS_KEPT:
                del r["fens"]
        fens_omitted["repetition.pgn"] = f"games {FENS_KEPT} and later (file size)"
        lines = encode(records)
    notes.append("jaque_errors: error-severity diagnostic codes jaque reports per game index")
    header = {
        "oracle": ORACLE,
        "generator": GENERATOR,
        "seed": SEED,
        "jaque": version,
        "files": header_files,
        "excluded": excluded,
        "fens_omitted": fens_omitted,
        "notes": notes,
    }
    out_text = json.dumps(header) + "\n" + "".join(l + "\n" for l in lines)

    with open(os.path.join(args.out, "variations.pgn"), "w", newline="\n",
              encoding="utf-8") as f:
        f.write(pgn_text)
    with open(os.path.join(args.out, "record.expect.jsonl"), "w", newline="\n",
              encoding="utf-8") as f:
        f.write(out_text)
    for name, entry in header_files.items():
        print(name, {k: v for k, v in entry.items() if k != "jaque_errors"})
    print("records", len(records), "bytes", len(out_text), "pgn bytes", len(pgn_text))
    print(dict(sorted(stats.c.items())))


def read_games_text(text):
    return games_from(io.StringIO(text))


if __name__ == "__main__":
    main()
