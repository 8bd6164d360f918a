//! A plan written out for people: `jaque query --explain`.

use std::fmt::Write as _;

use super::compile::{Number, Plan, Step, Test};
use super::syntax::{Designator, Repeat, Word};
use crate::bitboard::Bitboard;
use crate::color::Color;
use crate::role::{Piece, Role};

/// One step a line, numbered from 1; steps refer to earlier ones by number.
pub(super) fn explain(plan: &Plan) -> String {
    let mut out = String::new();
    let number = |steps: &[usize]| {
        (steps.iter().map(|s| (s + 1).to_string()))
            .collect::<Vec<_>>()
            .join(" ")
    };
    for (index, step) in plan.steps.iter().enumerate() {
        let text = match step {
            Step::Test(test) => format!("test: {}", test_text(test)),
            Step::Not(inner) => format!("not {}", inner + 1),
            Step::All(parts) => format!("all of {}", number(parts)),
            Step::Any(parts) => format!("any of {}", number(parts)),
            Step::Line(elements) => {
                let parts: Vec<String> = (elements.iter())
                    .map(|(step, repeat)| format!("{}{}", step + 1, repeat_text(*repeat)))
                    .collect();
                format!("line: {}", parts.join(" then "))
            }
        };
        let _ = writeln!(out, "{}  {text}", index + 1);
    }
    out
}

fn test_text(test: &Test) -> String {
    match test {
        Test::Word(word) => word_text(*word).to_string(),
        Test::AnyWord(words) => (words.iter().map(word_text))
            .collect::<Vec<_>>()
            .join(" or "),
        Test::Occupied(set) => format!("{} is not empty", set_text(set)),
        Test::Compare(op, a, b) => {
            format!("{} {} {}", number_text(a), op.as_str(), number_text(b))
        }
        Test::Attacks(a, b) => format!("{} attacks {}", set_text(a), set_text(b)),
        Test::Pinned(set) => format!("a piece of {} is pinned", set_text(set)),
        Test::Fen(position) => format!("the position is {}", position.epd()),
        Test::Move { from, to } => {
            let mut text = "the last move".to_string();
            if let Some(from) = from {
                text += &format!(" from {}", set_text(from));
            }
            if let Some(to) = to {
                text += &format!(" to {}", set_text(to));
            }
            text
        }
        Test::Placement(required) => {
            let mut parts = Vec::new();
            for (color, roles) in Color::ALL.into_iter().zip(required) {
                for (role, &squares) in Role::ALL.into_iter().zip(roles) {
                    if squares.any() {
                        let letter = Piece { color, role }.char();
                        parts.push(format!("{letter} on {}", squares_text(squares)));
                    }
                }
            }
            format!("placement: {}", parts.join(", "))
        }
        Test::Pattern(pattern) => {
            let anchor = pattern.anchors.lsb();
            let placed = anchor
                .and_then(|square| pattern.at(square))
                .unwrap_or_default();
            let parts: Vec<String> = (placed.iter())
                .map(|(piece, square)| format!("{} on {square}", piece.char()))
                .collect();
            let first = anchor.map_or(String::new(), |square| square.to_string());
            format!(
                "placement: {}, moved so that {first}'s piece is on one of {}",
                parts.join(", "),
                squares_text(pattern.anchors)
            )
        }
        Test::Promote(None) => "the last move promoted".to_string(),
        Test::Promote(Some(pieces)) => {
            format!("the last move promoted to [{}]", pieces.letters())
        }
    }
}

fn word_text(word: Word) -> &'static str {
    match word {
        Word::Check => "check",
        Word::Mate => "mate",
        Word::Stalemate => "stalemate",
        Word::WhiteToMove => "white to move",
        Word::BlackToMove => "black to move",
        Word::Capture => "the last move captured",
    }
}

fn number_text(number: &Number) -> String {
    match number {
        Number::Constant(n) => n.to_string(),
        Number::Ply => "ply".to_string(),
        Number::Count(set) => format!("count({})", set_text(set)),
    }
}

/// A designator as pieces and squares: `[RQ] on {a7 b7 …}`.
fn set_text(set: &Designator) -> String {
    let squares = set.squares.map(squares_text);
    match (set.pieces, squares) {
        (Some(pieces), Some(squares)) => format!("[{}] on {squares}", pieces.letters()),
        (Some(pieces), None) => format!("[{}]", pieces.letters()),
        (None, Some(squares)) => squares,
        (None, None) => "{}".to_string(),
    }
}

fn squares_text(squares: Bitboard) -> String {
    let names: Vec<String> = squares.into_iter().map(|s| s.to_string()).collect();
    format!("{{{}}}", names.join(" "))
}

fn repeat_text(repeat: Repeat) -> String {
    match (repeat.least, repeat.most) {
        (1, Some(1)) => String::new(),
        (0, None) => "*".to_string(),
        (1, None) => "+".to_string(),
        (least, None) => format!("{{{least},}}"),
        (least, Some(most)) if least == most => format!("{{{least}}}"),
        (least, Some(most)) => format!("{{{least},{most}}}"),
    }
}
