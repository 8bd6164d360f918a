#!/usr/bin/env python3
"""Generate tests/data/san_cases.tsv: SAN-parsing edge cases with python-chess verdicts.

Columns: category  fen  input_san  verdict  uci_or_dash  note

The verdict is computed from python-chess, never from jaque:
  * board.parse_san(input) (python-chess is lenient), then a strict layer on top:
      ok           parse_san accepts AND input == board.san(resolved_move) exactly
      nonstandard  parse_san accepts but the text differs from board.san(move)
                   (missing/extra check mark, missing/extra x, over-disambiguation,
                    0-0 for O-O, '=' omitted, lowercase promotion piece, UCI-like text...)
      illegal      parse_san raises chess.IllegalMoveError
      ambiguous    parse_san raises chess.AmbiguousMoveError
      invalid      parse_san raises chess.InvalidMoveError (not SAN syntax)
  * uci_or_dash: move.uci() of the resolved move when python-chess accepts, else '-'.
  * note: how the input was built (the intent); the verdict is whatever
    python-chess says, even when it differs from the intent.

Inputs are generated programmatically from positions found in seeded random
playouts or built by seeded rejection sampling (random legal placements).
Null-move inputs ('--', 'Z0', '0000', '@@@@', which parse_san turns into a
null move) are deliberately not included.

Usage:  python3 tools/gen/gen_san_cases_data.py [output_path]
Deterministic: random.Random(SEED); needs python-chess (pip install chess).
"""

import os
import random
import re
import sys

import chess

from san_moves import feature_weight, kings_apart, pseudo_text

SEED = 777001
# The name the data give their generator: its path before tools/ was split by kind, kept
# so that the data regenerate byte-identical (tools/README.md, "Recorded names").
GENERATOR = "tools/gen_san_cases_data.py"
HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_OUT = os.path.join(HERE, "..", "..", "tests", "data", "san_cases.tsv")

DIS_RE = re.compile(r"^([NBRQK])([a-h]?)([1-8]?)(x?)([a-h][1-8])(.*)$")
PIECE_LETTER = {chess.KNIGHT: "N", chess.BISHOP: "B", chess.ROOK: "R", chess.QUEEN: "Q", chess.KING: "K"}
NULL_INPUTS = {"--", "Z0", "0000", "@@@@"}

CATEGORIES = ["stripped_disambiguation", "added_disambiguation", "pinned_piece", "castling_illegal",
              "castling_ok", "en_passant", "promotion", "check_marks", "capture_marks", "pawn_forms",
              "syntax"]
CAT_MAX = 60


def sorted_legal(board):
    return sorted(board.legal_moves, key=lambda m: m.uci())


def verdict(board, text):
    """python-chess verdict plus the strict 'ok' vs 'nonstandard' layer."""
    try:
        m = board.parse_san(text)
    except chess.AmbiguousMoveError:
        return "ambiguous", "-"
    except chess.IllegalMoveError:
        return "illegal", "-"
    except chess.InvalidMoveError:
        return "invalid", "-"
    assert m and m in board.legal_moves, (board.fen(), text, m)
    return ("ok" if board.san(m) == text else "nonstandard"), m.uci()


def suffix_of(s):
    return s[-1] if s and s[-1] in "+#" else ""


def strip_suffix(s):
    return s[:-1] if s and s[-1] in "+#" else s


class Out:
    def __init__(self, rng):
        self.rng = rng
        self.rows = {c: [] for c in CATEGORIES}
        self.kind_count = {}
        self.seen = set()

    def full(self, cat):
        return len(self.rows[cat]) >= CAT_MAX

    def emit(self, cat, board, text, note, kind_cap=8):
        """Add a row unless the category/kind is already full. Returns True if added."""
        assert text not in NULL_INPUTS
        if self.full(cat):
            return False
        key = (cat, note)
        if self.kind_count.get(key, 0) >= kind_cap:
            return False
        fen = board.fen()
        if (cat, fen, text) in self.seen:
            return False
        assert "\t" not in text and "\n" not in text
        assert board.is_valid(), fen
        v, u = verdict(board, text)
        self.seen.add((cat, fen, text))
        self.kind_count[key] = self.kind_count.get(key, 0) + 1
        self.rows[cat].append((cat, fen, text, v, u, note))
        return True


