#!/usr/bin/env python3
"""Generate python/tests/data/annotated.pgn, python/tests/data/oracle.jsonl and its README.md.

Oracle for the Python package's tests: what python-chess 1.11.2 (pip install chess==1.11.2)
reads from vendored, self-made PGN files: tags, mainline SAN/UCI, the position before every
mainline move, comments, NAGs, [%clk] clocks and [%eval] evaluations. Deterministic:
random.Random(SEED), SEED = 6021; a rerun with the same python-chess gives byte-identical files.

1. annotated.pgn: GAMES self-made games (CC0), random playouts with python-chess, written the
   way lichess exports them: the lichess tag set (Event, Site, Date, Round, White, Black,
   Result, UTCDate, UTCTime, WhiteElo, BlackElo, WhiteRatingDiff, BlackRatingDiff, [Variant],
   TimeControl, ECO, Opening, Termination, [FEN, SetUp]), the whole movetext on one line
   (python-chess's exporter with columns=None), games separated by two blank lines, and
   after every move a comment made with python-chess's node.set_eval / node.set_clock:
   { [%eval 0.17] [%clk 0:02:59] }. Evals in pawns with 2 decimals from White's point of
   view, mate scores ([%eval #-3]) in the plies before a mate or a resignation, some moves
   (and unanalysed games) without eval; clocks per side never increasing, tenths of a second
   below 10 s in fast games ([%clk 0:00:09.4]), hours in classical games, none in
   correspondence games (TimeControl "-"). Some moves carry NAGs $1..$6 and plain text
   before the commands (lichess-like judgements such as "(0.21 → -0.55) Inaccuracy. Bd3 was
   best.") or after them. Kinds: standard games ended by resignation, time, agreement or
   abandonment, checkmate, stalemate, [FEN] starts (SetUp "1", most with [Variant "From
   Position"] as lichess writes it), Chess960 ([Variant "Chess960"], castling played), and
   ILLEGAL games whose mainline holds one deliberately illegal SAN (the original moves and
   comments follow it). Player names, site ids, dates and ratings are made up.

2. oracle.jsonl: a header line
     {"oracle", "generator", "seed", "files": {name: {"path", "sha256", "games",
      "with_errors": [index...], ...}}, "fens_omitted": {name: reason}, "notes": [...]}
   (annotated.pgn's entry also has "illegal_moves": [{"game", "ply", "san", "line",
   "column", "byte_offset"}] and "features"; generated.pgn's entry has
   "python_chess_deviations": the indices of the games where python-chess 1.11.2 is known to
   read the file differently from the PGN standard, from generated.expect.jsonl)
   then one line per game of variations.pgn, generated.pgn, repetition.pgn (all three read in
   place from tests/data/pgn) and annotated.pgn, files in that order, games in file order:
     file        the file's basename
     game        0-based index in the file (chess.pgn.read_game in a loop)
     headers     dict(game.headers): python-chess's tags in its order (the seven-tag roster
                 first, filled with "?" where missing, then the others in file order;
                 Result is replaced by the termination marker when the tag is missing or "*")
     errors      [str(e) for e in game.errors]
     plies       mainline moves python-chess read (it stops at the first illegal move)
     start_fen   game.board().fen()
     san, uci    per mainline move: board.san(move) before pushing it, move.uci()
     fens        board.fen() BEFORE each mainline move (absent where fens_omitted says so)
     final_fen   board.fen() after the last mainline move
     comments    node.comment per mainline move, raw: python-chess 1.11.2 keeps the
                 [%eval]/[%clk] commands inside the comment text; several {} comments after
                 one move are joined with a space; "" when there is none
     nags        sorted(node.nags) per mainline move
     clocks      node.clock() per mainline move: seconds as a float, or null
     evals       node.eval() per mainline move as White's score: {"cp": int}, {"mate": int}
                 or null
     chess960    game.board().chess960
     result      game.headers.get("Result")
   FENs follow python-chess: the en-passant square only when a legal en-passant capture
   exists, X-FEN castling rights on Chess960 boards. UCI castling: the king's two-square move
   (e1g1) on standard boards, the king's move onto its own rook (e.g. b1a1) on Chess960 boards.

Cross-checks (asserted; nothing is written if one fails): annotated.pgn re-read by
python-chess has GAMES games, the non-illegal games without errors and with the same export,
the same moves, comments, NAGs, and clocks/evals equal to the values written; each illegal
game has exactly one IllegalMoveError naming its token, its mainline stops right before it,
and the recorded line/column/byte offset point at the token; for every game of every file
the SAN list replays from start_fen to final_fen through the recorded fens and UCI moves;
minimum feature counts (Chess960 games with castling >= 3, FEN starts >= 3, mate evals >= 10,
checkmates, stalemates, fractional clocks, clocks with hours, illegal-move games == 3).

Layout: this file is the entry point (reading the files with python-chess, the oracle
records, the cross-checks, writing the three files and the README text);
tools/gen/python_oracle_games.py makes the annotated games (playouts, clocks, evals, tags,
comments, the illegal tokens) and writes annotated.pgn's text.

Usage (from the repository root):
  python3 tools/gen/gen_python_oracle.py [--out python/tests/data] [--pgn tests/data/pgn]
"""

