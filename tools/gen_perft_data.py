#!/usr/bin/env python3
"""Generate jaque's perft test data from trusted oracles.

Positions are reached by seeded, biased random playouts (python-chess,
``random.Random(seed)``); expected node counts come from Stockfish's
``go perft N`` and are cross-checked against an independent recursive perft
over python-chess's ``board.legal_moves`` (D1..D3 always, deeper where cheap).
Nothing here uses jaque itself.

Output files (EPD-like, one position per line, LF, final newline):

    <FEN> ;D1 <n> ;D2 <n> ;D3 <n> ...

    tests/data/perft_random.epd   standard chess, ~430 positions, D1..D3 (+D4/D5 on some)
    tests/data/perft_960.epd      Chess960, ~170 positions, D1..D4
    tests/data/perft_deep.epd     ~12 positions with D5 and D6 (for #[ignore] tests)

Usage (from the repository root):

    pip install chess==1.11.2
    apt-get install stockfish            # Debian: Stockfish 15.1, /usr/games/stockfish
    python3 tools/gen_perft_data.py --seed 20240611

Only one Stockfish process is ever running, with Threads=1.  The data lines
depend only on the seed, the python-chess version (move ordering) and the
oracle; the header also records the date of generation.
"""

from __future__ import annotations

import argparse
import datetime
import os
import random
import subprocess
import sys
import time
from dataclasses import dataclass, field

import chess

DEFAULT_SEED = 20240611
SCRIPT_PATH = "tools/gen_perft_data.py"


# ---------------------------------------------------------------------------
# Oracles
# ---------------------------------------------------------------------------


class Stockfish:
    """A single long-lived Stockfish process driven over UCI."""

    def __init__(self, path: str):
        self.proc = subprocess.Popen(
            [path],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            bufsize=1,
        )
        self.name = "Stockfish"
        self._send("uci")
        for line in self._lines_until(lambda l: l == "uciok"):
            if line.startswith("id name "):
                self.name = line[len("id name "):].strip()
        self._send("setoption name Threads value 1")
        self._send("setoption name Hash value 16")
        self.chess960 = None
        self.set_chess960(False)

    def _send(self, cmd: str) -> None:
        self.proc.stdin.write(cmd + "\n")
        self.proc.stdin.flush()

    def _lines_until(self, pred):
        out = []
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError("stockfish exited unexpectedly")
            line = line.rstrip("\n")
            out.append(line)
            if pred(line):
                return out

    def _sync(self) -> None:
        self._send("isready")
        self._lines_until(lambda l: l == "readyok")

    def set_chess960(self, on: bool) -> None:
        if self.chess960 != on:
            self._send("setoption name UCI_Chess960 value " + ("true" if on else "false"))
            self._sync()
            self.chess960 = on

    def perft(self, fen: str, depth: int) -> int:
        self._send("position fen " + fen)
        self._send(f"go perft {depth}")
        lines = self._lines_until(lambda l: l.startswith("Nodes searched:"))
        n = int(lines[-1].split(":")[1])
        if depth == 1:
            # Sanity: the divide lines at depth 1 are exactly the legal moves.
            moves = [l for l in lines if ": " in l and not l.startswith("Nodes")]
            assert len(moves) == n, (fen, len(moves), n)
        return n

    def close(self) -> None:
        try:
            self._send("quit")
            self.proc.wait(timeout=10)
        except Exception:
            self.proc.kill()


def py_perft(board: chess.Board, depth: int) -> int:
    """Plain recursive perft over python-chess's legal move generator."""
    if depth == 0:
        return 1
    if depth == 1:
        return board.legal_moves.count()
    n = 0
    for move in list(board.legal_moves):
        board.push(move)
        n += py_perft(board, depth - 1)
        board.pop()
    return n


# ---------------------------------------------------------------------------
# Classification of positions
# ---------------------------------------------------------------------------


