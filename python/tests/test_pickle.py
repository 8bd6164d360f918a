"""Games pickle, as Dask and multiprocessing send them between processes: each comes back
as it was read, whatever its encoding, its place in the file and the settings it was checked
with."""

import pickle
from concurrent.futures import ProcessPoolExecutor

import jaque

# Three games: the second Latin-1 (an accent in a tag) with a missing check mark, the third
# with German piece letters and an illegal move.
TEXT = (
    b'[Event "A"]\n\n1. e4 e5 2. Nf3 Nc6 {[%clk 0:01:00]} 3. Bb5 $1 a6 *\n\n'
    b'[Event "Caf\xe9"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7 1-0\n\n'
    b'[Event "C"]\n\n1. e4 e5 2. Sf3 Sc6 3. Ke3 *\n'
)
SETTINGS = [
    {},
    {"lang": "de"},
    {"lints": {"check_annotation": "deny", "missing_tag": "allow"}},
    {"lints": {"warnings": "allow"}},
]


def described(game):
    """Everything a game says, as plain values."""
    fields = [
        "index", "file", "line", "tags", "plies", "final_fen", "status", "result", "san",
        "uci", "comments", "nags", "clocks", "eval_cp", "eval_mate", "errors", "warnings",
        "text",
    ]  # fmt: skip
    diagnostics = [
        (d.code, d.severity, d.message, d.line, d.column, d.end_line, d.end_column, d.ply,
         d.san, [(s.line, s.column, s.replacement, s.applicability) for s in d.suggestions])
        for d in game.diagnostics
    ]  # fmt: skip
    return {name: getattr(game, name) for name in fields} | {"diagnostics": diagnostics}


def test_games_come_back_from_pickle_as_they_were_read():
    for settings in SETTINGS:
        games = list(jaque.read_games(TEXT, **settings))
        assert len(games) == 3
        for game in games:
            copy = pickle.loads(pickle.dumps(game))
            assert described(copy) == described(game), (settings, game)
            assert repr(copy) == repr(game)
    # The settings travelled: under the defaults the Latin-1 game has warnings, allowed here.
    quiet = list(jaque.read_games(TEXT, lints={"warnings": "allow"}))[1]
    loud = list(jaque.read_games(TEXT))[1]
    assert loud.warnings > 0 and quiet.warnings == 0
    assert pickle.loads(pickle.dumps(quiet)).warnings == 0
    # And the encoding: the note that the game is not UTF-8 comes back with it.
    notes = [d.message for d in pickle.loads(pickle.dumps(loud)).diagnostics]
    assert "the game is not UTF-8: read as Latin-1" in notes


def test_games_from_check_pickle_too():
    for game in jaque.check(TEXT.decode("latin-1"), lang="de"):
        assert described(pickle.loads(pickle.dumps(game))) == described(game)


def read_from_worker(text):
    return list(jaque.read_games(text, lints={"check_annotation": "deny"}))


def test_games_read_in_worker_processes_come_back_whole():
    with ProcessPoolExecutor(max_workers=2) as pool:
        results = list(pool.map(read_from_worker, [TEXT, TEXT[:60]]))
    here = [read_from_worker(TEXT), read_from_worker(TEXT[:60])]
    assert [[described(g) for g in r] for r in results] == [
        [described(g) for g in r] for r in here
    ]
    assert results[0][1].errors == 1  # the missing # of Qxf7, denied
