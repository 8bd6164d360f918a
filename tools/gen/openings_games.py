"""The games of tests/data/openings/games.pgn: made to classify, each a case of how a game meets
the lichess opening set (see gen_openings_oracle.py).

Every game is played with python-chess from the set's lines (`lines`: (eco, name, moves) with
moves as chess.Move, in file order) and random.Random choices; its [Case] tag says what it is:

  transposition   a line's moves in another legal order that ends in the line's position
  other_epd       the same, but ending in the same placement with another EPD (another
                  en-passant square or castling rights): named only if that EPD is
  en_passant      a line whose position has a legal en-passant capture, played as written
  from_fen        a line from a [FEN] set up after some of its moves
  after_ply_40    knights shuffled out and back for 40 or more plies, then a line
  back_again      a line, then knights out and back: the line's position comes again later
  null_move       a line with a null move inside (the side to move passes)
  chess960        a [Variant "Chess960"] game from the standard setup
  line_then_random  a line cut at a random ply, then random moves

After the case's moves come 0 to 8 random legal moves (uniform over the UCI-sorted list).
"""

import chess
import chess.pgn

SHUFFLES = {
    chess.WHITE: [chess.Move.from_uci(u) for u in ("g1f3", "f3g1", "b1c3", "c3b1")],
    chess.BLACK: [chess.Move.from_uci(u) for u in ("g8f6", "f6g8", "b8c6", "c6b8")],
}


def random_moves(board, rng, count):
    """Up to `count` uniform random legal moves pushed on `board`; the moves."""
    moves = []
    for _ in range(count):
        legal = sorted(board.legal_moves, key=lambda m: m.uci())
        if not legal:
            break
        move = rng.choice(legal)
        board.push(move)
        moves.append(move)
    return moves


def reorder(moves, rng, tries=40):
    """A legal reordering of `moves` (each side keeps its own moves) other than `moves`, with
    the board it ends on; None when none was found in `tries` random attempts."""
    for _ in range(tries):
        board = chess.Board()
        left = [list(moves[0::2]), list(moves[1::2])]
        order = []
        for ply in range(len(moves)):
            side = left[ply % 2]
            legal = [m for m in side if board.is_legal(m)]
            if not legal:
                break
            move = rng.choice(legal)
            side.remove(move)
            board.push(move)
            order.append(move)
        if len(order) == len(moves) and order != list(moves):
            return order, board
    return None


