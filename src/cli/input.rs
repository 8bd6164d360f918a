//! The inputs of a command: files, `-` for standard input, directories walked for their PGN
//! files as ripgrep walks (ignore files respected, hidden files skipped, a stable order),
//! zstd and gzip decompressed on the fly (told by their content), the built-in sample.

use std::io::{self, BufRead, BufReader, IsTerminal, Read};
use std::path::{Path, PathBuf};

use jaque::input::{BUFFER, Format, decompressed};

use super::Outcome;

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
pub const PGN_ENDINGS: [&str; 3] = [".pgn", ".pgn.zst", ".pgn.gz"];

/// What a command reads when it is given no `FILE`.
#[derive(Clone, Copy)]
pub enum Unnamed {
    /// Standard input; on a terminal, where nobody is about to type PGN, the built-in
    /// sample (`jaque check`, for a first look).
    StdinOrSample,
    /// Standard input; on a terminal the command says what it reads and does not run (exit
    /// 2), as `zstd` refuses a terminal, rather than wait without a word. Its name.
    Stdin(&'static str),
}

/// The inputs `names` stand for, in order, or what `unnamed` says when there are no names:
/// `-` standard input, a directory its PGN files (`*.pgn`, `*.pgn.zst`, `*.pgn.gz`, by name),
/// any other name the file itself, whatever its name. What cannot be walked is said on
/// standard error and makes the second value `false`; the rest is still read. `Err` when
/// there is nothing to read (said on standard error).
pub fn expand(names: &[PathBuf], unnamed: Unnamed) -> Result<(Vec<Input>, bool), Outcome> {
    expand_walking(names, unnamed, &PGN_ENDINGS)
}

/// The inputs as [`expand`] finds them, a directory's files being those whose names end
/// with one of `endings` (`jaque check` reads query files too).
pub fn expand_walking(
    names: &[PathBuf],
    unnamed: Unnamed,
    endings: &[&str],
) -> Result<(Vec<Input>, bool), Outcome> {
    if names.is_empty() {
        let terminal = io::stdin().is_terminal();
        return match unnamed {
            Unnamed::StdinOrSample if terminal => Ok((vec![Input::Sample], true)),
            Unnamed::Stdin(command) if terminal => {
                eprintln!(
                    "error: `jaque {command}` reads PGN files, or PGN piped to its standard \
                     input, and standard input is a terminal\n  = help: name the files \
                     (`jaque {command} games.pgn`), or `-` to type the games"
                );
                Err(Outcome::Failed)
            }
            _ => Ok((vec![Input::Stdin], true)),
        };
    }
    let (mut inputs, mut errors) = (Vec::new(), Vec::new());
    for name in names {
        if name.as_os_str() == "-" {
            inputs.push(Input::Stdin);
        } else if name.is_dir() {
            let before = inputs.len();
            walk(name, endings, &mut inputs, &mut errors);
            if inputs.len() == before {
                eprintln!("warning: no PGN files in {}", name.display());
            }
        } else {
            inputs.push(Input::file(name.clone()));
        }
    }
    errors.iter().for_each(|error| eprintln!("error: {error}"));
    Ok((inputs, errors.is_empty()))
}

/// Says that `input`, read to its end, held no game: an empty file is no error, but a
/// script that reads the wrong file, or nothing, should hear of it.
pub fn say_no_games(input: &Input) {
    eprintln!("warning: no games in {}", input.name());
}

/// Adds the files under `dir` whose names end with one of `endings` to `inputs`, sorted by name directory by directory: files
/// and directories that `.gitignore`, `.ignore` or a global git ignore file exclude are left
/// out (in a git repository or not), and so are hidden ones (`walk`).
fn walk(dir: &Path, endings: &[&str], inputs: &mut Vec<Input>, errors: &mut Vec<String>) {
    let is_pgn = |name: &str| {
        let name = name.to_ascii_lowercase();
        endings.iter().any(|end| name.ends_with(end))
    };
    let (files, unreadable) = super::walk::files(dir, is_pgn);
    inputs.extend(files.into_iter().map(Input::file));
    errors.extend(unreadable);
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
        self.open_through(|stored| stored)
    }

    /// The same, the bytes as stored read through `through` (which counts them, say) before
    /// they are buffered and decompressed; the sample, in memory, is not read through it.
    pub fn open_through<R: Read + Send + 'static>(
        &self,
        through: impl FnOnce(Stored) -> R,
    ) -> io::Result<Box<dyn BufRead + Send>> {
        let stored = match self {
            Input::Sample => return Ok(Box::new(SAMPLE.as_bytes())),
            Input::Stdin => Stored::Stdin(io::stdin()),
            // A Parquet file is read from its end: by its path, not as a stream.
            Input::File { path, .. } if Format::of_file(path)? == Format::Parquet => {
                return jaque::input::open(path);
            }
            Input::File { path, .. } => Stored::File(std::fs::File::open(path)?),
        };
        decompressed(BufReader::with_capacity(BUFFER, through(stored)))
    }
}

/// The bytes of an input as stored: a file's or standard input's, before anything is
/// decompressed.
pub enum Stored {
    /// Standard input (`-`).
    Stdin(io::Stdin),
    /// A file, opened.
    File(std::fs::File),
}

impl Read for Stored {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        match self {
            Stored::Stdin(stdin) => stdin.read(buf),
            Stored::File(file) => file.read(buf),
        }
    }
}
