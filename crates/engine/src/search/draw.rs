//! Draws the search sees coming: the fifty-move rule and repetitions.

use super::Searcher;
use crate::attacked::in_check;
use crate::movegen::legal_moves;
use crate::position::Position;

/// Plies without a capture or a pawn move after which the game is drawn: fifty moves each.
pub const FIFTY_MOVE_PLIES: u32 = 100;

impl Searcher<'_> {
    /// Whether `position`, reached by the search `ply` plies from the root, is drawn by the
    /// fifty-move rule or by repeating a position of the game or of the search's path. The
    /// root is never a draw here: the search must find a move to play there.
    ///
    /// One repetition is enough: if repeating was good for a side once, it can repeat again,
    /// so the search may as well score the draw at once. Only positions since the last
    /// capture or pawn move can repeat, and only every other one has the same side to move.
    /// Nor can a position repeat one from before a null move on the path: passing is not a
    /// move of the game, and a line that passes twice could otherwise "repeat" a position
    /// that no game can return to, and be scored a draw.
    pub(super) fn is_draw(&self, position: &Position, ply: usize) -> bool {
        if ply == 0 {
            return false;
        }
        let clock = position.halfmove_clock();
        // A mate given on the hundredth ply still wins: the rule needs a move left to play.
        if clock >= FIFTY_MOVE_PLIES && !(in_check(position) && legal_moves(position).is_empty()) {
            return true;
        }
        let reach = (clock as usize).min(self.plies_since_null_move(ply));
        let path = self.stack[..ply].iter().map(|frame| &frame.key);
        self.history
            .iter()
            .chain(path)
            .rev()
            .take(reach)
            .skip(1)
            .step_by(2)
            .any(|&key| key == position.key())
    }

    /// How many plies back from `ply` the path's last null move was made: the position it led
    /// to is that far back. Unlimited if the path has none.
    fn plies_since_null_move(&self, ply: usize) -> usize {
        self.stack[1..=ply]
            .iter()
            .rev()
            .position(|frame| frame.null)
            .unwrap_or(usize::MAX)
    }
}
