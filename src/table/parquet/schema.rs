//! The Parquet schema of a table's columns: its elements depth first (a group, then its
//! children), and its leaves, the columns of values that pages hold. Lists and maps take
//! the three-level form the format specifies, named as parquet-rs names them.

use super::super::{Column, Values};
use super::shred::Path;
use super::thrift::Thrift;

/// Parquet's physical types, as the tables use them.
#[derive(Clone, Copy, Debug)]
pub(super) enum Physical {
    Boolean = 0,
    Int32 = 1,
    Int64 = 2,
    Double = 5,
    ByteArray = 6,
}

#[derive(Clone, Copy, Debug)]
enum Repetition {
    Required = 0,
    Optional = 1,
    Repeated = 2,
}

/// Logical types, and the converted types older readers know them by.
#[derive(Clone, Copy, Debug)]
enum Logical {
    String,
    Map,
    List,
    Integer { bits: i8, signed: bool },
}

impl Logical {
    fn converted(self) -> i32 {
        match self {
            Logical::String => 0,
            Logical::Map => 1,
            Logical::List => 3,
            Logical::Integer { bits: 8, .. } => 11,
            Logical::Integer { bits: 16, .. } => 12,
            Logical::Integer { bits: 32, .. } => 13,
            Logical::Integer { .. } => 14,
        }
    }
}

/// A `SchemaElement`: a group (with children) or a leaf (with a physical type).
#[derive(Clone, Debug)]
pub(super) struct Element {
    name: String,
    repetition: Option<Repetition>,
    physical: Option<Physical>,
    pub(super) children: i32,
    logical: Option<Logical>,
}

impl Element {
    fn group(
        name: &str,
        repetition: Repetition,
        children: usize,
        logical: Option<Logical>,
    ) -> Element {
        Element {
            name: name.to_string(),
            repetition: Some(repetition),
            physical: None,
            children: i32::try_from(children).unwrap_or(i32::MAX),
            logical,
        }
    }

    /// Writes it as a list's element.
    pub(super) fn write(&self, out: &mut Thrift) {
        out.element_struct();
        if let Some(physical) = self.physical {
            out.i32(1, physical as i32);
        }
        if let Some(repetition) = self.repetition {
            out.i32(3, repetition as i32);
        }
        out.binary(4, self.name.as_bytes());
        if self.physical.is_none() {
            out.i32(5, self.children);
        }
        if let Some(logical) = self.logical {
            // Signed 32-bit integers need no annotation; unsigned ones and the rest do.
            out.i32(6, logical.converted());
            out.begin(10);
            match logical {
                Logical::String => out.begin(1),
                Logical::Map => out.begin(2),
                Logical::List => out.begin(3),
                Logical::Integer { bits, signed } => {
                    out.begin(10);
                    out.byte(1, bits);
                    out.bool(2, signed);
                }
            }
            out.end();
            out.end();
        }
        out.end();
    }
}

/// A leaf column: which top-level column it is under, its path down, its names from the top
/// (`path_in_schema`), its type and its highest levels.
#[derive(Clone, Debug)]
pub(super) struct Leaf {
    pub(super) top: usize,
    pub(super) path: Path,
    pub(super) names: Vec<String>,
    pub(super) physical: Physical,
    pub(super) max_repetition: u8,
    pub(super) max_definition: u8,
}

impl Leaf {
    /// Whether its chunks are dictionary-encoded: all but booleans', as parquet-rs does.
    pub(super) fn dictionary(&self) -> bool {
        !matches!(self.physical, Physical::Boolean)
    }
}

/// Where the flattening is.
#[derive(Clone)]
struct At {
    top: usize,
    path: Path,
    names: Vec<String>,
    repetition: u8,
    definition: u8,
}

/// The schema's elements (the root first) and its leaves, of `columns`.
pub(super) fn flatten(columns: &[Column]) -> (Vec<Element>, Vec<Leaf>) {
    let root = Element {
        name: "schema".to_string(),
        repetition: None,
        physical: None,
        children: i32::try_from(columns.len()).unwrap_or(i32::MAX),
        logical: None,
    };
    let (mut elements, mut leaves) = (vec![root], Vec::new());
    for (top, column) in columns.iter().enumerate() {
        let at = At {
            top,
            path: Vec::new(),
            names: Vec::new(),
            repetition: 0,
            definition: 0,
        };
        element(column, &column.name, at, &mut elements, &mut leaves);
    }
    (elements, leaves)
}

/// The elements of `column`, named `name`; the recursion's depth is the schema's.
fn element(
    column: &Column,
    name: &str,
    mut at: At,
    out: &mut Vec<Element>,
    leaves: &mut Vec<Leaf>,
) {
    let repetition = match column.is_nullable() {
        true => Repetition::Optional,
        false => Repetition::Required,
    };
    at.definition += u8::from(column.is_nullable());
    at.names.push(name.to_string());
    let leaf = |physical, logical| Element {
        name: name.to_string(),
        repetition: Some(repetition),
        physical: Some(physical),
        children: 0,
        logical,
    };
    let unsigned = |bits| {
        Some(Logical::Integer {
            bits,
            signed: false,
        })
    };
    let (physical, logical) = match &column.values {
        Values::List { item, .. } => {
            out.push(Element::group(name, repetition, 1, Some(Logical::List)));
            out.push(Element::group("list", Repetition::Repeated, 1, None));
            return element(item, &item.name, repeated(at, "list"), out, leaves);
        }
        Values::Map { entries, .. } => {
            out.push(Element::group(name, repetition, 1, Some(Logical::Map)));
            let Values::Struct { fields, .. } = &entries.values else {
                return;
            };
            out.push(Element::group(
                &entries.name,
                Repetition::Repeated,
                fields.len(),
                None,
            ));
            let at = repeated(at, &entries.name);
            for (index, (field, name)) in fields.iter().zip(["key", "value"]).enumerate() {
                element(field, name, child(&at, index), out, leaves);
            }
            return;
        }
        Values::Struct { fields, .. } => {
            out.push(Element::group(name, repetition, fields.len(), None));
            for (index, field) in fields.iter().enumerate() {
                element(field, &field.name, child(&at, index), out, leaves);
            }
            return;
        }
        Values::Text { .. } => (Physical::ByteArray, Some(Logical::String)),
        Values::U64(_) => (Physical::Int64, unsigned(64)),
        Values::U32(_) => (Physical::Int32, unsigned(32)),
        Values::U16(_) => (Physical::Int32, unsigned(16)),
        Values::U8(_) => (Physical::Int32, unsigned(8)),
        Values::I32(_) => (Physical::Int32, None),
        Values::F64(_) => (Physical::Double, None),
        Values::Bool(_) => (Physical::Boolean, None),
    };
    out.push(leaf(physical, logical));
    leaves.push(Leaf {
        top: at.top,
        path: at.path,
        names: at.names,
        physical,
        max_repetition: at.repetition,
        max_definition: at.definition,
    });
}

/// `at` below a repeated group named `name`.
fn repeated(mut at: At, name: &str) -> At {
    at.names.push(name.to_string());
    at.repetition += 1;
    at.definition += 1;
    at
}

/// `at` below a struct's field `index`.
fn child(at: &At, index: usize) -> At {
    let mut at = at.clone();
    at.path.push(index);
    at
}
