//! All the tables jaque needs, generated from one seed.

use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};

use std::fmt;

use crate::dense::{self, DenseMagics};
use crate::geometry::{self, Slider, SquareIndex, square_name};
use crate::pext::PextTables;
use crate::search::{MAX_CANDIDATES, Magic, SearchError, Searcher, blocker_subsets};

/// Why the tables of a seed could not be made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GenerateError {
    /// The search found no magic for a square.
    Search(SearchError),
    /// The committed magics file is unreadable.
    MagicsFile(String),
    /// Two squares of the magics file claim one slot with different attacks.
    Overlap {
        /// The slider and square that found the slot taken.
        slider: Slider,
        /// The square.
        square: SquareIndex,
        /// The slot.
        slot: usize,
    },
}

impl fmt::Display for GenerateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GenerateError::Search(e) => e.fmt(f),
            GenerateError::MagicsFile(e) => write!(f, "magic-gen: {e}"),
            GenerateError::Overlap {
                slider,
                square,
                slot,
            } => write!(
                f,
                "magic-gen: magics file: {} {} needs slot {slot}, whose attacks disagree on its lines",
                slider.name(),
                square_name(*square)
            ),
        }
    }
}

impl std::error::Error for GenerateError {}

impl From<SearchError> for GenerateError {
    fn from(e: SearchError) -> Self {
        GenerateError::Search(e)
    }
}

// Here rather than beside the magics file's reader (`dense/file.rs`): the tables depend on
// the dense magics, and the dense search does not depend on the tables.
impl DenseMagics {
    /// The tables the build makes of these magics (shared offsets), not yet verified.
    pub fn tables(&self) -> Result<Tables, GenerateError> {
        let (rook, bishop) = self.shared_magics();
        Tables::from_magics(self.seed, rook, bishop)
    }
}

/// Every table of the generated file, before it is written as source.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tables {
    /// The seed the magics were searched from.
    pub seed: u64,
    /// Rook magics, indexed by square.
    pub rook: Vec<Magic>,
    /// Bishop magics, indexed by square.
    pub bishop: Vec<Magic>,
    /// The shared slider table: every rook square's slots, then every bishop square's.
    pub slider_attacks: Vec<u64>,
    /// Candidates tried in the whole search (for the statistics, not part of any output).
    pub candidates: u64,
    /// Knight attacks by square.
    pub knight: Vec<u64>,
    /// King attacks by square.
    pub king: Vec<u64>,
    /// Pawn attacks by colour (white, black), then square.
    pub pawn: [Vec<u64>; 2],
    /// Squares strictly between two aligned squares, `between[a][b]`.
    pub between: Vec<Vec<u64>>,
    /// The full line through two aligned squares, `line[a][b]`.
    pub line: Vec<Vec<u64>>,
    /// Zobrist keys for hashing positions, drawn from the same seed.
    pub zobrist: Zobrist,
    /// The tables of the PEXT lookup (the same for every seed).
    pub pext: PextTables,
}

/// Random keys for Zobrist hashing: a position's hash is the XOR of the keys of its features.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Zobrist {
    /// One key per colour (white, black), role (pawn, knight, bishop, rook, queen, king) and
    /// square: 12 rows of 64.
    pub pieces: Vec<Vec<u64>>,
    /// One key per square holding a rook with castling rights.
    pub castling: Vec<u64>,
    /// One key per file of a capturable en-passant square.
    pub en_passant: Vec<u64>,
    /// XORed in when black is to move.
    pub black_to_move: u64,
}

/// The ChaCha stream of the Zobrist keys: after the 128 streams of the magic search.
const ZOBRIST_STREAM: u64 = 128;

impl Zobrist {
    /// The keys of `seed`.
    pub fn generate(seed: u64) -> Zobrist {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        rng.set_stream(ZOBRIST_STREAM);
        let mut keys = |n: usize| (0..n).map(|_| rng.next_u64()).collect::<Vec<u64>>();
        let pieces = (0..12).map(|_| keys(64)).collect();
        let castling = keys(64);
        let en_passant = keys(8);
        let black_to_move = keys(1)[0];
        Zobrist {
            pieces,
            castling,
            en_passant,
            black_to_move,
        }
    }
}

impl Tables {
    /// The tables of `seed`: from the committed dense magics file when it was found for this
    /// seed (the default one), else searched.
    ///
    /// ```
    /// let tables = magic_gen::Tables::generate(magic_gen::DEFAULT_SEED).unwrap();
    /// assert!(tables.slider_attacks.len() < 107_648); // the dense magics overlap
    /// ```
    pub fn generate(seed: u64) -> Result<Tables, GenerateError> {
        let dense = DenseMagics::parse(dense::COMMITTED).map_err(GenerateError::MagicsFile)?;
        if dense.seed == seed {
            dense.tables()
        } else {
            Ok(Tables::search(seed)?)
        }
    }

