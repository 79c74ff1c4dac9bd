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

use cb2026::stats::Stats;
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
    insta::assert_snapshot!("pvs_guesses_depth_8", guesses(&rows));
}

/// Under stage 13's preset (the second column of `rows`), a row per position and a total row:
/// the moves searched with a null window first, the share of them searched again, and the
/// root searches that fell outside their aspiration window.
fn guesses(rows: &[(&str, Vec<Stats>)]) -> String {
    let mut text = String::from("position scouts re-searched aspiration-fails\n");
    let mut total = Stats::default();
    let line = |name: &str, stats: &Stats| {
        let share = 100.0 * stats.re_searches as f64 / stats.scouts.max(1) as f64;
        format!(
            "{name} {} {share:.1}% {}\n",
            stats.scouts, stats.aspiration_fails
        )
    };
    for (name, stats) in rows {
        text.push_str(&line(name, &stats[1]));
        total.add(&stats[1]);
    }
    text.push_str(&line("total", &total));
    text
}
