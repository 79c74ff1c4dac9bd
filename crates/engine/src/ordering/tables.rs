//! What the search learns about quiet moves from the cutoffs they cause: the killers, the
//! countermoves and the history table.
//!
//! A capture is ordered by what it takes; a quiet move has nothing like that to go on, so the
//! search remembers which quiet moves have refuted something. Three tables, from the most
//! local to the most general: two killers per ply (quiet moves that caused a cutoff at the
//! same distance from the root, in a sibling of this node most likely), a countermove for
//! each move of the opponent (the quiet reply that refuted it last), and a butterfly history
//! (a score for each side, from-square and to-square, raised for a move that causes a cutoff
//! and lowered for the quiet moves tried before it without one). After stage 20 a fourth
//! learns beside the history, with the same bonus and malus: continuation history, which
//! scores the move after each of the two moves before it ([`ContinuationHistory`]).
//!
//! Each of the first three tables is one switch of the search, tested first thing in the step
//! that writes it: a table that is never written orders nothing, so switching it off gives
//! back the search without it. Continuation history's switch is tested where the search says
//! which moves led to a node: switched off, the node has no earlier moves to look up or learn
//! after.

use super::{ContinuationHistory, PieceTo, Previous};
use crate::config::{SearchConfig, Switches};
use crate::correction::{CorrectionHistory, Key};
use crate::moves::Move;
use crate::piece::{Color, Piece};
use crate::position::Position;
use crate::score::MAX_PLY;
use crate::square::Square;

/// The bound of a history score: every score stays within ±`MAX_HISTORY`.
pub const MAX_HISTORY: i32 = 16_384;

/// A history score for each side, from-square and to-square.
type History = [[[i32; Square::NUM]; Square::NUM]; Color::NUM];

/// The tables the search learns its quiet moves' order in. The UCI engine keeps them for a
/// whole game, beside the transposition table; a measurement starts from empty ones.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OrderingTables {
    /// For each ply, the last two quiet moves that caused a cutoff there, the latest first.
    pub killers: [[Option<Move>; 2]; MAX_PLY + 1],
    /// For each piece and square it moved to, the quiet move that refuted that move last.
    pub countermoves: [[Option<Move>; Square::NUM]; Piece::NUM],
    /// The butterfly history: for each side, from-square and to-square, how often a quiet
    /// move has caused a cutoff, weighted by depth, against how often it failed to.
    pub history: Box<History>,
    /// The continuation history: for each of the last two moves by piece and destination,
    /// how often each quiet move after it has caused a cutoff, against how often it failed to.
    pub continuation: ContinuationHistory,
    /// The evaluation's errors by pawn structure (section 14.1's `corrhist`): not an ordering
    /// table, but learnt by the search and kept from one search of a game to the next in the
    /// same way.
    pub correction: CorrectionHistory,
    /// The evaluation's errors by White's pieces and by Black's (section 14.1's
    /// `corrpieces`), learnt beside the pawns' table and added to it.
    pub piece_corrections: [CorrectionHistory; Color::NUM],
}

impl Default for OrderingTables {
    /// Empty tables: no killer, no countermove, every history score 0.
    fn default() -> OrderingTables {
        OrderingTables {
            killers: [[None; 2]; MAX_PLY + 1],
            countermoves: [[None; Square::NUM]; Piece::NUM],
            history: Box::new([[[0; Square::NUM]; Square::NUM]; Color::NUM]),
            continuation: ContinuationHistory::default(),
            correction: CorrectionHistory::default(),
            piece_corrections: Color::ALL
                .map(|color| CorrectionHistory::keyed_by(Key::Pieces(color))),
        }
    }
}

impl OrderingTables {
    /// Forgets everything, for a new game.
    pub fn clear(&mut self) {
        *self = OrderingTables::default();
    }

    /// Gets ready for the next search of the same game. The killers belong to the plies of
    /// one search's tree, so they go; the countermoves stay; the history and continuation
    /// scores are halved, so what the last search learnt still counts but this search's
    /// cutoffs soon outweigh it.
    pub fn new_search(&mut self) {
        self.killers = [[None; 2]; MAX_PLY + 1];
        for score in self.history.iter_mut().flatten().flatten() {
            *score /= 2;
        }
        self.continuation.halve();
    }

