//! Generates the attack tables into `OUT_DIR/tables.rs` with magic-gen, and with the feature
//! `openings` the named opening positions into `OUT_DIR/openings.rs`.
//!
//! The seed is `JAQUE_MAGIC_SEED` (decimal or `0x` hex) when set, else magic-gen's default seed.
//! Every magic is verified against a ray walk for every blocker subset before anything is written;
//! a seed for which some square finds no magic fails the build with the square and the seed.

use std::path::{Path, PathBuf};
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
    let out_dir = PathBuf::from(out_dir);
    write(&out_dir.join("tables.rs"), &magic_gen::emit::rust(&tables));
    if std::env::var_os("CARGO_FEATURE_OPENINGS").is_some() {
        write(&out_dir.join("openings.rs"), &openings(&tables.zobrist));
    }
}

fn write(path: &Path, text: &str) {
    if let Err(e) = std::fs::write(path, text) {
        fail(&format!("cannot write {}: {e}", path.display()));
    }
}

/// The lichess set (`data/openings/a.tsv` to `e.tsv`) and the positions after its lines
/// (`positions.tsv`, written by jaque's tests) as a table keyed with `keys`.
fn openings(keys: &magic_gen::Zobrist) -> String {
    const DIR: &str = "data/openings";
    let read = |name: &str| {
        let path = Path::new(DIR).join(name);
        println!("cargo::rerun-if-changed={}", path.display());
        std::fs::read_to_string(&path)
            .unwrap_or_else(|e| fail(&format!("cannot read {}: {e}", path.display())))
    };
    let names = ["a.tsv", "b.tsv", "c.tsv", "d.tsv", "e.tsv"];
    let texts = names.map(read);
    let sources: Vec<magic_gen::openings::Source> = (names.iter().zip(&texts))
        .map(|(&name, text)| magic_gen::openings::Source { name, text })
        .collect();
    let positions = read("positions.tsv");
    let table = magic_gen::openings::Table::new(&sources, &positions, keys)
        .unwrap_or_else(|e| fail(&format!("{DIR}: {e}")));
    magic_gen::openings::rust(&table)
}
