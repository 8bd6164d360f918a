//! Thrift's compact protocol, the writing half: Parquet's page headers and footer are Thrift
//! structs. Only what those structs use is here: integers, booleans, binary, lists, structs.

/// The compact protocol's types, as a field header or a list header gives them.
#[derive(Clone, Copy)]
pub(super) enum Kind {
    Byte = 3,
    I32 = 5,
    I64 = 6,
    Binary = 8,
    List = 9,
    Struct = 12,
}

const TRUE: u8 = 1;
const FALSE: u8 = 2;

/// A message being written: one top-level struct, whose fields are written in order of their
/// ids, each nested struct ended by [`Thrift::end`].
pub(super) struct Thrift {
    out: Vec<u8>,
    /// The last field id written in each open struct, the innermost last.
    last: Vec<i16>,
}

impl Thrift {
    /// A message: its top-level struct is open.
    pub(super) fn new() -> Thrift {
        Thrift {
            out: Vec::new(),
            last: vec![0],
        }
    }

    /// The message's bytes, its top-level struct ended.
    pub(super) fn finish(mut self) -> Vec<u8> {
        self.out.push(0);
        self.out
    }

    fn header(&mut self, id: i16, kind: u8) {
        let last = self
            .last
            .last_mut()
            .map_or(0, |last| std::mem::replace(last, id));
        match id - last {
            delta @ 1..=15 => self.out.push(((delta as u8) << 4) | kind),
            _ => {
                self.out.push(kind);
                self.varint(zigzag(i64::from(id)));
            }
        }
    }

    fn varint(&mut self, value: u64) {
        varint(value, &mut self.out);
    }

    pub(super) fn i32(&mut self, id: i16, value: i32) {
        self.header(id, Kind::I32 as u8);
        self.varint(zigzag(i64::from(value)));
    }

    pub(super) fn i64(&mut self, id: i16, value: i64) {
        self.header(id, Kind::I64 as u8);
        self.varint(zigzag(value));
    }

    pub(super) fn byte(&mut self, id: i16, value: i8) {
        self.header(id, Kind::Byte as u8);
        self.out.push(value as u8);
    }

    pub(super) fn bool(&mut self, id: i16, value: bool) {
        self.header(id, if value { TRUE } else { FALSE });
    }

    pub(super) fn binary(&mut self, id: i16, bytes: &[u8]) {
        self.header(id, Kind::Binary as u8);
        self.bytes(bytes);
    }

    /// Opens a struct field; [`Thrift::end`] closes it.
    pub(super) fn begin(&mut self, id: i16) {
        self.header(id, Kind::Struct as u8);
        self.last.push(0);
    }

    /// Closes the innermost struct, a field's or a list's element.
    pub(super) fn end(&mut self) {
        self.out.push(0);
        self.last.pop();
    }

    /// Opens a list field of `len` elements of `kind`, written next with the `element`
    /// functions.
    pub(super) fn list(&mut self, id: i16, kind: Kind, len: usize) {
        self.header(id, Kind::List as u8);
        match u8::try_from(len) {
            Ok(small @ 0..=14) => self.out.push((small << 4) | kind as u8),
            _ => {
                self.out.push(0xf0 | kind as u8);
                self.varint(len as u64);
            }
        }
    }

    /// Opens a struct that is a list's element; [`Thrift::end`] closes it.
    pub(super) fn element_struct(&mut self) {
        self.last.push(0);
    }

    pub(super) fn element_i32(&mut self, value: i32) {
        self.varint(zigzag(i64::from(value)));
    }

    pub(super) fn element_binary(&mut self, bytes: &[u8]) {
        self.bytes(bytes);
    }

    fn bytes(&mut self, bytes: &[u8]) {
        self.varint(bytes.len() as u64);
        self.out.extend_from_slice(bytes);
    }
}

/// `value` as an unsigned LEB128 varint: Thrift's integers and the run headers of Parquet's
/// run-length / bit-packed hybrid encoding alike.
pub(super) fn varint(mut value: u64, out: &mut Vec<u8>) {
    while value >= 0x80 {
        out.push((value as u8) | 0x80);
        value >>= 7;
    }
    out.push(value as u8);
}

fn zigzag(value: i64) -> u64 {
    ((value << 1) ^ (value >> 63)) as u64
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The bytes of Thrift's own compact-protocol examples: a field header with a small
    /// delta, zigzag varints, a long list's header, a field id jump.
    #[test]
    fn encodes_as_the_compact_protocol_specifies() {
        let mut message = Thrift::new();
        message.i32(1, -1);
        message.i64(2, 300);
        message.bool(3, true);
        message.binary(20, b"ab");
        message.list(21, Kind::I32, 20);
        message.begin(22);
        message.end();
        let bytes = message.finish();
        let expected: &[u8] = &[
            0x15, 0x01, // field 1, i32, zigzag(-1) = 1
            0x16, 0xd8, 0x04, // field 2, i64, zigzag(300) = 600 = 0xd8 0x04
            0x11, // field 3, true
            0x08, 0x28, 0x02, b'a', b'b', // field 20 (delta 17): type, zigzag(20), len, bytes
            0x19, 0xf5, 0x14, // field 21, list of i32, 20 elements: 0xf0 | 5, then 20
            0x1c, 0x00, // field 22, an empty struct
            0x00, // stop
        ];
        assert_eq!(bytes, expected);
    }
}
