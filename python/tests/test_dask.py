"""The Dask examples: several `.pgn.zst` files exported on a local cluster of two worker
processes give the Parquet dataset that reading each file in this process gives, row for row
(examples/dask_parquet.py); a query searched over several files on it gives the games and
plies python-chess's oracle matches (examples/dask_query.py)."""

from __future__ import annotations

import concurrent.futures
import importlib.util
import json
import subprocess
import sys
from pathlib import Path

from dask import distributed
import pyarrow as pa
import pyarrow.dataset as ds
import pyarrow.parquet as pq
import pytest
import zstandard

import jaque

ROOT = Path(__file__).parents[2]
PGN = ROOT / "tests/data/pgn"
# Seconds an export of these small files may take before the test gives up on it.
TIMEOUT = 120
EXAMPLE = Path(__file__).parents[1] / "examples/dask_parquet.py"
QUERY_EXAMPLE = Path(__file__).parents[1] / "examples/dask_query.py"
TABLES = ["games", "moves", "positions"]


def load_example(path: Path):
    """An example, imported by its path under its own name (`dask_parquet`): the workers
    import it by that name too (the `client` fixture ships it to them), since a task names
    its function by module and name."""
    spec = importlib.util.spec_from_file_location(path.stem, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


example = load_example(EXAMPLE)
query_example = load_example(QUERY_EXAMPLE)


def games_of(name: str) -> list[bytes]:
    """The games of a vendored file, each as its text (split before each `[Event`)."""
    text = (PGN / name).read_bytes()
    parts = text.split(b"\n[Event ")
    return [parts[0]] + [b"[Event " + part for part in parts[1:]]


@pytest.fixture(scope="module")
def inputs(tmp_path_factory) -> list[Path]:
    """Five small `.pgn.zst` files: slices of the vendored PGN, one of them written as two
    zstd frames one after the other (as `pzstd` writes)."""
    directory = tmp_path_factory.mktemp("pgn")
    variations = games_of("variations.pgn")
    generated = games_of("generated.pgn")
    repetition = games_of("repetition.pgn")
    slices = {
        "2024-01.pgn.zst": [variations[:60]],
        "2024-02.pgn.zst": [variations[60:], generated[:40]],
        "2024-03.pgn.zst": [generated[40:200]],
        "2024-04.pgn.zst": [repetition[:120], repetition[120:]],  # two frames
        "2024-05.pgn.zst": [generated[200:] + repetition[:10]],
    }
    compressor = zstandard.ZstdCompressor(level=3)
    paths = []
    for name, frames in slices.items():
        path = directory / name
        path.write_bytes(b"".join(compressor.compress(b"\n".join(games)) for games in frames))
        paths.append(path)
    return paths


@pytest.fixture(scope="module")
def client():
    """Two worker processes of one thread each: the example's tasks run in other processes,
    as they would on other machines."""
    with (
        distributed.LocalCluster(
            n_workers=2,
            processes=True,
            threads_per_worker=1,
            dashboard_address=None,
            worker_dashboard_address=None,
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        # The example's module, to the workers' import path (as on a real cluster, where
        # the workers do not see the client's files).
        client.upload_file(str(EXAMPLE))
        client.upload_file(str(QUERY_EXAMPLE))
        yield client


def export(*args, client, **kwargs) -> list[str]:
    """The example's export, failing the test instead of hanging when a task never ends
    (the workers cannot import a function, a task blocks)."""
    pool = concurrent.futures.ThreadPoolExecutor(1)
    try:
        future = pool.submit(example.export, *args, client=client, **kwargs)
        return future.result(timeout=TIMEOUT)
    except concurrent.futures.TimeoutError:
        pytest.fail(f"export did not end in {TIMEOUT} s; tasks: {client.processing()}")
    finally:
        pool.shutdown(wait=False)


def expected(paths: list[Path], table: str):
    """The table of each file read in this process, with the example's `file` column, in
    the order of file and game."""
    tables = []
    for path in paths:
        read = pa.table(jaque.read_arrow(str(path), table=table, jobs=2))
        if "file" not in read.column_names:
            files = pa.array([str(path)] * read.num_rows, pa.string())
            read = read.add_column(0, pa.field("file", pa.string(), nullable=False), files)
        tables.append(read)
    return sort(pa.concat_tables(tables), table)


def sort(data, table: str):
    order = ["file", "index"] if table == "games" else ["file", "game", "ply"]
    return data.sort_by([(column, "ascending") for column in order])


@pytest.mark.parametrize("table", TABLES)
def test_the_dataset_holds_every_file_read_alone(client, inputs, tmp_path, table):
    outs = export([str(path) for path in inputs], tmp_path, table=table, client=client)

    assert outs == [str(tmp_path / table / p.name.replace(".pgn.zst", ".parquet")) for p in inputs]
    written = sorted(p.name for p in (tmp_path / table).iterdir())
    assert written == sorted(Path(out).name for out in outs)
    want = expected(inputs, table)
    got = sort(ds.dataset(tmp_path / table, format="parquet").to_table(), table)
    assert got.num_rows == want.num_rows > 0
    assert got.schema.names == want.schema.names
    assert got.schema == want.schema
    assert got.equals(want)
    # Every input is in the dataset, each with as many rows as it has alone.
    assert sorted(set(got.column("file").to_pylist())) == sorted(str(p) for p in inputs)
    for path, out in zip(inputs, outs):
        assert pq.ParquetFile(out).metadata.num_rows == pa.table(
            jaque.read_arrow(str(path), table=table)
        ).num_rows


def test_games_join_their_moves_on_file_and_index(client, inputs, tmp_path):
    for table in ("games", "moves"):
        export(inputs, tmp_path, table=table, client=client)
    games = ds.dataset(tmp_path / "games").to_table(columns=["file", "index", "plies"])
    moves = ds.dataset(tmp_path / "moves").to_table(columns=["file", "game"])
    counted = moves.group_by(["file", "game"]).aggregate([([], "count_all")])
    counted = counted.rename_columns(["file", "index", "rows"])
    joined = games.join(counted, ["file", "index"], join_type="left outer")
    for row in joined.to_pylist():
        assert (row["rows"] or 0) == row["plies"], row


def test_batches_are_row_groups(client, inputs, tmp_path):
    # A row group a record batch: the worker writes as it reads, never the whole table.
    outs = export(inputs[:1], tmp_path, table="moves", client=client)
    metadata = pq.ParquetFile(outs[0]).metadata
    assert metadata.num_rows > 0
    stream = pa.RecordBatchReader.from_stream(jaque.read_arrow(str(inputs[0]), table="moves"))
    assert metadata.num_row_groups == sum(1 for batch in stream if batch.num_rows)


def test_a_damaged_input_raises_and_leaves_no_file(client, inputs, tmp_path):
    damaged = tmp_path / "2024-06.pgn.zst"
    whole = inputs[2].read_bytes()
    damaged.write_bytes(whole[: len(whole) // 2])
    with pytest.raises(Exception, match="incomplete frame") as raised:
        export([inputs[0], damaged], tmp_path / "out", table="games", client=client)
    # The error, come back from the worker, says which file it is about.
    if sys.version_info >= (3, 11):
        assert f"while converting {damaged}" in raised.value.__notes__
    written = sorted(p.name for p in (tmp_path / "out/games").iterdir())
    assert written == ["2024-01.parquet"]


def test_inputs_of_the_same_name_are_refused(inputs, tmp_path):
    other = tmp_path / "other"
    other.mkdir()
    (other / inputs[0].name).write_bytes(inputs[0].read_bytes())
    with pytest.raises(ValueError, match="same name"):
        example.export([inputs[0], other / inputs[0].name], tmp_path, client=object())


def test_the_command_line(inputs, tmp_path):
    # The script as a user runs it: its own local cluster, started and stopped.
    done = subprocess.run(
        [sys.executable, str(EXAMPLE), str(tmp_path), *map(str, inputs[:2]), "--workers", "1"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    rows = sum(pa.table(jaque.read_arrow(str(path))).num_rows for path in inputs[:2])
    assert f"{rows} rows in 2 files" in done.stdout
    assert pq.read_table(tmp_path / "games").num_rows == rows


# Vendored files whose every mainline python-chess and jaque end at the same ply (as
# test_query.py checks), and queries of the oracle (tests/data/query/queries.txt).
QUERY_FILES = ["select.pgn", "variations.pgn", "repetition.pgn"]
QUERIES = ["mate", "line --> capture{3,}", "flipcolor (Q attacks k)"]


def oracle_rows(query: str) -> list[tuple[str, int, list[int]]]:
    """python-chess's matches of `query` in QUERY_FILES (tests/data/query/expect.jsonl),
    as the example's (file, index, matches), in the order of the files."""
    lines = (ROOT / "tests/data/query/expect.jsonl").read_text(encoding="utf-8").splitlines()
    cases = {(c["query"], c["file"]): c for c in map(json.loads, lines[1:])}
    return [(str(PGN / name), game, plies)
            for name in QUERY_FILES
            for game, plies in cases[(query, "pgn/" + name)]["matches"]]


@pytest.mark.parametrize("query", QUERIES)
def test_a_query_over_many_files_matches_what_python_chess_matches(client, query):
    pool = concurrent.futures.ThreadPoolExecutor(1)
    try:
        paths = [str(PGN / name) for name in QUERY_FILES]
        future = pool.submit(query_example.search, paths, query, client=client)
        table = future.result(timeout=TIMEOUT)
    finally:
        pool.shutdown(wait=False)
    rows = list(zip(*(table.column(c).to_pylist() for c in ("file", "index", "matches"))))
    want = oracle_rows(query)
    assert len(want) > 0
    assert rows == want
    assert table.schema == query_example.SCHEMA


def test_a_bad_query_is_refused_before_any_task():
    with pytest.raises(ValueError, match="two conditions side by side"):
        query_example.search([str(PGN / "select.pgn")], "check mate", client=object())


def test_the_query_command_line(tmp_path):
    out = tmp_path / "mates.parquet"
    paths = [str(PGN / name) for name in QUERY_FILES]
    done = subprocess.run(
        [sys.executable, str(QUERY_EXAMPLE), "mate", *paths, "--workers", "1", "-o", str(out)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    want = oracle_rows("mate")
    positions = sum(len(plies) for _, _, plies in want)
    assert f"{len(want)} games ({positions} positions) in 3 files" in done.stdout
    assert pq.read_table(out).column("index").to_pylist() == [game for _, game, _ in want]
