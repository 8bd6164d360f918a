#!/usr/bin/env python3
"""Generate tests/data/pgn/generated.pgn and tests/data/pgn/generated.expect.jsonl.

Self-made PGN test games (CC0) with known expected outcomes for jaque's PGN
checker. Oracle: python-chess 1.11.2 (pip install chess==1.11.2), which plays
the random games, writes them (chess.pgn.StringExporter, through a small
subclass that can also add ';' comments and put a chosen token in place of a
chosen move), and re-reads the written file to cross-check every expectation.
Deterministic: random.Random(SEED), SEED = 5150.

Categories (the 'category' field of each expect line; sub-kind after ':'):
  valid                  random legal playouts from the start position, with
                         { comments }, NAGs, ';' comments and (nested)
                         variations; mates and stalemates included
  valid_fen              the same from a [SetUp "1"] [FEN ...] position
  illegal_move:<kind>    one illegal SAN in the mainline at ply k
                         (kind: foreign, pinned, king_into_check, castling_*,
                         blocked_pawn); later moves of the original game follow
  ambiguous_move         a SAN that needs disambiguation written without it
  check_annotation:<kind> one wrong/missing +/# in the mainline (drop_check,
                         drop_mate, add_check, mate_as_check, check_as_mate)
  result_mismatch:<kind> mate scored for the loser, or stalemate scored 1-0/0-1
                         (Result tag and termination marker agree with each other)
  syntax                 an unknown token (Zz9, e9, ...) before mainline move k
  variation_illegal:<kind> an illegal SAN inside a variation; the rest of that
                         variation, including sub-variations that branch after
                         the bad move, is dead and yields no further diagnostic;
                         the mainline is unaffected
  unterminated           a '{' comment that never closes (the last game)

Expect file: first line {"generator", "seed", "oracle", "games"}, then one line
per game: {"game", "category", "plies", "final_fen", "status", "diagnostics"}.
  plies       mainline plies applied before the first mainline error (all if none)
  final_fen   board.fen() after those plies (ep square only if capturable)
  status      checkmate | stalemate | insufficient_material | fifty_moves
              (halfmove clock >= 100) | threefold (is_repetition(3)) | ongoing
  diagnostics [{"code", "ply", "san"}], exactly the problems introduced;
              ply = 1-based half-move index counted from the game's start
              position along the line that holds the token (for a variation:
              the mainline ply number the variation move replaces); null for
              result_mismatch and unterminated. san = the token as written,
              null for result_mismatch and unterminated.

Cross-checks (asserted; the script writes nothing if one fails): python-chess
re-reads generated.pgn and must find the same number of games and, per game,
  * valid / check_annotation / result_mismatch / unterminated: no error, the
    same mainline and final FEN;
  * illegal_move / ambiguous_move: exactly one error, an IllegalMoveError /
    AmbiguousMoveError, mainline stopped after plies = k-1, same final FEN;
  * variation_illegal: python-chess's first error is an IllegalMoveError for
    the token in the variation's position. (python-chess 1.11.2 does not pop
    its board stack after an error inside a variation, so it then parses the
    rest of the game against the variation's board and may report spurious
    later errors or a wrong mainline; those are not checked.)
  * syntax: python-chess's tokenizer silently skips the garbage token, so it
    reports no error and the full mainline (our checker must report 'syntax').

Usage:  python3 tools/gen_pgn_cases.py [output_dir]   (default tests/data/pgn)
"""

import json
import logging
import os
import random
import re
import sys

import chess
import chess.pgn

from oracle_status import status_of

SEED = 5150
GENERATOR = "tools/gen_pgn_cases.py"
ORACLE = "python-chess " + chess.__version__
HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_OUT = os.path.join(HERE, "..", "tests", "data", "pgn")

N_VALID_START = 115
N_VALID_MATE = 12        # of N_VALID_START, played until checkmate
N_VALID_STALEMATE = 6    # of N_VALID_START, played until stalemate
N_VALID_FEN = 15
ILLEGAL_KINDS = ["foreign"] * 16 + ["pinned"] * 14 + ["king_into_check"] * 12 + \
    ["castling"] * 8 + ["blocked_pawn"] * 12
N_AMBIGUOUS = 32
CHECK_KINDS = ["drop_check"] * 10 + ["drop_mate"] * 8 + ["add_check"] * 10 + \
    ["mate_as_check"] * 2 + ["check_as_mate"] * 2
RESULT_KINDS = ["mate_flipped"] * 15 + ["stalemate_scored"] * 7
N_SYNTAX = 12
N_VARIATION_ILLEGAL = 9

