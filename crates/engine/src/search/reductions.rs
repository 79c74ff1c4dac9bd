//! Late move reductions: the moves that come late in a well-ordered node are rarely the best,
//! so they are searched less deeply first, and again at full depth only if the shallower
//! search says they might be good after all.

use super::{Depth, Searcher};
use crate::config::Switches;
use crate::moves::Move;
use crate::ordering::Band;
use crate::ordering::tables::MAX_HISTORY;
use crate::position::Position;
use std::sync::OnceLock;

/// The least depth at which a node reduces: below it the reduced search would be a quiescence
/// search, and the node's own search costs little.
pub const LMR_MIN_DEPTH: Depth = 3;

/// How many moves a node searches at full depth before it reduces any: the hash move and the
/// captures usually come first, and the first quiet moves after them are the killers.
pub const LMR_MIN_SEARCHED: usize = 3;

/// The constant part of a reduction, in plies: `LMR_BASE + ln(depth) × ln(moves) /
/// LMR_DIVISOR`, rounded down.
pub const LMR_BASE: f64 = 0.75;

/// The divisor of the logarithms' product in a reduction (see [`LMR_BASE`]): the larger it
/// is, the less the reduction grows with depth and move number.
pub const LMR_DIVISOR: f64 = 2.25;

/// How much ordering score moves a reduction by one ply, under `lmrhist` (section 14.1): an
/// eighth of the most one history table can hold, eight cutoffs more than failures taught at
/// depth 16, say, or thirty-two at depth 8. A quiet move's score sums the history table's
/// and, with continuation history on, two more.
pub const LMR_HISTORY_PER_PLY: i32 = MAX_HISTORY / 8;

/// The most plies a move's history may add to its reduction or take from it, under
/// `lmrhist`: the history is a guess about the move, and the table's reduction, which the
/// depth and the move's place in the order give, stays the larger part of the answer.
pub const LMR_HISTORY_MAX_PLIES: Depth = 2;

/// The plies a late quiet move of an expected cut node is reduced beyond the table's
/// reduction, under `lmrcut` (section 14.1). At such a node one move is expected to reach beta,
/// and it is usually among the first few: the moves that come after them are there to be
/// refuted quickly, not to be searched with care.
pub const LMR_CUT_NODE_PLIES: Depth = 1;

/// The depths and move numbers the table of reductions covers; deeper or later ones read its
/// last row or column.
const LMR_TABLE_SIZE: usize = 64;

/// The reduction for a move at `depth`, the `searched`-th searched at its node (counting from
/// 1), before the rules of [`Searcher::reduction`] adjust it: the base table, a readable
/// formula that [`reductions`] tabulates once.
pub fn base_reduction(depth: Depth, searched: usize) -> Depth {
    if depth < 1 || searched < 1 {
        return 0;
    }
    let product = (depth as f64).ln() * (searched as f64).ln();
    (LMR_BASE + product / LMR_DIVISOR).floor() as Depth
}

/// The table of [`base_reduction`], by depth and by move number, built the first time it is
/// asked for: a logarithm at every node would cost more than the lookup.
fn reductions() -> &'static [[Depth; LMR_TABLE_SIZE]; LMR_TABLE_SIZE] {
    static TABLE: OnceLock<[[Depth; LMR_TABLE_SIZE]; LMR_TABLE_SIZE]> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut table = [[0; LMR_TABLE_SIZE]; LMR_TABLE_SIZE];
        for (depth, row) in table.iter_mut().enumerate() {
            for (searched, cell) in row.iter_mut().enumerate() {
                *cell = base_reduction(depth as Depth, searched);
            }
        }
        table
    })
}

/// The reduction of the table for the `searched`-th move (from 0) of a node `depth` deep,
/// before any rule adjusts it: what [`Searcher::reduction`] starts from, and what history
/// pruning asks to judge how deep a late move's search would be. `depth` is a node's that
/// searches moves, so at least 1.
pub(super) fn table_reduction(depth: Depth, searched: usize) -> Depth {
    let row = (depth as usize).min(LMR_TABLE_SIZE - 1);
    let column = (searched + 1).min(LMR_TABLE_SIZE - 1);
    reductions()[row][column]
}

