//! The two sides, the six kinds of piece, and a piece: a kind with a colour.

use std::ops::Not;

/// One of the two sides. White moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[allow(missing_docs)] // The variants are the sides' own names.
pub enum Color {
    White,
    Black,
}

impl Color {
    /// How many sides there are, for sizing tables.
    pub const NUM: usize = 2;

    /// Both sides, White first: `Color::ALL[i].index() == i`.
    pub const ALL: [Color; Color::NUM] = [Color::White, Color::Black];

    /// The side's number, 0 for White and 1 for Black, for indexing tables.
    pub const fn index(self) -> usize {
        self as usize
    }
}

impl Not for Color {
    type Output = Color;

    /// The other side: `!Color::White == Color::Black`.
    fn not(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }
}

/// A kind of piece, whatever its colour. Ordered by value, pawn first, which later stages use
/// to sort captures.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[allow(missing_docs)] // The variants are the pieces' own names.
pub enum PieceType {
    Pawn,
    Knight,
    Bishop,
    Rook,
    Queen,
    King,
}

impl PieceType {
    /// How many kinds of piece there are, for sizing tables.
    pub const NUM: usize = 6;

    /// Every kind of piece, pawn to king: `PieceType::ALL[i].index() == i`.
    pub const ALL: [PieceType; PieceType::NUM] = [
        PieceType::Pawn,
        PieceType::Knight,
        PieceType::Bishop,
        PieceType::Rook,
        PieceType::Queen,
        PieceType::King,
    ];

    /// The kind's number, from 0 (pawn) to 5 (king), for indexing tables.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The kind's letter in lower case, as FEN writes a black piece: `p n b r q k`.
    pub fn to_char(self) -> char {
        b"pnbrqk"[self.index()] as char
    }

    /// The kind named by a letter in either case, if `c` is one.
    pub fn from_char(c: char) -> Option<PieceType> {
        let lower = c.to_ascii_lowercase();
        PieceType::ALL
            .into_iter()
            .find(|kind| kind.to_char() == lower)
    }
}

/// A piece: a kind of piece of one colour, such as a black knight.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// The side the piece belongs to.
    pub color: Color,
    /// What kind of piece it is.
    pub piece_type: PieceType,
}

impl Piece {
    /// How many different pieces there are: six kinds in two colours.
    pub const NUM: usize = Color::NUM * PieceType::NUM;

    /// The piece of kind `piece_type` and colour `color`.
    pub const fn new(color: Color, piece_type: PieceType) -> Piece {
        Piece { color, piece_type }
    }

    /// The piece's number, `color × 6 + kind`: 0 to 5 are White's pawn to king, 6 to 11
    /// Black's. Tables with an entry per piece are indexed by it.
    pub const fn index(self) -> usize {
        self.color.index() * PieceType::NUM + self.piece_type.index()
    }

    /// The piece's letter as FEN writes it: upper case for White (`N`), lower for Black (`n`).
    pub fn to_char(self) -> char {
        let letter = self.piece_type.to_char();
        match self.color {
            Color::White => letter.to_ascii_uppercase(),
            Color::Black => letter,
        }
    }

    /// The piece named by a FEN letter, if `c` is one.
    pub fn from_char(c: char) -> Option<Piece> {
        let piece_type = PieceType::from_char(c)?;
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        Some(Piece::new(color, piece_type))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn all_lists_each_enum_in_index_order() {
        for (i, color) in Color::ALL.iter().enumerate() {
            assert_eq!(color.index(), i);
        }
        for (i, kind) in PieceType::ALL.iter().enumerate() {
            assert_eq!(kind.index(), i);
        }
    }

    #[test]
    fn the_other_side_of_the_other_side_is_the_side() {
        assert_eq!(!Color::White, Color::Black);
        assert_eq!(!Color::Black, Color::White);
        for color in Color::ALL {
            assert_eq!(!!color, color);
        }
    }

    #[test]
    fn every_piece_has_its_own_index_below_num() {
        let mut seen = [false; Piece::NUM];
        for color in Color::ALL {
            for kind in PieceType::ALL {
                let index = Piece::new(color, kind).index();
                assert!(!seen[index], "two pieces share index {index}");
                seen[index] = true;
            }
        }
        assert!(seen.iter().all(|&s| s));
    }

    #[test]
    fn fen_letters_read_back_as_the_same_piece() {
        for color in Color::ALL {
            for kind in PieceType::ALL {
                let piece = Piece::new(color, kind);
                assert_eq!(Piece::from_char(piece.to_char()), Some(piece));
            }
        }
        assert_eq!(Piece::from_char('N').map(Piece::to_char), Some('N'));
        assert_eq!(Piece::from_char('k').map(|p| p.color), Some(Color::Black));
    }

    #[test]
    fn letters_that_are_not_pieces_are_refused() {
        for c in ['x', 'X', '1', ' ', 'é'] {
            assert_eq!(Piece::from_char(c), None, "{c:?}");
        }
    }
}
