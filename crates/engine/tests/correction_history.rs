//! Section 14.1's figures for correction history: the book's six positions at depth 8 with the
//! switch `corrhist` off and on, and with the tables by pieces (`corrpieces`) off and on, under
//! main's search.
//!
//! Searches of the six positions to depth 8 take seconds in release and far longer in debug,
//! so the tests are ignored by a plain `cargo test`; `cargo xtask ci` runs them in release.

mod support {
    pub mod depth8;
}

use support::depth8::{measure_all, switch_configurations, table};

#[test]
#[ignore = "two searches of the six positions at depth 8: run in release by cargo xtask ci"]
fn the_six_positions_at_depth_8_with_and_without_correction_history() {
    let configurations = switch_configurations("corrhist");
    let rows = measure_all(&configurations);
    let nodes = table(&configurations, &rows, |stats| stats.nodes.to_string());
    insta::assert_snapshot!("corrhist_nodes_depth_8", nodes);
}

#[test]
#[ignore = "two searches of the six positions at depth 8: run in release by cargo xtask ci"]
fn the_six_positions_at_depth_8_with_and_without_the_tables_by_pieces() {
    let configurations = switch_configurations("corrpieces");
    let rows = measure_all(&configurations);
    let nodes = table(&configurations, &rows, |stats| stats.nodes.to_string());
    insta::assert_snapshot!("corrpieces_nodes_depth_8", nodes);
}
