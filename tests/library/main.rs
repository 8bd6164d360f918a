//! The library's integration tests, one binary: the move generator, FEN, SAN and the PGN
//! reader, checker, fixer and formatter against oracle data. Modules whose names start with
//! `shared_` read `../shared` and say why they skip where it is absent.
//!
//! One binary rather than one a file: each test binary links the library and the harness
//! again, and the first `cargo test` on a fresh clone is mostly building them.

#[path = "../common/mod.rs"]
mod common;

mod allowed_lints;
mod attacks;
mod fen;
mod fix;
mod fmt;
mod game;
mod input;
mod openings;
mod pattern;
mod perft;
mod pgn;
mod pgn_generated;
mod pgn_record;
mod pgn_repetition;
mod pgn_world;
mod robustness;
mod san;
mod shared_openings;
mod shared_pattern;
mod shared_perft;
mod shared_pgn;
mod tags;
