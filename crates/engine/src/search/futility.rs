//! Futility pruning: at a shallow node whose static evaluation stands so far below alpha that
//! not even a margin for the depth brings it up, a quiet move is not searched. A quiet move
//! changes no material, and a few plies of search are not expected to find the rest.
//!
//! It is reverse futility pruning (chapter 12.1) turned round: that step cuts a node off when
//! its evaluation is far above beta, before any move; this one leaves out a node's quiet moves
//! one by one when its evaluation is far below alpha, after at least one move has been
//! searched, so that the node still has a score of its own to return.

use super::move_pruning::{gives_check, may_prune};
use super::{Depth, Searcher};
use crate::config::Switches;
use crate::moves::Move;
use crate::position::Position;

/// The deepest node that prunes futile moves: deeper, the search below a quiet move has room
/// to win back more than any margin that would still prune.
pub const FUTILITY_MAX_DEPTH: Depth = 6;

/// The margin at every depth, in centipawns: see [`futility_margin`].
pub const FUTILITY_MARGIN_BASE: i32 = 100;

/// The margin a ply of depth adds, in centipawns: see [`futility_margin`].
pub const FUTILITY_MARGIN_PER_PLY: i32 = 100;

/// How far below alpha a node `depth` plies deep may stand, by its static evaluation, and
/// still search its quiet moves: [`FUTILITY_MARGIN_BASE`] + depth × [`FUTILITY_MARGIN_PER_PLY`].
/// The deeper the node, the more a quiet move's subtree may win back.
pub fn futility_margin(depth: Depth) -> i32 {
    FUTILITY_MARGIN_BASE + depth * FUTILITY_MARGIN_PER_PLY
}

