//! Moves left out because the static exchange evaluation (`see.rs`) says they lose material:
//! in quiescence, every losing capture; in the main search, near the leaves, a capture or a
//! quiet move that loses more than its node's depth allows.
//!
//! Quiescence searches captures so that no score is taken in the middle of an exchange; a
//! capture that loses material is not what a side would choose there, since it may stand pat
//! instead. In the main search a move that puts a piece where it is lost is rarely the best
//! at a shallow node, and the search below it would mostly find the loss again.

use super::move_pruning::{gives_check, may_prune};
use super::{Depth, Searcher};
use crate::config::Switches;
use crate::moves::Move;
use crate::position::Position;
use crate::see::see_at_least;

/// The deepest node of the main search that prunes by SEE: deeper, a move that loses
/// material may be a sacrifice that the search below it would prove sound.
pub const SEE_PRUNING_MAX_DEPTH: Depth = 6;

/// The material, in centipawns a ply of depth, a capture may lose by SEE and still be
/// searched: see [`see_threshold`].
pub const SEE_CAPTURE_MARGIN: i32 = 50;

/// The material, in centipawns a ply of depth, a quiet move may lose by SEE and still be
/// searched: smaller than a capture's, since a quiet move that loses material has taken
/// nothing for it. See [`see_threshold`].
pub const SEE_QUIET_MARGIN: i32 = 30;

/// The least SEE value at which `mv`, at a node `depth` plies deep, is still searched:
/// minus the margin of its kind times the depth, so a deeper node tries more of the moves
/// that lose material. `None` for a promotion that takes nothing, which is never pruned.
pub fn see_threshold(mv: Move, depth: Depth) -> Option<i32> {
    if mv.is_capture() {
        Some(-SEE_CAPTURE_MARGIN * depth)
    } else if mv.is_quiet() {
        Some(-SEE_QUIET_MARGIN * depth)
    } else {
        None
    }
}