# ----------------------------------------------------------------- positions

def move_weight(board, m):
    return feature_weight(board, m, promotion=30, castling=20, en_passant=50)


def playout_pool(rng, games):
    pool = []
    seen = set()
    for _ in range(games):
        b = chess.Board()
        for _ in range(rng.randint(20, 200)):
            if b.is_game_over():
                break
            moves = sorted_legal(b)
            m = rng.choices(moves, weights=[move_weight(b, x) for x in moves], k=1)[0]
            b.push(m)
            if rng.random() < 0.15 and b.fen() not in seen and any(b.generate_legal_moves()):
                seen.add(b.fen())
                pool.append(chess.Board(b.fen()))
    return pool


def add_pieces(rng, b, free, n, types=(chess.PAWN, chess.KNIGHT, chess.BISHOP, chess.ROOK, chess.QUEEN)):
    """n draws of a piece of a random type and colour, each put on the next square of `free`
    (popped from its end); a pawn drawn for a first or last rank square is left out."""
    for _ in range(n):
        s = free.pop()
        pt = rng.choice(types)
        if pt == chess.PAWN and chess.square_rank(s) in (0, 7):
            continue
        b.set_piece_at(s, chess.Piece(pt, rng.random() < 0.5))


def random_position(rng, n_pieces=(3, 10), heavy=None, no_castling=True):
    """Random valid position (castling rights cleared) with optional same-type group."""
    while True:
        b, sq = kings_apart(rng)
        if b is None:
            continue
        if heavy:
            pt, col, cnt = heavy
            for _ in range(cnt):
                b.set_piece_at(sq.pop(), chess.Piece(pt, col))
        add_pieces(rng, b, sq, rng.randint(*n_pieces),
                   [chess.PAWN, chess.PAWN, chess.KNIGHT, chess.BISHOP, chess.ROOK, chess.QUEEN])
        b.turn = rng.random() < 0.5
        if b.is_valid() and any(b.generate_legal_moves()):
            return chess.Board(b.fen())


# ------------------------------------------------------------- categories

def gen_disambiguation(out, rng, positions):
    for b in positions:
        if out.full("stripped_disambiguation") and out.full("added_disambiguation"):
            return
        for m in sorted_legal(b):
            s = b.san(m)
            mt = DIS_RE.match(s)
            if not mt:
                continue
            letter, f, r, x, to, suf = mt.groups()
            if f or r:
                out.emit("stripped_disambiguation", b, letter + x + to + suf, "disambiguation removed")
                if f and r:
                    out.emit("stripped_disambiguation", b, letter + f + x + to + suf, "rank removed from file+rank")
                    out.emit("stripped_disambiguation", b, letter + r + x + to + suf, "file removed from file+rank")
                    out.emit("stripped_disambiguation", b, s, "canonical file+rank disambiguation")
                elif f:
                    out.emit("stripped_disambiguation", b, s, "canonical file disambiguation")
                    # file replaced by the rank of the from square
                    out.emit("stripped_disambiguation", b, letter + chess.square_name(m.from_square)[1] + x + to + suf,
                             "rank used instead of needed file")
                else:
                    out.emit("stripped_disambiguation", b, s, "canonical rank disambiguation")
                    out.emit("stripped_disambiguation", b, letter + chess.square_name(m.from_square)[0] + x + to + suf,
                             "file used instead of needed rank")
                out.emit("added_disambiguation", b, letter + chess.square_name(m.from_square) + x + to + suf,
                         "full square where only file/rank needed")
            else:
                fr = chess.square_name(m.from_square)
                kind = "king " if letter == "K" else ""
                out.emit("added_disambiguation", b, letter + fr[0] + x + to + suf, kind + "unneeded file added")
                out.emit("added_disambiguation", b, letter + fr[1] + x + to + suf, kind + "unneeded rank added")
                out.emit("added_disambiguation", b, letter + fr + x + to + suf, kind + "unneeded square added")
                # a wrong file: no such piece there
                wrong = [c for c in "abcdefgh" if c != fr[0]
                         and not (b.pieces_mask(b.piece_type_at(m.from_square), b.turn) & chess.BB_FILES["abcdefgh".index(c)])]
                if wrong:
                    out.emit("added_disambiguation", b, letter + rng.choice(wrong) + x + to + suf,
                             "wrong file (no such piece there)", kind_cap=6)


