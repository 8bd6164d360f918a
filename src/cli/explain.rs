//! `jaque explain CODE` (rustc's `--explain`, ruff's `rule`) and `jaque rules`: what the
//! diagnostic codes mean, from the code table and its pages (`docs/codes/`).

use jaque::{Code, Severity};

use super::Outcome;
use super::color::ColorChoice;

#[derive(clap::Args)]
pub struct ExplainArgs {
    /// The code: `illegal_move`, or with dashes, `illegal-move`.
    code: String,
}

#[derive(clap::Args)]
pub struct RulesArgs {
    /// One JSON object a code: `{"code", "severity", "summary"}`.
    #[arg(long)]
    json: bool,
}

/// Prints the code's page; an unknown code is a bad argument, with the nearest code named.
pub fn explain(args: ExplainArgs, color: ColorChoice) -> Outcome {
    let Ok(code) = args.code.parse::<Code>() else {
        let hint = match Code::nearest(&args.code) {
            Some(code) => format!("did you mean `{code}`?"),
            None => "`jaque rules` lists them".to_string(),
        };
        eprintln!("error: unknown diagnostic code `{}`: {hint}", args.code);
        return Outcome::Failed;
    };
    let bold = color.stdout();
    for line in code.explanation().lines() {
        match line.starts_with('#') {
            true if bold => println!("\x1b[1m{line}\x1b[0m"),
            _ => println!("{line}"),
        }
    }
    Outcome::Clean
}

/// Lists every code with its default level and meaning, as a table or JSON Lines.
pub fn rules(args: RulesArgs) -> Outcome {
    if args.json {
        for code in Code::ALL {
            let row = serde_json::json!({
                "code": code.as_str(),
                "severity": code.severity().as_str(),
                "summary": code.summary(),
            });
            println!("{row}");
        }
        return Outcome::Clean;
    }
    let width = Code::ALL
        .iter()
        .map(|c| c.as_str().len())
        .max()
        .unwrap_or(0);
    println!("{:width$}  {:7}  meaning", "code", "level");
    for code in Code::ALL {
        let level = match code.severity() {
            Severity::Error => "error",
            Severity::Warning => "warning",
        };
        println!("{:width$}  {level:7}  {}", code.as_str(), code.summary());
    }
    println!("\n`jaque explain CODE` says more; warnings can be allowed with `-A CODE`.");
    Outcome::Clean
}
