#!/usr/bin/env python3
"""Generate tests/data/parquet/: Parquet files of games as jaque reads them (issue 56), and
python-chess's reading of the same games.

The games are the standard-start games of python/tests/data/annotated.pgn (self-made, CC0:
see python/tests/data/README.md), whose tags are the lichess export's. Written with pyarrow:

  lichess.parquet        the lichess database's layout: a column a tag (Event, Site, White,
                         Black, Result, WhiteTitle, BlackTitle, WhiteElo, BlackElo, UTCDate,
                         UTCTime, ECO, Opening, Termination, TimeControl; the Elos as int32,
                         UTCDate as date32, UTCTime as time32[s], a missing tag null), then
                         `movetext`, each game's movetext as the file has it; snappy (pyarrow's
                         default), row groups of 16 rows.
  lichess.zstd.parquet   the same table, zstd, one row group.
  games.parquet          one column `pgn` of whole games (tags and movetext as the file has
                         them).
  lichess.expect.jsonl   a header line {"oracle", "generator", "source", "sha256", "games"},
                         then a line a game, in the files' row order: "row", "tags" (the
                         lichess columns python-chess reads in the game, as text, in the
                         columns' order), "plies" (python-chess's mainline), "final_fen" (its
                         board after them), "errors" (whether python-chess met an error).

A rerun with the same pyarrow and python-chess writes the same data (Parquet files record the
writer's version). Run from the repository root:

    pip install chess==1.11.2 pyarrow
    python3 tools/gen/gen_lichess_parquet.py
"""

import datetime
import hashlib
import io
import json
import pathlib

import chess
import chess.pgn
import pyarrow as pa
import pyarrow.parquet as pq

SOURCE = pathlib.Path("python/tests/data/annotated.pgn")
OUT = pathlib.Path("tests/data/parquet")

TAGS = ["Event", "Site", "White", "Black", "Result", "WhiteTitle", "BlackTitle", "WhiteElo",
        "BlackElo", "UTCDate", "UTCTime", "ECO", "Opening", "Termination", "TimeControl"]
TYPES = {"WhiteElo": pa.int32(), "BlackElo": pa.int32(), "UTCDate": pa.date32(),
         "UTCTime": pa.time32("s")}


def blocks(text):
    """(tag section, movetext) of each game: the file writes a game as its tag lines, a blank
    line, its movetext on one line, and two blank lines."""
    parts = [b.strip("\n") for b in text.split("\n\n") if b.strip()]
    pairs = list(zip(parts[0::2], parts[1::2]))
    assert len(parts) % 2 == 0
    assert all(t.startswith("[") and not m.startswith("[") for t, m in pairs)
    return pairs


def value(name, text):
    """A tag's text as its column's type holds it."""
    if text is None:
        return None
    if name in ("WhiteElo", "BlackElo"):
        return int(text)
    if name == "UTCDate":
        return datetime.date(*map(int, text.split(".")))
    if name == "UTCTime":
        return datetime.time(*map(int, text.split(":")))
    return text


def main():
    text = SOURCE.read_text(encoding="utf-8")
    rows, oracle = [], []
    for tags, moves in blocks(text):
        game = chess.pgn.read_game(io.StringIO(tags + "\n\n" + moves + "\n"))
        if "FEN" in game.headers or "Variant" in game.headers:
            continue
        # Only the tags the file writes (python-chess fills in the roster's missing ones).
        written = {line[1:].split(" ", 1)[0] for line in tags.splitlines()}
        present = {n: game.headers[n] for n in TAGS if n in written}
        rows.append(({n: value(n, present.get(n)) for n in TAGS}, moves, tags + "\n\n" + moves))
        board = game.end().board()
        oracle.append({"row": len(oracle), "tags": present,
                       "plies": len(list(game.mainline_moves())), "final_fen": board.fen(),
                       "errors": bool(game.errors)})
    columns = {n: pa.array([r[0][n] for r in rows], type=TYPES.get(n, pa.string()))
               for n in TAGS}
    columns["movetext"] = pa.array([r[1] for r in rows], type=pa.string())
    table = pa.table(columns)
    OUT.mkdir(parents=True, exist_ok=True)
    pq.write_table(table, OUT / "lichess.parquet", row_group_size=16)
    pq.write_table(table, OUT / "lichess.zstd.parquet", compression="zstd")
    pq.write_table(pa.table({"pgn": pa.array([r[2] for r in rows])}), OUT / "games.parquet")
    header = {"oracle": f"python-chess {chess.__version__}", "generator":
              "tools/gen/gen_lichess_parquet.py", "source": str(SOURCE),
              "sha256": hashlib.sha256(SOURCE.read_bytes()).hexdigest(), "games": len(rows)}
    with open(OUT / "lichess.expect.jsonl", "w", encoding="utf-8") as out:
        for line in [header] + oracle:
            out.write(json.dumps(line, ensure_ascii=False) + "\n")
    print(f"{len(rows)} games, {sum(o['errors'] for o in oracle)} with errors")


if __name__ == "__main__":
    main()
