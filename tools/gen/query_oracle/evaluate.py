"""A query's tree (`language.py`) evaluated over a game's mainline with python-chess: every
form gives one value per position (ply 0 first), so that `line` can look ahead.

A `Line` holds the boards and the moves that reached them; its `mirrored()` is the same game
with colours exchanged and ranks mirrored (`Board.mirror()` for each board; each move's squares
mirrored, so that its mover is the other colour), which is what `flipcolor` evaluates.
"""

import functools

import chess

from .language import QueryError
from .transforms import copies

COLOURS = {True: "KQRBNP", False: "kqrbnp"}


class Line:
    """A line of play's boards and, per position, the move that reached it (None at the first);
    `first` is the ply of the first board (0 for a mainline; a variation's line starts at its
    branch point, since no form looks back further than the last move)."""

    def __init__(self, boards, moves, first=0):
        self.boards = boards
        self.moves = moves
        self.first = first
        self.cache = {}
        self._mirror = None

    def mirrored(self):
        if self._mirror is None:
            moves = [None if m is None else chess.Move(chess.square_mirror(m.from_square),
                                                       chess.square_mirror(m.to_square),
                                                       m.promotion, m.drop)
                     for m in self.moves]
            self._mirror = Line([b.mirror() for b in self.boards], moves, self.first)
            self._mirror._mirror = self
        return self._mirror

    def each(self, key, fact):
        """`fact(board)` per position, computed once per line."""
        if key not in self.cache:
            self.cache[key] = [fact(b) for b in self.boards]
        return self.cache[key]

    def each_move(self):
        """`last_moves`, computed once per line."""
        if "moves" not in self.cache:
            self.cache["moves"] = last_moves(self)
        return self.cache["moves"]


TYPES = {"K": chess.KING, "Q": chess.QUEEN, "R": chess.ROOK, "B": chess.BISHOP,
         "N": chess.KNIGHT, "P": chess.PAWN}


def allowed(kinds):
    """The letters a piece designator accepts (`A`, `a`: every piece of a colour)."""
    letters = set(kinds)
    if "A" in letters:
        letters |= set(COLOURS[True])
    if "a" in letters:
        letters |= set(COLOURS[False])
    return letters - {"A", "a"}


@functools.lru_cache(maxsize=None)
def mask(squares):
    return sum(1 << s for s in squares)


def squares_of(board, found):
    """The squares of a designator ("set", pieces, squares) on a board, as a bitboard."""
    _, kinds, where = found
    where = chess.BB_ALL if where is None else mask(where)
    if kinds is None:
        return where
    held = 0
    for symbol in allowed(kinds):
        if symbol == "_":
            held |= ~board.occupied & chess.BB_ALL
        else:
            held |= board.pieces_mask(TYPES[symbol.upper()], symbol.isupper())
    return held & where


def last_moves(line):
    """Per ply: (board before, move, to-square) of the move that reached it, or None; a null
    move counts as no move. Castling's to-square is the king's castled square."""
    out = [None]
    for ply in range(1, len(line.boards)):
        before, move = line.boards[ply - 1], line.moves[ply]
        if not move:
            out.append(None)
            continue
        to = move.to_square
        if before.is_castling(move):
            file = 6 if before.is_kingside_castling(move) else 2
            to = chess.square(file, chess.square_rank(move.from_square))
        out.append((before, move, to))
    return out


def moved(line, source, target):
    result = []
    for board, last in zip(line.boards, line.each_move()):
        if last is None:
            result.append(False)
            continue
        before, move, to = last
        ok = source is None or bool(squares_of(before, source) >> move.from_square & 1)
        result.append(ok and (target is None or squares_of(board, target) >> to & 1 == 1))
    return result


def promoted(line, kinds):
    result = []
    for last in line.each_move():
        if last is None or last[1].promotion is None:
            result.append(False)
            continue
        before, move, _ = last
        piece = chess.Piece(move.promotion, before.turn).symbol()
        result.append(kinds is None or piece in allowed(kinds))
    return result


def pinned(board, found):
    held = squares_of(board, found) & board.occupied
    return any(board.is_pinned(board.color_at(s), s) for s in chess.scan_forward(held))


