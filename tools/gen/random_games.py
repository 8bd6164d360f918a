"""Random python-chess games: the weighted random move, the playouts made of it and the few
helpers around them, for every generator that plays random games (gen_fix_cases.py,
gen_pgn_cases.py, gen_python_oracle.py, gen_record_oracle.py, gen_select_cases.py).

A move is picked by `pick(rng, board, style, bias)`. The style says what the game is after:
  plain      any move (a uniform choice, unless the bias weighs plain moves too)
  spicy      captures, promotions, castling, en passant and checks more often than not
  mate       the same, keener on captures and checks, and on a mating move when there is one
  stalemate  captures, no checks, a stalemating move when there is one
  promo      pawns pushed on and promoted (the fix corpus's promotion kinds)
The bias says by how much: each generator's data were made with weights of its own, and each
keeps them here, side by side (FIX_CASES, PGN_CASES, ANNOTATED, VARIATIONS, SELECT_CASES
below), so that random.Random(seed) makes the same calls in the same order and the committed
data regenerate byte-identical. A new generator takes one of them or adds its own.

Two ways of taking a finishing move (checkmate or stalemate) exist, and a bias has one:
- looked for first (`mate_first`, `stalemate_first`: style -> probability): every legal move
  is tried; if one finishes the game, it is played with that probability, before the weights
  are drawn;
- found among the weighted moves (`finish_late`): only checking moves (and, for the style
  stalemate with few pieces left, every move) are tried while weighing; a mating move is
  played for the style mate, and for the styles of `late_mate` half of the time; the style
  stalemate plays a stalemating move when there is one and else avoids mating moves; the
  styles of `avoid_stalemate` leave stalemating moves out.
"""

from dataclasses import dataclass, field

import chess


@dataclass(frozen=True)
class Bias:
    """How much more likely than a quiet move (weight 1) each kind of move is, by style.

    The dicts map a style to the weight added; the key "*" stands for any other style."""

    capture: dict
    check: dict
    promotion: tuple            # (to a queen, to another piece)
    castling: tuple             # (standard chess, Chess960)
    en_passant: int
    pawn: int = 0               # any pawn move
    double_push_beside: int = 0  # a double push, for each enemy pawn it lands beside
    promo_promotion: int = 0    # style promo: added to a promotion
    promo_advance: bool = False  # style promo: a pawn move adds 2 + the ranks it has come
    plain_uniform: bool = True  # style plain: a uniform choice, no weights
    mate_first: dict = field(default_factory=dict)
    stalemate_first: dict = field(default_factory=dict)
    finish_late: bool = False
    few_pieces: int = 0         # finish_late: "few pieces" for the style stalemate
    late_mate: tuple = ()
    avoid_stalemate: tuple = ()


def _by_style(table, style):
    return table[style] if style in table else table["*"]


# tests/data/pgn/fix_input.pgn (gen_fix_cases.py, fix_cases/).
FIX_CASES = Bias(
    capture={"spicy": 3, "mate": 4, "stalemate": 8, "promo": 2},
    check={"spicy": 2, "mate": 3, "stalemate": 0, "promo": 1},
    promotion=(8, 4), castling=(10, 10), en_passant=20, double_push_beside=6,
    promo_promotion=30, promo_advance=True,
    finish_late=True, few_pieces=12, late_mate=("spicy", "promo"),
    avoid_stalemate=("spicy", "mate", "promo"))

# tests/data/pgn/generated.pgn (gen_pgn_cases.py, pgn_cases/).
PGN_CASES = Bias(
    capture={"spicy": 3, "mate": 4, "stalemate": 8},
    check={"spicy": 2, "mate": 3, "stalemate": 0},
    promotion=(8, 3), castling=(10, 10), en_passant=20, double_push_beside=6,
    finish_late=True, few_pieces=14, late_mate=("spicy",), avoid_stalemate=("mate",))

# python/tests/data/annotated.pgn (gen_python_oracle.py, python_oracle_games.py): plain moves
# are weighed too.
ANNOTATED = Bias(
    capture={"mate": 4, "stalemate": 6, "*": 2},
    check={"mate": 3, "stalemate": 0, "*": 1},
    promotion=(6, 2), castling=(10, 40), en_passant=10, plain_uniform=False,
    mate_first={"mate": 0.9, "spicy": 0.3}, stalemate_first={"stalemate": 0.9})

# tests/data/pgn/variations.pgn (gen_record_oracle.py).
VARIATIONS = Bias(
    capture={"mate": 4, "*": 2},
    check={"mate": 3, "*": 1},
    promotion=(8, 4), castling=(12, 40), en_passant=30, pawn=1, double_push_beside=8,
    mate_first={"mate": 0.9, "*": 0.4})

# tests/data/pgn/select.pgn (gen_select_cases.py, select_cases/): plain moves weighed too,
# keen on castling and promotions (the duplicates' `0-0` and `e8Q`), mates and stalemates
# taken when the style wants them.
SELECT_CASES = Bias(
    capture={"mate": 4, "stalemate": 8, "*": 2},
    check={"mate": 3, "stalemate": 0, "*": 1},
    promotion=(10, 4), castling=(25, 25), en_passant=20, pawn=1, double_push_beside=6,
    plain_uniform=False,
    mate_first={"mate": 0.9, "spicy": 0.5}, stalemate_first={"stalemate": 0.9})


