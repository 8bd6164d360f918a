"""The game status the jaque CLI contract reports, computed by python-chess.

Shared by the PGN oracle generators (gen_pgn_oracle.py, gen_pgn_cases.py)."""


def status_of(board):
    """checkmate, stalemate, insufficient_material, fifty_moves, threefold or ongoing."""
    if board.is_checkmate():
        return "checkmate"
    if board.is_stalemate():
        return "stalemate"
    if board.is_insufficient_material():
        return "insufficient_material"
    if board.halfmove_clock >= 100:
        return "fifty_moves"
    if board.is_repetition(3):
        return "threefold"
    return "ongoing"
