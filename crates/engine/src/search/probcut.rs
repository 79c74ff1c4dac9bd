//! ProbCut (section 14.1): at a node deep enough, a capture that wins so much that a shallow
//! search of it clears beta by a wide margin is taken as proof that the full search would clear
//! beta too, and the node is cut off.
//!
//! A search `d` deep and one `d - 4` deep usually agree on a position's score within a margin;
//! where the shallow one finds the score far above beta, the deep one will rarely bring it down
//! below. The bet is only made on captures, whose gain the static exchange evaluation can
//! vouch for first, and each is checked by quiescence before the shallow search is paid for.

use super::{Depth, Searcher, Stopped};
use crate::config::Switches;
use crate::movegen::captures;
use crate::ordering::MovePicker;
use crate::position::Position;
use crate::score::MATE_BOUND;
use crate::see::see_at_least;
use crate::tt::{Bound, Hit};

/// The shallowest node that tries ProbCut: the shallow search is this much less one ply
/// shallower than the node's own, and must still be a search.
pub const PROBCUT_MIN_DEPTH: Depth = 5;

/// How many plies shallower than the node the confirming search is.
pub const PROBCUT_REDUCTION: Depth = 4;

/// How far above beta, in centipawns, the shallow search must find a capture for the node to
/// be cut off: two pawns, wider than the shallow and the deep search usually disagree by.
pub const PROBCUT_MARGIN: i32 = 200;

impl Searcher<'_> {
    /// The score that cuts off `position`, the node at `ply` searched `depth` deep with the
    /// window (`alpha`, `beta`), if a capture clears `beta + PROBCUT_MARGIN` in quiescence
    /// and then in a search [`PROBCUT_REDUCTION`] plies shallower; `None` otherwise.
    ///
    /// Not at the root or a PV node (whose exact score is wanted), not in check, not at a node
    /// shallower than [`PROBCUT_MIN_DEPTH`], and not when beta is a mate score, which no margin
    /// can clear; nor when the table's entry `hit` already answers the shallow search
    /// ([`table_refutes`]). A capture is tried only if the static exchange evaluation says it
    /// wins at least what the node's static evaluation lacks of the raised bound: a capture
    /// that cannot get there on the board is not searched to find out.
    pub(super) fn probcut(
        &mut self,
        position: &Position,
        hit: Option<Hit>,
        depth: Depth,
        ply: usize,
        (alpha, beta): (i32, i32),
    ) -> Result<Option<i32>, Stopped> {
        if !self.config.is_on(Switches::PROBCUT) {
            return Ok(None);
        }
        let asked = ply > 0
            && !self.is_pv_node((alpha, beta))
            && depth >= PROBCUT_MIN_DEPTH
            && !self.in_check(ply)
            && beta.abs() < MATE_BOUND;
        if !asked {
            return Ok(None);
        }
        let raised = beta + PROBCUT_MARGIN;
        if hit.is_some_and(|hit| table_refutes(hit, depth, raised)) {
            return Ok(None);
        }
        let lacking = raised - self.static_eval(position, ply);
        for mv in MovePicker::new(position, captures(position), None) {
            if !see_at_least(position, mv, lacking) {
                continue;
            }
            let child = self.play(position, mv, ply);
            // As for the null move's pass: the child is the other kind of node from its parent.
            self.stack[ply + 1].cut_node = !self.stack[ply].cut_node;
            let mut score = -self.quiescence(&child, ply + 1, -raised, -raised + 1)?;
            if score >= raised {
                let shallow = depth - PROBCUT_REDUCTION;
                score = -self.negamax(&child, shallow, ply + 1, -raised, -raised + 1)?;
            }
            if score >= raised {
                self.stats.probcuts += 1;
                return Ok(Some(score));
            }
        }
        Ok(None)
    }
}