GARBAGE = ["Zz9", "e9", "Nj4", "Qk1", "h0", "Zz9"]
COMMENTS = [
    "a quiet move", "the only move", "White is better here", "Black should be careful",
    "threatens Qxf7#", "better was Nf3 here", "a (quiet) move", "the idea; a pawn break",
    "1-0 looked likely", "time trouble", "book move", "interesting", "novelty",
    "the knight heads for d5", "a [bracket] inside a comment", "$1 is not a NAG in here",
]
LINE_COMMENTS = [
    "a line comment", "rest of line is ignored", "12. Nf3 {not a comment} (nor a variation)",
    "the engine prefers another move", "end of line",
]
NAGS = [1, 2, 3, 4, 5, 6, 10, 13, 14, 15, 16, 17, 18, 19]

SAN_RE = re.compile(r"^([NBRQK])?([a-h])?([1-8])?(x)?([a-h][1-8])(?:=([NBRQ]))?([+#])?$")
DIS_RE = re.compile(r"^([NBRQK])([a-h]?)([1-8]?)(x?)([a-h][1-8])(.*)$")

logging.getLogger("chess.pgn").setLevel(logging.CRITICAL)


# ------------------------------------------------------------------ helpers

def pick(rng, b, style):
    """One biased random legal move. style: plain | spicy | mate | stalemate."""
    moves = list(b.legal_moves)
    if style == "plain":
        return rng.choice(moves)
    few = len(b.piece_map()) <= 14
    mates, stales, weights = [], [], []
    for m in moves:
        w = 1.0
        if b.is_capture(m):
            w += {"spicy": 3, "mate": 4, "stalemate": 8}[style]
        if m.promotion:
            w += 8 if m.promotion == chess.QUEEN else 3
        if b.is_castling(m):
            w += 10
        if b.is_en_passant(m):
            w += 20
        if b.piece_type_at(m.from_square) == chess.PAWN and abs(m.to_square - m.from_square) == 16:
            for adj in (m.to_square - 1, m.to_square + 1):
                if chess.square_rank(adj) == chess.square_rank(m.to_square) and \
                        b.piece_at(adj) == chess.Piece(chess.PAWN, not b.turn):
                    w += 6
        gc = b.gives_check(m)
        if gc:
            w += {"spicy": 2, "mate": 3, "stalemate": 0}[style]
        if gc or (style == "stalemate" and few):
            b.push(m)
            if b.is_checkmate():
                mates.append(m)
            elif b.is_stalemate():
                stales.append(m)
            b.pop()
        weights.append(w)
    if mates and (style == "mate" or (style == "spicy" and rng.random() < 0.5)):
        return rng.choice(mates)
    if style == "stalemate":
        if stales:
            return rng.choice(stales)
        cand = [(m, w) for m, w in zip(moves, weights) if m not in mates]
        if cand:
            moves, weights = [c[0] for c in cand], [c[1] for c in cand]
    elif stales and style == "mate":
        cand = [(m, w) for m, w in zip(moves, weights) if m not in stales]
        if cand:
            moves, weights = [c[0] for c in cand], [c[1] for c in cand]
    return rng.choices(moves, weights)[0]


def playout(rng, start, nplies, style):
    """Moves of a playout from `start` (a Board), stopping at nplies or game over."""
    b = start.copy()
    moves = []
    while len(moves) < nplies and not b.is_game_over():
        m = pick(rng, b, style)
        b.push(m)
        moves.append(m)
    return moves


def board_after(start, moves):
    b = start.copy()
    for m in moves:
        b.push(m)
    return b


def playout_until(rng, target, max_plies=160):
    """Playout from the start position that ends in `target` (checkmate/stalemate)."""
    style = "mate" if target == "checkmate" else "stalemate"
    while True:
        moves = playout(rng, chess.Board(), max_plies, style)
        b = board_after(chess.Board(), moves)
        if status_of(b) == target:
            return moves


def result_for(rng, board):
    st = status_of(board)
    if st == "checkmate":
        return "0-1" if board.turn == chess.WHITE else "1-0"
    if st != "ongoing":
        return "1/2-1/2"
    return rng.choice(["*", "*", "1-0", "0-1", "1/2-1/2"])


def make_game(start, moves):
    g = chess.pgn.Game()
    if start.fen() != chess.STARTING_FEN:
        g.setup(start)
    node = g
    for m in moves:
        node = node.add_variation(m)
    return g


def mainline_nodes(game):
    return list(game.mainline())


def depth_of(node):
    d = 0
    while node.parent is not None:
        node = node.parent
        d += 1
    return d


