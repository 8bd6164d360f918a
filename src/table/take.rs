//! Some rows of a batch, picked by number: how a batch is split among the files of a
//! partitioned dataset (each row goes to the file of its key's prefix).

use super::{Batch, Column, Values};

impl Batch {
    /// The rows numbered `rows`, in that order.
    ///
    /// ```
    /// use jaque::table::Table;
    /// let batch = Table::Moves.batch("a.pgn", 0, &[]);
    /// assert_eq!(batch.take(&[]).num_rows(), 0);
    /// ```
    pub fn take(&self, rows: &[usize]) -> Batch {
        let columns = self.columns.iter().map(|c| c.take(rows)).collect();
        Batch { columns }
    }
}

impl Column {
    /// The rows numbered `rows`, in that order; a number past its end is a missing value
    /// (or a default where values cannot be missing).
    pub fn take(&self, rows: &[usize]) -> Column {
        let validity = (self.validity.as_ref()).map(|valid| pick(valid, rows, false));
        Column {
            name: self.name.clone(),
            validity,
            values: self.values.take(rows),
        }
    }
}

impl Values {
    /// The values of rows `rows`, in that order.
    fn take(&self, rows: &[usize]) -> Values {
        match self {
            Values::Text { offsets, bytes } => {
                let (offsets, bytes) = take_text(offsets, bytes, rows);
                Values::Text { offsets, bytes }
            }
            Values::U64(v) => Values::U64(pick(v, rows, 0)),
            Values::U32(v) => Values::U32(pick(v, rows, 0)),
            Values::U16(v) => Values::U16(pick(v, rows, 0)),
            Values::U8(v) => Values::U8(pick(v, rows, 0)),
            Values::I32(v) => Values::I32(pick(v, rows, 0)),
            Values::F64(v) => Values::F64(pick(v, rows, 0.0)),
            Values::Bool(v) => Values::Bool(pick(v, rows, false)),
            Values::List { offsets, item } => {
                let (offsets, items) = nested(offsets, rows);
                let item = Box::new(item.take(&items));
                Values::List { offsets, item }
            }
            Values::Map { offsets, entries } => {
                let (offsets, items) = nested(offsets, rows);
                let entries = Box::new(entries.take(&items));
                Values::Map { offsets, entries }
            }
            Values::Struct { fields, .. } => Values::Struct {
                len: rows.len(),
                fields: fields.iter().map(|field| field.take(rows)).collect(),
            },
        }
    }
}

/// `values`' entries at `rows`, `default` past the end.
fn pick<T: Copy>(values: &[T], rows: &[usize], default: T) -> Vec<T> {
    let at = |&row: &usize| values.get(row).copied().unwrap_or(default);
    rows.iter().map(at).collect()
}

/// The offsets and bytes of rows `rows` of a text column.
fn take_text(offsets: &[usize], bytes: &[u8], rows: &[usize]) -> (Vec<usize>, Vec<u8>) {
    let mut taken = Vec::with_capacity(rows.len() + 1);
    let mut out = Vec::new();
    taken.push(0);
    for &row in rows {
        out.extend_from_slice(bytes.get(span(offsets, row)).unwrap_or_default());
        taken.push(out.len());
    }
    (taken, out)
}

/// The offsets of rows `rows` of a list column, and the numbers of their items.
fn nested(offsets: &[usize], rows: &[usize]) -> (Vec<usize>, Vec<usize>) {
    let mut taken = Vec::with_capacity(rows.len() + 1);
    let mut items = Vec::new();
    taken.push(0);
    for &row in rows {
        items.extend(span(offsets, row));
        taken.push(items.len());
    }
    (taken, items)
}

/// Row `row`'s span in `offsets` (empty past the end).
fn span(offsets: &[usize], row: usize) -> std::ops::Range<usize> {
    match (offsets.get(row), offsets.get(row + 1)) {
        (Some(&start), Some(&end)) if start <= end => start..end,
        _ => 0..0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn take_picks_text_lists_and_validity_by_row() {
        let text = Column::new(
            "t",
            (
                Values::Text {
                    offsets: vec![0, 2, 2, 5],
                    bytes: b"abcde".to_vec(),
                },
                Some(vec![true, false, true]),
            ),
        );
        let item = Column::new("item", (Values::U8(vec![1, 2, 3]), None));
        let list = Column::new(
            "l",
            (
                Values::List {
                    offsets: vec![0, 1, 1, 3],
                    item: Box::new(item),
                },
                None,
            ),
        );
        let batch = Batch {
            columns: vec![text, list],
        };
        let taken = batch.take(&[2, 0]);
        assert_eq!(
            taken.columns[0].values,
            Values::Text {
                offsets: vec![0, 3, 5],
                bytes: b"cdeab".to_vec()
            }
        );
        assert_eq!(taken.columns[0].validity, Some(vec![true, true]));
        let Values::List { offsets, item } = &taken.columns[1].values else {
            panic!("a list");
        };
        assert_eq!(
            (offsets.as_slice(), &item.values),
            (&[0, 2, 3][..], &Values::U8(vec![2, 3, 1]))
        );
    }
}
