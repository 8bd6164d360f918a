#!/usr/bin/env python3
"""Generate the test corpus of `jaque fix` (CC0): tests/data/pgn/fix_*.

Oracle: python-chess 1.11.2 (pip install chess==1.11.2). Deterministic:
random.Random(SEED), SEED = 6174; a rerun with the same python-chess writes
byte-identical files.

Every game is a random python-chess playout (biased towards the feature its kind
needs), with variations, comments and NAGs, written as python-chess's exporter
writes it (StringExporter, 80 columns, the seven-tag roster in order) EXCEPT for
one deliberate deviation of one kind: one move token, one move number (every
number in one game from a [FEN]), the Result tag and the termination marker, or
a missing termination marker. The written text of each deviation is recorded as
a "place" (its position in fix_input.pgn, the text written there, and the text
each fixed file has there). Around the places the bytes vary: a UTF-8 BOM before
the first game, some games with CRLF line ends, extra spaces around the place,
comments (some with non-ASCII text, so that columns in characters and in bytes
differ) and NAGs next to it, two games whose movetext is one long line.

Files written (in tests/data/pgn/ unless an output directory is given):

  fix_input.pgn           the games with their deviations
  fix_expected.pgn        fix_input.pgn with every place of a machine-applicable
                          kind replaced by python-chess's export text there: what
                          `jaque fix fix_input.pgn` must write (default flags)
  fix_expected_maybe.pgn  the same, plus the places of maybe-incorrect kinds that
                          have exactly one candidate (all but `ambiguous`): what
                          `jaque fix --allow-maybe-incorrect` must write
  fix.expect.jsonl        header line, then one line per game of fix_input.pgn:
      {"game": N, "kind", "sub", "where", "side", "applicability", "line", "column",
       "offset", "written", "fixed", "fixed_maybe", "export", "places": [...]}
      game           0-based index; the game has [Event "jaque fix N"]
      kind           the deviation's kind (KINDS below); sub: its sub-form
      where          first | mainline | black | last | variation (a move place:
                     ply 1 of the mainline, a white / black mainline move, the
                     last mainline move, a move inside a variation); end (the
                     result places); all (every move number of the game)
      side           white | black: who makes the move at a move place (or whose
                     move number it is); null for end and all
      applicability  machine_applicable | maybe_incorrect | none (several
                     candidates: fixed in neither file)
      places         every place of the game, in file order, each
                     {"line", "column", "offset", "written", "fixed",
                      "fixed_maybe", "export"}; most games have one, the
                     result_after_mate games two (Result tag value, then the
                     termination marker), the move_number game from a [FEN]
                     counted from 1 one per move number. The top-level
                     line/column/offset/written/fixed/fixed_maybe/export repeat
                     places[0].
      line, column   1-based; columns count characters (not bytes) from the line
                     start (the BOM is not counted; no place is on line 1), lines
                     end at LF (CRLF counts once)
      offset         0-based byte offset in fix_input.pgn (BOM included)
      written        the text at the place in fix_input.pgn ("" for an insertion)
      fixed          the text there in fix_expected.pgn (= written when not fixed)
      fixed_maybe    the text there in fix_expected_maybe.pgn
      export         what python-chess writes there (board.san(move), the right
                     move number, the right result)
  fix_input.es.pgn, fix_expected.es.pgn, fix_input.de.pgn, fix_expected.de.pgn
                          a few games written with Spanish (R D T A C) / German
                          (K D T L S) piece letters throughout (promotions too),
                          and the same games in English export SAN: what
                          `jaque fix --lang es|de` must write. Every token whose
                          letters differ is a place (German king moves keep K).
  fix_lang.expect.jsonl   header line, then one line per game of the four language
                          files: {"file", "game", "lang", "places": [...]} (places
                          as above, offsets into fix_input.<lang>.pgn).

Kinds (machine-applicable unless marked):
  castling_zeros        0-0 / 0-0-0 for O-O / O-O-O
  check_missing         + missing          mate_missing      # missing
  check_for_mate        + on a mate        mate_for_check    # on a check
  check_extra           + on a move that gives no check
  double_plus_mate      ++ for #
  capture_missing       x missing (Nf3 for Nxf3, ed5 for exd5, ed8=Q for exd8=Q)
  capture_extra         x on a piece move that captures nothing
  over_disambiguation   Ngf3 / N1f3 for Nf3; `pinned`: the other piece that would
                        reach the square is pinned, so python-chess's SAN has no
                        disambiguation (Nbd2 for Nd2)
  promotion_form        e8Q, e8(Q), e8/Q for e8=Q (under-promotions too)
  pawn_letter           Pe4, Pexd5, Pe8=Q
  en_passant_mark       exd6e.p. (glued: jaque 0.1.0 reads `exd6 e.p.` with a
                        space as a move plus a syntax error, so that form is absent)
  long_algebraic        e2-e4, e2e4, e4xd5, Ng1-f3, Ng1f3, Nf3xe5, e7-e8=Q
  figurine              ♔♕♖♗♘ (black moves also ♚♛♜♝♞), e8=♕
  move_number           a wrong number (7. for 6., 5... for 4..., in a variation);
                        `fen_from_one`: a game from a [FEN] with full-move >= 30
                        numbered from 1: every number is a place
  result_after_mate     mate or stalemate, and the Result tag and the marker
                        (which agree) say something else: both are places
  missing_marker        no termination marker: the fix inserts " " + the Result
                        tag's value right after the last movetext token
  ambiguous             (none) the disambiguation python-chess needs is dropped
  illegal_one_candidate (maybe_incorrect) Nbd2 for Nd2 where a b-file knight
                        exists but cannot go (`wrong_file`, `wrong_rank`), or
                        Bg1f3 for Nf3 (`wrong_piece`): exactly one legal move has
                        the written piece and target, or the written origin and
                        target
  missing_promotion     (maybe_incorrect) e8 for e8=Q: the queen is the guess
  wrong_language        (maybe_incorrect) French letters (C F D T) in an English
                        file: a syntax error in English, one legal move in French
                        (and the same move in every language that has the letter)

Cross-checks (asserted; nothing is written if one fails):
  * each game's reference text (every place replaced by its export text) is read
    by python-chess with no error into the game that was generated (same tags,
    moves, variations, comments, NAGs, result: str() equal), its tag lines are
    python-chess's and its movetext is python-chess's word for word;
  * fix_expected.pgn and fix_expected_maybe.pgn are fix_input.pgn with only the
    recorded places changed (byte walk), and every game of them whose places are
    all fixed is read by python-chess (whole-file read, game by game) into the
    generated game; the language files likewise;
  * every deviation is what its kind says: machine kinds differ from the export
    text; `ambiguous` raises AmbiguousMoveError in python-chess, `illegal_one_candidate`
    and `missing_promotion` IllegalMoveError, `wrong_language` a ValueError while
    its French reading parses to the move; illegal_one_candidate has exactly one
    candidate; over_disambiguation `pinned` has a pinned piece of the same type
    that could otherwise reach the target; every kind has at least 6 games.

Optional: --jaque PATH runs `jaque check --json` on fix_input.pgn (and on the
reference file, which must have no diagnostic at all) and prints the codes per
kind; it changes no output file.

Usage:  python3 tools/gen/gen_fix_cases.py [output_dir] [--jaque PATH]
"""

