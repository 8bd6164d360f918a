//! The PGN compiler: bytes → games → tokens → moves played line by line → diagnostics.
//!
//! - [`Splitter`] cuts a byte stream (any `BufRead`: files, stdin, decompressors) into
//!   [`RawGame`]s, holding one game at a time, so memory stays constant however large the
//!   input ([`DEFAULT_GAME_LIMIT`] and [`MAX_TAG_NAMES`] bound what one game may hold). It
//!   reads UTF-16 (by its
//!   byte-order mark) as UTF-8, and refuses input that is no text. [`text`] is the one
//!   place that tells text from anything else, for an input and for each of its games.
//! - [`syntax`] splits one game's text into tokens with byte spans ([`syntax::tokenize`]),
//!   the layer every other step reads.
//! - [`check_game`] plays every move of every line of play with the SAN compiler and reports
//!   what is wrong in a [`GameReport`], each problem a [`GameDiagnostic`] with its line,
//!   column, ply and token. A [`Checker`] does the same for many games in turn, reusing its
//!   buffers; [`Options`] says how to read the moves, [`MAX_VARIATION_DEPTH`] and
//!   [`MAX_DIAGNOSTICS_PER_GAME`] bound what one game may cost.
//! - [`Checker::record`] keeps everything the check learned as a [`GameRecord`]: its
//!   [`TagRecord`]s, every [`MoveRecord`] with its [`Verdict`], every [`LineRecord`].
//!   [`Checker::check_mainline`] keeps only the mainline's export SAN and UCI, in a
//!   [`Mainline`] reused from game to game: what a table a game needs, at a check's cost.
//! - [`format_game`] and [`format_record`] write a game in export format (the
//!   [`SEVEN_TAG_ROSTER`] first, lines of at most [`MAX_LINE`] characters).
//! - [`Tags`] are a game's tag pairs, values unescaped, as a report gives them.
//! - [`clock`] and [`eval`] read the `[%clk …]` and `[%eval …]` commands of a comment.
//!
//! Games are independent once cut, so a caller may check them in parallel (a checker per
//! thread).
//!
//! ```
//! use jaque::pgn::{Options, Splitter, check_game};
//! use jaque::Code;
//! let pgn = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 *\n\n1. e4 e5 2. Ke3 *\n";
//! let reports: Vec<_> = Splitter::new(pgn.as_bytes())
//!     .map(|game| check_game(&game.unwrap(), &Options::default()))
//!     .collect();
//! assert!(reports[0].diagnostics.is_empty());
//! assert_eq!(reports[1].diagnostics[0].diagnostic.code, Code::IllegalMove);
//! assert_eq!(reports[1].plies, 2);
//! ```

mod check;
mod commands;
mod decode;
mod fix;
mod format;
mod layout;
mod scan;
mod split;
pub mod syntax;
mod tags;
pub mod text;

pub use check::fields;
#[cfg(feature = "query")]
pub(crate) use check::place_one;
pub use check::{
    Checker, GameDiagnostic, GameRecord, GameReport, LineIndex, LineRecord,
    MAX_DIAGNOSTICS_PER_GAME, MAX_VARIATION_DEPTH, Mainline, MoveRecord, Options, Reached,
    TagRecord, Verdict, Visit, check_game, line_starts,
};
pub use commands::{Eval, clock, eval};
pub use decode::decode_text;
pub use fix::{Change, Fixed, FixedGame, Fixer, GameFix};
pub use format::{MAX_LINE, format_game, format_record, format_records, format_text};
pub use layout::{Encoding, Layout, LineEnding};
pub use split::{DEFAULT_GAME_LIMIT, MAX_TAG_NAMES, RawGame, Splitter};
pub use tags::{SEVEN_TAG_ROSTER, TagSection, Tags};
