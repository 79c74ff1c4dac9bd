//! History pruning (section 14.1): near the leaves, a quiet move whose history says it has
//! failed, again and again, where the search has tried it before is not searched at all.
//!
//! Late move pruning (stage 17) counts the quiet moves a node has searched and stops after
//! enough of them, whatever comes next; history pruning asks about each move instead, by the
//! score the ordering keeps for it: the history table's, and, with continuation history on
//! (section 10.1), the scores after the two moves before it. A move the tables have only
//! punished is a poor bet near the horizon, however early it comes.

use super::move_pruning::may_prune;
use super::{Depth, Searcher};
use crate::config::Switches;
use crate::moves::Move;
use crate::ordering::Band;
use crate::ordering::tables::cutoff_bonus;
use crate::position::Position;

/// The most depth left at which a move is pruned by its history: further from the horizon,
/// a move wrongly left out costs a larger subtree, and the history, taught mostly near the
/// leaves, says less about it.
pub const HISTORY_PRUNING_MAX_DEPTH: Depth = 3;

/// How many failures more than cutoffs, each taught at the node's depth, a move's ordering
/// score must stand for before the move is pruned: its score must lie below this many times
/// [`cutoff_bonus`] of the depth left. A move that has failed that often, on balance and
/// recently, is a poor bet near the horizon.
pub const HISTORY_PRUNING_FAILURES: i32 = 16;

impl Searcher<'_> {
    /// Whether to leave `mv`, a move of `position` from the order's `band`, out of the search
    /// of the node at `ply`, `depth` deep, whose moves searched so far have `best` as their
    /// best score; `pv_node` says whether it is a PV node.
    ///
    /// Only a quiet move of the quiet band is pruned: not the table's move, a capture, a
    /// killer or the countermove, which the order put first for a reason, nor a promotion.
    /// The node must have at most [`HISTORY_PRUNING_MAX_DEPTH`] plies left, be neither a PV
    /// node nor in check, and have searched a move that is not mated ([`may_prune`]). The
    /// move is pruned when its ordering score is below [`HISTORY_PRUNING_FAILURES`] times the
    /// malus a failure at that depth teaches, below zero.
    pub(super) fn history_prune(
        &mut self,
        position: &Position,
        (mv, band): (Move, Band),
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
        if depth > HISTORY_PRUNING_MAX_DEPTH {
            return false;
        }
        if self.in_check(ply) || !may_prune(best) {
            return false;
        }
        let previous = self.previous_moves(ply);
        let score = self.tables.quiet_score(position, mv, &previous);
        let pruned = score < -HISTORY_PRUNING_FAILURES * cutoff_bonus(depth);
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

    /// A non-PV node at a depth that prunes.
    const NODE: (Depth, bool) = (2, false);

    /// What the history was taught about the move asked about before it is asked: that it
    /// failed so many times (another quiet move cutting off after it), or cut off so many.
    #[derive(Clone, Copy)]
    enum Taught {
        Failed(usize),
        CutOff(usize),
    }

    /// Whether `config`'s search prunes `uci` of `fen`, from `band`, at a node at [`PLY`]
    /// `depth` deep whose best score so far is `best`, once the history has been `taught`
    /// about it at depth 2.
    fn prunes(
        config: SearchConfig,
        (fen, uci, band): (&str, &str, Band),
        (depth, pv_node): (Depth, bool),
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
        searcher.history_prune(&position, (mv, band), depth, (PLY, pv_node), best)
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
            .find(|&n| prunes(on(), ROOK, (1, false), Some(0), Taught::Failed(n)))
            .unwrap();
        assert!(!prunes(
            on(),
            ROOK,
            (3, false),
            Some(0),
            Taught::Failed(few)
        ));
    }

    #[test]
    fn only_the_quiet_band_is_pruned() {
        for band in [Band::Hint, Band::Killer, Band::Countermove] {
            let node = (QUIET, "a1a2", band);
            assert!(!prunes(on(), node, NODE, Some(0), Taught::Failed(200)));
        }
    }

    #[test]
    fn no_pruning_at_pv_nodes_deep_nodes_in_check_or_before_a_move_is_searched() {
        let failed = Taught::Failed(200);
        assert!(!prunes(on(), ROOK, (2, true), Some(0), failed), "PV");
        let deep = (HISTORY_PRUNING_MAX_DEPTH + 1, false);
        assert!(!prunes(on(), ROOK, deep, Some(0), failed), "deep");
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
