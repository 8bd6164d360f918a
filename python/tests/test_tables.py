"""The Arrow tables: read by pyarrow, polars, pandas and duckdb through the PyCapsule interface, they
agree with `read_games` and with python-chess's FENs; `jaque export` writes the same table
as Parquet."""

import _thread
import io
import os
import shutil
import signal
import subprocess
from collections import Counter

import duckdb
import polars as pl
import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq
import pytest

import jaque
from conftest import PGN, ROOT, jaque_binary, oracle, source_path

INPUT = PGN / "generated.pgn"
HEADER, GAMES = oracle()

PIECES = "PNBRQKpnbrqk"
BOARDS = [
    f"{color}_{name}"
    for color in ("white", "black")
    for name in ("pawns", "knights", "bishops", "rooks", "queens", "king")
]


def test_the_games_table_agrees_with_read_games():
    games = list(jaque.read_games(INPUT))
    table = pa.table(jaque.read_arrow(INPUT, table="games", batch_size=100))
    assert table.num_rows == len(games) == 300
    rows = table.to_pylist()
    for game, row in zip(games, rows):
        assert row["index"] == game.index
        assert row["file"] == game.file == str(INPUT)
        assert (row["line"], row["plies"], row["san"], row["uci"]) == (
            game.line,
            game.plies,
            game.san,
            game.uci,
        )
        assert (row["final_fen"], row["status"], row["result"]) == (
            game.final_fen,
            game.status,
            game.result,
        )
        assert (row["errors"], row["warnings"]) == (game.errors, game.warnings)
        assert row["white"] == game.tags.get("White")
        assert row["event"] == game.tags.get("Event")
        roster = {"Event", "Site", "Date", "Round", "White", "Black", "Result"}
        others = {k: v for k, v in game.tags.items() if k not in roster}
        assert dict(row["tags"]) == others
        assert [(d["code"], d["line"], d["column"], d["ply"]) for d in row["diagnostics"]] == [
            (d.code, d.line, d.column, d.ply) for d in game.diagnostics
        ]


def test_batches_hold_at_most_batch_size_rows():
    reader = pa.RecordBatchReader.from_stream(jaque.read_arrow(INPUT, table="moves", batch_size=333))
    sizes = [batch.num_rows for batch in reader]
    assert max(sizes) <= 333 and sum(sizes) == sum(g.plies for g in jaque.read_games(INPUT))


def test_polars_and_duckdb_read_the_same_tables():
    for name in ("games", "moves", "positions"):
        expected = pa.table(jaque.read_arrow(INPUT, table=name))
        frame = pl.DataFrame(jaque.read_arrow(INPUT, table=name))
        assert frame.height == expected.num_rows
        assert frame.columns == expected.column_names
        assert frame["game" if name != "games" else "index"].to_list() == expected.column(
            "game" if name != "games" else "index"
        ).to_pylist()
        stream = jaque.read_arrow(INPUT, table=name)
        counted = duckdb.sql("select count(*) from stream").fetchall()
        assert counted == [(expected.num_rows,)]
    moves = jaque.read_arrow(INPUT, table="moves")
    openings = duckdb.sql("select san, count(*) from moves where ply = 1 group by san").fetchall()
    first = Counter(g.san[0] for g in jaque.read_games(INPUT) if g.plies)
    assert dict(openings) == first


def test_pandas_reads_the_tables():
    # The README names pandas among the readers, and its install line installs it.
    import pandas as pd

    games = list(jaque.read_games(INPUT))
    frame = pa.table(jaque.read_arrow(INPUT, table="moves")).to_pandas()
    assert isinstance(frame, pd.DataFrame)
    assert len(frame) == sum(game.plies for game in games)
    assert frame[frame.ply == 1].san.tolist() == [game.san[0] for game in games if game.plies]
    frame = pa.table(jaque.read_arrow(INPUT, table="games")).to_pandas()
    assert frame.final_fen.tolist() == [game.final_fen for game in games]


def fen_boards(fen):
    """The twelve bitboards, side to move and en-passant square of a FEN (python-chess's)."""
    placement, turn, _, ep = fen.split()[:4]
    boards = dict.fromkeys(BOARDS, 0)
    for rank, row in enumerate(reversed(placement.split("/"))):
        file = 0
        for char in row:
            if char.isdigit():
                file += int(char)
                continue
            boards[BOARDS[PIECES.index(char)]] |= 1 << (rank * 8 + file)
            file += 1
    square = None if ep == "-" else (ord(ep[0]) - 97) + 8 * (int(ep[1]) - 1)
    return boards, turn == "w", square


