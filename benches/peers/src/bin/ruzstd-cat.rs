//! Decompresses a `.zst` file with ruzstd, the pure-Rust decoder `jaque check` read `.zst`
//! input with before it moved to libzstd (the `zstd` crate): frames read one after another,
//! 64 KiB buffers, the text thrown away. Kept to show, next to `zstd -dc FILE > /dev/null`,
//! what the move was worth. Prints the bytes decompressed:
//!
//!     ruzstd-cat FILE.zst

use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};
use std::process::ExitCode;

use ruzstd::decoding::{FrameDecoder, StreamingDecoder};

const BUFFER: usize = 1 << 16;

fn main() -> ExitCode {
    jaque_peers::count_file("ruzstd-cat", "FILE.zst", decompress)
}

fn decompress(path: &str) -> io::Result<u64> {
    let file = BufReader::with_capacity(BUFFER, File::open(path)?);
    let mut text = BufReader::with_capacity(BUFFER, Frames::new(file)?);
    io::copy(&mut text, &mut io::sink())
}

fn zstd_error(error: impl std::fmt::Display) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidData, format!("zstd: {error}"))
}

/// The frames of a zstd stream, one after another.
struct Frames<R: BufRead> {
    inner: Option<StreamingDecoder<R, FrameDecoder>>,
}

impl<R: BufRead> Frames<R> {
    fn new(source: R) -> io::Result<Frames<R>> {
        let inner = StreamingDecoder::new(source).map_err(zstd_error)?;
        Ok(Frames { inner: Some(inner) })
    }
}

impl<R: BufRead> Read for Frames<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        loop {
            let Some(inner) = self.inner.as_mut() else {
                return Ok(0);
            };
            let n = inner.read(buf)?;
            if n > 0 || buf.is_empty() {
                return Ok(n);
            }
            // The frame is over: another may follow.
            if inner.get_mut().fill_buf()?.is_empty() {
                self.inner = None;
                return Ok(0);
            }
            let Some(done) = self.inner.take() else {
                return Ok(0);
            };
            let (source, decoder) = done.into_parts();
            let next = StreamingDecoder::new_with_decoder(source, decoder).map_err(zstd_error)?;
            self.inner = Some(next);
        }
    }
}
