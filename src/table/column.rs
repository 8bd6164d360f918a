//! A table's columns as plain vectors, in the layout that Arrow arrays and Parquet column
//! chunks are both made from: text as one buffer of bytes with offsets, lists as offsets into
//! their items, a flag a row where a value may be missing. The tables are built once, here,
//! and [`arrow`](super::arrow) and [`parquet`](super::parquet) only encode them.
//!
//! ```
//! use jaque::table::Table;
//! let schema = Table::Moves.schema();
//! let san = schema.iter().find(|column| column.name == "san").unwrap();
//! assert!(!san.is_nullable());
//! ```

/// A named column of a batch.
#[derive(Clone, Debug, PartialEq)]
pub struct Column {
    /// Its name in the table (for a list's items, `item`).
    pub name: String,
    /// Which rows hold a value, for a column whose values may be missing; `None` for a column
    /// whose values never are.
    pub validity: Option<Vec<bool>>,
    /// The values, a slot a row (a missing value's slot holds a default: empty text, zero).
    pub values: Values,
}

/// The values of a column, by type.
#[derive(Clone, Debug, PartialEq)]
pub enum Values {
    /// UTF-8 text: value `i` is `bytes[offsets[i]..offsets[i + 1]]`.
    Text {
        /// Where each value begins, and where the last ends.
        offsets: Vec<usize>,
        /// The values' bytes, one after the other.
        bytes: Vec<u8>,
    },
    /// Unsigned 64-bit integers.
    U64(Vec<u64>),
    /// Unsigned 32-bit integers.
    U32(Vec<u32>),
    /// Unsigned 16-bit integers.
    U16(Vec<u16>),
    /// Unsigned 8-bit integers.
    U8(Vec<u8>),
    /// Signed 32-bit integers.
    I32(Vec<i32>),
    /// Floating-point numbers.
    F64(Vec<f64>),
    /// Booleans.
    Bool(Vec<bool>),
    /// A list a row: row `i`'s items are `item`'s values `offsets[i]..offsets[i + 1]`.
    List {
        /// Where each row's items begin, and where the last's end.
        offsets: Vec<usize>,
        /// The items, of every row.
        item: Box<Column>,
    },
    /// A map a row, its entries as a list's items.
    Map {
        /// Where each row's entries begin, and where the last's end.
        offsets: Vec<usize>,
        /// The entries, of every row: a struct of `keys` and `values`.
        entries: Box<Column>,
    },
    /// A struct a row: a value a row in each field.
    Struct {
        /// Its rows.
        len: usize,
        /// Its fields, each a column of `len` rows.
        fields: Vec<Column>,
    },
}

impl Column {
    /// A column of `values` named `name`; `validity` is `Some` where values may be missing.
    pub fn new(name: &str, (values, validity): (Values, Option<Vec<bool>>)) -> Column {
        Column {
            name: name.to_string(),
            validity,
            values,
        }
    }

    /// Whether its values may be missing.
    pub fn is_nullable(&self) -> bool {
        self.validity.is_some()
    }

    /// Whether row `row` holds a value.
    pub fn is_valid(&self, row: usize) -> bool {
        self.validity
            .as_ref()
            .is_none_or(|valid| valid.get(row).copied().unwrap_or(false))
    }

    /// Its rows.
    pub fn len(&self) -> usize {
        self.values.len()
    }

    /// Whether it has no rows.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

impl Values {
    /// The rows it holds.
    pub fn len(&self) -> usize {
        match self {
            Values::Text { offsets, .. }
            | Values::List { offsets, .. }
            | Values::Map { offsets, .. } => offsets.len().saturating_sub(1),
            Values::U64(v) => v.len(),
            Values::U32(v) => v.len(),
            Values::U16(v) => v.len(),
            Values::U8(v) => v.len(),
            Values::I32(v) => v.len(),
            Values::F64(v) => v.len(),
            Values::Bool(v) => v.len(),
            Values::Struct { len, .. } => *len,
        }
    }

    /// Whether it holds no rows.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// Text values, built a row at a time.
#[derive(Clone, Debug)]
pub(crate) struct TextBuilder {
    offsets: Vec<usize>,
    bytes: Vec<u8>,
    valid: Vec<bool>,
}

impl Default for TextBuilder {
    fn default() -> TextBuilder {
        TextBuilder {
            offsets: vec![0],
            bytes: Vec::new(),
            valid: Vec::new(),
        }
    }
}

impl TextBuilder {
    /// Room for `values` more values of `bytes` bytes in all, made at once where the caller
    /// can tell how much is coming, rather than by doubling and copying.
    pub(crate) fn reserve(&mut self, values: usize, bytes: usize) {
        self.offsets.reserve(values);
        self.bytes.reserve(bytes);
        self.valid.reserve(values);
    }

    pub(crate) fn append_value(&mut self, text: impl AsRef<str>) {
        self.bytes.extend_from_slice(text.as_ref().as_bytes());
        self.offsets.push(self.bytes.len());
        self.valid.push(true);
    }

    pub(crate) fn append_null(&mut self) {
        self.offsets.push(self.bytes.len());
        self.valid.push(false);
    }

    pub(crate) fn append_option(&mut self, text: Option<impl AsRef<str>>) {
        match text {
            Some(text) => self.append_value(text),
            None => self.append_null(),
        }
    }

    /// A value written straight into the column's bytes by `write`, which writes UTF-8 text.
    pub(crate) fn append_with(&mut self, write: impl FnOnce(&mut Vec<u8>)) {
        write(&mut self.bytes);
        self.offsets.push(self.bytes.len());
        self.valid.push(true);
    }

