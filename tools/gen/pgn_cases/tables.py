"""How many games of each category generated.pgn holds, and the tokens, comments and
NAGs its games are written with."""

import logging
import re

import chess
import chess.pgn


SEED = 5150
# The name the data give their generator: its path before tools/ was split by kind, kept
# so that the data regenerate byte-identical (tools/README.md, "Recorded names").
GENERATOR = "tools/gen_pgn_cases.py"
ORACLE = "python-chess " + chess.__version__

N_VALID_START = 115
N_VALID_MATE = 12        # of N_VALID_START, played until checkmate
N_VALID_STALEMATE = 6    # of N_VALID_START, played until stalemate
N_VALID_FEN = 15
ILLEGAL_KINDS = ["foreign"] * 16 + ["pinned"] * 14 + ["king_into_check"] * 12 + \
    ["castling"] * 8 + ["blocked_pawn"] * 12
N_AMBIGUOUS = 32
CHECK_KINDS = ["drop_check"] * 10 + ["drop_mate"] * 8 + ["add_check"] * 10 + \
    ["mate_as_check"] * 2 + ["check_as_mate"] * 2
RESULT_KINDS = ["mate_flipped"] * 15 + ["stalemate_scored"] * 7
N_SYNTAX = 12
N_VARIATION_ILLEGAL = 9

GARBAGE = ["Zz9", "e9", "Nj4", "Qk1", "h0", "Zz9"]
COMMENTS = [
    "a quiet move", "the only move", "White is better here", "Black should be careful",
    "threatens Qxf7#", "better was Nf3 here", "a (quiet) move", "the idea; a pawn break",
    "1-0 looked likely", "time trouble", "book move", "interesting", "novelty",
    "the knight heads for d5", "a [bracket] inside a comment", "$1 is not a NAG in here",
]
LINE_COMMENTS = [
    "a line comment", "rest of line is ignored", "12. Nf3 {not a comment} (nor a variation)",
    "the engine prefers another move", "end of line",
]
NAGS = [1, 2, 3, 4, 5, 6, 10, 13, 14, 15, 16, 17, 18, 19]

SAN_RE = re.compile(r"^([NBRQK])?([a-h])?([1-8])?(x)?([a-h][1-8])(?:=([NBRQ]))?([+#])?$")
DIS_RE = re.compile(r"^([NBRQK])([a-h]?)([1-8]?)(x?)([a-h][1-8])(.*)$")

logging.getLogger("chess.pgn").setLevel(logging.CRITICAL)
