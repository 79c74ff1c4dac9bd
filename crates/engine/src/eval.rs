//! The evaluation: what a position is worth, in centipawns, without looking ahead.
//!
//! Two things are counted. *Material*: each piece has a value, a pawn about 100. *Placement*:
//! each piece has a table with a bonus or a penalty for every square it can stand on (a
//! piece-square table), so that a knight in the centre counts for more than a knight in the
//! corner. Both come in two versions, one for the middlegame and one for the endgame, and a
//! *phase* computed from the pieces left on the board blends them ("tapered evaluation"): the
//! fewer pieces, the more the endgame values count.
//!
//! The values and tables are PeSTO's, by Ronald Friederich, which he tuned on games (the
//! Texel method) and published on the Chess Programming Wiki. Chapter 15 tunes cb2026's own.
//!
//! Everything is counted from White's point of view, White's pieces plus and Black's minus,
//! and [`evaluate`] turns the result round for the side to move, as a search wants it.

use crate::piece::{Color, Piece, PieceType};
use crate::position::Position;
use crate::square::Square;
use std::ops::{Add, AddAssign, Mul, Neg, Sub, SubAssign};

/// A value in two parts: what something is worth in the middlegame, with most of the pieces
/// still on the board, and what it is worth in the endgame. [`Score::taper`] blends the two.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Score {
    /// The value in the middlegame, in centipawns.
    pub midgame: i32,
    /// The value in the endgame, in centipawns.
    pub endgame: i32,
}

impl Score {
    /// Nothing, in either part of the game.
    pub const ZERO: Score = Score::new(0, 0);

    /// The score worth `midgame` in the middlegame and `endgame` in the endgame.
    pub const fn new(midgame: i32, endgame: i32) -> Score {
        Score { midgame, endgame }
    }

    /// The score at `phase`: its two values weighted by how far the game is from each end.
    /// At [`Phase::MIDGAME`] it is the midgame value, at [`Phase::ENDGAME`] the endgame value,
    /// and in between a straight line from one to the other. Rust's division rounds towards
    /// zero, so a score and its negation blend to values of the same size: White's advantage
    /// and the same advantage for Black come out equal and opposite.
    pub fn taper(self, phase: Phase) -> i32 {
        let towards_midgame = phase.value();
        let towards_endgame = Phase::MIDGAME.value() - phase.value();
        (self.midgame * towards_midgame + self.endgame * towards_endgame) / Phase::MIDGAME.value()
    }
}

impl Add for Score {
    type Output = Score;

    /// Adds the two parts separately.
    fn add(self, other: Score) -> Score {
        Score::new(self.midgame + other.midgame, self.endgame + other.endgame)
    }
}

impl Sub for Score {
    type Output = Score;

    /// Subtracts the two parts separately.
    fn sub(self, other: Score) -> Score {
        Score::new(self.midgame - other.midgame, self.endgame - other.endgame)
    }
}

impl Neg for Score {
    type Output = Score;

    /// The same score for the other side.
    fn neg(self) -> Score {
        Score::new(-self.midgame, -self.endgame)
    }
}

impl Mul<i32> for Score {
    type Output = Score;

    /// Both parts multiplied by `factor`: a score for each of `factor` pieces.
    fn mul(self, factor: i32) -> Score {
        Score::new(self.midgame * factor, self.endgame * factor)
    }
}

impl AddAssign for Score {
    /// Adds `other` to both parts.
    fn add_assign(&mut self, other: Score) {
        *self = *self + other;
    }
}

impl SubAssign for Score {
    /// Subtracts `other` from both parts.
    fn sub_assign(&mut self, other: Score) {
        *self = *self - other;
    }
}

/// What each kind of piece adds to the game phase, pawn to king: a knight or a bishop 1, a rook
/// 2, a queen 4. Pawns and kings add nothing: there are pawns in most endgames and kings in all
/// of them, so they say nothing about how near the end is.
pub const PHASE_WEIGHTS: [i32; PieceType::NUM] = [0, 1, 1, 2, 4, 0];

/// How far the game is from its end, judged by the pieces left on the board: from
/// [`Phase::MIDGAME`], with every piece of the start position (or more), down to
/// [`Phase::ENDGAME`], with kings and pawns alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Phase(i32);

