"""The duplicates of select.pgn: games again with other tags, comments, NAGs, variations and
the moves written otherwise (check marks dropped or added, captures without `x`, more
disambiguation than needed, `0-0`, `e8Q`), CRLF; near-duplicates (one move other, a ply
less or more, another start); and games that end in the same position after as many plies
by other paths (`--dedupe=position`)."""

import chess

from random_games import SELECT_CASES, extend_line

from .corpus import case, decorate, tree

# Games that end in the same position after as many plies, by different paths: each group
# is one position. The last games end there too after other ply counts, or start elsewhere.
SAME_ENDS = [
    ["Nf3 Nf6 Nc3 Nc6", "Nc3 Nc6 Nf3 Nf6", "Nc3 Nf6 Nf3 Nc6"],
    ["e4 e6 d4 d5", "d4 e6 e4 d5", "d4 d5 e4 e6"],
    ["e4 e5 Nf3 Nc6", "Nf3 Nc6 e4 e5", "Nf3 e5 e4 Nc6"],
    ["e4", "Nf3 Nf6 Ng1 Ng8 e4"],
]
STANDARD_LATER = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 4 3"


def _features(game):
    """Whether `game`'s mainline castles, promotes, captures, checks, disambiguates."""
    found = set()
    for node in game.mainline():
        board = node.parent.board()
        san = board.san(node.move)
        if board.is_castling(node.move):
            found.add("castle")
        if node.move.promotion:
            found.add("promote")
        if "x" in san:
            found.add("capture")
        if san[-1] in "+#":
            found.add("check")
        if san[0] in "NBRQ":
            found.add("piece")
    return found


def _bases(rng, originals):
    """The games copied: every one that castles and promotes, else some that castle or
    promote, and others at random (each with at least four plies)."""
    long = [c for c in originals if c.kind.startswith(("random", "transposition")) and
            len(list(c.game.mainline())) >= 4 and not c.after and not c.override]
    both = [c for c in long if {"castle", "promote"} <= _features(c.game)]
    castle = [c for c in long if "castle" in _features(c.game) and c not in both]
    promote = [c for c in long if "promote" in _features(c.game) and c not in both]
    chosen = both[:3] + castle[:4] + promote[:4]
    rest = [c for c in long if c not in chosen]
    return chosen + rng.sample(rest, 14)


def _copy_forms(game):
    """The forms a copy of `game` is written in, for what its moves have."""
    features = _features(game)
    forms = ["canonical", "sloppy", "overdis" if "piece" in features else "nox"]
    if "check" in features:
        forms.append("nocheck")
    forms.append("addcheck")
    if "capture" in features:
        forms.append("nox")
    if "castle" in features:
        forms.append("zeros")
    if "promote" in features:
        forms.append("promo_noeq")
    return forms


def copies(rng, base):
    """One to three copies of `base`: its mainline, new tags, another form; some with
    comments, NAGs and variations of their own, one in CRLF."""
    moves = [n.move for n in base.game.mainline()]
    start = base.game.board() if base.game.headers.get("FEN") else None
    forms = _copy_forms(base.game)
    out = []
    for _ in range(rng.choice([1, 1, 2, 3])):
        game = tree(moves, start)
        if rng.random() < 0.5:
            decorate(rng, game, rng.randint(0, 2))
        c = case(rng, "copy", game, form=rng.choice(forms))
        c.kind = f"copy ({c.form})"
        c.marker = base.marker
        if rng.random() < 0.15:
            c.newline = "\r\n"
        out.append(c)
    return out


def near_copies(rng, base):
    """Games one step away from `base`: its last move another, a ply less, a ply more, from
    a start with one castling right less (where its moves stay legal)."""
    moves = [n.move for n in base.game.mainline()]
    out = [case(rng, "near copy: a ply less", tree(moves[:-1]))]
    board = base.game.end().parent.board()
    others = [m for m in board.legal_moves if m != moves[-1]]
    if others:
        other = tree(moves[:-1] + [rng.choice(others)])
        out.append(case(rng, "near copy: last move other", other))
    longer = tree(moves)
    extend_line(rng, longer.end(), 1, "plain", SELECT_CASES)
    out.append(case(rng, "near copy: a ply more", longer))
    for right in ("K", "Q", "k", "q"):
        start = chess.Board()
        start.set_castling_fen(chess.Board().castling_xfen().replace(right, "") or "-")
        if _legal_from(start, moves):
            out.append(case(rng, f"near copy: start without {right}", tree(moves, start)))
            break
    return out


def _legal_from(start, moves):
    board = start.copy()
    for move in moves:
        if move not in board.legal_moves:
            return False
        board.push(move)
    return True


def same_ends(rng):
    """The games of SAME_ENDS, one from the standard position written as a FEN with other
    clocks (a duplicate of its game), one from a FEN that reaches the same end in fewer
    plies."""
    cases = []
    for group in SAME_ENDS:
        for moves in group:
            cases.append(case(rng, f"same end: {group[0]}", tree(moves)))
    later = chess.Board(STANDARD_LATER)
    cases.append(case(rng, "standard FEN, other clocks", tree("e4 e5 Nf3 Nc6", later)))
    after_e4 = chess.Board()
    after_e4.push_san("e4")
    cases.append(case(rng, "same end, fewer plies", tree("e5 Nf3 Nc6", after_e4)))
    return cases


def duplicates(rng, originals):
    """Every game of this module, for copies of some of `originals`."""
    cases = []
    for base in _bases(rng, originals):
        cases.extend(copies(rng, base))
        if rng.random() < 0.4:
            cases.extend(near_copies(rng, base))
    cases.extend(same_ends(rng))
    return cases