def castling_details(board: chess.Board, color: chess.Color) -> list[dict]:
    """One entry per castling right of `color` (works for standard and 960)."""
    out = []
    king = board.king(color)
    if king is None:
        return out
    rank = 0 if color == chess.WHITE else 7
    rights = board.clean_castling_rights() & chess.BB_RANKS[rank]
    legal = list(board.generate_castling_moves()) if color == board.turn else []
    for rook in chess.SquareSet(rights):
        a_side = chess.square_file(rook) < chess.square_file(king)
        king_to = chess.square(2 if a_side else 6, rank)
        rook_to = chess.square(3 if a_side else 5, rank)
        path = (
            chess.between(king, king_to)
            | chess.BB_SQUARES[king_to]
            | chess.between(rook, rook_to)
            | chess.BB_SQUARES[rook_to]
        ) & ~chess.BB_SQUARES[king] & ~chess.BB_SQUARES[rook]
        blocked = bool(path & board.occupied)
        is_legal = False
        for m in legal:
            if board.is_castling(m) and board.is_queenside_castling(m) == a_side:
                is_legal = True
        out.append(
            dict(
                a_side=a_side,
                blocked=blocked,
                legal=is_legal,
                attacked=(not blocked and not is_legal),
                adjacent=abs(chess.square_file(rook) - chess.square_file(king)) == 1,
                king_on_dest=(king == king_to),
                rook_on_dest=(rook == rook_to),
                king_dest_is_rook=(king_to == rook),
                rook_dest_is_king=(rook_to == king),
            )
        )
    return out


def classify(board: chess.Board) -> set[str]:
    tags = set()
    legal = list(board.legal_moves)
    if board.has_legal_en_passant():
        tags.add("ep_legal")
    elif board.has_pseudo_legal_en_passant():
        tags.add("ep_illegal")
    if board.is_check():
        tags.add("check")
        if len(board.checkers()) >= 2:
            tags.add("double_check")
    if not legal:
        tags.add("checkmate" if board.is_check() else "stalemate")
    if any(m.promotion for m in legal):
        tags.add("promotion")
        if any(m.promotion and board.is_capture(m) for m in legal):
            tags.add("promotion_capture")
    if chess.popcount(board.occupied) <= 10:
        tags.add("few_pieces")
    for d in castling_details(board, board.turn):
        tags.add("castle_rights")
        if d["attacked"]:
            tags.add("castle_in_check" if board.is_check() else "castle_through_check")
        for k in ("legal", "blocked", "attacked", "adjacent", "king_on_dest",
                  "rook_on_dest", "king_dest_is_rook", "rook_dest_is_king"):
            if d[k]:
                tags.add("castle_" + k)
    if board.castling_rights & ~board.clean_castling_rights():
        raise AssertionError("unclean castling rights")
    return tags


def pos_key(board: chess.Board):
    """Position identity (ignores clocks and an irrelevant ep square)."""
    return board._transposition_key()


# ---------------------------------------------------------------------------
# Biased playouts
# ---------------------------------------------------------------------------


@dataclass
class Cand:
    board: chess.Board  # copy (stack-free)
    tags: set
    ply: int
    style: str
    after_double_push: bool = False
    order: int = 0


@dataclass
class Pool:
    cands: list = field(default_factory=list)
    seen: dict = field(default_factory=dict)

    def add(self, board: chess.Board, ply: int, style: str, after_double_push: bool) -> None:
        key = pos_key(board)
        if key in self.seen:
            return
        if not board.is_valid():
            return
        c = Cand(board.copy(stack=False), classify(board), ply, style, after_double_push, len(self.cands))
        self.seen[key] = c
        self.cands.append(c)


def is_double_push(board: chess.Board, m: chess.Move) -> bool:
    return (
        board.piece_type_at(m.from_square) == chess.PAWN
        and abs(chess.square_rank(m.to_square) - chess.square_rank(m.from_square)) == 2
    )


