#!/usr/bin/env python3
"""Re-check tests/data/{status,san_legal,san_cases}.tsv against python-chess.

Checks: file encoding/line endings, '#' header present, column counts, every FEN
valid (board.is_valid()), every UCI move legal in its FEN, and every expected
value equal to what python-chess computes now. Prints row counts.

Usage:  python3 tools/oracle/check_oracle_data.py
"""

import collections
import os
import sys

import chess

# gen_san_cases_data's verdict, the one rule both the generator and this check apply.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "gen"))
from gen_san_cases_data import verdict  # noqa: E402

DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tests", "data")


def rows(name, ncols):
    raw = open(os.path.join(DATA, name), "rb").read()
    assert b"\r" not in raw, name
    text = raw.decode("utf-8")
    assert text.endswith("\n")
    lines = text.split("\n")[:-1]
    assert lines[0].startswith("#") and chess.__version__ in lines[0], name
    out = []
    for ln in lines:
        if ln.startswith("#"):
            continue
        f = ln.split("\t")
        assert len(f) == ncols, (name, ln)
        out.append(f)
    return out


def tf(x):
    return "true" if x else "false"


def check_status():
    n = 0
    for f in rows("status.tsv", 12):
        b = chess.Board(f[0])
        assert b.is_valid() and b.fen() == f[0], f[0]
        for u in f[1].split():
            m = chess.Move.from_uci(u)
            assert m in b.legal_moves, (f[0], f[1], u)
            b.push(m)
        got = [tf(b.is_check()), tf(b.is_checkmate()), tf(b.is_stalemate()), tf(b.is_insufficient_material()),
               tf(b.can_claim_fifty_moves()), tf(b.is_seventyfive_moves()), tf(b.is_repetition(3)),
               tf(b.is_fivefold_repetition()), str(b.legal_moves.count()), b.fen()]
        assert got == f[2:], (f, got)
        assert chess.Board(f[11]).is_valid()
        n += 1
    print("status.tsv rows", n)


def check_san_legal():
    n = 0
    positions = set()
    for fen, san, uci, after, chk, mate in rows("san_legal.tsv", 6):
        b = chess.Board(fen)
        assert b.is_valid() and b.fen() == fen, fen
        m = chess.Move.from_uci(uci)
        assert m in b.legal_moves, (fen, uci)
        assert b.san(m) == san and b.parse_san(san) == m, (fen, san)
        b.push(m)
        assert b.fen() == after and tf(b.is_check()) == chk and tf(b.is_checkmate()) == mate, (fen, uci)
        positions.add(fen)
        n += 1
    print("san_legal.tsv rows", n, "positions", len(positions))


def check_san_cases():
    per = collections.Counter()
    per_v = collections.defaultdict(collections.Counter)
    for cat, fen, inp, v, u, note in rows("san_cases.tsv", 6):
        b = chess.Board(fen)
        assert b.is_valid() and b.fen() == fen, fen
        assert (v, u) == verdict(b, inp), (cat, fen, inp, v, u)
        if u != "-":
            assert chess.Move.from_uci(u) in b.legal_moves
        per[cat] += 1
        per_v[cat][v] += 1
    for c in per:
        print("san_cases.tsv", c, per[c], dict(per_v[c]))
    print("san_cases.tsv rows", sum(per.values()))


if __name__ == "__main__":
    print("python-chess", chess.__version__)
    check_status()
    check_san_legal()
    check_san_cases()
    print("all checks passed")
