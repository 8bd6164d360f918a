//! The syntax of one game's text, the layer the checker, the game record and the formatter
//! read: [`tokenize`] cuts the text into [`Token`]s (tag pairs, move numbers, SAN moves, NAGs
//! and glyphs, comments, parentheses and the termination marker, an [`Outcome`]), each a
//! [`TokenKind`] with its byte range, and reports what is no token as [`LexError`]s.
//! [`decode`] makes a game's bytes text, [`unescape`] undoes the escapes of a tag value.
//!
//! The lexer knows nothing of chess: a SAN token is any run of symbol characters.

// The loop of `lex` calls into `symbol` and `tag` for most tokens: what it calls there is
// `#[inline]`, so that it compiles into the loop as when it was all one module (called across
// modules, each token would be built aside and copied into place).
mod lex;
mod symbol;
mod tag;
mod text;
mod token;

pub use lex::tokenize;
pub(crate) use lex::{Lexed, lex};
pub(in crate::pgn) use symbol::{ELLIPSIS, MAX_MARKER, marker_suffix, may_end_marker};
pub(in crate::pgn) use tag::{MAX_TAG_LINE, tag};
pub use text::{decode, escape, unescape};
pub use token::{LexError, Outcome, Token, TokenKind};

/// What a byte is to the lexer, looked up in one table load instead of a chain of compares
/// (the lexer asks about every byte of every game).
const fn byte_classes() -> [u8; 256] {
    let mut classes = [0; 256];
    let mut b = 0;
    while b < 256 {
        let byte = b as u8;
        let blank = matches!(byte, b' ' | b'\t' | b'\r' | b'\n' | 0x0b | 0x0c);
        let delimiter = blank
            || matches!(
                byte,
                b'{' | b'}' | b'(' | b')' | b'[' | b']' | b';' | b'$' | b'"'
            );
        let mut class = 0;
        if byte.is_ascii_alphanumeric() || byte == b'_' {
            class |= NAME;
        }
        if blank {
            class |= BLANK;
        }
        if delimiter {
            class |= DELIMITER;
        }
        // What the match of `tokenize` sends to its last arm and is no move number, marker
        // or glyph: the start of a move, most likely.
        let other = delimiter
            || byte.is_ascii_control()
            || matches!(byte, b'%' | b'.' | b'0'..=b'9' | b'*' | b'!' | b'?');
        if !other {
            class |= MOVE_START;
        }
        if byte.is_ascii_alphabetic() {
            class |= LETTER;
        }
        classes[b] = class;
        b += 1;
    }
    classes
}

const BLANK: u8 = 1;
const DELIMITER: u8 = 2;
/// A byte of a tag name.
const NAME: u8 = 4;
/// A byte that starts a move, if any token (see [`byte_classes`]).
const MOVE_START: u8 = 8;
/// An ASCII letter: what most moves start with.
const LETTER: u8 = 16;
const CLASSES: [u8; 256] = byte_classes();

/// White space: space, tab, the line ends, vertical tab, form feed.
pub(in crate::pgn) const fn is_blank(byte: u8) -> bool {
    CLASSES[byte as usize] & BLANK != 0
}

/// Ends a SAN-like symbol: white space and `{ } ( ) [ ] ; $ "`.
pub(in crate::pgn) const fn is_delimiter(byte: u8) -> bool {
    CLASSES[byte as usize] & DELIMITER != 0
}
