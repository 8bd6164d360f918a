"""The positions the position filters look for, and the move orders that reach them: the
targets of the specs' `--moves` and `--fen`, and of the games built to reach them."""

import chess

# Each target: the moves of its name, and other orders of the same moves (the same
# position, as EPD, after the last of them).
TRANSPOSED = {
    "qgd": ["d4 d5 c4 e6 Nc3 Nf6", "c4 e6 Nc3 d5 d4 Nf6", "d4 Nf6 c4 e6 Nc3 d5",
            "d4 e6 c4 Nf6 Nc3 d5"],
    "sicilian": ["e4 c5 Nf3 d6", "Nf3 c5 e4 d6", "e4 d6 Nf3 c5"],
    # En passant: after ...d5 the pawn on e5 may take on d6, so the EPD holds d6.
    "ep": ["e4 Nf6 e5 d5", "e4 Nf6 Nc3 Ng8 Nb1 Nf6 e5 d5", "Nf3 Nf6 Ng1 Ng8 e4 Nf6 e5 d5"],
    "italian": ["e4 e5 Nf3 Nc6 Bc4 Bc5", "Nf3 Nc6 e4 e5 Bc4 Bc5", "e4 e5 Bc4 Bc5 Nf3 Nc6"],
    "ruy": ["e4 e5 Nf3 Nc6 Bb5 a6", "Nf3 Nc6 e4 e5 Bb5 a6"],
}

# The same placement with another EPD: no en passant capture, castling rights lost.
NEAR_MISSES = {
    "ep": ["e4 d5 e5 Nf6", "Nf3 d5 Ng1 Nf6 e4 Ng8 e5 Nf6"],
    "italian": ["e4 e5 Nf3 Nc6 Bc4 Bc5 Ke2 Ke7 Ke1 Ke8", "e4 e5 Nf3 Nc6 Bc4 Bc5 Rf1 Nf6 Rh1 Ng8"],
}


def board_after(sans, start=None):
    board = chess.Board() if start is None else start.copy()
    for san in sans.split():
        board.push_san(san)
    return board


def target_fen(name):
    return board_after(TRANSPOSED[name][0]).fen()
