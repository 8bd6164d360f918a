"""Fuzzing the reader from Python: seeded random inputs (random bytes, PGN-ish fragments,
damaged real games, compression and byte-order-mark prefixes) through `read_games`, every
attribute of every game touched, and through `read_arrow` for the three tables, which must
agree with the games and fail where they do, with their error. Each chunk of cases runs in
an interpreter of its own, so that a crash or a hang fails its chunk with its seed instead
of ending pytest.

Reproduce a failure: `python tests/test_fuzz.py SEED COUNT [--case I] [--show]`.
Scale: JAQUE_FUZZ_CASES (default 4000), JAQUE_FUZZ_SEED.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import gzip
import io
import json
import math
import os
import random
import signal
import subprocess
import sys
import traceback
from pathlib import Path

PGN = Path(__file__).parents[2] / "tests/data/pgn"
CASES = int(os.environ.get("JAQUE_FUZZ_CASES", "4000"))
SEED = int(os.environ.get("JAQUE_FUZZ_SEED", "20261127"))
CHUNK = 200
CHUNKS = math.ceil(CASES / CHUNK)
TIMEOUT = 180


# The inputs.

TAGS = [
    '[Event "Casual"]', '[White "Tal, M."]', '[Black "Петросян"]', '[Result "1-0"]',
    '[Result "*"]', '[Date "2024.01.??"]', '[SetUp "1"]', '[Variant "chess960"]',
    '[Variant "crazyhouse"]', '[Variant "fromPosition"]', '[TimeControl "180+2"]',
    '[FEN "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"]',
    '[FEN "4k3/8/8/8/8/8/8/4K2R w K - 0 1"]', '[FEN "8/8/8/8/8/8/8/8 w - - 0 1"]',
    '[FEN "not a fen"]',
    '[FEN "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"]',
    '[FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra"]',
    '[FEN "k7/8/8/8/8/8/8/7K w - - 99 80"]', '[Annotator ""]', '[Empty ""]',
    '[Bad "unterminated]', '[NoValue]', '["quoted"]', '[a "\\" escaped \\\\"]',
]
MOVES = [
    "e4", "e5", "d4", "d5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "O-O-O", "0-0",
    "0-0-0", "exd5", "dxe4", "Qxf7#", "Qh5", "Bc4", "Ke2", "Kxh8+", "e8=Q", "e8Q", "exd8=N+",
    "Nbd2", "R1a3", "Raxd1", "--", "Z0", "P@e4", "N@f3", "Pe4", "e2e4", "g1f3", "e7e8q",
    "Nf3!", "e4!?", "d4?!", "Qd8??", "Bxf7+!!", "Ng5+-", "h3", "Kd1", "Qxd8+", "Kxd8",
    "c4", "c5", "Nc3", "b6", "Bg5", "h6", "Bh4", "g5", "Bg3", "Ne4", "f3", "Nxg3", "hxg3",
    "Ke7", "Kf8", "e1=Q", "a8=R", "b1=B", "xx", "N", "Kf", "e9", "i4", "@", "♞f3", "Cf3",
    "Sf3", "Dd1", "Tc1", "Lb5", "Fc4", "Rd1", "Ab5",
]
RESULTS = ["1-0", "0-1", "1/2-1/2", "½-½", "*", "1-1", "0-0"]
NUMBERS = ["1.", "1...", "2.", "12.", "3…", "0.", "999.", "1 .", "1.e4", "2...e5"]
COMMENTS = [
    "{a comment}", "{[%clk 0:03:00]}", "{ [%eval 0.25] [%clk 0:02:59.5] }", "{[%eval #-3]}",
    "{[%eval #4]}", "{[%eval -12.75]}", "{[%clk 1:00]}", "{[%eval x]}", "{[%csl Ga4]}",
    "{unterminated", "}", "{nested {braces}}", "{ünïcödé ♔ 🐴}", "{}", "{\n}", "{%}",
]
NAGS = ["$1", "$2", "$14", "$255", "$256", "$", "!", "?", "!!", "??", "!?", "?!", "+-", "="]
OTHER = [
    "(", ")", "(1... e5)", "(e5 (d5))", "((", "))", "[", "]", "{", "}", ";", "; rest of line\n",
    "\n%escaped line\n", "%", "\0", "\r", "\n", "\r\n", "\n\r", "\t", "\x0b", "\x0c", "\x1b",
    "\x7f", "é", "\u00a0", "\u200b", "\ufeff", "\ufffd", "\u202e", "𝕖4", "日本", "<", ">",
    "\\", '"', "...", "…", "#", "+", "=", "x", ":", "e", "1", "a" * 300, "1." * 40,
]
SEPARATORS = [" ", " ", " ", "\n", "\r\n", "\r", "\n\n", "\t", "", "  "]
PREFIXES = [
    b"\x28\xb5\x2f\xfd", b"\x1f\x8b", b"\x1f\x8b\x08\x00", b"\x50\x2a\x4d\x18",
    b"\x5f\x2a\x4d\x18\x04\x00\x00\x00abcd", b"\xef\xbb\xbf", b"\xff\xfe", b"\xfe\xff",
    b"\xff\xfe\x00\x00", b"\0", b"\x89PNG\r\n\x1a\n",
]


def real_games() -> list[str]:
    """The vendored games of at most 2 kB, as text."""
    games = []
    for name in ("generated.pgn", "variations.pgn", "repetition.pgn"):
        text = (PGN / name).read_text(encoding="utf-8")
        games += ["[Event " + g if i else g for i, g in enumerate(text.split("\n[Event "))]
    return [game for game in games if len(game) <= 2000]


def tokens(rng: random.Random) -> str:
    """PGN-ish text: tags, then movetext tokens, some games of it."""
    parts = []
    for _ in range(rng.choice([1, 1, 1, 2, 3])):
        parts += rng.sample(TAGS, rng.randint(0, 4))
        parts.append(rng.choice(["", "\n", "\n\n"]))
        for _ in range(rng.randint(0, 30)):
            pools = [MOVES, NUMBERS, COMMENTS, NAGS, OTHER, RESULTS]
            pool = rng.choices(pools, [10, 4, 2, 1, 3, 1])[0]
            parts.append(rng.choice(pool))
            parts.append(rng.choice(SEPARATORS))
        parts.append(rng.choice(RESULTS + [""]))
        parts.append(rng.choice(["\n\n", "\n", "", "\r\n\r\n"]))
    return "".join(parts)


def mutated(rng: random.Random, games: list[str]) -> bytes:
    """A real game (or two) with bytes flipped, spans cut, duplicated or moved, tokens put in."""
    data = bytearray("\n".join(rng.sample(games, rng.choice([1, 1, 2]))).encode())
    for _ in range(rng.randint(1, 6)):
        if not data:
            break
        at = rng.randrange(len(data))
        span = rng.randint(1, 40)
        action = rng.randrange(6)
        if action == 0:
            data[at] = rng.randrange(256)
        elif action == 1:
            del data[at : at + span]
        elif action == 2:
            data[at:at] = data[at : at + span]
        elif action == 3:
            token = rng.choice(MOVES + OTHER + COMMENTS + NAGS + NUMBERS + TAGS)
            data[at:at] = token.encode()
        elif action == 4:
            data[at:at] = rng.choice([b"\r", b"\r\n", b"\n\n", b"\0", b"\xff", b"\xc3"])
        else:
            other = rng.randrange(len(data))
            data[other:other] = data[at : at + span]
    return bytes(data)


def compressed(rng: random.Random, data: bytes) -> bytes:
    """`data` as zstd or gzip, whole, truncated, or with a damaged byte."""
    if rng.random() < 0.5:
        import zstandard

        packed = zstandard.ZstdCompressor(level=1).compress(data)
    else:
        packed = gzip.compress(data, mtime=0)
    damage = rng.randrange(4)
    if damage == 1 and packed:
        packed = packed[: rng.randrange(len(packed))]
    elif damage == 2 and packed:
        at = rng.randrange(len(packed))
        packed = packed[:at] + bytes([packed[at] ^ 0xFF]) + packed[at + 1 :]
    elif damage == 3:
        packed = packed + packed  # two frames, or two gzip members
    return packed


def make_case(seed: int, index: int, games: list[str]) -> tuple[str, bytes]:
    """Case `index` of the chunk `seed`: its kind and its bytes (the same every run)."""
    rng = random.Random(f"{seed}-{index}")
    kind = rng.choices(
        ["random", "tokens", "mutated", "prefixed", "compressed", "utf16", "crlf", "deep", "many"],
        [2, 6, 6, 1, 1, 1, 1, 0.5, 0.5],
    )[0]
    if kind == "random":
        data = rng.randbytes(rng.randint(0, 300))
    elif kind == "tokens":
        data = tokens(rng).encode("utf-8", "surrogatepass")
    elif kind == "mutated":
        data = mutated(rng, games)
    elif kind == "prefixed":
        body = rng.choice([tokens(rng).encode(), rng.randbytes(rng.randint(0, 100))])
        data = rng.choice(PREFIXES) + body
    elif kind == "compressed":
        data = compressed(rng, rng.choice([tokens(rng).encode(), mutated(rng, games)]))
    elif kind == "utf16":
        text = rng.choice([tokens(rng), rng.choice(games)])
        data = text.encode(rng.choice(["utf-16", "utf-16-le", "utf-16-be"]))
        if rng.random() < 0.3 and data:
            data = data[: rng.randrange(len(data))]  # an odd byte, a lone surrogate
    elif kind == "crlf":
        text = rng.choice(games)
        data = text.replace("\n", rng.choice(["\r\n", "\r", "\n\r", "\r\r\n"])).encode()
    elif kind == "deep":
        # Nesting (variations, comments, tags) thousands deep, closed or not.
        depth = rng.choice([10, 100, 1000, 5000])
        opening, closing = rng.choice(
            [("(1. d4 ", ")"), ("(", ")"), ("{", "}"), ("[", "]"), ("(e5 ", ""), ("1. e4 (", ")")]
        )
        closed = rng.choice([depth, 0, depth // 2])
        data = ("1. e4 " + opening * depth + closing * closed + " e5 *").encode()
    else:
        # Many games (damaged here and there): several batches of the parallel reader.
        data = b"\n\n".join(
            mutated(rng, games) if rng.random() < 0.3 else rng.choice(games).encode()
            for _ in range(rng.randint(10, 40))
        )
    return kind, data


# The checks, run in the child interpreter.

# The diagnostics kept of a game (jaque::pgn::MAX_DIAGNOSTICS_PER_GAME); the rest are counted.
MAX_DIAGNOSTICS = 1000

STATUSES = {
    "checkmate", "stalemate", "insufficient_material", "fifty_moves", "threefold", "ongoing",
    "unsupported", None,
}


def source_of(rng: random.Random, data: bytes):
    """`data` as one of the sources the readers take (a new one each call), and the name
    their errors give it."""
    form = rng.choice(["bytes", "bytes", "bytes", "bytearray", "memoryview", "file"])
    if form == "bytearray":
        return bytearray(data), "<bytes>"
    if form == "memoryview":
        return memoryview(data), "<bytes>"
    if form == "file":
        return io.BytesIO(data), "<stream>"  # a file object without a name
    return data, "<bytes>"


def check_game(game, number: int) -> None:
    """Every attribute of `game`, and how they agree."""
    import jaque

    assert game.index == number, (game.index, number)
    assert game.line >= 1
    assert isinstance(game.file, str)
    tags = game.tags
    assert all(isinstance(k, str) and isinstance(v, str) for k, v in tags.items())
    plies = game.plies
    san, uci = game.san, game.uci
    assert plies == len(san) == len(uci), (plies, san, uci)
    for column in (game.comments, game.nags, game.clocks, game.eval_cp, game.eval_mate):
        assert len(column) == plies
    assert all(isinstance(c, str) for c in game.comments)
    assert all(isinstance(nags, list) for nags in game.nags)
    assert all(type(nag) is int and 0 <= nag <= 255 for nags in game.nags for nag in nags)
    assert game.status in STATUSES, game.status
    assert game.result is None or isinstance(game.result, str)
    assert isinstance(game.text, str)
    repr(game)
    diagnostics = game.diagnostics
    for d in diagnostics:
        assert d.severity in ("error", "warning"), d.severity
        assert d.code and isinstance(d.message, str) and d.message
        assert d.line >= 1 and d.column >= 1, repr(d)
        assert (d.end_line, d.end_column) >= (d.line, d.column), repr(d)
        assert d.ply is None or d.ply >= 1
        assert d.san is None or isinstance(d.san, str)
        repr(d)
        for s in d.suggestions:
            assert s.applicability in ("machine_applicable", "maybe_incorrect")
            assert (s.end_line, s.end_column) >= (s.line, s.column) >= (1, 1), repr(s)
            assert isinstance(s.replacement, str)
            repr(s)
    errors = sum(d.severity == "error" for d in diagnostics)
    warnings = len(diagnostics) - errors
    if len(diagnostics) < MAX_DIAGNOSTICS:
        assert (game.errors, game.warnings) == (errors, warnings), repr(game)
    else:
        # Beyond the diagnostics kept, the counts go on.
        assert len(diagnostics) == MAX_DIAGNOSTICS
        assert game.errors >= errors and game.warnings >= warnings, repr(game)

    try:
        game.position(-1)
        raise AssertionError("a position before the game")
    except IndexError:
        pass
    final = game.final_fen
    if final is None:
        assert plies == 0
        try:
            game.position(0)
        except IndexError:
            pass
        return
    positions = [game.position(ply) for ply in range(plies + 1)]
    assert positions[-1].fen == final, (positions[-1].fen, final)
    try:
        game.position(plies + 1)
        raise AssertionError("a position after the last ply played")
    except IndexError:
        pass
    for ply, position in enumerate(positions):
        assert position.turn in ("w", "b")
        position.is_check()
        legal = position.legal_moves()
        str(position), repr(position), hash(position)
        try:
            again = jaque.Position(position.fen)
        except jaque.FenError:
            again = jaque.Position(position.fen, chess960=True)
        assert again.fen == position.fen
        if ply == plies:
            break
        if uci[ply] == "0000":  # a null move
            assert san[ply] == "--"
            continue
        assert uci[ply] in legal, (ply, uci[ply], legal)
        assert position.san(uci[ply]) == san[ply], (ply, position.san(uci[ply]), san[ply])
        assert position.play_uci(uci[ply]) == positions[ply + 1]


def check_case(rng: random.Random, data: bytes) -> int:
    """`data` through read_games and read_arrow: the games' invariants, and the tables'
    agreement with the games. Returns the games read."""
    import jaque
    import pyarrow as pa

    options = {"jobs": rng.choice([None, 1, 2])}
    if rng.random() < 0.2:
        options["lang"] = rng.choice(["en", "es", "de", "fr", "nl"])
    if rng.random() < 0.2:
        options["lints"] = rng.choice(
            [
                {"warnings": "deny"},
                {"warnings": "allow"},
                {"warnings": "allow", "check_annotation": "warn"},
            ]
        )

    games, failed, reason = [], None, None
    source, name = source_of(rng, data)
    try:
        for game in jaque.read_games(source, **options):
            check_game(game, len(games))
            games.append(game)
    except jaque.ReadError as error:
        failed = str(error)
        assert failed.startswith(f"cannot read {name}: "), failed
        reason = failed.removeprefix(f"cannot read {name}: ")

    for table in ("games", "moves", "positions"):
        batches, error = [], None
        source, name = source_of(rng, data)
        batch_size = rng.choice([1, 3, 64, 65536])
        stream = jaque.read_arrow(source, table=table, batch_size=batch_size, **options)
        reader = pa.RecordBatchReader.from_stream(stream)
        try:
            for batch in reader:
                batches.append(batch)
        except pa.ArrowInvalid as raised:
            error = raised
        assert (error is None) == (failed is None), (table, failed, error)
        if error is not None:
            # read_games's error, naming the input (after pyarrow's "Invalid argument error: ").
            assert str(error).endswith(f"cannot read {name}: {reason}"), (str(error), failed)
        rows = pa.Table.from_batches(batches, schema=reader.schema)
        if table == "games":
            check_games_table(rows, games)
        elif table == "moves":
            check_moves_table(rows, games)
        else:
            assert rows.num_rows == sum(game.plies for game in games)
            numbers = [g.index for g in games for _ in range(g.plies)]
            assert rows.column("game").to_pylist() == numbers
            assert rows.column("uci").to_pylist() == [u for g in games for u in g.uci]
    return len(games)


def check_games_table(rows, games) -> None:
    assert rows.num_rows == len(games), (rows.num_rows, len(games))
    for row, game in zip(rows.to_pylist(), games):
        assert row["index"] == game.index and row["line"] == game.line
        assert row["plies"] == game.plies and row["san"] == game.san and row["uci"] == game.uci
        assert row["errors"] == game.errors and row["warnings"] == game.warnings
        assert row["final_fen"] == game.final_fen and row["status"] == game.status
        assert row["result"] == game.result
        for column in ("event", "site", "date", "round", "white", "black"):
            assert row[column] == game.tags.get(column.capitalize()), column
        assert [d["code"] for d in row["diagnostics"]] == [d.code for d in game.diagnostics]


def check_moves_table(rows, games) -> None:
    assert rows.num_rows == sum(game.plies for game in games)
    expected = [
        (g.index, ply + 1, g.san[ply], g.uci[ply], g.position(ply).fen, g.clocks[ply],
         g.eval_cp[ply], g.eval_mate[ply], g.nags[ply], g.comments[ply] or None)
        for g in games
        for ply in range(g.plies)
    ]
    columns = [
        "game", "ply", "san", "uci", "fen", "clock", "eval_cp", "eval_mate", "nags", "comment"
    ]
    got = list(zip(*(rows.column(c).to_pylist() for c in columns)))
    assert got == expected, next((g, e) for g, e in zip(got, expected) if g != e)


def run_chunk(seed: int, count: int, only: int | None = None, show: bool = False) -> dict:
    """Runs the cases of a chunk; the report says which failed, and how."""
    games_pool = real_games()
    report = {"seed": seed, "cases": 0, "games": 0, "failures": []}
    for index in range(count) if only is None else [only]:
        kind, data = make_case(seed, index, games_pool)
        if show:
            print(f"case {index} ({kind}): {data!r}")
        print(f"case {index}", file=sys.stderr, flush=True)  # the last one names a crash
        rng = random.Random(f"{seed}-{index}-options")
        try:
            report["games"] += check_case(rng, data)
        except Exception:
            if len(report["failures"]) < 10:
                report["failures"].append(
                    {"case": index, "kind": kind, "input": repr(data[:400]),
                     "error": traceback.format_exc(limit=4)}
                )
        report["cases"] += 1
    return report


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description="a chunk of fuzz cases, in this interpreter")
    parser.add_argument("seed", type=int)
    parser.add_argument("count", type=int)
    parser.add_argument("--case", type=int, help="only this case")
    parser.add_argument("--show", action="store_true", help="print each case's input")
    args = parser.parse_args()
    print(json.dumps(run_chunk(args.seed, args.count, args.case, args.show)))
    sys.exit(0)


# The test, run by pytest: chunks in child interpreters, as many at once as there are cores.

# The child interpreters need both; the test fails, not skips, without them.
import pyarrow  # noqa: E402, F401
import pytest  # noqa: E402
import zstandard  # noqa: E402, F401


def run_child(seed: int, count: int):
    try:
        return subprocess.run(
            [sys.executable, __file__, str(seed), str(count)],
            capture_output=True,
            text=True,
            timeout=TIMEOUT,
        )
    except subprocess.TimeoutExpired as expired:
        return expired


@pytest.fixture(scope="module")
def chunks():
    """Every chunk's child interpreter, started at once (a few at a time)."""
    with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        yield {
            chunk: pool.submit(run_child, SEED + chunk, min(CHUNK, CASES - chunk * CHUNK))
            for chunk in range(CHUNKS)
        }


