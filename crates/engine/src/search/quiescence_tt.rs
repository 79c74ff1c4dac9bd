//! The transposition table in quiescence (section 14.1, the switch `qtt`).
//!
//! Chapter 9's table serves the main search only: quiescence neither looks a position up nor
//! stores one. Yet every leaf of the main search starts a quiescence search, and the same
//! captures met in another order lead to the same positions there as anywhere. With `qtt` on, a
//! quiescence node asks the table first, as the node function does: an entry whose bound
//! settles the window ends the node, whatever its depth, its score taken to be worth at least
//! the node's own quiescence search; otherwise its move, if it is one of the node's moves, is
//! tried first. What the node finds is stored at depth [`QUIESCENCE_DEPTH`], but never over an
//! entry of the main search for the same position, which cost more to find.

use super::{Depth, Searcher};
use crate::config::Switches;
use crate::moves::Move;
use crate::position::Position;
use crate::tt::Hit;

/// The depth a quiescence node counts as, in the table: below every node of the main
/// search, so that a quiescence entry never ends a node of the main search (though its move
/// may be tried first there), and so that among the entries of one search a full bucket gives
/// up a quiescence entry first.
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

    /// White to move and win the queen with the pawn: quiescence's best move is e4d5.
    const QUEEN_EN_PRISE: &str = "4k3/8/8/3q4/4P3/8/8/4K3 w - - 0 1";

    /// White to move with nothing to take: quiescence stands pat.
    const NOTHING_TO_TAKE: &str = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1";

    #[test]
    fn with_qtt_off_quiescence_stores_nothing_and_with_it_on_the_node_and_its_move_are_stored() {
        let mut table = TranspositionTable::new(1).unwrap();
        let (off, _) = quiescence(QUEEN_EN_PRISE, &mut table, false, (-INFINITY, INFINITY));
        assert_eq!(table.hashfull(), 0);
        assert_eq!(entry(QUEEN_EN_PRISE, &table), None);
        let (on, _) = quiescence(QUEEN_EN_PRISE, &mut table, true, (-INFINITY, INFINITY));
        assert_eq!(on, off, "a search of an empty table scores the same");
        let hit = entry(QUEEN_EN_PRISE, &table).expect("the quiescence node is stored");
        assert_eq!(
            (hit.depth, hit.bound, hit.score),
            (QUIESCENCE_DEPTH, Bound::Exact, on)
        );
        assert_eq!(hit.mv.map(|mv| mv.to_string()).as_deref(), Some("e4d5"));
    }

    #[test]
    fn the_stored_bound_is_read_against_the_window_the_node_was_given() {
        // Standing pat raises alpha to the evaluation; read against that raised alpha, the
        // evaluation would be an upper bound. Against the full window it is exact.
        let mut table = TranspositionTable::new(1).unwrap();
        let (score, _) = quiescence(NOTHING_TO_TAKE, &mut table, true, (-INFINITY, INFINITY));
        let hit = entry(NOTHING_TO_TAKE, &table).unwrap();
        assert_eq!((hit.bound, hit.score, hit.mv), (Bound::Exact, score, None));
    }

    #[test]
    fn a_node_whose_evaluation_reaches_beta_is_not_stored() {
        let mut table = TranspositionTable::new(1).unwrap();
        let (score, nodes) = quiescence(NOTHING_TO_TAKE, &mut table, true, (-1000, -999));
        assert!(score >= -999 && nodes == 1, "{score} in {nodes} nodes");
        assert_eq!(entry(NOTHING_TO_TAKE, &table), None);
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
        // With the switch off, the same entry is not looked at.
        table.store(key, 1, QUIESCENCE_DEPTH, 500, Bound::Lower, None);
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
