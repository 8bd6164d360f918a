"""The two oracles: Stockfish's `go perft`, and a recursive perft over python-chess's
legal moves to cross-check it."""

from __future__ import annotations

import subprocess

import chess


class Stockfish:
    """A single long-lived Stockfish process driven over UCI."""

    def __init__(self, path: str):
        self.proc = subprocess.Popen(
            [path],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            bufsize=1,
        )
        self.name = "Stockfish"
        self._send("uci")
        for line in self._lines_until(lambda l: l == "uciok"):
            if line.startswith("id name "):
                self.name = line[len("id name "):].strip()
        self._send("setoption name Threads value 1")
        self._send("setoption name Hash value 16")
        self.chess960 = None
        self.set_chess960(False)

    def _send(self, cmd: str) -> None:
        self.proc.stdin.write(cmd + "\n")
        self.proc.stdin.flush()

    def _lines_until(self, pred):
        out = []
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError("stockfish exited unexpectedly")
            line = line.rstrip("\n")
            out.append(line)
            if pred(line):
                return out

    def _sync(self) -> None:
        self._send("isready")
        self._lines_until(lambda l: l == "readyok")

    def set_chess960(self, on: bool) -> None:
        if self.chess960 != on:
            self._send("setoption name UCI_Chess960 value " + ("true" if on else "false"))
            self._sync()
            self.chess960 = on

    def perft(self, fen: str, depth: int) -> int:
        self._send("position fen " + fen)
        self._send(f"go perft {depth}")
        lines = self._lines_until(lambda l: l.startswith("Nodes searched:"))
        n = int(lines[-1].split(":")[1])
        if depth == 1:
            # Sanity: the divide lines at depth 1 are exactly the legal moves.
            moves = [l for l in lines if ": " in l and not l.startswith("Nodes")]
            assert len(moves) == n, (fen, len(moves), n)
        return n

    def close(self) -> None:
        try:
            self._send("quit")
            self.proc.wait(timeout=10)
        except Exception:
            self.proc.kill()


def py_perft(board: chess.Board, depth: int) -> int:
    """Plain recursive perft over python-chess's legal move generator."""
    if depth == 0:
        return 1
    if depth == 1:
        return board.legal_moves.count()
    n = 0
    for move in list(board.legal_moves):
        board.push(move)
        n += py_perft(board, depth - 1)
        board.pop()
    return n
