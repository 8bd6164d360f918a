"""Arrow strings as input (issue 56): a column of whole games, and a table in the lichess
layout (tag columns, then `movetext`), written to Parquet and read back with pyarrow.

The games are the vendored, self-made (CC0) tests/data/pgn/variations.pgn and
repetition.pgn, standard starts only (the lichess layout has no FEN column). The oracle
is python-chess's reading of those files (tests/data/oracle.jsonl: count, mainline SAN,
result), and jaque reading the same rows written as a PGN file.
"""

import datetime
import subprocess
import sys

import polars as pl
import pyarrow as pa
import pyarrow.parquet as pq
import pytest

import jaque
from conftest import ROOT, jaque_binary, oracle, source_path

FILES = ("variations.pgn", "repetition.pgn")

# The columns of the lichess database's Parquet files, in their order.
LICHESS = [
    "Event", "Site", "White", "Black", "Result", "WhiteTitle", "BlackTitle",
    "WhiteElo", "BlackElo", "UTCDate", "UTCTime", "ECO", "Opening", "Termination",
    "TimeControl", "movetext",
]


def split_games(text):
    """A python-chess export's games as (tags block, movetext) pairs: each game is its tag
    lines, a blank line, its movetext, a blank line."""
    blocks = [b for b in text.split("\n\n") if b.strip()]
    assert len(blocks) % 2 == 0
    pairs = list(zip(blocks[0::2], blocks[1::2]))
    assert all(tags.startswith("[") and not moves.startswith("[") for tags, moves in pairs)
    return pairs


def games():
    """The standard-start games of FILES: (whole text, movetext, oracle record)."""
    header, records = oracle()
    chosen = []
    for name in FILES:
        want = [r for r in records if r["file"] == name]
        text = source_path(header, name).read_text(encoding="utf-8")
        pairs = split_games(text)
        assert len(pairs) == len(want) == header["files"][name]["games"]
        for (tags, moves), record in zip(pairs, want):
            if "FEN" not in record["headers"] and "Variant" not in record["headers"]:
                chosen.append((tags + "\n\n" + moves, moves, record))
    assert len(chosen) > 200
    return chosen


GAMES = games()


def lichess_rows():
    """A dict of columns in the lichess layout, one row a game of GAMES: the tags of the
    game where it has them, made-up but known values (integers, dates, times, nulls) for the
    others."""
    columns = {name: [] for name in LICHESS}
    for i, (_, moves, record) in enumerate(GAMES):
        tags = record["headers"]
        for name in ("Event", "Site", "White", "Black", "Result"):
            columns[name].append(tags.get(name))
        columns["WhiteTitle"].append("GM" if i % 7 == 0 else None)
        columns["BlackTitle"].append(None)
        columns["WhiteElo"].append(1500 + i)
        columns["BlackElo"].append(None if i % 5 == 0 else 2900 - i)
        columns["UTCDate"].append(datetime.date(2013, 1, 1) + datetime.timedelta(days=i * 13))
        columns["UTCTime"].append(datetime.time(i % 24, i % 60, (i * 7) % 60))
        columns["ECO"].append("B%02d" % (i % 100))
        columns["Opening"].append('Sicilian "Defense", \\ line %d' % i)
        columns["Termination"].append("Normal")
        columns["TimeControl"].append("180+0")
        columns["movetext"].append(moves)
    return columns


LICHESS_TYPES = {
    "WhiteElo": pa.int64(), "BlackElo": pa.int64(), "UTCDate": pa.date32(),
    "UTCTime": pa.time64("us"),
}


def lichess_table(string_type=pa.string()):
    columns = lichess_rows()
    fields = [pa.field(n, LICHESS_TYPES.get(n, string_type)) for n in LICHESS]
    return pa.table(columns, schema=pa.schema(fields))


def pgn_of(columns):
    """The PGN file of the lichess rows, written here as the docs say: a tag pair per
    column that is not null, in order (`\\` and `"` escaped), a blank line, the movetext."""
    out = []
    for row in range(len(columns["movetext"])):
        for name in LICHESS[:-1]:
            value = columns[name][row]
            if value is None:
                continue
            if isinstance(value, datetime.date):
                value = value.strftime("%Y.%m.%d")
            elif isinstance(value, datetime.time):
                value = value.strftime("%H:%M:%S")
            value = str(value).replace("\\", "\\\\").replace('"', '\\"')
            out.append(f'[{name} "{value}"]\n')
        out.append("\n" + columns["movetext"][row] + "\n\n")
    return "".join(out).encode()