def gen_pinned(out, rng, positions):
    cat = "pinned_piece"
    # (a) pinned piece moving off its line
    for b in positions:
        for m in sorted(b.generate_pseudo_legal_moves(), key=lambda x: x.uci()):
            if b.is_castling(m) or m in b.legal_moves:
                continue
            if not b.is_pinned(b.turn, m.from_square) or b.is_check():
                continue
            pt = b.piece_type_at(m.from_square)
            # only when no other piece of the type can pseudo-legally reach the square
            others = [x for x in b.generate_pseudo_legal_moves() if x.to_square == m.to_square
                      and b.piece_type_at(x.from_square) == pt and x.from_square != m.from_square]
            if others:
                continue
            name = chess.piece_name(pt)
            out.emit(cat, b, pseudo_text(b, m), "absolutely pinned %s leaves its line" % name, kind_cap=7)
        if len(out.rows[cat]) >= 30:
            break


def gen_pinned_pairs(out, rng):
    """Two pieces of one type reach a square, one of them is pinned (PGN 8.2.3.4)."""
    cat = "pinned_piece"
    tries = 0
    found = 0
    while found < 24 and tries < 200000:
        tries += 1
        pt = rng.choice([chess.KNIGHT, chess.KNIGHT, chess.ROOK, chess.BISHOP, chess.QUEEN])
        col = rng.random() < 0.5
        b = random_position(rng, n_pieces=(2, 6), heavy=(pt, col, 2))
        if b.turn != col:
            b.turn = col
            if not b.is_valid():
                continue
        if b.is_check():
            continue
        groups = {}
        for m in b.generate_pseudo_legal_moves(b.pieces_mask(pt, col)):
            groups.setdefault(m.to_square, []).append(m)
        for to, ms in sorted(groups.items()):
            if len(ms) != 2:
                continue
            legal = [m for m in ms if m in b.legal_moves]
            if len(legal) != 1:
                continue
            good = legal[0]
            bad = [m for m in ms if m is not good and m != good][0]
            if not b.is_pinned(col, bad.from_square):
                continue
            s = b.san(good)
            mt = DIS_RE.match(s)
            letter, f, r, x, sq, suf = mt.groups()
            gf, bf = chess.square_name(good.from_square), chess.square_name(bad.from_square)
            out.emit(cat, b, s, "other %s is pinned: no disambiguation needed" % chess.piece_name(pt), kind_cap=12)
            dis_g = gf[0] if gf[0] != bf[0] else gf[1]
            dis_b = bf[0] if gf[0] != bf[0] else bf[1]
            out.emit(cat, b, letter + dis_g + x + sq + suf, "disambiguated anyway (over-disambiguation)", kind_cap=10)
            out.emit(cat, b, letter + dis_b + x + sq + suf, "disambiguated as the pinned piece", kind_cap=10)
            found += 1
            break


def castling_position(rng, col):
    while True:
        b = chess.Board(None)
        b.set_piece_at(chess.E1, chess.Piece(chess.KING, chess.WHITE))
        b.set_piece_at(chess.E8, chess.Piece(chess.KING, chess.BLACK))
        for s in (chess.A1, chess.H1):
            b.set_piece_at(s, chess.Piece(chess.ROOK, chess.WHITE))
        for s in (chess.A8, chess.H8):
            b.set_piece_at(s, chess.Piece(chess.ROOK, chess.BLACK))
        free = [s for s in chess.SQUARES if b.piece_at(s) is None]
        rng.shuffle(free)
        add_pieces(rng, b, free, rng.randint(1, 6))
        rights = 0
        for bb in (chess.BB_A1, chess.BB_H1, chess.BB_A8, chess.BB_H8):
            if rng.random() < 0.8:
                rights |= bb
        b.castling_rights = rights
        b.turn = col
        if b.is_valid():
            return chess.Board(b.fen())


