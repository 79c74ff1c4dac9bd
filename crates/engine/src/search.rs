//! The search: alpha-beta over the tree of legal moves, with a quiescence search at its leaves.
//!
//! Scores are centipawns from the point of view of the side to move at the node (negamax), so
//! one function serves both sides: a child's score, negated, is the parent's. A mate is scored
//! by its distance from the root, so the search prefers the shortest mate and the longest
//! defence. A draw (stalemate, the fifty-move rule, a repetition) scores 0.
//!
//! `go` deepens the search one ply at a time (iterative deepening), each depth starting with
//! the line the last one found best, until a limit of the `go` command or the clock ends it.

use crate::attacked::in_check;
use crate::eval::evaluate;
use crate::limits::Limits;
use crate::movegen::{captures, count_moves, legal_moves};
use crate::moves::Move;
use crate::ordering::MovePicker;
use crate::position::Position;
use crate::pv::PvTable;
use crate::score::{DRAW, INFINITY, MATE, MAX_PLY, mated_score};
use crate::stats::Stats;
use crate::time::{Clock, budget};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// The deepest iteration a search starts: half of [`MAX_PLY`], leaving the rest for
/// quiescence.
pub const MAX_DEPTH: u32 = MAX_PLY as u32 / 2;

/// Plies without a capture or a pawn move after which the game is drawn: fifty moves each.
pub const FIFTY_MOVE_PLIES: u32 = 100;

/// How many nodes go by between looks at the stop flag and the clock. Reading the clock costs
/// more than a node; a thousand nodes take a millisecond or less.
pub const CHECK_INTERVAL: u64 = 1024;

/// When a search must give up before its depth is done.
#[derive(Clone, Copy, Debug)]
pub struct Control<'a> {
    /// Set by the UCI loop on `stop`.
    pub stop: Option<&'a AtomicBool>,
    /// The clock, with its hard limit.
    pub clock: Clock<'a>,
    /// The number of nodes to give up at.
    pub max_nodes: Option<u64>,
}

impl Default for Control<'_> {
    /// A control that never gives up: for fixed-depth searches such as `stats` and `bench`.
    fn default() -> Self {
        Control {
            stop: None,
            clock: Clock::unlimited(),
            max_nodes: None,
        }
    }
}

impl Control<'_> {
    /// Whether a search that has visited `nodes` nodes must give up now. The node limit is
    /// exact; the flag and the clock are read every [`CHECK_INTERVAL`] nodes.
    fn must_stop(&mut self, nodes: u64) -> bool {
        if self.max_nodes.is_some_and(|max| nodes >= max) {
            return true;
        }
        if !nodes.is_multiple_of(CHECK_INTERVAL) {
            return false;
        }
        self.stop.is_some_and(|stop| stop.load(Ordering::Relaxed)) || self.clock.hard_passed()
    }
}

/// One search, with what it carries from node to node.
pub struct Searcher<'a> {
    /// The keys of the positions before the node being searched, oldest first: the game's,
    /// then the search's path. The repetition check looks back along them.
    keys: Vec<u64>,
    /// What the search has counted.
    pub stats: Stats,
    /// When to give up.
    control: Control<'a>,
    /// Whether the search has given up. Every score after that is meaningless, and the root
    /// throws away the move it was searching.
    aborted: bool,
    /// The best line from each ply of the current path.
    pv: PvTable,
    /// The line the last finished iteration found, which the next one searches first.
    previous: Vec<Move>,
}

