//! Move ordering: which move the search tries first.
//!
//! Alpha-beta cuts a node short as soon as one move is good enough, so the sooner the good move
//! comes, the less of the tree is searched. At stage 9 the order is: captures first, the most
//! valuable victim first and, among captures of the same victim, the least valuable attacker
//! first (MVV-LVA); then the quiet moves, in the order the generator gave them. From stage 10 a
//! node may be given one move to try before all of these: the move the previous iteration of
//! iterative deepening found best there.

use crate::movegen::{MAX_MOVES, MoveList};
use crate::moves::Move;
use crate::piece::PieceType;
use crate::position::Position;

/// The ordering key of the move a node is told to try first: above every other key.
pub const HINT_KEY: i32 = i32::MAX;

/// The ordering key of a quiet move: below every capture's.
pub const QUIET_KEY: i32 = 0;

/// Added to every capture's key, so that the worst capture still comes before any quiet move.
pub const CAPTURE_BASE: i32 = 1_000;

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
        }
    }

    /// The move the node was told to try first, if any.
    pub fn hint(&self) -> Option<Move> {
        self.hint
    }
}

impl Iterator for MovePicker {
    type Item = Move;

    /// The move with the best key among those left; among equal keys, the earliest.
    fn next(&mut self) -> Option<Move> {
        let best = (self.next..self.moves.len())
            .reduce(|a, b| if self.keys[b] > self.keys[a] { b } else { a })?;
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
