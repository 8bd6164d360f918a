//! Colour through the real binary: `--color`, and the environment's conventions on a
//! pseudo-terminal (util-linux `script`) and on a pipe.

use std::process::{Command, Stdio};

const JAQUE: &str = env!("CARGO_BIN_EXE_jaque");
const ESCAPE: &str = "\x1b[";

fn games() -> String {
    concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/pgn/fix_input.de.pgn"
    )
    .to_string()
}

/// `jaque check` of a file with diagnostics, `args` after it, in `env`, standard output a
/// pipe: what it printed.
fn piped(args: &[&str], env: &[(&str, &str)]) -> String {
    let out = Command::new(JAQUE)
        .arg("check")
        .arg(games())
        .args(args)
        .env_remove("NO_COLOR")
        .env_remove("CLICOLOR_FORCE")
        .envs(env.iter().copied())
        .stdin(Stdio::null())
        .output()
        .expect("jaque runs");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// The same on a pseudo-terminal, `env` a shell's assignments before the command.
fn on_a_terminal(args: &str, env: &str) -> String {
    let command = format!(
        "env -u NO_COLOR -u CLICOLOR_FORCE {env} {JAQUE} check {} {args}",
        games()
    );
    script(&command)
}

/// What a shell `command` prints on `script`'s pseudo-terminal.
fn script(command: &str) -> String {
    let out = Command::new("script")
        .args(["-qec", command, "/dev/null"])
        .stdin(Stdio::null())
        .output()
        .expect("util-linux `script` runs (it gives the command a pseudo-terminal)");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn color_follows_the_flag_first() {
    assert!(piped(&["--color", "always"], &[]).contains(ESCAPE));
    assert!(piped(&["--color", "always"], &[("NO_COLOR", "1")]).contains(ESCAPE));
    let never = on_a_terminal("--color never", "");
    assert!(
        never.contains("error[") && !never.contains(ESCAPE),
        "{never}"
    );
}

#[test]
fn on_a_pipe_color_only_when_forced() {
    let plain = piped(&[], &[]);
    assert!(
        plain.contains("error[") && !plain.contains(ESCAPE),
        "{plain}"
    );
    assert!(piped(&[], &[("CLICOLOR_FORCE", "1")]).contains(ESCAPE));
    assert!(!piped(&[], &[("CLICOLOR_FORCE", "0")]).contains(ESCAPE));
}

#[test]
fn on_a_terminal_color_unless_the_environment_says_no() {
    assert!(on_a_terminal("", "").contains(ESCAPE));
    // An empty NO_COLOR is as if it were not set (no-color.org).
    assert!(on_a_terminal("", "NO_COLOR=").contains(ESCAPE));
    let no_color = on_a_terminal("", "NO_COLOR=1");
    assert!(
        no_color.contains("error[") && !no_color.contains(ESCAPE),
        "{no_color}"
    );
    let dumb = on_a_terminal("", "TERM=dumb");
    assert!(dumb.contains("error[") && !dumb.contains(ESCAPE), "{dumb}");
}

#[test]
fn a_diff_is_coloured_as_git_colours_it_on_a_terminal() {
    let file = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/pgn/fix_input.pgn");
    for command in ["fix", "fmt"] {
        let diff = |color: &str| {
            script(&format!(
                "env -u NO_COLOR {JAQUE} {command} --diff --color {color} {file}"
            ))
        };
        let coloured = diff("auto");
        assert!(
            coloured.contains("\x1b[31m-") && coloured.contains("\x1b[32m+"),
            "{command}"
        );
        assert!(coloured.contains("\x1b[36m@@"), "{command}");
        let plain = diff("never");
        assert!(
            plain.contains("\n-") && !plain.contains(ESCAPE),
            "{command}: {plain}"
        );
    }
}
