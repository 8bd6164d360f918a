//! Whether standard output is coloured: `--color`, else the environment's conventions, as
//! ripgrep and cargo read them: `NO_COLOR` set and not empty turns colour off
//! (no-color.org), `CLICOLOR_FORCE` set and not `0` turns it on, `TERM=dumb` off, and
//! otherwise a terminal gets colour and a pipe or file does not.

use std::ffi::OsString;
use std::io::{self, IsTerminal};

/// `--color`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum ColorChoice {
    /// Colour on a terminal, as the environment allows.
    #[default]
    Auto,
    /// Colour always.
    Always,
    /// Colour never.
    Never,
}

impl ColorChoice {
    /// Whether to colour what goes to standard output.
    pub fn stdout(self) -> bool {
        self.resolve(io::stdout().is_terminal(), |name| std::env::var_os(name))
    }

    /// Whether to colour standard error.
    pub fn stderr(self) -> bool {
        self.resolve(io::stderr().is_terminal(), |name| std::env::var_os(name))
    }

    /// The choice for an output that is a terminal or not, in an environment of `var`.
    fn resolve(self, terminal: bool, var: impl Fn(&str) -> Option<OsString>) -> bool {
        let set = |name| var(name).filter(|value| !value.is_empty());
        match self {
            ColorChoice::Always => true,
            ColorChoice::Never => false,
            ColorChoice::Auto if set("NO_COLOR").is_some() => false,
            ColorChoice::Auto if set("CLICOLOR_FORCE").is_some_and(|v| v != "0") => true,
            ColorChoice::Auto => terminal && var("TERM").is_none_or(|term| term != "dumb"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::ColorChoice::{self, *};

    fn resolve(choice: ColorChoice, terminal: bool, env: &[(&str, &str)]) -> bool {
        choice.resolve(terminal, |name| {
            (env.iter())
                .find(|(key, _)| *key == name)
                .map(|(_, value)| value.into())
        })
    }

    #[test]
    fn the_conventions_decide_in_their_order() {
        assert!(resolve(Auto, true, &[]));
        assert!(!resolve(Auto, false, &[]));
        assert!(!resolve(Auto, true, &[("NO_COLOR", "1")]));
        // An empty NO_COLOR is as if it were not set.
        assert!(resolve(Auto, true, &[("NO_COLOR", "")]));
        assert!(!resolve(Auto, true, &[("TERM", "dumb")]));
        assert!(resolve(Auto, false, &[("CLICOLOR_FORCE", "1")]));
        assert!(!resolve(Auto, false, &[("CLICOLOR_FORCE", "0")]));
        assert!(!resolve(
            Auto,
            true,
            &[("NO_COLOR", "1"), ("CLICOLOR_FORCE", "1")]
        ));
        assert!(resolve(Always, false, &[("NO_COLOR", "1")]));
        assert!(!resolve(Never, true, &[("CLICOLOR_FORCE", "1")]));
    }
}
