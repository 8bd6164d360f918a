//! Lint levels on the command line and in `jaque.toml`, as clippy has them: `-A/--allow`,
//! `-W/--warn`, `-D/--deny` with a code or `warnings`, repeatable, the later winning;
//! `--strict` is `-D warnings` where it stands. A `jaque.toml` in the input's directory or
//! above may hold a `[lints]` table (`code = "allow" | "warn" | "deny"`); the flags win over
//! it.

use std::path::{Path, PathBuf};

use clap::ArgMatches;
use jaque::lint::{Level, LintError, Lints};
use toml::de::{DeTable, DeValue};

/// The lint flags, shared by `check` and `fix`.
#[derive(clap::Args, Clone, Debug, Default)]
pub struct LintArgs {
    /// Allow a lint: a warning code, or `warnings` for all (repeatable; the later flag wins).
    #[arg(short = 'A', long = "allow", value_name = "CODE", value_parser = CodeName::OR_WARNINGS, hide_possible_values = true)]
    allow: Vec<String>,
    /// Warn about a lint (its default level).
    #[arg(short = 'W', long = "warn", value_name = "CODE", value_parser = CodeName::OR_WARNINGS, hide_possible_values = true)]
    warn: Vec<String>,
    /// Deny a lint: report it as an error.
    #[arg(short = 'D', long = "deny", value_name = "CODE", value_parser = CodeName::OR_WARNINGS, hide_possible_values = true)]
    deny: Vec<String>,
    /// Treat every warning as an error (`-D warnings`).
    #[arg(long)]
    strict: bool,
}

/// A diagnostic code as an argument: any text is taken (dashes, a misspelling, are answered
/// where the code is read, with the code it is nearest to), but the codes are offered as the
/// argument's values, so that the shells' completion scripts complete them.
#[derive(Clone, Copy)]
pub struct CodeName {
    /// `warnings` is offered too.
    warnings: bool,
}

impl CodeName {
    /// A code, as `jaque explain` takes it.
    pub const ONE: CodeName = CodeName { warnings: false };
    /// A code or `warnings`, as `-A/-W/-D` take them.
    pub const OR_WARNINGS: CodeName = CodeName { warnings: true };
}

impl clap::builder::TypedValueParser for CodeName {
    type Value = String;

    fn parse_ref(
        &self,
        command: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<String, clap::Error> {
        clap::builder::StringValueParser::new().parse_ref(command, arg, value)
    }

    fn possible_values(
        &self,
    ) -> Option<Box<dyn Iterator<Item = clap::builder::PossibleValue> + '_>> {
        let codes = jaque::Code::ALL.into_iter().map(|code| code.as_str());
        let names = codes.chain(self.warnings.then_some("warnings"));
        Some(Box::new(names.map(clap::builder::PossibleValue::new)))
    }
}

/// The flags in the order they were given: each with the code it names and its level.
#[derive(Clone, Debug, Default)]
pub struct Flags(Vec<(String, Level)>);

impl Flags {
    /// The lint flags of a command's `matches`, in command-line order.
    pub fn of(matches: &ArgMatches) -> Flags {
        // A command without lint flags (clap panics when asked for an argument it lacks).
        if matches.try_contains_id("allow").is_err() {
            return Flags::default();
        }
        let mut flags: Vec<(usize, String, Level)> = Vec::new();
        for (id, level) in [
            ("allow", Level::Allow),
            ("warn", Level::Warn),
            ("deny", Level::Deny),
        ] {
            let indices = matches.indices_of(id).into_iter().flatten();
            let values = matches.get_many::<String>(id).into_iter().flatten();
            flags.extend(indices.zip(values).map(|(i, v)| (i, v.clone(), level)));
        }
        if let Some(i) = matches
            .index_of("strict")
            .filter(|_| matches.get_flag("strict"))
        {
            flags.push((i, "warnings".to_string(), Level::Deny));
        }
        flags.sort_by_key(|(index, _, _)| *index);
        Flags(
            flags
                .into_iter()
                .map(|(_, code, level)| (code, level))
                .collect(),
        )
    }

    /// The levels for an input at `path` (`None`: standard input or the sample, looked for
    /// from the current directory): its `jaque.toml`'s, then these flags.
    pub fn lints_for(&self, path: Option<&Path>) -> Result<Lints, String> {
        let mut lints = Lints::default();
        if let Some(config) = find_config(path) {
            read_config(&config, &mut lints)?;
        }
        for (code, level) in &self.0 {
            lints.set(code, *level).map_err(|e| e.to_string())?;
        }
        Ok(lints)
    }
}

/// The first `jaque.toml` in the directory of `path` (or the current one) and above.
fn find_config(path: Option<&Path>) -> Option<PathBuf> {
    let start = match path.and_then(Path::parent) {
        Some(dir) if !dir.as_os_str().is_empty() => dir.to_path_buf(),
        _ => std::env::current_dir().ok()?,
    };
    let start = start.canonicalize().unwrap_or(start);
    start
        .ancestors()
        .map(|dir| dir.join("jaque.toml"))
        .find(|file| file.is_file())
}

/// Sets `lints` from the `[lints]` table of the file at `path`. What it cannot read (bad
/// TOML, a key other than `lints`, an unknown code or level) is an error that names its
/// line and column.
fn read_config(path: &Path, lints: &mut Lints) -> Result<(), String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let at = |offset: usize, message: &dyn std::fmt::Display| {
        let before = text.get(..offset).unwrap_or(&text);
        let line = before.matches('\n').count() + 1;
        let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
        format!("{}:{line}:{column}: {message}", path.display())
    };
    let table = DeTable::parse(&text)
        .map_err(|e| at(e.span().map_or(0, |span| span.start), &e.message()))?;
    for (key, value) in table.get_ref() {
        if key.get_ref() != "lints" {
            let message = format!(
                "unknown key `{}`: jaque.toml has a [lints] table",
                key.get_ref()
            );
            return Err(at(key.span().start, &message));
        }
        let DeValue::Table(section) = value.get_ref() else {
            return Err(at(value.span().start, &"`lints` must be a table"));
        };
        for (code, level) in section {
            let parsed = match level.get_ref() {
                DeValue::String(name) => name.parse(),
                _ => Err(LintError::UnknownLevel(
                    text.get(level.span()).unwrap_or_default().to_string(),
                )),
            };
            let level = parsed.map_err(|e| at(level.span().start, &format!("[lints] {e}")))?;
            (lints.set(code.get_ref(), level))
                .map_err(|e| at(code.span().start, &format!("[lints] {e}")))?;
        }
    }
    Ok(())
}
