#!/usr/bin/env python3
"""jaque against python-chess on real-world PGN, game by game, every disagreement classified.

The oracle of issue 31 ("PGN as the world writes it"). For each PGN file of the corpus (see
`tools/real_world_corpus.py` and `tests/data/real_world_corpus.tsv`):

1. `jaque check --json --jobs 1 FILE` gives jaque's verdict on each game (`plies`, `final_fen`,
   `diagnostics`);
2. `examples/pgn_games.rs` (`cargo build --release --example pgn_games`) gives the text of each
   game exactly as jaque's `Splitter` cut it and `syntax::decode` decoded it, in the same order;
3. python-chess reads that text alone: `chess.pgn.read_game(io.StringIO(text))` (with a
   `GameBuilder` that also notes where each error happened; the parsing is python-chess's own).

Then, per game: does either side find an error, do both read the same number of mainline
half-moves (jaque's `plies`, python-chess's mainline up to its first mainline error), and do
both reach the same final position (FEN without the en-passant field, which python-chess
writes only when a capture is legal; the move counters are compared too)?

Every disagreement gets a *kind* and a *class*. The kinds:

- `jaque-error-only`: jaque reports an error, python-chess none;
- `python-chess-error-only`: the other way round;
- `jaque-error-first` / `python-chess-error-first`: both find errors, one stops the mainline
  earlier than the other;
- `final-position-differs`: neither (or both at the same ply) errs, yet the plies or the final
  positions differ;
- `python-chess-stops-early`: python-chess ended the game before the end of the text (it ends a
  game at a blank line); the game is then read again without those blank lines and compared
  once more, so that what lies behind the blank line is classified as well;
- `python-chess-cannot-read`: `read_game` returned None or raised;
- `game-count-differs`: `jaque check` and the splitter disagree on a file's games.

The classes are named after their causes by the rules in `JAQUE_RULES`, `PYTHON_CHESS_RULES`
and `POSITION_RULES` below (functions of jaque's diagnostic codes and messages, python-chess's
error messages and the text at the error), each with a verdict: `jaque bug` (expected to go
once jaque's reader is fixed), `python-chess wrong`, `by design` (jaque does not do it on
purpose) or `undetermined` (no rule matched: look at the examples).

Outputs: a Markdown report (`--report`), a TSV of every disagreement (`--tsv`), and the table
(class, verdict, games, files) on standard output.

    cargo build --release --example pgn_games
    tools/compare_python_chess.py --jaque /tmp/jaque-base --report /work/corpus/report-base.md
"""

import argparse
import collections
import io
import json
import logging
import os
import re
import subprocess
import sys
import time

import chess
import chess.pgn

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
RESULTS = ("1-0", "0-1", "1/2-1/2", "*")
VERDICTS = ("jaque bug", "python-chess wrong", "by design", "undetermined")

logging.getLogger("chess.pgn").setLevel(logging.CRITICAL)


# ---------------------------------------------------------------------------------------------
# Running both sides


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


# ---------------------------------------------------------------------------------------------
# Context of a disagreement: what the rules look at


