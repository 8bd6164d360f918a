//! Games made up for the index's tests and benchmarks, as many as asked, the same bytes for
//! the same seed. Each opens with a line of the lichess opening set (`data/openings`, CC0), so
//! that games share their first positions as real ones do, then plays on with random legal
//! moves (captures likelier, promotions to a queen mostly) until a mate, a draw by the rules,
//! or a length drawn between 20 and 160 plies. Its tags come from pools (players, ratings,
//! dates, time controls) so that the explorer's filters have something to filter, and its
//! result from how it ended, or, for a game cut short, from the material left.
//!
//! The tests read it through `tests/common`; `tools/gen/corpus` writes it to a file for the
//! python-chess oracle and the benchmarks.

use std::fmt::Write as _;
use std::io::{self, Write};

use jaque::san::{Lang, to_san};
use jaque::{Color, Game, Move, MoveKind, Position, Role, Status};

const OPENINGS: [&str; 5] = [
    include_str!("../../data/openings/a.tsv"),
    include_str!("../../data/openings/b.tsv"),
    include_str!("../../data/openings/c.tsv"),
    include_str!("../../data/openings/d.tsv"),
    include_str!("../../data/openings/e.tsv"),
];

/// The kinds of game, with their time controls.
const EVENTS: [(&str, &[&str]); 4] = [
    ("Rated Bullet game", &["60+0", "120+1"]),
    ("Rated Blitz game", &["180+0", "180+2", "300+0", "300+3"]),
    ("Rated Rapid game", &["600+0", "600+5", "900+10"]),
    ("Rated Classical game", &["1800+0", "1800+20", "-"]),
];

/// How many players the games are shared among: a few play many games, most a few.
const PLAYERS: u64 = 20_000;

/// The generator: its random numbers and the opening lines, as SAN.
pub struct Corpus {
    state: u64,
    openings: Vec<Vec<&'static str>>,
    made: usize,
}

impl Corpus {
    /// A generator drawing from `seed` (any; zero is taken as one).
    pub fn new(seed: u64) -> Corpus {
        let openings = OPENINGS
            .iter()
            .flat_map(|file| file.lines().skip(1))
            .filter_map(|line| line.split('\t').nth(2))
            .map(|pgn| pgn.split(' ').filter(|w| !w.ends_with('.')).collect())
            .collect();
        Corpus {
            state: seed.max(1),
            openings,
            made: 0,
        }
    }

    /// Writes the next `games` games to `out`, as PGN.
    pub fn write(&mut self, games: usize, out: &mut impl Write) -> io::Result<()> {
        let mut text = String::new();
        for _ in 0..games {
            text.clear();
            self.game(&mut text);
            out.write_all(text.as_bytes())?;
        }
        Ok(())
    }

    /// The next game's text, appended to `text`.
    pub fn game(&mut self, text: &mut String) {
        self.made += 1;
        let game = self.play();
        let result = self.result(&game);
        self.tags(text, result);
        movetext(text, &game, result);
    }

    fn play(&mut self) -> Game {
        let mut game = Game::new(Position::starting());
        let line = self.below(self.openings.len() as u64) as usize;
        for &san in self.openings.get(line).into_iter().flatten() {
            let mut position = *game.position();
            match jaque::san::play(&mut position, san, Lang::English) {
                Ok(played) => game.play(played.mv),
                Err(_) => break,
            }
        }
        let length = 20 + self.below(141) as usize;
        while game.moves().len() < length && game.status() == Status::Ongoing {
            let moves = game.position().legal_moves();
            let Some(mv) = self.pick(game.position(), &moves) else {
                break;
            };
            game.play(mv);
        }
        game
    }

    /// A legal move: a capture four times as likely as a quiet move, a promotion to a
    /// knight, bishop or rook one time in twenty.
    fn pick(&mut self, position: &Position, moves: &[Move]) -> Option<Move> {
        let weight = |mv: &Move| -> u64 {
            let capture = matches!(mv.kind(), MoveKind::EnPassant)
                || (!mv.is_castle() && position.occupied().contains(mv.to()));
            match mv.promotion() {
                Some(Role::Queen) => 19,
                Some(_) => 1,
                None if capture => 4,
                None => 1,
            }
        };
        let total: u64 = moves.iter().map(weight).sum();
        let mut left = self.below(total);
        for mv in moves {
            match left.checked_sub(weight(mv)) {
                Some(rest) => left = rest,
                None => return Some(*mv),
            }
        }
        None
    }

