"""The corpus's games: each built around the move (or result) its kind deviates at, and
the language files' games."""

import re

import chess
import chess.pgn

from .deviations import check_deviation, deviate, qualifies
from random_games import FIX_CASES, extend_line, mainline_nodes, playout, result_for
from .trees import add_side_variations, decorate, new_game
from .tables import (COMMENTS, KINDS, NAGS, TYPE_OF, UNICODE_COMMENTS, W_BLACK, W_FIRST, W_LAST,
                     W_MAIN, W_VAR)


def style_for(kind, sub, rng):
    if kind in ("promotion_form", "missing_promotion") or sub == "promotion":
        return "promo"
    if kind in ("mate_missing", "check_for_mate", "double_plus_mate"):
        return "mate"
    return rng.choice(["spicy", "spicy", "plain"])


def where_ok(where, j, n_moves):
    if where == W_FIRST:
        return j == 0
    if where == W_BLACK:
        return j % 2 == 1
    if where == W_MAIN:
        return j % 2 == 0 and j > 0
    return True


def scan(kind, sub, where, moves):
    """Qualifying (position index, move) pairs along a playout, at positions `where` allows."""
    b = chess.Board()
    found = []
    for j in range(len(moves) + 1):
        if b.is_game_over():
            break
        if where is None or where_ok(where, j, len(moves)):
            for m in b.legal_moves:
                if qualifies(kind, sub, b, m):
                    found.append((j, m))
        if j < len(moves):
            b.push(moves[j])
    return found


def find_target(rng, kind, sub, where, tries=300):
    """A playout and a qualifying (position index, move) for the target, preferring `where`."""
    if where == W_FIRST:
        found = scan(kind, sub, W_FIRST, [])
        if found:
            return [], 0, rng.choice(found)[1], W_FIRST
        where = W_MAIN
    for want in (where, None):
        for _ in range(tries):
            moves = playout(rng, chess.Board(), rng.randint(12, 110), style_for(kind, sub, rng),
                            FIX_CASES)
            found = scan(kind, sub, want, moves)
            if found:
                j, m = found[rng.randrange(len(found))]
                return moves, j, m, want or (W_BLACK if j % 2 else W_MAIN)
    raise RuntimeError("no target for %s/%s" % (kind, sub))


def build_move_game(rng, index, kind, sub, want):
    """A game whose target node carries the deviation."""
    moves, j, target, where = find_target(rng, kind, sub, want)
    game = new_game(rng, index)
    if where == W_VAR:
        jp = rng.randint(max(0, j - 3), j)
        node = game
        for m in moves[:jp]:
            node = node.add_variation(m)
        line_first = moves[jp] if jp < j else target
        alts = [m for m in node.board().legal_moves if m != line_first]
        if not alts:
            return build_move_game(rng, index, kind, sub, W_MAIN)
        main = node.add_variation(rng.choice(alts))
        extend_line(rng, main, rng.randint(0, 40), "spicy", FIX_CASES)
        side = node.add_variation(line_first)
        if jp < j:
            for m in moves[jp + 1:j]:
                side = side.add_variation(m)
            tnode = side.add_variation(target)
        else:
            tnode = side
        extend_line(rng, tnode, rng.randint(0, 6), "spicy", FIX_CASES)
    else:
        node = game
        for m in moves[:j]:
            node = node.add_variation(m)
        tnode = node.add_variation(target)
        if where != W_LAST:
            extend_line(rng, tnode, rng.randint(1, 40), "spicy", FIX_CASES)
    return game, tnode


def where_of(game, node):
    main = mainline_nodes(game)
    if node not in main:
        return W_VAR
    ply = main.index(node) + 1
    if ply == 1:
        return W_FIRST
    if node is main[-1]:
        return W_LAST
    return W_BLACK if node.parent.board().turn == chess.BLACK else W_MAIN


