"""The annotated lichess-style games of python/tests/data/annotated.pgn (see gen_python_oracle.py).

Random playouts with python-chess from random.Random(SEED), written the way lichess exports
games: the lichess tag set, [%clk] clocks, [%eval] evaluations, NAGs and comment text, and
three games with one deliberately illegal SAN. plan_games() makes the games, render_pgn()
writes the file's text and locate_illegal() finds the illegal tokens in it. Deterministic:
the same python-chess gives the same games. Used by tools/gen/gen_python_oracle.py.
"""

import random
import string

import chess
import chess.engine
import chess.pgn

from random_games import ANNOTATED, board_after, playout

SEED = 6021
GAMES = 60

# Kinds of annotated games (shuffled into the file by the seeded generator).
PLAN = (["mate"] * 6 + ["stalemate"] * 2 + ["fen"] * 4 + ["chess960"] * 4
        + ["illegal_knight", "illegal_bishop", "illegal_king"]
        + ["correspondence"] * 2)
PLAN += ["standard"] * (GAMES - len(PLAN))

TIME_CONTROLS = [  # (TimeControl, weight)
    ("60+0", 3), ("120+1", 2), ("180+0", 4), ("180+2", 3), ("300+0", 3), ("300+3", 2),
    ("600+0", 3), ("600+5", 2), ("900+10", 2), ("1800+0", 1), ("1800+20", 1),
    ("5400+0", 2), ("10800+0", 1),
]
NAME_PARTS = ["Zug", "Pawn", "Rook", "Tempo", "Gambit", "Fianchetto", "Knight", "Bishop",
              "Endgame", "Blitz", "Castle", "Outpost", "Tactic", "Patzer", "Kibitz", "Fork",
              "Skewer", "Sac", "Opposition", "Triangulation"]
FIRST_MOVE_OPENINGS = {  # first white move -> (ECO, Opening); "e4 e5" and "d4 d5" below
    "e4": ("B00", "King's Pawn Game"), "d4": ("A40", "Queen's Pawn Game"),
    "c4": ("A10", "English Opening"), "Nf3": ("A04", "Zukertort Opening"),
    "f4": ("A02", "Bird Opening"), "b3": ("A01", "Nimzo-Larsen Attack"),
    "a3": ("A00", "Anderssen's Opening"), "a4": ("A00", "Ware Opening"),
    "b4": ("A00", "Polish Opening"), "c3": ("A00", "Saragossa Opening"),
    "d3": ("A00", "Mieses Opening"), "e3": ("A00", "Van't Kruijs Opening"),
    "f3": ("A00", "Barnes Opening"), "g3": ("A00", "Hungarian Opening"),
    "g4": ("A00", "Grob Opening"), "h3": ("A00", "Clemenz Opening"),
    "h4": ("A00", "Kádas Opening"), "Na3": ("A00", "Sodium Attack"),
    "Nc3": ("A00", "Van Geet Opening"), "Nh3": ("A00", "Amar Opening"),
}
TEXT_AFTER = ["time trouble", "White offers a draw", "premove", "the only move",
              "a long think", "Black offers a draw", "(sic)", "mouse slip?"]
JUDGEMENT = {2: "Mistake", 4: "Blunder", 6: "Inaccuracy"}
PRAISE = {1: "Good move.", 3: "Brilliant!", 5: "Interesting try."}


# ------------------------------------------------------------------ playing

def play(rng, start, max_plies, style):
    """A random game from `start` (random_games.py's moves, weighed by its ANNOTATED bias):
    (its moves, the board after them)."""
    moves = playout(rng, start, max_plies, style, ANNOTATED)
    return moves, board_after(start, moves)


def random_start(rng, black_to_move):
    """A standard-rules position some plies into a random game (not over, same side to move
    as asked), as a fresh board (no move stack)."""
    while True:
        n = rng.randrange(8, 40)
        if (n % 2 == 1) != black_to_move:
            n += 1
        moves, board = play(rng, chess.Board(), n, "plain")
        if len(moves) == n and not board.is_game_over():
            b = chess.Board(board.fen())
            if rng.random() < 0.5:
                b.fullmove_number = rng.randrange(20, 90)
            return b


def castles(start, moves):
    board = start.copy()
    n = 0
    for m in moves:
        if board.is_castling(m):
            n += 1
        board.push(m)
    return n


# ------------------------------------------------------------------ illegal tokens

