//! Lint levels, the way clippy has them: each warning code can be allowed (not reported),
//! warned about (the default) or denied (reported as an error). Errors are not lints: a game
//! with an illegal move cannot be accepted by asking.
//!
//! ```
//! use jaque::{Code, Severity};
//! use jaque::lint::{Level, Lints};
//! let mut lints = Lints::default();
//! lints.set("warnings", Level::Deny).unwrap();            // --strict
//! lints.set("check_annotation", Level::Allow).unwrap();   // later wins
//! assert_eq!(lints.severity(Code::CaptureAnnotation), Some(Severity::Error));
//! assert_eq!(lints.severity(Code::CheckAnnotation), None);
//! assert_eq!(lints.severity(Code::IllegalMove), Some(Severity::Error));
//! assert!(lints.set("illegal_move", Level::Allow).is_err());
//! ```

use std::fmt;
use std::str::FromStr;

use crate::diagnostic::{Code, CodeSet, Diagnostic, Severity};

/// What to do with a lint's diagnostics.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Level {
    /// Not reported.
    Allow,
    /// Reported as a warning.
    Warn,
    /// Reported as an error.
    Deny,
}

impl Level {
    /// `allow`, `warn` or `deny`, as `jaque.toml` writes them.
    pub fn as_str(self) -> &'static str {
        match self {
            Level::Allow => "allow",
            Level::Warn => "warn",
            Level::Deny => "deny",
        }
    }
}

impl FromStr for Level {
    type Err = LintError;

    /// The level whose [`Level::as_str`] is `text`.
    fn from_str(text: &str) -> Result<Level, LintError> {
        [Level::Allow, Level::Warn, Level::Deny]
            .into_iter()
            .find(|level| level.as_str() == text)
            .ok_or_else(|| LintError::UnknownLevel(text.to_string()))
    }
}

/// A lint level that cannot be set.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LintError {
    /// Not a diagnostic code, nor `warnings`; with the code it is nearest to, if any.
    #[error("unknown lint `{0}`: {hint}", hint = unknown_hint(.1))]
    UnknownLint(String, Option<Code>),
    /// Not `allow`, `warn` or `deny`.
    #[error("unknown lint level `{0}`: expected allow, warn or deny")]
    UnknownLevel(String),
    /// An error code given a level other than deny.
    #[error("`{0}` is an error, not a lint: it cannot be {1}ed")]
    NotALint(Code, &'static str),
}

/// What follows "unknown lint": the nearest code, or what is expected.
fn unknown_hint(nearest: &Option<Code>) -> String {
    match nearest {
        Some(code) => format!("did you mean `{code}`?"),
        None => "expected a warning code or `warnings`".to_string(),
    }
}

/// The level of every code: warnings warn and errors deny unless told otherwise.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Lints {
    levels: [Level; Code::ALL.len()],
}

impl Default for Lints {
    fn default() -> Lints {
        Lints {
            levels: Code::ALL.map(|code| match code.severity() {
                Severity::Warning => Level::Warn,
                Severity::Error => Level::Deny,
            }),
        }
    }
}

impl Lints {
    /// Sets `name`, a warning code or `warnings` (every warning code), to `level`; a later
    /// call wins over an earlier one. Error codes can only be denied, which they are.
    pub fn set(&mut self, name: &str, level: Level) -> Result<(), LintError> {
        if name == "warnings" {
            for (code, slot) in Code::ALL.iter().zip(&mut self.levels) {
                if code.severity() == Severity::Warning {
                    *slot = level;
                }
            }
            return Ok(());
        }
        let code: Code = name
            .parse()
            .map_err(|_| LintError::UnknownLint(name.to_string(), Code::nearest(name)))?;
        if code.severity() == Severity::Error && level != Level::Deny {
            let verb = if level == Level::Allow {
                "allow"
            } else {
                "warn"
            };
            return Err(LintError::NotALint(code, verb));
        }
        self.levels[code.index()] = level;
        Ok(())
    }

    /// The level of `code`.
    pub fn level(&self, code: Code) -> Level {
        self.levels[code.index()]
    }

