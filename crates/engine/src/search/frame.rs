//! The search's stack: what it keeps about each ply of the path from the root.

use super::Searcher;
use crate::eval::evaluate;
use crate::moves::Move;
use crate::piece::Piece;
use crate::position::Position;

/// What the search keeps about one ply of its current path, for the plies below to look back
/// at: the key (repetitions), the static evaluation (once a technique needs it), the move
/// that reached the ply with the piece that made it (that piece may be captured later, so it
/// is kept rather than looked up), and whether that move was a null move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Frame {
    /// The position's Zobrist key.
    pub key: u64,
    /// The position's static evaluation, if the search has worked it out.
    pub static_eval: Option<i32>,
    /// The move that led here and the piece that made it; `None` at the root.
    pub moved: Option<(Move, Piece)>,
    /// Whether the move that led here was a null move (passing the turn).
    pub null: bool,
}

impl Searcher<'_> {
    /// The position after `mv` in `position`, at `ply`, with the frame at `ply + 1` filled in
    /// for it.
    #[inline]
    pub(super) fn play(&mut self, position: &Position, mv: Move, ply: usize) -> Position {
        let frame = &mut self.stack[ply + 1];
        frame.moved = Some((mv, position.moving_piece(mv)));
        let child = position.make(mv);
        frame.key = child.key();
        frame.static_eval = None;
        frame.null = false;
        child
    }

    /// The position after passing the turn in `position`, at `ply`, with the frame at
    /// `ply + 1` filled in for it: no move led there, and it was a null move.
    pub(super) fn play_null(&mut self, position: &Position, ply: usize) -> Position {
        let child = position.make_null();
        self.stack[ply + 1] = Frame {
            key: child.key(),
            static_eval: None,
            moved: None,
            null: true,
        };
        child
    }

    /// The static evaluation of `position`, the node at `ply`: worked out the first time a
    /// step asks for it and kept in the node's frame for the steps after it.
    pub(super) fn static_eval(&mut self, position: &Position, ply: usize) -> i32 {
        *self.stack[ply]
            .static_eval
            .get_or_insert_with(|| evaluate(position))
    }
}
