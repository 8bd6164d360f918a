"""Games as select.pgn writes them: a python-chess game tree, the tags in the order given,
and the moves written in one of several SAN forms (python-chess reads every one of them as
the same move), with an error token where a game needs one."""

import random
from dataclasses import dataclass, field

import chess
import chess.pgn


@dataclass
class Case:
    """One game of the file."""

    kind: str                  # what the game is there for (the generator's log)
    tags: list                 # [(name, value)], written in this order (none: no tag section)
    game: chess.pgn.Game       # the moves (the root's board is the start position)
    form: str = "canonical"    # how moves are written (FORMS)
    marker: str = "*"          # the termination marker ("" for none)
    after: dict = field(default_factory=dict)     # id(node) -> a token written after its move
    override: dict = field(default_factory=dict)  # id(node) -> the text of its move
    newline: str = "\n"
    encoding: str = "utf-8"
    seed: int = 0              # the random choices of the form "sloppy"


FORMS = ("canonical", "nocheck", "addcheck", "nox", "overdis", "zeros", "promo_noeq", "sloppy")


def _no_check(san):
    return san.rstrip("+#")


def _over_disambiguated(board, move, san):
    """`Ngf3` where `Nf3` suffices, `Nb1d2` where `Nbd2` does."""
    piece = board.piece_type_at(move.from_square)
    if piece in (chess.PAWN, chess.KING) or board.is_castling(move):
        return san
    body = san[1:]
    square = chess.square_name(move.from_square)
    target = chess.square_name(move.to_square)
    rest = body[body.index(target):]
    capture = "x" if board.is_capture(move) else ""
    given = body[:body.index(target)].rstrip("x")
    extra = square if given else square[0]
    return san[0] + extra + capture + rest


def san_written(board, move, form, rng):
    """The text of `move` (legal in `board`) in `form`."""
    san = board.san(move)
    if form == "sloppy":
        form = rng.choice(("canonical", "nocheck", "nox", "overdis", "zeros", "promo_noeq"))
    if form == "nocheck":
        return _no_check(san)
    if form == "addcheck":
        return san if san[-1] in "+#" or rng.random() < 0.6 else san + "+"
    if form == "nox":
        return san.replace("x", "")
    if form == "overdis":
        return _over_disambiguated(board, move, san)
    if form == "zeros" and san.startswith("O-O"):
        return san.replace("O", "0")
    if form == "promo_noeq":
        return san.replace("=", "")
    return san


def _number(board, force):
    if board.turn == chess.WHITE:
        return f"{board.fullmove_number}."
    return f"{board.fullmove_number}..." if force else None


def _move_tokens(case, board, node, force, rng):
    """The tokens of `node`'s move from `board`: number, SAN, NAGs, comment."""
    tokens = []
    number = _number(board, force)
    if number:
        tokens.append(number)
    text = case.override.get(id(node)) or san_written(board, node.move, case.form, rng)
    tokens.append(text)
    tokens.extend(f"${nag}" for nag in sorted(node.nags))
    if node.comment:
        tokens.append("{" + node.comment + "}")
    return tokens


def _after_tokens(case, node, board):
    token = case.after.get(id(node))
    if token is None:
        return []
    number = _number(board, True)
    return [number, token] if number else [token]


def _line(case, node, board, tokens, force, rng):
    """The tokens of the line after `node` (at `board`, which this moves on), its variations
    nested where they branch off."""
    tokens.extend(_after_tokens(case, node, board))
    while node.variations:
        main = node.variations[0]
        tokens.extend(_move_tokens(case, board, main, force, rng))
        force = bool(main.comment)
        for side in node.variations[1:]:
            tokens.append("(")
            tokens.extend(_move_tokens(case, board, side, True, rng))
            branch = board.copy()
            branch.push(side.move)
            _line(case, side, branch, tokens, False, rng)
            tokens.append(")")
            force = True
        board.push(main.move)
        tokens.extend(_after_tokens(case, main, board))
        node = main


def movetext(case):
    """The movetext of `case`, its termination marker included."""
    tokens = []
    _line(case, case.game, case.game.board(), tokens, True, random.Random(case.seed))
    if case.marker:
        tokens.append(case.marker)
    return " ".join(tokens).replace("( ", "(").replace(" )", ")")


def wrapped(text, width=79):
    """`text` in lines of at most `width` characters, broken at spaces."""
    lines, line = [], ""
    for word in text.split(" "):
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    lines.append(line)
    return lines


def escaped(value):
    return value.replace("\\", "\\\\").replace('"', '\\"')


def game_bytes(case):
    """The bytes of `case` in the file: its tags, a blank line, its movetext, a blank line."""
    lines = [f'[{name} "{escaped(value)}"]' for name, value in case.tags]
    if lines:
        lines.append("")
    lines.extend(wrapped(movetext(case)))
    lines.append("")
    text = "".join(line + case.newline for line in lines)
    return text.encode(case.encoding)
