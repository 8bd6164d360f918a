//! The filters on a game's tags: `--tag 'NAME OP VALUE'`, `--player`, `--result`. They
//! read the tag section alone ([`Tags::of_game`]): a game that fails them is never played.

use std::cmp::Ordering;
use std::ops::Range;

use regex_lite::Regex;

use super::FilterError;
use crate::pgn::Tags;

/// How a tag's value is compared with the filter's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    /// `=`: the same text.
    Equal,
    /// `!=`: other text.
    NotEqual,
    /// `~`: a regular expression found in the value (unanchored).
    Matches,
    /// `<`, `<=`, `>`, `>=`: as numbers, or as dates on the fields both know.
    Order(Ordering, bool),
}

/// What the value is compared as.
#[derive(Clone, Debug)]
enum Operand {
    Text(String),
    Regex(Regex),
    Number(f64),
    Date(Date),
}

/// `--tag 'NAME OP VALUE'`: a tag compared with a value. A game without the tag fails it,
/// whatever the operator; so does a value that is no number (or no date) where the filter
/// compares numbers (or dates).
///
/// ```
/// use jaque::select::TagFilter;
/// use jaque::pgn::Tags;
/// let tags: Tags = [("WhiteElo", "2610"), ("Date", "1962.??.??")].into_iter().collect();
/// assert!(TagFilter::parse("WhiteElo >= 2600").unwrap().matches(&tags));
/// assert!(TagFilter::parse("Date < 1963").unwrap().matches(&tags));
/// assert!(!TagFilter::parse("BlackElo > 0").unwrap().matches(&tags)); // no such tag
/// let error = TagFilter::parse("WhiteElo >> 2600").unwrap_err();
/// assert_eq!(error.span, 10..16); // `> 2600` is no number
/// ```
#[derive(Clone, Debug)]
pub struct TagFilter {
    name: String,
    op: Op,
    operand: Operand,
}

impl TagFilter {
    /// Reads `NAME OP VALUE` (spaces around the operator optional; the value may be quoted).
    pub fn parse(text: &str) -> Result<TagFilter, FilterError> {
        let name_len = text
            .bytes()
            .take_while(|b| b.is_ascii_alphanumeric() || *b == b'_')
            .count();
        if name_len == 0 {
            let help = "write a tag's name first: `--tag 'WhiteElo >= 2500'`";
            return Err(FilterError::new(0..1, "expected a tag name").with_help(help));
        }
        let after_name = skip_spaces(text, name_len);
        let rest = text.get(after_name..).unwrap_or_default();
        let operators = [
            ("!=", Op::NotEqual),
            ("<=", Op::Order(Ordering::Less, true)),
            (">=", Op::Order(Ordering::Greater, true)),
            ("=", Op::Equal),
            ("~", Op::Matches),
            ("<", Op::Order(Ordering::Less, false)),
            (">", Op::Order(Ordering::Greater, false)),
        ];
        let Some(&(symbol, op)) = operators.iter().find(|(s, _)| rest.starts_with(s)) else {
            let end = (after_name + 1).min(text.len()).max(after_name);
            return Err(FilterError::new(after_name..end, "expected an operator")
                .with_help("one of = != ~ < <= > >="));
        };
        let value_start = skip_spaces(text, after_name + symbol.len());
        let mut value = text.get(value_start..).unwrap_or_default().trim_end();
        let mut span = value_start..value_start + value.len();
        if value.len() >= 2 && value.starts_with('"') && value.ends_with('"') {
            value = value.get(1..value.len() - 1).unwrap_or_default();
            span = span.start + 1..span.end - 1;
        }
        // Where an error in the value points: the operator, if the value is empty.
        let at = if span.is_empty() {
            after_name..value_start
        } else {
            span
        };
        let name = text.get(..name_len).unwrap_or_default();
        let operand = operand(name, op, value, symbol, at)?;
        Ok(TagFilter {
            name: name.to_string(),
            op,
            operand,
        })
    }

    /// Whether `tags` pass: the last tag of the name (as the checker's report takes it).
    pub fn matches(&self, tags: &Tags) -> bool {
        let Some(value) = tags.last(&self.name) else {
            return false;
        };
        let compared = match &self.operand {
            Operand::Text(text) => return (value == text) == (self.op == Op::Equal),
            Operand::Regex(regex) => return regex.is_match(value),
            Operand::Number(number) => number_of(value).and_then(|v| v.partial_cmp(number)),
            Operand::Date(date) => Date::parse(value).and_then(|v| v.compare(date)),
        };
        match (compared, self.op) {
            (Some(ordering), Op::Order(wanted, or_equal)) => {
                ordering == wanted || (or_equal && ordering == Ordering::Equal)
            }
            _ => false,
        }
    }
}