def extend_line(rng, node, n):
    """Continue a line from `node` with up to n biased random moves."""
    b = node.board()
    for _ in range(n):
        if b.is_game_over():
            break
        m = pick(rng, b, "spicy")
        node = node.add_variation(m)
        b.push(m)
    return node


def add_variation_at(rng, node, length):
    """Add an alternative to `node` (a sibling line from node.parent). Returns the new line's nodes."""
    parent = node.parent
    pb = parent.board()
    alts = [m for m in pb.legal_moves if not parent.has_variation(m)]
    if not alts:
        return []
    m = rng.choice(alts) if rng.random() < 0.5 else pick(rng, pb, "spicy")
    if parent.has_variation(m):
        m = rng.choice(alts)
    first = parent.add_variation(m)
    extend_line(rng, first, length)
    line = [first]
    while line[-1].variations:
        line.append(line[-1].variations[0])
    return line


def add_variations(rng, game, max_ply=None, count=None):
    """1-3 variations on mainline moves, sometimes nested 2-3 deep. max_ply limits where."""
    nodes = [n for n in mainline_nodes(game) if max_ply is None or depth_of(n) <= max_ply]
    if not nodes:
        return 0
    if count is None:
        count = rng.randint(1, 3)
    added = 0
    for _ in range(count):
        line = add_variation_at(rng, rng.choice(nodes), rng.randint(0, 6))
        if not line:
            continue
        added += 1
        depth = 1
        while depth < 3 and len(line) > 1 and rng.random() < 0.45:
            line = add_variation_at(rng, rng.choice(line[1:]), rng.randint(0, 5))
            if not line:
                break
            depth += 1
    return added


def decorate(rng, game, max_ply=None, allow_line_comments=True):
    """Comments, NAGs and ';' comments (returned as {id(node): text})."""
    all_nodes = []
    stack = list(game.variations)
    while stack:
        n = stack.pop()
        all_nodes.append(n)
        stack.extend(n.variations)
    all_nodes.sort(key=lambda n: (depth_of(n), str(n.move)))  # deterministic order
    if rng.random() < 0.15:
        game.comment = rng.choice(COMMENTS)
    for n in all_nodes:
        if max_ply is not None and depth_of(n) > max_ply:
            continue
        r = rng.random()
        if r < 0.05:
            n.comment = rng.choice(COMMENTS)
        elif r < 0.10:
            n.nags.add(rng.choice(NAGS))
            if rng.random() < 0.2:
                n.nags.add(rng.choice(NAGS))
    line_comments = {}
    if allow_line_comments and rng.random() < 0.35:
        cands = [n for n in mainline_nodes(game)
                 if not n.nags and not n.comment and (max_ply is None or depth_of(n) <= max_ply)]
        for n in rng.sample(cands, min(len(cands), rng.randint(1, 2))):
            line_comments[id(n)] = rng.choice(LINE_COMMENTS)
    return line_comments


class Writer(chess.pgn.StringExporter):
    """StringExporter that can replace a move's SAN, insert tokens before it,
    add a ';' comment after it, or end the game with an unterminated comment.
    Hooks are keyed by id(node); with no hooks the output is StringExporter's."""

    def __init__(self, game, replace=None, insert=None, line_comments=None, tail=None):
        super().__init__(columns=80, headers=True, comments=True, variations=True)
        self.game = game
        self.replace = replace or {}
        self.insert = insert or {}
        self.line_comments = line_comments or {}
        self.tail = tail

    def node_of(self, board, move):
        n = self.game
        for m in board.move_stack:
            n = n.variation(m)
        return n.variation(move)

    def visit_move(self, board, move):
        key = id(self.node_of(board, move))
        if board.turn == chess.WHITE:
            self.write_token(str(board.fullmove_number) + ". ")
        elif self.force_movenumber:
            self.write_token(str(board.fullmove_number) + "... ")
        for tok in self.insert.get(key, ()):
            self.write_token(tok + " ")
        self.write_token(self.replace.get(key, board.san(move)) + " ")
        self.force_movenumber = False
        if key in self.line_comments:
            self.write_token("; " + self.line_comments[key])
            self.flush_current_line()
            self.force_movenumber = True

    def visit_result(self, result):
        if self.tail is not None:
            self.write_token(self.tail)
        else:
            super().visit_result(result)


# ------------------------------------------------- illegal / ambiguous tokens