def last_case(stderr) -> str:
    if isinstance(stderr, bytes):
        stderr = stderr.decode(errors="replace")
    lines = [line for line in (stderr or "").splitlines() if line.startswith("case ")]
    return lines[-1].split()[1] if lines else "?"


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_fuzz(chunks, chunk):
    seed, count = SEED + chunk, min(CHUNK, CASES - chunk * CHUNK)
    done = chunks[chunk].result()
    again = f"python tests/test_fuzz.py {seed} {count} --case {{case}} --show"
    if isinstance(done, subprocess.TimeoutExpired):
        case = last_case(done.stderr)
        again = again.format(case=case)
        pytest.fail(f"seed {seed}: no end after {TIMEOUT} s, at case {case}: {again}")
    if done.returncode < 0:
        case = last_case(done.stderr)
        name = signal.Signals(-done.returncode).name
        pytest.fail(
            f"seed {seed}: the interpreter crashed ({name}) at case {case}: "
            + again.format(case=case)
            + "\n" + done.stderr[-3000:]
        )
    assert done.returncode == 0, done.stderr[-3000:]
    report = json.loads(done.stdout.splitlines()[-1])
    assert report["cases"] == count
    failures = "\n\n".join(
        f"case {f['case']} ({f['kind']}): {again.format(case=f['case'])}\n"
        f"{f['input']}\n{f['error']}"
        for f in report["failures"]
    )
    assert not report["failures"], f"seed {seed}:\n{failures}"


