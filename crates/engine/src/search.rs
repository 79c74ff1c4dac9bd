//! The search: alpha-beta over the tree of legal moves, with a quiescence search at its leaves.
//!
//! Scores are centipawns from the point of view of the side to move at the node (negamax), so
//! one function serves both sides: a child's score, negated, is the parent's. A mate is scored
//! by its distance from the root, so the search prefers the shortest mate and the longest
//! defence. A draw (stalemate, the fifty-move rule, a repetition) scores 0.
//!
//! At stage 9 `go` searches a fixed depth, with a deadline from the clock as a safety net.

use crate::attacks::in_check;
use crate::eval::evaluate;
use crate::movegen::{captures, count_moves, legal_moves};
use crate::moves::Move;
use crate::ordering::MovePicker;
use crate::piece::Color;
use crate::position::Position;
use crate::stats::Stats;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// A score beyond every real one: the bounds of the window a search starts with.
pub const INFINITY: i32 = 32_767;

/// The score of giving mate at the root itself, more than any evaluation can be; a mate `ply`
/// plies from the root scores `MATE - ply` for the side giving it, and being mated there
/// `-(MATE - ply)`.
pub const MATE: i32 = 32_000;

/// The deepest ply the search goes to, quiescence included.
pub const MAX_PLY: usize = 128;

/// Scores at least this far from 0 are mates, found at most [`MAX_PLY`] plies away.
pub const MATE_BOUND: i32 = MATE - MAX_PLY as i32;

/// The score of a draw.
pub const DRAW: i32 = 0;

/// Plies without a capture or a pawn move after which the game is drawn: fifty moves each.
pub const FIFTY_MOVE_PLIES: u32 = 100;

/// How many nodes go by between looks at the stop flag and the clock. Reading the clock costs
/// more than a node; a thousand nodes take a millisecond or less.
pub const CHECK_INTERVAL: u64 = 1024;

/// The depth `go` searches at stage 9 when it is given no depth.
pub const DEFAULT_DEPTH: u32 = 5;

/// Stage 9's clock: a move may use the time left divided by this, plus some of the increment.
pub const TIME_DIVISOR: u64 = 20;

/// Stage 9's clock: the share of the increment, in per cent, a move may use.
pub const INCREMENT_PERCENT: u64 = 50;

/// Milliseconds kept back from every deadline for what the search cannot see: the GUI reading
/// the answer, the operating system scheduling the thread.
pub const MOVE_OVERHEAD_MS: u64 = 50;

/// What a `go` command asks for. Times are in milliseconds; `None` means not given.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// White's time left on the clock.
    pub white_time: Option<u64>,
    /// Black's time left on the clock.
    pub black_time: Option<u64>,
    /// White's increment per move.
    pub white_increment: Option<u64>,
    /// Black's increment per move.
    pub black_increment: Option<u64>,
    /// Moves until the next time control.
    pub moves_to_go: Option<u64>,
    /// Search exactly this long.
    pub move_time: Option<u64>,
    /// Search this many plies deep.
    pub depth: Option<u64>,
    /// Search this many nodes.
    pub nodes: Option<u64>,
    /// Search for a mate in this many moves.
    pub mate: Option<u64>,
    /// Search until told to stop.
    pub infinite: bool,
    /// Search while the opponent thinks, until `ponderhit` or `stop`.
    pub ponder: bool,
    /// Consider only these moves at the root; all of them if empty.
    pub search_moves: Vec<Move>,
}

/// When a search must give up before its depth is done. The default never gives up.
#[derive(Clone, Copy, Debug, Default)]
pub struct Control<'a> {
    /// Set by the UCI loop on `stop`.
    pub stop: Option<&'a AtomicBool>,
    /// The moment to give up at.
    pub deadline: Option<Instant>,
    /// The number of nodes to give up at.
    pub max_nodes: Option<u64>,
}

impl Control<'_> {
    /// Whether a search that has visited `nodes` nodes must give up now. The node limit is
    /// exact; the flag and the clock are read every [`CHECK_INTERVAL`] nodes.
    fn must_stop(&self, nodes: u64) -> bool {
        if self.max_nodes.is_some_and(|max| nodes >= max) {
            return true;
        }
        if !nodes.is_multiple_of(CHECK_INTERVAL) {
            return false;
        }
        self.stop.is_some_and(|stop| stop.load(Ordering::Relaxed))
            || self
                .deadline
                .is_some_and(|deadline| Instant::now() >= deadline)
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
}

