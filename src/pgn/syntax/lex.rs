//! The lexer's loop: one pass over a game's text, each token read by what its first byte
//! says it is.

use std::ops::Range;

use super::symbol::{SymbolEnds, move_number, symbol};
use super::tag::{TagError, tag};
use super::{CLASSES, LexError, MOVE_START, Token, TokenKind, is_blank};
use crate::pgn::scan::{find, first_equal};

/// Splits a game's text into tokens, and the problems met on the way; never fails, never
/// loses text: what is not a token is reported.
///
/// ```
/// use jaque::pgn::syntax::{TokenKind, tokenize};
/// let text = "[White \"Tal\"]\n1. e4 {good} e5 $1 (1... c5) 1-0";
/// let (tokens, errors) = tokenize(text);
/// assert!(errors.is_empty());
/// let TokenKind::Tag { name, value } = &tokens[0].kind else { panic!() };
/// assert_eq!((&text[name.clone()], &text[value.clone()]), ("White", "Tal"));
/// assert_eq!(tokens.iter().filter(|t| t.kind == TokenKind::San).count(), 3);
/// ```
pub fn tokenize(text: &str) -> (Vec<Token>, Vec<LexError>) {
    let mut tokens = Vec::new();
    let lexed = lex(text, &mut tokens);
    (tokens, lexed.errors)
}

/// What [`tokenize`] gives besides the tokens, whether any `(` was read and whether a tag
/// came after another token: most games have neither, and knowing that spares the checker
/// looking for them.
pub(crate) struct Lexed {
    pub(crate) errors: Vec<LexError>,
    pub(crate) variations: bool,
    pub(crate) late_tags: bool,
    /// Some tag value may hold an escape (else none does).
    pub(crate) escapes: bool,
}

/// [`tokenize`] into `tokens` (cleared first: a checker reuses one buffer for every game).
pub(crate) fn lex(text: &str, tokens: &mut Vec<Token>) -> Lexed {
    // About one token per five bytes of a typical game: no regrowth.
    tokens.clear();
    tokens.reserve(text.len() / 5 + 16);
    let mut lexer = Lexer {
        text,
        tokens,
        errors: Vec::new(),
        variations: false,
        tags: 0,
        late_tags: false,
        escapes: false,
    };
    let bytes = text.as_bytes();
    let mut i = 0;
    let mut ends = SymbolEnds::default();
    while let Some(&byte) = bytes.get(i) {
        if is_blank(byte) {
            i += 1;
            continue;
        }
        // Moves, the commonest tokens, first: one test instead of the match's jump table.
        // They are the symbols that start with none of the bytes that start the other
        // tokens, move numbers, markers and glyphs.
        if CLASSES[usize::from(byte)] & MOVE_START != 0
            && let Some(len) = ends.symbol_len(bytes, i)
        {
            lexer.push(TokenKind::San, i..i + len);
            i = after_space(bytes, i + len);
            continue;
        }
        // Move numbers next, without the match either.
        if byte.is_ascii_digit()
            && let Some((number, dots, len)) = move_number(bytes, i)
        {
            lexer.push(TokenKind::MoveNumber { number, dots }, i..i + len);
            i = after_space(bytes, i + len);
            continue;
        }
        i = lexer.token(byte, i);
    }
    Lexed {
        errors: lexer.errors,
        variations: lexer.variations,
        late_tags: lexer.late_tags,
        escapes: lexer.escapes,
    }
}

/// The lexer between two tokens: the text, the tokens so far, and what it noted on the way.
struct Lexer<'a> {
    text: &'a str,
    tokens: &'a mut Vec<Token>,
    errors: Vec<LexError>,
    /// Some `(` read.
    variations: bool,
    /// Tag pairs read: a tag pair with more tokens than that before it is late.
    tags: usize,
    late_tags: bool,
    escapes: bool,
}