def shuffle(board, plies):
    """Knights out and back for `plies` half-moves (a multiple of 4) where they stand home."""
    moves = []
    for ply in range(plies):
        side = SHUFFLES[board.turn]
        move = side[(ply // 2) % 2]
        if not board.is_legal(move):
            return None
        board.push(move)
        moves.append(move)
    return moves


def game_of(case, moves, start=None, variant=None):
    """A python-chess game of `moves` from `start` (a FEN) with its [Case]."""
    game = chess.pgn.Game()
    if variant:
        game.headers["Variant"] = variant
    if start:
        game.setup(chess.Board(start, chess960=variant == "Chess960"))
    game.headers["Case"] = case
    node = game
    for move in moves:
        node = node.add_variation(move)
    return game


def transpositions(lines, rng, count):
    """Games whose line is reordered: same EPD (transposition) or only the same placement."""
    games = []
    candidates = [line for line in lines if len(line[2]) >= 4]
    while len(games) < count:
        _, _, moves = rng.choice(candidates)
        found = reorder(moves, rng)
        if found is None:
            continue
        order, board = found
        target = chess.Board()
        for move in moves:
            target.push(move)
        if board.board_fen() != target.board_fen():
            continue
        case = "transposition" if board.epd() == target.epd() else "other_epd"
        games.append(game_of(case, order + random_moves(board, rng, rng.randint(0, 8))))
    return games


def played(moves, start=None):
    """The board after `moves` from `start` (the standard start when None)."""
    board = chess.Board(start) if start else chess.Board()
    for move in moves:
        board.push(move)
    return board


def en_passant_lines(lines, rng):
    """Every line whose position has a legal en-passant capture, as written, then random."""
    games = []
    for _, _, moves in lines:
        board = played(moves)
        if board.has_legal_en_passant():
            tail = random_moves(board, rng, rng.randint(0, 4))
            games.append(game_of("en_passant", list(moves) + tail))
    return games


def from_fen(lines, rng, count):
    """Lines set up from a [FEN] after some of their moves, then played on."""
    games = []
    candidates = [line for line in lines if len(line[2]) >= 3]
    for _ in range(count):
        _, _, moves = rng.choice(candidates)
        cut = rng.randint(1, len(moves) - 1)
        start = played(moves[:cut]).fen()
        board = played(moves[cut:], start)
        rest = list(moves[cut:]) + random_moves(board, rng, rng.randint(0, 8))
        games.append(game_of("from_fen", rest, start=start))
    return games


def shuffled_lines(lines, rng, count):
    """after_ply_40: 40 to 48 plies of knight moves (back home, rights kept), then a line;
    back_again: a line, then knights out and back, landing on the line's position again."""
    games = []
    while len(games) < count:
        _, _, moves = rng.choice(lines)
        if len(games) % 2 == 0:
            board = chess.Board()
            head = shuffle(board, rng.choice([40, 44, 48])) or []
            games.append(game_of("after_ply_40", head + list(moves)))
        else:
            board = played(moves)
            back = shuffle(board, rng.choice([4, 8]))
            if back is None:
                continue
            games.append(game_of("back_again", list(moves) + back))
    return games


def null_moves(lines, rng, count):
    """A line with a null move pushed at a random ply where the side to move is not in
    check, then the rest of the line where it stays legal."""
    games = []
    while len(games) < count:
        _, _, moves = rng.choice([line for line in lines if len(line[2]) >= 4])
        cut = rng.randint(1, len(moves) - 2)
        board = played(moves[:cut])
        if board.is_check():
            continue
        board.push(chess.Move.null())
        tail = []
        for move in moves[cut + 1:]:
            if not board.is_legal(move):
                break
            board.push(move)
            tail.append(move)
        games.append(game_of("null_move", list(moves[:cut]) + [chess.Move.null()] + tail))
    return games


def chess960(lines, rng, count):
    """Chess960 games from the standard setup (position 518) that follow a line."""
    start = chess.Board.from_chess960_pos(518).fen()
    games = []
    for _ in range(count):
        _, _, moves = rng.choice(lines)
        standard, board = chess.Board(), chess.Board(start, chess960=True)
        own = []  # the moves in a Chess960 board's encoding (castling: king takes rook)
        for move in moves:
            own.append(board.parse_san(standard.san(move)))
            board.push(own[-1])
            standard.push(move)
        games.append(game_of("chess960", own, start=start, variant="Chess960"))
    return games


def line_then_random(lines, rng, count):
    """Lines cut at a random ply, then random moves."""
    games = []
    for _ in range(count):
        _, _, moves = rng.choice(lines)
        cut = rng.randint(1, len(moves))
        board = played(moves[:cut])
        tail = random_moves(board, rng, rng.randint(1, 12))
        games.append(game_of("line_then_random", list(moves[:cut]) + tail))
    return games


def all_games(lines, rng):
    """Every game of games.pgn, in order, each with [Event "jaque openings N"]."""
    games = (
        transpositions(lines, rng, 160)
        + en_passant_lines(lines, rng)
        + from_fen(lines, rng, 40)
        + shuffled_lines(lines, rng, 24)
        + null_moves(lines, rng, 4)
        + chess960(lines, rng, 3)
        + line_then_random(lines, rng, 80)
    )
    for index, game in enumerate(games):
        game.headers["Event"] = f"jaque openings {index}"
    return games
