//! Squares of the board, and the files and ranks they stand on.
//!
//! Squares are numbered from a1 = 0 along the first rank to h1 = 7, then a2 = 8 and so on up
//! to h8 = 63. With that numbering, the square's index is also the number of its bit in a
//! [`Bitboard`](crate::Bitboard), and moving one rank up adds 8.

use std::fmt;
use std::str::FromStr;

/// A file: a column of the board, from a (on White's left) to h.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[allow(missing_docs)] // The variants are the files' own names.
pub enum File {
    A,
    B,
    C,
    D,
    E,
    F,
    G,
    H,
}

impl File {
    /// How many files there are, for sizing tables.
    pub const NUM: usize = 8;

    /// Every file, from a to h: `File::ALL[i].index() == i`.
    pub const ALL: [File; File::NUM] = [
        File::A,
        File::B,
        File::C,
        File::D,
        File::E,
        File::F,
        File::G,
        File::H,
    ];

    /// The file's number, 0 for a to 7 for h.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The file's letter, as in `e4`.
    pub fn to_char(self) -> char {
        char::from(b'a' + self as u8)
    }

    /// The file named by a lowercase letter from `a` to `h`, if `c` is one.
    pub fn from_char(c: char) -> Option<File> {
        let index = (c as u32).checked_sub('a' as u32)?;
        File::ALL.get(index as usize).copied()
    }
}

/// A rank: a row of the board, from the first (White's back rank) to the eighth.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[allow(missing_docs)] // The variants are the ranks' own names.
pub enum Rank {
    First,
    Second,
    Third,
    Fourth,
    Fifth,
    Sixth,
    Seventh,
    Eighth,
}

impl Rank {
    /// How many ranks there are, for sizing tables.
    pub const NUM: usize = 8;

    /// Every rank, from the first to the eighth: `Rank::ALL[i].index() == i`.
    pub const ALL: [Rank; Rank::NUM] = [
        Rank::First,
        Rank::Second,
        Rank::Third,
        Rank::Fourth,
        Rank::Fifth,
        Rank::Sixth,
        Rank::Seventh,
        Rank::Eighth,
    ];

    /// The rank's number less one: 0 for the first rank, 7 for the eighth.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The rank's digit, as in `e4`.
    pub fn to_char(self) -> char {
        char::from(b'1' + self as u8)
    }

    /// The rank named by a digit from `1` to `8`, if `c` is one.
    pub fn from_char(c: char) -> Option<Rank> {
        let index = (c as u32).checked_sub('1' as u32)?;
        Rank::ALL.get(index as usize).copied()
    }
}

/// A square of the board. Its discriminant is its index: a1 = 0, b1 = 1, …, h8 = 63.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[rustfmt::skip]
#[allow(missing_docs)] // The variants are the squares' own names.
pub enum Square {
    A1, B1, C1, D1, E1, F1, G1, H1,
    A2, B2, C2, D2, E2, F2, G2, H2,
    A3, B3, C3, D3, E3, F3, G3, H3,
    A4, B4, C4, D4, E4, F4, G4, H4,
    A5, B5, C5, D5, E5, F5, G5, H5,
    A6, B6, C6, D6, E6, F6, G6, H6,
    A7, B7, C7, D7, E7, F7, G7, H7,
    A8, B8, C8, D8, E8, F8, G8, H8,
}

impl Square {
    /// How many squares there are, for sizing tables.
    pub const NUM: usize = 64;

    /// Every square, in index order: `Square::ALL[i].index() == i`.
    #[rustfmt::skip]
    pub const ALL: [Square; Square::NUM] = {
        use Square::*;
        [
            A1, B1, C1, D1, E1, F1, G1, H1,
            A2, B2, C2, D2, E2, F2, G2, H2,
            A3, B3, C3, D3, E3, F3, G3, H3,
            A4, B4, C4, D4, E4, F4, G4, H4,
            A5, B5, C5, D5, E5, F5, G5, H5,
            A6, B6, C6, D6, E6, F6, G6, H6,
            A7, B7, C7, D7, E7, F7, G7, H7,
            A8, B8, C8, D8, E8, F8, G8, H8,
        ]
    };

    /// The square where `file` and `rank` cross.
    pub const fn new(file: File, rank: Rank) -> Square {
        Square::ALL[rank.index() * 8 + file.index()]
    }

    /// The square numbered `index`. Panics if `index` is 64 or more: a caller that computes
    /// an index off the board has a bug, which a wrong square would only hide.
    pub const fn from_index(index: usize) -> Square {
        Square::ALL[index]
    }

    /// The square's number, from 0 (a1) to 63 (h8), for indexing tables and bitboards.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The file the square stands on.
    pub const fn file(self) -> File {
        File::ALL[self.index() % 8]
    }

