//! The search's statistics on the book's six positions and the bench, pinned as the snapshots
//! chapter 8 quotes. A change to the search or the evaluation that moves them fails here; if
//! it is meant, accept the new snapshots and re-read the chapter's sentences around the
//! figures.

use cb2026::config::SearchConfig;
use cb2026::{bench, measure};

/// The depth the chapter measures the six positions at: the whole table in a few seconds.
const STATS_DEPTH: u32 = 5;

#[test]
fn stats_of_the_six_positions() {
    insta::assert_snapshot!(
        "stats",
        measure::report(STATS_DEPTH, SearchConfig::default())
    );
}

#[test]
fn stats_of_a_single_pass_without_iterative_deepening() {
    insta::assert_snapshot!(
        "stats_one_pass",
        measure::table(STATS_DEPTH, |position, depth| {
            measure::measure_one_pass(position, depth, SearchConfig::default())
        })
    );
}

#[test]
fn the_bench_is_deterministic() {
    let table = || {
        let mut table = String::from("position nodes\n");
        let results = bench::run(bench::DEFAULT_DEPTH, SearchConfig::default());
        for (name, stats) in &results {
            table.push_str(&format!("{name} {}\n", stats.nodes));
        }
        let total: u64 = results.iter().map(|(_, stats)| stats.nodes).sum();
        table.push_str(&format!("total {total}\n"));
        table
    };
    let first = table();
    assert_eq!(first, table(), "two runs of the bench differ");
    insta::assert_snapshot!("bench", first);
}
