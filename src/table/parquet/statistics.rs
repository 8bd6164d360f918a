//! A column chunk's statistics: its least and greatest value and its missing values, so that
//! a reader (duckdb, pyarrow, polars) skips the row groups a filter excludes. Values compare
//! as their logical type does: unsigned integers unsigned, text byte by byte; NaN is left out.

use super::super::{Column, Values};
use super::shred::span;
use super::thrift::Thrift;

/// Text statistics longer than this are not written: a long comment would make the footer
/// long for no reader's gain.
const TEXT_LIMIT: usize = 64;

/// A value as it compares.
#[derive(Clone, Debug, PartialEq, PartialOrd)]
enum Bound {
    Unsigned(u64),
    Signed(i64),
    Float(f64),
    Text(Vec<u8>),
}

/// What a chunk's values so far hold.
#[derive(Clone, Debug, Default)]
pub(super) struct Statistics {
    bounds: Option<(Bound, Bound)>,
    /// Slots without a value, for a column that is not repeated.
    nulls: i64,
    /// The bytes of an unsigned or signed value in the plain encoding.
    width: usize,
    /// The [`prefix`]es of the text bounds: most values fall strictly between them, and
    /// need no comparison of their bytes.
    prefixes: (u64, u64),
}

/// The first eight bytes of `text` as a big-endian number, zeros past its end: text whose
/// prefix is strictly greater is strictly greater byte by byte.
fn prefix(text: &[u8]) -> u64 {
    let mut eight = [0; 8];
    for (slot, &byte) in eight.iter_mut().zip(text) {
        *slot = byte;
    }
    u64::from_be_bytes(eight)
}

impl Statistics {
    /// Takes in the values of `rows` of `leaf`, and `nulls` slots without one.
    pub(super) fn add(&mut self, leaf: &Column, rows: &[usize], nulls: usize) {
        self.nulls += nulls as i64;
        fn of<'a, T: Copy + Into<u64>>(
            values: &'a [T],
            rows: &'a [usize],
        ) -> impl Iterator<Item = u64> + 'a {
            rows.iter()
                .filter_map(|&row| values.get(row))
                .map(|&n| n.into())
        }
        match &leaf.values {
            Values::U64(v) => self.numbers(of(v, rows), 8),
            Values::U32(v) => self.numbers(of(v, rows), 4),
            Values::U16(v) => self.numbers(of(v, rows), 4),
            Values::U8(v) => self.numbers(of(v, rows), 4),
            Values::I32(v) => {
                self.width = 4;
                let values = rows
                    .iter()
                    .filter_map(|&r| v.get(r))
                    .map(|&n| Bound::Signed(i64::from(n)));
                values.for_each(|value| self.bound(value));
            }
            Values::F64(v) => {
                self.width = 8;
                let values = rows
                    .iter()
                    .filter_map(|&r| v.get(r))
                    .filter(|n| !n.is_nan());
                values.for_each(|&n| self.bound(Bound::Float(n)));
            }
            Values::Text { offsets, bytes } => {
                for &row in rows {
                    let (start, end) = span(offsets, row);
                    self.text(bytes.get(start..end).unwrap_or_default());
                }
            }
            Values::Bool(_) | Values::List { .. } | Values::Map { .. } | Values::Struct { .. } => {}
        }
    }

    fn numbers(&mut self, values: impl Iterator<Item = u64>, width: usize) {
        self.width = width;
        let (mut least, mut most) = match &self.bounds {
            Some((Bound::Unsigned(least), Bound::Unsigned(most))) => (*least, *most),
            _ => (u64::MAX, 0),
        };
        let mut any = self.bounds.is_some();
        for value in values {
            (least, most, any) = (least.min(value), most.max(value), true);
        }
        if any {
            self.bounds = Some((Bound::Unsigned(least), Bound::Unsigned(most)));
        }
    }

    fn text(&mut self, text: &[u8]) {
        let key = prefix(text);
        match &mut self.bounds {
            Some((Bound::Text(least), Bound::Text(most))) => {
                let (low, high) = self.prefixes;
                if low < key && key < high {
                    return;
                }
                if text < least.as_slice() {
                    *least = text.to_vec();
                    self.prefixes.0 = key;
                } else if text > most.as_slice() {
                    *most = text.to_vec();
                    self.prefixes.1 = key;
                }
            }
            _ => {
                self.bounds = Some((Bound::Text(text.to_vec()), Bound::Text(text.to_vec())));
                self.prefixes = (key, key);
            }
        }
    }

    fn bound(&mut self, value: Bound) {
        match &mut self.bounds {
            Some((least, most)) => {
                if value < *least {
                    *least = value;
                } else if value > *most {
                    *most = value;
                }
            }
            None => self.bounds = Some((value.clone(), value)),
        }
    }

    /// Writes them as the `Statistics` field of a `ColumnMetaData`; `repeated` leaves out the
    /// count of missing values (a list's empty rows are slots without a value too).
    pub(super) fn write(&self, meta: &mut Thrift, repeated: bool) {
        meta.begin(12);
        if !repeated {
            meta.i64(3, self.nulls);
        }
        let bytes = |bound: &Bound| match bound {
            Bound::Unsigned(n) => n
                .to_le_bytes()
                .get(..self.width)
                .unwrap_or_default()
                .to_vec(),
            Bound::Signed(n) => n
                .to_le_bytes()
                .get(..self.width)
                .unwrap_or_default()
                .to_vec(),
            Bound::Float(n) => n.to_le_bytes().to_vec(),
            Bound::Text(text) => text.clone(),
        };
        if let Some((least, most)) = &self.bounds {
            let (least, most) = (bytes(least), bytes(most));
            if least.len().max(most.len()) <= TEXT_LIMIT {
                meta.binary(5, &most);
                meta.binary(6, &least);
            }
        }
        meta.end();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Text of a small alphabet (zero bytes, the greatest byte, letters), of every length
    /// around a prefix's eight bytes: many values share prefixes or differ only past them.
    /// The bounds are those the standard order of byte slices gives.
    #[test]
    fn text_bounds_are_the_least_and_greatest_in_byte_order() {
        let alphabet = [0u8, 1, b'a', b'b', 255];
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let mut next = || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        for _ in 0..200 {
            let values: Vec<Vec<u8>> = (0..40)
                .map(|_| {
                    let length = (next() % 12) as usize;
                    (0..length)
                        .map(|_| alphabet[(next() % 5) as usize])
                        .collect()
                })
                .collect();
            let mut statistics = Statistics::default();
            values.iter().for_each(|value| statistics.text(value));
            let least = values.iter().min().cloned().unwrap_or_default();
            let most = values.iter().max().cloned().unwrap_or_default();
            assert_eq!(
                statistics.bounds,
                Some((Bound::Text(least), Bound::Text(most))),
                "{values:?}"
            );
        }
    }
}
