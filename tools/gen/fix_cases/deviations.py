"""A move written wrongly on purpose, one kind at a time, and the checks that it is wrong
as its kind says."""

import chess
import chess.pgn

from .tables import DUTCH, FIG_BLACK, FIG_WHITE, FRENCH, GERMAN, LETTER, SAN_RE, SPANISH, TYPE_OF


def split_suffix(san):
    if san[-1] in "+#":
        return san[:-1], san[-1]
    return san, ""


def plain_san(b, m):
    """SAN without disambiguation (piece moves)."""
    body, suf = split_suffix(b.san(m))
    return LETTER[b.piece_type_at(m.from_square)] + ("x" if b.is_capture(m) else "") + \
        chess.square_name(m.to_square), body, suf


def pinned_other(b, m):
    """Another piece of the mover's type that could reach the target but is pinned."""
    pt = b.piece_type_at(m.from_square)
    mask = b.pieces_mask(pt, b.turn) & ~chess.BB_SQUARES[m.from_square]
    for om in b.generate_pseudo_legal_moves(mask, chess.BB_SQUARES[m.to_square]):
        if not b.is_legal(om) and b.is_pinned(b.turn, om.from_square):
            return om.from_square
    return None


def candidates(b, text):
    """Legal moves with the written piece and target square, or the written origin and
    target (ignoring x, +/# and wrong disambiguation)."""
    piece, ff, fr, _x, to, _promo, _suf = SAN_RE.match(text).groups()
    pt = TYPE_OF[piece] if piece else chess.PAWN
    to = chess.parse_square(to)
    out = []
    for lm in b.legal_moves:
        if lm.to_square != to:
            continue
        same_piece = b.piece_type_at(lm.from_square) == pt
        if pt == chess.PAWN and ff:
            same_piece = same_piece and chess.square_file(lm.from_square) == "abcdefgh".index(ff)
        same_origin = bool(ff and fr) and lm.from_square == chess.parse_square(ff + fr)
        if same_piece or same_origin:
            out.append(lm)
    return out


def wrong_letters(b, m):
    """Piece letters other than the mover's for which no legal move reaches the target."""
    pt = b.piece_type_at(m.from_square)
    out = []
    for t in (chess.KNIGHT, chess.BISHOP, chess.ROOK, chess.QUEEN, chess.KING):
        if t == pt:
            continue
        if not any(b.piece_type_at(lm.from_square) == t for lm in
                   b.generate_legal_moves(chess.BB_ALL, chess.BB_SQUARES[m.to_square])):
            out.append(t)
    return out


def other_same_type(b, m, axis):
    """Squares of other pieces of the mover's type whose file (axis 0) or rank (axis 1)
    differs from the mover's."""
    pt = b.piece_type_at(m.from_square)
    f = chess.square_file if axis == 0 else chess.square_rank
    return [sq for sq in b.pieces(pt, b.turn) if sq != m.from_square and f(sq) != f(m.from_square)]


PROMOTION_KINDS = ("promotion_form", "missing_promotion")
PLUS_KINDS = ("check_missing", "mate_for_check")
MATE_KINDS = ("mate_missing", "check_for_mate", "double_plus_mate")


class Move:
    """What the per-kind tests and writers read of move m in board b, each found once."""

    def __init__(self, b, m):
        self.b, self.m = b, m
        self.castle = b.is_castling(m)
        self.pt = b.piece_type_at(m.from_square)
        self.cap = b.is_capture(m)
        self.piece = self.pt != chess.PAWN and not self.castle
        self.pawn = self.pt == chess.PAWN and not m.promotion
        self.promo = bool(m.promotion)

    @property
    def san(self):
        return self.b.san(self.m)

    @property
    def parts(self):
        """The SAN's body and its check or mate suffix."""
        return split_suffix(self.san)


def needs_check(kind):
    return kind in PLUS_KINDS or kind in MATE_KINDS


# Kinds that only a piece move (not a pawn's, not castling) can carry.
PIECE_KINDS = ("over_disambiguation", "ambiguous", "illegal_one_candidate", "capture_extra")


def qualifies(kind, sub, b, m):
    """Whether move m (legal in b) can carry a deviation of this kind and sub-form."""
    # Cheap tests first: most moves are rejected before their SAN is computed.
    castle = b.is_castling(m)
    if kind == "castling_zeros" and not castle:
        return False
    if (kind in PROMOTION_KINDS or sub == "promotion") and not m.promotion:
        return False
    if kind == "en_passant_mark":
        return b.is_en_passant(m)
    if needs_check(kind) and not b.gives_check(m):
        return False
    mv = Move(b, m)
    if kind in PIECE_KINDS and not mv.piece:
        return False
    if kind == "move_number":
        return True
    if kind not in QUALIFIES:
        raise ValueError(kind)
    return QUALIFIES[kind](sub, mv)


