#!/usr/bin/env python3
"""Generate the test corpus of `jaque fix` (CC0): tests/data/pgn/fix_*.

Oracle: python-chess 1.11.2 (pip install chess==1.11.2). Deterministic:
random.Random(SEED), SEED = 6174; a rerun with the same python-chess writes
byte-identical files.

Every game is a random python-chess playout (biased towards the feature its kind
needs), with variations, comments and NAGs, written as python-chess's exporter
writes it (StringExporter, 80 columns, the seven-tag roster in order) EXCEPT for
one deliberate deviation of one kind: one move token, one move number (every
number in one game from a [FEN]), the Result tag and the termination marker, or
a missing termination marker. The written text of each deviation is recorded as
a "place" (its position in fix_input.pgn, the text written there, and the text
each fixed file has there). Around the places the bytes vary: a UTF-8 BOM before
the first game, some games with CRLF line ends, extra spaces around the place,
comments (some with non-ASCII text, so that columns in characters and in bytes
differ) and NAGs next to it, two games whose movetext is one long line.

Files written (in tests/data/pgn/ unless an output directory is given):

  fix_input.pgn           the games with their deviations
  fix_expected.pgn        fix_input.pgn with every place of a machine-applicable
                          kind replaced by python-chess's export text there: what
                          `jaque fix fix_input.pgn` must write (default flags)
  fix_expected_maybe.pgn  the same, plus the places of maybe-incorrect kinds that
                          have exactly one candidate (all but `ambiguous`): what
                          `jaque fix --allow-maybe-incorrect` must write
  fix.expect.jsonl        header line, then one line per game of fix_input.pgn:
      {"game": N, "kind", "sub", "where", "side", "applicability", "line", "column",
       "offset", "written", "fixed", "fixed_maybe", "export", "places": [...]}
      game           0-based index; the game has [Event "jaque fix N"]
      kind           the deviation's kind (KINDS below); sub: its sub-form
      where          first | mainline | black | last | variation (a move place:
                     ply 1 of the mainline, a white / black mainline move, the
                     last mainline move, a move inside a variation); end (the
                     result places); all (every move number of the game)
      side           white | black: who makes the move at a move place (or whose
                     move number it is); null for end and all
      applicability  machine_applicable | maybe_incorrect | none (several
                     candidates: fixed in neither file)
      places         every place of the game, in file order, each
                     {"line", "column", "offset", "written", "fixed",
                      "fixed_maybe", "export"}; most games have one, the
                     result_after_mate games two (Result tag value, then the
                     termination marker), the move_number game from a [FEN]
                     counted from 1 one per move number. The top-level
                     line/column/offset/written/fixed/fixed_maybe/export repeat
                     places[0].
      line, column   1-based; columns count characters (not bytes) from the line
                     start (the BOM is not counted; no place is on line 1), lines
                     end at LF (CRLF counts once)
      offset         0-based byte offset in fix_input.pgn (BOM included)
      written        the text at the place in fix_input.pgn ("" for an insertion)
      fixed          the text there in fix_expected.pgn (= written when not fixed)
      fixed_maybe    the text there in fix_expected_maybe.pgn
      export         what python-chess writes there (board.san(move), the right
                     move number, the right result)
  fix_input.es.pgn, fix_expected.es.pgn, fix_input.de.pgn, fix_expected.de.pgn
                          a few games written with Spanish (R D T A C) / German
                          (K D T L S) piece letters throughout (promotions too),
                          and the same games in English export SAN: what
                          `jaque fix --lang es|de` must write. Every token whose
                          letters differ is a place (German king moves keep K).
  fix_lang.expect.jsonl   header line, then one line per game of the four language
                          files: {"file", "game", "lang", "places": [...]} (places
                          as above, offsets into fix_input.<lang>.pgn).

Kinds (machine-applicable unless marked):
  castling_zeros        0-0 / 0-0-0 for O-O / O-O-O
  check_missing         + missing          mate_missing      # missing
  check_for_mate        + on a mate        mate_for_check    # on a check
  check_extra           + on a move that gives no check
  double_plus_mate      ++ for #
  capture_missing       x missing (Nf3 for Nxf3, ed5 for exd5, ed8=Q for exd8=Q)
  capture_extra         x on a piece move that captures nothing
  over_disambiguation   Ngf3 / N1f3 for Nf3; `pinned`: the other piece that would
                        reach the square is pinned, so python-chess's SAN has no
                        disambiguation (Nbd2 for Nd2)
  promotion_form        e8Q, e8(Q), e8/Q for e8=Q (under-promotions too)
  pawn_letter           Pe4, Pexd5, Pe8=Q
  en_passant_mark       exd6e.p. (glued: jaque 0.1.0 reads `exd6 e.p.` with a
                        space as a move plus a syntax error, so that form is absent)
  long_algebraic        e2-e4, e2e4, e4xd5, Ng1-f3, Ng1f3, Nf3xe5, e7-e8=Q
  figurine              ♔♕♖♗♘ (black moves also ♚♛♜♝♞), e8=♕
  move_number           a wrong number (7. for 6., 5... for 4..., in a variation);
                        `fen_from_one`: a game from a [FEN] with full-move >= 30
                        numbered from 1: every number is a place
  result_after_mate     mate or stalemate, and the Result tag and the marker
                        (which agree) say something else: both are places
  missing_marker        no termination marker: the fix inserts " " + the Result
                        tag's value right after the last movetext token
  ambiguous             (none) the disambiguation python-chess needs is dropped
  illegal_one_candidate (maybe_incorrect) Nbd2 for Nd2 where a b-file knight
                        exists but cannot go (`wrong_file`, `wrong_rank`), or
                        Bg1f3 for Nf3 (`wrong_piece`): exactly one legal move has
                        the written piece and target, or the written origin and
                        target
  missing_promotion     (maybe_incorrect) e8 for e8=Q: the queen is the guess
  wrong_language        (maybe_incorrect) French letters (C F D T) in an English
                        file: a syntax error in English, one legal move in French
                        (and the same move in every language that has the letter)

Cross-checks (asserted; nothing is written if one fails):
  * each game's reference text (every place replaced by its export text) is read
    by python-chess with no error into the game that was generated (same tags,
    moves, variations, comments, NAGs, result: str() equal), its tag lines are
    python-chess's and its movetext is python-chess's word for word;
  * fix_expected.pgn and fix_expected_maybe.pgn are fix_input.pgn with only the
    recorded places changed (byte walk), and every game of them whose places are
    all fixed is read by python-chess (whole-file read, game by game) into the
    generated game; the language files likewise;
  * every deviation is what its kind says: machine kinds differ from the export
    text; `ambiguous` raises AmbiguousMoveError in python-chess, `illegal_one_candidate`
    and `missing_promotion` IllegalMoveError, `wrong_language` a ValueError while
    its French reading parses to the move; illegal_one_candidate has exactly one
    candidate; over_disambiguation `pinned` has a pinned piece of the same type
    that could otherwise reach the target; every kind has at least 6 games.

Optional: --jaque PATH runs `jaque check --json` on fix_input.pgn (and on the
reference file, which must have no diagnostic at all) and prints the codes per
kind; it changes no output file.

Usage:  python3 tools/gen_fix_cases.py [output_dir] [--jaque PATH]
"""

