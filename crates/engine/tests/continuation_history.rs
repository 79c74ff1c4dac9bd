//! Section 10.1's figures for continuation history: the book's six positions at depth 8 with
//! it switched on, beside stage 20's search without it (main's when the section landed), with
//! it used only from depth 2 (`conthist2`), and with the history table switched off under each.
//!
//! Searches of the six positions to depth 8 take seconds in release and far longer in debug,
//! so the test is ignored by a plain `cargo test`; `cargo xtask ci` runs it in release.

mod support {
    pub mod depth8;
}

use cb2026::config::{LAST_STAGE, SearchConfig};
use support::depth8::{measure_all, table};

/// Stage 20's search with continuation history and the history table each on or off, and
/// continuation history from depth 2, named as the section's table names its columns. Stage
/// 20's, not main's: main has since switched on section 14.1's singular extensions and table
/// in quiescence, which would move these figures for reasons of their own.
fn configurations() -> Vec<(String, SearchConfig)> {
    let with = |conthist: bool, history: bool| {
        let mut config = SearchConfig::preset(LAST_STAGE).unwrap();
        config.set("conthist", conthist).unwrap();
        config.set("history", history).unwrap();
        config
    };
    let mut from_depth_2 = with(true, true);
    from_depth_2.set("conthist2", true).unwrap();
    vec![
        ("conthist-off".to_string(), with(false, true)),
        ("conthist-on".to_string(), with(true, true)),
        ("conthist-from-2".to_string(), from_depth_2),
        ("conthist-only".to_string(), with(true, false)),
        ("both-off".to_string(), with(false, false)),
    ]
}

#[test]
#[ignore = "five searches of the six positions at depth 8: run in release by cargo xtask ci"]
fn the_six_positions_at_depth_8_with_and_without_continuation_history_and_history() {
    let configurations = configurations();
    let rows = measure_all(&configurations);
    let nodes = table(&configurations, &rows, |stats| stats.nodes.to_string());
    insta::assert_snapshot!("conthist_nodes_depth_8", nodes);
    let first = table(&configurations, &rows, |stats| {
        format!("{:.1}%", stats.first_move_share())
    });
    insta::assert_snapshot!("conthist_first_move_depth_8", first);
}
