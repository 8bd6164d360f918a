"""Where each move of a game stands in its PGN text. python-chess's tree does not keep token
positions, so the movetext is read again here by a small tokenizer of its own (comments `{}`
and `;`, `%` escape lines, NAGs, move numbers, `(`, `)`, results, SAN words) and its SAN words
are paired, in text order, with the tokens python-chess tried to play while building the tree.

A `Recorder` is python-chess's own `GameBuilder` that also notes, in text order, each SAN token
it tried and the node it made (None when it could not play it), and the lines of the file the
game's movetext spans. `placed` pairs them; a pairing it cannot vouch for is reported as a
doubt, never guessed. Lines are counted as Python's text mode splits them (`\n`, `\r\n`; the
vendored files have no lone `\r`).
"""

import re

import chess
import chess.pgn

RESULTS = {"1-0", "0-1", "1/2-1/2", "*"}
GLYPHS = re.compile(r"[!?]+")
MOVE_NUMBER = re.compile(r"\d+\.*")
DELIMITERS = set("{}();$")
# What a SAN word may carry that python-chess's `san()` does not write: check and mate marks,
# annotation glyphs, an en passant note.
SUFFIX = re.compile(r"(?:e\.p\.|[+#!?])+$")


class Recorder(chess.pgn.GameBuilder):
    """python-chess's game builder, noting the SAN tokens it tried in text order and the span
    of the game's movetext in the file (`lines`: the file's lines read so far)."""

    def __init__(self, lines):
        super().__init__()
        self.lines = lines
        self.token = None

    def begin_game(self):
        super().begin_game()
        self.tried = []
        self.astray = False

    def end_headers(self):
        read = self.lines.read
        # The line that ended the tags is the movetext's first (absent at the end of the file).
        self.movetext = len(read) - 1 if read and not read[-1].startswith("[") else len(read)
        return super().end_headers()

    def handle_error(self, error):
        super().handle_error(error)
        # After a token it cannot play inside a variation, python-chess 1.11.2 skips to the
        # variation's `)` without popping its board stack: from then on the board it hands
        # over may be that variation's.
        self.astray = self.astray or len(self.variation_stack) > 1

    def parse_san(self, board, san):
        self.token = san
        if self.astray:
            right = self.variation_stack[-1].board()
            if board.move_stack != right.move_stack or board.board_fen() != right.board_fen():
                # The board python-chess pushes the move on: made right in place.
                board.__dict__.clear()
                board.__dict__.update(right.__dict__)
        try:
            return super().parse_san(board, san)
        except ValueError:
            self.tried.append((san, None))
            raise

    def visit_move(self, board, move):
        super().visit_move(board, move)
        self.tried.append((self.token, self.variation_stack[-1]))

    def end_game(self):
        super().end_game()
        self.last_line = len(self.lines.read)


class Lines:
    """A text handle that keeps every line read from it, for the Recorder."""

    def __init__(self, handle):
        self.handle = handle
        self.read = []

    def readline(self):
        line = self.handle.readline()
        if line:
            self.read.append(line)
        return line


def words(lines, first):
    """The movetext's tokens: ("(" | ")" | "san" | "result", text, line, column), lines from
    1 (`first` is the number of lines[0]), columns in characters from 1; comments, NAGs,
    glyphs and move numbers are read and dropped."""
    out = []
    in_comment = False
    for number, text in enumerate(lines, first):
        at = 0
        if not in_comment and text.startswith("%"):
            continue
        while at < len(text):
            c = text[at]
            if in_comment:
                close = text.find("}", at)
                if close < 0:
                    break
                in_comment, at = False, close + 1
            elif c.isspace():
                at += 1
            elif c == "{":
                in_comment, at = True, at + 1
            elif c == ";":
                break
            elif c in "()":
                out.append((c, c, number, at + 1))
                at += 1
            elif c == "$":
                at += 1
                while at < len(text) and text[at].isdigit():
                    at += 1
            else:
                end = at
                while end < len(text) and not text[end].isspace() and text[end] not in DELIMITERS:
                    end += 1
                out.extend(word(text[at:end], number, at + 1))
                at = end
    return out


def word(text, line, column):
    """A whitespace-delimited word: a move number, a result, glyphs, or a SAN token (after any
    move number glued before it)."""
    number = MOVE_NUMBER.match(text)
    if number and (number.group().endswith(".") or number.end() == len(text)):
        text, column = text[number.end():], column + number.end()
    if not text or GLYPHS.fullmatch(text):
        return []
    return [("result" if text in RESULTS else "san", text, line, column)]


