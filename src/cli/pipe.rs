//! A closed pipe ends a command as it ends `cat` or `grep`: quietly, killed by SIGPIPE
//! (status 141 in a shell), so that `jaque fmt big.pgn | head` neither panics nor blames
//! the input. Rust's runtime ignores SIGPIPE, which turns a write to a closed pipe into an
//! error: a panic in `println!`, or a message about whatever was being read. Stable Rust has
//! no safe way to choose the default action (`-Zon-broken-pipe` is unstable).

/// Gives SIGPIPE its default action back. Called first thing in `main`.
pub fn end_quietly_on_a_closed_pipe() {
    #[cfg(unix)]
    // SAFETY: signal(2) with SIG_DFL installs no handler (no code of ours runs in a signal
    // context); it is called before any other thread exists, and only the disposition of
    // SIGPIPE changes.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}
