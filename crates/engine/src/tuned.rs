//! The tuned evaluation's values (chapter 15), written by `cargo xtask tune`: tune again
//! rather than edit them by hand.
//!
//! - command: `cargo xtask tune --data target/datagen/self-play-1.txt --epochs 1000 --least 1000`
//! - data: `target/datagen/self-play-1.txt`, FNV-1a hash `edb2f6d61ee4389d`, made as its header says:
//!   `cb2026 self-play positions: FEN | White's score in the game | game number`
//!   `made by: cargo xtask datagen --games 10000 --nodes 5000 --seed 1`
//!   `engine: cb2026 at 0ec5800 with uncommitted changes (main's default: tt killers history countermove pvs aspiration nullmove rfp checkext lmr lmp futility qsee seeprune seeorder), 5000 nodes a move, table 8 MB`
//!   `games: 10000, openings of 8 random developing plies from seed 1; positions kept: 1038879`
//! - split: one game in 10 held out, 936536 training and 102343 validation positions
//! - 43 values counted in fewer than 1000 training positions kept their starting values
//! - scaling constant k = 0.9142
//! - mean squared error after 1000 passes: training 0.092146 (from 0.101030), validation 0.087771
//!   (from 0.095953)

use crate::eval::Score;
use crate::params::Params;

