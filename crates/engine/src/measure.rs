//! The book's six positions, and the `stats` command that measures the search on them.
//!
//! The counter itself is [`Stats`]; this module searches each position from a cleared state
//! and turns what was counted into the table the book quotes.

use crate::config::SearchConfig;
use crate::moves::Move;
use crate::ordering::Band;
use crate::position::Position;
use crate::search::{Control, Depth, Outcome, Searcher, root_moves};
use crate::stats::Stats;
use crate::tt::TranspositionTable;

/// The book's six positions, by name, that the search chapters measure: two openings, two
/// middlegames, a tactic and an endgame. Chosen once, at stage 9, and never changed, so that
/// every chapter's figures can be compared with every other's.
pub const POSITIONS: [(&str, &str); 6] = [
    (
        "start",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ),
    (
        "najdorf",
        "rnbqkb1r/1p2pppp/p2p1n2/8/3NP3/2N5/PPP2PPP/R1BQKB1R w KQkq - 0 6",
    ),
    (
        "italian",
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    ),
    (
        "orthodox",
        "r1bq1rk1/pp1nbppp/2p1p3/3n2B1/2BP4/2N1PN2/PP3PPP/2RQK2R w K - 1 10",
    ),
    (
        "wac001",
        "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1",
    ),
    ("fine70", "8/k7/3p4/p2P1p2/P2P1P2/8/8/K7 w - - 0 1"),
];

/// The depth `stats` searches to when none is given.
pub const DEFAULT_DEPTH: u32 = 5;

/// The size of the transposition table, in megabytes, for every measurement of the book's
/// positions and the bench: fixed, and new for each position, so that no figure depends on
/// the `Hash` option or on what was searched before.
pub const TABLE_MB: usize = 16;

/// What the engine's search of `position` to `depth` counts, from a cleared state: a new
/// searcher, an empty table of [`TABLE_MB`], no game history and no limit but the depth, so
/// the count is the same on every run and machine. The search deepens one ply at a time, as
/// `go depth` does; `config` says which techniques are on.
pub fn measure(position: &Position, depth: u32, config: SearchConfig) -> Stats {
    let mut table = TranspositionTable::new(TABLE_MB).expect("the measurements' table fits");
    measure_with(position, depth, &mut table, config)
}

/// What [`measure`] counts, but with `table` as the transposition table, as it is: for
/// measuring tables of other sizes or replacement rules.
pub fn measure_with(
    position: &Position,
    depth: u32,
    table: &mut TranspositionTable,
    config: SearchConfig,
) -> Stats {
    let mut searcher = Searcher::new(&[], Control::default(), table, config);
    let moves = root_moves(position, &[]);
    searcher.iterate(position, moves, depth as Depth, None, |_| {});
    searcher.stats
}

/// What iterative deepening reports after each depth of [`measure`]'s search of `position` to
/// `depth`, shallowest first: each depth's best move and score, as `go depth` prints them.
pub fn depth_outcomes(position: &Position, depth: u32, config: SearchConfig) -> Vec<Outcome> {
    let mut table = TranspositionTable::new(TABLE_MB).expect("the measurements' table fits");
    let mut searcher = Searcher::new(&[], Control::default(), &mut table, config);
    let moves = root_moves(position, &[]);
    let mut outcomes = Vec::new();
    searcher.iterate(position, moves, depth as Depth, None, |outcome| {
        outcomes.push(outcome.clone());
    });
    outcomes
}

/// The moves of the node that `played` leads to from `position`, in the order a search of
/// that node would try them next, each with its band and ordering key, once `position` has
/// been searched to `depth` under `config` from a cleared state, as [`measure`] searches it:
/// one real node's order, for the book's picture of it.
pub fn order_after(
    position: &Position,
    depth: u32,
    config: SearchConfig,
    played: Move,
) -> Vec<(Move, Band, i32)> {
    let mut table = TranspositionTable::new(TABLE_MB).expect("the measurements' table fits");
    let mut searcher = Searcher::new(&[], Control::default(), &mut table, config);
    let moves = root_moves(position, &[]);
    searcher.iterate(position, moves, depth as Depth, None, |_| {});
    searcher.order_after(position, played)
}

/// What a single pass at `depth` counts, with no iterations before it: the search of stage 9,
/// kept to measure what iterative deepening costs and saves.
pub fn measure_one_pass(position: &Position, depth: u32, config: SearchConfig) -> Stats {
    let mut table = TranspositionTable::new(TABLE_MB).expect("the measurements' table fits");
    let mut searcher = Searcher::new(&[], Control::default(), &mut table, config);
    let finished = searcher.root(position, &root_moves(position, &[]), depth as Depth);
    finished.expect("a search without limits runs to its end");
    searcher.stats
}

/// The `stats` command's answer: [`table`] of the engine's search, with the techniques
/// `config` switches on.
pub fn report(depth: u32, config: SearchConfig) -> String {
    table(depth, |position, depth| measure(position, depth, config))
}

/// A table with a line for each of the six positions searched to `depth` by `search` (nodes,
/// cutoffs, and the first move's share of them), under a header naming the columns. The book's
/// tables are this text, pinned by snapshots.
pub fn table(depth: u32, search: impl Fn(&Position, u32) -> Stats) -> String {
    let mut table = String::from("position nodes cutoffs first-move\n");
    for (name, fen) in POSITIONS {
        let position = Position::from_fen(fen).expect("the six positions are valid");
        let stats = search(&position, depth);
        table.push_str(&format!(
            "{name} {} {} {:.1}%\n",
            stats.nodes,
            stats.cutoffs,
            stats.first_move_share()
        ));
    }
    table
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_position_is_valid() {
        for (name, fen) in POSITIONS {
            assert!(Position::from_fen(fen).is_ok(), "{name}");
        }
    }
}
