//! magic-gen: the one place that knows how jaque's attack tables are made.
//!
//! It searches rook and bishop magic numbers with a per-square shift from a seeded ChaCha RNG,
//! verifies every blocker subset against a ray walk, and writes the tables as Rust source that
//! jaque's `build.rs` puts into `OUT_DIR`. The same seed always gives byte-identical output.
//! It also writes the table of named opening positions ([`openings`]), keyed with the seed's
//! Zobrist keys.
//!
//! ```
//! let tables = magic_gen::Tables::generate(magic_gen::DEFAULT_SEED).unwrap();
//! assert!(tables.verify().is_ok());
//! let source = magic_gen::emit::rust(&tables);
//! assert!(source.contains("pub static ATTACKS: Attacks = Attacks {"));
//! ```

pub mod dense;
pub mod emit;
pub mod geometry;
mod holes;
pub mod openings;
mod pack;
pub mod pext;
pub mod search;
pub mod share;
mod subsets;
pub mod tables;

pub use geometry::Slider;
pub use search::{Magic, SearchError};
pub use tables::{GenerateError, Tables, Zobrist};

/// The seed used when `JAQUE_MAGIC_SEED` is not set: the bytes of "jaque".
pub const DEFAULT_SEED: u64 = 0x006a_6171_7565;

/// The generator's name and version, written into every header.
pub const GENERATOR: &str = concat!("magic-gen ", env!("CARGO_PKG_VERSION"));

/// The environment variable that chooses the seed of a build.
pub const SEED_VARIABLE: &str = "JAQUE_MAGIC_SEED";

/// Reads a seed written in decimal (`42`) or hexadecimal (`0x2a`); `_` separators are allowed.
///
/// ```
/// assert_eq!(magic_gen::parse_seed("0x2a"), Ok(42));
/// assert_eq!(magic_gen::parse_seed("1_000"), Ok(1000));
/// assert!(magic_gen::parse_seed("forty-two").is_err());
/// ```
pub fn parse_seed(text: &str) -> Result<u64, String> {
    let digits: String = text.trim().chars().filter(|&c| c != '_').collect();
    let parsed = match digits
        .strip_prefix("0x")
        .or_else(|| digits.strip_prefix("0X"))
    {
        Some(hex) => u64::from_str_radix(hex, 16),
        None => digits.parse(),
    };
    parsed.map_err(|e| format!("invalid seed {text:?} (decimal or 0x hex u64 expected): {e}"))
}

/// The seed of this build: `JAQUE_MAGIC_SEED` when it is set, [`DEFAULT_SEED`] otherwise.
pub fn seed_from_env() -> Result<u64, String> {
    match std::env::var(SEED_VARIABLE) {
        Ok(text) => parse_seed(&text).map_err(|e| format!("{SEED_VARIABLE}: {e}")),
        Err(std::env::VarError::NotPresent) => Ok(DEFAULT_SEED),
        Err(e) => Err(format!("{SEED_VARIABLE}: {e}")),
    }
}
