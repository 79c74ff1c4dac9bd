//! The measurement chapters 10 to 14 make of their stage: the book's six positions searched to
//! depth 8 under the stage's preset, beside the stage before's, and with each of the stage's
//! own switches off in turn, each from empty tables (hash, killers, countermoves, history), as
//! every measurement starts, so the figures depend on nothing run before.
#![allow(dead_code)]

use cb2026::config::{Introduced, SWITCHES, SearchConfig};
use cb2026::measure::{self, POSITIONS};
use cb2026::position::Position;
use cb2026::stats::Stats;

/// The depth chapters 10 to 14 measure the six positions at.
pub const DEPTH: u32 = 8;

/// The searches compared for `stage`, each with its column's name: the stage before's preset,
/// the stage's, then the stage's with one of its own switches off, in the order they were
/// introduced (`no-killers`, …). A stage with a single switch gets no such column: without
/// its one switch it is the stage before.
pub fn configurations(stage: u32) -> Vec<(String, SearchConfig)> {
    let preset = SearchConfig::preset(stage).unwrap();
    let before = SearchConfig::preset(stage - 1).unwrap();
    let mut columns = vec![
        (format!("stage-{}", stage - 1), before),
        (format!("stage-{stage}"), preset),
    ];
    let own: Vec<_> = SWITCHES
        .iter()
        .filter(|switch| switch.introduced == Introduced::Stage(stage))
        .collect();
    if own.len() < 2 {
        return columns;
    }
    for switch in own {
        let mut config = preset;
        config.set(switch.name, false).unwrap();
        columns.push((format!("no-{}", switch.name), config));
    }
    columns
}

/// The searches that measure what chapter 10's ordering tables are worth to `stage`'s
/// search: its preset, then the preset with the killers, the history and the countermove
/// each switched off in turn (`no-killers`, …).
pub fn ordering_off_configurations(stage: u32) -> Vec<(String, SearchConfig)> {
    let preset = SearchConfig::preset(stage).unwrap();
    let mut configurations = vec![(format!("stage-{stage}"), preset)];
    for name in ["killers", "history", "countermove"] {
        let mut config = preset;
        config.set(name, false).unwrap();
        configurations.push((format!("no-{name}"), config));
    }
    configurations
}

/// Main's search with the switch `name` off and then on, the columns named `NAME-off` and
/// `NAME-on`: what section 14.1 measures of each of its techniques.
pub fn switch_configurations(name: &str) -> Vec<(String, SearchConfig)> {
    [false, true]
        .into_iter()
        .map(|on| {
            let mut config = SearchConfig::default();
            config.set(name, on).unwrap();
            let state = if on { "on" } else { "off" };
            (format!("{name}-{state}"), config)
        })
        .collect()
}

/// What each of `configurations` counts on each of the six positions: a row per position,
/// with its name, holding a column per configuration.
pub fn measure_all(configurations: &[(String, SearchConfig)]) -> Vec<(&'static str, Vec<Stats>)> {
    POSITIONS
        .iter()
        .map(|&(name, fen)| {
            let position = Position::from_fen(fen).unwrap();
            let stats = configurations
                .iter()
                .map(|(_, config)| measure::measure(&position, DEPTH, *config))
                .collect();
            (name, stats)
        })
        .collect()
}

/// A table with a column per configuration and a row per position, then a total row:
/// `cell` of each position's stats, and `cell` of the column's stats summed.
pub fn table(
    configurations: &[(String, SearchConfig)],
    rows: &[(&str, Vec<Stats>)],
    cell: impl Fn(&Stats) -> String,
) -> String {
    let names: Vec<&str> = configurations
        .iter()
        .map(|(name, _)| name.as_str())
        .collect();
    let mut text = format!("position {}\n", names.join(" "));
    let mut sums = vec![Stats::default(); names.len()];
    for (position, stats) in rows {
        let cells: Vec<String> = stats.iter().map(&cell).collect();
        text.push_str(&format!("{position} {}\n", cells.join(" ")));
        for (sum, stats) in sums.iter_mut().zip(stats) {
            sum.add(stats);
        }
    }
    let cells: Vec<String> = sums.iter().map(&cell).collect();
    text.push_str(&format!("total {}\n", cells.join(" ")));
    text
}

/// The cell chapter 12 and section 14.1 give the null move: the null moves tried, then the
/// share of them that cut the node off, as `3647/78.5%`.
pub fn null_move_cell(stats: &Stats) -> String {
    let share = 100.0 * stats.null_cutoffs as f64 / stats.null_moves.max(1) as f64;
    format!("{}/{share:.1}%", stats.null_moves)
}

/// The cell chapter 13 and section 14.1 give late move reductions: the moves searched at a
/// reduced depth, then the share of them searched again at full depth, as `19860/1.2%`.
pub fn reduced_cell(stats: &Stats) -> String {
    let share = 100.0 * stats.reduced_re_searches as f64 / stats.reduced.max(1) as f64;
    format!("{}/{share:.1}%", stats.reduced)
}