import argparse
import collections
import io
import json
import logging
import os
import random
import re
import subprocess
import tempfile

import chess
import chess.pgn

SEED = 6174
GENERATOR = "tools/gen_fix_cases.py"
ORACLE = "python-chess " + chess.__version__
HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_OUT = os.path.join(HERE, "..", "tests", "data", "pgn")

logging.getLogger("chess.pgn").setLevel(logging.CRITICAL)

MACHINE, MAYBE, NONE = "machine_applicable", "maybe_incorrect", "none"
W_FIRST, W_MAIN, W_BLACK, W_LAST, W_VAR = "first", "mainline", "black", "last", "variation"
MATE_WHERES = [W_LAST, W_BLACK, W_VAR]
MOVE_WHERES = [W_MAIN, W_BLACK, W_VAR, W_LAST]
FIRST_WHERES = [W_FIRST, W_MAIN, W_BLACK, W_VAR, W_LAST]

# kind: (applicability, [sub per game], [where, cycled])
KINDS = collections.OrderedDict([
    ("castling_zeros", (MACHINE, ["O-O", "O-O-O"] * 4, MOVE_WHERES)),
    ("check_missing", (MACHINE, ["-"] * 8, MOVE_WHERES)),
    ("mate_missing", (MACHINE, ["-"] * 7, MATE_WHERES)),
    ("check_for_mate", (MACHINE, ["-"] * 6, MATE_WHERES)),
    ("mate_for_check", (MACHINE, ["-"] * 6, MOVE_WHERES)),
    ("check_extra", (MACHINE, ["-"] * 7, FIRST_WHERES)),
    ("double_plus_mate", (MACHINE, ["-"] * 6, MATE_WHERES)),
    ("capture_missing", (MACHINE, ["piece", "pawn", "piece", "promotion", "pawn"] * 2, MOVE_WHERES)),
    ("capture_extra", (MACHINE, ["-"] * 7, FIRST_WHERES)),
    ("over_disambiguation", (MACHINE, ["file", "rank", "pinned"] * 4, FIRST_WHERES)),
    ("promotion_form", (MACHINE, ["Q", "paren", "slash"] * 4, MOVE_WHERES)),
    ("pawn_letter", (MACHINE, ["push", "capture", "promotion", "push", "capture", "push", "capture", "promotion"],
                     FIRST_WHERES)),
    ("en_passant_mark", (MACHINE, ["-"] * 6, MOVE_WHERES)),
    ("long_algebraic", (MACHINE, ["pawn_dash", "pawn_plain", "piece_dash", "pawn_capture", "piece_plain",
                                  "promotion"] * 2, FIRST_WHERES)),
    ("figurine", (MACHINE, ["N", "K", "Q", "R", "B", "promotion"] * 2, FIRST_WHERES)),
    ("move_number", (MACHINE, ["white", "black", "variation", "white", "black", "variation",
                               "fen_from_one", "fen_from_one", "white"],
                     [W_MAIN, W_BLACK, W_VAR, W_LAST, W_BLACK, W_VAR, "all", "all", W_FIRST])),
    ("result_after_mate", (MACHINE, ["mate_star", "mate_draw", "mate_loser", "stalemate_star",
                                     "stalemate_win", "mate_star", "mate_draw", "mate_loser"], ["end"])),
    ("missing_marker", (MACHINE, ["plain", "comment", "variation", "mate", "crlf", "stalemate", "star"],
                        ["end"])),
    ("ambiguous", (NONE, ["file", "rank", "file", "rank", "file", "any", "file", "any"], MOVE_WHERES)),
    ("illegal_one_candidate", (MAYBE, ["wrong_file", "wrong_piece", "wrong_rank"] * 3, FIRST_WHERES)),
    ("missing_promotion", (MAYBE, ["push", "capture", "push", "capture", "push", "push", "capture"],
                           MOVE_WHERES)),
    ("wrong_language", (MAYBE, ["N", "B", "Q", "R", "promotion"] * 2, FIRST_WHERES)),
])

LETTER = {chess.KING: "K", chess.QUEEN: "Q", chess.ROOK: "R", chess.BISHOP: "B", chess.KNIGHT: "N"}
TYPE_OF = {v: k for k, v in LETTER.items()}
FIG_WHITE = {chess.KING: "♔", chess.QUEEN: "♕", chess.ROOK: "♖", chess.BISHOP: "♗", chess.KNIGHT: "♘"}
FIG_BLACK = {chess.KING: "♚", chess.QUEEN: "♛", chess.ROOK: "♜", chess.BISHOP: "♝", chess.KNIGHT: "♞"}
FRENCH = {chess.KING: "R", chess.QUEEN: "D", chess.ROOK: "T", chess.BISHOP: "F", chess.KNIGHT: "C"}
SPANISH = {chess.KING: "R", chess.QUEEN: "D", chess.ROOK: "T", chess.BISHOP: "A", chess.KNIGHT: "C"}
GERMAN = {chess.KING: "K", chess.QUEEN: "D", chess.ROOK: "T", chess.BISHOP: "L", chess.KNIGHT: "S"}
DUTCH = {chess.KING: "K", chess.QUEEN: "D", chess.ROOK: "T", chess.BISHOP: "L", chess.KNIGHT: "P"}

NAMES = ["Tal, Mikhail", "Polgar, Judit", "Müller, Karl", "Nakamura, Hikaru", "Carlsen, Magnus",
         "Menchik, Vera", "Ñíguez, José", "Dvořák, Jan", "?"]
SITES = ["?", "Internet", "Linares ESP", "Wijk aan Zee NED", "Zürich SUI"]
COMMENTS = ["a quiet move", "the only move", "White is better here", "time trouble", "book move",
            "threatens mate", "a (quiet) move", "the idea; a pawn break", "1-0 looked likely",
            "a [bracket] inside", "$1 is no NAG in here", "better was the other capture"]
UNICODE_COMMENTS = ["Ñandú ½–½ «très» fort", "Läufer auf ä4? ♘♗", "café — naïve ☺",
                    "€ 100 prize 𝄞", "日本語のコメント"]
NAGS = [1, 2, 3, 4, 5, 6, 10, 13, 14, 16, 18, 19, 36, 40, 132, 146]

SAN_RE = re.compile(r"^([NBRQK])?([a-h])?([1-8])?(x)?([a-h][1-8])(?:=([NBRQ]))?([+#])?$")

S_OPEN, S_CLOSE = "\x01", "\x02"


# ------------------------------------------------------------------ playouts

