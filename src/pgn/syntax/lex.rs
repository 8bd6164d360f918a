//! The lexer's loop: one pass over a game's text, each token read by what its first byte
//! says it is.

use std::ops::Range;

use super::symbol::{
    ELLIPSIS, Segment, SymbolEnds, glyph_nag, marker_suffix, move_number, odd_end, segment,
    trailing_glyph,
};
use super::tag::{TagError, tag};
use super::{CLASSES, LETTER, LexError, Outcome, Token, TokenKind, is_blank};
use crate::pgn::scan::{find, first_equal, first_line_end};

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
    /// Some token is spelled otherwise than export PGN has it (a marker, a NAG, a move
    /// number): the checker looks for them only then.
    pub(crate) unusual: bool,
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
        comments: 0,
        late_tags: false,
        escapes: false,
        unusual: false,
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
        // They start with a letter, and end with no odd byte (a marker glued to them, a
        // glyph, an `e.p.`: the match below reads those symbols in full).
        if CLASSES[usize::from(byte)] & LETTER != 0
            && let Some(len) = ends.symbol_len(bytes, i)
            && !odd_end(bytes, i + len)
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
        unusual: lexer.unusual,
    }
}

/// The lexer between two tokens: the text, the tokens so far, and what it noted on the way.
struct Lexer<'a> {
    text: &'a str,
    tokens: &'a mut Vec<Token>,
    errors: Vec<LexError>,
    /// Some `(` read.
    variations: bool,
    /// Tag pairs and comments read: a tag pair with more tokens than those before it is late.
    tags: usize,
    comments: usize,
    late_tags: bool,
    escapes: bool,
    unusual: bool,
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
                self.comments += 1;
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
            _ => match segment(bytes, start) {
                (Segment::MoveNumber { number, dots }, end) => {
                    // Read here only when unusual: longer than four digits, or `…`.
                    self.unusual = true;
                    self.push(TokenKind::MoveNumber { number, dots }, start..end);
                    end
                }
                (Segment::Symbol, end) => {
                    // The commonest: a marker as the standard writes it.
                    match Outcome::parse(self.text.get(start..end).unwrap_or_default()) {
                        Some(outcome) => self.push(TokenKind::Result(outcome), start..end),
                        None => self.symbol(start, end),
                    }
                    end
                }
            },
        }
    }

    /// The symbol `start..end`: a termination marker, alone or glued to the symbol before
    /// it, then [`Lexer::body`] for the rest.
    #[cold]
    #[inline(never)]
    fn symbol(&mut self, start: usize, end: usize) {
        let text = self.text.get(start..end).unwrap_or_default();
        if let Some((outcome, len)) = marker_suffix(text.as_bytes()) {
            let split = end - len;
            self.body(start, split);
            let marker = self.text.get(split..end).unwrap_or_default();
            self.unusual |= Outcome::parse(marker).is_none();
            self.push(TokenKind::Result(outcome), split..end);
            return;
        }
        self.body(start, end);
    }

    /// A symbol with no marker at its end (maybe empty): a move number without its period
    /// (`1 d4`, which import format allows), a glyph, a NAG written as a sign (`±`, or glued
    /// to a move: `Nf3‼`), an `e.p.` written apart from its capture, or a move.
    fn body(&mut self, mut start: usize, end: usize) {
        let bytes = self.text.as_bytes();
        // The periods and ellipses of a move number written apart (`…Nf6`): no token.
        loop {
            match bytes.get(start..end) {
                Some([b'.', ..]) => start += 1,
                Some(rest) if rest.starts_with(ELLIPSIS.as_bytes()) => start += ELLIPSIS.len(),
                _ => break,
            }
        }
        let text = self.text.get(start..end).unwrap_or_default();
        let (Some(&first), Some(&last)) = (text.as_bytes().first(), text.as_bytes().last()) else {
            return;
        };
        // Every glyph of a NAG starts with one of these; a Unicode one glued to a move ends
        // beyond ASCII.
        let glyph_start = matches!(first, b'+' | b'-' | b'=') || first >= 0x80;
        if text.bytes().all(|b| b.is_ascii_digit()) {
            let number = text.bytes().fold(0u32, |n, digit| {
                n.saturating_mul(10).saturating_add(u32::from(digit - b'0'))
            });
            self.unusual = true;
            self.push(TokenKind::MoveNumber { number, dots: 0 }, start..end);
        } else if text.len() <= 2 && text.bytes().all(|b| b == b'!' || b == b'?') {
            self.push(TokenKind::Glyph, start..end);
        } else if let Some(nag) = glyph_start.then(|| glyph_nag(text)).flatten() {
            self.unusual = true;
            self.push(TokenKind::Nag(nag), start..end);
        } else if let Some((nag, len)) = (last >= 0x80).then(|| trailing_glyph(text)).flatten() {
            self.unusual = true;
            self.body(start, end - len);
            self.push(TokenKind::Nag(nag), end - len..end);
        } else if text != "e.p." || !self.extend_last_move(start, end) {
            self.push(TokenKind::San, start..end);
        }
    }

    /// Makes the move just read end at `end`, taking in the `e.p.` at `start` written after
    /// it on its line (`exf6 e.p.`): the SAN compiler reads the mark, and says it is not
    /// export SAN. `false` where no move is just before it.
    fn extend_last_move(&mut self, start: usize, end: usize) -> bool {
        let Some(last) = self.tokens.last_mut() else {
            return false;
        };
        let between = self.text.as_bytes().get(last.span.end..start);
        let apart = between.is_some_and(|b| b.iter().all(|&b| b == b' ' || b == b'\t'));
        if last.kind != TokenKind::San || !apart {
            return false;
        }
        last.span.end = end;
        true
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
        if let Some(last) = self.tokens.last()
            && piece
            && last.kind == TokenKind::San
            && last.span.end == start
        {
            // The move goes on after the parenthesis: its check sign and glyph (and maybe a
            // marker glued to it, read as any symbol's).
            let move_start = last.span.start;
            let mut end = start + 3;
            while bytes.get(end).is_some_and(|&b| !super::is_delimiter(b)) {
                end += 1;
            }
            self.tokens.pop();
            self.symbol(move_start, end);
            return end;
        }
        self.variations = true;
        self.push(TokenKind::VariationStart, start..start + 1);
        start + 1
    }

    /// A `[`: a tag pair, or an error that runs to the line's end.
    #[inline]
    fn tag_pair(&mut self, start: usize) -> usize {
        let bytes = self.text.as_bytes();
        let error = match tag(bytes.get(start..).unwrap_or_default()) {
            Ok(((name, value, len), escapes)) => {
                self.escapes |= escapes;
                let name = start + name.start..start + name.end;
                let value = start + value.start..start + value.end;
                // Comments may come before and between the tags; any other token makes the
                // tags after it late.
                self.late_tags |= self.tokens.len() != self.tags + self.comments;
                self.tags += 1;
                self.push(TokenKind::Tag { name, value }, start..start + len);
                return start + len;
            }
            Err(TagError::Unterminated) => LexError::UnterminatedTag,
            Err(TagError::Malformed) => LexError::BadTag,
        };
        let end = end_of_line(bytes, start);
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
            self.comments += 1;
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

    /// A byte that starts no token here: an error, or one more of a run of the same byte
    /// (blanks between), which is one error.
    #[inline]
    fn stray(&mut self, start: usize) -> usize {
        let bytes = self.text.as_bytes();
        if let Some(LexError::Stray(run)) = self.errors.last_mut()
            && bytes.get(run.start) == bytes.get(start)
            && bytes
                .get(run.end..start)
                .is_some_and(|between| between.iter().all(|&b| is_blank(b)))
            && self.tokens.last().is_none_or(|t| t.span.end <= run.start)
        {
            run.end = start + 1;
            return start + 1;
        }
        self.errors.push(LexError::Stray(start..start + 1));
        start + 1
    }
}

