//! Each peer's fastest perft, as its own authors count: single thread, no hashing, the moves
//! of the last ply counted without being played (bulk counting), as jaque's perft does.

use std::str::FromStr;

/// The peer libraries that count perft.
pub const PEERS: [&str; 3] = ["cozy-chess", "chess", "shakmaty"];

/// cozy-chess's `perft_bulk` (its `examples/perft.rs`): moves generated a piece at a time,
/// each piece's move set counted with `len()` at the last ply.
pub fn cozy_chess(board: &cozy_chess::Board, depth: u32) -> u64 {
    let mut nodes = 0;
    if depth == 0 {
        return 1;
    }
    if depth == 1 {
        board.generate_moves(|moves| {
            nodes += moves.len() as u64;
            false
        });
    } else {
        board.generate_moves(|moves| {
            for mv in moves {
                let mut child = board.clone();
                child.play_unchecked(mv);
                nodes += cozy_chess(&child, depth - 1);
            }
            false
        });
    }
    nodes
}

/// chess's own perft, documented as its fastest (`MoveGen::len` at the last ply, children
/// made in place).
pub fn chess(board: &chess::Board, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    chess::MoveGen::movegen_perft_test(board, depth as usize) as u64
}

/// shakmaty's own perft (`legal_moves().len()` at the last ply).
pub fn shakmaty(position: &shakmaty::Chess, depth: u32) -> u64 {
    shakmaty::perft(position, depth)
}

/// `peer`'s perft of `fen` to `depth`, or why it cannot run (an unknown peer, a FEN the peer
/// rejects).
pub fn count(peer: &str, depth: u32, fen: &str) -> Result<u64, String> {
    let bad_fen = |error: &dyn std::fmt::Display| format!("{peer} rejects the FEN: {error}");
    match peer {
        "cozy-chess" => {
            let board = cozy_chess::Board::from_str(fen).map_err(|e| bad_fen(&e))?;
            Ok(cozy_chess(&board, depth))
        }
        "chess" => {
            let board = chess::Board::from_str(fen).map_err(|e| bad_fen(&e))?;
            Ok(chess(&board, depth))
        }
        "shakmaty" => {
            let position: shakmaty::Chess = shakmaty::fen::Fen::from_str(fen)
                .map_err(|e| bad_fen(&e))?
                .into_position(shakmaty::CastlingMode::Standard)
                .map_err(|e| bad_fen(&e))?;
            Ok(shakmaty(&position, depth))
        }
        _ => Err(format!(
            "unknown peer {peer:?}: one of {}",
            PEERS.join(", ")
        )),
    }
}
