"""`jaque.Index` and `jaque.index`: the position index built and asked from Python.

The expected answers of the small file are worked out by hand from its games (CONTRACT.md,
"Index": a game counts once for a position, at its first occurrence; `*` counts in `games`
only; equal counts in UCI order); those of the shared files come from python-chess 1.11.2
(tests/data/index/oracle_shared.jsonl, made by tools/gen/gen_index_oracle.py)."""

import json
import os

import pytest

import jaque
from conftest import ROOT

GAMES = [
    # 1: rated 1900 on average, blitz, 2020; reaches the Four Knights' start by 1. e4.
    ('[White "A"]\n[Black "B"]\n[WhiteElo "2000"]\n[BlackElo "1800"]\n[Date "2020.01.15"]\n'
     '[TimeControl "180+0"]\n[Result "1-0"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 1-0\n'),
    # 2: rated 1500, rapid, 2021; the same position by 1. Nf3, at the same ply.
    ('[White "B"]\n[Black "C"]\n[WhiteElo "1500"]\n[BlackElo "1500"]\n[Date "2021.06.01"]\n'
     '[TimeControl "600+0"]\n[Result "0-1"]\n\n1. Nf3 Nc6 2. e4 e5 3. Bc4 0-1\n'),
    # 3: unrated, bullet, a date of 2022 with month and day unknown.
    ('[White "A"]\n[Black "C"]\n[Date "2022.??.??"]\n[TimeControl "60+0"]\n'
     '[Result "1/2-1/2"]\n\n1. e4 c5 1/2-1/2\n'),
    # 4: no result, ultrabullet, no date.
    '[White "C"]\n[Black "A"]\n[TimeControl "15+0"]\n[Result "*"]\n\n1. d4 d5 *\n',
    # 5: back to the start at ply 4 and to 1. Nf3 at ply 5: each counts once, at ply 0 and 1.
    ('[White "D"]\n[Black "E"]\n[Result "1-0"]\n\n'
     '1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 e5 1-0\n'),
]
TEXT = "\n".join(GAMES)
AFTER_NF3 = "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq -"


def starts():
    """Each game's byte offset (0-based) and line (1-based) in TEXT, counted here."""
    out, at = [], 0
    for game in GAMES:
        at = TEXT.index(game, at)
        out.append((at, TEXT.count("\n", 0, at) + 1))
        at += len(game)
    return out


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """The small file, indexed: (index path, PGN path, what `index` returned)."""
    folder = tmp_path_factory.mktemp("index")
    pgn = folder / "games.pgn"
    pgn.write_bytes(TEXT.encode())
    db = folder / "games.index"
    return db, pgn, jaque.index(db, [pgn], jobs=2)


def score(answer):
    return [answer[k] for k in ("games", "white", "draws", "black")]


def moves(answer):
    return [(m["san"], m["uci"], m["games"], m["white"], m["draws"], m["black"]) for m in answer["moves"]]


def test_index_reports_each_files_games(built):
    _, pgn, reports = built
    assert reports == [{"path": str(pgn), "status": "indexed", "games": 5, "indexed": 5,
                        "duplicates": 0, "unplayable": 0}]


def test_tree_of_the_start_counts_every_game_once_by_its_first_move(built):
    tree = jaque.Index(built[0]).tree()
    assert tree["fen"] == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -"
    assert score(tree) == [5, 2, 1, 1]  # game 4 (`*`) in games only
    assert tree["average_rating"] == (1900 + 1500) // 2
    assert moves(tree) == [
        ("e4", "e2e4", 2, 1, 1, 0),
        ("Nf3", "g1f3", 2, 1, 0, 1),  # game 5's second visit (ply 4) is not counted
        ("d4", "d2d4", 1, 0, 0, 0),
    ]
    assert [m["average_rating"] for m in tree["moves"]] == [1900, 1500, None]
    top = tree["top_games"]
    assert [(g["white"], g["black"]) for g in top] == [("A", "B"), ("B", "C")]
    assert top[0] == {"white": "A", "black": "B", "white_elo": 2000, "black_elo": 1800,
                      "result": "1-0", "date": "2020.01.15", "uci": "e2e4",
                      "offset": starts()[0][0], "line": starts()[0][1]}


