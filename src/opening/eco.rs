//! ECO codes (`A00` to `E99`) and the ranges a user selects them by: a code (`C50`), a prefix
//! (`C5`: C50 to C59; `A`: A00 to A99) or two of these joined by `-` (`B20-B99`, `C5-D`).
//! A text that is not one says which bytes are wrong and why, for a rustc-style message.

use std::fmt;
use std::ops::Range;
use std::str::FromStr;

/// An ECO code: a volume, `A` to `E`, and a number, `00` to `99`; ordered as written.
///
/// ```
/// use jaque::opening::Eco;
/// let eco: Eco = "C50".parse().unwrap();
/// assert_eq!(eco.to_string(), "C50");
/// assert!("F00".parse::<Eco>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Eco {
    volume: u8,
    number: u8,
}

impl Eco {
    /// The first code, `A00`.
    pub const FIRST: Eco = Eco {
        volume: b'A',
        number: 0,
    };
    /// The last code, `E99`.
    pub const LAST: Eco = Eco {
        volume: b'E',
        number: 99,
    };
}

impl fmt::Display for Eco {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{:02}", char::from(self.volume), self.number)
    }
}

impl FromStr for Eco {
    type Err = EcoRangeError;

    /// A whole code, three characters; a prefix is a range, not a code.
    fn from_str(text: &str) -> Result<Eco, EcoRangeError> {
        let (first, last, end) = bound(text, 0)?;
        match (first == last, text.get(end..)) {
            (true, Some("")) => Ok(first),
            (false, _) => Err(error(0..end, EcoRangeReason::NotACode)),
            (true, _) => Err(error(end..text.len(), EcoRangeReason::Trailing)),
        }
    }
}

/// The codes from one code to another, both included.
///
/// ```
/// use jaque::opening::EcoRange;
/// let range: EcoRange = "B20-B99".parse().unwrap();
/// assert!(range.contains("B33") && !range.contains("C00"));
/// assert!("C5".parse::<EcoRange>().unwrap().contains("C57"));
/// let error = "C5-C3".parse::<EcoRange>().unwrap_err();
/// assert_eq!(error.span, 0..5);
/// assert_eq!(error.to_string(), "the range is reversed: C5 starts at C50, after C3 ends at C39");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct EcoRange {
    first: Eco,
    last: Eco,
}

impl EcoRange {
    /// The first code in the range.
    pub fn first(&self) -> Eco {
        self.first
    }

    /// The last code in the range.
    pub fn last(&self) -> Eco {
        self.last
    }

    /// Is `eco` a code of the range? Text that is no ECO code is in no range.
    pub fn contains(&self, eco: &str) -> bool {
        eco.parse::<Eco>()
            .is_ok_and(|eco| self.first <= eco && eco <= self.last)
    }
}

impl FromStr for EcoRange {
    type Err = EcoRangeError;

    fn from_str(text: &str) -> Result<EcoRange, EcoRangeError> {
        let (first, last, end) = bound(text, 0)?;
        let Some(rest) = text.get(end..).filter(|rest| !rest.is_empty()) else {
            return Ok(EcoRange { first, last });
        };
        if !rest.starts_with('-') {
            return Err(error(end..text.len(), EcoRangeReason::Trailing));
        }
        let (_, last, stop) = bound(text, end + 1)?;
        if last < first {
            let written = |span: Range<usize>| text.get(span).unwrap_or_default().to_string();
            let reason = EcoRangeReason::Reversed {
                from: written(0..end),
                starts: first,
                to: written(end + 1..stop),
                ends: last,
            };
            return Err(error(0..stop, reason));
        }
        match stop == text.len() {
            true => Ok(EcoRange { first, last }),
            false => Err(error(stop..text.len(), EcoRangeReason::AfterRange)),
        }
    }
}

/// Why an ECO range was not read: the bytes of the text at fault, and the reason.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{reason}")]
pub struct EcoRangeError {
    /// The bytes at fault (empty where something is missing: where it should be).
    pub span: Range<usize>,
    /// What is wrong with them.
    pub reason: EcoRangeReason,
}

/// What is wrong with an ECO range.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EcoRangeReason {
    /// Nothing was written.
    #[error(
        "an ECO range is a code (C50), a prefix (C5, C) or two of them joined by '-' (B20-B99)"
    )]
    Empty,
    /// The text does not start with a letter.
    #[error("an ECO code starts with its volume, a letter from A to E")]
    NotALetter,
    /// A letter after `E`.
    #[error("there is no ECO volume {0}: the codes run from A00 to E99")]
    UnknownVolume(char),
    /// A volume without a two-digit number where a code is needed.
    #[error("an ECO code has a letter and two digits (C50)")]
    NotACode,
    /// A third digit.
    #[error("an ECO code has two digits")]
    TooManyDigits,
    /// Something after a code that is neither a digit nor the range's `-`.
    #[error("expected a digit, or '-' and the code that ends the range")]
    Trailing,
    /// Something after the code that ends a range.
    #[error("a range ends with its second code")]
    AfterRange,
    /// A `-` with nothing after it.
    #[error("expected the code that ends the range after '-'")]
    MissingEnd,
    /// The range ends before it starts.
    #[error("the range is reversed: {from} starts at {starts}, after {to} ends at {ends}")]
    Reversed {
        /// The first code as written.
        from: String,
        /// Where it starts.
        starts: Eco,
        /// The second code as written.
        to: String,
        /// Where it ends.
        ends: Eco,
    },
}

fn error(span: Range<usize>, reason: EcoRangeReason) -> EcoRangeError {
    EcoRangeError { span, reason }
}

/// A code or prefix at byte `start` of `text`: the first and last codes it covers and where
/// it ends. Lower-case volumes are read as upper-case ones.
fn bound(text: &str, start: usize) -> Result<(Eco, Eco, usize), EcoRangeError> {
    let rest = text.get(start..).unwrap_or_default();
    let Some(letter) = rest.chars().next() else {
        let reason = if start == 0 {
            EcoRangeReason::Empty
        } else {
            EcoRangeReason::MissingEnd
        };
        return Err(error(start..start, reason));
    };
    let letter_span = start..start + letter.len_utf8();
    let volume = match letter.to_ascii_uppercase() {
        upper @ 'A'..='E' => upper as u8,
        _ if letter.is_ascii_alphabetic() => {
            return Err(error(letter_span, EcoRangeReason::UnknownVolume(letter)));
        }
        _ => return Err(error(letter_span, EcoRangeReason::NotALetter)),
    };
    let digits = rest.get(1..).unwrap_or_default();
    let count = digits.bytes().take_while(u8::is_ascii_digit).count();
    if count > 2 {
        let extra = start + 3..start + 1 + count;
        return Err(error(extra, EcoRangeReason::TooManyDigits));
    }
    let value = digits
        .bytes()
        .take(count)
        .fold(0, |n, d| n * 10 + (d - b'0'));
    let (low, high) = match count {
        0 => (0, 99),
        1 => (value * 10, value * 10 + 9),
        _ => (value, value),
    };
    let code = |number| Eco { volume, number };
    Ok((code(low), code(high), start + 1 + count))
}

#[cfg(test)]
mod tests;
