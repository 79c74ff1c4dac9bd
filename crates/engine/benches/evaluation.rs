//! Criterion benchmarks of the two evaluations (chapter 15): `cargo bench --bench evaluation`.
//!
//! Chapter 7's evaluation counts material and tables; the tuned one counts those and every
//! term of chapter 15, so each of its calls costs more. Both are timed on the same positions,
//! and the tuned one twice: with the values it starts from, which give chapter 7's numbers
//! through the new code, and with the tuned values. The first pair measures the cost of the
//! terms alone; values do not change what the code visits, so the second pair should match it.

use cb2026::Position;
use cb2026::eval;
use cb2026::params::INITIAL;
use cb2026::terms;
use cb2026::tuned::TUNED;
use criterion::Criterion;
use std::hint::black_box;

/// The positions timed: the start, a middlegame with every piece still out, and an endgame.
const POSITIONS: [(&str, &str); 3] = [
    (
        "startpos",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ),
    (
        "kiwipete",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    ),
    ("fine70", "8/k7/3p4/p2P1p2/P2P1P2/8/8/K7 w - - 0 1"),
];

/// Each evaluation of each position.
fn evaluations(c: &mut Criterion) {
    for (name, fen) in POSITIONS {
        let position = Position::from_fen(fen).expect("a valid FEN");
        c.bench_function(&format!("chapter 7 {name}"), |b| {
            b.iter(|| eval::evaluate(black_box(&position)))
        });
        c.bench_function(&format!("terms, starting values {name}"), |b| {
            b.iter(|| terms::evaluate(black_box(&position), &INITIAL))
        });
        c.bench_function(&format!("terms, tuned values {name}"), |b| {
            b.iter(|| terms::evaluate(black_box(&position), &TUNED))
        });
    }
}

/// Runs the benchmarks with criterion's options from the command line.
fn main() {
    let mut criterion = Criterion::default().configure_from_args();
    evaluations(&mut criterion);
    criterion.final_summary();
}