import argparse
import hashlib
import json
import logging
import os

import chess
import chess.pgn

from gen_record_oracle import read_games_text as read_games
from python_oracle_games import GAMES, SEED, castles, locate_illegal, plan_games, render_pgn

# The name the data give their generator: its path before tools/ was split by kind, kept
# so that the data regenerate byte-identical (tools/README.md, "Recorded names").
GENERATOR = "tools/gen_python_oracle.py"
SCRIPT = "tools/gen/gen_python_oracle.py"
ORACLE = "python-chess " + chess.__version__
HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
DEFAULT_OUT = os.path.join(ROOT, "python", "tests", "data")
DEFAULT_PGN = os.path.join(ROOT, "tests", "data", "pgn")
INPUTS = ["variations.pgn", "generated.pgn", "repetition.pgn"]
ANNOTATED = "annotated.pgn"
# While oracle.jsonl is above MAX_BYTES, the games of these files from the given index on
# lose their "fens" (one file after the other).
MAX_BYTES = 3_000_000
FENS_KEPT = [("repetition.pgn", 50), ("generated.pgn", 120)]
# Minimum feature counts of annotated.pgn (asserted); illegal-move games are exactly 3.
FEATURE_MINIMUMS = [("chess960_games_castling", 3), ("fen_starts_standard", 3),
                    ("mate_evals", 10), ("checkmates", 4), ("stalemates", 1),
                    ("fractional_clocks", 10), ("clocks_with_hours", 20),
                    ("moves_with_nags", 30), ("comments_with_text", 20),
                    ("games_without_clocks", 2), ("games_without_evals", 3),
                    ("moves_without_eval", 20), ("fen_starts_black_to_move", 1)]
NOTES = [
    "comments are node.comment raw: [%eval]/[%clk] commands stay in the text",
    "fens[i] is board.fen() before mainline move i; ep square only if a legal ep capture "
    "exists; X-FEN castling on Chess960 boards",
    "uci castling: e1g1 on standard boards, king onto its own rook (e.g. b1a1) on "
    "Chess960 boards",
    "evals are node.eval().white(); clocks are node.clock() in seconds",
    "headers: python-chess fills the seven-tag roster with '?' and replaces a missing or "
    "'*' Result tag by the termination marker",
    "generated.pgn python_chess_deviations: syntax = garbage token skipped silently, "
    "variation_illegal = board stack not popped after an illegal variation move (wrong "
    "mainline, spurious errors), check_annotation = +/# ignored, result_mismatch = "
    "result not compared with the position, unterminated = open comment read without "
    "error (see tests/data/ORACLE_DATA.md)",
]

logging.getLogger("chess.pgn").setLevel(logging.CRITICAL)


# ------------------------------------------------------------------ the oracle

def score_json(score):
    if score is None:
        return None
    w = score.white()
    if w.is_mate():
        return {"mate": w.mate()}
    return {"cp": w.score()}


