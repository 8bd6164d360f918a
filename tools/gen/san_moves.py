"""Moves as the SAN generators see them: the weight of a move's features in their playouts,
the SAN-like text of a pseudo-legal move, and the two kings their random positions start from
(gen_san_cases_data.py, gen_san_legal_data.py, pgn_cases/)."""

import chess


def feature_weight(board, m, promotion, castling, en_passant):
    """1 plus the given bonus for a promotion, a castling, an en-passant capture, plus 2 for a
    capture and 3 for a check (added in that order, so the float sum stays the same)."""
    w = 1.0
    if m.promotion:
        w += promotion
    if board.is_castling(m):
        w += castling
    if board.is_en_passant(m):
        w += en_passant
    if board.is_capture(m):
        w += 2
    if board.gives_check(m):
        w += 3
    return w


def pseudo_text(board, m):
    """SAN-like text for a pseudo-legal (possibly illegal) move, without check mark and
    without disambiguation."""
    pt = board.piece_type_at(m.from_square)
    cap = board.is_capture(m)
    to = chess.square_name(m.to_square)
    if pt == chess.PAWN:
        t = (chess.FILE_NAMES[chess.square_file(m.from_square)] + "x" + to) if cap else to
        if m.promotion:
            t += "=" + chess.piece_symbol(m.promotion).upper()
        return t
    return chess.piece_symbol(pt).upper() + ("x" if cap else "") + to


def kings_apart(rng):
    """An empty board with the two kings on random squares, and the other squares, shuffled;
    the board is None when the kings came out adjacent (the caller draws again)."""
    b = chess.Board(None)
    squares = list(chess.SQUARES)
    rng.shuffle(squares)
    wk, bk = squares.pop(), squares.pop()
    if chess.square_distance(wk, bk) < 2:
        return None, squares
    b.set_piece_at(wk, chess.Piece(chess.KING, chess.WHITE))
    b.set_piece_at(bk, chess.Piece(chess.KING, chess.BLACK))
    return b, squares
