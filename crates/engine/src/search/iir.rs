//! Internal iterative reductions: a node that the transposition table knows no move for, deep
//! enough to cost something, and of a kind whose order matters, is searched a ply shallower.
//! At a PV node, and at a node expected to be cut off, the search hopes to search the best move
//! first; the table's move is its best guess, and a node without one is new to the search or
//! was mispredicted, so its moves come in a worse order and the node has mattered less so far.
//! A ply less costs it little, and a move that proves best in the shallower search is left in
//! the table for the next iteration to start with. An expected all node is left alone: every
//! move of it is searched whatever the order, and an all node's search adds no move to the
//! table, so a node that has only ever been one has none there, and the lack says nothing.

use super::{Depth, Searcher};
use crate::config::Switches;
use crate::tt::Hit;

/// The least depth at which a node without a move from the table is reduced. Below it the
/// node's own search costs too little for a ply less to save much, and the ply it loses is a
/// larger share of what is left. Kept from the step's first version, so that the two
/// versions' games differ in one thing; chapter 14's sweep (`book/data/iir-constants.txt`)
/// found no least depth that the suites prefer.
pub const IIR_MIN_DEPTH: Depth = 4;

/// How many plies shallower such a node is searched.
pub const IIR_REDUCTION: Depth = 1;

impl Searcher<'_> {
    /// How many plies less to search the node at `ply`, `depth` plies deep with the window
    /// (`alpha`, `beta`), whose probe of the table found `hit`: [`IIR_REDUCTION`] when the
    /// table gave no move for it and it is a PV node or expected to be cut off, 0 otherwise.
    ///
    /// Not at the root, whose depth is the iteration's, nor in check, since a node in check
    /// is often one the check extension searched a ply deeper, and reducing it at once would
    /// take that ply back. With the transposition table switched off, no node has a move
    /// from the table, and the lack of one says nothing about the node: reducing every such
    /// node would be a search a ply shallower nearly everywhere, not a reduction of the nodes
    /// that matter least, so the step does nothing then.
    pub(super) fn internal_iterative_reduction(
        &mut self,
        hit: Option<Hit>,
        depth: Depth,
        ply: usize,
        window: (i32, i32),
    ) -> Depth {
        if !self.config.is_on(Switches::IIR) || !self.config.is_on(Switches::TT) {
            return 0;
        }
        let has_table_move = hit.is_some_and(|hit| hit.mv.is_some());
        if ply == 0 || depth < IIR_MIN_DEPTH || has_table_move || self.in_check(ply) {
            return 0;
        }
        if !self.is_pv_node(window) && !self.stack[ply].cut_node {
            return 0;
        }
        self.stats.iterative_reductions += 1;
        IIR_REDUCTION
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::SearchConfig;
    use crate::moves::Move;
    use crate::position::Position;
    use crate::search::{Control, Frame};
    use crate::tt::{Bound, TranspositionTable};

    /// The start position after 1.e4, where Black is not in check.
    const AFTER_E4: &str = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";

    /// White to move and in check from the bishop on b4.
    const IN_CHECK: &str = "4k3/8/8/8/1b6/8/8/4K3 w - - 0 1";

    /// A table entry for a node searched before: with its best move, or without one, as a node
    /// where no move raised alpha leaves it.
    fn entry(mv: Option<Move>) -> Hit {
        Hit {
            mv,
            score: 0,
            depth: 2,
            bound: Bound::Upper,
        }
    }

    /// The three kinds of node the step tells apart.
    #[derive(Clone, Copy)]
    enum Kind {
        /// Entered with a window wider than a null window.
        Pv,
        /// Entered with a null window, expected to be cut off.
        Cut,
        /// Entered with a null window, expected to fail low.
        All,
    }

    /// The reduction the step gives `fen`'s node of `kind` at `ply`, `depth` deep, with `hit`
    /// from the table, under `config`.
    fn reduction(
        fen: &str,
        config: SearchConfig,
        (kind, hit): (Kind, Option<Hit>),
        depth: Depth,
        ply: usize,
    ) -> Depth {
        let position = Position::from_fen(fen).unwrap();
        let mut table = TranspositionTable::new(1).unwrap();
        let mut searcher = Searcher::new(&[], Control::default(), &mut table, config);
        searcher.stack[ply] = Frame {
            cut_node: matches!(kind, Kind::Cut),
            ..Frame::of(&position)
        };
        let window = if matches!(kind, Kind::Pv) {
            (-50, 50)
        } else {
            (0, 1)
        };
        searcher.internal_iterative_reduction(hit, depth, ply, window)
    }

    /// The search of the stage that added the step, with the step on: main's default search
    /// leaves it off since its games (chapter 14).
    fn stage_19() -> SearchConfig {
        SearchConfig::preset(19).unwrap()
    }

    #[test]
    fn a_deep_enough_pv_or_cut_node_without_a_move_from_the_table_is_searched_a_ply_shallower() {
        let on = stage_19();
        for kind in [Kind::Pv, Kind::Cut] {
            assert_eq!(
                reduction(AFTER_E4, on, (kind, None), IIR_MIN_DEPTH, 3),
                IIR_REDUCTION
            );
            assert_eq!(
                reduction(AFTER_E4, on, (kind, Some(entry(None))), 9, 3),
                IIR_REDUCTION
            );
        }
    }

    #[test]
    fn an_expected_all_node_is_not_reduced() {
        let on = stage_19();
        assert_eq!(reduction(AFTER_E4, on, (Kind::All, None), 9, 3), 0);
        assert_eq!(
            reduction(AFTER_E4, on, (Kind::All, Some(entry(None))), 9, 3),
            0
        );
    }

    #[test]
    fn a_node_with_a_move_from_the_table_a_shallow_node_the_root_and_a_node_in_check_are_not() {
        let on = stage_19();
        let position = Position::from_fen(AFTER_E4).unwrap();
        let e7e5 = crate::movegen::find_move(&position, "e7e5").unwrap();
        for kind in [Kind::Pv, Kind::Cut] {
            assert_eq!(
                reduction(AFTER_E4, on, (kind, Some(entry(Some(e7e5)))), 9, 3),
                0
            );
            assert_eq!(
                reduction(AFTER_E4, on, (kind, None), IIR_MIN_DEPTH - 1, 3),
                0
            );
            assert_eq!(reduction(IN_CHECK, on, (kind, None), 9, 3), 0);
        }
        assert_eq!(reduction(AFTER_E4, on, (Kind::Pv, None), 9, 0), 0);
    }

    #[test]
    fn with_its_switch_or_the_table_switched_off_nothing_is_reduced() {
        let mut no_iir = stage_19();
        no_iir.set("iir", false).unwrap();
        assert_eq!(reduction(AFTER_E4, no_iir, (Kind::Cut, None), 9, 3), 0);
        let mut no_table = stage_19();
        no_table.set("tt", false).unwrap();
        assert_eq!(reduction(AFTER_E4, no_table, (Kind::Cut, None), 9, 3), 0);
    }
}
