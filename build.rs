//! Generates the attack tables into `OUT_DIR/tables.rs` with magic-gen.
//!
//! The seed is `JAQUE_MAGIC_SEED` (decimal or `0x` hex) when set, else magic-gen's default seed.
//! Every magic is verified against a ray walk for every blocker subset before anything is written;
//! a seed for which some square finds no magic fails the build with the square and the seed.

use std::path::PathBuf;
use std::process::exit;

fn fail(message: &str) -> ! {
    eprintln!("error: {message}");
    exit(1);
}

fn main() {
    // Nothing but this file and the seed can change the output (magic-gen is a path dependency:
    // cargo rebuilds and re-runs this script when it changes).
    println!("cargo::rerun-if-changed=build.rs");
    println!("cargo::rerun-if-env-changed={}", magic_gen::SEED_VARIABLE);

    let seed = magic_gen::seed_from_env().unwrap_or_else(|e| fail(&e));
    let tables = magic_gen::Tables::generate(seed).unwrap_or_else(|e| fail(&e.to_string()));
    if let Err((slider, square, occupied)) = tables.verify() {
        fail(&format!(
            "magic-gen: {} table wrong on {} for occupancy 0x{occupied:016x} (seed {seed})",
            slider.name(),
            magic_gen::geometry::square_name(square)
        ));
    }
    let out_dir = std::env::var_os("OUT_DIR").unwrap_or_else(|| fail("OUT_DIR is not set"));
    let path = PathBuf::from(out_dir).join("tables.rs");
    if let Err(e) = std::fs::write(&path, magic_gen::emit::rust(&tables)) {
        fail(&format!("cannot write {}: {e}", path.display()));
    }
}