def pick(rng, b, style):
    """One biased random legal move. style: plain | spicy | mate | stalemate | promo."""
    moves = list(b.legal_moves)
    if style == "plain":
        return rng.choice(moves)
    few = len(b.piece_map()) <= 12
    mates, stales, weights = [], [], []
    for m in moves:
        w = 1.0
        pt = b.piece_type_at(m.from_square)
        if b.is_capture(m):
            w += {"spicy": 3, "mate": 4, "stalemate": 8, "promo": 2}[style]
        if m.promotion:
            w += (8 if m.promotion == chess.QUEEN else 4) + (30 if style == "promo" else 0)
        if b.is_castling(m):
            w += 10
        if b.is_en_passant(m):
            w += 20
        if pt == chess.PAWN:
            if style == "promo":
                rank = chess.square_rank(m.to_square)
                w += 2 + (rank if b.turn == chess.WHITE else 7 - rank)
            if abs(m.to_square - m.from_square) == 16:
                for adj in (m.to_square - 1, m.to_square + 1):
                    if 0 <= adj < 64 and chess.square_rank(adj) == chess.square_rank(m.to_square) and \
                            b.piece_at(adj) == chess.Piece(chess.PAWN, not b.turn):
                        w += 6
        gc = b.gives_check(m)
        if gc:
            w += {"spicy": 2, "mate": 3, "stalemate": 0, "promo": 1}[style]
        if gc or (style == "stalemate" and few):
            b.push(m)
            if b.is_checkmate():
                mates.append(m)
            elif b.is_stalemate():
                stales.append(m)
            b.pop()
        weights.append(w)
    if mates and (style == "mate" or (style in ("spicy", "promo") and rng.random() < 0.5)):
        return rng.choice(mates)
    if style == "stalemate":
        if stales:
            return rng.choice(stales)
        cand = [(m, w) for m, w in zip(moves, weights) if m not in mates]
        if cand:
            moves, weights = [c[0] for c in cand], [c[1] for c in cand]
    elif stales:
        cand = [(m, w) for m, w in zip(moves, weights) if m not in stales]
        if cand:
            moves, weights = [c[0] for c in cand], [c[1] for c in cand]
    return rng.choices(moves, weights)[0]


def playout(rng, start, nplies, style):
    b = start.copy()
    moves = []
    while len(moves) < nplies and not b.is_game_over():
        m = pick(rng, b, style)
        b.push(m)
        moves.append(m)
    return moves


def extend_line(rng, node, n, style="spicy"):
    """Continue a line from `node` with up to n random moves (stops at game over)."""
    b = node.board()
    for _ in range(n):
        if b.is_game_over():
            break
        m = pick(rng, b, style)
        node = node.add_variation(m)
        b.push(m)
    return node


def mainline_nodes(game):
    return list(game.mainline())


def add_side_variations(rng, game, count):
    """`count` random sibling lines on random mainline moves."""
    nodes = mainline_nodes(game)
    for _ in range(count):
        if not nodes:
            return
        node = rng.choice(nodes)
        parent = node.parent
        alts = [m for m in parent.board().legal_moves if not parent.has_variation(m)]
        if not alts:
            continue
        side = parent.add_variation(rng.choice(alts))
        extend_line(rng, side, rng.randint(0, 6))


def decorate(rng, game, avoid):
    """A few comments and NAGs on random nodes (not on the nodes in `avoid`)."""
    nodes, stack = [], list(game.variations)
    while stack:
        n = stack.pop(0)
        nodes.append(n)
        stack.extend(n.variations)
    for n in nodes:
        if id(n) in avoid:
            continue
        r = rng.random()
        if r < 0.05:
            n.comment = rng.choice(COMMENTS)
        elif r < 0.09:
            n.nags.add(rng.choice(NAGS))


def game_result(rng, board):
    if board.is_checkmate():
        return "0-1" if board.turn == chess.WHITE else "1-0"
    if board.is_stalemate() or board.is_insufficient_material():
        return "1/2-1/2"
    return rng.choice(["*", "*", "1-0", "0-1", "1/2-1/2"])


def new_game(rng, index):
    game = chess.pgn.Game()
    game.headers["Event"] = "jaque fix %d" % index
    game.headers["Site"] = rng.choice(SITES)
    if rng.random() < 0.6:
        game.headers["Date"] = "%04d.%02d.%02d" % (rng.randint(1950, 2024), rng.randint(1, 12), rng.randint(1, 28))
    game.headers["Round"] = rng.choice(["?", "1", "3", "12", "5.2"])
    game.headers["White"] = rng.choice(NAMES)
    game.headers["Black"] = rng.choice(NAMES)
    return game


# ------------------------------------------------------------------ deviations

def split_suffix(san):
    if san[-1] in "+#":
        return san[:-1], san[-1]
    return san, ""


def plain_san(b, m):
    """SAN without disambiguation (piece moves)."""
    body, suf = split_suffix(b.san(m))
    return LETTER[b.piece_type_at(m.from_square)] + ("x" if b.is_capture(m) else "") + \
        chess.square_name(m.to_square), body, suf


def pinned_other(b, m):
    """Another piece of the mover's type that could reach the target but is pinned."""
    pt = b.piece_type_at(m.from_square)
    mask = b.pieces_mask(pt, b.turn) & ~chess.BB_SQUARES[m.from_square]
    for om in b.generate_pseudo_legal_moves(mask, chess.BB_SQUARES[m.to_square]):
        if not b.is_legal(om) and b.is_pinned(b.turn, om.from_square):
            return om.from_square
    return None


def candidates(b, text):
    """Legal moves with the written piece and target square, or the written origin and
    target (ignoring x, +/# and wrong disambiguation)."""
    piece, ff, fr, _x, to, _promo, _suf = SAN_RE.match(text).groups()
    pt = TYPE_OF[piece] if piece else chess.PAWN
    to = chess.parse_square(to)
    out = []
    for lm in b.legal_moves:
        if lm.to_square != to:
            continue
        same_piece = b.piece_type_at(lm.from_square) == pt
        if pt == chess.PAWN and ff:
            same_piece = same_piece and chess.square_file(lm.from_square) == "abcdefgh".index(ff)
        same_origin = bool(ff and fr) and lm.from_square == chess.parse_square(ff + fr)
        if same_piece or same_origin:
            out.append(lm)
    return out


def wrong_letters(b, m):
    """Piece letters other than the mover's for which no legal move reaches the target."""
    pt = b.piece_type_at(m.from_square)
    out = []
    for t in (chess.KNIGHT, chess.BISHOP, chess.ROOK, chess.QUEEN, chess.KING):
        if t == pt:
            continue
        if not any(b.piece_type_at(lm.from_square) == t for lm in
                   b.generate_legal_moves(chess.BB_ALL, chess.BB_SQUARES[m.to_square])):
            out.append(t)
    return out


def other_same_type(b, m, axis):
    """Squares of other pieces of the mover's type whose file (axis 0) or rank (axis 1)
    differs from the mover's."""
    pt = b.piece_type_at(m.from_square)
    f = chess.square_file if axis == 0 else chess.square_rank
    return [sq for sq in b.pieces(pt, b.turn) if sq != m.from_square and f(sq) != f(m.from_square)]


PROMOTION_KINDS = ("promotion_form", "missing_promotion")
PLUS_KINDS = ("check_missing", "mate_for_check")
MATE_KINDS = ("mate_missing", "check_for_mate", "double_plus_mate")


