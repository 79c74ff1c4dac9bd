//! The questions a position asks of the attack tables: which pieces attack a square, which
//! squares a side attacks, and whether the side to move is in check.
//!
//! The tables themselves, in [`crate::attacks`], know only squares and occupancy; this module
//! puts a position's pieces on them. Keeping the two apart lets the position (and its FEN
//! reader, which refuses a position whose side not to move is in check) use these questions
//! without the tables depending on the position.

use crate::attacks::{bishop_attacks, king_attacks, knight_attacks, pawn_attacks, rook_attacks};
use crate::bitboard::{Bitboard, Direction};
use crate::piece::{Color, PieceType};
use crate::position::Position;
use crate::square::Square;

/// The squares of the pieces of either side that attack `square`, with `occupied` taken.
///
/// Attacks are symmetric: a knight on g1 attacks f3 exactly when a knight on f3 would attack
/// g1. So the question is turned around: put each kind of piece on `square`, see what it
/// would attack, and keep the pieces of that kind that stand there. A pawn attacks in one
/// direction only, so it is seen from `square` as a pawn of the other colour.
pub fn attackers_to(position: &Position, square: Square, occupied: Bitboard) -> Bitboard {
    use PieceType::*;
    let diagonal = position.pieces_of_type(Bishop) | position.pieces_of_type(Queen);
    let straight = position.pieces_of_type(Rook) | position.pieces_of_type(Queen);
    (pawn_attacks(Color::Black, square) & position.pieces(Color::White, Pawn))
        | (pawn_attacks(Color::White, square) & position.pieces(Color::Black, Pawn))
        | (knight_attacks(square) & position.pieces_of_type(Knight))
        | (king_attacks(square) & position.pieces_of_type(King))
        | (bishop_attacks(square, occupied) & diagonal)
        | (rook_attacks(square, occupied) & straight)
}

/// Every square that a piece of `by` attacks, with the squares in `occupied` taken: the
/// squares the other side's king may not step onto. Pawns are shifted all at once; every other
/// piece is one lookup.
pub fn attacked_squares(position: &Position, by: Color, occupied: Bitboard) -> Bitboard {
    use PieceType::*;
    let pawns = position.pieces(by, Pawn);
    let mut attacked = match by {
        Color::White => pawns.shift(Direction::NorthEast) | pawns.shift(Direction::NorthWest),
        Color::Black => pawns.shift(Direction::SouthEast) | pawns.shift(Direction::SouthWest),
    };
    attacked |= king_attacks(position.king_square(by));
    for square in position.pieces(by, Knight) {
        attacked |= knight_attacks(square);
    }
    let queens = position.pieces(by, Queen);
    for square in position.pieces(by, Bishop) | queens {
        attacked |= bishop_attacks(square, occupied);
    }
    for square in position.pieces(by, Rook) | queens {
        attacked |= rook_attacks(square, occupied);
    }
    attacked
}

/// Whether any piece of `by` attacks `square` in `position`.
pub fn is_attacked(position: &Position, square: Square, by: Color) -> bool {
    !(attackers_to(position, square, position.occupied()) & position.side(by)).is_empty()
}

/// Whether the side to move's king is in check.
pub fn in_check(position: &Position) -> bool {
    let us = position.side_to_move();
    is_attacked(position, position.king_square(us), !us)
}

/// The pieces giving check to the side to move's king.
pub fn checkers(position: &Position) -> Bitboard {
    let us = position.side_to_move();
    attackers_to(position, position.king_square(us), position.occupied()) & position.side(!us)
}

/// The last line of the `d` command's report: the squares of the pieces giving check, after
/// the board that [`crate::position::show`] draws.
pub fn checkers_report(position: &Position) -> String {
    let mut line = String::from("Checkers:");
    for square in checkers(position) {
        line.push_str(&format!(" {square}"));
    }
    line.push('\n');
    line
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bitboard::tests::set;

    #[test]
    fn a_square_is_attacked_by_the_pieces_that_reach_it() {
        let position = Position::from_fen("4k3/8/8/3p4/8/5N2/8/R3K3 w - - 0 1").unwrap();
        assert!(
            is_attacked(&position, Square::E4, Color::Black),
            "the d5 pawn"
        );
        assert!(
            !is_attacked(&position, Square::D4, Color::Black),
            "pawns attack diagonally"
        );
        assert!(
            is_attacked(&position, Square::E5, Color::White),
            "the f3 knight"
        );
        assert!(
            is_attacked(&position, Square::A8, Color::White),
            "the a1 rook"
        );
        assert!(!is_attacked(&position, Square::F8, Color::White));
        assert!(!in_check(&position));
    }

    #[test]
    fn the_attacked_squares_are_those_with_attackers() {
        let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
        let position = Position::from_fen(kiwipete).unwrap();
        for by in Color::ALL {
            let attacked = attacked_squares(&position, by, position.occupied());
            for square in Square::ALL {
                let attackers =
                    attackers_to(&position, square, position.occupied()) & position.side(by);
                assert_eq!(
                    attacked.contains(square),
                    !attackers.is_empty(),
                    "{square} by {by:?}"
                );
            }
        }
    }

    #[test]
    fn attackers_are_found_from_both_sides() {
        let position = Position::from_fen("4k3/8/8/3p4/4K3/5N2/8/4R3 w - - 0 1").unwrap();
        let attackers = attackers_to(&position, Square::E3, position.occupied());
        assert_eq!(
            attackers,
            set("e1 e4"),
            "the rook on e1 and the king on e4; not the f3 knight"
        );
    }
}
