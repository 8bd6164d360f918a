"""`jaque export --table positions --partition-bits`: the positions as a Hive-style dataset
partitioned by key prefix, whose SQL in DuckDB gives `jaque tree`'s counts.

The oracle is the index: `jaque tree` (and `jaque.Index.tree`, the same tree) is held to
python-chess by the index's own tests (tests/data/index/oracle_shared.jsonl). Every position of
the input is asked both ways; the SQL is docs/cli.md's, read from there. The handmade games
make the rules matter: transpositions, a position repeated within a game, `*`, games ending in
the same position, an identical game with another result, a null move, an illegal move, an
en-passant square no capture can use; variations.pgn adds set-up and Chess960 games."""

import json
import re
import subprocess

import duckdb
import pytest

import jaque
from conftest import PGN, ROOT, jaque_binary

BITS = 4

HANDMADE = [
    '[Result "1-0"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 1-0',
    # The position after 2. Nf3 Nc6 by another order.
    '[Result "0-1"]\n\n1. Nf3 Nc6 2. e4 e5 3. Bc4 0-1',
    # The start again at ply 4 and 1. Nf3's position at ply 5: counted at ply 0 and 1.
    '[Result "1/2-1/2"]\n\n1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 e5 1/2-1/2',
    '[Result "*"]\n\n1. d4 d5 *',
    # These two end in the position game 1 plays 2... Nc6 from.
    '[Result "*"]\n\n1. e4 e5 2. Nf3 *',
    '[Result "1-0"]\n\n1. Nf3 e5 2. e4 1-0',
    # Game 1 again with another result: the same game, counted once (the first).
    '[Result "0-1"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 0-1',
    # Ends where it began: the start counts with 1. Nf3, its first occurrence.
    '[Result "1/2-1/2"]\n\n1. Nf3 Nf6 2. Ng1 Ng8 1/2-1/2',
    # No move at all: the start, ended there.
    '[Result "0-1"]\n\n0-1',
    # A null move.
    '[Result "1-0"]\n\n1. e4 -- 2. d4 e5 1-0',
    # An illegal move: the line ends before it.
    '[Result "0-1"]\n\n1. e4 e5 2. Ke3 Nc6 0-1',
    # After 2. e4 the FEN has e3, which no black pawn can take: the same position as after
    # 1. e4 Nf6 2. Nf3, where game 13 goes on.
    '[Result "*"]\n\n1. Nf3 Nf6 2. e4 *',
    '[Result "1-0"]\n\n1. e4 Nf6 2. Nf3 Nxe4 1-0',
]

TREE_SQL = """
    WITH firsts AS (
        SELECT DISTINCT ON (key, {game}) key, uci, result
        FROM read_parquet('{dir}/*/*.parquet', hive_partitioning = true)
        {where}
        ORDER BY key, {game}, game, ply {order}
    )
    SELECT key, grouping(uci) = 1 AS whole, uci,
           count(*) AS games,
           count(*) FILTER (WHERE result = '1-0') AS white,
           count(*) FILTER (WHERE result = '1/2-1/2') AS draws,
           count(*) FILTER (WHERE result = '0-1') AS black
    FROM firsts
    GROUP BY GROUPING SETS ((key), (key, uci))
"""


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """The input, its dataset and its index."""
    tmp = tmp_path_factory.mktemp("dataset")
    source = tmp / "games.pgn"
    vendored = (PGN / "variations.pgn").read_text(encoding="utf-8")
    source.write_text("\n\n".join(HANDMADE) + "\n\n" + vendored, encoding="utf-8")
    dataset, db = tmp / "positions", tmp / "games.index"
    for args in (
        ["export", str(source), "-o", str(dataset), "--table", "positions",
         "--partition-bits", str(BITS), "--row-group-size", "500"],
        ["index", str(db), str(source)],
    ):
        done = subprocess.run([jaque_binary(), *args], capture_output=True, text=True)
        assert done.returncode == 0, done.stderr
    return source, dataset, db


def rows(dataset, columns):
    sql = f"select {columns} from read_parquet('{dataset}/*/*.parquet', hive_partitioning = true)"
    return duckdb.sql(sql).fetchall()


def shredder_castling(rooks):
    """The castling field of a bitboard of castling rooks: KQkq where standard, else files."""
    standard = {0: "Q", 7: "K", 56: "q", 63: "k"}
    letters = []
    for square in range(64):
        if rooks >> square & 1:
            file = "abcdefgh"[square % 8]
            letters.append(standard.get(square) or (file.upper() if square < 8 else file))
    return "".join(sorted(letters, key=lambda c: (c.islower(), c not in "KQkq", c))) or "-"


PIECES = "PNBRQKpnbrqk"
BOARDS = [f"{color}_{name}" for color in ("white", "black")
          for name in ("pawns", "knights", "bishops", "rooks", "queens", "king")]


