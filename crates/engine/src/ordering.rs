//! Move ordering: which move the search tries first.
//!
//! Alpha-beta cuts a node short as soon as one move is good enough, so the sooner the good move
//! comes, the less of the tree is searched. At stage 9 the order is: captures first, the most
//! valuable victim first and, among captures of the same victim, the least valuable attacker
//! first (MVV-LVA); then the quiet moves, in the order the generator gave them. From stage 10 a
//! node may be given one move to try before all of these: the move the previous iteration of
//! iterative deepening found best there. From stage 12 the quiet moves are ordered too, by what
//! the search has learnt about them ([`tables`]): after the captures come the two killers of
//! the node's ply, then the countermove of the move before, then the other quiet moves by
//! their history score.
//!
//! Each band's keys lie wholly above the next band's, so a move's band decides first and its
//! score only orders it within the band. A move is in one band only: a killer or countermove
//! that is a capture here, or the hint, is ordered as that.
//!
//! After stage 20 (section 10.1), a quiet move's score is the sum of three: its history, and
//! its continuation history after each of the last two moves ([`ContinuationHistory`]), which
//! asks whether the move has caused cutoffs when it came after the same earlier move.

pub mod tables;

use crate::movegen::{MAX_MOVES, MoveList};
use crate::moves::Move;
use crate::piece::Piece;
use crate::piece::PieceType;
use crate::position::Position;
use crate::see::{see, see_at_least};
use crate::square::Square;
use tables::{MAX_HISTORY, OrderingTables, gravity};

/// The ordering key of the move a node is told to try first: above every other key.
pub const HINT_KEY: i32 = i32::MAX;

/// The ordering key of a quiet move the search knows nothing about: below every capture's,
/// and in the middle of the band that quiet moves' history scores span.
pub const QUIET_KEY: i32 = 0;

/// The key of the countermove: above any quiet move's score, which with continuation history
/// on (section 10.1) is the sum of three history scores, each within ±[`MAX_HISTORY`].
pub const COUNTERMOVE_KEY: i32 = 4 * MAX_HISTORY;

/// The keys of a ply's first and second killer: above the countermove.
pub const KILLER_KEYS: [i32; 2] = [COUNTERMOVE_KEY + 2, COUNTERMOVE_KEY + 1];

/// Added to every capture's key, so that the worst capture still comes before any killer.
pub const CAPTURE_BASE: i32 = 8 * MAX_HISTORY;

/// The key of a capture that loses nothing by SEE, less what a losing one loses: every
/// losing capture's key lies below any quiet move's score, and the one that loses least
/// comes first among them.
pub const LOSING_CAPTURE_BASE: i32 = -CAPTURE_BASE;

/// How much one step up in the victim's value weighs against the attacker's: more than the
/// whole range of attackers (pawn to king is five steps), so the victim decides first.
pub const VICTIM_WEIGHT: i32 = 8;

/// The ordering key of `mv` in `position`: MVV-LVA for a capture, [`QUIET_KEY`] for the rest.
/// Pieces are ranked by their kind's index, pawn 0 to king 5, which is their order of value.
pub fn mvv_lva(position: &Position, mv: Move) -> i32 {
    if !mv.is_capture() {
        return QUIET_KEY;
    }
    let attacker = position
        .piece_at(mv.from())
        .expect("a move starts on a piece");
    // En passant takes a pawn that does not stand on the to-square.
    let victim = position
        .piece_at(mv.to())
        .map_or(PieceType::Pawn, |piece| piece.piece_type);
    CAPTURE_BASE + VICTIM_WEIGHT * victim.index() as i32 - attacker.piece_type.index() as i32
}

/// How many plies back continuation history looks: at the opponent's last move, and at the
/// side to move's own move before it.
pub const CONTINUATION_PLIES: usize = 2;

/// A move as continuation history sees it: the piece that moved and the square it went to.
/// There are 12 pieces and 64 squares, so 768 of them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PieceTo {
    /// The piece that moved, of its colour.
    piece: Piece,
    /// The square it moved to.
    to: Square,
}