def castling_reason(b, side):
    """Why castling on `side` ('K' or 'Q') is not legal, by the FIDE rules (our classification)."""
    col = b.turn
    rank = 0 if col == chess.WHITE else 7
    rook_sq = chess.square(7 if side == "K" else 0, rank)
    if not (b.castling_rights & chess.BB_SQUARES[rook_sq]):
        return "no castling right"
    between = [chess.square(f, rank) for f in ((5, 6) if side == "K" else (1, 2, 3))]
    if any(b.piece_at(s) for s in between):
        return "blocked by a piece"
    if b.is_check():
        return "out of check"
    passing = chess.square(5 if side == "K" else 3, rank)
    dest = chess.square(6 if side == "K" else 2, rank)
    if b.is_attacked_by(not col, passing):
        return "through an attacked square"
    if b.is_attacked_by(not col, dest):
        return "into check"
    return None


def gen_castling(out, rng, variants):
    """variants=False: the plain O-O / O-O-O rows; variants=True: the other spellings."""
    tries = 0
    while (not out.full("castling_illegal") or not out.full("castling_ok")) and tries < 4000:
        tries += 1
        col = rng.random() < 0.5
        b = castling_position(rng, col)
        cname = "white" if col else "black"
        for side, text in (("K", "O-O"), ("Q", "O-O-O")):
            reason = castling_reason(b, side)
            legal = [m for m in b.generate_castling_moves()
                     if (b.is_kingside_castling(m) if side == "K" else b.is_queenside_castling(m))]
            assert (reason is None) == bool(legal), (b.fen(), side, reason)
            rank = "1" if col else "8"
            if reason and not variants:
                out.emit("castling_illegal", b, text, "%s %s: %s" % (cname, text, reason), kind_cap=2)
            elif reason:
                if rng.random() < 0.2:
                    out.emit("castling_illegal", b, text.replace("O", "0"), "%s %s (zeros): %s" % (cname, text, reason), kind_cap=2)
                if rng.random() < 0.15:
                    out.emit("castling_illegal", b, "e" + rank + ("g" if side == "K" else "c") + rank,
                             "%s king-two-squares UCI-like text: %s" % (cname, reason), kind_cap=2)
            else:
                m = legal[0]
                s = b.san(m)
                suf = suffix_of(s)
                out.emit("castling_ok", b, s, "%s %s%s" % (cname, text, " with check" if suf else ""), kind_cap=6)
                if not variants:
                    continue
                out.emit("castling_ok", b, s.replace("O", "0"), "%s zeros instead of letter O" % cname, kind_cap=2)
                if not suf:
                    out.emit("castling_ok", b, s + "+", "%s check mark on a non-checking castle" % cname, kind_cap=2)
                else:
                    out.emit("castling_ok", b, strip_suffix(s), "%s castling check mark missing" % cname, kind_cap=3)
                kto = ("g" if side == "K" else "c") + rank
                rto = ("h" if side == "K" else "a") + rank
                out.emit("castling_ok", b, "e" + rank + kto, "%s UCI-like king move e%s%s" % (cname, rank, kto), kind_cap=2)
                out.emit("castling_ok", b, "e" + rank + rto, "%s king-takes-rook text e%s%s" % (cname, rank, rto), kind_cap=2)
                out.emit("castling_ok", b, "K" + kto, "%s castling written as a king move K%s" % (cname, kto), kind_cap=2)
                out.emit("castling_ok", b, "o-o" if side == "K" else "o-o-o", "%s lowercase letters" % cname, kind_cap=1)


