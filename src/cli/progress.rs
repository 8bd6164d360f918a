//! The progress bar of `jaque check`: on standard error when it is a terminal, and only once
//! enough text has been read to be worth watching, so small inputs never flash one; a small
//! compressed file that expands to much gets one too. It counts the input files' bytes as
//! stored (compressed or not), so that its total is known and its estimate true; standard
//! input has no total and gets a spinner of the text read. Output printed while it is shown
//! goes above it.

use std::io::{self, IsTerminal, Read};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use super::input::Input;

/// The text read before the bar is shown.
const SHOWN_AFTER: u64 = 8 << 20;

pub struct Progress {
    bar: ProgressBar,
    /// Whether the bar may be shown at all (a terminal, not `--no-progress` or `-q`).
    enabled: bool,
    /// The stored size of every input, when all are files.
    total: Option<u64>,
    /// The stored bytes of the inputs before the current one.
    before: u64,
    /// The stored bytes of the current input read so far, counted by its reader.
    read: Arc<AtomicU64>,
    /// The text checked so far.
    text: u64,
}

impl Progress {
    /// A bar for `inputs`, hidden until there is something to watch; never shown unless
    /// `wanted` and standard error is a terminal.
    pub fn new(wanted: bool, inputs: &[Input]) -> Progress {
        let sizes: Option<Vec<u64>> = inputs.iter().map(Input::size).collect();
        let total = sizes.map(|sizes| sizes.iter().sum());
        let template = match total {
            Some(_) => "{spinner} {bytes}/{total_bytes} {wide_bar} {msg}, eta {eta}",
            None => "{spinner} {bytes} read {bytes_per_sec}",
        };
        let bar = ProgressBar::with_draw_target(total, ProgressDrawTarget::hidden());
        if let Ok(style) = ProgressStyle::with_template(template) {
            bar.set_style(style);
        }
        Progress {
            bar,
            enabled: wanted && io::stderr().is_terminal(),
            total,
            before: 0,
            read: Arc::default(),
            text: 0,
        }
    }

    /// The bar itself, for output to be printed above it.
    pub fn bar(&self) -> &ProgressBar {
        &self.bar
    }

    /// Opens `input` to be read with its stored bytes counted.
    pub fn open(&mut self, input: &Input) -> io::Result<Box<dyn io::BufRead + Send>> {
        self.before += self.read.swap(0, Ordering::Relaxed);
        let read = Arc::clone(&self.read);
        input.open_through(|reader| Counted { reader, read })
    }

    /// `text` more bytes of text were checked.
    pub fn advance(&mut self, text: u64) {
        self.text += text;
        if self.total.is_some() {
            self.bar
                .set_message(format!("{} checked", indicatif::HumanBytes(self.text)));
        }
        if self.enabled && self.bar.is_hidden() && self.text >= SHOWN_AFTER {
            self.bar.set_draw_target(ProgressDrawTarget::stderr());
        }
        match self.total {
            Some(_) => self
                .bar
                .set_position(self.before + self.read.load(Ordering::Relaxed)),
            None => self.bar.set_position(self.text),
        }
    }

    /// Runs `f` with the bar out of the way (a message on standard error).
    pub fn suspend<R>(&self, f: impl FnOnce() -> R) -> R {
        self.bar.suspend(f)
    }

    /// Takes the bar off the terminal.
    pub fn finish(&self) {
        self.bar.finish_and_clear();
    }
}

/// A reader of an input's stored bytes that counts them into the progress of the input being
/// read.
struct Counted<R> {
    reader: R,
    read: Arc<AtomicU64>,
}

impl<R: Read> Read for Counted<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.reader.read(buf)?;
        self.read.fetch_add(n as u64, Ordering::Relaxed);
        Ok(n)
    }
}
