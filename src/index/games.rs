//! What the index keeps of each game: where it is (file, byte offset, line) and what the
//! explorer's filters ask (result, ratings, date, speed, players), in a fixed record of
//! [`GameInfo::SIZE`] bytes. Records are stored in runs of consecutive games, so that the
//! games of a position, read in game order, read each run once.

use super::code::Outcome;
use crate::pgn::Tags;

/// How fast a game was played, as lichess sorts time controls: by the estimated duration,
/// the base time plus forty increments.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Speed {
    /// No `TimeControl` tag, or one not read.
    #[default]
    Unknown,
    /// Under 30 seconds.
    UltraBullet,
    /// Under 3 minutes.
    Bullet,
    /// Under 8 minutes.
    Blitz,
    /// Under 25 minutes.
    Rapid,
    /// 25 minutes or more.
    Classical,
    /// `-`: days a move.
    Correspondence,
}

impl Speed {
    const ALL: [Speed; 7] = [
        Speed::Unknown,
        Speed::UltraBullet,
        Speed::Bullet,
        Speed::Blitz,
        Speed::Rapid,
        Speed::Classical,
        Speed::Correspondence,
    ];

    /// The speed of a `TimeControl` tag's value (`600+5`, `-`; the first period of a
    /// multi-period control).
    ///
    /// ```
    /// use jaque::index::games::Speed;
    /// assert_eq!(Speed::of_time_control(Some("180+2")), Speed::Blitz);
    /// assert_eq!(Speed::of_time_control(Some("-")), Speed::Correspondence);
    /// assert_eq!(Speed::of_time_control(None), Speed::Unknown);
    /// ```
    pub fn of_time_control(value: Option<&str>) -> Speed {
        let Some(value) = value else {
            return Speed::Unknown;
        };
        if value == "-" {
            return Speed::Correspondence;
        }
        let first = value.split(':').next().unwrap_or_default();
        let first = first.rsplit('/').next().unwrap_or_default();
        let (base, increment) = first.split_once('+').unwrap_or((first, "0"));
        let (Ok(base), Ok(increment)) = (base.parse::<u64>(), increment.parse::<u64>()) else {
            return Speed::Unknown;
        };
        match base.saturating_add(increment.saturating_mul(40)) {
            0..30 => Speed::UltraBullet,
            30..180 => Speed::Bullet,
            180..480 => Speed::Blitz,
            480..1500 => Speed::Rapid,
            _ => Speed::Classical,
        }
    }

    /// The speed named `name` (`blitz`, `rapid`, …), as the command line reads it.
    pub fn named(name: &str) -> Option<Speed> {
        let names = [
            "unknown",
            "ultrabullet",
            "bullet",
            "blitz",
            "rapid",
            "classical",
        ];
        let found = names.iter().position(|n| n.eq_ignore_ascii_case(name));
        found
            .or_else(|| name.eq_ignore_ascii_case("correspondence").then_some(6))
            .and_then(|i| Speed::ALL.get(i).copied())
    }
}

/// A game as the index keeps it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameInfo {
    /// The file, by its number in the index.
    pub file: u32,
    /// The byte offset of the game's first byte in the file (decompressed).
    pub offset: u64,
    /// The 1-based line of the game's first byte.
    pub line: u32,
    /// The result.
    pub outcome: Outcome,
    /// `WhiteElo` and `BlackElo` (0: none).
    pub ratings: [u16; 2],
    /// The date as `YYYYMMDD`, unknown parts 0 (`2024.??.??`: 20240000; none: 0).
    pub date: u32,
    /// The time control's speed.
    pub speed: Speed,
    /// White and Black, by their numbers in the index's players.
    pub players: [u32; 2],
}

impl GameInfo {
    /// The bytes of a record.
    pub const SIZE: usize = 32;

    /// The record.
    pub fn to_bytes(&self) -> [u8; GameInfo::SIZE] {
        let mut out = [0; GameInfo::SIZE];
        out[0..4].copy_from_slice(&self.file.to_le_bytes());
        out[4..12].copy_from_slice(&self.offset.to_le_bytes());
        out[12..16].copy_from_slice(&self.line.to_le_bytes());
        out[16] = self.outcome as u8;
        out[17] = self.speed as u8;
        out[18..20].copy_from_slice(&self.ratings[0].to_le_bytes());
        out[20..22].copy_from_slice(&self.ratings[1].to_le_bytes());
        out[22..26].copy_from_slice(&self.date.to_le_bytes());
        out[26..29].copy_from_slice(&self.players[0].to_le_bytes()[..3]);
        out[29..32].copy_from_slice(&self.players[1].to_le_bytes()[..3]);
        out
    }