PIECE_OF = {"N": chess.KNIGHT, "B": chess.BISHOP, "K": chess.KING}


def illegal_token(rng, board, letter):
    """A SAN for a piece of the side to move (letter N/B/K) going to an empty square no such
    piece can reach: parse_san must raise IllegalMoveError and no legal move may have the
    same piece type and target square. None if there is none here."""
    pt = PIECE_OF[letter]
    own = list(board.pieces(pt, board.turn))
    if not own:
        return None
    reach = set()
    for sq in own:
        if pt == chess.KNIGHT:
            reach |= set(chess.SquareSet(chess.BB_KNIGHT_ATTACKS[sq]))
        elif pt == chess.KING:
            reach |= set(chess.SquareSet(chess.BB_KING_ATTACKS[sq]))
        else:
            reach |= set(board.attacks(sq))
    cands = []
    for sq in chess.SQUARES:
        if board.piece_at(sq) is not None or sq in reach:
            continue
        if pt == chess.BISHOP and not any(
                (chess.square_file(sq) + chess.square_rank(sq)) % 2
                == (chess.square_file(o) + chess.square_rank(o)) % 2 for o in own):
            continue  # same colour complex as a bishop: a slide that is blocked
        cands.append(sq)
    rng.shuffle(cands)
    for sq in cands:
        tok = letter + chess.square_name(sq)
        try:
            board.parse_san(tok)
        except chess.IllegalMoveError:
            pass
        except ValueError:
            continue
        else:
            continue
        if any(m.to_square == sq and board.piece_type_at(m.from_square) == pt
               for m in board.legal_moves):
            continue
        return tok
    return None


# ------------------------------------------------------------------ annotating

def speed_of(tc):
    if tc == "-":
        return "Correspondence"
    base, inc = map(int, tc.split("+"))
    est = base + 40 * inc
    if est < 29:
        return "UltraBullet"
    if est < 180:
        return "Bullet"
    if est < 480:
        return "Blitz"
    if est < 1500:
        return "Rapid"
    return "Classical"


