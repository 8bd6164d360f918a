"""Positions worth a perft line: what makes one special (en passant, castling, checks,
promotions), biased random playouts that reach them, and picking by quotas."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

import chess


def castling_details(board: chess.Board, color: chess.Color) -> list[dict]:
    """One entry per castling right of `color` (works for standard and 960)."""
    out = []
    king = board.king(color)
    if king is None:
        return out
    rank = 0 if color == chess.WHITE else 7
    rights = board.clean_castling_rights() & chess.BB_RANKS[rank]
    legal = list(board.generate_castling_moves()) if color == board.turn else []
    for rook in chess.SquareSet(rights):
        a_side = chess.square_file(rook) < chess.square_file(king)
        king_to = chess.square(2 if a_side else 6, rank)
        rook_to = chess.square(3 if a_side else 5, rank)
        path = (
            chess.between(king, king_to)
            | chess.BB_SQUARES[king_to]
            | chess.between(rook, rook_to)
            | chess.BB_SQUARES[rook_to]
        ) & ~chess.BB_SQUARES[king] & ~chess.BB_SQUARES[rook]
        blocked = bool(path & board.occupied)
        is_legal = False
        for m in legal:
            if board.is_castling(m) and board.is_queenside_castling(m) == a_side:
                is_legal = True
        out.append(
            dict(
                a_side=a_side,
                blocked=blocked,
                legal=is_legal,
                attacked=(not blocked and not is_legal),
                adjacent=abs(chess.square_file(rook) - chess.square_file(king)) == 1,
                king_on_dest=(king == king_to),
                rook_on_dest=(rook == rook_to),
                king_dest_is_rook=(king_to == rook),
                rook_dest_is_king=(rook_to == king),
            )
        )
    return out


def classify(board: chess.Board) -> set[str]:
    tags = set()
    legal = list(board.legal_moves)
    if board.has_legal_en_passant():
        tags.add("ep_legal")
    elif board.has_pseudo_legal_en_passant():
        tags.add("ep_illegal")
    if board.is_check():
        tags.add("check")
        if len(board.checkers()) >= 2:
            tags.add("double_check")
    if not legal:
        tags.add("checkmate" if board.is_check() else "stalemate")
    if any(m.promotion for m in legal):
        tags.add("promotion")
        if any(m.promotion and board.is_capture(m) for m in legal):
            tags.add("promotion_capture")
    if chess.popcount(board.occupied) <= 10:
        tags.add("few_pieces")
    for d in castling_details(board, board.turn):
        tags.add("castle_rights")
        if d["attacked"]:
            tags.add("castle_in_check" if board.is_check() else "castle_through_check")
        for k in ("legal", "blocked", "attacked", "adjacent", "king_on_dest",
                  "rook_on_dest", "king_dest_is_rook", "rook_dest_is_king"):
            if d[k]:
                tags.add("castle_" + k)
    if board.castling_rights & ~board.clean_castling_rights():
        raise AssertionError("unclean castling rights")
    return tags


def pos_key(board: chess.Board):
    """Position identity (ignores clocks and an irrelevant ep square)."""
    return board._transposition_key()





@dataclass
class Cand:
    board: chess.Board  # copy (stack-free)
    tags: set
    ply: int
    style: str
    after_double_push: bool = False
    order: int = 0


@dataclass
class Pool:
    cands: list = field(default_factory=list)
    seen: dict = field(default_factory=dict)

    def add(self, board: chess.Board, ply: int, style: str, after_double_push: bool) -> None:
        key = pos_key(board)
        if key in self.seen:
            return
        if not board.is_valid():
            return
        c = Cand(board.copy(stack=False), classify(board), ply, style, after_double_push, len(self.cands))
        self.seen[key] = c
        self.cands.append(c)


def is_double_push(board: chess.Board, m: chess.Move) -> bool:
    return (
        board.piece_type_at(m.from_square) == chess.PAWN
        and abs(chess.square_rank(m.to_square) - chess.square_rank(m.from_square)) == 2
    )


def special_children(board: chess.Board, hunt_terminal: bool) -> dict[str, list[chess.Move]]:
    """Moves leading to rare situations (one-ply lookahead)."""
    found: dict[str, list[chess.Move]] = {}
    for m in board.legal_moves:
        kinds = []
        dp = is_double_push(board, m)
        gc = board.gives_check(m)
        if not (dp or gc or hunt_terminal):
            continue
        board.push(m)
        if dp:
            if board.has_legal_en_passant():
                kinds.append("ep_legal")
            elif board.has_pseudo_legal_en_passant():
                kinds.append("ep_illegal")
        if gc and len(board.checkers()) >= 2:
            kinds.append("double_check")
        if hunt_terminal:
            if board.is_checkmate():
                kinds.append("checkmate")
            elif board.is_stalemate():
                kinds.append("stalemate")
        board.pop()
        for k in kinds:
            found.setdefault(k, []).append(m)
    return found


def move_weight(board: chess.Board, m: chess.Move, style: str, chess960: bool) -> float:
    piece = board.piece_type_at(m.from_square)
    w = 1.0
    cap = board.is_capture(m)
    if style == "pawny":
        if piece == chess.PAWN:
            w *= 4.0
            if is_double_push(board, m):
                w *= 2.0
            if m.promotion:
                w *= 3.0 if m.promotion == chess.QUEEN else 2.0
        if cap:
            w *= 2.0
    elif style == "capture":
        if cap:
            w *= 12.0
        if piece == chess.PAWN:
            w *= 2.0
        if m.promotion:
            w *= 4.0
    elif style == "checky":
        if board.gives_check(m):
            w *= 8.0
        if cap:
            w *= 2.0
    elif style == "castle":
        # Keep the castling rights, clear the paths between king and rooks.
        rank = 0 if board.turn == chess.WHITE else 7
        if board.is_castling(m):
            w *= 0.3
        elif piece == chess.KING:
            w *= 0.02
        elif piece == chess.ROOK and (chess.BB_SQUARES[m.from_square] & board.castling_rights):
            w *= 0.02
        elif chess.square_rank(m.from_square) == rank and piece != chess.PAWN:
            w *= 6.0
        elif piece == chess.PAWN:
            w *= 1.5
        if cap:
            w *= 1.5
    elif style == "kingwalk":
        # Walk the kings up the board (rank pins and discovered checks through
        # an en-passant capture need a king on the 4th/5th rank) and push pawns.
        if piece == chess.KING:
            target = 4 if board.turn == chess.WHITE else 3
            before = abs(chess.square_rank(m.from_square) - target)
            after = abs(chess.square_rank(m.to_square) - target)
            w *= 8.0 if after < before else (3.0 if after == before else 0.5)
        elif piece == chess.PAWN:
            w *= 3.0
            if is_double_push(board, m):
                w *= 2.0
        elif piece in (chess.ROOK, chess.QUEEN, chess.BISHOP):
            w *= 2.0
        if cap:
            w *= 1.5
    # "uniform": w == 1
    return w


def playout(rng: random.Random, pool: Pool, start: chess.Board, style: str, max_ply: int,
            record_from: int, hunt: dict[str, float], chess960: bool,
            record_prob: float = 1.0) -> None:
    board = start.copy()
    prev_double = False
    force = False
    for ply in range(max_ply + 1):
        moves = list(board.legal_moves)
        # Always keep terminal positions and those reached by a hunted move.
        if ply >= record_from and (force or not moves or rng.random() < record_prob):
            pool.add(board, ply, style, prev_double)
        if not moves:
            break
        if board.is_insufficient_material() and chess.popcount(board.occupied) <= 3:
            break
        chosen = None
        force = False
        if hunt:
            specials = special_children(board, hunt_terminal=("checkmate" in hunt or "stalemate" in hunt))
            for kind, prob in hunt.items():
                if kind in specials and rng.random() < prob:
                    chosen = rng.choice(specials[kind])
                    force = True
                    break
        if chosen is None:
            weights = [move_weight(board, m, style, chess960) for m in moves]
            chosen = rng.choices(moves, weights=weights, k=1)[0]
        prev_double = is_double_push(board, chosen)
        board.push(chosen)
    return None





def pick(rng: random.Random, cands: list, chosen: dict, n: int, pred) -> int:
    avail = [c for c in cands if pred(c) and pos_key(c.board) not in chosen]
    rng.shuffle(avail)
    got = 0
    for c in avail[:n]:
        chosen[pos_key(c.board)] = c
        got += 1
    return got
