"""The programs tools/bench/bench_python.py times, one a reader: each is run as `python -c PROGRAM
FILE ARGS...`, reads every game of FILE and prints one line of counts, `name=number ...`.

Standard library only, as the script.
"""

from dataclasses import dataclass

# The programs, run as `python -c PROGRAM FILE ARGS...`; each prints one line of counts.

PYTHON_CHESS = """\
import sys, chess.pgn
games = plies = errors = 0
with open(sys.argv[1], encoding="utf-8", errors="replace") as file:
    while (game := chess.pgn.read_game(file)) is not None:
        games += 1
        errors += bool(game.errors)
        plies += sum(1 for _ in game.mainline_moves())
print(f"games={games} plies={plies} errors={errors}")
"""

ESCA = """\
import sys, esca.pgn
games = plies = 0
for game in esca.pgn.read(sys.argv[1], skip_errors=True):
    games += 1
    plies += len(game.mainline())
print(f"games={games} plies={plies}")
"""

BULLETCHESS = """\
import sys
from bulletchess.pgn import PGNFile
games = plies = raised = 0
with PGNFile.open(sys.argv[1]) as file:
    while True:
        try:
            game = file.next_game()
        except ValueError:
            raised += 1
            continue
        if game is None:
            break
        games += 1
        plies += len(game.moves)
print(f"games={games} plies={plies} raised={raised}")
"""

# The binding reads strings, one a game, not files: the program cuts the text before each
# `[` that starts a line after a line ending neither in `]` nor blank (a new tag section).
# `call_us`: the parsing call alone, timed inside the process (the strings already made).
BINDING = r"""import re, sys, time, pyarrow as pa, rust_pgn_reader_python_binding as binding
with open(sys.argv[1], encoding="utf-8", errors="replace") as file:
    text = file.read()
games = re.split(r"\n(?<=[^\]\s]\n)\s*(?=\[)", text)
column = pa.chunked_array([pa.array(games)])
began = time.perf_counter()
parsed = binding.parse_games(column, num_threads=int(sys.argv[2]))
errors = sum(int((~chunk.valid).sum()) for chunk in parsed.chunks)
call = time.perf_counter() - began
print(f"games={parsed.num_games} plies={parsed.num_moves} errors={errors} "
      f"call_us={round(call * 1e6)}")
"""

JAQUE_ARROW = """\
import sys, jaque, pyarrow as pa
stream = jaque.read_arrow(sys.argv[1], table="games", jobs=int(sys.argv[2]))
table = pa.RecordBatchReader.from_stream(stream).read_all()
print(f"games={table.num_rows}")
"""

# jaque on the binding's input: the same strings, cut the same way, in an Arrow column
# (`read_arrow` reads its buffers, issue 56), the games table read whole.
JAQUE_STRINGS = r"""import re, sys, time, jaque, pyarrow as pa
with open(sys.argv[1], encoding="utf-8", errors="replace") as file:
    text = file.read()
games = re.split(r"\n(?<=[^\]\s]\n)\s*(?=\[)", text)
column = pa.chunked_array([pa.array(games)])
began = time.perf_counter()
stream = jaque.read_arrow(column, table="games", jobs=int(sys.argv[2]))
table = pa.RecordBatchReader.from_stream(stream).read_all()
call = time.perf_counter() - began
print(f"games={table.num_rows} call_us={round(call * 1e6)}")
"""

JAQUE_GAMES = """\
import sys, jaque
games = plies = 0
for game in jaque.read_games(sys.argv[1], jobs=1):
    games += 1
    plies += len(game.san)
print(f"games={games} plies={plies}")
"""

JAQUE_POSITIONS = """\
import sys, jaque, pyarrow as pa
stream = jaque.read_arrow(sys.argv[1], table="positions", jobs=1)
table = pa.RecordBatchReader.from_stream(stream).read_all()
print(f"rows={table.num_rows} bytes={table.nbytes}")
"""

# Batches streamed and dropped: what reading costs in memory, the tables never held whole.
# JAQUE_ARROW with its parts timed inside the process: the reading (from the call of
# `read_arrow` to the whole table), and what comes before it.
JAQUE_ARROW_TIMED = """\
import time
began = time.perf_counter()
import sys, jaque, pyarrow as pa
imported = time.perf_counter()
stream = jaque.read_arrow(sys.argv[1], table="games", jobs=int(sys.argv[2]))
table = pa.RecordBatchReader.from_stream(stream).read_all()
read = time.perf_counter()
print(f"games={table.num_rows} imports_us={round((imported - began) * 1e6)} "
      f"reading_us={round((read - imported) * 1e6)}")
"""