impl Phase {
    /// The phase of the start position: four minor pieces, two rooks and a queen a side, by
    /// [`PHASE_WEIGHTS`], `2 × (4 × 1 + 2 × 2 + 4) = 24`.
    pub const MIDGAME: Phase = Phase(24);

    /// The phase with no pieces but kings and pawns.
    pub const ENDGAME: Phase = Phase(0);

    /// The phase of `position`: the weights of its pieces added up, and held at
    /// [`Phase::MIDGAME`]. Promotions can take the sum higher (a second queen adds 4), and a
    /// phase past the middlegame would weight the endgame values by less than nothing.
    pub fn of(position: &Position) -> Phase {
        Phase(phase_weight(position).min(Phase::MIDGAME.0))
    }

    /// The phase as a number, from 0 (the endgame) to 24 (the middlegame).
    pub const fn value(self) -> i32 {
        self.0
    }
}

/// The weights of `position`'s pieces added up, before [`Phase::of`] holds the sum at the
/// middlegame's.
pub fn phase_weight(position: &Position) -> i32 {
    PieceType::ALL
        .iter()
        .map(|&kind| PHASE_WEIGHTS[kind.index()] * position.pieces_of_type(kind).count() as i32)
        .sum()
}

/// What each kind of piece is worth, pawn to king: PeSTO's values. A king is never captured, so
/// its value would be the same on both sides; it is 0. The minor pieces are worth less in the
/// endgame and the rook more, where the board is open for it.
pub const PIECE_VALUES: [Score; PieceType::NUM] = [
    Score::new(82, 94),
    Score::new(337, 281),
    Score::new(365, 297),
    Score::new(477, 512),
    Score::new(1025, 936),
    Score::new(0, 0),
];

/// The XOR that turns a square's index upside down: rank r becomes rank 7 − r (ranks counted
/// from 0) and the file stays, because the index is `8 × rank + file` and 56 is `0b111_000`.
const FLIP_RANKS: usize = 56;

/// The pawn's midgame table, from PeSTO, as a board is drawn: the first row is the eighth rank,
/// seen from White's side. A pawn never stands on the first or the last rank.
#[rustfmt::skip]
const PAWN_MIDGAME: [i32; Square::NUM] = [
      0,   0,   0,   0,   0,   0,   0,   0,
     98, 134,  61,  95,  68, 126,  34, -11,
     -6,   7,  26,  31,  65,  56,  25, -20,
    -14,  13,   6,  21,  23,  12,  17, -23,
    -27,  -2,  -5,  12,  17,   6,  10, -25,
    -26,  -4,  -4, -10,   3,   3,  33, -12,
    -35,  -1, -20, -23, -15,  24,  38, -22,
      0,   0,   0,   0,   0,   0,   0,   0,
];

/// The pawn's endgame table, from PeSTO, typed as a board is drawn, rank 8 first (as
/// [`PAWN_MIDGAME`] is). In the endgame a pawn is worth more the nearer it is to promoting.
#[rustfmt::skip]
const PAWN_ENDGAME: [i32; Square::NUM] = [
      0,   0,   0,   0,   0,   0,   0,   0,
    178, 173, 158, 134, 147, 132, 165, 187,
     94, 100,  85,  67,  56,  53,  82,  84,
     32,  24,  13,   5,  -2,   4,  17,  17,
     13,   9,  -3,  -7,  -7,  -8,   3,  -1,
      4,   7,  -6,   1,   0,  -5,  -1,  -8,
     13,   8,   8,  10,  13,   0,   2,  -7,
      0,   0,   0,   0,   0,   0,   0,   0,
];

/// The knight's midgame table, from PeSTO, typed as a board is drawn, rank 8 first (as
/// [`PAWN_MIDGAME`] is). A knight on the rim reaches few squares; one in the centre, or planted
/// in the opponent's half, reaches many.
#[rustfmt::skip]
const KNIGHT_MIDGAME: [i32; Square::NUM] = [
    -167, -89, -34, -49,  61, -97, -15, -107,
     -73, -41,  72,  36,  23,  62,   7,  -17,
     -47,  60,  37,  65,  84, 129,  73,   44,
      -9,  17,  19,  53,  37,  69,  18,   22,
     -13,   4,  16,  13,  28,  19,  21,   -8,
     -23,  -9,  12,  10,  19,  17,  25,  -16,
     -29, -53, -12,  -3,  -1,  18, -14,  -19,
    -105, -21, -58, -33, -17, -28, -19,  -23,
];

