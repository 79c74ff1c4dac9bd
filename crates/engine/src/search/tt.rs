//! The transposition table's steps in the node function: the probe, the cutoff it may give,
//! and the store at the end of the node. The table itself is [`crate::tt`].

use super::{Depth, Searcher};
use crate::config::Switches;
use crate::moves::Move;
use crate::position::Position;
use crate::tt::{Bound, Hit};

impl Searcher<'_> {
    /// What the table knows about `position`, `ply` plies from the root; nothing while the
    /// table is switched off.
    pub(super) fn probe(&self, position: &Position, ply: usize) -> Option<Hit> {
        if !self.config.is_on(Switches::TT) {
            return None;
        }
        self.table.probe(position.key(), ply)
    }

    /// The score that ends the node at `ply` at once, searched `depth` deep with the window
    /// (`alpha`, `beta`), if the table's entry `hit` is deep enough and its bound settles the
    /// window. Never at the root, which must come back with a move to play, nor at a PV node,
    /// whose line would end at the cut: searched instead, it gives its line back whole.
    pub(super) fn hash_cutoff(
        &self,
        hit: Option<Hit>,
        depth: Depth,
        ply: usize,
        (alpha, beta): (i32, i32),
    ) -> Option<i32> {
        if ply == 0 || self.is_pv_node((alpha, beta)) {
            return None;
        }
        hit?.cutoff(depth, alpha, beta)
    }

    /// Remembers that `position`, `ply` plies from the root, searched `depth` deep with the
    /// window (`alpha`, `beta`), scored `score`, with `best` the move that raised alpha, if
    /// one did. Nothing is stored while the table is switched off. A search that stopped never
    /// gets here: its nodes return `Err(Stopped)`, so no unfinished score is stored.
    pub(super) fn store(
        &mut self,
        position: &Position,
        (depth, ply): (Depth, usize),
        (alpha, beta): (i32, i32),
        score: i32,
        best: Option<Move>,
    ) {
        if !self.config.is_on(Switches::TT) {
            return;
        }
        let bound = Bound::of(score, alpha, beta);
        self.table
            .store(position.key(), ply, depth, score, bound, best);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::SearchConfig;
    use crate::search::{Control, root_moves};
    use crate::tt::TranspositionTable;

    /// A middlegame with much to search.
    const ITALIAN: &str =
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10";

    /// Searches `fen` to `depth` with `table` under `config`: the nodes it visited, and the
    /// move it found at the root.
    fn search(
        fen: &str,
        depth: Depth,
        table: &mut TranspositionTable,
        config: SearchConfig,
    ) -> (u64, Option<Move>) {
        let position = Position::from_fen(fen).unwrap();
        let mut searcher = Searcher::new(&[], Control::default(), table, config);
        let moves = root_moves(&position, &[]);
        searcher.root(&position, &moves, depth).unwrap();
        (searcher.stats.nodes, searcher.root_best.map(|(mv, _)| mv))
    }

    #[test]
    fn a_second_search_finds_the_first_ones_results_and_still_a_move_at_the_root() {
        let mut table = TranspositionTable::new(4).unwrap();
        // Stage 11's search: from stage 13 on, the root is a PV node too, which is never cut.
        let config = SearchConfig::preset(11).unwrap();
        let (first, found) = search(ITALIAN, 4, &mut table, config);
        let (second, found_again) = search(ITALIAN, 4, &mut table, config);
        assert!(second * 10 < first, "{second} nodes after {first}");
        assert!(found_again.is_some(), "the root is never cut off");
        assert_eq!(found, found_again);
    }

    #[test]
    fn with_the_switch_off_nothing_is_stored_or_found() {
        let mut table = TranspositionTable::new(1).unwrap();
        let off = SearchConfig::preset(10).unwrap();
        let (first, _) = search(ITALIAN, 3, &mut table, off);
        assert_eq!(table.hashfull(), 0);
        let position = Position::from_fen(ITALIAN).unwrap();
        assert_eq!(table.probe(position.key(), 0), None);
        let (second, _) = search(ITALIAN, 3, &mut table, off);
        assert_eq!(first, second);
    }

    /// The line a second search of `fen`, `depth` deep, reports under `config`, after a first
    /// search has filled the table.
    fn line_of_second_search(fen: &str, depth: Depth, config: SearchConfig) -> Vec<Move> {
        let position = Position::from_fen(fen).unwrap();
        let mut table = TranspositionTable::new(4).unwrap();
        let mut line = Vec::new();
        for _ in 0..2 {
            let mut searcher = Searcher::new(&[], Control::default(), &mut table, config);
            let moves = root_moves(&position, &[]);
            line = searcher.iterate(&position, moves, depth, None, |_| {}).pv;
        }
        line
    }

    #[test]
    fn with_no_hash_cutoff_at_pv_nodes_a_second_search_reports_its_whole_line() {
        let cut_short = line_of_second_search(ITALIAN, 5, SearchConfig::preset(12).unwrap());
        assert!(cut_short.len() < 5, "{cut_short:?}");
        let whole = line_of_second_search(ITALIAN, 5, SearchConfig::default());
        assert!(whole.len() >= 5, "{whole:?}");
    }

    #[test]
    fn a_search_with_the_table_on_stores_the_root_as_exact_with_its_move() {
        let mut table = TranspositionTable::new(1).unwrap();
        let (_, found) = search(ITALIAN, 3, &mut table, SearchConfig::default());
        let position = Position::from_fen(ITALIAN).unwrap();
        let hit = table.probe(position.key(), 0).unwrap();
        assert_eq!((hit.depth, hit.bound, hit.mv), (3, Bound::Exact, found));
        assert!(table.hashfull() > 0);
    }
}
