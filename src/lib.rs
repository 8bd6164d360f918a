//! # jaque
//!
//! A chess engine core and a compiler for chess notation.
//!
//! - Attack tables are magic bitboards searched at build time by `magic-gen` from a seed and
//!   included as `static` data: nothing is initialised at run time.
//! - [`Bitboard`], [`Square`], [`File`], [`Rank`] and [`Color`] are the domain types every other
//!   module speaks.
//!
//! ```
//! use jaque::{Bitboard, Square, attacks};
//! let occupied = Bitboard::from(Square::E4);
//! let rook = attacks::rook_attacks(Square::E1, occupied);
//! assert!(rook.contains(Square::E4) && !rook.contains(Square::E5));
//! ```

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod attacks;
mod bitboard;
mod color;
mod diagnostic;
mod fen;
mod game;
mod movegen;
mod moves;
pub mod perft;
pub mod pgn;
mod position;
mod role;
pub mod san;
mod square;
mod zobrist;

pub use bitboard::{Bitboard, Squares};
pub use color::Color;
pub use diagnostic::{Code, Diagnostic, Severity};
pub use fen::FenError;
pub use game::{Game, IllegalUci, Status};
pub use movegen::MoveList;
pub use moves::{Move, MoveKind, ParseUciError, Uci};
pub use position::Position;
pub use role::{Piece, Role};
pub use square::{File, ParseSquareError, Rank, Square};