impl PieceTo {
    /// How many (piece, destination) pairs there are.
    pub const NUM: usize = Piece::NUM * Square::NUM;

    /// `mv`, made by `piece`. The search records the piece as the move is made: two plies
    /// later it may have been captured, and the board no longer says what it was.
    pub fn new(piece: Piece, mv: Move) -> PieceTo {
        PieceTo { piece, to: mv.to() }
    }

    /// A number from 0 to 767, for indexing a table.
    fn index(self) -> usize {
        self.piece.index() * Square::NUM + self.to.index()
    }
}

/// The moves that led to a node, for the tables that look back at them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Previous {
    /// The move that led here, with the piece that made it, for the countermove: `None` at the
    /// root and after a null move.
    pub mv: Option<(Move, Piece)>,
    /// The last [`CONTINUATION_PLIES`] moves by piece and destination, the most recent first,
    /// for continuation history: `None` where the path has no move (near the root, or a null
    /// move), and both `None` where the node does not use continuation history (switched off,
    /// or under `conthist2` a ply from the horizon).
    pub moved: [Option<PieceTo>; CONTINUATION_PLIES],
}

impl Previous {
    /// Whether continuation history has an earlier move to look up and learn after.
    pub fn has_earlier_moves(&self) -> bool {
        self.moved.iter().any(Option::is_some)
    }
}

/// Continuation history: for each earlier move (a [`PieceTo`]) one and two plies back, and each
/// quiet move after it (another), how often that move caused a cutoff there, against how often
/// it failed to. The table one ply back scores every reply to the opponent's move, where the
/// countermove remembers one; the table two plies back scores a move as the follow-up of the
/// side's own move before, whatever the opponent did in between.
///
/// Two tables of 768 × 768 scores are 4.7 MB: more than a search thread's stack, so they live
/// in one flat `Vec` on the heap, indexed by hand, and are never built as an array first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ContinuationHistory {
    /// The scores, table by table, then earlier move by earlier move, then move by move; empty
    /// until the first score is taught, when all [`ContinuationHistory::LEN`] are made.
    scores: Vec<i32>,
}

impl Default for ContinuationHistory {
    /// Every score 0, and nothing allocated yet: a search with the switch off, or one that
    /// has not reached a cutoff, never pays for 4.7 MB it does not use.
    fn default() -> ContinuationHistory {
        ContinuationHistory { scores: Vec::new() }
    }
}

impl ContinuationHistory {
    /// How many scores the two tables hold.
    const LEN: usize = CONTINUATION_PLIES * PieceTo::NUM * PieceTo::NUM;

    /// Where the score of `this` after `earlier` is kept, `earlier` being the move one ply
    /// before it for `back` 0 and two plies before for `back` 1.
    fn index(back: usize, earlier: PieceTo, this: PieceTo) -> usize {
        (back * PieceTo::NUM + earlier.index()) * PieceTo::NUM + this.index()
    }

    /// The sum of `this`'s scores after each of the `previous` moves: 0 for a move the
    /// tables know nothing about, and for each earlier move the path does not have.
    pub fn score(&self, previous: &Previous, this: PieceTo) -> i32 {
        if self.scores.is_empty() {
            return 0;
        }
        previous
            .moved
            .iter()
            .enumerate()
            .filter_map(|(back, earlier)| {
                earlier.map(|earlier| self.scores[Self::index(back, earlier, this)])
            })
            .sum()
    }

    /// Moves each of `this`'s scores after the `previous` moves by `change`, with the history
    /// table's gravity: a score stays within ±[`MAX_HISTORY`].
    pub fn update(&mut self, previous: &Previous, this: PieceTo, change: i32) {
        if self.scores.is_empty() {
            self.scores = vec![0; Self::LEN];
        }
        for (back, earlier) in previous.moved.iter().enumerate() {
            if let Some(earlier) = *earlier {
                gravity(&mut self.scores[Self::index(back, earlier, this)], change);
            }
        }
    }

