"""The trees around a corpus game's moves: side variations, comments and NAGs, and a new
game's tags. The moves themselves are random_games.py's, weighed by its FIX_CASES bias
(captures, promotions, checks, mates and stalemates: what a kind of deviation needs)."""

import chess.pgn

from game_trees import comment_or_nag, tree_nodes
from random_games import FIX_CASES, extend_line, mainline_nodes
from .tables import COMMENTS, NAGS, NAMES, SITES


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
        extend_line(rng, side, rng.randint(0, 6), "spicy", FIX_CASES)


def decorate(rng, game, avoid):
    """A few comments and NAGs on random nodes (not on the nodes in `avoid`)."""
    for n in tree_nodes(game, breadth_first=True):
        if id(n) in avoid:
            continue
        comment_or_nag(rng, n, COMMENTS, NAGS, 0.09)


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
