//! A move, packed into 16 bits: where it starts, where it ends, and what kind of move it is.
//!
//! The search will store millions of moves (in move lists, in the transposition table, in
//! killer and history tables), so a move is as small as it can reasonably be. Six bits name
//! the from-square, six the to-square, and four the kind, in the layout the Chess Programming
//! Wiki describes under "Encoding Moves".

use crate::piece::PieceType;
use crate::square::Square;
use std::fmt;
use std::num::NonZeroU16;

/// What a move does besides moving a piece from one square to another.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// A move to an empty square that is none of the kinds below.
    Quiet,
    /// A pawn's first move two squares forward, which leaves an en-passant square behind it.
    DoublePush,
    /// Castling on the king's side: the king goes two squares towards the h-file.
    KingCastle,
    /// Castling on the queen's side: the king goes two squares towards the a-file.
    QueenCastle,
    /// A capture of the piece on the to-square.
    Capture,
    /// A pawn's capture of a pawn that has just passed it with a double push.
    EnPassant,
    /// A pawn's move to the last rank, becoming the given piece.
    Promotion(PieceType),
    /// A pawn's capture on the last rank, becoming the given piece.
    PromotionCapture(PieceType),
}

impl MoveKind {
    /// The kind's four-bit code: bit 3 set for promotions, bit 2 for captures, and the low
    /// two bits telling apart the kinds that share those.
    const fn code(self) -> u16 {
        match self {
            MoveKind::Quiet => 0,
            MoveKind::DoublePush => 1,
            MoveKind::KingCastle => 2,
            MoveKind::QueenCastle => 3,
            MoveKind::Capture => 4,
            MoveKind::EnPassant => 5,
            MoveKind::Promotion(piece) => 8 | promotion_code(piece),
            MoveKind::PromotionCapture(piece) => 12 | promotion_code(piece),
        }
    }

    /// The kind whose code is `code`. Codes 6 and 7 are unused and read as quiet moves; no
    /// move is ever made with them.
    const fn from_code(code: u16) -> MoveKind {
        let promoted = [
            PieceType::Knight,
            PieceType::Bishop,
            PieceType::Rook,
            PieceType::Queen,
        ];
        match code {
            1 => MoveKind::DoublePush,
            2 => MoveKind::KingCastle,
            3 => MoveKind::QueenCastle,
            4 => MoveKind::Capture,
            5 => MoveKind::EnPassant,
            8..=11 => MoveKind::Promotion(promoted[code as usize & 3]),
            12..=15 => MoveKind::PromotionCapture(promoted[code as usize & 3]),
            _ => MoveKind::Quiet,
        }
    }
}

/// The two bits that say which piece a pawn promotes to: knight, bishop, rook or queen.
const fn promotion_code(piece: PieceType) -> u16 {
    match piece {
        PieceType::Knight => 0,
        PieceType::Bishop => 1,
        PieceType::Rook => 2,
        _ => 3,
    }
}

/// A move: from-square in bits 0–5, to-square in bits 6–11, kind in bits 12–15.
///
/// No move goes from a square to itself, so the all-zero pattern (a1 to a1, quiet) is never a
/// move, and `Option<Move>` takes the same two bytes as `Move`.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move(NonZeroU16);

impl Move {
    /// The move of kind `kind` from `from` to `to`. Panics if `from == to`, which no move of
    /// chess does.
    pub const fn new(from: Square, to: Square, kind: MoveKind) -> Move {
        assert!(from.index() != to.index(), "a move goes somewhere");
        let bits = from.index() as u16 | (to.index() as u16) << 6 | kind.code() << 12;
        match NonZeroU16::new(bits) {
            Some(bits) => Move(bits),
            None => unreachable!(),
        }
    }

    /// The square the move starts from.
    pub const fn from(self) -> Square {
        Square::from_index((self.0.get() & 0x3f) as usize)
    }

    /// The square the move ends on.
    pub const fn to(self) -> Square {
        Square::from_index((self.0.get() >> 6 & 0x3f) as usize)
    }

    /// What kind of move it is.
    pub const fn kind(self) -> MoveKind {
        MoveKind::from_code(self.0.get() >> 12)
    }

