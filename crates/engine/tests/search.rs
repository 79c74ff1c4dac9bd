//! The search's statistics on the book's six positions and the bench, pinned as the snapshots
//! chapter 8 quotes, under the preset of stage 10, the search that chapter describes; and the
//! same figures under each stage preset from stage 10 on, so that a later technique switched
//! off leaves no trace. A change to the search or the evaluation that moves them fails here;
//! if it is meant, accept the new snapshots and re-read the chapters' sentences around the
//! figures.

use cb2026::config::{LAST_STAGE, SearchConfig};
use cb2026::{bench, measure};

/// The depth the chapter measures the six positions at: the whole table in a few seconds.
const STATS_DEPTH: u32 = 5;

/// The search chapter 8 describes: stage 10's, before any switch.
fn stage_10() -> SearchConfig {
    SearchConfig::preset(10).expect("stage 10 exists")
}

#[test]
fn stats_of_the_six_positions() {
    insta::assert_snapshot!("stats", measure::report(STATS_DEPTH, stage_10()));
}

#[test]
fn stats_of_a_single_pass_without_iterative_deepening() {
    insta::assert_snapshot!(
        "stats_one_pass",
        measure::table(STATS_DEPTH, |position, depth| {
            measure::measure_one_pass(position, depth, stage_10())
        })
    );
}

#[test]
fn the_bench_is_deterministic() {
    let first = bench_table(stage_10());
    assert_eq!(
        first,
        bench_table(stage_10()),
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
    // Each preset pins the bench at its default depth and the six positions at the chapters'
    // depth, as two tables.
    for (stage, config) in distinct_presets() {
        let bench = bench_table(config);
        insta::assert_snapshot!(format!("preset_stage_{stage:02}_bench"), bench);
        let stats = measure::report(STATS_DEPTH, config);
        insta::assert_snapshot!(format!("preset_stage_{stage:02}_stats"), stats);
    }
}

#[test]
fn the_default_search_is_the_last_stages_preset_with_the_sections_switches_that_passed() {
    // Main is stage 20 and the techniques of the sections after it whose games showed them
    // to help. Switching another one on by default is a change of its own, made here too.
    let passed = ["singular", "qtt", "corrhist", "corrpieces"];
    let mut expected = SearchConfig::preset(LAST_STAGE).unwrap();
    for name in passed {
        expected.set(name, true).unwrap();
    }
    assert_eq!(SearchConfig::default(), expected);
    // Main's bench, the `Bench:` trailer of its commits, pinned as the presets' are.
    insta::assert_snapshot!("main_bench", bench_table(SearchConfig::default()));
}

/// The clock of chapter 8's worked budget: a minute left, for White.
const WORKED_TIME_MS: u64 = 60_000;

/// The increment of chapter 8's worked budget, 600 ms a move.
const WORKED_INCREMENT_MS: u64 = 600;

/// The limits of chapter 8's worked budget: [`WORKED_TIME_MS`] and [`WORKED_INCREMENT_MS`],
/// no `movestogo`.
fn worked_limits() -> cb2026::limits::Limits {
    cb2026::limits::Limits {
        white_time: Some(WORKED_TIME_MS),
        white_increment: Some(WORKED_INCREMENT_MS),
        ..cb2026::limits::Limits::default()
    }
}

#[test]
fn the_time_managers_constants_and_a_worked_budget() {
    use cb2026::time::*;
    let constants = [
        ("MOVE_OVERHEAD_MS", MOVE_OVERHEAD_MS),
        ("DEFAULT_MOVES_TO_GO", DEFAULT_MOVES_TO_GO),
        ("INCREMENT_PERCENT", INCREMENT_PERCENT),
        ("SOFT_PERCENT", SOFT_PERCENT),
        ("HARD_FACTOR", HARD_FACTOR),
        ("MAX_SHARE_PERCENT", MAX_SHARE_PERCENT),
    ];
    let mut table = String::from("constant value\n");
    for (name, value) in constants {
        table.push_str(&format!("{name} {value}\n"));
    }
    insta::assert_snapshot!("time_constants", table);

    // A minute and 600 ms a move, no movestogo: the chapter follows the budget step by step.
    let (time, increment) = (WORKED_TIME_MS, WORKED_INCREMENT_MS);
    let budget = budget(&worked_limits(), cb2026::Color::White).expect("a clock gives a budget");
    let usable = time - MOVE_OVERHEAD_MS;
    let plan = usable / DEFAULT_MOVES_TO_GO + increment * INCREMENT_PERCENT / 100;
    let (soft, hard) = (budget.soft.as_millis(), budget.hard.as_millis());
    assert_eq!(
        hard,
        u128::from((plan * HARD_FACTOR).min(usable * MAX_SHARE_PERCENT / 100))
    );
    assert_eq!(soft, u128::from(plan * SOFT_PERCENT / 100));
    let example = format!(
        "step milliseconds\ntime-left {time}\nincrement {increment}\nusable {usable}\nplan {plan}\nsoft {soft}\nhard {hard}\n"
    );
    insta::assert_snapshot!("time_example", example);
}

/// The position section 8.1 follows depth by depth, one of the book's six.
const STABILITY_POSITION: &str = "wac001";

/// The depth section 8.1 follows it to: deep enough for the best move to change and settle.
const STABILITY_DEPTH: u32 = 14;

#[test]
fn the_stability_switchs_percents() {
    use cb2026::time::{SCORE_DROP_MAX_PERCENT, STABILITY_PERCENT};
    let mut table = String::from("quantity value\n");
    for (held, percent) in STABILITY_PERCENT.iter().enumerate() {
        table.push_str(&format!("held_{held} {percent}\n"));
    }
    table.push_str(&format!(
        "SCORE_DROP_MAX_PERCENT {SCORE_DROP_MAX_PERCENT}\n"
    ));
    insta::assert_snapshot!("stability_constants", table);
}

#[test]
#[ignore = "a search to depth 14: run in release by cargo xtask ci"]
fn what_the_stability_switch_makes_of_each_depth_of_a_real_search() {
    // Main's search of one of the book's positions, depth by depth, as `go depth` runs it,
    // and the soft limit the switch would hold the next depth to after each: in per cent,
    // and in milliseconds of chapter 8's worked budget. Without the switch it stays 100%.
    use cb2026::time::{Stability, budget};
    let (_, fen) = measure::POSITIONS
        .iter()
        .find(|(name, _)| *name == STABILITY_POSITION)
        .expect("one of the six");
    let position = cb2026::Position::from_fen(fen).unwrap();
    let outcomes = measure::depth_outcomes(&position, STABILITY_DEPTH, SearchConfig::default());
    assert_eq!(
        outcomes.len(),
        STABILITY_DEPTH as usize,
        "one report a depth"
    );
    let soft = budget(&worked_limits(), cb2026::Color::White)
        .expect("a clock gives a budget")
        .soft;
    let mut stability = Stability::default();
    let mut table = String::from("depth best score percent soft-ms\n");
    for outcome in &outcomes {
        let best = outcome.best.expect("the position has moves");
        let percent = stability.after_depth(outcome.best, outcome.score);
        let millis = (soft * percent / 100).as_millis();
        let depth = outcome.depth;
        // `cp 133` as 133, and `mate 2` as #2, a cell each.
        let uci = cb2026::uci::uci_score(outcome.score);
        let score = uci
            .strip_prefix("cp ")
            .map_or(uci.replace("mate ", "#"), str::to_string);
        table.push_str(&format!("{depth} {best} {score} {percent}% {millis}\n"));
    }
    insta::assert_snapshot!("stability_example", table);
}
