//! Searching one child of a node: the one place where the main search goes a ply deeper by a
//! move (the null move's pass is the other way down).

use super::{Depth, Searcher, Stopped};
use crate::moves::Move;
use crate::ordering::Band;
use crate::position::Position;

impl Searcher<'_> {
    /// The score, for the side to move in `position`, of playing `mv` (from the order's
    /// `band`) there, at `ply`, with `depth` plies left and the window (`alpha`, `beta`);
    /// `searched` moves of the node came before it, and `pv_node` says whether the node is a
    /// PV node.
    ///
    /// Every move of the main search goes through here, and climbs a ladder of searches, each
    /// wider or deeper than the one before, until one settles it. A late quiet move is first
    /// searched at a reduced depth with a null window (`alpha`, `alpha + 1`): if it does not
    /// reach above alpha, that is taken as its answer. Then, at a PV node, every move after
    /// the first is searched at full depth with the null window: all the search needs to know
    /// is whether it beats the best so far, and usually it does not. Only a move that does,
    /// without reaching `beta`, is searched again with the full window for its exact score.
    /// At a node that is not a PV node the window is already a null window, so the last rung
    /// is the full-depth search. Every rung searches the child at the depth its extension
    /// gives it (a check, or the singular test's answer for the table's move).
    ///
    /// Each rung also tells the child what kind of node it expects it to be. A scout expects
    /// the move to fail low, so the child to be cut off; the full window makes the child a PV
    /// node; and the full-depth search of a node that is not a PV node expects its child to be
    /// the other kind of node from itself, cut below all and all below cut.
    pub(super) fn search_child(
        &mut self,
        position: &Position,
        (mv, band, searched): (Move, Band, usize),
        depth: Depth,
        (ply, pv_node): (usize, bool),
        (alpha, beta): (i32, i32),
    ) -> Result<i32, Stopped> {
        let child = self.play(position, mv, ply);
        let depth = depth + self.extension(mv, ply);
        let reduction = self.reduction(position, (mv, band), depth, searched, (ply, pv_node));
        if reduction > 0 {
            let reduced = depth - 1 - reduction;
            self.stack[ply + 1].cut_node = true;
            let score = -self.negamax(&child, reduced, ply + 1, -alpha - 1, -alpha)?;
            self.stats.reduction(score > alpha);
            if score <= alpha {
                return Ok(score);
            }
        }
        if searched > 0 && pv_node {
            self.stack[ply + 1].cut_node = true;
            let score = -self.negamax(&child, depth - 1, ply + 1, -alpha - 1, -alpha)?;
            let settled = score <= alpha || score >= beta;
            self.stats.scout(!settled);
            if settled {
                return Ok(score);
            }
        }
        self.stack[ply + 1].cut_node = !pv_node && !self.stack[ply].cut_node;
        Ok(-self.negamax(&child, depth - 1, ply + 1, -beta, -alpha)?)
    }
}
