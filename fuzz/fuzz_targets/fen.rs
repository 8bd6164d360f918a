//! Any text as a FEN: refused with an error, or read into a position that round-trips and
//! that move generation can work with.
#![no_main]

use jaque::Position;
use jaque::perft::perft;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for chess960 in [false, true] {
        if let Ok(position) = Position::from_fen_with(text, chess960) {
            assert_eq!(
                Position::from_fen_with(&position.fen(), chess960),
                Ok(position)
            );
            let _ = perft(&position, 2);
        }
    }
});
