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

jaque's games and the splitter's texts are paired in order (several games can start on one
line: `a5*[Event …`); only when their counts differ, by first line.

`--fix` checks `jaque fix` instead (issue 31: fix keeps every move, and what python-chess
reads is the same before and after): `jaque fix -` on each file's bytes, a second `jaque fix
-` on its output (idempotent: the same bytes), and per game, as the splitter cuts the
original and the fixed bytes, python-chess's mainline (UCI), the tag names it read, and
jaque's `plies`. Its kinds are in `FIX_KINDS`, its rules in `FIX_RULES`, its verdicts `fix
right`, `jaque bug`, `undetermined`.

    cargo build --release --bin jaque --example pgn_games
    tools/compare_python_chess.py --jaque target/release/jaque --report /work/corpus/report.md
    tools/compare_python_chess.py --fix --jaque target/release/jaque --report /work/corpus/fix.md
"""

import argparse
import collections
import difflib
import io
import json
import logging
import os
import re
import subprocess
import sys
import tempfile
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


def r_lone_equal(c):
    # `=` standing alone after a move: the evaluation "equal position" (NAG $10, drawish) of
    # the same annotators who write `+/=` and `+/-`, which jaque reads as NAGs ($14, $16).
    if c.token == "=" and c.code == "syntax" and not re.match(r"\s*[NBRQ]\b", c.after_token):
        return "`=` alone as an evaluation (`13. Ne2 =)`, NAG $10), unlike `+/=` not read", "jaque bug"


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
    r_lone_equal,
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
        read = pc.text[: len(pc.text) - len(pc.rest)]
        if rest.startswith("[") and read.lstrip().startswith("{") and not pc.game.headers_read:
            # jaque: commentary before the first tag section belongs to the game after it;
            # python-chess reads it as a game's movetext and ends that game at the blank line.
            name = "comment before the first tag section, which python-chess makes a game of its own"
        elif rest.startswith("["):
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


def pair_games(jaque_games, splits):
    """jaque's games with the splitter's texts: in order (both cut the same way, and several
    games may start on one line: `a5*[Event …`), else, when the counts differ, by first line
    (the first text of that line)."""
    if len(jaque_games) == len(splits) and all(
        j["line"] == s["line"] for j, s in zip(jaque_games, splits)
    ):
        return list(zip(jaque_games, splits))
    by_line = {}
    for s in splits:
        by_line.setdefault(s["line"], s)
    return [(j, by_line[j["line"]]) for j in jaque_games if j["line"] in by_line]


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
    parser.add_argument(
        "--fix", action="store_true",
        help="check `jaque fix` instead: python-chess's games, moves and tags before and after",
    )
    parser.add_argument("files", nargs="*", help="compare these files instead of the corpus")
    args = parser.parse_args()

    files = args.files or corpus_files(args.corpus)
    if args.fix:
        fix_main(args, files)
        return
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
        for jaque, split in pair_games(jaque_games, splits):
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


# ---------------------------------------------------------------------------------------------
# The fix check (`--fix`): what python-chess reads of each game before and after `jaque fix`
#
# Issue 31 asks that `fix` keep every move and that the games and moves python-chess reads be
# the same before and after it. For each file: `jaque fix -` (the file's bytes on standard
# input), then `jaque fix -` again on its output (it must give the same bytes: idempotent);
# the original and the fixed bytes are cut into games by `pgn_games` (jaque's Splitter) and
# each pair of game texts (by index) is read by python-chess (only when the texts differ: the
# same text reads the same) and by `jaque check --json`. Per game it compares python-chess's
# mainline as UCI, the tag names python-chess read (`visit_header`, so the Seven Tag Roster's
# defaults do not count), whether python-chess could read the game, and jaque's own `plies`.
#
# Kinds of disagreement (FIX_KINDS), each classified by the rules in FIX_RULES:
FIX_KINDS = {
    "fix-refused": "jaque fix wrote nothing (the fixed text would not hold the same games)",
    "fix-failed": "jaque fix exited with another status than 0 or 1",
    "not-idempotent": "a second `jaque fix` changes the fixed bytes",
    "game-count-differs": "the splitter cuts the fixed bytes into another number of games",
    "python-chess-fewer-moves": "python-chess's mainline after the fix is a proper prefix of "
    "the one before",
    "python-chess-other-moves": "python-chess's mainlines before and after the fix part "
    "at a move both have",
    "python-chess-more-moves": "python-chess's mainline before the fix is a proper prefix of "
    "the one after (the fix mended what stopped it)",
    "tag-lost": "a tag name python-chess read before the fix is not read after it",
    "python-chess-cannot-read-after": "python-chess reads the game before the fix, not after",
    "jaque-fewer-moves": "jaque's `plies` fall after its own fix",
    "python-chess-new-error": "python-chess finds an error after the fix that it did not "
    "find before (same mainline)",
    "python-chess-file-games-differ": "python-chess, reading the whole file as a user would "
    "(`read_game` until None), counts another number of games after the fix",
}


def python_chess_file_games(data):
    """How many games python-chess reads from a whole file (`SkipVisitor`: the same count as
    a full `read_game` loop on this corpus, in a second)."""
    handle, n = io.StringIO(data.decode("utf-8", "replace")), 0
    while chess.pgn.read_game(handle, Visitor=chess.pgn.SkipVisitor) is not None:
        n += 1
    return n


def run_fix(binary, data):
    """`jaque fix -` on `data`: (exit status, output bytes, standard error)."""
    out = subprocess.run([binary, "fix", "-"], input=data, capture_output=True)
    return out.returncode, out.stdout, out.stderr.decode("utf-8", "replace")


def run_jaque_plies(binary, path):
    """jaque's `plies` per game of a file, in order."""
    return [g["plies"] for g in run_jaque(binary, path)]


class Reading:
    """What python-chess reads of one game's text: mainline (UCI), tag names, errors."""

    def __init__(self, text):
        self.exception = None
        self.moves = []
        self.tags = []
        self.errors = []
        try:
            game = chess.pgn.read_game(io.StringIO(text), Visitor=NotingBuilder)
        except Exception as error:
            self.exception = f"{type(error).__name__}: {error}"
            return
        if game is None:
            self.exception = "no game"
            return
        self.tags = list(game.headers_read)
        self.errors = [e[2] for e in game.noted_errors]
        self.moves = [m.uci() for m in game.mainline_moves()]
        # python-chess ends a game at a blank line (see `python-chess-stops-early`): then the
        # text is read again without its blank lines, so that what follows is compared too.
        if PythonChess(text).stopped_early:
            again = Reading(without_blank_lines(text))
            if again.exception is None:
                self.tags, self.errors, self.moves = again.tags, again.errors, again.moves


class FixContext:
    """One disagreement of the fix check, for the rules and the report."""

    def __init__(self, file, kind, index=None, before=None, after=None, line=None,
                 text_before="", text_after="", detail="", jaque_plies_after=None):
        self.file, self.kind, self.index, self.line = file, kind, index, line
        self.jaque_plies_after = jaque_plies_after
        self.before, self.after = before, after  # Reading, Reading (or None)
        self.text_before, self.text_after = text_before, text_after
        self.detail = detail
        self.edits = text_edits(text_before, text_after)


def text_edits(before, after):
    """The fix's edits of one game's text: (old, new) pairs of whole tokens (runs of white
    space or of anything else), each with a little context, in order (`difflib`)."""
    if not before and not after:
        return []
    a, b = re.findall(r"\s+|[^\s()]+|[()]", before), re.findall(r"\s+|[^\s()]+|[()]", after)
    matcher = difflib.SequenceMatcher(None, a, b, autojunk=False)
    edits = []
    for op, i1, i2, j1, j2 in matcher.get_opcodes():
        if op != "equal":
            context = "".join(a[max(0, i1 - 4):i2 + 4])
            edits.append(("".join(a[i1:i2]), "".join(b[j1:j2]), context))
    return edits


def edit_summary(c, n=3):
    return "; ".join(f"`{short(o, 30)}` → `{short(w, 30)}`" for o, w, _ in c.edits[:n])


# Rules for python-chess reading more moves after the fix (its mainline before is a proper
# prefix of the one after: every move it read is kept). Note that python-chess's tokenizer
# has no token for move numbers or for `1/2` and skips them (trait 1 in ORACLE_DATA.md), so
# the fixes `1 d4` → `1. d4` and `1/2` → `1/2-1/2` cannot change what it reads.


def fm_mended_token(c):
    # The fix rewrote the token python-chess stopped at, and python-chess now reads no further
    # than jaque does.
    m = re.search(r"san: '([^']*)'", c.before.errors[0]) if c.before.errors else None
    if m and any(m.group(1) in old for old, _new, _ctx in c.edits):
        if c.jaque_plies_after is None or len(c.after.moves) <= c.jaque_plies_after:
            return f"the fix rewrote the token python-chess stopped at (`{m.group(1)}`)", "fix right"


def fm_fallback(c):
    return f"python-chess reads more after: {normalise(edit_summary(c, 2))}", "undetermined"


# Rules for python-chess reading fewer or other moves, losing a tag, or failing after the fix:
# all are jaque's fault (a fix that changes what a game says) unless a rule below says why
# python-chess misreads the fixed text.


def fl_blank_line(c):
    # python-chess ends a game at a blank line; a fix that makes one inside a game would cut it.
    if re.search(r"\n\s*\n", c.text_after.strip()) and not re.search(r"\n\s*\n", c.text_before.strip()):
        return "the fix makes a blank line inside the game, where python-chess ends it", "jaque bug"


def fl_fallback(c):
    return f"{c.kind}: {normalise(edit_summary(c, 2))}", "jaque bug"


def ff_file_games(c):
    before, after, jaque = c.counts
    if abs(after - jaque) < abs(before - jaque):
        return "python-chess's count of the file's games comes nearer jaque's", "fix right"
    return "python-chess's count of the file's games moves away from jaque's", "jaque bug"


def ff_refused(c):
    return "jaque fix refuses: the fixed text would not hold the same games", "undetermined"


def ff_file_fallback(c):
    return f"{c.kind}: {short(c.detail, 80)}", "jaque bug"


FIX_RULES = {
    "python-chess-more-moves": [fm_mended_token, fm_fallback],
    "python-chess-fewer-moves": [fl_blank_line, fl_fallback],
    "python-chess-other-moves": [fl_blank_line, fl_fallback],
    "tag-lost": [fl_blank_line, fl_fallback],
    "python-chess-cannot-read-after": [fl_blank_line, fl_fallback],
    "jaque-fewer-moves": [fl_fallback],
    "python-chess-new-error": [fl_blank_line, fl_fallback],
    "fix-refused": [ff_refused],
    "fix-failed": [ff_file_fallback],
    "not-idempotent": [ff_file_fallback],
    "game-count-differs": [ff_file_fallback],
    "python-chess-file-games-differ": [ff_file_games],
}


def fix_check_file(args, path, rel, totals):
    """The fix check of one file: its list of FixContext."""
    with open(path, "rb") as f:
        raw = f.read()
    totals["files"] += 1
    status, fixed, stderr = run_fix(args.jaque, raw)
    if status == 2 and not fixed and "nothing written" in stderr:
        totals["refused"] += 1
        return [FixContext(rel, "fix-refused", detail=stderr.strip().splitlines()[-2:][0])]
    if status not in (0, 1):
        return [FixContext(rel, "fix-failed", detail=f"exit {status}: {stderr.strip()[-200:]}")]
    found = []
    if fixed != raw:
        totals["files_changed"] += 1
    status2, fixed2, stderr2 = run_fix(args.jaque, fixed)
    if status2 not in (0, 1) or fixed2 != fixed:
        found.append(FixContext(rel, "not-idempotent",
                                detail=f"exit {status2}; {len(fixed)} → {len(fixed2)} bytes"))
    before = run_splitter(args.games, path)
    suffix = os.path.splitext(path)[1] or ".pgn"
    with tempfile.NamedTemporaryFile(suffix=suffix, delete=False) as tmp:
        tmp.write(fixed)
    try:
        after = run_splitter(args.games, tmp.name)
        plies_before = run_jaque_plies(args.jaque, path) if fixed != raw else []
        plies_after = run_jaque_plies(args.jaque, tmp.name) if fixed != raw else []
    finally:
        os.unlink(tmp.name)
    totals["games"] += len(before)
    if fixed != raw:
        pc_before, pc_after = python_chess_file_games(raw), python_chess_file_games(fixed)
        totals["pc_file_games_before"] += pc_before
        totals["pc_file_games_after"] += pc_after
        if pc_before != pc_after:
            c = FixContext(rel, "python-chess-file-games-differ",
                           detail=f"python-chess {pc_before} → {pc_after} games, jaque {len(before)}")
            c.counts = (pc_before, pc_after, len(before))
            found.append(c)
    if len(before) != len(after):
        found.append(FixContext(rel, "game-count-differs",
                                detail=f"{len(before)} games before, {len(after)} after"))
        return found
    for i, (b, a) in enumerate(zip(before, after)):
        if b["text"] == a["text"]:
            continue
        totals["games_changed"] += 1
        rb, ra = Reading(b["text"]), Reading(a["text"])
        common = dict(index=i, before=rb, after=ra, line=b["line"],
                      text_before=b["text"], text_after=a["text"],
                      jaque_plies_after=plies_after[i] if i < len(plies_after) else None)
        if set(ra.tags) - set(rb.tags):
            totals["games_tags_added"] += 1
        lost = collections.Counter(rb.tags) - collections.Counter(ra.tags)
        if ra.exception and not rb.exception:
            found.append(FixContext(rel, "python-chess-cannot-read-after", detail=ra.exception, **common))
            continue
        if lost:
            found.append(FixContext(rel, "tag-lost", detail=", ".join(sorted(lost)), **common))
        if rb.moves != ra.moves:
            n = min(len(rb.moves), len(ra.moves))
            if rb.moves[:n] != ra.moves[:n]:
                kind = "python-chess-other-moves"
            elif len(ra.moves) < len(rb.moves):
                kind = "python-chess-fewer-moves"
            else:
                kind = "python-chess-more-moves"
            found.append(FixContext(rel, kind, detail=f"{len(rb.moves)} → {len(ra.moves)} plies",
                                    **common))
        elif set(ra.errors) - set(rb.errors):
            found.append(FixContext(rel, "python-chess-new-error",
                                    detail=short("; ".join(sorted(set(ra.errors) - set(rb.errors))), 120),
                                    **common))
        totals["pc_error_games_before"] += bool(rb.errors)
        totals["pc_error_games_after"] += bool(ra.errors)
        if plies_before and plies_after and plies_after[i] < plies_before[i]:
            found.append(FixContext(rel, "jaque-fewer-moves",
                                    detail=f"{plies_before[i]} → {plies_after[i]} plies", **common))
    return found


def fix_main(args, files):
    started = time.time()
    totals = collections.Counter()
    rows = []  # (kind, class, verdict, context)
    for path in files:
        rel = os.path.relpath(path, args.corpus) if path.startswith(args.corpus) else path
        for c in fix_check_file(args, path, rel, totals):
            rules = FIX_RULES[c.kind]
            name, verdict = classify(rules, c)
            rows.append((c.kind, name, verdict, c))
    elapsed = time.time() - started
    header = (
        f"jaque fix: {args.jaque}; python-chess {chess.__version__}; {totals['files']} files "
        f"({totals['files_changed']} changed by fix, {totals['refused']} refused), "
        f"{totals['games']} games ({totals['games_changed']} changed by fix, "
        f"{totals['games_tags_added']} with tags added; of those changed, python-chess finds "
        f"errors in {totals['pc_error_games_before']} before the fix and "
        f"{totals['pc_error_games_after']} after; in the changed files python-chess reads "
        f"{totals['pc_file_games_before']} games before the fix and "
        f"{totals['pc_file_games_after']} after); {len(rows)} disagreements; "
        f"{elapsed:.0f} s"
    )
    table = collections.OrderedDict()
    for kind, name, verdict, c in rows:
        entry = table.setdefault((kind, name, verdict), {"games": 0, "files": set(), "examples": []})
        entry["games"] += 1
        entry["files"].add(c.file)
        if len(entry["examples"]) < args.examples:
            entry["examples"].append(c)
    ordered = sorted(table.items(), key=lambda kv: (kv[0][0], -kv[1]["games"], kv[0][1]))
    print(header)
    print()
    print(fix_table_markdown(ordered))
    if args.report:
        out = ["# jaque fix against python-chess on real-world PGN\n", f"{header}\n",
               "Made by `tools/compare_python_chess.py --fix`; kinds and rules are in the "
               "script (`FIX_KINDS`, `FIX_RULES`).\n", "## Table\n",
               fix_table_markdown(ordered) + "\n", "## Examples\n"]
        for (kind, name, verdict), entry in ordered:
            out.append(f"### {kind}: {name}\n")
            out.append(f"{verdict}; {entry['games']} in {len(entry['files'])} files\n")
            for c in entry["examples"]:
                where = f"`{c.file}`" + (f" game {c.index} (line {c.line})" if c.index is not None else "")
                bits = [where, c.detail]
                if c.before is not None:
                    bits.append(f"python-chess errors before: {short('; '.join(c.before.errors), 100) or 'none'}")
                    bits.append(f"after: {short('; '.join(c.after.errors), 100) or 'none'}")
                if c.edits:
                    bits.append("edits: " + edit_summary(c))
                out.append("- " + "; ".join(b for b in bits if b))
            out.append("")
        with open(args.report, "w", encoding="utf-8") as f:
            f.write("\n".join(out))
    return rows


def fix_table_markdown(ordered):
    lines = ["| kind | class | verdict | games | files |", "|---|---|---|---:|---:|"]
    for (kind, name, verdict), entry in ordered:
        lines.append(f"| {kind} | {name} | {verdict} | {entry['games']} | {len(entry['files'])} |")
    if not ordered:
        lines.append("| (none) | | | 0 | 0 |")
    return "\n".join(lines)


if __name__ == "__main__":
    main()
