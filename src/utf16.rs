//! Counting characters and UTF-16 code units, as compilers print columns and as editors and
//! JavaScript count places.

const LOW: u64 = 0x0101_0101_0101_0101;

/// `text`'s length in UTF-16 code units: a unit for each byte that starts a character, two
/// for a character of four bytes. Eight bytes at a time: a cut counts the whole text.
#[cfg(feature = "ide")]
pub fn utf16_len(text: &[u8]) -> usize {
    lengths(text).1
}

/// `text`'s length in characters and in UTF-16 code units (bytes of UTF-8, or of a cut of
/// it: a byte that starts a character counts one, a four-byte start one more unit).
pub(crate) fn lengths(text: &[u8]) -> (usize, usize) {
    let mut words = text.chunks_exact(8);
    let (mut chars, mut units) = (0, 0);
    for word in &mut words {
        let mut bytes = [0; 8];
        bytes.copy_from_slice(word);
        let w = u64::from_le_bytes(bytes);
        if w & (LOW << 7) == 0 {
            // ASCII
            chars += 8;
            units += 8;
            continue;
        }
        // Bit 0 of each byte: a continuation byte (10xxxxxx), a four-byte start (11110xxx).
        let continuation = (w >> 7) & !(w >> 6) & LOW;
        let four = (w >> 7) & (w >> 6) & (w >> 5) & (w >> 4) & LOW;
        let starts = 8 - continuation.count_ones() as usize;
        chars += starts;
        units += starts + four.count_ones() as usize;
    }
    for &b in words.remainder() {
        let starts = usize::from(b & 0xC0 != 0x80);
        chars += starts;
        units += starts + usize::from(b >= 0xF0);
    }
    (chars, units)
}

#[cfg(test)]
mod tests {
    #[test]
    fn lengths_count_as_rust_and_javascript_do() {
        let text = "aé€🐴 ASCII only here, then ß and 𝄞 again: 1. e4 {😀} é";
        for start in 0..text.len() {
            for end in start..=text.len() {
                let Some(part) = text.get(start..end) else {
                    continue;
                };
                assert_eq!(
                    super::lengths(part.as_bytes()),
                    (part.chars().count(), part.encode_utf16().count())
                );
            }
        }
    }
}