class Context:
    def __init__(self, file, raw, split, jaque, pc, kind):
        self.file = file
        self.raw = raw  # the whole file's bytes
        self.text = split["text"]  # the game as jaque cut and decoded it
        self.game_line = split["line"]
        self.jaque = jaque
        self.pc = pc
        self.kind = kind
        errors = [d for d in jaque["diagnostics"] if d["severity"] == "error"]
        self.jaque_errors = errors
        # The error that ended jaque's mainline, else jaque's first error.
        self.jerr = None
        for d in errors:
            if d.get("ply") == jaque["plies"] + 1:
                self.jerr = d
                break
        if self.jerr is None and errors:
            self.jerr = errors[0]
        self.perr = pc.first_mainline_error or pc.first_error if pc else None

    # jaque's side
    @property
    def code(self):
        return self.jerr["code"] if self.jerr else ""

    @property
    def message(self):
        return self.jerr["message"] if self.jerr else ""

    def source_line(self, line=None):
        """The text of file line `line` (default: the line of jaque's error) in this game."""
        if line is None:
            if not self.jerr:
                return ""
            line = self.jerr["line"]
        lines = self.text.splitlines()
        i = line - self.game_line
        return lines[i] if 0 <= i < len(lines) else ""

    @property
    def token(self):
        """The token at jaque's error: its `san`, else the text at its column."""
        if not self.jerr:
            return ""
        if self.jerr.get("san"):
            return self.jerr["san"]
        src = self.source_line()
        col = self.jerr.get("column", 1) - 1
        return src[col:].split()[0] if src[col:].split() else ""

    @property
    def after_token(self):
        src = self.source_line()
        if not self.jerr:
            return ""
        col = self.jerr.get("column", 1) - 1 + len(self.token)
        return src[col:]

    @property
    def before_token(self):
        src = self.source_line()
        if not self.jerr:
            return ""
        return src[: self.jerr.get("column", 1) - 1]

    def warnings_at(self, ply):
        return [
            d
            for d in self.jaque["diagnostics"]
            if d["severity"] == "warning" and d.get("ply") == ply
        ]

    # python-chess's side
    @property
    def pc_message(self):
        return self.perr[2] if self.perr else ""

    @property
    def pc_san(self):
        m = re.search(r"san: '([^']*)'", self.pc_message)
        return m.group(1) if m else ""

    # the file
    @property
    def utf16(self):
        return self.raw.startswith((b"\xff\xfe", b"\xfe\xff"))

    @property
    def lone_cr(self):
        return self.raw.count(b"\r") > self.raw.count(b"\r\n")


SAN_LIKE = re.compile(r"^(?:[NBRQK]?[a-h]?[1-8]?x?[a-h][1-8](?:=?[NBRQ])?|O-O(?:-O)?|0-0(?:-0)?)[+#]?")
GERMAN = re.compile(r"^[SLTD][a-h]?[1-8]?[x:-]?[a-h][1-8]")
GLYPHS = set("‼⁇⁉⁈±∓⩲⩱∞⌓□∆∇⊥⨀⟳↑→⇆⇄−–—…○●◯△▲")
ASCII_EVALUATIONS = {"+/-", "-/+", "+=", "=+", "+/=", "=/+", "+-", "-+", "=/∞", "+--", "--+"}
FIGURINES = set("♔♕♖♗♘♙♚♛♜♝♞♟")


def normalise(message):
    """A message with its particulars (quoted text, squares, numbers, FENs) taken out."""
    message = re.sub(r"'[^']*'|\"[^\"]*\"", "…", message)
    message = re.sub(r"\bin [^ ]+/[^ ]+ [wb] \S+ \S+ \d+ \d+", "in FEN", message)
    message = re.sub(r"\b[a-h][1-8]\b", "SQ", message)
    message = re.sub(r"\d+", "N", message)
    return message


# ---------------------------------------------------------------------------------------------
# Rules: jaque reports an error python-chess does not (or earlier than python-chess).
# Each rule looks at the Context and returns a class name, or None. First match wins.


def r_variant(c):
    if c.code == "unsupported_variant" or ("variant" in c.message and "not supported" in c.message):
        return "unsupported variant (Variant tag names rules jaque does not play)", "by design"


def r_utf16(c):
    if c.utf16:
        return "UTF-16 file", "jaque bug"


def r_lone_cr(c):
    if c.lone_cr:
        return "lone CR line ends", "jaque bug"


def r_move_number_without_period(c):
    if re.fullmatch(r"\d+", c.token) and SAN_LIKE.match(c.after_token.lstrip()):
        return "move number without period (`1 d4 Nf6 2 c4`)", "jaque bug"
    if re.fullmatch(r"\d+", c.token) and c.after_token.startswith(" ."):
        return "move number with the period after a space (`1 .d4`)", "jaque bug"


def r_move_number_mismatch(c):
    m = re.search(r"move number (\d+).*this is move (\d+)", c.message)
    if m:
        if m.group(1) == m.group(2):
            return "move number N, but this is move N (same number)", "jaque bug"
        return "move number indication disagrees with the position", "undetermined"


def r_glued_marker(c):
    tok = c.token
    for marker in RESULTS:
        if tok.endswith(marker) and len(tok) > len(marker) and SAN_LIKE.match(tok[: -len(marker)]):
            return "termination marker glued to a move (`e5*`, `Qxf7#1-0`)", "jaque bug"