def same_move(text, board, move):
    """Whether a SAN word writes the move python-chess played for it, allowing what its reader
    allows: check marks, glyphs and `e.p.` after the move; castling with zeros; a null move as
    `--`, `Z0`, `0000` or `@@@@`; a `P` before a pawn move; `x`, `-` and `=` anywhere or
    nowhere; the from-square's file, rank or both even when SAN needs neither (long algebraic
    and over-disambiguation), a pawn capture without its file. Not a piece letter of another
    language, a figurine, or a capital letter python-chess skipped (`Cc3` read as `c3`)."""
    written = SUFFIX.sub("", text)
    if not move:
        return written in {"--", "Z0", "0000", "@@@@"}
    if re.fullmatch(r"[O0]-[O0](?:-[O0])?", written):
        long = written.count("-") == 2
        return board.is_castling(move) and board.is_queenside_castling(move) == long
    to = move.to_square
    if board.is_castling(move):
        to = chess.square(6 if board.is_kingside_castling(move) else 2,
                          chess.square_rank(move.from_square))
    piece = board.piece_type_at(move.from_square)
    letter = "" if piece == chess.PAWN else chess.piece_symbol(piece).upper()
    if piece == chess.PAWN and written.startswith("P"):
        written = written[1:]
    written = re.sub(r"[x\-=]", "", written)
    promotion = chess.piece_symbol(move.promotion).upper() if move.promotion else ""
    pattern = (letter + f"{chess.FILE_NAMES[chess.square_file(move.from_square)]}?"
               + f"{chess.RANK_NAMES[chess.square_rank(move.from_square)]}?"
               + chess.square_name(to) + promotion)
    return re.fullmatch(pattern, written) is not None


def boards_before(game):
    """Per node, the board its move is played from, or None where the line ended before (at a
    move python-chess put in the tree that is not legal where it stands)."""
    before, stack = {}, [(game, game.board())]
    while stack:
        node, board = stack.pop()
        for child in node.variations:
            before[child] = board
            after = None
            if board is not None and (not child.move or board.is_legal(child.move)):
                after = board.copy(stack=False)
                after.push(child.move)
            stack.append((child, after))
    return before


def placed(tokens, tried, before):
    """Pairs the SAN words with the tokens python-chess tried (`before`: `boards_before`), in
    order, skipping as it does the rest of a variation (to its `)`) after a token it could
    not play. Returns ({node: (line, column)}, stops, doubts): stops, the (line, column,
    end_column) of each word it could not play or that is not legal where it stands; doubts,
    what makes the game's reading uncertain (`Pairing`)."""
    pairing = Pairing(tried)
    for token in tokens:
        pairing.take(token, before)
    pairing.doubts.extend(f"token {t!r} tried but not found" for t, _ in pairing.pending)
    return pairing.where, pairing.stops, pairing.doubts


class Pairing:
    """Where `placed` is. Doubts: a word python-chess never tried, a pairing whose texts
    differ, an alternative to a move it could not play (it skips those with the rest of the
    variation). After a variation it stopped in, python-chess 1.11.2 is one board too deep
    (`Recorder.handle_error`), so it tries a result as a move: not a stop."""

    def __init__(self, tried):
        self.pending = list(tried)
        self.where, self.stops, self.doubts = {}, [], []
        self.skip = self.depth = 0
        self.alternative = self.astray = False

    def skipping(self, kind, line, column):
        if kind == "(" and self.skip == 1 and self.alternative:
            self.doubts.append(f"{line}:{column} an alternative python-chess skipped")
        self.alternative = self.alternative and not (kind in ("san", "result") and self.skip == 1)
        self.skip += {"(": 1, ")": -1}.get(kind, 0)
        if self.skip == 0 and self.depth > 0:
            self.depth -= 1
            self.astray = True

    def take(self, token, before):
        """Reads one token."""
        kind, text, line, column = token
        if self.skip:
            self.skipping(kind, line, column)
        elif kind in ("(", ")"):
            # python-chess opens no variation before the game's first move.
            started = len(self.where) + len(self.stops) > 0
            self.depth = max(0, self.depth + (1 if kind == "(" else -1) * started)
        elif kind == "result" and self.depth == 0:
            if self.astray and self.pending and self.pending[0][0] == text:
                self.pending.pop(0)
        elif not self.pending or self.pending[0][0] not in text:
            self.doubts.append(f"{line}:{column} {text!r} not tried by python-chess")
        else:
            self.pair(self.pending.pop(0)[1], text, line, column, before)

    def pair(self, node, text, line, column, before):
        if node is None:
            self.stops.append((line, column, column + len(text)))
            self.skip, self.alternative = 1, True
            return
        board = before[node]
        if board is None:
            pass  # after a stop of its line
        elif node.move and not board.is_legal(node.move):
            self.stops.append((line, column, column + len(text)))  # in the tree, not legal
        elif not same_move(text, board, node.move):
            self.doubts.append(f"{line}:{column} {text!r} paired with {board.san(node.move)!r}")
        self.where[node] = (line, column)