impl Lexer<'_> {
    #[inline(always)]
    fn push(&mut self, kind: TokenKind, span: Range<usize>) {
        self.tokens.push(Token { kind, span });
    }

    /// Reads the token at `start`, whose first byte `byte` is no blank and starts no move
    /// [`SymbolEnds`] reads; returns where it ends.
    #[inline(always)]
    fn token(&mut self, byte: u8, start: usize) -> usize {
        let bytes = self.text.as_bytes();
        match byte {
            b'%' if at_line_start(bytes, start) => end_of_line(bytes, start),
            b'[' => self.tag_pair(start),
            b'{' => self.brace_comment(start),
            b';' => {
                let end = end_of_line(bytes, start);
                self.push(TokenKind::Comment, start..end);
                end
            }
            b'(' => self.parenthesis(start),
            b')' => {
                self.push(TokenKind::VariationEnd, start..start + 1);
                start + 1
            }
            b'$' => self.nag(start),
            b'}' | b']' | b'"' => self.stray(start),
            b'.' => {
                // Dots of their own (`12 ...`): part of a move number indication.
                let mut end = start;
                while bytes.get(end) == Some(&b'.') {
                    end += 1;
                }
                end
            }
            _ if byte.is_ascii_control() => self.stray(start),
            _ => {
                // A move number, a marker, a glyph, or a move longer than `short_symbol` reads.
                let (kind, end) = symbol(self.text, start);
                self.push(kind, start..end);
                end
            }
        }
    }

    /// A `(`: a variation opens, unless it holds the promotion piece of the move it is glued
    /// to, as old books write them (`e8(Q)`): then it is part of that move.
    #[inline]
    fn parenthesis(&mut self, start: usize) -> usize {
        let bytes = self.text.as_bytes();
        let piece = matches!(
            bytes.get(start.saturating_sub(1)..start + 3),
            Some([b'1' | b'8', b'(', letter, b')']) if letter.is_ascii_alphabetic()
        );
        if let Some(last) = self.tokens.last_mut()
            && piece
            && last.kind == TokenKind::San
            && last.span.end == start
        {
            // The move goes on after the parenthesis: its check sign and glyph.
            let mut end = start + 3;
            while bytes.get(end).is_some_and(|&b| !super::is_delimiter(b)) {
                end += 1;
            }
            last.span.end = end;
            return end;
        }
        self.variations = true;
        self.push(TokenKind::VariationStart, start..start + 1);
        start + 1
    }

    /// A `[`: a tag pair, or an error that runs to the line's end.
    #[inline]
    fn tag_pair(&mut self, start: usize) -> usize {
        let error = match tag(&self.text[start..]) {
            Ok(((name, value, len), escapes)) => {
                self.escapes |= escapes;
                let name = start + name.start..start + name.end;
                let value = start + value.start..start + value.end;
                self.late_tags |= self.tokens.len() != self.tags;
                self.tags += 1;
                self.push(TokenKind::Tag { name, value }, start..start + len);
                return start + len;
            }
            Err(TagError::Unterminated) => LexError::UnterminatedTag,
            Err(TagError::Malformed) => LexError::BadTag,
        };
        let end = end_of_line(self.text.as_bytes(), start);
        self.errors.push(error(start..end));
        end
    }

    /// A `{`: a comment through its `}`, or, without one, an error that runs to the end.
    #[inline]
    fn brace_comment(&mut self, start: usize) -> usize {
        let bytes = self.text.as_bytes();
        let rest = bytes.get(start..).unwrap_or_default();
        let close = start + find(rest, |w| first_equal(w, b'}'));
        if close < bytes.len() {
            self.push(TokenKind::Comment, start..close + 1);
            close + 1
        } else {
            let end = bytes.len();
            self.errors.push(LexError::UnterminatedComment(start..end));
            end
        }
    }

    /// A `$` and its digits: a NAG, or an error if they make no number up to 255.
    #[inline]
    fn nag(&mut self, start: usize) -> usize {
        let bytes = self.text.as_bytes();
        let mut end = start + 1;
        while bytes.get(end).is_some_and(u8::is_ascii_digit) {
            end += 1;
        }
        match self.text[start + 1..end].parse::<u8>() {
            Ok(nag) => self.push(TokenKind::Nag(nag), start..end),
            Err(_) => self.errors.push(LexError::BadNag(start..end)),
        }
        end
    }

    /// A byte that starts no token here: an error.
    #[inline]
    fn stray(&mut self, start: usize) -> usize {
        self.errors.push(LexError::Stray(start..start + 1));
        start + 1
    }
}

/// Whether the token at `start` is the first of its line: only blanks before it, back to a
/// line feed or the text's start. Asked only of a `%` (an escape line starts a line): the
/// loop over the other tokens does not keep track. (No token ends with a blank, so the
/// blanks before a token are those the loop passed over.)
#[cold]
fn at_line_start(bytes: &[u8], start: usize) -> bool {
    bytes
        .get(..start)
        .unwrap_or_default()
        .iter()
        .rev()
        .find(|&&b| b == b'\n' || !is_blank(b))
        .is_none_or(|&b| b == b'\n')
}

/// `at`, or one past it if a space is there: the one blank that most often follows a move or
/// a move number, skipped without a turn of the loop.
#[inline(always)]
fn after_space(bytes: &[u8], at: usize) -> usize {
    at + usize::from(bytes.get(at) == Some(&b' '))
}

fn end_of_line(bytes: &[u8], from: usize) -> usize {
    let rest = bytes.get(from..).unwrap_or_default();
    from + find(rest, |w| first_equal(w, b'\n'))
}

#[cfg(test)]
mod tests {
    use super::{TokenKind, tokenize};

    /// A `%` starts an escape line (no token) only as the first thing on its line: after a
    /// line feed or at the text's start, blanks aside, whatever token ended the line before
    /// (a `;` comment with blanks at its end, a brace comment holding a line feed).
    #[test]
    fn a_percent_sign_escapes_its_line_only_at_the_line_start() {
        let cases: [(&str, &[&str]); 7] = [
            ("%x\n1.", &["1."]),
            ("  \t%x\n1.", &["1."]),
            ("1. e4 %x\n", &["1.", "e4", "%x"]),
            ("1. e4 ;c  \r\n%x\n2.", &["1.", "e4", ";c  \r", "2."]),
            ("e4\n  %x\n", &["e4"]),
            ("{c}%x", &["{c}", "%x"]),
            ("{c\n} %x", &["{c\n}", "%x"]),
        ];
        for (text, expected) in cases {
            let (tokens, errors) = tokenize(text);
            assert!(errors.is_empty(), "{text:?}");
            let read: Vec<&str> = tokens.iter().map(|t| &text[t.span.clone()]).collect();
            assert_eq!(read, expected, "{text:?}");
            assert!(tokens.iter().all(|t| t.kind != TokenKind::Glyph));
        }
    }
}