/// Whether the table's entry `hit` already says that ProbCut's bet at a node `depth` deep
/// would lose: searched at least as deep as the shallow search would search the node, it found
/// the node's score below `raised`, exactly or as an upper bound. The shallow search would
/// most likely find no more, and it is not paid for. A lower bound below `raised` says nothing
/// of whether the score reaches it.
fn table_refutes(hit: Hit, depth: Depth, raised: i32) -> bool {
    hit.depth > depth - PROBCUT_REDUCTION && hit.bound != Bound::Lower && hit.score < raised
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::SearchConfig;
    use crate::search::{Control, Frame};
    use crate::tt::TranspositionTable;

    /// White to move can take Black's undefended queen on d5 with the rook.
    const FREE_QUEEN: &str = "3k4/8/8/3q4/8/8/8/3RK3 w - - 0 1";

    /// Nothing to take: kings and pawns, level.
    const NOTHING: &str = "4k3/pppp4/8/8/8/8/PPPP4/4K3 w - - 0 1";

    /// White to move in check from the rook on e8, with a capture elsewhere (a1xa7).
    const CHECK: &str = "4r1k1/r7/8/8/8/8/8/R3K3 w - - 0 1";

    /// What ProbCut says of `fen` under `config`, at ply 1 of a search, `depth` deep, with the
    /// window (`alpha`, `beta`), and no entry in the table.
    fn probcut(config: SearchConfig, fen: &str, depth: Depth, window: (i32, i32)) -> Option<i32> {
        probcut_after(config, fen, None, depth, window)
    }

    /// What ProbCut says of `fen`, as [`probcut`], with `hit` the table's entry for it.
    fn probcut_after(
        config: SearchConfig,
        fen: &str,
        hit: Option<Hit>,
        depth: Depth,
        (alpha, beta): (i32, i32),
    ) -> Option<i32> {
        let position = Position::from_fen(fen).unwrap();
        let mut table = TranspositionTable::new(1).unwrap();
        let mut searcher = Searcher::new(&[], Control::default(), &mut table, config);
        searcher.stack[1] = Frame::of(&position);
        searcher
            .probcut(&position, hit, depth, 1, (alpha, beta))
            .unwrap()
    }

    /// The search with section 14.1's ProbCut switched on.
    fn on() -> SearchConfig {
        let mut config = SearchConfig::default();
        config.set("probcut", true).unwrap();
        config
    }

    /// A null window at beta 0, as at a node that is not a PV node.
    const NULL: (i32, i32) = (-1, 0);

    #[test]
    fn a_capture_that_clears_beta_by_the_margin_cuts_the_node_off() {
        let cut = probcut(on(), FREE_QUEEN, PROBCUT_MIN_DEPTH, NULL);
        assert!(cut.is_some_and(|score| score >= PROBCUT_MARGIN), "{cut:?}");
    }

    #[test]
    fn no_cut_without_a_capture_that_clears_it() {
        assert_eq!(probcut(on(), NOTHING, PROBCUT_MIN_DEPTH, NULL), None);
        // The queen is worth less than a bound raised nine pawns above beta.
        assert_eq!(
            probcut(on(), FREE_QUEEN, PROBCUT_MIN_DEPTH, (899, 900)),
            None
        );
    }

    #[test]
    fn no_cut_at_pv_nodes_shallow_nodes_in_check_for_mate_scores_or_with_the_switch_off() {
        let depth = PROBCUT_MIN_DEPTH;
        assert_eq!(probcut(on(), FREE_QUEEN, depth, (-100, 100)), None, "PV");
        assert_eq!(probcut(on(), FREE_QUEEN, depth - 1, NULL), None, "shallow");
        assert_eq!(probcut(on(), CHECK, depth, NULL), None, "in check");
        let mate = (MATE_BOUND, MATE_BOUND + 1);
        assert_eq!(probcut(on(), FREE_QUEEN, depth, mate), None, "mate");
        let off = SearchConfig::default();
        assert_eq!(probcut(off, FREE_QUEEN, depth, NULL), None, "off");
    }

    #[test]
    fn an_entry_as_deep_as_the_shallow_search_and_below_the_bound_spares_it() {
        let depth = PROBCUT_MIN_DEPTH + 2;
        let entry = |score, bound, entry_depth| {
            let hit = Hit {
                mv: None,
                score,
                depth: entry_depth,
                bound,
            };
            probcut_after(on(), FREE_QUEEN, Some(hit), depth, NULL)
        };
        let as_deep = depth - PROBCUT_REDUCTION + 1;
        assert_eq!(entry(0, Bound::Upper, as_deep), None, "upper bound");
        assert_eq!(entry(0, Bound::Exact, as_deep), None, "exact");
        // The entry cannot answer: too shallow, a lower bound, or at the raised bound.
        assert!(entry(0, Bound::Upper, as_deep - 1).is_some(), "shallow");
        assert!(entry(0, Bound::Lower, as_deep).is_some(), "lower bound");
        assert!(
            entry(PROBCUT_MARGIN, Bound::Exact, as_deep).is_some(),
            "at the bound"
        );
    }
}
