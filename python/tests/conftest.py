"""Shared paths and data of the package's tests."""

import json
import os
from pathlib import Path

import pytest

HERE = Path(__file__).parent
DATA = HERE / "data"
ROOT = HERE.parents[1]
PGN = ROOT / "tests" / "data" / "pgn"


def oracle():
    """python-chess's reading of the vendored PGN files: the header, then a dict per game."""
    with open(DATA / "oracle.jsonl", encoding="utf-8") as lines:
        header = json.loads(next(lines))
        return header, [json.loads(line) for line in lines]


@pytest.fixture(scope="session")
def oracle_data():
    return oracle()


def source_path(header, name):
    """Where the oracle's input `name` is: vendored in the repository."""
    path = ROOT / header["files"][name]["path"]
    assert path.exists(), f"{path}: the oracle's input is missing"
    return path


def jaque_binary():
    """The command-line tool: $JAQUE, else the one cargo built."""
    for candidate in (os.environ.get("JAQUE"), ROOT / "target/release/jaque", ROOT / "target/debug/jaque"):
        if candidate and os.path.exists(candidate):
            return str(candidate)
    pytest.fail("no jaque binary: build it with `cargo build` or set JAQUE")
