//! Bitboards: sets of squares, one bit a square, in a single 64-bit word.
//!
//! Bit `i` stands for the square with index `i`, so a1 is the lowest bit and h8 the highest.
//! A union of squares is one OR, an intersection one AND, and moving every square of a set one
//! step in a direction is one shift: the engine handles 64 squares at a time.

use crate::square::{File, Rank, Square};
use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

/// A set of squares. Bit `i` is set when the square with index `i` is in the set.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Bitboard(pub u64);

impl Bitboard {
    /// The empty set.
    pub const EMPTY: Bitboard = Bitboard(0);

    /// Every square of the board.
    pub const FULL: Bitboard = Bitboard(!0);

    /// The set holding `square` alone.
    pub const fn from_square(square: Square) -> Bitboard {
        Bitboard(1 << square.index())
    }

    /// Every square of `file`. The a-file is bits 0, 8, 16, … 56; the others are it shifted.
    pub const fn file(file: File) -> Bitboard {
        Bitboard(0x0101_0101_0101_0101 << file.index())
    }

    /// Every square of `rank`. The first rank is the low byte; the others are it shifted.
    pub const fn rank(rank: Rank) -> Bitboard {
        Bitboard(0xff << (8 * rank.index()))
    }

    /// Whether `square` is in the set.
    pub const fn contains(self, square: Square) -> bool {
        self.0 & (1 << square.index()) != 0
    }

    /// Whether the set has no squares.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// How many squares the set holds. The processor counts the bits in one instruction.
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether the set holds two squares or more. Cheaper than counting: clearing the lowest
    /// square leaves something only if there was more than one.
    pub const fn has_more_than_one(self) -> bool {
        self.0 & self.0.wrapping_sub(1) != 0
    }

    /// The set's lowest square (nearest a1 by index), or `None` if it is empty.
    pub const fn first(self) -> Option<Square> {
        if self.is_empty() {
            None
        } else {
            Some(Square::from_index(self.0.trailing_zeros() as usize))
        }
    }

    /// Every square of the set moved one step towards `direction`. Squares that would leave
    /// the board are dropped: none wraps around to the other edge.
    pub const fn shift(self, direction: Direction) -> Bitboard {
        let not_a = !Bitboard::file(File::A).0;
        let not_h = !Bitboard::file(File::H).0;
        let b = self.0;
        Bitboard(match direction {
            Direction::North => b << 8,
            Direction::South => b >> 8,
            Direction::East => (b & not_h) << 1,
            Direction::West => (b & not_a) >> 1,
            Direction::NorthEast => (b & not_h) << 9,
            Direction::NorthWest => (b & not_a) << 7,
            Direction::SouthEast => (b & not_h) >> 7,
            Direction::SouthWest => (b & not_a) >> 9,
        })
    }
}

/// The eight directions a piece can step in, seen from White's side: north is up the board,
/// towards the eighth rank, and east is towards the h-file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[allow(missing_docs)] // The variants are the compass points' own names.
pub enum Direction {
    North,
    South,
    East,
    West,
    NorthEast,
    NorthWest,
    SouthEast,
    SouthWest,
}

impl Direction {
    /// Every direction, the four orthogonal ones first.
    pub const ALL: [Direction; 8] = [
        Direction::North,
        Direction::South,
        Direction::East,
        Direction::West,
        Direction::NorthEast,
        Direction::NorthWest,
        Direction::SouthEast,
        Direction::SouthWest,
    ];

    /// The step as (files, ranks): east is one file to the right, north one rank up.
    pub const fn step(self) -> (i8, i8) {
        match self {
            Direction::North => (0, 1),
            Direction::South => (0, -1),
            Direction::East => (1, 0),
            Direction::West => (-1, 0),
            Direction::NorthEast => (1, 1),
            Direction::NorthWest => (-1, 1),
            Direction::SouthEast => (1, -1),
            Direction::SouthWest => (-1, -1),
        }
    }
}

