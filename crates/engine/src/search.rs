//! The search: given a position and the limits of a `go` command, choose a move.
//!
//! At stage 6 the engine played a random legal move: that stage was about the protocol around
//! the search (a thread of its own, `stop`, exactly one `bestmove`), and a random mover is the
//! simplest player that exercises all of it. From stage 8 it looks one move ahead: it plays
//! the legal move after which chapter 7's evaluation, from its own side, is best, with a mate
//! better than anything and a stalemate a draw. It still looks no further, so it takes a
//! defended piece as gladly as a free one; chapter 8 teaches it to search. The choice is
//! repeatable: the same position always gives the same move.

use crate::attacks::in_check;
use crate::eval::evaluate;
use crate::movegen::{count_moves, legal_moves};
use crate::moves::Move;
use crate::position::Position;

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

/// The score of a checkmate, for the side that gives it: more than any evaluation can be, so
/// that a move that mates is preferred to every other.
pub const MATE: i32 = 32_000;

/// The score of a draw, such as a stalemate: nothing for either side.
pub const DRAW: i32 = 0;

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
