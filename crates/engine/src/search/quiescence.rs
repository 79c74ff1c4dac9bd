//! Quiescence: the search past the horizon, where only captures (or, in check, every evasion)
//! are played, so that no score is taken in the middle of an exchange.

use super::quiescence_tt::QUIESCENCE_DEPTH;
use super::{Searcher, Stopped};
use crate::movegen::{captures, legal_moves};
use crate::ordering::MovePicker;
use crate::position::Position;
use crate::score::{INFINITY, MAX_PLY, mated_score};

impl Searcher<'_> {
    /// The score of `position` once the captures have been played out: the side to move may
    /// "stand pat" on the static evaluation, or capture. In check it may not stand pat, and
    /// every evasion is searched. Out of check, from stage 18, a capture that loses material
    /// by the static exchange evaluation is not searched: standing pat is better. With
    /// section 14.1's switch `qtt` on, the node also asks the transposition table first and
    /// stores what it found (`quiescence_tt.rs`); with `corrhist` on, it stands pat on the
    /// corrected evaluation (`correction.rs`).
    pub(super) fn quiescence(
        &mut self,
        position: &Position,
        ply: usize,
        mut alpha: i32,
        beta: i32,
    ) -> Result<i32, Stopped> {
        self.stats.node(ply);
        self.pv.clear(ply);
        self.check_stop()?;
        if ply >= MAX_PLY {
            return Ok(self.evaluate(position));
        }
        let hit = self.quiescence_probe(position, ply);
        if let Some(score) = self.hash_cutoff(hit, QUIESCENCE_DEPTH, ply, (alpha, beta)) {
            return Ok(score);
        }
        let window = (alpha, beta);
        let checked = self.in_check(ply);
        let mut best = -INFINITY;
        if !checked {
            best = self.corrected(position, self.evaluate(position));
            self.stack[ply].static_eval = Some(best);
            if best >= beta {
                return Ok(best);
            }
            alpha = alpha.max(best);
        }
        let moves = if checked {
            legal_moves(position)
        } else {
            captures(position)
        };
        if checked && moves.is_empty() {
            return Ok(mated_score(ply));
        }
        let mut best_move = None;
        for mv in MovePicker::new(position, moves, hit.and_then(|hit| hit.mv)) {
            if self.skip_losing_capture(position, mv, ply) {
                continue;
            }
            let child = self.play(position, mv, ply);
            let score = -self.quiescence(&child, ply + 1, -beta, -alpha)?;
            best = best.max(score);
            if score > alpha {
                alpha = score;
                best_move = Some(mv);
            }
            if score >= beta {
                break;
            }
        }
        self.quiescence_store(position, ply, hit, window, (best, best_move));
        Ok(best)
    }
}
