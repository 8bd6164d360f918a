//! The random numbers of the unit tests: xorshift64, so that a random test draws the same
//! cases every run and a failure names a case that comes again. (The integration tests have
//! theirs in `tests/common`.)

/// xorshift64's state: any seed but zero.
pub(crate) struct XorShift(pub(crate) u64);

impl XorShift {
    /// The next 64 bits.
    pub(crate) fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// One of `items`, by the next number's high bits (xorshift's low bits are its weakest).
    pub(crate) fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[(self.next() >> 40) as usize % items.len()]
    }
}
