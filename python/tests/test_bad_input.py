"""Bad input raises a clear exception and never takes the interpreter down: binary data,
damaged compressed streams, directories, missing files, wrong types and values, streams read
twice, file objects that fail. The cases that could crash run in a subprocess first, so that
a crash is a failed test rather than the end of pytest.

Where the errors come out: a path that cannot be opened raises the system's `OSError` at
the call; input that is no PGN text (binary data, a damaged compressed stream) raises
`jaque.ReadError`, naming the input, at the first `next()` of `read_games`. `read_arrow`'s
stream is read by pyarrow through the Arrow C stream interface, which carries a message
only: the same errors come out of pyarrow as `pyarrow.ArrowInvalid` (a `ValueError`) with
jaque's message. A file object's own exception is raised again as it was, by `read_games`
and by a call that reads the first bytes.
"""

from __future__ import annotations

import array
import errno
import gzip
import io
import json
import os
import pickle
import random
import re
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pyarrow as pa
import pytest
import zstandard

import jaque


PGN = Path(__file__).parents[2] / "tests/data/pgn"
TABLES = ["games", "moves", "positions"]

# Binary data: random bytes from a NUL on, and a PNG (its signature, an IHDR chunk, then
# compressed pixels, which look random).
RANDOM = b"\0" + random.Random(7).randbytes(8191)
PNG = (
    b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x01\x00\x00\x00\x01\x00\x08\x06\x00\x00\x00"
    + b"\x5c\x72\xa8\x66\x00\x00\x20\x00IDAT"
    + random.Random(8).randbytes(8192)
)
BINARY = {"random": RANDOM, "png": PNG}

# The threads that check games at most (jaque::input::MAX_JOBS), whatever `jobs` asks.
MAX_JOBS = 256

def many_games() -> bytes:
    """Every vendored game of three files: 703 games, 480 kB."""
    names = ["variations.pgn", "generated.pgn", "repetition.pgn"]
    return b"\n".join((PGN / name).read_bytes() for name in names)


def gzip_with_a_wrong_checksum() -> bytes:
    """A gzip member whose CRC-32 is wrong: the text decodes whole, the check fails."""
    packed = bytearray(gzip.compress(b"1. e4 e5 *\n", mtime=0))
    packed[-8] ^= 0xFF
    return bytes(packed)


def run_python(code: str, timeout: float = 120) -> subprocess.CompletedProcess:
    """`code` run by a fresh interpreter; fails on a crash (a signal), with its output."""
    done = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)],
        capture_output=True,
        text=True,
        timeout=timeout,
    )
    if done.returncode < 0:
        name = signal.Signals(-done.returncode).name
        pytest.fail(f"the interpreter crashed ({name}):\n{done.stdout}\n{done.stderr}")
    return done


def expected_outcome(name: str, how: str) -> str:
    """The exception `test_no_bad_input_crashes_the_interpreter` expects of a case."""
    arrow = how != "games"
    if name == "directory":
        return "IsADirectoryError"
    if name == "missing":
        return "FileNotFoundError"
    if name in ("int", "none"):
        return "TypeError"
    if name == "failing at once":
        return "OSError"  # the file object's own, raised at the call
    if name == "failing later":
        return "ArrowInvalid" if arrow else "OSError"
    if name == "wrong read":
        return "ReadError"  # raised at the call, which reads the first bytes
    return "ArrowInvalid" if arrow else "ReadError"


