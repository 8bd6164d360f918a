"""The kinds of deviation of `jaque fix`'s corpus, and the letters, names and comments its
games are written with."""

import collections
import logging
import re

import chess


SEED = 6174
ORACLE = "python-chess " + chess.__version__

logging.getLogger("chess.pgn").setLevel(logging.CRITICAL)

MACHINE, MAYBE, NONE = "machine_applicable", "maybe_incorrect", "none"
W_FIRST, W_MAIN, W_BLACK, W_LAST, W_VAR = "first", "mainline", "black", "last", "variation"
MATE_WHERES = [W_LAST, W_BLACK, W_VAR]
MOVE_WHERES = [W_MAIN, W_BLACK, W_VAR, W_LAST]
FIRST_WHERES = [W_FIRST, W_MAIN, W_BLACK, W_VAR, W_LAST]

# kind: (applicability, [sub per game], [where, cycled])
KINDS = collections.OrderedDict([
    ("castling_zeros", (MACHINE, ["O-O", "O-O-O"] * 4, MOVE_WHERES)),
    ("check_missing", (MACHINE, ["-"] * 8, MOVE_WHERES)),
    ("mate_missing", (MACHINE, ["-"] * 7, MATE_WHERES)),
    ("check_for_mate", (MACHINE, ["-"] * 6, MATE_WHERES)),
    ("mate_for_check", (MACHINE, ["-"] * 6, MOVE_WHERES)),
    ("check_extra", (MACHINE, ["-"] * 7, FIRST_WHERES)),
    ("double_plus_mate", (MACHINE, ["-"] * 6, MATE_WHERES)),
    ("capture_missing", (MACHINE, ["piece", "pawn", "piece", "promotion", "pawn"] * 2, MOVE_WHERES)),
    ("capture_extra", (MACHINE, ["-"] * 7, FIRST_WHERES)),
    ("over_disambiguation", (MACHINE, ["file", "rank", "pinned"] * 4, FIRST_WHERES)),
    ("promotion_form", (MACHINE, ["Q", "paren", "slash"] * 4, MOVE_WHERES)),
    ("pawn_letter", (MACHINE, ["push", "capture", "promotion", "push", "capture", "push", "capture", "promotion"],
                     FIRST_WHERES)),
    ("en_passant_mark", (MACHINE, ["-"] * 6, MOVE_WHERES)),
    ("long_algebraic", (MACHINE, ["pawn_dash", "pawn_plain", "piece_dash", "pawn_capture", "piece_plain",
                                  "promotion"] * 2, FIRST_WHERES)),
    ("figurine", (MACHINE, ["N", "K", "Q", "R", "B", "promotion"] * 2, FIRST_WHERES)),
    ("move_number", (MACHINE, ["white", "black", "variation", "white", "black", "variation",
                               "fen_from_one", "fen_from_one", "white"],
                     [W_MAIN, W_BLACK, W_VAR, W_LAST, W_BLACK, W_VAR, "all", "all", W_FIRST])),
    ("result_after_mate", (MACHINE, ["mate_star", "mate_draw", "mate_loser", "stalemate_star",
                                     "stalemate_win", "mate_star", "mate_draw", "mate_loser"], ["end"])),
    ("missing_marker", (MACHINE, ["plain", "comment", "variation", "mate", "crlf", "stalemate", "star"],
                        ["end"])),
    ("ambiguous", (NONE, ["file", "rank", "file", "rank", "file", "any", "file", "any"], MOVE_WHERES)),
    ("illegal_one_candidate", (MAYBE, ["wrong_file", "wrong_piece", "wrong_rank"] * 3, FIRST_WHERES)),
    ("missing_promotion", (MAYBE, ["push", "capture", "push", "capture", "push", "push", "capture"],
                           MOVE_WHERES)),
    ("wrong_language", (MAYBE, ["N", "B", "Q", "R", "promotion"] * 2, FIRST_WHERES)),
])

LETTER = {chess.KING: "K", chess.QUEEN: "Q", chess.ROOK: "R", chess.BISHOP: "B", chess.KNIGHT: "N"}
TYPE_OF = {v: k for k, v in LETTER.items()}
FIG_WHITE = {chess.KING: "♔", chess.QUEEN: "♕", chess.ROOK: "♖", chess.BISHOP: "♗", chess.KNIGHT: "♘"}
FIG_BLACK = {chess.KING: "♚", chess.QUEEN: "♛", chess.ROOK: "♜", chess.BISHOP: "♝", chess.KNIGHT: "♞"}
FRENCH = {chess.KING: "R", chess.QUEEN: "D", chess.ROOK: "T", chess.BISHOP: "F", chess.KNIGHT: "C"}
SPANISH = {chess.KING: "R", chess.QUEEN: "D", chess.ROOK: "T", chess.BISHOP: "A", chess.KNIGHT: "C"}
GERMAN = {chess.KING: "K", chess.QUEEN: "D", chess.ROOK: "T", chess.BISHOP: "L", chess.KNIGHT: "S"}
DUTCH = {chess.KING: "K", chess.QUEEN: "D", chess.ROOK: "T", chess.BISHOP: "L", chess.KNIGHT: "P"}

NAMES = ["Tal, Mikhail", "Polgar, Judit", "Müller, Karl", "Nakamura, Hikaru", "Carlsen, Magnus",
         "Menchik, Vera", "Ñíguez, José", "Dvořák, Jan", "?"]
SITES = ["?", "Internet", "Linares ESP", "Wijk aan Zee NED", "Zürich SUI"]
COMMENTS = ["a quiet move", "the only move", "White is better here", "time trouble", "book move",
            "threatens mate", "a (quiet) move", "the idea; a pawn break", "1-0 looked likely",
            "a [bracket] inside", "$1 is no NAG in here", "better was the other capture"]
UNICODE_COMMENTS = ["Ñandú ½–½ «très» fort", "Läufer auf ä4? ♘♗", "café — naïve ☺",
                    "€ 100 prize 𝄞", "日本語のコメント"]
NAGS = [1, 2, 3, 4, 5, 6, 10, 13, 14, 16, 18, 19, 36, 40, 132, 146]

SAN_RE = re.compile(r"^([NBRQK])?([a-h])?([1-8])?(x)?([a-h][1-8])(?:=([NBRQ]))?([+#])?$")

S_OPEN, S_CLOSE = "\x01", "\x02"
