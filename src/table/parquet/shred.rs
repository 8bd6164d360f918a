//! A leaf column's rows as Parquet stores them: a repetition and a definition level for each
//! value slot (Dremel's encoding of lists and missing values), and the values present.

use super::super::{Column, Values};
use super::thrift::varint;

/// Where a leaf is: the index of the child taken below each struct or map on the way down
/// from a top-level column (lists have one child and take no index).
pub(super) type Path = Vec<usize>;

/// The levels of the slots shredded so far, and the rows (of the leaf's column) of the values
/// present among them.
#[derive(Default)]
pub(super) struct Levels {
    pub(super) repetition: Vec<u8>,
    pub(super) definition: Vec<u8>,
    pub(super) values: Vec<usize>,
}

impl Levels {
    fn slot(&mut self, repetition: u8, definition: u8, value: Option<usize>) {
        self.repetition.push(repetition);
        self.definition.push(definition);
        if let Some(row) = value {
            self.values.push(row);
        }
    }

    /// The slots shredded.
    pub(super) fn len(&self) -> usize {
        self.definition.len()
    }
}

/// Where a walk down to a leaf is: the repetition level of the slot it writes next, the
/// definition level reached, and the repeated fields passed.
#[derive(Clone, Copy)]
struct At {
    repetition: u8,
    definition: u8,
    repeated: u8,
}

/// Appends the slots of rows `rows` of `column` for the leaf at `path` below it.
pub(super) fn shred(column: &Column, path: &[usize], rows: usize, levels: &mut Levels) {
    if let Values::List { .. } | Values::Map { .. } | Values::Struct { .. } = column.values {
        let at = At {
            repetition: 0,
            definition: 0,
            repeated: 0,
        };
        (0..rows).for_each(|row| walk(column, path, row, at, levels));
        return;
    }
    // A top-level leaf: a slot a row, its value there unless missing.
    levels.repetition.resize(levels.repetition.len() + rows, 0);
    match &column.validity {
        None => {
            levels.definition.resize(levels.definition.len() + rows, 0);
            levels.values.extend(0..rows);
        }
        Some(valid) => {
            for (row, &valid) in valid.iter().enumerate().take(rows) {
                levels.definition.push(u8::from(valid));
                if valid {
                    levels.values.push(row);
                }
            }
        }
    }
}

/// The walk down: its depth is the schema's (three at most), not the data's.
fn walk(column: &Column, path: &[usize], row: usize, at: At, levels: &mut Levels) {
    if !column.is_valid(row) {
        return levels.slot(at.repetition, at.definition, None);
    }
    let definition = at.definition + u8::from(column.is_nullable());
    let (offsets, child, path) = match &column.values {
        Values::List { offsets, item } => (offsets, &**item, path),
        Values::Map { offsets, entries } => (offsets, &**entries, path),
        Values::Struct { fields, .. } => {
            let (Some(&first), rest) = (path.first(), path.get(1..).unwrap_or_default()) else {
                return;
            };
            if let Some(field) = fields.get(first) {
                walk(field, rest, row, At { definition, ..at }, levels);
            }
            return;
        }
        _ => return levels.slot(at.repetition, definition, Some(row)),
    };
    let (start, end) = span(offsets, row);
    if start == end {
        return levels.slot(at.repetition, definition, None);
    }
    let repeated = at.repeated + 1;
    for item in start..end {
        let at = At {
            repetition: if item == start {
                at.repetition
            } else {
                repeated
            },
            definition: definition + 1,
            repeated,
        };
        walk(child, path, item, at, levels);
    }
}

/// The items of row `row` of a list or a map, or the bytes of a text.
pub(super) fn span(offsets: &[usize], row: usize) -> (usize, usize) {
    let start = offsets.get(row).copied().unwrap_or(0);
    let end = offsets.get(row + 1).copied().unwrap_or(start);
    (start, end.max(start))
}

/// The leaf at `path` below `column`.
pub(super) fn leaf<'a>(column: &'a Column, path: &[usize]) -> Option<&'a Column> {
    let mut column = column;
    let mut path = path.iter();
    loop {
        column = match &column.values {
            Values::List { item, .. } => item,
            Values::Map { entries, .. } => entries,
            Values::Struct { fields, .. } => fields.get(*path.next()?)?,
            _ => return Some(column),
        };
    }
}