def over_disambiguation_qualifies(sub, mv):
    if mv.pt == chess.KING:
        return False
    plain, body, _ = plain_san(mv.b, mv.m)
    if plain != body:
        return False
    return sub != "pinned" or pinned_other(mv.b, mv.m) is not None


def ambiguous_qualifies(sub, mv):
    plain, body, _ = plain_san(mv.b, mv.m)
    if plain == body:
        return False
    dis = body[1:len(body) - len(plain) + 1]
    return {"file": dis.isalpha(), "rank": dis.isdigit(), "any": True}[sub]


def illegal_one_candidate_qualifies(sub, mv):
    if mv.m.promotion:
        return False
    if sub == "wrong_piece":
        return bool(wrong_letters(mv.b, mv.m))
    plain, body, _ = plain_san(mv.b, mv.m)
    return plain == body and mv.pt != chess.KING and \
        bool(other_same_type(mv.b, mv.m, 0 if sub == "wrong_file" else 1))


def letters_qualify(sub, mv):
    """figurine and wrong_language: a promotion, or a move of the piece type named."""
    return sub == "promotion" or (mv.piece and mv.pt == TYPE_OF[sub])


# The rest of each kind's test, after the cheap ones of `qualifies`: (sub, Move) -> bool.
QUALIFIES = {
    "castling_zeros": lambda sub, mv: mv.parts[0] == sub,
    "check_missing": lambda sub, mv: mv.parts[1] == "+",
    "mate_for_check": lambda sub, mv: mv.parts[1] == "+",
    "mate_missing": lambda sub, mv: mv.parts[1] == "#",
    "check_for_mate": lambda sub, mv: mv.parts[1] == "#",
    "double_plus_mate": lambda sub, mv: mv.parts[1] == "#",
    "check_extra": lambda sub, mv: mv.parts[1] == "",
    "capture_missing": lambda sub, mv: mv.cap and {
        "piece": mv.piece, "pawn": mv.pawn, "promotion": mv.promo}[sub],
    "capture_extra": lambda sub, mv: not mv.cap,
    "over_disambiguation": over_disambiguation_qualifies,
    "promotion_form": lambda sub, mv: True,
    "pawn_letter": lambda sub, mv: mv.pt == chess.PAWN and {
        "push": not mv.cap and not mv.promo, "capture": mv.cap and not mv.promo,
        "promotion": mv.promo}[sub],
    "long_algebraic": lambda sub, mv: {
        "pawn_dash": mv.pawn and not mv.cap, "pawn_plain": mv.pawn and not mv.cap,
        "pawn_capture": mv.pawn and mv.cap, "piece_dash": mv.piece and not mv.cap,
        "piece_plain": mv.piece, "promotion": mv.promo}[sub],
    "figurine": letters_qualify,
    "ambiguous": ambiguous_qualifies,
    "illegal_one_candidate": illegal_one_candidate_qualifies,
    "missing_promotion": lambda sub, mv: mv.m.promotion == chess.QUEEN and (
        mv.cap == (sub == "capture")),
    "wrong_language": letters_qualify,
}


def deviate(rng, kind, sub, b, m):
    """The text written for move m in place of its SAN."""
    if kind not in DEVIATE:
        raise ValueError(kind)
    return DEVIATE[kind](rng, sub, Written(b, m))


class Written(Move):
    """A move about to be written wrongly: its SAN's parts and squares' names too."""

    def __init__(self, b, m):
        super().__init__(b, m)
        self.whole = b.san(m)
        self.body, self.suf = split_suffix(self.whole)
        self.frm, self.to = chess.square_name(m.from_square), chess.square_name(m.to_square)


def over_disambiguated(rng, sub, w):
    letter, rest = w.body[0], w.body[1:] + w.suf
    if sub == "file":
        return letter + w.frm[0] + rest
    if sub == "rank":
        return letter + w.frm[1] + rest
    other = pinned_other(w.b, w.m)
    if chess.square_file(other) != chess.square_file(w.m.from_square):
        return letter + w.frm[0] + rest
    return letter + w.frm[1] + rest


def long_algebraic(rng, sub, w):
    promo = "=" + LETTER[w.m.promotion] if w.m.promotion else ""
    letter = "" if w.pt == chess.PAWN else LETTER[w.pt]
    if sub == "pawn_dash" or sub == "piece_dash":
        return letter + w.frm + "-" + w.to + w.suf
    if sub in ("pawn_plain", "piece_plain"):
        return letter + w.frm + ("x" if w.cap else "") + w.to + w.suf
    if sub == "pawn_capture":
        return w.frm + "x" + w.to + w.suf
    return w.frm + ("x" if w.cap else rng.choice(["-", ""])) + w.to + promo + w.suf


