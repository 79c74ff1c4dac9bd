//! The search thread: a search runs beside the command loop, on a thread of its own, and
//! writes its `info` lines and its `bestmove` itself.

use super::{lock, write_line};
use crate::moves::Move;
use crate::ordering::tables::OrderingTables;
use crate::score::{MATE, MATE_BOUND};
use crate::search::{Memory, Outcome, Signals, Task, think};
use crate::tt::TranspositionTable;
use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Instant;

/// The flags the command loop and a search thread share.
#[derive(Debug, Default)]
pub(super) struct Flags {
    /// Set by the loop to ask the search to stop.
    pub(super) stop: AtomicBool,
    /// Set while the search ponders; `ponderhit` clears it.
    pub(super) pondering: AtomicBool,
    /// Set by the search thread just before it writes `bestmove`. From then on the search has
    /// nothing more to say, and a command that waits for it can go ahead, even though the
    /// thread may not have ended yet.
    pub(super) answered: AtomicBool,
}

/// A search running on its own thread.
pub(super) struct Running {
    /// The flags it shares with the loop.
    pub(super) flags: Arc<Flags>,
    /// The thread, joined once the search has answered.
    pub(super) thread: JoinHandle<()>,
}

/// What a search thread is asked to do: the search's task, made from a copy of the engine's
/// state when `go` came, and the engine's tables, which the search holds while it runs.
pub(super) struct Job<'a> {
    /// The position, its game, the limits and the switches.
    pub(super) task: Task<'a>,
    /// The engine's transposition table.
    pub(super) table: &'a Mutex<TranspositionTable>,
    /// The engine's ordering tables, held like the table.
    pub(super) tables: &'a Mutex<OrderingTables>,
}

/// The search thread: searches, reporting each depth in an `info` line (one for each line
/// `MultiPV` asks for, numbered when it asks for more than one), waits for `stop` if the search
/// is infinite (or for `ponderhit` if it ponders), and answers `bestmove`, the best line's move.
pub(super) fn search_thread<W: Write>(job: &Job, flags: &Flags, output: &Mutex<W>) {
    let started = Instant::now();
    let numbered = job.task.limits.multi_pv.is_some_and(|lines| lines > 1);
    let mut last: Vec<Outcome> = Vec::new(); // The lines of the last depth reported.
    let report = |outcome: &Outcome| {
        write_line(output, &info_line(outcome, started.elapsed(), numbered));
        if outcome.rank == 1 {
            last.clear();
        }
        last.push(outcome.clone());
    };
    let (stop, pondering) = (&flags.stop, &flags.pondering);
    let signals = Signals {
        stop,
        pondering,
        started,
    };
    let memory = Memory {
        table: &mut lock(job.table),
        tables: &mut lock(job.tables),
    };
    let outcome = think(job.task, signals, memory, report);
    let limits = job.task.limits;
    // UCI forbids answering an infinite or pondering search before it is stopped.
    let until_stopped = || limits.infinite || pondering.load(Ordering::Relaxed);
    while until_stopped() && !stop.load(Ordering::Relaxed) {
        std::thread::park();
    }
    // A search that gave up mid-depth, or found no move, has not reported its last word.
    if last.first() != Some(&outcome) {
        for line in last_word(&outcome, &last) {
            write_line(output, &info_line(&line, started.elapsed(), numbered));
        }
    }
    // No legal move: checkmate or stalemate. UCI's null move, 0000, answers. The flag is set
    // first, so that whoever reads the answer finds the search done with when it replies.
    let best = outcome.best.map_or("0000".to_string(), |mv| mv.to_string());
    flags.answered.store(true, Ordering::Release);
    write_line(output, &format!("bestmove {best}"));
}

/// What a search that gave up in the middle of a depth reports last: its best line, `best`,
/// then the other lines of the last depth it finished, `previous`, renumbered and with the
/// search's latest counts. A GUI showing several lines (`MultiPV`) keeps each line until a new
/// one of the same number replaces it: were only the best sent, a move that had been second
/// and is now first would be shown twice. Stockfish reports the same way.
pub(super) fn last_word(best: &Outcome, previous: &[Outcome]) -> Vec<Outcome> {
    let others = previous.iter().filter(|line| line.best != best.best);
    let lines = std::iter::once(best)
        .chain(others)
        .take(previous.len().max(1));
    let renumbered = lines.enumerate().map(|(index, line)| Outcome {
        rank: index + 1,
        stats: best.stats,
        hashfull: best.hashfull,
        ..line.clone()
    });
    renumbered.collect()
}

/// The `info` line reporting `outcome`, from a search that has run for `elapsed`; `numbered`
/// says which of the best lines it is (`multipv 2`), as a GUI showing several needs to know.
fn info_line(outcome: &Outcome, elapsed: std::time::Duration, numbered: bool) -> String {
    let stats = &outcome.stats;
    let millis = elapsed.as_millis();
    let nps = u128::from(stats.nodes) * 1000 / millis.max(1);
    let rank = if numbered {
        format!(" multipv {}", outcome.rank)
    } else {
        String::new()
    };
    let mut line = format!(
        "info depth {} seldepth {}{rank} score {} nodes {} nps {nps} hashfull {} time {millis}",
        outcome.depth,
        stats.seldepth,
        uci_score(outcome.score),
        stats.nodes,
        outcome.hashfull
    );
    if !outcome.pv.is_empty() {
        let pv: Vec<String> = outcome.pv.iter().map(Move::to_string).collect();
        line.push_str(&format!(" pv {}", pv.join(" ")));
    }
    line
}

/// A score as UCI writes it: `cp N` in centipawns, or `mate N` in moves (not plies), negative
/// when the side to move is the one mated.
pub fn uci_score(score: i32) -> String {
    if score >= MATE_BOUND {
        format!("mate {}", (MATE - score + 1) / 2)
    } else if score <= -MATE_BOUND {
        format!("mate {}", -(MATE + score) / 2)
    } else {
        format!("cp {score}")
    }
}