/// The knight's endgame table, from PeSTO, typed as a board is drawn, rank 8 first (as
/// [`PAWN_MIDGAME`] is).
#[rustfmt::skip]
const KNIGHT_ENDGAME: [i32; Square::NUM] = [
    -58, -38, -13, -28, -31, -27, -63, -99,
    -25,  -8, -25,  -2,  -9, -25, -24, -52,
    -24, -20,  10,   9,  -1,  -9, -19, -41,
    -17,   3,  22,  22,  22,  11,   8, -18,
    -18,  -6,  16,  25,  16,  17,   4, -18,
    -23,  -3,  -1,  15,  10,  -3, -20, -22,
    -42, -20, -10,  -5,  -2, -20, -23, -44,
    -29, -51, -23, -15, -22, -18, -50, -64,
];

/// The bishop's midgame table, from PeSTO, typed as a board is drawn, rank 8 first (as
/// [`PAWN_MIDGAME`] is).
#[rustfmt::skip]
const BISHOP_MIDGAME: [i32; Square::NUM] = [
    -29,   4, -82, -37, -25, -42,   7,  -8,
    -26,  16, -18, -13,  30,  59,  18, -47,
    -16,  37,  43,  40,  35,  50,  37,  -2,
     -4,   5,  19,  50,  37,  37,   7,  -2,
     -6,  13,  13,  26,  34,  12,  10,   4,
      0,  15,  15,  15,  14,  27,  18,  10,
      4,  15,  16,   0,   7,  21,  33,   1,
    -33,  -3, -14, -21, -13, -12, -39, -21,
];

/// The bishop's endgame table, from PeSTO, typed as a board is drawn, rank 8 first (as
/// [`PAWN_MIDGAME`] is).
#[rustfmt::skip]
const BISHOP_ENDGAME: [i32; Square::NUM] = [
    -14, -21, -11,  -8,  -7,  -9, -17, -24,
     -8,  -4,   7, -12,  -3, -13,  -4, -14,
      2,  -8,   0,  -1,  -2,   6,   0,   4,
     -3,   9,  12,   9,  14,  10,   3,   2,
     -6,   3,  13,  19,   7,  10,  -3,  -9,
    -12,  -3,   8,  10,  13,   3,  -7, -15,
    -14, -18,  -7,  -1,   4,  -9, -15, -27,
    -23,  -9, -23,  -5,  -9, -16,  -5, -17,
];

/// The rook's midgame table, from PeSTO, typed as a board is drawn, rank 8 first (as
/// [`PAWN_MIDGAME`] is). The seventh rank, where the opponent's pawns start, is worth most.
#[rustfmt::skip]
const ROOK_MIDGAME: [i32; Square::NUM] = [
     32,  42,  32,  51,  63,   9,  31,  43,
     27,  32,  58,  62,  80,  67,  26,  44,
     -5,  19,  26,  36,  17,  45,  61,  16,
    -24, -11,   7,  26,  24,  35,  -8, -20,
    -36, -26, -12,  -1,   9,  -7,   6, -23,
    -45, -25, -16, -17,   3,   0,  -5, -33,
    -44, -16, -20,  -9,  -1,  11,  -6, -71,
    -19, -13,   1,  17,  16,   7, -37, -26,
];

/// The rook's endgame table, from PeSTO, typed as a board is drawn, rank 8 first (as
/// [`PAWN_MIDGAME`] is).
#[rustfmt::skip]
const ROOK_ENDGAME: [i32; Square::NUM] = [
     13,  10,  18,  15,  12,  12,   8,   5,
     11,  13,  13,  11,  -3,   3,   8,   3,
      7,   7,   7,   5,   4,  -3,  -5,  -3,
      4,   3,  13,   1,   2,   1,  -1,   2,
      3,   5,   8,   4,  -5,  -6,  -8, -11,
     -4,   0,  -5,  -1,  -7, -12,  -8, -16,
     -6,  -6,   0,   2,  -9,  -9, -11,  -3,
     -9,   2,   3,  -1,  -5, -13,   4, -20,
];

