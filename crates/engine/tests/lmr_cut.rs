//! Section 14.1's figures for deeper reductions at cut nodes: the book's six positions at depth
//! 8 with the switch off and on, under main's search, and how many moves were reduced and what
//! share of those were searched again at full depth.
//!
//! Searches of the six positions to depth 8 take seconds in release and far longer in debug,
//! so the test is ignored by a plain `cargo test`; `cargo xtask ci` runs it in release.

mod support {
    pub mod depth8;
}

use support::depth8::{measure_all, reduced_cell, switch_configurations, table};

#[test]
#[ignore = "two searches of the six positions at depth 8: run in release by cargo xtask ci"]
fn the_six_positions_at_depth_8_with_and_without_deeper_reductions_at_cut_nodes() {
    let configurations = switch_configurations("lmrcut");
    let rows = measure_all(&configurations);
    let nodes = table(&configurations, &rows, |stats| stats.nodes.to_string());
    insta::assert_snapshot!("lmrcut_nodes_depth_8", nodes);
    let reduced = table(&configurations, &rows, reduced_cell);
    insta::assert_snapshot!("lmrcut_reduced_depth_8", reduced);
}