/// Whether the token at `start` is the first of its line: only blanks before it, back to a
/// line end or the text's start. Asked only of a `%` (an escape line starts a line): the
/// loop over the other tokens does not keep track. (No token ends with a blank, so the
/// blanks before a token are those the loop passed over.)
#[cold]
fn at_line_start(bytes: &[u8], start: usize) -> bool {
    bytes
        .get(..start)
        .unwrap_or_default()
        .iter()
        .rev()
        .find(|&&b| b == b'\n' || b == b'\r' || !is_blank(b))
        .is_none_or(|&b| b == b'\n' || b == b'\r')
}

/// `at`, or one past it if a space is there: the one blank that most often follows a move or
/// a move number, skipped without a turn of the loop.
#[inline(always)]
fn after_space(bytes: &[u8], at: usize) -> usize {
    at + usize::from(bytes.get(at) == Some(&b' '))
}

/// Where the line of `from` ends: its line feed or carriage return (a line feed, a carriage
/// return and line feed, or a carriage return alone end a line), or the text's end.
fn end_of_line(bytes: &[u8], from: usize) -> usize {
    let rest = bytes.get(from..).unwrap_or_default();
    from + find(rest, first_line_end)
}

#[cfg(test)]
mod tests {
    use super::{TokenKind, tokenize};
    use crate::pgn::syntax::{LexError, Outcome};

    /// A `%` starts an escape line (no token) only as the first thing on its line: after a
    /// line end or at the text's start, blanks aside, whatever token ended the line before
    /// (a `;` comment with blanks at its end, a brace comment holding a line feed).
    #[test]
    fn a_percent_sign_escapes_its_line_only_at_the_line_start() {
        let cases: [(&str, &[&str]); 9] = [
            ("%x\n1.", &["1."]),
            ("  \t%x\n1.", &["1."]),
            ("1. e4 %x\n", &["1.", "e4", "%x"]),
            ("1. e4 ;c  \r\n%x\n2.", &["1.", "e4", ";c  ", "2."]),
            ("e4\n  %x\n", &["e4"]),
            ("{c}%x", &["{c}", "%x"]),
            ("{c\n} %x", &["{c\n}", "%x"]),
            ("e4\r%x\re5", &["e4", "e5"]),
            ("e4 ;c\re5", &["e4", ";c", "e5"]),
        ];
        for (text, expected) in cases {
            let (tokens, errors) = tokenize(text);
            assert!(errors.is_empty(), "{text:?}");
            let read: Vec<&str> = tokens.iter().map(|t| &text[t.span.clone()]).collect();
            assert_eq!(read, expected, "{text:?}");
            assert!(tokens.iter().all(|t| t.kind != TokenKind::Glyph));
        }
    }

