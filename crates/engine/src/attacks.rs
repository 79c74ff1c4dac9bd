//! Attacks: the squares a piece attacks, and whether a square is attacked.
//!
//! This is the slow, obvious version, which walks the board one step at a time. It is what
//! the FEN reader uses to refuse a position where the side not to move is in check, and it
//! stays as the reference that chapter 3's fast tables are tested against.

use crate::bitboard::{Bitboard, Direction};
use crate::piece::{Color, Piece, PieceType};
use crate::position::Position;
use crate::square::Square;

/// The knight's eight jumps, as (files, ranks).
const KNIGHT_JUMPS: [(i8, i8); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

/// The squares `piece` on `square` attacks when the squares in `occupied` are taken: a
/// slider's ray stops at the first piece in its way, which it attacks (whichever side it
/// belongs to; move generation removes the mover's own pieces later).
pub fn reference_attacks(piece: Piece, square: Square, occupied: Bitboard) -> Bitboard {
    let steps = |offsets: &[(i8, i8)]| -> Bitboard {
        offsets
            .iter()
            .filter_map(|&(files, ranks)| square.offset(files, ranks))
            .collect()
    };
    let forward = match piece.color {
        Color::White => 1,
        Color::Black => -1,
    };
    match piece.piece_type {
        PieceType::Pawn => steps(&[(-1, forward), (1, forward)]),
        PieceType::Knight => steps(&KNIGHT_JUMPS),
        PieceType::King => steps(&Direction::ALL.map(Direction::step)),
        PieceType::Bishop => slide(square, occupied, &Direction::ALL[4..]),
        PieceType::Rook => slide(square, occupied, &Direction::ALL[..4]),
        PieceType::Queen => slide(square, occupied, &Direction::ALL),
    }
}

/// The squares reached from `square` by sliding in each of `directions` until the edge of
/// the board or the first square in `occupied`, which is included.
fn slide(square: Square, occupied: Bitboard, directions: &[Direction]) -> Bitboard {
    let mut attacks = Bitboard::EMPTY;
    for direction in directions {
        let (files, ranks) = direction.step();
        let mut current = square;
        while let Some(next) = current.offset(files, ranks) {
            attacks |= Bitboard::from_square(next);
            if occupied.contains(next) {
                break;
            }
            current = next;
        }
    }
    attacks
}

/// Whether any piece of `by` attacks `square` in `position`.
///
/// Attacks are symmetric: a knight on g1 attacks f3 exactly when a knight on f3 would attack
/// g1. So the question is turned around: put each kind of piece on `square`, see what it
/// would attack, and look for an enemy piece of that kind there. For pawns, the pawn put on
/// `square` belongs to the other side, because pawns attack in one direction only.
pub fn is_attacked(position: &Position, square: Square, by: Color) -> bool {
    let occupied = position.occupied();
    PieceType::ALL.into_iter().any(|piece_type| {
        let seen_from = Piece::new(!by, piece_type);
        let reach = reference_attacks(seen_from, square, occupied);
        !(reach & position.pieces(by, piece_type)).is_empty()
    })
}

/// Whether the side to move's king is in check.
pub fn in_check(position: &Position) -> bool {
    let us = position.side_to_move();
    is_attacked(position, position.king_square(us), !us)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The set of the squares named in `names`.
    fn set(names: &str) -> Bitboard {
        names
            .split_whitespace()
            .map(|n| n.parse::<Square>().unwrap())
            .collect()
    }

    #[test]
    fn leapers_attack_their_squares_and_stop_at_the_edge() {
        let knight = Piece::new(Color::White, PieceType::Knight);
        assert_eq!(
            reference_attacks(knight, Square::B1, Bitboard::EMPTY),
            set("a3 c3 d2")
        );
        let king = Piece::new(Color::Black, PieceType::King);
        assert_eq!(
            reference_attacks(king, Square::H8, Bitboard::EMPTY),
            set("g8 g7 h7")
        );
        let white_pawn = Piece::new(Color::White, PieceType::Pawn);
        assert_eq!(
            reference_attacks(white_pawn, Square::A2, Bitboard::EMPTY),
            set("b3")
        );
        let black_pawn = Piece::new(Color::Black, PieceType::Pawn);
        assert_eq!(
            reference_attacks(black_pawn, Square::E5, Bitboard::EMPTY),
            set("d4 f4")
        );
    }

    #[test]
    fn sliders_stop_at_the_first_piece_and_attack_it() {
        let rook = Piece::new(Color::White, PieceType::Rook);
        let blockers = set("d6 f4 d1");
        assert_eq!(
            reference_attacks(rook, Square::D4, blockers),
            set("d5 d6 e4 f4 c4 b4 a4 d3 d2 d1")
        );
        let bishop = Piece::new(Color::Black, PieceType::Bishop);
        assert_eq!(
            reference_attacks(bishop, Square::A1, set("c3")),
            set("b2 c3")
        );
    }

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
}