def record_of(name, index, game):
    board = game.board()
    start_fen = board.fen()
    san, uci, fens, comments, nags, clocks, evals = [], [], [], [], [], [], []
    for node in game.mainline():
        fens.append(board.fen())
        san.append(board.san(node.move))
        uci.append(node.move.uci())
        comments.append(node.comment)
        nags.append(sorted(node.nags))
        clocks.append(node.clock())
        evals.append(score_json(node.eval()))
        board.push(node.move)
    rec = {
        "file": name,
        "game": index,
        "headers": dict(game.headers),
        "errors": [str(e) for e in game.errors],
        "plies": len(san),
        "start_fen": start_fen,
        "san": san,
        "uci": uci,
        "fens": fens,
        "final_fen": board.fen(),
        "comments": comments,
        "nags": nags,
        "clocks": clocks,
        "evals": evals,
        "chess960": bool(game.board().chess960),
        "result": game.headers.get("Result"),
    }
    # Cross-check: the SAN list replays from the start FEN through fens and uci to final_fen.
    replay = chess.Board(start_fen, chess960=rec["chess960"])
    for i, s in enumerate(san):
        assert replay.fen() == fens[i], (name, index, i)
        move = replay.parse_san(s)
        assert move.uci() == uci[i], (name, index, i, s, move.uci(), uci[i])
        replay.push(move)
    assert replay.fen() == rec["final_fen"], (name, index)
    return rec


def sha256(data):
    return hashlib.sha256(data).hexdigest()


def check_annotated(plans, text):
    """Re-read annotated.pgn and compare with what was written. Returns the illegal-move
    places."""
    reread = read_games(text)
    assert len(reread) == len(plans), (len(reread), len(plans))
    illegal = []
    for i, (p, g) in enumerate(zip(plans, reread)):
        main = list(g.mainline())
        if p.illegal is None:
            assert g.errors == [], (i, g.errors)
            assert str(g) == str(p.game), i
            assert [n.move for n in main] == p.moves, i
        else:
            k, tok = p.illegal
            assert len(g.errors) == 1 and isinstance(g.errors[0], chess.IllegalMoveError), \
                (i, g.errors)
            assert repr(tok) in str(g.errors[0]), (i, str(g.errors[0]))
            assert [n.move for n in main] == p.moves[:k], i
        orig_nodes = list(p.game.mainline())
        for j, n in enumerate(main):
            assert n.clock() == p.clocks[j], (i, j, n.clock(), p.clocks[j])
            want = p.evals[j]
            got = n.eval()
            if want is None:
                assert got is None, (i, j)
            else:
                assert score_json(got) == score_json(want), (i, j, got, want)
            orig = orig_nodes[j]
            assert n.comment == orig.comment and n.nags == orig.nags, (i, j)
        assert dict(g.headers) == dict(p.game.headers), i
        for side in (0, 1):
            cl = [c for c in p.clocks[side::2] if c is not None]
            assert all(a >= b for a, b in zip(cl, cl[1:])), (i, side, "clock went up")
            assert not cl or len(cl) == len(p.clocks[side::2]), (i, side)
        assert g.board().fen() == p.start.fen() and g.board().chess960 == p.start.chess960, i
    return reread


# ------------------------------------------------------------------ features of annotated.pgn

def move_features(add, g):
    """Count the evals, clocks, NAGs and comment texts of game `g`'s mainline."""
    for n in g.mainline():
        e = n.eval()
        if e is not None:
            add("mate_evals" if e.white().is_mate() else "cp_evals")
        else:
            add("moves_without_eval")
        c = n.clock()
        if c is not None:
            add("clocks")
            if c != int(c):
                add("fractional_clocks")
            if c >= 3600:
                add("clocks_with_hours")
        if n.nags:
            add("moves_with_nags")
        txt = chess.pgn.EVAL_REGEX.sub("", chess.pgn.CLOCK_REGEX.sub("", n.comment)).strip()
        if txt:
            add("comments_with_text")
    if all(n.clock() is None for n in g.mainline()):
        add("games_without_clocks")
    if all(n.eval() is None for n in g.mainline()):
        add("games_without_evals")


def game_features(add, p, g):
    """Count the features of planned game `p` as re-read (`g`)."""
    b = g.board()
    if b.chess960:
        add("chess960_games")
        if castles(p.start, p.moves):
            add("chess960_games_castling")
    if "FEN" in g.headers:
        add("fen_starts")
        if not b.chess960:
            add("fen_starts_standard")
        if b.turn == chess.BLACK:
            add("fen_starts_black_to_move")
    if p.illegal:
        add("illegal_move_games")
    end = chess.Board(p.start.fen(), chess960=p.start.chess960)
    for m in p.moves:
        end.push(m)
    if end.is_checkmate() and not p.illegal:
        add("checkmates")
    if end.is_stalemate():
        add("stalemates")
    if castles(p.start, p.moves) and not b.chess960:
        add("standard_games_castling")
    move_features(add, g)
    add("termination_" + g.headers["Termination"].replace(" ", "_").lower())


