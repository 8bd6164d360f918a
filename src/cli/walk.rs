//! A directory walked for its files as ripgrep walks one: sorted by name directory by
//! directory, hidden files and directories skipped, symbolic links not followed, and what
//! `.ignore`, `.gitignore`, `.git/info/exclude` and the global git ignore file exclude left
//! out, in a git repository or not. Written here rather than taken from the `ignore` crate,
//! whose glob sets pull a regex engine into the build.

use std::path::{Path, PathBuf};

use super::gitignore::{Rules, Verdict};

/// The ignore files of one directory, and where its parent's are.
struct Level {
    parent: Option<usize>,
    ignore: Option<Rules>,
    gitignore: Option<Rules>,
    /// `.git/info/exclude`, in a repository's top directory.
    exclude: Option<Rules>,
    /// Whether the directory is a repository's top (it holds `.git`): the `.gitignore` files
    /// above it say nothing of its files.
    repository: bool,
}

impl Level {
    fn read(dir: &Path, parent: Option<usize>) -> Level {
        let repository = dir.join(".git").exists();
        let exclude = repository
            .then(|| Rules::read(&dir.join(".git/info/exclude"), dir))
            .flatten();
        Level {
            parent,
            ignore: Rules::read(&dir.join(".ignore"), dir),
            gitignore: Rules::read(&dir.join(".gitignore"), dir),
            exclude,
            repository,
        }
    }
}

/// A directory being walked: the ignore files of its directories and above.
struct Walk {
    levels: Vec<Level>,
    global: Option<Rules>,
}

/// What is left to walk: a directory met and not yet listed, or a file to give.
enum Pending {
    /// A directory: its name as shown, its absolute path, the level of its parent.
    Directory {
        shown: PathBuf,
        absolute: PathBuf,
        parent: Option<usize>,
    },
    File(PathBuf),
}

/// The files under `dir` whose names `wanted` accepts, in order, and what could not be read
/// (said as `PATH: ERROR`). What is left to walk is kept on a stack, the next on top: no
/// recursion on depth, and a directory's files come right after it, before its later
/// siblings.
pub fn files(dir: &Path, wanted: impl Fn(&str) -> bool) -> (Vec<PathBuf>, Vec<String>) {
    let (mut found, mut errors) = (Vec::new(), Vec::new());
    let absolute = match std::fs::canonicalize(dir) {
        Ok(absolute) => absolute,
        Err(error) => return (found, vec![format!("{}: {error}", dir.display())]),
    };
    let mut walk = Walk::above(&absolute);
    let parent = walk.levels.len().checked_sub(1);
    let shown = dir.to_path_buf();
    let mut stack = vec![Pending::Directory {
        shown,
        absolute,
        parent,
    }];
    while let Some(pending) = stack.pop() {
        let (shown, absolute, parent) = match pending {
            Pending::File(shown) => {
                found.push(shown);
                continue;
            }
            Pending::Directory {
                shown,
                absolute,
                parent,
            } => (shown, absolute, parent),
        };
        let entries = match list(&absolute) {
            Ok(entries) => entries,
            Err(error) => {
                errors.push(format!("{}: {error}", shown.display()));
                continue;
            }
        };
        let level = walk.levels.len();
        walk.levels.push(Level::read(&absolute, parent));
        let start = stack.len();
        for (name, is_dir) in entries {
            let path = absolute.join(&name);
            if walk.ignored(&path, is_dir, level) || !(is_dir || wanted(&name.to_string_lossy())) {
                continue;
            }
            stack.push(match is_dir {
                true => Pending::Directory {
                    shown: shown.join(&name),
                    absolute: path,
                    parent: Some(level),
                },
                false => Pending::File(shown.join(&name)),
            });
        }
        stack[start..].reverse();
    }
    (found, errors)
}

