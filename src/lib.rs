//! # jaque
//!
//! A chess engine core and a compiler for chess notation.
//!
//! - Attack tables are magic bitboards searched at build time by `magic-gen` from a seed and
//!   included as `static` data: nothing is initialised at run time.
//! - [`Bitboard`], [`Square`], [`File`], [`Rank`] and [`Color`] are the domain types every other
//!   module speaks.
//! - [`ide`] is the editor core under `jaque lsp` and the playground page: a document of
//!   games checked incrementally and the questions an editor asks of it.
//!
//! The first things a user calls: read a FEN, list the legal moves, resolve SAN, read PGN
//! with diagnostics.
//!
//! ```
//! use jaque::Position;
//! use jaque::pgn::{Options, Splitter, check_game};
//! use jaque::san::{Lang, resolve};
//!
//! let position = Position::from_fen("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1").unwrap();
//! assert_eq!(position.legal_moves().len(), 15); // python-chess agrees
//! let error = resolve(&position, "Nd2", Lang::English).unwrap_err();
//! assert_eq!(error.to_string(), "ambiguous: Nbd2 and Nfd2 both match");
//!
//! let pgn = "[Event \"?\"]\n\n1. e4 e5 2. Ke3 *\n";
//! for game in Splitter::new(pgn.as_bytes()) {
//!     let report = check_game(&game.unwrap(), &Options::default());
//!     let problem = report.diagnostics.iter().find(|d| d.diagnostic.code.as_str() == "illegal_move");
//!     assert_eq!(problem.map(|p| (p.line, p.column)), Some((3, 13)));
//! }
//! ```
//!
//! ```
//! use jaque::{Bitboard, Square, attacks};
//! let occupied = Bitboard::from(Square::E4);
//! let rook = attacks::rook_attacks(Square::E1, occupied);
//! assert!(rook.contains(Square::E4) && !rook.contains(Square::E5));
//! ```

#![deny(unsafe_code)]
#![warn(missing_docs)]

pub mod attacks;
mod bitboard;
mod color;
mod diagnostic;
mod game;
#[cfg(feature = "ide")]
pub mod ide;
#[cfg(feature = "index-read")]
pub mod index;
#[cfg(feature = "io")]
pub mod input;
#[cfg(feature = "json")]
pub mod json;
pub mod lint;
mod movegen;
mod moves;
#[cfg(feature = "openings")]
pub mod opening;
pub mod perft;
pub mod pgn;
mod position;
#[cfg(feature = "query")]
pub mod query;
mod role;
pub mod san;
#[cfg(feature = "select")]
pub mod select;
mod square;
#[cfg(feature = "table")]
pub mod table;
mod utf16;
#[cfg(test)]
mod xorshift;

pub use bitboard::{Bitboard, Squares};
pub use color::Color;
pub use diagnostic::{
    Applicability, Code, CodeSet, Diagnostic, Family, FilterError, ParseCodeError, Severity,
    Suggestion,
};
pub use game::{Game, IllegalUci};
pub use movegen::MoveList;
pub use moves::{Move, MoveKind, ParseUciError, Uci, UciLetters};
pub use position::{FenError, Position, Status};
pub use role::{Piece, Role};
pub use square::{File, ParseSquareError, Rank, Square};

/// The README's examples, compiled and run as doc-tests (`cargo test --doc`).
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
