"""The games of each category, with what the checker must say of them."""

import chess
import chess.pgn

from oracle_status import status_of
from random_games import PGN_CASES, board_after, mainline_nodes, pick, playout
from .tables import (CHECK_KINDS, GARBAGE, ILLEGAL_KINDS, N_AMBIGUOUS, N_SYNTAX, N_VALID_FEN,
                     N_VALID_MATE, N_VALID_STALEMATE, N_VALID_START, N_VARIATION_ILLEGAL,
                     RESULT_KINDS)
from .tokens import illegal_candidates, needs_disambiguation, strip_disambiguation
from .trees import add_variations, decorate, depth_of, make_game, playout_until, result_for


class Spec:
    def __init__(self, category, start, game, moves, plies, diags, **hooks):
        self.category = category
        self.start = start
        self.game = game
        self.moves = moves          # full mainline of the tree (incl. dead moves after an error)
        self.plies = plies
        self.diags = diags
        self.replace = hooks.get("replace", {})
        self.insert = hooks.get("insert", {})
        self.line_comments = hooks.get("line_comments", {})
        self.tail = hooks.get("tail")
        self.check = hooks.get("check")  # what python-chess must report


def diag(code, ply, san):
    return {"code": code, "ply": ply, "san": san}


def error_game(rng, moves, k):
    """The game of `moves` from the start position with an error to come at ply k: maybe a
    variation and some decoration before it, a Result tag. The game, its line comments and
    its node of ply k."""
    game = make_game(chess.Board(), moves)
    if rng.random() < 0.3 and k > 2:
        add_variations(rng, game, max_ply=k - 1, count=1)
    lc = decorate(rng, game, max_ply=k - 1)
    game.headers["Result"] = result_for(rng, board_after(chess.Board(), moves))
    return game, lc, mainline_nodes(game)[k - 1]


def build_valid(rng, pool):
    specs = []
    targets = ["checkmate"] * N_VALID_MATE + ["stalemate"] * N_VALID_STALEMATE + \
        [None] * (N_VALID_START - N_VALID_MATE - N_VALID_STALEMATE)
    rng.shuffle(targets)
    for i, target in enumerate(targets):
        start = chess.Board()
        if target:
            moves = playout_until(rng, target)
        else:
            n = [1, 2, 3][i] if i < 3 else rng.randint(1, 160)
            moves = playout(rng, start, n, "plain" if rng.random() < 0.25 else "spicy", PGN_CASES)
        game = make_game(start, moves)
        if rng.random() < 0.6:
            add_variations(rng, game)
        lc = decorate(rng, game)
        final = board_after(start, moves)
        game.headers["Result"] = result_for(rng, final)
        specs.append(Spec("valid", start, game, moves, len(moves), [], line_comments=lc, check="clean"))
        b = chess.Board()
        for m in moves:
            pool.append(b.san(m))
            b.push(m)
    # from a FEN
    for i in range(N_VALID_FEN):
        want_black = i % 2 == 0
        want_ep = i < 2
        while True:
            n = rng.randint(8, 90)
            pre = playout(rng, chess.Board(), n, "spicy", PGN_CASES)
            b = board_after(chess.Board(), pre)
            if b.is_game_over() or (b.turn == chess.BLACK) != want_black:
                continue
            if want_ep and not b.has_legal_en_passant():
                continue
            break
        start = chess.Board(b.fen())
        moves = playout(rng, start, rng.randint(1, 100), "spicy", PGN_CASES)
        if not moves:
            continue
        game = make_game(start, moves)
        if rng.random() < 0.5:
            add_variations(rng, game)
        lc = decorate(rng, game)
        game.headers["Result"] = result_for(rng, board_after(start, moves))
        specs.append(Spec("valid_fen", start, game, moves, len(moves), [], line_comments=lc, check="clean"))
    return specs


def build_illegal(rng, pool):
    specs = []
    for gi, kind in enumerate(ILLEGAL_KINDS):
        for _attempt in range(400):
            if gi < 2:   # illegal first move (white) / second move (black)
                moves = playout(rng, chess.Board(), rng.randint(10, 60), "spicy", PGN_CASES)
                order = [gi + 1]
            else:
                moves = playout(rng, chess.Board(), rng.randint(20, 120), "spicy", PGN_CASES)
                order = list(range(1, len(moves) + 1))
                rng.shuffle(order)
            found = None
            for k in order[:60]:
                b = board_after(chess.Board(), moves[:k - 1])
                cands = illegal_candidates(b, "foreign" if gi < 2 else kind, pool, rng)
                if cands:
                    found = (k, rng.choice(cands))
                    break
            if found:
                break
        else:
            raise SystemExit(f"no position found for illegal kind {kind}")
        k, (tok, sub) = found
        game, lc, node = error_game(rng, moves, k)
        specs.append(Spec("illegal_move:" + sub, chess.Board(), game, moves, k - 1,
                          [diag("illegal_move", k, tok)], replace={id(node): tok},
                          line_comments=lc, check=("error", chess.IllegalMoveError)))
    return specs


def build_ambiguous(rng):
    specs = []
    while len(specs) < N_AMBIGUOUS:
        b = chess.Board()
        pre = []
        min_k = rng.randint(1, 80)
        found = None
        while len(pre) < 140 and not b.is_game_over():
            if len(pre) + 1 >= min_k:
                cands = needs_disambiguation(b)
                if cands:
                    found = rng.choice(sorted(cands, key=lambda m: m.uci()))
                    break
            m = pick(rng, b, "spicy", PGN_CASES)
            b.push(m)
            pre.append(m)
        if not found:
            continue
        k = len(pre) + 1
        san = b.san(found)
        tok = strip_disambiguation(san)
        try:
            b.parse_san(tok)
            raise AssertionError("not ambiguous: " + tok)
        except chess.AmbiguousMoveError:
            pass
        b.push(found)
        rest = playout(rng, b, rng.randint(0, 40), "spicy", PGN_CASES)
        moves = pre + [found] + rest
        game, lc, node = error_game(rng, moves, k)
        specs.append(Spec("ambiguous_move", chess.Board(), game, moves, k - 1,
                          [diag("ambiguous_move", k, tok)], replace={id(node): tok},
                          line_comments=lc, check=("error", chess.AmbiguousMoveError)))
    return specs