def legal_key_clash(board, tok):
    """True if a lenient reader (ignoring x, +/# and disambiguation) could match a legal move."""
    bare = tok.rstrip("+#")
    legal = list(board.legal_moves)
    if bare in ("O-O", "O-O-O"):
        side = board.is_kingside_castling if bare == "O-O" else board.is_queenside_castling
        return any(side(m) for m in legal)
    mt = SAN_RE.match(tok)
    assert mt, tok
    piece, ffile, _rank, _x, to, promo, _chk = mt.groups()
    to_sq = chess.parse_square(to)
    pt = chess.PIECE_SYMBOLS.index(piece.lower()) if piece else chess.PAWN
    for m in legal:
        if m.to_square != to_sq or board.piece_type_at(m.from_square) != pt:
            continue
        if pt == chess.PAWN:
            from_file = chess.FILE_NAMES[chess.square_file(m.from_square)]
            if from_file != (ffile or to[0]):
                continue
        return True
    return False


def strongly_illegal(board, tok):
    try:
        board.parse_san(tok)
    except chess.IllegalMoveError:
        pass
    except ValueError:
        return False
    else:
        return False
    return not legal_key_clash(board, tok)


def raw_san(board, m):
    """SAN-like text for a pseudo-legal (possibly illegal) move; None if it would need disambiguation."""
    pt = board.piece_type_at(m.from_square)
    cap = board.is_capture(m)
    to = chess.square_name(m.to_square)
    if pt == chess.PAWN:
        s = (chess.FILE_NAMES[chess.square_file(m.from_square)] + "x" + to) if cap else to
        if m.promotion:
            s += "=" + chess.piece_symbol(m.promotion).upper()
        return s
    others = [x for x in board.pseudo_legal_moves
              if x.to_square == m.to_square and x.from_square != m.from_square
              and board.piece_type_at(x.from_square) == pt]
    if others:
        return None
    return chess.piece_symbol(pt).upper() + ("x" if cap else "") + to


def illegal_candidates(board, kind, pool, rng):
    """[(token, subkind)] of strongly illegal tokens of the given kind in this position."""
    out = []
    if kind == "foreign":
        for tok in rng.sample(pool, min(len(pool), 40)):
            if strongly_illegal(board, tok):
                out.append((tok, "foreign"))
                break
    elif kind in ("pinned", "king_into_check"):
        if kind == "pinned" and board.is_check():
            return out
        for m in board.pseudo_legal_moves:
            if board.is_legal(m) or board.is_castling(m):
                continue
            pt = board.piece_type_at(m.from_square)
            if kind == "pinned" and (pt == chess.KING or not board.is_pinned(board.turn, m.from_square)):
                continue
            if kind == "king_into_check" and pt != chess.KING:
                continue
            tok = raw_san(board, m)
            if tok and strongly_illegal(board, tok):
                out.append((tok, kind))
    elif kind == "castling":
        rank = 0 if board.turn == chess.WHITE else 7
        king = chess.square(4, rank)
        if board.piece_at(king) != chess.Piece(chess.KING, board.turn):
            return out
        for tok, rook_file, path, kdest, kpass in (("O-O", 7, [5, 6], 6, 5), ("O-O-O", 0, [1, 2, 3], 2, 3)):
            if board.piece_at(chess.square(rook_file, rank)) != chess.Piece(chess.ROOK, board.turn):
                continue
            if any(board.piece_at(chess.square(f, rank)) for f in path):
                continue
            if not strongly_illegal(board, tok):
                continue
            rook_sq = chess.square(rook_file, rank)
            if not board.castling_rights & chess.BB_SQUARES[rook_sq]:
                sub = "castling_no_rights"
            elif board.is_check():
                sub = "castling_in_check"
            elif board.is_attacked_by(not board.turn, chess.square(kpass, rank)):
                sub = "castling_through_check"
            else:
                sub = "castling_into_check"
            out.append((tok, sub))
    elif kind == "blocked_pawn":
        step = 8 if board.turn == chess.WHITE else -8
        start_rank = 1 if board.turn == chess.WHITE else 6
        last_rank = 7 if board.turn == chess.WHITE else 0
        for sq in board.pieces(chess.PAWN, board.turn):
            one = sq + step
            targets = []
            if board.piece_at(one):
                targets.append(one)
                if chess.square_rank(sq) == start_rank:
                    targets.append(one + step)
            elif chess.square_rank(sq) == start_rank and board.piece_at(one + step):
                targets.append(one + step)
            for t in targets:
                tok = chess.square_name(t)
                if chess.square_rank(t) == last_rank:
                    tok += "=Q"
                if strongly_illegal(board, tok):
                    out.append((tok, "blocked_pawn"))
    return out


