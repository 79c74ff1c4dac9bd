//! Time management: how long a move may take, and a clock that says when that time is up.
//!
//! A search is given two limits. The soft limit is the time it would like to use: iterative
//! deepening starts no new depth past it, since a depth takes several times as long as the one
//! before and would rarely finish. The hard limit is the time it must not pass: the search gives
//! up in the middle of a depth there. Both come from the clock the `go` command gives, less a
//! margin for what the engine cannot see, such as the interface reading its answer.

use crate::limits::Limits;
use crate::moves::Move;
use crate::piece::Color;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// Milliseconds kept back from the time left, for the time the engine cannot see: the
/// interface reading its answer and sending the next command, the operating system scheduling
/// the thread. The search acts as if its clock had this much less on it. It is the default of
/// the `Move Overhead` option: a bot playing over a network sets it to hundreds.
pub const MOVE_OVERHEAD_MS: u64 = 50;

/// The largest `Move Overhead` the option accepts, in milliseconds.
pub const MAX_MOVE_OVERHEAD_MS: u64 = 5_000;

/// The moves a search assumes are left in the game when `movestogo` does not say.
pub const DEFAULT_MOVES_TO_GO: u64 = 25;

/// The share of the increment, in per cent, a move plans to use.
pub const INCREMENT_PERCENT: u64 = 75;

/// The soft limit, as a share in per cent of the move's planned time.
pub const SOFT_PERCENT: u64 = 60;

/// The hard limit, as a multiple of the move's planned time: room to finish a depth that
/// turned out longer than planned.
pub const HARD_FACTOR: u64 = 3;

/// The most of the usable time left, in per cent, that a single move may take, whatever the
/// plan says: with `movestogo 1` the plan would be all of it.
pub const MAX_SHARE_PERCENT: u64 = 50;

/// With `stability` on (section 8.1), the soft limit after a finished depth, in per cent of the
/// plain one, by the number of depths in a row before it that had found the same best move:
/// a best move that has just changed asks for more time, one that has held for four depths
/// or more for less. The plain soft limit is 100.
pub const STABILITY_PERCENT: [u32; 5] = [180, 140, 110, 90, 75];

/// With `stability` on (section 8.1), the most the soft limit grows, in per cent, when the
/// score of a depth falls below the one of the depth before: one per cent for each centipawn
/// it fell, up to this many.
pub const SCORE_DROP_MAX_PERCENT: u32 = 60;

/// How long a search may take: it starts no new depth after `soft` and gives up at `hard`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// The time after which no new depth is started.
    pub soft: Duration,
    /// The time at which the search gives up.
    pub hard: Duration,
}

/// The budget of a search by `side` under `limits`, or `None` if they give no time (a depth,
/// a node count, `infinite`).
///
/// `movetime` is searched exactly, as the UCI protocol asks: the interface that sends it
/// allows for its own delays. The overhead (`limits.move_overhead`, or [`MOVE_OVERHEAD_MS`])
/// is kept back from a clock, which a game is lost on: the usable time is the time left less
/// the overhead. A clock is shared out: the usable time divided by the moves to go, plus most
/// of the increment, is the plan; the soft limit is part of it and the hard limit a multiple,
/// never more than a share of the usable time. A clock with less on it than the overhead
/// leaves no usable time: the search answers with the first move it has. A `movetime` sent
/// with a clock is held to the clock's usable time.
pub fn budget(limits: &Limits, side: Color) -> Option<Budget> {
    let overhead = limits.move_overhead.unwrap_or(MOVE_OVERHEAD_MS);
    let (time, increment) = match side {
        Color::White => (limits.white_time, limits.white_increment),
        Color::Black => (limits.black_time, limits.black_increment),
    };
    let usable = time.map(|time| time.saturating_sub(overhead));
    if let Some(move_time) = limits.move_time {
        let exact = Duration::from_millis(usable.map_or(move_time, |usable| move_time.min(usable)));
        return Some(Budget {
            soft: exact,
            hard: exact,
        });
    }
    let usable = usable?;
    let moves_left = limits.moves_to_go.unwrap_or(DEFAULT_MOVES_TO_GO).max(1);
    let increment_share = percent_of(increment.unwrap_or(0), INCREMENT_PERCENT);
    let plan = (usable / moves_left).saturating_add(increment_share);
    let hard = plan
        .saturating_mul(HARD_FACTOR)
        .min(percent_of(usable, MAX_SHARE_PERCENT));
    let soft = percent_of(plan, SOFT_PERCENT).min(hard);
    Some(Budget {
        soft: Duration::from_millis(soft),
        hard: Duration::from_millis(hard),
    })
}

