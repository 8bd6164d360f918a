"""The games of select.pgn but the duplicates (duplicates.py): random games with random tags,
games that reach the targets by several move orders or only inside a variation, games from a
[FEN], games with an illegal or ambiguous move, games that end in each status, and games of
unusual form (no tags, no termination marker, a repeated tag, Latin-1, CRLF)."""

import chess
import chess.pgn

from game_trees import comment_or_nag
from random_games import SELECT_CASES, extend_line, playout, result_for

from .tags import random_tags
from .targets import NEAR_MISSES, TRANSPOSED, board_after
from .writing import Case

COMMENTS = ["a novelty", "the only move", "Zeitnot", "last book move", "and White resigned?"]
NAGS = [1, 2, 3, 4, 5, 6, 10, 14, 15, 16, 17, 18, 19]


def tree(moves, start=None):
    """A game of `moves` (Moves, or SAN separated by spaces) from `start` (or the standard
    position)."""
    game = chess.pgn.Game()
    board = chess.Board() if start is None else start.copy()
    if start is not None:
        game.setup(board)
    node = game
    for move in moves.split() if isinstance(moves, str) else moves:
        move = board.parse_san(move) if isinstance(move, str) else move
        node = node.add_variation(move)
        board.push(move)
    return game


def final_board(game):
    return game.end().board()


def setup_tags(tags, board, setup=True):
    """`tags` with SetUp and FEN (of `board`) after the roster."""
    extra = ([("SetUp", "1")] if setup else []) + [("FEN", board.fen())]
    return tags[:7] + extra + tags[7:]


def case(rng, kind, game, **kw):
    """A Case of `game` with random tags (its result the game's own, mostly), the result as
    its termination marker; a game from a FEN (a valid position) has SetUp and FEN tags."""
    assert game.board().is_valid(), game.board().fen()
    result = result_for(rng, final_board(game))
    tags = random_tags(rng, result)
    if game.headers.get("FEN"):
        tags = setup_tags(tags, game.board())
    return Case(kind=kind, tags=tags, game=game, marker=result, seed=rng.randrange(1 << 30),
                **kw)


def decorate(rng, game, variations):
    """Comments and NAGs on some mainline moves, and up to `variations` random variations."""
    nodes = list(game.mainline())
    for node in nodes:
        comment_or_nag(rng, node, COMMENTS, NAGS, 0.1)
    for _ in range(variations if len(nodes) > 2 else 0):
        node = rng.choice(nodes[1:])
        board = node.parent.board()
        moves = [m for m in board.legal_moves if m != node.move]
        if moves:
            side = node.parent.add_variation(rng.choice(moves))
            extend_line(rng, side, rng.randint(0, 6), "plain", SELECT_CASES)


def random_games(rng, n):
    """`n` random games from the standard position, 0 to 200 plies, some with variations,
    comments and NAGs."""
    cases = []
    for i in range(n):
        style = rng.choice(["plain", "spicy", "spicy", "mate", "stalemate"])
        length = rng.choice([0, 1, 2, rng.randint(3, 30), rng.randint(20, 80),
                             rng.randint(20, 80), rng.randint(60, 200)])
        game = tree(playout(rng, chess.Board(), length, style, SELECT_CASES))
        if rng.random() < 0.3:
            decorate(rng, game, rng.randint(0, 2))
        cases.append(case(rng, f"random {style}", game))
    return cases


def transpositions(rng):
    """Each target reached by each of its move orders, then random moves (or none); the near
    misses, whose placement is the target's and whose EPD is not."""
    cases = []
    for name, orders in TRANSPOSED.items():
        for order in orders:
            for more in (0, rng.randint(4, 40)):
                game = tree(order)
                extend_line(rng, game.end(), more, "spicy", SELECT_CASES)
                cases.append(case(rng, f"transposition {name}", game))
    for name, orders in NEAR_MISSES.items():
        for order in orders:
            game = tree(order)
            extend_line(rng, game.end(), rng.randint(0, 12), "plain", SELECT_CASES)
            cases.append(case(rng, f"near miss {name}", game))
    return cases


def fen_starts(rng):
    """Games from a [FEN]: positions of random games (white or black to move), one at a
    target, one that reaches a target, the standard position written as a FEN, one FEN
    without SetUp."""
    cases = []
    for i in range(8):
        start = chess.Board()
        for m in playout(rng, start, rng.randint(3, 30), "plain", SELECT_CASES):
            start.push(m)
        if start.is_game_over():
            continue
        game = tree(playout(rng, start, rng.randint(0, 40), "spicy", SELECT_CASES), start)
        cases.append(case(rng, "fen random", game))
    ruy = board_after(TRANSPOSED["ruy"][0])
    cases.append(case(rng, "fen at ruy", tree("Ba4 Nf6 O-O Be7", ruy)))
    cases.append(case(rng, "fen to ruy", tree("Nc6 Bb5 a6 Ba4", board_after("e4 e5 Nf3"))))
    standard = chess.Board()
    cases.append(case(rng, "fen standard", tree("e4 c5 Nf3 d6 d4", standard)))
    no_setup = case(rng, "fen without SetUp", tree("Nf6 c4 e6", board_after("d4")))
    no_setup.tags = [t for t in no_setup.tags if t[0] != "SetUp"]
    cases.append(no_setup)
    return cases


