"""Type stubs of the extension module; the package `jaque` re-exports every name."""

import os
from collections.abc import Iterator, Mapping
from typing import BinaryIO, Literal, Protocol, TextIO, TypedDict, final

from typing_extensions import CapsuleType

class ArrowStreamSource(Protocol):
    """Arrow data as a stream (pyarrow ChunkedArray, Table, RecordBatchReader, ...)."""

    def __arrow_c_stream__(self, requested_schema: object | None = None) -> CapsuleType: ...

class ArrowArraySource(Protocol):
    """Arrow data as one array (pyarrow Array, RecordBatch, ...)."""

    def __arrow_c_array__(
        self, requested_schema: object | None = None
    ) -> tuple[CapsuleType, CapsuleType]: ...

# A path, a file's bytes, a file object, or Arrow strings: a column of whole games, or a
# table in the lichess layout (tag columns and `movetext`), read as the PGN text they make
# (python/README.md, "Arrow strings": lines and columns count in that text).
Source = (
    str
    | os.PathLike[str]
    | bytes
    | bytearray
    | memoryview
    | BinaryIO
    | TextIO
    | ArrowStreamSource
    | ArrowArraySource
)
Level = Literal["allow", "warn", "deny"]
Lang = Literal["en", "es", "de", "fr", "nl"]
TableName = Literal["games", "moves", "positions"]

class ReadError(ValueError): ...
class FenError(ValueError): ...
class InvalidMoveError(ValueError): ...
class IllegalMoveError(ValueError): ...
class AmbiguousMoveError(ValueError): ...

@final
class Suggestion:
    line: int
    column: int
    end_line: int
    end_column: int
    replacement: str
    applicability: Literal["machine_applicable", "maybe_incorrect"]

@final
class Diagnostic:
    severity: Literal["error", "warning"]
    code: str
    message: str
    line: int
    column: int
    end_line: int
    end_column: int
    ply: int | None
    san: str | None
    suggestions: list[Suggestion]

@final
class Position:
    def __init__(self, fen: str | None = None, chess960: bool = False) -> None: ...
    @property
    def fen(self) -> str: ...
    @property
    def key(self) -> int: ...
    @property
    def turn(self) -> Literal["w", "b"]: ...
    def is_check(self) -> bool: ...
    def legal_moves(self) -> list[str]: ...
    def play(self, san: str, lang: Lang = "en") -> Position: ...
    def play_uci(self, uci: str) -> Position: ...
    def san(self, uci: str) -> str: ...
    def perft(self, depth: int) -> int: ...
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

@final
class Game:
    @property
    def index(self) -> int: ...
    @property
    def file(self) -> str: ...
    @property
    def line(self) -> int: ...
    @property
    def tags(self) -> dict[str, str]: ...
    @property
    def plies(self) -> int: ...
    @property
    def final_fen(self) -> str | None: ...
    @property
    def status(
        self,
    ) -> (
        Literal[
            "checkmate",
            "stalemate",
            "insufficient_material",
            "fifty_moves",
            "threefold",
            "ongoing",
            "unsupported",
        ]
        | None
    ): ...
    @property
    def opening(self) -> dict[str, str | int] | None: ...
    @property
    def matches(self) -> list[int] | None: ...
    @property
    def variation_matches(self) -> list[tuple[int, int]] | None: ...
    @property
    def result(self) -> str | None: ...
    @property
    def san(self) -> list[str]: ...
    @property
    def uci(self) -> list[str]: ...
    @property
    def comments(self) -> list[str]: ...
    @property
    def nags(self) -> list[list[int]]: ...
    @property
    def clocks(self) -> list[float | None]: ...
    @property
    def eval_cp(self) -> list[int | None]: ...
    @property
    def eval_mate(self) -> list[int | None]: ...
    @property
    def diagnostics(self) -> list[Diagnostic]: ...
    @property
    def errors(self) -> int: ...
    @property
    def warnings(self) -> int: ...
    @property
    def text(self) -> str: ...
    def position(self, ply: int) -> Position: ...