/// The queen's midgame table, from PeSTO, typed as a board is drawn, rank 8 first (as
/// [`PAWN_MIDGAME`] is).
#[rustfmt::skip]
const QUEEN_MIDGAME: [i32; Square::NUM] = [
    -28,   0,  29,  12,  59,  44,  43,  45,
    -24, -39,  -5,   1, -16,  57,  28,  54,
    -13, -17,   7,   8,  29,  56,  47,  57,
    -27, -27, -16, -16,  -1,  17,  -2,   1,
     -9, -26,  -9, -10,  -2,  -4,   3,  -3,
    -14,   2, -11,  -2,  -5,   2,  14,   5,
    -35,  -8,  11,   2,   8,  15,  -3,   1,
     -1, -18,  -9,  10, -15, -25, -31, -50,
];

/// The queen's endgame table, from PeSTO, typed as a board is drawn, rank 8 first (as
/// [`PAWN_MIDGAME`] is).
#[rustfmt::skip]
const QUEEN_ENDGAME: [i32; Square::NUM] = [
     -9,  22,  22,  27,  27,  19,  10,  20,
    -17,  20,  32,  41,  58,  25,  30,   0,
    -20,   6,   9,  49,  47,  35,  19,   9,
      3,  22,  24,  45,  57,  40,  57,  36,
    -18,  28,  19,  47,  31,  34,  39,  23,
    -16, -27,  15,   6,   9,  17,  10,   5,
    -22, -23, -30, -16, -16, -23, -36, -32,
    -33, -28, -22, -43,  -5, -32, -20, -41,
];

/// The king's midgame table, from PeSTO, typed as a board is drawn, rank 8 first (as
/// [`PAWN_MIDGAME`] is). With queens and rooks about, the king is safest at home, tucked in
/// beside a castled rook.
#[rustfmt::skip]
const KING_MIDGAME: [i32; Square::NUM] = [
    -65,  23,  16, -15, -56, -34,   2,  13,
     29,  -1, -20,  -7,  -8,  -4, -38, -29,
     -9,  24,   2, -16, -20,   6,  22, -22,
    -17, -20, -12, -27, -30, -25, -14, -36,
    -49,  -1, -27, -39, -46, -44, -33, -51,
    -14, -14, -22, -46, -44, -30, -15, -27,
      1,   7,  -8, -64, -43, -16,   9,   8,
    -15,  36,  12, -54,   8, -28,  24,  14,
];

/// The king's endgame table, from PeSTO, typed as a board is drawn, rank 8 first (as
/// [`PAWN_MIDGAME`] is). With few pieces left to threaten it, the king becomes a fighting
/// piece, and belongs in the centre.
#[rustfmt::skip]
const KING_ENDGAME: [i32; Square::NUM] = [
    -74, -35, -18, -18, -11,  15,   4, -17,
    -12,  17,  14,  17,  17,  38,  23,  11,
     10,  17,  23,  15,  20,  45,  44,  13,
     -8,  22,  24,  27,  26,  33,  26,   3,
    -18,  -4,  21,  24,  27,  23,   9, -11,
    -19,  -3,  11,  21,  23,  16,   7,  -9,
    -27, -11,   4,  13,  14,   4,  -5, -17,
    -53, -34, -21, -11, -28, -14, -24, -43,
];

/// Every piece-square table, pawn to king, each entry a midgame and an endgame value, paired
/// at compile time from the tables as they are typed above.
pub(crate) const PIECE_SQUARE: [[Score; Square::NUM]; PieceType::NUM] = pair_tables(
    [
        PAWN_MIDGAME,
        KNIGHT_MIDGAME,
        BISHOP_MIDGAME,
        ROOK_MIDGAME,
        QUEEN_MIDGAME,
        KING_MIDGAME,
    ],
    [
        PAWN_ENDGAME,
        KNIGHT_ENDGAME,
        BISHOP_ENDGAME,
        ROOK_ENDGAME,
        QUEEN_ENDGAME,
        KING_ENDGAME,
    ],
);

