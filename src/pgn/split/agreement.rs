//! The splitter agrees with the lexer: on random texts made of the pieces of PGN (and of the
//! ways it goes wrong), read through readers of every chunk size, the splitter cuts games
//! where a reference cutter cuts them that knows nothing but the lexer's tokens of the text
//! that is left, and the rules of where a game ends.

use std::io::BufReader;
use std::ops::Range;

use super::Splitter;
use crate::pgn::line_starts;
use crate::pgn::syntax::{LexError, Token, TokenKind, is_blank, tag, tokenize};
use crate::xorshift::XorShift;

/// Where games end, read from the tokens of `text` (the rest of the stream from a game's
/// first byte): the length of the game (before its blanks are dropped), and whether it is
/// a game at all.
fn reference_cut(text: &str) -> (usize, bool) {
    let (tokens, errors) = tokenize(text);
    let mut items: Vec<Item> = tokens.into_iter().map(Item::Token).collect();
    items.extend(errors.into_iter().map(Item::Error));
    items.sort_by_key(|item| item.span().start);
    let mut state = State::default();
    let mut previous_end = 0;
    for item in &items {
        let span = item.span();
        if let Some(cut) = state.gap(text, previous_end..span.start) {
            return (cut, true);
        }
        previous_end = span.end;
        if let Some(cut) = state.read(item, text) {
            return (cut, true);
        }
    }
    if let Some(cut) = state.gap(text, previous_end..text.len()) {
        return (cut, true);
    }
    (text.len(), state.tags || state.movetext || state.unclosed)
}

/// A token of the lexer, or what it reports where it finds none.
enum Item {
    Token(Token),
    Error(LexError),
}

impl Item {
    fn span(&self) -> Range<usize> {
        match self {
            Item::Token(token) => token.span.clone(),
            Item::Error(
                LexError::UnterminatedComment(span)
                | LexError::UnterminatedTag(span)
                | LexError::BadTag(span)
                | LexError::Stray(span)
                | LexError::BadNag(span),
            ) => span.clone(),
        }
    }
}

#[derive(Default)]
struct State {
    tags: bool,
    movetext: bool,
    ended: bool,
    blank_after_tags: bool,
    unclosed: bool,
    depth: usize,
    /// The names of the tags read.
    names: Vec<String>,
}

impl State {
    /// The text between two tokens, which the lexer passes over: blanks, escape lines (a
    /// `%` first on its line), and periods and ellipses of move numbers written apart
    /// (movetext: they end a game after its marker). Blank lines in it count; where the game
    /// ends in it, if it does.
    fn gap(&mut self, text: &str, gap: Range<usize>) -> Option<usize> {
        let bytes = text.as_bytes();
        let (mut fresh, mut after_cr, mut after_lf) = (gap.start == 0, false, false);
        let mut at = gap.start;
        while let Some(&byte) = bytes.get(at).filter(|_| at < gap.end) {
            at += 1;
            match byte {
                // The line feed of a carriage return and line feed.
                b'\n' if after_cr => {
                    after_cr = false;
                    continue;
                }
                b'\n' | b'\r' => {
                    // A line of blanks (a carriage return right after a line feed makes none).
                    if fresh && !(byte == b'\r' && after_lf) {
                        self.blank_line();
                    }
                    (fresh, after_cr, after_lf) = (true, byte == b'\r', byte == b'\n');
                    continue;
                }
                b'%' if fresh => {
                    let line = &bytes[at..gap.end];
                    at += line
                        .iter()
                        .take_while(|&&b| b != b'\n' && b != b'\r')
                        .count();
                    fresh = false;
                }
                _ if is_blank(byte) => {}
                _ if self.ended => return Some(at - 1),
                _ => {
                    self.movetext = true;
                    fresh = false;
                }
            }
            (after_cr, after_lf) = (false, false);
        }
        None
    }

    fn blank_line(&mut self) {
        if self.tags && !self.movetext && !self.ended {
            self.blank_after_tags = true;
        }
    }

    /// Reads `item`: where the game ends before it (or, for a comment that never closes, at
    /// a line in it that starts with a tag pair).
    fn read(&mut self, item: &Item, text: &str) -> Option<usize> {
        let span = item.span();
        // Comments after the marker are the game's, even one that never closes.
        let comment = matches!(
            item,
            Item::Token(Token {
                kind: TokenKind::Comment,
                ..
            }) | Item::Error(LexError::UnterminatedComment(_))
        );
        if self.ended && !comment {
            return Some(span.start);
        }
        match item {
            Item::Token(token) => match token.kind {
                TokenKind::Tag { ref name, .. } => {
                    let name = text.get(name.clone()).unwrap_or_default().to_string();
                    let new_section = name == "Event" || self.names.contains(&name);
                    if self.movetext || self.blank_after_tags && new_section {
                        return Some(span.start);
                    }
                    self.names.push(name);
                    self.tags = true;
                }
                TokenKind::Comment => {}
                TokenKind::Result(_) => {
                    self.ended |= self.depth == 0;
                    self.movetext = true;
                }
                TokenKind::VariationStart => {
                    self.depth += 1;
                    self.movetext = true;
                }
                TokenKind::VariationEnd => {
                    self.depth = self.depth.saturating_sub(1);
                    self.movetext = true;
                }
                _ => self.movetext = true,
            },
            Item::Error(LexError::UnterminatedComment(span)) => {
                self.unclosed = true;
                return recovery(text, span.start);
            }
            Item::Error(LexError::BadTag(_) | LexError::UnterminatedTag(_)) => {
                self.tags |= !self.movetext;
            }
            Item::Error(_) => self.movetext = true,
        }
        None
    }
}

