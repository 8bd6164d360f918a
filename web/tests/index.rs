//! The index's calls on the host: an index built with the library's writer from
//! `tests/index/games.pgn`, read from its bytes as the page reads a file, and the tree of
//! positions in it against counts worked out by hand from the PGN:
//!
//! | game | moves | result | ratings (average) |
//! |---|---|---|---|
//! | 1 | e4 e5 Nf3 Nc6 | 1-0 | 2000, 2200 (2100) |
//! | 2 | e4 c5 Nf3 | 0-1 | 1800, 1900 (1850) |
//! | 3 | e4 e5 Bc4 | 1/2-1/2 | none |
//! | 4 | d4 d5 | 1-0 | none |
//! | 5 | d4 Nf6 | * | none |

use std::path::{Path, PathBuf};

use jaque_web::index::{open, tree};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const AFTER_E4: &str = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
const AFTER_E4_E5: &str = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";

fn pgn() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/index/games.pgn")
}

/// The bytes of an index of `tests/index/games.pgn`, made in a scratch directory.
fn index_bytes(name: &str) -> Vec<u8> {
    let dir = std::env::temp_dir().join(format!("jaque-web-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let db = dir.join("games.index");
    let settings = jaque::index::append::Settings::default();
    jaque::index::append::index_files(&db, &[pgn()], &settings).unwrap();
    let bytes = std::fs::read(&db).unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    bytes
}

fn text(bytes: Vec<u8>) -> String {
    String::from_utf8(bytes).unwrap()
}

#[test]
fn an_index_read_from_bytes_gives_the_hand_counted_trees() {
    let (index, answer) = open(index_bytes("trees"));
    // 5 games; positions stored: a game's first visit of each position (the start counts),
    // 5 + 4 + 4 + 3 + 3.
    assert_eq!(text(answer), r#"{"games":5,"positions":19}"#);
    let index = index.unwrap();

    let start = text(tree(&index, START));
    assert!(
        start.starts_with(concat!(
            r#"{"fen":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -","#,
            r#""games":5,"white":2,"draws":1,"black":1,"average_rating":1975,"#,
            r#""moves":[{"san":"e4","uci":"e2e4","games":3,"white":1,"draws":1,"black":1,"average_rating":1975},"#,
            r#"{"san":"d4","uci":"d2d4","games":2,"white":1,"draws":0,"black":0,"average_rating":null}],"#,
        )),
        "{start}"
    );
    // The best-rated game first: Alpha (2000) - Beta (2200).
    assert!(
        start.contains(r#""top_games":[{"white":"Alpha","black":"Beta","white_elo":2000,"black_elo":2200,"result":"1-0","#),
        "{start}"
    );

    let e4 = text(tree(&index, AFTER_E4));
    assert!(
        e4.contains(concat!(
            r#""games":3,"white":1,"draws":1,"black":1,"average_rating":1975,"#,
            r#""moves":[{"san":"e5","uci":"e7e5","games":2,"white":1,"draws":1,"black":0,"average_rating":2100},"#,
            r#"{"san":"c5","uci":"c7c5","games":1,"white":0,"draws":0,"black":1,"average_rating":1850}],"#,
        )),
        "{e4}"
    );
    // One game each: ordered by UCI, f1c4 before g1f3.
    let e5 = text(tree(&index, AFTER_E4_E5));
    assert!(
        e5.contains(r#""moves":[{"san":"Bc4","uci":"f1c4","games":1,"white":0,"draws":1,"#),
        "{e5}"
    );
    assert!(
        e5.contains(r#"{"san":"Nf3","uci":"g1f3","games":1,"white":1,"draws":0,"#),
        "{e5}"
    );
}

#[test]
fn a_position_no_game_reached_has_no_moves() {
    let (index, _) = open(index_bytes("empty"));
    let answer = text(tree(&index.unwrap(), "8/8/8/4k3/8/8/8/4K3 w - - 0 1"));
    assert!(answer.contains(r#""games":0,"white":0,"draws":0,"black":0,"average_rating":null,"moves":[],"top_games":[]"#), "{answer}");
}

#[test]
fn bad_input_is_an_error_not_a_crash() {
    let (index, _) = open(index_bytes("bad"));
    let answer = text(tree(&index.unwrap(), "not a fen"));
    assert!(
        answer.starts_with(r#"{"error":"FEN not a fen: "#),
        "{answer}"
    );
    for bytes in [Vec::new(), b"1. e4 *".to_vec(), vec![0; 4096]] {
        let (index, answer) = open(bytes);
        assert!(index.is_none());
        assert!(text(answer).starts_with(r#"{"error":""#));
    }
    // A damaged index: its end cut off, or a page's bytes overwritten (every page after the
    // header, in turn). redb checks every page as it opens one from bytes: a damaged one is
    // refused, not read; a page it does not use (free space) may be damaged harmlessly.
    let bytes = index_bytes("cut");
    let (index, answer) = open(bytes[..bytes.len() / 3].to_vec());
    assert!(index.is_none());
    assert!(text(answer).starts_with(r#"{"error":"DB corrupted: "#));
    let mut refused = 0;
    for at in (4096..bytes.len()).step_by(4096) {
        let mut damaged = bytes.clone();
        damaged[at..at + 512].fill(0xa5);
        match open(damaged) {
            (None, answer) => {
                assert!(text(answer).starts_with(r#"{"error":"DB corrupted: "#));
                refused += 1;
            }
            (Some(index), _) => {
                let start = text(tree(&index, START));
                assert!(
                    start.contains(r#""games":5,"white":2,"draws":1,"black":1,"#),
                    "{start}"
                );
            }
        }
    }
    assert!(refused > 0, "no damaged page refused");
}

#[test]
fn an_index_left_unclosed_is_repaired_in_memory_only() {
    let dir = std::env::temp_dir().join(format!("jaque-web-left-open-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("games.index");
    std::fs::write(&path, index_bytes("unclosed")).unwrap();
    // Opened for writing and never closed, as a killed process leaves it: redb cannot
    // read it without a repair.
    std::mem::forget(redb::Database::open(&path).unwrap());
    let left = std::fs::read(&path).unwrap();
    // A copy (the forgotten handle still locks the file in this process).
    let copy = dir.join("copy.index");
    std::fs::write(&copy, &left).unwrap();
    let opened = redb::ReadOnlyDatabase::open(&copy);
    assert!(matches!(opened, Err(redb::DatabaseError::RepairAborted)));
    let (index, answer) = open(left.clone());
    assert_eq!(text(answer), r#"{"games":5,"positions":19}"#);
    let start = text(tree(&index.unwrap(), START));
    assert!(
        start.contains(r#""games":5,"white":2,"draws":1,"black":1,"#),
        "{start}"
    );
    // Repaired in memory: the file is as it was left.
    assert_eq!(std::fs::read(&path).unwrap(), left);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_committed_index_is_the_pgns() {
    // web/tests/index/games.index, which the browser test opens, made by `jaque index`.
    let bytes = std::fs::read(pgn().with_extension("index")).unwrap();
    let (index, answer) = open(bytes);
    assert_eq!(text(answer), r#"{"games":5,"positions":19}"#);
    assert!(
        text(tree(&index.unwrap(), START)).contains(r#""games":5,"white":2,"draws":1,"black":1,"#)
    );
}

#[test]
fn the_page_gets_a_handle_it_can_ask_and_free() {
    let bytes = index_bytes("handle");
    let ptr = jaque_web::abi::jaque_alloc(bytes.len());
    // SAFETY: memory of `jaque_alloc` of that length, filled and handed over once.
    let answer = unsafe {
        std::ptr::copy_nonoverlapping(bytes.as_ptr(), ptr, bytes.len());
        read(jaque_web::index::jaque_index_open(ptr, bytes.len()))
    };
    let handle: usize = (answer.strip_prefix(r#"{"index":"#))
        .and_then(|rest| rest.split(',').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{answer}"));
    assert!(
        answer.ends_with(r#","games":5,"positions":19}"#),
        "{answer}"
    );
    let index = handle as *mut jaque::index::Index;
    let fen = jaque_web::abi::jaque_alloc(START.len());
    // SAFETY: the handle is the index's, asked then freed once; the FEN as the bytes above.
    unsafe {
        std::ptr::copy_nonoverlapping(START.as_ptr(), fen, START.len());
        let tree = read(jaque_web::index::jaque_index_tree(index, fen, START.len()));
        assert!(tree.contains(r#""games":5,"#), "{tree}");
        jaque_web::index::jaque_index_free(index);
    }
}

/// What the page does with an answer: reads its length and bytes, then gives it back.
///
/// # Safety
///
/// `ptr` is an answer, read once.
unsafe fn read(ptr: *mut u8) -> String {
    // SAFETY: an answer starts with four bytes of length, then as many bytes.
    let head = unsafe { std::ptr::read_unaligned(ptr.cast::<[u8; 4]>()) };
    let len = u32::from_le_bytes(head) as usize;
    // SAFETY: as above, given back once.
    let whole = unsafe { jaque_web::abi::take(ptr, len + 4) };
    String::from_utf8(whole[4..].to_vec()).unwrap()
}
