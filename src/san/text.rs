//! [`SanText`]: a move's SAN as a game record keeps it, without a heap allocation for the
//! common case (a record keeps one a move, and allocating each was a fifth of recording).

use std::fmt;
use std::ops::Deref;

/// Short text held inline: every export SAN (`Qh4xe1+` is among the longest) and most moves
/// as written; longer text (a garbled token) goes to the heap.
///
/// ```
/// use jaque::san::SanText;
/// let san = SanText::from("Nbd7");
/// assert_eq!(san.as_str(), "Nbd7");
/// assert_eq!(san, "Nbd7");
/// assert_eq!(SanText::from("a token far too long for the inline form").len(), 40);
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct SanText(Repr);

#[derive(Clone, PartialEq, Eq, Hash)]
enum Repr {
    Inline { len: u8, bytes: [u8; INLINE] },
    Heap(Box<str>),
}

/// The most bytes held inline.
const INLINE: usize = 22;

impl SanText {
    /// The text.
    pub fn as_str(&self) -> &str {
        match &self.0 {
            Repr::Inline { len, bytes } => bytes
                .get(..usize::from(*len))
                .and_then(|b| std::str::from_utf8(b).ok())
                .unwrap_or_default(),
            Repr::Heap(text) => text,
        }
    }
}

impl From<&str> for SanText {
    fn from(text: &str) -> SanText {
        if text.len() > INLINE {
            return SanText(Repr::Heap(text.into()));
        }
        let mut bytes = [0; INLINE];
        if let Some(prefix) = bytes.get_mut(..text.len()) {
            prefix.copy_from_slice(text.as_bytes());
        }
        SanText(Repr::Inline {
            len: text.len() as u8,
            bytes,
        })
    }
}

impl Deref for SanText {
    type Target = str;

    fn deref(&self) -> &str {
        self.as_str()
    }
}

impl AsRef<str> for SanText {
    fn as_ref(&self) -> &str {
        self.as_str()
    }
}

impl PartialEq<str> for SanText {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<&str> for SanText {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

impl fmt::Display for SanText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl fmt::Debug for SanText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}