def finishing_moves(board, moves, test):
    """The moves of `moves` (legal in `board`) after which `test(board)` holds, in order."""
    found = []
    for m in moves:
        board.push(m)
        if test(board):
            found.append(m)
        board.pop()
    return found


def mating_moves(board):
    """The legal moves that checkmate, in python-chess's order."""
    return finishing_moves(board, [m for m in board.legal_moves if board.gives_check(m)],
                           chess.Board.is_checkmate)


def enemy_pawns_beside(board, m):
    """How many enemy pawns a double pawn push `m` lands beside (each may take en passant);
    0 for any other move."""
    if abs(m.to_square - m.from_square) != 16:
        return 0
    n = 0
    for adj in (m.to_square - 1, m.to_square + 1):
        if 0 <= adj < 64 and chess.square_rank(adj) == chess.square_rank(m.to_square) and \
                board.piece_at(adj) == chess.Piece(chess.PAWN, not board.turn):
            n += 1
    return n


def weight(board, m, style, bias):
    """How likely `m` is against a quiet move (1), for `style` under `bias`."""
    w = 1.0
    if board.is_capture(m):
        w += _by_style(bias.capture, style)
    if m.promotion:
        w += bias.promotion[0] if m.promotion == chess.QUEEN else bias.promotion[1]
        if style == "promo":
            w += bias.promo_promotion
    if board.is_castling(m):
        w += bias.castling[1] if board.chess960 else bias.castling[0]
    if board.is_en_passant(m):
        w += bias.en_passant
    if board.piece_type_at(m.from_square) == chess.PAWN:
        w += bias.pawn
        if style == "promo" and bias.promo_advance:
            rank = chess.square_rank(m.to_square)
            w += 2 + (rank if board.turn == chess.WHITE else 7 - rank)
        if bias.double_push_beside:
            w += bias.double_push_beside * enemy_pawns_beside(board, m)
    if board.gives_check(m):
        w += _by_style(bias.check, style)
    return w


def pick(rng, board, style, bias):
    """One random legal move of `board` (not over) for `style`, weighed by `bias`."""
    moves = list(board.legal_moves)
    if style == "plain" and bias.plain_uniform:
        return rng.choice(moves)
    p = bias.mate_first.get(style, bias.mate_first.get("*"))
    if p is not None:
        mates = mating_moves(board)
        if mates and rng.random() < p:
            return rng.choice(mates)
    p = bias.stalemate_first.get(style)
    if p is not None:
        stales = finishing_moves(board, moves, chess.Board.is_stalemate)
        if stales and rng.random() < p:
            return rng.choice(stales)
    weights = [weight(board, m, style, bias) for m in moves]
    if not bias.finish_late:
        return rng.choices(moves, weights)[0]

    few = len(board.piece_map()) <= bias.few_pieces
    tried = [m for m in moves if board.gives_check(m) or (style == "stalemate" and few)]
    mates = finishing_moves(board, tried, chess.Board.is_checkmate)
    stales = finishing_moves(board, tried, chess.Board.is_stalemate)
    if mates and (style == "mate" or (style in bias.late_mate and rng.random() < 0.5)):
        return rng.choice(mates)
    if style == "stalemate":
        if stales:
            return rng.choice(stales)
        left_out = mates
    elif style in bias.avoid_stalemate:
        left_out = stales
    else:
        left_out = []
    kept = [(m, w) for m, w in zip(moves, weights) if m not in left_out]
    if left_out and kept:
        moves, weights = [k[0] for k in kept], [k[1] for k in kept]
    return rng.choices(moves, weights)[0]


def playout(rng, start, nplies, style, bias):
    """The moves of a random game from `start` (a Board, left as it is), up to `nplies` of
    them or until the game is over."""
    board = start.copy()
    moves = []
    while len(moves) < nplies and not board.is_game_over():
        m = pick(rng, board, style, bias)
        board.push(m)
        moves.append(m)
    return moves


def board_after(start, moves):
    """`start` (left as it is) with `moves` played."""
    board = start.copy()
    for m in moves:
        board.push(m)
    return board


def extend_line(rng, node, n, style, bias):
    """Continues the line of `node` (a game node) with up to `n` random moves, each its
    parent's first variation, stopping when the game is over; returns the last node."""
    board = node.board()
    for _ in range(n):
        if board.is_game_over():
            break
        m = pick(rng, board, style, bias)
        node = node.add_variation(m)
        board.push(m)
    return node


def mainline_nodes(game):
    return list(game.mainline())


# What a random result tag is when the game is not over.
UNFINISHED = ["*", "*", "1-0", "0-1", "1/2-1/2"]


def dead_or_stalemate(board):
    return board.is_stalemate() or board.is_insufficient_material()


def result_for(rng, board, drawn=dead_or_stalemate, unfinished=UNFINISHED):
    """The result tag of a game that ends at `board`: the winner after a checkmate, a draw
    when `drawn(board)`, else a random one of `unfinished`."""
    if board.is_checkmate():
        return "0-1" if board.turn == chess.WHITE else "1-0"
    if drawn(board):
        return "1/2-1/2"
    return rng.choice(unfinished)
