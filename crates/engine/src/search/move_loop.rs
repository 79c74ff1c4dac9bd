//! The move loop: each move of a node searched in turn, until one is too good for the
//! opponent to allow.

use super::{Depth, Searcher, Stopped};
use crate::attacked::in_check;
use crate::movegen::MoveList;
use crate::moves::Move;
use crate::ordering::MovePicker;
use crate::position::Position;
use crate::score::{DRAW, mated_score};

impl Searcher<'_> {
    /// The best score among `moves` of `position` searched `depth - 1` plies deeper, stopping
    /// at the first that reaches `beta`; the mate or stalemate score if there were no moves.
    /// With it, the last move that raised alpha, which heads the node's line: `None` if none
    /// did.
    pub(super) fn search_moves(
        &mut self,
        position: &Position,
        moves: MovePicker,
        depth: Depth,
        ply: usize,
        mut alpha: i32,
        beta: i32,
    ) -> Result<(i32, Option<Move>), Stopped> {
        let (mut best, mut best_move) = (None, None);
        let mut quiets_tried = MoveList::new();
        for (searched, mv) in moves.enumerate() {
            let score = self.search_child(position, (mv, searched), depth, ply, (alpha, beta))?;
            best = best.max(Some(score));
            if score > alpha {
                alpha = score;
                best_move = Some(mv);
                self.new_best(ply, mv, score);
            }
            if score >= beta {
                self.stats.cutoff(searched + 1);
                self.record_cutoff(position, mv, quiets_tried.as_slice(), depth, ply);
                break;
            }
            if !mv.is_capture() {
                quiets_tried.push(mv);
            }
        }
        let best = best.unwrap_or_else(|| no_moves_score(position, ply));
        Ok((best, best_move))
    }

    /// Records that `mv`, scoring `score`, is the best move so far of the node at `ply`: it
    /// heads the node's line, and at the root it is the move to play if the search stops.
    fn new_best(&mut self, ply: usize, mv: Move, score: i32) {
        self.pv.update(ply, mv);
        if ply == 0 {
            self.root_best = Some((mv, score));
        }
    }
}

/// The score of `position`, which has no legal move, `ply` plies from the root: mated if in
/// check, else stalemate.
pub fn no_moves_score(position: &Position, ply: usize) -> i32 {
    if in_check(position) {
        mated_score(ply)
    } else {
        DRAW
    }
}
