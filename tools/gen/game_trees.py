"""python-chess game trees as the PGN generators walk them: every node of a tree, a random
comment or NAG on a node, the node of a move met while visiting one, the games of a PGN text (fix_cases/, pgn_cases/,
gen_record_oracle.py)."""

import chess.pgn


def tree_nodes(game, breadth_first):
    """Every node below the root: level by level (breadth_first), or else each popped from the
    end of the list of those still to visit (the order the generators' data were made in)."""
    nodes, stack = [], list(game.variations)
    while stack:
        n = stack.pop(0 if breadth_first else -1)
        nodes.append(n)
        stack.extend(n.variations)
    return nodes


def comment_or_nag(rng, node, comments, nags, nag_below):
    """One random draw r: a comment of `comments` on the node when r < 0.05, else a NAG of
    `nags` when r < nag_below. Whether a NAG was added."""
    r = rng.random()
    if r < 0.05:
        node.comment = rng.choice(comments)
    elif r < nag_below:
        node.nags.add(rng.choice(nags))
        return True
    return False


def node_of(game, board, move):
    """The node of `move` played from `board`, a position reached in `game` (its move stack)."""
    n = game
    for m in board.move_stack:
        n = n.variation(m)
    return n.variation(move)


def games_from(stream):
    """Every game python-chess reads from a text stream."""
    games = []
    while True:
        game = chess.pgn.read_game(stream)
        if game is None:
            return games
        games.append(game)
