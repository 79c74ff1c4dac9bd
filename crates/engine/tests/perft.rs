//! Perft of the six positions of the Chess Programming Wiki's perft page, against their
//! published counts, pinned as the snapshots chapter 5 quotes.
//!
//! `perft_counts` runs with every `cargo test`. `perft_deep` counts each position to a depth
//! where its tree passes 10^8 leaves, billions for some; it is ignored by a plain `cargo test`
//! and run in release mode by `cargo xtask ci`.

use cb2026::Position;
use cb2026::perft::perft;

mod support {
    pub mod cozy;
}

/// The six positions: name and FEN.
const POSITIONS: [(&str, &str); 6] = [
    (
        "startpos",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ),
    (
        "kiwipete",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    ),
    ("position3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"),
    (
        "position4",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    ),
    (
        "position5",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    ),
    (
        "position6",
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    ),
];

/// The published counts of each position, from depth 1, as far as the Chess Programming
/// Wiki's perft page gives them.
const PUBLISHED: [&[u64]; 6] = [
    &[
        20,
        400,
        8_902,
        197_281,
        4_865_609,
        119_060_324,
        3_195_901_860,
    ],
    &[48, 2_039, 97_862, 4_085_603, 193_690_690, 8_031_647_685],
    &[
        14,
        191,
        2_812,
        43_238,
        674_624,
        11_030_083,
        178_633_661,
        3_009_794_393,
    ],
    &[6, 264, 9_467, 422_333, 15_833_292, 706_045_033],
    &[44, 1_486, 62_379, 2_103_487, 89_941_194],
    &[46, 2_079, 89_890, 3_894_594, 164_075_551, 6_923_051_137],
];

/// Counts each position from depth 1 to the depth `deepest` gives it, checks every count
/// against the published one (or, past the published list, against cozy-chess, an
/// independent generator), and returns the table the snapshot pins.
fn counts(deepest: impl Fn(usize) -> (u32, u32)) -> String {
    let mut table = String::from("position depth nodes\n");
    for (i, (name, fen)) in POSITIONS.iter().enumerate() {
        let position = Position::from_fen(fen).expect("a valid FEN");
        let (from, to) = deepest(i);
        for depth in from..=to {
            let nodes = perft(&position, depth);
            match PUBLISHED[i].get(depth as usize - 1) {
                Some(&published) => assert_eq!(nodes, published, "{name} at depth {depth}"),
                None => assert_eq!(
                    nodes,
                    cozy_perft(fen, depth),
                    "{name} at depth {depth}, against cozy-chess"
                ),
            }
            table.push_str(&format!("{name} {depth} {nodes}\n"));
        }
    }
    table
}

/// cozy-chess's count of the tree below `fen`.
fn cozy_perft(fen: &str, depth: u32) -> u64 {
    support::cozy::cozy_perft(
        &cozy_chess::Board::from_fen(fen, false).expect("a valid FEN"),
        depth,
    )
}

#[test]
fn perft_counts() {
    // Each position as deep as a few million leaves: a fraction of a second.
    let depths = [5, 4, 6, 5, 4, 4];
    insta::assert_snapshot!("perft", counts(|i| (1, depths[i])));
}

#[test]
#[ignore = "billions of leaves: run by cargo xtask ci in release mode"]
fn perft_deep() {
    // The first depth at which each tree passes 10^8 leaves.
    let depths = [6, 5, 7, 6, 6, 5];
    insta::assert_snapshot!("perft_deep", counts(|i| (depths[i], depths[i])));
}
