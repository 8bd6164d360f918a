//! Square designators read: `e4`, `a-h8` (a rank), `e1-8` (a file), `a-d1-4` (a
//! rectangle), and lists of them `[e4,d5,a-h8]`; a range written with the higher file or
//! rank first is an error, not an empty set.

use nom::IResult;
use nom::Parser as _;
use nom::character::complete::{char, one_of};
use nom::combinator::opt;
use nom::sequence::preceded;

use super::parse::{Parsed, Parser};
use crate::bitboard::Bitboard;
use crate::diagnostic::FilterError;
use crate::square::{File, Rank, Square};

impl Parser<'_> {
    /// Squares at the reader (`e4`, `a-h8`, `e1-8`, `a-d1-4`, a list `[e4,d5]`), or None.
    pub(super) fn squares(&mut self) -> Parsed<Option<Bitboard>> {
        if !self.rest().starts_with('[') {
            return self.square_range();
        }
        let start = self.at;
        self.at += 1;
        let mut all = Bitboard::EMPTY;
        loop {
            self.skip();
            // Once a square is read, this is a list (a union holds no digit).
            let unclosed = || {
                FilterError::new(start..start + 1, "unclosed `[`")
                    .with_help("close the list with `]`: `[e4,d5]`")
            };
            let Some(squares) = self.square_range()? else {
                if all.any() {
                    return Err(unclosed());
                }
                self.at = start;
                return Ok(None);
            };
            all |= squares;
            if self.eat("]") {
                return Ok(Some(all));
            }
            if !self.eat(",") {
                return Err(unclosed());
            }
        }
    }

    /// One range of squares at the reader, or None (nothing read).
    fn square_range(&mut self) -> Parsed<Option<Bitboard>> {
        let rest = self.rest();
        let Ok((after, (f1, f2, r1, r2))) = range(rest) else {
            return Ok(None);
        };
        let span = self.at..self.at + rest.len() - after.len();
        let (files, ranks) = (File::from_char(f1), Rank::from_char(r1));
        let (last_file, last_rank) = (
            File::from_char(f2.unwrap_or(f1)),
            Rank::from_char(r2.unwrap_or(r1)),
        );
        let (Some(f1), Some(f2), Some(r1), Some(r2)) = (files, last_file, ranks, last_rank) else {
            return Ok(None);
        };
        if f2 < f1 || r2 < r1 {
            let text = &rest[..span.len()];
            let fixed = format!(
                "{}{}",
                order(f1.char(), f2.char()),
                order(r1.char(), r2.char())
            );
            return Err(
                FilterError::new(span, format!("the square range `{text}` is empty"))
                    .with_help(format!("write the lower file and rank first: `{fixed}`")),
            );
        }
        self.at = span.end;
        let mut squares = Bitboard::EMPTY;
        for file in &File::ALL[f1.index()..=f2.index()] {
            for rank in &Rank::ALL[r1.index()..=r2.index()] {
                squares.insert(Square::new(*file, *rank));
            }
        }
        Ok(Some(squares))
    }
}

/// `a`, `a-h`, as the range of two files (or ranks) is written with the lower first.
fn order(a: char, b: char) -> String {
    match a.cmp(&b) {
        std::cmp::Ordering::Equal => a.to_string(),
        std::cmp::Ordering::Less => format!("{a}-{b}"),
        std::cmp::Ordering::Greater => format!("{b}-{a}"),
    }
}

type Letters = (char, Option<char>, char, Option<char>);

/// A square range's letters, with nom: a file, perhaps `-` and a second file, a rank,
/// perhaps `-` and a second rank.
fn range(input: &str) -> IResult<&str, Letters> {
    (
        one_of("abcdefgh"),
        opt(preceded(char('-'), one_of("abcdefgh"))),
        one_of("12345678"),
        opt(preceded(char('-'), one_of("12345678"))),
    )
        .parse(input)
}
