//! The SAN compiler: text → tokens → syntax tree → resolved move → new position → warnings.
//!
//! - [`lex`] splits a move into tokens (nom), [`parse`] builds the [`San`] tree (nom over the
//!   tokens); neither knows the rules of chess.
//! - [`resolve`] checks a tree against a [`Position`](crate::Position): exactly one legal move,
//!   or a [`SanError`] that says why not, plus [`SanWarning`]s for text that is not export SAN.
//! - [`to_san`] writes canonical SAN.
//!
//! ```
//! use jaque::Position;
//! use jaque::san::{Lang, parse, resolve};
//! let position = Position::starting();
//! let resolved = resolve(&position, &parse("0-0", Lang::English).unwrap());
//! assert_eq!(resolved.unwrap_err().to_string(),
//!            "cannot castle king side (O-O): f1 is occupied");
//! ```

mod ast;
mod diagnose;
mod export;
mod fast;
mod lang;
mod parser;
mod resolve;
mod token;
mod writer;

pub use ast::{Nonstandard, NonstandardForms, San, SanBody, Suffix};
pub use diagnose::{Checked, check_text, error_diagnostic, warning_diagnostics, warnings_of_text};
pub use lang::{Lang, ParseLangError, figurine};
pub use parser::parse;
pub use resolve::{
    CastlingReason, CheckReason, Illegal, Played, Resolved, SanError, SanWarning, play, resolve,
};
pub use token::{Glyph, Span, Spelling, SyntaxError, Token, TokenKind, Tokens, lex};
pub use writer::to_san;

use crate::moves::Move;
use crate::position::Position;
pub(crate) use fast::Fast;

/// Parses and resolves one SAN move in one step.
///
/// ```
/// use jaque::Position;
/// use jaque::san::{Lang, SanError, resolve_text};
/// let position = Position::starting();
/// assert_eq!(resolve_text(&position, "e4", Lang::English).unwrap().mv.uci(false).to_string(), "e2e4");
/// assert!(matches!(resolve_text(&position, "e5", Lang::English), Err(SanError::Illegal(_))));
/// ```
pub fn resolve_text(position: &Position, text: &str, lang: Lang) -> Result<Resolved, SanError> {
    let san = parse(text, lang)?;
    resolve(position, &san)
}

/// Parses one SAN move and plays it on `position` itself (unchanged on an error): the inner
/// loop of replaying a game.
///
/// ```
/// use jaque::Position;
/// use jaque::san::{Lang, play_text};
/// let mut position = Position::starting();
/// for text in ["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"] {
///     let played = play_text(&mut position, text, Lang::English).unwrap();
///     assert!(played.warnings.is_empty());
/// }
/// assert!(position.is_check() && position.legal_moves().is_empty());
/// ```
#[inline]
pub fn play_text(position: &mut Position, text: &str, lang: Lang) -> Result<Played, SanError> {
    if lang == Lang::English {
        let before = *position;
        match fast::play_export(position, text.as_bytes()) {
            Fast::Played(played) => return Ok(played),
            Fast::Untouched => {}
            Fast::WrongSign => *position = before,
        }
        if let Some(san) = export::export_san(text) {
            return play(position, &san);
        }
    }
    play_text_slow(position, text, lang)
}

/// The fast path of [`play_text`] alone, for a caller that can restore the position before
/// the move without copying it at every move (the PGN walk replays the mainline): the
/// commonest export SAN, read and played straight from its bytes, is the move played when
/// [`play_text`] would play it without a warning. Elsewhere [`play_text`] must be asked, from
/// the position before the move.
#[inline(always)]
pub(crate) fn play_common(position: &mut Position, text: &[u8], lang: Lang) -> Fast<Move> {
    if lang != Lang::English {
        return Fast::Untouched;
    }
    match fast::play_export(position, text) {
        Fast::Played(played) => Fast::Played(played.mv),
        Fast::Untouched => Fast::Untouched,
        Fast::WrongSign => Fast::WrongSign,
    }
}

#[inline(never)]
fn play_text_slow(position: &mut Position, text: &str, lang: Lang) -> Result<Played, SanError> {
    let san = parser::parse_with_grammar(text, lang)?;
    play(position, &san)
}