def attacking(board, left, right):
    targets = squares_of(board, right)
    held = squares_of(board, left) & board.occupied
    return any(board.attacks_mask(s) & targets for s in chess.scan_forward(held))


def numbers(line, term):
    if term[0] == "int":
        return [term[1]] * len(line.boards)
    if term[0] == "ply":
        return list(range(line.first, line.first + len(line.boards)))
    return [chess.popcount(squares_of(b, term[1])) for b in line.boards]


COMPARE = {"==": lambda a, b: a == b, "!=": lambda a, b: a != b, "<": lambda a, b: a < b,
           "<=": lambda a, b: a <= b, ">": lambda a, b: a > b, ">=": lambda a, b: a >= b}


def sequence(line, elements):
    """`line --> …`: per ply, whether the elements match consecutive positions from there."""
    n = len(line.boards)
    ahead = [True] * (n + 1)  # the rest matches from p (p == n: past the last position)
    for element, least, most in reversed(elements):
        holds = values(line, element)
        run = [0] * (n + 1)
        for p in range(n - 1, -1, -1):
            run[p] = run[p + 1] + 1 if holds[p] else 0
        now = [False] * (n + 1)
        for p in range(n + 1):
            top = run[p] if most is None else min(most, run[p])
            now[p] = any(ahead[p + c] for c in range(least, top + 1))
        ahead = now
    return ahead[:n]


def values(line, tree):
    """The query's value at every position of the line."""
    kind = tree[0]
    if kind in ("check", "mate", "stalemate"):
        fact = {"check": chess.Board.is_check, "mate": chess.Board.is_checkmate,
                "stalemate": chess.Board.is_stalemate}[kind]
        return line.each(kind, fact)
    if kind in ("wtm", "btm"):
        return [b.turn == (kind == "wtm") for b in line.boards]
    if kind == "capture":
        return [last is not None and last[0].is_capture(last[1]) for last in line.each_move()]
    if kind == "move":
        return moved(line, tree[1], tree[2])
    if kind == "promote":
        return promoted(line, tree[1])
    if kind == "pinned":
        return [pinned(b, tree[1]) for b in line.boards]
    if kind == "attacks":
        return [attacking(b, tree[1], tree[2]) for b in line.boards]
    if kind == "nonempty":
        _, kinds, where = tree[1]
        if kinds is None:
            return [bool(mask(where))] * len(line.boards)
        where = chess.BB_ALL if where is None else mask(where)
        held = line.each(("held", frozenset(kinds)), lambda b: squares_of(b, tree[1][:2] + (None,)))
        return [bool(h & where) for h in held]
    if kind == "compare":
        op = COMPARE[tree[1]]
        return [op(a, b) for a, b in zip(numbers(line, tree[2]), numbers(line, tree[3]))]
    if kind == "not":
        return [not v for v in values(line, tree[1])]
    if kind in ("and", "or"):
        parts = [values(line, part) for part in tree[1]]
        join = all if kind == "and" else any
        return [join(vs) for vs in zip(*parts)]
    if kind == "flipcolor":
        plain, flipped = values(line, tree[1]), values(line.mirrored(), tree[1])
        return [a or b for a, b in zip(plain, flipped)]
    if kind == "line":
        return sequence(line, tree[1])
    if kind == "transform":
        parts = [values(line, copy) for copy in copies(tree[1], tree[2])]
        return [any(vs) for vs in zip(*parts)]
    if kind == "material":
        return [material(b, tree[1], tree[2]) for b in line.boards]
    raise QueryError(f"no evaluation for {kind}")


def material(board, white, black):
    """Whether each side has exactly the pieces counted (kings aside)."""
    for colour, counts in ((chess.WHITE, white), (chess.BLACK, black)):
        for letter, wanted in counts.items():
            if chess.popcount(board.pieces_mask(TYPES[letter], colour)) != wanted:
                return False
    return True


def matching_plies(line, tree):
    """The ascending plies whose position satisfies the query."""
    return [ply for ply, hit in enumerate(values(line, tree), line.first) if hit]
