//! The tag section against export PGN (PGN standard 8.1): the Seven Tag Roster present and in
//! order (`missing_tag`), values in their forms (`tag_format`), each tag once
//! (`duplicate_tag`), with the suggestions that are certain, and `jaque fix` applying them.

use jaque::pgn::{Fixer, Options, Splitter, check_game};
use jaque::{Applicability, Code};
use pretty_assertions::assert_eq;

/// A diagnostic as these tests look at it: code, message, and each suggestion's replacement
/// and applicability.
type Found = (Code, String, Vec<(String, Applicability)>);

/// The tag diagnostics of the one game in `text`.
fn tag_diagnostics(text: &str) -> Vec<Found> {
    let game = Splitter::new(text.as_bytes())
        .next()
        .expect("a game")
        .expect("in memory");
    check_game(&game, &Options::default())
        .diagnostics
        .into_iter()
        .filter(|d| {
            matches!(
                d.diagnostic.code,
                Code::MissingTag | Code::TagFormat | Code::DuplicateTag
            )
        })
        .map(|d| {
            let suggestions = d
                .diagnostic
                .suggestions
                .iter()
                .map(|s| (s.replacement.clone(), s.applicability))
                .collect();
            (d.diagnostic.code, d.diagnostic.message, suggestions)
        })
        .collect()
}

fn fixed(text: &str) -> String {
    String::from_utf8(Fixer::default().fix(text.as_bytes()).expect("text").output).expect("UTF-8")
}

const ROSTER: &str = "[Event \"e\"]\n[Site \"s\"]\n[Date \"2024.01.02\"]\n[Round \"1\"]\n\
                      [White \"w\"]\n[Black \"b\"]\n[Result \"1-0\"]\n";

#[test]
fn a_complete_roster_in_order_has_nothing_to_say() {
    assert_eq!(
        tag_diagnostics(&format!("{ROSTER}[ECO \"C20\"]\n\n1. e4 1-0\n")),
        vec![]
    );
    // A game without a tag section is movetext alone: no roster to judge.
    assert_eq!(tag_diagnostics("1. e4 e5 *\n"), vec![]);
}

#[test]
fn missing_roster_tags_are_inserted_in_roster_order_with_unknown_values() {
    let text = "[Event \"e\"]\n[White \"w\"]\n[Result \"1-0\"]\n[ECO \"C20\"]\n\n1. e4 1-0\n";
    let found = tag_diagnostics(text);
    assert_eq!(found.len(), 1);
    assert_eq!(
        found[0].1,
        "the Seven Tag Roster lacks Site, Date, Round, Black"
    );
    assert!(
        found[0]
            .2
            .iter()
            .all(|(_, a)| *a == Applicability::MachineApplicable)
    );
    assert_eq!(
        fixed(text),
        "[Event \"e\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"w\"]\n\
         [Black \"?\"]\n[Result \"1-0\"]\n[ECO \"C20\"]\n\n1. e4 1-0\n"
    );
    // The Result tag, when missing, takes the termination marker; CRLF files get CRLF.
    let crlf = "[Event \"e\"]\r\n[Site \"s\"]\r\n[Date \"2024.01.02\"]\r\n[Round \"1\"]\r\n\
                [White \"w\"]\r\n[Black \"b\"]\r\n\r\n1. e4 0-1\r\n";
    assert_eq!(
        fixed(crlf),
        crlf.replace("[Black \"b\"]\r\n", "[Black \"b\"]\r\n[Result \"0-1\"]\r\n")
    );
}

#[test]
fn a_roster_out_of_order_is_reported_and_left_to_fmt() {
    let text = "[White \"w\"]\n[Event \"e\"]\n[Site \"s\"]\n[Date \"2024.01.02\"]\n[Round \"1\"]\n\
                [Black \"b\"]\n[Result \"1-0\"]\n\n1. e4 1-0\n";
    let found = tag_diagnostics(text);
    assert_eq!(found.len(), 1);
    assert!(found[0].1.contains("out of order"), "{}", found[0].1);
    assert_eq!(found[0].2, vec![]);
    assert_eq!(fixed(text), text);
}

#[test]
fn tag_values_in_the_wrong_form_are_reported_and_mended_where_certain() {
    let game = |tags: &str| format!("{ROSTER}{tags}\n1. e4 1-0\n");
    let cases: [(&str, Option<&str>); 8] = [
        ("[EventDate \"2024-01-02\"]\n", Some("2024.01.02")),
        ("[EventDate \"2024/01/02\"]\n", Some("2024.01.02")),
        ("[EventDate \"1959\"]\n", Some("1959.??.??")),
        ("[EventDate \"?\"]\n", Some("????.??.??")),
        ("[EventDate \"yesterday\"]\n", None),
        ("[Time \"12h30\"]\n", None),
        ("[WhiteElo \"2690:2222\"]\n", None),
        ("[PlyCount \"sixty\"]\n", None),
    ];
    for (tag, mended) in cases {
        let found = tag_diagnostics(&game(tag));
        assert_eq!(found.len(), 1, "{tag}");
        assert_eq!(found[0].0, Code::TagFormat, "{tag}");
        let suggested: Vec<&str> = found[0].2.iter().map(|(r, _)| r.as_str()).collect();
        assert_eq!(suggested, mended.into_iter().collect::<Vec<_>>(), "{tag}");
    }
    // A Result that is not one of the four takes the marker's.
    let text = ROSTER.replace("[Result \"1-0\"]", "[Result \"1:0\"]") + "\n1. e4 1-0\n";
    assert_eq!(fixed(&text), format!("{ROSTER}\n1. e4 1-0\n"));
}

#[test]
fn a_tag_given_twice_is_removed_when_it_says_the_same() {
    let same = format!("{ROSTER}[ECO \"C20\"]\n[ECO \"C20\"]\n\n1. e4 1-0\n");
    let found = tag_diagnostics(&same);
    assert_eq!(found[0].0, Code::DuplicateTag);
    assert_eq!(
        found[0].2,
        vec![(String::new(), Applicability::MachineApplicable)]
    );
    assert_eq!(
        fixed(&same),
        format!("{ROSTER}[ECO \"C20\"]\n\n1. e4 1-0\n")
    );
    // With another value, which one is right is a guess: not fixed by default.
    let other = format!("{ROSTER}[ECO \"C20\"]\n[ECO \"C21\"]\n\n1. e4 1-0\n");
    assert_eq!(
        tag_diagnostics(&other)[0].2,
        vec![(String::new(), Applicability::MaybeIncorrect)]
    );
    assert_eq!(fixed(&other), other);
}
