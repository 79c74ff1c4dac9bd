//! Null-move pruning: before searching a node's moves, let the side to move pass, and search
//! the opponent's reply shallower. If even a free move for the opponent cannot bring the score
//! below beta, a real move will almost always do at least as well, and the node is cut off
//! without searching one.

use super::{Depth, Searcher, Stopped};
use crate::config::Switches;
use crate::piece::PieceType;
use crate::position::Position;
use crate::score::MATE_BOUND;

/// The least depth at which a node tries a null move. Here the pass is answered by a
/// quiescence search alone (`3 - 1 - R` plies is none); at a shallower node the node's own
/// search costs so little that a guess saves nothing worth its risk.
pub const NULL_MOVE_MIN_DEPTH: Depth = 3;

/// The reduction R: the pass is searched `1 + R` plies shallower than the node, where a move
/// is searched 1 ply shallower. Chosen by measurement in chapter 12: on the tactics suite at
/// a fixed number of nodes, R = 2 solved as many positions as stage 13's search, and every
/// larger or depth-growing R tried solved fewer, though their trees were up to half as large.
pub const NULL_MOVE_REDUCTION: Depth = 2;

/// With `nulldepth` on (section 14.1), the reduction before the node's depth adds to it. At
/// [`NULL_MOVE_MIN_DEPTH`], the least depth that tries a null move, the depth adds a ply and R
/// is 4; the pass is answered by a quiescence search alone there, as it is with R = 2.
pub const NULL_MOVE_DEPTH_BASE: Depth = 3;

/// With `nulldepth` on (section 14.1), the plies of the node's depth that add one ply to the
/// reduction: `NULL_MOVE_DEPTH_BASE + depth / 3`, the row `3+depth÷3` of chapter 12's table,
/// R = 4 at depth 3, 5 at depth 6, 6 at depth 9.
pub const NULL_MOVE_DEPTH_DIVISOR: Depth = 3;

impl Searcher<'_> {
    /// The score that ends the node at `ply`, `depth` plies deep with the window (`alpha`,
    /// `beta`), if passing the turn still leaves the side to move at or above `beta`; `None` if
    /// the null move is not tried or does not reach beta.
    ///
    /// The null move is tried only where it can be trusted and is worth its search: not at a
    /// PV node (whose exact score is wanted) nor at the root, not at a node shallower than
    /// [`NULL_MOVE_MIN_DEPTH`] (whose own search costs too little for a guess to save
    /// anything), not in check (passing would leave the king in check), not straight after
    /// another null move (two passes in a row search the same position shallower, and prove
    /// nothing), not when the side to move has only its king and pawns (where zugzwang, when
    /// every move makes things worse, is common), and only when the static evaluation is at or
    /// above beta already.
    pub(super) fn null_move(
        &mut self,
        position: &Position,
        depth: Depth,
        ply: usize,
        (alpha, beta): (i32, i32),
    ) -> Result<Option<i32>, Stopped> {
        if !self.config.is_on(Switches::NULL_MOVE) {
            return Ok(None);
        }
        let allowed = ply > 0
            && !self.is_pv_node((alpha, beta))
            && depth >= NULL_MOVE_MIN_DEPTH
            && !self.stack[ply].null
            && !self.in_check(ply)
            && has_pieces(position);
        if !allowed || self.static_eval(position, ply) < beta {
            return Ok(None);
        }
        let child = self.play_null(position, ply);
        let reduced = depth - 1 - self.null_move_reduction(depth);
        let score = -self.negamax(&child, reduced, ply + 1, -beta, -beta + 1)?;
        self.stats.null_move(score >= beta);
        if score < beta {
            return Ok(None);
        }
        // A mate found after passing is not a mate: the side to move cannot really pass.
        Ok(Some(if score >= MATE_BOUND { beta } else { score }))
    }

    /// The reduction R of the pass at a node `depth` plies deep: [`NULL_MOVE_REDUCTION`] in
    /// every stage's search, and from section 14.1, with `nulldepth` on, one that grows with
    /// the depth, [`NULL_MOVE_DEPTH_BASE`] plus a ply for every [`NULL_MOVE_DEPTH_DIVISOR`]
    /// plies. A deep node's pass then costs a smaller share of the node's own search, at the
    /// risk of threats that the shallower search no longer sees: section 14.1's games found
    /// the risk the larger, and the switch is off by default.
    fn null_move_reduction(&self, depth: Depth) -> Depth {
        if !self.config.is_on(Switches::NULL_MOVE_BY_DEPTH) {
            return NULL_MOVE_REDUCTION;
        }
        NULL_MOVE_DEPTH_BASE + depth / NULL_MOVE_DEPTH_DIVISOR
    }
}