def r_half_result(c):
    if c.token.startswith("1/2") and not c.token.startswith("1/2-1/2"):
        return "`1/2` as a result", "jaque bug"


def r_ep(c):
    if c.token.lower().startswith("e.p") or c.after_token.lstrip().lower().startswith("e.p"):
        return "`exf6 e.p.` (en passant suffix after a space)", "jaque bug"


def r_glyphs(c):
    tok = c.token
    if any(ch in FIGURINES for ch in tok):
        return "figurine piece symbols (`♘f3`)", "jaque bug"
    if tok and any(ch in GLYPHS for ch in tok) and not tok[0].isalnum():
        return "Unicode annotation glyphs (`‼ ⁉ ± …`)", "jaque bug"


def r_ascii_evaluation(c):
    if c.token in ASCII_EVALUATIONS:
        return "ASCII evaluation symbols (`+/-`, `+=`, `=+`) for NAGs $14-$19", "jaque bug"


def r_result_in_variation(c):
    if c.token in RESULTS:
        depth = c.before_token.count("(") - c.before_token.count(")")
        if depth > 0 or "variation" in c.message:
            return "result inside a variation", "jaque bug"


def r_german(c):
    if GERMAN.match(c.token):
        return "German piece letters (`--lang de` file read as English)", "python-chess wrong"


def r_tags(c):
    src = c.source_line()
    if c.code == "unterminated" and "tag" in c.message:
        if re.search(r"\]\s*\[", src):
            return "two tags on one line", "jaque bug"
        if re.search(r'\\"\]\s*$', src):
            return 'tag value ending in a backslash (`"Tournament \\"]`)', "python-chess wrong"
        if not src.rstrip().endswith("]"):
            return "tag line without its closing bracket", "undetermined"
    if re.match(r"\s*;", src) and c.jerr and c.jerr["line"] < c.game_line + 40:
        return "`;` comment between tags", "jaque bug"
    if re.search(r"(1-0|0-1|1/2-1/2|\*)\s*\[\w+\s", src):
        return "`1-0[Event …` (marker and tag on one line)", "jaque bug"
    if src.lstrip().startswith("[") and "]]" in src:
        return "tag line with a doubled `]]` (python-chess drops the tag)", "python-chess wrong"


def r_comment_bracket_line(c):
    if c.code == "unterminated" and "comment" in c.message:
        # jaque cut the game where a line inside the comment starts with "["
        return "comment line starting with `[` inside `{ }`", "jaque bug"


def r_markup(c):
    if c.token.startswith("<") or "<" in c.source_line()[:1]:
        return "HTML markup in movetext (`<br>`, `</p>`)", "python-chess wrong"


def r_variation_first(c):
    if "a variation must follow the move it replaces" in c.message:
        return "variation before any move", "python-chess wrong"


def r_unterminated_variation(c):
    if c.code == "unterminated" and "variation" in c.message:
        return "variation that never closes", "python-chess wrong"


def r_bad_fen_castling(c):
    if c.code == "bad_fen" and "castling" in c.message:
        return "FEN castling right without its king and rook", "python-chess wrong"


def r_nested_comment(c):
    before = c.before_token
    if before.count("{") >= 2 and before.count("}") >= 1 and before.rfind("}") > before.rfind("{"):
        return "nested brace comment (`{ a { b } c }`): the text after the first `}`", "python-chess wrong"


def r_python_chess_skips(c):
    # python-chess's tokenizer (MOVETEXT_REGEX.finditer) passes over every character that
    # starts no token it knows, without an error: free text, `#662`, `ff`, `(+)-(-)`, `Kx`.
    tok = c.token
    if tok and not any(m.group(1) for m in chess.pgn.MOVETEXT_REGEX.finditer(tok)):
        return "text that is not PGN, which python-chess passes over without a word", "python-chess wrong"


def r_stray_letter(c):
    if re.fullmatch(r"[A-Z]", c.token):
        return "a lone letter in movetext (`3.Nc3 D g6`)", "python-chess wrong"


def r_text_after_result(c):
    before = c.before_token
    if re.search(r"(1-0|0-1|1/2-1/2|\*)\s*$", before) and not c.token.startswith("["):
        return "text after the termination marker", "python-chess wrong"