def gen_en_passant(out, rng):
    cat = "en_passant"
    tries = 0
    while not out.full(cat) and tries < 200000:
        tries += 1
        # White captures; mirrored half of the time at the end.
        b = chess.Board(None)
        f = rng.randint(0, 7)
        df = rng.choice([d for d in (-1, 1) if 0 <= f + d <= 7])
        b.set_piece_at(chess.square(f, 4), chess.Piece(chess.PAWN, chess.WHITE))
        b.set_piece_at(chess.square(f + df, 6), chess.Piece(chess.PAWN, chess.BLACK))
        mode = rng.choice(["plain", "rank_pin", "rank_pin", "diag_pin"])
        free = [s for s in chess.SQUARES if b.piece_at(s) is None
                and s not in (chess.square(f + df, 5), chess.square(f + df, 4))]
        rng.shuffle(free)
        if mode == "rank_pin":
            rk = [s for s in free if chess.square_rank(s) == 4]
            if len(rk) < 2:
                continue
            a, c = rk[0], rk[1]
            b.set_piece_at(a, chess.Piece(chess.KING, chess.WHITE))
            b.set_piece_at(c, chess.Piece(rng.choice([chess.ROOK, chess.QUEEN]), chess.BLACK))
            free = [s for s in free if s not in (a, c)]
        else:
            b.set_piece_at(free.pop(), chess.Piece(chess.KING, chess.WHITE))
            if mode == "diag_pin":
                b.set_piece_at(free.pop(), chess.Piece(rng.choice([chess.BISHOP, chess.QUEEN]), chess.BLACK))
        b.set_piece_at(free.pop(), chess.Piece(chess.KING, chess.BLACK))
        add_pieces(rng, b, free, rng.randint(0, 4))
        b.turn = chess.BLACK
        if not b.is_valid():
            continue
        push = chess.Move(chess.square(f + df, 6), chess.square(f + df, 4))
        if push not in b.legal_moves:
            continue
        b.push(push)
        ep = chess.Move(chess.square(f, 4), chess.square(f + df, 5))
        if b.is_check() and ep not in b.legal_moves and rng.random() < 0.7:
            continue
        b = chess.Board(b.fen(en_passant="fen"))  # keep the ep square even when ep is illegal
        if rng.random() < 0.5:
            b = b.mirror()
            ep = chess.Move(chess.square_mirror(ep.from_square), chess.square_mirror(ep.to_square))
        if not b.is_valid():
            continue
        cname = "white" if b.turn == chess.WHITE else "black"
        fromf = chess.FILE_NAMES[chess.square_file(ep.from_square)]
        to = chess.square_name(ep.to_square)
        if ep in b.legal_moves:
            s = b.san(ep)
            out.emit(cat, b, s, "%s legal en passant capture" % cname, kind_cap=10)
            out.emit(cat, b, fromf + to, "%s en passant without x" % cname, kind_cap=3)
            out.emit(cat, b, strip_suffix(s) + " e.p.", "%s en passant with ' e.p.' suffix" % cname, kind_cap=2)
            out.emit(cat, b, strip_suffix(s) + "e.p.", "%s en passant with 'e.p.' suffix" % cname, kind_cap=2)
            out.emit(cat, b, chess.square_name(ep.from_square) + to, "%s en passant as UCI-like text" % cname, kind_cap=2)
            # the same capture when the double push was not the last move
            nb = b.copy()
            nb.ep_square = None
            if nb.is_valid():
                out.emit(cat, nb, s, "%s en passant but the double push was not the last move (no ep square)" % cname,
                         kind_cap=8)
        elif b.is_pseudo_legal(ep):
            why = "rank" if mode == "rank_pin" else ("diagonal" if mode == "diag_pin" else "other")
            if b.is_check():
                why = "in check"
            out.emit(cat, b, fromf + "x" + to,
                     "%s pseudo-legal en passant exposes own king (%s)" % (cname, why), kind_cap=9)