def needs_disambiguation(board):
    """Legal moves whose SAN carries a disambiguation."""
    groups = {}
    for m in board.legal_moves:
        pt = board.piece_type_at(m.from_square)
        if pt in (chess.PAWN, chess.KING):
            continue
        groups.setdefault((pt, m.to_square), []).append(m)
    return [m for ms in groups.values() if len(ms) > 1 for m in ms]


def strip_disambiguation(san):
    mt = DIS_RE.match(san)
    assert mt and (mt.group(2) or mt.group(3)), san
    return mt.group(1) + mt.group(4) + mt.group(5) + mt.group(6)


# ----------------------------------------------------------------- building

class Spec:
    def __init__(self, category, start, game, moves, plies, diags, **hooks):
        self.category = category
        self.start = start
        self.game = game
        self.moves = moves          # full mainline of the tree (incl. dead moves after an error)
        self.plies = plies
        self.diags = diags
        self.replace = hooks.get("replace", {})
        self.insert = hooks.get("insert", {})
        self.line_comments = hooks.get("line_comments", {})
        self.tail = hooks.get("tail")
        self.check = hooks.get("check")  # what python-chess must report


def diag(code, ply, san):
    return {"code": code, "ply": ply, "san": san}


def build_valid(rng, pool):
    specs = []
    targets = ["checkmate"] * N_VALID_MATE + ["stalemate"] * N_VALID_STALEMATE + \
        [None] * (N_VALID_START - N_VALID_MATE - N_VALID_STALEMATE)
    rng.shuffle(targets)
    for i, target in enumerate(targets):
        start = chess.Board()
        if target:
            moves = playout_until(rng, target)
        else:
            n = [1, 2, 3][i] if i < 3 else rng.randint(1, 160)
            moves = playout(rng, start, n, "plain" if rng.random() < 0.25 else "spicy")
        game = make_game(start, moves)
        if rng.random() < 0.6:
            add_variations(rng, game)
        lc = decorate(rng, game)
        final = board_after(start, moves)
        game.headers["Result"] = result_for(rng, final)
        specs.append(Spec("valid", start, game, moves, len(moves), [], line_comments=lc, check="clean"))
        b = chess.Board()
        for m in moves:
            pool.append(b.san(m))
            b.push(m)
    # from a FEN
    for i in range(N_VALID_FEN):
        want_black = i % 2 == 0
        want_ep = i < 2
        while True:
            n = rng.randint(8, 90)
            pre = playout(rng, chess.Board(), n, "spicy")
            b = board_after(chess.Board(), pre)
            if b.is_game_over() or (b.turn == chess.BLACK) != want_black:
                continue
            if want_ep and not b.has_legal_en_passant():
                continue
            break
        start = chess.Board(b.fen())
        moves = playout(rng, start, rng.randint(1, 100), "spicy")
        if not moves:
            continue
        game = make_game(start, moves)
        if rng.random() < 0.5:
            add_variations(rng, game)
        lc = decorate(rng, game)
        game.headers["Result"] = result_for(rng, board_after(start, moves))
        specs.append(Spec("valid_fen", start, game, moves, len(moves), [], line_comments=lc, check="clean"))
    return specs


def build_illegal(rng, pool):
    specs = []
    for gi, kind in enumerate(ILLEGAL_KINDS):
        for _attempt in range(400):
            if gi < 2:   # illegal first move (white) / second move (black)
                moves = playout(rng, chess.Board(), rng.randint(10, 60), "spicy")
                order = [gi + 1]
            else:
                moves = playout(rng, chess.Board(), rng.randint(20, 120), "spicy")
                order = list(range(1, len(moves) + 1))
                rng.shuffle(order)
            found = None
            for k in order[:60]:
                b = board_after(chess.Board(), moves[:k - 1])
                cands = illegal_candidates(b, "foreign" if gi < 2 else kind, pool, rng)
                if cands:
                    found = (k, rng.choice(cands))
                    break
            if found:
                break
        else:
            raise SystemExit(f"no position found for illegal kind {kind}")
        k, (tok, sub) = found
        game = make_game(chess.Board(), moves)
        if rng.random() < 0.3 and k > 2:
            add_variations(rng, game, max_ply=k - 1, count=1)
        lc = decorate(rng, game, max_ply=k - 1)
        game.headers["Result"] = result_for(rng, board_after(chess.Board(), moves))
        node = mainline_nodes(game)[k - 1]
        specs.append(Spec("illegal_move:" + sub, chess.Board(), game, moves, k - 1,
                          [diag("illegal_move", k, tok)], replace={id(node): tok},
                          line_comments=lc, check=("error", chess.IllegalMoveError)))
    return specs


