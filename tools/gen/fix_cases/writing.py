"""Writing a game as python-chess's exporter does, with its deviations placed and
recorded, and reading the files back to check them."""

import io

import chess
import chess.pgn

from game_trees import games_from, node_of
from .tables import S_CLOSE, S_OPEN


def visible(s):
    return len(s) - s.count(S_OPEN) - s.count(S_CLOSE)


class FixWriter(chess.pgn.StringExporter):
    """python-chess's exporter, with chosen text at chosen places. Each place is written
    between S_OPEN and S_CLOSE (not counted in the line width) and listed in `records`
    as (written, export) in the order of the text."""

    def __init__(self, game, spec, translate=None):
        super().__init__(columns=spec["columns"], headers=True, comments=True, variations=True)
        self.game = game
        self.spec = spec
        self.translate = translate
        self.records = []

    def place(self, written, export):
        self.records.append((written, export))
        return S_OPEN + written + S_CLOSE

    def write_token(self, token):
        if self.columns is not None and self.columns - visible(self.current_line) < visible(token):
            self.flush_current_line()
        self.current_line += token

    def visit_header(self, tagname, tagvalue):
        if tagname == "Result" and self.spec["tag_result"] is not None:
            tagvalue = self.place(self.spec["tag_result"], tagvalue)
        super().visit_header(tagname, tagvalue)

    def visit_move(self, board, move):
        key = id(node_of(self.game, board, move))
        spaced = self.spec["spaced"] and (key in self.spec["moves"] or key in self.spec["numbers"])
        pad = "  " if spaced else ""
        number = None
        if board.turn == chess.WHITE:
            dots = "."
        elif self.force_movenumber:
            dots = "..."
        else:
            dots = None
        if dots:
            n = board.fullmove_number
            export = "%d%s" % (n, dots)
            if self.spec["renumber"]:
                number = self.place("%d%s" % (n - self.spec["renumber"], dots), export)
            elif key in self.spec["numbers"]:
                number = self.place("%d%s" % (self.spec["numbers"][key], dots), export)
            else:
                number = export
            self.write_token(number + " " + pad)
        san = board.san(move)
        if key in self.spec["moves"]:
            text = self.place(self.spec["moves"][key], san)
        elif self.translate:
            local = self.translate(san)
            text = self.place(local, san) if local != san else san
        else:
            text = san
        self.write_token(text + " " + pad)
        self.force_movenumber = False

    def visit_result(self, result):
        marker = self.spec["marker"]
        if marker is None:
            self.write_token(result + " ")
        elif marker != "":
            self.write_token(self.place(marker, result) + " ")


def render(game, spec, translate=None):
    """The game's text (no final line end) and its places [(start, end, written, export)]
    as character offsets in that text."""
    writer = FixWriter(game, spec, translate)
    raw = game.accept(writer)
    raw = raw.replace("\n", spec["eol"])
    text, places, i = [], [], 0
    pos = 0
    records = iter(writer.records)
    while i < len(raw):
        c = raw[i]
        if c == S_OPEN:
            close = raw.index(S_CLOSE, i)
            written = raw[i + 1:close]
            w, export = next(records)
            assert w == written
            places.append([pos, pos + len(written), written, export])
            text.append(written)
            pos += len(written)
            i = close + 1
        else:
            text.append(c)
            pos += 1
            i += 1
    assert next(records, None) is None
    text = "".join(text)
    if spec["marker"] == "":
        places.append([len(text), len(text), "", " " + game.headers["Result"]])
    for p in places:
        assert "\n" not in p[2] and "\r" not in p[2]
    return text, places


def apply(text, places, choose):
    """text with each place replaced by choose(place)."""
    out, last = [], 0
    for p in places:
        out.append(text[last:p[0]])
        out.append(choose(p))
        last = p[1]
    out.append(text[last:])
    return "".join(out)


def assemble(chunks):
    """Join rendered games: returns (file text, [per game [(file char offset, place)]])."""
    parts, offsets, pos = [], [], 0
    for k, (text, eol, bom) in enumerate(chunks):
        prefix = "\ufeff" if bom else ""
        parts.append(prefix)
        pos += len(prefix)
        offsets.append(pos)
        sep = eol + (eol if k + 1 < len(chunks) else "")
        parts.append(text + sep)
        pos += len(text) + len(sep)
    return "".join(parts), offsets


def locate(file_text, char_offset):
    """(line, column in characters, byte offset) of a character offset."""
    before = file_text[:char_offset]
    line = before.count("\n") + 1
    col_text = before[before.rfind("\n") + 1:]
    column = len(col_text.replace("\ufeff", "")) + 1
    return line, column, len(before.encode("utf-8"))


def movetext_words(text):
    text = text.replace("\r\n", "\n").lstrip("\ufeff")
    head, _, moves = text.partition("\n\n")
    return head, moves.split()


def read_all(text):
    return games_from(io.StringIO(text.lstrip("\ufeff"), newline=None))


def check_same(read, game, what):
    assert not read.errors, (what, read.errors)
    assert str(read) == str(game), (what, str(read), str(game))


def check_only_places(a, b, places):
    """Bytes of a and b are equal outside the places; at each place a has written, b the
    given replacement. places: [(byte offset, written, replacement)] in order."""
    a, b = a.encode("utf-8"), b.encode("utf-8")
    ia = ib = 0
    for off, written, repl in places:
        w, r = written.encode("utf-8"), repl.encode("utf-8")
        seg = off - ia
        assert a[ia:off] == b[ib:ib + seg], ("differ outside places before", off)
        assert a[off:off + len(w)] == w, ("input differs at place", off)
        ib += seg
        assert b[ib:ib + len(r)] == r, ("output differs at place", off)
        ia, ib = off + len(w), ib + len(r)
    assert a[ia:] == b[ib:], "differ after the last place"
