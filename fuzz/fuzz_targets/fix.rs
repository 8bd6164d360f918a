//! Any bytes as a PGN file to fix: the fixer refuses what the reader refuses, or answers,
//! keeps every game, changes only the bytes it reports (each change in order, none
//! overlapping), and fixing its output again changes nothing in the games it fixed.
#![no_main]

use jaque::lint::Lints;
use jaque::pgn::{Fixer, Options, Splitter};
use libfuzzer_sys::fuzz_target;

mod utf16;

fuzz_target!(|data: &[u8]| {
    let maybe_incorrect = data.first().is_some_and(|b| b & 1 == 1);
    let Ok(fixed) = Fixer::new(Options::default(), Lints::default(), maybe_incorrect).fix(data)
    else {
        // Refused as no text, as the reader refuses it.
        assert!(matches!(Splitter::new(data).next(), Some(Err(_))));
        return;
    };
    assert_eq!(Splitter::new(data).count(), fixed.games.len());
    // The output is the input with the reported changes made, and nothing else (for UTF-16,
    // the changes are of its UTF-8; an odd last byte, no character, is left as it is).
    let (data, output) = match utf16::even(data).len() == data.len() {
        true => (utf16::text(data), utf16::text(&fixed.output)),
        false => {
            assert_eq!(fixed.output, data, "no byte changed");
            return;
        }
    };
    let mut rebuilt = Vec::with_capacity(data.len());
    let mut at = 0;
    for change in fixed.games.iter().flat_map(|g| &g.changes) {
        assert!(at <= change.span.start && change.span.end <= data.len());
        rebuilt.extend_from_slice(&data[at..change.span.start]);
        rebuilt.extend_from_slice(&change.replacement);
        at = change.span.end;
    }
    rebuilt.extend_from_slice(&data[at..]);
    assert_eq!(rebuilt, output);
    if !maybe_incorrect {
        let again = Fixer::default()
            .fix(&fixed.output)
            .expect("the fixed text is text");
        assert_eq!(again.output, fixed.output, "fixing twice changes nothing");
    }
});
