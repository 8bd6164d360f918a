//! Games from Arrow strings: the PGN text of a column of games or of a table in the lichess
//! layout, made chunk by chunk as a reader reads it, so that every reader reads files and
//! columns alike (the Python package's Arrow input, Parquet files on the command line). A
//! column of whole games gives each string then a blank line; a table in the lichess layout
//! (tag columns and a `movetext` column) gives, for each row, a tag pair for each column that
//! is not null, in the columns' order, a blank line, the movetext, and a blank line. Null
//! and empty games give nothing. The offsets and lines of diagnostics count in that text.
//!
//! ```
//! use std::io::Read;
//! use std::sync::Arc;
//! use arrow_array::{Array, ArrayRef, StringArray, StructArray};
//! use arrow_schema::{DataType, Field};
//! use jaque::input::arrow::{ArrowText, Layout};
//! let white: ArrayRef = Arc::new(StringArray::from(vec![Some("Anna"), None]));
//! let movetext: ArrayRef = Arc::new(StringArray::from(vec!["1. e4 e5 *", "1. d4 *"]));
//! let table = StructArray::from(vec![
//!     (Arc::new(Field::new("White", DataType::Utf8, true)), white),
//!     (Arc::new(Field::new("movetext", DataType::Utf8, false)), movetext),
//! ]);
//! let layout = Layout::of(table.data_type()).unwrap();
//! let mut text = String::new();
//! ArrowText::new(Box::new([Ok(Arc::new(table) as ArrayRef)].into_iter()), layout)
//!     .read_to_string(&mut text).unwrap();
//! assert_eq!(text, "[White \"Anna\"]\n\n1. e4 e5 *\n\n1. d4 *\n\n");
//! ```

use std::io::{self, BufRead, Read};

use arrow_array::cast::AsArray;
use arrow_array::types::{
    Date32Type, Date64Type, Int8Type, Int16Type, Int32Type, Int64Type, Time32MillisecondType,
    Time32SecondType, Time64MicrosecondType, Time64NanosecondType, UInt8Type, UInt16Type,
    UInt32Type, UInt64Type,
};
use arrow_array::{Array, ArrayRef};
use arrow_schema::{ArrowError, DataType, Fields, TimeUnit};

/// The arrays of an Arrow input, in order, each a column of games or a table's rows.
pub type Arrays = Box<dyn Iterator<Item = Result<ArrayRef, ArrowError>> + Send>;

/// The column of a table that holds the moves (the lichess layout's name).
const MOVETEXT: &str = "movetext";

/// How the arrays' rows read as games.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Layout {
    /// Each string is a whole game.
    Games,
    /// Each row is a game: the tags from the columns at `tags` (each with its name), the
    /// moves from the column at `movetext`.
    Table {
        /// The tag columns' places among the table's columns, and their names.
        tags: Vec<(usize, String)>,
        /// The place of the `movetext` column.
        movetext: usize,
    },
}

impl Layout {
    /// The layout of arrays of `data_type`: strings are whole games, a struct (a table's
    /// rows) the lichess layout.
    pub fn of(data_type: &DataType) -> Result<Layout, LayoutError> {
        match data_type {
            DataType::Struct(fields) => table_layout(fields),
            t if is_string(t) => Ok(Layout::Games),
            other => Err(LayoutError::NotStrings(other.clone())),
        }
    }
}

/// Why arrays cannot be read as games: told from their type, before any game is read.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum LayoutError {
    #[error(
        "a column of games must hold strings (string, large_string, string_view, or a \
         dictionary of them), not {0}"
    )]
    /// A column of neither strings nor a table's rows.
    NotStrings(DataType),
    #[error(
        "a table of games needs a `{MOVETEXT}` column of strings (the lichess layout: \
         tag columns and the moves); its columns are {0:?}"
    )]
    /// A table without a `movetext` column (its columns' names).
    NoMovetext(Vec<String>),
    /// A `movetext` column that does not hold strings.
    #[error("the `{MOVETEXT}` column must hold strings, not {0}")]
    MovetextNotStrings(DataType),
    #[error(
        "the column {0:?} cannot be a tag: it holds {1}, not strings, integers, dates or \
         times (cast it, or leave it out)"
    )]
    /// A column whose values cannot be a tag's (its name and type).
    TagType(String, DataType),
    #[error(
        "the column {0:?} cannot be a tag: a tag's name is letters, digits and _+#=:- \
         (rename it, or leave it out)"
    )]
    /// A column whose name cannot be a tag's.
    TagName(String),
}

