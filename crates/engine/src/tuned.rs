//! The tuned evaluation's values (chapter 15), written by `cargo xtask tune`: tune again
//! rather than edit them by hand.
//!
//! - command: `cargo xtask tune --data target/datagen/self-play-1.txt --epochs 1000 --pull 5e-9 --hold material,placement --centre knight_mobility,bishop_mobility,rook_mobility,queen_mobility`
//! - data: `target/datagen/self-play-1.txt`, FNV-1a hash `edb2f6d61ee4389d`, made as its header says:
//!   `cb2026 self-play positions: FEN | White's score in the game | game number`
//!   `made by: cargo xtask datagen --games 10000 --nodes 5000 --seed 1`
//!   `engine: cb2026 at 0ec5800 with uncommitted changes (main's default: tt killers history countermove pvs aspiration nullmove rfp checkext lmr lmp futility qsee seeprune seeorder), 5000 nodes a move, table 8 MB`
//!   `games: 10000, openings of 8 random developing plies from seed 1; positions kept: 1038879`
//! - split: one game in 10 held out, 936536 training and 102343 validation positions
//! - 157 midgame or endgame values with the evidence of fewer than 1000 training positions
//!   kept their starting values;
//!   groups held at their starting values: material,placement; groups held centred: knight_mobility,bishop_mobility,rook_mobility,queen_mobility
//! - scaling constant k = 0.9142
//! - mean squared error after 1000 passes: training 0.098478 (from 0.101030), validation 0.092424
//!   (from 0.095953)

use crate::eval::Score;
use crate::params::Params;

