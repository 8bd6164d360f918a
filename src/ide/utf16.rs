//! Counting UTF-16 code units, as editors and JavaScript count places.

/// `text`'s length in UTF-16 code units: a unit for each byte that starts a character, two
/// for a character of four bytes. Eight bytes at a time: a cut counts the whole text.
pub fn utf16_len(text: &[u8]) -> usize {
    const LOW: u64 = 0x0101_0101_0101_0101;
    let mut words = text.chunks_exact(8);
    let mut units = 0;
    for word in &mut words {
        let mut bytes = [0; 8];
        bytes.copy_from_slice(word);
        let w = u64::from_le_bytes(bytes);
        if w & (LOW << 7) == 0 {
            units += 8; // ASCII
            continue;
        }
        // Bit 0 of each byte: a continuation byte (10xxxxxx), a four-byte start (11110xxx).
        let continuation = (w >> 7) & !(w >> 6) & LOW;
        let four = (w >> 7) & (w >> 6) & (w >> 5) & (w >> 4) & LOW;
        units += 8 - continuation.count_ones() as usize + four.count_ones() as usize;
    }
    let rest = words.remainder().iter();
    units
        + rest
            .map(|&b| usize::from(b & 0xC0 != 0x80) + usize::from(b >= 0xF0))
            .sum::<usize>()
}

#[cfg(test)]
mod tests {
    #[test]
    fn utf16_len_counts_as_javascript_does() {
        let text = "aé€🐴 ASCII only here, then ß and 𝄞 again: 1. e4 {😀} é";
        for start in 0..text.len() {
            for end in start..=text.len() {
                let Some(part) = text.get(start..end) else {
                    continue;
                };
                assert_eq!(
                    super::utf16_len(part.as_bytes()),
                    part.encode_utf16().count()
                );
            }
        }
    }
}