JAQUE_STREAM = """\
import sys, jaque, pyarrow as pa
rows = 0
stream = jaque.read_arrow(sys.argv[1], table=sys.argv[2], jobs=int(sys.argv[3]))
for batch in pa.RecordBatchReader.from_stream(stream):
    rows += batch.num_rows
print(f"rows={rows}")
"""

@dataclass(frozen=True)
class Reader:
    key: str
    name: str  # the package, whose version the tables show
    detail: str  # what the program calls, with which options
    side: str  # "peers" or "jaque": which interpreter runs it
    code: str
    args: tuple = ()
    checks: str = ""

    def argv(self, python, path):
        return [str(python), "-c", self.code, str(path), *self.args]

    @property
    def title(self):
        return self.name + self.detail

    def label(self, versions):
        """The title with the package's version in it."""
        return " ".join(filter(None, [self.name, versions.get(self.name)])) + self.detail


PEER_READERS = [
    Reader("python-chess", "python-chess", "", "peers", PYTHON_CHESS,
           checks="`chess.pgn.read_game` builds each game's tree: every move of every line, "
           "variations included, resolved and played (an illegal move goes to `game.errors`, "
           "the game is kept); the mainline's moves counted"),
    Reader("esca", "esca", "", "peers", ESCA,
           checks="`esca.pgn.read(skip_errors=True)`: every move of every line played, variations "
           "included; a game with an error anywhere is skipped; `len(game.mainline())`"),
    Reader("bulletchess", "bulletchess", "", "peers", BULLETCHESS,
           checks="`PGNFile.next_game()`: the mainline only, played; a variation is an error, "
           "after which it reads on from where it stopped (an error a token up to the next `[`); "
           "`len(game.moves)`"),
    Reader("binding", "rust-pgn-reader-python-binding", ", 1 thread", "peers", BINDING, ("1",),
           checks="`parse_games` (the pgn-reader and shakmaty crates through PyO3) on the games "
           "cut by a regular expression in the program (it takes strings, not files): the "
           "mainline only, played, each position written to NumPy arrays; variations skipped"),
    Reader("binding-2", "rust-pgn-reader-python-binding", ", 2 threads", "peers", BINDING, ("2",)),
]

JAQUE_READERS = [
    Reader("arrow-1", "jaque", ', the games table, `read_arrow(jobs=1)`', "jaque",
           JAQUE_ARROW, ("1",),
           checks="`read_arrow`'s games table read whole into a pyarrow Table "
           "(`RecordBatchReader.from_stream(...).read_all()`: `pa.table(...)` would first ask "
           "whether it is a pandas DataFrame, importing pandas where it is installed, 0.4 s "
           "here, a cost of pyarrow's, not of the reader)"),
    Reader("arrow-2", "jaque", ', the games table, `read_arrow(jobs=2)`', "jaque",
           JAQUE_ARROW, ("2",)),
    Reader("strings-1", "jaque", ', the games table of Arrow strings, `read_arrow(jobs=1)`',
           "jaque", JAQUE_STRINGS, ("1",),
           checks="the binding's input: the file cut into a string a game by the same regular "
           "expression, in a pyarrow chunked array, given to `read_arrow` (which reads the "
           "Arrow buffers in Rust), the games table read whole"),
    Reader("strings-2", "jaque", ', the games table of Arrow strings, `read_arrow(jobs=2)`',
           "jaque", JAQUE_STRINGS, ("2",)),
    Reader("games-1", "jaque", ", `read_games(jobs=1)`, `len(game.san)`", "jaque", JAQUE_GAMES,
           checks="`read_games` yields a Python object a game; its `san` list counted"),
    Reader("positions-1", "jaque", ', the positions table, `read_arrow(jobs=1)`', "jaque",
           JAQUE_POSITIONS, checks="`read_arrow`'s positions table, a row a position"),
]

# The programs as BENCHMARKS.md shows them: a title and the program.
PROGRAMS = [
    ("python-chess", PYTHON_CHESS),
    ("esca", ESCA),
    ("bulletchess", BULLETCHESS),
    ("rust-pgn-reader-python-binding; `ARGS`: threads", BINDING),
    ("jaque, the games table; `ARGS`: jobs", JAQUE_ARROW),
    ("jaque, the games table of the binding's Arrow strings; `ARGS`: jobs", JAQUE_STRINGS),
    ("jaque, the games table with its reading timed, for one job against two on `F`; "
     "`ARGS`: jobs", JAQUE_ARROW_TIMED),
    ("jaque, `read_games`", JAQUE_GAMES),
    ("jaque, the positions table", JAQUE_POSITIONS),
    ("jaque, streaming `H`; `ARGS`: table, jobs", JAQUE_STREAM),
]