    /// Searches every magic from `seed` (one slot per blocker subset, the squares side by side)
    /// and fills every table: the build-time search, fast enough for any seed.
    ///
    /// ```
    /// let tables = magic_gen::Tables::search(7).unwrap();
    /// assert_eq!(tables.slider_attacks.len(), 107_648);
    /// ```
    pub fn search(seed: u64) -> Result<Tables, GenerateError> {
        let mut searcher = Searcher::new();
        let mut magics = [Vec::with_capacity(64), Vec::with_capacity(64)];
        let mut offset = 0u32;
        let mut candidates = 0;
        for (slider, magics) in Slider::ALL.into_iter().zip(&mut magics) {
            for square in 0..64 {
                let (mut magic, tried) = searcher.find(slider, square, seed, MAX_CANDIDATES)?;
                magic.offset = offset;
                offset += magic.len() as u32;
                candidates += tried;
                magics.push(magic);
            }
        }
        let [rook, bishop] = magics;
        let mut tables = Tables::from_magics(seed, rook, bishop)?;
        tables.candidates = candidates;
        Ok(tables)
    }

    /// Fills every table from given magics (offsets included), checking that squares sharing a
    /// slot agree on its attacks. [`Tables::verify`] checks the attacks themselves.
    pub fn from_magics(
        seed: u64,
        rook: Vec<Magic>,
        bishop: Vec<Magic>,
    ) -> Result<Tables, GenerateError> {
        let slider_attacks = fill_slider_table(rook.iter().chain(&bishop))?;
        let squares = || 0..64u8;
        Ok(Tables {
            seed,
            rook,
            bishop,
            slider_attacks,
            candidates: 0,
            knight: squares().map(geometry::knight_attacks).collect(),
            king: squares().map(geometry::king_attacks).collect(),
            pawn: [true, false].map(|white| {
                squares()
                    .map(|sq| geometry::pawn_attacks(white, sq))
                    .collect()
            }),
            between: squares()
                .map(|a| squares().map(|b| geometry::between(a, b)).collect())
                .collect(),
            line: squares()
                .map(|a| squares().map(|b| geometry::line(a, b)).collect())
                .collect(),
            zobrist: Zobrist::generate(seed),
            pext: PextTables::generate(),
        })
    }

    /// The magics of one slider.
    pub fn magics(&self, slider: Slider) -> &[Magic] {
        match slider {
            Slider::Rook => &self.rook,
            Slider::Bishop => &self.bishop,
        }
    }

    /// Attacks of `slider` on `square` looked up through the generated table, exactly as the
    /// engine does it: the slot's attacks on the square's lines.
    pub fn lookup(&self, slider: Slider, square: SquareIndex, occupied: u64) -> u64 {
        let magic = &self.magics(slider)[square as usize];
        self.slider_attacks[magic.slot(occupied)] & magic.lines()
    }

    /// Checks every blocker subset of every square, for both sliders and both lookups (the
    /// magics' and PEXT's), against the ray walk. Returns the first mismatch as `(slider,
    /// square, occupancy)`.
    pub fn verify(&self) -> Result<(), (Slider, SquareIndex, u64)> {
        for slider in Slider::ALL {
            for square in 0..64 {
                let mask = slider.mask(square);
                let (occupancies, attacks) = blocker_subsets(slider, square, mask);
                for (occupied, attack) in occupancies.into_iter().zip(attacks) {
                    // Bits outside the mask must not matter: add all of them.
                    let noisy = occupied | !mask & !(1u64 << square);
                    let wrong = |lookup: &dyn Fn(u64) -> u64| {
                        lookup(noisy) != slider.attacks(square, noisy) || lookup(occupied) != attack
                    };
                    if wrong(&|o| self.lookup(slider, square, o))
                        || wrong(&|o| self.pext.lookup(slider, square, o))
                    {
                        return Err((slider, square, occupied));
                    }
                }
            }
        }
        Ok(())
    }

    /// Total entries of the shared slider table.
    pub fn table_entries(&self) -> usize {
        self.slider_attacks.len()
    }
}

/// Writes every square's attack sets into its slots; the table ends at the last used slot.
/// A slot holds the union of the attacks put there, which every square sharing it must read
/// back on its own lines (see `crate::share`). Slots that no subset maps to stay 0.
fn fill_slider_table<'a>(
    magics: impl Iterator<Item = &'a Magic>,
) -> Result<Vec<u64>, GenerateError> {
    let mut table = Vec::new();
    // Per slot, the squares on the lines of the squares using it that their attacks there do
    // not reach: no other square's attacks may fall on them.
    let mut forbidden = Vec::new();
    for magic in magics {
        let lines = magic.lines();
        let (occupancies, attacks) = blocker_subsets(magic.slider, magic.square, magic.mask);
        for (occupied, attack) in occupancies.into_iter().zip(attacks) {
            let slot = magic.slot(occupied);
            if slot >= table.len() {
                table.resize(slot + 1, 0);
                forbidden.resize(slot + 1, 0);
            }
            let not_reached = lines & !attack;
            if table[slot] & not_reached != 0 || attack & forbidden[slot] != 0 {
                return Err(GenerateError::Overlap {
                    slider: magic.slider,
                    square: magic.square,
                    slot,
                });
            }
            table[slot] |= attack;
            forbidden[slot] |= not_reached;
        }
    }
    Ok(table)
}
