//! A FEN being written, in a buffer on the stack: [`Position::fen`](super::Position::fen)
//! builds its text here and allocates once, at the end.

/// A FEN being written: ASCII, and never longer than its room (placement 71 bytes, castling
/// 4, two clocks of 10 digits, the rest 8).
pub(super) struct FenText {
    bytes: [u8; 128],
    pub(super) len: usize,
}

impl Default for FenText {
    fn default() -> FenText {
        FenText {
            bytes: [0; 128],
            len: 0,
        }
    }
}

impl FenText {
    #[inline(always)]
    pub(super) fn push(&mut self, byte: u8) {
        if let Some(slot) = self.bytes.get_mut(self.len) {
            *slot = byte;
            self.len += 1;
        }
    }

    /// `n` in decimal.
    pub(super) fn push_number(&mut self, mut n: u32) {
        let mut digits = [b'0'; 10];
        let mut start = digits.len();
        for slot in digits.iter_mut().rev() {
            *slot = b'0' + (n % 10) as u8;
            n /= 10;
            start -= 1;
            if n == 0 {
                break;
            }
        }
        for &digit in digits.get(start..).unwrap_or_default() {
            self.push(digit);
        }
    }

    pub(super) fn as_str(&self) -> &str {
        let bytes = self.bytes.get(..self.len).unwrap_or_default();
        std::str::from_utf8(bytes).unwrap_or_default()
    }
}
