"""SAN tokens that are wrong on purpose: illegal in a chosen way, or ambiguous."""

import chess
import chess.pgn

from san_moves import pseudo_text
from .tables import DIS_RE, SAN_RE


def legal_key_clash(board, tok):
    """True if a lenient reader (ignoring x, +/# and disambiguation) could match a legal move."""
    bare = tok.rstrip("+#")
    legal = list(board.legal_moves)
    if bare in ("O-O", "O-O-O"):
        side = board.is_kingside_castling if bare == "O-O" else board.is_queenside_castling
        return any(side(m) for m in legal)
    mt = SAN_RE.match(tok)
    assert mt, tok
    piece, ffile, _rank, _x, to, promo, _chk = mt.groups()
    to_sq = chess.parse_square(to)
    pt = chess.PIECE_SYMBOLS.index(piece.lower()) if piece else chess.PAWN
    for m in legal:
        if m.to_square != to_sq or board.piece_type_at(m.from_square) != pt:
            continue
        if pt == chess.PAWN:
            from_file = chess.FILE_NAMES[chess.square_file(m.from_square)]
            if from_file != (ffile or to[0]):
                continue
        return True
    return False


def strongly_illegal(board, tok):
    try:
        board.parse_san(tok)
    except chess.IllegalMoveError:
        pass
    except ValueError:
        return False
    else:
        return False
    return not legal_key_clash(board, tok)


def raw_san(board, m):
    """SAN-like text for a pseudo-legal (possibly illegal) move; None if it would need disambiguation."""
    pt = board.piece_type_at(m.from_square)
    if pt != chess.PAWN and any(x.to_square == m.to_square and x.from_square != m.from_square
                                and board.piece_type_at(x.from_square) == pt
                                for x in board.pseudo_legal_moves):
        return None
    return pseudo_text(board, m)


def illegal_candidates(board, kind, pool, rng):
    """[(token, subkind)] of strongly illegal tokens of the given kind in this position."""
    out = []
    if kind == "foreign":
        for tok in rng.sample(pool, min(len(pool), 40)):
            if strongly_illegal(board, tok):
                out.append((tok, "foreign"))
                break
    elif kind in ("pinned", "king_into_check"):
        if kind == "pinned" and board.is_check():
            return out
        for m in board.pseudo_legal_moves:
            if board.is_legal(m) or board.is_castling(m):
                continue
            pt = board.piece_type_at(m.from_square)
            if kind == "pinned" and (pt == chess.KING or not board.is_pinned(board.turn, m.from_square)):
                continue
            if kind == "king_into_check" and pt != chess.KING:
                continue
            tok = raw_san(board, m)
            if tok and strongly_illegal(board, tok):
                out.append((tok, kind))
    elif kind == "castling":
        rank = 0 if board.turn == chess.WHITE else 7
        king = chess.square(4, rank)
        if board.piece_at(king) != chess.Piece(chess.KING, board.turn):
            return out
        for tok, rook_file, path, kdest, kpass in (("O-O", 7, [5, 6], 6, 5), ("O-O-O", 0, [1, 2, 3], 2, 3)):
            if board.piece_at(chess.square(rook_file, rank)) != chess.Piece(chess.ROOK, board.turn):
                continue
            if any(board.piece_at(chess.square(f, rank)) for f in path):
                continue
            if not strongly_illegal(board, tok):
                continue
            rook_sq = chess.square(rook_file, rank)
            if not board.castling_rights & chess.BB_SQUARES[rook_sq]:
                sub = "castling_no_rights"
            elif board.is_check():
                sub = "castling_in_check"
            elif board.is_attacked_by(not board.turn, chess.square(kpass, rank)):
                sub = "castling_through_check"
            else:
                sub = "castling_into_check"
            out.append((tok, sub))
    elif kind == "blocked_pawn":
        step = 8 if board.turn == chess.WHITE else -8
        start_rank = 1 if board.turn == chess.WHITE else 6
        last_rank = 7 if board.turn == chess.WHITE else 0
        for sq in board.pieces(chess.PAWN, board.turn):
            one = sq + step
            targets = []
            if board.piece_at(one):
                targets.append(one)
                if chess.square_rank(sq) == start_rank:
                    targets.append(one + step)
            elif chess.square_rank(sq) == start_rank and board.piece_at(one + step):
                targets.append(one + step)
            for t in targets:
                tok = chess.square_name(t)
                if chess.square_rank(t) == last_rank:
                    tok += "=Q"
                if strongly_illegal(board, tok):
                    out.append((tok, "blocked_pawn"))
    return out


def needs_disambiguation(board):
    """Legal moves whose SAN carries a disambiguation."""
    groups = {}
    for m in board.legal_moves:
        pt = board.piece_type_at(m.from_square)
        if pt in (chess.PAWN, chess.KING):
            continue
        groups.setdefault((pt, m.to_square), []).append(m)
    return [m for ms in groups.values() if len(ms) > 1 for m in ms]


def strip_disambiguation(san):
    mt = DIS_RE.match(san)
    assert mt and (mt.group(2) or mt.group(3)), san
    return mt.group(1) + mt.group(4) + mt.group(5) + mt.group(6)
