//! Aspiration windows: the root of each depth searched first within a narrow window around
//! the score the depth before found, and again, wider, whenever the score falls outside it.

use super::{Depth, Searcher, Stopped};
use crate::config::Switches;
use crate::moves::Move;
use crate::position::Position;
use crate::score::{INFINITY, MATE_BOUND};

/// The first depth searched within a window: below it, the score swings too much from one
/// depth to the next for a narrow window to hold, and the depths cost little anyway.
pub const ASPIRATION_DEPTH: Depth = 5;

/// How far the first window reaches either side of the last depth's score, in centipawns.
pub const ASPIRATION_MARGIN: i32 = 25;

impl Searcher<'_> {
    /// Searches `moves` of `position` `depth` deep, as [`Searcher::root`] does, but first
    /// within [`ASPIRATION_MARGIN`] either side of `guess`, the score the last depth found. A
    /// score at or outside the window is only a bound, so the side it fell through is pushed
    /// out past it, by a margin that doubles each time, and the root searched again, until the
    /// score lands inside. With the switch off, below [`ASPIRATION_DEPTH`], without a guess or
    /// when the guess is a mate, the window is the widest at once: against a mate score even
    /// the widest window is nearly null, so a narrow one saves nothing.
    pub(super) fn aspirate(
        &mut self,
        position: &Position,
        moves: &[Move],
        depth: Depth,
        guess: Option<i32>,
    ) -> Result<(), Stopped> {
        let aspire = self.config.is_on(Switches::ASPIRATION) && depth >= ASPIRATION_DEPTH;
        let Some(guess) = guess.filter(|guess| aspire && guess.abs() < MATE_BOUND) else {
            return self.root(position, moves, depth);
        };
        let mut margin = ASPIRATION_MARGIN;
        let (mut alpha, mut beta) = (guess - margin, guess + margin);
        loop {
            let score = self.root_within(position, moves, depth, (alpha, beta))?;
            if score <= alpha {
                alpha = (score - margin).max(-INFINITY);
            } else if score >= beta {
                beta = (score + margin).min(INFINITY);
            } else {
                return Ok(());
            }
            self.stats.aspiration_fails += 1;
            margin *= 2;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::SearchConfig;
    use crate::measure::{POSITIONS, TABLE_MB};
    use crate::search::{Control, root_moves};
    use crate::tt::TranspositionTable;

    /// The root score of `fen` at `depth` under stage 13's preset with the table off (so that
    /// nothing but the window differs between two searches: the pruning of later stages
    /// depends on the window), searched within aspiration windows around `guess`.
    fn aspirated_score(fen: &str, depth: Depth, guess: Option<i32>) -> i32 {
        let mut config = SearchConfig::preset(13).unwrap();
        config.set("tt", false).unwrap();
        let position = Position::from_fen(fen).unwrap();
        let mut table = TranspositionTable::new(TABLE_MB).unwrap();
        let mut searcher = Searcher::new(&[], Control::default(), &mut table, config);
        let moves = root_moves(&position, &[]);
        searcher.aspirate(&position, &moves, depth, guess).unwrap();
        searcher
            .root_best
            .expect("a move scored inside the window")
            .1
    }

    #[test]
    fn a_window_that_fails_low_or_high_widens_until_the_score_is_exact() {
        let (_, italian) = POSITIONS[2];
        let exact = aspirated_score(italian, ASPIRATION_DEPTH, None);
        for guess in [exact, exact - 700, exact - 30, exact + 30, exact + 4000] {
            let score = aspirated_score(italian, ASPIRATION_DEPTH, Some(guess));
            assert_eq!(score, exact, "guessed {guess}");
        }
    }
}
