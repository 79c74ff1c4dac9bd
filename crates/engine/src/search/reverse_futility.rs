//! Reverse futility pruning, also called static null move pruning: at a shallow node whose
//! static evaluation stands far above beta, trust the evaluation and cut the node off without
//! searching a move. A few plies of search are not expected to lose the margin.

use super::{Depth, Searcher};
use crate::config::Switches;
use crate::position::Position;
use crate::score::MATE_BOUND;

/// The most depth left at which the step prunes. With more depth left, a search of the node is
/// more likely to find what the evaluation cannot see, and the margin it would need grows too
/// wide to be met.
pub const REVERSE_FUTILITY_MAX_DEPTH: Depth = 6;

/// The margin a ply of depth, in centipawns: a node `depth` plies deep is cut off when its
/// static evaluation is at least `depth * REVERSE_FUTILITY_MARGIN` above beta. Chosen by
/// measurement in chapter 12.1: of the margins tried, the smallest that solved as many of the
/// tactics suite's positions at a fixed number of nodes as the wider ones.
pub const REVERSE_FUTILITY_MARGIN: i32 = 75;

impl Searcher<'_> {
    /// The score that ends the node at `ply`, `depth` plies deep with the window (`alpha`,
    /// `beta`), if its static evaluation is at least the margin for its depth above `beta`;
    /// `None` if the step does not apply or the evaluation is not high enough.
    ///
    /// It returns the evaluation itself, not `beta`: the search is fail-soft, and the
    /// evaluation is the best guess of the node's score it has. The step is taken only where
    /// a guess is safe: not at a PV node (whose exact score is wanted) nor at the root, not in
    /// check (where the evaluation of a quiet position means nothing), not deeper than
    /// [`REVERSE_FUTILITY_MAX_DEPTH`], and not when beta is a mate score, which no
    /// evaluation can prove or disprove.
    pub(super) fn reverse_futility(
        &mut self,
        position: &Position,
        depth: Depth,
        ply: usize,
        (alpha, beta): (i32, i32),
    ) -> Option<i32> {
        if !self.config.is_on(Switches::REVERSE_FUTILITY) {
            return None;
        }
        let allowed = ply > 0
            && !self.is_pv_node((alpha, beta))
            && depth <= REVERSE_FUTILITY_MAX_DEPTH
            && beta.abs() < MATE_BOUND
            && !self.in_check(ply);
        if !allowed {
            return None;
        }
        let eval = self.static_eval(position, ply);
        let cut = eval - depth * REVERSE_FUTILITY_MARGIN >= beta;
        self.stats.reverse_futility(cut);
        cut.then_some(eval)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::SearchConfig;
    use crate::score::MATE;
    use crate::search::{Control, Frame};
    use crate::tt::TranspositionTable;

    /// A rook up for White, White to move, nothing attacked: an evaluation far above a beta
    /// of 0.
    const ROOK_UP: &str = "4k3/8/8/8/8/8/8/R3K3 w - - 0 1";

    /// One node's reverse futility step, as the node function would take it: `fen` at ply 1,
    /// `depth` deep with the window `window`, under `config`. What it returned, and the
    /// nodes where it looked at the evaluation.
    fn step(
        fen: &str,
        config: SearchConfig,
        depth: Depth,
        window: (i32, i32),
    ) -> (Option<i32>, u64) {
        let position = Position::from_fen(fen).unwrap();
        let mut table = TranspositionTable::new(1).unwrap();
        let mut searcher = Searcher::new(&[], Control::default(), &mut table, config);
        searcher.stack[1] = Frame::of(&position);
        let cut = searcher.reverse_futility(&position, depth, 1, window);
        (cut, searcher.stats.futility_tries)
    }

    /// What the step returns at a depth-1 node of `fen` with the null window (-1, 0), under
    /// every switch.
    fn at_beta_zero(fen: &str) -> Option<i32> {
        step(fen, SearchConfig::default(), 1, (-1, 0)).0
    }

    /// The static evaluation the search takes of `fen` under `config`.
    fn evaluate(fen: &str, config: SearchConfig) -> i32 {
        let mut table = TranspositionTable::new(1).unwrap();
        let searcher = Searcher::new(&[], Control::default(), &mut table, config);
        searcher.evaluate(&Position::from_fen(fen).unwrap())
    }

    #[test]
    fn a_rook_up_at_a_shallow_node_is_cut_off_with_its_evaluation() {
        let eval = evaluate(ROOK_UP, SearchConfig::default());
        assert!(eval > REVERSE_FUTILITY_MARGIN, "{eval}");
        assert_eq!(at_beta_zero(ROOK_UP), Some(eval));
    }

    #[test]
    fn no_cutoff_when_the_evaluation_is_within_the_margin() {
        let eval = evaluate(ROOK_UP, SearchConfig::default());
        let beta = eval - REVERSE_FUTILITY_MARGIN;
        let config = SearchConfig::default();
        assert_eq!(step(ROOK_UP, config, 1, (beta - 1, beta)).0, Some(eval));
        let beta = beta + 1;
        assert_eq!(step(ROOK_UP, config, 1, (beta - 1, beta)), (None, 1));
    }

    #[test]
    fn no_cutoff_with_the_switch_off() {
        let off = SearchConfig::preset(14).unwrap();
        assert_eq!(step(ROOK_UP, off, 1, (-1, 0)), (None, 0));
    }

    #[test]
    fn no_cutoff_in_check() {
        // White is a rook up either way; the black rook on h1 checks the king on e1, and the
        // node is not cut off, while on g2 it does not, and the node is.
        assert_eq!(at_beta_zero("4k3/8/8/8/8/8/8/RR2K2r w - - 0 1"), None);
        assert!(at_beta_zero("4k3/8/8/8/8/8/6r1/RR2K3 w - - 0 1").is_some());
    }

    #[test]
    fn no_cutoff_at_a_pv_node_unless_pvs_is_off() {
        let wide = (-100, 0);
        assert_eq!(step(ROOK_UP, SearchConfig::default(), 1, wide).0, None);
        let mut no_pvs = SearchConfig::default();
        no_pvs.set("pvs", false).unwrap();
        assert!(step(ROOK_UP, no_pvs, 1, wide).0.is_some());
    }

    #[test]
    fn no_cutoff_deeper_than_the_depth_limit() {
        // Beta so low that any margin at any depth is met: only the depth limit stops it.
        let low = (-2001, -2000);
        let config = SearchConfig::default();
        let deepest = REVERSE_FUTILITY_MAX_DEPTH;
        assert!(step(ROOK_UP, config, deepest, low).0.is_some());
        assert_eq!(step(ROOK_UP, config, deepest + 1, low), (None, 0));
    }

    #[test]
    fn no_cutoff_when_beta_is_a_mate_score() {
        let config = SearchConfig::default();
        // Being mated in 3 is beta: an evaluation cannot say that no mate is near.
        let mated = -(MATE - 3);
        assert_eq!(step(ROOK_UP, config, 1, (mated - 1, mated)), (None, 0));
        let mating = MATE - 3;
        assert_eq!(step(ROOK_UP, config, 1, (mating - 1, mating)), (None, 0));
    }
}