def test_tree_after_a_transposition_has_both_games(built):
    index = jaque.Index(built[0])
    by_moves = index.tree(moves="e4 e5 Nf3 Nc6")
    assert by_moves == index.tree(moves=["Nf3", "Nc6", "e4", "e5"])
    assert by_moves == index.tree("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")
    assert score(by_moves) == [2, 1, 0, 1]
    assert moves(by_moves) == [("Bb5", "f1b5", 1, 1, 0, 0), ("Bc4", "f1c4", 1, 0, 0, 1)]


def test_tree_takes_the_move_of_the_first_visit_only(built):
    tree = jaque.Index(built[0]).tree(AFTER_NF3)
    assert score(tree) == [2, 1, 0, 1]
    assert moves(tree) == [("Nc6", "b8c6", 1, 0, 0, 1), ("Nf6", "g8f6", 1, 1, 0, 0)]


@pytest.mark.parametrize("filters, games, first_moves", [
    ({"rating": "1800..2000"}, 1, ["e4"]),
    ({"rating": (None, 1600)}, 1, ["Nf3"]),
    ({"rating": (1501, None)}, 1, ["e4"]),
    ({"speed": "blitz"}, 1, ["e4"]),
    ({"speed": ["rapid", "bullet"]}, 2, ["e4", "Nf3"]),
    ({"speed": "ultrabullet"}, 1, ["d4"]),
    ({"since": "2021"}, 2, ["e4", "Nf3"]),
    ({"until": "2020.12"}, 1, ["e4"]),
    ({"since": "2021.06.02", "until": "2022"}, 1, ["e4"]),
    ({"player": "A"}, 3, ["e4", "d4"]),
    ({"player": "A", "side": "black"}, 1, ["d4"]),
    ({"player": "A", "side": "white"}, 2, ["e4"]),
    ({"player": "nobody"}, 0, []),
])
def test_tree_filters_as_jaque_tree_does(built, filters, games, first_moves):
    tree = jaque.Index(built[0]).tree(**filters)
    assert tree["games"] == games
    assert [m["san"] for m in tree["moves"]] == first_moves


@pytest.mark.parametrize("filters, says", [
    ({"rating": "18x"}, "rating 18x"),
    ({"since": "soon"}, "since soon"),
    ({"speed": "fast"}, "speed: no speed called `fast`"),
    ({"player": "A", "side": "red"}, "side red"),
    ({"side": "white"}, "give the player"),
])
def test_a_wrong_filter_raises_value_error(built, filters, says):
    with pytest.raises(ValueError, match=says.replace("`", ".")):
        jaque.Index(built[0]).tree(**filters)


def test_find_gives_the_games_their_places_and_first_plies(built):
    db, pgn, _ = built
    found = jaque.Index(db).find(moves="e4 e5 Nf3 Nc6")
    (offset1, line1), (offset2, line2) = starts()[:2]
    assert found["games"] == 2
    assert found["problems"] == []
    assert [(g["file"], g["offset"], g["line"], g["ply"]) for g in found["found"]] == [
        (os.path.abspath(pgn), offset1, line1, 4),
        (os.path.abspath(pgn), offset2, line2, 4),
    ]
    assert found["found"][0]["tags"]["White"] == "A"
    assert found["found"][1]["tags"] == {
        "White": "B", "Black": "C", "WhiteElo": "1500", "BlackElo": "1500",
        "Date": "2021.06.01", "TimeControl": "600+0", "Result": "0-1"}


def test_find_counts_a_game_once_at_its_first_visit(built):
    found = jaque.Index(built[0]).find(AFTER_NF3)
    offset5, _ = starts()[4]
    assert found["games"] == 2
    assert [(g["offset"], g["ply"]) for g in found["found"]] == [(starts()[1][0], 1), (offset5, 1)]
    start = jaque.Index(built[0]).find(limit=2)
    assert start["games"] == 5
    assert [g["ply"] for g in start["found"]] == [0, 0]
    assert jaque.Index(built[0]).find("8/8/8/8/8/8/8/K1k5 w - -")["games"] == 0


