//! cb2026's perft against cozy-chess's, in paired rounds, as a ratio of leaves per second.
//!
//! Run it with `cargo bench --bench perft_vs_cozy` (add `-- --rounds N` for more rounds, or
//! `-- --record FILE` to write the result where chapter 5 reads it). `-- --profile ours` (or
//! `cozy`, and `--case kiwipete`) runs one side's perft once, one ply shallower, for a profiler such as callgrind to count. Each round times both
//! programs on the same position and depth, one after the other, alternating which goes
//! first; the ratio of each round is taken, so a machine that is slower in one round than the
//! next moves both sides together. The report gives the geometric mean of the rounds' ratios
//! (the mean of their logarithms, turned back into a ratio) with its 95% interval, a
//! t-interval on the logarithms.

use cb2026::Position;
use std::time::Instant;

/// The positions and depths compared: (name, FEN, depth).
const CASES: [(&str, &str, u32); 2] = [
    (
        "startpos",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        6,
    ),
    (
        "kiwipete",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        5,
    ),
];

#[path = "../tests/support/cozy.rs"]
mod cozy;

use cozy::cozy_perft;

/// The leaves counted and the seconds taken by `count`.
fn timed(count: impl FnOnce() -> u64) -> (u64, f64) {
    let start = Instant::now();
    let leaves = std::hint::black_box(count());
    (leaves, start.elapsed().as_secs_f64())
}

/// The two-sided 97.5% point of Student's t distribution with `df` degrees of freedom, for
/// the small numbers of rounds used here (beyond 30, the normal distribution's 1.96).
fn t_975(df: usize) -> f64 {
    const TABLE: [f64; 30] = [
        12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160,
        2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056,
        2.052, 2.048, 2.045, 2.042,
    ];
    TABLE.get(df.wrapping_sub(1)).copied().unwrap_or(1.96)
}

/// Runs the comparison and prints (and, with `--record FILE`, writes) its result.
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let option = |name: &str| {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1))
            .cloned()
    };
    let rounds: usize = option("--rounds")
        .and_then(|r| r.parse().ok())
        .unwrap_or(10);
    if let Some(side) = option("--profile") {
        let case = option("--case").unwrap_or_else(|| CASES[0].0.to_string());
        let Some(&(_, fen, depth)) = CASES.iter().find(|(name, _, _)| *name == case) else {
            eprintln!("no case {case:?}");
            return;
        };
        let leaves = match side.as_str() {
            "ours" => {
                cb2026::perft::perft(&Position::from_fen(fen).expect("a valid FEN"), depth - 1)
            }
            _ => cozy_perft(
                &cozy_chess::Board::from_fen(fen, false).expect("a valid FEN"),
                depth - 1,
            ),
        };
        println!("{side}: {leaves} leaves");
        return;
    }
    let mut rows = Vec::new();
    for (name, fen, depth) in CASES {
        let ours = Position::from_fen(fen).expect("a valid FEN");
        let theirs = cozy_chess::Board::from_fen(fen, false).expect("a valid FEN");
        let mut log_ratios = Vec::new();
        for round in 0..rounds {
            let run_ours = || timed(|| cb2026::perft::perft(&ours, depth));
            let run_theirs = || timed(|| cozy_perft(&theirs, depth));
            let ((a, our_time), (b, their_time)) = if round % 2 == 0 {
                let a = run_ours();
                (a, run_theirs())
            } else {
                let b = run_theirs();
                (run_ours(), b)
            };
            assert_eq!(a, b, "both programs count the same tree");
            // Leaves per second, ours over theirs: the same leaves, so their time over ours.
            log_ratios.push((their_time / our_time).ln());
            println!(
                "{name} depth {depth} round {}: {a} leaves, cb2026 {:.0}/s, cozy-chess {:.0}/s",
                round + 1,
                a as f64 / our_time,
                b as f64 / their_time
            );
        }
        let n = log_ratios.len() as f64;
        let mean = log_ratios.iter().sum::<f64>() / n;
        let variance =
            log_ratios.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
        let half_width = t_975(log_ratios.len() - 1) * (variance / n).sqrt();
        let geomean = mean.exp();
        let (low, high) = ((mean - half_width).exp(), (mean + half_width).exp());
        println!(
            "{name} depth {depth}: cb2026 / cozy-chess leaves per second: geometric mean {geomean:.3}, 95% interval {low:.3} to {high:.3}, {rounds} rounds"
        );
        rows.push(format!(
            "{name} {depth} {rounds} {geomean:.2} {low:.2} {high:.2}"
        ));
    }
    if let Some(path) = option("--record") {
        let cpu = std::fs::read_to_string("/proc/cpuinfo")
            .ok()
            .and_then(|info| {
                info.lines()
                    .find(|l| l.starts_with("model name"))
                    .map(|l| l.split(':').nth(1).unwrap_or("").trim().to_string())
            })
            .unwrap_or_else(|| "unknown".to_string());
        let text = format!(
            "# cb2026 perft against cozy-chess, leaves per second, paired rounds.\n\
             # Made by: cargo xtask perft-speed {rounds}, which runs\n\
             # cargo bench --bench perft_vs_cozy -- --rounds {rounds} --record FILE\n\
             # Machine: {cpu}\n\
             # geomean: the geometric mean of the rounds' ratios; low, high: its 95% t-interval\n\
             position depth rounds geomean low high\n{}\n",
            rows.join("\n")
        );
        std::fs::write(&path, text).expect("the record can be written");
        println!("recorded in {path}");
    }
}
