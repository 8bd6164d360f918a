#!/usr/bin/env python3
"""Generate tests/data/san_legal.tsv: canonical SAN of legal moves, from python-chess.

Columns: fen  san  uci  fen_after  is_check_after  is_mate_after
  san       = board.san(move)   (canonical SAN, minimal disambiguation, +/#)
  uci       = move.uci()
  fen_after = board.fen() after board.push(move)

Positions come from seeded, biased random playouts (standard chess rules):
  * from the standard start position, with move choice biased towards
    promotions, castling, en passant, captures and checks;
  * from random legal "material-heavy" start positions (several queens, rooks,
    knights or bishops of one colour, pawns close to promotion) so that SAN
    disambiguation by file, by rank and by both occurs often.
From the pool, 300 positions are written with EVERY legal move ("all" block),
and 2700 further positions with 3 legal moves each ("sample" block; one of the
three is an "interesting" move when the position has one). Positions are picked
to cover promotions, castling, en passant, pins, disambiguation (file / rank /
both), checks and mates.

Usage:  python3 tools/gen/gen_san_legal_data.py [output_path]
Deterministic: random.Random(SEED); needs python-chess (pip install chess).
"""

import os
import re
import random
import sys

import chess

from san_moves import feature_weight, kings_apart

SEED = 424242
# The name the data give their generator: its path before tools/ was split by kind, kept
# so that the data regenerate byte-identical (tools/README.md, "Recorded names").
GENERATOR = "tools/gen_san_legal_data.py"
N_ALL = 300
N_SAMPLE = 2700
HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_OUT = os.path.join(HERE, "..", "..", "tests", "data", "san_legal.tsv")

DIS_RE = re.compile(r"^([NBRQK])([a-h]?)([1-8]?)x?[a-h][1-8]")

FEATURES = ["promotion", "underpromotion", "castling", "en_passant", "dis_file", "dis_rank",
            "dis_both", "check", "mate", "pin", "capture_promotion", "black_to_move"]


def sorted_legal(board):
    return sorted(board.legal_moves, key=lambda m: m.uci())


def move_weight(board, m):
    w = feature_weight(board, m, promotion=40, castling=25, en_passant=60)
    p = board.piece_type_at(m.from_square)
    if p == chess.PAWN:
        r = chess.square_rank(m.to_square)
        adv = r if board.turn == chess.WHITE else 7 - r
        w += 0.5 * adv
        # double pushes next to an enemy pawn create en-passant chances
        if abs(chess.square_rank(m.to_square) - chess.square_rank(m.from_square)) == 2:
            for df in (-1, 1):
                f = chess.square_file(m.to_square) + df
                if 0 <= f <= 7:
                    pc = board.piece_at(chess.square(f, chess.square_rank(m.to_square)))
                    if pc and pc.piece_type == chess.PAWN and pc.color != board.turn:
                        w += 20
    return w


def weighted_choice(rng, board):
    moves = sorted_legal(board)
    weights = [move_weight(board, m) for m in moves]
    return rng.choices(moves, weights=weights, k=1)[0]


def random_heavy_position(rng):
    """A random legal position with several same-type pieces and advanced pawns."""
    while True:
        b, squares = kings_apart(rng)
        if b is None:
            continue
        heavy = rng.choice([chess.QUEEN, chess.ROOK, chess.KNIGHT, chess.BISHOP])
        color = rng.random() < 0.5
        for _ in range(rng.randint(2, 5)):
            b.set_piece_at(squares.pop(), chess.Piece(heavy, color))
        for _ in range(rng.randint(0, 4)):
            pt = rng.choice([chess.QUEEN, chess.ROOK, chess.KNIGHT, chess.BISHOP])
            b.set_piece_at(squares.pop(), chess.Piece(pt, rng.random() < 0.5))
        for _ in range(rng.randint(0, 6)):
            sq = squares.pop()
            r = chess.square_rank(sq)
            if r in (0, 7):
                continue
            col = rng.random() < 0.5
            b.set_piece_at(sq, chess.Piece(chess.PAWN, col))
        b.turn = rng.random() < 0.5
        b.castling_rights = 0
        if b.is_valid() and any(b.generate_legal_moves()):
            return chess.Board(b.fen())


def features(board, sans):
    f = set()
    if board.turn == chess.BLACK:
        f.add("black_to_move")
    for m, s in sans:
        if m.promotion:
            f.add("promotion")
            if m.promotion != chess.QUEEN:
                f.add("underpromotion")
            if board.is_capture(m):
                f.add("capture_promotion")
        if board.is_castling(m):
            f.add("castling")
        if board.is_en_passant(m):
            f.add("en_passant")
        if s.endswith("#"):
            f.add("mate")
        elif s.endswith("+"):
            f.add("check")
        mt = DIS_RE.match(s)
        if mt and mt.group(1) != "K":
            if mt.group(2) and mt.group(3):
                f.add("dis_both")
            elif mt.group(2):
                f.add("dis_file")
            elif mt.group(3):
                f.add("dis_rank")
    for sq in chess.scan_forward(board.occupied_co[board.turn] & ~board.kings):
        if board.is_pinned(board.turn, sq):
            f.add("pin")
            break
    return f