impl Searcher<'_> {
    /// Whether to leave out `mv`, a move of `position`, the node at `ply` `depth` plies deep,
    /// because the node's static evaluation plus [`futility_margin`] is at or below `alpha`; `pv_node` says
    /// whether it is a PV node, and `best` is the best score of the moves searched so far.
    ///
    /// Only a quiet move is pruned (a capture or a promotion changes the material, which is
    /// what the margin stands in for), at a node no deeper than [`FUTILITY_MAX_DEPTH`], not a
    /// PV node and not in check, and only once the node has searched a move that is not mated
    /// ([`may_prune`]). A move that gives check is searched: a check changes what the
    /// evaluation of a quiet position says, and a mate is a quiet move too. (Late move pruning
    /// prunes checks, since it would have to make every late move to know; this step asks only
    /// about the moves it is about to prune.)
    pub(super) fn futility_prune(
        &mut self,
        position: &Position,
        mv: Move,
        depth: Depth,
        (ply, pv_node): (usize, bool),
        (alpha, best): (i32, Option<i32>),
    ) -> bool {
        if !self.config.is_on(Switches::FUTILITY) {
            return false;
        }
        if pv_node || depth > FUTILITY_MAX_DEPTH || !mv.is_quiet() || self.in_check(ply) {
            return false;
        }
        if !may_prune(best) {
            return false;
        }
        // Every node of the main search that is not in check has its evaluation in its frame.
        let Some(eval) = self.stack[ply].static_eval else {
            return false;
        };
        let futile = eval + futility_margin(depth) <= alpha && !gives_check(position, mv);
        self.stats.futile_moves_pruned += u64::from(futile);
        futile
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::SearchConfig;
    use crate::movegen::find_move;
    use crate::position::Position;
    use crate::score::MATE_BOUND;
    use crate::search::{Control, Frame};
    use crate::tt::TranspositionTable;

    /// White to move, not in check, with a quiet rook move (a1a2), a capture (a1a5) and a
    /// promotion that takes nothing (b7b8q).
    const MOVES: &str = "4k3/1P6/8/r7/8/8/8/R3K3 w - - 0 1";

    /// Whether `config`'s search prunes `uci` in `fen` at a node at ply 1, `depth` deep and
    /// not a PV node unless `pv_node`, whose static evaluation is `eval`, with `alpha` and the
    /// best score so far `best`.
    fn prunes(
        config: SearchConfig,
        (fen, uci): (&str, &str),
        (depth, pv_node): (Depth, bool),
        (eval, alpha, best): (i32, i32, Option<i32>),
    ) -> bool {
        let position = Position::from_fen(fen).unwrap();
        let mut table = TranspositionTable::new(1).unwrap();
        let mut searcher = Searcher::new(&[], Control::default(), &mut table, config);
        let frame = Frame::of(&position);
        let static_eval = (!frame.in_check).then_some(eval);
        searcher.stack[1] = Frame {
            static_eval,
            ..frame
        };
        let mv = find_move(&position, uci).unwrap();
        searcher.futility_prune(&position, mv, depth, (1, pv_node), (alpha, best))
    }

    /// [`prunes`] under every switch at a non-PV node 2 plies deep, whose evaluation is `eval`
    /// against an alpha of 0, after a move that scored 0.
    fn prunes_at(fen: &str, uci: &str, eval: i32) -> bool {
        let config = SearchConfig::default();
        prunes(config, (fen, uci), (2, false), (eval, 0, Some(0)))
    }

    #[test]
    fn a_quiet_move_is_pruned_once_the_margin_no_longer_reaches_alpha() {
        let margin = futility_margin(2);
        assert!(prunes_at(MOVES, "a1a2", -margin));
        assert!(!prunes_at(MOVES, "a1a2", -margin + 1));
    }

    #[test]
    fn the_margin_grows_with_depth() {
        for depth in 1..FUTILITY_MAX_DEPTH {
            assert!(futility_margin(depth + 1) > futility_margin(depth));
        }
        assert!(futility_margin(1) > 0);
    }

    #[test]
    fn captures_and_promotions_are_never_pruned() {
        assert!(!prunes_at(MOVES, "a1a5", -5000), "a capture");
        assert!(!prunes_at(MOVES, "b7b8q", -5000), "a promotion");
    }

    #[test]
    fn a_quiet_move_that_gives_check_is_searched() {
        // Ra1-a8 is a quiet move that gives check (and mate); Ra1-a2 does not check.
        let mate = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1";
        assert!(!prunes_at(mate, "a1a8", -5000));
        assert!(prunes_at(mate, "a1a2", -5000));
    }

    #[test]
    fn no_move_of_a_node_in_check_is_pruned() {
        // The black rook on e8 checks the white king, which steps aside quietly.
        assert!(!prunes_at(
            "4r1k1/8/8/8/8/8/8/R3K3 w - - 0 1",
            "e1d1",
            -5000
        ));
    }

    #[test]
    fn pv_nodes_deep_nodes_and_nodes_with_nothing_searched_prune_nothing() {
        let config = SearchConfig::default();
        let low = (-5000, 0, Some(0));
        let quiet = (MOVES, "a1a2");
        assert!(!prunes(config, quiet, (2, true), low), "a PV node");
        let deep = (FUTILITY_MAX_DEPTH + 1, false);
        assert!(!prunes(config, quiet, deep, low), "too deep");
        assert!(prunes(config, quiet, (FUTILITY_MAX_DEPTH, false), low));
        let nothing_yet = (-5000, 0, None);
        assert!(
            !prunes(config, quiet, (2, false), nothing_yet),
            "no move yet"
        );
        let mated = (-5000, 0, Some(-MATE_BOUND));
        assert!(!prunes(config, quiet, (2, false), mated), "mated so far");
    }

    #[test]
    fn nothing_is_pruned_with_the_switch_off() {
        let off = SearchConfig::preset(17).unwrap();
        let low = (-5000, 0, Some(0));
        assert!(!prunes(off, (MOVES, "a1a2"), (2, false), low));
    }
}
