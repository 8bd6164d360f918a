"""The positions of the standard and the Chess960 files."""

from __future__ import annotations

import random
import time

import chess

from .lines import Line
from .positions import Pool, classify, pick, playout, pos_key


def gen_standard(rng: random.Random, log) -> list[Line]:
    pool = Pool()
    start = chess.Board()
    t0 = time.time()
    specs = [
        # (count, style, max_ply, record_from, hunt)
        (140, "pawny", 50, 4, {"ep_illegal": 1.0, "ep_legal": 0.6}),
        (60, "pawny", 90, 20, {"ep_illegal": 1.0, "double_check": 0.7}),
        (70, "castle", 30, 4, {"ep_illegal": 1.0}),
        (50, "checky", 60, 6, {"double_check": 0.8, "checkmate": 0.7}),
        (70, "capture", 140, 30, {"checkmate": 0.8, "stalemate": 0.9, "double_check": 0.5}),
        (40, "uniform", 80, 4, {"ep_illegal": 1.0}),
        # Hunting runs for the rare cases: record only a sample plus every hunted hit.
        (600, "kingwalk", 70, 10, {"ep_illegal": 1.0, "double_check": 0.9, "stalemate": 0.9}),
        (300, "capture", 160, 40, {"stalemate": 1.0, "double_check": 0.9, "checkmate": 0.5}),
    ]
    for i, (count, style, max_ply, rec_from, hunt) in enumerate(specs):
        for _ in range(count):
            playout(rng, pool, start, style, max_ply, rec_from, hunt, False,
                    record_prob=0.5 if i < 6 else 0.03)
        log(f"  standard playouts {style}: pool {len(pool.cands)} ({time.time() - t0:.0f}s)")
    cands = pool.cands

    def count_tag(t):
        return sum(1 for c in cands if t in c.tags)

    log("  pool tags: " + ", ".join(
        f"{t}={count_tag(t)}" for t in
        ["ep_legal", "ep_illegal", "check", "double_check", "checkmate", "stalemate", "promotion",
         "promotion_capture", "few_pieces", "castle_legal", "castle_blocked", "castle_attacked"]))

    chosen: dict = {}
    quotas = [
        ("ep_illegal", 25),
        ("stalemate", 12),
        ("checkmate", 18),
        ("double_check", 25),
        ("ep_legal", 45),
        ("promotion_capture", 20),
        ("promotion", 35),
        ("castle_attacked", 25),
        ("castle_legal", 45),
        ("castle_blocked", 20),
        ("check", 40),
        ("few_pieces", 40),
    ]
    for tag, n in quotas:
        pick(rng, cands, chosen, n, lambda c, t=tag: t in c.tags)
    # The rest: any other positions, spread over the game phases.
    pick(rng, cands, chosen, 400 - len(chosen) if len(chosen) < 400 else 0,
         lambda c: not c.after_double_push or c.tags & {"ep_legal", "ep_illegal"})
    main = sorted(chosen.values(), key=lambda c: c.order)

    # Extra lines written with en_passant="fen": positions right after a double
    # push where no en-passant capture is even pseudo-legal (the ep square is in
    # the FEN although no capture exists).  Illegal-ep positions are written this
    # way too, since the default ('legal') FEN would drop their ep square.
    extra = {}
    pick(rng, cands, extra,
         30, lambda c: c.after_double_push and not (c.tags & {"ep_legal", "ep_illegal"})
         and pos_key(c.board) not in chosen and c.board.ep_square is not None)
    lines = []
    for c in main:
        ep = "fen" if "ep_illegal" in c.tags else "legal"
        lines.append(Line(c.board.fen(en_passant=ep), False, 3, tags=set(c.tags),
                          note="ep=fen" if ep == "fen" else ""))
    for c in sorted(extra.values(), key=lambda c: c.order):
        lines.append(Line(c.board.fen(en_passant="fen"), False, 3, tags=set(c.tags) | {"ep_fen_only"},
                          note="ep=fen"))
    return lines





def start_features(n: int) -> set[str]:
    b = chess.Board.from_chess960_pos(n)
    return classify(b) | {f"king_{chess.FILE_NAMES[chess.square_file(b.king(chess.WHITE))]}"}