def qualifies(kind, sub, b, m):
    """Whether move m (legal in b) can carry a deviation of this kind and sub-form."""
    # Cheap tests first: most moves are rejected before their SAN is computed.
    castle = b.is_castling(m)
    if kind == "castling_zeros" and not castle:
        return False
    if (kind in PROMOTION_KINDS or sub == "promotion") and not m.promotion:
        return False
    if kind == "en_passant_mark":
        return b.is_en_passant(m)
    if (kind in PLUS_KINDS or kind in MATE_KINDS) and not b.gives_check(m):
        return False
    pt = b.piece_type_at(m.from_square)
    cap = b.is_capture(m)
    piece = pt != chess.PAWN and not castle
    if kind in ("over_disambiguation", "ambiguous", "illegal_one_candidate", "capture_extra") and not piece:
        return False
    if kind == "move_number":
        return True
    san = b.san(m)
    body, suf = split_suffix(san)
    if kind == "castling_zeros":
        return body == sub
    if kind in PLUS_KINDS:
        return suf == "+"
    if kind in MATE_KINDS:
        return suf == "#"
    if kind == "check_extra":
        return suf == ""
    if kind == "capture_missing":
        if not cap:
            return False
        return {"piece": piece, "pawn": pt == chess.PAWN and not m.promotion,
                "promotion": bool(m.promotion)}[sub]
    if kind == "capture_extra":
        return not cap
    if kind == "over_disambiguation":
        if pt == chess.KING:
            return False
        plain, body, _ = plain_san(b, m)
        if plain != body:
            return False
        if sub == "pinned":
            return pinned_other(b, m) is not None
        return True
    if kind == "promotion_form":
        return True
    if kind == "pawn_letter":
        if pt != chess.PAWN:
            return False
        return {"push": not cap and not m.promotion, "capture": cap and not m.promotion,
                "promotion": bool(m.promotion)}[sub]
    if kind == "long_algebraic":
        pawn = pt == chess.PAWN and not m.promotion
        return {"pawn_dash": pawn and not cap, "pawn_plain": pawn and not cap,
                "pawn_capture": pawn and cap, "piece_dash": piece and not cap,
                "piece_plain": piece, "promotion": bool(m.promotion)}[sub]
    if kind == "figurine":
        if sub == "promotion":
            return True
        return piece and pt == TYPE_OF[sub]
    if kind == "ambiguous":
        plain, body, _ = plain_san(b, m)
        if plain == body:
            return False
        dis = body[1:len(body) - len(plain) + 1]
        return {"file": dis.isalpha(), "rank": dis.isdigit(), "any": True}[sub]
    if kind == "illegal_one_candidate":
        if m.promotion:
            return False
        if sub == "wrong_piece":
            return bool(wrong_letters(b, m))
        plain, body, _ = plain_san(b, m)
        return plain == body and pt != chess.KING and \
            bool(other_same_type(b, m, 0 if sub == "wrong_file" else 1))
    if kind == "missing_promotion":
        return m.promotion == chess.QUEEN and (cap == (sub == "capture"))
    if kind == "wrong_language":
        if sub == "promotion":
            return True
        return piece and pt == TYPE_OF[sub]
    raise ValueError(kind)


def deviate(rng, kind, sub, b, m):
    """The text written for move m in place of its SAN."""
    san = b.san(m)
    body, suf = split_suffix(san)
    pt = b.piece_type_at(m.from_square)
    cap = b.is_capture(m)
    frm, to = chess.square_name(m.from_square), chess.square_name(m.to_square)
    if kind == "castling_zeros":
        return san.replace("O", "0")
    if kind in ("check_missing", "mate_missing"):
        return body
    if kind in ("check_for_mate", "check_extra"):
        return body + "+"
    if kind == "mate_for_check":
        return body + "#"
    if kind == "double_plus_mate":
        return body + "++"
    if kind == "capture_missing":
        return san.replace("x", "", 1)
    if kind == "capture_extra":
        return body[:-2] + "x" + body[-2:] + suf
    if kind == "over_disambiguation":
        letter = body[0]
        if sub == "file":
            return letter + frm[0] + body[1:] + suf
        if sub == "rank":
            return letter + frm[1] + body[1:] + suf
        other = pinned_other(b, m)
        if chess.square_file(other) != chess.square_file(m.from_square):
            return letter + frm[0] + body[1:] + suf
        return letter + frm[1] + body[1:] + suf
    if kind == "promotion_form":
        p = body[-1]
        return body[:-2] + {"Q": p, "paren": "(" + p + ")", "slash": "/" + p}[sub] + suf
    if kind == "pawn_letter":
        return "P" + san
    if kind == "en_passant_mark":
        return body + "e.p." + suf
    if kind == "long_algebraic":
        promo = "=" + LETTER[m.promotion] if m.promotion else ""
        letter = "" if pt == chess.PAWN else LETTER[pt]
        if sub == "pawn_dash" or sub == "piece_dash":
            return letter + frm + "-" + to + suf
        if sub in ("pawn_plain", "piece_plain"):
            return letter + frm + ("x" if cap else "") + to + suf
        if sub == "pawn_capture":
            return frm + "x" + to + suf
        return frm + ("x" if cap else rng.choice(["-", ""])) + to + promo + suf
    if kind == "figurine":
        figs = FIG_BLACK if b.turn == chess.BLACK and rng.random() < 0.6 else FIG_WHITE
        if sub == "promotion":
            return body[:-1] + figs[m.promotion] + suf
        return figs[pt] + san[1:]
    if kind == "ambiguous":
        return plain_san(b, m)[0] + suf
    if kind == "illegal_one_candidate":
        if sub == "wrong_piece":
            letter = LETTER[rng.choice(wrong_letters(b, m))]
            return letter + frm + ("x" if cap else "") + to + suf
        plain, body, _ = plain_san(b, m)
        other = rng.choice(other_same_type(b, m, 0 if sub == "wrong_file" else 1))
        return plain[0] + chess.square_name(other)[0 if sub == "wrong_file" else 1] + plain[1:] + suf
    if kind == "missing_promotion":
        return body[:-2] + suf
    if kind == "wrong_language":
        if sub == "promotion":
            return body[:-1] + FRENCH[m.promotion] + suf
        return FRENCH[pt] + san[1:]
    raise ValueError(kind)


def read_in(table, text):
    """text with the piece letters of a language turned into English ones; None if one of
    its capital letters is not a piece letter of that language."""
    back = {v: k for k, v in table.items()}
    out = []
    for ch in text:
        if ch.isupper():
            if ch not in back:
                return None
            ch = LETTER[back[ch]]
        out.append(ch)
    return "".join(out)


def check_deviation(kind, sub, b, m, written):
    """Assert that the written text is the deviation its kind says."""
    export = b.san(m)
    assert written != export, (kind, written)
    if kind == "ambiguous":
        try:
            b.parse_san(written)
            raise AssertionError(("not ambiguous", written, b.fen()))
        except chess.AmbiguousMoveError:
            pass
    elif kind in ("illegal_one_candidate", "missing_promotion"):
        try:
            b.parse_san(written)
            raise AssertionError(("not illegal", written, b.fen()))
        except chess.IllegalMoveError:
            pass
        if kind == "illegal_one_candidate":
            assert candidates(b, written) == [m], (written, b.fen(), candidates(b, written))
    elif kind == "wrong_language":
        try:
            b.parse_san(written)
            raise AssertionError(("English reads it", written, b.fen()))
        except ValueError:
            pass
        assert b.parse_san(read_in(FRENCH, written)) == m, written
        # Every other language that has all the letters reads the same move.
        for table in (SPANISH, GERMAN, DUTCH):
            english = read_in(table, written)
            if english is not None:
                assert b.parse_san(english) == m, (written, english, table)
    elif kind == "over_disambiguation" and sub == "pinned":
        assert pinned_other(b, m) is not None
        assert b.san(m) == plain_san(b, m)[0] + split_suffix(export)[1]