/// The operand of `name op value` (`at`: where the value is, for errors).
fn operand(
    name: &str,
    op: Op,
    value: &str,
    symbol: &str,
    at: Range<usize>,
) -> Result<Operand, FilterError> {
    Ok(match op {
        Op::Equal | Op::NotEqual => Operand::Text(value.to_string()),
        Op::Matches => Operand::Regex(regex(value, at)?),
        Op::Order(..) if name.ends_with("Date") => match Date::parse(value) {
            Some(date) if date.known() > 0 => Operand::Date(date),
            _ => {
                let message = format!("`{symbol}` on {name} compares dates: this is no date");
                return Err(
                    FilterError::new(at, message).with_help("write YYYY, YYYY.MM or YYYY.MM.DD")
                );
            }
        },
        Op::Order(..) => match number_of(value) {
            Some(number) => Operand::Number(number),
            None => {
                let message = format!("`{symbol}` compares numbers: this is no number");
                let help = "only tags whose name ends in `Date` compare as dates; `=`, `!=` and `~` compare text";
                return Err(FilterError::new(at, message).with_help(help));
            }
        },
    })
}

/// A regular expression of a filter, its errors placed at `at`: regex-lite, the regex
/// project's small crate (no `\p{L}`; `\w` and `(?i)` ASCII only), names being mostly ASCII.
pub fn regex(text: &str, at: Range<usize>) -> Result<Regex, FilterError> {
    Regex::new(text)
        .map_err(|error| FilterError::new(at, format!("not a regular expression: {error}")))
}

fn skip_spaces(text: &str, from: usize) -> usize {
    let rest = text.get(from..).unwrap_or_default();
    from + (rest.len() - rest.trim_start().len())
}

/// A number as a tag holds one: digits, a sign, a decimal point (no `inf`, no exponent).
fn number_of(value: &str) -> Option<f64> {
    let value = value.trim();
    let digits = value.bytes().any(|b| b.is_ascii_digit());
    let plain = (value.bytes()).all(|b| b.is_ascii_digit() || matches!(b, b'-' | b'+' | b'.'));
    if digits && plain {
        value.parse().ok()
    } else {
        None
    }
}

/// A date as PGN writes it, `YYYY.MM.DD`, each field a number or unknown (`??`); a filter
/// may give the first fields only.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Date([Option<u32>; 3]);

impl Date {
    /// Reads `YYYY`, `YYYY.MM` or `YYYY.MM.DD`: four digits for the year, two for the month
    /// and the day, `?` for each digit of a field not known. `19.03.2019` is no date.
    fn parse(text: &str) -> Option<Date> {
        let mut fields = [None; 3];
        let mut parts = text.trim().split('.');
        for (i, part) in parts.by_ref().take(3).enumerate() {
            if part.len() != if i == 0 { 4 } else { 2 } {
                return None;
            }
            if part.bytes().all(|b| b == b'?') {
                continue;
            }
            if !part.bytes().all(|b| b.is_ascii_digit()) {
                return None;
            }
            *fields.get_mut(i)? = part.parse().ok();
        }
        parts.next().is_none().then_some(Date(fields))
    }

    /// How many leading fields are known.
    fn known(&self) -> usize {
        self.0.iter().take_while(|f| f.is_some()).count()
    }

    /// Compared on the leading fields both know: a game of `1962.??.??` is equal to a filter
    /// of `1962.05` (as far as either knows); one whose year is unknown compares with none.
    fn compare(&self, filter: &Date) -> Option<Ordering> {
        let mut ordering = None;
        for (mine, theirs) in self.0.iter().zip(&filter.0) {
            let (Some(mine), Some(theirs)) = (mine, theirs) else {
                break;
            };
            match mine.cmp(theirs) {
                Ordering::Equal => ordering = Some(Ordering::Equal),
                unequal => return Some(unequal),
            }
        }
        ordering
    }
}

/// `--result R[,R…]`: the Result tag is one of these.
#[derive(Clone, Debug)]
pub struct Results(Vec<&'static str>);

impl Results {
    /// Reads results joined by `,`: `1-0`, `0-1`, `1/2-1/2` (or `1/2`), `*`.
    ///
    /// ```
    /// use jaque::select::Results;
    /// let decisive = Results::parse("1-0,0-1").unwrap();
    /// assert!(decisive.contains("0-1") && !decisive.contains("1/2-1/2"));
    /// assert_eq!(Results::parse("1-0,2-0").unwrap_err().span, 4..7);
    /// ```
    pub fn parse(text: &str) -> Result<Results, FilterError> {
        let mut results = Vec::new();
        let mut start = 0;
        for part in text.split(',') {
            let trimmed = part.trim();
            let result = match trimmed {
                "1-0" => "1-0",
                "0-1" => "0-1",
                "1/2-1/2" | "1/2" | "½-½" => "1/2-1/2",
                "*" => "*",
                _ => {
                    let lead = part.len() - part.trim_start().len();
                    let span = start + lead..start + lead + trimmed.len().max(1);
                    return Err(FilterError::new(span, "not a result")
                        .with_help("one of 1-0, 0-1, 1/2-1/2, *; join several with `,`"));
                }
            };
            results.push(result);
            start += part.len() + 1;
        }
        Ok(Results(results))
    }

    /// Whether `result` (a Result tag's value) is one of them.
    pub fn contains(&self, result: &str) -> bool {
        self.0.contains(&result.trim())
    }
}

/// A range of counts, both ends included, either left out: `--plies A..B` (mainline
/// half-moves), `--games A..B` (games of the input, from 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Between {
    least: usize,
    most: usize,
}