/// The entries of a directory that are not hidden, files and directories (symbolic links
/// and the rest left out), sorted by name, each said whether it is a directory.
fn list(dir: &Path) -> std::io::Result<Vec<(std::ffi::OsString, bool)>> {
    let mut entries = Vec::new();
    for entry in std::fs::read_dir(dir)? {
        let entry = entry?;
        let name = entry.file_name();
        let kind = entry.file_type()?;
        if !name.to_string_lossy().starts_with('.') && (kind.is_dir() || kind.is_file()) {
            entries.push((name, kind.is_dir()));
        }
    }
    entries.sort();
    Ok(entries)
}

impl Walk {
    /// The ignore files of every directory above `dir`.
    fn above(dir: &Path) -> Walk {
        let mut levels: Vec<Level> = Vec::new();
        let mut ancestors: Vec<&Path> = dir.ancestors().skip(1).collect();
        ancestors.reverse();
        for ancestor in ancestors {
            let parent = levels.len().checked_sub(1);
            levels.push(Level::read(ancestor, parent));
        }
        let top = dir
            .ancestors()
            .find(|a| a.join(".git").exists())
            .unwrap_or(dir);
        let global = global_ignore_file().and_then(|file| Rules::read(&file, top));
        Walk { levels, global }
    }

    /// Whether the ignore files of the directory at `level` and above exclude `path`: the
    /// nearest file with a matching pattern says, `.ignore` files before `.gitignore` files
    /// before `.git/info/exclude` before the global file, as ripgrep orders them.
    fn ignored(&self, path: &Path, is_dir: bool, level: usize) -> bool {
        let (mut ignore, mut gitignore, mut exclude) = (None, None, None);
        let mut in_repository = false;
        let mut at = Some(level);
        while let Some(level) = at.and_then(|index| self.levels.get(index)) {
            let verdict = |rules: &Option<Rules>| rules.as_ref()?.verdict(path, is_dir);
            ignore = ignore.or_else(|| verdict(&level.ignore));
            if !in_repository {
                gitignore = gitignore.or_else(|| verdict(&level.gitignore));
                exclude = exclude.or_else(|| verdict(&level.exclude));
            }
            in_repository |= level.repository;
            at = level.parent;
        }
        let global = || self.global.as_ref()?.verdict(path, is_dir);
        ignore.or(gitignore).or(exclude).or_else(global) == Some(Verdict::Ignored)
    }
}

/// The global git ignore file: `core.excludesFile` of the user's git configuration, else
/// `$XDG_CONFIG_HOME/git/ignore`, else `~/.config/git/ignore`.
fn global_ignore_file() -> Option<PathBuf> {
    let home = std::env::var_os("HOME").map(PathBuf::from);
    let config = std::env::var_os("XDG_CONFIG_HOME")
        .map(PathBuf::from)
        .filter(|dir| dir.is_absolute())
        .or_else(|| Some(home.as_ref()?.join(".config")));
    let configs = [
        config.as_ref().map(|dir| dir.join("git/config")),
        home.as_ref().map(|home| home.join(".gitconfig")),
    ];
    let configured = configs.iter().flatten().rev().find_map(|file| {
        let text = std::fs::read_to_string(file).ok()?;
        let value = excludes_file(&text)?;
        match value.strip_prefix("~/") {
            Some(rest) => Some(home.as_ref()?.join(rest)),
            None => Some(PathBuf::from(value)),
        }
    });
    configured.or_else(|| Some(config?.join("git/ignore")))
}

/// The value of `core.excludesFile` in the text of a git configuration file, the last one.
fn excludes_file(text: &str) -> Option<String> {
    let mut in_core = false;
    let mut value = None;
    for line in text.lines() {
        let line = line.trim();
        if line.starts_with('[') {
            let section = line.trim_start_matches('[').split([']', ' ', '"']).next();
            in_core = section.is_some_and(|s| s.eq_ignore_ascii_case("core"));
        } else if let Some((key, found)) = line.split_once('=').filter(|_| in_core)
            && key.trim().eq_ignore_ascii_case("excludesfile")
        {
            value = Some(found.trim().trim_matches('"').to_string());
        }
    }
    value
}