def clock_series(rng, tc, plies, loser_flags, loser_first):
    """Clock per ply (seconds as float, or None): per side never increasing, the first move of
    each side shows the full base time. Tenths of a second below 10 s in fast games."""
    if tc == "-":
        return [None] * plies
    base, inc = map(int, tc.split("+"))
    base10, inc10 = base * 10, inc * 10
    tenths = speed_of(tc) in ("UltraBullet", "Bullet", "Blitz")
    out = [None] * plies
    for side in (0, 1):
        idx = list(range(side, plies, 2))
        m = len(idx)
        if m == 0:
            continue
        if loser_flags and (side == 0) == loser_first:
            final = rng.randrange(1, 40)
        elif tenths and rng.random() < 0.3:
            final = rng.randrange(20, 200)
        else:
            final = int(base10 * rng.uniform(0.05, 0.9))
        # remaining after move i = base + inc*i - spent_1..i, every spend >= inc + 1 tenth
        steps = m - 1
        total = base10 + inc10 * steps - final
        spare = max(0, total - steps * (inc10 + 1))
        weights = [rng.random() ** 2 + 0.05 for _ in range(steps)]
        sw = sum(weights)
        rem = base10
        values = [rem]
        for w in weights:
            rem = rem + inc10 - (inc10 + 1 + int(spare * w / sw))
            values.append(max(rem, 1))
        for k, v in zip(idx, values):
            if tenths and v < 100:
                out[k] = v / 10
            else:
                out[k] = float(v // 10)
    return out


def eval_series(rng, start, moves, winner, ending):
    """Eval per ply (PovScore from White, or None). Mate scores in the plies before a
    checkmate, sometimes before a resignation."""
    n = len(moves)
    out = []
    cp = rng.randrange(-40, 60)
    drift = {chess.WHITE: 12, chess.BLACK: -12, None: 0}[winner]
    for i in range(n):
        cp += int(rng.gauss(drift * min(1.0, i / max(1, n)), 45))
        cp = max(-1500, min(1500, cp))
        out.append(chess.engine.PovScore(chess.engine.Cp(cp), chess.WHITE))
    if ending == "checkmate":
        mating_white = (n % 2 == 1) == (start.turn == chess.WHITE)
        for p in range(max(0, n - 1 - rng.randrange(2, 7)), n - 1):
            left = n - (p + 1)  # plies still to come after move p, the mate included
            k = (left + 1) // 2
            out[p] = chess.engine.PovScore(chess.engine.Mate(k if mating_white else -k),
                                           chess.WHITE)
        out[n - 1] = None  # no eval after the mate itself
    elif ending == "resign" and winner is not None and n > 6 and rng.random() < 0.5:
        for j in range(rng.randrange(1, 4)):
            k = j // 2 + 1  # the winner moved last: mate in 1 after it and after the reply
            out[n - 1 - j] = chess.engine.PovScore(
                chess.engine.Mate(k if winner == chess.WHITE else -k), chess.WHITE)
    elif ending == "stalemate":
        for p in range(max(0, n - 3), n):
            out[p] = chess.engine.PovScore(chess.engine.Cp(0), chess.WHITE)
    for p in range(n):
        if out[p] is not None and rng.random() < 0.05:
            out[p] = None  # lichess leaves some evals out
    return out


def username(rng):
    a, b = rng.sample(NAME_PARTS, 2)
    sep = rng.choice(["", "_", "-", ""])
    tail = str(rng.randrange(1, 2000)) if rng.random() < 0.7 else ""
    return a + sep + b + tail


def site_id(rng):
    return "".join(rng.choice(string.ascii_letters + string.digits) for _ in range(8))


def opening_of(start, moves):
    if start.fen() != chess.STARTING_FEN or not moves:
        return "?", "?"
    b = chess.Board()
    first = b.san(moves[0])
    b.push(moves[0])
    second = b.san(moves[1]) if len(moves) > 1 else None
    if first == "e4" and second == "e5":
        return "C20", "King's Pawn Game"
    if first == "d4" and second == "d5":
        return "D00", "Queen's Pawn Game"
    return FIRST_MOVE_OPENINGS.get(first, ("A00", "Irregular Opening"))


class Planned:
    """What the generator wrote for one annotated game (checked against the re-read file)."""

    def __init__(self, kind, game, start, moves, clocks, evals, illegal=None):
        self.kind = kind
        self.game = game
        self.start = start
        self.moves = moves
        self.clocks = clocks
        self.evals = evals
        self.illegal = illegal  # (ply index 0-based, token) or None



# ------------------------------------------------------------------ one game

# The kinds played until the board ends them: (plies at most, ending, test of the final board).
ENDINGS = {
    "mate": (220, "checkmate", chess.Board.is_checkmate),
    "stalemate": (400, "stalemate", chess.Board.is_stalemate),
}


def play_moves(rng, kind, ordinal):
    """The moves of a game of `kind`: (start board, moves, final board, ending), ending
    "checkmate", "stalemate" or None (the game is not over on the board)."""
    start = chess.Board()
    if kind in ENDINGS:
        plies, ending, reached = ENDINGS[kind]
        while True:
            moves, board = play(rng, start, plies, kind)
            if reached(board):
                break
    elif kind == "chess960":
        while True:
            pos = rng.randrange(960)
            if pos == 518:
                continue
            start = chess.Board.from_chess960_pos(pos)
            moves, board = play(rng, start, rng.randrange(30, 120), "spicy")
            if castles(start, moves) >= 1 and not board.is_game_over():
                break
        ending = None
    elif kind == "fen":
        start = random_start(rng, black_to_move=(ordinal % 2 == 1))
        while True:
            moves, board = play(rng, start, rng.randrange(20, 90), "spicy")
            if not board.is_game_over() or board.is_checkmate():
                break
        ending = "checkmate" if board.is_checkmate() else None
    else:
        while True:
            moves, board = play(rng, start, rng.randrange(16, 130), "spicy")
            if not board.is_game_over() or board.is_checkmate():
                break
        ending = "checkmate" if board.is_checkmate() else None
    return start, moves, board, ending


def decide_result(rng, kind, board, ending):
    """(ending, winner, Termination tag): a game not over on the board ends by resignation,
    time, agreement or abandonment."""
    termination = "Normal"
    if ending == "checkmate":
        winner = not board.turn
    elif ending == "stalemate":
        winner = None
    else:
        r = rng.random()
        if r < 0.6:
            ending, winner = "resign", rng.choice([chess.WHITE, chess.BLACK])
        elif r < 0.78 and kind != "correspondence":
            ending, winner = "time", rng.choice([chess.WHITE, chess.BLACK])
            termination = "Time forfeit"
        elif r < 0.95:
            ending, winner = "draw", None
        else:
            ending, winner = "abandoned", rng.choice([chess.WHITE, chess.BLACK])
            termination = "Abandoned"
    return ending, winner, termination


def clocks_and_evals(rng, kind, start, moves, winner, ending):
    """(TimeControl, clock per ply, eval per ply)."""
    if kind == "correspondence":
        tc = "-"
    else:
        tcs, ws = zip(*TIME_CONTROLS)
        tc = rng.choices(tcs, ws)[0]
    # plies are counted from the start position's side to move
    loser_white = (winner == chess.BLACK)
    white_first = start.turn == chess.WHITE
    flags = ending == "time"
    clocks = clock_series(rng, tc, len(moves), flags, loser_white == white_first)
    analysed = kind not in ("standard",) or rng.random() < 0.7
    if kind == "correspondence":
        analysed = True
    evals = eval_series(rng, start, moves, winner, ending) if analysed else [None] * len(moves)
    return tc, clocks, evals


def set_tags(rng, h, kind, ordinal, start, moves, winner, tc, termination):
    """The lichess tags, in lichess order (python-chess writes the roster first, then
    insertion order)."""
    result = {chess.WHITE: "1-0", chess.BLACK: "0-1", None: "1/2-1/2"}[winner]
    rated = kind != "fen"
    variant = {"chess960": "Chess960", "fen": "From Position"}.get(kind)
    if kind == "fen" and ordinal == 3:
        variant = None  # a FEN game without the Variant tag
    event_speed = "Chess960" if kind == "chess960" else speed_of(tc)
    h["Event"] = f"{'Rated' if rated else 'Casual'} {event_speed} game"
    h["Site"] = "https://lichess.org/" + site_id(rng)
    year, month, day = rng.choice([2022, 2023, 2024]), rng.randrange(1, 13), rng.randrange(1, 29)
    date = f"{year:04d}.{month:02d}.{day:02d}"
    h["Date"] = date
    h["Round"] = "-"
    h["White"] = username(rng)
    h["Black"] = username(rng)
    h["Result"] = result
    h["UTCDate"] = date
    h["UTCTime"] = f"{rng.randrange(24):02d}:{rng.randrange(60):02d}:{rng.randrange(60):02d}"
    we, be = rng.randrange(800, 2800), rng.randrange(800, 2800)
    h["WhiteElo"] = str(we)
    h["BlackElo"] = str(be)
    if rated:
        d = rng.randrange(1, 12)
        wd = {chess.WHITE: d, chess.BLACK: -d, None: rng.randrange(-2, 3)}[winner]
        bd = -wd
        h["WhiteRatingDiff"] = f"{wd:+d}"
        h["BlackRatingDiff"] = f"{bd:+d}"
    if variant:
        h["Variant"] = variant
    h["TimeControl"] = tc
    eco, opening = opening_of(start, moves)
    h["ECO"] = eco
    h["Opening"] = opening
    h["Termination"] = termination
    if kind in ("fen", "chess960"):
        h["FEN"] = start.fen()
        h["SetUp"] = "1"


def text_before(rng, node, board, move):
    """Maybe a NAG on `node` and the text before the commands: a lichess-like judgement or
    praise for it ("" for none)."""
    before = ""
    nag = None
    if rng.random() < 0.08:
        nag = rng.randrange(1, 7)
        node.nags.add(nag)
        if rng.random() < 0.6:
            if nag in JUDGEMENT:
                alts = [x for x in board.legal_moves if x != move]
                if alts:
                    alt = rng.choice(alts)
                    a, b = rng.randrange(-300, 300), rng.randrange(-300, 300)
                    before = (f"({a / 100:.2f} → {b / 100:.2f}) {JUDGEMENT[nag]}. "
                              f"{board.san(alt)} was best.")
            else:
                before = PRAISE[nag]
    return before


def annotate_moves(rng, game, start, moves, clocks, evals):
    """The mainline of `game` with comments ([%eval], [%clk], text) and NAGs."""
    node = game
    board = start.copy()
    for i, m in enumerate(moves):
        node = node.add_variation(m)
        node.comment = text_before(rng, node, board, m)
        if evals[i] is not None:
            node.set_eval(evals[i])
        if clocks[i] is not None:
            node.set_clock(clocks[i])
        if rng.random() < 0.04:
            node.comment = (node.comment + " " + rng.choice(TEXT_AFTER)).lstrip()
        board.push(m)


def choose_illegal(rng, index, kind, start, moves):
    """For an illegal_* kind, (ply index 0-based, token) of the illegal SAN to write; None
    for the other kinds."""
    if not kind.startswith("illegal_"):
        return None
    letter = {"knight": "N", "bishop": "B", "king": "K"}[kind.split("_")[1]]
    board = start.copy()
    cands = []
    for i, m in enumerate(moves):
        if 8 <= i < len(moves) - 4:
            tok = illegal_token(rng, board, letter)
            if tok:
                cands.append((i, tok))
        board.push(m)
    assert cands, (index, kind)
    return rng.choice(cands)


def make_annotated(rng, index, kind, ordinal):
    """Game `index` of annotated.pgn; `ordinal` counts the games of its kind before it."""
    start, moves, board, ending = play_moves(rng, kind, ordinal)
    ending, winner, termination = decide_result(rng, kind, board, ending)
    tc, clocks, evals = clocks_and_evals(rng, kind, start, moves, winner, ending)
    game = chess.pgn.Game()
    set_tags(rng, game.headers, kind, ordinal, start, moves, winner, tc, termination)
    annotate_moves(rng, game, start, moves, clocks, evals)
    illegal = choose_illegal(rng, index, kind, start, moves)
    return Planned(kind, game, start, moves, clocks, evals, illegal)


def plan_games():
    """The GAMES games of annotated.pgn, kinds shuffled, from random.Random(SEED)."""
    rng = random.Random(SEED)
    plan = list(PLAN)
    rng.shuffle(plan)
    return [make_annotated(rng, i, kind, plan[:i].count(kind)) for i, kind in enumerate(plan)]


# ------------------------------------------------------------------ the file's text

class Writer(chess.pgn.StringExporter):
    """python-chess's StringExporter (movetext on one line) that writes `token` instead of the
    SAN of the mainline move at ply `ply` (0-based) and remembers where: (line index within
    the game's text, column 0-based)."""

    def __init__(self, replace=None):
        super().__init__(columns=None, headers=True, comments=True, variations=True)
        self.replace = replace
        self.ply = 0
        self.where = None

    def visit_move(self, board, move):
        if self.replace is None or self.ply != self.replace[0]:
            super().visit_move(board, move)
        else:
            if board.turn == chess.WHITE:
                self.write_token(str(board.fullmove_number) + ". ")
            elif self.force_movenumber:
                self.write_token(str(board.fullmove_number) + "... ")
            self.where = (len(self.lines), len(self.current_line))
            self.write_token(self.replace[1] + " ")
            self.force_movenumber = False
        self.ply += 1


def render_pgn(plans):
    """annotated.pgn's text, games separated by two blank lines, with per game the Writer's
    `where` and the character offset of the game's text."""
    texts, wheres = [], []
    for p in plans:
        w = Writer(p.illegal)
        texts.append(p.game.accept(w))
        wheres.append(w.where)
    sep = "\n\n\n"
    pgn_text = sep.join(texts) + "\n"
    offsets = []
    pos = 0
    for t in texts:
        offsets.append(pos)
        pos += len(t) + len(sep)
    return pgn_text, wheres, offsets


def locate_illegal(plans, pgn_text, wheres, offsets):
    """Where the illegal tokens are in pgn_text (asserted): per illegal game its index, kind,
    ply (1-based), token, line and column (1-based, column in characters) and byte offset."""
    illegal_places = []
    lines = pgn_text.split("\n")
    for i, (p, where) in enumerate(zip(plans, wheres)):
        if p.illegal is None:
            assert where is None
            continue
        k, tok = p.illegal
        start_line = pgn_text.count("\n", 0, offsets[i])  # 0-based line of the game's text
        line = start_line + where[0]
        col = where[1]
        assert lines[line][col:col + len(tok) + 1] == tok + " ", (i, lines[line][col:col + 20])
        char_offset = sum(len(l) + 1 for l in lines[:line]) + col
        byte_offset = len(pgn_text[:char_offset].encode("utf-8"))
        assert pgn_text.encode("utf-8")[byte_offset:byte_offset + len(tok)] == tok.encode()
        illegal_places.append({"game": i, "kind": p.kind, "ply": k + 1, "san": tok,
                               "line": line + 1, "column": col + 1,
                               "byte_offset": byte_offset})
    return illegal_places
