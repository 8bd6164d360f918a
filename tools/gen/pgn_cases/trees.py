"""The trees of generated.pgn's games: random playouts (random_games.py's moves, weighed by
its PGN_CASES bias) with variations, comments and NAGs, and the exporter that writes them
with `;` comments and a chosen token in place of a chosen move."""

import chess
import chess.pgn

import random_games
from game_trees import comment_or_nag, node_of, tree_nodes
from oracle_status import status_of
from random_games import PGN_CASES, board_after, extend_line, mainline_nodes, pick, playout
from .tables import COMMENTS, LINE_COMMENTS, NAGS


def playout_until(rng, target, max_plies=160):
    """Playout from the start position that ends in `target` (checkmate/stalemate)."""
    style = "mate" if target == "checkmate" else "stalemate"
    while True:
        moves = playout(rng, chess.Board(), max_plies, style, PGN_CASES)
        b = board_after(chess.Board(), moves)
        if status_of(b) == target:
            return moves


def result_for(rng, board):
    """The Result tag of a game that ends at `board`: a draw whenever the contract's status
    is one (stalemate, dead position, fifty moves, threefold)."""
    return random_games.result_for(rng, board, drawn=lambda b: status_of(b) != "ongoing")


def make_game(start, moves):
    g = chess.pgn.Game()
    if start.fen() != chess.STARTING_FEN:
        g.setup(start)
    node = g
    for m in moves:
        node = node.add_variation(m)
    return g


def depth_of(node):
    d = 0
    while node.parent is not None:
        node = node.parent
        d += 1
    return d


def add_variation_at(rng, node, length):
    """Add an alternative to `node` (a sibling line from node.parent). Returns the new line's nodes."""
    parent = node.parent
    pb = parent.board()
    alts = [m for m in pb.legal_moves if not parent.has_variation(m)]
    if not alts:
        return []
    m = rng.choice(alts) if rng.random() < 0.5 else pick(rng, pb, "spicy", PGN_CASES)
    if parent.has_variation(m):
        m = rng.choice(alts)
    first = parent.add_variation(m)
    extend_line(rng, first, length, "spicy", PGN_CASES)
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
    all_nodes = tree_nodes(game, breadth_first=False)
    all_nodes.sort(key=lambda n: (depth_of(n), str(n.move)))  # deterministic order
    if rng.random() < 0.15:
        game.comment = rng.choice(COMMENTS)
    for n in all_nodes:
        if max_ply is not None and depth_of(n) > max_ply:
            continue
        if comment_or_nag(rng, n, COMMENTS, NAGS, 0.10) and rng.random() < 0.2:
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

    def visit_move(self, board, move):
        key = id(node_of(self.game, board, move))
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