def build_ambiguous(rng):
    specs = []
    while len(specs) < N_AMBIGUOUS:
        b = chess.Board()
        pre = []
        min_k = rng.randint(1, 80)
        found = None
        while len(pre) < 140 and not b.is_game_over():
            if len(pre) + 1 >= min_k:
                cands = needs_disambiguation(b)
                if cands:
                    found = rng.choice(sorted(cands, key=lambda m: m.uci()))
                    break
            m = pick(rng, b, "spicy")
            b.push(m)
            pre.append(m)
        if not found:
            continue
        k = len(pre) + 1
        san = b.san(found)
        tok = strip_disambiguation(san)
        try:
            b.parse_san(tok)
            raise AssertionError("not ambiguous: " + tok)
        except chess.AmbiguousMoveError:
            pass
        b.push(found)
        rest = playout(rng, b, rng.randint(0, 40), "spicy")
        moves = pre + [found] + rest
        game = make_game(chess.Board(), moves)
        if rng.random() < 0.3 and k > 2:
            add_variations(rng, game, max_ply=k - 1, count=1)
        lc = decorate(rng, game, max_ply=k - 1)
        game.headers["Result"] = result_for(rng, board_after(chess.Board(), moves))
        node = mainline_nodes(game)[k - 1]
        specs.append(Spec("ambiguous_move", chess.Board(), game, moves, k - 1,
                          [diag("ambiguous_move", k, tok)], replace={id(node): tok},
                          line_comments=lc, check=("error", chess.AmbiguousMoveError)))
    return specs


def build_check_annotation(rng):
    specs = []
    for kind in CHECK_KINDS:
        while True:
            if kind in ("drop_mate", "mate_as_check"):
                moves = playout_until(rng, "checkmate")
            else:
                moves = playout(rng, chess.Board(), rng.randint(10, 140), "spicy")
            b = chess.Board()
            sans = []
            for m in moves:
                sans.append(b.san(m))
                b.push(m)
            if kind in ("drop_mate", "mate_as_check"):
                k = len(moves)
                assert sans[-1].endswith("#")
            else:
                want = (lambda s: s.endswith("+")) if kind in ("drop_check", "check_as_mate") else \
                    (lambda s: not s.endswith("+") and not s.endswith("#"))
                ks = [i + 1 for i, s in enumerate(sans) if want(s)]
                if not ks:
                    continue
                k = rng.choice(ks)
            break
        san = sans[k - 1]
        tok = {"drop_check": san[:-1], "drop_mate": san[:-1], "add_check": san + "+",
               "mate_as_check": san[:-1] + "+", "check_as_mate": san[:-1] + "#"}[kind]
        game = make_game(chess.Board(), moves)
        if rng.random() < 0.4:
            add_variations(rng, game)
        lc = decorate(rng, game)
        game.headers["Result"] = result_for(rng, board_after(chess.Board(), moves))
        node = mainline_nodes(game)[k - 1]
        specs.append(Spec("check_annotation:" + kind, chess.Board(), game, moves, len(moves),
                          [diag("check_annotation", k, tok)], replace={id(node): tok},
                          line_comments=lc, check="clean"))
    return specs


def build_result_mismatch(rng):
    specs = []
    for kind in RESULT_KINDS:
        target = "checkmate" if kind == "mate_flipped" else "stalemate"
        moves = playout_until(rng, target)
        final = board_after(chess.Board(), moves)
        if kind == "mate_flipped":
            result = "1-0" if final.turn == chess.WHITE else "0-1"   # the mated side "wins"
        else:
            result = rng.choice(["1-0", "0-1"])
        game = make_game(chess.Board(), moves)
        if rng.random() < 0.4:
            add_variations(rng, game)
        lc = decorate(rng, game)
        game.headers["Result"] = result
        specs.append(Spec("result_mismatch:" + kind, chess.Board(), game, moves, len(moves),
                          [diag("result_mismatch", None, None)], line_comments=lc, check="clean"))
    return specs