    /// The game of a record (`None`: not a record).
    pub fn from_bytes(bytes: &[u8]) -> Option<GameInfo> {
        let bytes: &[u8; GameInfo::SIZE] = bytes.try_into().ok()?;
        let u32_at = |at: usize| {
            bytes
                .get(at..at + 4)?
                .try_into()
                .ok()
                .map(u32::from_le_bytes)
        };
        let u16_at = |at: usize| {
            bytes
                .get(at..at + 2)?
                .try_into()
                .ok()
                .map(u16::from_le_bytes)
        };
        let u24_at = |at: usize| {
            let [a, b, c] = *bytes.get(at..at + 3)?.first_chunk::<3>()?;
            Some(u32::from_le_bytes([a, b, c, 0]))
        };
        let offset = u64::from_le_bytes(bytes.get(4..12)?.try_into().ok()?);
        Some(GameInfo {
            file: u32_at(0)?,
            offset,
            line: u32_at(12)?,
            outcome: *OUTCOMES.get(usize::from(*bytes.get(16)?))?,
            speed: *Speed::ALL.get(usize::from(*bytes.get(17)?))?,
            ratings: [u16_at(18)?, u16_at(20)?],
            date: u32_at(22)?,
            players: [u24_at(26)?, u24_at(29)?],
        })
    }

    /// The average of the two ratings, where both are known.
    pub fn average_rating(&self) -> Option<u16> {
        let [white, black] = self.ratings;
        (white > 0 && black > 0).then(|| ((u32::from(white) + u32::from(black)) / 2) as u16)
    }
}

const OUTCOMES: [Outcome; 4] = [
    Outcome::Unknown,
    Outcome::WhiteWins,
    Outcome::Draw,
    Outcome::BlackWins,
];

/// The most players an index tells apart: their numbers take three bytes of a record.
pub const MAX_PLAYERS: u32 = 1 << 24;

/// A rating tag's value (0: none or not a rating).
pub fn rating(tags: &Tags, name: &str) -> u16 {
    tags.last(name)
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or(0)
}

/// A date as `YYYYMMDD` with unknown parts 0, from `YYYY.MM.DD` (`??` unknown), or a
/// prefix of it (`2024`, `2024.05`), as the filters take it.
///
/// ```
/// use jaque::index::games::date;
/// assert_eq!(date("2024.05.??"), Some(20240500));
/// assert_eq!(date("2024.05"), Some(20240500));
/// assert_eq!(date("soon"), None);
/// ```
pub fn date(value: &str) -> Option<u32> {
    let mut parts = value.trim().split('.');
    let mut field = |digits: usize, max: u32| -> Option<u32> {
        match parts.next() {
            None => Some(0),
            Some(part) if part.chars().all(|c| c == '?') && part.len() == digits => Some(0),
            Some(part) if part.len() == digits && part.bytes().all(|b| b.is_ascii_digit()) => {
                part.parse().ok().filter(|&n| n <= max)
            }
            Some(_) => None,
        }
    };
    let (year, month, day) = (field(4, 9999)?, field(2, 12)?, field(2, 31)?);
    parts
        .next()
        .is_none()
        .then_some(year * 10_000 + month * 100 + day)
}

/// A stored date (`YYYYMMDD`, unknown parts 0) as PGN writes it.
///
/// ```
/// assert_eq!(jaque::index::games::date_text(20240500), "2024.05.??");
/// ```
pub fn date_text(date: u32) -> String {
    let part = |n: u32, width: usize| match n {
        0 => "?".repeat(width),
        n => format!("{n:0width$}"),
    };
    format!(
        "{}.{}.{}",
        part(date / 10_000, 4),
        part(date / 100 % 100, 2),
        part(date % 100, 2)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_record_reads_back_as_written() {
        let info = GameInfo {
            file: 7,
            offset: 1 << 40,
            line: 123_456,
            outcome: Outcome::BlackWins,
            ratings: [2810, 1500],
            date: 20_240_531,
            speed: Speed::Correspondence,
            players: [MAX_PLAYERS - 1, 3],
        };
        assert_eq!(GameInfo::from_bytes(&info.to_bytes()), Some(info));
        assert_eq!(GameInfo::from_bytes(&[0; 31]), None);
        assert_eq!(GameInfo::from_bytes(&[255; 32]), None, "no such outcome");
    }

    #[test]
    fn speeds_follow_lichess_estimated_durations() {
        let of = |tc| Speed::of_time_control(Some(tc));
        assert_eq!(of("15+0"), Speed::UltraBullet);
        assert_eq!(of("60+1"), Speed::Bullet, "100 s");
        assert_eq!(of("120+2"), Speed::Blitz, "200 s");
        assert_eq!(of("600+0"), Speed::Rapid);
        assert_eq!(of("1500+0"), Speed::Classical);
        assert_eq!(of("40/7200:3600"), Speed::Classical);
        assert_eq!(of("?"), Speed::Unknown);
        assert_eq!(Speed::named("Blitz"), Some(Speed::Blitz));
        assert_eq!(Speed::named("correspondence"), Some(Speed::Correspondence));
    }
}