/// The squares of a bitboard, from the lowest index to the highest.
#[derive(Clone, Debug)]
pub struct Squares(Bitboard);

impl Iterator for Squares {
    type Item = Square;

    /// Takes the lowest square out of the set and returns it. `b & (b - 1)` clears the
    /// lowest set bit, so each step costs a few instructions whatever the set holds.
    fn next(&mut self) -> Option<Square> {
        let square = self.0.first()?;
        self.0.0 &= self.0.0 - 1;
        Some(square)
    }

    /// The exact number of squares left, so `collect` allocates once.
    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = self.0.count() as usize;
        (left, Some(left))
    }
}

impl ExactSizeIterator for Squares {}

impl IntoIterator for Bitboard {
    type Item = Square;
    type IntoIter = Squares;

    /// Iterates over the squares of the set, lowest index first.
    fn into_iter(self) -> Squares {
        Squares(self)
    }
}

impl FromIterator<Square> for Bitboard {
    /// The set of the squares `squares` yields.
    fn from_iter<I: IntoIterator<Item = Square>>(squares: I) -> Bitboard {
        squares.into_iter().fold(Bitboard::EMPTY, |set, square| {
            set | Bitboard::from_square(square)
        })
    }
}

impl BitAnd for Bitboard {
    type Output = Bitboard;

    /// The squares in both sets.
    fn bitand(self, other: Bitboard) -> Bitboard {
        Bitboard(self.0 & other.0)
    }
}

impl BitOr for Bitboard {
    type Output = Bitboard;

    /// The squares in either set.
    fn bitor(self, other: Bitboard) -> Bitboard {
        Bitboard(self.0 | other.0)
    }
}

impl BitXor for Bitboard {
    type Output = Bitboard;

    /// The squares in exactly one of the sets.
    fn bitxor(self, other: Bitboard) -> Bitboard {
        Bitboard(self.0 ^ other.0)
    }
}

impl Not for Bitboard {
    type Output = Bitboard;

    /// The squares not in the set.
    fn not(self) -> Bitboard {
        Bitboard(!self.0)
    }
}

impl BitAndAssign for Bitboard {
    /// Keeps only the squares that are also in `other`.
    fn bitand_assign(&mut self, other: Bitboard) {
        self.0 &= other.0;
    }
}

impl BitOrAssign for Bitboard {
    /// Adds the squares of `other`.
    fn bitor_assign(&mut self, other: Bitboard) {
        self.0 |= other.0;
    }
}

impl BitXorAssign for Bitboard {
    /// Toggles the squares of `other`: those in the set leave it, the others join it.
    fn bitxor_assign(&mut self, other: Bitboard) {
        self.0 ^= other.0;
    }
}

impl fmt::Display for Bitboard {
    /// Draws the set as a board seen from White's side, the eighth rank on top: `X` for a
    /// square in the set, `.` for one that is not, with the ranks and files labelled.
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        for rank in Rank::ALL.into_iter().rev() {
            write!(f, "{}", rank.to_char())?;
            for file in File::ALL {
                let mark = if self.contains(Square::new(file, rank)) {
                    'X'
                } else {
                    '.'
                };
                write!(f, " {mark}")?;
            }
            writeln!(f)?;
        }
        writeln!(f, "  a b c d e f g h")
    }
}

impl fmt::Debug for Bitboard {
    /// Writes the set as its 64-bit value in hexadecimal, the way tables of masks are written.
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "Bitboard({:#018x})", self.0)
    }
}