def in_variations(rng):
    """Targets reached only inside a variation: at depth 1 and 2; before a variation's
    illegal move (reached) and after it (not reached)."""
    cases = []
    game = tree("d4 d5 c4 c6 Nc3 Nf6")
    game.variations[0].variations[0].variations[0].add_line(
        [chess.Move.from_uci(u) for u in ("e7e6", "b1c3", "g8f6")])
    cases.append(case(rng, "variation qgd", game))
    # 1. e4 c5 2. Nc3 (2. Nf3 e6 (2... d6) 3. d4) 2... Nc6 3. d4: the Sicilian at depth 2.
    game = tree("e4 c5 Nc3 Nc6 d4")
    side = game.variations[0].variations[0].add_variation(chess.Move.from_uci("g1f3"))
    side.add_variation(chess.Move.from_uci("e7e6")).add_variation(chess.Move.from_uci("d2d4"))
    side.add_variation(chess.Move.from_uci("d7d6"))
    cases.append(case(rng, "nested variation sicilian", game))
    cases.extend(erroneous_variations(rng))
    return cases


def erroneous_variations(rng):
    """A variation with an illegal move, last in its game (python-chess 1.11.2 reads the
    moves after such a variation from the wrong board: none follows it here): the target
    before the error (reached) and after it (not reached)."""
    cases = []
    for reached in (True, False):
        game = tree("e4 Nf6 Nc3")
        side = game.variations[0].variations[0].add_variation(chess.Move.from_uci("e4e5"))
        last = side.add_variation(chess.Move.from_uci("d7d5"))
        c = case(rng, f"variation error {'after' if reached else 'before'} ep", game)
        node = last if reached else side
        c.after[id(node)] = illegal_king(node.board())
        cases.append(c)
    return cases


def illegal_king(board):
    """A king move of the side to move that no position allows: three squares away."""
    king = board.king(board.turn)
    for square in chess.SQUARES:
        if chess.square_distance(square, king) >= 3 and board.piece_at(square) is None:
            return "K" + chess.square_name(square)
    raise ValueError("no empty square three away from the king")


def ambiguous_at(game):
    """The first mainline node whose SAN needs a disambiguation, or None."""
    for node in game.mainline():
        board = node.parent.board()
        san = board.san(node.move)
        if san[0] in "NBRQ" and san[1] != "x" and not san[1:].startswith(
                chess.square_name(node.move.to_square)):
            return node, board
    return None


def _random_tree(rng, plies, style="spicy"):
    return tree(playout(rng, chess.Board(), plies, style, SELECT_CASES))


def _with_error_at(rng, kind, game, ply):
    """A case of `game` with an illegal king move written before its mainline move `ply`
    (0-based); the moves after it written as they were."""
    node = game if ply == 0 else list(game.mainline())[ply - 1]
    c = case(rng, kind, game)
    c.after[id(node)] = illegal_king(node.board())
    return c


def mainline_errors(rng):
    """Illegal moves at ply 0, 7 and 30; a target reached, in the text, only after the error
    (in the mainline and in a variation after it); an ambiguous move. Then three games about
    duplicates with errors: the text of the one with the error at ply 7 again (other tags),
    the same moves before the error and other text after it, and those moves alone."""
    cases = [_with_error_at(rng, "illegal at ply 0", _random_tree(rng, 12), 0)]
    seven = _with_error_at(rng, "illegal at ply 7", _random_tree(rng, 30), 7)
    cases.append(seven)
    cases.append(_with_error_at(rng, "illegal at ply 30", _random_tree(rng, 60), 30))
    game = tree("e4 c5 Nc3 d6 Nf3")
    game.variations[0].variations[0].add_line([chess.Move.from_uci(u) for u in ("g1f3", "d7d6")])
    cases.append(_with_error_at(rng, "illegal before sicilian", game, 2))
    cases.append(_ambiguous(rng))
    again = case(rng, "same text as illegal at ply 7", seven.game)
    again.after, again.seed = seven.after, seven.seed
    cases.append(again)
    unchecked = case(rng, "illegal at ply 7, other check marks", seven.game, form="addcheck")
    unchecked.after = seven.after
    cases.append(unchecked)
    moves = [n.move for n in seven.game.mainline()]
    other = tree(moves[:7])
    extend_line(rng, other.end(), 20, "plain", SELECT_CASES)
    cases.append(_with_error_at(rng, "other text after the error at ply 7", other, 7))
    cases.append(case(rng, "the 7 plies before the error at ply 7", tree(moves[:7])))
    return cases