    /// Records that the quiet move `best` caused a beta cutoff in `position`, at `ply` with
    /// `depth` plies left, after the quiet moves in `tried` failed to. `previous` holds the
    /// moves that led to the node. Each table learns only if its switch in `config` is on (for
    /// continuation history, if `previous` has moves to learn after).
    #[expect(
        clippy::too_many_arguments,
        reason = "what a cutoff teaches: the node, its move, the moves before it and where it was"
    )]
    pub fn record_cutoff(
        &mut self,
        config: SearchConfig,
        position: &Position,
        best: Move,
        tried: &[Move],
        ply: usize,
        depth: i32,
        previous: &Previous,
    ) {
        self.update_killers(config, ply, best);
        self.update_countermove(config, previous.mv, best);
        self.update_history(config, position.side_to_move(), best, tried, depth);
        self.update_continuation(position, best, tried, depth, previous);
    }

    /// Makes `best` the first killer of `ply`, the old first becoming the second. A move
    /// that is already the first stays where it is, so the two killers are always two moves.
    fn update_killers(&mut self, config: SearchConfig, ply: usize, best: Move) {
        if !config.is_on(Switches::KILLERS) {
            return;
        }
        let killers = &mut self.killers[ply];
        if killers[0] != Some(best) {
            killers[1] = killers[0];
            killers[0] = Some(best);
        }
    }

    /// Makes `best` the countermove of `previous`, the move that led to the node; nothing at
    /// the root, where there is none.
    fn update_countermove(
        &mut self,
        config: SearchConfig,
        previous: Option<(Move, Piece)>,
        best: Move,
    ) {
        if !config.is_on(Switches::COUNTERMOVE) {
            return;
        }
        if let Some((mv, piece)) = previous {
            self.countermoves[piece.index()][mv.to().index()] = Some(best);
        }
    }

    /// Gives `side`'s move `best` the bonus for a cutoff at `depth`, and each move in
    /// `tried`, which came before it and did not cut off, the same amount as a malus.
    fn update_history(
        &mut self,
        config: SearchConfig,
        side: Color,
        best: Move,
        tried: &[Move],
        depth: i32,
    ) {
        if !config.is_on(Switches::HISTORY) {
            return;
        }
        let bonus = cutoff_bonus(depth);
        let history = &mut self.history[side.index()];
        gravity(&mut history[best.from().index()][best.to().index()], bonus);
        for mv in tried {
            gravity(&mut history[mv.from().index()][mv.to().index()], -bonus);
        }
    }

    /// Gives `best`, a move of `position`, the bonus for a cutoff at `depth` after each of the
    /// `previous` moves, and each move in `tried` the same amount as a malus: the history's
    /// bonus, with the history's gravity.
    fn update_continuation(
        &mut self,
        position: &Position,
        best: Move,
        tried: &[Move],
        depth: i32,
        previous: &Previous,
    ) {
        if !previous.has_earlier_moves() {
            return;
        }
        let bonus = cutoff_bonus(depth);
        let piece_to = |mv: Move| PieceTo::new(position.moving_piece(mv), mv);
        self.continuation.update(previous, piece_to(best), bonus);
        for &mv in tried {
            self.continuation.update(previous, piece_to(mv), -bonus);
        }
    }

    /// The countermove of `previous`, the move that led to the node, if one is known.
    pub fn countermove(&self, previous: Option<(Move, Piece)>) -> Option<Move> {
        let (mv, piece) = previous?;
        self.countermoves[piece.index()][mv.to().index()]
    }

    /// `side`'s history score for `mv`.
    pub fn history_score(&self, side: Color, mv: Move) -> i32 {
        self.history[side.index()][mv.from().index()][mv.to().index()]
    }

    /// The ordering score of the quiet move `mv` of `position`, after the `previous` moves:
    /// its history score plus its continuation scores. Each is within ±[`MAX_HISTORY`], so
    /// the sum stays below the countermove's key.
    ///
    /// Always inlined: it is asked once for every quiet move the order scores, and once two
    /// callers (the order and history pruning) made the compiler keep it as a function of its
    /// own, the calls cost more than everything else section 14.1 added to a node (section
    /// 14.1's "What it costs" has the measurement).
    #[inline(always)]
    pub fn quiet_score(&self, position: &Position, mv: Move, previous: &Previous) -> i32 {
        let history = self.history_score(position.side_to_move(), mv);
        if !previous.has_earlier_moves() {
            return history;
        }
        let this = PieceTo::new(position.moving_piece(mv), mv);
        history + self.continuation.score(previous, this)
    }
}

