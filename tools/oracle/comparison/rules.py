"""What the rules look at in a disagreement, and the rules that name its cause."""

import re

import chess
import chess.pgn

from .sides import fen_differences


RESULTS = ("1-0", "0-1", "1/2-1/2", "*")
VERDICTS = ("jaque bug", "python-chess wrong", "by design", "undetermined")


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