impl Between {
    /// Reads `A..B`, `A..`, `..B` or `A` (exactly A).
    ///
    /// ```
    /// use jaque::select::Between;
    /// assert!(Between::parse("40..").unwrap().contains(41));
    /// assert!(!Between::parse("..39").unwrap().contains(40));
    /// assert_eq!(Between::parse("10..x").unwrap_err().span, 4..5);
    /// ```
    pub fn parse(text: &str) -> Result<Between, FilterError> {
        let number = |part: &str, at: usize, open: usize| -> Result<usize, FilterError> {
            if part.is_empty() {
                return Ok(open);
            }
            part.parse().map_err(|_| {
                FilterError::new(at..at + part.len(), "not a number")
                    .with_help("write A..B, A.. or ..B (both ends included)")
            })
        };
        let (least, most) = match text.split_once("..") {
            Some((a, b)) => (number(a, 0, 0)?, number(b, a.len() + 2, usize::MAX)?),
            None if !text.is_empty() => {
                let exact = number(text, 0, 0)?;
                (exact, exact)
            }
            None => return Err(FilterError::new(0..1, "expected a range, A..B")),
        };
        if least > most {
            let message = format!("an empty range: {least} is more than {most}");
            return Err(FilterError::new(0..text.len(), message));
        }
        Ok(Between { least, most })
    }

    /// Whether `n` is in the range.
    pub fn contains(&self, n: usize) -> bool {
        (self.least..=self.most).contains(&n)
    }

    /// The range's last count.
    pub fn most(&self) -> usize {
        self.most
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tags(pairs: &[(&str, &str)]) -> Tags {
        pairs.iter().copied().collect()
    }

    #[test]
    fn dates_compare_on_the_fields_both_know() {
        let game = |date| tags(&[("Date", date)]);
        let filter = |text| TagFilter::parse(text).unwrap();
        assert!(filter("Date < 1962.05").matches(&game("1962.04.30")));
        assert!(!filter("Date < 1962.05").matches(&game("1962.??.??")));
        assert!(filter("Date <= 1962.05").matches(&game("1962.??.??")));
        assert!(filter("Date >= 1962").matches(&game("1962.12.31")));
        assert!(!filter("Date > 1900").matches(&game("????.??.??")));
        assert!(!filter("Date > 1900").matches(&game("sometime")));
        // Day, month and year the other way round: no date, not the year 19.
        assert!(!filter("Date < 2000").matches(&game("19.03.2019")));
        assert!(!filter("Date < 2000").matches(&game("2019.3.4")));
        assert!(filter("EventDate > 2000.01.01").matches(&tags(&[("EventDate", "2001.??.??")])));
    }

    #[test]
    fn numbers_compare_as_numbers_and_text_as_text() {
        let elo = |v| tags(&[("WhiteElo", v)]);
        let filter = |text| TagFilter::parse(text).unwrap();
        assert!(filter("WhiteElo > 999").matches(&elo("1000")));
        assert!(!filter("WhiteElo > 999").matches(&elo("")));
        assert!(!filter("WhiteElo > 999").matches(&elo("?")));
        assert!(filter("WhiteElo = 1000").matches(&elo("1000")));
        assert!(!filter("WhiteElo != 1000").matches(&elo("1000")));
        assert!(!filter("BlackElo != 1000").matches(&elo("1000")));
        assert!(filter("WhiteElo ~ ^1\\d{3}$").matches(&elo("1000")));
        assert!(
            filter("Event = \"Rated Blitz game\"").matches(&tags(&[("Event", "Rated Blitz game")]))
        );
    }

    #[test]
    fn a_repeated_tag_takes_its_last_value() {
        let twice = tags(&[("White", "A"), ("White", "B")]);
        assert!(TagFilter::parse("White = B").unwrap().matches(&twice));
        assert!(!TagFilter::parse("White = A").unwrap().matches(&twice));
    }

    #[test]
    fn errors_point_into_the_argument() {
        let error = |text| TagFilter::parse(text).unwrap_err();
        assert_eq!(error("= x").span, 0..1);
        assert_eq!(error("White ? x").span, 6..7);
        assert_eq!(error("WhiteElo > strong").span, 11..17);
        assert_eq!(error("Date < soon").span, 7..11);
        let regex = error("White ~ (unclosed");
        assert_eq!(regex.span, 8..17);
        assert!(
            regex.message.contains("without closing"),
            "{}",
            regex.message
        );
        assert_eq!(error("WhiteElo >").span, 9..10);
    }
}