def special_children(board: chess.Board, hunt_terminal: bool) -> dict[str, list[chess.Move]]:
    """Moves leading to rare situations (one-ply lookahead)."""
    found: dict[str, list[chess.Move]] = {}
    for m in board.legal_moves:
        kinds = []
        dp = is_double_push(board, m)
        gc = board.gives_check(m)
        if not (dp or gc or hunt_terminal):
            continue
        board.push(m)
        if dp:
            if board.has_legal_en_passant():
                kinds.append("ep_legal")
            elif board.has_pseudo_legal_en_passant():
                kinds.append("ep_illegal")
        if gc and len(board.checkers()) >= 2:
            kinds.append("double_check")
        if hunt_terminal:
            if board.is_checkmate():
                kinds.append("checkmate")
            elif board.is_stalemate():
                kinds.append("stalemate")
        board.pop()
        for k in kinds:
            found.setdefault(k, []).append(m)
    return found


def move_weight(board: chess.Board, m: chess.Move, style: str, chess960: bool) -> float:
    piece = board.piece_type_at(m.from_square)
    w = 1.0
    cap = board.is_capture(m)
    if style == "pawny":
        if piece == chess.PAWN:
            w *= 4.0
            if is_double_push(board, m):
                w *= 2.0
            if m.promotion:
                w *= 3.0 if m.promotion == chess.QUEEN else 2.0
        if cap:
            w *= 2.0
    elif style == "capture":
        if cap:
            w *= 12.0
        if piece == chess.PAWN:
            w *= 2.0
        if m.promotion:
            w *= 4.0
    elif style == "checky":
        if board.gives_check(m):
            w *= 8.0
        if cap:
            w *= 2.0
    elif style == "castle":
        # Keep the castling rights, clear the paths between king and rooks.
        rank = 0 if board.turn == chess.WHITE else 7
        if board.is_castling(m):
            w *= 0.3
        elif piece == chess.KING:
            w *= 0.02
        elif piece == chess.ROOK and (chess.BB_SQUARES[m.from_square] & board.castling_rights):
            w *= 0.02
        elif chess.square_rank(m.from_square) == rank and piece != chess.PAWN:
            w *= 6.0
        elif piece == chess.PAWN:
            w *= 1.5
        if cap:
            w *= 1.5
    elif style == "kingwalk":
        # Walk the kings up the board (rank pins and discovered checks through
        # an en-passant capture need a king on the 4th/5th rank) and push pawns.
        if piece == chess.KING:
            target = 4 if board.turn == chess.WHITE else 3
            before = abs(chess.square_rank(m.from_square) - target)
            after = abs(chess.square_rank(m.to_square) - target)
            w *= 8.0 if after < before else (3.0 if after == before else 0.5)
        elif piece == chess.PAWN:
            w *= 3.0
            if is_double_push(board, m):
                w *= 2.0
        elif piece in (chess.ROOK, chess.QUEEN, chess.BISHOP):
            w *= 2.0
        if cap:
            w *= 1.5
    # "uniform": w == 1
    return w


def playout(rng: random.Random, pool: Pool, start: chess.Board, style: str, max_ply: int,
            record_from: int, hunt: dict[str, float], chess960: bool,
            record_prob: float = 1.0) -> None:
    board = start.copy()
    prev_double = False
    force = False
    for ply in range(max_ply + 1):
        moves = list(board.legal_moves)
        # Always keep terminal positions and those reached by a hunted move.
        if ply >= record_from and (force or not moves or rng.random() < record_prob):
            pool.add(board, ply, style, prev_double)
        if not moves:
            break
        if board.is_insufficient_material() and chess.popcount(board.occupied) <= 3:
            break
        chosen = None
        force = False
        if hunt:
            specials = special_children(board, hunt_terminal=("checkmate" in hunt or "stalemate" in hunt))
            for kind, prob in hunt.items():
                if kind in specials and rng.random() < prob:
                    chosen = rng.choice(specials[kind])
                    force = True
                    break
        if chosen is None:
            weights = [move_weight(board, m, style, chess960) for m in moves]
            chosen = rng.choices(moves, weights=weights, k=1)[0]
        prev_double = is_double_push(board, chosen)
        board.push(chosen)
    return None


# ---------------------------------------------------------------------------
# Selection with quotas
# ---------------------------------------------------------------------------