    /// Whether the move takes a piece, en passant included.
    pub const fn is_capture(self) -> bool {
        self.0.get() & (4 << 12) != 0
    }

    /// Whether the move is quiet: it takes nothing and promotes nothing, so it changes the
    /// material on neither side. Reductions and move pruning treat only these moves as the
    /// ones that can wait. (The ordering tables of chapter 10 were written before this word,
    /// and order a promotion that takes nothing with the quiet moves; the stages that rely on
    /// their order keep it so.)
    pub const fn is_quiet(self) -> bool {
        !self.is_capture() && self.promotion().is_none()
    }

    /// The piece a pawn becomes, if the move is a promotion.
    pub const fn promotion(self) -> Option<PieceType> {
        match self.kind() {
            MoveKind::Promotion(piece) | MoveKind::PromotionCapture(piece) => Some(piece),
            _ => None,
        }
    }
}

impl fmt::Display for Move {
    /// Writes the move as UCI does: from-square, to-square, and the promoted piece's letter,
    /// such as `e2e4` or `e7e8q`. Castling is the king's move, `e1g1`.
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "{}{}", self.from(), self.to())?;
        match self.promotion() {
            Some(piece) => write!(f, "{}", piece.to_char()),
            None => Ok(()),
        }
    }
}

impl fmt::Debug for Move {
    /// Writes the move and its kind, such as `e2e4 (DoublePush)`.
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "{self} ({:?})", self.kind())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every kind of move there is.
    fn all_kinds() -> Vec<MoveKind> {
        let mut kinds = vec![
            MoveKind::Quiet,
            MoveKind::DoublePush,
            MoveKind::KingCastle,
            MoveKind::QueenCastle,
            MoveKind::Capture,
            MoveKind::EnPassant,
        ];
        for piece in [
            PieceType::Knight,
            PieceType::Bishop,
            PieceType::Rook,
            PieceType::Queen,
        ] {
            kinds.push(MoveKind::Promotion(piece));
            kinds.push(MoveKind::PromotionCapture(piece));
        }
        kinds
    }

    #[test]
    fn a_move_gives_back_what_it_was_made_of() {
        for kind in all_kinds() {
            for from in Square::ALL {
                for to in Square::ALL.into_iter().filter(|&to| to != from) {
                    let mv = Move::new(from, to, kind);
                    assert_eq!((mv.from(), mv.to(), mv.kind()), (from, to, kind));
                }
            }
        }
    }

    #[test]
    fn captures_are_the_kinds_that_take_a_piece() {
        for kind in all_kinds() {
            let takes = matches!(
                kind,
                MoveKind::Capture | MoveKind::EnPassant | MoveKind::PromotionCapture(_)
            );
            assert_eq!(
                Move::new(Square::A2, Square::B3, kind).is_capture(),
                takes,
                "{kind:?}"
            );
        }
    }

    #[test]
    fn quiet_moves_are_the_kinds_that_take_nothing_and_promote_nothing() {
        for kind in all_kinds() {
            let quiet = matches!(
                kind,
                MoveKind::Quiet
                    | MoveKind::DoublePush
                    | MoveKind::KingCastle
                    | MoveKind::QueenCastle
            );
            assert_eq!(
                Move::new(Square::A7, Square::B8, kind).is_quiet(),
                quiet,
                "{kind:?}"
            );
        }
    }

    #[test]
    fn an_optional_move_takes_two_bytes() {
        assert_eq!(std::mem::size_of::<Option<Move>>(), 2);
    }

    #[test]
    fn moves_are_written_as_uci_writes_them() {
        assert_eq!(
            Move::new(Square::E2, Square::E4, MoveKind::DoublePush).to_string(),
            "e2e4"
        );
        let promotion = MoveKind::PromotionCapture(PieceType::Knight);
        assert_eq!(
            Move::new(Square::E7, Square::F8, promotion).to_string(),
            "e7f8n"
        );
        assert_eq!(
            Move::new(Square::E1, Square::G1, MoveKind::KingCastle).to_string(),
            "e1g1"
        );
    }
}