def features(plans, reread, illegal_places):
    """Feature counts of annotated.pgn, minimums asserted."""
    feat = {}

    def add(key, n=1):
        feat[key] = feat.get(key, 0) + n

    for p, g in zip(plans, reread):
        game_features(add, p, g)
    for key, least in FEATURE_MINIMUMS:
        assert feat.get(key, 0) >= least, (key, feat.get(key, 0))
    assert feat.get("illegal_move_games", 0) == 3, feat
    assert len(illegal_places) == 3
    return feat


# ------------------------------------------------------------------ oracle.jsonl

def read_inputs(args, pgn_text):
    """The header entry and the records of every file: the inputs, then annotated.pgn."""
    files = [(n, os.path.join(args.pgn, n)) for n in INPUTS]
    header_files = {}
    records = []
    for name, path in files + [(ANNOTATED, None)]:
        if path is None:
            raw = pgn_text.encode("utf-8")
            rel = os.path.relpath(os.path.join(args.out, ANNOTATED), ROOT)
        else:
            with open(path, "rb") as f:
                raw = f.read()
            rel = os.path.relpath(path, ROOT)
        games = read_games(raw.decode("utf-8"))
        recs = [record_of(name, i, g) for i, g in enumerate(games)]
        entry = {"path": rel.replace(os.sep, "/"), "sha256": sha256(raw), "games": len(games),
                 "with_errors": [r["game"] for r in recs if r["errors"]]}
        header_files[name] = entry
        records.extend(recs)
    return header_files, records


def describe_annotated(ann, records, plans, illegal_places, feat):
    """annotated.pgn's header entry: its errors are the illegal games, stopped before the
    token; add kinds, illegal_moves and features."""
    assert ann["with_errors"] == [p["game"] for p in illegal_places], ann["with_errors"]
    for place in illegal_places:
        rec = [r for r in records if r["file"] == ANNOTATED and r["game"] == place["game"]][0]
        assert rec["plies"] == place["ply"] - 1
    kinds = {}
    for i, p in enumerate(plans):
        kinds.setdefault(p.kind, []).append(i)
    ann["kinds"] = dict(sorted(kinds.items()))
    ann["illegal_moves"] = illegal_places
    ann["features"] = dict(sorted(feat.items()))


def add_deviations(pgn_dir, entry):
    """Games of generated.pgn that python-chess 1.11.2 reads differently from the standard."""
    with open(os.path.join(pgn_dir, "generated.expect.jsonl"), encoding="utf-8") as f:
        expect = [json.loads(l) for l in f.read().splitlines()[1:]]
    dev = {}
    for e in expect:
        cat = e["category"].split(":")[0]
        if cat in ("syntax", "variation_illegal", "check_annotation", "result_mismatch",
                   "unterminated"):
            dev.setdefault(cat, []).append(e["game"])
    assert len(expect) == entry["games"]
    entry["python_chess_deviations"] = dict(sorted(dev.items()))


def encode(recs):
    return [json.dumps(r, ensure_ascii=False, separators=(",", ":")) for r in recs]


def fit_size(records):
    """The record lines, dropping "fens" (FENS_KEPT) while above MAX_BYTES; and what was
    dropped."""
    fens_omitted = {}
    lines_out = encode(records)
    for name, kept in FENS_KEPT:
        if sum(len(l.encode("utf-8")) + 1 for l in lines_out) <= MAX_BYTES:
            break
        for r in records:
            if r["file"] == name and r["game"] >= kept:
                del r["fens"]
        fens_omitted[name] = f"games {kept} and later (file size)"
        lines_out = encode(records)
    return lines_out, fens_omitted


def oracle_text(header_files, records):
    """oracle.jsonl's text (asserted to fit MAX_BYTES) and its fens_omitted."""
    lines_out, fens_omitted = fit_size(records)
    header = {
        "oracle": ORACLE,
        "generator": GENERATOR,
        "seed": SEED,
        "files": header_files,
        "fens_omitted": fens_omitted,
        "notes": NOTES,
    }
    out_text = json.dumps(header, ensure_ascii=False) + "\n" + "".join(l + "\n" for l in lines_out)
    assert len(out_text.encode("utf-8")) <= MAX_BYTES, len(out_text.encode("utf-8"))
    return out_text, fens_omitted


