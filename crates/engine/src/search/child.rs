//! Searching one child of a node: the one place where the main search goes a ply deeper.

use super::{Depth, Searcher, Stopped};
use crate::moves::Move;
use crate::position::Position;

impl Searcher<'_> {
    /// The score, for the side to move in `position`, of playing `mv` there, at `ply`, with
    /// `depth` plies left and the window (`alpha`, `beta`); `searched` moves of the node came
    /// before it, and `pv_node` says whether the node is a PV node.
    ///
    /// Every move of the main search goes through here, and climbs a ladder of searches, each
    /// wider than the one before, until one settles it. At a PV node, every move after the
    /// first is searched first with a null window (`alpha`, `alpha + 1`): all the search needs
    /// to know is whether it beats the best so far, and usually it does not. Only a move that
    /// does, without reaching `beta`, is searched again with the full window for its exact
    /// score. Late move reductions will add a rung below: the null window at reduced depth.
    /// Every rung searches the child at the depth its extension gives it.
    pub(super) fn search_child(
        &mut self,
        position: &Position,
        (mv, searched): (Move, usize),
        depth: Depth,
        (ply, pv_node): (usize, bool),
        (alpha, beta): (i32, i32),
    ) -> Result<i32, Stopped> {
        let child = self.play(position, mv, ply);
        let depth = depth + self.check_extension(ply);
        if searched > 0 && pv_node {
            let score = -self.negamax(&child, depth - 1, ply + 1, -alpha - 1, -alpha)?;
            let settled = score <= alpha || score >= beta;
            self.stats.scout(!settled);
            if settled {
                return Ok(score);
            }
        }
        Ok(-self.negamax(&child, depth - 1, ply + 1, -beta, -alpha)?)
    }
}
