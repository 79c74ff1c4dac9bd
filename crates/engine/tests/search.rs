//! The search's statistics on the book's six positions and the bench, pinned as the snapshots
//! chapter 8 quotes, with every switch on; and the same figures under each stage preset from
//! stage 10 on, so that a later technique switched off leaves no trace. A change to the search
//! or the evaluation that moves them fails here; if it is meant, accept the new snapshots and
//! re-read the chapters' sentences around the figures.

use cb2026::config::{LAST_STAGE, SearchConfig};
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
    let first = bench_table(SearchConfig::default());
    assert_eq!(
        first,
        bench_table(SearchConfig::default()),
        "two runs of the bench differ"
    );
    insta::assert_snapshot!("bench", first);
}

/// The bench's table under `config`: each position's nodes, then the total.
fn bench_table(config: SearchConfig) -> String {
    let results = bench::run(bench::DEFAULT_DEPTH, config);
    let mut table = String::from("position nodes\n");
    for (name, stats) in &results {
        table.push_str(&format!("{name} {}\n", stats.nodes));
    }
    let total: u64 = results.iter().map(|(_, stats)| stats.nodes).sum();
    table.push_str(&format!("total {total}\n"));
    table
}

/// Every distinct stage preset from stage 10 on, each named by the first stage that has it.
/// Stages that add no switch share their predecessor's preset, and its snapshot.
fn distinct_presets() -> Vec<(u32, SearchConfig)> {
    let mut presets: Vec<(u32, SearchConfig)> = Vec::new();
    for stage in 10..=LAST_STAGE {
        let config = SearchConfig::preset(stage).expect("stages 10 to the last exist");
        if presets.iter().all(|&(_, seen)| seen != config) {
            presets.push((stage, config));
        }
    }
    presets
}

#[test]
fn every_stage_preset_searches_the_tree_pinned_for_it() {
    // Under the preset of stage N the search must visit exactly the nodes it visited when
    // stage N landed. A later technique that leaks into an earlier preset (a switch tested in
    // the wrong place, or not at all) moves that preset's figures and fails here.
    for (stage, config) in distinct_presets() {
        let figures = format!(
            "bench at depth {}\n{}\nstats at depth {STATS_DEPTH}\n{}",
            bench::DEFAULT_DEPTH,
            bench_table(config),
            measure::report(STATS_DEPTH, config)
        );
        insta::assert_snapshot!(format!("preset_stage_{stage:02}"), figures);
    }
}

#[test]
fn the_default_search_is_the_last_stages_preset() {
    let last = SearchConfig::preset(LAST_STAGE).unwrap();
    assert_eq!(SearchConfig::default(), last);
    assert_eq!(
        measure::report(3, SearchConfig::default()),
        measure::report(3, last)
    );
}
