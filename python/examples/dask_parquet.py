"""Many PGN files to one Parquet dataset, on Dask: for when one machine is not enough.

A file is the unit of work: each Dask task reads one input (say a monthly lichess dump,
``lichess_db_standard_rated_2024-01.pgn.zst``) with ``jaque.read_arrow`` and streams its
record batches into a Parquet file of its own, on the worker, batch by batch: a worker holds
a batch or so at a time whatever the size of its file, and nothing but file names travels
between the client and the workers.

On a laptop (a local cluster of worker processes, started and stopped by the script)::

    python dask_parquet.py out/ lichess_db_standard_rated_2024-*.pgn.zst --table moves

On a cluster (start a scheduler, and workers that see the same file system: the inputs and
the output directory must be at the same paths on every machine)::

    dask scheduler                                                      # on one machine
    dask worker tcp://SCHEDULER:8786 --nworkers 1 --nthreads 1          # on each machine
    python dask_parquet.py /shared/out /shared/pgn/*.pgn.zst --scheduler tcp://SCHEDULER:8786

jaque checks the games of a file on every core of the machine it runs on, so one
single-threaded worker a machine keeps each machine busy; locally, ``--workers N`` runs N
files at a time and shares the cores among them. From code of your own, call
``export(paths, out_dir, table, client)``; the workers must be able to import this module
too (``client.upload_file("dask_parquet.py")`` ships it to them).

The dataset is a directory a table, ``OUT_DIR/TABLE/NAME.parquet`` a file of input, read
whole by any Parquet reader::

    import pyarrow.dataset
    moves = pyarrow.dataset.dataset("out/moves").to_table()
    # or: duckdb.sql("select * from 'out/moves/*.parquet'"), polars.scan_parquet("out/moves")
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
from dask.distributed import Client, LocalCluster, wait

import jaque

# The input's suffixes that the output's name leaves out.
SUFFIXES = (".pgn.zst", ".pgn.gz", ".pgn", ".zst", ".gz")


def output_name(path: str) -> str:
    """The Parquet file's name for the input `path`: its name without the PGN suffixes."""
    name = os.path.basename(path)
    for suffix in SUFFIXES:
        if name.endswith(suffix):
            return name[: -len(suffix)] + ".parquet"
    return name + ".parquet"


def convert(path: str, out: str, table: str = "games", jobs: int | None = None) -> int:
    """Writes the `table` rows of the PGN file `path` to the Parquet file `out`, a record
    batch at a time; returns the number of rows. Runs on a worker."""
    stream = jaque.read_arrow(path, table=table, jobs=jobs)
    reader = pa.RecordBatchReader.from_stream(stream)
    schema = reader.schema
    # The games of each input are numbered from 0 (`index` in `games`, `game` in `moves`
    # and `positions`), so a row of the dataset needs its file too. The games table has a
    # `file` column (the path as read_arrow was given it); the other tables get the same
    # column, first. A column rather than a directory a file (Hive partitioning): a path
    # holds slashes and any character, which directory names would have to escape, and a
    # column stays with the rows however they are read later, so that games join their
    # moves on (file, index) = (file, game).
    add_file = "file" not in schema.names
    if add_file:
        schema = schema.insert(0, pa.field("file", pa.string(), nullable=False))
    rows = 0
    # Written under a temporary name and renamed when complete: a task that fails (a
    # damaged input), or that Dask runs again after losing a worker, leaves no half file in
    # the dataset.
    partial = out + ".partial"
    try:
        with pq.ParquetWriter(partial, schema, compression="zstd") as writer:
            for batch in reader:
                if add_file:
                    files = pa.array([path] * batch.num_rows, pa.string())
                    batch = pa.RecordBatch.from_arrays(
                        [files, *batch.columns], schema=schema
                    )
                writer.write_batch(batch)  # a row group a batch: memory stays bounded
                rows += batch.num_rows
        os.replace(partial, out)
    except BaseException as error:
        if os.path.exists(partial):
            os.remove(partial)
        # An error out of the Arrow stream (pyarrow's) does not say which file it is about.
        if hasattr(error, "add_note"):  # Python 3.11
            error.add_note(f"while converting {path}")
        raise
    return rows


def export(
    paths: list[str | os.PathLike],
    out_dir: str | os.PathLike,
    table: str = "games",
    client=None,
    jobs: int | None = None,
) -> list[str]:
    """Writes the `table` (`games`, `moves` or `positions`) of every PGN file of `paths` as
    the Parquet files of `out_dir/table/`, one a file, on the Dask `client`'s workers (a
    local cluster of two worker processes when there is none). Returns the Parquet files'
    paths, in the order of `paths`. `jobs` is the threads jaque checks with on a worker
    (default: all the cores of its machine). An input that cannot be read raises its
    error here, after the other files are written."""
    # Absolute paths: the workers need not share the client's working directory.
    paths = [os.path.abspath(path) for path in paths]
    out = Path(out_dir).absolute() / table
    outs = [str(out / output_name(path)) for path in paths]
    if len(set(outs)) < len(outs):
        raise ValueError("two inputs have the same name: their Parquet files would clash")
    if client is None:
        jobs = jobs or max(1, (os.cpu_count() or 1) // 2)  # two workers share the cores
        with LocalCluster(n_workers=2, threads_per_worker=1) as cluster, Client(cluster) as c:
            return export(paths, out_dir, table, client=c, jobs=jobs)
    out.mkdir(parents=True, exist_ok=True)
    # A task a file; pure=False: a file's name does not say what it holds now.
    futures = client.map(convert, paths, outs, table=table, jobs=jobs, pure=False)
    wait(futures)  # every task done, written or failed, before an error is raised
    client.gather(futures)
    return outs


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("out_dir", help="the dataset's directory (a subdirectory a table)")
    parser.add_argument("files", nargs="+", help="PGN files: .pgn, .pgn.zst or .pgn.gz")
    parser.add_argument("--table", default="games", choices=["games", "moves", "positions"])
    parser.add_argument("--scheduler", help="a Dask scheduler's address, tcp://HOST:8786")
    parser.add_argument("--workers", type=int, default=2, help="local worker processes")
    args = parser.parse_args(argv)
    if args.scheduler:
        # A cluster's workers each check with all the cores of their machine.
        with Client(args.scheduler) as client:
            outs = export(args.files, args.out_dir, args.table, client=client)
    else:
        # Local workers share this machine's cores.
        jobs = max(1, (os.cpu_count() or 1) // args.workers)
        with (
            LocalCluster(n_workers=args.workers, threads_per_worker=1) as cluster,
            Client(cluster) as client,
        ):
            outs = export(args.files, args.out_dir, args.table, client=client, jobs=jobs)
    rows = sum(pq.ParquetFile(out).metadata.num_rows for out in outs)
    print(f"{rows} rows in {len(outs)} files under {Path(args.out_dir) / args.table}")


if __name__ == "__main__":
    sys.exit(main())
