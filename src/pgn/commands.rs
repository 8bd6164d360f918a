//! Commands embedded in comments, as lichess, chess.com and ChessBase write them: `{ [%clk
//! 0:02:59] [%eval 0.17] }`. Read as python-chess reads them, so that the numbers agree.

/// An engine's evaluation, from White's point of view.
///
/// ```
/// use jaque::pgn::{Eval, eval};
/// assert_eq!(eval("[%eval -1.05]"), Some(Eval::Centipawns(-105)));
/// assert_eq!(eval("[%eval #-3] Black mates"), Some(Eval::Mate(-3)));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Eval {
    /// Hundredths of a pawn.
    Centipawns(i32),
    /// Mate in that many moves; negative when Black mates.
    Mate(i32),
}

impl Eval {
    /// The hundredths of a pawn, unless it is a mate: the tables and the Python package keep
    /// the two kinds in columns of their own.
    ///
    /// ```
    /// use jaque::pgn::Eval;
    /// assert_eq!(Eval::Centipawns(-105).centipawns(), Some(-105));
    /// assert_eq!(Eval::Mate(3).centipawns(), None);
    /// ```
    pub fn centipawns(self) -> Option<i32> {
        match self {
            Eval::Centipawns(cp) => Some(cp),
            Eval::Mate(_) => None,
        }
    }

    /// The moves to mate, if it is a mate (see [`Eval::centipawns`]).
    ///
    /// ```
    /// use jaque::pgn::Eval;
    /// assert_eq!(Eval::Mate(-3).mate(), Some(-3));
    /// assert_eq!(Eval::Centipawns(17).mate(), None);
    /// ```
    pub fn mate(self) -> Option<i32> {
        match self {
            Eval::Mate(moves) => Some(moves),
            Eval::Centipawns(_) => None,
        }
    }
}

/// The clock of a `[%clk h:mm:ss]` command in `comment`, in seconds (a fraction allowed).
///
/// ```
/// assert_eq!(jaque::pgn::clock("[%eval 0.17] [%clk 1:02:03.5]"), Some(3723.5));
/// assert_eq!(jaque::pgn::clock("no clock"), None);
/// ```
pub fn clock(comment: &str) -> Option<f64> {
    let args = command(comment, "clk")?;
    let mut fields = args.splitn(3, ':');
    let hours = digits(fields.next()?)?;
    let minutes = digits(fields.next()?)?;
    let seconds = fields.next()?;
    let (whole, fraction) = seconds.split_once('.').unwrap_or((seconds, ""));
    if !fraction.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let seconds: f64 = format!("{}.{fraction}0", digits(whole)?).parse().ok()?;
    Some(hours as f64 * 3600.0 + minutes as f64 * 60.0 + seconds)
}

/// The evaluation of a `[%eval …]` command in `comment`: pawns (`0.17`, `-1.5`, `3`) or a
/// mate (`#-3`), optionally followed by the search's depth (`0.17,23`).
pub fn eval(comment: &str) -> Option<Eval> {
    let args = command(comment, "eval")?;
    let value = args
        .split_once(',')
        .map_or(args, |(value, depth)| match digits(depth) {
            Some(_) => value,
            None => "",
        });
    if let Some(mate) = value.strip_prefix('#') {
        return signed(mate).map(Eval::Mate);
    }
    let (sign, unsigned) = match value.as_bytes().first() {
        Some(b'-') => (-1, value.get(1..)?),
        Some(b'+') => (1, value.get(1..)?),
        _ => (1, value),
    };
    let (whole, fraction) = unsigned.split_once('.').unwrap_or((unsigned, ""));
    let whole = if whole.is_empty() && !fraction.is_empty() {
        0
    } else {
        digits(whole)?
    };
    // Hundredths, and the thousandths rounding them, as python-chess's `round(x * 100)`
    // would: at most two decimals are written in practice.
    if fraction.len() > 2 || !fraction.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let hundredths = format!("{fraction:0<2}").parse::<i64>().ok()?;
    let centipawns = i32::try_from(sign * (whole * 100 + hundredths)).ok()?;
    Some(Eval::Centipawns(centipawns))
}

/// The arguments of the first `[%name args]` command in `comment`, trimmed.
fn command<'c>(comment: &'c str, name: &str) -> Option<&'c str> {
    let mut rest = comment;
    loop {
        let at = rest.find("[%")?;
        let after = rest.get(at + 2..)?;
        let end = after.find(']')?;
        let inside = after.get(..end)?;
        if let Some(args) = inside.strip_prefix(name)
            && args.starts_with(char::is_whitespace)
        {
            return Some(args.trim());
        }
        rest = after;
    }
}

/// A run of ASCII digits (at most ten), as a number.
fn digits(text: &str) -> Option<i64> {
    if text.is_empty() || text.len() > 10 || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

/// Digits with an optional sign.
fn signed(text: &str) -> Option<i32> {
    let (sign, unsigned) = match text.as_bytes().first() {
        Some(b'-') => (-1, text.get(1..)?),
        Some(b'+') => (1, text.get(1..)?),
        _ => (1, text),
    };
    i32::try_from(sign * digits(unsigned)?).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clocks_as_lichess_and_chess_com_write_them() {
        assert_eq!(clock("[%clk 0:03:00]"), Some(180.0));
        assert_eq!(clock("{ [%clk 0:00:09.4] }"), Some(9.4));
        assert_eq!(clock("[%clk 12:00:00]"), Some(43200.0));
        assert_eq!(clock("[%clk 0:3]"), None);
        assert_eq!(clock("[%clk]"), None);
        assert_eq!(clock("[%clkx 0:00:01]"), None);
        assert_eq!(clock("[%emt 0:00:01] [%clk 0:00:02]"), Some(2.0));
    }

    #[test]
    fn evaluations_in_pawns_or_mates() {
        assert_eq!(eval("[%eval 0.17]"), Some(Eval::Centipawns(17)));
        assert_eq!(eval("[%eval -0.5]"), Some(Eval::Centipawns(-50)));
        assert_eq!(eval("[%eval 3]"), Some(Eval::Centipawns(300)));
        assert_eq!(eval("[%eval .25]"), Some(Eval::Centipawns(25)));
        assert_eq!(eval("[%eval +1.20,23]"), Some(Eval::Centipawns(120)));
        assert_eq!(eval("[%eval #4]"), Some(Eval::Mate(4)));
        assert_eq!(eval("[%eval #-1]"), Some(Eval::Mate(-1)));
        assert_eq!(eval("[%eval x]"), None);
        assert_eq!(eval("[%eval 1.234]"), None);
        assert_eq!(eval("[%eval 99999999999]"), None);
    }
}