def gen_promotion(out, rng):
    cat = "promotion"
    tries = 0
    while not out.full(cat) and tries < 100000:
        tries += 1
        b = random_position(rng, n_pieces=(1, 6))
        col = rng.random() < 0.5
        f = rng.randint(0, 7)
        s7 = chess.square(f, 6)
        if b.piece_at(s7):
            continue
        b.set_piece_at(s7, chess.Piece(chess.PAWN, chess.WHITE))
        # sometimes an enemy piece to capture on the 8th rank
        if rng.random() < 0.6:
            cands = [chess.square(f + d, 7) for d in (-1, 1) if 0 <= f + d <= 7]
            t = rng.choice(cands)
            if b.piece_at(t) is None:
                b.set_piece_at(t, chess.Piece(rng.choice([chess.KNIGHT, chess.BISHOP, chess.ROOK, chess.QUEEN]), chess.BLACK))
        b.turn = chess.WHITE
        b.castling_rights = 0
        b.ep_square = None
        if not b.is_valid():
            continue
        if not col:
            b = b.mirror()
        b = chess.Board(b.fen())
        if not b.is_valid():
            continue
        cname = "white" if b.turn == chess.WHITE else "black"
        promos = [m for m in sorted_legal(b) if m.promotion]
        pawn_sq = s7 if col else chess.square_mirror(s7)
        if not promos:
            # pawn cannot promote (blocked/pinned): the promotion text is illegal
            to = chess.square_name(chess.square(f, 7 if col else 0))
            out.emit(cat, b, to + "=Q", "%s promotion that is not legal (blocked or pinned)" % cname, kind_cap=4)
            continue
        m = rng.choice(promos)
        s = b.san(m)
        cap = b.is_capture(m)
        capn = " with capture" if cap else ""
        out.emit(cat, b, s, "%s promotion to %s%s" % (cname, chess.piece_name(m.promotion), capn), kind_cap=4)
        base = strip_suffix(s)[:-2]  # e.g. 'e8' or 'exd8'
        suf = suffix_of(s)
        out.emit(cat, b, base, "%s promotion piece missing%s" % (cname, capn), kind_cap=3)
        out.emit(cat, b, base + "=K" + suf, "%s promotion to king%s" % (cname, capn), kind_cap=3)
        out.emit(cat, b, base + "=P", "%s promotion to pawn%s" % (cname, capn), kind_cap=2)
        out.emit(cat, b, base + PIECE_LETTER[m.promotion] + suf, "%s promotion without '='" % cname, kind_cap=2)
        out.emit(cat, b, base + "=" + PIECE_LETTER[m.promotion].lower() + suf, "%s lowercase promotion piece" % cname, kind_cap=2)
        out.emit(cat, b, base + "(" + PIECE_LETTER[m.promotion] + ")", "%s promotion piece in parentheses" % cname, kind_cap=1)
        out.emit(cat, b, m.uci(), "%s UCI text of a promotion" % cname, kind_cap=2)
        out.emit(cat, b, m.uci()[:4], "%s UCI-like text without promotion piece" % cname, kind_cap=2)
        del pawn_sq


def shuffled_moves(out, cat, rng, positions, n=None):
    """(board, move) for the first n legal moves of each position, shuffled, until `cat` is full."""
    for b in positions:
        if out.full(cat):
            return
        moves = sorted_legal(b)
        rng.shuffle(moves)
        for m in moves[:n]:
            yield b, m


def gen_check_marks(out, rng, positions):
    cat = "check_marks"
    for b, m in shuffled_moves(out, cat, rng, positions, 8):
        s = b.san(m)
        suf = suffix_of(s)
        core = strip_suffix(s)
        if suf == "#":
            out.emit(cat, b, s, "mate with #", kind_cap=8)
            out.emit(cat, b, core + "+", "mate written with + instead of #", kind_cap=6)
            out.emit(cat, b, core, "mate without mark", kind_cap=6)
            out.emit(cat, b, core + "++", "mate written ++", kind_cap=3)
        elif suf == "+":
            out.emit(cat, b, s, "check with +", kind_cap=6)
            out.emit(cat, b, core, "check mark missing", kind_cap=6)
            out.emit(cat, b, core + "#", "# on a check that is not mate", kind_cap=6)
        else:
            out.emit(cat, b, s + "+", "+ on a non-checking move", kind_cap=6)
            out.emit(cat, b, s + "#", "# on a non-checking move", kind_cap=4)
            out.emit(cat, b, s + "!", "annotation glyph !", kind_cap=2)
            out.emit(cat, b, s + "+!?", "check mark and glyph", kind_cap=1)


