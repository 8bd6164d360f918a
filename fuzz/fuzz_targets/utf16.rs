//! The text the splitter reads from a fuzzer's bytes, decoded here by the standard library
//! (an oracle apart from jaque's decoder): the bytes themselves, or their UTF-8 where they
//! are UTF-16 with a byte-order mark.

/// `data` cut to what both decoders read alike: a UTF-16 input's odd last byte (which
/// decoders may join with a pending surrogate into one U+FFFD, or not) is dropped.
pub fn even(data: &[u8]) -> &[u8] {
    match big_endian(data) {
        Some(_) if data.len() % 2 == 1 => &data[..data.len() - 1],
        _ => data,
    }
}

/// Whether `data` is UTF-16 with a byte-order mark, and then whether big-endian (a UTF-32
/// little-endian mark is not one).
fn big_endian(data: &[u8]) -> Option<bool> {
    match data {
        [0xFF, 0xFE, rest @ ..] if !rest.starts_with(&[0, 0]) => Some(false),
        [0xFE, 0xFF, ..] => Some(true),
        _ => None,
    }
}

/// The text of `data` (see [`even`]): its UTF-8 where it is UTF-16, a unit that is no
/// character as U+FFFD.
pub fn text(data: &[u8]) -> Vec<u8> {
    let Some(big) = big_endian(data) else {
        return data.to_vec();
    };
    let units = data[2..].chunks_exact(2).map(|pair| match big {
        true => u16::from_be_bytes([pair[0], pair[1]]),
        false => u16::from_le_bytes([pair[0], pair[1]]),
    });
    let text: String = char::decode_utf16(units)
        .map(|c| c.unwrap_or(char::REPLACEMENT_CHARACTER))
        .collect();
    text.into_bytes()
}
