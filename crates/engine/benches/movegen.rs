//! Criterion benchmarks of move generation and perft: `cargo bench --bench movegen`.
//!
//! They time functions, for comparing a change with the code before it on one machine
//! (criterion keeps the last run and reports the difference). The speed against another
//! program is measured in paired rounds by the `perft_vs_cozy` benchmark.

use cb2026::Position;
use cb2026::movegen::{count_moves, legal_moves};
use cb2026::perft::perft;
use criterion::Criterion;
use std::hint::black_box;

/// The positions timed: the start position and Kiwipete, a position full of special moves.
const POSITIONS: [(&str, &str); 2] = [
    (
        "startpos",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ),
    (
        "kiwipete",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    ),
];

/// Generating the legal moves as a list, and counting them without one.
fn generation(c: &mut Criterion) {
    for (name, fen) in POSITIONS {
        let position = Position::from_fen(fen).expect("a valid FEN");
        c.bench_function(&format!("legal_moves {name}"), |b| {
            b.iter(|| legal_moves(black_box(&position)))
        });
        c.bench_function(&format!("count_moves {name}"), |b| {
            b.iter(|| count_moves(black_box(&position)))
        });
    }
}

/// Perft to depth 3: generation, making moves and bulk counting together.
fn perft_3(c: &mut Criterion) {
    for (name, fen) in POSITIONS {
        let position = Position::from_fen(fen).expect("a valid FEN");
        c.bench_function(&format!("perft 3 {name}"), |b| {
            b.iter(|| perft(black_box(&position), 3))
        });
    }
}

/// Runs the benchmarks with criterion's options from the command line.
fn main() {
    let mut criterion = Criterion::default().configure_from_args();
    generation(&mut criterion);
    perft_3(&mut criterion);
    criterion.final_summary();
}
