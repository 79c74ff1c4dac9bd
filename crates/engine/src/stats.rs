//! Search statistics: what a search did, counted as it goes, and the `stats` command, which
//! prints them for the book's six positions.
//!
//! Two numbers say most about a search without playing a game. The nodes it visits say how
//! big its tree is. The share of beta cutoffs made by the first move searched says how good its
//! move ordering is: alpha-beta does best when the move that cuts a node short comes first.

use crate::config::SearchConfig;
use crate::position::Position;
use crate::search::{Control, Searcher, root_moves};

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

/// What one search counted.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Positions visited, in the main search and in quiescence.
    pub nodes: u64,
    /// The deepest ply reached ("selective depth": quiescence goes past the nominal depth).
    pub seldepth: usize,
    /// Nodes of the main search that a move cut short (a beta cutoff).
    pub cutoffs: u64,
    /// Of those, the ones where the move that cut was the first one searched.
    pub first_move_cutoffs: u64,
}

impl Stats {
    /// Counts a node at `ply`.
    pub fn node(&mut self, ply: usize) {
        self.nodes += 1;
        self.seldepth = self.seldepth.max(ply);
    }

    /// Counts a beta cutoff by the `searched`-th move of its node, counting from 1.
    pub fn cutoff(&mut self, searched: usize) {
        self.cutoffs += 1;
        self.first_move_cutoffs += u64::from(searched == 1);
    }

    /// The share of cutoffs made by the first move, in per cent (0 when there were none).
    pub fn first_move_share(&self) -> f64 {
        if self.cutoffs == 0 {
            return 0.0;
        }
        100.0 * self.first_move_cutoffs as f64 / self.cutoffs as f64
    }
}

/// What the engine's search of `position` to `depth` counts, from a cleared state: a new
/// searcher, no game history and no limit but the depth, so the count is the same on every
/// run and machine. The search deepens one ply at a time, as `go depth` does.
pub fn measure(position: &Position, depth: u32) -> Stats {
    let mut searcher = Searcher::new(&[], Control::default());
    searcher.iterate(position, root_moves(position, &[]), depth, None, |_| {});
    searcher.stats
}

/// What a single pass at `depth` counts, with no iterations before it: the search of stage 9,
/// kept to measure what iterative deepening costs and saves.
pub fn measure_one_pass(position: &Position, depth: u32) -> Stats {
    let mut searcher = Searcher::new(&[], Control::default());
    searcher.root(position, &root_moves(position, &[]), depth);
    searcher.stats
}

/// The `stats` command's answer: [`table`] of the engine's search.
pub fn report(depth: u32, _config: SearchConfig) -> String {
    table(depth, measure)
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
    fn the_first_move_share_counts_only_first_moves() {
        let mut stats = Stats::default();
        for searched in [1, 1, 3, 1] {
            stats.cutoff(searched);
        }
        assert_eq!((stats.cutoffs, stats.first_move_cutoffs), (4, 3));
        assert_eq!(stats.first_move_share(), 75.0);
        assert_eq!(Stats::default().first_move_share(), 0.0);
    }

    #[test]
    fn every_position_is_valid() {
        for (name, fen) in POSITIONS {
            assert!(Position::from_fen(fen).is_ok(), "{name}");
        }
    }
}
