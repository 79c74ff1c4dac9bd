//! Correction history's steps in the search (section 14.1, the switch `corrhist`): the
//! static evaluation corrected by the table of [`crate::correction`], and the table taught at
//! the end of each node. With the switch off, the evaluation is the evaluation and the table
//! learns nothing.

use super::{Depth, Searcher};
use crate::config::Switches;
use crate::moves::Move;
use crate::position::Position;
use crate::score::MATE_BOUND;
use crate::tt::Bound;

impl Searcher<'_> {
    /// `eval`, the static evaluation of `position`, with the correction the table holds for
    /// its pawns and side to move added, and kept below the mate scores.
    pub(super) fn corrected(&self, position: &Position, eval: i32) -> i32 {
        if !self.config.is_on(Switches::CORRECTION_HISTORY) {
            return eval;
        }
        let correction = self.tables.correction.correction(position);
        (eval + correction).clamp(-MATE_BOUND + 1, MATE_BOUND - 1)
    }

    /// Teaches the table what the node `position` at `ply`, searched `depth` deep with the
    /// window (`alpha`, `beta`), found: `score`, with `best` the move that raised alpha, if one
    /// did. A measurement counts only where it says something about the evaluation:
    ///
    /// - the node had a static evaluation (it was not in check) and was not a singular search,
    ///   which leaves a move out and so finds less than the position holds;
    /// - its best move was quiet: a capture's gain is the tactics of the moment, which the
    ///   next position with the same pawns will not have;
    /// - the score is no mate, and its bound points away from the evaluation: a lower bound
    ///   above it or an upper bound below it (a lower bound below the evaluation says only
    ///   that the evaluation may be right).
    pub(super) fn learn_correction(
        &mut self,
        position: &Position,
        (depth, ply): (Depth, usize),
        (alpha, beta): (i32, i32),
        score: i32,
        best: Option<Move>,
    ) {
        if !self.config.is_on(Switches::CORRECTION_HISTORY) {
            return;
        }
        let frame = &self.stack[ply];
        let Some(eval) = frame.static_eval else {
            return;
        };
        let measured = frame.excluded.is_none()
            && best.is_none_or(|mv| mv.is_quiet())
            && score.abs() < MATE_BOUND
            && match Bound::of(score, alpha, beta) {
                Bound::Lower => score > eval,
                Bound::Upper => score < eval,
                Bound::Exact => true,
            };
        if measured {
            self.tables.correction.learn(position, depth, score - eval);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::SearchConfig;
    use crate::search::{Control, root_moves};
    use crate::tt::TranspositionTable;

    /// A middlegame with both sides' pawns still in place: White to move.
    const MIDDLEGAME: &str = "r1bq1rk1/pp2bppp/2n1pn2/2pp4/3P4/2PBPN2/PP1N1PPP/R2QK2R w KQ - 0 8";

    /// How much the table of a search `depth` plies deep from [`MIDDLEGAME`], with `corrhist`
    /// `on`, corrects that position's pawns by, for either side to move (the sum of the two
    /// sizes); with the configuration it searched under.
    fn learnt_after_search(on: bool, depth: Depth) -> (i32, SearchConfig) {
        let position = Position::from_fen(MIDDLEGAME).unwrap();
        let mut config = SearchConfig::default();
        config.set("corrhist", on).unwrap();
        let mut table = TranspositionTable::new(1).unwrap();
        let mut searcher = Searcher::new(&[], Control::default(), &mut table, config);
        searcher
            .root(&position, &root_moves(&position, &[]), depth)
            .unwrap();
        let entries = [true, false].map(|white| {
            let fen = if white {
                MIDDLEGAME.to_string()
            } else {
                MIDDLEGAME.replace(" w ", " b ")
            };
            searcher
                .tables
                .correction
                .correction(&Position::from_fen(&fen).unwrap())
        });
        (entries[0].abs() + entries[1].abs(), config)
    }

    #[test]
    fn with_corrhist_off_the_table_learns_nothing_and_the_evaluation_is_as_it_was() {
        let (learnt, config) = learnt_after_search(false, 6);
        assert_eq!(learnt, 0);
        let position = Position::from_fen(MIDDLEGAME).unwrap();
        let mut table = TranspositionTable::new(1).unwrap();
        let mut searcher = Searcher::new(&[], Control::default(), &mut table, config);
        for _ in 0..100 {
            searcher.tables.correction.learn(&position, 16, 50);
        }
        assert_eq!(searcher.corrected(&position, 10), 10);
    }

    #[test]
    fn with_corrhist_on_a_search_teaches_the_table_and_the_evaluation_is_corrected() {
        let (learnt, config) = learnt_after_search(true, 6);
        assert!(learnt > 0, "a six-ply search taught its own pawns nothing");
        let position = Position::from_fen(MIDDLEGAME).unwrap();
        let mut table = TranspositionTable::new(1).unwrap();
        let mut searcher = Searcher::new(&[], Control::default(), &mut table, config);
        for _ in 0..100 {
            searcher.tables.correction.learn(&position, 16, 50);
        }
        let correction = searcher.tables.correction.correction(&position);
        assert!(correction > 40);
        assert_eq!(searcher.corrected(&position, 10), 10 + correction);
    }
}
