#!/usr/bin/env python3
"""Generate tests/data/pgn/fmt_input.pgn and tests/data/pgn/fmt_expected.pgn (CC0).

Oracle for `jaque fmt`: python-chess (pip install chess==1.11.2) plays random games with
comments, NAGs and nested variations, and writes each game twice:

  fmt_input.pgn     sloppily, as real files are written: tags shuffled and some of the
                    seven-tag roster missing, move numbers dropped or wrong-style, `0-0`,
                    long algebraic (`e2e4`, `Ng1-f3`), missing or extra `x` and `+`/`#`,
                    `P` before pawn moves, glyphs glued to moves (`e4!`), ragged line
                    breaks. (No `;` comments: python-chess 1.11 drops them.) Every such form is a warning, never an error, so
                    every game must be formatted.
  fmt_expected.pgn  python-chess's own export of the same game (`str(game)`): canonical
                    SAN, move numbers, NAGs, the roster with `?` defaults.

The test compares the movetext as a sequence of words (python-chess wraps lines at 80
columns and puts spaces inside parentheses; jaque keeps lines under 80 characters and
glues parentheses to their neighbours, so line breaks and parentheses spacing are left
out of the comparison) and the tags as a set. Deterministic: random.Random(SEED).

Usage:  python3 tools/gen/gen_fmt_cases.py [output_dir]   (default tests/data/pgn)
"""

import io
import os
import random
import sys

import chess
import chess.pgn

SEED = 1858
GAMES = 120
HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_OUT = os.path.join(HERE, "..", "..", "tests", "data", "pgn")

COMMENTS = ["a quiet move", "the only move", "White is better here", "time trouble",
            "book move", "a long comment that goes on and on so that the formatter has to "
            "break it over more than one line of the output, as real annotations do"]
OTHER_TAGS = [("WhiteElo", "2700"), ("BlackElo", "2650"), ("ECO", "C42"),
              ("Annotator", "jaque tools"), ("TimeControl", "40/7200"),
              ("Opening", "Petrov's Defence"), ("PlyCount", "?")]
ROSTER = ["Event", "Site", "Date", "Round", "White", "Black", "Result"]


def sloppy_san(rng, board, move):
    """A spelling of `move` that jaque accepts with at most a warning."""
    san = board.san(move)
    if rng.random() < 0.6:
        return san
    piece = board.piece_type_at(move.from_square)
    plain = san.rstrip("+#")
    suffix = san[len(plain):]
    choice = rng.randrange(6)
    if choice == 0 and board.is_castling(move):
        return plain.replace("O", "0") + suffix
    if choice == 1 and not board.is_castling(move):
        # long algebraic: e2e4, Ng1-f3, e7e8=Q
        letter = "" if piece == chess.PAWN else chess.piece_symbol(piece).upper()
        sep = rng.choice(["", "-"]) if not board.is_capture(move) else "x"
        promo = "=" + chess.piece_symbol(move.promotion).upper() if move.promotion else ""
        return (letter + chess.square_name(move.from_square) + sep
                + chess.square_name(move.to_square) + promo + suffix)
    if choice == 2 and suffix:
        return plain  # check or mate mark missing
    if choice == 3 and not suffix:
        board.push(move)
        quiet = not board.is_check()
        board.pop()
        if quiet:
            return plain + "+"  # a check mark on a quiet move
    if choice == 4 and "x" in plain and piece != chess.PAWN:
        return plain.replace("x", "") + suffix  # capture mark missing
    if choice == 5 and piece == chess.PAWN and not move.promotion and "x" not in plain:
        return "P" + san
    return san


def add_moves(rng, node, plies, depth):
    board = node.board()
    for _ in range(plies):
        moves = list(board.legal_moves)
        if not moves:
            break
        move = rng.choice(moves)
        main = node.add_variation(move)
        if rng.random() < 0.08:
            main.comment = rng.choice(COMMENTS)
        if rng.random() < 0.05:
            main.nags.add(rng.choice([1, 2, 3, 4, 5, 6, 10, 14, 18]))
        if depth < 2 and rng.random() < 0.06 and len(moves) > 1:
            side = node.add_variation(rng.choice([m for m in moves if m != move]))
            if rng.random() < 0.3:
                side.starting_comment = rng.choice(COMMENTS)
            add_moves(rng, side, rng.randrange(0, 5), depth + 1)
        board.push(move)
        node = main


