//! Singular extensions (section 14.1): when the transposition table's move is far better than
//! every other move of its node, the node's value hangs on that one move, and it is searched a
//! ply deeper. Whether it is far better is asked by a search of its own: the node's other
//! moves, at half the depth, against a bound a little below the table's score. The same
//! search answers two more questions. If the other moves beat the bound and the bound is
//! itself at or above beta, several moves refute the opponent's last move, and the node is
//! cut off at once (a multi-cut). If they beat it and only the table's score reaches beta,
//! the table's move is not the only good one, and it is searched a ply shallower.

use super::check_extension::CHECK_EXTENSION_PLY_FACTOR;
use super::{Depth, Searcher, Stopped};
use crate::config::Switches;
use crate::moves::Move;
use crate::position::Position;
use crate::score::MATE_BOUND;
use crate::tt::{Bound, Hit};

/// The shallowest node that asks whether its table move is singular: the question costs a
/// search half as deep as the node, which pays only where the node's own search is large.
pub const SINGULAR_MIN_DEPTH: Depth = 6;

/// How much shallower than the node the table's entry may be and still be trusted as the
/// score the other moves are measured against.
pub const SINGULAR_TT_DEPTH_MARGIN: Depth = 3;

/// The bound the other moves must stay below is the table's score less this much a ply of
/// depth: deeper nodes ask for a wider gap, since an extension there costs a larger subtree.
pub const SINGULAR_MARGIN_PER_PLY: i32 = 2;

