//! The parameters of the tuned evaluation (chapter 15): every value it adds up, in one flat
//! array of [`Score`]s, a midgame and an endgame value each.
//!
//! The array is flat so that a tuner can treat the evaluation as what it is, a sum of
//! parameters each counted some number of times in a position (see [`crate::terms`]), and
//! move all of them at once. The layout is a list of named [`Group`]s, one for each term of
//! the evaluation: a term's values start at its group's offset, and a term's code reads
//! `params[PASSED_PAWN + rank]` where a table would read `passed_pawn[rank]`.

use crate::eval::{PIECE_SQUARE, PIECE_VALUES, Score};
use crate::piece::PieceType;
use crate::square::Square;

/// One term of the evaluation and where its values sit in the array.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Group {
    /// The term's name, as the tuner's report and the generated source print it.
    pub name: &'static str,
    /// The index of its first value.
    pub start: usize,
    /// How many values it has.
    pub len: usize,
    /// What its values are indexed by, for a reader of the generated source.
    pub index: &'static str,
}

/// Each piece's value, pawn to king (the king's is never counted: both sides have one).
pub const MATERIAL: usize = 0;
/// Each piece's table of squares, pawn to king, 64 entries each, laid out as
/// [`crate::eval::placement`] reads them: the first row is the eighth rank from White's side.
pub const PLACEMENT: usize = MATERIAL + PieceType::NUM;
/// A knight's value by the number of squares it can go to (0 to 8).
pub const KNIGHT_MOBILITY: usize = PLACEMENT + PieceType::NUM * Square::NUM;
/// A bishop's value by the number of squares it can go to (0 to 13).
pub const BISHOP_MOBILITY: usize = KNIGHT_MOBILITY + 9;
/// A rook's value by the number of squares it can go to (0 to 14).
pub const ROOK_MOBILITY: usize = BISHOP_MOBILITY + 14;
/// A queen's value by the number of squares it can go to (0 to 27).
pub const QUEEN_MOBILITY: usize = ROOK_MOBILITY + 15;
/// A passed pawn's bonus by its rank, counted from its own side (0 to 7; 0 and 7 are never
/// used, since no pawn stands there).
pub const PASSED_PAWN: usize = QUEEN_MOBILITY + 28;
/// The further bonus of a passed pawn whose path to the last rank is empty, by its rank.
pub const FREE_PASSED_PAWN: usize = PASSED_PAWN + 8;
/// A pawn with a pawn of its own side in front of it on its file.
pub const DOUBLED_PAWN: usize = FREE_PASSED_PAWN + 8;
/// A pawn with no pawn of its own side on either file beside it.
pub const ISOLATED_PAWN: usize = DOUBLED_PAWN + 1;
/// Two bishops or more.
pub const BISHOP_PAIR: usize = ISOLATED_PAWN + 1;
/// A rook on a file with no pawn.
pub const ROOK_OPEN_FILE: usize = BISHOP_PAIR + 1;
/// A rook on a file with no pawn of its own side, but one of the other's.
pub const ROOK_HALF_OPEN_FILE: usize = ROOK_OPEN_FILE + 1;
/// A pawn of the king's own side in front of it, on its file or one beside it: one rank ahead
/// (0) or two (1).
pub const PAWN_SHIELD: usize = ROOK_HALF_OPEN_FILE + 1;
/// The number of the other side's knights, bishops, rooks and queens that attack a square next
/// to the king or the king's own: one (0) to eight or more (7).
pub const KING_ATTACKERS: usize = PAWN_SHIELD + 2;
/// How many parameters there are.
pub const COUNT: usize = KING_ATTACKERS + 8;

/// Every group, in the array's order.
pub const GROUPS: [Group; 15] = [
    group("material", MATERIAL, PLACEMENT, "piece, pawn to king"),
    group(
        "placement",
        PLACEMENT,
        KNIGHT_MOBILITY,
        "piece, then square a8 to h1",
    ),
    group(
        "knight_mobility",
        KNIGHT_MOBILITY,
        BISHOP_MOBILITY,
        "squares",
    ),
    group("bishop_mobility", BISHOP_MOBILITY, ROOK_MOBILITY, "squares"),
    group("rook_mobility", ROOK_MOBILITY, QUEEN_MOBILITY, "squares"),
    group("queen_mobility", QUEEN_MOBILITY, PASSED_PAWN, "squares"),
    group(
        "passed_pawn",
        PASSED_PAWN,
        FREE_PASSED_PAWN,
        "rank from its side",
    ),
    group(
        "free_passed_pawn",
        FREE_PASSED_PAWN,
        DOUBLED_PAWN,
        "rank from its side",
    ),
    group("doubled_pawn", DOUBLED_PAWN, ISOLATED_PAWN, "-"),
    group("isolated_pawn", ISOLATED_PAWN, BISHOP_PAIR, "-"),
    group("bishop_pair", BISHOP_PAIR, ROOK_OPEN_FILE, "-"),
    group("rook_open_file", ROOK_OPEN_FILE, ROOK_HALF_OPEN_FILE, "-"),
    group("rook_half_open_file", ROOK_HALF_OPEN_FILE, PAWN_SHIELD, "-"),
    group(
        "pawn_shield",
        PAWN_SHIELD,
        KING_ATTACKERS,
        "ranks ahead, less one",
    ),
    group(
        "king_attackers",
        KING_ATTACKERS,
        COUNT,
        "attackers, less one",
    ),
];

/// A group from its first index and the next group's.
const fn group(name: &'static str, start: usize, next: usize, index: &'static str) -> Group {
    Group {
        name,
        start,
        len: next - start,
        index,
    }
}

/// Every parameter's value: the evaluation's whole knowledge, in the array's layout.
pub type Params = [Score; COUNT];

/// The values tuning starts from: PeSTO's material and tables, as stages 8 to 19 use them, and
/// nothing for every term they lack. Under these values the tuned evaluation is the old one.
pub const INITIAL: Params = {
    let mut params = [Score::ZERO; COUNT];
    let mut kind = 0;
    while kind < PieceType::NUM {
        params[MATERIAL + kind] = PIECE_VALUES[kind];
        let mut entry = 0;
        while entry < Square::NUM {
            params[PLACEMENT + kind * Square::NUM + entry] = PIECE_SQUARE[kind][entry];
            entry += 1;
        }
        kind += 1;
    }
    params
};

/// The number in [`GROUPS`] of the group the parameter at `index` belongs to, and the
/// parameter's place in it.
pub fn group_of(index: usize) -> Option<(usize, usize)> {
    GROUPS
        .iter()
        .position(|g| (g.start..g.start + g.len).contains(&index))
        .map(|number| (number, index - GROUPS[number].start))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_groups_tile_the_array_in_order_without_gaps() {
        let mut next = 0;
        for group in GROUPS {
            assert_eq!(
                group.start, next,
                "{} starts where the one before ends",
                group.name
            );
            next = group.start + group.len;
        }
        assert_eq!(next, COUNT);
        assert_eq!(group_of(COUNT), None);
        let (number, place) = group_of(PASSED_PAWN + 6).unwrap();
        assert_eq!((GROUPS[number].name, place), ("passed_pawn", 6));
    }

    #[test]
    fn the_initial_values_are_pestos_and_nothing_else() {
        assert_eq!(INITIAL[MATERIAL + 1], PIECE_VALUES[1]);
        assert_eq!(INITIAL[PLACEMENT + 64 * 5 + 3], PIECE_SQUARE[5][3]);
        assert!(INITIAL[KNIGHT_MOBILITY..].iter().all(|&s| s == Score::ZERO));
    }
}