# ------------------------------------------------------------------ building games

def style_for(kind, sub, rng):
    if kind in ("promotion_form", "missing_promotion") or sub == "promotion":
        return "promo"
    if kind in ("mate_missing", "check_for_mate", "double_plus_mate"):
        return "mate"
    return rng.choice(["spicy", "spicy", "plain"])


def where_ok(where, j, n_moves):
    if where == W_FIRST:
        return j == 0
    if where == W_BLACK:
        return j % 2 == 1
    if where == W_MAIN:
        return j % 2 == 0 and j > 0
    return True


def scan(kind, sub, where, moves):
    """Qualifying (position index, move) pairs along a playout, at positions `where` allows."""
    b = chess.Board()
    found = []
    for j in range(len(moves) + 1):
        if b.is_game_over():
            break
        if where is None or where_ok(where, j, len(moves)):
            for m in b.legal_moves:
                if qualifies(kind, sub, b, m):
                    found.append((j, m))
        if j < len(moves):
            b.push(moves[j])
    return found


def find_target(rng, kind, sub, where, tries=300):
    """A playout and a qualifying (position index, move) for the target, preferring `where`."""
    if where == W_FIRST:
        found = scan(kind, sub, W_FIRST, [])
        if found:
            return [], 0, rng.choice(found)[1], W_FIRST
        where = W_MAIN
    for want in (where, None):
        for _ in range(tries):
            moves = playout(rng, chess.Board(), rng.randint(12, 110), style_for(kind, sub, rng))
            found = scan(kind, sub, want, moves)
            if found:
                j, m = found[rng.randrange(len(found))]
                return moves, j, m, want or (W_BLACK if j % 2 else W_MAIN)
    raise RuntimeError("no target for %s/%s" % (kind, sub))


def build_move_game(rng, index, kind, sub, want):
    """A game whose target node carries the deviation."""
    moves, j, target, where = find_target(rng, kind, sub, want)
    game = new_game(rng, index)
    if where == W_VAR:
        jp = rng.randint(max(0, j - 3), j)
        node = game
        for m in moves[:jp]:
            node = node.add_variation(m)
        line_first = moves[jp] if jp < j else target
        alts = [m for m in node.board().legal_moves if m != line_first]
        if not alts:
            return build_move_game(rng, index, kind, sub, W_MAIN)
        main = node.add_variation(rng.choice(alts))
        extend_line(rng, main, rng.randint(0, 40))
        side = node.add_variation(line_first)
        if jp < j:
            for m in moves[jp + 1:j]:
                side = side.add_variation(m)
            tnode = side.add_variation(target)
        else:
            tnode = side
        extend_line(rng, tnode, rng.randint(0, 6))
    else:
        node = game
        for m in moves[:j]:
            node = node.add_variation(m)
        tnode = node.add_variation(target)
        if where != W_LAST:
            extend_line(rng, tnode, rng.randint(1, 40))
    return game, tnode


def where_of(game, node):
    main = mainline_nodes(game)
    if node not in main:
        return W_VAR
    ply = main.index(node) + 1
    if ply == 1:
        return W_FIRST
    if node is main[-1]:
        return W_LAST
    return W_BLACK if node.parent.board().turn == chess.BLACK else W_MAIN


def decorate_near(rng, game, tnode, spec):
    """Comments and NAGs next to the target."""
    r = rng.random()
    if r < 0.18:
        tnode.comment = rng.choice(COMMENTS + UNICODE_COMMENTS)
        spec["near"].append("comment_after")
    if rng.random() < 0.15:
        tnode.nags.add(rng.choice(NAGS))
        spec["near"].append("nag")
    r = rng.random()
    before = tnode.parent
    if r < 0.2:
        text = rng.choice(UNICODE_COMMENTS)
        if before is game:
            game.comment = text
        elif before.variations[0] is tnode:
            before.comment = text
        else:
            tnode.starting_comment = text
        spec["near"].append("comment_before")


def make_game(rng, index, kind, sub, want):
    """One game of fix_input.pgn: (game, spec). spec says where the places are."""
    applicability = KINDS[kind][0]
    spec = {"kind": kind, "sub": sub, "applicability": applicability, "side": None, "moves": {}, "numbers": {},
            "renumber": 0, "tag_result": None, "marker": None, "near": [], "eol": "\n",
            "spaced": False, "columns": 80}
    if kind == "move_number" and sub == "fen_from_one":
        start = chess.Board()
        for m in playout(rng, start, rng.randint(58, 80), "plain"):
            start.push(m)
        if start.is_game_over():
            return make_game(rng, index, kind, sub, want)
        game = new_game(rng, index)
        game.setup(start)
        extend_line(rng, game, rng.randint(10, 40))
        add_side_variations(rng, game, rng.randint(0, 1))
        decorate(rng, game, set())
        spec["renumber"] = start.fullmove_number - 1
        spec["where"] = "all"
    elif kind in ("result_after_mate", "missing_marker"):
        goal = None
        if sub.startswith("mate") or sub == "mate":
            goal = "mate"
        elif sub.startswith("stalemate"):
            goal = "stalemate"
        while True:
            if goal:
                moves = playout(rng, chess.Board(), 200, goal)
                end = chess.Board()
                for m in moves:
                    end.push(m)
                if (goal == "mate" and end.is_checkmate()) or (goal == "stalemate" and end.is_stalemate()):
                    break
            else:
                moves = playout(rng, chess.Board(), rng.randint(5, 90), rng.choice(["plain", "spicy"]))
                end = chess.Board()
                for m in moves:
                    end.push(m)
                if not end.is_game_over():
                    break
        game = new_game(rng, index)
        node = game
        for m in moves:
            node = node.add_variation(m)
        last = node
        add_side_variations(rng, game, rng.randint(0, 2))
        decorate(rng, game, {id(last)})
        if sub == "comment":
            last.comment = rng.choice(COMMENTS + UNICODE_COMMENTS)
        if sub == "variation":
            alts = [m for m in last.parent.board().legal_moves if not last.parent.has_variation(m)]
            side = last.parent.add_variation(rng.choice(alts))
            extend_line(rng, side, rng.randint(0, 4))
        if sub == "crlf":
            spec["eol"] = "\r\n"
        right = game_result(rng, end)
        if sub == "star":
            right = "*"
        game.headers["Result"] = right
        if kind == "result_after_mate":
            if sub in ("mate_star", "stalemate_star"):
                wrong = "*"
            elif sub == "mate_draw":
                wrong = "1/2-1/2"
            elif sub == "mate_loser":
                wrong = "1-0" if right == "0-1" else "0-1"
            else:  # stalemate_win
                wrong = rng.choice(["1-0", "0-1"])
            assert wrong != right
            spec["tag_result"] = wrong
            spec["marker"] = wrong
        else:
            spec["marker"] = ""
        spec["where"] = "end"
        return game, spec
    elif kind == "move_number":
        want_move = {W_VAR: W_VAR, W_BLACK: W_BLACK, W_MAIN: W_MAIN, W_LAST: W_LAST, W_FIRST: W_FIRST}[want]
        game, tnode = build_move_game(rng, index, kind, sub, want_move)
        if tnode.parent.board().turn == chess.BLACK and where_of(game, tnode) != W_VAR:
            # A black move carries a number only after a comment or a variation.
            if tnode.parent is game or tnode.parent.parent is None:
                game.comment = rng.choice(COMMENTS)
            else:
                tnode.parent.comment = rng.choice(COMMENTS + UNICODE_COMMENTS)
        elif where_of(game, tnode) == W_VAR and tnode.parent.board().turn == chess.BLACK and \
                tnode.parent.variations[0] is tnode:
            tnode.parent.comment = rng.choice(COMMENTS)
        add_side_variations(rng, game, rng.randint(0, 2))
        decorate(rng, game, {id(tnode), id(tnode.parent)})
        n = tnode.parent.board().fullmove_number
        wrong = rng.choice([n + 1, n + 1, n + 10] + ([n - 1] if n > 1 else []))
        spec["numbers"][id(tnode)] = wrong
        spec["where"] = where_of(game, tnode)
        spec["side"] = "black" if tnode.parent.board().turn == chess.BLACK else "white"
    else:
        game, tnode = build_move_game(rng, index, kind, sub, want)
        b = tnode.parent.board()
        written = deviate(rng, kind, sub, b, tnode.move)
        check_deviation(kind, sub, b, tnode.move, written)
        add_side_variations(rng, game, rng.randint(0, 2))
        decorate(rng, game, {id(tnode)})
        decorate_near(rng, game, tnode, spec)
        spec["moves"][id(tnode)] = written
        spec["where"] = where_of(game, tnode)
        spec["side"] = "black" if b.turn == chess.BLACK else "white"
    end = game.end().board()
    game.headers["Result"] = game_result(rng, end)
    return game, spec


