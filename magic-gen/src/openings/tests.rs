use super::*;

const E4: &str = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq -";
const E4_E5: &str = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq -";

fn source<'a>(name: &'a str, text: &'a str) -> Source<'a> {
    Source { name, text }
}

fn keys() -> Zobrist {
    Zobrist::generate(crate::DEFAULT_SEED)
}

#[test]
fn where_lines_end_in_one_position_the_last_in_file_order_names_it() {
    let a = "eco\tname\tpgn\nB00\tKing's Pawn\t1. e4\nC20\tOpen Game\t1. e4 e5\n";
    let b = "eco\tname\tpgn\nC20\tDouble King's Pawn\t1. e4 e5\n";
    let positions = format!(
        "eco\tname\tply\tepd\nB00\tKing's Pawn\t1\t{E4}\nC20\tOpen Game\t2\t{E4_E5}\n\
         C20\tDouble King's Pawn\t2\t{E4_E5}\n"
    );
    let sources = [source("a.tsv", a), source("b.tsv", b)];
    let table = Table::new(&sources, &positions, &keys()).unwrap();
    assert_eq!(table.lines.len(), 3);
    let names: Vec<&str> = (table.named.iter())
        .map(|n| table.lines[n.line].name.as_str())
        .collect();
    assert_eq!(names.len(), 2);
    assert!(names.contains(&"Double King's Pawn") && names.contains(&"King's Pawn"));
    assert!(table.named[0].key < table.named[1].key);
    let source = rust(&table);
    assert!(source.contains("pub static NAMED: [Named; 2]"));
    assert!(source.contains("opening: &OPENINGS[2]"));
    assert!(!source.contains("opening: &OPENINGS[1]"));
}

#[test]
fn a_row_that_is_not_its_line_fails_with_both_places() {
    let a = "eco\tname\tpgn\nB00\tKing's Pawn\t1. e4\n";
    let positions = format!("eco\tname\tply\tepd\nB01\tScandinavian\t1\t{E4}\n");
    let error = Table::new(&[source("a.tsv", a)], &positions, &keys()).unwrap_err();
    assert!(
        error.contains("positions.tsv:2") && error.contains("a.tsv:2"),
        "{error}"
    );
    let short = "eco\tname\tply\tepd\n";
    let error = Table::new(&[source("a.tsv", a)], short, &keys()).unwrap_err();
    assert!(error.contains("ends before"), "{error}");
    let error = Table::new(&[], &positions, &keys()).unwrap_err();
    assert!(error.contains("after the last line"), "{error}");
}

#[test]
fn two_positions_with_one_key_fail_the_build() {
    let zero = Zobrist {
        pieces: vec![vec![0; 64]; 12],
        castling: vec![0; 64],
        en_passant: vec![0; 8],
        black_to_move: 0,
    };
    let a = "eco\tname\tpgn\nB00\tKing's Pawn\t1. e4\nC20\tOpen Game\t1. e4 e5\n";
    let positions =
        format!("eco\tname\tply\tepd\nB00\tKing's Pawn\t1\t{E4}\nC20\tOpen Game\t2\t{E4_E5}\n");
    let error = Table::new(&[source("a.tsv", a)], &positions, &zero).unwrap_err();
    assert!(error.contains("one Zobrist key"), "{error}");
}

#[test]
fn the_needs_kept_are_those_that_cover_no_other() {
    let needs = |unmoved, white, black| Needs {
        unmoved,
        white,
        black,
    };
    let lines = ["1. e4", "1. e4 e5", "1. d4"];
    let epds = [
        E4,
        E4_E5,
        "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq -",
    ];
    let lines: Vec<Line> = (lines.iter().zip(epds))
        .map(|(pgn, epd)| Line {
            eco: "A00".into(),
            name: "x".into(),
            pgn: pgn.to_string(),
            ply: 1,
            epd_text: epd.into(),
            epd: Epd::parse(epd).unwrap(),
        })
        .collect();
    let castling = 0x8100_0000_0000_0081;
    let e4 = needs(0x00ff_0000_0000_ef00 | castling, 16, 16);
    let e4_e5 = needs(0x00ef_0000_0000_ef00 | castling, 16, 16);
    let d4 = needs(0x00ff_0000_0000_f700 | castling, 16, 16);
    assert_eq!(Needs::of(&lines[0].epd), e4);
    assert!(e4.covers(&e4_e5) && !e4_e5.covers(&e4) && !d4.covers(&e4_e5));
    assert_eq!(least_needs(lines.iter()), [e4_e5, d4]);
}