impl Searcher<'_> {
    /// Asks whether the table's move of `position`, the node at `ply` searched `depth` deep
    /// with `beta` the top of its window, is singular, when the table's entry `hit` gives a
    /// move with a lower bound or exact score from deep enough, and records the answer in
    /// the node's frame for [`Searcher::extension`]. Returns the node's score if the other
    /// moves cut it off (a multi-cut), else `None`.
    ///
    /// Not at the root, whose moves are all searched anyway; not for a mate score, which a
    /// margin means nothing against; and not from twice the root's depth on, the bound the
    /// check extension keeps, so that a line of moves each singular cannot run on without
    /// losing depth.
    pub(super) fn singular_extension(
        &mut self,
        position: &Position,
        hit: Option<Hit>,
        depth: Depth,
        ply: usize,
        beta: i32,
    ) -> Result<Option<i32>, Stopped> {
        self.stack[ply].singular = None;
        if !self.config.is_on(Switches::SINGULAR) {
            return Ok(None);
        }
        let Some(Hit {
            mv: Some(tt_move),
            score,
            depth: tt_depth,
            bound,
        }) = hit
        else {
            return Ok(None);
        };
        let asked = ply > 0
            && depth >= SINGULAR_MIN_DEPTH
            && tt_depth >= depth - SINGULAR_TT_DEPTH_MARGIN
            && bound != Bound::Upper
            && score.abs() < MATE_BOUND
            && (ply as Depth) < CHECK_EXTENSION_PLY_FACTOR * self.root_depth;
        if !asked {
            return Ok(None);
        }
        let singular_beta = score - SINGULAR_MARGIN_PER_PLY * depth;
        let others = self.search_without(position, tt_move, (depth - 1) / 2, ply, singular_beta)?;
        self.stats.singular_searches += 1;
        if others < singular_beta {
            self.stats.singular_extensions += 1;
            self.stack[ply].singular = Some((tt_move, 1));
        } else if singular_beta >= beta {
            self.stats.multi_cuts += 1;
            return Ok(Some(singular_beta));
        } else if score >= beta {
            self.stats.singular_reductions += 1;
            self.stack[ply].singular = Some((tt_move, -1));
        }
        Ok(None)
    }

    /// The best score of the moves of `position`, the node at `ply`, other than `excluded`,
    /// searched `depth` deep with the null window just below `bound`: whether any of them
    /// reaches `bound`. The node's own line is cleared afterwards, since the search that
    /// follows must build it from its own moves.
    fn search_without(
        &mut self,
        position: &Position,
        excluded: Move,
        depth: Depth,
        ply: usize,
        bound: i32,
    ) -> Result<i32, Stopped> {
        let moves = self.ordered_moves(position, ply, depth, None);
        self.stack[ply].excluded = Some(excluded);
        let searched = self.search_moves(position, moves, depth, ply, bound - 1, bound);
        self.stack[ply].excluded = None;
        self.pv.clear(ply);
        Ok(searched?.0)
    }

    /// The plies to add to the depth of the child reached by `mv` at `ply`: what the singular
    /// test said of it, if it is the table's move and the test found something, and the
    /// check extension's ply if it gives check. The two do not add up: a move is extended by
    /// one ply at most, and while the check extension is on, a move that gives check is never
    /// searched shallower.
    pub(super) fn extension(&mut self, mv: Move, ply: usize) -> Depth {
        let check = self.check_extension(ply);
        match self.stack[ply].singular {
            Some((singular_move, plies)) if singular_move == mv && check == 0 => plies,
            _ => check,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::SearchConfig;
    use crate::movegen::find_move;
    use crate::search::{Control, Frame};
    use crate::tt::TranspositionTable;

    /// White to move can take a queen on d5 with the rook: every other move leaves a queen
    /// down. The table's move, taken as singular if nothing else comes near.
    const ONE_GOOD_MOVE: &str = "3k4/8/8/3q4/8/8/3R4/3K4 w - - 0 1";

    /// White, a rook up, has many moves that keep the rook.
    const MANY_GOOD_MOVES: &str = "7k/8/8/8/8/8/PPP5/1K1R4 w - - 0 1";

    /// White's king, in check, has one legal move: taking the rook on a2.
    const FORCED: &str = "7k/8/8/8/8/8/r7/K1r5 w - - 0 1";

    /// The singular test of `fen`'s move `uci` at ply 1 of a search 10 deep under `config`,
    /// the table saying it scored `score` as a `bound` at `tt_depth`, the node searched
    /// `depth` deep with `beta` the top of its window: the multi-cut's score if there was
    /// one, and what the frame says of the move.
    fn test(
        config: SearchConfig,
        fen: &str,
        uci: &str,
        (score, bound, tt_depth): (i32, Bound, Depth),
        depth: Depth,
        beta: i32,
    ) -> (Option<i32>, Option<(Move, i32)>) {
        let position = Position::from_fen(fen).unwrap();
        let mv = find_move(&position, uci).unwrap();
        let mut table = TranspositionTable::new(1).unwrap();
        let mut searcher = Searcher::new(&[], Control::default(), &mut table, config);
        searcher.root_depth = 10;
        searcher.stack[1] = Frame::of(&position);
        let hit = Hit {
            mv: Some(mv),
            score,
            depth: tt_depth,
            bound,
        };
        let cut = searcher
            .singular_extension(&position, Some(hit), depth, 1, beta)
            .unwrap();
        assert_eq!(searcher.stack[1].excluded, None);
        (cut, searcher.stack[1].singular)
    }

    /// The search with section 14.1's singular extensions switched on.
    fn on() -> SearchConfig {
        let mut config = SearchConfig::default();
        config.set("singular", true).unwrap();
        config
    }

    /// `uci`, a move of `fen`.
    fn mv(fen: &str, uci: &str) -> Move {
        find_move(&Position::from_fen(fen).unwrap(), uci).unwrap()
    }

    #[test]
    fn the_only_move_that_keeps_the_material_is_extended() {
        let found = test(on(), ONE_GOOD_MOVE, "d2d5", (600, Bound::Lower, 8), 8, 100);
        assert_eq!(found, (None, Some((mv(ONE_GOOD_MOVE, "d2d5"), 1))));
    }

    #[test]
    fn a_forced_move_is_singular_since_no_other_move_is_searched() {
        let found = test(on(), FORCED, "a1a2", (-50, Bound::Exact, 8), 8, 0);
        assert_eq!(found, (None, Some((mv(FORCED, "a1a2"), 1))));
    }

    #[test]
    fn other_moves_above_beta_cut_the_node_off() {
        let (cut, singular) = test(
            on(),
            MANY_GOOD_MOVES,
            "d1d4",
            (300, Bound::Lower, 8),
            8,
            100,
        );
        assert_eq!(cut, Some(300 - SINGULAR_MARGIN_PER_PLY * 8));
        assert_eq!(singular, None);
    }

    #[test]
    fn a_table_move_with_rivals_that_only_its_own_score_lifts_past_beta_is_searched_shallower() {
        let beta = 300 - SINGULAR_MARGIN_PER_PLY * 8 + 1;
        let found = test(
            on(),
            MANY_GOOD_MOVES,
            "d1d4",
            (300, Bound::Lower, 8),
            8,
            beta,
        );
        assert_eq!(found, (None, Some((mv(MANY_GOOD_MOVES, "d1d4"), -1))));
    }

    #[test]
    fn nothing_is_asked_when_shallow_from_a_shallow_or_upper_entry_or_with_the_switch_off() {
        let entry = (600, Bound::Lower, 8);
        let nothing = (None, None);
        let shallow = SINGULAR_MIN_DEPTH - 1;
        assert_eq!(
            test(on(), ONE_GOOD_MOVE, "d2d5", entry, shallow, 100),
            nothing
        );
        let too_old = (600, Bound::Lower, 8 - SINGULAR_TT_DEPTH_MARGIN - 1);
        assert_eq!(test(on(), ONE_GOOD_MOVE, "d2d5", too_old, 8, 100), nothing);
        let upper = (600, Bound::Upper, 8);
        assert_eq!(test(on(), ONE_GOOD_MOVE, "d2d5", upper, 8, 100), nothing);
        let mut off = SearchConfig::default();
        off.set("singular", false).unwrap();
        assert_eq!(test(off, ONE_GOOD_MOVE, "d2d5", entry, 8, 100), nothing);
    }

    #[test]
    fn a_singular_move_that_also_checks_is_extended_once_and_a_check_is_never_shortened() {
        // The rook's move to d8 would check; a quiet rook move would not.
        let fen = "7k/8/8/8/8/8/8/3RK3 w - - 0 1";
        let position = Position::from_fen(fen).unwrap();
        let mut table = TranspositionTable::new(1).unwrap();
        let mut searcher = Searcher::new(&[], Control::default(), &mut table, on());
        searcher.root_depth = 10;
        let (check, quiet) = (mv(fen, "d1d8"), mv(fen, "d1d2"));
        for (singular, expected_check, expected_quiet) in [(1, 1, 1), (-1, 1, -1)] {
            for (table_move, expected) in [(check, expected_check), (quiet, expected_quiet)] {
                searcher.stack[1].singular = Some((table_move, singular));
                searcher.play(&position, table_move, 1);
                assert_eq!(searcher.extension(table_move, 1), expected);
            }
        }
        searcher.stack[1].singular = None;
        searcher.play(&position, quiet, 1);
        assert_eq!(searcher.extension(quiet, 1), 0);
    }
}
