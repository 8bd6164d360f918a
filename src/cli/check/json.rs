//! The last line of `jaque check --json`, the summary (each game's object is
//! [`jaque::json::game`]'s).

use jaque::json::Object;

use super::Totals;

/// The last line of `--json` output, in the contract's words (`moves` counts the plies of
/// the main lines).
pub fn summary(out: &mut Vec<u8>, totals: &Totals) {
    let mut object = Object::open(out);
    let mut summary = Object::open(object.key("summary"));
    summary.field("files", totals.files);
    summary.field("games", totals.games);
    summary.field("moves", totals.plies);
    summary.field("errors", totals.errors);
    summary.field("warnings", totals.warnings);
    summary.close();
    object.close();
    out.push(b'\n');
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn the_summary_is_written_as_serde_json_writes_it() {
        let totals = Totals {
            files: 2,
            games: 78848,
            plies: 1 << 40,
            errors: 0,
            warnings: 18952,
            ..Totals::default()
        };
        let mut ours = Vec::new();
        summary(&mut ours, &totals);
        let expected = json!({"summary": {
            "files": 2, "games": 78848, "moves": 1u64 << 40, "errors": 0, "warnings": 18952,
        }});
        assert_eq!(String::from_utf8(ours).ok(), Some(format!("{expected}\n")));
    }
}
