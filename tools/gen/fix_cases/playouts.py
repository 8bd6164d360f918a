"""Random python-chess games biased towards what a kind of deviation needs: captures,
promotions, checks, mates and stalemates; variations, comments and NAGs around them."""

import chess
import chess.pgn

from .tables import COMMENTS, NAGS, NAMES, SITES


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
