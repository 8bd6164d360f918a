"""jaque: PGN read, checked and explained at Rust speed.

Every game of a file, checked move by move (variations too), with diagnostics that say what
is wrong and where; Arrow tables of games, moves and positions for pyarrow, polars, pandas
and duckdb; positions with legal moves and SAN.

>>> import jaque
>>> game = next(jaque.read_games(b"1. e4 e5 2. Nf3 Nc6 3. Bb5 *"))
>>> game.san, game.status
(['e4', 'e5', 'Nf3', 'Nc6', 'Bb5'], 'ongoing')
"""

from jaque._jaque import (
    AmbiguousMoveError,
    ArrowStream,
    Diagnostic,
    FenError,
    Game,
    Games,
    IllegalMoveError,
    Index,
    InvalidMoveError,
    Position,
    ReadError,
    Suggestion,
    check,
    fix,
    fmt,
    index,
    query,
    read_arrow,
    read_games,
    select,
)

__all__ = [
    "AmbiguousMoveError",
    "ArrowStream",
    "Diagnostic",
    "FenError",
    "Game",
    "Games",
    "IllegalMoveError",
    "Index",
    "InvalidMoveError",
    "Position",
    "ReadError",
    "Suggestion",
    "check",
    "fix",
    "fmt",
    "index",
    "query",
    "read_arrow",
    "read_games",
    "select",
]

# The functions' examples live in their docstrings, in the extension module: doctest finds
# them through this table (pytest --doctest-modules runs them).
__test__ = {
    name: globals()[name].__doc__
    for name in ("read_games", "read_arrow", "select", "query", "check", "fix", "fmt")
}
