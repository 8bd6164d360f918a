//! The magics file (`magic-gen/dense.magics`): what a dense search found, written one row a
//! square with a `# seed ...` header, and read back by the build.

use std::fmt::Write;

use super::{CANDIDATES_PER_ROUND, DenseMagics};
use crate::GENERATOR;
use crate::geometry::{Slider, parse_square_name, square_name};
use crate::search::Magic;

impl DenseMagics {
    /// Magics as the search placed them, with `(rounds, steps, holes)` of that search (of
    /// [`CANDIDATES_PER_ROUND`]); the shared offsets are packed from them.
    pub fn new(
        seed: u64,
        (rounds, steps, holes): (u32, u64, u64),
        rook: Vec<Magic>,
        bishop: Vec<Magic>,
    ) -> DenseMagics {
        let (mut shared_rook, mut shared_bishop) = (rook.clone(), bishop.clone());
        crate::share::pack(&mut shared_rook, &mut shared_bishop);
        let shared = shared_rook
            .iter()
            .chain(&shared_bishop)
            .map(|m| m.offset)
            .collect();
        DenseMagics {
            seed,
            rounds,
            candidates: CANDIDATES_PER_ROUND,
            steps,
            holes,
            rook,
            bishop,
            shared,
        }
    }

    /// The magics at their shared offsets, rooks and bishops by square: the build's.
    pub fn shared_magics(&self) -> (Vec<Magic>, Vec<Magic>) {
        let mut all: Vec<Magic> = self.rook.iter().chain(&self.bishop).copied().collect();
        for (m, &offset) in all.iter_mut().zip(&self.shared) {
            m.offset = offset;
        }
        let bishop = all.split_off(self.rook.len().min(all.len()));
        (all, bishop)
    }

    /// The magics file: a header naming generator, seed, rounds and table size, then one line
    /// per slider and square.
    pub fn to_text(&self, table_entries: usize) -> String {
        let mut out = String::new();
        let seed = self.seed;
        let _ = writeln!(
            out,
            "# Dense magics for jaque's slider table, found by {GENERATOR}; do not edit.\n\
             # Print again with: magic-gen --seed 0x{seed:016x} --rounds {rounds}{candidates_flag} --steps {steps}{holes_flag}\n\
             # seed {seed} rounds {rounds}{candidates_word} steps {steps}{holes_word} table_entries {table_entries}\n\
             # slider square shift magic offset placed; slot = offset + ((occupied | !mask) * magic) >> shift,\n\
             # attacks = table[slot] & the square's lines: squares share slots where they agree on their\n\
             # lines. placed: the offset in the search's packing without shared slots (--from goes on from it)",
            rounds = self.rounds,
            steps = self.steps,
            candidates_flag = self.unless_default(" --candidates"),
            candidates_word = self.unless_default(" candidates"),
            holes_flag = if self.holes > 0 {
                format!(" --holes {}", self.holes)
            } else {
                String::new()
            },
            holes_word = if self.holes > 0 {
                format!(" holes {}", self.holes)
            } else {
                String::new()
            },
        );
        for (m, shared) in self.rook.iter().chain(&self.bishop).zip(&self.shared) {
            let _ = writeln!(
                out,
                "{} {} {} 0x{:016x} {shared} {}",
                m.slider.name(),
                square_name(m.square),
                m.shift,
                m.magic,
                m.offset
            );
        }
        out
    }

    /// `name` and the candidates per round when they are not [`CANDIDATES_PER_ROUND`]: files
    /// of the default search name them not at all.
    fn unless_default(&self, name: &str) -> String {
        if self.candidates == CANDIDATES_PER_ROUND {
            String::new()
        } else {
            format!("{name} {}", self.candidates)
        }
    }