impl<'a> Searcher<'a> {
    /// A searcher for a game whose earlier positions had the keys `history`, oldest first.
    pub fn new(history: &[u64], control: Control<'a>) -> Searcher<'a> {
        Searcher {
            keys: history.to_vec(),
            stats: Stats::default(),
            control,
            aborted: false,
        }
    }

    /// Whether the search has given up, or must give up now.
    fn out_of_time(&mut self) -> bool {
        self.aborted = self.aborted || self.control.must_stop(self.stats.nodes);
        self.aborted
    }

    /// The best of `moves`, legal moves of `position` tried in the order given, searched
    /// `depth` plies deep (at least 1), with its score. If the search gives up, the best of
    /// the moves searched to the end; `None` if it gave up during the first.
    pub fn root(&mut self, position: &Position, moves: &[Move], depth: u32) -> Option<(Move, i32)> {
        self.stats.node(0);
        self.keys.push(position.key());
        let mut best = None;
        let mut alpha = -INFINITY;
        for &mv in moves {
            let score = -self.negamax(&position.make(mv), depth - 1, 1, -INFINITY, -alpha);
            if self.aborted {
                break;
            }
            if score > alpha {
                alpha = score;
                best = Some((mv, score));
            }
        }
        self.keys.pop();
        best
    }

    /// The score of `position`, `ply` plies from the root, searched `depth` plies deeper:
    /// alpha-beta, fail-soft. A score within (`alpha`, `beta`) is exact; one at or below
    /// `alpha` is an upper bound and one at or above `beta` a lower bound.
    fn negamax(
        &mut self,
        position: &Position,
        depth: u32,
        ply: usize,
        alpha: i32,
        beta: i32,
    ) -> i32 {
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
        let moves = MovePicker::new(position, legal_moves(position));
        self.keys.push(position.key());
        let best = self.search_moves(position, moves, depth, ply, alpha, beta);
        self.keys.pop();
        best.unwrap_or_else(|| no_moves_score(position, ply))
    }

    /// The best score among `moves` of `position` searched `depth - 1` plies deeper, stopping
    /// at the first that reaches `beta`; `None` if there were no moves.
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
        for (searched, mv) in moves.enumerate() {
            let score = -self.negamax(&position.make(mv), depth - 1, ply + 1, -beta, -alpha);
            best = best.max(Some(score));
            alpha = alpha.max(score);
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
        for mv in MovePicker::new(position, moves) {
            let score = -self.quiescence(&position.make(mv), ply + 1, -beta, -alpha);
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
}

/// The score of being mated `ply` plies from the root.
pub fn mated_score(ply: usize) -> i32 {
    -MATE + ply as i32
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
    MovePicker::new(position, legal_moves(position))
        .filter(|mv| allowed.is_empty() || allowed.contains(mv))
        .collect()
}

/// Stage 9's deadline for a search started at `started` by `side` under `limits`: the move
/// time, or a share of the time left plus some of the increment, less the overhead, and never
/// past the time left itself. `None` if no time is given.
pub fn deadline(limits: &Limits, side: Color, started: Instant) -> Option<Instant> {
    let (time, increment) = match side {
        Color::White => (limits.white_time, limits.white_increment),
        Color::Black => (limits.black_time, limits.black_increment),
    };
    let budget = match (limits.move_time, time) {
        (Some(move_time), _) => move_time,
        (None, Some(time)) => {
            let share = time / TIME_DIVISOR + increment.unwrap_or(0) * INCREMENT_PERCENT / 100;
            share.min(time)
        }
        (None, None) => return None,
    };
    Some(started + Duration::from_millis(budget.saturating_sub(MOVE_OVERHEAD_MS)))
}

/// What a search found, for the UCI loop to report.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// The move to play: `None` only when there is no legal move.
    pub best: Option<Move>,
    /// Its score, for the side to move.
    pub score: i32,
    /// The depth searched.
    pub depth: u32,
    /// What the search counted.
    pub stats: Stats,
}

/// Searches `position` (reached through positions with the keys `history`) within `limits`,
/// started at `started`, giving up when `stop` is set. At stage 9 this is one search to a fixed
/// depth; if it gives up, it plays the best root move searched to the end, or, failing even
/// that, the first in the order.
pub fn think(
    position: &Position,
    history: &[u64],
    limits: &Limits,
    stop: &AtomicBool,
    started: Instant,
) -> Outcome {
    let moves = root_moves(position, &limits.search_moves);
    let depth = match (limits.depth, limits.mate) {
        (Some(depth), _) => depth.clamp(1, MAX_PLY as u64 / 2) as u32,
        (None, Some(moves)) => (2 * moves).clamp(1, MAX_PLY as u64 / 2) as u32 - 1,
        (None, None) => DEFAULT_DEPTH,
    };
    let control = Control {
        stop: Some(stop),
        deadline: deadline(limits, position.side_to_move(), started),
        max_nodes: limits.nodes,
    };
    let mut searcher = Searcher::new(history, control);
    let found = match moves.first() {
        Some(_) => searcher.root(position, &moves, depth),
        None => None,
    };
    let (best, score) = match found {
        Some((mv, score)) => (Some(mv), score),
        None if moves.is_empty() => (None, no_moves_score(position, 0)),
        None => (moves.first().copied(), DRAW),
    };
    Outcome {
        best,
        score,
        depth,
        stats: searcher.stats,
    }
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
    use crate::uci::find_move;

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

    #[test]
    fn a_stop_flag_already_set_ends_the_search_with_a_legal_move() {
        let stop = AtomicBool::new(true);
        let limits = Limits {
            depth: Some(30),
            ..Limits::default()
        };
        let outcome = think(&Position::startpos(), &[], &limits, &stop, Instant::now());
        let best = outcome.best.unwrap();
        assert!(
            legal_moves(&Position::startpos())
                .as_slice()
                .contains(&best)
        );
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
