//! `jaque tree`'s filter flags, read by the library's `Filter::read` (which Python's
//! `Index.tree` shares): a wrong value names its flag, and each flag selects the games it
//! says. Expected counts are worked out by hand from the three games below.

use crate::common::{run_jaque, scratch};

const GAMES: &str = "[White \"A\"]\n[Black \"B\"]\n[WhiteElo \"2000\"]\n[BlackElo \"1800\"]\n\
[Date \"2020.12.31\"]\n[TimeControl \"180+0\"]\n[Result \"1-0\"]\n\n1. e4 e5 1-0\n\n\
[White \"B\"]\n[Black \"A\"]\n[WhiteElo \"1500\"]\n[BlackElo \"1500\"]\n[Date \"2021.01.01\"]\n\
[TimeControl \"600+0\"]\n[Result \"0-1\"]\n\n1. d4 d5 0-1\n\n\
[White \"C\"]\n[Black \"B\"]\n[Result \"1/2-1/2\"]\n\n1. c4 c5 1/2-1/2\n";

#[test]
fn tree_filters_select_the_games_their_flags_say() {
    let dir = scratch("index_filters");
    std::fs::write(dir.join("games.pgn"), GAMES).expect("writable");
    let db = dir.join("db");
    let db = db.to_str().expect("a UTF-8 path");
    let built = run_jaque(Some(&dir), &["index", "-q", db, "games.pgn"], None);
    assert!(built.status.success(), "{built:?}");
    let games = |flags: &[&str]| -> serde_json::Value {
        let args = [&["tree", db, "--json"], flags].concat();
        let out = run_jaque(Some(&dir), &args, None);
        assert!(out.status.success(), "{flags:?}: {out:?}");
        let tree: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
        tree["games"].clone()
    };
    assert_eq!(games(&[]), 3);
    assert_eq!(games(&["--rating", "1600.."]), 1, "1900 on average");
    assert_eq!(games(&["--rating", "..1600"]), 1, "1500");
    assert_eq!(
        games(&["--until", "2020.12"]),
        1,
        "the month's last day is in"
    );
    assert_eq!(games(&["--since", "2021"]), 1);
    assert_eq!(games(&["--speed", "blitz,rapid"]), 2);
    assert_eq!(games(&["--player", "B", "--side", "black"]), 2);
    assert_eq!(games(&["--player", "A", "--side", "White"]), 1);
}

#[test]
fn a_wrong_filter_names_its_flag() {
    for (flags, says) in [
        (["--rating", "18x"], "error: --rating 18x: not MIN..MAX"),
        (["--since", "soon"], "error: --since soon: not a date"),
        (
            ["--speed", "fast"],
            "error: --speed: no speed called `fast`",
        ),
    ] {
        let args = [&["tree", "no-such.index"], &flags[..]].concat();
        let out = run_jaque(None, &args, None);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{flags:?}: {stderr}");
        assert!(stderr.contains(says), "{flags:?}: {stderr}");
    }
    let out = run_jaque(None, &["tree", "x", "--player", "A", "--side", "red"], None);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("error: --side red: white or black"),
        "{stderr}"
    );
}