def r_long_algebraic(c):
    if re.fullmatch(r"[a-h][1-8][a-h][1-8][qrbnQRBN]?", c.token) and c.code == "illegal_move":
        return "UCI/long algebraic move read as SAN (`e1g1`)", "undetermined"


def r_illegal(c):
    if c.code in ("illegal_move", "ambiguous_move"):
        return f"{c.code}: {normalise(c.message)}", "undetermined"


def r_fallback(c):
    return f"{c.code or 'no code'}: {normalise(c.message)}", "undetermined"


JAQUE_RULES = [
    r_variant,
    r_utf16,
    r_lone_cr,
    r_move_number_without_period,
    r_move_number_mismatch,
    r_glued_marker,
    r_half_result,
    r_ep,
    r_glyphs,
    r_ascii_evaluation,
    r_result_in_variation,
    r_tags,
    r_comment_bracket_line,
    r_german,
    r_markup,
    r_variation_first,
    r_unterminated_variation,
    r_bad_fen_castling,
    r_stray_letter,
    r_nested_comment,
    r_text_after_result,
    r_python_chess_skips,
    r_long_algebraic,
    r_illegal,
    r_fallback,
]


# ---------------------------------------------------------------------------------------------
# Rules: python-chess reports an error jaque does not (or earlier than jaque).


def p_variant(c):
    if "variant" in c.pc_message.lower():
        return "python-chess does not know the Variant tag", "undetermined"


def p_fen(c):
    if "fen" in c.pc_message.lower() and "san" not in c.pc_message.lower():
        return f"python-chess rejects the FEN tag: {normalise(c.pc_message)}", "undetermined"


def p_variation_board(c):
    # After an error inside a variation python-chess skips to its `)` but does not pop the
    # variation's board (read_game: `skip_variation_depth == 1` calls `end_variation()` only),
    # so the mainline goes on from the variation's position.
    first_main = c.pc.first_mainline_error
    if first_main and c.pc.errors and c.pc.errors[0] is not first_main and not c.pc.errors[0][0]:
        return "python-chess goes on from the variation's board after an error inside it", "python-chess wrong"


def p_null_move(c):
    if c.pc_san in ("--", "Z0", "0000", "@@@@"):
        return "null move", "undetermined"


def p_accepted_with_warning(c):
    ply = c.pc.first_mainline_error[1] + 1 if c.pc.first_mainline_error else None
    warnings = c.warnings_at(ply) if ply else []
    if warnings:
        codes = ",".join(sorted({d["code"] for d in warnings}))
        return f"python-chess rejects what jaque accepts with a warning ({codes})", "python-chess wrong"


def p_skipped_letters(c):
    # python-chess's tokenizer drops characters it does not know, so `Sf3` is read as `f3`,
    # `Pe4` as `e4`, `♘f3` as `f3`: the move it tries is not the one written.
    san = c.pc_san
    if san and re.fullmatch(r"[a-h]?[1-8]?x?[a-h][1-8]", san):
        return "python-chess drops an unknown piece letter and plays a pawn move", "python-chess wrong"


def p_illegal(c):
    m = c.pc_message
    if m.startswith("illegal san"):
        return "python-chess: illegal san (jaque accepts the move)", "undetermined"
    if m.startswith("ambiguous san"):
        return "python-chess: ambiguous san (jaque accepts the move)", "undetermined"
    if m.startswith("invalid san"):
        return "python-chess: invalid san (jaque accepts the token)", "undetermined"


def p_fallback(c):
    return f"python-chess: {normalise(c.pc_message)}", "undetermined"


PYTHON_CHESS_RULES = [
    p_variation_board,
    p_variant,
    p_fen,
    p_null_move,
    p_accepted_with_warning,
    p_skipped_letters,
    p_illegal,
    p_fallback,
]


# ---------------------------------------------------------------------------------------------
# Rules: no error on either side (or both at the same ply), yet plies or positions differ.


def s_plies(c):
    jp, pp = c.jaque["plies"], c.pc.plies
    if jp != pp:
        if c.jaque["status"] == "unsupported":
            return None
        return f"different number of mainline moves ({'jaque more' if jp > pp else 'python-chess more'})", "undetermined"


