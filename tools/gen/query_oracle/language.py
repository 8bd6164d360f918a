"""The core query language of CONTRACT.md ("Queries"), read again for the oracle: a tokenizer
and a recursive-descent parser in plain Python, written from the contract's text alone (never
from jaque's code). A query becomes a tree of tuples, evaluated by `evaluate.py`.

Precedence, tighter to looser: a comparison, `not`, `and`, `or`. `flipcolor` and the
transforms (`flip`, `shift`, …) take one operand at `not`'s level, and each element of a `line`
is such an operand with an optional repetition. `//` starts a comment to the end of the line.
Definitions `let NAME = EXPR [;]` come first; a name stands for its tree where it is used.
`material KRPvKR` is ("material", {letter: count} for White, the same for Black), kings left
out.
"""

import re

KEYWORDS = {"check", "mate", "stalemate", "wtm", "btm", "ply", "move", "from", "to", "capture",
            "promote", "not", "and", "or", "flipcolor", "line", "count", "attacks", "pinned",
            "let", "material"} | {"flip", "flipvertical", "fliphorizontal", "shift",
                                  "shifthorizontal", "shiftvertical"}
TRANSFORMS = ("flip", "flipvertical", "fliphorizontal", "shift", "shifthorizontal",
              "shiftvertical")
PIECE_LETTERS = "KQRBNPkqrbnpAa_"
OPERATORS = ["==", "!=", "<=", ">=", "<", ">"]
FILES = "abcdefgh"
RANKS = "12345678"


class QueryError(Exception):
    """A query the oracle cannot read."""


class Parser:
    """One query's text and where the reading is."""

    def __init__(self, text):
        self.text = text
        self.at = 0
        self.names = {}

    def skip(self):
        while True:
            while self.at < len(self.text) and self.text[self.at].isspace():
                self.at += 1
            if not self.text.startswith("//", self.at):
                return
            end = self.text.find("\n", self.at)
            self.at = len(self.text) if end < 0 else end + 1

    def name(self, kinds):
        """The tree of the defined name here if it is one of `kinds` ("set", "number",
        "condition"), read; or None."""
        self.skip()
        found = re.match(r"[A-Za-z_][A-Za-z0-9_]*", self.text[self.at:])
        if not found or found.group() not in self.names:
            return None
        tree = self.names[found.group()]
        if kind_of(tree) not in kinds:
            return None
        self.at += len(found.group())
        return tree

    def peek(self, literal):
        self.skip()
        return self.text.startswith(literal, self.at)

    def eat(self, literal):
        if self.peek(literal):
            self.at += len(literal)
            return True
        return False

    def expect(self, literal):
        if not self.eat(literal):
            raise QueryError(f"expected {literal!r} at {self.at} in {self.text!r}")

    def word(self):
        """The keyword that starts here (a whole run of lowercase letters), or None."""
        self.skip()
        found = re.match(r"[a-z]+", self.text[self.at:])
        return found.group() if found and found.group() in KEYWORDS else None

    def keyword(self, name):
        if self.word() == name:
            self.at += len(name)
            return True
        return False

    def number(self):
        self.skip()
        found = re.match(r"\d+", self.text[self.at:])
        if not found:
            raise QueryError(f"expected a number at {self.at} in {self.text!r}")
        self.at += len(found.group())
        return int(found.group())


def kind_of(tree):
    """What a tree is: a set, a number, or a condition."""
    if tree[0] == "set":
        return "set"
    return "number" if tree[0] in ("count", "int", "ply") else "condition"


def squares_at(text, at):
    """The squares written at `at` (`e4`, `a-h8`, `e1-8`, `a-d1-4`) and where they end, or
    None: the longest reading as squares."""
    found = re.match(r"([a-h])(?:-([a-h]))?([1-8])(?:-([1-8]))?", text[at:])
    if not found:
        return None
    f1, f2, r1, r2 = found.groups()
    files = range(FILES.index(f1), FILES.index(f2 or f1) + 1)
    ranks = range(RANKS.index(r1), RANKS.index(r2 or r1) + 1)
    if not files or not ranks:
        raise QueryError(f"an empty square range in {text!r}")
    return frozenset(r * 8 + f for f in files for r in ranks), at + len(found.group())


def square_list(parser):
    """`[e4,d5,a-h8]` at the reader, or None (then nothing is read)."""
    text, at = parser.text, parser.at
    if not text.startswith("[", at):
        return None
    squares, at = set(), at + 1
    while True:
        read = squares_at(text, at)
        if read is None:
            return None
        squares |= read[0]
        at = read[1]
        while at < len(text) and text[at] == " ":
            at += 1
        if text.startswith("]", at):
            parser.at = at + 1
            return frozenset(squares)
        if not text.startswith(",", at):
            return None
        at += 1
        while at < len(text) and text[at] == " ":
            at += 1


def squares(parser):
    """A square designator at the reader, or None."""
    parser.skip()
    listed = square_list(parser)
    if listed is not None:
        return listed
    read = squares_at(parser.text, parser.at)
    if read is None:
        return None
    parser.at = read[1]
    return read[0]


def pieces(parser):
    """Piece letters at the reader (one, or a `[…]` union), or None."""
    parser.skip()
    text, at = parser.text, parser.at
    if parser.word() is not None:
        return None
    if at < len(text) and text[at] in PIECE_LETTERS:
        parser.at += 1
        return set(text[at])
    found = re.match(r"\[([KQRBNPkqrbnpAa_]+)\]", text[at:])
    if found:
        parser.at += len(found.group())
        return set(found.group(1))
    return None


