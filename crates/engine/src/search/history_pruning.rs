//! History pruning (section 14.1): near the leaves, a quiet move whose history says it has
//! failed, again and again, where the search has tried it before is not searched at all.
//!
//! Late move pruning (stage 17) counts the quiet moves a node has searched and stops after
//! enough of them, whatever comes next; history pruning asks about each move instead, by the
//! score the ordering keeps for it: the history table's, and, with continuation history on
//! (section 10.1), the scores after the two moves before it. A move the tables have only
//! punished is a poor bet near the horizon, however early it comes.
//!
//! Near the horizon is judged by the depth the move's search would have once late move
//! reductions (stage 16) took their plies, not by the node's own: a late move of a node six
//! plies deep may be searched only three deep, and costs no more to leave out than a move of
//! a node four deep, whose moves are searched three deep.

use super::move_pruning::{gives_check, may_prune};
use super::reductions::table_reduction;
use super::{Depth, Searcher};
use crate::config::Switches;
use crate::moves::Move;
use crate::ordering::Band;
use crate::ordering::tables::cutoff_bonus;
use crate::position::Position;

/// The most depth a move's reduced search may have ([`reduced_depth`]) for the move to be
/// pruned by its history: further from the horizon, a move wrongly left out costs a larger
/// subtree, and the history, taught mostly near the leaves, says less about it.
pub const HISTORY_PRUNING_MAX_DEPTH: Depth = 3;

/// How many failures more than cutoffs, each taught at the node's depth, a move's ordering
/// score must stand for before the move is pruned: its score must lie below this many times
/// [`cutoff_bonus`] of the node's depth. A move that has failed that often, on balance and
/// recently, is a poor bet near the horizon.
pub const HISTORY_PRUNING_FAILURES: i32 = 16;

/// The depth a late quiet move's search would have if it were searched as the `searched`-th
/// move (from 0) of a node `depth` deep: the ply the move takes, less the reduction the table
/// of late move reductions gives it, whether or not the switch for them is on. It is an
/// estimate: the rules of `Searcher::reduction` are left out, both those that adjust a
/// reduction (history pruning asks at no PV node, and about no killer and no check) and
/// those that keep a node's first moves, and a shallow node's, from being reduced at all.
pub(super) fn reduced_depth(depth: Depth, searched: usize) -> Depth {
    depth - 1 - table_reduction(depth, searched)
}