    /// The values that are the pieces of `joined` ending at `ends` (the last end its
    /// length), as a game's moves are kept: one copy for them all, not one a value.
    pub(crate) fn append_pieces(&mut self, (joined, ends): (&str, &[usize])) {
        let base = self.bytes.len();
        self.bytes.extend_from_slice(joined.as_bytes());
        self.offsets.extend(ends.iter().map(|end| base + end));
        self.valid.resize(self.valid.len() + ends.len(), true);
    }
}

/// What a builder makes: values, and which rows hold one.
pub(crate) trait Build {
    fn finish(self) -> (Values, Vec<bool>);
}

impl Build for TextBuilder {
    fn finish(self) -> (Values, Vec<bool>) {
        let values = Values::Text {
            offsets: self.offsets,
            bytes: self.bytes,
        };
        (values, self.valid)
    }
}

/// A type of fixed-width values.
pub(crate) trait Primitive: Copy + Default {
    fn values(values: Vec<Self>) -> Values;
}

macro_rules! primitive {
    ($($type:ty => $variant:ident),*) => {$(
        impl Primitive for $type {
            fn values(values: Vec<$type>) -> Values {
                Values::$variant(values)
            }
        }
    )*};
}

primitive!(u64 => U64, u32 => U32, u16 => U16, u8 => U8, i32 => I32, f64 => F64, bool => Bool);

/// Fixed-width values, built a row at a time.
#[derive(Clone, Debug, Default)]
pub(crate) struct NumberBuilder<T> {
    values: Vec<T>,
    valid: Vec<bool>,
}

impl<T: Primitive> NumberBuilder<T> {
    pub(crate) fn append_value(&mut self, value: T) {
        self.values.push(value);
        self.valid.push(true);
    }

    pub(crate) fn append_null(&mut self) {
        self.values.push(T::default());
        self.valid.push(false);
    }

    pub(crate) fn append_option(&mut self, value: Option<T>) {
        match value {
            Some(value) => self.append_value(value),
            None => self.append_null(),
        }
    }
}

impl<T: Primitive> Build for NumberBuilder<T> {
    fn finish(self) -> (Values, Vec<bool>) {
        (T::values(self.values), self.valid)
    }
}

/// Lists whose items may be missing (a list never is), built a row at a time: items go to
/// [`ListBuilder::values`], then [`ListBuilder::append`] ends the row.
#[derive(Clone, Debug)]
pub(crate) struct ListBuilder<B> {
    offsets: Vec<usize>,
    items: B,
}

impl<B: Default> Default for ListBuilder<B> {
    fn default() -> ListBuilder<B> {
        ListBuilder {
            offsets: vec![0],
            items: B::default(),
        }
    }
}

impl<B: Counted> ListBuilder<B> {
    pub(crate) fn values(&mut self) -> &mut B {
        &mut self.items
    }

    /// Ends the row: its items are those added since the last.
    pub(crate) fn append(&mut self) {
        self.offsets.push(self.items.rows());
    }
}

/// A builder that knows its rows.
pub(crate) trait Counted {
    fn rows(&self) -> usize;
}

impl Counted for TextBuilder {
    fn rows(&self) -> usize {
        self.valid.len()
    }
}

impl<T> Counted for NumberBuilder<T> {
    fn rows(&self) -> usize {
        self.valid.len()
    }
}

impl<B: Build> Build for ListBuilder<B> {
    fn finish(self) -> (Values, Vec<bool>) {
        let rows = self.offsets.len().saturating_sub(1);
        let item = Column::new("item", nullable(self.items.finish()));
        let values = Values::List {
            offsets: self.offsets,
            item: Box::new(item),
        };
        (values, vec![true; rows])
    }
}

/// Maps of text to text whose values may be missing (a key never is, nor a map), built a row
/// at a time: entries go to [`MapBuilder::keys`] and [`MapBuilder::values`], then
/// [`MapBuilder::append`] ends the row.
#[derive(Clone, Debug)]
pub(crate) struct MapBuilder {
    offsets: Vec<usize>,
    keys: TextBuilder,
    values: TextBuilder,
}

impl Default for MapBuilder {
    fn default() -> MapBuilder {
        MapBuilder {
            offsets: vec![0],
            keys: TextBuilder::default(),
            values: TextBuilder::default(),
        }
    }
}

impl MapBuilder {
    pub(crate) fn keys(&mut self) -> &mut TextBuilder {
        &mut self.keys
    }

    pub(crate) fn values(&mut self) -> &mut TextBuilder {
        &mut self.values
    }

    /// Ends the row: its entries are those added since the last.
    pub(crate) fn append(&mut self) {
        self.offsets.push(self.keys.rows());
    }
}

impl Build for MapBuilder {
    fn finish(self) -> (Values, Vec<bool>) {
        let rows = self.offsets.len().saturating_sub(1);
        let len = self.keys.rows();
        let fields = vec![
            Column::new("keys", required(self.keys.finish())),
            Column::new("values", nullable(self.values.finish())),
        ];
        let entries = Column::new("entries", (Values::Struct { len, fields }, None));
        let values = Values::Map {
            offsets: self.offsets,
            entries: Box::new(entries),
        };
        (values, vec![true; rows])
    }
}

/// A builder's output as a column whose values may be missing.
pub(crate) fn nullable((values, valid): (Values, Vec<bool>)) -> (Values, Option<Vec<bool>>) {
    (values, Some(valid))
}

/// A builder's output as a column whose values never are.
pub(crate) fn required((values, _): (Values, Vec<bool>)) -> (Values, Option<Vec<bool>>) {
    (values, None)
}