    /// Halves every score, between two searches, as the history table's are.
    pub fn halve(&mut self) {
        for score in &mut self.scores {
            *score /= 2;
        }
    }
}

/// The band of the order a move was handed out from: what the picker knew of it. The steps of
/// the search that treat moves differently by kind (reductions, pruning) ask the band rather
/// than work it out again.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Band {
    /// The move the node was told to try first: the table's move or the last line's.
    Hint,
    /// A capture, en passant and capturing promotions included.
    Capture,
    /// One of the ply's two killers.
    Killer,
    /// The countermove of the move that led to the node.
    Countermove,
    /// Any other move, ordered by its history score: a quiet move, or a promotion that takes
    /// nothing (which the ordering tables treat as quiet).
    Quiet,
    /// A capture that loses material by the static exchange evaluation, tried after the
    /// quiet moves (stage 18).
    LosingCapture,
}

impl Band {
    /// The band of a move whose ordering key is `key`. The bands' keys do not overlap (see the
    /// constants above), so the key alone tells.
    pub fn of_key(key: i32) -> Band {
        match key {
            HINT_KEY => Band::Hint,
            // Above the first killer: a capture, whose key is CAPTURE_BASE and a little less
            // (a pawn taken by a piece) or more.
            key if key > KILLER_KEYS[0] => Band::Capture,
            key if KILLER_KEYS.contains(&key) => Band::Killer,
            COUNTERMOVE_KEY => Band::Countermove,
            // Below every quiet move's score, which lies within three history scores of 0.
            key if key < -COUNTERMOVE_KEY => Band::LosingCapture,
            _ => Band::Quiet,
        }
    }
}

/// The moves of one node, handed out best key first.
///
/// The keys are computed once, when the picker is made, and each call to `next` finds the best
/// move left by a scan. A node that is cut off after its first move or two has paid for those
/// scans only, not for sorting the whole list. Moves with equal keys come out in the order
/// they went in, so the order, and every node count that depends on it, is the same on any
/// machine.
pub struct MovePicker {
    /// The moves not handed out yet are `moves[next..]`.
    moves: MoveList,
    /// The ordering key of each move, in step with `moves`.
    keys: [i32; MAX_MOVES],
    /// How many moves have been handed out.
    next: usize,
    /// The move to try first, if the node was given one.
    hint: Option<Move>,
    /// Whether the moves are handed out in the order given (the root's), not by their keys.
    in_order: bool,
}

impl MovePicker {
    /// A picker for `moves` in `position`: `hint` first, if it is one of them, then the rest
    /// ordered by [`mvv_lva`].
    pub fn new(position: &Position, moves: MoveList, hint: Option<Move>) -> MovePicker {
        let mut keys = [QUIET_KEY; MAX_MOVES];
        for (key, &mv) in keys.iter_mut().zip(moves.as_slice()) {
            *key = if Some(mv) == hint {
                HINT_KEY
            } else {
                mvv_lva(position, mv)
            };
        }
        MovePicker {
            moves,
            keys,
            next: 0,
            hint,
            in_order: false,
        }
    }

    /// A picker that hands out `moves` in the order given: for the root, whose order iterative
    /// deepening keeps (the last depth's best move first, the others as they were).
    pub fn in_order(moves: MoveList) -> MovePicker {
        MovePicker {
            moves,
            keys: [QUIET_KEY; MAX_MOVES],
            next: 0,
            hint: None,
            in_order: true,
        }
    }

    /// The picker with its quiet moves ordered by what the search has learnt in `tables`:
    /// `ply`'s killers first, then the countermove of the move that led to the node, then the
    /// others by their history and continuation history after the `previous` moves. The hint
    /// and the captures keep their keys, so each move is ordered once, in its highest band; a
    /// table entry that is not a legal move here matches nothing.
    pub fn learnt(
        mut self,
        position: &Position,
        tables: &OrderingTables,
        ply: usize,
        previous: &Previous,
    ) -> MovePicker {
        let [first, second] = tables.killers[ply];
        let countermove = tables.countermove(previous.mv);
        for (key, &mv) in self.keys.iter_mut().zip(self.moves.as_slice()) {
            if Some(mv) == self.hint || mv.is_capture() {
                continue;
            }
            *key = match Some(mv) {
                killer if killer == first => KILLER_KEYS[0],
                killer if killer == second => KILLER_KEYS[1],
                counter if counter == countermove => COUNTERMOVE_KEY,
                _ => tables.quiet_score(position, mv, previous),
            };
        }
        self
    }