/// The midgame and endgame tables of each kind of piece joined into one table of scores.
const fn pair_tables(
    midgame: [[i32; Square::NUM]; PieceType::NUM],
    endgame: [[i32; Square::NUM]; PieceType::NUM],
) -> [[Score; Square::NUM]; PieceType::NUM] {
    let mut paired = [[Score::ZERO; Square::NUM]; PieceType::NUM];
    let mut kind = 0;
    while kind < PieceType::NUM {
        let mut entry = 0;
        while entry < Square::NUM {
            paired[kind][entry] = Score::new(midgame[kind][entry], endgame[kind][entry]);
            entry += 1;
        }
        kind += 1;
    }
    paired
}

/// Where in a piece-square table a piece of `color` on `square` reads. The tables are typed as
/// a board is drawn, from White's side, so their first row is the eighth rank: a white piece
/// reads its square upside down. Black's tables are White's, seen from the other side of the
/// board, so a black piece on e7 reads what a white piece on e2 reads, which is the entry at
/// e7's own index.
pub fn table_entry(color: Color, square: Square) -> usize {
    match color {
        Color::White => square.index() ^ FLIP_RANKS,
        Color::Black => square.index(),
    }
}

/// The table entry for `piece` standing on `square`, as [`table_entry`] finds it.
pub fn placement(piece: Piece, square: Square) -> Score {
    PIECE_SQUARE[piece.piece_type.index()][table_entry(piece.color, square)]
}

/// The evaluation of a position in its parts, every one from White's point of view (White's
/// pieces count plus, Black's minus), as the `eval` command prints them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Breakdown {
    /// The values of White's pieces less the values of Black's.
    pub material: Score,
    /// White's pieces' table entries less Black's.
    pub placement: Score,
    /// The phase that blends the midgame and endgame values.
    pub phase: Phase,
    /// The side to move, for whom [`evaluate`] turns the total round.
    pub side_to_move: Color,
}

impl Breakdown {
    /// The parts of `position`'s evaluation: every piece's value and table entry, added for
    /// White and subtracted for Black, and the phase.
    pub fn of(position: &Position) -> Breakdown {
        let mut material = Score::ZERO;
        let mut placed = Score::ZERO;
        for color in Color::ALL {
            for kind in PieceType::ALL {
                let piece = Piece::new(color, kind);
                let squares = position.pieces(color, kind);
                let mut value = PIECE_VALUES[kind.index()] * squares.count() as i32;
                let mut bonus = squares
                    .into_iter()
                    .fold(Score::ZERO, |sum, square| sum + placement(piece, square));
                if color == Color::Black {
                    (value, bonus) = (-value, -bonus);
                }
                material += value;
                placed += bonus;
            }
        }
        Breakdown {
            material,
            placement: placed,
            phase: Phase::of(position),
            side_to_move: position.side_to_move(),
        }
    }

    /// Material and placement together, not yet blended.
    pub fn total(&self) -> Score {
        self.material + self.placement
    }

    /// The evaluation from White's point of view: the total blended by the phase.
    pub fn for_white(&self) -> i32 {
        self.total().taper(self.phase)
    }

    /// The evaluation from the side to move's point of view: White's, or its negation when
    /// Black is to move.
    pub fn for_side_to_move(&self) -> i32 {
        match self.side_to_move {
            Color::White => self.for_white(),
            Color::Black => -self.for_white(),
        }
    }
}

/// What `position` is worth to the side to move, in centipawns: positive when the side to move
/// stands better. A search compares positions with it, each from the point of view of the side
/// choosing there. It does not look at checks, mates or threats: what happens next is the
/// search's question.
pub fn evaluate(position: &Position) -> i32 {
    Breakdown::of(position).for_side_to_move()
}

