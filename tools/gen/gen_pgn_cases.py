#!/usr/bin/env python3
"""Generate tests/data/pgn/generated.pgn and tests/data/pgn/generated.expect.jsonl.

Self-made PGN test games (CC0) with known expected outcomes for jaque's PGN
checker. Oracle: python-chess 1.11.2 (pip install chess==1.11.2), which plays
the random games, writes them (chess.pgn.StringExporter, through a small
subclass that can also add ';' comments and put a chosen token in place of a
chosen move), and re-reads the written file to cross-check every expectation.
Deterministic: random.Random(SEED), SEED = 5150.

Categories (the 'category' field of each expect line; sub-kind after ':'):
  valid                  random legal playouts from the start position, with
                         { comments }, NAGs, ';' comments and (nested)
                         variations; mates and stalemates included
  valid_fen              the same from a [SetUp "1"] [FEN ...] position
  illegal_move:<kind>    one illegal SAN in the mainline at ply k
                         (kind: foreign, pinned, king_into_check, castling_*,
                         blocked_pawn); later moves of the original game follow
  ambiguous_move         a SAN that needs disambiguation written without it
  check_annotation:<kind> one wrong/missing +/# in the mainline (drop_check,
                         drop_mate, add_check, mate_as_check, check_as_mate)
  result_mismatch:<kind> mate scored for the loser, or stalemate scored 1-0/0-1
                         (Result tag and termination marker agree with each other)
  syntax                 an unknown token (Zz9, e9, ...) before mainline move k
  variation_illegal:<kind> an illegal SAN inside a variation; the rest of that
                         variation, including sub-variations that branch after
                         the bad move, is dead and yields no further diagnostic;
                         the mainline is unaffected
  unterminated           a '{' comment that never closes (the last game)

Expect file: first line {"generator", "seed", "oracle", "games"}, then one line
per game: {"game", "category", "plies", "final_fen", "status", "diagnostics"}.
  plies       mainline plies applied before the first mainline error (all if none)
  final_fen   board.fen() after those plies (ep square only if capturable)
  status      checkmate | stalemate | insufficient_material | fifty_moves
              (halfmove clock >= 100) | threefold (is_repetition(3)) | ongoing
  diagnostics [{"code", "ply", "san"}], exactly the problems introduced;
              ply = 1-based half-move index counted from the game's start
              position along the line that holds the token (for a variation:
              the mainline ply number the variation move replaces); null for
              result_mismatch and unterminated. san = the token as written,
              null for result_mismatch and unterminated.

Cross-checks (asserted; the script writes nothing if one fails): python-chess
re-reads generated.pgn and must find the same number of games and, per game,
  * valid / check_annotation / result_mismatch / unterminated: no error, the
    same mainline and final FEN;
  * illegal_move / ambiguous_move: exactly one error, an IllegalMoveError /
    AmbiguousMoveError, mainline stopped after plies = k-1, same final FEN;
  * variation_illegal: python-chess's first error is an IllegalMoveError for
    the token in the variation's position. (python-chess 1.11.2 does not pop
    its board stack after an error inside a variation, so it then parses the
    rest of the game against the variation's board and may report spurious
    later errors or a wrong mainline; those are not checked.)
  * syntax: python-chess's tokenizer silently skips the garbage token, so it
    reports no error and the full mainline (our checker must report 'syntax').

Usage:  python3 tools/gen/gen_pgn_cases.py [output_dir]   (default tests/data/pgn)
"""

import json
import os
import random
import sys

from pgn_cases.building import (build_ambiguous, build_check_annotation, build_garbage,
                                build_illegal, build_result_mismatch, build_unterminated,
                                build_valid)
from pgn_cases.tables import GENERATOR, ORACLE, SEED
from pgn_cases.writing import expect_line, features, render, verify


DEFAULT_OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tests", "data", "pgn")


def main():
    out_dir = sys.argv[1] if len(sys.argv) > 1 else DEFAULT_OUT
    rng = random.Random(SEED)
    pool = []
    specs = build_valid(rng, pool)
    pool = sorted(set(pool))
    specs += build_illegal(rng, pool)
    specs += build_ambiguous(rng)
    specs += build_check_annotation(rng)
    specs += build_result_mismatch(rng)
    specs += build_garbage(rng, pool)
    rng.shuffle(specs)
    specs.append(build_unterminated(rng))

    texts = [render(s, i) for i, s in enumerate(specs)]
    expects = [expect_line(s, i) for i, s in enumerate(specs)]
    text = "\n\n".join(texts) + "\n"
    verify(text, specs, expects)

    f = features(specs)
    for key in ("checkmate", "castling_kingside", "castling_queenside", "en_passant", "promotion",
                "underpromotion", "nested_variations", "line_comments"):
        assert f[key] >= 5, (key, f)
    assert f["checkmate"] >= 10 and f["stalemate"] >= 5, f

    os.makedirs(out_dir, exist_ok=True)
    with open(os.path.join(out_dir, "generated.pgn"), "w", encoding="utf-8", newline="\n") as fh:
        fh.write(text)
    with open(os.path.join(out_dir, "generated.expect.jsonl"), "w", encoding="utf-8", newline="\n") as fh:
        fh.write(json.dumps({"generator": GENERATOR, "seed": SEED, "oracle": ORACLE,
                             "games": len(specs)}) + "\n")
        for e in expects:
            fh.write(json.dumps(e) + "\n")

    cats = {}
    for s in specs:
        cats[s.category] = cats.get(s.category, 0) + 1
    print(f"{len(specs)} games, {len(text.encode())} bytes", file=sys.stderr)
    for c in sorted(cats):
        print(f"  {c}: {cats[c]}", file=sys.stderr)
    print("  valid-game features: " + ", ".join(f"{k}={v}" for k, v in f.items()), file=sys.stderr)


if __name__ == "__main__":
    main()