def s_fullmove_zero(c):
    fen = c.pc.game.headers.get("FEN") if c.pc and c.pc.game else None
    if fen and len(fen.split()) == 6 and fen.split()[5] == "0":
        return "FEN tag with fullmove number 0 (python-chess reads it as 1)", "jaque bug"


def s_tag_line_movetext(c):
    # python-chess reads a line that starts with `[` as a tag or, failing its TAG_REGEX, skips
    # it whole: movetext after a tag on the same line is lost.
    for line in c.text.splitlines():
        if line.startswith("[") and re.search(r'"\]\s*[^\s\[;]', line):
            if c.pc.plies < c.jaque["plies"]:
                return "movetext on a tag's line (`[Result \"1-0\"] e4 *`), which python-chess skips", "python-chess wrong"


def s_counters(c):
    diff = fen_differences(c.jaque["final_fen"], c.pc.fen())
    if diff and set(diff) <= {"halfmove", "fullmove"}:
        return f"move counters differ ({', '.join(diff)})", "undetermined"


def s_castling(c):
    diff = fen_differences(c.jaque["final_fen"], c.pc.fen())
    if diff == ["castling"]:
        return "castling rights differ", "undetermined"


def s_fallback(c):
    diff = fen_differences(c.jaque["final_fen"], c.pc.fen())
    return f"final positions differ ({', '.join(diff)})", "undetermined"


POSITION_RULES = [s_fullmove_zero, s_tag_line_movetext, s_plies, s_counters, s_castling, s_fallback]


# ---------------------------------------------------------------------------------------------
# Rules: python-chess cannot read the game at all (read_game returns None or raises).


def c_no_game(c):
    if c.pc.game is None and not c.pc.exception:
        if all(not l.strip() or l.lstrip().startswith((";", "%")) for l in c.text.splitlines()):
            return "jaque counts a game made of `;` comment lines only", "jaque bug"
        return "read_game finds no game", "undetermined"


def c_crash_in_variation(c):
    if c.pc.exception and c.pc.exception.startswith("IndexError"):
        return "python-chess crashes (IndexError) after an error inside a variation", "python-chess wrong"


def c_fallback(c):
    return f"python-chess raises {normalise(c.pc.exception or '')}", "undetermined"


CANNOT_READ_RULES = [c_no_game, c_crash_in_variation, c_fallback]


def classify(rules, context):
    for rule in rules:
        found = rule(context)
        if found:
            return found
    raise AssertionError("the last rule always matches")


# ---------------------------------------------------------------------------------------------
# Comparing one game


def compare_game(file, raw, split, jaque, pc):
    """The disagreements of one game: a list of (kind, class, verdict, context)."""
    out = []
    if pc.exception or pc.game is None:
        c = Context(file, raw, split, jaque, pc, "python-chess-cannot-read")
        name, verdict = classify(CANNOT_READ_RULES, c)
        out.append(("python-chess-cannot-read", name, verdict, c))
        return out
    if pc.stopped_early:
        c = Context(file, raw, split, jaque, pc, "python-chess-stops-early")
        rest = pc.rest.lstrip("\r\n")
        if rest.startswith("["):
            name = "python-chess ends the tag section at a second blank line"
        else:
            name = "python-chess ends the game at a blank line inside movetext"
        out.append(("python-chess-stops-early", name, "python-chess wrong", c))
        again = PythonChess(without_blank_lines(split["text"]))
        if again.game is not None and not again.exception:
            pc = again
    j_err = any(d["severity"] == "error" for d in jaque["diagnostics"])
    p_err = bool(pc.errors)
    jp, pp = jaque["plies"], pc.plies
    same_position = not fen_differences(jaque["final_fen"], pc.fen()) or (
        j_err and p_err and pc.fen() is None
    )
    if j_err and not p_err:
        kind, rules = "jaque-error-only", JAQUE_RULES
    elif p_err and not j_err:
        kind, rules = "python-chess-error-only", PYTHON_CHESS_RULES
    elif j_err and p_err and jp < pp:
        kind, rules = "jaque-error-first", JAQUE_RULES
    elif j_err and p_err and pp < jp:
        kind, rules = "python-chess-error-first", PYTHON_CHESS_RULES
    elif jp == pp and same_position:
        return out
    elif j_err and jaque["status"] == "unsupported":
        kind, rules = "jaque-error-only", JAQUE_RULES
    else:
        kind, rules = "final-position-differs", POSITION_RULES
    c = Context(file, raw, split, jaque, pc, kind)
    name, verdict = classify(rules, c)
    out.append((kind, name, verdict, c))
    return out


