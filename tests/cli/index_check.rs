//! `jaque index DB --check`: every page's checksum verified. Reading an index trusts its
//! pages (checking them would read the whole file for every question), so this is how a user
//! learns that a file was damaged after it was written: each page of a small index is
//! overwritten in turn, and the check must say so, with an error and exit 2, never stop.

use crate::common;
use crate::common::XorShift;
use crate::common::corpus::Corpus;

use std::path::Path;

fn path(path: &Path) -> String {
    path.to_str().expect("a UTF-8 path").to_string()
}

/// `index DB --check`: its exit code (`None`: stopped by a signal) and standard error.
fn check(db: &Path) -> (Option<i32>, String) {
    let done = common::run_jaque(None, &["index", &path(db), "--check"], None);
    (
        done.status.code(),
        String::from_utf8_lossy(&done.stderr).into_owned(),
    )
}

#[test]
fn index_check_finds_every_damaged_page_it_reads_and_passes_a_sound_index() {
    let dir = common::scratch("index_check");
    let (pgn, db) = (dir.join("games.pgn"), dir.join("games.index"));
    let mut text = Vec::new();
    Corpus::new(56).write(300, &mut text).expect("in memory");
    std::fs::write(&pgn, text).expect("writable");
    let _ = std::fs::remove_file(&db);
    let built = common::run_jaque(None, &["index", &path(&db), &path(&pgn)], None);
    assert_eq!(built.status.code(), Some(0));
    let (code, said) = check(&db);
    assert_eq!(code, Some(0), "a sound index: {said}");
    assert!(said.contains("every page is sound"), "{said}");
    let sound = std::fs::read(&db).expect("readable");
    let pages = sound.len() / 4096;
    assert!(pages >= 8, "{pages} pages: too small to say anything");
    let mut rng = XorShift(0x0056_c4ec);
    let damaged = dir.join("damaged.index");
    let mut found = 0;
    for page in 0..pages {
        let mut bytes = sound.clone();
        for byte in bytes.iter_mut().skip(page * 4096).take(4096) {
            *byte = rng.next() as u8;
        }
        std::fs::write(&damaged, &bytes).expect("writable");
        let (code, said) = check(&damaged);
        match code {
            Some(0) => {}
            Some(2) => {
                assert!(said.starts_with("error: "), "page {page}: {said}");
                found += 1;
            }
            other => panic!("page {page}: exit {other:?}: {said}"),
        }
    }
    // The pages the index uses are most of them; a free one may be overwritten unnoticed.
    assert!(
        found * 2 > pages,
        "only {found} of {pages} damaged pages found"
    );
    eprintln!("index_check: {found} of {pages} damaged pages found");
}