import argparse
import collections
import json
import os
import random

import chess

from fix_cases.games import make_game, make_lang_game, translator
from fix_cases.jaque_report import report_jaque
from fix_cases.tables import GERMAN, KINDS, MACHINE, MAYBE, ORACLE, SEED, SPANISH
from fix_cases.writing import (apply, assemble, check_only_places, check_same, locate,
                               movetext_words, read_all, render)
from random_games import mainline_nodes

# The name the data give their generator: its path before tools/ was split by kind, kept
# so that the data regenerate byte-identical (tools/README.md, "Recorded names").
GENERATOR = "tools/gen_fix_cases.py"
DEFAULT_OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tests", "data", "pgn")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("out_dir", nargs="?", default=DEFAULT_OUT)
    ap.add_argument("--jaque", help="jaque binary: print the codes `jaque check` gives per kind")
    args = ap.parse_args()
    rng = random.Random(SEED)
    games, specs, long_lines = corpus(rng)
    rendered = [render(g, s) for g, s in zip(games, specs)]
    inputs, expected, expected_maybe, reference = versions(rendered, specs)
    check_references(games, specs, rendered, reference)
    input_text, offsets = assemble(inputs)
    expected_text, _ = assemble(expected)
    maybe_text, _ = assemble(expected_maybe)
    reference_text, _ = assemble(reference)
    check_whole_files(games, reference, [("fix_expected.pgn", expected_text, expected),
                                         ("fix_expected_maybe.pgn", maybe_text, expected_maybe),
                                         ("reference", reference_text, reference)])
    assert read_all(reference_text) and len(read_all(input_text)) == len(games)
    header_kinds, lines_out = records(rendered, specs, input_text, offsets)
    check_only_places(input_text, expected_text, walk(lines_out, "fixed"))
    check_only_places(input_text, maybe_text, walk(lines_out, "fixed_maybe"))
    lang_out, lang_files, lang_counts = language_files(rng)
    header = collections.OrderedDict([
        ("oracle", ORACLE), ("generator", GENERATOR), ("seed", SEED), ("file", "fix_input.pgn"),
        ("games", len(games)), ("places", sum(len(o["places"]) for o in lines_out)),
        ("languages", "fix_lang.expect.jsonl"),
        ("kinds", header_kinds),
        ("fields", FIELDS),
        ("surroundings", surroundings(specs, long_lines)),
    ])
    lang_header = collections.OrderedDict([
        ("oracle", ORACLE), ("generator", GENERATOR), ("seed", SEED), ("languages", lang_counts),
        ("letters", {"es": "R D T A C", "de": "K D T L S"}),
    ])
    files = {
        "fix_input.pgn": input_text, "fix_expected.pgn": expected_text,
        "fix_expected_maybe.pgn": maybe_text,
        "fix.expect.jsonl": json_lines([header] + lines_out),
        "fix_lang.expect.jsonl": json_lines([lang_header] + lang_out),
    }
    for lang, (lin, lexp) in lang_files.items():
        files["fix_input.%s.pgn" % lang] = lin
        files["fix_expected.%s.pgn" % lang] = lexp
    for name, text in files.items():
        with open(os.path.join(args.out_dir, name), "w", encoding="utf-8", newline="") as f:
            f.write(text)
    print("wrote %d games (%d places), %s" % (len(games), header["places"], ", ".join(
        "%s %d" % (k, v["games"]) for k, v in header_kinds.items())))
    if args.jaque:
        report_jaque(args.jaque, args.out_dir, reference_text, lines_out, lang_files)


