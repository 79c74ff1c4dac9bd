//! What the UCI targets assert: the engine, driven through `Engine::new`, `handle` and `run`
//! with its output in memory, never panics (on any thread), never accepts an illegal move, and
//! keeps its last good state when it refuses a command. After each `position` command the
//! engine's position (read back with `d`) is compared with one made from the same command by
//! cozy-chess, an independent move generator.

use anyhow::{Context, Result, anyhow, bail};
use cb2026::Position;
use cb2026::movegen::find_move;
use cb2026::uci::{Engine, Flow};
use std::io::Write;
use std::sync::{Arc, Mutex};

/// An output both the engine and the checker hold: everything the engine wrote.
#[derive(Clone, Default)]
struct Sink(Arc<Mutex<Vec<u8>>>);

impl Write for Sink {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.lock().extend_from_slice(bytes);
        Ok(bytes.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Sink {
    /// The bytes, even if a thread panicked while holding them.
    fn lock(&self) -> std::sync::MutexGuard<'_, Vec<u8>> {
        self.0
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// How many bytes have been written.
    fn len(&self) -> usize {
        self.lock().len()
    }

    /// What was written from byte `start` on.
    fn since(&self, start: usize) -> String {
        String::from_utf8_lossy(&self.lock()[start..]).into_owned()
    }
}

/// Whether `line` is a command the fuzzer may send: anything but the commands that work on
/// the loop's own thread for as long as their depth asks (`go perft` deeper than 3, `bench`
/// and `stats`), which would only make the run slow. A search of any length may be started:
/// the commands after it are refused while it runs, and the end of the script stops it.
pub fn affordable(line: &str) -> bool {
    let words: Vec<&str> = line.split_whitespace().collect();
    match words.as_slice() {
        ["go", "perft", depth, ..] => depth.parse::<u64>().map_or(true, |d| d <= 3),
        ["bench" | "stats", ..] => false,
        _ => true,
    }
}

/// Runs `script` through a fresh engine, checking every `position` command.
pub fn check_script(script: &str) -> Result<()> {
    let sink = Sink::default();
    let mut engine = Engine::new(sink.clone());
    let mut state = shown_fen(&mut engine, &sink)?;
    let mut outcome = Ok(());
    for line in script.lines().filter(|l| affordable(l)) {
        let start = sink.len();
        let flow = engine.handle(line);
        let said = sink.since(start);
        if flow == Flow::Quit {
            break;
        }
        let now = shown_fen(&mut engine, &sink)?;
        if line.split_whitespace().next() == Some("position") {
            outcome = check_position(line, &said, &state, &now);
            if outcome.is_err() {
                break;
            }
        }
        state = now;
    }
    // The end of the input stops any search still running, so no thread outlives the check.
    engine.run(&b""[..])?;
    outcome
}

/// The FEN the engine shows with `d`.
fn shown_fen(engine: &mut Engine<Sink>, sink: &Sink) -> Result<String> {
    let start = sink.len();
    engine.handle("d");
    let said = sink.since(start);
    let fen = said.lines().find_map(|l| l.strip_prefix("Fen: "));
    fen.map(String::from)
        .with_context(|| format!("d showed no FEN: {said:?}"))
}

/// Checks the engine's answer to the `position` command `line`: it said `said`, and its
/// position went from `before` to `after`. An accepted command must make the position that
/// cozy-chess makes; a refused one must leave the position as it was, and must be refused for
/// a reason: a search running, or a setup or move that cb2026's own reader and move
/// generator reject too (cozy-chess reads some moves, such as `E2E4`, that UCI does not allow).
fn check_position(line: &str, said: &str, before: &str, after: &str) -> Result<()> {
    match said.lines().find(|l| l.starts_with("info string")) {
        Some(refusal) if after != before => Err(anyhow!(
            "refused ({refusal}) but the position changed from {before} to {after}"
        )),
        Some(refusal) => match own_replay(line) {
            Ok(fen) if !refusal.contains("while a search runs") => {
                Err(anyhow!("refused ({refusal}) a command that makes {fen}"))
            }
            _ => Ok(()),
        },
        None => match cozy_replay(line) {
            Err(problem) => Err(anyhow!("accepted, but {problem:#}; it shows {after}")),
            Ok(fen) if !same_position(&fen, after) => {
                Err(anyhow!("accepted, shows {after}, but the moves make {fen}"))
            }
            Ok(_) => Ok(()),
        },
    }
}

/// The start of the `position` command `line` (read by cb2026's FEN reader) and the words
/// after `moves`.
fn setup(line: &str) -> Result<(Position, Vec<&str>)> {
    let words: Vec<&str> = line.split_whitespace().skip(1).collect();
    let moves_at = words
        .iter()
        .position(|&w| w == "moves")
        .unwrap_or(words.len());
    let (setup, moves) = words.split_at(moves_at);
    let start = match setup {
        ["startpos"] => Position::startpos(),
        ["fen", fen @ ..] => Position::from_fen(&fen.join(" "))?,
        _ => bail!("the setup is neither startpos nor fen"),
    };
    Ok((start, moves.get(1..).unwrap_or_default().to_vec()))
}

/// The position `line` sets up, each move checked legal and played by cozy-chess, an
/// independent move generator (or by cb2026's own, where cozy-chess will not read the FEN).
fn cozy_replay(line: &str) -> Result<String> {
    let (start, moves) = setup(line)?;
    let Ok(mut board) = cozy_chess::Board::from_fen(&start.to_string(), false) else {
        return own_replay(line);
    };
    for text in moves {
        let mv = cozy_chess::util::parse_uci_move(&board, text)
            .map_err(|_| anyhow!("cozy-chess cannot read {text:?}"))?;
        board
            .try_play(mv)
            .map_err(|_| anyhow!("cozy-chess says {text} is illegal in {board}"))?;
    }
    Ok(board.to_string())
}

/// The position `line` sets up, by cb2026's own FEN reader and move generator.
fn own_replay(line: &str) -> Result<String> {
    let (mut position, moves) = setup(line)?;
    for text in moves {
        position = position.make(find_move(&position, text).map_err(anyhow::Error::msg)?);
    }
    Ok(position.to_string())
}

/// Whether two FENs give the same placement, side to move, castling rights and move counters.
/// The en passant field is left out, since cozy-chess writes it only when a capture is
/// possible, and the halfmove clock is compared up to 100, where cozy-chess stops counting.
fn same_position(a: &str, b: &str) -> bool {
    let fields = |fen: &str| -> Vec<String> {
        let mut all: Vec<String> = fen.split_whitespace().map(String::from).collect();
        if let Some(clock) = all.get_mut(4) {
            *clock = clock
                .parse::<u32>()
                .map_or(clock.clone(), |c| c.min(100).to_string());
        }
        [0, 1, 2, 4, 5]
            .iter()
            .filter_map(|&i| all.get(i).cloned())
            .collect()
    };
    fields(a) == fields(b)
}

#[cfg(test)]
mod tests {
    use super::*;

    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    const AFTER_E4: &str = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1";

    #[test]
    fn an_accepted_illegal_move_or_a_changed_state_after_a_refusal_fails_the_check() {
        let fine = check_position("position startpos moves e2e4", "", START, AFTER_E4);
        fine.unwrap();
        let illegal = check_position("position startpos moves e2e5", "", START, START);
        assert!(format!("{:#}", illegal.unwrap_err()).starts_with("accepted, but"));
        let wrong = check_position("position startpos moves d2d4", "", START, AFTER_E4);
        assert!(format!("{:#}", wrong.unwrap_err()).starts_with("accepted, shows"));
        let refused = "info string \"e2e5\" is not a legal move\n";
        let kept = check_position("position startpos moves e2e5", refused, START, START);
        kept.unwrap();
        let changed = check_position("position startpos moves e2e5", refused, START, AFTER_E4);
        assert!(format!("{:#}", changed.unwrap_err()).contains("the position changed"));
        let needless = check_position("position startpos moves e2e4", refused, START, START);
        assert!(format!("{:#}", needless.unwrap_err()).contains("a command that makes"));
    }

    #[test]
    fn the_engine_passes_the_check_on_good_and_bad_commands() {
        let script = "position startpos moves e2e4 e7e5 g1f3\n\
                      position startpos moves e2e4 e2e4\n\
                      position fen 8/8/8 w - - 0 1\n\
                      position startpos moves d2d4\n\
                      go infinite\nposition startpos\nstop\n\
                      position fen 4k3/8/8/8/8/8/8/4K2R w K - 0 1 moves e1g1\n";
        check_script(script).unwrap();
    }

    #[test]
    fn a_halfmove_clock_past_100_matches_cozy_chess_which_stops_at_100() {
        // The fuzzer's first finding (input 1303 of seed 1): the engine counted on to 102,
        // as the rules do, where cozy-chess had stopped at 100.
        let script = "position fen 4k3/8/8/8/8/8/8/4K2R w K - 99 80 moves h1g1 e8e7 g1g7\n";
        check_script(script).unwrap();
        assert!(same_position(
            "8/8/8/8/8/8/8/4K2k w - - 102 81",
            "8/8/8/8/8/8/8/4K2k w - - 100 81"
        ));
        assert!(!same_position(
            "8/8/8/8/8/8/8/4K2k w - - 98 81",
            "8/8/8/8/8/8/8/4K2k w - - 100 81"
        ));
    }

    #[test]
    fn every_search_is_sent_but_not_the_commands_that_hold_the_loop_long() {
        for line in [
            "go",
            "go depth 30",
            "go infinite",
            "go perft 3",
            "go perft x",
            "d",
        ] {
            assert!(affordable(line), "{line}");
        }
        for line in ["go perft 4", "bench", "stats 1"] {
            assert!(!affordable(line), "{line}");
        }
    }
}