/// The values `cargo xtask tune` found, in the layout of [`crate::params`].
#[rustfmt::skip]
pub const TUNED: Params = [
    // material (by piece, pawn to king)
    Score::new(96, 106), Score::new(528, 212), Score::new(532, 212), Score::new(775, 369), Score::new(1656, 554), Score::new(0, 0),
    // placement (by piece, then square a8 to h1)
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(209, 90), Score::new(13, 153), Score::new(217, 128), Score::new(59, 142), Score::new(83, 93), Score::new(155, 153), Score::new(-121, 209), Score::new(-178, 204),
    Score::new(-13, 44), Score::new(20, 48), Score::new(-21, 35), Score::new(12, 25), Score::new(-9, -9), Score::new(138, 14), Score::new(-55, 43), Score::new(2, 25),
    Score::new(1, 42), Score::new(-8, 27), Score::new(-10, 12), Score::new(38, -13), Score::new(49, 3), Score::new(19, 6), Score::new(7, 21), Score::new(-34, 34),
    Score::new(-14, 32), Score::new(1, 25), Score::new(10, 23), Score::new(21, -2), Score::new(38, -34), Score::new(18, 11), Score::new(-9, 16), Score::new(-34, 15),
    Score::new(-3, 18), Score::new(11, 18), Score::new(7, 9), Score::new(-7, 24), Score::new(11, 7), Score::new(-2, 15), Score::new(6, 15), Score::new(-13, 12),
    Score::new(-16, 17), Score::new(17, 29), Score::new(-10, -2), Score::new(-7, 29), Score::new(-2, 4), Score::new(31, 29), Score::new(16, 18), Score::new(-26, 20),
    Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
    Score::new(-167, -58), Score::new(-89, -38), Score::new(-34, -13), Score::new(-49, -28), Score::new(61, -31), Score::new(-97, -27), Score::new(-15, -63), Score::new(-107, -99),
    Score::new(-3, -74), Score::new(-30, -66), Score::new(12, -88), Score::new(246, -161), Score::new(29, -67), Score::new(-1, -36), Score::new(-204, 23), Score::new(-17, -52),
    Score::new(-112, 15), Score::new(33, -68), Score::new(-19, -12), Score::new(68, -29), Score::new(81, -40), Score::new(180, -127), Score::new(-4, -112), Score::new(-3, -106),
    Score::new(20, -77), Score::new(-16, -24), Score::new(33, -53), Score::new(26, -28), Score::new(36, -87), Score::new(59, -50), Score::new(17, -52), Score::new(25, -86),
    Score::new(-16, -79), Score::new(-8, -75), Score::new(5, -57), Score::new(6, -40), Score::new(23, -58), Score::new(13, -82), Score::new(7, -92), Score::new(9, -111),
    Score::new(-38, -117), Score::new(-19, -103), Score::new(-6, -52), Score::new(3, -70), Score::new(4, -85), Score::new(15, -95), Score::new(24, -119), Score::new(-3, -119),
    Score::new(15, -157), Score::new(-141, -71), Score::new(-12, -120), Score::new(11, -131), Score::new(24, -97), Score::new(11, -138), Score::new(-54, -136), Score::new(42, -300),
    Score::new(-105, -29), Score::new(-16, -98), Score::new(70, -114), Score::new(-101, -29), Score::new(50, -161), Score::new(-18, -108), Score::new(-5, -141), Score::new(-23, -64),
    Score::new(-40, -27), Score::new(-202, 59), Score::new(-69, 1), Score::new(-162, 63), Score::new(-132, 47), Score::new(-226, 43), Score::new(7, -17), Score::new(-8, -24),
    Score::new(-71, 22), Score::new(-32, -27), Score::new(-4, -4), Score::new(-111, -6), Score::new(56, -26), Score::new(32, 12), Score::new(-23, 21), Score::new(-42, -8),
    Score::new(-2, 10), Score::new(-5, -40), Score::new(44, -21), Score::new(-7, -20), Score::new(119, -52), Score::new(95, -43), Score::new(56, -31), Score::new(-17, 3),
    Score::new(-31, -22), Score::new(16, -35), Score::new(3, -17), Score::new(55, -34), Score::new(26, -21), Score::new(37, -57), Score::new(21, -35), Score::new(-7, -49),
    Score::new(84, -48), Score::new(19, -48), Score::new(30, -28), Score::new(44, -31), Score::new(41, -30), Score::new(5, -27), Score::new(-12, -45), Score::new(0, -81),
    Score::new(42, -64), Score::new(64, -11), Score::new(0, -17), Score::new(3, -28), Score::new(-12, -22), Score::new(28, -30), Score::new(24, -4), Score::new(-18, -6),
    Score::new(84, -61), Score::new(6, -53), Score::new(19, -40), Score::new(1, -47), Score::new(11, -60), Score::new(24, -46), Score::new(22, -13), Score::new(-8, -79),
    Score::new(-85, -19), Score::new(69, -28), Score::new(-1, -90), Score::new(30, -40), Score::new(-10, -54), Score::new(-1, -52), Score::new(33, -87), Score::new(-59, -16),
    Score::new(-32, -23), Score::new(42, -36), Score::new(20, -52), Score::new(147, -118), Score::new(155, -104), Score::new(245, -133), Score::new(-7, -62), Score::new(-62, -46),
    Score::new(-39, -22), Score::new(36, -49), Score::new(26, -48), Score::new(186, -114), Score::new(94, -91), Score::new(168, -112), Score::new(40, -78), Score::new(71, -82),
    Score::new(4, -48), Score::new(40, -71), Score::new(10, -54), Score::new(67, -83), Score::new(109, -112), Score::new(125, -102), Score::new(127, -101), Score::new(45, -65),
    Score::new(-44, -48), Score::new(-54, -17), Score::new(12, -49), Score::new(40, -57), Score::new(3, -65), Score::new(135, -124), Score::new(129, -124), Score::new(52, -92),
    Score::new(24, -82), Score::new(-28, -77), Score::new(-37, -60), Score::new(22, -79), Score::new(10, -92), Score::new(4, -86), Score::new(103, -97), Score::new(73, -125),
    Score::new(-1, -97), Score::new(-19, -69), Score::new(-15, -72), Score::new(-6, -73), Score::new(-55, -68), Score::new(32, -110), Score::new(15, -97), Score::new(0, -108),
    Score::new(-70, -82), Score::new(-29, -132), Score::new(-1, -108), Score::new(38, -101), Score::new(-7, -89), Score::new(39, -125), Score::new(-23, -128), Score::new(-116, -123),
    Score::new(22, -123), Score::new(24, -109), Score::new(23, -96), Score::new(30, -92), Score::new(38, -110), Score::new(40, -104), Score::new(17, -118), Score::new(52, -131),
    Score::new(102, -192), Score::new(173, -207), Score::new(273, -227), Score::new(270, -233), Score::new(182, -233), Score::new(288, -295), Score::new(161, -211), Score::new(254, -232),
    Score::new(73, -189), Score::new(103, -224), Score::new(180, -194), Score::new(127, -128), Score::new(219, -245), Score::new(159, -194), Score::new(227, -265), Score::new(268, -302),
    Score::new(111, -225), Score::new(84, -158), Score::new(107, -199), Score::new(189, -202), Score::new(132, -135), Score::new(184, -179), Score::new(273, -260), Score::new(167, -194),
    Score::new(161, -304), Score::new(162, -226), Score::new(73, -139), Score::new(111, -124), Score::new(151, -136), Score::new(134, -150), Score::new(231, -317), Score::new(171, -220),
    Score::new(140, -246), Score::new(175, -308), Score::new(137, -224), Score::new(131, -135), Score::new(137, -165), Score::new(118, -200), Score::new(170, -269), Score::new(217, -342),
    Score::new(148, -336), Score::new(164, -246), Score::new(144, -243), Score::new(145, -250), Score::new(125, -193), Score::new(181, -316), Score::new(198, -298), Score::new(171, -315),
    Score::new(217, -426), Score::new(90, -248), Score::new(169, -326), Score::new(176, -308), Score::new(167, -302), Score::new(162, -297), Score::new(151, -295), Score::new(1, -32),
    Score::new(107, -243), Score::new(164, -361), Score::new(184, -428), Score::new(155, -267), Score::new(161, -277), Score::new(179, -350), Score::new(-31, -20), Score::new(-50, -41),
    Score::new(121, 70), Score::new(21, 103), Score::new(290, -48), Score::new(386, -59), Score::new(7, -29), Score::new(-123, -3), Score::new(-46, 4), Score::new(-96, 43),
    Score::new(4, 54), Score::new(209, 23), Score::new(121, 48), Score::new(136, 19), Score::new(120, -34), Score::new(23, -44), Score::new(-6, -40), Score::new(201, -70),
    Score::new(-155, 64), Score::new(-128, 92), Score::new(-97, 128), Score::new(-45, 90), Score::new(-93, 28), Score::new(12, -30), Score::new(103, -60), Score::new(163, -59),
    Score::new(-110, 12), Score::new(75, 48), Score::new(-140, 120), Score::new(-29, 68), Score::new(-62, 41), Score::new(109, -7), Score::new(74, -9), Score::new(-33, -10),
    Score::new(45, 10), Score::new(50, 6), Score::new(-24, 29), Score::new(108, 14), Score::new(-30, 35), Score::new(-72, 42), Score::new(-48, 29), Score::new(-59, -9),
    Score::new(-114, 26), Score::new(-2, 13), Score::new(14, 7), Score::new(-7, 9), Score::new(-43, 26), Score::new(-59, 35), Score::new(-28, 20), Score::new(17, -19),
    Score::new(-26, 21), Score::new(-56, 16), Score::new(-42, 5), Score::new(-107, 26), Score::new(-61, 13), Score::new(-36, 4), Score::new(4, -7), Score::new(10, -23),
    Score::new(-216, 126), Score::new(-2, 4), Score::new(13, -23), Score::new(-60, -9), Score::new(-18, -53), Score::new(-32, -18), Score::new(28, -25), Score::new(2, -56),
    // knight_mobility (by squares)
    Score::new(-13, -88), Score::new(9, -60), Score::new(18, -19), Score::new(24, 3), Score::new(30, 9), Score::new(32, 15), Score::new(34, 17), Score::new(41, -8),
    Score::new(63, -41),
    // bishop_mobility (by squares)
    Score::new(-12, -109), Score::new(9, -62), Score::new(13, -44), Score::new(19, -32), Score::new(25, -22), Score::new(22, -8), Score::new(29, -17), Score::new(25, -7),
    Score::new(27, 3), Score::new(12, -2), Score::new(12, 3), Score::new(-29, 13), Score::new(34, -20), Score::new(-224, 19),
    // rook_mobility (by squares)
    Score::new(-57, -83), Score::new(-56, -1), Score::new(-54, -22), Score::new(-51, 5), Score::new(-51, 18), Score::new(-44, 12), Score::new(-33, 9), Score::new(-50, 24),
    Score::new(-46, 28), Score::new(-36, 25), Score::new(-22, 15), Score::new(-21, 16), Score::new(15, 0), Score::new(-68, 39), Score::new(491, -166),
    // queen_mobility (by squares)
    Score::new(112, -268), Score::new(103, 11), Score::new(99, -87), Score::new(97, -101), Score::new(102, -43), Score::new(101, -3), Score::new(104, 3), Score::new(111, -28),
    Score::new(107, -2), Score::new(115, -21), Score::new(108, 2), Score::new(100, 41), Score::new(103, 9), Score::new(101, 50), Score::new(106, 18), Score::new(109, 30),
    Score::new(91, 65), Score::new(133, 25), Score::new(161, -17), Score::new(154, -29), Score::new(384, -246), Score::new(487, -288), Score::new(680, -367), Score::new(520, -394),
    Score::new(651, -439), Score::new(359, -390), Score::new(0, 0), Score::new(72, -351),
    // passed_pawn (by rank from its side)
    Score::new(0, 0), Score::new(10, 4), Score::new(-46, 4), Score::new(18, 18), Score::new(41, 14), Score::new(64, 24), Score::new(122, -88), Score::new(0, 0),
    // free_passed_pawn (by rank from its side)
    Score::new(0, 0), Score::new(27, 5), Score::new(24, 11), Score::new(-12, 21), Score::new(-12, 41), Score::new(49, 36), Score::new(19, 56), Score::new(0, 0),
    // doubled_pawn (by -)
    Score::new(-28, -16),
    // isolated_pawn (by -)
    Score::new(-10, -4),
    // bishop_pair (by -)
    Score::new(36, 51),
    // rook_open_file (by -)
    Score::new(37, -21),
    // rook_half_open_file (by -)
    Score::new(17, -2),
    // pawn_shield (by ranks ahead, less one)
    Score::new(22, -11), Score::new(15, -13),
    // king_attackers (by attackers, less one)
    Score::new(1, 5), Score::new(-20, 9), Score::new(-96, 51), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0), Score::new(0, 0),
];