FIELDS = ("one line per game; side: the colour that makes the move of a move place (null for the "
          "result places and for fen_from_one); places lists every place of the game in file order "
          "(the Result tag and the marker for result_after_mate, every move number for move_number "
          "fen_from_one), the top-level line/column/offset/written/fixed/fixed_maybe/export "
          "repeat places[0]; line/column 1-based, columns in characters; offset in bytes")


def corpus(rng):
    """The games of fix_input.pgn and their specs, each kind's subs in random order, and
    the bytes around them varied: CRLF, extra spaces, two long lines (their indices)."""
    jobs = []
    for kind, (_app, subs, wheres) in KINDS.items():
        for k, sub in enumerate(subs):
            jobs.append((kind, sub, wheres[k % len(wheres)]))
    rng.shuffle(jobs)
    games, specs = [], []
    for index, (kind, sub, want) in enumerate(jobs):
        game, spec = make_game(rng, index, kind, sub, want)
        spec["want"] = want
        games.append(game)
        specs.append(spec)
    for spec in specs:
        if spec["eol"] == "\n" and rng.random() < 0.12:
            spec["eol"] = "\r\n"
        if spec["kind"] not in ("result_after_mate", "missing_marker") and rng.random() < 0.12:
            spec["spaced"] = bool(spec["moves"] or spec["numbers"])
    plies = sorted(range(len(games)), key=lambda i: (-len(mainline_nodes(games[i])), i))
    long_lines = [i for i in plies if specs[i]["kind"] not in ("result_after_mate",)][:2]
    for i in long_lines:
        specs[i]["columns"] = None
    return games, specs, long_lines