def interesting(board, m, s):
    return bool(m.promotion or board.is_castling(m) or board.is_en_passant(m)
                or s.endswith("#") or s.endswith("+") or (DIS_RE.match(s) and
                (DIS_RE.match(s).group(2) or DIS_RE.match(s).group(3))))


def row(board, m, s):
    after = board.copy(stack=False)
    after.push(m)
    return "\t".join([board.fen(), s, m.uci(), after.fen(),
                      "true" if after.is_check() else "false",
                      "true" if after.is_checkmate() else "false"])


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else DEFAULT_OUT
    rng = random.Random(SEED)

    pool = {}  # fen -> (source)

    def collect(board, source):
        fen = board.fen()
        if fen not in pool and any(board.generate_legal_moves()):
            pool[fen] = source

    # 1. biased playouts from the standard start position
    for g in range(260):
        b = chess.Board()
        biased = g % 4 != 0   # every 4th game is uniformly random
        for ply in range(rng.randint(40, 260)):
            if b.is_game_over():
                break
            if rng.random() < 0.35:
                collect(b, "start")
            m = weighted_choice(rng, b) if biased else rng.choice(sorted_legal(b))
            b.push(m)
        if not b.is_game_over():
            collect(b, "start")

    # 2. playouts from random material-heavy positions
    for g in range(1000):
        b = random_heavy_position(rng)
        for ply in range(rng.randint(0, 24)):
            if b.is_game_over():
                break
            if rng.random() < 0.5:
                collect(b, "heavy")
            b.push(weighted_choice(rng, b))
        if not b.is_game_over():
            collect(b, "heavy")

    fens = sorted(pool)
    rng.shuffle(fens)
    info = {}
    for fen in fens:
        b = chess.Board(fen)
        sans = [(m, b.san(m)) for m in sorted_legal(b)]
        info[fen] = (sans, features(b, sans))

    # choose positions: first fill per-feature quotas, then random ones
    def pick(cands, n, quota):
        chosen = []
        used = set()
        for feat in FEATURES:
            have = 0
            for fen in cands:
                if have >= quota:
                    break
                if fen in used or feat not in info[fen][1]:
                    continue
                chosen.append(fen)
                used.add(fen)
                have += 1
        # prefer standard-start positions for the remainder
        rest = [f for f in cands if f not in used]
        rest.sort(key=lambda f: 0 if pool[f] == "start" else 1)
        k_start = [f for f in rest if pool[f] == "start"]
        k_heavy = [f for f in rest if pool[f] != "start"]
        need = n - len(chosen)
        n_heavy = min(len(k_heavy), need // 5)
        chosen += k_start[:need - n_heavy] + k_heavy[:n_heavy]
        chosen += [f for f in rest if f not in set(chosen)][:n - len(chosen)]
        return chosen[:n]

    all_block = pick(fens, N_ALL, 20)
    remaining = [f for f in fens if f not in set(all_block)]
    sample_block = pick(remaining, N_SAMPLE, 160)
    assert len(all_block) == N_ALL and len(sample_block) == N_SAMPLE, (len(all_block), len(sample_block))

    lines = []
    stats = {"all_rows": 0, "sample_rows": 0}
    featcount = {f: 0 for f in FEATURES}
    for fen in all_block:
        b = chess.Board(fen)
        sans, feats = info[fen]
        for f in feats:
            featcount[f] += 1
        for m, s in sans:
            lines.append(row(b, m, s))
            stats["all_rows"] += 1
    lines.append("# block: sample (3 legal moves per position)")
    for fen in sample_block:
        b = chess.Board(fen)
        sans, feats = info[fen]
        for f in feats:
            featcount[f] += 1
        inter = [(m, s) for m, s in sans if interesting(b, m, s)]
        picked = []
        if inter:
            picked.append(rng.choice(inter))
        others = [x for x in sans if x not in picked]
        picked += rng.sample(others, min(3 - len(picked), len(others)))
        picked.sort(key=lambda x: x[0].uci())
        for m, s in picked:
            lines.append(row(b, m, s))
            stats["sample_rows"] += 1

    header = [
        "# san_legal.tsv -- canonical SAN of legal moves; oracle: python-chess " + chess.__version__,
        "# generator: %s (seed %d); do not edit by hand" % (GENERATOR, SEED),
        "# columns: fen\tsan\tuci\tfen_after\tis_check_after\tis_mate_after",
        "# san = board.san(move); fen/fen_after = board.fen() (en passant field only when a legal ep capture exists)",
        "# block: all (every legal move of %d positions)" % N_ALL,
    ]
    with open(out, "w", encoding="utf-8", newline="\n") as f:
        f.write("\n".join(header + lines) + "\n")
    print("pool positions", len(pool))
    print("rows", stats)
    print("positions with feature (all+sample):", featcount)
    disamb = sum(1 for l in lines if not l.startswith("#") and DIS_RE.match(l.split("\t")[1])
                 and (DIS_RE.match(l.split("\t")[1]).group(2) or DIS_RE.match(l.split("\t")[1]).group(3)))
    print("rows with disambiguated SAN", disamb)


if __name__ == "__main__":
    main()