impl LayoutError {
    /// Whether the arrays' types are wrong (rather than a column's name, or one missing).
    pub fn is_type(&self) -> bool {
        matches!(
            self,
            LayoutError::NotStrings(_)
                | LayoutError::MovetextNotStrings(_)
                | LayoutError::TagType(..)
        )
    }
}

/// The lichess layout of a table with `fields`: every column but `movetext` a tag.
fn table_layout(fields: &Fields) -> Result<Layout, LayoutError> {
    let names: Vec<String> = fields.iter().map(|f| f.name().clone()).collect();
    let movetext = (names.iter().position(|n| n == MOVETEXT))
        .ok_or_else(|| LayoutError::NoMovetext(names.clone()))?;
    let mut tags = Vec::new();
    for (at, field) in fields.iter().enumerate() {
        let (name, data_type) = (field.name(), field.data_type());
        if at == movetext {
            if !is_string(data_type) && *data_type != DataType::Null {
                return Err(LayoutError::MovetextNotStrings(data_type.clone()));
            }
            continue;
        }
        if !is_tag_type(data_type) {
            return Err(LayoutError::TagType(name.clone(), data_type.clone()));
        }
        if !is_tag_name(name) {
            return Err(LayoutError::TagName(name.clone()));
        }
        tags.push((at, name.clone()));
    }
    Ok(Layout::Table { tags, movetext })
}

/// Strings, plain or dictionary-encoded (pandas' categoricals, Parquet read with
/// `read_dictionary`).
fn is_string(data_type: &DataType) -> bool {
    match data_type {
        DataType::Utf8 | DataType::LargeUtf8 | DataType::Utf8View => true,
        DataType::Dictionary(_, values) => is_string(values),
        _ => false,
    }
}

/// The types a tag's value is printed from (and `Null`, pyarrow's type of a column of
/// nulls only, which gives no tags).
fn is_tag_type(data_type: &DataType) -> bool {
    is_string(data_type)
        || *data_type == DataType::Null
        || data_type.is_integer()
        || matches!(
            data_type,
            DataType::Date32
                | DataType::Date64
                | DataType::Time32(TimeUnit::Second | TimeUnit::Millisecond)
                | DataType::Time64(TimeUnit::Microsecond | TimeUnit::Nanosecond)
        )
}

/// A PGN symbol: a letter or digit, then letters, digits and `_+#=:-`.
fn is_tag_name(name: &str) -> bool {
    let mut chars = name.chars();
    chars.next().is_some_and(|c| c.is_ascii_alphanumeric())
        && chars.all(|c| c.is_ascii_alphanumeric() || "_+#=:-".contains(c))
}

/// The text of the arrays, a chunk at a time.
pub struct ArrowText {
    arrays: Arrays,
    layout: Layout,
    /// The array being read, and its next row.
    current: Option<(ArrayRef, usize)>,
    /// The text made and not yet read, from `at`.
    pending: Vec<u8>,
    at: usize,
    /// The producer's error, held back until the text made before it is read: the games
    /// before it come out first.
    failed: Option<io::Error>,
}

impl ArrowText {
    /// The text of `arrays`, each of `layout` (see [`Layout::of`]).
    pub fn new(arrays: Arrays, layout: Layout) -> ArrowText {
        ArrowText {
            arrays,
            layout,
            current: None,
            pending: Vec::with_capacity(super::BUFFER),
            at: 0,
            failed: None,
        }
    }