def fixed(app, place):
    """The text `jaque fix` writes at a place: the export text where the kind is machine
    applicable, else what was written."""
    return place[3] if app == MACHINE else place[2]


def fixed_maybe(app, place):
    """The same with `--allow-maybe-incorrect`."""
    return place[3] if app in (MACHINE, MAYBE) else place[2]


def versions(rendered, specs):
    """Each game as (text, line end, first game?) in the input, in both expected files and in
    the reference file (every place as python-chess exports it)."""
    def each(choose):
        return [(apply(text, places, lambda p, a=spec["applicability"]: choose(a, p)),
                 spec["eol"], i == 0)
                for i, ((text, places), spec) in enumerate(zip(rendered, specs))]
    inputs = [(t, s["eol"], i == 0) for i, ((t, _), s) in enumerate(zip(rendered, specs))]
    return inputs, each(fixed), each(fixed_maybe), each(lambda _app, p: p[3])


def check_references(games, specs, rendered, reference):
    """Every game's reference text is python-chess's game, word for word, in 80 columns
    unless it is one of the long lines."""
    for i, (game, (ref, _, _)) in enumerate(zip(games, reference)):
        got = read_all(ref)
        assert len(got) == 1, (i, len(got))
        check_same(got[0], game, ("reference", i))
        head, words = movetext_words(ref)
        ehead, ewords = movetext_words(str(game))
        assert head == ehead and words == ewords, (i, head, ehead, words, ewords)
        if specs[i]["columns"] is not None:
            written = rendered[i][0].replace("\r\n", "\n").split("\n")
            assert max(len(line) for line in written) <= 80, (i, written)


def check_whole_files(games, reference, files):
    """python-chess reads every game of each whole file whose places are all fixed into the
    generated game."""
    for name, text, parts in files:
        got = read_all(text)
        assert len(got) == len(games), (name, len(got))
        checked = 0
        for i, (g, part) in enumerate(zip(games, parts)):
            if part[0] == reference[i][0]:
                check_same(got[i], g, (name, i))
                checked += 1
        print("%s: python-chess replays %d of %d games into the generated games"
              % (name, checked, len(games)))


def records(rendered, specs, input_text, offsets):
    """The kinds' counts for the header, and a record a game with its places."""
    header_kinds = collections.OrderedDict((kind, collections.OrderedDict(
        [("games", 0), ("applicability", KINDS[kind][0]), ("subs", collections.Counter()),
         ("where", collections.Counter()), ("side", collections.Counter()), ("places", 0)]))
        for kind in KINDS)
    lines_out = []
    for i, ((_text, places), spec) in enumerate(zip(rendered, specs)):
        app = spec["applicability"]
        recs = [place_record(input_text, offsets[i] + p[0], p[2], fixed(app, p),
                             fixed_maybe(app, p), p[3]) for p in places]
        assert recs, i
        if app == MACHINE:
            assert all(r["written"] != r["export"] for r in recs), i
        obj = collections.OrderedDict([("game", i), ("kind", spec["kind"]), ("sub", spec["sub"]),
                                       ("where", spec["where"]), ("side", spec["side"]),
                                       ("applicability", app)])
        obj.update(recs[0])
        obj["places"] = recs
        lines_out.append(obj)
        info = header_kinds[spec["kind"]]
        info["games"] += 1
        info["side"][spec["side"] or "-"] += 1
        info["subs"][spec["sub"]] += 1
        info["where"][spec["where"]] += 1
        info["places"] += len(recs)
    for kind, info in header_kinds.items():
        assert info["games"] >= 6, (kind, info["games"])
        for key in ("subs", "where", "side"):
            info[key] = dict(sorted(info[key].items()))
    return header_kinds, lines_out