    /// Reads a magics file. Every square of both sliders must appear exactly once.
    pub fn parse(text: &str) -> Result<DenseMagics, String> {
        let mut header = Header::default();
        let mut found: [Vec<Option<(Magic, u32)>>; 2] = [vec![None; 64], vec![None; 64]];
        for (number, line) in text.lines().enumerate() {
            let at = |what: &str| format!("magics file line {}: {what}", number + 1);
            let line = line.trim();
            if let Some(comment) = line.strip_prefix('#') {
                header.read(comment);
                continue;
            }
            if line.is_empty() {
                continue;
            }
            let (magic, shared) = row(line).map_err(at)?;
            let slot =
                &mut found[usize::from(magic.slider == Slider::Bishop)][magic.square as usize];
            if slot.is_some() {
                return Err(at("square given twice"));
            }
            *slot = Some((magic, shared));
        }
        let seed = header
            .seed
            .ok_or("magics file: no `# seed N rounds R` header")?;
        let [rook, bishop] = found.map(|row| row.into_iter().flatten().collect::<Vec<_>>());
        if rook.len() != 64 || bishop.len() != 64 {
            return Err("magics file: every square needs a rook and a bishop magic".into());
        }
        let shared = rook.iter().chain(&bishop).map(|&(_, s)| s).collect();
        let magics = |row: Vec<(Magic, u32)>| row.into_iter().map(|(m, _)| m).collect();
        Ok(DenseMagics {
            seed,
            rounds: header.rounds,
            candidates: header.candidates.unwrap_or(CANDIDATES_PER_ROUND),
            steps: header.steps,
            holes: header.holes,
            rook: magics(rook),
            bishop: magics(bishop),
            shared,
        })
    }
}

/// What the `# seed S rounds R [candidates C] steps T [holes H] table_entries E` line says.
#[derive(Default)]
struct Header {
    seed: Option<u64>,
    rounds: u32,
    candidates: Option<u64>,
    steps: u64,
    holes: u64,
}

impl Header {
    /// Reads a comment line: the header if it starts with `seed`, else nothing.
    fn read(&mut self, comment: &str) {
        let words: Vec<&str> = comment.split_whitespace().collect();
        if words.first() != Some(&"seed") {
            return;
        }
        for pair in words.chunks_exact(2) {
            let [key, value] = pair else { continue };
            let number = value.parse::<u64>().ok();
            match *key {
                "seed" => self.seed = number,
                "rounds" => self.rounds = number.and_then(|n| n.try_into().ok()).unwrap_or(0),
                "candidates" => self.candidates = number,
                "steps" => self.steps = number.unwrap_or(0),
                "holes" => self.holes = number.unwrap_or(0),
                _ => {}
            }
        }
    }
}

/// A row `slider square shift magic offset placed`: the magic at its own offset, and its
/// shared one.
fn row(line: &str) -> Result<(Magic, u32), &'static str> {
    let fields: Vec<&str> = line.split_whitespace().collect();
    let [slider, square, shift, magic, shared, offset] = fields[..] else {
        return Err("expected: slider square shift magic offset placed");
    };
    let slider = match slider {
        "rook" => Slider::Rook,
        "bishop" => Slider::Bishop,
        _ => return Err("the slider is rook or bishop"),
    };
    let square = parse_square_name(square).ok_or("bad square")?;
    let shift: u8 = shift.parse().map_err(|_| "bad shift")?;
    let magic = magic
        .strip_prefix("0x")
        .and_then(|hex| u64::from_str_radix(hex, 16).ok())
        .ok_or("bad magic (0x and 16 hex digits)")?;
    let offset: u32 = offset.parse().map_err(|_| "bad placed offset")?;
    let shared: u32 = shared.parse().map_err(|_| "bad offset")?;
    if !(52..=63).contains(&shift) {
        return Err("shift out of range 52..=63");
    }
    let magic = Magic {
        square,
        slider,
        mask: slider.mask(square),
        magic,
        shift,
        offset,
    };
    Ok((magic, shared))
}
