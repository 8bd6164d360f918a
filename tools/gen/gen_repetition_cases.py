#!/usr/bin/env python3
"""Generate tests/data/pgn/repetition.pgn and tests/data/pgn/repetition.expect.jsonl.

Self-made games (CC0) that end in long runs of reversible moves, for the repetition count of
jaque's PGN checker. Oracle: python-chess 1.11.2 (pip install chess==1.11.2), which plays
the games, writes them and gives each final position's status. Deterministic:
random.Random(SEED), SEED = 1009.

Games:
  scripted   hand-written move lists: the start position three and five times, castling
             rights lost by king and rook moves inside the run, castling inside the run, an
             en-passant square at the run's start (capturable or not)
  random     a random opening (standard or Chess960), sometimes ending with a double pawn
             push, then 8 to 60 reversible moves (no capture, no pawn move; castling
             allowed) that undo the mover's previous move more often than not

Expect file: first line {"generator", "seed", "oracle", "games"}, then one line per game:
{"game", "kind", "plies", "final_fen", "status"}, with status one of checkmate, stalemate,
insufficient_material, fivefold (is_fivefold_repetition), fifty_moves (halfmove clock >=
100), threefold (is_repetition(3)), ongoing: the order in which jaque's Status decides.
"""

import io
import json
import os
import random
import sys

import chess
import chess.pgn

from oracle_status import status_of as contract_status

SEED = 1009
# The name the data give their generator: its path before tools/ was split by kind, kept
# so that the data regenerate byte-identical (tools/README.md, "Recorded names").
GENERATOR = "tools/gen_repetition_cases.py"

SCRIPTED = [
    "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8",
    "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8",
    "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1",
    "e4 e5 Ke2 Ke7 Ke1 Ke8 Ke2 Ke7 Ke1 Ke8 Ke2 Ke7",
    "e4 e5 Ke2 Ke7 Ke1 Ke8 Ke2 Ke7 Ke1 Ke8",
    "Nf3 Nf6 g3 g6 Rg1 Rg8 Rh1 Rh8 Rg1 Rg8 Rh1 Rh8 Rg1 Rg8",
    "e4 e5 Nf3 Nf6 Bc4 Bc5 O-O O-O Kh1 Kh8 Kg1 Kg8 Kh1 Kh8 Kg1 Kg8",
    "e4 e5 Nf3 Nf6 Bc4 Bc5 Nc3 Nc6 O-O Ng4 Nb1 Nf6 Nc3 Ng4 Nb1 Nf6 Nc3 Ng4",
    "e4 Nf6 e5 d5 Nf3 Nc6 Ng1 Nb8 Nf3 Nc6 Ng1 Nb8 Nf3 Nc6 Ng1 Nb8",
    "e4 Nf6 e5 d5 Nf3 Nc6 Ng1 Nb8 Nf3 Nc6 Ng1 Nb8",
    "e4 Nf6 Nc3 d5 Nf3 Nc6 Ng1 Nb8 Nf3 Nc6 Ng1 Nb8",
    "e4 Nf6 e5 Nc6 Nf3 d5 Ng1 Nb8 Nf3 Nc6 Ng1 Nb8 Nf3 Nc6 Ng1 Nb8 Nf3 Nc6",
    "d4 d5 Nc3 Nc6 Bf4 Bf5 Qd2 Qd7 O-O-O O-O-O Kb1 Kb8 Kc1 Kc8 Kb1 Kb8 Kc1 Kc8 Kb1 Kb8",
]


def reversible_moves(board):
    return [
        m
        for m in board.legal_moves
        if not board.is_capture(m) and board.piece_type_at(m.from_square) != chess.PAWN
    ]


def shuffle(board, rng, plies):
    """Reversible moves, undoing the mover's previous move more often than not."""
    last = {chess.WHITE: None, chess.BLACK: None}
    for _ in range(plies):
        if board.is_game_over():
            return
        options = reversible_moves(board)
        if not options:
            return
        back = last[board.turn]
        undo = None
        if back is not None and not board.is_castling(back):
            undo = chess.Move(back.to_square, back.from_square)
        if undo in options and rng.random() < 0.7:
            move = undo
        else:
            move = rng.choice(options)
        last[board.turn] = move
        board.push(move)


def random_game(rng, chess960):
    if chess960:
        board = chess.Board.from_chess960_pos(rng.randrange(960))
    else:
        board = chess.Board()
    start = board.copy()
    for _ in range(rng.randrange(4, 40)):
        if board.is_game_over():
            break
        board.push(rng.choice(list(board.legal_moves)))
    if rng.random() < 0.3 and not board.is_game_over():
        doubles = [
            m
            for m in board.legal_moves
            if board.piece_type_at(m.from_square) == chess.PAWN
            and abs(m.to_square - m.from_square) == 16
        ]
        if doubles:
            board.push(rng.choice(doubles))
    shuffle(board, rng, rng.randrange(8, 61))
    return start, board


def status_of(board):
    """The contract's status (oracle_status.py), with fivefold told apart from threefold:
    jaque's Status decides fivefold right after insufficient material."""
    decided = board.is_checkmate() or board.is_stalemate() or board.is_insufficient_material()
    if not decided and board.is_fivefold_repetition():
        return "fivefold"
    return contract_status(board)


def pgn_of(index, start, board):
    game = chess.pgn.Game.from_board(board)
    game.headers["Event"] = f"jaque repetition {index}"
    for tag in ["Site", "Date", "Round", "White", "Black"]:
        game.headers[tag] = "?"
    if start.chess960:
        game.headers["Variant"] = "Chess960"
    return str(game.accept(chess.pgn.StringExporter(headers=True, variations=False, comments=False)))


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join("tests", "data", "pgn")
    rng = random.Random(SEED)
    games = []
    for text in SCRIPTED:
        board = chess.Board()
        for san in text.split():
            board.push_san(san)
        games.append(("scripted", chess.Board(), board))
    for n in range(240):
        chess960 = n % 4 == 3
        start, board = random_game(rng, chess960)
        games.append(("random960" if chess960 else "random", start, board))

    pgn = []
    expect = [
        {
            "generator": GENERATOR,
            "seed": SEED,
            "oracle": f"python-chess {chess.__version__}",
            "games": len(games),
        }
    ]
    for index, (kind, start, board) in enumerate(games, 1):
        text = pgn_of(index, start, board)
        # Cross-check: python-chess reads the written game back to the same position.
        reread = chess.pgn.read_game(io.StringIO(text)).end().board()
        assert reread.fen() == board.fen(), (index, text)
        pgn.append(text)
        expect.append(
            {
                "game": index,
                "kind": kind,
                "plies": len(board.move_stack),
                "final_fen": board.fen(),
                "status": status_of(board),
            }
        )
    with open(os.path.join(out, "repetition.pgn"), "w", newline="\n") as f:
        f.write("\n\n".join(pgn) + "\n")
    with open(os.path.join(out, "repetition.expect.jsonl"), "w", newline="\n") as f:
        for line in expect:
            f.write(json.dumps(line) + "\n")
    counts = {}
    for line in expect[1:]:
        counts[line["status"]] = counts.get(line["status"], 0) + 1
    print(counts)


if __name__ == "__main__":
    main()