# ---------------------------------------------------------------------------------------------
# The run


def corpus_files(corpus):
    listing = os.path.join(corpus, "SOURCES.tsv")
    if os.path.exists(listing):
        with open(listing, encoding="utf-8") as f:
            rows = f.read().splitlines()[1:]
        return [os.path.join(corpus, row.split("\t")[0]) for row in rows if row]
    found = []
    for base, _dirs, names in os.walk(corpus):
        found += [os.path.join(base, n) for n in names if n.lower().endswith(".pgn")]
    return sorted(found)


def short(text, n=100):
    text = text.replace("\t", " ").replace("\r", "\\r").replace("\n", "\\n")
    return text if len(text) <= n else text[: n - 1] + "…"


def main():
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--jaque", default=os.path.join(ROOT, "target", "release", "jaque"))
    parser.add_argument(
        "--games", default=os.path.join(ROOT, "target", "release", "examples", "pgn_games"),
        help="the pgn_games example binary",
    )
    parser.add_argument("--corpus", default="/work/corpus")
    parser.add_argument("--report", help="write the Markdown report here")
    parser.add_argument("--tsv", help="write every disagreement here (default: next to --report)")
    parser.add_argument("--examples", type=int, default=3, help="examples per class")
    parser.add_argument("files", nargs="*", help="compare these files instead of the corpus")
    args = parser.parse_args()

    files = args.files or corpus_files(args.corpus)
    started = time.time()
    rows = []  # (kind, class, verdict, context)
    totals = collections.Counter()
    file_findings = []
    for path in files:
        rel = os.path.relpath(path, args.corpus) if path.startswith(args.corpus) else path
        with open(path, "rb") as f:
            raw = f.read()
        jaque_games = run_jaque(args.jaque, path)
        splits = run_splitter(args.games, path)
        totals["files"] += 1
        if len(jaque_games) != len(splits):
            file_findings.append((rel, len(jaque_games), len(splits)))
        by_line = {s["line"]: s for s in splits}
        for jaque in jaque_games:
            split = by_line.get(jaque["line"])
            if split is None:
                continue
            totals["games"] += 1
            pc = PythonChess(split["text"])
            if any(d["severity"] == "error" for d in jaque["diagnostics"]):
                totals["jaque_error_games"] += 1
            if pc.errors:
                totals["pc_error_games"] += 1
            found = compare_game(rel, raw, split, jaque, pc)
            if found:
                totals["disagreeing_games"] += 1
            for kind, name, verdict, c in found:
                c.index = split["index"]
                c.global_index = jaque["game"]
                rows.append((kind, name, verdict, c))
    elapsed = time.time() - started

    # The table: kind, class, verdict → games, files
    table = collections.OrderedDict()
    for kind, name, verdict, c in rows:
        key = (kind, name, verdict)
        entry = table.setdefault(key, {"games": 0, "files": set(), "examples": []})
        entry["games"] += 1
        entry["files"].add(c.file)
        if len(entry["examples"]) < args.examples and all(
            e.file != c.file for e in entry["examples"]
        ):
            entry["examples"].append(c)
    for key, entry in table.items():  # fill up with examples from the same files if needed
        if len(entry["examples"]) < min(args.examples, entry["games"]):
            for kind, name, verdict, c in rows:
                if (kind, name, verdict) == key and c not in entry["examples"]:
                    entry["examples"].append(c)
                    if len(entry["examples"]) >= args.examples:
                        break
    ordered = sorted(table.items(), key=lambda kv: (kv[0][0], -kv[1]["games"], kv[0][1]))

    header = (
        f"jaque: {args.jaque}; python-chess {chess.__version__}; "
        f"{totals['files']} files, {totals['games']} games; "
        f"jaque finds errors in {totals['jaque_error_games']}, python-chess in "
        f"{totals['pc_error_games']}; {totals['disagreeing_games']} games disagree "
        f"({len(rows)} disagreements); {elapsed:.0f} s"
    )
    print(header)
    print()
    print(table_markdown(ordered))
    for rel, nj, ns in file_findings:
        print(f"game-count-differs: {rel}: jaque check {nj}, pgn_games {ns}")

    if args.report:
        tsv = args.tsv or os.path.splitext(args.report)[0] + ".tsv"
        write_tsv(tsv, rows)
        write_report(args, args.report, tsv, header, ordered, file_findings, totals)
    elif args.tsv:
        write_tsv(args.tsv, rows)