impl Searcher<'_> {
    /// The plies by which to reduce `mv`, a move of `position` from `band`, searched `depth`
    /// deep as the `searched`-th move (from 0) of the node at `ply`, which `pv_node` says is
    /// a PV node or not; 0 when it is searched at full depth.
    ///
    /// Only a quiet move late in the order is reduced, at a node deep enough: never one of
    /// the first [`LMR_MIN_SEARCHED`] moves, a capture or a promotion (which change the
    /// material, so the evaluation's view of them is least sure), a move that gives check
    /// (its child's frame says so), or any move of a node in check (whose few moves are all
    /// forced). A PV node, whose exact score is wanted, and a killer or the countermove,
    /// which have refuted something before, are reduced one ply less. With `lmrhist` on, the
    /// move's own history moves the reduction too ([`Searcher::history_plies`]), and with
    /// `lmrcut` on, a node its parent expects to be cut off reduces its late moves
    /// [`LMR_CUT_NODE_PLIES`] more. The reduced search keeps at least one ply, so it is never
    /// a bare quiescence search.
    pub(super) fn reduction(
        &self,
        position: &Position,
        (mv, band): (Move, Band),
        depth: Depth,
        searched: usize,
        (ply, pv_node): (usize, bool),
    ) -> Depth {
        if !self.config.is_on(Switches::LMR) {
            return 0;
        }
        let late = depth >= LMR_MIN_DEPTH && searched >= LMR_MIN_SEARCHED;
        if !late || !mv.is_quiet() || self.in_check(ply) || self.in_check(ply + 1) {
            return 0;
        }
        let mut reduction = table_reduction(depth, searched);
        reduction -= Depth::from(pv_node);
        reduction -= Depth::from(matches!(band, Band::Killer | Band::Countermove));
        if self.config.is_on(Switches::LMR_HISTORY) {
            reduction -= self.history_plies(position, mv, depth, ply);
        }
        if self.config.is_on(Switches::LMR_CUT_NODE) && self.stack[ply].cut_node {
            reduction += LMR_CUT_NODE_PLIES;
        }
        reduction.clamp(0, depth - 2)
    }

    /// The plies that the quiet move `mv` of `position`, at the node at `ply` with `depth`
    /// plies left, takes off its reduction by its history: one for each
    /// [`LMR_HISTORY_PER_PLY`] of its ordering score above zero, or, below zero, one more for
    /// each, at most [`LMR_HISTORY_MAX_PLIES`] either way. The score is the order's own, read
    /// again: the order keeps a move's key, not its parts, and a killer's key is not its score.
    /// A late move is seldom taught a malus, which falls only on the quiet moves searched
    /// before a cutoff when most cutoffs come with a node's first move; so the step acts
    /// mostly on moves that have cut off elsewhere, and reduces them less.
    fn history_plies(&self, position: &Position, mv: Move, depth: Depth, ply: usize) -> Depth {
        let previous = self.previous_moves(ply, depth);
        let score = self.tables.quiet_score(position, mv, &previous);
        (score / LMR_HISTORY_PER_PLY).clamp(-LMR_HISTORY_MAX_PLIES, LMR_HISTORY_MAX_PLIES)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::SearchConfig;
    use crate::movegen::{find_move, legal_moves};
    use crate::ordering::Previous;
    use crate::position::Position;
    use crate::search::{Control, Frame};
    use crate::tt::TranspositionTable;

    #[test]
    fn the_table_holds_the_formula() {
        for (depth, row) in reductions().iter().enumerate() {
            for (searched, &cell) in row.iter().enumerate() {
                assert_eq!(cell, base_reduction(depth as Depth, searched));
            }
        }
    }

    #[test]
    fn reductions_grow_with_depth_and_with_the_move_number_and_start_at_none() {
        assert_eq!(base_reduction(1, 1), 0);
        assert_eq!(base_reduction(2, 2), 0);
        for depth in 1..40 {
            for searched in 1..40 {
                let here = base_reduction(depth, searched);
                assert!(base_reduction(depth + 1, searched) >= here);
                assert!(base_reduction(depth, searched + 1) >= here);
            }
        }
        assert!(base_reduction(20, 40) >= 3);
    }

    /// A quiet rook move, a capture, a promotion and a check for White; and a position where
    /// White is in check.
    const MOVES: &str = "4k3/1P6/8/r7/8/8/8/R3K3 w - - 0 1";

    /// The reduction `config` gives `uci`, a move of `fen` at ply 1, searched as the
    /// `searched`-th move of a non-PV node 10 deep, as a quiet move from `band`.
    fn reduction_of(
        fen: &str,
        uci: &str,
        searched: usize,
        band: Band,
        config: SearchConfig,
    ) -> Depth {
        reduction_after(fen, uci, (searched, band), config, 0)
    }

    /// [`reduction_of`], once the history has been taught, at the node's depth, that the move
    /// cut off `taught` times, another quiet move failing before it, or, for a `taught` below
    /// zero, that it failed that many times before another quiet move cut off.
    fn reduction_after(
        fen: &str,
        uci: &str,
        (searched, band): (usize, Band),
        config: SearchConfig,
        taught: i32,
    ) -> Depth {
        let position = Position::from_fen(fen).unwrap();
        let mut table = TranspositionTable::new(1).unwrap();
        let mut searcher = Searcher::new(&[], Control::default(), &mut table, config);
        searcher.stack[1] = Frame::of(&position);
        let mv = find_move(&position, uci).unwrap();
        let moves = legal_moves(&position);
        let mut others = moves.as_slice().iter().copied();
        let other = others.find(|&m| m.is_quiet() && m != mv).unwrap();
        let (best, failed) = if taught > 0 { (mv, other) } else { (other, mv) };
        for _ in 0..taught.abs() {
            let teach = SearchConfig::default();
            let previous = Previous::default();
            (searcher.tables).record_cutoff(teach, &position, best, &[failed], 1, 10, &previous);
        }
        searcher.play(&position, mv, 1);
        searcher.reduction(&position, (mv, band), 10, searched, (1, false))
    }

    /// [`reduction_of`] for a move from the quiet band under every switch.
    fn quiet(fen: &str, uci: &str, searched: usize) -> Depth {
        reduction_of(fen, uci, searched, Band::Quiet, SearchConfig::default())
    }

    #[test]
    fn a_late_quiet_move_is_reduced_by_the_table() {
        let expected = base_reduction(10, 21);
        assert!(expected > 0);
        assert_eq!(quiet(MOVES, "a1a2", 20), expected);
    }

    #[test]
    fn the_first_moves_are_never_reduced() {
        assert_eq!(quiet(MOVES, "a1a2", LMR_MIN_SEARCHED - 1), 0);
        assert!(quiet(MOVES, "a1a2", LMR_MIN_SEARCHED) > 0);
    }

    #[test]
    fn captures_promotions_and_checks_are_never_reduced() {
        assert_eq!(quiet(MOVES, "a1a5", 20), 0, "a capture");
        assert_eq!(
            quiet(MOVES, "b7b8n", 20),
            0,
            "a promotion that takes nothing"
        );
        assert_eq!(
            quiet("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "a1a8", 20),
            0,
            "a check"
        );
    }

    #[test]
    fn no_move_of_a_node_in_check_is_reduced() {
        // The black rook on e8 checks the white king, which steps aside quietly.
        assert_eq!(quiet("4r1k1/8/8/8/8/8/8/R3K3 w - - 0 1", "e1d1", 20), 0);
    }

    #[test]
    fn killers_the_countermove_and_pv_nodes_are_reduced_one_ply_less() {
        let config = SearchConfig::default();
        let plain = quiet(MOVES, "a1a2", 20);
        for band in [Band::Killer, Band::Countermove] {
            assert_eq!(reduction_of(MOVES, "a1a2", 20, band, config), plain - 1);
        }
        let position = Position::from_fen(MOVES).unwrap();
        let mut table = TranspositionTable::new(1).unwrap();
        let mut searcher = Searcher::new(&[], Control::default(), &mut table, config);
        let mv = find_move(&position, "a1a2").unwrap();
        searcher.play(&position, mv, 1);
        assert_eq!(
            searcher.reduction(&position, (mv, Band::Quiet), 10, 20, (1, true)),
            plain - 1
        );
    }

    #[test]
    fn the_reduced_search_keeps_a_ply() {
        for (config, cut_node) in [(SearchConfig::default(), false), (lmrcut(), true)] {
            for depth in LMR_MIN_DEPTH..20 {
                let reduction = rook_at(cut_node, config, (depth, 60, Band::Quiet));
                assert!(
                    depth - 1 - reduction >= 1,
                    "depth {depth}, cut node {cut_node}"
                );
            }
        }
    }

    #[test]
    fn no_reduction_with_the_switch_off() {
        let off = SearchConfig::preset(15).unwrap();
        assert_eq!(reduction_of(MOVES, "a1a2", 20, Band::Quiet, off), 0);
    }

    /// The search with section 14.1's reductions by history switched on.
    fn lmrhist() -> SearchConfig {
        let mut config = SearchConfig::default();
        config.set("lmrhist", true).unwrap();
        config
    }

    /// Rook a1 to a2 of [`MOVES`], the 21st move of its node, from the quiet band.
    const LATE_ROOK: (usize, Band) = (20, Band::Quiet);

    #[test]
    fn under_lmrhist_a_move_that_has_failed_is_reduced_more_and_one_that_cut_off_less() {
        let plain = quiet(MOVES, "a1a2", 20);
        assert!(plain > LMR_HISTORY_MAX_PLIES, "room to take the plies off");
        let failed = reduction_after(MOVES, "a1a2", LATE_ROOK, lmrhist(), -200);
        let cut_off = reduction_after(MOVES, "a1a2", LATE_ROOK, lmrhist(), 200);
        assert_eq!(failed, plain + LMR_HISTORY_MAX_PLIES);
        assert_eq!(cut_off, plain - LMR_HISTORY_MAX_PLIES);
    }

    #[test]
    fn under_lmrhist_a_history_near_zero_leaves_the_reduction_as_it_was() {
        let plain = quiet(MOVES, "a1a2", 20);
        for taught in [-1, 0, 1] {
            let reduction = reduction_after(MOVES, "a1a2", LATE_ROOK, lmrhist(), taught);
            assert_eq!(reduction, plain, "taught {taught}");
        }
    }

    #[test]
    fn under_lmrhist_a_killer_with_a_good_history_is_reduced_less_again() {
        let killer = (20, Band::Killer);
        let plain = reduction_of(MOVES, "a1a2", 20, Band::Killer, lmrhist());
        let cut_off = reduction_after(MOVES, "a1a2", killer, lmrhist(), 200);
        assert_eq!(cut_off, plain - LMR_HISTORY_MAX_PLIES);
    }

    #[test]
    fn without_lmrhist_the_history_does_not_move_a_reduction() {
        let plain = quiet(MOVES, "a1a2", 20);
        let config = SearchConfig::default();
        assert_eq!(
            reduction_after(MOVES, "a1a2", LATE_ROOK, config, -200),
            plain
        );
        assert_eq!(
            reduction_after(MOVES, "a1a2", LATE_ROOK, config, 200),
            plain
        );
    }

    /// The search with section 14.1's deeper reductions at cut nodes switched on.
    fn lmrcut() -> SearchConfig {
        let mut config = SearchConfig::default();
        config.set("lmrcut", true).unwrap();
        config
    }

    /// The reduction `config` gives rook a1 to a2 of [`MOVES`], searched from `band` as the
    /// `searched`-th move (from 0) of a node `depth` deep at ply 1 that is not a PV node,
    /// when the node's parent expects it to be cut off (`cut_node`) or to fail low.
    fn rook_at(cut_node: bool, config: SearchConfig, (depth, searched, band): Late) -> Depth {
        let position = Position::from_fen(MOVES).unwrap();
        let mut table = TranspositionTable::new(1).unwrap();
        let mut searcher = Searcher::new(&[], Control::default(), &mut table, config);
        searcher.stack[1].cut_node = cut_node;
        let mv = find_move(&position, "a1a2").unwrap();
        searcher.play(&position, mv, 1);
        searcher.reduction(&position, (mv, band), depth, searched, (1, false))
    }

    /// A move's depth, its number in its node's order (from 0) and its band.
    type Late = (Depth, usize, Band);

    /// The 21st move of a node 10 deep, from the quiet band: reduced by the table alone.
    const LATE_AT_10: Late = (10, 20, Band::Quiet);

    #[test]
    fn under_lmrcut_a_late_move_of_an_expected_cut_node_is_reduced_more() {
        let plain = quiet(MOVES, "a1a2", 20);
        let all_node = rook_at(false, lmrcut(), LATE_AT_10);
        assert_eq!(all_node, plain, "at an expected all node");
        assert_eq!(
            rook_at(true, lmrcut(), LATE_AT_10),
            plain + LMR_CUT_NODE_PLIES
        );
    }

    #[test]
    fn under_lmrcut_a_killer_the_table_left_alone_is_reduced_at_a_cut_node() {
        let killer = (LMR_MIN_DEPTH, LMR_MIN_SEARCHED, Band::Killer);
        assert_eq!(table_reduction(LMR_MIN_DEPTH, LMR_MIN_SEARCHED), 1);
        assert_eq!(rook_at(false, lmrcut(), killer), 0);
        assert_eq!(rook_at(true, lmrcut(), killer), LMR_CUT_NODE_PLIES);
    }

    #[test]
    fn without_lmrcut_a_cut_node_reduces_as_an_all_node_does() {
        let config = SearchConfig::default();
        for late in [LATE_AT_10, (LMR_MIN_DEPTH, LMR_MIN_SEARCHED, Band::Killer)] {
            assert_eq!(rook_at(true, config, late), rook_at(false, config, late));
        }
    }
}
