//! The inputs of a command: files, `-` for standard input, directories walked for their PGN
//! files as ripgrep walks (ignore files respected, hidden files skipped, a stable order),
//! zstd and gzip decompressed on the fly (told by their content), the built-in sample.

use std::io::{self, BufRead, BufReader};
use std::path::{Path, PathBuf};

use jaque::input::{BUFFER, decompressed};

use super::progress::Counted;

/// The sample collection compiled into the binary.
pub const SAMPLE: &str = include_str!("sample.pgn");

/// Where games come from.
pub enum Input {
    /// A file, with its name as messages write it.
    File { path: PathBuf, name: String },
    /// Standard input (`-`).
    Stdin,
    /// The built-in sample.
    Sample,
}

/// The names a directory's files must end with to be read when it is walked.
const PGN_ENDINGS: [&str; 3] = [".pgn", ".pgn.zst", ".pgn.gz"];

/// The inputs `names` stand for, in order, or `none()` when there are no names: `-` standard
/// input, a directory its PGN files (`*.pgn`, `*.pgn.zst`, `*.pgn.gz`, by name), any other
/// name the file itself, whatever its name. What cannot be walked is said on standard error
/// and makes the second value `false`; the rest is still read.
pub fn expand(names: &[PathBuf], none: impl FnOnce() -> Input) -> (Vec<Input>, bool) {
    if names.is_empty() {
        return (vec![none()], true);
    }
    let (mut inputs, mut errors) = (Vec::new(), Vec::new());
    for name in names {
        if name.as_os_str() == "-" {
            inputs.push(Input::Stdin);
        } else if name.is_dir() {
            let before = inputs.len();
            walk(name, &mut inputs, &mut errors);
            if inputs.len() == before {
                eprintln!("warning: no PGN files in {}", name.display());
            }
        } else {
            inputs.push(Input::file(name.clone()));
        }
    }
    errors.iter().for_each(|error| eprintln!("error: {error}"));
    (inputs, errors.is_empty())
}

/// Adds the PGN files under `dir` to `inputs`, sorted by name directory by directory: files
/// and directories that `.gitignore`, `.ignore` or a global git ignore file exclude are left
/// out (in a git repository or not), and so are hidden ones.
fn walk(dir: &Path, inputs: &mut Vec<Input>, errors: &mut Vec<String>) {
    let walker = ignore::WalkBuilder::new(dir)
        .require_git(false)
        .sort_by_file_name(|a, b| a.cmp(b))
        .build();
    for entry in walker {
        match entry {
            Ok(entry) if entry.file_type().is_some_and(|t| t.is_file()) => {
                let name = entry.file_name().to_string_lossy().to_ascii_lowercase();
                if PGN_ENDINGS.iter().any(|end| name.ends_with(end)) {
                    inputs.push(Input::file(entry.into_path()));
                }
            }
            Ok(_) => {}
            Err(error) => errors.push(error.to_string()),
        }
    }
}

impl Input {
    /// The file at `path`.
    pub fn file(path: PathBuf) -> Input {
        let name = path.to_string_lossy().into_owned();
        Input::File { path, name }
    }

    /// How the input is named in diagnostics.
    pub fn name(&self) -> &str {
        match self {
            Input::File { name, .. } => name,
            Input::Stdin => "<stdin>",
            Input::Sample => "<sample>",
        }
    }

    /// The file's path (`None` for standard input and the sample).
    pub fn path(&self) -> Option<&Path> {
        match self {
            Input::File { path, .. } => Some(path),
            _ => None,
        }
    }

    /// The input's size on disk, when it is a plain file (for a progress bar).
    pub fn size(&self) -> Option<u64> {
        std::fs::metadata(self.path()?).ok().map(|m| m.len())
    }

    /// A buffered reader of the input's PGN text, decompressed when its first bytes are those
    /// of zstd or gzip: a file's name may say nothing of its content (a download, a pipe).
    pub fn open(&self) -> io::Result<Box<dyn BufRead + Send>> {
        self.open_counted(Counted::default())
    }

    /// The same, its bytes as stored counted by `counted` as they are read.
    pub fn open_counted(&self, counted: Counted) -> io::Result<Box<dyn BufRead + Send>> {
        match self {
            Input::Sample => Ok(Box::new(SAMPLE.as_bytes())),
            Input::Stdin => {
                decompressed(BufReader::with_capacity(BUFFER, counted.wrap(io::stdin())))
            }
            Input::File { path, .. } => decompressed(BufReader::with_capacity(
                BUFFER,
                counted.wrap(std::fs::File::open(path)?),
            )),
        }
    }
}