def pick(rng: random.Random, cands: list, chosen: dict, n: int, pred) -> int:
    avail = [c for c in cands if pred(c) and pos_key(c.board) not in chosen]
    rng.shuffle(avail)
    got = 0
    for c in avail[:n]:
        chosen[pos_key(c.board)] = c
        got += 1
    return got


# ---------------------------------------------------------------------------
# Counting and writing
# ---------------------------------------------------------------------------


@dataclass
class Line:
    fen: str
    chess960: bool
    depths: int
    counts: dict = field(default_factory=dict)
    py_checked: int = 0
    tags: set = field(default_factory=set)
    note: str = ""


def compute(sf: Stockfish, lines: list[Line], py_depth: int, py_extra_budget: int, log) -> None:
    mismatches = 0
    for i, ln in enumerate(lines):
        sf.set_chess960(ln.chess960)
        for d in range(1, ln.depths + 1):
            ln.counts[d] = sf.perft(ln.fen, d)
        board = chess.Board(ln.fen, chess960=ln.chess960)
        maxpy = min(py_depth, ln.depths)
        # Cheap deeper cross-checks where python-chess can afford them.
        while maxpy < ln.depths and ln.counts[maxpy + 1] <= py_extra_budget:
            maxpy += 1
        for d in range(1, maxpy + 1):
            if d <= 2 or ln.counts[d] <= 50_000_000:
                n = py_perft(board, d)
                if n != ln.counts[d]:
                    mismatches += 1
                    log(f"MISMATCH {ln.fen} D{d}: stockfish {ln.counts[d]} python-chess {n}")
                ln.py_checked = d
        if (i + 1) % 50 == 0:
            log(f"  {i + 1}/{len(lines)} done")
    if mismatches:
        raise SystemExit(f"{mismatches} oracle mismatches")


def write_file(path: str, lines: list[Line], header: list[str]) -> None:
    with open(path, "w", newline="\n") as f:
        for h in header:
            f.write(("# " + h).rstrip() + "\n")
        for ln in lines:
            f.write(ln.fen + "".join(f" ;D{d} {ln.counts[d]}" for d in sorted(ln.counts)) + "\n")


def header_for(title: str, args, sf: Stockfish, extra: list[str]) -> list[str]:
    return [
        f"jaque perft test data: {title}",
        f"Generated by {SCRIPT_PATH} --seed {args.seed} (python-chess {chess.__version__}, "
        f"random.Random(seed) playouts)",
        f"Oracle: {sf.name} `go perft N` (Threads=1); cross-checked with python-chess "
        f"{chess.__version__} recursive perft over board.legal_moves",
        f"Date: {args.date}   Seed: {args.seed}",
        "Format: <FEN> ;D1 <n> ;D2 <n> ... (nodes at depth N; D1 0 = mate or stalemate)",
        "Licence: CC0 1.0 (generated by the jaque project; no third-party data)",
    ] + extra


# ---------------------------------------------------------------------------
# Standard chess
# ---------------------------------------------------------------------------


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


# ---------------------------------------------------------------------------
# Chess960
# ---------------------------------------------------------------------------


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


# ---------------------------------------------------------------------------
# Main
# ---------------------------------------------------------------------------


def summarize(lines: list[Line]) -> dict:
    keys = ["ep_legal", "ep_illegal", "ep_fen_only", "castle_rights", "castle_legal", "castle_blocked",
            "castle_attacked", "castle_in_check", "castle_through_check", "castle_adjacent", "castle_king_on_dest", "castle_rook_on_dest",
            "castle_king_dest_is_rook", "castle_rook_dest_is_king", "check", "double_check", "checkmate",
            "stalemate", "promotion", "promotion_capture", "few_pieces", "xfen", "start"]
    return {k: sum(1 for ln in lines if k in ln.tags) for k in keys}