    /// The picker with every capture that loses material by the static exchange evaluation
    /// ([`see`]) moved after the quiet moves, keyed [`LOSING_CAPTURE_BASE`] plus its
    /// (negative) exchange value. The hint keeps its place: the table's move comes first
    /// whatever it risks.
    pub fn losing_captures_last(mut self, position: &Position) -> MovePicker {
        for (key, &mv) in self.keys.iter_mut().zip(self.moves.as_slice()) {
            if *key == HINT_KEY || !mv.is_capture() || see_at_least(position, mv, 0) {
                continue;
            }
            *key = LOSING_CAPTURE_BASE + see(position, mv);
        }
        self
    }

    /// The move the node was told to try first, if any.
    pub fn hint(&self) -> Option<Move> {
        self.hint
    }

    /// Whether the node has no moves at all: mate or stalemate.
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// The move [`MovePicker::next`] hands out, with the band it came from.
    pub fn next_with_band(&mut self) -> Option<(Move, Band)> {
        let mv = self.next()?;
        Some((mv, self.band(self.next - 1)))
    }

    /// The move [`MovePicker::next`] hands out, with its band and its ordering key: for
    /// showing an order, as the book's picture of one node's order does.
    pub fn next_with_key(&mut self) -> Option<(Move, Band, i32)> {
        let (mv, band) = self.next_with_band()?;
        Some((mv, band, self.keys[self.next - 1]))
    }

    /// The band of the move at `index`. The root's moves, handed out in the order given, are
    /// all keyed alike, so their bands come from the moves: the first is the hint (the line
    /// the last depth found best), then captures and quiet moves.
    fn band(&self, index: usize) -> Band {
        if !self.in_order {
            return Band::of_key(self.keys[index]);
        }
        match self.moves.as_slice()[index] {
            _ if index == 0 => Band::Hint,
            mv if mv.is_capture() => Band::Capture,
            _ => Band::Quiet,
        }
    }
}

impl Iterator for MovePicker {
    type Item = Move;