def gen_capture_marks(out, rng, positions):
    cat = "capture_marks"
    for b, m in shuffled_moves(out, cat, rng, positions, 10):
        s = b.san(m)
        if s.startswith("O-O"):
            continue
        pt = b.piece_type_at(m.from_square)
        if b.is_capture(m):
            nx = s.replace("x", "")
            if pt == chess.PAWN:
                out.emit(cat, b, s, "pawn capture", kind_cap=4)
                out.emit(cat, b, nx, "pawn capture without x", kind_cap=6)
                out.emit(cat, b, s[1:], "pawn capture without file (x only)", kind_cap=5)
                out.emit(cat, b, s.replace("x", ":"), "pawn capture with ':'", kind_cap=2)
            else:
                out.emit(cat, b, s, "piece capture", kind_cap=5)
                out.emit(cat, b, nx, "piece capture without x", kind_cap=7)
                out.emit(cat, b, s.replace("x", "-"), "piece capture with '-' instead of x", kind_cap=3)
        else:
            if pt == chess.PAWN:
                if m.promotion:
                    continue
                out.emit(cat, b, "x" + s, "x on a pawn push (no file)", kind_cap=5)
                out.emit(cat, b, s[0] + "x" + s, "x on a pawn push (own file)", kind_cap=5)
            else:
                mt = DIS_RE.match(s)
                letter, f, r, x, to, suf = mt.groups()
                out.emit(cat, b, letter + f + r + "x" + to + suf, "x on a non-capture", kind_cap=7)
                out.emit(cat, b, letter + f + r + "-" + to + suf, "'-' on a non-capture", kind_cap=2)


def gen_pawn_forms(out, rng, positions):
    cat = "pawn_forms"
    for b, m in shuffled_moves(out, cat, rng, positions):
        if b.piece_type_at(m.from_square) != chess.PAWN or m.promotion:
            continue
        s = b.san(m)
        fr = chess.square_name(m.from_square)
        to = chess.square_name(m.to_square)
        suf = suffix_of(s)
        fwd = 1 if b.turn == chess.WHITE else -1
        if b.is_capture(m):
            out.emit(cat, b, s, "pawn capture", kind_cap=5)
            out.emit(cat, b, fr[0] + "x" + to[0], "pawn capture without destination rank (exd)", kind_cap=4)
            out.emit(cat, b, fr[0] + to[0], "pawn capture as two files (ed)", kind_cap=3)
            out.emit(cat, b, to + suf, "destination only where a capture is meant", kind_cap=5)
            out.emit(cat, b, fr + "x" + to + suf, "long algebraic pawn capture", kind_cap=2)
            # wrong capturing file (no pawn of ours there can capture)
            wf = chess.square_file(m.to_square) + (chess.square_file(m.to_square) - chess.square_file(m.from_square))
            if 0 <= wf <= 7:
                out.emit(cat, b, chess.FILE_NAMES[wf] + "x" + to + suf, "capture from the wrong side", kind_cap=3)
        else:
            out.emit(cat, b, s, "pawn push" if abs(m.to_square - m.from_square) == 8 else "pawn double push",
                     kind_cap=5)
            out.emit(cat, b, "P" + s, "pawn with P letter", kind_cap=3)
            out.emit(cat, b, fr + to, "UCI-like pawn move", kind_cap=3)
            out.emit(cat, b, fr + "-" + to, "long algebraic pawn move", kind_cap=3)
            # one step too far
            r2 = chess.square_rank(m.to_square) + fwd
            if 0 <= r2 <= 7 and abs(m.to_square - m.from_square) == 16:
                out.emit(cat, b, to[0] + str(r2 + 1), "pawn three squares forward", kind_cap=4)
            r0 = chess.square_rank(m.from_square) - fwd
            if 0 <= r0 <= 7:
                out.emit(cat, b, to[0] + str(r0 + 1), "pawn moving backwards", kind_cap=3)


SYNTAX_INPUTS = [
    ("Nf3!", "annotation glyph"), ("Nf3?", "annotation glyph"), ("Nf3!!", "annotation glyph"),
    ("nf3", "lowercase piece letter"), ("N f3", "space inside"), ("Nf3 ", "trailing space"),
    (" Nf3", "leading space"), ("", "empty string"), ("Nf9", "rank out of range"), ("Ni3", "file out of range"),
    ("N", "piece letter only"), ("f", "file only"), ("O-O-O-O", "too many Os"), ("OO", "castling without dashes"),
    ("N@f3", "drop notation"), ("Nf3,Ng5", "multi-leg"), ("Ng1f3", "full from square"), ("N1f3", "rank disambiguation"),
    ("Ngf3", "file disambiguation"), ("Nf3+", "check mark"), ("e4", "pawn push"), ("e2e4", "UCI"),
    ("E4", "uppercase file"), ("Sf3", "German knight letter"), ("Pe2e4", "P with UCI"),
]