# ------------------------------------------------------------------ writing

def visible(s):
    return len(s) - s.count(S_OPEN) - s.count(S_CLOSE)


class FixWriter(chess.pgn.StringExporter):
    """python-chess's exporter, with chosen text at chosen places. Each place is written
    between S_OPEN and S_CLOSE (not counted in the line width) and listed in `records`
    as (written, export) in the order of the text."""

    def __init__(self, game, spec, translate=None):
        super().__init__(columns=spec["columns"], headers=True, comments=True, variations=True)
        self.game = game
        self.spec = spec
        self.translate = translate
        self.records = []

    def place(self, written, export):
        self.records.append((written, export))
        return S_OPEN + written + S_CLOSE

    def write_token(self, token):
        if self.columns is not None and self.columns - visible(self.current_line) < visible(token):
            self.flush_current_line()
        self.current_line += token

    def visit_header(self, tagname, tagvalue):
        if tagname == "Result" and self.spec["tag_result"] is not None:
            tagvalue = self.place(self.spec["tag_result"], tagvalue)
        super().visit_header(tagname, tagvalue)

    def node_of(self, board, move):
        n = self.game
        for m in board.move_stack:
            n = n.variation(m)
        return n.variation(move)

    def visit_move(self, board, move):
        key = id(self.node_of(board, move))
        spaced = self.spec["spaced"] and (key in self.spec["moves"] or key in self.spec["numbers"])
        pad = "  " if spaced else ""
        number = None
        if board.turn == chess.WHITE:
            dots = "."
        elif self.force_movenumber:
            dots = "..."
        else:
            dots = None
        if dots:
            n = board.fullmove_number
            export = "%d%s" % (n, dots)
            if self.spec["renumber"]:
                number = self.place("%d%s" % (n - self.spec["renumber"], dots), export)
            elif key in self.spec["numbers"]:
                number = self.place("%d%s" % (self.spec["numbers"][key], dots), export)
            else:
                number = export
            self.write_token(number + " " + pad)
        san = board.san(move)
        if key in self.spec["moves"]:
            text = self.place(self.spec["moves"][key], san)
        elif self.translate:
            local = self.translate(san)
            text = self.place(local, san) if local != san else san
        else:
            text = san
        self.write_token(text + " " + pad)
        self.force_movenumber = False

    def visit_result(self, result):
        marker = self.spec["marker"]
        if marker is None:
            self.write_token(result + " ")
        elif marker != "":
            self.write_token(self.place(marker, result) + " ")


def render(game, spec, translate=None):
    """The game's text (no final line end) and its places [(start, end, written, export)]
    as character offsets in that text."""
    writer = FixWriter(game, spec, translate)
    raw = game.accept(writer)
    raw = raw.replace("\n", spec["eol"])
    text, places, i = [], [], 0
    pos = 0
    records = iter(writer.records)
    while i < len(raw):
        c = raw[i]
        if c == S_OPEN:
            close = raw.index(S_CLOSE, i)
            written = raw[i + 1:close]
            w, export = next(records)
            assert w == written
            places.append([pos, pos + len(written), written, export])
            text.append(written)
            pos += len(written)
            i = close + 1
        else:
            text.append(c)
            pos += 1
            i += 1
    assert next(records, None) is None
    text = "".join(text)
    if spec["marker"] == "":
        places.append([len(text), len(text), "", " " + game.headers["Result"]])
    for p in places:
        assert "\n" not in p[2] and "\r" not in p[2]
    return text, places


def apply(text, places, choose):
    """text with each place replaced by choose(place)."""
    out, last = [], 0
    for p in places:
        out.append(text[last:p[0]])
        out.append(choose(p))
        last = p[1]
    out.append(text[last:])
    return "".join(out)


def assemble(chunks):
    """Join rendered games: returns (file text, [per game [(file char offset, place)]])."""
    parts, offsets, pos = [], [], 0
    for k, (text, eol, bom) in enumerate(chunks):
        prefix = "\ufeff" if bom else ""
        parts.append(prefix)
        pos += len(prefix)
        offsets.append(pos)
        sep = eol + (eol if k + 1 < len(chunks) else "")
        parts.append(text + sep)
        pos += len(text) + len(sep)
    return "".join(parts), offsets


def locate(file_text, char_offset):
    """(line, column in characters, byte offset) of a character offset."""
    before = file_text[:char_offset]
    line = before.count("\n") + 1
    col_text = before[before.rfind("\n") + 1:]
    column = len(col_text.replace("\ufeff", "")) + 1
    return line, column, len(before.encode("utf-8"))


def movetext_words(text):
    text = text.replace("\r\n", "\n").lstrip("\ufeff")
    head, _, moves = text.partition("\n\n")
    return head, moves.split()


def read_all(text):
    stream = io.StringIO(text.lstrip("\ufeff"), newline=None)
    games = []
    while True:
        g = chess.pgn.read_game(stream)
        if g is None:
            return games
        games.append(g)


def check_same(read, game, what):
    assert not read.errors, (what, read.errors)
    assert str(read) == str(game), (what, str(read), str(game))


