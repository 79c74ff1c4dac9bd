//! Stage 8's player, which looked one move ahead. The engine plays the search since stage 9;
//! chapter 7 still shows and measures this one, so it stays, with its tests.

use crate::attacked::in_check;
use crate::eval::evaluate;
use crate::limits::Limits;
use crate::movegen::{count_moves, legal_moves};
use crate::moves::Move;
use crate::position::Position;
use crate::score::{DRAW, MATE};

/// What the move that led to `after` is worth to the side that played it. If the side to move
/// in `after` has no legal move, the game is over: mated, the best result there is, or
/// stalemated, a draw. Otherwise it is the evaluation of `after`, which is from the opponent's
/// side, turned round.
pub fn score_after(after: &Position) -> i32 {
    match count_moves(after) {
        0 if in_check(after) => MATE,
        0 => DRAW,
        _ => -evaluate(after),
    }
}

/// The move stage 8's one-ply player chooses in `position` within `limits`: of the legal
/// moves (only those in `limits.search_moves`, if any are given), the one with the best
/// [`score_after`] it, or `None` if there is no legal move. Of moves that score the same, the
/// first generated wins.
pub fn choose_move(position: &Position, limits: &Limits) -> Option<Move> {
    let moves = legal_moves(position);
    let allowed = moves
        .as_slice()
        .iter()
        .copied()
        .filter(|mv| limits.search_moves.is_empty() || limits.search_moves.contains(mv));
    let mut best: Option<(Move, i32)> = None;
    for mv in allowed {
        let score = score_after(&position.make(mv));
        // Strictly better only: a later move that merely ties does not replace the first.
        if best.is_none_or(|(_, best_score)| score > best_score) {
            best = Some((mv, score));
        }
    }
    best.map(|(mv, _)| mv)
}
