//! Any bytes as a PGN file: split, checked and formatted without a panic; every byte (of its
//! UTF-8, for UTF-16) is in a game, skipped and counted, or a blank between games; a
//! formatted game reads back to the same moves.
#![no_main]

use jaque::pgn::{Options, Splitter, check_game, format_game};
use libfuzzer_sys::fuzz_target;

mod utf16;

fuzz_target!(|data: &[u8]| {
    let data = utf16::even(data);
    // The bytes the games are cut from: the input's, or its UTF-8 where it is UTF-16.
    let text = utf16::text(data);
    let options = Options::default();
    let mut at = 0usize;
    for game in Splitter::with_limit(data, 4096) {
        let Ok(game) = game else { return };
        let offset = game.offset as usize;
        assert!(offset >= at);
        assert_eq!(&text[offset..offset + game.bytes.len()], &game.bytes[..]);
        at = offset + game.bytes.len() + game.skipped as usize;
        let report = check_game(&game, &options);
        for d in &report.diagnostics {
            assert!(d.diagnostic.span.end <= report.text.len().max(1));
        }
        if let Ok(text) = format_game(&game, &options) {
            let again = Splitter::new(text.as_bytes()).next().and_then(Result::ok);
            let again = again.map(|g| check_game(&g, &options));
            assert_eq!(
                again.map(|r| (r.plies, r.moves)),
                Some((report.plies, report.moves))
            );
        }
    }
});