    /// The rank the square stands on.
    pub const fn rank(self) -> Rank {
        Rank::ALL[self.index() / 8]
    }

    /// The square `files` to the right and `ranks` up from this one (negative: left and
    /// down), or `None` if that is off the board. Building attack tables leans on this: a
    /// knight on b1 has no square two files to its left.
    pub const fn offset(self, files: i8, ranks: i8) -> Option<Square> {
        let file = self.file().index() as i8 + files;
        let rank = self.rank().index() as i8 + ranks;
        if file < 0 || file >= 8 || rank < 0 || rank >= 8 {
            return None;
        }
        Some(Square::ALL[rank as usize * 8 + file as usize])
    }
}

/// Why a square's name could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SquareError {
    /// The name is not two characters long.
    Length(String),
    /// The first character is not a file letter from `a` to `h`.
    File(char),
    /// The second character is not a rank digit from `1` to `8`.
    Rank(char),
}

impl fmt::Display for SquareError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            SquareError::Length(name) => {
                write!(f, "square {name:?} is not a file letter and a rank digit")
            }
            SquareError::File(c) => write!(f, "{c:?} is not a file (a to h)"),
            SquareError::Rank(c) => write!(f, "{c:?} is not a rank (1 to 8)"),
        }
    }
}

impl std::error::Error for SquareError {}

impl FromStr for Square {
    type Err = SquareError;

    /// Reads a square's name in algebraic notation, such as `e4`.
    fn from_str(name: &str) -> Result<Square, SquareError> {
        let mut chars = name.chars();
        let (Some(file), Some(rank), None) = (chars.next(), chars.next(), chars.next()) else {
            return Err(SquareError::Length(name.to_string()));
        };
        let file = File::from_char(file).ok_or(SquareError::File(file))?;
        let rank = Rank::from_char(rank).ok_or(SquareError::Rank(rank))?;
        Ok(Square::new(file, rank))
    }
}

impl fmt::Display for Square {
    /// Writes the square's name in algebraic notation, such as `e4`.
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "{}{}", self.file().to_char(), self.rank().to_char())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn all_lists_each_enum_in_index_order() {
        for (i, file) in File::ALL.iter().enumerate() {
            assert_eq!(file.index(), i);
        }
        for (i, rank) in Rank::ALL.iter().enumerate() {
            assert_eq!(rank.index(), i);
        }
        for (i, square) in Square::ALL.iter().enumerate() {
            assert_eq!(square.index(), i);
            assert_eq!(Square::from_index(i), *square);
        }
    }

    #[test]
    fn a_square_is_where_its_file_and_rank_cross() {
        assert_eq!(Square::new(File::E, Rank::Fourth), Square::E4);
        for square in Square::ALL {
            assert_eq!(Square::new(square.file(), square.rank()), square);
        }
        assert_eq!(Square::H1.index(), 7);
        assert_eq!(Square::A2.index(), 8);
    }

    #[test]
    fn names_read_back_as_the_same_square() {
        for square in Square::ALL {
            assert_eq!(square.to_string().parse::<Square>(), Ok(square));
        }
        assert_eq!("e4".parse::<Square>(), Ok(Square::E4));
    }

    #[test]
    fn bad_names_say_what_is_wrong() {
        assert_eq!("e".parse::<Square>(), Err(SquareError::Length("e".into())));
        assert_eq!(
            "e44".parse::<Square>(),
            Err(SquareError::Length("e44".into()))
        );
        assert_eq!("i4".parse::<Square>(), Err(SquareError::File('i')));
        assert_eq!("E4".parse::<Square>(), Err(SquareError::File('E')));
        assert_eq!("e9".parse::<Square>(), Err(SquareError::Rank('9')));
        assert_eq!("e0".parse::<Square>(), Err(SquareError::Rank('0')));
        assert_eq!("é4".parse::<Square>(), Err(SquareError::File('é')));
    }

    #[test]
    fn a_square_and_an_optional_square_take_one_byte() {
        assert_eq!(std::mem::size_of::<Square>(), 1);
        assert_eq!(std::mem::size_of::<Option<Square>>(), 1);
    }

    #[test]
    fn offsets_stop_at_the_edge_of_the_board() {
        assert_eq!(Square::B1.offset(-1, 2), Some(Square::A3));
        assert_eq!(Square::B1.offset(-2, 1), None);
        assert_eq!(Square::H8.offset(1, 0), None);
        assert_eq!(Square::H8.offset(0, 1), None);
        assert_eq!(Square::A1.offset(0, -1), None);
        assert_eq!(Square::E4.offset(0, 0), Some(Square::E4));
    }
}