def test_nags_are_lists_of_numbers():
    import jaque
    import pyarrow as pa

    text = b"1. e4 $5 $10 e5 2. Nf3! *"
    game = next(jaque.read_games(text))
    assert game.nags == [[5, 10], [], [1]]
    # As the moves table has them.
    moves = pa.table(jaque.read_arrow(text, table="moves"))
    assert moves.column("nags").to_pylist() == game.nags


def test_a_repeated_tag_has_its_last_value_in_the_game_and_the_table():
    import jaque
    import pyarrow as pa

    text = b'[White "A"]\n[Event "E"]\n[White "B"]\n[Black "C"]\n[Black "D"]\n\n1. e4 *\n'
    game = next(jaque.read_games(text))
    row = pa.table(jaque.read_arrow(text)).to_pylist()[0]
    assert game.tags == {"White": "B", "Event": "E", "Black": "D"}
    assert (row["white"], row["event"], row["black"]) == ("B", "E", "D")
    assert [d.code for d in game.diagnostics].count("duplicate_tag") == 2


def test_a_repeated_result_tag_has_its_last_value_in_the_result():
    import jaque

    game = next(jaque.read_games(b'[Result "0-1"]\n[Result "1-0"]\n\n1. e4 1-0\n'))
    assert game.tags["Result"] == "1-0"
    assert game.result == "1-0"
    assert "result_mismatch" not in [d.code for d in game.diagnostics]
