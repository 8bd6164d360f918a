#!/usr/bin/env python3
"""Generate tests/data/status.tsv: game-status expectations computed by python-chess.

Every expected value comes from python-chess (the oracle), never from jaque.
Each row: a start FEN, a (possibly empty) list of UCI moves played from it, and
python-chess's verdicts on the board reached after pushing those moves:

    start_fen  uci_moves  is_check  is_checkmate  is_stalemate
    is_insufficient_material  can_claim_fifty_moves  is_seventyfive_moves
    is_repetition3  is_fivefold_repetition  legal_move_count  final_fen

Repetition counting only sees positions reached from start_fen onwards (the
start FEN carries no history), exactly like python-chess's move stack.

Usage:  python3 tools/gen/gen_status_data.py [output_path]
Default output: tests/data/status.tsv (relative to the repository root).
Deterministic: random.Random(SEED); needs python-chess (pip install chess).
"""

import os
import random
import sys

import chess

SEED = 20240611
# The name the data give their generator: its path before tools/ was split by kind, kept
# so that the data regenerate byte-identical (tools/README.md, "Recorded names").
GENERATOR = "tools/gen_status_data.py"
HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_OUT = os.path.join(HERE, "..", "..", "tests", "data", "status.tsv")

COLUMNS = [
    "start_fen", "uci_moves", "is_check", "is_checkmate", "is_stalemate",
    "is_insufficient_material", "can_claim_fifty_moves", "is_seventyfive_moves",
    "is_repetition3", "is_fivefold_repetition", "legal_move_count", "final_fen",
]


def b2s(x):
    return "true" if x else "false"


def sorted_legal(board):
    return sorted(board.legal_moves, key=lambda m: m.uci())


def mirror_case(fen, moves):
    """Colour-flipped version of a case (white <-> black, rank 1 <-> rank 8)."""
    b = chess.Board(fen).mirror()
    mm = []
    for u in moves:
        m = chess.Move.from_uci(u)
        mm.append(chess.Move(chess.square_mirror(m.from_square),
                             chess.square_mirror(m.to_square), m.promotion).uci())
    return b.fen(), mm


class Rows:
    def __init__(self):
        self.lines = []
        self.count = 0
        self.sections = []
        self.seen = set()

    def section(self, name):
        self.sections.append([name, 0])
        self.lines.append(f"# section: {name}")

    def add(self, fen, moves, expect=None, mirror=False):
        """Add a row; `expect` is a dict of sanity assertions on python-chess's
        verdicts (they guard the hand-built positions, they do not produce data)."""
        self._add(fen, moves, expect)
        if mirror:
            mf, mm = mirror_case(fen, moves)
            self._add(mf, mm, expect)

    def _add(self, fen, moves, expect):
        key = (chess.Board(fen).fen(), tuple(moves))
        if key in self.seen:
            return
        self.seen.add(key)
        start = chess.Board(fen)
        assert start.is_valid(), (fen, start.status())
        b = start.copy()
        for u in moves:
            m = chess.Move.from_uci(u)
            assert m in b.legal_moves, (fen, moves, u)
            b.push(m)
        vals = {
            "is_check": b.is_check(),
            "is_checkmate": b.is_checkmate(),
            "is_stalemate": b.is_stalemate(),
            "is_insufficient_material": b.is_insufficient_material(),
            "can_claim_fifty_moves": b.can_claim_fifty_moves(),
            "is_seventyfive_moves": b.is_seventyfive_moves(),
            "is_repetition3": b.is_repetition(3),
            "is_fivefold_repetition": b.is_fivefold_repetition(),
        }
        n = b.legal_moves.count()
        if expect:
            for k, v in expect.items():
                got = n if k == "legal_move_count" else vals[k]
                assert got == v, (fen, moves, k, got, v)
        fields = [start.fen(), " ".join(moves)] + [b2s(vals[c]) for c in COLUMNS[2:10]] + [str(n), b.fen()]
        self.lines.append("\t".join(fields))
        self.count += 1
        self.sections[-1][1] += 1


