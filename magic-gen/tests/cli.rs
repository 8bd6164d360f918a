//! The `magic-gen` binary as users run it.

use std::process::Command;

fn magic_gen(args: &[&str], seed_variable: Option<&str>) -> std::process::Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_magic-gen"));
    command.args(args).env_remove(magic_gen::SEED_VARIABLE);
    if let Some(value) = seed_variable {
        command.env(magic_gen::SEED_VARIABLE, value);
    }
    command.output().expect("magic-gen runs")
}

fn stdout(args: &[&str]) -> String {
    let output = magic_gen(args, None);
    assert!(
        output.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).unwrap()
}

#[test]
fn rust_format_is_exactly_the_library_output() {
    let printed = stdout(&["--seed", "0x10", "--format", "rust"]);
    let tables = magic_gen::Tables::generate(16).unwrap();
    assert!(
        printed == magic_gen::emit::rust(&tables),
        "--format rust differs from emit::rust"
    );
}

#[test]
fn default_seed_and_environment_seed() {
    let default = stdout(&[]);
    assert!(
        default.contains(&format!("seed {} ", magic_gen::DEFAULT_SEED)),
        "{default}"
    );
    let from_env = magic_gen(&["--format", "json"], Some("12345"));
    assert!(String::from_utf8_lossy(&from_env.stdout).contains("\"seed\": 12345,"));
    // An explicit --seed wins over the environment.
    let both = magic_gen(&["--seed=7"], Some("12345"));
    assert!(String::from_utf8_lossy(&both.stdout).contains("seed 7 "));
}

#[test]
fn same_seed_twice_is_byte_identical_and_seeds_differ() {
    assert_eq!(stdout(&["--seed", "3"]), stdout(&["--seed", "3"]));
    assert_ne!(stdout(&["--seed", "3"]), stdout(&["--seed", "4"]));
}

#[test]
fn bad_arguments_exit_2_with_a_reason() {
    for args in [
        &["--seed", "x"][..],
        &["--format", "yaml"],
        &["--bogus"],
        &["--seed"],
        &["--budget", "soon"],
        &["--rounds", "0"],
        &["--rounds", "1", "--jobs", "0"],
        &["--steps", "5"],
        &["--rounds", "1", "--steps", "x"],
        &["--budget", "1", "--rounds", "1"],
        &["--holes", "3"],
        &["--candidates", "100"],
        &["--rounds", "1", "--candidates", "0"],
        &["--from", "dense.magics"],
        &["--from", "dense.magics", "--holes", "3", "--rounds", "1"],
    ] {
        let output = magic_gen(args, None);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(String::from_utf8_lossy(&output.stderr).contains("usage"));
    }
    let output = magic_gen(&[], Some("not-a-number"));
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("JAQUE_MAGIC_SEED"));
}

#[test]
fn rounds_print_a_magics_file_that_verifies_and_reports_its_progress() {
    // Few candidates: the search itself is tested in tests/dense.rs.
    let args = [
        "--seed",
        "9",
        "--rounds",
        "1",
        "--candidates",
        "3000",
        "--steps",
        "3",
        "--jobs",
        "2",
    ];
    let output = magic_gen(&args, None);
    assert!(output.status.success());
    let text = String::from_utf8(output.stdout).unwrap();
    let magics = magic_gen::dense::DenseMagics::parse(&text).expect("a magics file");
    let found = (magics.seed, magics.rounds, magics.candidates, magics.steps);
    assert_eq!(found, (9, 1, 3000, 3));
    let again = "magic-gen --seed 0x0000000000000009 --rounds 1 --candidates 3000 --steps 3\n";
    assert!(text.contains(again), "{text}");
    assert!(
        text.contains("# seed 9 rounds 1 candidates 3000 steps 3 "),
        "{text}"
    );
    let tables = magics.tables().unwrap();
    assert_eq!(tables.verify(), Ok(()));
    let entries = format!("table_entries {}\n", tables.table_entries());
    assert!(text.contains(&entries), "{text}");
    let progress = String::from_utf8_lossy(&output.stderr);
    assert!(progress.contains("round 1: "), "{progress}");
}

#[test]
fn from_continues_the_hole_search_of_a_magics_file() {
    let file = concat!(env!("CARGO_MANIFEST_DIR"), "/dense.magics");
    let text = stdout(&["--from", file, "--holes", "2", "--jobs", "2"]);
    let magics = magic_gen::dense::DenseMagics::parse(&text).expect("a magics file");
    let committed = magic_gen::dense::DenseMagics::parse(magic_gen::dense::COMMITTED).unwrap();
    assert_eq!(magics.holes, committed.holes.max(2));
    assert_eq!(
        (magics.seed, magics.rounds),
        (committed.seed, committed.rounds)
    );
    let tables = magics.tables().unwrap();
    assert_eq!(tables.verify(), Ok(()));
    assert!(text.contains(&format!("table_entries {}\n", tables.table_entries())));
}
