//! Which moves a node searches, and in what order.

use super::{Depth, Frame, Searcher};
use crate::config::Switches;
use crate::movegen::{MoveList, legal_moves};
use crate::moves::Move;
use crate::ordering::{Band, CONTINUATION_PLIES, MovePicker, PieceTo, Previous};
use crate::position::Position;

impl Searcher<'_> {
    /// The moves of `position`, at `ply`, in the order the node searches them. The root
    /// searches its own list, which iterative deepening keeps in order (the last depth's best
    /// first); every other node orders its legal moves, trying first the `hash_move` the
    /// transposition table found for it, or else the move the last iteration's line plays
    /// there, if the node lies on that line; then the captures, then the quiet moves in the
    /// order the killers, countermoves and history have learnt, then the captures that lose
    /// material.
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
        let picker = MovePicker::new(position, legal_moves(position), first).learnt(
            position,
            &self.tables,
            ply,
            &self.previous_moves(ply),
        );
        self.losing_captures_last(position, picker)
    }

    /// The moves of the node that `mv` leads to from `position`, the root, in the order that
    /// node's search would try them now, each with its band and key: what the transposition
    /// table and the ordering tables say after a search, laid out for the book's picture of
    /// one node's order. The search itself never needs the keys.
    pub(crate) fn order_after(&mut self, position: &Position, mv: Move) -> Vec<(Move, Band, i32)> {
        self.stack[0] = Frame::of(position);
        let node = self.play(position, mv, 0);
        let hash_move = self.table.probe(node.key(), 1).and_then(|hit| hit.mv);
        let mut picker = self.ordered_moves(&node, 1, hash_move);
        std::iter::from_fn(|| picker.next_with_key()).collect()
    }

    /// `picker`, a node's moves in `position`, with the captures that lose material by the
    /// static exchange evaluation moved after the quiet moves (stage 18): a capture that gives
    /// a piece for a pawn is tried after the moves that give nothing.
    fn losing_captures_last(&self, position: &Position, picker: MovePicker) -> MovePicker {
        if !self.config.is_on(Switches::SEE_ORDERING) {
            return picker;
        }
        picker.losing_captures_last(position)
    }

    /// The moves that led to the node at `ply`. The last, with the piece that made it, for
    /// the countermove: none at the root, and none after a null move, which no move can be a
    /// reply to. The last [`CONTINUATION_PLIES`] by piece and destination, for continuation
    /// history: none for a ply before the root or reached by a null move, and none at all when
    /// continuation history is switched off, so that it neither looks anything up nor learns.
    pub(super) fn previous_moves(&self, ply: usize) -> Previous {
        let frame = &self.stack[ply];
        let mut previous = Previous {
            mv: frame.moved.filter(|_| !frame.null),
            moved: [None; CONTINUATION_PLIES],
        };
        if self.config.is_on(Switches::CONTINUATION_HISTORY) {
            for (back, moved) in previous.moved.iter_mut().enumerate() {
                let earlier = ply.checked_sub(back).and_then(|at| self.stack[at].moved);
                *moved = earlier.map(|(mv, piece)| PieceTo::new(piece, mv));
            }
        }
        previous
    }

    /// Teaches the ordering tables that `best`, a move of `position` at `ply` with `depth`
    /// plies left, caused a beta cutoff after the moves in `tried` did not. Only a quiet move
    /// teaches them: a capture is ordered by what it takes, and stays out of the quiet bands.
    pub(super) fn record_cutoff(
        &mut self,
        position: &Position,
        best: Move,
        tried: &[Move],
        depth: Depth,
        ply: usize,
    ) {
        if best.is_capture() {
            return;
        }
        let previous = self.previous_moves(ply);
        let config = self.config;
        self.tables
            .record_cutoff(config, position, best, tried, ply, depth, &previous);
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
