//! Chapter 12's figures for null-move pruning: what it saves on the book's six positions at
//! depth 8, under stage 14's preset beside stage 13's, which had no null move; and how often
//! the null move was tried, and how often it cut the node off; and a position where it goes
//! wrong.
//!
//! Two searches of the six positions to depth 8 take seconds in release and far longer in
//! debug, so the test is ignored by a plain `cargo test`; `cargo xtask ci` runs it in release.

mod support {
    pub mod depth8;
}

use cb2026::config::SearchConfig;
use cb2026::measure::TABLE_MB;
use cb2026::movegen::find_move;
use cb2026::position::Position;
use cb2026::search::{Control, NULL_MOVE_REDUCTION, Searcher, root_moves};
use cb2026::tt::TranspositionTable;
use support::depth8::{configurations, measure_all, null_move_cell, table};

#[test]
#[ignore = "two searches of the six positions at depth 8: run in release by cargo xtask ci"]
fn the_six_positions_at_depth_8_with_and_without_the_null_move() {
    let configurations = configurations(14);
    let rows = measure_all(&configurations);
    let nodes = table(&configurations, &rows, |stats| stats.nodes.to_string());
    insta::assert_snapshot!("null_move_nodes_depth_8", nodes);
    let first = table(&configurations, &rows, |stats| {
        format!("{:.1}%", stats.first_move_share())
    });
    insta::assert_snapshot!("null_move_first_move_depth_8", first);
    let tries = table(&configurations, &rows, null_move_cell);
    insta::assert_snapshot!("null_move_tries_depth_8", tries);
}

/// A position from the Chess Programming Wiki's null-move test positions, where zugzwang
/// fools the null move although both sides have a queen: White wins with 1.Qxh4+ Kxh4
/// 2.Bf6+ g5, after which Black runs out of good moves.
pub const ZUGZWANG: &str = "8/6B1/p5p1/Pp4kp/1P5r/5P1Q/4q1PK/8 w - - 0 32";

/// The depth at which the search without null moves first finds the win.
const ZUGZWANG_DEPTH: i32 = 9;

#[test]
fn in_the_zugzwang_position_the_null_move_misses_the_win_at_depth_9() {
    let mut table = String::from("search move score nodes\n");
    let stage_14 = SearchConfig::preset(14).unwrap();
    let mut without = stage_14;
    without.set("nullmove", false).unwrap();
    let mut found = Vec::new();
    for (name, config) in [("stage-14", stage_14), ("no-nullmove", without)] {
        let position = Position::from_fen(ZUGZWANG).unwrap();
        let mut tt = TranspositionTable::new(TABLE_MB).unwrap();
        let mut searcher = Searcher::new(&[], Control::default(), &mut tt, config);
        let moves = root_moves(&position, &[]);
        let outcome = searcher.iterate(&position, moves, ZUGZWANG_DEPTH, None, |_| {});
        let best = outcome.best.unwrap().to_string();
        let nodes = searcher.stats.nodes;
        table.push_str(&format!("{name} {best} {} {nodes}\n", outcome.score));
        found.push(best);
    }
    assert_ne!(found[0], "h3h4", "with the null move, Qxh4+ is not found");
    assert_eq!(found[1], "h3h4", "without it, it is");
    insta::assert_snapshot!("null_move_zugzwang", table);
}

/// The winning line's first moves from [`ZUGZWANG`], as the search without null moves finds
/// them: 1.Qxh4+ Kxh4 2.Bf6+ g5 3.Bc3, after which Black, to move, has a queen against a
/// bishop and no move that keeps it.
const INTO_THE_ZUGZWANG: [&str; 5] = ["h3h4", "g5h4", "g7f6", "g6g5", "f6c3"];

/// The position after [`INTO_THE_ZUGZWANG`], as chapter 12's diagram `null-move-pass` draws it.
const ZUGZWANG_NODE: &str = "8/8/p7/Pp4pp/1P5k/2B2P2/4q1PK/8 b - - 1 34";

/// The score of `position` for the side to move, searched `depth` plies deep from empty
/// tables under stage 14's preset without null moves, so that each search shows what its own
/// moves are worth.
fn score_without_null_moves(position: &Position, depth: i32) -> i32 {
    let mut config = SearchConfig::preset(14).unwrap();
    config.set("nullmove", false).unwrap();
    let mut tt = TranspositionTable::new(TABLE_MB).unwrap();
    let mut searcher = Searcher::new(&[], Control::default(), &mut tt, config);
    let moves = root_moves(position, &[]);
    searcher.iterate(position, moves, depth, None, |_| {}).score
}

#[test]
fn in_the_zugzwang_passing_looks_better_for_black_than_any_real_move() {
    let node = INTO_THE_ZUGZWANG
        .iter()
        .fold(Position::from_fen(ZUGZWANG).unwrap(), |position, text| {
            position.make(find_move(&position, text).unwrap())
        });
    assert_eq!(node.to_string(), ZUGZWANG_NODE);
    let passed = node.make_null();
    // At a node `depth` deep, the null move searches the passed position `depth - 1 - R`
    // plies deep (from depth R + 2 on, where that is at least one ply); both scores are
    // Black's.
    let mut table = String::from("depth real pass\n");
    let mut pass_looks_better = 0;
    for depth in NULL_MOVE_REDUCTION + 2..=ZUGZWANG_DEPTH {
        let real = score_without_null_moves(&node, depth);
        let pass = -score_without_null_moves(&passed, depth - 1 - NULL_MOVE_REDUCTION);
        pass_looks_better += usize::from(pass > real);
        table.push_str(&format!("{depth} {real} {pass}\n"));
    }
    assert!(
        pass_looks_better > 0,
        "the pass never looked better than a real move"
    );
    insta::assert_snapshot!("null_move_pass", table);
}
