//! Choosing games by what is in them.

pub mod pattern;
