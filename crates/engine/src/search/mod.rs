//! The search: alpha-beta over the tree of legal moves, with a quiescence search at its leaves.
//!
//! Scores are centipawns from the point of view of the side to move at the node (negamax), so
//! one function serves both sides: a child's score, negated, is the parent's. A mate is scored
//! by its distance from the root, so the search prefers the shortest mate and the longest
//! defence. A draw (stalemate, the fifty-move rule, a repetition) scores 0.
//!
//! One node function, [`Searcher::negamax`], searches the root and every node below it. It
//! reads as a list of steps; each step is a method in a file of its own in this folder, so that
//! a technique is written once, and a chapter can quote it by name. From stage 11 on, each
//! technique is a switch of [`SearchConfig`], tested once, first thing inside its own step:
//! the node function never tests a switch. Iterative deepening ([`root`]) sits around the node
//! function and calls it at the root, one depth after another.
//!
//! A search that must give up (time, nodes, `stop`) does not return a made-up score: every node
//! returns `Result<i32, Stopped>`, and `?` carries the stop up to the root.

mod aspiration;
mod check_extension;
mod child;
mod control;
mod correction;
mod draw;
mod evaluation;
mod frame;
mod futility;
mod history_pruning;
mod iir;
mod move_loop;
mod move_pruning;
mod null_move;
mod one_ply;
mod order;
mod probcut;
mod pvs;
mod quiescence;
mod quiescence_tt;
mod reductions;
mod reverse_futility;
mod root;
mod see_pruning;
mod singular;
mod tt;

#[cfg(test)]
mod tests;

pub use check_extension::CHECK_EXTENSION_PLY_FACTOR;
pub use control::{CHECK_INTERVAL, Control};
pub use draw::FIFTY_MOVE_PLIES;
pub use frame::Frame;
pub use futility::{
    FUTILITY_MARGIN_BASE, FUTILITY_MARGIN_PER_PLY, FUTILITY_MAX_DEPTH, futility_margin,
};
pub use history_pruning::{HISTORY_PRUNING_FAILURES, HISTORY_PRUNING_MAX_DEPTH};
pub use iir::{IIR_MIN_DEPTH, IIR_REDUCTION};
pub use move_pruning::{LMP_BASE, LMP_MAX_DEPTH, late_move_count};
pub use null_move::{
    NULL_MOVE_DEPTH_BASE, NULL_MOVE_DEPTH_DIVISOR, NULL_MOVE_MIN_DEPTH, NULL_MOVE_REDUCTION,
};
pub use one_ply::{choose_move, score_after};
pub use probcut::{PROBCUT_MARGIN, PROBCUT_MIN_DEPTH, PROBCUT_REDUCTION};
pub use reductions::{LMR_BASE, LMR_DIVISOR, LMR_MIN_DEPTH, LMR_MIN_SEARCHED, base_reduction};
pub use reverse_futility::{REVERSE_FUTILITY_MARGIN, REVERSE_FUTILITY_MAX_DEPTH};
pub use root::{Memory, Outcome, Signals, Task, root_moves, think};
pub use see_pruning::{SEE_CAPTURE_MARGIN, SEE_PRUNING_MAX_DEPTH, SEE_QUIET_MARGIN, see_threshold};
pub use singular::{SINGULAR_MARGIN_PER_PLY, SINGULAR_MIN_DEPTH, SINGULAR_TT_DEPTH_MARGIN};

use crate::config::SearchConfig;
use crate::moves::Move;
use crate::ordering::tables::OrderingTables;
use crate::position::Position;
use crate::pv::PvTable;
use crate::score::{DRAW, MAX_PLY};
use crate::stats::Stats;
use crate::tt::TranspositionTable;

/// A depth in plies, still to search below a node. Signed: a reduction or a null move takes
/// plies off it, and a depth that goes below zero must stay a number, not wrap round.
pub type Depth = i32;

/// The deepest iteration a command may ask for: half of [`MAX_PLY`], leaving the rest for
/// quiescence.
pub const MAX_DEPTH: u32 = MAX_PLY as u32 / 2;

/// The search gave up before it finished (time, the node limit or `stop`). Not a score: a node
/// that gives up has no result, and `?` passes that up to the root.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stopped;

