//! The `jaque` command-line tool. Its interface (commands, JSON, exit codes) is fixed by the
//! project's CLI contract; see `jaque --help`.

mod cli;

fn main() -> std::process::ExitCode {
    cli::pipe::end_quietly_on_a_closed_pipe();
    cli::run()
}