def build_garbage(rng, pool):
    specs = []
    for i in range(N_SYNTAX):
        moves = playout(rng, chess.Board(), rng.randint(6, 100), "spicy")
        k = 1 if i == 0 else rng.randint(1, len(moves))
        tok = GARBAGE[i % len(GARBAGE)]
        game = make_game(chess.Board(), moves)
        if rng.random() < 0.3 and k > 2:
            add_variations(rng, game, max_ply=k - 1, count=1)
        lc = decorate(rng, game, max_ply=k - 1)
        game.headers["Result"] = result_for(rng, board_after(chess.Board(), moves))
        node = mainline_nodes(game)[k - 1]
        specs.append(Spec("syntax", chess.Board(), game, moves, k - 1, [diag("syntax", k, tok)],
                          insert={id(node): [tok]}, line_comments=lc, check="syntax"))
    kinds = ["foreign", "king_into_check", "blocked_pawn", "pinned"]
    for i in range(N_VARIATION_ILLEGAL):
        while True:
            moves = playout(rng, chess.Board(), rng.randint(20, 120), "spicy")
            game = make_game(chess.Board(), moves)
            add_variations(rng, game, count=rng.randint(1, 3))
            var_nodes = []
            stack = [n for n in mainline_nodes(game)]
            seen = set(id(n) for n in stack)
            while stack:
                n = stack.pop()
                for v in n.variations:
                    if id(v) not in seen:
                        seen.add(id(v))
                        stack.append(v)
                        var_nodes.append(v)
            var_nodes.sort(key=lambda n: (depth_of(n), n.move.uci()))
            rng.shuffle(var_nodes)
            found = None
            for vn in var_nodes:
                b = vn.parent.board()
                cands = illegal_candidates(b, kinds[i % len(kinds)], pool, rng)
                if cands:
                    found = (vn, rng.choice(cands))
                    break
            if found:
                break
        vn, (tok, sub) = found
        lc = decorate(rng, game)
        game.headers["Result"] = result_for(rng, board_after(chess.Board(), moves))
        spec = Spec("variation_illegal:" + sub, chess.Board(), game, moves, len(moves),
                    [diag("illegal_move", depth_of(vn), tok)], replace={id(vn): tok},
                    line_comments=lc, check=("variation_error", chess.IllegalMoveError))
        spec.var_board_fen = vn.parent.board().fen()
        specs.append(spec)
    return specs


def build_unterminated(rng):
    while True:   # an ongoing final position, so that "*" is the natural result
        moves = playout(rng, chess.Board(), rng.randint(20, 60), "spicy")
        if status_of(board_after(chess.Board(), moves)) == "ongoing":
            break
    game = make_game(chess.Board(), moves)
    decorate(rng, game, allow_line_comments=False)
    game.headers["Result"] = "*"
    return Spec("unterminated", chess.Board(), game, moves, len(moves),
                [diag("unterminated", None, None)],
                tail="{ this comment is never closed, so the game has no termination marker",
                check="clean")


# ------------------------------------------------------------------ writing

def render(spec, index):
    g = spec.game
    old = g.headers
    g.headers = chess.pgn.Headers(Event=f"jaque generated {index}", Site="?", Date="????.??.??",
                                  Round="?", White="?", Black="?", Result=old["Result"])
    if "FEN" in old:
        g.headers["SetUp"] = old["SetUp"]
        g.headers["FEN"] = old["FEN"]
    g.headers["Generator"] = f"{GENERATOR} seed {SEED}"
    return g.accept(Writer(g, spec.replace, spec.insert, spec.line_comments, spec.tail))


def expect_line(spec, index):
    b = board_after(spec.start, spec.moves[:spec.plies])
    return {"game": index, "category": spec.category, "plies": spec.plies, "final_fen": b.fen(),
            "status": status_of(b), "diagnostics": spec.diags}


def count_tree(game):
    total, stack = 0, list(game.variations)
    while stack:
        n = stack.pop()
        total += 1
        stack.extend(n.variations)
    return total


def verify(text, specs, expects):
    import io
    handle = io.StringIO(text)
    parsed = []
    while True:
        g = chess.pgn.read_game(handle)
        if g is None:
            break
        parsed.append(g)
    assert len(parsed) == len(specs), (len(parsed), len(specs))
    for i, (g, spec, exp) in enumerate(zip(parsed, specs, expects)):
        where = f"game {i} ({spec.category})"
        assert g.headers["Event"] == f"jaque generated {i}", where
        pmoves = list(g.mainline_moves())
        pfen = g.end().board().fen()
        errs = g.errors
        if spec.check in ("clean", "syntax"):
            assert errs == [], (where, errs)
            assert pmoves == spec.moves, where
            if spec.check == "clean":
                assert pfen == exp["final_fen"], where
                assert count_tree(g) == count_tree(spec.game), where
        else:
            what, cls = spec.check
            tok = exp["diagnostics"][0]["san"].rstrip("+#")
            if what == "error":
                assert len(errs) == 1 and type(errs[0]) is cls, (where, errs)
                assert len(pmoves) == spec.plies and pmoves == spec.moves[:spec.plies], where
                assert pfen == exp["final_fen"], where
                assert str(errs[0]).endswith(f"{tok!r} in {pfen}"), (where, errs)
            else:
                # python-chess 1.11.2 does not pop its board stack after an error inside a
                # variation, so later errors (and the mainline after the variation) are
                # artefacts; only its first error is checked.
                assert errs and type(errs[0]) is cls, (where, errs)
                vfen = spec.var_board_fen
                assert str(errs[0]).endswith(f"{tok!r} in {vfen}"), (where, errs)
        if spec.category in ("valid", "valid_fen"):
            st, res = exp["status"], g.headers["Result"]
            if st == "checkmate":
                assert res == ("0-1" if g.end().board().turn == chess.WHITE else "1-0"), where
            elif st != "ongoing":
                assert res == "1/2-1/2", where


