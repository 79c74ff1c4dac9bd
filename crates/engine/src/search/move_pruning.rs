//! Late move pruning: at a shallow node, once enough quiet moves have been searched without
//! one reaching beta, the quiet moves still to come are not searched at all.
//!
//! Late move reductions (stage 16) search a late quiet move less deeply; late move pruning
//! goes one step further near the leaves, where even a reduced search costs a node and a
//! quiescence search for each move, and where the order has already had its say: the hash
//! move, the captures, the killers, the countermove and the quiet moves with the best history
//! came first.

use super::{Depth, Searcher};
use crate::attacked::in_check;
use crate::config::Switches;
use crate::moves::Move;
use crate::position::Position;
use crate::score::MATE_BOUND;

/// The deepest node that prunes late moves: deeper, a move wrongly left out costs a whole
/// subtree, and the reductions already make its search cheap.
pub const LMP_MAX_DEPTH: Depth = 6;

/// The quiet moves a node searches before it prunes, beyond the square of its depth: see
/// [`late_move_count`].
pub const LMP_BASE: usize = 8;

/// How many quiet moves a node `depth` plies deep searches before it prunes the rest:
/// [`LMP_BASE`] + depth² when its evaluation is `improving`, half that (rounded down) when it
/// is not. The count grows with the square of the depth because a deeper node's moves each
/// stand for a larger subtree, and a mistake there costs more.
pub fn late_move_count(depth: Depth, improving: bool) -> usize {
    let depth = depth.max(0) as usize;
    let count = LMP_BASE + depth * depth;
    if improving { count } else { count / 2 }
}

/// Whether a node whose moves searched so far have `best` as their best score may leave out
/// the moves still to come: only once it has searched a move that is not mated. Until then
/// the node has no score of its own, and a move left out may be the only escape.
pub(super) fn may_prune(best: Option<i32>) -> bool {
    best.is_some_and(|best| best > -MATE_BOUND)
}

/// Whether `mv`, a legal move of `position`, gives check. Found by making the move, which
/// costs far less than searching it: the pruning steps that spare checks ask only about a
/// move they are about to leave out.
pub(super) fn gives_check(position: &Position, mv: Move) -> bool {
    in_check(&position.make(mv))
}