/// The tests of bitboards, and `set`, which the other modules' tests use to name square sets.
#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// The set of the squares named in `names`, separated by spaces. The other modules'
    /// tests use it too.
    pub(crate) fn set(names: &str) -> Bitboard {
        names
            .split_whitespace()
            .map(|n| n.parse::<Square>().unwrap())
            .collect()
    }

    #[test]
    fn a_square_is_its_own_bit() {
        assert_eq!(Bitboard::from_square(Square::A1), Bitboard(1));
        assert_eq!(Bitboard::from_square(Square::H8), Bitboard(1 << 63));
        for square in Square::ALL {
            let alone = Bitboard::from_square(square);
            assert_eq!(alone.count(), 1);
            assert!(alone.contains(square));
            assert_eq!(alone.first(), Some(square));
        }
    }

    #[test]
    fn files_and_ranks_hold_their_eight_squares() {
        for file in File::ALL {
            let expected: Bitboard = Rank::ALL
                .map(|rank| Square::new(file, rank))
                .into_iter()
                .collect();
            assert_eq!(Bitboard::file(file), expected);
        }
        for rank in Rank::ALL {
            let expected: Bitboard = File::ALL
                .map(|file| Square::new(file, rank))
                .into_iter()
                .collect();
            assert_eq!(Bitboard::rank(rank), expected);
        }
    }

    #[test]
    fn set_operations_follow_the_sets() {
        let a = set("a1 b2 c3");
        let b = set("c3 d4");
        assert_eq!(a & b, set("c3"));
        assert_eq!(a | b, set("a1 b2 c3 d4"));
        assert_eq!(a ^ b, set("a1 b2 d4"));
        assert_eq!((!a).count(), 61);
        assert!(!(!a).contains(Square::B2));
        let mut c = a;
        c &= b;
        assert_eq!(c, a & b);
        c |= a;
        assert_eq!(c, a);
        c ^= a;
        assert!(c.is_empty());
    }

    #[test]
    fn iteration_yields_each_square_once_lowest_first() {
        let squares: Vec<Square> = set("h8 e4 a1 d5").into_iter().collect();
        assert_eq!(squares, [Square::A1, Square::E4, Square::D5, Square::H8]);
        assert_eq!(Bitboard::FULL.into_iter().len(), 64);
        assert_eq!(Bitboard::EMPTY.into_iter().next(), None);
        assert_eq!(
            Bitboard::FULL.into_iter().collect::<Bitboard>(),
            Bitboard::FULL
        );
    }

    #[test]
    fn more_than_one_means_two_squares_or_more() {
        assert!(!Bitboard::EMPTY.has_more_than_one());
        assert!(!set("e4").has_more_than_one());
        assert!(set("e4 h8").has_more_than_one());
        assert!(Bitboard::FULL.has_more_than_one());
    }

    #[test]
    fn a_shift_moves_every_square_one_step_and_never_wraps() {
        for direction in Direction::ALL {
            let (files, ranks) = direction.step();
            for square in Square::ALL {
                let expected = match square.offset(files, ranks) {
                    Some(to) => Bitboard::from_square(to),
                    None => Bitboard::EMPTY,
                };
                let shifted = Bitboard::from_square(square).shift(direction);
                assert_eq!(shifted, expected, "{square} towards {direction:?}");
            }
        }
    }

    #[test]
    fn a_shift_of_a_set_is_the_union_of_its_squares_shifted() {
        let edges =
            Bitboard::file(File::A) | Bitboard::file(File::H) | Bitboard::rank(Rank::Eighth);
        for direction in Direction::ALL {
            let one_by_one = edges
                .into_iter()
                .map(|square| Bitboard::from_square(square).shift(direction))
                .fold(Bitboard::EMPTY, |all, one| all | one);
            assert_eq!(edges.shift(direction), one_by_one, "{direction:?}");
        }
    }

    #[test]
    fn display_draws_the_board_from_whites_side() {
        let drawn = set("a1 e4 h8").to_string();
        let expected = "\
8 . . . . . . . X
7 . . . . . . . .
6 . . . . . . . .
5 . . . . . . . .
4 . . . . X . . .
3 . . . . . . . .
2 . . . . . . . .
1 X . . . . . . .
  a b c d e f g h
";
        assert_eq!(drawn, expected);
    }

    #[test]
    fn debug_writes_the_value_in_hexadecimal() {
        assert_eq!(
            format!("{:?}", set("a1 h8")),
            "Bitboard(0x8000000000000001)"
        );
    }
}
