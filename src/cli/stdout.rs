//! Standard output for the commands that print record after record: each record is written
//! into a byte buffer, and the buffer goes out a chunk at a time, not a line at a time.

use std::io::{self, Write};

/// Bytes are handed to standard output in chunks of about this many.
const CHUNK: usize = 64 << 10;

pub struct StdoutBuffer {
    /// What is not written yet: whole records.
    pub buffer: Vec<u8>,
    stdout: io::StdoutLock<'static>,
    /// A progress bar on the terminal, taken off while the output is written above it.
    bar: Option<indicatif::ProgressBar>,
}

impl StdoutBuffer {
    pub fn new() -> StdoutBuffer {
        StdoutBuffer {
            buffer: Vec::with_capacity(2 * CHUNK),
            stdout: io::stdout().lock(),
            bar: None,
        }
    }

    /// The same, writing above `bar`.
    pub fn above(bar: &indicatif::ProgressBar) -> StdoutBuffer {
        StdoutBuffer {
            bar: Some(bar.clone()),
            ..StdoutBuffer::new()
        }
    }

    /// A record is complete: writes the buffer out when a chunk has filled up.
    pub fn record_done(&mut self) -> io::Result<()> {
        if self.buffer.len() >= CHUNK {
            self.flush()
        } else {
            Ok(())
        }
    }

    /// Writes `record` (whole records) out after what is waiting, or keeps it to be written
    /// with what comes next if it is short.
    pub fn write_record(&mut self, record: &[u8]) -> io::Result<()> {
        if self.buffer.is_empty() && record.len() >= CHUNK {
            let stdout = &mut self.stdout;
            return match &self.bar {
                Some(bar) if !bar.is_hidden() => bar.suspend(|| stdout.write_all(record)),
                _ => stdout.write_all(record),
            };
        }
        self.buffer.extend_from_slice(record);
        self.record_done()
    }

    /// Writes out everything waiting (before a message on standard error, and at the end).
    pub fn flush(&mut self) -> io::Result<()> {
        let (stdout, buffer) = (&mut self.stdout, &self.buffer);
        let mut write = || stdout.write_all(buffer).and_then(|()| stdout.flush());
        let written = match &self.bar {
            Some(bar) if !bar.is_hidden() => bar.suspend(write),
            _ => write(),
        };
        self.buffer.clear();
        written
    }
}
