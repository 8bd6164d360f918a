"""One query over many PGN files, on Dask: the games with a position that satisfies it.

A file is the unit of work: each Dask task runs ``jaque.query`` over one input (say a
monthly lichess dump) on a worker and sends back only the matching games, a row each:
the file, the game's index in it, White, Black, the result and ``matches`` (the mainline
plies whose position matched). The client joins the rows into one Arrow table, in the
order of the files and of the games in each, and may write it as one Parquet file.

On a laptop (a local cluster of worker processes, started and stopped by the script)::

    python dask_query.py 'mate and count(A) == 1' lichess_db_standard_rated_2024-*.pgn.zst

On a cluster (workers that see the inputs at the same paths; see dask_parquet.py)::

    python dask_query.py 'line --> capture{3,}' /shared/pgn/*.pgn.zst \\
        --scheduler tcp://SCHEDULER:8786 -o captures.parquet

From code of your own, call ``search(paths, query, client)``; the workers must be able to
import this module too (``client.upload_file("dask_query.py")`` ships it to them). A query
that cannot be read raises ``ValueError`` on the client, before any task starts.
"""

from __future__ import annotations

import argparse
import os
import sys

import pyarrow as pa
import pyarrow.parquet as pq
from dask.distributed import Client, LocalCluster, wait

import jaque

# The rows' columns: a matching game and where its positions matched.
SCHEMA = pa.schema(
    [
        pa.field("file", pa.string(), nullable=False),
        pa.field("index", pa.uint64(), nullable=False),
        pa.field("white", pa.string()),
        pa.field("black", pa.string()),
        pa.field("result", pa.string()),
        pa.field("matches", pa.list_(pa.uint32()), nullable=False),
    ]
)


def matching(path: str, query: str, jobs: int | None = None) -> pa.Table:
    """The games of the PGN file `path` that `query` matches, a row each. Runs on a
    worker; only these rows travel back."""
    rows = {name: [] for name in SCHEMA.names}
    for game in jaque.query(path, query, jobs=jobs):
        rows["file"].append(path)
        rows["index"].append(game.index)
        rows["white"].append(game.tags.get("White"))
        rows["black"].append(game.tags.get("Black"))
        rows["result"].append(game.result)
        rows["matches"].append(game.matches)
    return pa.table(rows, schema=SCHEMA)


def search(
    paths: list[str | os.PathLike],
    query: str,
    client=None,
    jobs: int | None = None,
) -> pa.Table:
    """The games of every PGN file of `paths` that `query` matches, searched on the Dask
    `client`'s workers (a local cluster of two worker processes when there is none), as one
    table in the order of `paths` and of the games in each file. `jobs` is the threads
    jaque checks with on a worker (default: all the cores of its machine)."""
    # Read here first: a bad query is said once, with its caret, before any task runs.
    jaque.query(b"", query)
    paths = [os.path.abspath(path) for path in paths]
    if client is None:
        jobs = jobs or max(1, (os.cpu_count() or 1) // 2)  # two workers share the cores
        with LocalCluster(n_workers=2, threads_per_worker=1) as cluster, Client(cluster) as c:
            return search(paths, query, client=c, jobs=jobs)
    # A task a file; pure=False: a file's name does not say what it holds now.
    futures = client.map(matching, paths, query=query, jobs=jobs, pure=False)
    wait(futures)  # every task done before an error is raised
    tables = client.gather(futures)
    return pa.concat_tables(tables) if tables else SCHEMA.empty_table()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("query", help="the query, in the language of `jaque query`")
    parser.add_argument("files", nargs="+", help="PGN files: .pgn, .pgn.zst or .pgn.gz")
    parser.add_argument("-o", "--output", help="write the rows as this Parquet file")
    parser.add_argument("--scheduler", help="a Dask scheduler's address, tcp://HOST:8786")
    parser.add_argument("--workers", type=int, default=2, help="local worker processes")
    args = parser.parse_args(argv)
    if args.scheduler:
        with Client(args.scheduler) as client:
            table = search(args.files, args.query, client=client)
    else:
        jobs = max(1, (os.cpu_count() or 1) // args.workers)
        with (
            LocalCluster(n_workers=args.workers, threads_per_worker=1) as cluster,
            Client(cluster) as client,
        ):
            table = search(args.files, args.query, client=client, jobs=jobs)
    if args.output:
        pq.write_table(table, args.output, compression="zstd")
    positions = sum(len(m) for m in table.column("matches").to_pylist())
    print(f"{table.num_rows} games ({positions} positions) in {len(args.files)} files")


if __name__ == "__main__":
    sys.exit(main())
