//! Helpers shared by the peer benchmarks: the ratio report read back from criterion's results.

use std::path::{Path, PathBuf};

/// The directory criterion writes its results to.
fn criterion_dir() -> PathBuf {
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("target"));
    target.join("criterion")
}

/// The median time in nanoseconds criterion measured for `group/function`.
pub fn median_ns(group: &str, function: &str) -> Option<f64> {
    let path = criterion_dir()
        .join(group)
        .join(function)
        .join("new/estimates.json");
    let text = std::fs::read_to_string(path).ok()?;
    let json: serde_json::Value = serde_json::from_str(&text).ok()?;
    json["median"]["point_estimate"].as_f64()
}

/// Prints, for each group, jaque's throughput and its ratio to each peer (> 1: jaque faster).
pub fn report(unit: &str, groups: &[(&str, u64)], peers: &[&str]) {
    println!(
        "\n{:<28} {:>14} {}",
        "group",
        format!("jaque {unit}/s"),
        peers
            .iter()
            .map(|p| format!("{:>18}", format!("x vs {p}")))
            .collect::<String>()
    );
    for &(group, work) in groups {
        let Some(ours) = median_ns(group, "jaque") else {
            continue;
        };
        let mut line = format!("{group:<28} {:>14.1}", work as f64 / ours * 1e3);
        for peer in peers {
            match median_ns(group, peer) {
                Some(theirs) => line += &format!("{:>18.2}", theirs / ours),
                None => line += &format!("{:>18}", "-"),
            }
        }
        println!("{line}");
    }
    println!("(throughput in millions per second; ratios are peer time / jaque time)");
}