/// What a cutoff at `depth` plies is worth to the history: depth², so that a cutoff near the
/// root, which saved a large subtree, counts for more than many near the leaves.
pub fn cutoff_bonus(depth: i32) -> i32 {
    (depth * depth).min(MAX_HISTORY)
}

/// Adds `change` to the history score `entry`, less `entry`'s own share of it: the closer the
/// score is already to the bound on `change`'s side, the less it moves. A score never leaves
/// ±[`MAX_HISTORY`], and a move that keeps causing cutoffs saturates there instead of
/// outgrowing every other; a move that has stopped working loses its lead fast, since a
/// malus moves a saturated score by twice its size.
pub fn gravity(entry: &mut i32, change: i32) {
    let change = change.clamp(-MAX_HISTORY, MAX_HISTORY);
    *entry += change - *entry * change.abs() / MAX_HISTORY;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::movegen::find_move;
    use crate::ordering::ContinuationHistory;

    /// The moves that led to a node, for the countermove only: `mv` and the piece that made it.
    fn after(mv: Option<(Move, Piece)>) -> Previous {
        Previous {
            mv,
            ..Previous::default()
        }
    }

    /// The move `uci` in `position`.
    fn mv(position: &Position, uci: &str) -> Move {
        find_move(position, uci).unwrap()
    }

    #[test]
    fn gravity_keeps_a_score_within_the_bound_and_saturates_there() {
        let mut score = 0;
        for _ in 0..2_000 {
            gravity(&mut score, cutoff_bonus(40));
            assert!((0..=MAX_HISTORY).contains(&score), "{score}");
        }
        assert_eq!(score, MAX_HISTORY, "repeated bonuses reach the bound");
        gravity(&mut score, cutoff_bonus(40));
        assert_eq!(score, MAX_HISTORY, "and stay there");
        for _ in 0..2_000 {
            gravity(&mut score, -MAX_HISTORY * 4);
            assert!((-MAX_HISTORY..=MAX_HISTORY).contains(&score), "{score}");
        }
        assert_eq!(score, -MAX_HISTORY);
    }

    #[test]
    fn gravity_moves_a_score_less_the_nearer_it_is_to_the_bound() {
        let (mut low, mut high) = (0, MAX_HISTORY / 2);
        gravity(&mut low, 100);
        gravity(&mut high, 100);
        assert_eq!(low, 100);
        assert_eq!(high, MAX_HISTORY / 2 + 50);
    }

    #[test]
    fn a_cutoff_gives_its_move_depth_squared_and_the_quiets_before_it_as_much_off() {
        let position = Position::startpos();
        let (best, tried) = (
            mv(&position, "e2e4"),
            [mv(&position, "a2a3"), mv(&position, "h2h3")],
        );
        let mut tables = OrderingTables::default();
        tables.record_cutoff(
            SearchConfig::default(),
            &position,
            best,
            &tried,
            3,
            5,
            &after(None),
        );
        assert_eq!(tables.history_score(Color::White, best), 25);
        for mv in tried {
            assert_eq!(tables.history_score(Color::White, mv), -25);
        }
        assert_eq!(
            tables.history_score(Color::Black, best),
            0,
            "the other side's own"
        );
        assert_eq!(tables.killers[3], [Some(best), None]);
    }

    #[test]
    fn two_killers_per_ply_the_latest_first_never_the_same_twice() {
        let position = Position::startpos();
        let [a, b, c] = ["a2a3", "b2b3", "c2c3"].map(|uci| mv(&position, uci));
        let mut tables = OrderingTables::default();
        let config = SearchConfig::default();
        for best in [a, b, b] {
            tables.record_cutoff(config, &position, best, &[], 7, 1, &after(None));
        }
        assert_eq!(tables.killers[7], [Some(b), Some(a)], "b twice keeps a");
        tables.record_cutoff(config, &position, c, &[], 7, 1, &after(None));
        assert_eq!(tables.killers[7], [Some(c), Some(b)]);
        assert_eq!(tables.killers[6], [None, None]);
    }

    #[test]
    fn the_countermove_answers_the_piece_and_square_of_the_move_before() {
        let before = Position::startpos();
        let e4 = mv(&before, "e2e4");
        let position = before.make(e4);
        let reply = mv(&position, "c7c5");
        let previous = Some((e4, before.moving_piece(e4)));
        let mut tables = OrderingTables::default();
        tables.record_cutoff(
            SearchConfig::default(),
            &position,
            reply,
            &[],
            1,
            2,
            &after(previous),
        );
        assert_eq!(tables.countermove(previous), Some(reply));
        assert_eq!(tables.countermove(None), None);
    }

    #[test]
    fn a_new_search_halves_the_history_and_forgets_the_killers_only() {
        let position = Position::startpos();
        let best = mv(&position, "g1f3");
        let mut tables = OrderingTables::default();
        let previous = Some((best, position.moving_piece(best)));
        tables.record_cutoff(
            SearchConfig::default(),
            &position,
            best,
            &[],
            2,
            10,
            &after(previous),
        );
        assert_eq!(tables.history_score(Color::White, best), 100);
        tables.new_search();
        assert_eq!(tables.history_score(Color::White, best), 50);
        assert_eq!(tables.killers[2], [None, None]);
        assert_eq!(tables.countermove(previous), Some(best));
        tables.clear();
        assert_eq!(tables, OrderingTables::default());
    }

    #[test]
    fn a_cutoff_teaches_continuation_history_after_each_earlier_move_with_the_same_bonus() {
        let start = Position::startpos();
        let e4 = mv(&start, "e2e4");
        let after_e4 = start.make(e4);
        let e5 = mv(&after_e4, "e7e5");
        let position = after_e4.make(e5);
        let moved = |piece_of: &Position, m: Move| Some(PieceTo::new(piece_of.moving_piece(m), m));
        let previous = Previous {
            mv: Some((e5, after_e4.moving_piece(e5))),
            moved: [moved(&after_e4, e5), moved(&start, e4)],
        };
        let (best, tried) = (mv(&position, "g1f3"), [mv(&position, "a2a3")]);
        let this = |m: Move| PieceTo::new(position.moving_piece(m), m);
        let mut tables = OrderingTables::default();
        let config = SearchConfig::default();
        tables.record_cutoff(config, &position, best, &tried, 2, 5, &previous);
        assert_eq!(tables.continuation.score(&previous, this(best)), 2 * 25);
        assert_eq!(
            tables.continuation.score(&previous, this(tried[0])),
            -2 * 25
        );
        let one_ply_back = Previous {
            moved: [previous.moved[0], None],
            ..previous
        };
        assert_eq!(tables.continuation.score(&one_ply_back, this(best)), 25);
        assert_eq!(
            tables.quiet_score(&position, best, &previous),
            25 + 2 * 25,
            "history and both continuation scores"
        );
        tables.new_search();
        assert_eq!(
            tables.continuation.score(&previous, this(best)),
            2 * (25 / 2),
            "each score halved"
        );
        let mut untaught = OrderingTables::default();
        untaught.record_cutoff(config, &position, best, &tried, 2, 5, &after(previous.mv));
        assert_eq!(
            untaught.continuation,
            ContinuationHistory::default(),
            "no earlier moves, nothing learnt"
        );
    }

    #[test]
    fn a_switch_off_leaves_its_table_empty() {
        let position = Position::startpos();
        let (best, tried) = (mv(&position, "d2d4"), [mv(&position, "a2a4")]);
        let previous = Some((best, position.moving_piece(best)));
        for name in ["killers", "countermove", "history"] {
            let mut config = SearchConfig::default();
            config.set(name, false).unwrap();
            let mut tables = OrderingTables::default();
            tables.record_cutoff(config, &position, best, &tried, 4, 6, &after(previous));
            let empty = OrderingTables::default();
            assert_eq!(tables.killers == empty.killers, name == "killers", "{name}");
            assert_eq!(
                tables.countermoves == empty.countermoves,
                name == "countermove"
            );
            assert_eq!(tables.history == empty.history, name == "history", "{name}");
        }
    }
}