def check_only_places(a, b, places):
    """Bytes of a and b are equal outside the places; at each place a has written, b the
    given replacement. places: [(byte offset, written, replacement)] in order."""
    a, b = a.encode("utf-8"), b.encode("utf-8")
    ia = ib = 0
    for off, written, repl in places:
        w, r = written.encode("utf-8"), repl.encode("utf-8")
        seg = off - ia
        assert a[ia:off] == b[ib:ib + seg], ("differ outside places before", off)
        assert a[off:off + len(w)] == w, ("input differs at place", off)
        ib += seg
        assert b[ib:ib + len(r)] == r, ("output differs at place", off)
        ia, ib = off + len(w), ib + len(r)
    assert a[ia:] == b[ib:], "differ after the last place"


# ------------------------------------------------------------------ languages

def translator(table):
    def tr(san):
        if san[0] in TYPE_OF:
            san = table[TYPE_OF[san[0]]] + san[1:]
        m = re.search("=([NBRQ])", san)
        if m:
            san = san[:m.start(1)] + table[TYPE_OF[m.group(1)]] + san[m.end(1):]
        return san
    return tr


def make_lang_game(rng, lang, index):
    game = new_game(rng, index)
    game.headers["Event"] = "jaque fix %s %d" % (lang, index)
    style = "promo" if index % 2 else "spicy"
    extend_line(rng, game, rng.randint(30, 90), style)
    add_side_variations(rng, game, rng.randint(1, 3))
    decorate(rng, game, set())
    game.headers["Result"] = game_result(rng, game.end().board())
    spec = {"moves": {}, "numbers": {}, "renumber": 0, "tag_result": None, "marker": None,
            "eol": "\n", "spaced": False, "columns": 80}
    return game, spec


# ------------------------------------------------------------------ main

def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("out_dir", nargs="?", default=DEFAULT_OUT)
    ap.add_argument("--jaque", help="jaque binary: print the codes `jaque check` gives per kind")
    args = ap.parse_args()
    rng = random.Random(SEED)

    jobs = []
    for kind, (_app, subs, wheres) in KINDS.items():
        for k, sub in enumerate(subs):
            jobs.append((kind, sub, wheres[k % len(wheres)]))
    rng.shuffle(jobs)

    games, specs = [], []
    for index, (kind, sub, want) in enumerate(jobs):
        game, spec = make_game(rng, index, kind, sub, want)
        spec["want"] = want
        games.append(game)
        specs.append(spec)

    # Surrounding bytes: CRLF, extra spaces, two long lines.
    for index, spec in enumerate(specs):
        if spec["eol"] == "\n" and rng.random() < 0.12:
            spec["eol"] = "\r\n"
        if spec["kind"] not in ("result_after_mate", "missing_marker") and rng.random() < 0.12:
            spec["spaced"] = bool(spec["moves"] or spec["numbers"])
    plies = sorted(range(len(games)), key=lambda i: (-len(mainline_nodes(games[i])), i))
    long_lines = [i for i in plies if specs[i]["kind"] not in ("result_after_mate",)][:2]
    for i in long_lines:
        specs[i]["columns"] = None

    rendered = [render(g, s) for g, s in zip(games, specs)]
    app_of = [s["applicability"] for s in specs]

    def fixed(app, p):
        return p[3] if app == MACHINE else p[2]

    def fixed_maybe(app, p):
        return p[3] if app in (MACHINE, MAYBE) else p[2]

    inputs = [(t, s["eol"], i == 0) for i, ((t, _), s) in enumerate(zip(rendered, specs))]
    expected = [(apply(t, ps, lambda p, a=app_of[i]: fixed(a, p)), specs[i]["eol"], i == 0)
                for i, (t, ps) in enumerate(rendered)]
    expected_maybe = [(apply(t, ps, lambda p, a=app_of[i]: fixed_maybe(a, p)), specs[i]["eol"], i == 0)
                      for i, (t, ps) in enumerate(rendered)]
    reference = [(apply(t, ps, lambda p: p[3]), specs[i]["eol"], i == 0) for i, (t, ps) in enumerate(rendered)]

    # Every game: the reference is python-chess's game, word for word.
    for i, (game, (ref, _, _)) in enumerate(zip(games, reference)):
        got = read_all(ref)
        assert len(got) == 1, (i, len(got))
        check_same(got[0], game, ("reference", i))
        head, words = movetext_words(ref)
        ehead, ewords = movetext_words(str(game))
        assert head == ehead and words == ewords, (i, head, ehead, words, ewords)
        if specs[i]["columns"] is not None:
            written = rendered[i][0].replace("\r\n", "\n").split("\n")
            assert max(len(line) for line in written) <= 80, (i, written)

    input_text, offsets = assemble(inputs)
    expected_text, _ = assemble(expected)
    maybe_text, _ = assemble(expected_maybe)
    reference_text, _ = assemble(reference)

    # Whole files: python-chess reads every game whose places are all fixed into the game.
    for name, text, parts in (("fix_expected.pgn", expected_text, expected),
                              ("fix_expected_maybe.pgn", maybe_text, expected_maybe),
                              ("reference", reference_text, reference)):
        got = read_all(text)
        assert len(got) == len(games), (name, len(got))
        checked = 0
        for i, (g, part) in enumerate(zip(games, parts)):
            if part[0] == reference[i][0]:
                check_same(got[i], g, (name, i))
                checked += 1
        print("%s: python-chess replays %d of %d games into the generated games" % (name, checked, len(games)))
    assert read_all(reference_text) and len(read_all(input_text)) == len(games)

    # Records, and the byte walk.
    header_kinds = collections.OrderedDict((kind, collections.OrderedDict(
        [("games", 0), ("applicability", KINDS[kind][0]), ("subs", collections.Counter()),
         ("where", collections.Counter()), ("side", collections.Counter()), ("places", 0)]))
        for kind in KINDS)
    lines_out, walk_fixed, walk_maybe = [], [], []
    for i, ((text, places), spec) in enumerate(zip(rendered, specs)):
        app = spec["applicability"]
        recs = []
        for p in places:
            line, column, off = locate(input_text, offsets[i] + p[0])
            recs.append(collections.OrderedDict([
                ("line", line), ("column", column), ("offset", off), ("written", p[2]),
                ("fixed", fixed(app, p)), ("fixed_maybe", fixed_maybe(app, p)), ("export", p[3])]))
            walk_fixed.append((off, p[2], fixed(app, p)))
            walk_maybe.append((off, p[2], fixed_maybe(app, p)))
        assert recs, i
        if app == MACHINE:
            assert all(r["written"] != r["export"] for r in recs), i
        first = recs[0]
        obj = collections.OrderedDict([("game", i), ("kind", spec["kind"]), ("sub", spec["sub"]),
                                       ("where", spec["where"]), ("side", spec["side"]),
                                       ("applicability", app)])
        for key in ("line", "column", "offset", "written", "fixed", "fixed_maybe", "export"):
            obj[key] = first[key]
        obj["places"] = recs
        lines_out.append(obj)
        info = header_kinds[spec["kind"]]
        info["games"] += 1
        info["side"][spec["side"] or "-"] += 1
        info["subs"][spec["sub"]] += 1
        info["where"][spec["where"]] += 1
        info["places"] += len(recs)
    check_only_places(input_text, expected_text, walk_fixed)
    check_only_places(input_text, maybe_text, walk_maybe)
    for kind, info in header_kinds.items():
        assert info["games"] >= 6, (kind, info["games"])
        info["subs"] = dict(sorted(info["subs"].items()))
        info["where"] = dict(sorted(info["where"].items()))
        info["side"] = dict(sorted(info["side"].items()))

    # Language files.
    lang_out, lang_files, lang_counts = [], {}, collections.OrderedDict()
    for lang, table in (("es", SPANISH), ("de", GERMAN)):
        tr = translator(table)
        lgames, lrendered = [], []
        for k in range(4):
            g, s = make_lang_game(rng, lang, k)
            lgames.append(g)
            lrendered.append((render(g, s, tr), s))
        lin = [(t, "\n", False) for (t, _), _s in lrendered]
        lexp = [(apply(t, ps, lambda p: p[3]), "\n", False) for (t, ps), _s in lrendered]
        lin_text, loffsets = assemble(lin)
        lexp_text, _ = assemble(lexp)
        got = read_all(lexp_text)
        assert len(got) == len(lgames)
        for g, r in zip(lgames, got):
            check_same(r, g, ("lang", lang))
        walk, total = [], 0
        for k, ((text, places), _s) in enumerate(lrendered):
            recs = []
            for p in places:
                line, column, off = locate(lin_text, loffsets[k] + p[0])
                recs.append(collections.OrderedDict([
                    ("line", line), ("column", column), ("offset", off), ("written", p[2]),
                    ("fixed", p[3]), ("fixed_maybe", p[3]), ("export", p[3])]))
                walk.append((off, p[2], p[3]))
            total += len(recs)
            lang_out.append(collections.OrderedDict([("file", "fix_input.%s.pgn" % lang), ("game", k),
                                                     ("lang", lang), ("places", recs)]))
            # Every piece move and promotion is a place (German king moves keep their K).
            expected_places = 0
            for n in _iter_nodes(lgames[k]):
                b = n.parent.board()
                pt = b.piece_type_at(n.move.from_square)
                if n.move.promotion or (pt != chess.PAWN and not b.is_castling(n.move)
                                        and not (lang == "de" and pt == chess.KING)):
                    expected_places += 1
            assert expected_places == len(recs), (lang, k, expected_places, len(recs))
        check_only_places(lin_text, lexp_text, walk)
        lang_files[lang] = (lin_text, lexp_text)
        lang_counts[lang] = {"games": len(lgames), "places": total}

    header = collections.OrderedDict([
        ("oracle", ORACLE), ("generator", GENERATOR), ("seed", SEED), ("file", "fix_input.pgn"),
        ("games", len(games)), ("places", sum(len(o["places"]) for o in lines_out)),
        ("languages", "fix_lang.expect.jsonl"),
        ("kinds", header_kinds),
        ("fields", "one line per game; side: the colour that makes the move of a move place (null for the "
                   "result places and for fen_from_one); places lists every place of the game in file order (the Result tag "
                   "and the marker for result_after_mate, every move number for move_number "
                   "fen_from_one), the top-level line/column/offset/written/fixed/fixed_maybe/export "
                   "repeat places[0]; line/column 1-based, columns in characters; offset in bytes"),
        ("surroundings", collections.OrderedDict([
            ("bom", "game 0"),
            ("crlf", [i for i, s in enumerate(specs) if s["eol"] == "\r\n"]),
            ("extra_spaces", [i for i, s in enumerate(specs) if s["spaced"]]),
            ("long_line", long_lines),
            ("comment_or_nag_next_to_place", [i for i, s in enumerate(specs) if s["near"]]),
        ])),
    ])
    lang_header = collections.OrderedDict([
        ("oracle", ORACLE), ("generator", GENERATOR), ("seed", SEED), ("languages", lang_counts),
        ("letters", {"es": "R D T A C", "de": "K D T L S"}),
    ])

    out = args.out_dir
    files = {
        "fix_input.pgn": input_text, "fix_expected.pgn": expected_text,
        "fix_expected_maybe.pgn": maybe_text,
        "fix.expect.jsonl": "\n".join(json.dumps(o, ensure_ascii=False) for o in [header] + lines_out) + "\n",
        "fix_lang.expect.jsonl": "\n".join(json.dumps(o, ensure_ascii=False) for o in [lang_header] + lang_out) + "\n",
    }
    for lang, (lin, lexp) in lang_files.items():
        files["fix_input.%s.pgn" % lang] = lin
        files["fix_expected.%s.pgn" % lang] = lexp
    for name, text in files.items():
        with open(os.path.join(out, name), "w", encoding="utf-8", newline="") as f:
            f.write(text)
    print("wrote %d games (%d places), %s" % (len(games), header["places"],
                                              ", ".join("%s %d" % (k, v["games"]) for k, v in header_kinds.items())))

    if args.jaque:
        report_jaque(args.jaque, out, reference_text, lines_out, lang_files)


