//! The SAN compiler: text → tokens → syntax tree → resolved move → new position → warnings.
//!
//! [`play`] is the one way in: it reads a SAN move against a position and gives the move
//! played with its warnings (each with its place in the text), or the error that says why no
//! move was played. [`resolve`] does the same on a copy of the position. [`parse`] builds the
//! syntax tree alone ([`San`]; the grammar knows no rules of chess), and [`to_san`] writes
//! the export SAN of a move.
//!
//! ```
//! use jaque::Position;
//! use jaque::san::{Lang, play};
//! let mut position = Position::starting();
//! let error = play(&mut position, "0-0", Lang::English).unwrap_err();
//! assert_eq!(error.to_string(), "cannot castle king side (O-O): f1 is occupied");
//! let played = play(&mut position, "Ng1f3", Lang::English).unwrap();
//! assert_eq!(played.diagnostics("Ng1f3")[0].help.as_deref(), Some("write Nf3"));
//! ```

mod ast;
mod candidates;
mod diagnose;
mod error;
mod explain;
mod fast;
mod illegal;
mod lang;
mod lexer;
mod parser;
mod recognize;
mod resolve;
mod text;
mod writer;

pub use ast::{Nonstandard, NonstandardForms, San, SanBody, Suffix};
pub use error::{SanError, SanWarning};
pub use illegal::{CastlingReason, CheckReason, Illegal};
pub use lang::{Lang, ParseLangError};
pub use lexer::{Glyph, Span, SyntaxError};
pub use parser::parse;
pub use resolve::{Played, Resolved};
pub use text::SanText;
pub use writer::to_san;
pub(crate) use writer::{push_san, san_marked};

use crate::position::Position;
use fast::Fast;

/// Reads `text`, a SAN move in `lang`, against `position` and plays it there: the move with
/// its warnings, or the error (then `position` is unchanged).
///
/// Export SAN, nearly every move of a PGN file, is read and played straight from its bytes;
/// everything else goes through the grammar and the general resolution, which say what is
/// wrong and where.
///
/// ```
/// use jaque::Position;
/// use jaque::san::{Lang, play};
/// let mut position = Position::starting();
/// for text in ["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"] {
///     let played = play(&mut position, text, Lang::English).unwrap();
///     assert!(played.warnings.is_empty());
/// }
/// assert!(position.is_check() && position.legal_moves().is_empty());
/// ```
#[inline]
pub fn play(position: &mut Position, text: &str, lang: Lang) -> Result<Played, SanError> {
    play_then(
        position,
        text.as_bytes(),
        lang,
        |mv, check, mate| Ok(Played::clean(mv, check, mate)),
        |_, answer| answer,
    )
}

/// [`play`], handing its answer on: a move read without warning to `clean` (the move, check,
/// mate), any other answer to `other` with the position. Where the two are inlined, the
/// common case goes on in registers, without a `Played` or a `Result` in memory.
#[inline(always)]
pub(crate) fn play_then<R>(
    position: &mut Position,
    text: &[u8],
    lang: Lang,
    clean: impl FnOnce(crate::moves::Move, bool, bool) -> R,
    other: impl FnOnce(&mut Position, Result<Played, SanError>) -> R,
) -> R {
    if lang == Lang::English {
        match fast::play_export(position, text) {
            Fast::Played { mv, check, mate } => return clean(mv, check, mate),
            Fast::WrongSign(wrong) => return other(position, Ok(wrong.played(text))),
            Fast::Untouched => {}
        }
    }
    // Every caller's text is UTF-8 (a `str`, or a token of one).
    let text = std::str::from_utf8(text).unwrap_or_default();
    let answer = play_in_general(position, text, lang);
    other(position, answer)
}

/// [`play`] on a copy of `position`: the move, the position after it and the warnings.
///
/// ```
/// use jaque::Position;
/// use jaque::san::{Lang, SanError, resolve};
/// let position = Position::starting();
/// assert_eq!(resolve(&position, "e4", Lang::English).unwrap().mv.uci(false).to_string(), "e2e4");
/// assert!(matches!(resolve(&position, "e5", Lang::English), Err(SanError::Illegal(_))));
/// let error = resolve(&position, "Nd4", Lang::English).unwrap_err();
/// assert_eq!(error.to_string(), "no white knight can reach d4");
/// ```
pub fn resolve(position: &Position, text: &str, lang: Lang) -> Result<Resolved, SanError> {
    let mut after = *position;
    let played = play(&mut after, text, lang)?;
    Ok(Resolved::new(played, after))
}

/// Everything [`fast`] does not read: the tree (export SAN in one pass, else the grammar),
/// resolved against the position, with the warnings placed on the tree's spans. In another
/// language than English, a move its letters cannot play is read again with English ones:
/// export SAN is English, and files in other languages hold games in it too (the language's
/// reading wins where both play a move: `B` is a pawn in German).
#[inline(never)]
fn play_in_general(position: &mut Position, text: &str, lang: Lang) -> Result<Played, SanError> {
    let answer = play_in(position, text, lang);
    if answer.is_ok() || lang == Lang::English {
        return answer;
    }
    match play_in(position, text, Lang::English) {
        Ok(played) => Ok(played),
        Err(_) => answer,
    }
}

/// [`play_in_general`] in one language: the position is unchanged on an error.
fn play_in(position: &mut Position, text: &str, lang: Lang) -> Result<Played, SanError> {
    let san = parse(text, lang)?;
    let before = *position;
    let played = resolve::play(position, &san)?;
    Ok(played.placed(&san, &before))
}
