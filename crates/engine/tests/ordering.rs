//! Chapter 10's figures: what move ordering saves on the book's six positions at depth 8,
//! under stage 12's preset and with each of its three switches (killers, history, countermove)
//! off in turn, beside stage 11's search, which had none of them.
//!
//! Five searches of the six positions to depth 8 take a minute in release and far longer in
//! debug, so that test is ignored by a plain `cargo test`; `cargo xtask ci` runs it in release.
//! The chapter's picture of one node's order comes from a search of one position, which a
//! plain `cargo test` runs.

mod support {
    pub mod depth8;
}

use cb2026::config::SearchConfig;
use cb2026::measure::{self, POSITIONS};
use cb2026::movegen::find_move;
use cb2026::ordering::Band;
use cb2026::position::Position;
use support::depth8::{DEPTH, configurations, measure_all, table};

#[test]
#[ignore = "five searches of the six positions at depth 8: run in release by cargo xtask ci"]
fn the_six_positions_at_depth_8_with_each_ordering_switch_off_in_turn() {
    let configurations = configurations(12);
    let rows = measure_all(&configurations);
    let nodes = table(&configurations, &rows, |stats| stats.nodes.to_string());
    insta::assert_snapshot!("ordering_nodes_depth_8", nodes);
    let first = table(&configurations, &rows, |stats| {
        format!("{:.1}%", stats.first_move_share())
    });
    insta::assert_snapshot!("ordering_first_move_depth_8", first);
    let stage_12 = SearchConfig::preset(12).unwrap();
    insta::assert_snapshot!("ordering_depth_8", measure::report(DEPTH, stage_12));
}

/// Chapter 10's picture of one node's order: the node after White's 6.Nb5 (`c3b5`) in the
/// Najdorf, one of the moves the search turned down, once the position has been searched to
/// depth 6. Its moves fill every band stage 12 has: the table's move, a capture, two killers,
/// a countermove and the quiet moves.
const ONE_NODE: (&str, u32, &str) = ("najdorf", 6, "c3b5");

/// The bands in the order a node hands them out.
const BANDS: [Band; 6] = [
    Band::Hint,
    Band::Capture,
    Band::Killer,
    Band::Countermove,
    Band::Quiet,
    Band::LosingCapture,
];

#[test]
fn one_nodes_moves_come_out_band_by_band_and_best_key_first() {
    let (name, depth, played) = ONE_NODE;
    let (_, fen) = POSITIONS.iter().find(|(n, _)| *n == name).unwrap();
    let position = Position::from_fen(fen).unwrap();
    let played = find_move(&position, played).unwrap();
    let stage_12 = SearchConfig::preset(12).unwrap();
    let order = measure::order_after(&position, depth, stage_12, played);
    let rank = |band: Band| BANDS.iter().position(|&b| b == band).unwrap();
    for pair in order.windows(2) {
        let ((_, band, key), (_, next_band, next_key)) = (pair[0], pair[1]);
        assert!(
            rank(band) <= rank(next_band),
            "{band:?} came before {next_band:?}"
        );
        assert!(key >= next_key, "a key of {key} came before {next_key}");
    }
    // Row 0 is the move that led to the node; the rest are the node's moves in order.
    let mut text = format!("number move band key\n0 {played} played -\n");
    for (number, (mv, band, key)) in order.iter().enumerate() {
        let band = format!("{band:?}").to_lowercase();
        text.push_str(&format!("{} {mv} {band} {key}\n", number + 1));
    }
    insta::assert_snapshot!("ordering_one_node", text);
}
