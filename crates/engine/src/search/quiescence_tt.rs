//! The transposition table in quiescence (section 14.1, the switch `qtt`).
//!
//! Chapter 9's table serves the main search only: quiescence neither looks a position up nor
//! stores one. Yet most of a search's nodes are quiescence nodes, and the same captures met
//! in another order lead to the same positions there as anywhere. With `qtt` on, a quiescence
//! node asks the table first, as the node function does: an entry whose bound settles the
//! window ends the node, whatever its depth, since any search of the position is at least a
//! quiescence search; otherwise its move, if it is a capture here (or an evasion in check),
//! is tried first. What the node finds is stored at depth [`QUIESCENCE_DEPTH`], but never over
//! an entry of the main search for the same position, which cost more to find.

use super::{Depth, Searcher};
use crate::config::Switches;
use crate::moves::Move;
use crate::position::Position;
use crate::tt::Hit;

/// The depth a quiescence node counts as, in the table: below every node of the main
/// search, so its entries answer only quiescence nodes and are the first a full bucket gives
/// up.
pub const QUIESCENCE_DEPTH: Depth = 0;

impl Searcher<'_> {
    /// What the table knows about `position`, a quiescence node at `ply`: nothing unless
    /// `qtt` (and the table) are on.
    pub(super) fn quiescence_probe(&self, position: &Position, ply: usize) -> Option<Hit> {
        if !self.quiescence_uses_table() {
            return None;
        }
        self.probe(position, ply)
    }

    /// Stores what the quiescence node `position` at `ply` found with the window
    /// (`alpha`, `beta`) it was given: its best score and the move that raised alpha, if one
    /// did. Nothing unless `qtt` is on, and nothing over `hit`, the entry the node found, when
    /// that entry came from the main search.
    pub(super) fn quiescence_store(
        &mut self,
        position: &Position,
        ply: usize,
        hit: Option<Hit>,
        window: (i32, i32),
        (best, best_move): (i32, Option<Move>),
    ) {
        let deeper = hit.is_some_and(|hit| hit.depth > QUIESCENCE_DEPTH);
        if !self.quiescence_uses_table() || deeper {
            return;
        }
        self.store(position, (QUIESCENCE_DEPTH, ply), window, best, best_move);
    }

    /// Whether quiescence looks positions up and stores them: the switch `qtt`.
    fn quiescence_uses_table(&self) -> bool {
        self.config.is_on(Switches::QUIESCENCE_TT)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::SearchConfig;
    use crate::score::INFINITY;
    use crate::search::Control;
    use crate::tt::{Bound, TranspositionTable};

    /// An open centre, White to move, where each side has pawns and pieces to take: a
    /// position whose quiescence search plays captures out, rather than standing pat at once.
    const CAPTURES: &str = "r1bqk2r/ppp2ppp/2n2n2/3pp3/1b1PP3/2N2N2/PPP2PPP/R1BQKB1R w KQkq - 0 6";

    /// The quiescence search of `fen` at ply 1 with the window (`alpha`, `beta`), with `qtt`
    /// `on`, into `table`: its score, and the nodes it visited.
    fn quiescence(
        fen: &str,
        table: &mut TranspositionTable,
        on: bool,
        (alpha, beta): (i32, i32),
    ) -> (i32, u64) {
        let position = Position::from_fen(fen).unwrap();
        let mut config = SearchConfig::default();
        config.set("qtt", on).unwrap();
        let mut searcher = Searcher::new(&[], Control::default(), table, config);
        searcher.stack[1] = super::super::Frame::of(&position);
        let score = searcher.quiescence(&position, 1, alpha, beta).unwrap();
        (score, searcher.stats.nodes)
    }

    /// The table's entry for `fen`, probed at ply 1.
    fn entry(fen: &str, table: &TranspositionTable) -> Option<Hit> {
        table.probe(Position::from_fen(fen).unwrap().key(), 1)
    }

    #[test]
    fn with_qtt_off_quiescence_stores_nothing_and_with_it_on_the_node_is_stored() {
        let mut table = TranspositionTable::new(1).unwrap();
        let (off, _) = quiescence(CAPTURES, &mut table, false, (-INFINITY, INFINITY));
        assert_eq!(table.hashfull(), 0);
        assert_eq!(entry(CAPTURES, &table), None);
        let (on, _) = quiescence(CAPTURES, &mut table, true, (-INFINITY, INFINITY));
        assert_eq!(on, off, "a search of an empty table scores the same");
        let hit = entry(CAPTURES, &table).expect("the root of the quiescence search is stored");
        assert_eq!(
            (hit.depth, hit.bound, hit.score),
            (QUIESCENCE_DEPTH, Bound::Exact, on)
        );
    }

    #[test]
    fn an_entry_that_settles_the_window_ends_the_node_at_once() {
        let mut table = TranspositionTable::new(1).unwrap();
        let key = Position::from_fen(CAPTURES).unwrap().key();
        table.store(key, 1, QUIESCENCE_DEPTH, 500, Bound::Lower, None);
        // A null window below the entry's lower bound: the node fails high on the entry.
        assert_eq!(quiescence(CAPTURES, &mut table, true, (99, 100)), (500, 1));
        // The window of a PV node is never cut: the node is searched.
        let (_, nodes) = quiescence(CAPTURES, &mut table, true, (99, 101));
        assert!(nodes > 1, "{nodes} nodes");
        // With the switch off, the entry is not looked at.
        let (_, nodes) = quiescence(CAPTURES, &mut table, false, (99, 100));
        assert!(nodes > 1, "{nodes} nodes");
    }

    #[test]
    fn a_quiescence_node_never_replaces_the_main_search_entry_of_its_position() {
        let mut table = TranspositionTable::new(1).unwrap();
        let key = Position::from_fen(CAPTURES).unwrap().key();
        // An entry of the main search whose upper bound, above the window, settles nothing.
        table.store(key, 1, 5, 300, Bound::Upper, None);
        let (_, nodes) = quiescence(CAPTURES, &mut table, true, (0, 1));
        assert!(nodes > 1, "the node is searched: {nodes} nodes");
        let hit = entry(CAPTURES, &table).unwrap();
        assert_eq!((hit.depth, hit.bound, hit.score), (5, Bound::Upper, 300));
    }
}
