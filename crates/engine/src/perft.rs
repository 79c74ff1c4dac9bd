//! Perft: counting every sequence of legal moves to a fixed depth.
//!
//! The number of leaf positions of the full move tree is known, from independent programs,
//! for many positions and depths. A generator that matches those counts deep down is right
//! in every rule that any of those positions reaches, so perft is the move generator's test,
//! and its speed is the move generator's benchmark.

use crate::bitboard::Bitboard;
use crate::movegen::{self, moves_of};
use crate::moves::Move;
use crate::position::Position;

/// The number of leaf positions `depth` plies below `position`.
///
/// One ply above the leaves the moves are counted, not made ("bulk counting"): every legal
/// move leads to exactly one leaf, and the generator can count its moves from the sizes of its
/// groups without making any of them.
pub fn perft(position: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => movegen::count_moves(position),
        _ => {
            let mut nodes = 0;
            movegen::generate(position, Bitboard::FULL, |group| {
                moves_of(position, group, |mv| {
                    nodes += perft(&position.make(mv), depth - 1)
                });
            });
            nodes
        }
    }
}

/// Perft split by the first move: each legal move with the number of leaves below it, in the
/// order the generator gives them. Comparing this with another program's split shows which
/// first move has a wrong count; following that move down, one ply at a time, finds the
/// position where the two generators disagree. At depth 0 the position itself is the one
/// leaf, reached by no first move, and the split is empty.
pub fn divide(position: &Position, depth: u32) -> Vec<(Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    let moves = movegen::legal_moves(position);
    let below = depth - 1;
    moves
        .as_slice()
        .iter()
        .map(|&mv| (mv, perft(&position.make(mv), below)))
        .collect()
}

/// Perft's report in Stockfish's format: a line per legal move with the leaves below it, a
/// blank line, and the total.
pub fn perft_report(position: &Position, depth: u32) -> String {
    let split = divide(position, depth);
    let mut report = String::new();
    for (mv, leaves) in &split {
        report.push_str(&format!("{mv}: {leaves}\n"));
    }
    let total: u64 = if depth == 0 {
        1
    } else {
        split.iter().map(|(_, n)| n).sum()
    };
    report.push_str(&format!("\nNodes searched: {total}\n\n"));
    report
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn perft_counts_the_start_positions_tree() {
        let start = Position::startpos();
        let counts: Vec<u64> = (0..=4).map(|depth| perft(&start, depth)).collect();
        // The published counts: 1, 20, 400, 8,902, 197,281.
        assert_eq!(counts, [1, 20, 400, 8_902, 197_281]);
    }

    #[test]
    fn divide_adds_up_to_perft() {
        let kiwipete = Position::from_fen(
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        )
        .unwrap();
        let split = divide(&kiwipete, 3);
        assert_eq!(split.len(), 48);
        assert_eq!(
            split.iter().map(|(_, n)| n).sum::<u64>(),
            perft(&kiwipete, 3)
        );
    }

    #[test]
    fn perft_zero_reports_the_position_alone_with_no_move_lines() {
        let start = Position::startpos();
        assert!(divide(&start, 0).is_empty());
        assert_eq!(perft_report(&start, 0), "\nNodes searched: 1\n\n");
    }

    #[test]
    fn divide_at_depth_one_gives_one_leaf_a_move() {
        let split = divide(&Position::startpos(), 1);
        assert!(split.iter().all(|&(_, n)| n == 1));
    }
}
