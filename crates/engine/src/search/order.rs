//! Which moves a node searches, and in what order.

use super::Searcher;
use crate::movegen::{MoveList, legal_moves};
use crate::moves::Move;
use crate::ordering::MovePicker;
use crate::position::Position;

impl Searcher<'_> {
    /// The moves of `position`, at `ply`, in the order the node searches them. The root
    /// searches its own list, which iterative deepening keeps in order (the last depth's best
    /// first); every other node orders its legal moves, trying first the `hash_move` the
    /// transposition table found for it, or else the move the last iteration's line plays
    /// there, if the node lies on that line.
    pub(super) fn ordered_moves(
        &self,
        position: &Position,
        ply: usize,
        hash_move: Option<Move>,
    ) -> MovePicker {
        if ply == 0 {
            let mut moves = MoveList::new();
            self.root_moves.iter().for_each(|&mv| moves.push(mv));
            return MovePicker::in_order(moves);
        }
        let first = hash_move.or_else(|| self.hint(ply));
        MovePicker::new(position, legal_moves(position), first)
    }

    /// The move the last iteration's line plays at `ply`, if the path from the root to `ply`
    /// is that line's beginning; `None` for any node off the line.
    fn hint(&self, ply: usize) -> Option<Move> {
        let path = self.stack[1..=ply].iter().map(|frame| frame.moved);
        let on_line = path
            .zip(&self.previous)
            .all(|(moved, &mv)| moved.is_some_and(|(played, _)| played == mv));
        if on_line {
            self.previous.get(ply).copied()
        } else {
            None
        }
    }
}
