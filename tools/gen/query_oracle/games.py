"""The games of a PGN file as the oracle evaluates them: python-chess 1.11.2's tree, its
mainline as a `Line`, and with `variations` every variation's line of play with the place of
each of its moves in the text (`movetext.py`).

A variation's line of play is its parent line's positions up to the branch point, then the
variation's own moves (its first move, then each first continuation); `ply` counts along it
from the game's start. A line ends at its first move python-chess could not play or put in
the tree while it is not legal where it stands; so does every variation branching after that.
"""

import io
from pathlib import Path

import chess
import chess.pgn

from .evaluate import Line
from .movetext import Lines, Recorder, boards_before, placed, words


class Read:
    """One game: its mainline (None when not evaluated: another variant, an unreadable start)
    and, when read with variations, (Line, nodes) per variation, the (line, column) of each
    node in the text, the places where python-chess stopped a line, and doubts about its
    reading (then its variations are not evaluated)."""

    def __init__(self, main):
        self.main = main
        self.variations = []
        self.where = {}
        self.stops = []
        self.doubts = []


def mainline(game):
    """The game's Line, or None when it is not evaluated (another variant, a bad start)."""
    try:
        board = game.board()
    except ValueError:
        return None
    if type(board) is not chess.Board:
        return None
    boards, moves = [board.copy(stack=False)], [None]
    for move in game.mainline_moves():
        if move and not board.is_legal(move):
            break
        board.push(move)
        boards.append(board.copy(stack=False))
        moves.append(move)
    return Line(boards, moves)


def variation_lines(game, before):
    """Per variation (a node that is not its parent's first continuation, any depth) whose
    branch point was reached: its Line from the branch point, and the nodes of its moves."""
    out = []
    stack = [(game, 0)]
    while stack:
        node, ply = stack.pop()
        for index, child in enumerate(node.variations):
            stack.append((child, ply + 1))
            if index == 0 or before[child] is None:
                continue
            boards, moves, nodes = [before[child]], [None], []
            step = child
            while step is not None and before[step] is not None:
                if step.move and not before[step].is_legal(step.move):
                    break
                after = before[step].copy(stack=False)
                after.push(step.move)
                boards.append(after)
                moves.append(step.move)
                nodes.append(step)
                step = step.variations[0] if step.variations else None
            out.append((Line(boards, moves, ply), nodes))
    return out


# python-chess reads no figurine SAN (it skips `♕` and reads `♕g5` as the pawn move `g5`);
# jaque reads a figurine as its piece letter, of either colour. The text is given to
# python-chess with the figurines written as letters (one character for one: the columns
# stay).
FIGURINES = str.maketrans("♔♕♖♗♘♚♛♜♝♞", "KQRBNKQRBN")


def read_games(path, variations=False):
    """Every game of a PGN file as python-chess reads it, as a `Read`."""
    text = Path(path).read_text(encoding="utf-8-sig", errors="replace").translate(FIGURINES)
    return read_text(io.StringIO(text), variations)


def read_text(handle, variations=False):
    """Every game of a text handle as python-chess reads it, as a `Read`."""
    games = []
    lines = Lines(handle)
    while True:
        made = []
        game = chess.pgn.read_game(lines, Visitor=lambda: made.append(Recorder(lines)) or made[-1])
        if game is None:
            return games
        read = Read(mainline(game))
        if variations and read.main is not None:
            recorder = made[-1]
            before = boards_before(game)
            text = lines.read[recorder.movetext:recorder.last_line]
            tokens = words(text, recorder.movetext + 1)
            read.where, read.stops, read.doubts = placed(tokens, recorder.tried, before)
            if not read.doubts:  # a game in doubt has its variations left out
                read.variations = variation_lines(game, before)
        games.append(read)