def assert_oracle(found, records=None):
    """The games found are GAMES in order: python-chess's SAN and result for each."""
    records = records or [record for _, _, record in GAMES]
    assert len(found) == len(records)
    for game, want in zip(found, records):
        where = (want["file"], want["game"])
        assert game.san == want["san"], where
        assert game.result == want["result"], where
        assert game.errors == 0, where


@pytest.fixture(scope="module")
def parquet_table(tmp_path_factory):
    path = tmp_path_factory.mktemp("arrow") / "lichess.parquet"
    pq.write_table(lichess_table(), path, row_group_size=50)
    table = pq.read_table(path)
    assert table.num_rows == len(GAMES) and table.column("movetext").num_chunks > 1
    return table


def test_lichess_table_from_parquet_reads_as_python_chess_does(parquet_table):
    found = list(jaque.read_games(parquet_table, jobs=2))
    assert_oracle(found)
    columns = lichess_rows()
    for i, game in enumerate(found):
        assert game.tags["White"] == columns["White"][i]
        assert game.tags["WhiteElo"] == str(1500 + i)
        assert game.tags["UTCDate"] == columns["UTCDate"][i].strftime("%Y.%m.%d")
        assert game.tags["UTCTime"] == columns["UTCTime"][i].strftime("%H:%M:%S")
        assert game.tags["Opening"] == columns["Opening"][i]
        assert ("WhiteTitle" in game.tags) == (i % 7 == 0)
        assert ("BlackElo" in game.tags) == (i % 5 != 0)
        assert "BlackTitle" not in game.tags
        assert game.file == "<arrow>"


def without_source(table):
    return table.drop_columns([c for c in ("file",) if c in table.column_names])


@pytest.mark.parametrize("kind", ["games", "moves"])
def test_lichess_table_reads_as_its_pgn_file(parquet_table, kind):
    from_arrow = pa.table(jaque.read_arrow(parquet_table, table=kind, batch_size=100))
    from_text = pa.table(jaque.read_arrow(pgn_of(lichess_rows()), table=kind))
    assert from_arrow.num_rows == from_text.num_rows > 0
    assert without_source(from_arrow).equals(without_source(from_text))