/// A run-length / bit-packed hybrid encoding of `levels`, its length first as four bytes (a
/// data page's levels): runs of equal levels alone, which is valid and short for levels,
/// which mostly repeat. A run's value takes a byte: the levels' width is under eight bits.
pub(super) fn encode_levels(levels: &[u8], out: &mut Vec<u8>) {
    let at = out.len();
    out.extend_from_slice(&[0; 4]);
    let mut rest = levels;
    while let Some(&level) = rest.first() {
        let run = rest.iter().take_while(|&&l| l == level).count();
        varint((run as u64) << 1, out);
        out.push(level);
        rest = rest.get(run..).unwrap_or_default();
    }
    let length = u32::try_from(out.len() - at - 4).unwrap_or(u32::MAX);
    if let Some(slot) = out.get_mut(at..at + 4) {
        slot.copy_from_slice(&length.to_le_bytes());
    }
}

/// Appends the values of `rows` of `column` (a leaf) in Parquet's plain encoding, as
/// [`encode_value`] writes them; booleans to `booleans`, which a page packs when complete.
pub(super) fn encode_values(
    column: &Column,
    rows: &[usize],
    (out, booleans): (&mut Vec<u8>, &mut Vec<bool>),
) {
    match &column.values {
        Values::Bool(v) => booleans.extend(rows.iter().map(|&row| v.get(row) == Some(&true))),
        _ => rows.iter().for_each(|&row| encode_value(column, row, out)),
    }
}

/// Appends `booleans` in Parquet's plain encoding: a bit each, the first the lowest.
pub(super) fn encode_booleans(booleans: &[bool], out: &mut Vec<u8>) {
    for eight in booleans.chunks(8) {
        let bits = (eight.iter().enumerate()).fold(0u8, |bits, (i, &b)| bits | (u8::from(b) << i));
        out.push(bits);
    }
}

/// The values of `rows` of `column` (a leaf of numbers) as 64 bits each, and the bytes its
/// plain encoding takes of their little-endian bytes; `None` for text and booleans.
pub(super) fn words<'a>(
    column: &'a Column,
    rows: &'a [usize],
) -> Option<(Box<dyn Iterator<Item = u64> + 'a>, usize)> {
    fn each<'a, T: Copy + Default>(
        values: &'a [T],
        rows: &'a [usize],
        word: impl Fn(T) -> u64 + 'a,
    ) -> Box<dyn Iterator<Item = u64> + 'a> {
        Box::new(
            rows.iter()
                .map(move |&row| word(values.get(row).copied().unwrap_or_default())),
        )
    }
    Some(match &column.values {
        Values::U64(v) => (each(v, rows, |v| v), 8),
        Values::U32(v) => (each(v, rows, u64::from), 4),
        Values::U16(v) => (each(v, rows, u64::from), 4),
        Values::U8(v) => (each(v, rows, u64::from), 4),
        Values::I32(v) => (each(v, rows, |v| u64::from(v as u32)), 4),
        Values::F64(v) => (each(v, rows, f64::to_bits), 8),
        _ => return None,
    })
}

/// The bytes of value `row` of `column`, a leaf of text (nothing for another leaf).
pub(super) fn text(column: &Column, row: usize) -> &[u8] {
    match &column.values {
        Values::Text { offsets, bytes } => {
            let (start, end) = span(offsets, row);
            bytes.get(start..end).unwrap_or_default()
        }
        _ => &[],
    }
}