# ------------------------------------------------------------------ main

def write_text(path, text):
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        f.write(text)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=DEFAULT_OUT)
    ap.add_argument("--pgn", default=DEFAULT_PGN)
    args = ap.parse_args()

    plans = plan_games()
    pgn_text, wheres, offsets = render_pgn(plans)
    reread = check_annotated(plans, pgn_text)
    illegal_places = locate_illegal(plans, pgn_text, wheres, offsets)
    feat = features(plans, reread, illegal_places)

    header_files, records = read_inputs(args, pgn_text)
    describe_annotated(header_files[ANNOTATED], records, plans, illegal_places, feat)
    add_deviations(args.pgn, header_files["generated.pgn"])
    out_text, fens_omitted = oracle_text(header_files, records)

    pgn_bytes, oracle_bytes = len(pgn_text.encode("utf-8")), len(out_text.encode("utf-8"))
    os.makedirs(args.out, exist_ok=True)
    write_text(os.path.join(args.out, ANNOTATED), pgn_text)
    write_text(os.path.join(args.out, "oracle.jsonl"), out_text)
    write_text(os.path.join(args.out, "README.md"),
               readme(header_files, feat, illegal_places, fens_omitted, pgn_bytes, oracle_bytes))
    for name, entry in header_files.items():
        print(name, entry["games"], "games, with errors:", entry["with_errors"])
    print("annotated.pgn bytes", pgn_bytes, "oracle.jsonl bytes", oracle_bytes)
    print(dict(sorted(feat.items())))
    for p in illegal_places:
        print("illegal:", p)


# ------------------------------------------------------------------ README.md