/// Whether the side to move in `position` has a piece other than its king and pawns: a side
/// with one can nearly always find a move that does no harm, so passing is a fair guess of
/// its worst case. With king and pawns alone, zugzwang is too common to risk it.
fn has_pieces(position: &Position) -> bool {
    let us = position.side(position.side_to_move());
    let kings_and_pawns =
        position.pieces_of_type(PieceType::King) | position.pieces_of_type(PieceType::Pawn);
    !(us & !kings_and_pawns).is_empty()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::SearchConfig;
    use crate::movegen::find_move;
    use crate::search::{Control, Frame, root_moves};
    use crate::tt::{Bound, TranspositionTable};

    /// A rook up for White, White to move, nothing attacked: a node where the null move is
    /// tried and cuts off.
    const ROOK_UP: &str = "4k3/8/8/8/8/8/8/R3K3 w - - 0 1";

    /// One node's null-move step, as the node function would take it: `fen` at ply 1 (as if
    /// reached by a move, or by a null move if `after_null`), `depth` deep with the window
    /// (`alpha`, `beta`), under `config`. The null moves it tried, and what it returned.
    fn step(
        fen: &str,
        config: SearchConfig,
        depth: Depth,
        window: (i32, i32),
        after_null: bool,
    ) -> (u64, Option<i32>) {
        let position = Position::from_fen(fen).unwrap();
        let mut table = TranspositionTable::new(1).unwrap();
        let mut searcher = Searcher::new(&[], Control::default(), &mut table, config);
        searcher.stack[1] = Frame {
            null: after_null,
            ..Frame::of(&position)
        };
        let cut = searcher.null_move(&position, depth, 1, window).unwrap();
        (searcher.stats.null_moves, cut)
    }

    /// The null moves stage 14's search tries at a node of `fen` with depth to spare and a
    /// null window far below the evaluation: one, unless a rule forbids it.
    fn tries(fen: &str) -> u64 {
        step(fen, SearchConfig::default(), 6, (-1001, -1000), false).0
    }

    #[test]
    fn a_side_a_rook_up_passes_and_still_cuts_off() {
        let (tried, cut) = step(ROOK_UP, SearchConfig::default(), 6, (-1, 0), false);
        assert_eq!(tried, 1);
        assert!(cut.is_some_and(|score| score >= 0), "{cut:?}");
    }

    #[test]
    fn no_null_move_with_the_switch_off() {
        let off = SearchConfig::preset(13).unwrap();
        assert_eq!(step(ROOK_UP, off, 6, (-1, 0), false), (0, None));
    }

    #[test]
    fn no_null_move_in_check() {
        // The black rook on h1 checks the king on e1: passing would leave it in check.
        assert_eq!(tries("4k3/8/8/8/8/8/8/R3K2r w - - 0 1"), 0);
        assert_eq!(tries("4k3/8/8/8/8/8/6r1/R3K3 w - - 0 1"), 1);
    }

    #[test]
    fn no_null_move_straight_after_a_null_move() {
        let config = SearchConfig::default();
        assert_eq!(step(ROOK_UP, config, 6, (-1, 0), true), (0, None));
    }

    #[test]
    fn no_null_move_with_only_king_and_pawns() {
        assert_eq!(tries("4k3/8/8/8/8/8/PPPP4/4K3 w - - 0 1"), 0);
        assert_eq!(tries("4k3/8/8/8/8/8/PPPP4/4K1N1 w - - 0 1"), 1);
    }

    #[test]
    fn no_null_move_at_a_pv_node_unless_pvs_is_off() {
        let wide = (-100, 0);
        assert_eq!(step(ROOK_UP, SearchConfig::default(), 6, wide, false).0, 0);
        let mut no_pvs = SearchConfig::default();
        no_pvs.set("pvs", false).unwrap();
        assert_eq!(step(ROOK_UP, no_pvs, 6, wide, false).0, 1);
    }

    #[test]
    fn no_null_move_too_shallow_or_below_beta() {
        let config = SearchConfig::default();
        let shallow = NULL_MOVE_MIN_DEPTH - 1;
        assert_eq!(step(ROOK_UP, config, shallow, (-1, 0), false).0, 0);
        // A rook up is not enough when beta asks for a queen and more.
        assert_eq!(step(ROOK_UP, config, 6, (999, 1000), false).0, 0);
    }

    #[test]
    fn a_mate_found_after_passing_comes_back_as_beta() {
        // Were White allowed to pass, Black's king could only go to g8, and Qb8 would mate:
        // a mate that needs White to pass is no mate, so the step says only "at least beta".
        let position = Position::from_fen("7k/8/6K1/8/8/8/8/1Q6 w - - 0 1").unwrap();
        let passed = position.make_null();
        let king_back = passed.make(find_move(&passed, "h8g8").unwrap());
        let mate = find_move(&king_back, "b1b8").unwrap();
        // The null window needs only a move at or above beta, and any queen move is; a table
        // entry, as an earlier search might have left it, has the mate searched first.
        let mut table = TranspositionTable::new(1).unwrap();
        table.store(king_back.key(), 3, 0, 0, Bound::Upper, Some(mate));
        // Stage 14's search: reverse futility pruning would cut off White's node, a queen
        // up, on its evaluation, and the mate would not be searched at all.
        let config = SearchConfig::preset(14).unwrap();
        let mut searcher = Searcher::new(&[], Control::default(), &mut table, config);
        searcher.stack[1].key = position.key();
        // Just deep enough for the mate: Kg8, Qb8, and no reply.
        let depth = NULL_MOVE_REDUCTION + 3;
        let cut = searcher.null_move(&position, depth, 1, (-1, 0)).unwrap();
        assert_eq!((searcher.stats.null_moves, cut), (1, Some(0)));
    }

    #[test]
    fn a_position_before_a_null_move_is_not_repeated_after_it() {
        // Nf3, a pass, Ng1, a pass: the start position again, with White to move and the
        // same key, but reached by passing, which no game can do.
        let start = Position::startpos();
        let mut table = TranspositionTable::new(1).unwrap();
        let config = SearchConfig::default();
        let mut searcher = Searcher::new(&[], Control::default(), &mut table, config);
        searcher.stack[0].key = start.key();
        let out = searcher.play(&start, find_move(&start, "g1f3").unwrap(), 0);
        let passed = searcher.play_null(&out, 1);
        let back = searcher.play(&passed, find_move(&passed, "f3g1").unwrap(), 2);
        let again = searcher.play_null(&back, 3);
        assert_eq!(again.key(), start.key());
        assert!(!searcher.is_draw(&again, 4));
        // Had the two passes been moves, it would be a repetition.
        searcher.stack[2].null = false;
        searcher.stack[4].null = false;
        assert!(searcher.is_draw(&again, 4));
    }

    /// Main's search with the null move's reduction growing with the depth.
    fn nulldepth() -> SearchConfig {
        let mut config = SearchConfig::default();
        config.set("nulldepth", true).unwrap();
        config
    }

    /// The reduction a searcher under `config` gives the pass at each of `depths`.
    fn reductions(config: SearchConfig, depths: &[Depth]) -> Vec<Depth> {
        let mut table = TranspositionTable::new(1).unwrap();
        let searcher = Searcher::new(&[], Control::default(), &mut table, config);
        let reduction = |&depth| searcher.null_move_reduction(depth);
        depths.iter().map(reduction).collect()
    }

    #[test]
    fn under_nulldepth_the_reduction_grows_a_ply_every_three_plies_of_depth() {
        let depths = [3, 5, 6, 8, 9, 12];
        assert_eq!(reductions(nulldepth(), &depths), [4, 4, 5, 5, 6, 7]);
        let fixed = vec![NULL_MOVE_REDUCTION; depths.len()];
        assert_eq!(reductions(SearchConfig::default(), &depths), fixed);
    }

    #[test]
    fn under_nulldepth_a_deep_pass_costs_fewer_nodes_and_still_cuts_off() {
        // Nine plies deep, a rook up: the pass is searched 8 - 2 = 6 plies deep in main's
        // search, and 8 - 6 = 2 plies deep with the reduction grown by the depth.
        let position = Position::from_fen(ROOK_UP).unwrap();
        let nodes_and_cut = |config| {
            let mut table = TranspositionTable::new(1).unwrap();
            let mut searcher = Searcher::new(&[], Control::default(), &mut table, config);
            searcher.stack[1] = Frame::of(&position);
            let cut = searcher.null_move(&position, 9, 1, (-1, 0)).unwrap();
            (searcher.stats.nodes, cut.is_some())
        };
        let (fixed, fixed_cut) = nodes_and_cut(SearchConfig::default());
        let (grown, grown_cut) = nodes_and_cut(nulldepth());
        assert!(fixed_cut && grown_cut);
        assert!(
            grown < fixed,
            "{grown} nodes with nulldepth, {fixed} without"
        );
    }

    #[test]
    fn the_root_never_tries_a_null_move() {
        let position = Position::startpos();
        let mut table = TranspositionTable::new(1).unwrap();
        // Stage 15's search, whose depth-4 tree has nodes below the root deep enough for a
        // null move (late move reductions, from stage 16, make them shallower). Without PVS
        // no node is a PV node, so only the root's own rule keeps it out.
        let mut config = SearchConfig::preset(15).unwrap();
        config.set("pvs", false).unwrap();
        let mut searcher = Searcher::new(&[], Control::default(), &mut table, config);
        searcher
            .root(&position, &root_moves(&position, &[]), 4)
            .unwrap();
        assert!(searcher.root_best.is_some());
        assert!(
            searcher.stats.null_moves > 0,
            "the nodes below the root try it"
        );
    }
}