def gen_960(rng: random.Random, log) -> list[Line]:
    # 60 distinct start positions, making sure the awkward geometries occur.
    feats = {n: start_features(n) for n in range(960)}
    chosen_n: list[int] = []

    def take(pred, k):
        avail = [n for n in range(960) if pred(n) and n not in chosen_n]
        rng.shuffle(avail)
        chosen_n.extend(avail[:k])

    take(lambda n: n == 518, 1)  # the standard setup
    for t in ("castle_adjacent", "castle_king_on_dest", "castle_rook_on_dest",
              "castle_king_dest_is_rook", "castle_rook_dest_is_king"):
        take(lambda n, t=t: t in feats[n], 5)
    for f in "bg":
        take(lambda n, f=f: f"king_{f}" in feats[n], 3)
    take(lambda n: True, 60 - len(chosen_n))
    chosen_n = chosen_n[:60]
    starts = [chess.Board.from_chess960_pos(n) for n in chosen_n]

    pool = Pool()
    t0 = time.time()
    # Playouts from every chosen setup, biased to keep castling rights and to
    # clear the back rank; some capture-heavy/check-heavy ones for variety.
    for rep, (style, max_ply, rec_from, prob) in enumerate([
        ("castle", 24, 3, 0.5), ("castle", 24, 3, 0.5), ("castle", 40, 6, 0.3),
        ("pawny", 40, 6, 0.3), ("checky", 40, 6, 0.3),
    ]):
        for b in starts:
            playout(rng, pool, b, style, max_ply, rec_from, {"ep_illegal": 1.0, "double_check": 0.3},
                    True, record_prob=prob)
        log(f"  960 playouts round {rep}: pool {len(pool.cands)} ({time.time() - t0:.0f}s)")
    cands = [c for c in pool.cands if c.ply > 0]
    log("  pool tags: " + ", ".join(
        f"{t}={sum(1 for c in cands if t in c.tags)}" for t in
        ["castle_legal", "castle_blocked", "castle_attacked", "castle_adjacent", "castle_king_on_dest",
         "castle_rook_on_dest", "castle_king_dest_is_rook", "castle_rook_dest_is_king", "check",
         "ep_legal", "promotion"]))

    chosen: dict = {}

    def legal_and(t):
        return lambda c: "castle_legal" in c.tags and t in c.tags

    for pred, n in [
        (legal_and("castle_adjacent"), 8),
        (legal_and("castle_king_on_dest"), 6),
        (legal_and("castle_rook_on_dest"), 6),
        (legal_and("castle_king_dest_is_rook"), 6),
        (legal_and("castle_rook_dest_is_king"), 6),
        (lambda c: "castle_attacked" in c.tags, 12),
        (lambda c: "castle_legal" in c.tags and "check" not in c.tags, 20),
        (lambda c: "castle_blocked" in c.tags, 6),
        (lambda c: "check" in c.tags, 6),
        (lambda c: "ep_legal" in c.tags, 4),
        (lambda c: "promotion" in c.tags, 2),
    ]:
        pick(rng, cands, chosen, n, pred)
    pick(rng, cands, chosen, max(0, 90 - len(chosen)), lambda c: "castle_rights" in c.tags)
    played = sorted(chosen.values(), key=lambda c: c.order)

    # ~20 further positions, written in X-FEN (python-chess board.fen()).
    xf: dict = {}
    pick(rng, cands, xf, 8, lambda c: pos_key(c.board) not in chosen and "castle_legal" in c.tags
         and any(ch not in "KQkq-" for ch in c.board.fen().split()[2]))
    pick(rng, cands, xf, 20 - len(xf), lambda c: pos_key(c.board) not in chosen and "castle_rights" in c.tags)
    xfen = sorted(xf.values(), key=lambda c: c.order)

    lines = []
    for b in starts:
        lines.append(Line(b.shredder_fen(), True, 4, tags=classify(b) | {"start"}))
    for c in played:
        lines.append(Line(c.board.shredder_fen(), True, 4, tags=set(c.tags)))
    for c in xfen:
        lines.append(Line(c.board.fen(), True, 4, tags=set(c.tags) | {"xfen"}, note="xfen"))
    return lines