impl Searcher<'_> {
    /// Whether to leave `mv` out of the search of the node at `ply`, `depth` deep, after
    /// `quiets_searched` of its quiet moves were searched with `best` the best score so far;
    /// `pv_node` says whether it is a PV node.
    ///
    /// Only a quiet move is pruned (a capture or a promotion changes the material), at a node
    /// no deeper than [`LMP_MAX_DEPTH`], not a PV node (whose exact score is wanted) and not
    /// in check (whose few moves are all forced), and only once the node has searched a move
    /// that is not mated ([`may_prune`]). A move that gives check is pruned like any other:
    /// knowing that it checks means making it ([`gives_check`]), for every late move.
    pub(super) fn late_move_prune(
        &mut self,
        mv: Move,
        depth: Depth,
        (ply, pv_node): (usize, bool),
        quiets_searched: usize,
        best: Option<i32>,
    ) -> bool {
        if !self.config.is_on(Switches::LMP) {
            return false;
        }
        if pv_node || depth > LMP_MAX_DEPTH || !mv.is_quiet() || self.in_check(ply) {
            return false;
        }
        if !may_prune(best) {
            return false;
        }
        let late = quiets_searched >= late_move_count(depth, self.improving(ply));
        self.stats.late_moves_pruned += u64::from(late);
        late
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::SearchConfig;
    use crate::movegen::find_move;
    use crate::position::Position;
    use crate::search::{Control, Frame};
    use crate::tt::TranspositionTable;

    /// White to move, not in check, with a quiet rook move (a1a2), a capture (a1a5) and a
    /// promotion that takes nothing (b7b8q).
    const MOVES: &str = "4k3/1P6/8/r7/8/8/8/R3K3 w - - 0 1";

    /// The node the tests ask about: at ply 2, so that two plies up is the root.
    const PLY: usize = 2;

    /// A depth at which the node prunes.
    const DEPTH: Depth = 3;

    /// Whether `config`'s search prunes `uci` in `fen`, at a node at [`PLY`] `depth` deep
    /// whose static evaluation is `now` against `before` two plies up, after
    /// `quiets_searched` quiet moves whose best scored `best`.
    fn prunes(
        config: SearchConfig,
        (fen, uci): (&str, &str),
        (depth, pv_node): (Depth, bool),
        (before, now): (Option<i32>, Option<i32>),
        (quiets_searched, best): (usize, i32),
    ) -> bool {
        let position = Position::from_fen(fen).unwrap();
        let mut table = TranspositionTable::new(1).unwrap();
        let mut searcher = Searcher::new(&[], Control::default(), &mut table, config);
        searcher.stack[PLY - 2].static_eval = before;
        searcher.stack[PLY] = Frame {
            static_eval: now,
            ..Frame::of(&position)
        };
        let mv = find_move(&position, uci).unwrap();
        searcher.late_move_prune(mv, depth, (PLY, pv_node), quiets_searched, Some(best))
    }

    /// [`prunes`] under every switch, at a non-PV node [`DEPTH`] deep that is not improving,
    /// with nothing mated so far.
    fn prunes_after(fen: &str, uci: &str, quiets_searched: usize) -> bool {
        let config = SearchConfig::default();
        let evals = (Some(50), Some(0));
        prunes(
            config,
            (fen, uci),
            (DEPTH, false),
            evals,
            (quiets_searched, 0),
        )
    }

    #[test]
    fn the_count_grows_with_depth_and_is_larger_when_improving() {
        for depth in 1..=LMP_MAX_DEPTH {
            assert!(late_move_count(depth, true) > late_move_count(depth, false));
            assert!(late_move_count(depth + 1, false) > late_move_count(depth, false));
            assert!(
                late_move_count(depth, false) >= 1,
                "a node searches a quiet move"
            );
        }
        assert_eq!(late_move_count(DEPTH, true), LMP_BASE + 9);
    }

    #[test]
    fn a_quiet_move_is_pruned_once_the_count_is_reached() {
        let count = late_move_count(DEPTH, false);
        assert!(!prunes_after(MOVES, "a1a2", count - 1));
        assert!(prunes_after(MOVES, "a1a2", count));
    }

    #[test]
    fn captures_and_promotions_are_never_pruned() {
        assert!(!prunes_after(MOVES, "a1a5", 60), "a capture");
        assert!(
            !prunes_after(MOVES, "b7b8q", 60),
            "a promotion that takes nothing"
        );
    }

    #[test]
    fn no_move_of_a_node_in_check_is_pruned() {
        // The black rook on e8 checks the white king, which steps aside quietly.
        assert!(!prunes_after(
            "4r1k1/8/8/8/8/8/8/R3K3 w - - 0 1",
            "e1d1",
            60
        ));
    }

    #[test]
    fn an_improving_node_searches_more_quiet_moves() {
        let config = SearchConfig::default();
        let improving = (Some(0), Some(50));
        let (low, high) = (late_move_count(DEPTH, false), late_move_count(DEPTH, true));
        let node = (DEPTH, false);
        assert!(!prunes(config, (MOVES, "a1a2"), node, improving, (low, 0)));
        assert!(prunes(config, (MOVES, "a1a2"), node, improving, (high, 0)));
    }

    #[test]
    fn an_evaluation_unknown_two_plies_up_is_not_improving() {
        let config = SearchConfig::default();
        let count = late_move_count(DEPTH, false);
        let unknown = (None, Some(50));
        let node = (DEPTH, false);
        assert!(prunes(config, (MOVES, "a1a2"), node, unknown, (count, 0)));
    }

    #[test]
    fn pv_nodes_and_deep_nodes_prune_nothing() {
        let config = SearchConfig::default();
        let evals = (Some(50), Some(0));
        let late = (60, 0);
        assert!(!prunes(config, (MOVES, "a1a2"), (DEPTH, true), evals, late));
        let deep = (LMP_MAX_DEPTH + 1, false);
        assert!(!prunes(config, (MOVES, "a1a2"), deep, evals, late));
        let deepest = (LMP_MAX_DEPTH, false);
        assert!(prunes(config, (MOVES, "a1a2"), deepest, evals, late));
    }

    #[test]
    fn a_node_whose_moves_are_all_mated_so_far_prunes_nothing() {
        let config = SearchConfig::default();
        let evals = (Some(50), Some(0));
        let mated = (60, -MATE_BOUND);
        assert!(!prunes(
            config,
            (MOVES, "a1a2"),
            (DEPTH, false),
            evals,
            mated
        ));
    }

    #[test]
    fn nothing_is_pruned_with_the_switch_off() {
        let off = SearchConfig::preset(16).unwrap();
        let evals = (Some(50), Some(0));
        assert!(!prunes(
            off,
            (MOVES, "a1a2"),
            (DEPTH, false),
            evals,
            (60, 0)
        ));
    }
}