    /// The move with the best key among those left; among equal keys, the earliest.
    fn next(&mut self) -> Option<Move> {
        // One pass over the keys left, with the best so far in hand, so that no key is looked
        // up twice: every node runs this loop, once for each move it tries.
        let left = &self.keys[self.next..self.moves.len()];
        let mut best = self.next;
        let mut best_key = *left.first()?;
        for (index, &key) in (self.next..).zip(left) {
            if key > best_key {
                (best, best_key) = (index, key);
            }
        }
        // Move the best to the front of what is left, keeping the others in their order.
        self.moves.as_mut_slice()[self.next..=best].rotate_right(1);
        self.keys[self.next..=best].rotate_right(1);
        self.next += 1;
        Some(self.moves.as_slice()[self.next - 1])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::movegen::legal_moves;
    use crate::piece::Color;

    /// The moves of `fen` in the order the picker hands them out, as UCI text.
    fn picked(fen: &str) -> Vec<String> {
        let position = Position::from_fen(fen).unwrap();
        MovePicker::new(&position, legal_moves(&position), None)
            .map(|mv| mv.to_string())
            .collect()
    }

    #[test]
    fn captures_come_first_most_valuable_victim_then_least_valuable_attacker() {
        // The pawn and the rook can both take the queen on d5; the rook can also take a pawn.
        let order = picked("4k3/8/8/3q4/2P5/8/8/3RK3 w - - 0 1");
        assert_eq!(order[..2], ["c4d5", "d1d5"]);
        assert!(order[2..].iter().all(|mv| !mv.ends_with("d5")));
    }

    #[test]
    fn every_move_is_handed_out_once_and_quiet_moves_keep_their_order() {
        let position = Position::startpos();
        let picked: Vec<Move> = MovePicker::new(&position, legal_moves(&position), None).collect();
        assert_eq!(picked, legal_moves(&position).as_slice());
    }

    /// The moves that led to a node, for the countermove only: `mv` and the piece that made it.
    fn after(mv: Option<(Move, Piece)>) -> Previous {
        Previous {
            mv,
            ..Previous::default()
        }
    }

    /// Tables that have learnt, in `position` at `ply`: `killers`, the countermove `counter`
    /// of `previous`, and a history score for each of `history`, all given as UCI text.
    fn learnt(
        position: &Position,
        ply: usize,
        killers: [&str; 2],
        (previous, counter): (Option<(Move, Piece)>, &str),
        history: &[(&str, i32)],
    ) -> OrderingTables {
        let find = |uci| crate::movegen::find_move(position, uci).unwrap();
        let mut tables = OrderingTables::default();
        tables.killers[ply] = killers.map(|uci| Some(find(uci)));
        let (mv, piece) = previous.unwrap();
        tables.countermoves[piece.index()][mv.to().index()] = Some(find(counter));
        for &(uci, score) in history {
            let mv = find(uci);
            tables.history[position.side_to_move().index()][mv.from().index()][mv.to().index()] =
                score;
        }
        tables
    }

    /// A picker for a node with every band filled: White, after ...Kd8, can take the queen on
    /// d5 with the pawn or the rook; Kf1 is the hint, Rb1 and Ke2 the killers, Rc1 the
    /// countermove, and three quiet moves have a history score.
    fn picker_with_every_band() -> MovePicker {
        let before = Position::from_fen("4k3/8/8/3q4/2P5/8/8/3RK3 b - - 0 1").unwrap();
        let last = crate::movegen::find_move(&before, "e8d8").unwrap();
        let position = before.make(last);
        let previous = Some((last, before.moving_piece(last)));
        let history = [("e1f2", -500), ("d1a1", 900), ("c4c5", MAX_HISTORY)];
        let tables = learnt(&position, 3, ["d1b1", "e1e2"], (previous, "d1c1"), &history);
        let hint = crate::movegen::find_move(&position, "e1f1").unwrap();
        MovePicker::new(&position, legal_moves(&position), Some(hint)).learnt(
            &position,
            &tables,
            3,
            &after(previous),
        )
    }

    #[test]
    fn the_bands_hash_move_captures_killers_countermove_then_history() {
        let order: Vec<String> = picker_with_every_band().map(|mv| mv.to_string()).collect();
        let expected = [
            "e1f1", "c4d5", "d1d5", "d1b1", "e1e2", "d1c1", "c4c5", "d1a1",
        ];
        assert_eq!(order[..expected.len()], expected);
        let rest = &order[expected.len()..];
        assert_eq!(rest.last().map(String::as_str), Some("e1f2"), "{rest:?}");
    }

    #[test]
    fn each_move_comes_with_the_band_it_was_ordered_in() {
        let mut picker = picker_with_every_band();
        let bands: Vec<Band> = std::iter::from_fn(|| picker.next_with_band())
            .map(|(_, band)| band)
            .collect();
        use Band::*;
        let expected = [Hint, Capture, Capture, Killer, Killer, Countermove];
        assert_eq!(bands[..expected.len()], expected);
        assert!(bands[expected.len()..].iter().all(|&band| band == Quiet));
    }

    #[test]
    fn the_roots_moves_have_the_hint_first_then_captures_and_quiet_moves() {
        let position = Position::from_fen("4k3/8/8/3q4/2P5/8/8/3RK3 w - - 0 1").unwrap();
        let mut picker = MovePicker::in_order(legal_moves(&position));
        let picked: Vec<(Move, Band)> = std::iter::from_fn(|| picker.next_with_band()).collect();
        assert_eq!(picked[0].1, Band::Hint);
        for &(mv, band) in &picked[1..] {
            let expected = if mv.is_capture() {
                Band::Capture
            } else {
                Band::Quiet
            };
            assert_eq!(band, expected, "{mv}");
        }
    }

    #[test]
    fn a_killer_or_countermove_that_is_a_capture_or_the_hint_is_ordered_as_that_once() {
        let before = Position::from_fen("4k3/8/8/3q4/2P5/8/8/3RK3 b - - 0 1").unwrap();
        let last = crate::movegen::find_move(&before, "e8e7").unwrap();
        let position = before.make(last);
        let previous = Some((last, before.moving_piece(last)));
        let mut tables = learnt(&position, 0, ["e1f1", "e1e2"], (previous, "d1c1"), &[]);
        // Killers that are a capture and the hint: the capture keeps its MVV-LVA place.
        let capture = crate::movegen::find_move(&position, "c4d5").unwrap();
        tables.killers[0][1] = Some(capture);
        let hint = crate::movegen::find_move(&position, "e1f1").unwrap();
        let order: Vec<Move> = MovePicker::new(&position, legal_moves(&position), Some(hint))
            .learnt(&position, &tables, 0, &after(previous))
            .collect();
        let text: Vec<String> = order.iter().map(|mv| mv.to_string()).collect();
        assert_eq!(text[..4], ["e1f1", "c4d5", "d1d5", "d1c1"]);
        assert_eq!(order.len(), legal_moves(&position).len(), "each move once");
    }

    #[test]
    fn a_quiet_move_is_ordered_by_its_history_and_continuation_scores_together() {
        let before = Position::startpos();
        let e4 = crate::movegen::find_move(&before, "e2e4").unwrap();
        let position = before.make(e4);
        let previous = Previous {
            mv: Some((e4, before.moving_piece(e4))),
            moved: [Some(PieceTo::new(before.moving_piece(e4), e4)), None],
        };
        let find = |uci| crate::movegen::find_move(&position, uci).unwrap();
        let this = |uci| PieceTo::new(position.moving_piece(find(uci)), find(uci));
        let first_quiets = |tables: &OrderingTables| -> Vec<String> {
            MovePicker::new(&position, legal_moves(&position), None)
                .learnt(&position, tables, 1, &previous)
                .take(2)
                .map(|mv| mv.to_string())
                .collect()
        };
        let mut tables = OrderingTables::default();
        tables.history[position.side_to_move().index()][find("a7a6").from().index()]
            [find("a7a6").to().index()] = 200;
        tables.continuation.update(&previous, this("c7c5"), 300);
        assert_eq!(first_quiets(&tables), ["c7c5", "a7a6"]);
        tables.continuation.update(&previous, this("a7a6"), 200);
        assert_eq!(
            first_quiets(&tables),
            ["a7a6", "c7c5"],
            "200 + 200 over 300"
        );
        // Every score at its bound still leaves a move below the countermove.
        tables.history[position.side_to_move().index()][find("a7a6").from().index()]
            [find("a7a6").to().index()] = MAX_HISTORY;
        for _ in 0..100 {
            tables
                .continuation
                .update(&previous, this("a7a6"), MAX_HISTORY);
        }
        tables.countermoves[before.moving_piece(e4).index()][e4.to().index()] = Some(find("h7h6"));
        assert_eq!(first_quiets(&tables), ["h7h6", "a7a6"]);
    }

    #[test]
    fn each_pair_of_earlier_move_and_move_has_its_own_score() {
        let mut scores = ContinuationHistory::default();
        let last = PieceTo::NUM - 1;
        let index = |back, earlier, this| ContinuationHistory::index(back, earlier, this);
        let piece_to = |n: usize| PieceTo {
            piece: Piece::new(
                Color::ALL[n / Square::NUM / PieceType::NUM],
                PieceType::ALL[n / Square::NUM % PieceType::NUM],
            ),
            to: Square::ALL[n % Square::NUM],
        };
        assert_eq!(index(0, piece_to(0), piece_to(0)), 0);
        assert_eq!(
            index(CONTINUATION_PLIES - 1, piece_to(last), piece_to(last)),
            ContinuationHistory::LEN - 1
        );
        assert_eq!(
            index(1, piece_to(0), piece_to(0)),
            PieceTo::NUM * PieceTo::NUM
        );
        for n in [0, 1, 64, last] {
            assert_eq!(piece_to(n).index(), n);
        }
        let previous = Previous {
            mv: None,
            moved: [Some(piece_to(5)), Some(piece_to(700))],
        };
        scores.update(&previous, piece_to(last), 100);
        assert_eq!(scores.scores[index(0, piece_to(5), piece_to(last))], 100);
        assert_eq!(scores.scores[index(1, piece_to(700), piece_to(last))], 100);
        assert_eq!(
            scores.scores.iter().filter(|&&s| s != 0).count(),
            2,
            "no other"
        );
        scores.halve();
        assert_eq!(scores.score(&previous, piece_to(last)), 2 * 50);
    }

    #[test]
    fn a_killer_that_is_not_legal_here_is_never_handed_out() {
        // A killer learnt elsewhere: a quiet rook move that this position does not have.
        let elsewhere = Position::from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 0 1").unwrap();
        let foreign = crate::movegen::find_move(&elsewhere, "a1a8").unwrap();
        let position = Position::startpos();
        let mut tables = OrderingTables::default();
        tables.killers[1] = [Some(foreign), None];
        let picked: Vec<Move> = MovePicker::new(&position, legal_moves(&position), None)
            .learnt(&position, &tables, 1, &Previous::default())
            .collect();
        assert!(!picked.contains(&foreign));
        assert_eq!(
            picked,
            legal_moves(&position).as_slice(),
            "nothing learnt, nothing moved"
        );
    }

    #[test]
    fn a_pawn_taken_by_a_piece_is_in_the_captures_band() {
        // The knight takes the pawn on d5: its key is a little below CAPTURE_BASE.
        let position = Position::from_fen("4k3/8/8/3p4/8/2N5/8/4K3 w - - 0 1").unwrap();
        let mut picker = MovePicker::new(&position, legal_moves(&position), None);
        let (mv, band) = picker.next_with_band().unwrap();
        assert_eq!((mv.to_string().as_str(), band), ("c3d5", Band::Capture));
    }

    #[test]
    fn losing_captures_come_after_the_quiet_moves_least_losing_first() {
        // The queen can take the pawn on d5 (SEE -800), the knight can take it (-200), and
        // the pawn on b4 can take the one on a5, which nothing defends (+100).
        let position = Position::from_fen("4k3/8/4p3/p2p4/1P6/2N5/8/3QK3 w - - 0 1").unwrap();
        let mut picker = MovePicker::new(&position, legal_moves(&position), None)
            .losing_captures_last(&position);
        let picked: Vec<(String, Band)> = std::iter::from_fn(|| picker.next_with_band())
            .map(|(mv, band)| (mv.to_string(), band))
            .collect();
        assert_eq!(picked[0], ("b4a5".to_string(), Band::Capture));
        let last: Vec<&(String, Band)> = picked.iter().rev().take(2).collect();
        assert_eq!(*last[0], ("d1d5".to_string(), Band::LosingCapture));
        assert_eq!(*last[1], ("c3d5".to_string(), Band::LosingCapture));
        let middle = &picked[1..picked.len() - 2];
        assert!(
            middle.iter().all(|(_, band)| *band == Band::Quiet),
            "{middle:?}"
        );
    }

    #[test]
    fn a_hint_comes_before_every_capture() {
        let position = Position::from_fen("4k3/8/8/3q4/2P5/8/8/3RK3 w - - 0 1").unwrap();
        let hint = crate::movegen::find_move(&position, "e1f2").unwrap();
        let mut picker = MovePicker::new(&position, legal_moves(&position), Some(hint));
        assert_eq!(picker.next(), Some(hint));
        assert_eq!(
            picker.next().map(|mv| mv.to_string()).as_deref(),
            Some("c4d5")
        );
    }
}
