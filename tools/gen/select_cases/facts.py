"""What the oracle knows of each game, read by python-chess 1.11.2 from the game's own text
(cut by split.py): its tags as written, whether python-chess met an error, the mainline
moves before the first error, and the positions (as `board.epd()`: en passant only when a
legal capture exists) the filters ask about."""

import io
import logging
import re
from dataclasses import dataclass

import chess
import chess.pgn

from oracle_status import status_of

from .split import game_starts, line_numbers

logging.getLogger("chess.pgn").setLevel(logging.CRITICAL)


def unescape(value):
    """A tag value with the PGN standard's escapes (`\\"`, `\\\\`) undone, which
    python-chess 1.11.2 leaves in."""
    out, i = [], 0
    while i < len(value):
        if value[i] == "\\" and value[i + 1:i + 2] in ('"', "\\"):
            i += 1
        out.append(value[i])
        i += 1
    return "".join(out)


class _Builder(chess.pgn.GameBuilder):
    """python-chess's game builder, keeping the tags as written: no Seven Tag Roster filled
    in, no Result tag taken from the termination marker, escapes undone."""

    def begin_game(self):
        super().begin_game()
        self.game.written_tags = {}

    def visit_header(self, tagname, tagvalue):
        super().visit_header(tagname, tagvalue)
        self.game.written_tags[tagname] = unescape(tagvalue)  # repeated: the last value

    def visit_result(self, result):
        pass


@dataclass
class Facts:
    tags: dict            # name -> value (the last of a repeated tag); absent tags absent
    errors: int           # python-chess's errors (illegal, ambiguous, invalid SAN)
    moves: tuple          # mainline moves before the first error, as UCI
    after_error: tuple    # the mainline's move words from the first error on, marks dropped
    start_epd: str
    final_epd: str
    status: str
    mainline_epds: frozenset  # every mainline position, the start included
    tree_epds: frozenset      # every position of the game tree, variations included


def _positions(game, board, mainline, tree):
    """Adds the EPD of every position below the root `game` (at `board`, left as it was) to
    `tree`, and those of the mainline to `mainline` too: a walk with a stack of its own (a
    mainline may be thousands of plies long)."""
    stack = [(child, False, i == 0) for i, child in reversed(list(enumerate(game.variations)))]
    while stack:
        node, leaving, main = stack.pop()
        if leaving:
            board.pop()
            continue
        board.push(node.move)
        epd = board.epd()
        tree.add(epd)
        if main:
            mainline.add(epd)
        stack.append((node, True, main))
        children = list(enumerate(node.variations))
        stack.extend((child, False, main and i == 0) for i, child in reversed(children))


TAG_PAIR = re.compile(r'\[\s*[A-Za-z0-9_]+\s+"(?:[^"\\]|\\.)*"\s*\]')
WORD = re.compile(r"\{[^}]*\}|;[^\n]*|\$\d+|[()]|[^\s(){};$]+")
MARKERS = {"1-0", "0-1", "1/2-1/2", "*"}


def mainline_words(text):
    """The words of the mainline's moves as written, check and annotation marks (`+#!?`)
    dropped: no tags, comments, NAGs, variations, move numbers or termination marker."""
    words, depth = [], 0
    for m in WORD.finditer(TAG_PAIR.sub(" ", text)):
        word = m.group(0)
        if word == "(" or word == ")":
            depth += 1 if word == "(" else -1
        elif depth == 0 and word[0] not in "{;$":
            word = re.sub(r"^\d+\.+", "", word).rstrip("+#!?")
            if word and word not in MARKERS:
                words.append(word)
    return words


def decode(chunk):
    """A game's bytes as jaque decodes them: UTF-8 where they are, Latin-1 where not."""
    try:
        return chunk.decode("utf-8")
    except UnicodeDecodeError:
        return chunk.decode("latin-1")


def python_text(text):
    """The text python-chess is given: a comment before the first tag (a file's header) left
    out, as python-chess would make a game of its own of it."""
    stripped = text.lstrip()
    if stripped.startswith("{"):
        end = stripped.find("}")
        rest = stripped[end + 1:].lstrip()
        if rest.startswith("["):
            return rest
    return text


def facts_of(text, wanted=None):
    """The facts of the game of `text`. `wanted`: the EPDs the filters look for (every
    position's EPD is kept when None)."""
    game = chess.pgn.read_game(io.StringIO(python_text(text)), Visitor=_Builder)
    if game is None:
        game = chess.pgn.Game()
        game.written_tags = {}
    board = game.board()
    start_epd = board.epd()
    mainline, tree = {start_epd}, {start_epd}
    _positions(game, board, mainline, tree)
    for move in game.mainline_moves():
        board.push(move)
    keep = (lambda s: frozenset(s)) if wanted is None else (lambda s: frozenset(s & wanted))
    moves = tuple(m.uci() for m in game.mainline_moves())
    after_error = tuple(mainline_words(text)[len(moves):]) if game.errors else ()
    return Facts(tags=dict(game.written_tags), errors=len(game.errors), moves=moves,
                 after_error=after_error,
                 start_epd=start_epd, final_epd=board.epd(), status=status_of(board),
                 mainline_epds=keep(mainline), tree_epds=keep(tree))


def read_stream(data, wanted=None):
    """Every game of the bytes `data`: (first line, facts), in order."""
    starts = game_starts(data)
    lines = line_numbers(data, starts)
    ends = starts[1:] + [len(data)]
    return [(line, facts_of(decode(data[s:e]), wanted))
            for line, s, e in zip(lines, starts, ends)]
