//! Chapter 10's figures: what move ordering saves on the book's six positions at depth 8,
//! under stage 12's preset and with each of its three switches (killers, history, countermove)
//! off in turn, beside stage 11's search, which had none of them.
//!
//! Each search starts from empty tables (hash, killers, countermoves, history), as every
//! measurement does, so the figures depend on nothing run before. Four searches of the six
//! positions to depth 8 and one of stage 11's take a minute in release and far longer in
//! debug, so the test is ignored by a plain `cargo test`; `cargo xtask ci` runs it in release.

use cb2026::config::SearchConfig;
use cb2026::measure::{self, POSITIONS};
use cb2026::position::Position;
use cb2026::stats::Stats;

/// The depth chapters 10 to 14 measure the six positions at.
const DEPTH: u32 = 8;

/// The searches compared, each with its column's name: stage 11's, stage 12's, and stage 12's
/// with one switch off.
fn configurations() -> Vec<(&'static str, SearchConfig)> {
    let stage_12 = SearchConfig::preset(12).unwrap();
    let without = |name: &str| {
        let mut config = stage_12;
        config.set(name, false).unwrap();
        config
    };
    vec![
        ("stage-11", SearchConfig::preset(11).unwrap()),
        ("stage-12", stage_12),
        ("no-killers", without("killers")),
        ("no-history", without("history")),
        ("no-countermove", without("countermove")),
    ]
}

/// A table with a column per configuration and a row per position, then a total row:
/// `cell` of each position's stats, and `total` of the column's stats summed.
fn table(names: &[&str], rows: &[(&str, Vec<Stats>)], cell: impl Fn(&Stats) -> String) -> String {
    let mut text = format!("position {}\n", names.join(" "));
    let mut sums = vec![Stats::default(); names.len()];
    for (position, stats) in rows {
        let cells: Vec<String> = stats.iter().map(&cell).collect();
        text.push_str(&format!("{position} {}\n", cells.join(" ")));
        for (sum, stats) in sums.iter_mut().zip(stats) {
            sum.nodes += stats.nodes;
            sum.cutoffs += stats.cutoffs;
            sum.first_move_cutoffs += stats.first_move_cutoffs;
        }
    }
    let cells: Vec<String> = sums.iter().map(&cell).collect();
    text.push_str(&format!("total {}\n", cells.join(" ")));
    text
}

#[test]
#[ignore = "five searches of the six positions at depth 8: run in release by cargo xtask ci"]
fn the_six_positions_at_depth_8_with_each_ordering_switch_off_in_turn() {
    let configurations = configurations();
    let names: Vec<&str> = configurations.iter().map(|&(name, _)| name).collect();
    let rows: Vec<(&str, Vec<Stats>)> = POSITIONS
        .iter()
        .map(|&(name, fen)| {
            let position = Position::from_fen(fen).unwrap();
            let stats = configurations
                .iter()
                .map(|&(_, config)| measure::measure(&position, DEPTH, config))
                .collect();
            (name, stats)
        })
        .collect();
    let nodes = table(&names, &rows, |stats| stats.nodes.to_string());
    insta::assert_snapshot!("ordering_nodes_depth_8", nodes);
    let first = table(&names, &rows, |stats| {
        format!("{:.1}%", stats.first_move_share())
    });
    insta::assert_snapshot!("ordering_first_move_depth_8", first);
    let stage_12 = SearchConfig::preset(12).unwrap();
    insta::assert_snapshot!("ordering_depth_8", measure::report(DEPTH, stage_12));
}