def _iter_nodes(game):
    stack = list(game.variations)
    while stack:
        n = stack.pop()
        yield n
        stack.extend(n.variations)


def jaque_games(jaque, path, lang=None):
    cmd = [jaque, "check", "--json", "--no-progress", path] + (["--lang", lang] if lang else [])
    out = subprocess.run(cmd, capture_output=True, text=True).stdout
    return [json.loads(l) for l in out.splitlines() if '"diagnostics"' in l and not l.startswith('{"summary"')]


def report_jaque(jaque, out, reference_text, lines_out, lang_files):
    with tempfile.TemporaryDirectory() as tmp:
        ref = os.path.join(tmp, "reference.pgn")
        with open(ref, "w", encoding="utf-8", newline="") as f:
            f.write(reference_text)
        rgames = jaque_games(jaque, ref)
        bad = [(g["game"], g["diagnostics"]) for g in rgames if g["diagnostics"]]
        print("jaque on the reference file: %d games, %d with diagnostics %s" % (len(rgames), len(bad), bad[:5]))
        igames = jaque_games(jaque, os.path.join(out, "fix_input.pgn"))
        assert len(igames) == len(lines_out), (len(igames), len(lines_out))
        per_kind = collections.OrderedDict()
        for o, g in zip(lines_out, igames):
            codes = tuple(sorted(set("%s:%s" % (d["severity"], d["code"]) for d in g["diagnostics"])))
            per_kind.setdefault(o["kind"], collections.Counter())[(o["sub"], codes)] += 1
        for kind, c in per_kind.items():
            print(kind)
            for (sub, codes), n in sorted(c.items()):
                print("   %-14s %2d  %s" % (sub, n, " ".join(codes) or "(none)"))
        for lang, (lin, lexp) in lang_files.items():
            for name, text, l in (("input", lin, lang), ("expected", lexp, None)):
                p = os.path.join(tmp, "%s.%s.pgn" % (name, lang))
                with open(p, "w", encoding="utf-8") as f:
                    f.write(text)
                c = collections.Counter("%s:%s" % (d["severity"], d["code"])
                                        for g in jaque_games(jaque, p, l) for d in g["diagnostics"])
                print("lang %s %s (--lang %s): %s" % (lang, name, l or "en", dict(c)))


if __name__ == "__main__":
    main()
