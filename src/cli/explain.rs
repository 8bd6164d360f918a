//! `jaque explain CODE` (rustc's `--explain`, ruff's `rule`) and `jaque rules`: what the
//! diagnostic codes mean, from the code table and its pages (`docs/codes/`).

use jaque::{Code, Family};

use super::Outcome;
use super::color::ColorChoice;

#[derive(clap::Args)]
pub struct ExplainArgs {
    /// The code: `illegal_move`, or with dashes, `illegal-move`.
    #[arg(value_parser = super::lints::CodeName::ONE, hide_possible_values = true)]
    code: String,
}

#[derive(clap::Args)]
pub struct RulesArgs {
    /// One JSON object a code: `{"code", "severity", "family", "summary"}`.
    #[arg(long, conflicts_with = "markdown")]
    json: bool,
    /// The index of the codes' pages, `docs/codes/README.md`, in Markdown.
    #[arg(long)]
    markdown: bool,
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

/// Lists every code with its default level, family and meaning, as a table, JSON Lines or
/// the Markdown index of the pages.
pub fn rules(args: RulesArgs) -> Outcome {
    if args.markdown {
        print!("{}", Code::markdown_index());
        return Outcome::Clean;
    }
    if args.json {
        for code in Code::ALL {
            let row = serde_json::json!({
                "code": code.as_str(),
                "severity": code.severity().as_str(),
                "family": code.family().as_str(),
                "summary": code.summary(),
            });
            println!("{row}");
        }
        return Outcome::Clean;
    }
    let width = Code::ALL.iter().map(|c| c.as_str().len()).max();
    let width = width.unwrap_or(0);
    let family_width = Family::ALL.iter().map(|f| f.as_str().len()).max();
    let family_width = family_width.unwrap_or(0);
    println!(
        "{:width$}  {:7}  {:family_width$}  meaning",
        "code", "level", "family"
    );
    for code in Code::ALL {
        let (level, family) = (code.severity().as_str(), code.family().as_str());
        let name = code.as_str();
        println!(
            "{name:width$}  {level:7}  {family:family_width$}  {}",
            code.summary()
        );
    }
    println!("\n`jaque explain CODE` says more; warnings can be allowed with `-A CODE`.");
    Outcome::Clean
}
