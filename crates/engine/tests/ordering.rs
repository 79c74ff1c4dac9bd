//! Chapter 10's figures: what move ordering saves on the book's six positions at depth 8,
//! under stage 12's preset and with each of its three switches (killers, history, countermove)
//! off in turn, beside stage 11's search, which had none of them.
//!
//! Five searches of the six positions to depth 8 take a minute in release and far longer in
//! debug, so the test is ignored by a plain `cargo test`; `cargo xtask ci` runs it in release.

mod support {
    pub mod depth8;
}

use cb2026::config::SearchConfig;
use cb2026::measure;
use support::depth8::{DEPTH, configurations, measure_all, table};

#[test]
#[ignore = "five searches of the six positions at depth 8: run in release by cargo xtask ci"]
fn the_six_positions_at_depth_8_with_each_ordering_switch_off_in_turn() {
    let configurations = configurations(12);
    let rows = measure_all(&configurations);
    let nodes = table(&configurations, &rows, |stats| stats.nodes.to_string());
    insta::assert_snapshot!("ordering_nodes_depth_8", nodes);
    let first = table(&configurations, &rows, |stats| {
        format!("{:.1}%", stats.first_move_share())
    });
    insta::assert_snapshot!("ordering_first_move_depth_8", first);
    let stage_12 = SearchConfig::preset(12).unwrap();
    insta::assert_snapshot!("ordering_depth_8", measure::report(DEPTH, stage_12));
}
