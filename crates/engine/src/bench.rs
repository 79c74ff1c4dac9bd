//! The bench: a fixed set of positions searched to a fixed depth, whose total node count is the
//! search's signature.
//!
//! Every commit that changes the search quotes the bench's node count (`Bench: N`), and
//! OpenBench checks it: two builds of the same search give the same count, on any machine, so a
//! count that moves means the search changed. The last line, `N nodes M nps`, is the format
//! OpenBench reads; the speed in it is the only part that depends on the machine.

use crate::config::SearchConfig;
use crate::measure;
use crate::position::Position;
use crate::stats::Stats;
use crate::tt::TranspositionTable;
use std::time::Instant;

/// The depth `bench` searches each position to when none is given: a few seconds for all of
/// them in a release build.
pub const DEFAULT_DEPTH: u32 = 6;

/// The positions the bench searches besides the book's six (`measure::POSITIONS`), which come
/// first: four of chapter 5's perft positions, rich in castling, promotions and pins, a
/// Yugoslav Attack middlegame (Black castled short, White about to castle long), and a rook
/// endgame.
pub const MORE_POSITIONS: [(&str, &str); 6] = [
    (
        "kiwipete",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    ),
    ("perft3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"),
    (
        "perft4",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    ),
    (
        "perft5",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    ),
    (
        "yugoslav",
        "r1bq1rk1/pp2ppbp/2np1np1/8/3NP3/2N1BP2/PPPQ2PP/R3KB1R w KQ - 3 9",
    ),
    ("lucena", "1K1k4/1P6/8/8/8/8/r7/2R5 w - - 0 1"),
];

/// Each bench position's name and what its search to `depth` counted, in order, with the
/// techniques `config` switches on.
///
/// Every position is searched from a cleared state, as [`measure::measure`] searches one, but
/// the positions share one transposition table, cleared before each: a table of its own for
/// each would be allocated and first touched a dozen times, and the bench would time the
/// operating system handing out memory as much as the search. Cleared, the table is as a new
/// one, so the counts are the same.
pub fn run(depth: u32, config: SearchConfig) -> Vec<(&'static str, Stats)> {
    let mut table =
        TranspositionTable::new(measure::TABLE_MB).expect("the measurements' table fits");
    measure::POSITIONS
        .iter()
        .chain(&MORE_POSITIONS)
        .map(|&(name, fen)| {
            let position = Position::from_fen(fen).expect("the bench positions are valid");
            table.clear();
            (
                name,
                measure::measure_with(&position, depth, &mut table, config),
            )
        })
        .collect()
}

/// The `bench` command's answer: a line for each position with its nodes, then the total and
/// the speed, `N nodes M nps`, last. `config` says which techniques are on.
pub fn report(depth: u32, config: SearchConfig) -> String {
    let started = Instant::now();
    let results = run(depth, config);
    let seconds = started.elapsed().as_secs_f64().max(1e-9);
    let mut text = String::new();
    for (name, stats) in &results {
        text.push_str(&format!("{name} {}\n", stats.nodes));
    }
    let total: u64 = results.iter().map(|(_, stats)| stats.nodes).sum();
    text.push_str(&format!(
        "{total} nodes {} nps\n",
        (total as f64 / seconds) as u64
    ));
    text
}
