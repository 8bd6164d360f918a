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
    if (kind in PLUS_KINDS or kind in MATE_KINDS) and not b.gives_check(m):
        return False
    pt = b.piece_type_at(m.from_square)
    cap = b.is_capture(m)
    piece = pt != chess.PAWN and not castle
    if kind in ("over_disambiguation", "ambiguous", "illegal_one_candidate", "capture_extra") and not piece:
        return False
    if kind == "move_number":
        return True
    san = b.san(m)
    body, suf = split_suffix(san)
    if kind == "castling_zeros":
        return body == sub
    if kind in PLUS_KINDS:
        return suf == "+"
    if kind in MATE_KINDS:
        return suf == "#"
    if kind == "check_extra":
        return suf == ""
    if kind == "capture_missing":
        if not cap:
            return False
        return {"piece": piece, "pawn": pt == chess.PAWN and not m.promotion,
                "promotion": bool(m.promotion)}[sub]
    if kind == "capture_extra":
        return not cap
    if kind == "over_disambiguation":
        if pt == chess.KING:
            return False
        plain, body, _ = plain_san(b, m)
        if plain != body:
            return False
        if sub == "pinned":
            return pinned_other(b, m) is not None
        return True
    if kind == "promotion_form":
        return True
    if kind == "pawn_letter":
        if pt != chess.PAWN:
            return False
        return {"push": not cap and not m.promotion, "capture": cap and not m.promotion,
                "promotion": bool(m.promotion)}[sub]
    if kind == "long_algebraic":
        pawn = pt == chess.PAWN and not m.promotion
        return {"pawn_dash": pawn and not cap, "pawn_plain": pawn and not cap,
                "pawn_capture": pawn and cap, "piece_dash": piece and not cap,
                "piece_plain": piece, "promotion": bool(m.promotion)}[sub]
    if kind == "figurine":
        if sub == "promotion":
            return True
        return piece and pt == TYPE_OF[sub]
    if kind == "ambiguous":
        plain, body, _ = plain_san(b, m)
        if plain == body:
            return False
        dis = body[1:len(body) - len(plain) + 1]
        return {"file": dis.isalpha(), "rank": dis.isdigit(), "any": True}[sub]
    if kind == "illegal_one_candidate":
        if m.promotion:
            return False
        if sub == "wrong_piece":
            return bool(wrong_letters(b, m))
        plain, body, _ = plain_san(b, m)
        return plain == body and pt != chess.KING and \
            bool(other_same_type(b, m, 0 if sub == "wrong_file" else 1))
    if kind == "missing_promotion":
        return m.promotion == chess.QUEEN and (cap == (sub == "capture"))
    if kind == "wrong_language":
        if sub == "promotion":
            return True
        return piece and pt == TYPE_OF[sub]
    raise ValueError(kind)


def deviate(rng, kind, sub, b, m):
    """The text written for move m in place of its SAN."""
    san = b.san(m)
    body, suf = split_suffix(san)
    pt = b.piece_type_at(m.from_square)
    cap = b.is_capture(m)
    frm, to = chess.square_name(m.from_square), chess.square_name(m.to_square)
    if kind == "castling_zeros":
        return san.replace("O", "0")
    if kind in ("check_missing", "mate_missing"):
        return body
    if kind in ("check_for_mate", "check_extra"):
        return body + "+"
    if kind == "mate_for_check":
        return body + "#"
    if kind == "double_plus_mate":
        return body + "++"
    if kind == "capture_missing":
        return san.replace("x", "", 1)
    if kind == "capture_extra":
        return body[:-2] + "x" + body[-2:] + suf
    if kind == "over_disambiguation":
        letter = body[0]
        if sub == "file":
            return letter + frm[0] + body[1:] + suf
        if sub == "rank":
            return letter + frm[1] + body[1:] + suf
        other = pinned_other(b, m)
        if chess.square_file(other) != chess.square_file(m.from_square):
            return letter + frm[0] + body[1:] + suf
        return letter + frm[1] + body[1:] + suf
    if kind == "promotion_form":
        p = body[-1]
        return body[:-2] + {"Q": p, "paren": "(" + p + ")", "slash": "/" + p}[sub] + suf
    if kind == "pawn_letter":
        return "P" + san
    if kind == "en_passant_mark":
        return body + "e.p." + suf
    if kind == "long_algebraic":
        promo = "=" + LETTER[m.promotion] if m.promotion else ""
        letter = "" if pt == chess.PAWN else LETTER[pt]
        if sub == "pawn_dash" or sub == "piece_dash":
            return letter + frm + "-" + to + suf
        if sub in ("pawn_plain", "piece_plain"):
            return letter + frm + ("x" if cap else "") + to + suf
        if sub == "pawn_capture":
            return frm + "x" + to + suf
        return frm + ("x" if cap else rng.choice(["-", ""])) + to + promo + suf
    if kind == "figurine":
        figs = FIG_BLACK if b.turn == chess.BLACK and rng.random() < 0.6 else FIG_WHITE
        if sub == "promotion":
            return body[:-1] + figs[m.promotion] + suf
        return figs[pt] + san[1:]
    if kind == "ambiguous":
        return plain_san(b, m)[0] + suf
    if kind == "illegal_one_candidate":
        if sub == "wrong_piece":
            letter = LETTER[rng.choice(wrong_letters(b, m))]
            return letter + frm + ("x" if cap else "") + to + suf
        plain, body, _ = plain_san(b, m)
        other = rng.choice(other_same_type(b, m, 0 if sub == "wrong_file" else 1))
        return plain[0] + chess.square_name(other)[0 if sub == "wrong_file" else 1] + plain[1:] + suf
    if kind == "missing_promotion":
        return body[:-2] + suf
    if kind == "wrong_language":
        if sub == "promotion":
            return body[:-1] + FRENCH[m.promotion] + suf
        return FRENCH[pt] + san[1:]
    raise ValueError(kind)


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