/// `percent` per cent of `millis`, rounded down. Worked out in 128 bits, so that no time a `go`
/// command can carry overflows on the way: a GUI may send any whole number of milliseconds.
fn percent_of(millis: u64, percent: u64) -> u64 {
    let share = u128::from(millis) * u128::from(percent) / 100;
    u64::try_from(share).unwrap_or(u64::MAX)
}

/// A search's clock: when it started, its budget, and whether it is pondering.
///
/// While the engine ponders, it thinks on the opponent's time, and its own clock is not
/// running: the budget does not apply. On `ponderhit` the UCI loop clears the pondering flag,
/// and the clock starts counting the budget from the moment it first sees the flag cleared.
#[derive(Clone, Copy, Debug)]
pub struct Clock<'a> {
    /// When the budget started to count.
    started: Instant,
    /// The budget, if the search has one.
    budget: Option<Budget>,
    /// Set while the engine ponders; cleared by `ponderhit`.
    pondering: Option<&'a AtomicBool>,
}

impl<'a> Clock<'a> {
    /// A clock for a search started at `started` with `budget`, pondering while `pondering`
    /// is set, if it is given.
    pub fn new(
        started: Instant,
        budget: Option<Budget>,
        pondering: Option<&'a AtomicBool>,
    ) -> Clock<'a> {
        Clock {
            started,
            budget,
            pondering,
        }
    }

    /// A clock that never runs out.
    pub fn unlimited() -> Clock<'a> {
        Clock::new(Instant::now(), None, None)
    }

    /// The budget that applies now: none while pondering. The first look after `ponderhit`
    /// starts the budget's count.
    fn running(&mut self) -> Option<Budget> {
        if let Some(pondering) = self.pondering {
            if pondering.load(Ordering::Relaxed) {
                return None;
            }
            self.pondering = None;
            self.started = Instant::now();
        }
        self.budget
    }

    /// Whether the soft limit, taken at `percent` per cent of itself, has passed: no new
    /// depth should start. A budget whose two limits are one, a `movetime`'s, is searched
    /// exactly, whatever the percent.
    pub fn soft_passed(&mut self, percent: u32) -> bool {
        self.running().is_some_and(|budget| {
            let soft = if budget.soft == budget.hard {
                budget.soft
            } else {
                budget.soft.saturating_mul(percent) / 100
            };
            self.started.elapsed() >= soft
        })
    }

    /// Whether the hard limit has passed: the search must give up.
    pub fn hard_passed(&mut self) -> bool {
        self.running()
            .is_some_and(|budget| self.started.elapsed() >= budget.hard)
    }
}

/// How settled a search is, by the depths it has finished: the best move and score of the last
/// one, and how many depths in a row before it had found the same best move. With `stability`
/// on (section 8.1), it scales the soft limit.
#[derive(Clone, Debug, Default)]
pub struct Stability {
    /// The best move and the score of the last depth finished, if one was.
    last: Option<(Option<Move>, i32)>,
    /// How many depths in a row before the last had found its best move.
    stable_depths: usize,
}

