"""The command lines tested: each a list of `jaque select` arguments (`--json` and the
file are the test's). VENDORED runs on select.pgn; SHARED on the real files of
../shared/data/pgn/real, where python-chess takes minutes: what matters there."""

from .targets import target_fen

RUY_AFTER_BA4 = "r1bqkbnr/1ppp1ppp/p1n5/4p3/B3P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 1 4"
# 1. e4 with its en passant square written, where no capture is legal (the EPD has none).
E4_WITH_EP = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"
START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
# The placement of the target "ep" without its en passant square: other games reach it.
EP_PLACEMENT_NO_EP = "rnbqkb1r/ppp1pppp/5n2/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3"
# A position of a variation of disservin__magnus-grischuk.pgn, on no mainline of the real files.
IN_A_VARIATION = "4q2k/3b2p1/3P3p/3Bp2P/4Q3/6P1/6K1/8 w - - 0 42"
ITALIAN_NO_CASTLING = "r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w - - 8 7"

TAGS = [
    ["--tag", "WhiteElo >= 2400"], ["--tag", "WhiteElo > 2400"], ["--tag", "BlackElo < 1800"],
    ["--tag", "BlackElo <= 1800"], ["--tag", "WhiteElo = 2400"], ["--tag", "WhiteElo != ?"],
    ["--tag", "BlackElo != 2000"], ["--tag", "WhiteElo ~ ^2[0-9]{3}$"],
    ["--tag", "Event = Club Championship"], ["--tag", "Event != Club Championship"],
    ["--tag", "Event ~ Open"], ["--tag", "Event ~ ^Rated (Blitz|Rapid)"],
    ["--tag", "Event = \"Weekend Open\""], ["--tag", "Event = The \"Big\" Open"],
    ["--tag", "Event = ?"], ["--tag", "Event ~ ^$"], ["--tag", "Site ~ lichess"],
    ["--tag", "White ~ ,"], ["--tag", "White = Tal, Mikhail"],
    ["--tag", "Date < 2000"], ["--tag", "Date >= 2019.03"], ["--tag", "Date <= 2019.03.14"],
    ["--tag", "Date > 2019.03.14"], ["--tag", "Date >= 2019.03.14"],
    ["--tag", "Date < 2019.03.14"],
    ["--tag", "Date = 2019.??.??"], ["--tag", "Date > 1962.05"], ["--tag", "Date <= 1962"],
    ["--tag", "EventDate >= 2010.06.15"], ["--tag", "EventDate < 1990.??.??"],
    ["--tag", "Round > 3"], ["--tag", "Round <= 3"], ["--tag", "Round = 3"],
    ["--tag", "Result = *"], ["--tag", "SetUp = 1"], ["--tag", "FEN ~ ."],
    ["--tag", "WhiteElo >= 2000", "--tag", "BlackElo >= 2000"],
    ["--tag", "Date >= 2019", "--tag", "Date < 2020"],
]
PLAYERS = [["--player", "Carlsen"], ["--player", "^Tal, Mikhail$"], ["--player", "Müller"],
           ["--player", "ü"], ["--player", "^\\?$"]]
RESULTS = [["--result", "1-0"], ["--result", "1-0,0-1"], ["--result", "1/2"],
           ["--result", "*"], ["--result", "1/2-1/2, *"]]
PLIES = [["--plies", "..20"], ["--plies", "40.."], ["--plies", "20..40"], ["--plies", "0"],
         ["--plies", "7"], ["--plies", "1..1"]]
POSITIONS = [
    ["--moves", "d4 d5 c4 e6 Nc3 Nf6"], ["--moves", "e4 c5 Nf3 d6"],
    ["--moves", "1. e4 Nf6 2. e5 d5"], ["--fen", EP_PLACEMENT_NO_EP],
    ["--moves", "e4 e5 Nf3 Nc6 Bc4 Bc5"], ["--fen", ITALIAN_NO_CASTLING],
    ["--fen", target_fen("ruy")], ["--fen", RUY_AFTER_BA4], ["--fen", E4_WITH_EP],
    ["--fen", START], ["--moves", "e4", "--moves", "e4 c5 Nf3"],
    ["--moves", "e4 c5 Nf3 d6", "--moves", "d4 d5 c4 e6 Nc3 Nf6"],
]
STATUSES = [["--status", s] for s in ("checkmate", "stalemate", "insufficient_material",
                                       "fifty_moves", "threefold", "ongoing")]
OTHERS = [
    ["--valid"], ["--valid", "--invert"], ["--tag", "WhiteElo >= 2400", "--invert"],
    ["--result", "1-0", "--invert"], ["--moves", "e4 c5 Nf3 d6", "--invert"],
    ["--player", "Carlsen", "--result", "1-0,1/2-1/2", "--plies", "30.."],
    ["--moves", "e4 c5 Nf3 d6", "--tag", "Date >= 2000"],
    ["--status", "checkmate", "--tag", "WhiteElo > 2000"],
    ["--plies", "..10", "--valid", "--invert"],
    ["--games", "10..40"], ["--limit", "5"],
    ["--games", "100..", "--limit", "7", "--result", "1-0"],
    ["--dedupe"], ["--dedupe=position"], ["--dedupe", "--result", "1-0"],
    ["--dedupe=position", "--invert", "--result", "*"], ["--dedupe", "--valid"],
    ["--dedupe", "--moves", "e4"], ["--dedupe=position", "--plies", "..8"],
    ["--dedupe", "--invert", "--tag", "Date < 2000"], ["--dedupe", "--limit", "50"],
]


def vendored():
    with_variations = [spec + ["--variations"] for spec in POSITIONS]
    return (TAGS + PLAYERS + RESULTS + PLIES + POSITIONS + with_variations + STATUSES + OTHERS)


def shared():
    return [
        ["--tag", "WhiteElo >= 2700"], ["--tag", "BlackElo < 2000"], ["--tag", "Date < 1950"],
        ["--tag", "Date >= 2015.06"], ["--tag", "EventDate <= 1990.06.15"],
        ["--tag", "Event ~ Olympiad"], ["--tag", "Round > 5"], ["--tag", "Site = ?"],
        ["--player", "Carlsen"], ["--player", "^Kasparov"], ["--result", "1/2-1/2"],
        ["--result", "1-0,0-1"], ["--plies", "150.."], ["--plies", "..20"],
        ["--moves", "e4 c5 Nf3 d6"], ["--moves", "d4 Nf6 c4 g6 Nc3 Bg7 e4 d6"],
        ["--moves", "e4 e5 Nf3 Nc6 Bb5 a6"], ["--moves", "e4 e5 Nf3 Nc6 Bb5 a6", "--variations"],
        ["--moves", "d4 d5 c4 e6 Nc3 Nf6", "--variations"], ["--fen", START, "--invert"],
        ["--fen", IN_A_VARIATION], ["--fen", IN_A_VARIATION, "--variations"],
        ["--status", "checkmate"], ["--status", "stalemate"], ["--status", "threefold"],
        ["--status", "insufficient_material"], ["--status", "fifty_moves"],
        ["--valid", "--invert"], ["--dedupe"], ["--dedupe=position"],
        ["--dedupe", "--player", "Kasparov"], ["--dedupe=position", "--plies", "..30"],
    ]