def decorate_near(rng, game, tnode, spec):
    """Comments and NAGs next to the target."""
    r = rng.random()
    if r < 0.18:
        tnode.comment = rng.choice(COMMENTS + UNICODE_COMMENTS)
        spec["near"].append("comment_after")
    if rng.random() < 0.15:
        tnode.nags.add(rng.choice(NAGS))
        spec["near"].append("nag")
    r = rng.random()
    before = tnode.parent
    if r < 0.2:
        text = rng.choice(UNICODE_COMMENTS)
        if before is game:
            game.comment = text
        elif before.variations[0] is tnode:
            before.comment = text
        else:
            tnode.starting_comment = text
        spec["near"].append("comment_before")


def make_game(rng, index, kind, sub, want):
    """One game of fix_input.pgn: (game, spec). spec says where the places are."""
    applicability = KINDS[kind][0]
    spec = {"kind": kind, "sub": sub, "applicability": applicability, "side": None, "moves": {}, "numbers": {},
            "renumber": 0, "tag_result": None, "marker": None, "near": [], "eol": "\n",
            "spaced": False, "columns": 80}
    if kind in ("result_after_mate", "missing_marker"):
        return result_game(rng, index, kind, sub, spec), spec
    if kind == "move_number" and sub == "fen_from_one":
        game = renumbered_game(rng, index, spec)
        if game is None:
            return make_game(rng, index, kind, sub, want)
    elif kind == "move_number":
        game = move_number_game(rng, index, kind, sub, want, spec)
    else:
        game = deviant_move_game(rng, index, kind, sub, want, spec)
    end = game.end().board()
    game.headers["Result"] = result_for(rng, end)
    return game, spec


def renumbered_game(rng, index, spec):
    """A game from a [FEN] with a full-move number of 30 or more, to be numbered from 1:
    every move number is a place. None when the playout to its start ended the game."""
    start = chess.Board()
    for m in playout(rng, start, rng.randint(58, 80), "plain", FIX_CASES):
        start.push(m)
    if start.is_game_over():
        return None
    game = new_game(rng, index)
    game.setup(start)
    extend_line(rng, game, rng.randint(10, 40), "spicy", FIX_CASES)
    add_side_variations(rng, game, rng.randint(0, 1))
    decorate(rng, game, set())
    spec["renumber"] = start.fullmove_number - 1
    spec["where"] = "all"
    return game


def result_game(rng, index, kind, sub, spec):
    """A game whose result is the place: played to mate or stalemate (or not over), scored
    wrongly (result_after_mate) or without its marker (missing_marker)."""
    moves, end = ending(rng, sub)
    game = new_game(rng, index)
    node = game
    for m in moves:
        node = node.add_variation(m)
    last = node
    add_side_variations(rng, game, rng.randint(0, 2))
    decorate(rng, game, {id(last)})
    if sub == "comment":
        last.comment = rng.choice(COMMENTS + UNICODE_COMMENTS)
    if sub == "variation":
        alts = [m for m in last.parent.board().legal_moves if not last.parent.has_variation(m)]
        side = last.parent.add_variation(rng.choice(alts))
        extend_line(rng, side, rng.randint(0, 4), "spicy", FIX_CASES)
    if sub == "crlf":
        spec["eol"] = "\r\n"
    right = result_for(rng, end)
    if sub == "star":
        right = "*"
    game.headers["Result"] = right
    if kind == "result_after_mate":
        if sub in ("mate_star", "stalemate_star"):
            wrong = "*"
        elif sub == "mate_draw":
            wrong = "1/2-1/2"
        elif sub == "mate_loser":
            wrong = "1-0" if right == "0-1" else "0-1"
        else:  # stalemate_win
            wrong = rng.choice(["1-0", "0-1"])
        assert wrong != right
        spec["tag_result"] = wrong
        spec["marker"] = wrong
    else:
        spec["marker"] = ""
    spec["where"] = "end"
    return game