def build_check_annotation(rng):
    specs = []
    for kind in CHECK_KINDS:
        while True:
            if kind in ("drop_mate", "mate_as_check"):
                moves = playout_until(rng, "checkmate")
            else:
                moves = playout(rng, chess.Board(), rng.randint(10, 140), "spicy", PGN_CASES)
            b = chess.Board()
            sans = []
            for m in moves:
                sans.append(b.san(m))
                b.push(m)
            if kind in ("drop_mate", "mate_as_check"):
                k = len(moves)
                assert sans[-1].endswith("#")
            else:
                want = (lambda s: s.endswith("+")) if kind in ("drop_check", "check_as_mate") else \
                    (lambda s: not s.endswith("+") and not s.endswith("#"))
                ks = [i + 1 for i, s in enumerate(sans) if want(s)]
                if not ks:
                    continue
                k = rng.choice(ks)
            break
        san = sans[k - 1]
        tok = {"drop_check": san[:-1], "drop_mate": san[:-1], "add_check": san + "+",
               "mate_as_check": san[:-1] + "+", "check_as_mate": san[:-1] + "#"}[kind]
        game = make_game(chess.Board(), moves)
        if rng.random() < 0.4:
            add_variations(rng, game)
        lc = decorate(rng, game)
        game.headers["Result"] = result_for(rng, board_after(chess.Board(), moves))
        node = mainline_nodes(game)[k - 1]
        specs.append(Spec("check_annotation:" + kind, chess.Board(), game, moves, len(moves),
                          [diag("check_annotation", k, tok)], replace={id(node): tok},
                          line_comments=lc, check="clean"))
    return specs


def build_result_mismatch(rng):
    specs = []
    for kind in RESULT_KINDS:
        target = "checkmate" if kind == "mate_flipped" else "stalemate"
        moves = playout_until(rng, target)
        final = board_after(chess.Board(), moves)
        if kind == "mate_flipped":
            result = "1-0" if final.turn == chess.WHITE else "0-1"   # the mated side "wins"
        else:
            result = rng.choice(["1-0", "0-1"])
        game = make_game(chess.Board(), moves)
        if rng.random() < 0.4:
            add_variations(rng, game)
        lc = decorate(rng, game)
        game.headers["Result"] = result
        specs.append(Spec("result_mismatch:" + kind, chess.Board(), game, moves, len(moves),
                          [diag("result_mismatch", None, None)], line_comments=lc, check="clean"))
    return specs


def build_garbage(rng, pool):
    specs = []
    for i in range(N_SYNTAX):
        moves = playout(rng, chess.Board(), rng.randint(6, 100), "spicy", PGN_CASES)
        k = 1 if i == 0 else rng.randint(1, len(moves))
        tok = GARBAGE[i % len(GARBAGE)]
        game, lc, node = error_game(rng, moves, k)
        specs.append(Spec("syntax", chess.Board(), game, moves, k - 1, [diag("syntax", k, tok)],
                          insert={id(node): [tok]}, line_comments=lc, check="syntax"))
    kinds = ["foreign", "king_into_check", "blocked_pawn", "pinned"]
    for i in range(N_VARIATION_ILLEGAL):
        while True:
            moves = playout(rng, chess.Board(), rng.randint(20, 120), "spicy", PGN_CASES)
            game = make_game(chess.Board(), moves)
            add_variations(rng, game, count=rng.randint(1, 3))
            var_nodes = []
            stack = [n for n in mainline_nodes(game)]
            seen = set(id(n) for n in stack)
            while stack:
                n = stack.pop()
                for v in n.variations:
                    if id(v) not in seen:
                        seen.add(id(v))
                        stack.append(v)
                        var_nodes.append(v)
            var_nodes.sort(key=lambda n: (depth_of(n), n.move.uci()))
            rng.shuffle(var_nodes)
            found = None
            for vn in var_nodes:
                b = vn.parent.board()
                cands = illegal_candidates(b, kinds[i % len(kinds)], pool, rng)
                if cands:
                    found = (vn, rng.choice(cands))
                    break
            if found:
                break
        vn, (tok, sub) = found
        lc = decorate(rng, game)
        game.headers["Result"] = result_for(rng, board_after(chess.Board(), moves))
        spec = Spec("variation_illegal:" + sub, chess.Board(), game, moves, len(moves),
                    [diag("illegal_move", depth_of(vn), tok)], replace={id(vn): tok},
                    line_comments=lc, check=("variation_error", chess.IllegalMoveError))
        spec.var_board_fen = vn.parent.board().fen()
        specs.append(spec)
    return specs


def build_unterminated(rng):
    while True:   # an ongoing final position, so that "*" is the natural result
        moves = playout(rng, chess.Board(), rng.randint(20, 60), "spicy", PGN_CASES)
        if status_of(board_after(chess.Board(), moves)) == "ongoing":
            break
    game = make_game(chess.Board(), moves)
    decorate(rng, game, allow_line_comments=False)
    game.headers["Result"] = "*"
    return Spec("unterminated", chess.Board(), game, moves, len(moves),
                [diag("unterminated", None, None)],
                tail="{ this comment is never closed, so the game has no termination marker",
                check="clean")