/// One search, with what it carries from node to node.
pub struct Searcher<'a> {
    /// Which techniques are switched on.
    pub config: SearchConfig,
    /// The keys of the game's positions before the root, oldest first: repetitions of them
    /// are draws too.
    history: Vec<u64>,
    /// A frame for each ply of the current path, the root's first.
    stack: Vec<Frame>,
    /// What the search has counted.
    pub stats: Stats,
    /// When to give up.
    control: Control<'a>,
    /// The best line from each ply of the current path.
    pv: PvTable,
    /// The root's moves, in the order the root searches them.
    root_moves: Vec<Move>,
    /// The best root move of the current depth so far, with its score: what a search that
    /// stops in the middle of a depth still has.
    pub root_best: Option<(Move, i32)>,
    /// How many of the best root moves each depth finds, each in its own line: 1, unless the
    /// `MultiPV` option asks for more.
    pub multi_pv: usize,
    /// The depth of the root search under way: the check extension stops at a ply bounded by
    /// it.
    root_depth: Depth,
    /// The line the last finished iteration found, which the next one searches first.
    previous: Vec<Move>,
    /// The transposition table, which outlives the search: the UCI engine keeps one across
    /// a game's searches.
    table: &'a mut TranspositionTable,
    /// The killers, countermoves and history the search orders quiet moves by: empty for a
    /// new searcher; `think` hands it the game's, and takes them back when it is done.
    tables: OrderingTables,
}

impl<'a> Searcher<'a> {
    /// A searcher for a game whose earlier positions had the keys `history`, oldest first,
    /// that remembers what it finds in `table`.
    pub fn new(
        history: &[u64],
        control: Control<'a>,
        table: &'a mut TranspositionTable,
        config: SearchConfig,
    ) -> Searcher<'a> {
        Searcher {
            table,
            config,
            history: history.to_vec(),
            stack: vec![Frame::default(); MAX_PLY + 1],
            stats: Stats::default(),
            control,
            pv: PvTable::new(),
            root_moves: Vec::new(),
            root_best: None,
            multi_pv: 1,
            root_depth: 0,
            previous: Vec::new(),
            tables: OrderingTables::default(),
        }
    }

    /// The score of `position`, `ply` plies from the root, searched `depth` plies deeper:
    /// alpha-beta, fail-soft. A score within (`alpha`, `beta`) is exact; one at or below
    /// `alpha` is an upper bound and one at or above `beta` a lower bound. The root is a node
    /// like the others, at ply 0.
    fn negamax(
        &mut self,
        position: &Position,
        depth: Depth,
        ply: usize,
        alpha: i32,
        beta: i32,
    ) -> Result<i32, Stopped> {
        self.pv.clear(ply);
        if depth <= 0 {
            return self.quiescence(position, ply, alpha, beta);
        }
        self.stats.node(ply);
        self.check_stop()?;
        if self.is_draw(position, ply) {
            return Ok(DRAW);
        }
        if ply >= MAX_PLY {
            return Ok(self.evaluate(position));
        }
        let hit = self.probe(position, ply);
        if let Some(score) = self.hash_cutoff(hit, depth, ply, (alpha, beta)) {
            return Ok(score);
        }
        self.evaluate_node(position, ply);
        if let Some(score) = self.reverse_futility(position, depth, ply, (alpha, beta)) {
            return Ok(score);
        }
        if let Some(score) = self.null_move(position, depth, ply, (alpha, beta))? {
            return Ok(score);
        }
        if let Some(score) = self.probcut(position, hit, depth, ply, (alpha, beta))? {
            return Ok(score);
        }
        let depth = depth - self.internal_iterative_reduction(hit, depth, ply, (alpha, beta));
        if let Some(score) = self.singular_extension(position, hit, depth, ply, beta)? {
            return Ok(score);
        }
        let moves = self.ordered_moves(position, ply, depth, hit.and_then(|hit| hit.mv));
        let (score, best) = self.search_moves(position, moves, depth, ply, alpha, beta)?;
        self.store(position, (depth, ply), (alpha, beta), score, best);
        self.learn_correction(position, (depth, ply), (alpha, beta), score, best);
        Ok(score)
    }
}