def features(specs):
    f = {"checkmate": 0, "stalemate": 0, "castling_kingside": 0, "castling_queenside": 0,
         "en_passant": 0, "promotion": 0, "underpromotion": 0, "variations": 0, "nested_variations": 0,
         "comments": 0, "nags": 0, "line_comments": 0, "black_to_move_fen": 0}
    for s in specs:
        if s.category not in ("valid", "valid_fen"):
            continue
        b = s.start.copy()
        for m in s.moves:
            f["castling_kingside"] += b.is_kingside_castling(m)
            f["castling_queenside"] += b.is_queenside_castling(m)
            f["en_passant"] += b.is_en_passant(m)
            f["promotion"] += bool(m.promotion)
            f["underpromotion"] += bool(m.promotion and m.promotion != chess.QUEEN)
            b.push(m)
        st = status_of(b)
        f["checkmate"] += st == "checkmate"
        f["stalemate"] += st == "stalemate"
        f["line_comments"] += len(s.line_comments)
        f["black_to_move_fen"] += s.category == "valid_fen" and s.start.turn == chess.BLACK
        stack = [(n, 0) for n in s.game.variations]
        main = set(id(n) for n in s.game.mainline())
        while stack:
            n, d = stack.pop()
            if id(n) not in main and n.parent.variations[0] is not n:
                f["variations"] += 1
                if d >= 1:
                    f["nested_variations"] += 1
            nd = d + (1 if (id(n) not in main and n.parent.variations[0] is not n) else 0)
            f["comments"] += bool(n.comment)
            f["nags"] += len(n.nags)
            stack.extend((c, nd) for c in n.variations)
    return f


def main():
    out_dir = sys.argv[1] if len(sys.argv) > 1 else DEFAULT_OUT
    rng = random.Random(SEED)
    pool = []
    specs = build_valid(rng, pool)
    pool = sorted(set(pool))
    specs += build_illegal(rng, pool)
    specs += build_ambiguous(rng)
    specs += build_check_annotation(rng)
    specs += build_result_mismatch(rng)
    specs += build_garbage(rng, pool)
    rng.shuffle(specs)
    specs.append(build_unterminated(rng))

    texts = [render(s, i) for i, s in enumerate(specs)]
    expects = [expect_line(s, i) for i, s in enumerate(specs)]
    text = "\n\n".join(texts) + "\n"
    verify(text, specs, expects)

    f = features(specs)
    for key in ("checkmate", "castling_kingside", "castling_queenside", "en_passant", "promotion",
                "underpromotion", "nested_variations", "line_comments"):
        assert f[key] >= 5, (key, f)
    assert f["checkmate"] >= 10 and f["stalemate"] >= 5, f

    os.makedirs(out_dir, exist_ok=True)
    with open(os.path.join(out_dir, "generated.pgn"), "w", encoding="utf-8", newline="\n") as fh:
        fh.write(text)
    with open(os.path.join(out_dir, "generated.expect.jsonl"), "w", encoding="utf-8", newline="\n") as fh:
        fh.write(json.dumps({"generator": GENERATOR, "seed": SEED, "oracle": ORACLE,
                             "games": len(specs)}) + "\n")
        for e in expects:
            fh.write(json.dumps(e) + "\n")

    cats = {}
    for s in specs:
        cats[s.category] = cats.get(s.category, 0) + 1
    print(f"{len(specs)} games, {len(text.encode())} bytes", file=sys.stderr)
    for c in sorted(cats):
        print(f"  {c}: {cats[c]}", file=sys.stderr)
    print("  valid-game features: " + ", ".join(f"{k}={v}" for k, v in f.items()), file=sys.stderr)


if __name__ == "__main__":
    main()