impl Searcher<'_> {
    /// Whether to leave out `mv`, a move of `position`, the node at `ply` `depth` plies deep,
    /// because its static exchange evaluation is below [`see_threshold`]; `pv_node` says
    /// whether the node is a PV node, and `best` is the best score of the moves searched
    /// so far.
    ///
    /// Only at a node no deeper than [`SEE_PRUNING_MAX_DEPTH`], not a PV node and not in
    /// check (where a move that loses material may be the only way out), and only once the
    /// node has searched a move that is not mated ([`may_prune`]). A quiet move that gives
    /// check is searched, as futility pruning does: a sacrifice with check is how many mates
    /// begin. A capture that gives check is pruned like any other capture.
    pub(super) fn see_prune(
        &mut self,
        position: &Position,
        mv: Move,
        depth: Depth,
        (ply, pv_node): (usize, bool),
        best: Option<i32>,
    ) -> bool {
        if !self.config.is_on(Switches::SEE_PRUNING) {
            return false;
        }
        if pv_node || depth > SEE_PRUNING_MAX_DEPTH || self.in_check(ply) || !may_prune(best) {
            return false;
        }
        let Some(threshold) = see_threshold(mv, depth) else {
            return false;
        };
        let losing = !see_at_least(position, mv, threshold)
            && (mv.is_capture() || !gives_check(position, mv));
        self.stats.see_moves_pruned += u64::from(losing);
        losing
    }

    /// Whether quiescence leaves out `mv`, a capture of `position`, the node at `ply`, because
    /// its static exchange evaluation is below zero: the side to move would rather stand pat
    /// than lose material. Never in check, where quiescence searches every evasion and may
    /// not stand pat.
    pub(super) fn skip_losing_capture(
        &mut self,
        position: &Position,
        mv: Move,
        ply: usize,
    ) -> bool {
        if !self.config.is_on(Switches::QUIESCENCE_SEE) || self.in_check(ply) {
            return false;
        }
        let losing = !see_at_least(position, mv, 0);
        self.stats.losing_captures_skipped += u64::from(losing);
        losing
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::SearchConfig;
    use crate::movegen::find_move;
    use crate::score::MATE_BOUND;
    use crate::search::{Control, Frame};
    use crate::see::see;
    use crate::tt::TranspositionTable;

    /// White to move. The queen on d1 can take the pawn on d5, which the pawn on e6 defends
    /// (SEE −800), or step to d4, where the pawn on e5 takes it (SEE −900), or to d2 or a4,
    /// where nothing can (SEE 0); the pawn on b7 promotes on b8 without taking anything.
    const EXCHANGES: &str = "4k3/1P6/4p3/3pp3/8/8/8/3QK3 w - - 0 1";

    /// White to move: the knight on c3 can take the pawn on d5, which the pawn on e6 defends
    /// (SEE −200).
    const KNIGHT_TAKES: &str = "4k3/8/4p3/3p4/8/2N5/8/4K3 w - - 0 1";

    /// A searcher at ply 1 of `fen` under `config`, with the move `uci` found there.
    fn at_ply_one<T>(
        fen: &str,
        uci: &str,
        config: SearchConfig,
        ask: impl FnOnce(&mut Searcher, &Position, Move) -> T,
    ) -> T {
        let position = Position::from_fen(fen).unwrap();
        let mut table = TranspositionTable::new(1).unwrap();
        let mut searcher = Searcher::new(&[], Control::default(), &mut table, config);
        searcher.stack[1] = Frame::of(&position);
        let mv = find_move(&position, uci).unwrap();
        ask(&mut searcher, &position, mv)
    }

    /// The move `uci` of `fen`.
    fn find_move_in(fen: &str, uci: &str) -> Move {
        find_move(&Position::from_fen(fen).unwrap(), uci).unwrap()
    }

    /// Whether the main search prunes `uci` in `fen` under every switch, at a non-PV node
    /// `depth` deep whose best move so far scored `best`.
    fn prunes(fen: &str, uci: &str, depth: Depth, best: Option<i32>) -> bool {
        at_ply_one(
            fen,
            uci,
            SearchConfig::default(),
            |searcher, position, mv| searcher.see_prune(position, mv, depth, (1, false), best),
        )
    }

    /// Whether quiescence skips `uci` in `fen` under `config`.
    fn skips(fen: &str, uci: &str, config: SearchConfig) -> bool {
        at_ply_one(fen, uci, config, |searcher, position, mv| {
            searcher.skip_losing_capture(position, mv, 1)
        })
    }

    #[test]
    fn the_positions_exchanges_are_what_the_tests_say() {
        let value = |fen, uci| {
            let position = Position::from_fen(fen).unwrap();
            see(&position, find_move(&position, uci).unwrap())
        };
        assert_eq!(value(EXCHANGES, "d1d5"), -800);
        assert_eq!(value(EXCHANGES, "d1d4"), -900);
        assert_eq!((value(EXCHANGES, "d1d2"), value(EXCHANGES, "d1a4")), (0, 0));
        assert_eq!(value(KNIGHT_TAKES, "c3d5"), -200);
    }

    #[test]
    fn a_move_is_pruned_when_it_loses_more_than_its_depth_allows() {
        // The knight's capture loses 200: pruned while the threshold is above -200.
        let knight = find_move_in(KNIGHT_TAKES, "c3d5");
        for depth in 1..=SEE_PRUNING_MAX_DEPTH {
            let below = -200 < see_threshold(knight, depth).unwrap();
            assert_eq!(
                prunes(KNIGHT_TAKES, "c3d5", depth, Some(0)),
                below,
                "{depth}"
            );
        }
        assert!(prunes(KNIGHT_TAKES, "c3d5", 1, Some(0)));
        assert!(!prunes(
            KNIGHT_TAKES,
            "c3d5",
            SEE_PRUNING_MAX_DEPTH,
            Some(0)
        ));
        // The queen's capture loses 800 and the queen put where a pawn takes it 900: both
        // are pruned at every depth that prunes.
        assert!(prunes(EXCHANGES, "d1d5", SEE_PRUNING_MAX_DEPTH, Some(0)));
        assert!(prunes(EXCHANGES, "d1d4", SEE_PRUNING_MAX_DEPTH, Some(0)));
        assert!(!prunes(EXCHANGES, "d1d2", 1, Some(0)), "loses nothing");
        assert!(!prunes(EXCHANGES, "d1a4", 1, Some(0)), "loses nothing");
        // Qd1-d7 puts the queen where the king takes it (SEE -900), with check.
        let check = "4k3/8/8/8/8/8/8/3QK3 w - - 0 1";
        assert!(!prunes(check, "d1d7", 1, Some(0)), "gives check");
        assert!(
            prunes(EXCHANGES, "d1d4", 1, Some(0)),
            "the same loss without check"
        );
    }

    #[test]
    fn promotions_deep_nodes_and_nodes_with_nothing_searched_prune_nothing() {
        assert!(!prunes(EXCHANGES, "b7b8q", 1, Some(0)), "a promotion");
        let deep = SEE_PRUNING_MAX_DEPTH + 1;
        assert!(!prunes(EXCHANGES, "d1d5", deep, Some(0)), "too deep");
        assert!(!prunes(EXCHANGES, "d1d5", 1, None), "nothing searched yet");
        assert!(
            !prunes(EXCHANGES, "d1d5", 1, Some(-MATE_BOUND)),
            "mated so far"
        );
    }

    #[test]
    fn pv_nodes_and_nodes_in_check_prune_nothing() {
        let pv = at_ply_one(EXCHANGES, "d1d5", SearchConfig::default(), |s, p, mv| {
            s.see_prune(p, mv, 1, (1, true), Some(0))
        });
        assert!(!pv, "a PV node");
        // The black bishop on b4 checks the king; Qd2 blocks where the bishop takes it.
        let checked = "4k3/8/8/8/1b6/8/8/3QK3 w - - 0 1";
        assert!(!prunes(checked, "d1d2", 1, Some(0)), "in check");
    }

    #[test]
    fn quiescence_skips_losing_captures_only_out_of_check() {
        let config = SearchConfig::default();
        assert!(skips(EXCHANGES, "d1d5", config), "loses 800");
        assert!(skips(KNIGHT_TAKES, "c3d5", config), "loses 200");
        // The pawn on e4 takes a rook that the bishop on b7 defends: it wins 400.
        assert!(!skips(
            "4k3/1b6/8/3r4/4P3/8/8/4K3 w - - 0 1",
            "e4d5",
            config
        ));
        // In check, every evasion is searched: the queen takes the knight that checks from
        // d3, though the pawn on e4 defends it.
        let checked = "4k3/8/8/8/4p3/3n4/8/3QK3 w - - 0 1";
        assert!(!skips(checked, "d1d3", config));
    }

    #[test]
    fn nothing_is_left_out_with_the_switches_off() {
        let off = SearchConfig::preset(17).unwrap();
        assert!(!skips(EXCHANGES, "d1d5", off));
        let pruned = at_ply_one(EXCHANGES, "d1d5", off, |s, p, mv| {
            s.see_prune(p, mv, 1, (1, false), Some(0))
        });
        assert!(!pruned);
    }
}
