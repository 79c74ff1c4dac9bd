//! Chapter 13's figures for stage 17, late move pruning: what it does to the book's six
//! positions at depth 8, under stage 17's preset beside stage 16's; how many moves it left
//! out; the counts of quiet moves a node searches before it prunes; and, as under stage 16,
//! what the ordering tables are worth to a search that prunes by the order.
//!
//! Searches of the six positions to depth 8 take seconds in release and far longer in debug,
//! so those tests are ignored by a plain `cargo test`; `cargo xtask ci` runs them in release.

mod support {
    pub mod depth8;
}

use cb2026::search::{LMP_MAX_DEPTH, late_move_count};
use support::depth8::{configurations, measure_all, ordering_off_configurations, table};

#[test]
#[ignore = "two searches of the six positions at depth 8: run in release by cargo xtask ci"]
fn the_six_positions_at_depth_8_with_and_without_late_move_pruning() {
    let configurations = configurations(17);
    let rows = measure_all(&configurations);
    let nodes = table(&configurations, &rows, |stats| stats.nodes.to_string());
    insta::assert_snapshot!("stage_17_nodes_depth_8", nodes);
    let first = table(&configurations, &rows, |stats| {
        format!("{:.1}%", stats.first_move_share())
    });
    insta::assert_snapshot!("stage_17_first_move_depth_8", first);
    let pruned = table(&configurations, &rows, |stats| {
        stats.late_moves_pruned.to_string()
    });
    insta::assert_snapshot!("stage_17_pruned_depth_8", pruned);
}

#[test]
#[ignore = "four searches of the six positions at depth 8: run in release by cargo xtask ci"]
fn under_stage_17_each_ordering_table_switched_off_in_turn() {
    let configurations = ordering_off_configurations(17);
    let rows = measure_all(&configurations);
    let nodes = table(&configurations, &rows, |stats| stats.nodes.to_string());
    insta::assert_snapshot!("stage_17_ordering_off_nodes_depth_8", nodes);
    let first = table(&configurations, &rows, |stats| {
        format!("{:.1}%", stats.first_move_share())
    });
    insta::assert_snapshot!("stage_17_ordering_off_first_move_depth_8", first);
}

#[test]
fn the_quiet_moves_a_node_searches_before_it_prunes_by_depth() {
    let mut text = String::from("depth improving not-improving\n");
    for depth in 1..=LMP_MAX_DEPTH {
        let (improving, not) = (late_move_count(depth, true), late_move_count(depth, false));
        text.push_str(&format!("{depth} {improving} {not}\n"));
    }
    insta::assert_snapshot!("lmp_counts", text);
}
