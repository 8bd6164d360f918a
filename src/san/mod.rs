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
mod export;
mod lang;
mod parser;
mod resolve;
mod token;
mod writer;

pub use ast::{Nonstandard, NonstandardForms, San, SanBody, Suffix};
pub use lang::{Lang, ParseLangError, figurine};
pub use parser::parse;
pub use resolve::{CastlingReason, CheckReason, Illegal, Resolved, SanError, SanWarning, resolve};
pub use token::{Glyph, Span, Spelling, SyntaxError, Token, TokenKind, Tokens, lex};
pub use writer::to_san;

use crate::position::Position;

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
