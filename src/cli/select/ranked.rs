//! `jaque query --sort`: the selected games held back and written at the end, in descending
//! order of their value, ties in input order (CQL's `sort`). Only what is written is held:
//! each game's output, and with `--limit N` no more than the N best and as many again.

use std::borrow::Cow;

/// What one selected game writes: its text (with its opening's ECO code, for `--split-by`),
/// or its line of JSON.
pub enum Output<'a> {
    Game {
        bytes: Cow<'a, [u8]>,
        eco: Option<&'static str>,
    },
    Line(Vec<u8>),
}

impl Output<'_> {
    /// The output owning its bytes, to be held.
    fn owned(self) -> Output<'static> {
        match self {
            Output::Game { bytes, eco } => Output::Game {
                bytes: Cow::Owned(bytes.into_owned()),
                eco,
            },
            Output::Line(line) => Output::Line(line),
        }
    }
}

/// The outputs held, with their values.
pub struct Ranked {
    limit: Option<usize>,
    held: Vec<(Option<u32>, Output<'static>)>,
}

impl Ranked {
    /// Holds the best `limit` games (all without one).
    pub fn new(limit: Option<usize>) -> Ranked {
        Ranked {
            limit,
            held: Vec::new(),
        }
    }

    /// Holds one game's output, after those before it in the input.
    pub fn push(&mut self, value: Option<u32>, output: Output<'_>) {
        self.held.push((value, output.owned()));
        if let Some(limit) = self.limit
            && self.held.len() >= limit.saturating_mul(2).max(1024)
        {
            self.keep(limit);
        }
    }

    /// The `keep` best, in order: a stable sort keeps ties in input order.
    fn keep(&mut self, keep: usize) {
        self.held.sort_by_key(|held| std::cmp::Reverse(held.0));
        self.held.truncate(keep);
    }

    /// The outputs to write, in order.
    pub fn into_sorted(mut self) -> Vec<Output<'static>> {
        self.keep(self.limit.unwrap_or(usize::MAX));
        self.held.into_iter().map(|(_, output)| output).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(text: &str) -> Output<'static> {
        Output::Line(text.as_bytes().to_vec())
    }

    fn texts(outputs: Vec<Output<'static>>) -> Vec<String> {
        (outputs.into_iter())
            .map(|o| match o {
                Output::Line(l) => String::from_utf8_lossy(&l).into_owned(),
                Output::Game { bytes, .. } => String::from_utf8_lossy(&bytes).into_owned(),
            })
            .collect()
    }

    #[test]
    fn the_greatest_come_first_ties_in_input_order_and_the_limit_keeps_the_best() {
        let values = [3, 7, 3, 9, 7, 1];
        let mut all = Ranked::new(None);
        let mut two = Ranked::new(Some(2));
        for (i, v) in values.into_iter().enumerate() {
            all.push(Some(v), line(&format!("{i}")));
            two.push(Some(v), line(&format!("{i}")));
        }
        assert_eq!(texts(all.into_sorted()), ["3", "1", "4", "0", "2", "5"]);
        assert_eq!(texts(two.into_sorted()), ["3", "1"]);
    }

    #[test]
    fn a_limit_trims_as_games_come_and_keeps_the_order() {
        let mut ranked = Ranked::new(Some(3));
        for i in 0..5000u32 {
            ranked.push(Some(i % 10), line(&i.to_string()));
            assert!(ranked.held.len() < 1024);
        }
        assert_eq!(texts(ranked.into_sorted()), ["9", "19", "29"]);
    }
}