    /// Makes the next chunk of text: rows until a buffer's worth (empty at the end).
    fn refill(&mut self) -> io::Result<()> {
        self.pending.clear();
        self.at = 0;
        if let Some(error) = self.failed.take() {
            return Err(error);
        }
        while self.pending.len() < super::BUFFER {
            let (array, row) = match self.current.take() {
                Some(current) => current,
                None => match self.arrays.next() {
                    Some(Ok(array)) => (array, 0),
                    Some(Err(error)) if self.pending.is_empty() => {
                        return Err(io::Error::other(error));
                    }
                    Some(Err(error)) => {
                        self.failed = Some(io::Error::other(error));
                        return Ok(());
                    }
                    None => return Ok(()),
                },
            };
            if row < array.len() {
                write_row(&self.layout, array.as_ref(), row, &mut self.pending)?;
                self.current = Some((array, row + 1));
            }
        }
        Ok(())
    }
}

impl Read for ArrowText {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let available = self.fill_buf()?;
        let n = available.len().min(buf.len());
        buf.get_mut(..n)
            .unwrap_or_default()
            .copy_from_slice(available.get(..n).unwrap_or_default());
        self.consume(n);
        Ok(n)
    }
}

impl BufRead for ArrowText {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        if self.at >= self.pending.len() {
            self.refill()?;
        }
        Ok(self.pending.get(self.at..).unwrap_or_default())
    }

    fn consume(&mut self, amount: usize) {
        self.at = self.at.saturating_add(amount).min(self.pending.len());
    }
}

/// The text of row `row` of `array`, appended to `out`.
fn write_row(layout: &Layout, array: &dyn Array, row: usize, out: &mut Vec<u8>) -> io::Result<()> {
    match layout {
        Layout::Games => {
            if let Some(game) = string_at(array, row).filter(|game| !game.is_empty()) {
                out.extend_from_slice(game.as_bytes());
                out.extend_from_slice(b"\n\n");
            }
        }
        Layout::Table { tags, movetext } => {
            let table = array.as_struct_opt().ok_or_else(|| changed_type(array))?;
            let start = out.len();
            for (at, name) in tags {
                if let Some(column) = table.columns().get(*at) {
                    write_tag(name, column.as_ref(), row, out);
                }
            }
            let moves = table.columns().get(*movetext);
            let moves = moves.and_then(|column| string_at(column.as_ref(), row));
            if out.len() > start {
                out.push(b'\n');
            }
            if let Some(moves) = moves {
                out.extend_from_slice(moves.as_bytes());
            }
            if out.len() > start {
                out.extend_from_slice(b"\n\n");
            }
        }
    }
    Ok(())
}

/// A batch whose type is not the stream's: the producer broke the interface.
fn changed_type(array: &dyn Array) -> io::Error {
    io::Error::other(format!(
        "an Arrow batch of {} in a stream of tables",
        array.data_type()
    ))
}

/// The string at `row` of a string array; `None` if null, out of range or not strings.
fn string_at(array: &dyn Array, row: usize) -> Option<&str> {
    if row >= array.len() || array.is_null(row) {
        return None;
    }
    if let Some(strings) = array.as_string_opt::<i32>() {
        Some(strings.value(row))
    } else if let Some(strings) = array.as_string_opt::<i64>() {
        Some(strings.value(row))
    } else if let Some(strings) = array.as_string_view_opt() {
        Some(strings.value(row))
    } else {
        dictionary_string(array, row)
    }
}

/// The string at `row` of a dictionary of strings (`None` for any other array).
fn dictionary_string(array: &dyn Array, row: usize) -> Option<&str> {
    macro_rules! keyed {
        ($($t:ty),*) => {$(
            if let Some(dictionary) = array.as_dictionary_opt::<$t>() {
                return string_at(dictionary.values().as_ref(), dictionary.key(row)?);
            }
        )*};
    }
    keyed!(
        Int8Type, Int16Type, Int32Type, Int64Type, UInt8Type, UInt16Type, UInt32Type, UInt64Type
    );
    None
}