def test_the_positions_table_is_python_chess_s_positions():
    path = source_path(HEADER, "variations.pgn")
    rows = pa.table(jaque.read_arrow(path, table="positions")).to_pylist()
    by_key = {(r["game"], r["ply"]): r for r in rows}
    compared = 0
    for want in GAMES:
        if want["file"] != "variations.pgn":
            continue
        for ply, fen in enumerate(want["fens"], start=1):
            row = by_key[(want["game"], ply)]
            boards, white, ep = fen_boards(fen)
            assert {name: row[name] for name in BOARDS} == boards
            assert row["white_to_move"] == white
            assert row["en_passant"] == ep
            halfmove, fullmove = map(int, fen.split()[4:6])
            assert (row["halfmove_clock"], row["fullmove_number"]) == (halfmove, fullmove)
            assert row["uci"] == want["uci"][ply - 1]
            compared += 1
    assert compared == len(rows) > 1000


@pytest.mark.parametrize("name", ["games", "moves", "positions"])
def test_jaque_export_writes_the_arrow_table_as_parquet(tmp_path, name):
    # Eight copies: many batches of games, and with small row groups, many of those (for
    # the tables of a row a ply; the games table's batches are larger).
    source = tmp_path / "games.pgn"
    source.write_bytes(b"\n\n".join([INPUT.read_bytes()] * 8))
    out = tmp_path / f"{name}.parquet"
    done = subprocess.run(
        [jaque_binary(), "export", str(source), "-o", str(out), "--table", name,
         "--row-group-size", "1000"],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    assert pq.ParquetFile(out).metadata.num_row_groups > (name != "games")
    written = pq.read_table(out)
    expected = pa.table(jaque.read_arrow(source, table=name))
    assert written.schema.equals(expected.schema)
    assert written.equals(expected)
    # jaque writes Parquet itself: two more readers, written apart from pyarrow's, agree.
    assert duckdb.sql(f"select * from read_parquet('{out}')").fetchall() == (
        duckdb.sql("select * from expected").fetchall()
    )
    read_by_polars = pl.read_parquet(out)
    assert read_by_polars.schema == pl.from_arrow(expected).schema
    assert read_by_polars.equals(pl.from_arrow(expected))
    # Each row group's statistics are its columns' least and greatest values and missing
    # ones, as pyarrow computes them from the values it read.
    file = pq.ParquetFile(out)
    checked = 0
    for group in range(file.metadata.num_row_groups):
        rows = file.read_row_group(group)
        for index in range(file.metadata.num_columns):
            chunk = file.metadata.row_group(group).column(index)
            name = chunk.path_in_schema
            if "." in name or rows.schema.field(name).type == pa.bool_():
                continue
            values = rows.column(name)
            stats = chunk.statistics
            assert stats.null_count == values.null_count, name
            if values.null_count == len(values):
                assert not stats.has_min_max, name
            elif not stats.has_min_max:
                # Left out for text whose least or greatest value passes 64 bytes.
                lengths = pc.binary_length(values)
                assert pc.max(lengths).as_py() > 64, name
            else:
                assert (stats.min, stats.max) == (
                    pc.min(values).as_py(),
                    pc.max(values).as_py(),
                ), name
                checked += 1
    assert checked > 10


class Interrupting:
    """A file object of `games` copies of a short game that presses Ctrl-C (as
    `_thread.interrupt_main` does) once it has given `after` bytes."""

    GAME = b"1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n\n"

    def __init__(self, games, after):
        self.file, self.total = io.BytesIO(self.GAME * games), len(self.GAME) * games
        self.given, self.after, self.pressed = 0, after, False

    def read(self, size=-1):
        chunk = self.file.read(min(size, 1 << 16) if size >= 0 else 1 << 16)
        self.given += len(chunk)
        if self.given >= self.after and not self.pressed:
            self.pressed = True
            _thread.interrupt_main()
        return chunk


@pytest.fixture
def ctrl_c_raises():
    """Ctrl-C raising KeyboardInterrupt, as Python sets it up at start unless SIGINT came
    ignored (a command started with `&` by a shell without job control): then
    `interrupt_main` would do nothing."""
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, previous)


def test_ctrl_c_ends_a_stream_that_pyarrow_reads_with_the_gil_released(ctrl_c_raises):
    # pa.table reads the whole stream in C++ without the GIL: unless the stream looks for
    # signals between batches, Ctrl-C waits for the end of the input.
    # The Arrow interface carries a message, not an exception: pyarrow raises its own.
    source = Interrupting(games=1_000_000, after=1 << 20)
    with pytest.raises(pa.ArrowException, match="interrupted: KeyboardInterrupt"):
        pa.table(jaque.read_arrow(source, table="moves", batch_size=1000))
    assert source.pressed
    assert source.given < source.total // 4, (source.given, source.total)
