//! Chapter 11's figures: what principal variation search and aspiration windows save on the
//! book's six positions at depth 8, under stage 13's preset and with each of its two switches
//! (pvs, aspiration) off in turn, beside stage 12's search, which had neither; and how often
//! their guesses failed: the null-window searches made again with the full window, and the
//! aspiration windows the root fell outside.
//!
//! Four searches of the six positions to depth 8 take half a minute in release and far longer
//! in debug, so the test is ignored by a plain `cargo test`; `cargo xtask ci` runs it in release.

mod support {
    pub mod depth8;
}

use support::depth8::{configurations, measure_all, table};

#[test]
#[ignore = "four searches of the six positions at depth 8: run in release by cargo xtask ci"]
fn the_six_positions_at_depth_8_with_each_window_switch_off_in_turn() {
    let configurations = configurations(13);
    let rows = measure_all(&configurations);
    let nodes = table(&configurations, &rows, |stats| stats.nodes.to_string());
    insta::assert_snapshot!("pvs_nodes_depth_8", nodes);
    let first = table(&configurations, &rows, |stats| {
        format!("{:.1}%", stats.first_move_share())
    });
    insta::assert_snapshot!("pvs_first_move_depth_8", first);
    let guesses = table(&configurations, &rows, |stats| {
        let share = 100.0 * stats.re_searches as f64 / stats.scouts.max(1) as f64;
        format!("{}/{share:.1}%/{}", stats.scouts, stats.aspiration_fails)
    });
    insta::assert_snapshot!("pvs_guesses_depth_8", guesses);
}
