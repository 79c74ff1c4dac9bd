//! Chapter 13's figures for stage 16, late move reductions: what they do to the book's six
//! positions at depth 8, under stage 16's preset beside stage 15's; how many moves were
//! reduced and how many of those searched again; the table of reductions itself; what the
//! ordering tables are worth to a search that reduces (the seed's lesson, measured first
//! here); and a mate in two that the reductions, with the null move, no longer see.
//!
//! Searches of the six positions to depth 8 take seconds in release and far longer in debug,
//! so those tests are ignored by a plain `cargo test`; `cargo xtask ci` runs them in release.

mod support {
    pub mod depth8;
}

use cb2026::config::SearchConfig;
use cb2026::measure::TABLE_MB;
use cb2026::position::Position;
use cb2026::score::MATE;
use cb2026::search::{Control, Searcher, base_reduction, root_moves};
use cb2026::tt::TranspositionTable;
use support::depth8::{
    configurations, measure_all, ordering_off_configurations, reduced_cell, table,
};

#[test]
#[ignore = "two searches of the six positions at depth 8: run in release by cargo xtask ci"]
fn the_six_positions_at_depth_8_with_and_without_late_move_reductions() {
    let configurations = configurations(16);
    let rows = measure_all(&configurations);
    let nodes = table(&configurations, &rows, |stats| stats.nodes.to_string());
    insta::assert_snapshot!("stage_16_nodes_depth_8", nodes);
    let first = table(&configurations, &rows, |stats| {
        format!("{:.1}%", stats.first_move_share())
    });
    insta::assert_snapshot!("stage_16_first_move_depth_8", first);
    let reduced = table(&configurations, &rows, reduced_cell);
    insta::assert_snapshot!("stage_16_reduced_depth_8", reduced);
}

#[test]
#[ignore = "four searches of the six positions at depth 8: run in release by cargo xtask ci"]
fn under_stage_16_each_ordering_table_switched_off_in_turn() {
    let configurations = ordering_off_configurations(16);
    let rows = measure_all(&configurations);
    let nodes = table(&configurations, &rows, |stats| stats.nodes.to_string());
    insta::assert_snapshot!("stage_16_ordering_off_nodes_depth_8", nodes);
    let first = table(&configurations, &rows, |stats| {
        format!("{:.1}%", stats.first_move_share())
    });
    insta::assert_snapshot!("stage_16_ordering_off_first_move_depth_8", first);
}

#[test]
fn the_table_of_reductions_by_depth_and_move_number() {
    let moves = [1, 2, 3, 4, 6, 8, 12, 16, 24, 32];
    let header: Vec<String> = moves.iter().map(|m| format!("move-{m}")).collect();
    let mut text = format!("depth {}\n", header.join(" "));
    for depth in [1, 2, 3, 4, 6, 8, 12, 16, 24, 32] {
        let cells: Vec<String> = moves
            .iter()
            .map(|&m| base_reduction(depth, m).to_string())
            .collect();
        text.push_str(&format!("{depth} {}\n", cells.join(" ")));
    }
    insta::assert_snapshot!("lmr_table", text);
}

/// A mate in two by a quiet move into zugzwang: 1.Ra6, and whatever Black plays, 2.b7# or
/// 2.Rxa7#. Black's best reply to 1.Ra6 would be to pass.
pub const ZUGZWANG_MATE: &str = "kbK5/pp6/1P6/8/8/8/8/R7 w - - 0 1";

/// How deep the searches of [`ZUGZWANG_MATE`] go.
const ZUGZWANG_MATE_DEPTH: i32 = 9;

#[test]
fn the_mate_in_two_into_zugzwang_is_lost_to_reductions_with_the_null_move() {
    let mut table = String::from("search move score first-mate-depth\n");
    let stage_16 = SearchConfig::preset(16).unwrap();
    let mut no_nullmove = stage_16;
    no_nullmove.set("nullmove", false).unwrap();
    let searches = [
        ("stage-15", SearchConfig::preset(15).unwrap()),
        ("stage-16", stage_16),
        ("stage-16-no-nullmove", no_nullmove),
    ];
    let mut first_mates = Vec::new();
    for (name, config) in searches {
        let position = Position::from_fen(ZUGZWANG_MATE).unwrap();
        let mut tt = TranspositionTable::new(TABLE_MB).unwrap();
        let mut searcher = Searcher::new(&[], Control::default(), &mut tt, config);
        let moves = root_moves(&position, &[]);
        let mut first_mate = None;
        let outcome = searcher.iterate(&position, moves, ZUGZWANG_MATE_DEPTH, None, |line| {
            if line.score == MATE - 3 && first_mate.is_none() {
                first_mate = Some(line.depth);
            }
        });
        let depth = first_mate.map_or("none".to_string(), |d| d.to_string());
        let best = outcome.best.unwrap();
        table.push_str(&format!("{name} {best} {} {depth}\n", outcome.score));
        first_mates.push(first_mate);
    }
    assert!(first_mates[0].is_some(), "stage 15 finds the mate");
    assert_eq!(first_mates[1], None, "stage 16 does not, by depth 9");
    assert!(first_mates[2].is_some(), "without the null move it does");
    insta::assert_snapshot!("lmr_zugzwang_mate", table);
}