def _ambiguous(rng):
    """A random game whose first move that needs a disambiguation is written without it."""
    while True:
        game = _random_tree(rng, rng.randint(30, 90))
        found = ambiguous_at(game)
        if found:
            break
    node, board = found
    c = case(rng, "ambiguous move", game)
    san = board.san(node.move)
    target = chess.square_name(node.move.to_square)
    capture = "x" if board.is_capture(node.move) else ""
    c.override[id(node)] = san[0] + capture + san[san.index(target):]
    return c


ENDINGS = ["7k/8/8/8/8/8/8/K5Q1 w - - 0 60", "8/8/8/4k3/8/8/8/4K2R w K - 0 50",
           "k7/8/8/8/8/8/1Q6/7K w - - 3 70", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 30"]


def statuses(rng):
    """Games that end in each status: mates and stalemates (short ones by heart, endgames
    played from a [FEN]), insufficient material, the fifty-move rule, threefold repetition,
    and a repetition that is not at the end."""
    cases = [case(rng, "fool's mate", tree("f3 e5 g4 Qh4#")),
             case(rng, "fool's mate transposed", tree("g4 e5 f3 Qh4#")),
             case(rng, "scholar's mate", tree("e4 e5 Qh5 Nc6 Bc4 Nf6 Qxf7#")),
             case(rng, "Loyd's stalemate", tree(
                 "e3 a5 Qh5 Ra6 Qxa5 h5 h4 Rah6 Qxc7 f6 Qxd7+ Kf7 Qxb7 Qd3 Qxb8 Qh7 Qxc8 "
                 "Kg6 Qe6"))]
    for fen in ENDINGS:
        for style in ("mate", "stalemate"):
            start = chess.Board(fen)
            game = tree(playout(rng, start, 60, style, SELECT_CASES), start)
            cases.append(case(rng, f"ending {style}", game))
    start = chess.Board("8/8/4k3/8/3n4/5R2/8/4K3 b - - 0 40")
    cases.append(case(rng, "insufficient material", tree("Nxf3+ Ke2 Kd5 Kxf3", start)))
    for clock, plies in ((94, 6), (94, 5), (99, 1)):
        start = chess.Board(f"8/8/3k4/8/8/2K5/8/R6r w - - {clock} 80")
        game = tree(_quiet(rng, start, plies), start)
        cases.append(case(rng, f"fifty moves from {clock}", game))
    dance = "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8"
    cases.append(case(rng, "threefold", tree(dance)))
    cases.append(case(rng, "threefold then on", tree(dance + " e4")))
    return cases


def _quiet(rng, start, plies):
    """`plies` random moves that neither capture nor move a pawn nor mate."""
    board, moves = start.copy(), []
    for _ in range(plies):
        quiet = [m for m in board.legal_moves if not board.is_capture(m) and
                 board.piece_type_at(m.from_square) != chess.PAWN and
                 not board.gives_check(m)]
        move = rng.choice(quiet)
        board.push(move)
        moves.append(move)
    return moves


def odd_forms(rng):
    """A Latin-1 game, CRLF games, games without tags, one without a termination marker
    (its next game has tags), a repeated tag, an escaped quote in a tag."""
    cases = []
    latin = case(rng, "latin-1", _random_tree(rng, 24), encoding="latin-1")
    latin.tags = [("Event", "Café Open"), ("Site", "Zürich SUI")] + [
        (n, "Müller, Jürgen" if n == "White" else v) for n, v in latin.tags[2:]]
    cases.append(latin)
    for plies in (18, 41):
        cases.append(case(rng, "crlf", _random_tree(rng, plies), newline="\r\n"))
    for plies in (5, 16):
        bare = case(rng, "no tags", _random_tree(rng, plies))
        bare.tags = []
        cases.append(bare)
    open_end = case(rng, "no termination marker", _random_tree(rng, 14))
    open_end.marker = ""
    cases.append(open_end)
    twice = case(rng, "repeated tag", _random_tree(rng, 10))
    twice.tags = twice.tags + [("White", "Tal, Mikhail"), ("Result", "1/2-1/2")]
    cases.append(twice)
    quoted = case(rng, "escaped quote", _random_tree(rng, 8))
    quoted.tags[0] = ("Event", 'The "Big" Open')
    cases.append(quoted)
    return cases