/// The `eval` command's report: material and placement, each a midgame and an endgame value
/// from White's point of view, their total, the phase that blends it, and the blended
/// evaluation from White's side and from the side to move's.
pub fn eval_report(position: &Position) -> String {
    let parts = Breakdown::of(position);
    let row =
        |name: &str, score: Score| format!("{name:<10}{:>9}{:>9}\n", score.midgame, score.endgame);
    let mut report = format!("{:<10}{:>9}{:>9}\n", "", "midgame", "endgame");
    report.push_str(&row("material", parts.material));
    report.push_str(&row("placement", parts.placement));
    report.push_str(&row("total", parts.total()));
    report.push_str(&format!(
        "\nphase {} of {} (0 is the endgame)\n",
        parts.phase.value(),
        Phase::MIDGAME.value()
    ));
    let side = match parts.side_to_move {
        Color::White => "White",
        Color::Black => "Black",
    };
    report.push_str(&format!("White's view: {}\n", parts.for_white()));
    report.push_str(&format!(
        "side to move ({side}): {}\n",
        parts.for_side_to_move()
    ));
    report
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::movegen::legal_moves;
    use proptest::prelude::*;

    /// The colour-mirrored twin of the position `fen`: the board turned upside down, every
    /// piece changed to the other colour, the other side to move, and the castling rights and
    /// en-passant square mirrored with the board. The twin is the same game with the colours
    /// swapped, so it must be worth exactly as much to its side to move.
    pub(crate) fn mirrored(fen: &str) -> String {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        let swap = |c: char| match c.is_ascii_uppercase() {
            true => c.to_ascii_lowercase(),
            false => c.to_ascii_uppercase(),
        };
        let ranks: Vec<String> = fields[0]
            .split('/')
            .rev()
            .map(|rank| rank.chars().map(swap).collect())
            .collect();
        let side = if fields[1] == "w" { "b" } else { "w" };
        let mut castling: Vec<char> = fields[2].chars().map(swap).collect();
        castling.sort_by_key(|&c| "KQkq-".find(c));
        let en_passant = match fields[3].as_bytes() {
            [file, b'3'] => format!("{}6", *file as char),
            [file, b'6'] => format!("{}3", *file as char),
            _ => "-".to_string(),
        };
        let castling: String = castling.into_iter().collect();
        let clocks = fields[4..].join(" ");
        format!(
            "{} {side} {castling} {en_passant} {clocks}",
            ranks.join("/")
        )
    }

    /// The position of `fen`, which the test knows to be valid.
    fn fen_position(fen: &str) -> Position {
        Position::from_fen(fen).unwrap()
    }

    #[test]
    fn the_mirror_helper_swaps_everything_and_undoes_itself() {
        let fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K1R1 b Qkq e3 0 1";
        let twin = mirrored(fen);
        assert_eq!(
            twin,
            "r3k1r1/pppbbppp/2n2q1P/1P2p3/3pn3/BN2PNP1/P1PPQPB1/R3K2R w KQq e6 0 1"
        );
        assert_eq!(mirrored(&twin), fen);
    }

    #[test]
    fn the_start_position_is_worth_nothing_to_either_side() {
        let parts = Breakdown::of(&Position::startpos());
        assert_eq!(parts.material, Score::ZERO);
        assert_eq!(parts.placement, Score::ZERO);
        assert_eq!(parts.phase, Phase::MIDGAME);
        assert_eq!(evaluate(&Position::startpos()), 0);
    }

    #[test]
    fn a_position_and_its_mirrored_twin_are_worth_the_same_to_the_side_to_move() {
        for fen in [
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
            "8/5k2/8/3K4/3P4/8/8/8 b - - 0 1",
        ] {
            let (one, twin) = (fen_position(fen), fen_position(&mirrored(fen)));
            assert_eq!(evaluate(&one), evaluate(&twin), "{fen}");
            let (parts, twin_parts) = (Breakdown::of(&one), Breakdown::of(&twin));
            assert_eq!(parts.total(), -twin_parts.total(), "{fen}");
            assert_eq!(parts.for_white(), -twin_parts.for_white(), "{fen}");
        }
    }

    #[test]
    fn the_side_to_move_sees_the_evaluation_turned_round() {
        let white = fen_position("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1");
        let black = fen_position("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
        assert!(evaluate(&white) > 0, "e4 is a better square than e2");
        assert_eq!(evaluate(&black), -evaluate(&white));
    }

    #[test]
    fn material_counts_each_piece_once_for_white_and_against_black() {
        // White has an extra knight; Black an extra pawn.
        let parts = Breakdown::of(&fen_position("4k3/p7/8/8/8/8/8/1N2K3 w - - 0 1"));
        let knight = PIECE_VALUES[PieceType::Knight.index()];
        let pawn = PIECE_VALUES[PieceType::Pawn.index()];
        assert_eq!(parts.material, knight - pawn);
        let two_queens = Breakdown::of(&fen_position("4k3/8/8/8/8/8/8/QQ2K3 w - - 0 1"));
        assert_eq!(
            two_queens.material,
            PIECE_VALUES[PieceType::Queen.index()] * 2
        );
    }

    #[test]
    fn the_phase_runs_from_the_middlegame_to_the_endgame_and_stops_there() {
        assert_eq!(phase_weight(&Position::startpos()), Phase::MIDGAME.value());
        let no_queens = fen_position("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR w KQkq - 0 1");
        assert_eq!(Phase::of(&no_queens), Phase(16));
        let pawns = fen_position("4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1");
        assert_eq!(Phase::of(&pawns), Phase::ENDGAME);
        // Two pawns promoted to queens: the weights add up to 32, and the phase stops at 24.
        let promoted = fen_position("rnbqkbnr/pppppppp/8/8/8/Q6Q/1PPPPPP1/RNBQKBNR w KQkq - 0 1");
        assert_eq!(phase_weight(&promoted), 32);
        assert_eq!(Phase::of(&promoted), Phase::MIDGAME);
    }

    #[test]
    fn tapering_blends_the_two_values_in_a_straight_line() {
        let score = Score::new(100, 300);
        assert_eq!(score.taper(Phase::MIDGAME), 100);
        assert_eq!(score.taper(Phase::ENDGAME), 300);
        assert_eq!(score.taper(Phase(12)), 200);
        assert_eq!(score.taper(Phase(6)), 250);
        // Rounded towards zero, so both sides round alike.
        assert_eq!(Score::new(1, 2).taper(Phase(12)), 1);
        assert_eq!(Score::new(-1, -2).taper(Phase(12)), -1);
    }

    #[test]
    fn a_white_piece_reads_its_table_upside_down_and_a_black_piece_as_typed() {
        let white_knight = Piece::new(Color::White, PieceType::Knight);
        let black_knight = Piece::new(Color::Black, PieceType::Knight);
        // The typed table's first entry is a8; its last is h1.
        assert_eq!(
            placement(white_knight, Square::A8).midgame,
            KNIGHT_MIDGAME[0]
        );
        assert_eq!(
            placement(white_knight, Square::H1).midgame,
            KNIGHT_MIDGAME[63]
        );
        assert_eq!(
            placement(black_knight, Square::A1).midgame,
            KNIGHT_MIDGAME[0]
        );
        // A white knight on f3 and a black one on f6 stand on the same square, each seen
        // from its own side.
        for kind in PieceType::ALL {
            for square in Square::ALL {
                let twin = Square::from_index(square.index() ^ FLIP_RANKS);
                assert_eq!(
                    placement(Piece::new(Color::White, kind), square),
                    placement(Piece::new(Color::Black, kind), twin)
                );
            }
        }
    }

    #[test]
    fn pawn_tables_have_nothing_on_the_first_and_last_ranks() {
        for table in [PAWN_MIDGAME, PAWN_ENDGAME] {
            assert!(table[..8].iter().chain(&table[56..]).all(|&v| v == 0));
        }
    }

    /// Positions to start random play from: the start position and three of chapter 5's.
    const STARTS: [&str; 4] = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    ];

    proptest! {
        #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

        #[test]
        fn every_position_of_a_random_game_is_worth_what_its_twin_is(
            start in 0..STARTS.len(),
            picks in proptest::collection::vec(any::<u32>(), 1..60),
        ) {
            let mut position = fen_position(STARTS[start]);
            for pick in picks {
                let fen = position.to_string();
                let twin = Position::from_fen(&mirrored(&fen)).unwrap();
                prop_assert_eq!(evaluate(&position), evaluate(&twin), "{}", fen);
                let moves = legal_moves(&position);
                let Some(&mv) = moves.as_slice().get(pick as usize % moves.len().max(1)) else {
                    break;
                };
                position = position.make(mv);
            }
        }
    }
}