impl Searcher<'_> {
    /// Whether to leave `mv`, a move of `position` from the order's `band`, out of the search
    /// of the node at `ply`, `depth` deep, which has searched `searched` moves with `best` as
    /// their best score; `pv_node` says whether it is a PV node.
    ///
    /// Only a quiet move of the quiet band is pruned: not the table's move, a capture, a
    /// killer or the countermove, which the order put first for a reason, nor a promotion.
    /// The move's reduced search would be at most [`HISTORY_PRUNING_MAX_DEPTH`] plies deep
    /// ([`reduced_depth`]), and the node must be neither a PV node nor in check, and have
    /// searched a move that is not mated ([`may_prune`]). The move is pruned when its ordering
    /// score is below [`HISTORY_PRUNING_FAILURES`] times the malus a failure at the node's
    /// depth teaches, below zero, unless it gives check: a check is never reduced, so its
    /// search would be deeper than the reduced depth says, and the opponent's reply is forced.
    /// Whether it checks is found by making it, only for a move that would be pruned.
    pub(super) fn history_prune(
        &mut self,
        position: &Position,
        (mv, band, searched): (Move, Band, usize),
        depth: Depth,
        (ply, pv_node): (usize, bool),
        best: Option<i32>,
    ) -> bool {
        if !self.config.is_on(Switches::HISTORY_PRUNING) {
            return false;
        }
        if band != Band::Quiet || !mv.is_quiet() || pv_node {
            return false;
        }
        if reduced_depth(depth, searched) > HISTORY_PRUNING_MAX_DEPTH {
            return false;
        }
        if self.in_check(ply) || !may_prune(best) {
            return false;
        }
        let previous = self.previous_moves(ply, depth);
        let score = self.tables.quiet_score(position, mv, &previous);
        let pruned =
            score < -HISTORY_PRUNING_FAILURES * cutoff_bonus(depth) && !gives_check(position, mv);
        self.stats.history_pruned += u64::from(pruned);
        pruned
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::SearchConfig;
    use crate::movegen::{find_move, legal_moves};
    use crate::ordering::Previous;
    use crate::score::MATE_BOUND;
    use crate::search::{Control, Frame};
    use crate::tt::TranspositionTable;

    /// White to move, not in check, with quiet rook moves.
    const QUIET: &str = "4k3/8/8/8/8/8/8/R3K3 w - - 0 1";

    /// White to move in check from the rook on e8: the king steps aside quietly.
    const CHECK: &str = "4r1k1/8/8/8/8/8/8/R3K3 w - - 0 1";

    /// The node the tests ask about.
    const PLY: usize = 2;

    /// A node as the tests give it: its depth, how many moves it has searched, and whether it
    /// is a PV node.
    type Node = (Depth, usize, bool);

    /// A non-PV node two plies deep that has searched one move: a node that prunes.
    const NODE: Node = (2, 1, false);

    /// What the history was taught about the move asked about before it is asked: that it
    /// failed so many times (another quiet move cutting off after it), or cut off so many.
    #[derive(Clone, Copy)]
    enum Taught {
        Failed(usize),
        CutOff(usize),
    }

    /// Whether `config`'s search prunes `uci` of `fen`, from `band`, at a node at [`PLY`]
    /// `depth` deep which has searched `searched` moves whose best score is `best`, once the
    /// history has been `taught` about it at depth 2.
    fn prunes(
        config: SearchConfig,
        (fen, uci, band): (&str, &str, Band),
        (depth, searched, pv_node): Node,
        best: Option<i32>,
        taught: Taught,
    ) -> bool {
        let position = Position::from_fen(fen).unwrap();
        let mut table = TranspositionTable::new(1).unwrap();
        let mut searcher = Searcher::new(&[], Control::default(), &mut table, config);
        searcher.stack[PLY] = Frame::of(&position);
        let mv = find_move(&position, uci).unwrap();
        let moves = legal_moves(&position);
        let mut others = moves.as_slice().iter().copied();
        let other = others.find(|&m| m.is_quiet() && m != mv).unwrap();
        let (times, best_move, failed) = match taught {
            Taught::Failed(times) => (times, other, mv),
            Taught::CutOff(times) => (times, mv, other),
        };
        for _ in 0..times {
            let (teach, previous) = (SearchConfig::default(), Previous::default());
            searcher.tables.record_cutoff(
                teach,
                &position,
                best_move,
                &[failed],
                PLY,
                2,
                &previous,
            );
        }
        searcher.history_prune(&position, (mv, band, searched), depth, (PLY, pv_node), best)
    }

    /// The search with section 14.1's history pruning switched on.
    fn on() -> SearchConfig {
        let mut config = SearchConfig::default();
        config.set("histprune", true).unwrap();
        config
    }

    /// Rook a1 to a2 of [`QUIET`], a quiet move of the quiet band.
    const ROOK: (&str, &str, Band) = (QUIET, "a1a2", Band::Quiet);

    #[test]
    fn a_quiet_move_that_has_only_failed_is_pruned_and_one_that_cut_off_is_searched() {
        assert!(prunes(on(), ROOK, NODE, Some(0), Taught::Failed(200)));
        assert!(!prunes(on(), ROOK, NODE, Some(0), Taught::Failed(0)));
        assert!(!prunes(on(), ROOK, NODE, Some(0), Taught::CutOff(200)));
    }

    #[test]
    fn the_bar_falls_with_the_depth_left() {
        // The fewest failures that prune at one ply left do not prune at three.
        let few = (1..200)
            .find(|&n| prunes(on(), ROOK, (1, 1, false), Some(0), Taught::Failed(n)))
            .unwrap();
        assert!(!prunes(
            on(),
            ROOK,
            (3, 1, false),
            Some(0),
            Taught::Failed(few)
        ));
    }

    #[test]
    fn a_deep_node_prunes_only_the_moves_late_enough_to_be_reduced_near_the_horizon() {
        let failed = Taught::Failed(200);
        // The shallowest node whose second move would be searched beyond the bound.
        let depth = (1..)
            .find(|&depth| reduced_depth(depth, 1) > HISTORY_PRUNING_MAX_DEPTH)
            .unwrap();
        assert!(depth > HISTORY_PRUNING_MAX_DEPTH);
        assert!(!prunes(on(), ROOK, (depth, 1, false), Some(0), failed));
        // A later move of the same node is reduced to within the bound, and pruned.
        let late = (1..64)
            .find(|&searched| reduced_depth(depth, searched) <= HISTORY_PRUNING_MAX_DEPTH)
            .unwrap();
        assert!(prunes(on(), ROOK, (depth, late, false), Some(0), failed));
    }

    #[test]
    fn a_move_that_gives_check_is_searched() {
        let failed = Taught::Failed(200);
        let check = (QUIET, "a1a8", Band::Quiet);
        assert!(!prunes(on(), check, NODE, Some(0), failed));
    }

    #[test]
    fn only_the_quiet_band_is_pruned() {
        for band in [Band::Hint, Band::Killer, Band::Countermove] {
            let node = (QUIET, "a1a2", band);
            assert!(!prunes(on(), node, NODE, Some(0), Taught::Failed(200)));
        }
    }

    #[test]
    fn no_pruning_at_pv_nodes_in_check_or_before_a_move_is_searched() {
        let failed = Taught::Failed(200);
        assert!(!prunes(on(), ROOK, (2, 1, true), Some(0), failed), "PV");
        assert!(!prunes(on(), ROOK, NODE, None, failed), "nothing searched");
        let mated = Some(-MATE_BOUND);
        assert!(!prunes(on(), ROOK, NODE, mated, failed), "all mated");
        let check = (CHECK, "e1d1", Band::Quiet);
        assert!(prunes(
            on(),
            (QUIET, "e1d1", Band::Quiet),
            NODE,
            Some(0),
            failed
        ));
        assert!(!prunes(on(), check, NODE, Some(0), failed), "in check");
    }

    #[test]
    fn nothing_is_pruned_with_the_switch_off() {
        let off = SearchConfig::default();
        assert!(!prunes(off, ROOK, NODE, Some(0), Taught::Failed(200)));
    }
}