/// The values `cargo xtask tune` found, in the layout of [`crate::params`].
#[rustfmt::skip]
pub const TUNED: Params = [
    // material (by piece, pawn to king)
    Score::new(82, 94), Score::new(337, 281), Score::new(365, 297), Score::new(477, 512), Score::new(1025, 936), Score::new(0, 0),
    // placement (by piece, then square a8 to h1)
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(98, 178), Score::new(134, 173), Score::new(61, 158), Score::new(95, 134), Score::new(68, 147), Score::new(126, 132), Score::new(34, 165), Score::new(-11, 187),
    Score::new(-6, 94), Score::new(7, 100), Score::new(26, 85), Score::new(31, 67), Score::new(65, 56), Score::new(56, 53), Score::new(25, 82), Score::new(-20, 84),
    Score::new(-14, 32), Score::new(13, 24), Score::new(6, 13), Score::new(21, 5), Score::new(23, -2), Score::new(12, 4), Score::new(17, 17), Score::new(-23, 17),
    Score::new(-27, 13), Score::new(-2, 9), Score::new(-5, -3), Score::new(12, -7), Score::new(17, -7), Score::new(6, -8), Score::new(10, 3), Score::new(-25, -1),
    Score::new(-26, 4), Score::new(-4, 7), Score::new(-4, -6), Score::new(-10, 1), Score::new(3, 0), Score::new(3, -5), Score::new(33, -1), Score::new(-12, -8),
    Score::new(-35, 13), Score::new(-1, 8), Score::new(-20, 8), Score::new(-23, 10), Score::new(-15, 13), Score::new(24, 0), Score::new(38, 2), Score::new(-22, -7),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(-167, -58), Score::new(-89, -38), Score::new(-34, -13), Score::new(-49, -28), Score::new(61, -31), Score::new(-97, -27), Score::new(-15, -63), Score::new(-107, -99),
    Score::new(-73, -25), Score::new(-41, -8), Score::new(72, -25), Score::new(36, -2), Score::new(23, -9), Score::new(62, -25), Score::new(7, -24), Score::new(-17, -52),
    Score::new(-47, -24), Score::new(60, -20), Score::new(37, 10), Score::new(65, 9), Score::new(84, -1), Score::new(129, -9), Score::new(73, -19), Score::new(44, -41),
    Score::new(-9, -17), Score::new(17, 3), Score::new(19, 22), Score::new(53, 22), Score::new(37, 22), Score::new(69, 11), Score::new(18, 8), Score::new(22, -18),
    Score::new(-13, -18), Score::new(4, -6), Score::new(16, 16), Score::new(13, 25), Score::new(28, 16), Score::new(19, 17), Score::new(21, 4), Score::new(-8, -18),
    Score::new(-23, -23), Score::new(-9, -3), Score::new(12, -1), Score::new(10, 15), Score::new(19, 10), Score::new(17, -3), Score::new(25, -20), Score::new(-16, -22),
    Score::new(-29, -42), Score::new(-53, -20), Score::new(-12, -10), Score::new(-3, -5), Score::new(-1, -2), Score::new(18, -20), Score::new(-14, -23), Score::new(-19, -44),
    Score::new(-105, -29), Score::new(-21, -51), Score::new(-58, -23), Score::new(-33, -15), Score::new(-17, -22), Score::new(-28, -18), Score::new(-19, -50), Score::new(-23, -64),
    Score::new(-29, -14), Score::new(4, -21), Score::new(-82, -11), Score::new(-37, -8), Score::new(-25, -7), Score::new(-42, -9), Score::new(7, -17), Score::new(-8, -24),
    Score::new(-26, -8), Score::new(16, -4), Score::new(-18, 7), Score::new(-13, -12), Score::new(30, -3), Score::new(59, -13), Score::new(18, -4), Score::new(-47, -14),
    Score::new(-16, 2), Score::new(37, -8), Score::new(43, 0), Score::new(40, -1), Score::new(35, -2), Score::new(50, 6), Score::new(37, 0), Score::new(-2, 4),
    Score::new(-4, -3), Score::new(5, 9), Score::new(19, 12), Score::new(50, 9), Score::new(37, 14), Score::new(37, 10), Score::new(7, 3), Score::new(-2, 2),
    Score::new(-6, -6), Score::new(13, 3), Score::new(13, 13), Score::new(26, 19), Score::new(34, 7), Score::new(12, 10), Score::new(10, -3), Score::new(4, -9),
    Score::new(0, -12), Score::new(15, -3), Score::new(15, 8), Score::new(15, 10), Score::new(14, 13), Score::new(27, 3), Score::new(18, -7), Score::new(10, -15),
    Score::new(4, -14), Score::new(15, -18), Score::new(16, -7), Score::new(0, -1), Score::new(7, 4), Score::new(21, -9), Score::new(33, -15), Score::new(1, -27),
    Score::new(-33, -23), Score::new(-3, -9), Score::new(-14, -23), Score::new(-21, -5), Score::new(-13, -9), Score::new(-12, -16), Score::new(-39, -5), Score::new(-21, -17),
    Score::new(32, 13), Score::new(42, 10), Score::new(32, 18), Score::new(51, 15), Score::new(63, 12), Score::new(9, 12), Score::new(31, 8), Score::new(43, 5),
    Score::new(27, 11), Score::new(32, 13), Score::new(58, 13), Score::new(62, 11), Score::new(80, -3), Score::new(67, 3), Score::new(26, 8), Score::new(44, 3),
    Score::new(-5, 7), Score::new(19, 7), Score::new(26, 7), Score::new(36, 5), Score::new(17, 4), Score::new(45, -3), Score::new(61, -5), Score::new(16, -3),
    Score::new(-24, 4), Score::new(-11, 3), Score::new(7, 13), Score::new(26, 1), Score::new(24, 2), Score::new(35, 1), Score::new(-8, -1), Score::new(-20, 2),
    Score::new(-36, 3), Score::new(-26, 5), Score::new(-12, 8), Score::new(-1, 4), Score::new(9, -5), Score::new(-7, -6), Score::new(6, -8), Score::new(-23, -11),
    Score::new(-45, -4), Score::new(-25, 0), Score::new(-16, -5), Score::new(-17, -1), Score::new(3, -7), Score::new(0, -12), Score::new(-5, -8), Score::new(-33, -16),
    Score::new(-44, -6), Score::new(-16, -6), Score::new(-20, 0), Score::new(-9, 2), Score::new(-1, -9), Score::new(11, -9), Score::new(-6, -11), Score::new(-71, -3),
    Score::new(-19, -9), Score::new(-13, 2), Score::new(1, 3), Score::new(17, -1), Score::new(16, -5), Score::new(7, -13), Score::new(-37, 4), Score::new(-26, -20),
    Score::new(-28, -9), Score::new(0, 22), Score::new(29, 22), Score::new(12, 27), Score::new(59, 27), Score::new(44, 19), Score::new(43, 10), Score::new(45, 20),
    Score::new(-24, -17), Score::new(-39, 20), Score::new(-5, 32), Score::new(1, 41), Score::new(-16, 58), Score::new(57, 25), Score::new(28, 30), Score::new(54, 0),
    Score::new(-13, -20), Score::new(-17, 6), Score::new(7, 9), Score::new(8, 49), Score::new(29, 47), Score::new(56, 35), Score::new(47, 19), Score::new(57, 9),
    Score::new(-27, 3), Score::new(-27, 22), Score::new(-16, 24), Score::new(-16, 45), Score::new(-1, 57), Score::new(17, 40), Score::new(-2, 57), Score::new(1, 36),
    Score::new(-9, -18), Score::new(-26, 28), Score::new(-9, 19), Score::new(-10, 47), Score::new(-2, 31), Score::new(-4, 34), Score::new(3, 39), Score::new(-3, 23),
    Score::new(-14, -16), Score::new(2, -27), Score::new(-11, 15), Score::new(-2, 6), Score::new(-5, 9), Score::new(2, 17), Score::new(14, 10), Score::new(5, 5),
    Score::new(-35, -22), Score::new(-8, -23), Score::new(11, -30), Score::new(2, -16), Score::new(8, -16), Score::new(15, -23), Score::new(-3, -36), Score::new(1, -32),
    Score::new(-1, -33), Score::new(-18, -28), Score::new(-9, -22), Score::new(10, -43), Score::new(-15, -5), Score::new(-25, -32), Score::new(-31, -20), Score::new(-50, -41),
    Score::new(-65, -74), Score::new(23, -35), Score::new(16, -18), Score::new(-15, -18), Score::new(-56, -11), Score::new(-34, 15), Score::new(2, 4), Score::new(13, -17),
    Score::new(29, -12), Score::new(-1, 17), Score::new(-20, 14), Score::new(-7, 17), Score::new(-8, 17), Score::new(-4, 38), Score::new(-38, 23), Score::new(-29, 11),
    Score::new(-9, 10), Score::new(24, 17), Score::new(2, 23), Score::new(-16, 15), Score::new(-20, 20), Score::new(6, 45), Score::new(22, 44), Score::new(-22, 13),
    Score::new(-17, -8), Score::new(-20, 22), Score::new(-12, 24), Score::new(-27, 27), Score::new(-30, 26), Score::new(-25, 33), Score::new(-14, 26), Score::new(-36, 3),
    Score::new(-49, -18), Score::new(-1, -4), Score::new(-27, 21), Score::new(-39, 24), Score::new(-46, 27), Score::new(-44, 23), Score::new(-33, 9), Score::new(-51, -11),
    Score::new(-14, -19), Score::new(-14, -3), Score::new(-22, 11), Score::new(-46, 21), Score::new(-44, 23), Score::new(-30, 16), Score::new(-15, 7), Score::new(-27, -9),
    Score::new(1, -27), Score::new(7, -11), Score::new(-8, 4), Score::new(-64, 13), Score::new(-43, 14), Score::new(-16, 4), Score::new(9, -5), Score::new(8, -17),
    Score::new(-15, -53), Score::new(36, -34), Score::new(12, -21), Score::new(-54, -11), Score::new(8, -28), Score::new(-28, -14), Score::new(24, -24), Score::new(14, -43),
    // knight_mobility (by squares)
    Score::new(-34, -8), Score::new(-11, -19), Score::new(-2, -13), Score::new(0, -2), Score::new(2, 5), Score::new(4, 5), Score::new(6, 11), Score::new(10, -3),
    Score::new(6, -16),
    // bishop_mobility (by squares)
    Score::new(-19, -52), Score::new(-4, -30), Score::new(-4, -20), Score::new(0, -12), Score::new(8, -6), Score::new(6, 6), Score::new(10, -1), Score::new(7, 9),
    Score::new(9, 14), Score::new(-1, 11), Score::new(0, 14), Score::new(-3, 19), Score::new(0, -1), Score::new(-5, 2),
    // rook_mobility (by squares)
    Score::new(-1, -12), Score::new(-4, -7), Score::new(-7, -15), Score::new(-4, -9), Score::new(-3, -1), Score::new(3, -7), Score::new(11, -7), Score::new(-3, 2),
    Score::new(0, 11), Score::new(6, 12), Score::new(17, 5), Score::new(13, 11), Score::new(18, 10), Score::new(1, 29), Score::new(18, -32),
    // queen_mobility (by squares)
    Score::new(2, 0), Score::new(-4, 0), Score::new(-11, -1), Score::new(-11, -2), Score::new(-5, 0), Score::new(-4, 4), Score::new(2, 1), Score::new(5, -4),
    Score::new(4, -2), Score::new(9, -7), Score::new(3, -2), Score::new(5, 6), Score::new(1, -1), Score::new(7, 15), Score::new(4, 1), Score::new(9, 10),
    Score::new(5, 16), Score::new(12, 15), Score::new(11, 6), Score::new(3, -2), Score::new(0, -6), Score::new(-2, -7), Score::new(-1, -6), Score::new(-6, -9),
    Score::new(-2, -5), Score::new(-3, -7), Score::new(0, 0), Score::new(-2, -5),
    // passed_pawn (by rank from its side)
    Score::new(0, 0), Score::new(17, 24), Score::new(-17, 25), Score::new(15, 46), Score::new(27, 42), Score::new(20, 14), Score::new(16, -22), Score::new(0, 0),
    // free_passed_pawn (by rank from its side)
    Score::new(0, 0), Score::new(20, 13), Score::new(9, 16), Score::new(-1, 23), Score::new(2, 42), Score::new(28, 37), Score::new(20, 26), Score::new(0, 0),
    // doubled_pawn (by -)
    Score::new(-24, 0),
    // isolated_pawn (by -)
    Score::new(-6, -13),
    // bishop_pair (by -)
    Score::new(13, 35),
    // rook_open_file (by -)
    Score::new(53, -59),
    // rook_half_open_file (by -)
    Score::new(15, -21),
    // pawn_shield (by ranks ahead, less one)
    Score::new(16, -1), Score::new(7, -6),
    // king_attackers (by attackers, less one)
    Score::new(-9, 25), Score::new(-30, 18), Score::new(-32, -6), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
];