def shuffle_moves(pairs, cycles):
    out = []
    for _ in range(cycles):
        out.extend(pairs)
    return out


def random_game_moves(rng, board, plies):
    moves = []
    for _ in range(plies):
        if board.is_checkmate() or board.is_stalemate():
            break
        m = rng.choice(sorted_legal(board))
        board.push(m)
        moves.append(m.uci())
    return moves


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else DEFAULT_OUT
    rng = random.Random(SEED)
    R = Rows()
    S = chess.STARTING_FEN

    # ------------------------------------------------------------------ mates
    R.section("checkmates")
    R.add(S, "f2f3 e7e5 g2g4 d8h4".split(), {"is_checkmate": True})           # fool's mate (black mates)
    R.add(S, "e2e4 e7e5 f1c4 b8c6 d1h5 g8f6 h5f7".split(), {"is_checkmate": True})  # scholar's mate
    R.add(S, "e2e4 b8c6 g1e2 c6d4 g2g3 d4f3".split(), {"is_checkmate": True})  # smothered mate in 3
    R.add(S, "e2e4 e7e5 f1c4 b8c6 d1h5 g8f6 h5f7".split()[:-1], {"is_checkmate": False})
    R.add("6rk/6pp/8/6N1/8/8/8/6K1 w - - 0 1", ["g5f7"], {"is_checkmate": True}, mirror=True)  # smothered
    R.add("r1bk3r/pppp1Bpp/2n5/4N3/8/8/PPP2PPP/RN3RK1 w - - 0 12", [], {"is_checkmate": False})
    # Philidor's legacy: Qg8+ Rxg8 Nf7#
    R.add("r6k/6pp/7N/3Q4/8/8/8/6K1 w - - 0 1", ["d5g8", "a8g8", "h6f7"], {"is_checkmate": True}, mirror=True)
    # back-rank mates
    R.add("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", ["a1a8"], {"is_checkmate": True}, mirror=True)
    R.add("6k1/5ppp/8/8/8/8/5PPP/r5K1 w - - 0 1", [], {"is_checkmate": True})
    # en passant that discovers a bishop check -> mate
    R.add("5bkb/6pp/8/3pP3/8/8/B7/5R1K w - d6 0 1", ["e5d6"], {"is_checkmate": True}, mirror=True)
    # same, but reached by the double push itself (black blocks check with d7-d5)
    R.add("5bkb/3p2pp/8/4P3/8/8/B7/5R1K b - - 0 1", ["d7d5", "e5d6"], {"is_checkmate": True}, mirror=True)
    # en passant captures that give mate (found by a seeded search, verified here)
    R.add("8/4kpK1/8/3RP3/4Q3/8/8/8 b - - 0 1", ["f7f5", "e5f6"], {"is_checkmate": True}, mirror=True)
    R.add("8/5p2/4k3/1P2P2Q/4N1B1/B2K1N2/8/8 b - - 0 1", ["f7f5", "e5f6"], {"is_checkmate": True}, mirror=True)
    R.add("8/5p2/4k3/1P2P2Q/4N1B1/B2K1N2/8/8 b - - 0 1", ["f7f5"], {"is_checkmate": False})
    # mates by promotion
    R.add("k7/2P5/1K6/8/8/8/8/8 w - - 0 1", ["c7c8q"], {"is_checkmate": True}, mirror=True)
    R.add("k7/2P5/1K6/8/8/8/8/8 w - - 0 1", ["c7c8r"], {"is_checkmate": True}, mirror=True)
    R.add("k7/2P5/1K6/8/8/8/8/8 w - - 0 1", ["c7c8b"], {"is_checkmate": False, "is_stalemate": False})
    R.add("6br/5Ppk/6pp/8/8/8/8/K7 w - - 0 1", ["f7f8n"], {"is_checkmate": True}, mirror=True)   # knight under-promotion mate
    R.add("6br/5Ppk/6pp/8/8/8/8/K7 w - - 0 1", ["f7f8q"], {"is_checkmate": False})
    R.add("1n4k1/P4ppp/8/8/8/8/8/6K1 w - - 0 1", ["a7b8q"], {"is_checkmate": True}, mirror=True)  # capture-promotion mate
    R.add("1n4k1/P4ppp/8/8/8/8/8/6K1 w - - 0 1", ["a7a8q"], {"is_checkmate": False, "is_check": False})
    # double-check mate, queen mates, rook+king mates
    R.add("rnbqkb1r/pppp1ppp/5n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4", ["h5f7"], {"is_checkmate": True})
    R.add("4k3/8/4K3/8/8/8/8/7R w - - 0 1", ["h1h8"], {"is_checkmate": True}, mirror=True)
    R.add("7k/8/6K1/8/8/8/8/5Q2 w - - 0 1", ["f1f8"], {"is_checkmate": True}, mirror=True)
    R.add("r1b1kb1r/pppp1ppp/5q2/4n3/3KP3/2N3PN/PPP4P/R1BQ1B1R b kq - 0 1", ["f8c5"], None)
    R.add("1k6/ppp5/8/8/8/8/8/K2R4 w - - 0 1", ["d1d8"], {"is_checkmate": True}, mirror=True)
    R.add("2kr4/ppp5/8/8/8/8/8/K2R4 w - - 0 1", ["d1d8"], {"is_checkmate": False, "is_check": True})
    # double check where the only answer is a king move
    R.add("4k3/8/8/8/8/8/4r3/R3K3 w - - 0 1", [], {"is_check": True, "is_checkmate": False})

    # -------------------------------------------------------------- stalemates
    R.section("stalemates")
    R.add("7k/8/6K1/8/8/8/5Q2/8 w - - 0 1", ["f2f7"], {"is_stalemate": True}, mirror=True)
    R.add("k7/P7/1K6/8/8/8/8/8 b - - 0 1", [], {"is_stalemate": True}, mirror=True)
    R.add("1k6/8/1K6/P7/8/8/8/8 w - - 0 1", ["a5a6", "b8a8", "a6a7"], {"is_stalemate": True})
    R.add("k7/8/8/1Q6/8/8/8/7K w - - 0 1", ["b5b6"], {"is_stalemate": True}, mirror=True)
    R.add("kn5R/8/1K6/8/8/8/8/8 b - - 0 1", [], {"is_stalemate": True}, mirror=True)        # pinned knight
    R.add("7k/7P/6K1/p7/P7/8/8/8 b - - 0 1", [], {"is_stalemate": True}, mirror=True)       # blocked pawns
    R.add("8/8/8/8/8/5k2/5p2/5K2 w - - 0 1", [], {"is_stalemate": True}, mirror=True)
    R.add("5bnr/4p1pq/4Qpkr/7p/7P/4P3/PPPP1PP1/RNB1KBNR w KQ - 0 10", [], {})
    # Sam Loyd's 10-move stalemate: 1.e3 a5 2.Qh5 Ra6 3.Qxa5 h5 4.h4 Rah6 5.Qxc7 f6 6.Qxd7+ Kf7 7.Qxb7 Qd3 8.Qxb8 Qh7 9.Qxc8 Kg6 10.Qe6
    R.add(S, ("e2e3 a7a5 d1h5 a8a6 h5a5 h7h5 h2h4 a6h6 a5c7 f7f6 c7d7 e8f7 d7b7 d8d3 "
              "b7b8 d3h7 b8c8 f7g6 c8e6").split(), {"is_stalemate": True})
    R.add("8/8/8/8/8/6k1/6p1/6K1 w - - 0 1", [], {"is_stalemate": True})
    R.add("8/8/8/8/8/4k3/4p3/4K3 w - - 0 1", [], {"is_stalemate": True})
    R.add("8/8/8/8/8/1q6/2k5/K7 w - - 0 1", [], {"is_stalemate": True}, mirror=True)
    R.add("8/8/8/8/8/2k5/1r6/K7 w - - 0 1", [], {"is_stalemate": True})
    R.add("8/8/8/8/7b/2k5/1r6/K1N5 w - - 0 1", [], {})
    R.add("k7/1R6/1K6/8/8/8/8/8 b - - 0 1", [], {"is_stalemate": True})
    R.add("k7/1R6/3K4/8/8/8/8/8 b - - 0 1", [], {"is_stalemate": False})
    R.add("k7/8/1KR5/8/8/8/8/8 w - - 0 1", ["c6c7"], None)
    # stalemate with a (blocked) pawn and a pinned bishop
    R.add("k7/b1K5/8/8/8/8/8/R7 b - - 0 1", [], {"is_stalemate": True}, mirror=True)
    R.add("k7/2Q5/1K6/8/8/8/8/8 b - - 0 1", [], {"is_stalemate": True})

    # ---------------------------------------------------- insufficient material
    R.section("insufficient_material")
    R.add("8/8/8/4k3/8/8/8/4K3 w - - 0 1", [], {"is_insufficient_material": True})
    R.add("8/8/8/3k4/8/8/3r4/3K4 w - - 0 1", ["d1d2"], {"is_insufficient_material": True}, mirror=True)
    R.add("8/8/8/4k3/8/8/8/2B1K3 w - - 0 1", [], {"is_insufficient_material": True}, mirror=True)   # KB v K
    R.add("8/8/8/4k3/8/8/8/1N2K3 w - - 0 1", [], {"is_insufficient_material": True}, mirror=True)   # KN v K
    R.add("2b5/8/8/4k3/8/8/8/2B1K3 w - - 0 1", [], None)   # KB v KB, c1 dark / c8 light: opposite
    R.add("5b2/8/8/4k3/8/8/8/2B1K3 w - - 0 1", [], {"is_insufficient_material": True})  # same-colour bishops
    R.add("8/8/3b4/4k3/8/8/8/2B1K3 w - - 0 1", [], None)
    R.add("8/8/8/4k3/8/8/8/2B1KB2 w - - 0 1", [], None)     # two bishops opposite colours v K
    R.add("8/8/8/4k3/8/B7/8/2B1K3 w - - 0 1", [], None)     # two bishops same colour v K
    R.add("b7/1b6/8/4k3/8/B7/8/2B1K3 w - - 0 1", [], None)  # several same-colour bishops both sides
    R.add("b7/8/8/4k3/8/B7/8/2B1K2B w - - 0 1", [], None)
    R.add("8/8/8/1n2k3/8/8/8/1N2K3 w - - 0 1", [], None)    # KN v KN
    R.add("8/8/8/1b2k3/8/8/8/1N2K3 w - - 0 1", [], None)    # KN v KB
    R.add("8/8/8/1n2k3/8/8/8/2B1K3 w - - 0 1", [], None)    # KB v KN
    R.add("8/8/8/4k3/8/8/8/1NN1K3 w - - 0 1", [], None)     # KNN v K
    R.add("8/8/8/4k3/8/8/8/1NB1K3 w - - 0 1", [], None)     # KNB v K
    R.add("8/8/8/4k3/8/8/8/1q2K3 w - - 0 1", [], None)      # KQ v K
    R.add("8/8/8/4k3/8/8/8/1r2K3 w - - 0 1", [], None)      # KR v K
    R.add("8/8/8/4k3/8/8/7p/4K3 w - - 0 1", [], None)       # KP v K
    R.add("8/8/8/1q2k3/8/8/8/1N2K3 w - - 0 1", [], None)    # KN v KQ
    R.add("8/8/8/1q2k3/8/8/8/2B1K3 w - - 0 1", [], None)    # KB v KQ
    R.add("8/8/8/4k3/8/8/8/4K3 w - - 0 1", [], {"is_insufficient_material": True})
    # capture into insufficient material
    R.add("8/8/8/4k3/8/2n5/8/2B1K2R b - - 0 1", ["c3e2", "e1e2"], None)
    R.add("8/8/8/4k3/5q2/8/3B4/4K3 w - - 0 1", ["d2f4", "e5f4"], None)
    R.add("8/8/8/4k3/4n3/3P4/8/2B1K3 w - - 0 1", ["d3e4", "e5e4"], None)
    R.add("8/8/8/8/8/5k2/1pK5/8 b - - 0 1", ["b2b1n", "c2b1"], None)     # promotion then captured: K v K

    # ------------------------------------------------------------ repetitions
    R.section("repetition_knight_shuffles")
    shuffle = ["g1f3", "g8f6", "f3g1", "f6g8"]
    for n in [3, 4, 5, 7, 8, 9, 11, 12, 15, 16, 17, 20]:
        R.add(S, shuffle_moves(shuffle, 5)[:n], None)
    R.add(S, shuffle_moves(shuffle, 4), {"is_repetition3": True, "is_fivefold_repetition": True})
    # repetition of a non-initial position (after 1.e4 e5)
    base = ["e2e4", "e7e5"]
    shuffle2 = ["b1c3", "b8c6", "c3b1", "c6b8"]
    for n in [4, 8, 9, 12, 16]:
        R.add(S, base + shuffle_moves(shuffle2, 4)[:n], None)
    # repetition broken by a pawn move in the middle
    R.add(S, shuffle + ["e2e4"] + ["g8f6", "g1f3", "f6g8", "f3g1"] * 2, None)
    # different move orders that transpose
    R.add(S, ["g1f3", "g8f6", "b1c3", "b8c6", "c3b1", "c6b8", "f3g1", "f6g8",
              "b1c3", "g8f6", "g1f3", "b8c6", "f3g1", "c6b8", "c3b1", "f6g8"], None)
    # rook shuffles in an endgame
    R.add("8/8/4k3/8/8/4K3/8/R7 w - - 10 60", shuffle_moves(["a1a2", "e6e7", "a2a1", "e7e6"], 2), {"is_repetition3": True})
    R.add("8/8/4k3/8/8/4K3/8/R7 w - - 10 60", shuffle_moves(["a1a2", "e6e7", "a2a1", "e7e6"], 4), {"is_fivefold_repetition": True})
    R.add("8/8/4k3/8/8/4K3/8/R7 w - - 10 60", shuffle_moves(["a1a2", "e6e7", "a2a1", "e7e6"], 4)[:-1], None)

    R.section("repetition_castling_rights")
    # Same placement, but the first occurrence still had castling rights: a different position.
    C = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1"
    kshuf = ["e1f1", "e8f8", "f1e1", "f8e8"]
    nshuf = ["e1f1", "e8f8", "f1e1", "f8e8"]
    for cyc in [1, 2, 3, 4, 5]:
        R.add(C, shuffle_moves(kshuf, cyc), None)
    R.add(C, shuffle_moves(kshuf, 2), {"is_repetition3": False})
    R.add(C, shuffle_moves(kshuf, 3), {"is_repetition3": True})
    # only one side's rights lost (white king walks, black shuffles a rook? no: black shuffles king too but via d8)
    C2 = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1"
    mv = ["h1g1", "a8b8", "g1h1", "b8a8"] * 3
    for n in [4, 8, 12]:
        R.add(C2, mv[:n], None)
    # rights in the FEN that cannot be used (blocked) still count as rights
    C3 = "rn2k2r/pppppppp/8/8/8/8/PPPPPPPP/RN2K1NR w KQkq - 0 1"
    mv3 = ["g1f3", "b8c6", "f3g1", "c6b8"] * 3
    for n in [8, 12]:
        R.add(C3, mv3[:n], None)
    mv3b = ["e1f1", "e8f8", "f1e1", "f8e8"] + ["g1f3", "b8c6", "f3g1", "c6b8"] * 2
    R.add(C3, mv3b, None)
    R.add(C3, mv3b + ["g1f3", "b8c6", "f3g1", "c6b8"], None)
    del nshuf

    R.section("repetition_en_passant")
    kn = ["g8f6", "g1f3", "f6g8", "f3g1"]
    # (a) en passant legal after d2-d4: first occurrence differs (python-chess keys in ep only when legal)
    A = "4k1n1/8/8/8/4p3/8/3P4/4K1N1 w - - 0 1"
    for cyc in [1, 2, 3, 4]:
        R.add(A, ["d2d4"] + shuffle_moves(kn, cyc), None)
    # (b) en passant only pseudo-legal (e4 pawn pinned on the e-file): same position as the repeats
    B = "4k1n1/8/8/8/4p3/8/3P4/4R1NK w - - 0 1"
    for cyc in [1, 2, 3, 4]:
        R.add(B, ["d2d4"] + shuffle_moves(kn, cyc), None)
    # (c) no capturing pawn at all
    Cc = "4k1n1/8/8/8/8/8/3P4/4K1N1 w - - 0 1"
    for cyc in [2, 4]:
        R.add(Cc, ["d2d4"] + shuffle_moves(kn, cyc), None)
    # (d) start FEN already carrying a legal ep square
    D = "4k1n1/8/8/8/3Pp3/8/8/4K1N1 b - d3 0 1"
    for cyc in [2, 3, 4]:
        R.add(D, shuffle_moves(kn, cyc), None)
    # (e) start FEN with an ep square that is only pseudo-legal (pinned) -- python-chess drops it
    E = "4k1n1/8/8/8/3Pp3/8/8/4R1NK b - d3 0 1"
    for cyc in [2, 4]:
        R.add(E, shuffle_moves(kn, cyc), None)
    # the same positions mirrored (black double push)
    for fen, pre in [(A, ["d2d4"]), (B, ["d2d4"])]:
        for cyc in [2, 3]:
            mf, mm = mirror_case(fen, pre + shuffle_moves(kn, cyc))
            R.add(mf, mm, None)

    # ------------------------------------------------------- fifty/seventy-five
    R.section("fifty_and_seventyfive_moves")
    R.add("8/8/4k3/8/8/4K3/8/R7 w - - 99 80", [], None)
    R.add("8/8/4k3/8/8/4K3/8/R7 w - - 99 80", ["a1a2"], None)
    R.add("8/8/4k3/8/8/4K3/8/R7 w - - 98 80", ["a1a2"], None)
    R.add("8/8/4k3/8/8/4K3/8/R7 w - - 97 80", ["a1a2", "e6e7"], None)
    R.add("8/8/4k3/8/8/4K3/8/R7 w - - 100 80", [], None)
    R.add("8/8/4k3/8/8/4K3/P7/R7 w - - 99 80", ["a2a3"], None)     # pawn move resets the clock
    R.add("8/8/4k3/8/8/4K3/r7/R7 w - - 99 80", ["a1a2"], None)     # capture resets the clock
    # clock 99, only zeroing moves available -> cannot claim
    R.add("8/8/8/8/8/p1k5/P7/K7 w - - 99 80", [], None)
    R.add("8/8/8/8/8/2k5/Pr6/K7 w - - 99 80", [], None)
    R.add("8/8/8/8/8/2k5/1r6/K7 w - - 99 80", [], None)
    # checkmate / stalemate on the 50th/75th move: mate takes precedence
    R.add("6k1/5ppp/8/8/8/8/8/R5K1 w - - 99 120", ["a1a8"], {"is_checkmate": True, "can_claim_fifty_moves": False})
    R.add("6k1/5ppp/8/8/8/8/8/R5K1 w - - 149 120", ["a1a8"], {"is_checkmate": True, "is_seventyfive_moves": False})
    R.add("6k1/5ppp/8/8/8/8/5PPP/r5K1 w - - 149 120", [], None)
    R.add("6k1/5ppp/8/8/8/8/5PPP/r5K1 w - - 150 120", [], None)
    R.add("6k1/5ppp/8/8/8/8/8/R5K1 b - - 149 120", ["g8h8", "a1a8"], None)
    R.add("7k/8/6K1/8/8/8/5Q2/8 w - - 149 120", ["f2f7"], {"is_stalemate": True})
    R.add("7k/8/6K1/8/8/8/5Q2/8 w - - 149 120", ["f2e2"], {"is_seventyfive_moves": True})
    R.add("8/8/4k3/8/8/4K3/8/R7 w - - 149 120", [], None)
    R.add("8/8/4k3/8/8/4K3/8/R7 w - - 149 120", ["a1a2"], {"is_seventyfive_moves": True})
    R.add("8/8/4k3/8/8/4K3/8/R7 w - - 150 120", [], None)
    R.add("8/8/4k3/8/8/4K3/8/R7 w - - 170 120", [], None)
    R.add("8/8/4k3/8/8/4K3/8/R7 w - - 148 120", ["a1a2"], None)
    # insufficient material and the fifty-move rule together
    R.add("8/8/4k3/8/8/4K3/8/2B5 w - - 120 120", ["c1d2"], None)
    # random positions with a high clock followed by a few (mostly reversible) moves
    for i in range(34):
        b = chess.Board()
        for _ in range(rng.randint(10, 70)):
            if b.is_game_over():
                break
            b.push(rng.choice(sorted_legal(b)))
        if b.is_game_over():
            continue
        hm = rng.randint(95, 149)
        b2 = chess.Board(b.fen())
        b2.halfmove_clock = hm
        b2.fullmove_number = max(b2.fullmove_number, hm // 2 + 1)
        fen = b2.fen()
        moves = []
        for _ in range(rng.randint(0, 8)):
            legal = sorted_legal(b2)
            if not legal:
                break
            quiet = [m for m in legal if not b2.is_zeroing(m)]
            pool = quiet if (quiet and rng.random() < 0.85) else legal
            m = rng.choice(pool)
            b2.push(m)
            moves.append(m.uci())
        R.add(fen, moves, None)

    # --------------------------------------------------------- random playouts
    R.section("random_playouts_from_start")
    for i in range(150):
        b = chess.Board()
        moves = random_game_moves(rng, b, rng.randint(0, 120))
        R.add(S, moves, None)

    R.section("random_playouts_other_starts")
    others = [
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1",
        "rnbqkbnr/pp1ppppp/8/2pP4/8/8/PPP1PPPP/RNBQKBNR w KQkq c6 0 3",
        "8/P6k/8/8/8/8/6Kp/8 w - - 0 60",
    ]
    for fen in others:
        for _ in range(3):
            b = chess.Board(fen)
            moves = random_game_moves(rng, b, rng.randint(0, 60))
            R.add(fen, moves, None)

    R.section("random_games_to_the_end")
    # Random games played until the game is over (checkmate, stalemate, insufficient
    # material, 75-move rule or fivefold repetition); start_fen is a position a few
    # plies before the end so that the rows stay short.
    want = {"checkmate": 6, "stalemate": 4, "insufficient": 4, "other": 3}
    got = {k: 0 for k in want}
    tries = 0
    while any(got[k] < want[k] for k in want) and tries < 400:
        tries += 1
        b = chess.Board()
        hist = []
        while not b.is_game_over() and len(hist) < 600:
            m = rng.choice(sorted_legal(b))
            hist.append(b.fen())
            b.push(m)
        if b.is_checkmate():
            kind = "checkmate"
        elif b.is_stalemate():
            kind = "stalemate"
        elif b.is_insufficient_material():
            kind = "insufficient"
        else:
            kind = "other"
        if got[kind] >= want[kind]:
            continue
        got[kind] += 1
        k = rng.randint(0, 12) if kind != "other" else rng.randint(8, 20)
        k = min(k, len(b.move_stack))
        start = hist[len(hist) - k] if k else b.fen()
        tail = [m.uci() for m in b.move_stack[len(b.move_stack) - k:]] if k else []
        R.add(start, tail, None)

    header = [
        "# status.tsv -- game-status expectations; oracle: python-chess " + chess.__version__,
        "# generator: %s (seed %d); do not edit by hand" % (GENERATOR, SEED),
        "# columns: " + "\t".join(COLUMNS),
        "# uci_moves: space-separated UCI moves played from start_fen (may be empty); booleans are true/false",
        "# repetition counts only positions reached from start_fen on; FENs are python-chess board.fen()",
        "# (en passant field written only when a legal en passant capture exists)",
        "# '# section:' lines group the rows; they are comments",
    ]
    with open(out, "w", encoding="utf-8", newline="\n") as f:
        f.write("\n".join(header + R.lines) + "\n")
    for name, n in R.sections:
        print(f"{name}\t{n}")
    print("total rows", R.count)


if __name__ == "__main__":
    main()
