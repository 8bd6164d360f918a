//! The table and JSON formats: the magics for people and programs comparing seeds.

use std::fmt::Write;

use crate::geometry::square_name;
use crate::{GENERATOR, Tables};

/// One line per square and slider: square, slider, mask bits, shift, magic, offset.
///
/// ```
/// let tables = magic_gen::Tables::generate(1).unwrap();
/// let text = magic_gen::emit::table(&tables);
/// assert_eq!(text.lines().filter(|l| !l.starts_with('#')).count(), 128);
/// ```
pub fn table(tables: &Tables) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "# {GENERATOR} seed {} table_entries {}",
        tables.seed,
        tables.table_entries()
    );
    let _ = writeln!(out, "# square slider bits shift magic              offset");
    for m in tables.rook.iter().chain(&tables.bishop) {
        let _ = writeln!(
            out,
            "{:<8} {:<6} {:>4} {:>5} 0x{:016x} {:>6}",
            square_name(m.square),
            m.slider.name(),
            m.mask.count_ones(),
            m.shift,
            m.magic,
            m.offset
        );
    }
    out
}

/// One JSON document: generator, seed, `table_entries`, and every magic by slider.
pub fn json(tables: &Tables) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "{{");
    let _ = writeln!(out, "  \"generator\": \"{GENERATOR}\",");
    let _ = writeln!(out, "  \"seed\": {},", tables.seed);
    let _ = writeln!(out, "  \"table_entries\": {},", tables.table_entries());
    for (n, slider) in crate::Slider::ALL.into_iter().enumerate() {
        let _ = writeln!(out, "  \"{}\": [", slider.name());
        let magics = tables.magics(slider);
        for (i, m) in magics.iter().enumerate() {
            let _ = writeln!(
                out,
                "    {{\"square\": \"{}\", \"mask\": \"0x{:016x}\", \"bits\": {}, \"shift\": {}, \
                 \"magic\": \"0x{:016x}\", \"offset\": {}}}{}",
                square_name(m.square),
                m.mask,
                m.mask.count_ones(),
                m.shift,
                m.magic,
                m.offset,
                if i + 1 < magics.len() { "," } else { "" }
            );
        }
        let _ = writeln!(out, "  ]{}", if n == 0 { "," } else { "" });
    }
    let _ = writeln!(out, "}}");
    out
}
