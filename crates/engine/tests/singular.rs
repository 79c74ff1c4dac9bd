//! Section 14.1's figures for singular extensions: the book's six positions at depth 8 with
//! the switch on, beside main's search without it, and how often the singular test ran and
//! what it found.
//!
//! Searches of the six positions to depth 8 take seconds in release and far longer in debug,
//! so the test is ignored by a plain `cargo test`; `cargo xtask ci` runs it in release.

mod support {
    pub mod depth8;
}

use cb2026::stats::Stats;
use support::depth8::{measure_all, switch_configurations, table};

#[test]
#[ignore = "two searches of the six positions at depth 8: run in release by cargo xtask ci"]
fn the_six_positions_at_depth_8_with_and_without_singular_extensions() {
    let configurations = switch_configurations("singular");
    let rows = measure_all(&configurations);
    let nodes = table(&configurations, &rows, |stats| stats.nodes.to_string());
    insta::assert_snapshot!("singular_nodes_depth_8", nodes);
    let first = table(&configurations, &rows, |stats| {
        format!("{:.1}%", stats.first_move_share())
    });
    insta::assert_snapshot!("singular_first_move_depth_8", first);
    insta::assert_snapshot!("singular_counts_depth_8", counts(&rows));
}

/// What the singular test did in the search with it on (each row's second column): how often
/// it ran, how often it extended the table's move, cut the node off, or searched the table's
/// move a ply shallower, a row a position and then the total.
fn counts(rows: &[(&str, Vec<Stats>)]) -> String {
    let line = |name: &str, stats: &Stats| {
        format!(
            "{name} {} {} {} {}\n",
            stats.singular_searches,
            stats.singular_extensions,
            stats.multi_cuts,
            stats.singular_reductions
        )
    };
    let mut text = "position searches extended multi-cuts shortened\n".to_string();
    let mut total = Stats::default();
    for (name, stats) in rows {
        text.push_str(&line(name, &stats[1]));
        total.add(&stats[1]);
    }
    text.push_str(&line("total", &total));
    text
}