def gen_syntax(out, rng):
    b = chess.Board()
    for text, note in SYNTAX_INPUTS:
        out.emit("syntax", b, text, note, kind_cap=100)
    b2 = chess.Board("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")
    for text, note in [("Bb5", "bishop move"), ("Bf1b5", "full from square"), ("B-b5", "dash"), ("Bxb5", "x on non-capture"),
                       ("Nxe5", "capture"), ("Nfxe5", "over-disambiguated capture"), ("N3xe5", "rank over-disambiguation"),
                       ("Nf3xe5", "full from square capture"), ("NXe5", "uppercase X"), ("Nxe5+", "check mark on non-check")]:
        out.emit("syntax", b2, text, note, kind_cap=100)


def main():
    out_path = sys.argv[1] if len(sys.argv) > 1 else DEFAULT_OUT
    rng = random.Random(SEED)
    out = Out(rng)

    pool = playout_pool(rng, 120)
    rng.shuffle(pool)
    heavy = []
    for _ in range(500):
        pt = rng.choice([chess.QUEEN, chess.ROOK, chess.KNIGHT, chess.BISHOP])
        col = rng.random() < 0.5
        b = random_position(rng, n_pieces=(1, 6), heavy=(pt, col, rng.randint(2, 4)))
        heavy.append(b)
    mixed = []
    for i in range(max(len(pool), len(heavy))):
        if i < len(heavy):
            mixed.append(heavy[i])
        if i < len(pool):
            mixed.append(pool[i])

    gen_disambiguation(out, rng, mixed)
    gen_pinned(out, rng, mixed + [random_position(rng, (4, 10)) for _ in range(3000)])
    gen_pinned_pairs(out, rng)
    # castling that gives check / mate (fixed positions; verdicts still from python-chess)
    for fen in ["5k2/8/8/8/8/8/8/4K2R w K - 0 1", "r3k3/8/8/8/8/8/8/3K4 b q - 0 1",
                "3k4/8/8/8/8/8/8/R3K3 w Q - 0 1", "4k2r/8/8/8/8/8/8/5K2 b k - 0 1",
                "3rkr2/3ppp2/8/8/8/8/8/R3K1NR w KQ - 0 1", "6k1/6pp/8/8/8/8/8/4K2R w K - 0 1"]:
        b = chess.Board(fen)
        for m in sorted(b.generate_castling_moves(), key=lambda x: x.uci()):
            s = b.san(m)
            cname = "white" if b.turn else "black"
            out.emit("castling_ok", b, s, "%s castling (fixed position)%s" % (cname, {"#": " giving mate", "+": " giving check"}.get(suffix_of(s), "")), kind_cap=4)
            if suffix_of(s):
                out.emit("castling_ok", b, strip_suffix(s), "%s castling check mark missing" % cname, kind_cap=3)
    gen_castling(out, rng, False)
    gen_castling(out, rng, True)
    gen_en_passant(out, rng)
    gen_promotion(out, rng)
    gen_check_marks(out, rng, mixed)
    gen_capture_marks(out, rng, mixed)
    gen_pawn_forms(out, rng, pool)
    gen_syntax(out, rng)

    header = [
        "# san_cases.tsv -- SAN parsing edge cases; oracle: python-chess " + chess.__version__,
        "# generator: %s (seed %d); do not edit by hand" % (GENERATOR, SEED),
        "# columns: category\tfen\tinput_san\tverdict\tuci_or_dash\tnote",
        "# verdict: ok | nonstandard | illegal | ambiguous | invalid  (python-chess parse_san + strict text equality with board.san)",
        "# input_san may be empty or contain spaces (syntax category); split each line on TAB only",
    ]
    lines = []
    for cat in CATEGORIES:
        for r in out.rows[cat]:
            lines.append("\t".join(r))
    with open(out_path, "w", encoding="utf-8", newline="\n") as f:
        f.write("\n".join(header + lines) + "\n")
    total = 0
    for cat in CATEGORIES:
        vs = {}
        for r in out.rows[cat]:
            vs[r[3]] = vs.get(r[3], 0) + 1
        total += len(out.rows[cat])
        print(f"{cat}\t{len(out.rows[cat])}\t{vs}")
    print("total", total)


if __name__ == "__main__":
    main()
