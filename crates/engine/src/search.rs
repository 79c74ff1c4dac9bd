//! The search: given a position and the limits of a `go` command, choose a move.
//!
//! At stage 6 the engine does not search yet. It plays a random legal move: the point of the
//! stage is the protocol around the search (a thread of its own, `stop`, exactly one
//! `bestmove`), and a random mover is the simplest player that exercises all of it. The move
//! is random but repeatable: the same position always gives the same move.

use crate::movegen::legal_moves;
use crate::moves::Move;
use crate::position::Position;
use crate::rng::Rng;

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

/// The move the engine chooses in `position` within `limits`: a random legal move (among
/// `limits.search_moves`, if any are given), or `None` if there is no legal move.
pub fn choose_move(position: &Position, limits: &Limits) -> Option<Move> {
    let moves = legal_moves(position);
    let allowed: Vec<Move> = moves
        .as_slice()
        .iter()
        .copied()
        .filter(|mv| limits.search_moves.is_empty() || limits.search_moves.contains(mv))
        .collect();
    // Seeded by the position's key: random across positions, repeatable for one position.
    let pick = Rng::new(position.key()).next_u64() as usize;
    allowed.get(pick % allowed.len().max(1)).copied()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::uci::find_move;

    #[test]
    fn the_chosen_move_is_legal_and_repeatable() {
        let position = Position::startpos();
        let chosen = choose_move(&position, &Limits::default()).unwrap();
        assert!(legal_moves(&position).as_slice().contains(&chosen));
        assert_eq!(choose_move(&position, &Limits::default()), Some(chosen));
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
