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
    python3 tools/gen/gen_perft_data.py --seed 20240611

Only one Stockfish process is ever running, with Threads=1.  The data lines
depend only on the seed, the python-chess version (move ordering) and the
oracle; the header also records the date of generation.
"""

from __future__ import annotations

import argparse
import datetime
import os
import random
import sys
import time

import chess

from perft_data.lines import Line, compute, header_for, write_file
from perft_data.oracles import Stockfish, py_perft
from perft_data.suites import gen_960, gen_standard

DEFAULT_SEED = 20240611


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
    ap.add_argument("--out", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tests", "data"))
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
        std, d5 = standard_lines(sf, args.seed, log)
        rng960 = random.Random(args.seed + 960)
        c960 = gen_960(rng960, log)
        log(f"960: {len(c960)} lines; computing D1..D4")
        compute(sf, c960, 3, 400_000, log)
        deep = deep_lines(d5, c960, random.Random(args.seed + 6))
        log(f"deep: {len(deep)} lines; computing D1..D6 (python-chess cross-check D1..D3)")
        compute(sf, deep, 3, 0, log)
        for ln in deep:  # keep only D5 and D6 in the deep file
            ln.counts = {d: ln.counts[d] for d in (5, 6)}
    finally:
        sf.close()
    elapsed = time.time() - t_start
    std_sum, c_sum = write_files(out, args, sf, std, c960, deep)
    for name, is960 in (("perft_random.epd", False), ("perft_960.epd", True), ("perft_deep.epd", None)):
        n = verify_file(os.path.join(out, name), is960)
        log(f"verified {name}: {n} lines (read back, parsed, recounted with python-chess)")
    log(f"standard coverage: {std_sum}")
    log(f"960 coverage: {c_sum}")
    log("deep: " + "; ".join(f"{'960 ' if ln.chess960 else ''}{ln.counts}" for ln in deep))
    log(f"oracle work done in {elapsed:.0f}s; total time {time.time() - t_start:.0f}s")


# The kinds of position the deeper counts are spread over, a few of each first.
SPECIAL = ["ep_illegal", "ep_legal", "double_check", "castle_attacked", "castle_legal",
           "promotion_capture", "promotion", "check", "few_pieces"]
DEEP_KINDS = ["ep_illegal", "ep_legal", "double_check", "castle_attacked", "castle_legal", "promotion",
              "few_pieces", "check"]


def standard_lines(sf: Stockfish, seed: int, log) -> tuple[list[Line], list[Line]]:
    """The standard file's lines, counted: every line to D3, about 100 to D4 (the special
    kinds first) and about 20 of those to D5; and the lines counted to D5."""
    rng = random.Random(seed)
    std = gen_standard(rng, log)
    rng_d = random.Random(seed + 1)
    log(f"standard: {len(std)} lines; computing D1..D3")
    compute(sf, std, 3, 0, log)
    live = [ln for ln in std if ln.counts[1] > 0]
    d4 = spread_over(rng_d, live, SPECIAL, 10, 100)
    for ln in d4:
        ln.depths = 4
    log(f"standard: D4 for {len(d4)} lines")
    compute(sf, d4, 3, 400_000, log)
    d5_pool = [ln for ln in d4 if ln.counts[4] <= 1_500_000]
    d5 = spread_over(rng_d, d5_pool, DEEP_KINDS, 2, 20)
    for ln in d5:
        ln.depths = 5
    log(f"standard: D5 for {len(d5)} lines")
    compute(sf, d5, 3, 2_000_000, log)
    return std, d5


def spread_over(rng: random.Random, pool: list[Line], kinds: list[str], each: int, total: int) -> list[Line]:
    """Up to `each` lines of every kind, in turn, then others up to `total`."""
    chosen: list[Line] = []
    for t in kinds:
        group = [ln for ln in pool if t in ln.tags and ln not in chosen]
        rng.shuffle(group)
        chosen.extend(group[:each])
    rest = [ln for ln in pool if ln not in chosen]
    rng.shuffle(rest)
    chosen.extend(rest[: max(0, total - len(chosen))])
    return chosen


def deep_lines(d5: list[Line], c960: list[Line], rng_deep: random.Random) -> list[Line]:
    """Twelve or so positions for D5 and D6: one of each special kind of the standard lines,
    one of each castling setup of the Chess960 lines, then more standard lines."""
    deep_src = [ln for ln in d5 if ln.counts[5] <= 15_000_000]
    c960_ok = [ln for ln in c960 if 0 < ln.counts[4] <= 700_000]
    deep: list[Line] = []
    used = set()
    for t in DEEP_KINDS:
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
    return deep


def write_files(out: str, args, sf: Stockfish, std: list[Line], c960: list[Line],
                deep: list[Line]) -> tuple[dict, dict]:
    """The three files, with their headers; the coverage of the first two."""
    std_sum = summarize(std)
    c_sum = summarize(c960)
    files = [
        ("perft_random.epd", std, "standard chess, seeded random playouts from the start position", [
            "Every line has D1..D3; about 100 lines also D4, about 20 also D5.",
            "FEN ep field: python-chess board.fen() ('legal': only when an ep capture is legal), except",
            "lines whose ep capture is pseudo-legal but illegal and ~30 lines right after a double push",
            "with no possible ep capture, which use board.fen(en_passant='fen') (ep square after any",
            "double push). Parsers must accept both.",
            "Coverage: " + ", ".join(f"{k}={v}" for k, v in std_sum.items() if v and k not in ("xfen", "start")),
        ]),
        ("perft_960.epd", c960, "Chess960, start setups (Board.from_chess960_pos) and biased playouts from them", [
            "Parse every line as Chess960 (UCI_Chess960=true in Stockfish). Depths D1..D4.",
            "Castling field: Shredder-FEN (board.shredder_fen(), file letters) for the first lines;",
            "the last ~20 lines are further positions in X-FEN (board.fen(): KQkq for the outermost",
            "rook, a file letter otherwise).",
            "Coverage (side to move): " + ", ".join(f"{k}={v}" for k, v in c_sum.items() if v),
        ]),
        ("perft_deep.epd", deep, "deep counts (D5, D6) for a few positions from the random sets", [
            "Only D5 and D6 are listed. Lines with file-letter (Shredder-FEN) castling fields are",
            "Chess960 positions (parse with chess960 = true); the others are standard chess.",
        ]),
    ]
    for name, lines, title, notes in files:
        write_file(os.path.join(out, name), lines, header_for(title, args, sf, notes))
    return std_sum, c_sum


if __name__ == "__main__":
    main()
