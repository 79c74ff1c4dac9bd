//! Correction history's steps in the search (section 14.1, the switch `corrhist`): the
//! static evaluation corrected by the table of [`crate::correction`], and the table taught at
//! the end of each node. With the switch off, the evaluation is the evaluation and the table
//! learns nothing.

use super::{Depth, Searcher};
use crate::config::Switches;
use crate::movegen::legal_moves;
use crate::moves::Move;
use crate::position::Position;
use crate::score::MATE_BOUND;
use crate::tt::Bound;

impl Searcher<'_> {
    /// `eval`, the static evaluation of `position`, with the correction the table holds for
    /// its pawns and side to move added (and with `corrpieces` on, the corrections of the two
    /// tables by each side's pieces too), and kept below the mate scores.
    pub(super) fn corrected(&self, position: &Position, eval: i32) -> i32 {
        if !self.config.is_on(Switches::CORRECTION_HISTORY) {
            return eval;
        }
        let mut correction = self.tables.correction.correction(position);
        if self.config.is_on(Switches::CORRECTION_BY_PIECES) {
            for table in &self.tables.piece_corrections {
                correction += table.correction(position);
            }
        }
        (eval + correction).clamp(-MATE_BOUND + 1, MATE_BOUND - 1)
    }

    /// Teaches the table what the node `position` at `ply`, searched `depth` deep with the
    /// window (`alpha`, `beta`), found: `score`, with `best` the move that raised alpha, if one
    /// did. A measurement counts only where it says something about the evaluation:
    ///
    /// - the node had a static evaluation (it was not in check), and searched every move it
    ///   has: the root may search only some (a later line of `MultiPV`, or `searchmoves`), and
    ///   then finds less than the position holds (a singular search, which leaves a move out
    ///   too, never gets here: it runs the move loop alone);
    /// - its best move was quiet: a capture's or a promotion's gain is the tactics of the
    ///   moment, which the next position with the same pawns will not have;
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
        let Some(eval) = self.stack[ply].static_eval else {
            return;
        };
        let every_move = ply > 0 || self.root_moves.len() == legal_moves(position).len();
        let measured = every_move
            && best.is_none_or(|mv| mv.is_quiet())
            && score.abs() < MATE_BOUND
            && match Bound::of(score, alpha, beta) {
                Bound::Lower => score > eval,
                Bound::Upper => score < eval,
                Bound::Exact => true,
            };
        if !measured {
            return;
        }
        let error = score - eval;
        self.tables.correction.learn(position, depth, error);
        if self.config.is_on(Switches::CORRECTION_BY_PIECES) {
            for table in &mut self.tables.piece_corrections {
                table.learn(position, depth, error);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::SearchConfig;
    use crate::movegen::find_move;
    use crate::search::{Control, Frame, root_moves};
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

    #[test]
    fn with_corrpieces_the_piece_tables_learn_beside_the_pawns_and_add_to_the_correction() {
        let position = Position::from_fen(MIDDLEGAME).unwrap();
        for on in [false, true] {
            let mut config = SearchConfig::default();
            config.set("corrpieces", on).unwrap();
            let mut table = TranspositionTable::new(1).unwrap();
            let mut searcher = Searcher::new(&[], Control::default(), &mut table, config);
            searcher.stack[1] = Frame {
                static_eval: Some(0),
                ..Frame::of(&position)
            };
            let quiet = find_move(&position, "h2h3").unwrap();
            searcher.learn_correction(&position, (16, 1), (-50, 50), 30, Some(quiet));
            let pawns = searcher.tables.correction.correction(&position);
            let pieces = searcher
                .tables
                .piece_corrections
                .each_ref()
                .map(|table| table.correction(&position));
            assert!(pawns > 0, "the pawns' table learns either way");
            if on {
                assert_eq!(pieces, [pawns; 2], "each piece table learns the same error");
                assert_eq!(searcher.corrected(&position, 10), 10 + 3 * pawns);
            } else {
                assert_eq!(
                    pieces, [0; 2],
                    "with corrpieces off the piece tables learn nothing"
                );
                assert_eq!(searcher.corrected(&position, 10), 10 + pawns);
            }
        }
    }

    /// Whether one node of [`MIDDLEGAME`] at `ply`, whose static evaluation was `eval` (`None`
    /// in check), with the window (-50, 50), teaches the table when its search finds `score`
    /// with the move `best` (in UCI notation, if one raised alpha). At the root (`ply` 0) the
    /// search had `root_moves` to search.
    fn teaches_at(
        ply: usize,
        root_moves: &[Move],
        eval: Option<i32>,
        score: i32,
        best: Option<&str>,
    ) -> bool {
        let position = Position::from_fen(MIDDLEGAME).unwrap();
        let mut config = SearchConfig::default();
        config.set("corrhist", true).unwrap();
        let mut table = TranspositionTable::new(1).unwrap();
        let mut searcher = Searcher::new(&[], Control::default(), &mut table, config);
        searcher.root_moves = root_moves.to_vec();
        searcher.stack[ply] = Frame {
            static_eval: eval,
            ..Frame::of(&position)
        };
        let best = best.map(|uci| find_move(&position, uci).unwrap());
        searcher.learn_correction(&position, (8, ply), (-50, 50), score, best);
        searcher.tables.correction != Default::default()
    }

    /// [`teaches_at`] a node at ply 1.
    fn teaches(eval: Option<i32>, score: i32, best: Option<&str>) -> bool {
        teaches_at(1, &[], eval, score, best)
    }

    #[test]
    fn only_a_score_whose_bound_points_away_from_the_evaluation_teaches_the_table() {
        // Exact scores, either side of the evaluation, teach; so does a lower bound above it
        // and an upper bound below it.
        assert!(teaches(Some(0), 30, Some("h2h3")));
        assert!(teaches(Some(0), -30, Some("h2h3")));
        assert!(teaches(Some(0), 80, Some("h2h3")));
        assert!(teaches(Some(0), -80, None));
        // A lower bound below the evaluation, or an upper bound above it, says nothing.
        assert!(!teaches(Some(100), 60, Some("h2h3")));
        assert!(!teaches(Some(-100), -60, None));
    }

    #[test]
    fn a_capture_a_mate_a_node_in_check_or_a_root_that_left_moves_out_teaches_nothing() {
        assert!(!teaches(Some(0), 30, Some("d4c5")));
        assert!(!teaches(Some(0), MATE_BOUND + 5, Some("h2h3")));
        assert!(!teaches(None, 30, Some("h2h3")));
        let position = Position::from_fen(MIDDLEGAME).unwrap();
        let every = root_moves(&position, &[]);
        assert!(teaches_at(0, &every, Some(0), 30, Some("h2h3")));
        assert!(!teaches_at(0, &every[1..], Some(0), 30, Some("h2h3")));
    }

    #[test]
    fn the_frames_evaluation_and_quiescences_stand_pat_are_the_corrected_evaluation() {
        let position = Position::from_fen(MIDDLEGAME).unwrap();
        let mut config = SearchConfig::default();
        config.set("corrhist", true).unwrap();
        let mut table = TranspositionTable::new(1).unwrap();
        let mut searcher = Searcher::new(&[], Control::default(), &mut table, config);
        for _ in 0..100 {
            searcher.tables.correction.learn(&position, 16, 50);
        }
        let corrected = searcher.corrected(&position, searcher.evaluate(&position));
        assert_ne!(corrected, searcher.evaluate(&position));
        searcher.stack[1] = Frame::of(&position);
        assert_eq!(searcher.static_eval(&position, 1), corrected);
        // A window far below the evaluation: quiescence stands pat at once.
        searcher.stack[1] = Frame::of(&position);
        let stand_pat = searcher.quiescence(&position, 1, -1000, -999).unwrap();
        assert_eq!(stand_pat, corrected);
    }
}