README_TEMPLATE = """# Oracle data for the Python package's tests

Generated by `{SCRIPT}` (seed {SEED}, `random.Random({SEED})`) with
**{ORACLE}** (`pip install chess==1.11.2`). A rerun with the same python-chess
writes byte-identical files. Regenerate from the repository root:

```sh
pip install chess==1.11.2
python3 tools/gen/gen_python_oracle.py   # --out python/tests/data --pgn tests/data/pgn
```

Licence: CC0 1.0. Everything here is self-made by the jaque project (random
playouts with python-chess); nothing third-party is copied. Player names, game
ids in `Site`, dates and ratings in `annotated.pgn` are made up.

## `annotated.pgn` ({pgn_bytes:,} bytes)

{GAMES} games written the way lichess exports them: the lichess tag set
(Event, Site, Date, Round, White, Black, Result, UTCDate, UTCTime, WhiteElo,
BlackElo, WhiteRatingDiff/BlackRatingDiff for rated games, Variant for Chess960
and three of the four standard FEN games (`"From Position"`), TimeControl, ECO, Opening, Termination,
FEN + SetUp `"1"`), the whole movetext on one line (python-chess's exporter,
`columns=None`), games separated by two blank lines, and after every move
(but a few in correspondence games) a comment written by python-chess's `node.set_eval` / `node.set_clock`, e.g.
`{{ [%eval 0.17] [%clk 0:02:59] }}`: evals in pawns with two decimals from
White's point of view, mate scores (`[%eval #-3]`) before mates and some
resignations, some moves and unanalysed games without eval; clocks per side
never increase, tenths below 10 s in fast games (`[%clk 0:00:09.4]`), hours in
classical games, none in correspondence games (`TimeControl "-"`). Some moves
have NAGs `$1`..`$6` and text before the commands (`(0.21 → -0.55)
Inaccuracy. Bd3 was best.`, UTF-8) or after them. Kinds: standard games ended
by resignation, time forfeit, agreement or abandonment; checkmates;
stalemates; `[FEN]` starts; Chess960 with castling played; and three games
with one deliberately illegal SAN in the mainline (the original moves and
comments follow it). Games by kind (`kinds` in the oracle header; `standard`
games may end in checkmate too):

| kind | games (0-based index) |
| --- | --- |
{kinds}

Feature counts (python-chess on the written file; `features` in the oracle
header):

{feats}

Illegal moves (python-chess reports one `IllegalMoveError` and stops the
mainline before the token; line and column are 1-based, column in characters,
byte offset 0-based in the file):

| game | kind | ply | SAN | line | column | byte offset |
| ---: | --- | ---: | --- | ---: | ---: | ---: |
{ill}

## `oracle.jsonl` ({oracle_bytes:,} bytes)

What python-chess reads (`chess.pgn.read_game` in a loop) from these files:

| name | path | games | games with python-chess errors |
| --- | --- | ---: | ---: |
{rows}

The three files under `tests/data/pgn` are read in place (not copied); each
header entry holds the input's SHA-256, so a test can notice a changed input.

Line 1 is a header: `oracle`, `generator`, `seed`, `files` (per file: `path`,
`sha256`, `games`, `with_errors` = indices of games with `game.errors`;
`annotated.pgn` also `kinds`, `illegal_moves` (the table below) and `features`;
`generated.pgn` also `python_chess_deviations`: indices, by category of
`tests/data/pgn/generated.expect.jsonl`, of the games python-chess 1.11.2
reads differently from the PGN standard, see `tests/data/ORACLE_DATA.md`),
`fens_omitted` ({omitted}), `notes`. Then one object per game, files in the
order of the table, games in file order:

| field | meaning |
| --- | --- |
| `file`, `game` | the file's basename, the 0-based index of the game in it |
| `headers` | `dict(game.headers)` in python-chess's order: the seven-tag roster first (missing ones filled with `"?"`), then the other tags in file order. python-chess replaces a missing or `"*"` Result tag by the termination marker |
| `errors` | `[str(e) for e in game.errors]` |
| `plies` | mainline moves python-chess read; for a game with an illegal mainline move, the moves before it |
| `start_fen` | `game.board().fen()` |
| `san` | per mainline move, `board.san(move)` in the position before it |
| `uci` | `move.uci()`: castling is the king's two-square move (`e1g1`) on standard boards, the king's move onto its own rook (`b1a1`) on Chess960 boards |
| `fens` | `board.fen()` **before** each mainline move (so `fens[0] == start_fen`) |
| `final_fen` | `board.fen()` after the last mainline move |
| `comments` | `node.comment` per mainline move, raw: python-chess 1.11.2 keeps `[%eval ...]` / `[%clk ...]` inside the text (`"[%eval 0.17] [%clk 0:02:59]"`); several `{{}}` comments after one move are joined by one space; `""` if none |
| `nags` | `sorted(node.nags)` per mainline move |
| `clocks` | `node.clock()` per mainline move: seconds (float) or null |
| `evals` | `node.eval().white()` per mainline move: `{{"cp": int}}`, `{{"mate": int}}` (positive: White mates) or null |
| `chess960` | `game.board().chess960` (a `Variant "Chess960"` tag) |
| `result` | `game.headers.get("Result")` |

FENs are python-chess's: the en-passant square is written only when a legal
en-passant capture exists (after `1. e4` the field is `-`); Chess960 boards
use X-FEN castling rights (`KQkq` for the outermost rooks, file letters
otherwise).

Cross-checks asserted by the generator before it writes anything: every game's
SAN list replays from `start_fen` through `fens` and `uci` to `final_fen`;
`annotated.pgn` re-read gives the same tags, moves, comments, NAGs and export,
clocks and evals equal to the values written, exactly one `IllegalMoveError`
in each illegal game at the recorded place; minimum feature counts.
"""


def readme(files, feat, illegal, fens_omitted, pgn_bytes, oracle_bytes):
    """README.md's text (README_TEMPLATE filled in)."""
    kinds = "\n".join(f"| {k} | {', '.join(map(str, v))} |"
                      for k, v in files[ANNOTATED]["kinds"].items())
    rows = "\n".join(
        f"| `{name}` | `{e['path']}` | {e['games']} | "
        f"{len(e['with_errors'])} |" for name, e in files.items())
    ill = "\n".join(
        f"| {p['game']} | {p['kind']} | {p['ply']} | `{p['san']}` | {p['line']} | "
        f"{p['column']} | {p['byte_offset']} |" for p in illegal)
    feats = "\n".join(f"- {k}: {v}" for k, v in sorted(feat.items()))
    omitted = ("; ".join(f"`{k}`: {v}" for k, v in fens_omitted.items())
               if fens_omitted else "nothing")
    return README_TEMPLATE.format(
        SCRIPT=SCRIPT, SEED=SEED, ORACLE=ORACLE, GAMES=GAMES, kinds=kinds, rows=rows,
        ill=ill, feats=feats, omitted=omitted, pgn_bytes=pgn_bytes, oracle_bytes=oracle_bytes)


if __name__ == "__main__":
    main()