def test_no_bad_input_crashes_the_interpreter(tmp_path):
    """The inputs of this file, in an interpreter of its own: each gives the exception it
    should (after the games before it, if any), and the interpreter ends normally."""
    text = many_games()
    whole = zstandard.ZstdCompressor().compress(text)
    (tmp_path / "cut.pgn.zst").write_bytes(whole[: len(whole) // 2])
    whole = gzip.compress(text)
    (tmp_path / "cut.pgn.gz").write_bytes(whole[: len(whole) // 2])
    (tmp_path / "games.pgn").write_bytes(text)
    (tmp_path / "random.bin").write_bytes(RANDOM)
    (tmp_path / "image.png").write_bytes(PNG)
    code = f"""
        import io, json, sys
        import jaque, pyarrow
        tmp = {str(tmp_path)!r}
        def read(name):
            with open(tmp + "/" + name, "rb") as file:
                return file.read()
        class Failing:
            def __init__(self, after):
                self.file, self.after = io.BytesIO(read("games.pgn")), after
            def read(self, size):
                if self.after == 0:
                    raise OSError("disk on fire")
                self.after -= 1
                return self.file.read(min(size, 4096))
        class Wrong:
            def read(self, size):
                return 42
        sources = {{
            "random": read("random.bin"), "png": read("image.png"),
            "random file": tmp + "/random.bin", "png file": tmp + "/image.png",
            "cut zst": tmp + "/cut.pgn.zst", "cut gz": tmp + "/cut.pgn.gz",
            "zstd magic": b"\\x28\\xb5\\x2f\\xfd", "gzip magic": b"\\x1f\\x8b",
            "gzip garbage": b"\\x1f\\x8b\\x08\\x00garbage",
            "directory": tmp, "missing": tmp + "/missing.pgn", "int": 3, "none": None,
            "failing at once": lambda: Failing(0), "failing later": lambda: Failing(20),
            "wrong read": lambda: Wrong(),
        }}
        outcomes = {{}}
        for name, source in sources.items():
            for how in ["games", "arrow games", "arrow moves", "arrow positions"]:
                made = source() if callable(source) else source
                count = 0
                try:
                    if how == "games":
                        for game in jaque.read_games(made):
                            count += 1
                    else:
                        stream = jaque.read_arrow(made, table=how.split()[1], batch_size=64)
                        for batch in pyarrow.RecordBatchReader.from_stream(stream):
                            count += batch.num_rows
                    outcome, message = "no error", ""
                except Exception as error:
                    outcome, message = type(error).__name__, str(error)
                outcomes[name + ": " + how] = [outcome, message, count]
        print(json.dumps(outcomes))
    """
    done = run_python(code)
    assert done.returncode == 0, done.stderr
    outcomes = json.loads(done.stdout)
    assert len(outcomes) == 16 * 4
    for case, (outcome, message, count) in outcomes.items():
        name, how = case.split(": ")
        assert outcome == expected_outcome(name, how), f"{case}: {outcome}: {message}"
        if outcome in ("ReadError", "ArrowInvalid"):
            assert "cannot read " in message, f"{case}: {message}"
        if name.startswith("cut") or name == "failing later":
            assert count > 0, f"{case}: nothing before the error"
        elif name in ("random", "png", "random file", "png file"):
            assert count == 0, f"{case}: binary data read as games"


# Binary data.


@pytest.mark.parametrize("kind", BINARY)
def test_binary_bytes_raise_read_error_at_the_first_game(kind):
    games = jaque.read_games(BINARY[kind])  # no error at the call
    with pytest.raises(jaque.ReadError, match="^cannot read <bytes>: the input is not text"):
        next(games)
    # The error ends the games.
    assert next(games, None) is None


@pytest.mark.parametrize("kind", BINARY)
def test_a_binary_file_raises_read_error_naming_it(tmp_path, kind):
    path = tmp_path / f"{kind}.pgn"
    path.write_bytes(BINARY[kind])
    games = jaque.read_games(path)
    with pytest.raises(jaque.ReadError) as raised:
        next(games)
    assert str(raised.value).startswith(f"cannot read {path}: the input is not text")


@pytest.mark.parametrize("table", TABLES)
@pytest.mark.parametrize("kind", BINARY)
def test_binary_data_fails_the_arrow_stream_when_read(tmp_path, kind, table):
    path = tmp_path / f"{kind}.pgn"
    path.write_bytes(BINARY[kind])
    with open(path, "rb") as file:
        sources = [
            (BINARY[kind], "<bytes>"),
            (path, str(path)),
            (io.BytesIO(BINARY[kind]), "<stream>"),  # a file object without a name
            (file, str(path)),
        ]
        for source, name in sources:
            stream = jaque.read_arrow(source, table=table)  # no error at the call
            reader = pa.RecordBatchReader.from_stream(stream)
            assert reader.schema.names  # the schema is known before any game
            message = f"cannot read {re.escape(name)}: the input is not text"
            with pytest.raises(pa.ArrowInvalid, match=message):
                reader.read_all()


@pytest.mark.parametrize(
    "head", [b"", b"abc", b"abcd", b'[Event "', b'[Event "Casual"]\n' * 40]
)
@pytest.mark.parametrize("form", [bytes, io.BytesIO])
def test_binary_data_is_told_whatever_its_first_bytes(head, form):
    # Whatever the text before it in the first buffer read, up to 64 KiB.
    at = len(head)
    with pytest.raises(jaque.ReadError, match=f"not text: a NUL byte at byte {at}$"):
        list(jaque.read_games(form(head + RANDOM)))


def test_binary_data_is_told_from_a_file_object_giving_a_few_bytes_a_read():
    class Trickling:
        def __init__(self, data):
            self.file = io.BytesIO(data)

        def read(self, size=-1):
            return self.file.read(min(size, 4))

    with pytest.raises(jaque.ReadError, match="not text"):
        list(jaque.read_games(Trickling(b"abcd" + RANDOM)))


def test_text_with_a_stray_nul_is_read():
    # A damaged byte in text does not make it binary: the games are read, and the one holding
    # the NUL is not text, one syntax error at it, as it is wherever it stands.
    games = list(jaque.read_games(b"[Event \"a\0b\"]\n\n1. e4 e5 *\n\n1. d4 d5 *\n"))
    assert [game.san for game in games] == [[], ["d4", "d5"]]
    assert [(d.code, d.line, d.column) for d in games[0].diagnostics] == [("syntax", 1, 10)]


@pytest.mark.parametrize("call", [jaque.check, jaque.fix, jaque.fmt])
def test_strings_that_are_not_text_raise_read_error_as_bytes_do(call):
    # What is not text is told the same for a string as for bytes or a file.
    text = RANDOM.decode("latin-1")
    with pytest.raises(jaque.ReadError, match="^cannot read <string>: the input is not text"):
        call(text)


# Damaged compressed streams.


def decoded_prefix(compressed: bytes, kind: str) -> bytes:
    """What Python's own decoders get out of a damaged stream before its error."""
    reader = (
        zstandard.ZstdDecompressor().stream_reader(io.BytesIO(compressed))
        if kind == "zst"
        else gzip.GzipFile(fileobj=io.BytesIO(compressed))
    )
    out = bytearray()
    try:
        while chunk := reader.read(1 << 16):
            out += chunk
    except (zstandard.ZstdError, EOFError, OSError):
        pass
    return bytes(out)


@pytest.mark.parametrize("jobs", [1, None])
@pytest.mark.parametrize("kind", ["zst", "gz"])
def test_a_truncated_stream_yields_its_complete_games_then_raises(tmp_path, kind, jobs):
    text = many_games()
    whole = zstandard.ZstdCompressor().compress(text) if kind == "zst" else gzip.compress(text)
    cut = whole[: len(whole) // 2]
    path = tmp_path / f"cut.pgn.{kind}"
    path.write_bytes(cut)
    # The games wholly within the text that can be decoded (the last one there may be cut).
    complete = len(list(jaque.read_games(decoded_prefix(cut, kind)))) - 1
    assert complete >= 50, "the cut leaves too few games to say anything"
    every = list(jaque.read_games(text))

    yielded = []
    with pytest.raises(jaque.ReadError) as raised:
        for game in jaque.read_games(path, jobs=jobs):
            yielded.append(game)
    assert str(raised.value).startswith(f"cannot read {path}: ")
    assert complete <= len(yielded) < len(every)
    # The games before the cut are the file's first games, whole: none was cut short.
    for game, expected in zip(yielded, every):
        assert (game.index, game.san, game.tags) == (expected.index, expected.san, expected.tags)

    # The Arrow stream gives the same games' rows, then fails with the same message.
    rows = 0
    with pytest.raises(pa.ArrowInvalid) as failed:
        stream = jaque.read_arrow(path, jobs=jobs, batch_size=16)
        for batch in pa.RecordBatchReader.from_stream(stream):
            rows += batch.num_rows
    assert rows == len(yielded)
    assert str(raised.value) in str(failed.value)


DAMAGED = {
    "zstd magic": b"\x28\xb5\x2f\xfd",
    "gzip magic": b"\x1f\x8b",
    "zstd garbage": b"\x28\xb5\x2f\xfd" + b"\xff" * 64,
    "gzip garbage": b"\x1f\x8b\x08\x00 not deflate at all",
    "gzip checksum": gzip_with_a_wrong_checksum(),
}


@pytest.mark.parametrize("name", DAMAGED)
def test_damaged_compressed_bytes_raise_read_error(name):
    with pytest.raises(jaque.ReadError, match="^cannot read <bytes>: "):
        list(jaque.read_games(DAMAGED[name]))


@pytest.mark.parametrize(
    "name",
    [
        "random",
        "zstd magic",
        "zstd garbage",
        "gzip magic",  # a gzip header cut short: UnexpectedEof, which is the content's
        "gzip garbage",
        "gzip checksum",
    ],
)
def test_arrow_stream_errors_name_the_input_and_are_value_errors(tmp_path, name):
    path = tmp_path / "damaged.pgn"
    path.write_bytes(RANDOM if name == "random" else DAMAGED[name])
    with pytest.raises(jaque.ReadError) as raised:
        list(jaque.read_games(path))
    with pytest.raises(pa.ArrowInvalid) as failed:
        pa.table(jaque.read_arrow(path))
    assert isinstance(failed.value, ValueError)
    # read_games's message, which names the input.
    assert str(raised.value).startswith(f"cannot read {path}: ")
    assert str(raised.value) in str(failed.value)


# Paths.


@pytest.mark.parametrize("read", [jaque.read_games, jaque.read_arrow])
@pytest.mark.parametrize("as_path", [str, Path])
def test_a_directory_raises_is_a_directory_error_at_the_call(tmp_path, read, as_path):
    with pytest.raises(IsADirectoryError) as raised:
        read(as_path(tmp_path))
    assert raised.value.errno == errno.EISDIR
    assert raised.value.filename == str(tmp_path)


@pytest.mark.parametrize("read", [jaque.read_games, jaque.read_arrow])
@pytest.mark.parametrize("as_path", [str, Path])
def test_a_missing_file_raises_file_not_found_error_with_its_name(tmp_path, read, as_path):
    missing = tmp_path / "nowhere" / "games.pgn.zst"
    with pytest.raises(FileNotFoundError) as raised:
        read(as_path(missing))
    assert raised.value.errno == errno.ENOENT
    assert raised.value.filename == str(missing)
    assert str(missing) in str(raised.value)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX's")
@pytest.mark.parametrize("read", ["read_games", "read_arrow"])
def test_a_fifo_written_by_a_thread_of_the_same_interpreter_is_read(tmp_path, read):
    # Opening a FIFO waits for its writer: with the GIL held, that thread could never run.
    fifo = tmp_path / "games.pgn"
    os.mkfifo(fifo)
    code = f"""
        import threading, jaque, pyarrow
        def write():
            with open({str(fifo)!r}, "wb") as pipe:
                pipe.write(b"1. e4 e5 *\\n\\n1. d4 *\\n")
        threading.Thread(target=write).start()
        if {read!r} == "read_games":
            print([game.san for game in jaque.read_games({str(fifo)!r})])
        else:
            table = pyarrow.RecordBatchReader.from_stream(jaque.read_arrow({str(fifo)!r}))
            print(table.read_all().column("san").to_pylist())
    """
    done = run_python(code, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[['e4', 'e5'], ['d4']]"


@pytest.mark.parametrize("text", ["1. e4 e5 *", '[Event "x"]', "e4 e5\n"])
def test_a_string_is_a_path_not_pgn_text_and_the_error_says_where_text_goes(text):
    # PGN text in a str is taken for a file's name: bytes are the text, check() takes a str.
    with pytest.raises(FileNotFoundError) as raised:
        jaque.read_games(text)
    assert raised.value.errno == errno.ENOENT
    assert raised.value.filename == text
    assert "jaque.check(text)" in str(raised.value)
    assert next(jaque.read_games(b"1. e4 e5 *")).san == ["e4", "e5"]


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() == 0, reason="root reads all")
def test_an_unreadable_file_raises_permission_error(tmp_path):
    path = tmp_path / "secret.pgn"
    path.write_bytes(b"1. e4 *")
    path.chmod(0)
    with pytest.raises(PermissionError) as raised:
        jaque.read_games(path)
    assert raised.value.filename == str(path)


# Wrong types and values.


@pytest.mark.parametrize("read", [jaque.read_games, jaque.read_arrow])
@pytest.mark.parametrize(
    "source", [3, 2.5, None, ["1. e4 *"], {"a": 1}, object(), array.array("b", b"1. e4 *")]
)
def test_an_unsupported_source_raises_type_error(read, source):
    with pytest.raises(TypeError, match="give a path, bytes, a file object or Arrow strings"):
        read(source)


@pytest.mark.parametrize("read", [jaque.read_games, jaque.read_arrow])
def test_wrong_argument_types_raise_type_error(read):
    for kwargs in ({"jobs": "2"}, {"lang": None}, {"lints": [("syntax", "deny")]},
                   {"lints": {1: "warn"}}, {"lints": {"warnings": 1}}):
        with pytest.raises(TypeError):
            read(b"1. e4 *", **kwargs)


@pytest.mark.parametrize("read", [jaque.read_games, jaque.read_arrow])
@pytest.mark.parametrize("jobs", [0, -1, -(2**40), -(2**70)])
def test_jobs_must_be_at_least_one(read, jobs):
    with pytest.raises(ValueError, match="^jobs must be at least 1$"):
        read(b"1. e4 *", jobs=jobs)


@pytest.mark.parametrize("read", [jaque.read_games, jaque.read_arrow])
def test_jobs_beyond_any_machine_integer_are_the_most_there_are(read):
    # Asking for more threads than a machine integer holds is asking for the cap.
    rows = read(b"1. e4 *\n\n1. d4 *\n", jobs=2**70)
    if read is jaque.read_arrow:
        rows = pa.RecordBatchReader.from_stream(rows).read_all().to_pylist()
    assert [row["san"] if isinstance(row, dict) else row.san for row in rows] == [["e4"], ["d4"]]


@pytest.mark.parametrize("batch_size", [0, -1, -(2**40)])
def test_batch_size_must_be_at_least_one(batch_size):
    with pytest.raises(ValueError, match="^batch_size must be at least 1$"):
        jaque.read_arrow(b"1. e4 *", batch_size=batch_size)


@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="counts threads in /proc")
@pytest.mark.parametrize("read", ["read_games", "read_arrow"])
def test_jobs_beyond_the_cap_check_on_that_many_threads(read):
    # In an interpreter of its own, whose threads are its own to count.
    code = f"""
        import json, os
        import jaque, pyarrow
        names = ["variations.pgn", "generated.pgn", "repetition.pgn"]
        text = b"\\n".join(open({str(PGN)!r} + "/" + name, "rb").read() for name in names)
        def threads():
            return len(os.listdir("/proc/self/task"))
        before = threads()
        if {read!r} == "read_games":
            games = jaque.read_games(text, jobs=10**6)
            rows = len([next(games)])
            during = threads()
            rows += sum(1 for _ in games)
        else:
            stream = jaque.read_arrow(text, jobs=10**6, batch_size=16)
            batches = pyarrow.RecordBatchReader.from_stream(stream)
            rows = batches.read_next_batch().num_rows
            during = threads()
            rows += sum(batch.num_rows for batch in batches)
        print(json.dumps([before, during, rows]))
    """
    done = run_python(code)
    assert done.returncode == 0, done.stderr
    before, during, rows = json.loads(done.stdout)
    assert rows == len(list(jaque.read_games(many_games())))
    # MAX_JOBS checking threads, and at most a thread that cuts games and one that decodes.
    assert MAX_JOBS <= during - before <= MAX_JOBS + 2, (before, during)


@pytest.mark.parametrize("table", ["game", "Games", "", "moves "])
def test_an_unknown_table_raises_value_error_naming_the_tables(table):
    with pytest.raises(ValueError, match="the tables are games, moves and positions"):
        jaque.read_arrow(b"1. e4 *", table=table)


@pytest.mark.parametrize("read", [jaque.read_games, jaque.read_arrow, jaque.check])
def test_unknown_lints_and_levels_raise_value_error(read):
    source = "1. e4 *" if read is jaque.check else b"1. e4 *"
    with pytest.raises(ValueError, match="no_such_lint"):
        read(source, lints={"no_such_lint": "warn"})
    with pytest.raises(ValueError, match="loud"):
        read(source, lints={"warnings": "loud"})
    with pytest.raises(ValueError, match="`illegal_move` is an error, not a lint"):
        read(source, lints={"illegal_move": "allow"})
    with pytest.raises(ValueError, match="xx"):
        read(source, lang="xx")


@pytest.mark.parametrize("ply", [-1, -2, 3, 100])
def test_a_position_outside_the_game_raises_index_error(ply):
    game = next(jaque.read_games(b"1. e4 e5 *"))
    assert [game.position(p).fen for p in range(3)][-1] == game.final_fen
    with pytest.raises(IndexError, match=f"no position after ply {ply}: the game has 2 plies"):
        game.position(ply)


# Streams read twice.


def test_an_arrow_stream_is_read_once():
    stream = jaque.read_arrow(b"1. e4 e5 *", table="moves")
    assert pa.table(stream).num_rows == 2
    with pytest.raises(RuntimeError, match="read already"):
        pa.table(stream)
    with pytest.raises(RuntimeError, match="read already"):
        stream.__arrow_c_stream__()


def test_an_arrow_stream_taken_and_dropped_unread_is_harmless():
    stream = jaque.read_arrow(many_games())
    capsule = stream.__arrow_c_stream__()
    del capsule, stream
    assert pa.table(jaque.read_arrow(b"1. e4 *")).num_rows == 1


def test_games_after_the_end_stay_ended():
    games = jaque.read_games(b"1. e4 *")
    assert len(list(games)) == 1
    assert next(games, None) is None


# File objects that fail.


class Failing:
    """A file object whose read() gives `good` chunks of `text`, then raises `error`."""

    def __init__(self, text: bytes, good: int, error: BaseException):
        self.file, self.good, self.error = io.BytesIO(text), good, error
        self.name = "failing.pgn"

    def read(self, size: int = -1):
        if self.good == 0:
            raise self.error
        self.good -= 1
        return self.file.read(min(size, 4096))


# A file object's exceptions, made anew for each test: Ctrl-C and sys.exit() among them.
ERRORS = {
    "OSError": lambda: OSError("disk on fire"),
    "KeyboardInterrupt": KeyboardInterrupt,
    "SystemExit": lambda: SystemExit(3),
}


@pytest.mark.parametrize("read", [jaque.read_games, jaque.read_arrow])
@pytest.mark.parametrize("kind", ERRORS)
def test_a_file_object_failing_at_once_raises_its_exception_at_the_call(read, kind):
    # The first bytes are read at the call, to tell compressed input from text.
    error = ERRORS[kind]()
    with pytest.raises(BaseException) as raised:
        read(Failing(b"1. e4 *", 0, error))
    assert raised.value is error


@pytest.mark.parametrize("kind", ERRORS)
def test_a_file_object_failing_later_gives_the_games_before_then_raises(kind):
    text = many_games()
    error = ERRORS[kind]()
    games = jaque.read_games(Failing(text, 30, error))
    yielded = []
    with pytest.raises(BaseException) as raised:
        for game in games:
            yielded.append(game)
    assert raised.value is error
    assert len(yielded) > 0
    every = list(jaque.read_games(text))
    assert [game.san for game in yielded] == [game.san for game in every[: len(yielded)]]
    # The error ends the games.
    assert next(games, None) is None


def test_a_file_object_failing_later_fails_the_arrow_stream_with_its_message():
    # pyarrow reads the stream, and the Arrow C stream interface carries a message only:
    # the file object's exception is named in it.
    text = many_games()
    before = []
    with pytest.raises(OSError):
        for game in jaque.read_games(Failing(text, 30, OSError("disk on fire"))):
            before.append(game)
    rows = 0
    message = "cannot read failing.pgn: OSError: disk on fire"
    with pytest.raises(pa.ArrowInvalid, match=message):
        stream = jaque.read_arrow(Failing(text, 30, OSError("disk on fire")), batch_size=16)
        for batch in pa.RecordBatchReader.from_stream(stream):
            rows += batch.num_rows
    assert rows == len(before) > 0


@pytest.mark.parametrize("read", [jaque.read_games, jaque.read_arrow])
@pytest.mark.parametrize("result", [42, None, bytearray(b"1. e4 *"), ["1. e4 *"]])
def test_a_file_object_giving_neither_bytes_nor_str_raises_read_error(read, result):
    class Wrong:
        def read(self, size=-1):
            return result

    message = r"^cannot read <stream>: the file object's read\(\) gave neither bytes nor str$"
    with pytest.raises(jaque.ReadError, match=message):
        read(Wrong())  # at the call, which reads the first bytes


@pytest.mark.parametrize("read", [jaque.read_games, jaque.read_arrow])
def test_a_closed_file_object_raises_its_value_error_at_the_call(read):
    file = io.BytesIO(b"1. e4 *")
    file.close()
    with pytest.raises(ValueError, match="I/O operation on closed file") as raised:
        read(file)
    assert type(raised.value) is ValueError  # io's own, not a ReadError


def test_a_text_file_object_with_a_lone_surrogate_raises_read_error():
    with pytest.raises(jaque.ReadError, match="surrogates not allowed"):
        list(jaque.read_games(io.StringIO("1. e4 \ud800 e5 *")))


def test_file_objects_giving_more_than_asked_are_read_whole():
    class Generous:
        def __init__(self, text):
            self.file = io.BytesIO(text)

        def read(self, size=-1):
            return self.file.read(3 * size + 7)

    text = (PGN / "generated.pgn").read_bytes()
    assert len(list(jaque.read_games(Generous(text)))) == len(list(jaque.read_games(text)))


def test_exiting_while_a_file_object_is_read_does_not_crash():
    """The interpreter ends while a reading thread is inside a slow read(): the atexit hook
    waits for it, the GIL released, instead of letting it take the GIL back mid-exit."""
    code = f"""
        import io, time, jaque
        text = open({str(PGN / "generated.pgn")!r}, "rb").read() * 20
        class Slow:
            def __init__(self):
                self.file = io.BytesIO(text)
            def read(self, size=-1):
                time.sleep(0.001)  # the GIL released, as real I/O does
                return self.file.read(min(size, 4096))
        games = jaque.read_games(Slow(), jobs=1)
        next(games)
        # Garbage that makes the interpreter's finalization last.
        garbage = [{{"n": [i, str(i)]}} for i in range(300_000)]
        for i in range(len(garbage) - 1):
            garbage[i]["next"] = garbage[i + 1]
    """
    for _ in range(3):
        assert run_python(code).returncode == 0


# The exceptions.


def test_every_exception_of_the_package_is_a_value_error():
    exceptions = [
        value
        for name in jaque.__all__
        if isinstance(value := getattr(jaque, name), type) and issubclass(value, BaseException)
    ]
    assert {e.__name__ for e in exceptions} >= {
        "ReadError", "FenError", "InvalidMoveError", "IllegalMoveError", "AmbiguousMoveError"
    }
    for exception in exceptions:
        assert issubclass(exception, ValueError), exception
        assert exception.__module__ == "jaque"
        assert exception.__doc__
        # Picklable, as Dask and multiprocessing send them between processes.
        copy = pickle.loads(pickle.dumps(exception("a message")))
        assert type(copy) is exception and str(copy) == "a message"


def test_read_errors_are_caught_as_value_errors():
    with pytest.raises(ValueError):
        list(jaque.read_games(RANDOM))
    with pytest.raises(ValueError):
        pa.table(jaque.read_arrow(RANDOM))