@pytest.mark.parametrize("kind", ["games", "moves"])
def test_jaque_export_reads_a_lichess_parquet_file_as_read_arrow_reads_its_table(
        parquet_table, kind, tmp_path):
    """The command line's Parquet input: the same tables as the Python package's Arrow input,
    which the tests above hold to python-chess."""
    pq.write_table(parquet_table, tmp_path / "in.parquet", row_group_size=64)
    out = tmp_path / "out.parquet"
    run = subprocess.run([str(jaque_binary()), "export", str(tmp_path / "in.parquet"), "-o",
                          str(out), "--table", kind], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    exported = pq.read_table(out)
    from_arrow = pa.table(jaque.read_arrow(parquet_table, table=kind))
    assert exported.num_rows == from_arrow.num_rows > 0
    if "file" in exported.column_names:
        assert exported.column("file")[0].as_py() == str(tmp_path / "in.parquet")
    assert without_source(exported).equals(without_source(from_arrow))


def test_record_batch_and_string_types(parquet_table):
    batch = parquet_table.combine_chunks().to_batches()[0]
    assert batch.num_rows == len(GAMES)
    assert_oracle(list(jaque.read_games(batch)))
    for string_type in (pa.large_string(), pa.string_view()):
        assert_oracle(list(jaque.read_games(lichess_table(string_type))))
    # Dictionary-encoded strings (pandas' categoricals, `read_dictionary`), sliced.
    encoded = pa.table([
        c.dictionary_encode() if pa.types.is_string(c.type) else c for c in parquet_table.columns
    ], names=parquet_table.column_names)
    assert pa.types.is_dictionary(encoded.schema.field("White").type)
    found = list(jaque.read_games(encoded.slice(20)))
    assert_oracle(found, [r for _, _, r in GAMES[20:]])
    assert [g.tags["White"] for g in found] == lichess_rows()["White"][20:]
    column = pa.array([t for t, _, _ in GAMES[:9]] + [None]).dictionary_encode()
    assert_oracle(list(jaque.read_games(column)), [r for _, _, r in GAMES[:9]])


def test_slices_start_at_their_offset(parquet_table):
    records = [r for _, _, r in GAMES]
    found = list(jaque.read_games(parquet_table.slice(45, 70)))
    assert_oracle(found, records[45:115])
    assert [g.tags["WhiteElo"] for g in found] == [str(1500 + i) for i in range(45, 115)]
    batch = parquet_table.combine_chunks().to_batches()[0].slice(7, 9)
    assert_oracle(list(jaque.read_games(batch)), records[7:16])
    texts = pa.array([text for text, _, _ in GAMES], type=pa.string_view())
    assert_oracle(list(jaque.read_games(texts.slice(3, 11))), records[3:14])


def test_polars_frame_and_series(parquet_table):
    """polars exports its strings as string_view, through `__arrow_c_stream__`."""
    frame = pl.from_arrow(parquet_table)
    found = list(jaque.read_games(frame))
    assert_oracle(found)
    assert [g.tags["WhiteElo"] for g in found] == [str(1500 + i) for i in range(len(GAMES))]
    assert_oracle(list(jaque.read_games(frame["movetext"])))


def test_movetext_column_alone(parquet_table):
    column = parquet_table.column("movetext")
    assert isinstance(column, pa.ChunkedArray)
    found = list(jaque.read_games(column))
    assert_oracle(found)
    assert all(game.tags.get("White") in (None, "?") for game in found)


def whole_games(string_type=pa.string()):
    """GAMES' whole texts as a chunked array of three chunks, with a null and an empty
    string among them (no game each)."""
    texts = [text for text, _, _ in GAMES]
    third = len(texts) // 3
    chunks = [texts[:third] + [None], [""] + texts[third:2 * third], [], texts[2 * third:]]
    return pa.chunked_array([pa.array(c, type=string_type) for c in chunks], type=string_type)


@pytest.mark.parametrize("string_type", [pa.string(), pa.large_string(), pa.string_view()])
def test_chunked_array_of_whole_games(string_type):
    found = list(jaque.read_games(whole_games(string_type), jobs=2))
    assert_oracle(found)
    for game, (_, _, want) in zip(found, GAMES):
        assert game.tags == want["headers"]


def test_plain_array_and_arrow_stream_of_games():
    texts = [text for text, _, _ in GAMES[:20]]
    assert_oracle(list(jaque.read_games(pa.array(texts))), [r for _, _, r in GAMES[:20]])
    assert_oracle(list(jaque.read_games(batches_of_python_objects())))


def test_whole_games_read_as_their_text():
    column = whole_games()
    text = "".join(t + "\n\n" for t in column.to_pylist() if t).encode()
    from_arrow = pa.table(jaque.read_arrow(column))
    from_text = pa.table(jaque.read_arrow(text))
    assert without_source(from_arrow).equals(without_source(from_text))


def test_select_and_query_take_arrow(parquet_table):
    found = list(jaque.select(parquet_table, tag="WhiteElo >= 1600"))
    want = [r for i, (_, _, r) in enumerate(GAMES) if 1500 + i >= 1600]
    assert_oracle(found, want)
    ply_one = list(jaque.query(parquet_table.column("movetext"), "ply == 1 and move to e4"))
    want = [r for _, _, r in GAMES if r["san"][:1] == ["e4"]]
    assert_oracle(ply_one, want)


def test_empty_and_null_inputs_give_no_games():
    assert list(jaque.read_games(pa.array([], type=pa.string()))) == []
    assert list(jaque.read_games(pa.chunked_array([], type=pa.large_string()))) == []
    assert list(jaque.read_games(pa.array([None, None, ""], type=pa.string()))) == []
    empty = lichess_table().slice(0, 0)
    assert pa.table(jaque.read_arrow(empty)).num_rows == 0
    nulls = pa.table({"White": [None], "movetext": pa.array([None], type=pa.string())})
    assert list(jaque.read_games(nulls)) == []


@pytest.mark.parametrize(
    "source, error, words",
    [
        (pa.array([1, 2]), TypeError, "must hold strings"),
        (pa.array([b"1. e4 *"]), TypeError, "must hold strings"),
        (pa.table({"White": ["Tal"], "moves": ["1. e4 *"]}), ValueError, "movetext"),
        (pa.table({"movetext": [1]}), TypeError, "`movetext` column must hold strings"),
        (pa.table({"Elo": [[1]], "movetext": ["1. e4 *"]}), TypeError, '"Elo"'),
        (pa.table({"game id": ["x"], "movetext": ["1. e4 *"]}), ValueError, '"game id"'),
    ],
)
def test_columns_that_cannot_be_games_raise(source, error, words):
    for read in (jaque.read_games, jaque.read_arrow, jaque.select):
        with pytest.raises(error, match=words):
            read(source)


def batches_of_python_objects():
    """A stream whose batches a Python generator makes: its producer takes the GIL from
    jaque's reading thread."""
    schema = pa.schema([("movetext", pa.string())])
    made = (pa.record_batch([pa.array([m for _, m, _ in GAMES[i:i + 7]])], schema=schema)
            for i in range(0, len(GAMES), 7))
    return pa.RecordBatchReader.from_batches(schema, made)


def test_a_python_stream_read_into_a_table_and_then_empty():
    reader = batches_of_python_objects()
    table = pa.table(jaque.read_arrow(reader, jobs=2))
    assert table.column("san").to_pylist() == [r["san"] for _, _, r in GAMES]
    # Read once, as pyarrow's own reader: then it has no more rows.
    assert list(jaque.read_games(reader)) == [] and reader.read_all().num_rows == 0


def test_a_producer_error_is_a_read_error_after_the_games_before_it():
    schema = pa.schema([("movetext", pa.string())])

    def made():
        yield pa.record_batch([pa.array([m for _, m, _ in GAMES[:3]])], schema=schema)
        raise RuntimeError("the producer broke")

    found = []
    with pytest.raises(jaque.ReadError, match="the producer broke"):
        for game in jaque.read_games(pa.RecordBatchReader.from_batches(schema, made())):
            found.append(game)
    # The last game before the error is not known to be whole (the reader sees no end of
    # input, as with a file whose read fails): the ones before it come out.
    assert len(found) >= 2
    assert_oracle(found, [r for _, _, r in GAMES[: len(found)]])


SHARED_LICHESS = ROOT.parent / "shared/data/pgn/real/shakmaty__lichess_db_1000k.pgn"


def lichess_file_rows(text):
    """The games of a lichess export as lichess's Parquet has them: the LICHESS columns,
    Elo as integers, UTCDate and UTCTime as a date and a time; the file's other tags left
    out. A game cut at the end of the file is left out."""
    columns = {name: [] for name in LICHESS}
    blocks = text.split("\n\n")
    for head, moves in zip(blocks[0::2], blocks[1::2]):
        if not moves.rstrip().endswith(("1-0", "0-1", "1/2-1/2", "*")):
            continue
        tags = dict(line[1:-1].split(" ", 1) for line in head.splitlines())
        tags = {name: value[1:-1] for name, value in tags.items()}
        for name in LICHESS[:-1]:
            value = tags.get(name)
            if value is not None and name.endswith("Elo"):
                value = int(value) if value.isdigit() else None
            elif value is not None and name == "UTCDate":
                value = datetime.datetime.strptime(value, "%Y.%m.%d").date()
            elif value is not None and name == "UTCTime":
                value = datetime.datetime.strptime(value, "%H:%M:%S").time()
            columns[name].append(value)
        columns["movetext"].append(moves.strip())
    return columns


def test_shared_lichess_games_as_parquet_read_as_their_pgn(tmp_path):
    """Real lichess games (clocks in comments) in the lichess Parquet layout: read as the
    PGN file of the same rows, and with the moves, clocks and results of the original file."""
    if not SHARED_LICHESS.exists():
        pytest.skip(f"SKIPPED: {SHARED_LICHESS} (the project's shared data) is absent")
    text = SHARED_LICHESS.read_text(encoding="utf-8")
    columns = lichess_file_rows(text)
    fields = [pa.field(n, LICHESS_TYPES.get(n, pa.string())) for n in LICHESS]
    pq.write_table(pa.table(columns, schema=pa.schema(fields)), tmp_path / "month.parquet")
    month = pq.read_table(tmp_path / "month.parquet")
    assert month.num_rows == len(columns["movetext"]) == text.count("\n[Event ") + 1
    from_arrow = pa.table(jaque.read_arrow(month, jobs=2))
    from_text = pa.table(jaque.read_arrow(pgn_of(columns)))
    assert without_source(from_arrow).equals(without_source(from_text))
    original = {g.tags["Site"]: g for g in jaque.read_games(text.encode())}
    found = list(jaque.read_games(month))
    assert len(found) == month.num_rows
    for game in found:
        want = original[game.tags["Site"]]
        assert (game.san, game.clocks, game.result) == (want.san, want.clocks, want.result)
        assert game.tags["WhiteElo"] == want.tags["WhiteElo"]
        assert game.tags["UTCDate"] == want.tags["UTCDate"]
        assert game.tags["UTCTime"] == want.tags["UTCTime"]


def test_the_interpreter_ends_while_a_python_stream_is_read():
    """The reading thread is inside a Python producer when the interpreter ends: it exits,
    neither hanging nor crashing."""
    program = """if True:
        import pyarrow as pa, jaque
        schema = pa.schema([("movetext", pa.string())])
        made = (pa.record_batch([pa.array(["1. e4 e5 *"] * 50)], schema=schema)
                for _ in range(200_000))
        games = jaque.read_games(pa.RecordBatchReader.from_batches(schema, made))
        print(next(games).san)
    """
    run = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True,
                         timeout=60)
    assert (run.returncode, run.stdout) == (0, "['e4', 'e5']\n"), run.stderr
