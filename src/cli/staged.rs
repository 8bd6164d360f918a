//! Files a command writes, written whole or not at all: each is written under a temporary
//! name beside its final one (a hidden file, left out when a directory is read) and renamed
//! over it once the command is done with it. An error drops the temporaries; so does an
//! interrupt (Ctrl-C, `kill`, a closed terminal), after which the process ends as the signal
//! would have ended it. Every command that writes a file goes through here.

use std::fs::File;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

/// The signals that end a command which writes files: each is caught so that its
/// temporaries can be removed, then delivered again with its default action.
#[cfg(unix)]
const ENDING: [i32; 3] = [
    signal_hook::consts::SIGINT,
    signal_hook::consts::SIGTERM,
    signal_hook::consts::SIGHUP,
];

/// The files being written, each a temporary and the path it is to be renamed to.
#[derive(Default)]
struct Pending {
    files: Vec<(PathBuf, PathBuf)>,
    /// A signal arrived: no file is created or renamed any more.
    interrupted: bool,
}

impl Pending {
    /// Removes every temporary (those already gone are no concern).
    fn remove_all(&mut self) {
        for (temporary, _) in self.files.drain(..) {
            let _ = if temporary.is_dir() {
                std::fs::remove_dir_all(temporary)
            } else {
                std::fs::remove_file(temporary)
            };
        }
    }
}

/// The output files of a run, staged until [`Staging::commit`]. Dropped without it, it
/// removes them.
pub struct Staging {
    pending: Arc<Mutex<Pending>>,
}

impl Staging {
    /// A staging area for a run, and a thread that removes its files when a signal
    /// ends the process; without that thread (it could not start), the files are still
    /// written whole, but an interrupt may leave a temporary behind.
    pub fn new() -> Staging {
        let pending = Arc::new(Mutex::new(Pending::default()));
        #[cfg(unix)]
        if let Ok(mut signals) = signal_hook::iterator::Signals::new(ENDING) {
            let on_signal = Arc::clone(&pending);
            let _ = std::thread::Builder::new()
                .name("interrupt".into())
                .spawn(move || {
                    if let Some(signal) = signals.forever().next() {
                        // The lock is held to the end: no rename can follow the removal.
                        let mut pending = lock(&on_signal);
                        pending.interrupted = true;
                        pending.remove_all();
                        let _ = signal_hook::low_level::emulate_default_handler(signal);
                        std::process::exit(128 + signal);
                    }
                });
        }
        Staging { pending }
    }

    /// Creates the temporary file that will become `path`, empty, for the caller to write.
    /// What is not a regular file (`-o /dev/null`, a named pipe) is opened and written as it
    /// is: renaming over it would replace the device or the pipe with a file. A symbolic
    /// link stays a link: the file it points to is the one replaced.
    pub fn create(&self, path: &Path) -> io::Result<File> {
        if std::fs::metadata(path).is_ok_and(|found| !found.is_file()) {
            return std::fs::OpenOptions::new().write(true).open(path);
        }
        let path = std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
        let mut pending = lock(&self.pending);
        if pending.interrupted {
            return Err(io::Error::from(io::ErrorKind::Interrupted));
        }
        let temporary = temporary_beside(&path, pending.files.len());
        let file = File::create(&temporary)?;
        pending.files.push((temporary, path));
        Ok(file)
    }

    /// Creates the temporary directory that will become `path`, empty, for the caller to
    /// fill: at the commit it replaces the directory at `path`, if any, whole (what was there
    /// is removed). A path that is something else than a directory is an error.
    pub fn create_dir(&self, path: &Path) -> io::Result<PathBuf> {
        if std::fs::metadata(path).is_ok_and(|found| !found.is_dir()) {
            let message = format!("{} exists and is not a directory", path.display());
            return Err(io::Error::new(io::ErrorKind::AlreadyExists, message));
        }
        let path = std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
        let mut pending = lock(&self.pending);
        if pending.interrupted {
            return Err(io::Error::from(io::ErrorKind::Interrupted));
        }
        let temporary = temporary_beside(&path, pending.files.len());
        std::fs::create_dir(&temporary)?;
        pending.files.push((temporary.clone(), path));
        Ok(temporary)
    }

    /// Renames every file written into place, in the order they were created; a file that
    /// replaces another keeps that one's permissions. The files must be closed or flushed.
    pub fn commit(&self) -> io::Result<()> {
        let mut pending = lock(&self.pending);
        if pending.interrupted {
            return Err(io::Error::from(io::ErrorKind::Interrupted));
        }
        let files = std::mem::take(&mut pending.files);
        for (at, (temporary, path)) in files.iter().enumerate() {
            if let Err(error) = place(temporary, path) {
                pending.files.extend(files.into_iter().skip(at));
                pending.remove_all();
                return Err(error);
            }
        }
        Ok(())
    }
}

impl Drop for Staging {
    fn drop(&mut self) {
        lock(&self.pending).remove_all();
    }
}

/// The lock, even if a thread panicked holding it: the list it guards stays valid.
fn lock(pending: &Mutex<Pending>) -> MutexGuard<'_, Pending> {
    pending.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Puts the complete file `temporary` at `path`, with the permissions of the file it
/// replaces, on disk before it is renamed so that a crash leaves the old file or the new.
fn place(temporary: &Path, path: &Path) -> io::Result<()> {
    File::open(temporary)?.sync_all()?;
    if temporary.is_dir() {
        return place_dir(temporary, path);
    }
    if let Ok(metadata) = std::fs::metadata(path) {
        std::fs::set_permissions(temporary, metadata.permissions())?;
    }
    std::fs::rename(temporary, path)
}

/// Puts the complete directory `temporary` at `path`: a directory there is first moved
/// aside, then removed. A crash between the two renames leaves the old one aside, hidden.
fn place_dir(temporary: &Path, path: &Path) -> io::Result<()> {
    if !path.exists() {
        return std::fs::rename(temporary, path);
    }
    let aside = temporary.with_extension("old");
    std::fs::rename(path, &aside)?;
    if let Err(error) = std::fs::rename(temporary, path) {
        let _ = std::fs::rename(&aside, path);
        return Err(error);
    }
    std::fs::remove_dir_all(aside)
}

/// `dir/.name.jaque.PID.N` for `dir/name`, the run's `N`th file: hidden, so that a
/// directory read is not misled by it, and the process's own.
fn temporary_beside(path: &Path, n: usize) -> PathBuf {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy())
        .unwrap_or_default();
    path.with_file_name(format!(".{name}.jaque.{}.{n}", std::process::id()))
}