def designator(parser):
    """Pieces, squares, or pieces then squares, as ("set", pieces or None, squares or None);
    where a letter could start squares, squares win."""
    parser.skip()
    if parser.word() is not None:
        return None
    named = parser.name(("set",))
    if named is not None:
        return named
    where = squares(parser)
    if where is not None:
        return ("set", None, where)
    kinds = pieces(parser)
    if kinds is None:
        return None
    parser.skip()
    return ("set", kinds, squares(parser))


def need_set(parser):
    found = designator(parser)
    if found is None:
        raise QueryError(f"expected a set at {parser.at} in {parser.text!r}")
    return found


def operator(parser):
    parser.skip()
    for op in OPERATORS:
        if parser.eat(op):
            return op
    return None


def value(parser):
    """`count(SET)`, an integer or a name of a number, as ("count", SET) or ("int", N) or
    the name's tree; or None."""
    named = parser.name(("number",))
    if named is not None:
        return named
    if parser.keyword("count"):
        parser.expect("(")
        counted = need_set(parser)
        parser.expect(")")
        return ("count", counted)
    parser.skip()
    if parser.at < len(parser.text) and parser.text[parser.at].isdigit():
        return ("int", parser.number())
    return None


def comparison(parser, left):
    op = operator(parser)
    if op is None:
        raise QueryError(f"a count needs a comparison in {parser.text!r}")
    right = value(parser)
    if right is None:
        raise QueryError(f"expected a count or a number after {op} in {parser.text!r}")
    return ("compare", op, left, right)


def last_move(parser):
    """`move [from SET] [to SET]`, after `move`."""
    source = need_set(parser) if parser.keyword("from") else None
    target = need_set(parser) if parser.keyword("to") else None
    return ("move", source, target)


def repetition(parser):
    """`{m}`, `{m,n}`, `{m,}`, `*`, `+` or nothing, as (least, most or None)."""
    if parser.eat("{"):
        least = parser.number()
        most = least
        if parser.eat(","):
            most = None if parser.peek("}") else parser.number()
        parser.expect("}")
        return least, most
    if parser.eat("*"):
        return 0, None
    if parser.eat("+"):
        return 1, None
    return 1, 1


def line(parser):
    """`line --> Q1 --> Q2 …`, after `line`."""
    elements = []
    while parser.eat("-->"):
        element = unary(parser)
        elements.append((element,) + repetition(parser))
    if not elements:
        raise QueryError(f"a line without elements in {parser.text!r}")
    return ("line", elements)


def atom(parser):
    """One condition: a keyword's form, a parenthesis, a comparison or a designator."""
    if parser.eat("("):
        inner = disjunction(parser)
        parser.expect(")")
        return inner
    name = parser.word()
    simple = {"check", "mate", "stalemate", "wtm", "btm", "capture"}
    if name in simple:
        parser.keyword(name)
        return (name,)
    if parser.keyword("ply"):
        return comparison(parser, ("ply",))
    if parser.keyword("move"):
        return last_move(parser)
    if parser.keyword("promote"):
        return ("promote", pieces(parser))
    if parser.keyword("pinned"):
        return ("pinned", need_set(parser))
    if parser.keyword("line"):
        return line(parser)
    if parser.keyword("flipcolor"):
        return ("flipcolor", unary(parser))
    for transform in TRANSFORMS:
        if parser.keyword(transform):
            return ("transform", transform, unary(parser))
    if parser.keyword("material"):
        return material(parser)
    named = parser.name(("condition",))
    if named is not None:
        return named
    counted = value(parser)
    if counted is not None:
        return comparison(parser, counted)
    found = need_set(parser)
    if parser.keyword("attacks"):
        return ("attacks", found, need_set(parser))
    return ("nonempty", found)


def unary(parser):
    if parser.keyword("not"):
        return ("not", unary(parser))
    return atom(parser)


def conjunction(parser):
    parts = [unary(parser)]
    while parser.keyword("and"):
        parts.append(unary(parser))
    return parts[0] if len(parts) == 1 else ("and", parts)


def disjunction(parser):
    parts = [conjunction(parser)]
    while parser.keyword("or"):
        parts.append(conjunction(parser))
    return parts[0] if len(parts) == 1 else ("or", parts)


def material(parser):
    """`material KRPvKR`, after `material`: the counts of each side's pieces but the king."""
    parser.skip()
    found = re.match(r"([KQRBNP]+)v([KQRBNP]+)\b", parser.text[parser.at:])
    if not found:
        raise QueryError(f"a bad material signature at {parser.at} in {parser.text!r}")
    parser.at += len(found.group())
    white, black = found.groups()
    count = lambda side: {letter: side.count(letter) for letter in "QRBNP"}
    return ("material", count(white), count(black))


def definition(parser):
    """What a `let` names: a set or a number alone, else a condition."""
    start = parser.at
    for read in (value, designator):
        found = read(parser)
        parser.skip()
        rest = parser.text[parser.at:]
        ahead = re.match(r"[a-z]+", rest)
        if found is not None and operator(parser) is None and not (
                ahead and ahead.group() in ("and", "or", "attacks")):
            return found
        parser.at = start
    return disjunction(parser)


def parse(text):
    """The tree of a whole query, or QueryError."""
    parser = Parser(text)
    while parser.keyword("let"):
        parser.skip()
        name = re.match(r"[A-Za-z_][A-Za-z0-9_]*", parser.text[parser.at:]).group()
        parser.at += len(name)
        parser.expect("=")
        parser.names[name] = definition(parser)
        parser.eat(";")
    tree = disjunction(parser)
    parser.skip()
    if parser.at != len(text):
        raise QueryError(f"unread text at {parser.at} in {text!r}")
    return tree
