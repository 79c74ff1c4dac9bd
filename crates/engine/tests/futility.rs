//! Chapter 14's figures for stage 18, futility pruning and the static exchange evaluation:
//! the book's six positions at depth 8 under stage 18's preset beside stage 17's and with each
//! of its four switches off in turn; what each step left out; the margins by depth; and the
//! exchanges the chapter works through.
//!
//! Searches of the six positions to depth 8 take seconds in release and far longer in debug,
//! so that test is ignored by a plain `cargo test`; `cargo xtask ci` runs it in release.

mod support {
    pub mod depth8;
}

use cb2026::config::SearchConfig;
use cb2026::measure::{self, POSITIONS};
use cb2026::movegen::find_move;
use cb2026::position::Position;
use cb2026::search::{FUTILITY_MAX_DEPTH, SEE_PRUNING_MAX_DEPTH, futility_margin};
use cb2026::see::see;
use support::depth8::{DEPTH, configurations, measure_all, table};

#[test]
#[ignore = "six searches of the six positions at depth 8: run in release by cargo xtask ci"]
fn the_six_positions_at_depth_8_under_stage_18_and_with_each_switch_off() {
    let configurations = configurations(18);
    let rows = measure_all(&configurations);
    let nodes = table(&configurations, &rows, |stats| stats.nodes.to_string());
    insta::assert_snapshot!("stage_18_nodes_depth_8", nodes);
    let first = table(&configurations, &rows, |stats| {
        format!("{:.1}%", stats.first_move_share())
    });
    insta::assert_snapshot!("stage_18_first_move_depth_8", first);
}

#[test]
#[ignore = "a search of the six positions at depth 8: run in release by cargo xtask ci"]
fn what_each_step_of_stage_18_left_out_at_depth_8() {
    let config = SearchConfig::preset(18).unwrap();
    let mut text = String::from("position late-move futile see-pruned quiescence-skipped\n");
    let mut total = cb2026::stats::Stats::default();
    for (name, fen) in POSITIONS {
        let stats = measure::measure(&Position::from_fen(fen).unwrap(), DEPTH, config);
        total.add(&stats);
        text.push_str(&format!("{name} {}\n", left_out(&stats)));
    }
    text.push_str(&format!("total {}\n", left_out(&total)));
    insta::assert_snapshot!("stage_18_left_out_depth_8", text);
}

/// The four counts of moves a search left out, as one row's cells.
fn left_out(stats: &cb2026::stats::Stats) -> String {
    format!(
        "{} {} {} {}",
        stats.late_moves_pruned,
        stats.futile_moves_pruned,
        stats.see_moves_pruned,
        stats.losing_captures_skipped
    )
}

#[test]
fn the_margins_of_futility_and_see_pruning_by_depth() {
    let mut text = String::from("depth futility-margin see-quiet see-capture\n");
    let quiet = find_move(&Position::startpos(), "g1f3").unwrap();
    let capture_position = Position::from_fen("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1").unwrap();
    let capture = find_move(&capture_position, "e4d5").unwrap();
    for depth in 1..=FUTILITY_MAX_DEPTH.max(SEE_PRUNING_MAX_DEPTH) {
        let threshold = |mv| cb2026::search::see_threshold(mv, depth).unwrap();
        text.push_str(&format!(
            "{depth} {} {} {}\n",
            futility_margin(depth),
            threshold(quiet),
            threshold(capture)
        ));
    }
    insta::assert_snapshot!("futility_see_margins", text);
}

/// The exchanges chapter 14 works through: a name, a position and a move in it.
const EXCHANGES: [(&str, &str, &str); 6] = [
    (
        "rook-takes-defended-pawn",
        "4k3/8/2p5/3p4/8/8/8/3RK3 w - - 0 1",
        "d1d5",
    ),
    (
        "knight-takes-defended-pawn",
        "4k3/8/4p3/3p4/8/2N5/8/4K3 w - - 0 1",
        "c3d5",
    ),
    (
        "doubled-rooks-win-a-pawn",
        "3rk3/8/8/3p4/8/8/3R4/3RK3 w - - 0 1",
        "d2d5",
    ),
    (
        "queen-steps-where-a-pawn-takes",
        "4k3/8/8/4p3/8/8/8/3QK3 w - - 0 1",
        "d1d4",
    ),
    (
        "en-passant-undefended",
        "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1",
        "e5d6",
    ),
    (
        "king-may-not-take-back",
        "4k3/3p4/8/8/8/8/3Q4/3RK3 w - - 0 1",
        "d2d7",
    ),
];

#[test]
fn the_exchanges_the_chapter_works_through() {
    let mut text = String::from("exchange move see\n");
    for (name, fen, uci) in EXCHANGES {
        let position = Position::from_fen(fen).unwrap();
        let mv = find_move(&position, uci).unwrap();
        text.push_str(&format!("{name} {uci} {}\n", see(&position, mv)));
    }
    insta::assert_snapshot!("see_exchanges", text);
}