impl<'a> Searcher<'a> {
    /// A searcher for a game whose earlier positions had the keys `history`, oldest first.
    pub fn new(history: &[u64], control: Control<'a>) -> Searcher<'a> {
        Searcher {
            keys: history.to_vec(),
            stats: Stats::default(),
            control,
            aborted: false,
            pv: PvTable::new(),
            previous: Vec::new(),
        }
    }

    /// Whether the search has given up, or must give up now.
    fn out_of_time(&mut self) -> bool {
        self.aborted = self.aborted || self.control.must_stop(self.stats.nodes);
        self.aborted
    }

    /// The best of `moves`, legal moves of `position` tried in the order given, searched
    /// `depth` plies deep (at least 1), with its score; its line is the table's first. If the
    /// search gives up, the best of the moves searched to the end; `None` if it gave up during
    /// the first.
    pub fn root(&mut self, position: &Position, moves: &[Move], depth: u32) -> Option<(Move, i32)> {
        self.stats.node(0);
        self.pv.clear(0);
        self.keys.push(position.key());
        let mut best = None;
        let mut alpha = -INFINITY;
        for &mv in moves {
            let hint = self.hint_below(0, mv);
            let score = -self.negamax(&position.make(mv), depth - 1, 1, -INFINITY, -alpha, hint);
            if self.aborted {
                break;
            }
            if score > alpha {
                alpha = score;
                best = Some((mv, score));
                self.pv.update(0, mv);
            }
        }
        self.keys.pop();
        best
    }

    /// The move to try first in the child that `mv` leads to from the node at `ply`: the next
    /// move of the last iteration's line, if `mv` is that line's move at `ply`.
    fn hint_below(&self, ply: usize, mv: Move) -> Option<Move> {
        if self.previous.get(ply) == Some(&mv) {
            self.previous.get(ply + 1).copied()
        } else {
            None
        }
    }

    /// The score of `position`, `ply` plies from the root, searched `depth` plies deeper:
    /// alpha-beta, fail-soft. A score within (`alpha`, `beta`) is exact; one at or below
    /// `alpha` is an upper bound and one at or above `beta` a lower bound. `hint` is tried
    /// first: the last iteration's move here, if the node lies on its line.
    fn negamax(
        &mut self,
        position: &Position,
        depth: u32,
        ply: usize,
        alpha: i32,
        beta: i32,
        hint: Option<Move>,
    ) -> i32 {
        self.pv.clear(ply);
        if depth == 0 {
            return self.quiescence(position, ply, alpha, beta);
        }
        self.stats.node(ply);
        if self.out_of_time() || self.is_draw(position) {
            return DRAW;
        }
        if ply >= MAX_PLY {
            return evaluate(position);
        }
        let moves = MovePicker::new(position, legal_moves(position), hint);
        self.keys.push(position.key());
        let best = self.search_moves(position, moves, depth, ply, alpha, beta);
        self.keys.pop();
        best.unwrap_or_else(|| no_moves_score(position, ply))
    }

    /// The best score among `moves` of `position` searched `depth - 1` plies deeper, stopping
    /// at the first that reaches `beta`; `None` if there were no moves. A move that raises
    /// alpha heads the node's line.
    fn search_moves(
        &mut self,
        position: &Position,
        moves: MovePicker,
        depth: u32,
        ply: usize,
        mut alpha: i32,
        beta: i32,
    ) -> Option<i32> {
        let mut best = None;
        let on_line = moves.hint().is_some();
        for (searched, mv) in moves.enumerate() {
            let hint = if on_line {
                self.hint_below(ply, mv)
            } else {
                None
            };
            let child = position.make(mv);
            let score = -self.negamax(&child, depth - 1, ply + 1, -beta, -alpha, hint);
            if self.aborted {
                break;
            }
            best = best.max(Some(score));
            if score > alpha {
                alpha = score;
                self.pv.update(ply, mv);
            }
            if score >= beta {
                self.stats.cutoff(searched + 1);
                break;
            }
        }
        best
    }

    /// The score of `position` once the captures have been played out: the side to move may
    /// "stand pat" on the static evaluation, or capture. In check it may not stand pat, and
    /// every evasion is searched.
    fn quiescence(&mut self, position: &Position, ply: usize, mut alpha: i32, beta: i32) -> i32 {
        self.stats.node(ply);
        self.pv.clear(ply);
        if self.out_of_time() || ply >= MAX_PLY {
            return evaluate(position);
        }
        let checked = in_check(position);
        let mut best = -INFINITY;
        if !checked {
            best = evaluate(position);
            if best >= beta {
                return best;
            }
            alpha = alpha.max(best);
        }
        let moves = if checked {
            legal_moves(position)
        } else {
            captures(position)
        };
        if checked && moves.is_empty() {
            return mated_score(ply);
        }
        for mv in MovePicker::new(position, moves, None) {
            let score = -self.quiescence(&position.make(mv), ply + 1, -beta, -alpha);
            if self.aborted {
                break;
            }
            best = best.max(score);
            alpha = alpha.max(score);
            if score >= beta {
                break;
            }
        }
        best
    }

    /// Whether `position`, reached by the search, is drawn by the fifty-move rule or by
    /// repeating a position of the game or of the search's path.
    ///
    /// One repetition is enough: if repeating was good for a side once, it can repeat again,
    /// so the search may as well score the draw at once. Only positions since the last
    /// capture or pawn move can repeat, and only every other one has the same side to move.
    fn is_draw(&self, position: &Position) -> bool {
        let clock = position.halfmove_clock();
        // A mate given on the hundredth ply still wins: the rule needs a move left to play.
        if clock >= FIFTY_MOVE_PLIES && !(in_check(position) && legal_moves(position).is_empty()) {
            return true;
        }
        self.keys
            .iter()
            .rev()
            .take(clock as usize)
            .skip(1)
            .step_by(2)
            .any(|&key| key == position.key())
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
        max_depth: u32,
        mate: Option<u32>,
        mut report: impl FnMut(&Outcome),
    ) -> Outcome {
        let mut outcome = Outcome::unsearched(moves.first().copied(), DRAW);
        let mate_score = mate.map(|moves| MATE - 2 * moves as i32 + 1);
        for depth in 1..=max_depth {
            if let Some((mv, score)) = self.root(position, &moves, depth) {
                outcome = self.found(mv, score, depth);
                // The best move goes first next time; the others keep their order.
                let at = moves.iter().position(|&m| m == mv).unwrap_or(0);
                moves[..=at].rotate_right(1);
            }
            outcome.stats = self.stats;
            if self.aborted {
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
    fn found(&mut self, mv: Move, score: i32, depth: u32) -> Outcome {
        self.previous.clear();
        self.previous.extend_from_slice(self.pv.line(0));
        Outcome {
            best: Some(mv),
            score,
            depth,
            stats: self.stats,
            pv: self.previous.clone(),
        }
    }
}

/// The score of `position`, which has no legal move: mated if in check, else stalemate.
fn no_moves_score(position: &Position, ply: usize) -> i32 {
    if in_check(position) {
        mated_score(ply)
    } else {
        DRAW
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
    pub depth: u32,
    /// What the search had counted by then.
    pub stats: Stats,
    /// The line the search expects, starting with `best`.
    pub pv: Vec<Move>,
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
        }
    }
}

/// Searches `position` (reached through positions with the keys `history`) within `limits`,
/// started at `started`, until they are reached or `stop` is set, calling `report` after each
/// depth. While the engine ponders, `pondering` is set, and the clock waits for it to clear.
pub fn think(
    position: &Position,
    history: &[u64],
    limits: &Limits,
    stop: &AtomicBool,
    pondering: &AtomicBool,
    started: Instant,
    report: impl FnMut(&Outcome),
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
    Searcher::new(history, control).iterate(position, moves, max_depth, mate, report)
}

// Stage 8's player, which looked one move ahead. The engine plays the search above since stage
// 9; chapter 7 still shows and measures this one, so it stays, with its tests.

/// What the move that led to `after` is worth to the side that played it. If the side to move
/// in `after` has no legal move, the game is over: mated, the best result there is, or
/// stalemated, a draw. Otherwise it is the evaluation of `after`, which is from the opponent's
/// side, turned round.
pub fn score_after(after: &Position) -> i32 {
    match count_moves(after) {
        0 if in_check(after) => MATE,
        0 => DRAW,
        _ => -evaluate(after),
    }
}

/// The move the engine chooses in `position` within `limits`: of the legal moves (only those
/// in `limits.search_moves`, if any are given), the one with the best [`score_after`] it, or
/// `None` if there is no legal move. Of moves that score the same, the first generated wins.
pub fn choose_move(position: &Position, limits: &Limits) -> Option<Move> {
    let moves = legal_moves(position);
    let allowed = moves
        .as_slice()
        .iter()
        .copied()
        .filter(|mv| limits.search_moves.is_empty() || limits.search_moves.contains(mv));
    let mut best: Option<(Move, i32)> = None;
    for mv in allowed {
        let score = score_after(&position.make(mv));
        // Strictly better only: a later move that merely ties does not replace the first.
        if best.is_none_or(|(_, best_score)| score > best_score) {
            best = Some((mv, score));
        }
    }
    best.map(|(mv, _)| mv)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::movegen::find_move;

    /// The best move of `fen` and its score, searched `depth` plies deep from a fresh state.
    fn best(fen: &str, depth: u32) -> (String, i32) {
        let position = Position::from_fen(fen).unwrap();
        let mut searcher = Searcher::new(&[], Control::default());
        let (mv, score) = searcher
            .root(&position, &root_moves(&position, &[]), depth)
            .unwrap();
        (mv.to_string(), score)
    }

    /// The score of the single move `mv` in `fen`, searched `depth` plies deep after the keys
    /// `history`.
    fn score_of(fen: &str, mv: &str, depth: u32, history: &[u64]) -> i32 {
        let position = Position::from_fen(fen).unwrap();
        let only = find_move(&position, mv).unwrap();
        let mut searcher = Searcher::new(history, Control::default());
        searcher.root(&position, &[only], depth).unwrap().1
    }

    #[test]
    fn mate_in_one_is_found_and_scored_one_ply_away() {
        assert_eq!(
            best("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", 3),
            ("d1d8".to_string(), MATE - 1)
        );
    }

    #[test]
    fn mate_in_two_is_found_and_scored_three_plies_away() {
        assert_eq!(
            best("kbK5/pp6/1P6/8/8/8/8/R7 w - - 0 1", 4),
            ("a1a6".to_string(), MATE - 3)
        );
    }

    #[test]
    fn stalemate_is_scored_as_a_draw() {
        // Qb6 leaves the black king no move and not in check: a queen up, and a draw.
        assert_eq!(
            score_of("k7/8/2K5/8/8/8/8/1Q6 w - - 0 1", "b1b6", 2, &[]),
            DRAW
        );
    }

    #[test]
    fn a_repetition_of_the_games_positions_is_scored_as_a_draw() {
        // White, a rook up, shuffles; Black's king goes back to g8, a position seen before.
        let start = Position::from_fen("6k1/8/8/8/8/8/8/R5K1 w - - 0 1").unwrap();
        let mut history = vec![];
        let mut position = start.clone();
        for mv in ["a1a2", "g8h8", "a2a1"] {
            history.push(position.key());
            position = position.make(find_move(&position, mv).unwrap());
        }
        let fen = position.to_string();
        assert_eq!(score_of(&fen, "h8g8", 2, &history), DRAW);
        let alone = score_of(&fen, "h8g8", 2, &[]);
        assert!(alone < -400, "without the history, a rook down: {alone}");
    }

    #[test]
    fn the_fifty_move_rule_draws_unless_the_last_move_mates() {
        let fen = "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 99 80";
        assert_eq!(score_of(fen, "d1e1", 2, &[]), DRAW);
        assert_eq!(score_of(fen, "d1d8", 2, &[]), MATE - 1);
    }

    #[test]
    fn quiescence_takes_a_hanging_piece_and_leaves_a_defended_one() {
        let position = |fen| Position::from_fen(fen).unwrap();
        let mut searcher = Searcher::new(&[], Control::default());
        // The knight on d5 hangs to the pawn on e4.
        // Black has nothing to take back with, so the score is that of the position after it.
        let hanging = position("4k3/8/8/3n4/4P3/8/8/4K3 w - - 0 1");
        let taken = hanging.make(find_move(&hanging, "e4d5").unwrap());
        let score = searcher.quiescence(&hanging, 0, -INFINITY, INFINITY);
        assert_eq!(score, -evaluate(&taken));
        assert!(score > evaluate(&hanging));
        // The queen could take the pawn on d5, but the pawn on e6 defends it: stand pat.
        let defended = position("4k3/8/4p3/3p4/8/8/8/3QK3 w - - 0 1");
        let score = searcher.quiescence(&defended, 0, -INFINITY, INFINITY);
        assert_eq!(score, evaluate(&defended));
    }

    /// What `think` gives for `limits` in `fen`, and each depth it reported.
    fn go(fen: &str, limits: &Limits, stop: &AtomicBool) -> (Outcome, Vec<u32>) {
        let position = Position::from_fen(fen).unwrap();
        let pondering = AtomicBool::new(false);
        let mut depths = Vec::new();
        let report = |outcome: &Outcome| depths.push(outcome.depth);
        let outcome = think(
            &position,
            &[],
            limits,
            stop,
            &pondering,
            Instant::now(),
            report,
        );
        (outcome, depths)
    }

    /// A middlegame with much to search.
    const ITALIAN: &str =
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10";

    #[test]
    fn a_stop_flag_already_set_ends_the_search_with_a_legal_move() {
        let limits = Limits {
            infinite: true,
            ..Limits::default()
        };
        let (outcome, _) = go(ITALIAN, &limits, &AtomicBool::new(true));
        let position = Position::from_fen(ITALIAN).unwrap();
        assert!(
            legal_moves(&position)
                .as_slice()
                .contains(&outcome.best.unwrap())
        );
    }

    #[test]
    fn the_search_respects_stop_quickly() {
        let stop = AtomicBool::new(false);
        let limits = Limits {
            infinite: true,
            ..Limits::default()
        };
        std::thread::scope(|scope| {
            let search = scope.spawn(|| go(ITALIAN, &limits, &stop));
            std::thread::sleep(std::time::Duration::from_millis(200));
            let stopped = Instant::now();
            stop.store(true, Ordering::Relaxed);
            let (outcome, _) = search.join().unwrap();
            assert!(
                stopped.elapsed().as_millis() < 50,
                "{:?}",
                stopped.elapsed()
            );
            assert!(outcome.best.is_some());
        });
    }

    #[test]
    fn iterative_deepening_reports_each_depth_and_plays_the_last_ones_line() {
        let limits = Limits {
            depth: Some(4),
            ..Limits::default()
        };
        let (outcome, depths) = go(ITALIAN, &limits, &AtomicBool::new(false));
        assert_eq!(depths, [1, 2, 3, 4]);
        assert_eq!(outcome.depth, 4);
        assert_eq!(outcome.pv.first().copied(), outcome.best);
        // The line is legal from the root to its end.
        let mut position = Position::from_fen(ITALIAN).unwrap();
        for &mv in &outcome.pv {
            assert!(legal_moves(&position).as_slice().contains(&mv), "{mv}");
            position = position.make(mv);
        }
    }

    #[test]
    fn go_nodes_stops_at_exactly_that_many_nodes() {
        let limits = Limits {
            nodes: Some(5_000),
            ..Limits::default()
        };
        let (outcome, _) = go(ITALIAN, &limits, &AtomicBool::new(false));
        assert_eq!(outcome.stats.nodes, 5_000);
        assert!(outcome.best.is_some());
    }

    #[test]
    fn go_mate_stops_once_the_mate_is_found() {
        let limits = Limits {
            mate: Some(2),
            ..Limits::default()
        };
        let (outcome, depths) = go(
            "kbK5/pp6/1P6/8/8/8/8/R7 w - - 0 1",
            &limits,
            &AtomicBool::new(false),
        );
        assert_eq!((outcome.score, depths.last().copied()), (MATE - 3, Some(3)));
    }

    #[test]
    fn time_use_stays_under_the_budget_at_tiny_clocks() {
        for (time, increment) in [(1_000, 10), (200, 10), (60, 0), (10, 0)] {
            let limits = Limits {
                white_time: Some(time),
                white_increment: Some(increment),
                ..Limits::default()
            };
            let hard = crate::time::budget(&limits, crate::piece::Color::White)
                .unwrap()
                .hard;
            let started = Instant::now();
            let (outcome, _) = go(ITALIAN, &limits, &AtomicBool::new(false));
            let used = started.elapsed();
            // The clock is read every CHECK_INTERVAL nodes: allow for that, and no more.
            let slack = std::time::Duration::from_millis(30);
            assert!(
                used <= hard + slack,
                "{time}+{increment}: {used:?} against {hard:?}"
            );
            assert!(
                used.as_millis() < u128::from(time),
                "{time}+{increment}: {used:?}"
            );
            assert!(outcome.best.is_some());
        }
    }

    /// The move written `text`, legal in `position`.
    fn mv(position: &Position, text: &str) -> Move {
        find_move(position, text).unwrap()
    }

    #[test]
    fn the_chosen_move_is_legal_and_repeatable() {
        let position = Position::startpos();
        let chosen = choose_move(&position, &Limits::default()).unwrap();
        assert!(legal_moves(&position).as_slice().contains(&chosen));
        assert_eq!(choose_move(&position, &Limits::default()), Some(chosen));
    }

    #[test]
    fn the_chosen_move_is_the_first_of_those_that_score_best() {
        for fen in [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
        ] {
            let position = Position::from_fen(fen).unwrap();
            let moves = legal_moves(&position);
            let scores: Vec<i32> = moves
                .as_slice()
                .iter()
                .map(|&mv| score_after(&position.make(mv)))
                .collect();
            let best = scores.iter().max().unwrap();
            let first = scores.iter().position(|s| s == best).unwrap();
            assert_eq!(
                choose_move(&position, &Limits::default()),
                Some(moves.as_slice()[first]),
                "{fen}"
            );
        }
    }

    #[test]
    fn a_free_queen_is_taken() {
        let position = Position::from_fen("4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1").unwrap();
        assert_eq!(
            choose_move(&position, &Limits::default()),
            Some(mv(&position, "d2d5"))
        );
    }

    #[test]
    fn mate_is_best_of_all_and_stalemate_is_a_draw() {
        // Several queen moves mate; Qc7 stalemates, though it puts the queen on a good square.
        let position = Position::from_fen("k7/3Q4/1K6/8/8/8/8/8 w - - 0 1").unwrap();
        assert_eq!(score_after(&position.make(mv(&position, "d7d8"))), MATE);
        assert_eq!(score_after(&position.make(mv(&position, "d7c7"))), DRAW);
        let chosen = choose_move(&position, &Limits::default()).unwrap();
        assert_eq!(score_after(&position.make(chosen)), MATE, "{chosen}");
        // Mate is worth more than a queen: Ra8 mates where Rxg6 wins Black's queen.
        let position = Position::from_fen("6k1/5ppp/6q1/8/8/8/6R1/R6K w - - 0 1").unwrap();
        assert_eq!(
            choose_move(&position, &Limits::default()),
            Some(mv(&position, "a1a8"))
        );
    }

    #[test]
    fn search_moves_restrict_the_choice() {
        let position = Position::startpos();
        let only = find_move(&position, "g1f3").unwrap();
        let limits = Limits {
            search_moves: vec![only],
            ..Limits::default()
        };
        assert_eq!(choose_move(&position, &limits), Some(only));
    }

    #[test]
    fn a_position_without_legal_moves_has_no_move() {
        let mated = Position::from_fen("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1").unwrap();
        assert_eq!(choose_move(&mated, &Limits::default()), None);
    }
}
