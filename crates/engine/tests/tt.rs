//! Chapter 9's figures: what the transposition table saves on the book's six positions, and
//! what its replacement rule is worth once the table is too small to hold the tree.

use cb2026::config::SearchConfig;
use cb2026::measure::{self, POSITIONS};
use cb2026::position::Position;
use cb2026::tt::{Replacement, TranspositionTable};

/// The depth chapter 9 measures at: the deepest at which the search without the table still
/// takes seconds rather than minutes for the six positions.
const DEPTH: u32 = 7;

/// The small table that the replacement rules are compared in, in megabytes: the least
/// `Hash` takes, and far fewer entries than the trees at [`DEPTH`] have nodes.
const SMALL_MB: usize = 1;

/// `part` as a percentage of `whole`, with one decimal.
fn percent(part: u64, whole: u64) -> String {
    format!("{:.1}%", part as f64 * 100.0 / whole as f64)
}

#[test]
fn what_the_table_saves_and_what_its_replacement_rule_is_worth() {
    let off = SearchConfig::preset(10).unwrap();
    let on = SearchConfig::preset(11).unwrap();
    let mut text = String::from("position off on on-share small small-always\n");
    let mut totals = [0; 4];
    for (name, fen) in POSITIONS {
        let position = Position::from_fen(fen).unwrap();
        let small = |rule| {
            let mut table = TranspositionTable::with_rule(SMALL_MB, rule).unwrap();
            measure::measure_with(&position, DEPTH, &mut table, on).nodes
        };
        let nodes = [
            measure::measure(&position, DEPTH, off).nodes,
            measure::measure(&position, DEPTH, on).nodes,
            small(Replacement::OldestThenShallowest),
            small(Replacement::Always),
        ];
        for (total, count) in totals.iter_mut().zip(nodes) {
            *total += count;
        }
        let [off, on, small, always] = nodes;
        let share = percent(on, off);
        text.push_str(&format!("{name} {off} {on} {share} {small} {always}\n"));
    }
    let [off, on, small, always] = totals;
    let share = percent(on, off);
    text.push_str(&format!("total {off} {on} {share} {small} {always}\n"));
    insta::assert_snapshot!("tt_nodes", text);
}

#[test]
fn the_six_positions_at_depth_8_with_the_table() {
    // The depth chapters 10 to 14 measure at, which the search reaches in seconds only with
    // the table: the figures the next chapters start from.
    let stage_11 = SearchConfig::preset(11).unwrap();
    insta::assert_snapshot!("tt_depth_8", measure::report(8, stage_11));
}