    /// What each symbol becomes, written as `kind:text` per token.
    fn kinds(text: &str) -> Vec<String> {
        let (tokens, _) = tokenize(text);
        tokens
            .iter()
            .map(|t| {
                let kind = match &t.kind {
                    TokenKind::San => "san".to_string(),
                    TokenKind::MoveNumber { number, dots } => format!("n{number}/{dots}"),
                    TokenKind::Result(outcome) => format!("r{}", outcome.as_str()),
                    TokenKind::Nag(nag) => format!("${nag}"),
                    other => format!("{other:?}"),
                };
                format!("{kind}:{}", &text[t.span.clone()])
            })
            .collect()
    }

    #[test]
    fn markers_are_read_alone_or_glued_to_the_move_before_them() {
        assert_eq!(kinds("e5*"), ["san:e5", "r*:*"]);
        assert_eq!(kinds("Qh7#1-0"), ["san:Qh7#", "r1-0:1-0"]);
        assert_eq!(kinds("e4 0-1"), ["san:e4", "r0-1:0-1"]);
        assert_eq!(kinds("1/2"), ["r1/2-1/2:1/2"]);
        assert_eq!(kinds("½-½"), ["r1/2-1/2:½-½"]);
        assert_eq!(kinds("1/2-1/2"), ["r1/2-1/2:1/2-1/2"]);
        assert_eq!(kinds("12.1-0"), ["n12/1:12.", "r1-0:1-0"]);
        assert_eq!(kinds("e8(Q)*"), ["san:e8(Q)", "r*:*"]);
        // Castling with zeros is no marker.
        assert_eq!(kinds("0-0 0-0-0"), ["san:0-0", "san:0-0-0"]);
    }

    #[test]
    fn move_numbers_may_lack_their_period_or_use_an_ellipsis() {
        assert_eq!(
            kinds("1 d4 Nf6 2 c4"),
            ["n1/0:1", "san:d4", "san:Nf6", "n2/0:2", "san:c4"]
        );
        assert_eq!(kinds("12… Nf6"), ["n12/3:12…", "san:Nf6"]);
        assert_eq!(kinds("…Nf6 … e5"), ["san:Nf6", "san:e5"]);
    }

    #[test]
    fn glyphs_of_the_standard_table_are_nags() {
        assert_eq!(kinds("Nf3‼ ±"), ["san:Nf3", "$3:‼", "$16:±"]);
        assert_eq!(kinds("e4⁉ +-"), ["san:e4", "$5:⁉", "$18:+-"]);
        // ASCII glyphs glued to a move stay with it: the SAN compiler reads them.
        assert_eq!(kinds("e4!? !!"), ["san:e4!?", "Glyph:!!"]);
    }

    #[test]
    fn an_en_passant_mark_written_apart_joins_its_capture() {
        assert_eq!(kinds("exf6 e.p. Nc6"), ["san:exf6 e.p.", "san:Nc6"]);
        assert_eq!(kinds("exf6\ne.p."), ["san:exf6", "san:e.p."]);
    }

    #[test]
    fn a_run_of_one_stray_character_is_one_error() {
        let text = format!("e4 {} e5 }} ]", "} ".repeat(1000));
        let (tokens, errors) = tokenize(&text);
        assert_eq!(tokens.len(), 2);
        assert_eq!(errors.len(), 3, "{errors:?}");
        let LexError::Stray(run) = &errors[0] else {
            panic!("{errors:?}")
        };
        assert_eq!(text[run.clone()].matches('}').count(), 1000);
        assert!(matches!(&errors[1], LexError::Stray(s) if s.len() == 1));
    }

    #[test]
    fn tags_may_share_a_line_and_have_comments_between_them() {
        let text = "{intro}\n[Event \"x\"] [Site \"y\"]\n; note\n[Date \"z\"]\n1. e4 *";
        let (tokens, errors) = tokenize(text);
        assert!(errors.is_empty());
        let tags = tokens
            .iter()
            .filter(|t| matches!(t.kind, TokenKind::Tag { .. }))
            .count();
        assert_eq!(tags, 3);
        assert_eq!(
            tokens.last().map(|t| &t.kind),
            Some(&TokenKind::Result(Outcome::Unknown))
        );
        let mut tokens_only = Vec::new();
        assert!(!super::lex(text, &mut tokens_only).late_tags);
        assert!(super::lex("e4 [Event \"x\"]", &mut tokens_only).late_tags);
    }
}
