//! Searching one child of a node: the one place where the main search goes a ply deeper.

use super::{Depth, Searcher, Stopped};
use crate::moves::Move;
use crate::position::Position;

impl Searcher<'_> {
    /// The score, for the side to move in `position`, of playing `mv` there, at `ply`, with
    /// `depth` plies left and the window (`alpha`, `beta`).
    ///
    /// Every move of the main search goes through here. Today it is one full-window search a
    /// ply shorter; principal variation search and late move reductions will make it a ladder
    /// (a reduced null-window search, then full depth, then the full window), written once
    /// for both.
    pub(super) fn search_child(
        &mut self,
        position: &Position,
        mv: Move,
        depth: Depth,
        ply: usize,
        (alpha, beta): (i32, i32),
    ) -> Result<i32, Stopped> {
        let child = self.play(position, mv, ply);
        Ok(-self.negamax(&child, depth - 1, ply + 1, -beta, -alpha)?)
    }
}
