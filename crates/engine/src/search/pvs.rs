//! Principal variation search: which nodes are PV nodes, the ones whose exact score the search
//! still needs. The null-window searches it makes are in [`Searcher::search_child`].

use super::Searcher;
use crate::config::Switches;

impl Searcher<'_> {
    /// Whether the node searched with the window (`alpha`, `beta`) is a PV node: one that may
    /// still turn out to lie on the principal variation, so its exact score is wanted. Under
    /// principal variation search, those are the nodes with more than a null window; every
    /// other node only answers whether its score is above `alpha`. With the switch off there
    /// are no PV nodes in this sense, and every node is searched alike.
    pub(super) fn is_pv_node(&self, (alpha, beta): (i32, i32)) -> bool {
        self.config.is_on(Switches::PVS) && beta - alpha > 1
    }
}

#[cfg(test)]
mod tests {
    use crate::config::SearchConfig;
    use crate::measure::{POSITIONS, TABLE_MB};
    use crate::position::Position;
    use crate::search::{Control, Searcher, root_moves};
    use crate::tt::TranspositionTable;

    /// The root score of `fen` searched 5 deep in one pass under stage 13's preset, with the
    /// transposition table off, whose cutoffs could make two searches of the same tree
    /// disagree. Later stages prune differently at PV nodes and elsewhere, so under them the
    /// two searches are not searches of the same tree.
    fn score(fen: &str, pvs: bool) -> i32 {
        let mut config = SearchConfig::preset(13).unwrap();
        config.set("tt", false).unwrap();
        config.set("pvs", pvs).unwrap();
        let position = Position::from_fen(fen).unwrap();
        let mut table = TranspositionTable::new(TABLE_MB).unwrap();
        let mut searcher = Searcher::new(&[], Control::default(), &mut table, config);
        searcher
            .root(&position, &root_moves(&position, &[]), 5)
            .unwrap();
        searcher.root_best.unwrap().1
    }

    #[test]
    fn null_windows_and_re_searches_find_the_score_the_full_window_finds() {
        for (name, fen) in POSITIONS {
            assert_eq!(score(fen, true), score(fen, false), "{name}");
        }
    }
}
