//! Chapter 14's figures for stage 19, internal iterative reductions: the book's six positions
//! at depth 8 under stage 19's preset beside stage 18's, with the nodes the step reduced; and
//! what the step does when the transposition table is switched off (nothing).
//!
//! Searches of the six positions to depth 8 take seconds in release and far longer in debug,
//! so those tests are ignored by a plain `cargo test`; `cargo xtask ci` runs them in release.

mod support {
    pub mod depth8;
}

use cb2026::config::SearchConfig;
use cb2026::measure::{self, POSITIONS};
use cb2026::position::Position;
use support::depth8::{DEPTH, configurations, measure_all, table};

#[test]
#[ignore = "two searches of the six positions at depth 8: run in release by cargo xtask ci"]
fn the_six_positions_at_depth_8_under_stage_19_beside_stage_18() {
    let configurations = configurations(19);
    let rows = measure_all(&configurations);
    let nodes = table(&configurations, &rows, |stats| stats.nodes.to_string());
    insta::assert_snapshot!("stage_19_nodes_depth_8", nodes);
    let first = table(&configurations, &rows, |stats| {
        format!("{:.1}%", stats.first_move_share())
    });
    insta::assert_snapshot!("stage_19_first_move_depth_8", first);
    let reduced = table(&configurations, &rows, |stats| {
        stats.iterative_reductions.to_string()
    });
    insta::assert_snapshot!("stage_19_reduced_nodes_depth_8", reduced);
}

#[test]
#[ignore = "four searches of the six positions at depth 8: run in release by cargo xtask ci"]
fn with_the_table_switched_off_the_step_changes_no_tree() {
    // Without the table no node has a move from it, and reducing every node would only make
    // the whole search a ply shallower: the step stands aside, so with the table off, stage
    // 19's search is stage 18's, node for node.
    let mut stage_19 = SearchConfig::preset(19).unwrap();
    stage_19.set("tt", false).unwrap();
    let mut stage_18 = SearchConfig::preset(18).unwrap();
    stage_18.set("tt", false).unwrap();
    for (name, fen) in POSITIONS {
        let position = Position::from_fen(fen).unwrap();
        let with = measure::measure(&position, DEPTH, stage_19);
        let without = measure::measure(&position, DEPTH, stage_18);
        assert_eq!(with.iterative_reductions, 0, "{name}");
        assert_eq!(with, without, "{name}");
    }
}
