//! The move loop: each move of a node searched in turn, until one is too good for the
//! opponent to allow.

use super::{Depth, Searcher, Stopped};
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
    ///
    /// Whether the node is a PV node is settled by the window it was entered with: a raised
    /// alpha narrows the window, but does not make the node another kind of node. The loop
    /// counts the moves it searched, which are the ones a step below may ask about ("is this
    /// a late move?"); a node that has moves but searched none of them, which pruning will
    /// allow, scores `alpha`, a bound, and never mate or stalemate. A singular search's
    /// excluded move ([`super::Frame::excluded`]) is passed over as if the node lacked it, and
    /// the singular search's cutoffs are not counted among the node's.
    pub(super) fn search_moves(
        &mut self,
        position: &Position,
        mut moves: MovePicker,
        depth: Depth,
        ply: usize,
        mut alpha: i32,
        beta: i32,
    ) -> Result<(i32, Option<Move>), Stopped> {
        let pv_node = self.is_pv_node((alpha, beta));
        let has_moves = !moves.is_empty();
        let (mut best, mut best_move) = (None, None);
        let (mut searched, mut quiets_searched) = (0, 0);
        let mut quiets_tried = MoveList::new();
        while let Some((mv, band)) = moves.next_with_band() {
            if self.stack[ply].excluded == Some(mv) {
                continue;
            }
            let node = (ply, pv_node);
            let pruned = self.late_move_prune(mv, depth, node, quiets_searched, best)
                || self.futility_prune(position, mv, depth, node, (alpha, best))
                || self.see_prune(position, mv, depth, node, best)
                || self.history_prune(position, (mv, band, searched), depth, node, best);
            if pruned {
                continue;
            }
            let window = (alpha, beta);
            let score = self.search_child(position, (mv, band, searched), depth, node, window)?;
            searched += 1;
            quiets_searched += usize::from(mv.is_quiet());
            best = best.max(Some(score));
            if score > alpha {
                alpha = score;
                best_move = Some(mv);
                self.new_best(ply, mv, score);
            }
            if score >= beta {
                if self.stack[ply].excluded.is_none() {
                    self.stats.cutoff(searched);
                }
                self.record_cutoff(position, mv, quiets_tried.as_slice(), depth, ply);
                break;
            }
            if !mv.is_capture() {
                quiets_tried.push(mv);
            }
        }
        let best = match best {
            Some(best) => best,
            None if has_moves => alpha,
            None => no_moves_score(self.in_check(ply), ply),
        };
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

/// The score of a position with no legal move, `ply` plies from the root: mated if the side to
/// move is `in_check`, else stalemate.
pub fn no_moves_score(in_check: bool, ply: usize) -> i32 {
    if in_check { mated_score(ply) } else { DRAW }
}
