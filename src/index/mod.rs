//! A position index (issue 55, in progress): which games reach a position, what was played
//! from it and how it scored, answered without reading the games again.
//!
//! Built so far: [`postings`], the games of each position as sorted runs of blocks, and
//! [`packed`], a mainline in two bytes a move. The store that holds them, the games' records
//! and the commands (`jaque index`, `tree`, `find`) come next; the design is in the issue's
//! notes.

pub mod packed;
pub mod postings;