impl Stability {
    /// Takes in a finished depth's best move and score, and gives the soft limit that decides
    /// whether the next depth starts, in per cent of the plain one: [`STABILITY_PERCENT`] by
    /// how long the best move has held, plus one for each centipawn the score fell since the
    /// depth before, up to [`SCORE_DROP_MAX_PERCENT`].
    pub fn after_depth(&mut self, best: Option<Move>, score: i32) -> u32 {
        let (same_best, drop) = match self.last {
            Some((last_best, last_score)) => (last_best == best, last_score - score),
            None => (false, 0),
        };
        self.stable_depths = if same_best { self.stable_depths + 1 } else { 0 };
        self.last = Some((best, score));
        let held = self.stable_depths.min(STABILITY_PERCENT.len() - 1);
        let drop = drop.clamp(0, SCORE_DROP_MAX_PERCENT as i32) as u32;
        STABILITY_PERCENT[held] + drop
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// White's soft and hard limits under `limits`, in milliseconds.
    fn white(limits: Limits) -> (u128, u128) {
        let budget = budget(&limits, Color::White).unwrap();
        (budget.soft.as_millis(), budget.hard.as_millis())
    }

    #[test]
    fn a_clock_is_shared_out_and_the_hard_limit_stays_well_inside_it() {
        let limits = Limits {
            white_time: Some(1_000),
            white_increment: Some(10),
            black_time: Some(5),
            ..Limits::default()
        };
        let (soft, hard) = white(limits.clone());
        let plan = 950 / DEFAULT_MOVES_TO_GO + 10 * INCREMENT_PERCENT / 100;
        assert_eq!(hard, u128::from(plan * HARD_FACTOR));
        assert!(soft < hard && hard < 950 / 2, "{soft} {hard}");
        // Black has less time than the overhead: it must answer at once.
        let black = budget(&limits, Color::Black).unwrap();
        assert_eq!(black.hard, Duration::ZERO);
    }

    #[test]
    fn clocks_larger_than_any_game_neither_overflow_nor_pass_half_the_time_left() {
        let huge = u64::MAX;
        for (time, increment, moves_to_go) in [
            (huge, None, None),
            (1_000, Some(huge), None),
            (huge, Some(huge), Some(1)),
        ] {
            let limits = Limits {
                white_time: Some(time),
                white_increment: increment,
                moves_to_go,
                ..Limits::default()
            };
            let (soft, hard) = white(limits);
            let usable = u128::from(time - MOVE_OVERHEAD_MS);
            assert!(
                soft <= hard && hard <= usable / 2,
                "{time} {increment:?} {moves_to_go:?}"
            );
        }
    }

    #[test]
    fn one_move_to_go_takes_at_most_half_the_usable_time() {
        let limits = Limits {
            white_time: Some(10_050),
            moves_to_go: Some(1),
            ..Limits::default()
        };
        assert_eq!(white(limits).1, 5_000);
    }

    #[test]
    fn movetime_is_exact_and_no_time_is_no_budget() {
        let limits = Limits {
            move_time: Some(300),
            white_time: Some(1_000),
            ..Limits::default()
        };
        assert_eq!(white(limits), (300, 300));
        assert_eq!(budget(&Limits::default(), Color::White), None);
    }

    #[test]
    fn the_overhead_is_kept_back_from_a_clock_and_never_from_a_movetime() {
        // `go movetime 10` once searched no time at all, 10 ms less the 50 of the overhead.
        for (move_time, overhead) in [(10, MOVE_OVERHEAD_MS), (50, MOVE_OVERHEAD_MS), (300, 5_000)]
        {
            let limits = Limits {
                move_time: Some(move_time),
                move_overhead: Some(overhead),
                ..Limits::default()
            };
            let exact = u128::from(move_time);
            assert_eq!(white(limits), (exact, exact), "{move_time} ms");
        }
        // With a clock beside it, the clock less the overhead bounds it.
        let limits = Limits {
            move_time: Some(300),
            white_time: Some(200),
            ..Limits::default()
        };
        assert_eq!(white(limits), (150, 150));
    }

    #[test]
    fn no_budget_ever_plans_past_the_clock_less_the_overhead() {
        use proptest::prelude::*;
        // Half the clocks are short enough to fall under the overhead now and then.
        let time = prop_oneof![0..6_000_u64, 0..200_000_u64];
        let clocks = (time, 0..5_000_u64, proptest::option::of(0..80_u64));
        let overheads = 0..=MAX_MOVE_OVERHEAD_MS;
        proptest!(|((time, increment, moves_to_go) in clocks, overhead in overheads)| {
            let limits = Limits {
                white_time: Some(time),
                white_increment: Some(increment),
                moves_to_go,
                move_overhead: Some(overhead),
                ..Limits::default()
            };
            let budget = budget(&limits, Color::White).unwrap();
            let usable = Duration::from_millis(time.saturating_sub(overhead));
            prop_assert!(budget.soft <= budget.hard, "{budget:?}");
            prop_assert!(budget.hard <= usable, "{budget:?} past {usable:?} ({limits:?})");
            let move_time = Limits { move_time: Some(time), ..limits };
            let exact = super::budget(&move_time, Color::White).unwrap();
            prop_assert!(exact.hard <= usable, "movetime: {exact:?} past {usable:?}");
        });
    }

    #[test]
    fn a_clock_under_the_overhead_leaves_no_time_at_all() {
        for (time, overhead) in [(0, 0), (0, 50), (49, 50), (50, 50), (4_999, 5_000)] {
            let limits = Limits {
                white_time: Some(time),
                white_increment: Some(1_000),
                move_overhead: Some(overhead),
                ..Limits::default()
            };
            let budget = budget(&limits, Color::White).unwrap();
            assert_eq!(
                budget.hard,
                Duration::ZERO,
                "{time} ms, overhead {overhead}"
            );
        }
    }

    #[test]
    fn a_best_move_that_holds_asks_for_less_time_and_a_falling_score_for_more() {
        use crate::moves::MoveKind::DoublePush;
        use crate::square::Square;
        let e4 = Some(Move::new(Square::E2, Square::E4, DoublePush));
        let d4 = Some(Move::new(Square::D2, Square::D4, DoublePush));
        let mut stability = Stability::default();
        // The first depth has nothing to hold to: as if its best move had just changed.
        assert_eq!(stability.after_depth(e4, 30), STABILITY_PERCENT[0]);
        let held: Vec<u32> = (1..=6).map(|_| stability.after_depth(e4, 30)).collect();
        assert_eq!(held, [140, 110, 90, 75, 75, 75]);
        // A new best move starts the count again, and so does the old one coming back.
        assert_eq!(stability.after_depth(d4, 30), STABILITY_PERCENT[0]);
        assert_eq!(stability.after_depth(e4, 30), STABILITY_PERCENT[0]);
        // A score that falls adds a per cent a centipawn, up to the cap; one that rises adds
        // nothing.
        assert_eq!(stability.after_depth(e4, 10), STABILITY_PERCENT[1] + 20);
        assert_eq!(stability.after_depth(e4, -500), STABILITY_PERCENT[2] + 60);
        assert_eq!(stability.after_depth(e4, 400), STABILITY_PERCENT[3]);
    }

    #[test]
    fn the_soft_limit_scales_with_its_percent_but_a_movetime_does_not() {
        let second = Some(Budget {
            soft: Duration::from_secs(1),
            hard: Duration::from_secs(10),
        });
        let half_a_second_ago = Instant::now() - Duration::from_millis(500);
        let mut clock = Clock::new(half_a_second_ago, second, None);
        assert!(!clock.soft_passed(100));
        assert!(clock.soft_passed(40));
        assert!(!clock.hard_passed());
        // `go movetime 1000`: soft and hard are one, and the search takes all of it.
        let limits = Limits {
            move_time: Some(1_000),
            ..Limits::default()
        };
        let exact = budget(&limits, Color::White);
        let mut clock = Clock::new(half_a_second_ago, exact, None);
        assert!(!clock.soft_passed(40));
    }

    #[test]
    fn a_pondering_clock_does_not_run_until_ponderhit() {
        let pondering = AtomicBool::new(true);
        let zero = Some(Budget {
            soft: Duration::ZERO,
            hard: Duration::ZERO,
        });
        let mut clock = Clock::new(Instant::now(), zero, Some(&pondering));
        assert!(!clock.hard_passed());
        pondering.store(false, Ordering::Relaxed);
        assert!(clock.hard_passed());
    }
}
