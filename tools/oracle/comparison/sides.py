"""Both sides of the comparison: jaque's verdicts (`jaque check --json`), the game texts
its splitter cut (`examples/pgn_games.rs`), and python-chess reading each text."""

import io
import json
import subprocess

import chess
import chess.pgn


def run_jaque(binary, path):
    """jaque's game objects for one file (the summary line left out)."""
    out = subprocess.run(
        [binary, "check", "--json", "--jobs", "1", path], capture_output=True, text=True
    )
    if out.returncode not in (0, 1):
        raise RuntimeError(f"{binary} check {path}: exit {out.returncode}: {out.stderr.strip()}")
    games = []
    for line in out.stdout.splitlines():
        obj = json.loads(line)
        if "summary" not in obj:
            games.append(obj)
    return games


def run_splitter(example, path):
    """The games' texts as jaque's Splitter cuts them (`examples/pgn_games.rs`)."""
    out = subprocess.run([example, path], capture_output=True, text=True, errors="surrogatepass")
    if out.returncode != 0:
        raise RuntimeError(f"{example} {path}: exit {out.returncode}: {out.stderr.strip()}")
    return [json.loads(line) for line in out.stdout.splitlines()]


class NotingBuilder(chess.pgn.GameBuilder):
    """python-chess's own GameBuilder, noting for each error whether it was in the mainline and
    after how many mainline half-moves."""

    def begin_game(self):
        super().begin_game()
        self.noted = []
        self.headers_read = []

    def visit_header(self, tagname, tagvalue):
        self.headers_read.append(tagname)
        super().visit_header(tagname, tagvalue)

    def handle_error(self, error):
        mainline = len(self.variation_stack) == 1
        node, ply = self.variation_stack[-1], 0
        while node.parent is not None:  # not node.ply(): that needs a board, maybe none
            node, ply = node.parent, ply + 1
        self.noted.append((mainline, ply, str(error)))
        super().handle_error(error)

    def result(self):
        game = super().result()
        game.noted_errors = self.noted
        game.headers_read = self.headers_read
        return game


class PythonChess:
    """What python-chess read from one game's text."""

    def __init__(self, text):
        self.text = text
        self.game = None
        self.exception = None
        self.errors = []  # (mainline, ply, message)
        self.plies = 0
        self.board = None
        self.rest = ""
        handle = io.StringIO(text)
        try:
            self.game = chess.pgn.read_game(handle, Visitor=NotingBuilder)
        except Exception as error:  # python-chess raising is itself a finding
            self.exception = f"{type(error).__name__}: {error}"
            return
        self.rest = text[handle.tell():] if self.game is not None else text
        if self.game is None:
            return
        self.errors = list(getattr(self.game, "noted_errors", []))
        if not self.errors and self.game.errors:
            self.errors = [(True, 0, str(e)) for e in self.game.errors]
        try:
            board = self.game.board()
            moves = 0
            for move in self.game.mainline_moves():
                board.push(move)
                moves += 1
            self.plies = moves
            self.board = board
        except Exception as error:
            # A game python-chess already reported (an unknown Variant, a bad FEN) has no board.
            if not self.errors:
                self.exception = f"{type(error).__name__} replaying the mainline: {error}"

    @property
    def stopped_early(self):
        """Whether python-chess left text it would have read (not just `;`/`%` lines)."""
        if self.game is None:
            return False
        return any(
            line.strip() and not line.lstrip().startswith((";", "%"))
            for line in self.rest.splitlines()
        )

    @property
    def first_error(self):
        return self.errors[0] if self.errors else None

    @property
    def first_mainline_error(self):
        for error in self.errors:
            if error[0]:
                return error
        return None

    def fen(self):
        return self.board.fen() if self.board is not None else None


def without_blank_lines(text):
    """The game with the blank lines after its tag section taken out (one kept before the
    movetext), for a second reading by python-chess."""
    lines = text.splitlines()
    i = 0
    while i < len(lines) and (lines[i].startswith("[") or lines[i].strip() == ""):
        if lines[i].strip() == "" and i + 1 < len(lines) and not lines[i + 1].startswith("["):
            break
        i += 1
    head, tail = lines[:i], [line for line in lines[i:] if line.strip()]
    head = [line for line in head if line.strip()]
    return "\n".join(head) + "\n\n" + "\n".join(tail) + "\n"


# ---------------------------------------------------------------------------------------------
# Positions


def fen_fields(fen):
    parts = fen.split()
    while len(parts) < 6:
        parts.append("?")
    return {
        "board": parts[0].split("[")[0],
        "turn": parts[1],
        "castling": parts[2],
        "halfmove": parts[4],
        "fullmove": parts[5],
    }


def fen_differences(jaque_fen, pc_fen):
    """The FEN fields (en passant left out) in which the two positions differ."""
    if jaque_fen is None or pc_fen is None:
        return ["missing"] if (jaque_fen is None) != (pc_fen is None) else []
    a, b = fen_fields(jaque_fen), fen_fields(pc_fen)
    return [k for k in a if a[k] != b[k]]


def short(text, n=100):
    text = text.replace("\t", " ").replace("\r", "\\r").replace("\n", "\\n")
    return text if len(text) <= n else text[: n - 1] + "…"