def ending(rng, sub):
    """The moves of a playout that ends as `sub` says (mate, stalemate, or a game not over),
    and the board at its end."""
    goal = None
    if sub.startswith("mate") or sub == "mate":
        goal = "mate"
    elif sub.startswith("stalemate"):
        goal = "stalemate"
    while True:
        if goal:
            moves = playout(rng, chess.Board(), 200, goal, FIX_CASES)
            end = chess.Board()
            for m in moves:
                end.push(m)
            if (goal == "mate" and end.is_checkmate()) or (goal == "stalemate" and end.is_stalemate()):
                return moves, end
        else:
            moves = playout(rng, chess.Board(), rng.randint(5, 90), rng.choice(["plain", "spicy"]),
                            FIX_CASES)
            end = chess.Board()
            for m in moves:
                end.push(m)
            if not end.is_game_over():
                return moves, end


def move_number_game(rng, index, kind, sub, want, spec):
    """A game with one wrong move number, at a white move, a black move after a comment, or
    in a variation."""
    want_move = {W_VAR: W_VAR, W_BLACK: W_BLACK, W_MAIN: W_MAIN, W_LAST: W_LAST, W_FIRST: W_FIRST}[want]
    game, tnode = build_move_game(rng, index, kind, sub, want_move)
    if tnode.parent.board().turn == chess.BLACK and where_of(game, tnode) != W_VAR:
        # A black move carries a number only after a comment or a variation.
        if tnode.parent is game or tnode.parent.parent is None:
            game.comment = rng.choice(COMMENTS)
        else:
            tnode.parent.comment = rng.choice(COMMENTS + UNICODE_COMMENTS)
    elif where_of(game, tnode) == W_VAR and tnode.parent.board().turn == chess.BLACK and \
            tnode.parent.variations[0] is tnode:
        tnode.parent.comment = rng.choice(COMMENTS)
    add_side_variations(rng, game, rng.randint(0, 2))
    decorate(rng, game, {id(tnode), id(tnode.parent)})
    n = tnode.parent.board().fullmove_number
    wrong = rng.choice([n + 1, n + 1, n + 10] + ([n - 1] if n > 1 else []))
    spec["numbers"][id(tnode)] = wrong
    spec["where"] = where_of(game, tnode)
    spec["side"] = "black" if tnode.parent.board().turn == chess.BLACK else "white"
    return game


def deviant_move_game(rng, index, kind, sub, want, spec):
    """A game with one move written as `kind` deviates, with comments or NAGs near it."""
    game, tnode = build_move_game(rng, index, kind, sub, want)
    b = tnode.parent.board()
    written = deviate(rng, kind, sub, b, tnode.move)
    check_deviation(kind, sub, b, tnode.move, written)
    add_side_variations(rng, game, rng.randint(0, 2))
    decorate(rng, game, {id(tnode)})
    decorate_near(rng, game, tnode, spec)
    spec["moves"][id(tnode)] = written
    spec["where"] = where_of(game, tnode)
    spec["side"] = "black" if b.turn == chess.BLACK else "white"
    return game


def translator(table):
    def tr(san):
        if san[0] in TYPE_OF:
            san = table[TYPE_OF[san[0]]] + san[1:]
        m = re.search("=([NBRQ])", san)
        if m:
            san = san[:m.start(1)] + table[TYPE_OF[m.group(1)]] + san[m.end(1):]
        return san
    return tr


def make_lang_game(rng, lang, index):
    game = new_game(rng, index)
    game.headers["Event"] = "jaque fix %s %d" % (lang, index)
    style = "promo" if index % 2 else "spicy"
    extend_line(rng, game, rng.randint(30, 90), style, FIX_CASES)
    add_side_variations(rng, game, rng.randint(1, 3))
    decorate(rng, game, set())
    game.headers["Result"] = result_for(rng, game.end().board())
    spec = {"moves": {}, "numbers": {}, "renumber": 0, "tag_result": None, "marker": None,
            "eol": "\n", "spaced": False, "columns": 80}
    return game, spec