def place_record(text, at, written, fixed_text, maybe_text, export):
    """A place's record: where the character `at` of `text` is, and its texts."""
    line, column, off = locate(text, at)
    return collections.OrderedDict([
        ("line", line), ("column", column), ("offset", off), ("written", written),
        ("fixed", fixed_text), ("fixed_maybe", maybe_text), ("export", export)])


def walk(lines_out, which):
    """(offset, written, new text) of every place, in file order, for the byte walk."""
    return [(r["offset"], r["written"], r[which]) for o in lines_out for r in o["places"]]


def language_files(rng):
    """The Spanish and German files: their records, texts and counts."""
    lang_out, lang_files, lang_counts = [], {}, collections.OrderedDict()
    for lang, table in (("es", SPANISH), ("de", GERMAN)):
        tr = translator(table)
        lgames, lrendered = [], []
        for k in range(4):
            g, s = make_lang_game(rng, lang, k)
            lgames.append(g)
            lrendered.append(render(g, s, tr))
        lin_text, loffsets = assemble([(t, "\n", False) for t, _ in lrendered])
        lexp_text, _ = assemble([(apply(t, ps, lambda p: p[3]), "\n", False) for t, ps in lrendered])
        got = read_all(lexp_text)
        assert len(got) == len(lgames)
        for g, r in zip(lgames, got):
            check_same(r, g, ("lang", lang))
        total = 0
        for k, (_text, places) in enumerate(lrendered):
            recs = [place_record(lin_text, loffsets[k] + p[0], p[2], p[3], p[3], p[3])
                    for p in places]
            total += len(recs)
            lang_out.append(collections.OrderedDict([("file", "fix_input.%s.pgn" % lang),
                                                     ("game", k), ("lang", lang), ("places", recs)]))
            assert translated_moves(lgames[k], lang) == len(recs), (lang, k, len(recs))
        check_only_places(lin_text, lexp_text, walk(lang_out[-4:], "fixed"))
        lang_files[lang] = (lin_text, lexp_text)
        lang_counts[lang] = {"games": len(lgames), "places": total}
    return lang_out, lang_files, lang_counts


def translated_moves(game, lang):
    """The moves of `game` whose letters a language changes: every piece move and promotion
    (German king moves keep their K)."""
    count = 0
    for n in iter_nodes(game):
        b = n.parent.board()
        pt = b.piece_type_at(n.move.from_square)
        if n.move.promotion or (pt != chess.PAWN and not b.is_castling(n.move)
                                and not (lang == "de" and pt == chess.KING)):
            count += 1
    return count


def iter_nodes(game):
    stack = list(game.variations)
    while stack:
        n = stack.pop()
        yield n
        stack.extend(n.variations)


def surroundings(specs, long_lines):
    """Which games have which bytes around their places."""
    return collections.OrderedDict([
        ("bom", "game 0"),
        ("crlf", [i for i, s in enumerate(specs) if s["eol"] == "\r\n"]),
        ("extra_spaces", [i for i, s in enumerate(specs) if s["spaced"]]),
        ("long_line", long_lines),
        ("comment_or_nag_next_to_place", [i for i, s in enumerate(specs) if s["near"]]),
    ])


def json_lines(objects):
    return "\n".join(json.dumps(o, ensure_ascii=False) for o in objects) + "\n"


if __name__ == "__main__":
    main()
