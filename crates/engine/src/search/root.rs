//! The root: the search of one depth from the position to move in, iterative deepening around
//! it, and `think`, which a `go` command runs.

use super::{Control, Depth, Frame, MAX_DEPTH, Searcher, Stopped, move_loop::no_moves_score};
use crate::config::SearchConfig;
use crate::limits::Limits;
use crate::movegen::legal_moves;
use crate::moves::Move;
use crate::ordering::MovePicker;
use crate::ordering::tables::OrderingTables;
use crate::position::Position;
use crate::score::{DRAW, INFINITY, MATE};
use crate::stats::Stats;
use crate::time::{Clock, budget};
use crate::tt::TranspositionTable;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

impl Searcher<'_> {
    /// Searches `moves`, legal moves of `position` tried in the order given, `depth` plies
    /// deep (at least 1): the node function at ply 0, with the widest window. Afterwards
    /// [`Searcher::root_best`] is the best move and its score, and its line is the table's
    /// first; if the search stopped, it is the best of the moves searched to the end, or
    /// `None` if it stopped during the first.
    pub fn root(
        &mut self,
        position: &Position,
        moves: &[Move],
        depth: Depth,
    ) -> Result<(), Stopped> {
        self.root_moves.clear();
        self.root_moves.extend_from_slice(moves);
        self.root_best = None;
        self.stack[0] = Frame {
            key: position.key(),
            ..Frame::default()
        };
        self.negamax(position, depth, 0, -INFINITY, INFINITY)?;
        Ok(())
    }

    /// Iterative deepening: searches `moves`, legal moves of `position`, to depth 1, 2, … up to
    /// `max_depth`, calling `report` after each depth finished. It starts no depth once the
    /// clock's soft limit has passed, and stops early once a mate in `mate` moves is found.
    ///
    /// If the search gives up in the middle of a depth, the best move of that depth is kept if
    /// the first move was searched to the end: that was the last depth's best, so any move
    /// that beat it did so at the greater depth.
    pub fn iterate(
        &mut self,
        position: &Position,
        mut moves: Vec<Move>,
        max_depth: Depth,
        mate: Option<u32>,
        mut report: impl FnMut(&Outcome),
    ) -> Outcome {
        let mut outcome = Outcome::unsearched(moves.first().copied(), DRAW);
        let mate_score = mate.map(|moves| MATE - 2 * moves as i32 + 1);
        for depth in 1..=max_depth {
            let finished = self.root(position, &moves, depth);
            if let Some((mv, score)) = self.root_best {
                outcome = self.found(mv, score, depth);
                // The best move goes first next time; the others keep their order.
                let at = moves.iter().position(|&m| m == mv).unwrap_or(0);
                moves[..=at].rotate_right(1);
            }
            outcome.stats = self.stats;
            if finished.is_err() {
                break;
            }
            report(&outcome);
            if self.control.clock.soft_passed() || mate_score.is_some_and(|s| outcome.score >= s) {
                break;
            }
        }
        outcome
    }

    /// The outcome of a root search at `depth` that found `mv`, scoring `score`; its line
    /// becomes the one the next depth follows.
    fn found(&mut self, mv: Move, score: i32, depth: Depth) -> Outcome {
        self.previous.clear();
        self.previous.extend_from_slice(self.pv.line(0));
        Outcome {
            best: Some(mv),
            score,
            depth,
            stats: self.stats,
            pv: self.previous.clone(),
            hashfull: self.table.hashfull(),
        }
    }
}

/// The legal moves of `position` the root searches (only those in `allowed`, if it names any),
/// ordered as any other node's.
pub fn root_moves(position: &Position, allowed: &[Move]) -> Vec<Move> {
    MovePicker::new(position, legal_moves(position), None)
        .filter(|mv| allowed.is_empty() || allowed.contains(mv))
        .collect()
}

/// What a search found, for the UCI loop to report.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// The move to play: `None` only when there is no legal move.
    pub best: Option<Move>,
    /// Its score, for the side to move.
    pub score: i32,
    /// The depth it was found at.
    pub depth: Depth,
    /// What the search had counted by then.
    pub stats: Stats,
    /// The line the search expects, starting with `best`.
    pub pv: Vec<Move>,
    /// How full the transposition table is, per mille, as UCI's `info hashfull` reports it.
    pub hashfull: usize,
}

impl Outcome {
    /// The outcome of a search that has not finished a move: `best`, unsearched, at depth 0.
    fn unsearched(best: Option<Move>, score: i32) -> Outcome {
        Outcome {
            best,
            score,
            depth: 0,
            stats: Stats::default(),
            pv: best.into_iter().collect(),
            hashfull: 0,
        }
    }
}

/// Searches `position` (reached through positions with the keys `history`) within `limits`,
/// started at `started`, until they are reached or `stop` is set, calling `report` after each
/// depth, with the techniques `config` switches on. While the engine ponders, `pondering` is
/// set, and the clock waits for it to clear. What the search learns is kept in `table` and
/// `tables`, for the searches after it.
#[expect(
    clippy::too_many_arguments,
    reason = "the UCI loop's search thread hands over each of these; `config` comes last, as every entry to the search takes it"
)]
pub fn think(
    position: &Position,
    history: &[u64],
    limits: &Limits,
    stop: &AtomicBool,
    pondering: &AtomicBool,
    started: Instant,
    report: impl FnMut(&Outcome),
    table: &mut TranspositionTable,
    tables: &mut OrderingTables,
    config: SearchConfig,
) -> Outcome {
    let moves = root_moves(position, &limits.search_moves);
    if moves.is_empty() {
        return Outcome::unsearched(None, no_moves_score(position, 0));
    }
    let clamp = |depth: u64| depth.clamp(1, u64::from(MAX_DEPTH)) as u32;
    let mate = limits.mate.map(clamp);
    let max_depth = match (limits.depth, limits.mate) {
        (Some(depth), _) => clamp(depth),
        (None, Some(moves)) => clamp(moves.saturating_mul(2).saturating_sub(1)),
        (None, None) => MAX_DEPTH,
    };
    let control = Control {
        stop: Some(stop),
        clock: Clock::new(
            started,
            budget(limits, position.side_to_move()),
            limits.ponder.then_some(pondering),
        ),
        max_nodes: limits.nodes,
    };
    table.new_search();
    tables.new_search();
    let mut searcher = Searcher::new(history, control, table, config);
    searcher.tables = std::mem::take(tables);
    let outcome = searcher.iterate(position, moves, max_depth as Depth, mate, report);
    *tables = std::mem::take(&mut searcher.tables);
    outcome
}