    /// Drops the diagnostics of allowed codes and gives the others their level's severity.
    ///
    /// ```
    /// use jaque::{Code, Diagnostic, Severity};
    /// use jaque::lint::{Level, Lints};
    /// let mut lints = Lints::default();
    /// lints.set("check_annotation", Level::Deny).unwrap();
    /// lints.set("capture_annotation", Level::Allow).unwrap();
    /// let mut found = vec![
    ///     Diagnostic::new(Code::CheckAnnotation, "no +", "check", 0..2),
    ///     Diagnostic::new(Code::CaptureAnnotation, "no x", "capture", 0..2),
    /// ];
    /// lints.apply(&mut found);
    /// assert_eq!((found.len(), found[0].severity), (1, Severity::Error));
    /// ```
    pub fn apply(&self, diagnostics: &mut Vec<Diagnostic>) {
        diagnostics.retain_mut(|d| match self.severity(d.code) {
            Some(severity) => {
                d.severity = severity;
                true
            }
            None => false,
        });
    }

    /// The codes allowed: not reported at all.
    pub fn allowed(&self) -> CodeSet {
        Code::ALL
            .into_iter()
            .filter(|&code| self.level(code) == Level::Allow)
            .collect()
    }

    /// The severity `code`'s diagnostics are reported with; `None` when it is allowed.
    pub fn severity(&self, code: Code) -> Option<Severity> {
        match self.level(code) {
            Level::Allow => None,
            Level::Warn => Some(Severity::Warning),
            Level::Deny => Some(Severity::Error),
        }
    }
}

impl fmt::Display for Lints {
    /// The levels that differ from the defaults, as `jaque.toml` lines.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let default = Lints::default();
        for code in Code::ALL {
            if self.level(code) != default.level(code) {
                writeln!(f, "{} = \"{}\"", code.as_str(), self.level(code).as_str())?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::{Level, LintError, Lints};
    use crate::diagnostic::{Code, Severity};

    #[test]
    fn defaults_are_the_codes_own_severities() {
        let lints = Lints::default();
        for code in Code::ALL {
            assert_eq!(lints.severity(code), Some(code.severity()), "{code}");
        }
        assert_eq!(lints.to_string(), "");
    }

    #[test]
    fn later_settings_win_and_warnings_names_every_warning_code() {
        let mut lints = Lints::default();
        lints.set("over_disambiguation", Level::Allow).unwrap();
        lints.set("warnings", Level::Deny).unwrap();
        assert_eq!(
            lints.severity(Code::OverDisambiguation),
            Some(Severity::Error)
        );
        lints.set("warnings", Level::Warn).unwrap();
        lints.set("missing_tag", Level::Allow).unwrap();
        assert_eq!(lints.severity(Code::MissingTag), None);
        assert_eq!(lints.severity(Code::TagFormat), Some(Severity::Warning));
        assert_eq!(lints.to_string(), "missing_tag = \"allow\"\n");
    }

    #[test]
    fn errors_are_not_lints_and_unknown_names_are_refused() {
        let mut lints = Lints::default();
        assert_eq!(
            lints.set("syntax", Level::Allow),
            Err(LintError::NotALint(Code::Syntax, "allow"))
        );
        assert!(lints.set("bad_fen", Level::Warn).is_err());
        assert!(lints.set("bad_fen", Level::Deny).is_ok());
        assert!(matches!(
            lints.set("checks", Level::Deny),
            Err(LintError::UnknownLint(_, None))
        ));
        let typo = lints.set("over-disambiguaton", Level::Allow);
        assert_eq!(
            typo.map_err(|e| e.to_string()),
            Err("unknown lint `over-disambiguaton`: did you mean `over_disambiguation`?".into())
        );
        lints.set("over-disambiguation", Level::Allow).unwrap();
        assert_eq!(lints.severity(Code::OverDisambiguation), None);
        assert!("forbid".parse::<Level>().is_err());
        lints.set("over_disambiguation", Level::Warn).unwrap();
        assert_eq!(lints, Lints::default());
    }
}
