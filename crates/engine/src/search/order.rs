//! Which moves a node searches, and in what order.

use super::{Depth, Frame, Searcher};
use crate::config::Switches;
use crate::movegen::{MoveList, legal_moves};
use crate::moves::Move;
use crate::ordering::{Band, CONTINUATION_PLIES, MovePicker, PieceTo, Previous};
use crate::position::Position;

/// The fewest plies a node must have left to use continuation history under `conthist2`.
pub(super) const CONTINUATION_HISTORY_MIN_DEPTH: Depth = 2;

impl Searcher<'_> {
    /// The moves of `position`, at `ply` with `depth` plies left, in the order the node
    /// searches them. The root searches its own list, which iterative deepening keeps in order
    /// (the last depth's best first); every other node orders its legal moves, trying first
    /// the `hash_move` the transposition table found for it, or else the move the last
    /// iteration's line plays there, if the node lies on that line; then the captures, then
    /// the quiet moves in the order the killers, countermoves and history have learnt, then
    /// the captures that lose material.
    pub(super) fn ordered_moves(
        &self,
        position: &Position,
        ply: usize,
        depth: Depth,
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
            &self.previous_moves(ply, depth),
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
        // The node's depth is not known here; one deep enough to use every table shows them all.
        let mut picker = self.ordered_moves(&node, 1, Depth::MAX, hash_move);
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

    /// The moves that led to the node at `ply`, which has `depth` plies left. The last, with
    /// the piece that made it, for the countermove: none at the root, and none after a null
    /// move, which no move can be a reply to. The last [`CONTINUATION_PLIES`] by piece and
    /// destination, for continuation history: none for a ply before the root or reached by a
    /// null move, and none at all where the node does not use continuation history
    /// ([`Searcher::uses_continuation_history`]), so that it neither looks anything up nor
    /// learns.
    pub(super) fn previous_moves(&self, ply: usize, depth: Depth) -> Previous {
        let frame = &self.stack[ply];
        let mut previous = Previous {
            mv: frame.moved.filter(|_| !frame.null),
            moved: [None; CONTINUATION_PLIES],
        };
        if self.uses_continuation_history(depth) {
            for (back, moved) in previous.moved.iter_mut().enumerate() {
                let earlier = ply.checked_sub(back).and_then(|at| self.stack[at].moved);
                *moved = earlier.map(|(mv, piece)| PieceTo::new(piece, mv));
            }
        }
        previous
    }

    /// Whether a node with `depth` plies left reads and teaches continuation history: whenever
    /// the switch is on, and under `conthist2` only from [`CONTINUATION_HISTORY_MIN_DEPTH`]
    /// plies on. The idea: nodes a ply from the horizon are many, each pays the lookups, and a
    /// good order there saves at most one ply of search.
    fn uses_continuation_history(&self, depth: Depth) -> bool {
        let from_depth_2 = self
            .config
            .is_on(Switches::CONTINUATION_HISTORY_FROM_DEPTH_2);
        self.config.is_on(Switches::CONTINUATION_HISTORY)
            && (depth >= CONTINUATION_HISTORY_MIN_DEPTH || !from_depth_2)
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
        let previous = self.previous_moves(ply, depth);
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