def verify_file(path: str, chess960: bool) -> int:
    """Read a written file back: format, uniqueness, validity, and python-chess
    recounts of every listed depth whose count is small.  chess960=None means
    "decide per line": Chess960 iff the castling field has a file letter."""
    seen = set()
    n = 0
    with open(path, "rb") as f:
        data = f.read()
    assert data.endswith(b"\n") and b"\r" not in data, path
    for raw in data.decode().split("\n")[:-1]:
        if raw.startswith("#"):
            continue
        parts = raw.split(" ;")
        fen = parts[0]
        assert fen not in seen, ("duplicate", fen)
        seen.add(fen)
        is960 = chess960
        if is960 is None:
            is960 = any(ch not in "KQkq-" for ch in fen.split()[2])
        b = chess.Board(fen, chess960=is960)
        assert b.is_valid(), (fen, b.status())
        assert len(fen.split()) == 6, fen
        ds = [int(p.split()[0][1:]) for p in parts[1:]]
        assert ds == list(range(ds[0], ds[0] + len(ds))), raw
        assert all(p.startswith("D") and len(p.split()) == 2 for p in parts[1:]), raw
        for p in parts[1:]:
            d, cnt = int(p.split()[0][1:]), int(p.split()[1])
            if cnt <= 300_000:
                assert py_perft(b, d) == cnt, (raw, d)
        n += 1
    return n


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seed", type=int, default=DEFAULT_SEED)
    ap.add_argument("--stockfish", default="/usr/games/stockfish")
    ap.add_argument("--out", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "data"))
    ap.add_argument("--date", default=datetime.date.today().isoformat())
    args = ap.parse_args()
    out = os.path.normpath(args.out)
    os.makedirs(out, exist_ok=True)
    t_start = time.time()

    def log(msg):
        print(f"[{time.time() - t_start:6.0f}s] {msg}", file=sys.stderr, flush=True)

    sf = Stockfish(args.stockfish)
    log(f"oracle: {sf.name}; python-chess {chess.__version__}; seed {args.seed}")
    try:
        # ---- standard ----
        rng = random.Random(args.seed)
        std = gen_standard(rng, log)
        rng_d = random.Random(args.seed + 1)
        log(f"standard: {len(std)} lines; computing D1..D3")
        compute(sf, std, 3, 0, log)
        # D4 for ~100 (special cases first), D5 for ~20 of those with moderate D4.
        special = ["ep_illegal", "ep_legal", "double_check", "castle_attacked", "castle_legal",
                   "promotion_capture", "promotion", "check", "few_pieces"]
        live = [ln for ln in std if ln.counts[1] > 0]
        d4: list[Line] = []
        for t in special:
            group = [ln for ln in live if t in ln.tags and ln not in d4]
            rng_d.shuffle(group)
            d4.extend(group[:10])
        rest = [ln for ln in live if ln not in d4]
        rng_d.shuffle(rest)
        d4.extend(rest[: max(0, 100 - len(d4))])
        for ln in d4:
            ln.depths = 4
        log(f"standard: D4 for {len(d4)} lines")
        compute(sf, d4, 3, 400_000, log)
        d5_pool = [ln for ln in d4 if ln.counts[4] <= 1_500_000]
        d5: list[Line] = []
        for t in ["ep_illegal", "ep_legal", "double_check", "castle_attacked", "castle_legal", "promotion",
                  "few_pieces", "check"]:
            group = [ln for ln in d5_pool if t in ln.tags and ln not in d5]
            rng_d.shuffle(group)
            d5.extend(group[:2])
        rest = [ln for ln in d5_pool if ln not in d5]
        rng_d.shuffle(rest)
        d5.extend(rest[: max(0, 20 - len(d5))])
        for ln in d5:
            ln.depths = 5
        log(f"standard: D5 for {len(d5)} lines")
        compute(sf, d5, 3, 2_000_000, log)

        # ---- chess960 ----
        rng960 = random.Random(args.seed + 960)
        c960 = gen_960(rng960, log)
        log(f"960: {len(c960)} lines; computing D1..D4")
        compute(sf, c960, 3, 400_000, log)

        # ---- deep ----
        deep_src = [ln for ln in d5 if ln.counts[5] <= 15_000_000]
        c960_ok = [ln for ln in c960 if 0 < ln.counts[4] <= 700_000]
        rng_deep = random.Random(args.seed + 6)
        deep: list[Line] = []
        used = set()
        for t in ["ep_illegal", "ep_legal", "double_check", "castle_attacked", "castle_legal", "promotion",
                  "few_pieces", "check"]:
            group = [ln for ln in deep_src if t in ln.tags and ln.fen not in used]
            if group:
                ln = rng_deep.choice(group)
                used.add(ln.fen)
                deep.append(Line(ln.fen, False, 6, tags=set(ln.tags)))
        for t in ["start", "castle_rook_dest_is_king", "castle_king_dest_is_rook", "castle_adjacent"]:
            if t == "start":
                group = [ln for ln in c960_ok if "start" in ln.tags and ln.fen not in used]
            else:
                group = [ln for ln in c960_ok if t in ln.tags and "castle_legal" in ln.tags
                         and "start" not in ln.tags and ln.fen not in used]
            if group:
                ln = rng_deep.choice(group)
                used.add(ln.fen)
                # Always Shredder-FEN here (some 960 lines above are X-FEN).
                fen = chess.Board(ln.fen, chess960=True).shredder_fen()
                deep.append(Line(fen, True, 6, tags=set(ln.tags)))
        fill = [ln for ln in deep_src if ln.fen not in used]
        rng_deep.shuffle(fill)
        for ln in fill[: max(0, 12 - len(deep))]:
            used.add(ln.fen)
            deep.append(Line(ln.fen, False, 6, tags=set(ln.tags)))
        log(f"deep: {len(deep)} lines; computing D1..D6 (python-chess cross-check D1..D3)")
        compute(sf, deep, 3, 0, log)
        for ln in deep:  # keep only D5 and D6 in the deep file
            ln.counts = {d: ln.counts[d] for d in (5, 6)}
    finally:
        sf.close()

    elapsed = time.time() - t_start
    std_sum = summarize(std)
    write_file(os.path.join(out, "perft_random.epd"), std, header_for(
        "standard chess, seeded random playouts from the start position", args, sf, [
            "Every line has D1..D3; about 100 lines also D4, about 20 also D5.",
            "FEN ep field: python-chess board.fen() ('legal': only when an ep capture is legal), except",
            "lines whose ep capture is pseudo-legal but illegal and ~30 lines right after a double push",
            "with no possible ep capture, which use board.fen(en_passant='fen') (ep square after any",
            "double push). Parsers must accept both.",
            "Coverage: " + ", ".join(f"{k}={v}" for k, v in std_sum.items() if v and k not in ("xfen", "start")),
        ]))
    c_sum = summarize(c960)
    write_file(os.path.join(out, "perft_960.epd"), c960, header_for(
        "Chess960, start setups (Board.from_chess960_pos) and biased playouts from them", args, sf, [
            "Parse every line as Chess960 (UCI_Chess960=true in Stockfish). Depths D1..D4.",
            "Castling field: Shredder-FEN (board.shredder_fen(), file letters) for the first lines;",
            "the last ~20 lines are further positions in X-FEN (board.fen(): KQkq for the outermost",
            "rook, a file letter otherwise).",
            "Coverage (side to move): " + ", ".join(f"{k}={v}" for k, v in c_sum.items() if v),
        ]))
    write_file(os.path.join(out, "perft_deep.epd"), deep, header_for(
        "deep counts (D5, D6) for a few positions from the random sets", args, sf, [
            "Only D5 and D6 are listed. Lines with file-letter (Shredder-FEN) castling fields are",
            "Chess960 positions (parse with chess960 = true); the others are standard chess.",
        ]))
    for name, is960 in (("perft_random.epd", False), ("perft_960.epd", True), ("perft_deep.epd", None)):
        n = verify_file(os.path.join(out, name), is960)
        log(f"verified {name}: {n} lines (read back, parsed, recounted with python-chess)")
    log(f"standard coverage: {std_sum}")
    log(f"960 coverage: {c_sum}")
    log(f"deep: " + "; ".join(f"{'960 ' if ln.chess960 else ''}{ln.counts}" for ln in deep))
    log(f"oracle work done in {elapsed:.0f}s; total time {time.time() - t_start:.0f}s")


if __name__ == "__main__":
    main()
