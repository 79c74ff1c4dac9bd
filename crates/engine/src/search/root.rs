//! The root: the search of one depth from the position to move in, iterative deepening around
//! it, and `think`, which a `go` command runs.

use super::{Control, Depth, Frame, MAX_DEPTH, Searcher, Stopped, move_loop::no_moves_score};
use crate::attacked::in_check;
use crate::config::{SearchConfig, Switches};
use crate::limits::Limits;
use crate::movegen::legal_moves;
use crate::moves::Move;
use crate::ordering::MovePicker;
use crate::ordering::tables::OrderingTables;
use crate::position::Position;
use crate::score::{DRAW, INFINITY, MATE};
use crate::stats::Stats;
use crate::time::{Clock, Stability, budget};
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
        self.root_within(position, moves, depth, (-INFINITY, INFINITY))?;
        Ok(())
    }

    /// [`Searcher::root`] within the window (`alpha`, `beta`): the root's score, exact if it
    /// lies inside the window, else a bound. If it is at or below `alpha`, no move raised
    /// alpha, and [`Searcher::root_best`] is `None`.
    pub(super) fn root_within(
        &mut self,
        position: &Position,
        moves: &[Move],
        depth: Depth,
        (alpha, beta): (i32, i32),
    ) -> Result<i32, Stopped> {
        self.root_moves.clear();
        self.root_moves.extend_from_slice(moves);
        self.root_best = None;
        self.root_depth = depth;
        self.stack[0] = Frame::of(position);
        self.negamax(position, depth, 0, alpha, beta)
    }

    /// Iterative deepening: searches `moves`, legal moves of `position`, to depth 1, 2, … up to
    /// `max_depth`, calling `report` after each depth finished, once for each of its lines
    /// (one, unless [`Searcher::multi_pv`] asks for more), the best first. It starts no depth
    /// once the clock's soft limit has passed (scaled by [`Searcher::soft_percent`]), and
    /// stops early once a mate in `mate` moves is found. What it returns is the best line.
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
        let mut stability = Stability::default();
        for depth in 1..=max_depth {
            let guess = (outcome.depth > 0).then_some(outcome.score);
            let (lines, finished) = self.root_lines(position, &moves, depth, guess);
            // The best moves go first next time, in their order; the others keep theirs.
            for line in lines.iter().rev() {
                let at = moves.iter().position(|&m| Some(m) == line.best);
                moves[..=at.unwrap_or(0)].rotate_right(1);
            }
            if let Some(best) = lines.first() {
                outcome = best.clone();
            }
            outcome.stats = self.stats;
            if finished.is_err() {
                break;
            }
            lines.iter().for_each(&mut report);
            let soft_percent = self.soft_percent(&mut stability, &outcome);
            if self.control.clock.soft_passed(soft_percent)
                || mate_score.is_some_and(|s| outcome.score >= s)
            {
                break;
            }
        }
        outcome
    }

    /// The soft limit after a finished depth whose best line is `outcome`, in per cent of the
    /// plain one: with the switch `stability` on (section 8.1), as the record of the depths so
    /// far, `stability`, scales it by how settled they are; without it, 100.
    pub(super) fn soft_percent(&self, stability: &mut Stability, outcome: &Outcome) -> u32 {
        if self.config.is_on(Switches::TIME_STABILITY) {
            stability.after_depth(outcome.best, outcome.score)
        } else {
            100
        }
    }

    /// The best lines of `position` at `depth`, as many as [`Searcher::multi_pv`] asks for and
    /// `moves` allow, the best first: the root searched once for each, without the moves of
    /// the lines found before it, as `searchmoves` leaves moves out. With one line this is one
    /// root search, within an aspiration window around `guess`, the last depth's best score;
    /// the later lines take the widest window. If the search stops, the lines it finished come
    /// back with the stop, or the best move so far if it stopped during the first. Each line
    /// carries what the search has counted by the end of the depth, and the best becomes the
    /// one the next depth follows.
    fn root_lines(
        &mut self,
        position: &Position,
        moves: &[Move],
        depth: Depth,
        guess: Option<i32>,
    ) -> (Vec<Outcome>, Result<(), Stopped>) {
        let (mut lines, mut rest, mut finished) = (Vec::new(), moves.to_vec(), Ok(()));
        while lines.len() < self.multi_pv && !rest.is_empty() && finished.is_ok() {
            finished = if lines.is_empty() {
                self.aspirate(position, &rest, depth, guess)
            } else {
                self.root(position, &rest, depth)
            };
            let Some((mv, score)) = self.root_best else {
                break;
            };
            if finished.is_ok() || lines.is_empty() {
                lines.push(self.found(mv, score, depth));
            }
            rest.retain(|&m| m != mv);
        }
        // Each line's score is exact, so a later one scores no higher, but for the table's
        // rare inconsistencies: a stable sort settles them and keeps the rest.
        lines.sort_by_key(|line: &Outcome| std::cmp::Reverse(line.score));
        for (rank, line) in lines.iter_mut().enumerate() {
            line.rank = rank + 1;
            line.stats = self.stats;
        }
        if let Some(best) = lines.first() {
            self.previous.clone_from(&best.pv);
        }
        (lines, finished)
    }

    /// The outcome of a root search at `depth` that found `mv`, scoring `score`, with the line
    /// the search expects after it.
    fn found(&self, mv: Move, score: i32, depth: Depth) -> Outcome {
        Outcome {
            best: Some(mv),
            score,
            depth,
            stats: self.stats,
            pv: self.pv.line(0).to_vec(),
            hashfull: self.table.hashfull(),
            rank: 1,
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
    /// Which of the best lines this is, 1 for the best, as UCI's `info multipv` reports it.
    pub rank: usize,
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
            rank: 1,
        }
    }
}