def test_the_same_game_in_another_file_is_indexed_once(built, tmp_path):
    db, pgn, _ = built
    copy = tmp_path / "again.pgn"
    copy.write_text('[White "X"]\n[Black "Y"]\n[Result "1-0"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 1-0\n')
    other_db = tmp_path / "db"
    first, again, duplicate = jaque.index(other_db, [pgn, pgn, copy])
    assert first["status"] == "indexed"
    assert again["status"] == "already_indexed"
    assert (duplicate["status"], duplicate["games"], duplicate["duplicates"]) == ("indexed", 1, 1)
    assert jaque.Index(other_db).tree()["games"] == 5


def test_a_file_that_cannot_be_read_is_reported_and_the_others_indexed(built, tmp_path):
    missing = tmp_path / "missing.pgn"
    failed, indexed = jaque.index(tmp_path / "db", [missing, built[1]])
    assert failed["status"] == "failed" and "error" in failed
    assert indexed["status"] == "indexed"
    assert jaque.Index(tmp_path / "db").tree()["games"] == 5


def test_a_missing_index_a_directory_or_a_pgn_file_raises(built, tmp_path):
    with pytest.raises(FileNotFoundError):
        jaque.Index(tmp_path / "no.index")
    with pytest.raises(IsADirectoryError):
        jaque.Index(tmp_path)
    with pytest.raises(ValueError) as raised:
        jaque.Index(built[1])
    assert not isinstance(raised.value, OSError)
    assert "games.pgn" in str(raised.value)


def test_a_wrong_position_raises(built):
    index = jaque.Index(built[0])
    with pytest.raises(jaque.FenError):
        index.tree("not a fen")
    with pytest.raises(ValueError, match="Ke2"):
        index.find(moves="e4 Ke2 Ke2")
    with pytest.raises(ValueError, match="not both"):
        index.tree("8/8/8/8/8/8/8/K1k5 w - -", moves="e4")
    with pytest.raises(ValueError, match="limit"):
        index.find(limit=-1)


SHARED = ROOT.parent / "shared" / "data"


def test_tree_and_find_agree_with_python_chess_on_the_shared_files(tmp_path):
    """Every position of the oracle: tree's counts and moves, find's total and first 20."""
    if not SHARED.is_dir():
        pytest.skip(f"SKIPPED: {SHARED} (the project's shared data) is absent")
    with open(ROOT / "tests/data/index/oracle_shared.jsonl", encoding="utf-8") as lines:
        header = json.loads(next(lines))["shared"]
        answers = [json.loads(line) for line in lines]
    folder = SHARED / header["dir"]
    files = [folder / f["name"] for f in header["files"]]
    sizes = [os.path.getsize(f) for f in files]
    assert sizes == [f["bytes"] for f in header["files"]], "the shared files changed"
    db = tmp_path / "shared.index"
    reports = jaque.index(db, files)
    assert [r["games"] for r in reports] == [f["games"] for f in header["files"]]
    index = jaque.Index(db)
    wrong = []
    for answer in answers:
        want_tree, want_find = answer["tree"], answer["find"]
        tree = index.tree(answer["fen"])
        got = {k: tree[k] for k in ("games", "white", "draws", "black")}
        got["moves"] = [{k: m[k] for k in ("uci", "san", "games", "white", "draws", "black")}
                        for m in tree["moves"]]
        if got != want_tree:
            wrong.append(("tree", answer["fen"], got, want_tree))
        found = index.find(answer["fen"], limit=20)
        first = [{"file": os.path.basename(g["file"]), "offset": g["offset"], "line": g["line"],
                  "ply": g["ply"]} for g in found["found"]]
        if found["games"] != want_find["games"] or first != want_find["first"]:
            wrong.append(("find", answer["fen"], found["games"], want_find["games"]))
    assert len(answers) == 3000
    assert wrong == [], f"{len(wrong)} answers differ; the first: {wrong[:3]}"