    /// The result tag: the rules' verdict, else from the material (the side two pawns up
    /// wins four times in five), one game in a hundred unfinished (`*`).
    fn result(&mut self, game: &Game) -> &'static str {
        let position = game.position();
        match game.status() {
            Status::Checkmate if position.turn() == Color::White => return "0-1",
            Status::Checkmate => return "1-0",
            Status::Ongoing => {}
            _ => return "1/2-1/2",
        }
        if self.below(100) == 0 {
            return "*";
        }
        let value = |color| -> i64 {
            [
                (Role::Pawn, 1),
                (Role::Knight, 3),
                (Role::Bishop, 3),
                (Role::Rook, 5),
                (Role::Queen, 9),
            ]
            .iter()
            .map(|&(role, value)| value * i64::from(position.pieces(color, role).count()))
            .sum()
        };
        let ahead = value(Color::White) - value(Color::Black);
        let roll = self.below(100);
        match ahead {
            2.. if roll < 80 => "1-0",
            ..=-2 if roll < 80 => "0-1",
            -1..=1 if roll < 38 => "1-0",
            -1..=1 if roll < 76 => "0-1",
            _ => "1/2-1/2",
        }
    }

    fn tags(&mut self, text: &mut String, result: &str) {
        let (event, controls) = EVENTS[self.below(EVENTS.len() as u64) as usize];
        let control = controls[self.below(controls.len() as u64) as usize];
        let (year, month, day) = (
            2013 + self.below(14),
            1 + self.below(12),
            1 + self.below(28),
        );
        let (white, black) = (self.player(), self.player());
        let (white_elo, black_elo) = (self.rating(), self.rating());
        let _ = write!(
            text,
            "[Event \"{event}\"]\n[Site \"jaque corpus\"]\n[Date \"{year}.{month:02}.{day:02}\"]\n\
             [Round \"{}\"]\n[White \"player{white}\"]\n[Black \"player{black}\"]\n\
             [Result \"{result}\"]\n[WhiteElo \"{white_elo}\"]\n[BlackElo \"{black_elo}\"]\n\
             [TimeControl \"{control}\"]\n\n",
            self.made
        );
    }

    /// A player: the square of a uniform draw, so that low numbers play most.
    fn player(&mut self) -> u64 {
        let x = self.below(1 << 16);
        (x * x * PLAYERS) >> 32
    }

    /// A rating: the sum of three uniform draws, about 1500 and rarely past 800 or 2400.
    fn rating(&mut self) -> u64 {
        600 + self.below(601) + self.below(601) + self.below(601)
    }

    /// A number below `n` (xorshift64's high bits, its low ones being its weakest).
    fn below(&mut self, n: u64) -> u64 {
        self.state ^= self.state << 13;
        self.state ^= self.state >> 7;
        self.state ^= self.state << 17;
        (((self.state >> 11) as u128 * n as u128) >> 53) as u64
    }
}

/// The moves in SAN, numbered, lines wrapped before 80 columns as PGN export does.
fn movetext(text: &mut String, game: &Game, result: &str) {
    let mut position = *game.start();
    let mut line = String::new();
    for (ply, &mv) in game.moves().iter().enumerate() {
        let mut word = String::new();
        if ply % 2 == 0 {
            let _ = write!(word, "{}. ", ply / 2 + 1);
        }
        word.push_str(&to_san(&position, mv));
        push_word(text, &mut line, &word);
        position = position.play(mv);
    }
    push_word(text, &mut line, result);
    text.push_str(&line);
    text.push_str("\n\n");
}

fn push_word(text: &mut String, line: &mut String, word: &str) {
    if !line.is_empty() && line.len() + 1 + word.len() >= 80 {
        text.push_str(line);
        text.push('\n');
        line.clear();
    }
    if !line.is_empty() {
        line.push(' ');
    }
    line.push_str(word);
}