/// `[name "value"]` and a newline, for the value at `row` of `column` if it is not null;
/// `\` and `"` escaped, line breaks made spaces (a tag is one line).
fn write_tag(name: &str, column: &dyn Array, row: usize, out: &mut Vec<u8>) {
    if row >= column.len() || column.is_null(row) {
        return;
    }
    let owned;
    let value = match string_at(column, row) {
        Some(text) => text,
        None => match value_text(column, row) {
            Some(text) => {
                owned = text;
                owned.as_str()
            }
            None => return,
        },
    };
    out.push(b'[');
    out.extend_from_slice(name.as_bytes());
    out.extend_from_slice(b" \"");
    out.extend_from_slice(crate::pgn::syntax::escape(value).as_bytes());
    out.extend_from_slice(b"\"]\n");
}

/// The text of a value that is not a string: an integer in decimal, a date as PGN writes
/// one (`2024.01.31`), a time as `12:34:56`.
fn value_text(column: &dyn Array, row: usize) -> Option<String> {
    macro_rules! integer {
        ($($t:ty),*) => {$(
            if let Some(values) = column.as_primitive_opt::<$t>() {
                return Some(values.value(row).to_string());
            }
        )*};
    }
    integer!(
        Int8Type, Int16Type, Int32Type, Int64Type, UInt8Type, UInt16Type, UInt32Type, UInt64Type
    );
    const MS_A_DAY: i64 = 86_400_000;
    if let Some(days) = column.as_primitive_opt::<Date32Type>() {
        return Some(date(i64::from(days.value(row))));
    }
    if let Some(ms) = column.as_primitive_opt::<Date64Type>() {
        return Some(date(ms.value(row).div_euclid(MS_A_DAY)));
    }
    let seconds = if let Some(t) = column.as_primitive_opt::<Time32SecondType>() {
        i64::from(t.value(row))
    } else if let Some(t) = column.as_primitive_opt::<Time32MillisecondType>() {
        i64::from(t.value(row)).div_euclid(1_000)
    } else if let Some(t) = column.as_primitive_opt::<Time64MicrosecondType>() {
        t.value(row).div_euclid(1_000_000)
    } else {
        let t = column.as_primitive_opt::<Time64NanosecondType>()?;
        t.value(row).div_euclid(1_000_000_000)
    };
    Some(time(seconds))
}

/// `days` after 1970-01-01 as `yyyy.mm.dd` (the proleptic Gregorian calendar; H. Hinnant's
/// days-to-civil).
fn date(days: i64) -> String {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let of_era = z.rem_euclid(146_097);
    let year_of_era = (of_era - of_era / 1_460 + of_era / 36_524 - of_era / 146_096) / 365;
    let day_of_year = of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let shifted_month = (5 * day_of_year + 2) / 153;
    let day = day_of_year - (153 * shifted_month + 2) / 5 + 1;
    let month = if shifted_month < 10 {
        shifted_month + 3
    } else {
        shifted_month - 9
    };
    let year = year_of_era + era * 400 + i64::from(month <= 2);
    format!("{year:04}.{month:02}.{day:02}")
}

/// `seconds` after midnight as `hh:mm:ss` (wrapped to a day).
fn time(seconds: i64) -> String {
    let seconds = seconds.rem_euclid(86_400);
    let (hours, minutes) = (seconds / 3_600, seconds / 60 % 60);
    format!("{hours:02}:{minutes:02}:{:02}", seconds % 60)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Days from Python's `datetime.date.toordinal() - date(1970, 1, 1).toordinal()`.
    #[test]
    fn dates_are_civil() {
        assert_eq!(date(0), "1970.01.01");
        assert_eq!(date(19_753), "2024.01.31");
        assert_eq!(date(19_782), "2024.02.29");
        assert_eq!(date(-1), "1969.12.31");
        assert_eq!(date(11_016), "2000.02.29");
    }

    #[test]
    fn times_wrap_to_a_day() {
        assert_eq!(time(0), "00:00:00");
        assert_eq!(time(45_296), "12:34:56");
        assert_eq!(time(86_399), "23:59:59");
        assert_eq!(time(-1), "23:59:59");
    }

    #[test]
    fn tag_names_are_symbols() {
        assert!(is_tag_name("WhiteElo"));
        assert!(!is_tag_name("__index_level_0__"));
        assert!(!is_tag_name("game id"));
        assert!(!is_tag_name(""));
    }
}
