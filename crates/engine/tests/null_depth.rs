//! Section 14.1's figures for a null-move reduction that grows with the depth: the book's six
//! positions at depth 8 with the switch off and on, under main's search, and how often the
//! null move was tried and how often it cut the node off.
//!
//! Searches of the six positions to depth 8 take seconds in release and far longer in debug,
//! so the test is ignored by a plain `cargo test`; `cargo xtask ci` runs it in release.

mod support {
    pub mod depth8;
}

use support::depth8::{measure_all, null_move_cell, switch_configurations, table};

#[test]
#[ignore = "two searches of the six positions at depth 8: run in release by cargo xtask ci"]
fn the_six_positions_at_depth_8_with_and_without_a_null_move_reduction_grown_by_depth() {
    let configurations = switch_configurations("nulldepth");
    let rows = measure_all(&configurations);
    let nodes = table(&configurations, &rows, |stats| stats.nodes.to_string());
    insta::assert_snapshot!("nulldepth_nodes_depth_8", nodes);
    let tries = table(&configurations, &rows, null_move_cell);
    insta::assert_snapshot!("nulldepth_tries_depth_8", tries);
}
