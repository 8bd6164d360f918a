//! The three output formats of the generated tables.
//!
//! - [`rust()`]: the source file `build.rs` writes into `OUT_DIR` and jaque `include!`s;
//! - [`table()`]: one line per square and slider, made for `diff` across seeds;
//! - [`json()`]: one JSON document with every magic and `table_entries`.
//!
//! Every format is a pure function of the [`Tables`](crate::Tables): the same seed always gives
//! byte-identical text.

mod print;
mod rust;
mod text;

pub use rust::rust;
pub use text::{json, table};