def table_markdown(ordered):
    lines = ["| kind | class | verdict | games | files |", "|---|---|---|---:|---:|"]
    for (kind, name, verdict), entry in ordered:
        lines.append(f"| {kind} | {name} | {verdict} | {entry['games']} | {len(entry['files'])} |")
    by_verdict = collections.Counter()
    for (kind, name, verdict), entry in ordered:
        by_verdict[verdict] += entry["games"]
    lines.append("")
    lines.append(
        "By verdict: " + ", ".join(f"{v} {by_verdict[v]}" for v in VERDICTS if by_verdict[v])
    )
    return "\n".join(lines)


def describe_jaque(c):
    if not c.jerr:
        return ""
    d = c.jerr
    return f"{d['code']} {d['line']}:{d['column']} {d.get('san') or ''} {d['message']}".strip()


def write_tsv(path, rows):
    cols = [
        "file", "game", "global_game", "line", "kind", "class", "verdict", "jaque_plies",
        "python_chess_plies", "jaque_error", "python_chess_error", "token", "source",
        "jaque_fen", "python_chess_fen",
    ]
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        f.write("\t".join(cols) + "\n")
        for kind, name, verdict, c in rows:
            values = [
                c.file, c.index, c.global_index, c.game_line, kind, name, verdict,
                c.jaque["plies"], c.pc.plies if c.pc else "", describe_jaque(c),
                c.pc_message, c.token, c.source_line(), c.jaque["final_fen"] or "",
                (c.pc.fen() if c.pc else "") or "",
            ]
            f.write("\t".join(short(str(v), 300) for v in values) + "\n")


def write_report(args, path, tsv, header, ordered, file_findings, totals):
    out = []
    out.append("# jaque against python-chess on real-world PGN\n")
    out.append(f"{header}\n")
    out.append(
        "Made by `tools/compare_python_chess.py` "
        f"(`--jaque {args.jaque} --corpus {args.corpus}`); every disagreement is in "
        f"`{os.path.basename(tsv)}`. Kinds and verdicts are explained in the script's "
        "docstring; the classes come from its rules, not from hand-sorting.\n"
    )
    out.append("## Table\n")
    out.append(table_markdown(ordered) + "\n")
    if file_findings:
        out.append("## Files where jaque check and the splitter count different games\n")
        for rel, nj, ns in file_findings:
            out.append(f"- `{rel}`: jaque check {nj}, pgn_games {ns}")
        out.append("")
    out.append("## Examples\n")
    for (kind, name, verdict), entry in ordered:
        out.append(f"### {kind}: {name}\n")
        out.append(f"{verdict}; {entry['games']} games in {len(entry['files'])} files: "
                   + ", ".join(f"`{f}`" for f in sorted(entry["files"])[:8])
                   + (" …" if len(entry["files"]) > 8 else "") + "\n")
        for c in entry["examples"]:
            where = f"`{c.file}` game {c.index} (line {c.game_line})"
            bits = [where]
            if c.jerr:
                bits.append(f"jaque: {c.jerr['code']} at {c.jerr['line']}:{c.jerr['column']} "
                            f"`{short(c.token, 40)}`: {short(c.message, 120)}")
            if c.pc and c.pc_message:
                bits.append(f"python-chess: {short(c.pc_message, 120)}")
            bits.append(f"plies jaque {c.jaque['plies']}, python-chess {c.pc.plies if c.pc else '-'}")
            out.append("- " + "; ".join(bits))
            src = c.source_line() if c.jerr else ""
            if src:
                out.append(f"  ```\n  {short(src, 160)}\n  ```")
        out.append("")
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(out))


if __name__ == "__main__":
    main()
