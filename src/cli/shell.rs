//! `jaque completions SHELL` and `jaque man [COMMAND]`: the shell's completion script and the
//! man page, both made from the arguments' definitions, so they cannot fall behind them.

use std::io::{self, Write};

use super::Outcome;

#[derive(clap::Args)]
pub struct CompletionsArgs {
    /// The shell: bash, zsh, fish, elvish, powershell.
    shell: clap_complete::Shell,
}

#[derive(clap::Args)]
pub struct ManArgs {
    /// A command's own page (`jaque-check(1)`); none: jaque(1).
    command: Option<String>,
}

/// Prints the completion script, to be sourced or saved where the shell looks: for bash,
/// `jaque completions bash > ~/.local/share/bash-completion/completions/jaque`.
pub fn completions(args: CompletionsArgs, mut command: clap::Command) -> Outcome {
    let mut out = io::stdout().lock();
    clap_complete::generate(args.shell, &mut command, "jaque", &mut out);
    finish(out.flush())
}

/// Prints the man page in roff: `jaque man | man -l -`.
pub fn man(args: ManArgs, command: clap::Command) -> Outcome {
    let page = match &args.command {
        None => clap_mangen::Man::new(command),
        Some(name) => match command.find_subcommand(name) {
            Some(sub) => {
                let sub = sub.clone().bin_name(format!("jaque {name}"));
                let source = format!("jaque {}", env!("CARGO_PKG_VERSION"));
                clap_mangen::Man::new(sub)
                    .title(format!("jaque-{name}"))
                    .source(source)
            }
            None => {
                eprintln!("error: no command `{name}`: `jaque --help` lists them");
                return Outcome::Failed;
            }
        },
    };
    let mut out = io::stdout().lock();
    let written = page.render(&mut out);
    finish(written.and_then(|()| out.flush()))
}

fn finish(written: io::Result<()>) -> Outcome {
    match written {
        Ok(()) => Outcome::Clean,
        Err(error) => {
            eprintln!("error: cannot write: {error}");
            Outcome::Failed
        }
    }
}
