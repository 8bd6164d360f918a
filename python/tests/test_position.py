"""`jaque.Position`: FEN, legal moves, SAN played with jaque's reasons, perft. Expected
counts are published perft numbers and python-chess's (tests/data/status.tsv)."""

import csv
import pickle

import pytest

import jaque
from conftest import ROOT

KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"


def test_perft_matches_the_published_counts():
    assert [jaque.Position().perft(d) for d in range(1, 5)] == [20, 400, 8902, 197281]
    assert jaque.Position(KIWIPETE).perft(3) == 97862


def test_legal_move_counts_agree_with_python_chess():
    rows = 0
    with open(ROOT / "tests/data/status.tsv", encoding="utf-8") as tsv:
        lines = (line for line in tsv if not line.startswith("#"))
        for row in csv.reader(lines, delimiter="\t"):
            if len(row) < 12 or row[1]:
                continue  # only positions with no moves played from them
            position = jaque.Position(row[0])
            assert len(position.legal_moves()) == int(row[10]), row[0]
            assert position.is_check() == (row[2] == "true")
            rows += 1
    assert rows > 20


def test_play_raises_value_errors_with_jaque_s_reason():
    start = jaque.Position()
    with pytest.raises(jaque.IllegalMoveError, match="e2"):
        start.play("Ke2")
    knights = jaque.Position("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1")
    with pytest.raises(jaque.AmbiguousMoveError, match="Nbd2 and Nfd2"):
        knights.play("Nd2")
    with pytest.raises(jaque.InvalidMoveError):
        start.play("hello")
    with pytest.raises(jaque.FenError):
        jaque.Position("not a fen")
    for error in (jaque.IllegalMoveError, jaque.AmbiguousMoveError, jaque.InvalidMoveError, jaque.FenError, jaque.ReadError):
        assert issubclass(error, ValueError)


def test_positions_compare_by_value_and_say_what_they_are():
    after = jaque.Position().play("Nf3")
    assert after == jaque.Position().play_uci("g1f3")
    assert jaque.Position().san("g1f3") == "Nf3"
    assert repr(after) == f"Position({after.fen!r})" and after.turn == "b"
    assert len({after, jaque.Position().play("Nf3")}) == 1


def test_positions_pickle_and_repr_round_trip_with_their_castling_rules():
    # Pickled as Dask and multiprocessing send them; the repr evaluates to an equal position.
    chess960 = jaque.Position("1r3kr1/6p1/8/8/8/8/6P1/1R3KR1 w GBgb - 0 1", chess960=True)
    for position in (jaque.Position().play("e4"), chess960):
        copy = pickle.loads(pickle.dumps(position))
        assert copy == position and copy.legal_moves() == position.legal_moves()
        assert eval(repr(position), {"Position": jaque.Position}) == position
    assert repr(chess960).endswith(", chess960=True)")
    assert pickle.loads(pickle.dumps(chess960)).san("f1g1") == "O-O+"


def test_chess960_castling_in_uci_is_king_takes_rook():
    position = jaque.Position("1r3kr1/6p1/8/8/8/8/6P1/1R3KR1 w GBgb - 0 1", chess960=True)
    castles = {position.san(uci): uci for uci in position.legal_moves() if position.san(uci).startswith("O-O")}
    assert castles == {"O-O+": "f1g1", "O-O-O": "f1b1"}  # the rook lands on the f-file
    assert position.play("O-O+").fen == "1r3kr1/6p1/8/8/8/8/6P1/1R3RK1 b kq - 1 1"  # python-chess
