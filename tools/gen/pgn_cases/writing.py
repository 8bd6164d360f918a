"""The games written out, their expected outcomes, and python-chess reading the whole
file back to confirm every expectation."""

import chess
import chess.pgn

from oracle_status import status_of
from random_games import board_after
from .tables import GENERATOR, SEED
from .trees import Writer


def render(spec, index):
    g = spec.game
    old = g.headers
    g.headers = chess.pgn.Headers(Event=f"jaque generated {index}", Site="?", Date="????.??.??",
                                  Round="?", White="?", Black="?", Result=old["Result"])
    if "FEN" in old:
        g.headers["SetUp"] = old["SetUp"]
        g.headers["FEN"] = old["FEN"]
    g.headers["Generator"] = f"{GENERATOR} seed {SEED}"
    return g.accept(Writer(g, spec.replace, spec.insert, spec.line_comments, spec.tail))


def expect_line(spec, index):
    b = board_after(spec.start, spec.moves[:spec.plies])
    return {"game": index, "category": spec.category, "plies": spec.plies, "final_fen": b.fen(),
            "status": status_of(b), "diagnostics": spec.diags}


def count_tree(game):
    total, stack = 0, list(game.variations)
    while stack:
        n = stack.pop()
        total += 1
        stack.extend(n.variations)
    return total


def verify(text, specs, expects):
    import io
    handle = io.StringIO(text)
    parsed = []
    while True:
        g = chess.pgn.read_game(handle)
        if g is None:
            break
        parsed.append(g)
    assert len(parsed) == len(specs), (len(parsed), len(specs))
    for i, (g, spec, exp) in enumerate(zip(parsed, specs, expects)):
        where = f"game {i} ({spec.category})"
        assert g.headers["Event"] == f"jaque generated {i}", where
        pmoves = list(g.mainline_moves())
        pfen = g.end().board().fen()
        errs = g.errors
        if spec.check in ("clean", "syntax"):
            assert errs == [], (where, errs)
            assert pmoves == spec.moves, where
            if spec.check == "clean":
                assert pfen == exp["final_fen"], where
                assert count_tree(g) == count_tree(spec.game), where
        else:
            what, cls = spec.check
            tok = exp["diagnostics"][0]["san"].rstrip("+#")
            if what == "error":
                assert len(errs) == 1 and type(errs[0]) is cls, (where, errs)
                assert len(pmoves) == spec.plies and pmoves == spec.moves[:spec.plies], where
                assert pfen == exp["final_fen"], where
                assert str(errs[0]).endswith(f"{tok!r} in {pfen}"), (where, errs)
            else:
                # python-chess 1.11.2 does not pop its board stack after an error inside a
                # variation, so later errors (and the mainline after the variation) are
                # artefacts; only its first error is checked.
                assert errs and type(errs[0]) is cls, (where, errs)
                vfen = spec.var_board_fen
                assert str(errs[0]).endswith(f"{tok!r} in {vfen}"), (where, errs)
        if spec.category in ("valid", "valid_fen"):
            st, res = exp["status"], g.headers["Result"]
            if st == "checkmate":
                assert res == ("0-1" if g.end().board().turn == chess.WHITE else "1-0"), where
            elif st != "ongoing":
                assert res == "1/2-1/2", where


def features(specs):
    f = {"checkmate": 0, "stalemate": 0, "castling_kingside": 0, "castling_queenside": 0,
         "en_passant": 0, "promotion": 0, "underpromotion": 0, "variations": 0, "nested_variations": 0,
         "comments": 0, "nags": 0, "line_comments": 0, "black_to_move_fen": 0}
    for s in specs:
        if s.category not in ("valid", "valid_fen"):
            continue
        b = s.start.copy()
        for m in s.moves:
            f["castling_kingside"] += b.is_kingside_castling(m)
            f["castling_queenside"] += b.is_queenside_castling(m)
            f["en_passant"] += b.is_en_passant(m)
            f["promotion"] += bool(m.promotion)
            f["underpromotion"] += bool(m.promotion and m.promotion != chess.QUEEN)
            b.push(m)
        st = status_of(b)
        f["checkmate"] += st == "checkmate"
        f["stalemate"] += st == "stalemate"
        f["line_comments"] += len(s.line_comments)
        f["black_to_move_fen"] += s.category == "valid_fen" and s.start.turn == chess.BLACK
        stack = [(n, 0) for n in s.game.variations]
        main = set(id(n) for n in s.game.mainline())
        while stack:
            n, d = stack.pop()
            if id(n) not in main and n.parent.variations[0] is not n:
                f["variations"] += 1
                if d >= 1:
                    f["nested_variations"] += 1
            nd = d + (1 if (id(n) not in main and n.parent.variations[0] is not n) else 0)
            f["comments"] += bool(n.comment)
            f["nags"] += len(n.nags)
            stack.extend((c, nd) for c in n.variations)
    return f