def write_sloppy(rng, game):
    out = []
    tags = list(game.headers.items())
    rng.shuffle(tags)
    for name, value in tags:
        if name in ("Site", "Round") and rng.random() < 0.5:
            continue  # fmt adds the missing roster tags back with "?"
        value = value.replace("\\", "\\\\").replace('"', '\\"')
        out.append('[%s "%s"]' % (name, value))
    words = []

    def move_words(board, node, first):
        """The number (sometimes), the move, its NAGs and its comment, as python-chess orders them."""
        number = board.fullmove_number
        san = sloppy_san(rng, board, node.move)
        glued = None
        if not node.nags and rng.random() < 0.08:
            # A glyph glued to the move: export format writes it as a NAG.
            glyph = rng.choice(["!", "?", "!!", "??", "!?", "?!"])
            san += glyph
            glued = ["!", "?", "!!", "??", "!?", "?!"].index(glyph) + 1
            node.nags.add(glued)
        if board.turn == chess.WHITE:
            style = rng.random()
            if style < 0.5:
                words.append("%d." % number)
            elif style < 0.8:
                san = "%d.%s" % (number, san)
        elif first and rng.random() < 0.8:
            words.append("%d..." % number)
        words.append(san)
        for nag in sorted(node.nags):
            if nag != glued:
                words.append("$%d" % nag)
        if node.comment:
            # Not as a `;` comment: python-chess 1.11 drops those.
            words.append(rng.choice(["{ %s }", "{%s}", "{\n%s}"]) % node.comment)

    def walk(node, first):
        board = node.board()
        while node.variations:
            main = node.variations[0]
            move_words(board, main, first)
            for side in node.variations[1:]:
                words.append("(")
                if side.starting_comment:
                    words.append("{%s}" % side.starting_comment)
                move_words(node.board(), side, True)
                walk(side, bool(side.comment))
                words.append(")")
            first = bool(main.comment) or len(node.variations) > 1
            board.push(main.move)
            node = main

    walk(game, True)
    words.append(game.headers["Result"])
    text, line = [], ""
    for word in words:
        if word.endswith("\n"):
            text.append(line + " " + word.rstrip("\n"))
            line = ""
            continue
        width = rng.choice([40, 60, 90, 120])
        if line and len(line) + len(word) + 1 > width:
            text.append(line)
            line = word
        else:
            line = (line + " " + word) if line else word
    text.append(line)
    return "\n".join(out) + "\n\n" + "\n".join(text) + "\n"


def main():
    out_dir = sys.argv[1] if len(sys.argv) > 1 else DEFAULT_OUT
    rng = random.Random(SEED)
    sloppy, expected, games = [], [], []
    for index in range(GAMES):
        game = chess.pgn.Game()
        game.headers["Event"] = "jaque fmt case %d" % index
        game.headers["White"] = rng.choice(["Tal, M.", "Polgar, J.", "?"])
        for name, value in rng.sample(OTHER_TAGS, rng.randrange(0, 4)):
            game.headers[name] = value
        if rng.random() < 0.15:
            board = chess.Board()
            for _ in range(rng.randrange(1, 12)):
                board.push(rng.choice(list(board.legal_moves)))
            game.setup(board)
        add_moves(rng, game, rng.randrange(0, 90), 0)
        end = game.end().board()
        outcome = end.outcome()
        game.headers["Result"] = outcome.result() if outcome else rng.choice(["*", "1/2-1/2"])
        sloppy.append(write_sloppy(rng, game))
        expected.append(str(game) + "\n")
        games.append(game)
    # Cross-check: python-chess reads the sloppy file back to the same games.
    stream = io.StringIO("\n".join(sloppy))
    for index, game in enumerate(games):
        got = chess.pgn.read_game(stream)
        assert got is not None and not got.errors, (index, got and got.errors)
        assert dict(got.headers) == dict(game.headers), (index, dict(got.headers), dict(game.headers))
        movetext = chess.pgn.StringExporter(headers=False)
        assert got.accept(movetext) == game.accept(chess.pgn.StringExporter(headers=False)), (index, sloppy[index], str(got), str(game))
    with open(os.path.join(out_dir, "fmt_input.pgn"), "w") as f:
        f.write("\n".join(sloppy))
    with open(os.path.join(out_dir, "fmt_expected.pgn"), "w") as f:
        f.write("\n".join(expected))
    print("wrote %d games" % GAMES)


if __name__ == "__main__":
    main()