/// The first line of the comment that opens at `open` and never closes that starts (blanks
/// aside) with a tag pair.
fn recovery(text: &str, open: usize) -> Option<usize> {
    let bytes = text.as_bytes();
    (open + 1..bytes.len())
        .filter(|&i| matches!(bytes[i - 1], b'\n' | b'\r'))
        .map(|i| {
            i + bytes[i..]
                .iter()
                .take_while(|&&b| is_blank(b) && b != b'\n' && b != b'\r')
                .count()
        })
        .find(|&i| bytes.get(i) == Some(&b'[') && tag(&bytes[i..]).is_ok())
}

/// The games of `text` as the reference cuts them: their byte ranges (blanks around them
/// dropped) and first lines.
fn reference_games(text: &str) -> Vec<(Range<usize>, usize)> {
    let mut games = Vec::new();
    let mut at = 0;
    let bytes = text.as_bytes();
    while at < text.len() {
        let start = at + bytes[at..].iter().take_while(|&&b| is_blank(b)).count();
        if start == text.len() {
            break;
        }
        let (len, game) = reference_cut(&text[start..]);
        let end = start + len;
        if game {
            let trimmed = start
                + text[start..end]
                    .trim_end_matches(|c: char| c.is_ascii() && is_blank(c as u8))
                    .len();
            let line = 1 + line_starts(&bytes[..start + 1])
                .filter(|&s| s <= start)
                .count();
            games.push((start..trimmed, line));
        }
        at = end;
    }
    games
}

/// The pieces the random texts are made of.
const PIECES: [&str; 60] = [
    "[Event \"x\"]",
    "[Site \"a b\"]",
    "[White \"\\\"q\\\"\"]",
    "[C54]",
    "[Event \"open",
    "[",
    "]",
    "e4",
    "Nf3",
    "O-O",
    "0-0",
    "exd5",
    "e8(Q)",
    "e.p.",
    "1.",
    "12...",
    "1",
    "23",
    "1-0",
    "0-1",
    "1/2-1/2",
    "*",
    "1/2",
    "½-½",
    "e5*",
    "Qh7#1-0",
    "{c}",
    "{",
    "}",
    "{ [Event \"y\"] }",
    ";c",
    "%esc",
    "(",
    ")",
    "$1",
    "$",
    "$1-0",
    "\"",
    "!?",
    "‼",
    "\u{1}",
    " ",
    " ",
    " ",
    " ",
    "\n",
    "\n",
    "\n\n",
    "\r\n",
    "\r",
    "\n\r",
    "\t",
    "\n[Event \"z\"]\n",
    "\n[Round \"1\"]",
    "1.e4",
    "e4 e5",
    "\n%x\n",
    "\r\n\r\n",
    "…",
    "-",
];

fn random_text(rng: &mut XorShift, count: usize) -> String {
    (0..count).map(|_| *rng.pick(&PIECES)).collect()
}

/// The splitter's games of `text` read `chunk` bytes at a time: each one's bytes and line.
fn cut(text: &str, chunk: usize) -> Vec<(Range<usize>, usize)> {
    Splitter::new(BufReader::with_capacity(chunk, text.as_bytes()))
        .map(|game| {
            let game = game.unwrap();
            let start = game.offset as usize;
            (start..start + game.bytes.len(), game.line)
        })
        .collect()
}

#[test]
fn the_splitter_cuts_games_where_the_lexer_says_they_end() {
    let mut rng = XorShift(0x2545_f491_4f6c_dd1d);
    let mut games = 0;
    for round in 0..6_000 {
        let text = random_text(&mut rng, 4 + round % 50);
        let expected = reference_games(&text);
        let chunk = [1, 2, 3, 7, 64, 4096][round % 6];
        let cut = cut(&text, chunk);
        assert_eq!(cut, expected, "{text:?} read {chunk} bytes at a time");
        games += cut.len();
    }
    assert!(games > 20_000, "{games}");
}

#[test]
fn long_texts_read_through_chunks_larger_than_a_page_cut_the_same() {
    // Chunks past 4096 bytes, where a piece straddling two of them is joined with only a
    // part of the next chunk: long texts, so that happens many times in each.
    let mut rng = XorShift(0x9e37_79b9_7f4a_7c15);
    for round in 0..24 {
        let text = random_text(&mut rng, 2_000 + 400 * round);
        let expected = reference_games(&text);
        let chunk = [4_097, 5_000, 6_151, 9_999][round % 4];
        let cut = cut(&text, chunk);
        assert_eq!(cut, expected, "round {round}, {chunk} bytes at a time");
    }
}