/// Appends value `row` of `column` (a leaf, not of booleans) in Parquet's plain encoding:
/// numbers little-endian (the unsigned as their bits, the narrow as 32 bits), text as its
/// length in four bytes and its bytes.
fn encode_value(column: &Column, row: usize, out: &mut Vec<u8>) {
    match &column.values {
        Values::Text { .. } => {
            let text = text(column, row);
            let length = u32::try_from(text.len()).unwrap_or(u32::MAX);
            out.extend_from_slice(&length.to_le_bytes());
            out.extend_from_slice(text);
        }
        Values::U64(v) => out.extend_from_slice(&v.get(row).copied().unwrap_or(0).to_le_bytes()),
        Values::U32(v) => out.extend_from_slice(&v.get(row).copied().unwrap_or(0).to_le_bytes()),
        Values::U16(v) => {
            let value = u32::from(v.get(row).copied().unwrap_or(0));
            out.extend_from_slice(&value.to_le_bytes())
        }
        Values::U8(v) => {
            let value = u32::from(v.get(row).copied().unwrap_or(0));
            out.extend_from_slice(&value.to_le_bytes())
        }
        Values::I32(v) => out.extend_from_slice(&v.get(row).copied().unwrap_or(0).to_le_bytes()),
        Values::F64(v) => out.extend_from_slice(&v.get(row).copied().unwrap_or(0.0).to_le_bytes()),
        Values::Bool(_) | Values::List { .. } | Values::Map { .. } | Values::Struct { .. } => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::column::{Build, ListBuilder, MapBuilder, TextBuilder, nullable, required};

    fn levels(column: &Column, path: &[usize]) -> (Vec<u8>, Vec<u8>, Vec<usize>) {
        let mut levels = Levels::default();
        shred(column, path, column.len(), &mut levels);
        (levels.repetition, levels.definition, levels.values)
    }

    /// The levels the Parquet format gives a required list of optional text: a slot an item,
    /// or one for an empty list; repetition 1 for an item after the first of its row;
    /// definition 0 for an empty list, 1 for a missing item, 2 for a present one.
    #[test]
    fn a_list_s_items_an_empty_list_and_a_missing_item() {
        let mut list = ListBuilder::<TextBuilder>::default();
        list.values().append_value("a");
        list.values().append_value("b");
        list.append();
        list.append();
        list.values().append_null();
        list.values().append_value("c");
        list.append();
        let column = Column::new("san", required(list.finish()));
        let (repetition, definition, values) = levels(&column, &[]);
        assert_eq!(repetition, [0, 1, 0, 0, 1]);
        assert_eq!(definition, [2, 2, 0, 1, 2]);
        assert_eq!(values, [0, 1, 3]);
        assert_eq!(leaf(&column, &[]).map(Column::len), Some(4));
    }

    /// A map's keys (required) and values (optional) are two leaves under the same repeated
    /// group: the same repetition levels, the values' definitions one deeper where present.
    #[test]
    fn a_map_s_keys_and_values() {
        let mut map = MapBuilder::default();
        map.keys().append_value("ECO");
        map.values().append_value("B90");
        map.keys().append_value("Annotator");
        map.values().append_null();
        map.append();
        map.append();
        let column = Column::new("tags", required(map.finish()));
        assert_eq!(
            levels(&column, &[0]),
            (vec![0, 1, 0], vec![1, 1, 0], vec![0, 1])
        );
        assert_eq!(
            levels(&column, &[1]),
            (vec![0, 1, 0], vec![2, 1, 0], vec![0])
        );
    }

    /// An optional top-level value: definition 1 where present, 0 where missing.
    #[test]
    fn an_optional_value() {
        let mut text = TextBuilder::default();
        text.append_option(Some("x"));
        text.append_option(None::<&str>);
        let column = Column::new("eco", nullable(text.finish()));
        assert_eq!(levels(&column, &[]), (vec![0, 0], vec![1, 0], vec![0]));
        let mut out = Vec::new();
        encode_values(&column, &[0], (&mut out, &mut Vec::new()));
        assert_eq!(out, [1, 0, 0, 0, b'x']);
        let mut bits = Vec::new();
        encode_booleans(
            &[true, false, true, true, false, false, false, false, true],
            &mut bits,
        );
        assert_eq!(bits, [0b1101, 1]);
    }

    /// Levels as runs: a run's length doubled (its low bit 0 says a run), then its value.
    #[test]
    fn levels_are_encoded_as_runs_after_their_length() {
        let mut out = Vec::new();
        encode_levels(&[2, 2, 2, 0, 1, 1], &mut out);
        assert_eq!(out, [6, 0, 0, 0, 6, 2, 2, 0, 4, 1]);
    }
}