/// What `go` asks a search to do: the position, the game that led to it, the limits, and the
/// techniques switched on.
#[derive(Clone, Copy, Debug)]
pub struct Task<'a> {
    /// The position to search.
    pub position: &'a Position,
    /// The keys of the game's positions before it, oldest first, so that the search sees a
    /// repetition of the game's history.
    pub history: &'a [u64],
    /// How long or how deep to search, and which moves.
    pub limits: &'a Limits,
    /// Which of the search's techniques are on.
    pub config: SearchConfig,
}

/// How the world outside reaches a running search: the flag that stops it, the flag set while
/// it ponders (its clock waits for it to clear), and when it started.
#[derive(Clone, Copy, Debug)]
pub struct Signals<'a> {
    /// Set on `stop`.
    pub stop: &'a AtomicBool,
    /// Set while the engine ponders; `ponderhit` clears it.
    pub pondering: &'a AtomicBool,
    /// When `go` came: the clock runs from here.
    pub started: Instant,
}

/// What one search leaves to the next: the transposition table, and the killers, countermoves
/// and history that order quiet moves.
pub struct Memory<'a> {
    /// The transposition table.
    pub table: &'a mut TranspositionTable,
    /// The ordering tables.
    pub tables: &'a mut OrderingTables,
}

/// Carries out `task` until its limits are reached or `signals` stop it, calling `report`
/// after each depth (for each of the `limits.multi_pv` best lines, or for the best alone).
/// What the search learns is kept in `memory`, for the searches after it.
pub fn think(
    task: Task,
    signals: Signals,
    memory: Memory,
    report: impl FnMut(&Outcome),
) -> Outcome {
    let Task {
        position,
        history,
        limits,
        config,
    } = task;
    let Memory { table, tables } = memory;
    let moves = root_moves(position, &limits.search_moves);
    if moves.is_empty() {
        return Outcome::unsearched(None, no_moves_score(in_check(position), 0));
    }
    let clamp = |depth: u64| depth.clamp(1, u64::from(MAX_DEPTH)) as u32;
    let mate = limits.mate.map(clamp);
    let max_depth = match (limits.depth, limits.mate) {
        (Some(depth), _) => clamp(depth),
        (None, Some(moves)) => clamp(moves.saturating_mul(2).saturating_sub(1)),
        (None, None) => MAX_DEPTH,
    };
    let control = Control {
        stop: Some(signals.stop),
        clock: Clock::new(
            signals.started,
            budget(limits, position.side_to_move()),
            limits.ponder.then_some(signals.pondering),
        ),
        max_nodes: limits.nodes,
    };
    table.new_search();
    tables.new_search();
    let mut searcher = Searcher::new(history, control, table, config);
    searcher.tables = std::mem::take(tables);
    searcher.multi_pv = limits.multi_pv.unwrap_or(1).max(1);
    let outcome = searcher.iterate(position, moves, max_depth as Depth, mate, report);
    *tables = std::mem::take(&mut searcher.tables);
    outcome
}