def row_fen(row):
    """The FEN of a row of the positions table (its bitboards, side, castling, en passant)."""
    board = [""] * 64
    for piece, name in zip(PIECES, BOARDS):
        for square in range(64):
            if row[name] >> square & 1:
                board[square] = piece
    ranks = []
    for rank in range(7, -1, -1):
        text, empty = "", 0
        for square in board[rank * 8:rank * 8 + 8]:
            if square:
                text += (str(empty) if empty else "") + square
                empty = 0
            else:
                empty += 1
        ranks.append(text + (str(empty) if empty else ""))
    ep = row["en_passant"]
    ep = "-" if ep is None else "abcdefgh"[ep % 8] + str(ep // 8 + 1)
    side = "w" if row["white_to_move"] else "b"
    return f"{'/'.join(ranks)} {side} {shredder_castling(row['castling'])} {ep} 0 1"


def positions(dataset):
    """Each key with the FEN of one of its rows; and the games of the handmade rows' keys."""
    names = ["key", "key_prefix", "game", *BOARDS, "white_to_move", "castling", "en_passant"]
    fens, handmade = {}, set()
    for values in rows(dataset, ", ".join(names)):
        row = dict(zip(names, values))
        assert row["key_prefix"] == row["key"] >> (64 - BITS), row
        fens.setdefault(row["key"], row_fen(row))
        if row["game"] < len(HANDMADE):
            handmade.add(row["key"])
    return fens, handmade


def sql_trees(dataset, game="game_hash", where="", order=""):
    """Every key's tree by TREE_SQL: {key: (games, white, draws, black), moves {uci: …}}."""
    sql = TREE_SQL.format(dir=dataset, game=game, where=where, order=order)
    trees = {}
    for key, whole, uci, *score in duckdb.sql(sql).fetchall():
        tree = trees.setdefault(key, {"score": None, "moves": {}})
        if whole:
            tree["score"] = tuple(score)
        elif uci is not None and uci != "0000":
            tree["moves"][uci] = tuple(score)
    return trees


def index_tree(index, fen):
    tree = index.tree(fen)
    score = tuple(tree[k] for k in ("games", "white", "draws", "black"))
    moves = {m["uci"]: tuple(m[k] for k in ("games", "white", "draws", "black"))
             for m in tree["moves"]}
    return {"score": score, "moves": moves}


def test_the_layout_is_hive_style_by_the_key_s_top_bits(built):
    _, dataset, _ = built
    parts = sorted(p.relative_to(dataset).as_posix() for p in dataset.rglob("*") if p.is_file())
    assert parts and all(re.fullmatch(r"key_prefix=\d+/part-0\.parquet", p) for p in parts)
    assert {int(p.split("=")[1].split("/")[0]) for p in parts} <= set(range(1 << BITS))
    # Each file holds its prefix's rows alone (positions() asserts it row by row), and row
    # groups of at most --row-group-size rows held: several files have several.
    for path in dataset.rglob("*.parquet"):
        prefixes = duckdb.sql(
            f"select distinct key >> {64 - BITS} from read_parquet('{path}')").fetchall()
        assert prefixes == [(int(path.parent.name.split("=")[1]),)]


def test_a_key_is_a_position_as_epd(built):
    _, dataset, _ = built
    names = ", ".join([*BOARDS, "white_to_move", "castling"])
    keys_a_position = duckdb.sql(
        f"select count(distinct ({names})) from read_parquet('{dataset}/*/*.parquet') "
        "group by key order by 1 desc limit 1").fetchall()
    positions_a_key = duckdb.sql(
        f"select count(distinct key) from read_parquet('{dataset}/*/*.parquet') "
        f"group by {names}, en_passant order by 1 desc limit 1").fetchall()
    assert keys_a_position == positions_a_key == [(1,)]


def test_each_game_ends_in_a_row_whose_uci_is_null(built):
    source, dataset, _ = built
    games = list(jaque.read_games(source))
    ends = dict(duckdb.sql(
        f"select game, max(ply) from read_parquet('{dataset}/*/*.parquet') "
        "where uci is null group by game").fetchall())
    nulls = duckdb.sql(
        f"select count(*) from read_parquet('{dataset}/*/*.parquet') where uci is null").fetchall()
    assert nulls == [(len(games),)]
    for game in games:
        assert ends[game.index] == game.plies + 1, game.index


def test_sql_over_the_dataset_gives_jaque_tree_for_every_position(built):
    _, dataset, db = built
    fens, handmade = positions(dataset)
    assert len(fens) > 2000 and len(handmade) > 20
    index = jaque.Index(db)
    trees = sql_trees(dataset)
    assert trees.keys() == fens.keys()
    for key, fen in fens.items():
        assert trees[key] == index_tree(index, fen), fen


def test_the_rules_matter_on_this_data(built):
    """Each rule of the SQL, broken, gives another tree somewhere: the data tests them."""
    _, dataset, db = built
    fens, handmade = positions(dataset)
    index = jaque.Index(db)
    expected = {key: index_tree(index, fens[key]) for key in handmade}
    broken = {
        "last occurrence": sql_trees(dataset, order="desc"),
        "identical games twice": sql_trees(dataset, game="game"),
        "no final positions": sql_trees(dataset, where="where uci is not null"),
    }
    for rule, trees in broken.items():
        wrong = [key for key in handmade if trees.get(key) != expected[key]]
        assert wrong, f"{rule}: no handmade position tells it apart"


def documented_query():
    """The DuckDB query of docs/cli.md's export section."""
    text = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
    section = text.split("## `jaque export`", 1)[1].split("\n## ", 1)[0]
    found = re.search(r'duckdb\.execute\("""(.*?)""", \{"key": key, "bits": 8\}\)', section, re.S)
    assert found, "docs/cli.md's export section has no DuckDB tree query"
    return found.group(1)


def test_the_documented_query_is_jaque_tree_json(built):
    _, dataset, db = built
    fens, handmade = positions(dataset)
    sql = documented_query().replace("'DIR/", f"'{dataset}/")
    for key in sorted(handmade):
        done = subprocess.run(
            [jaque_binary(), "tree", str(db), "--fen", fens[key], "--json"],
            capture_output=True, text=True)
        assert done.returncode == 0, done.stderr
        tree = json.loads(done.stdout)
        got = duckdb.execute(sql, {"key": key, "bits": BITS}).fetchall()
        score = tuple(tree[k] for k in ("games", "white", "draws", "black"))
        moves = [(m["uci"], m["games"], m["white"], m["draws"], m["black"])
                 for m in tree["moves"]]
        assert got == [(None, *score), *moves], fens[key]