@final
class Games(Iterator[Game]):
    def __iter__(self) -> Games: ...
    def __next__(self) -> Game: ...

@final
class ArrowStream:
    def __arrow_c_stream__(self, requested_schema: object | None = None) -> CapsuleType: ...
    def __arrow_c_schema__(self) -> CapsuleType: ...

Speed = Literal["ultrabullet", "bullet", "blitz", "rapid", "classical", "correspondence"]

class Score(TypedDict):
    games: int
    white: int
    draws: int
    black: int
    average_rating: int | None

class TreeMove(Score):
    san: str
    uci: str

class TopGame(TypedDict):
    white: str
    black: str
    white_elo: int
    black_elo: int
    result: str
    date: str
    uci: str | None
    offset: int
    line: int

class Tree(Score):
    fen: str
    moves: list[TreeMove]
    top_games: list[TopGame]

class FoundGame(TypedDict):
    file: str
    offset: int
    line: int
    ply: int
    tags: dict[str, str]

class Found(TypedDict):
    games: int
    found: list[FoundGame]
    problems: list[str]

class _FileReport(TypedDict):
    path: str
    status: Literal["indexed", "already_indexed", "changed", "failed"]
    games: int
    indexed: int
    duplicates: int
    unplayable: int

class FileReport(_FileReport, total=False):
    error: str

@final
class Index:
    def __init__(self, path: str | os.PathLike[str]) -> None: ...
    def tree(
        self,
        fen: str | None = None,
        *,
        moves: str | list[str] | None = None,
        rating: str | tuple[int | None, int | None] | None = None,
        since: str | None = None,
        until: str | None = None,
        speed: Speed | str | list[Speed] | None = None,
        player: str | None = None,
        side: Literal["white", "black"] | None = None,
    ) -> Tree: ...
    def find(
        self,
        fen: str | None = None,
        *,
        moves: str | list[str] | None = None,
        limit: int | None = None,
    ) -> Found: ...

def index(
    db: str | os.PathLike[str],
    files: list[str | os.PathLike[str]],
    *,
    jobs: int | None = None,
) -> list[FileReport]: ...
def read_games(
    source: Source,
    *,
    jobs: int | None = None,
    lang: Lang = "en",
    lints: Mapping[str, Level] | None = None,
) -> Games: ...
def select(
    source: Source,
    *,
    tag: str | list[str] | None = None,
    player: str | None = None,
    result: str | None = None,
    plies: str | None = None,
    fen: str | list[str] | None = None,
    moves: str | list[str] | None = None,
    variations: bool = False,
    status: str | None = None,
    pattern: str | None = None,
    either_colour: bool = False,
    eco: str | None = None,
    opening: str | None = None,
    query: str | None = None,
    valid: bool = False,
    invert: bool = False,
    dedupe: bool | Literal["moves", "position"] | None = None,
    jobs: int | None = None,
    lang: Lang = "en",
    lints: Mapping[str, Level] | None = None,
) -> Games: ...
def query(
    source: Source,
    query: str,
    *,
    variations: bool = False,
    jobs: int | None = None,
    lang: Lang = "en",
    lints: Mapping[str, Level] | None = None,
) -> Games: ...
def read_arrow(
    source: Source,
    *,
    table: TableName = "games",
    batch_size: int = 65536,
    jobs: int | None = None,
    lang: Lang = "en",
    lints: Mapping[str, Level] | None = None,
    where: Mapping[str, object] | None = None,
) -> ArrowStream: ...
def check(
    text: str, *, lang: Lang = "en", lints: Mapping[str, Level] | None = None
) -> list[Game]: ...
def fix(
    text: str,
    *,
    lang: Lang = "en",
    lints: Mapping[str, Level] | None = None,
    maybe_incorrect: bool = False,
) -> str: ...
def fmt(text: str, *, lang: Lang = "en") -> str: ...
