//! Any text as a query: refused with an error whose span lies inside the text on character
//! boundaries, or compiled into a plan that explains itself and can be asked of games, the
//! plies it matches inside each game's mainline.
#![no_main]

use jaque::pgn::{Checker, Splitter};
use jaque::query::Query;
use libfuzzer_sys::fuzz_target;

/// Two short games: castling both ways, a capture en passant, promotions, checks and a mate.
const GAMES: &str = "1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6 4. O-O d5 5. exd5 Nxd5 6. Re1 Be7 \
7. Nxe5 Nxe5 8. Rxe5 O-O 9. Bxd5 Qxd5 10. Nc3 Qd6 *\n\n\
1. e4 f5 2. e5 d5 3. exd6 Qxd6 4. Qh5+ g6 5. Qf3 g5 6. Qxf5 Bxf5 7. d4 h5 8. Bxg5 h4 \
9. Bxe7 h3 10. Bxd6 hxg2 11. Nc3 gxh1=N 12. Bxc7 Nxf2 13. Kxf2 Nc6 14. Bb5 O-O-O 15. \
Bxc6 bxc6 16. Nf3 Bxc2 17. Ne5 Bd3 18. Rc1 Bb1 19. Nxc6 Bc2 20. Ne7# 1-0\n";

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let query = match Query::parse(text) {
        Ok(query) => query,
        Err(error) => {
            let span = error.span;
            assert!(span.start <= span.end && span.end <= text.len(), "{span:?}");
            assert!(text.is_char_boundary(span.start) && text.is_char_boundary(span.end));
            assert!(!error.message.is_empty());
            return;
        }
    };
    assert_eq!(Query::parse(text).as_ref(), Ok(&query));
    assert!(!query.explain().is_empty());
    let mut matcher = query.matcher();
    let mut checker = Checker::default();
    for game in Splitter::new(GAMES.as_bytes()) {
        let Ok(game) = game else { continue };
        matcher.clear();
        let report = checker.check_visiting(&game, &mut matcher);
        let plies = matcher.plies();
        assert!(plies.windows(2).all(|w| w[0] < w[1]));
        assert!(plies.iter().all(|&p| p as usize <= report.plies));
    }
});