def figurine(rng, sub, w):
    figs = FIG_BLACK if w.b.turn == chess.BLACK and rng.random() < 0.6 else FIG_WHITE
    if sub == "promotion":
        return w.body[:-1] + figs[w.m.promotion] + w.suf
    return figs[w.pt] + w.whole[1:]


def illegal_one_candidate(rng, sub, w):
    if sub == "wrong_piece":
        letter = LETTER[rng.choice(wrong_letters(w.b, w.m))]
        return letter + w.frm + ("x" if w.cap else "") + w.to + w.suf
    plain, _, _ = plain_san(w.b, w.m)
    axis = 0 if sub == "wrong_file" else 1
    other = rng.choice(other_same_type(w.b, w.m, axis))
    return plain[0] + chess.square_name(other)[axis] + plain[1:] + w.suf


def wrong_language(rng, sub, w):
    if sub == "promotion":
        return w.body[:-1] + FRENCH[w.m.promotion] + w.suf
    return FRENCH[w.pt] + w.whole[1:]


# Each kind's text for the move: (rng, sub, Written) -> str.
DEVIATE = {
    "castling_zeros": lambda rng, sub, w: w.whole.replace("O", "0"),
    "check_missing": lambda rng, sub, w: w.body,
    "mate_missing": lambda rng, sub, w: w.body,
    "check_for_mate": lambda rng, sub, w: w.body + "+",
    "check_extra": lambda rng, sub, w: w.body + "+",
    "mate_for_check": lambda rng, sub, w: w.body + "#",
    "double_plus_mate": lambda rng, sub, w: w.body + "++",
    "capture_missing": lambda rng, sub, w: w.whole.replace("x", "", 1),
    "capture_extra": lambda rng, sub, w: w.body[:-2] + "x" + w.body[-2:] + w.suf,
    "over_disambiguation": over_disambiguated,
    "promotion_form": lambda rng, sub, w: w.body[:-2] + {
        "Q": w.body[-1], "paren": "(" + w.body[-1] + ")", "slash": "/" + w.body[-1]}[sub] + w.suf,
    "pawn_letter": lambda rng, sub, w: "P" + w.whole,
    "en_passant_mark": lambda rng, sub, w: w.body + "e.p." + w.suf,
    "long_algebraic": long_algebraic,
    "figurine": figurine,
    "ambiguous": lambda rng, sub, w: plain_san(w.b, w.m)[0] + w.suf,
    "illegal_one_candidate": illegal_one_candidate,
    "missing_promotion": lambda rng, sub, w: w.body[:-2] + w.suf,
    "wrong_language": wrong_language,
}


def read_in(table, text):
    """text with the piece letters of a language turned into English ones; None if one of
    its capital letters is not a piece letter of that language."""
    back = {v: k for k, v in table.items()}
    out = []
    for ch in text:
        if ch.isupper():
            if ch not in back:
                return None
            ch = LETTER[back[ch]]
        out.append(ch)
    return "".join(out)


def check_deviation(kind, sub, b, m, written):
    """Assert that the written text is the deviation its kind says."""
    export = b.san(m)
    assert written != export, (kind, written)
    if kind == "ambiguous":
        try:
            b.parse_san(written)
            raise AssertionError(("not ambiguous", written, b.fen()))
        except chess.AmbiguousMoveError:
            pass
    elif kind in ("illegal_one_candidate", "missing_promotion"):
        try:
            b.parse_san(written)
            raise AssertionError(("not illegal", written, b.fen()))
        except chess.IllegalMoveError:
            pass
        if kind == "illegal_one_candidate":
            assert candidates(b, written) == [m], (written, b.fen(), candidates(b, written))
    elif kind == "wrong_language":
        try:
            b.parse_san(written)
            raise AssertionError(("English reads it", written, b.fen()))
        except ValueError:
            pass
        assert b.parse_san(read_in(FRENCH, written)) == m, written
        # Every other language that has all the letters reads the same move.
        for table in (SPANISH, GERMAN, DUTCH):
            english = read_in(table, written)
            if english is not None:
                assert b.parse_san(english) == m, (written, english, table)
    elif kind == "over_disambiguation" and sub == "pinned":
        assert pinned_other(b, m) is not None
        assert b.san(m) == plain_san(b, m)[0] + split_suffix(export)[1]
