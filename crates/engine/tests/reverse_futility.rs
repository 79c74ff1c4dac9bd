//! Chapter 12.1's figures for stage 15, reverse futility pruning and the check extension: what
//! they do to the book's six positions at depth 8, under stage 15's preset beside stage 14's,
//! and with each of the two switches off in turn; how often each step acted; a position where
//! the check extension finds a mate that stage 14 does not see at the same depth; and a
//! perpetual check, whose search the extension's bound keeps finite.
//!
//! Four searches of the six positions to depth 8 take seconds in release and far longer in
//! debug, so that test is ignored by a plain `cargo test`; `cargo xtask ci` runs it in release.

mod support {
    pub mod depth8;
}

use cb2026::config::SearchConfig;
use cb2026::measure::TABLE_MB;
use cb2026::position::Position;
use cb2026::score::{MATE, MATE_BOUND};
use cb2026::search::{Control, Searcher, root_moves};
use cb2026::stats::Stats;
use cb2026::tt::TranspositionTable;
use support::depth8::{configurations, measure_all, table};

#[test]
#[ignore = "four searches of the six positions at depth 8: run in release by cargo xtask ci"]
fn the_six_positions_at_depth_8_with_and_without_futility_and_the_check_extension() {
    let configurations = configurations(15);
    let rows = measure_all(&configurations);
    let nodes = table(&configurations, &rows, |stats| stats.nodes.to_string());
    insta::assert_snapshot!("stage_15_nodes_depth_8", nodes);
    let first = table(&configurations, &rows, |stats| {
        format!("{:.1}%", stats.first_move_share())
    });
    insta::assert_snapshot!("stage_15_first_move_depth_8", first);
    let futility = table(&configurations, &rows, |stats| {
        let share = 100.0 * stats.futility_cutoffs as f64 / stats.futility_tries.max(1) as f64;
        format!("{}/{share:.1}%", stats.futility_tries)
    });
    insta::assert_snapshot!("stage_15_futility_depth_8", futility);
    let extensions = table(&configurations, &rows, |stats| {
        stats.check_extensions.to_string()
    });
    insta::assert_snapshot!("stage_15_extensions_depth_8", extensions);
}

/// Searches `fen` to `depth` under `config` from empty tables: the move found, its score and
/// what the search counted.
fn search(fen: &str, config: SearchConfig, depth: i32) -> (String, i32, Stats) {
    let position = Position::from_fen(fen).unwrap();
    let mut tt = TranspositionTable::new(TABLE_MB).unwrap();
    let mut searcher = Searcher::new(&[], Control::default(), &mut tt, config);
    let moves = root_moves(&position, &[]);
    let outcome = searcher.iterate(&position, moves, depth, None, |_| {});
    (
        outcome.best.unwrap().to_string(),
        outcome.score,
        searcher.stats,
    )
}

/// Philidor's legacy, a smothered mate in four, every White move a check: 1.Nf7+ Kg8
/// 2.Nh6+ Kh8 3.Qg8+ Rxg8 4.Nf7#.
pub const SMOTHERED: &str = "3r3k/6pp/8/6N1/2Q5/8/6PP/6K1 w - - 0 1";

/// The depth at which stage 15 first sees the mate; stage 14 needs 7.
const SMOTHERED_DEPTH: i32 = 4;

#[test]
fn the_check_extension_sees_the_smothered_mate_at_depth_4_and_stage_14_does_not() {
    let mut table = String::from("search move score nodes\n");
    let mut scores = Vec::new();
    for stage in [14, 15] {
        let config = SearchConfig::preset(stage).unwrap();
        let (best, score, stats) = search(SMOTHERED, config, SMOTHERED_DEPTH);
        table.push_str(&format!("stage-{stage} {best} {score} {}\n", stats.nodes));
        scores.push(score);
    }
    assert!(scores[0] < MATE_BOUND, "stage 14 sees no mate at depth 4");
    assert_eq!(scores[1], MATE - 7, "stage 15 sees the mate in 7 plies");
    insta::assert_snapshot!("check_extension_smothered_mate", table);
}

/// White, two rooks down (both sides keep their queens), gives a perpetual check: 1.Qg5+ Kf8
/// 2.Qd8+ Kg7 3.Qg5+ Kh8 4.Qf6+ Kg8, and again. Every White move is a check, and extended.
pub const PERPETUAL: &str = "6k1/5p1p/5Q2/8/8/q7/rr3PPP/6K1 w - - 0 1";

/// The depth the perpetual is searched to.
const PERPETUAL_DEPTH: i32 = 10;

#[test]
fn a_perpetual_check_is_searched_in_bounded_nodes_and_plies() {
    let mut table = String::from("search move score nodes seldepth\n");
    for stage in [14, 15] {
        let config = SearchConfig::preset(stage).unwrap();
        let (best, score, stats) = search(PERPETUAL, config, PERPETUAL_DEPTH);
        assert_eq!((best.as_str(), score), ("f6g5", 0), "stage {stage}");
        // Extended to twice the depth, then a ply a move for the depth left: 3 × 10 plies,
        // and quiescence after them, well short of the stack's 128.
        assert!(
            stats.seldepth < 3 * PERPETUAL_DEPTH as usize + 10,
            "{}",
            stats.seldepth
        );
        let (nodes, seldepth) = (stats.nodes, stats.seldepth);
        table.push_str(&format!(
            "stage-{stage} {best} {score} {nodes} {seldepth}\n"
        ));
    }
    insta::assert_snapshot!("check_extension_perpetual", table);
}
