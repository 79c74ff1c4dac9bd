//! The Universal Chess Interface: the engine's side of the conversation with a GUI or a match
//! runner, one command a line on standard input, answers on standard output.
//!
//! The search runs on a thread of its own, so the loop that reads commands stays free to
//! answer `isready` and to obey `stop` and `quit` at once. Every `go` ends in exactly one
//! `bestmove`, after a final `info` line. Bad input never stops the engine: it says what was
//! wrong in an `info string` line and keeps its last good state.
//!
//! Beyond UCI it understands `d` (show the position), `go perft N` (chapter 5), `eval` (the
//! evaluation's parts, chapter 7), and `stats [depth]` and `bench [depth]` (chapter 8).

use crate::attacks::attackers_to;
use crate::eval::{Breakdown, Phase, Score};
use crate::movegen::legal_moves;
use crate::moves::Move;
use crate::perft::divide;
use crate::piece::Color;
use crate::position::Position;
use crate::search::{Limits, MATE, MATE_BOUND, MAX_DEPTH, Outcome, think};
use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Instant;

/// The transposition table's size in MB, until `setoption name Hash` changes it.
pub const DEFAULT_HASH_MB: u64 = 16;

/// The largest transposition table `setoption name Hash` accepts, in MB.
pub const MAX_HASH_MB: u64 = 65_536;

/// The engine's options, as `setoption` sets them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// The transposition table's size in MB (used from stage 11 on).
    pub hash_mb: u64,
    /// The number of search threads: 1, the only value the engine supports.
    pub threads: u64,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            hash_mb: DEFAULT_HASH_MB,
            threads: 1,
        }
    }
}

/// A search running on its own thread.
struct Running {
    /// Set to ask the search to stop.
    stop: Arc<AtomicBool>,
    /// Set while the search ponders; `ponderhit` clears it.
    pondering: Arc<AtomicBool>,
    /// Whether it is an `infinite` search, which runs until stopped.
    infinite: bool,
    /// The thread, joined when the search has answered.
    thread: JoinHandle<()>,
}

/// The engine as the protocol sees it: its state between commands and where it writes.
pub struct Engine<W: Write + Send + 'static> {
    /// The position the next `go` searches.
    position: Position,
    /// The keys of the game's positions before `position`, oldest first, for the search to
    /// see repetitions of the game's history.
    history: Vec<u64>,
    /// The options set so far.
    options: Options,
    /// Where answers go, shared with the search thread.
    output: Arc<Mutex<W>>,
    /// The search in progress, if any.
    search: Option<Running>,
}

/// Whether the command loop goes on after a command.
#[derive(Debug, PartialEq, Eq)]
pub enum Flow {
    /// Read the next command.
    Continue,
    /// Stop: `quit` was sent.
    Quit,
}

impl<W: Write + Send + 'static> Engine<W> {
    /// An engine in the start position, with default options, writing to `output`.
    pub fn new(output: W) -> Engine<W> {
        Engine {
            position: Position::startpos(),
            history: Vec::new(),
            options: Options::default(),
            output: Arc::new(Mutex::new(output)),
            search: None,
        }
    }

    /// Reads commands from `input` until `quit` or the end of the input, then stops any search
    /// still running, so that its `bestmove` is written before the engine exits.
    pub fn run(&mut self, input: impl BufRead) -> std::io::Result<()> {
        for line in input.lines() {
            if self.handle(&line?) == Flow::Quit {
                break;
            }
        }
        self.stop_search();
        Ok(())
    }

    /// Carries out one command line. A command that fails is answered with an `info string`
    /// naming the problem, and changes nothing.
    pub fn handle(&mut self, line: &str) -> Flow {
        match self.execute(line) {
            Ok(flow) => flow,
            Err(problem) => {
                self.say(&format!("info string {problem}"));
                Flow::Continue
            }
        }
    }

    /// Carries out one command line, or says what was wrong with it.
    fn execute(&mut self, line: &str) -> Result<Flow, String> {
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.as_slice() {
            [] => {}
            ["uci"] => self.say(&identify()),
            ["isready"] => self.say("readyok"),
            ["debug", "on" | "off"] | ["register", ..] => {}
            ["quit"] => return Ok(Flow::Quit),
            ["stop"] => self.stop_search(),
            ["ponderhit"] => self.ponder_hit(),
            ["ucinewgame"] => {
                self.idle("ucinewgame")?;
                self.position = Position::startpos();
                self.history.clear();
            }
            ["position", rest @ ..] => {
                self.idle("position")?;
                (self.position, self.history) = parse_position(rest)?;
            }
            ["setoption", rest @ ..] => {
                self.idle("setoption")?;
                self.options = set_option(&self.options, rest)?;
            }
            ["go", "perft", depth] => {
                self.idle("go")?;
                let depth = depth
                    .parse()
                    .map_err(|_| format!("perft depth {depth:?} is not a whole number"))?;
                self.say(perft_report(&self.position, depth).trim_end());
            }
            ["go", rest @ ..] => {
                self.idle("go")?;
                let limits = parse_go(&self.position, rest)?;
                self.start_search(limits);
            }
            [command @ ("stats" | "bench"), rest @ ..] => {
                self.idle(command)?;
                self.say(measurement(command, rest)?.trim_end());
            }
            ["d"] => self.say(show(&self.position).trim_end()),
            ["eval"] => self.say(eval_report(&self.position).trim_end()),
            ["eval", ..] => return Err("eval takes no arguments".to_string()),
            [command, ..] => return Err(format!("unknown command {command:?}")),
        }
        Ok(Flow::Continue)
    }

    /// Makes sure no search is running before `command` changes what a search would work on.
    /// A search that ends by itself is waited for; one that runs until stopped refuses the
    /// command, since waiting for it would wait for ever.
    fn idle(&mut self, command: &str) -> Result<(), String> {
        if let Some(search) = self.search.take() {
            let until_stopped = search.infinite || search.pondering.load(Ordering::Relaxed);
            if until_stopped && !search.thread.is_finished() {
                self.search = Some(search);
                return Err(format!(
                    "{command} is not allowed while searching: send stop first"
                ));
            }
            // A search thread that panicked has broken an invariant; its panic was printed, and
            // the engine can still answer the next command.
            let _ = search.thread.join();
        }
        Ok(())
    }

    /// Starts a search of the current position on a thread of its own.
    fn start_search(&mut self, limits: Limits) {
        let stop = Arc::new(AtomicBool::new(false));
        let pondering = Arc::new(AtomicBool::new(limits.ponder));
        let (position, history, output) = (
            self.position.clone(),
            self.history.clone(),
            Arc::clone(&self.output),
        );
        let flags = (Arc::clone(&stop), Arc::clone(&pondering));
        let infinite = limits.infinite;
        let thread = std::thread::spawn(move || {
            search_thread(&position, &history, &limits, (&flags.0, &flags.1), &output)
        });
        self.search = Some(Running {
            stop,
            pondering,
            infinite,
            thread,
        });
    }

    /// Stops the search, if one is running, and waits for its `bestmove`.
    fn stop_search(&mut self) {
        if let Some(search) = self.search.take() {
            search.stop.store(true, Ordering::Relaxed);
            search.thread.thread().unpark();
            // A search thread that panicked has broken an invariant; its panic was printed, and
            // the engine can still answer the next command.
            let _ = search.thread.join();
        }
    }

    /// The opponent played the move the engine pondered on: the search goes on, now on the
    /// engine's own clock, and ends by itself. Without a pondering search there is nothing to do.
    fn ponder_hit(&mut self) {
        if let Some(search) = &self.search {
            search.pondering.store(false, Ordering::Relaxed);
            search.thread.thread().unpark();
        }
    }

    /// Writes `text` and a newline, and flushes, so the GUI sees it at once.
    fn say(&self, text: &str) {
        write_line(&self.output, text);
    }
}

/// Writes `text` and a newline to the shared output and flushes it. If the GUI has gone away
/// there is no one to tell, so a failed write is ignored.
fn write_line<W: Write>(output: &Mutex<W>, text: &str) {
    let mut output = output
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    let _ = writeln!(output, "{text}").and_then(|()| output.flush());
}

/// The search thread: searches, reporting each depth in an `info` line, waits for `stop` if the
/// search is infinite (or for `ponderhit` if it ponders), and answers `bestmove`. `flags` are
/// the stop flag and the pondering flag.
fn search_thread<W: Write>(
    position: &Position,
    history: &[u64],
    limits: &Limits,
    flags: (&AtomicBool, &AtomicBool),
    output: &Mutex<W>,
) {
    let (stop, pondering) = flags;
    let started = Instant::now();
    let mut last = None;
    let report = |outcome: &Outcome| {
        write_line(output, &info_line(outcome, started.elapsed()));
        last = Some(outcome.clone());
    };
    let outcome = think(position, history, limits, stop, pondering, started, report);
    // UCI forbids answering an infinite or pondering search before it is stopped.
    let until_stopped = || limits.infinite || pondering.load(Ordering::Relaxed);
    while until_stopped() && !stop.load(Ordering::Relaxed) {
        std::thread::park();
    }
    // A search that gave up mid-depth, or found no move, has not reported its last word.
    if last.as_ref() != Some(&outcome) {
        write_line(output, &info_line(&outcome, started.elapsed()));
    }
    // No legal move: checkmate or stalemate. UCI's null move, 0000, answers.
    let best = outcome.best.map_or("0000".to_string(), |mv| mv.to_string());
    write_line(output, &format!("bestmove {best}"));
}

/// The `info` line reporting `outcome`, from a search that has run for `elapsed`.
fn info_line(outcome: &Outcome, elapsed: std::time::Duration) -> String {
    let stats = &outcome.stats;
    let millis = elapsed.as_millis();
    let nps = u128::from(stats.nodes) * 1000 / millis.max(1);
    let mut line = format!(
        "info depth {} seldepth {} score {} nodes {} nps {nps} time {millis}",
        outcome.depth,
        stats.seldepth,
        uci_score(outcome.score),
        stats.nodes
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

/// The answer to `stats [depth]` or `bench [depth]` (`command`, then `words`): the six positions'
/// statistics, or the bench, at the depth given or the command's default.
fn measurement(command: &str, words: &[&str]) -> Result<String, String> {
    Ok(if command == "stats" {
        crate::stats::report(parse_depth(command, words, crate::stats::DEFAULT_DEPTH)?)
    } else {
        crate::bench::report(parse_depth(command, words, crate::bench::DEFAULT_DEPTH)?)
    })
}

/// The depth given after `command` (`stats 6`), or `default` if none is; it must be a whole
/// number from 1 to [`MAX_DEPTH`].
fn parse_depth(command: &str, words: &[&str], default: u32) -> Result<u32, String> {
    let depth = match words {
        [] => default,
        [text] => text
            .parse()
            .map_err(|_| format!("{command} depth {text:?} is not a whole number"))?,
        _ => return Err(format!("{command} takes one depth at most")),
    };
    if (1..=MAX_DEPTH).contains(&depth) {
        Ok(depth)
    } else {
        Err(format!(
            "{command} depth {depth} is outside 1 to {MAX_DEPTH}"
        ))
    }
}

/// The answer to `uci`: the engine's name and author, its options, and `uciok`.
fn identify() -> String {
    [
        format!("id name cb2026 {}", env!("CARGO_PKG_VERSION")),
        "id author The cb2026 authors".to_string(),
        format!("option name Hash type spin default {DEFAULT_HASH_MB} min 1 max {MAX_HASH_MB}"),
        "option name Threads type spin default 1 min 1 max 1".to_string(),
        "option name Clear Hash type button".to_string(),
        "uciok".to_string(),
    ]
    .join("\n")
}

/// The options after `setoption name NAME [value VALUE]`, or what is wrong with it. Option
/// names are not case-sensitive, as UCI asks.
fn set_option(options: &Options, words: &[&str]) -> Result<Options, String> {
    let ["name", rest @ ..] = words else {
        return Err("setoption needs `name NAME [value VALUE]`".to_string());
    };
    let value_at = rest
        .iter()
        .position(|&w| w == "value")
        .unwrap_or(rest.len());
    let name = rest[..value_at].join(" ").to_lowercase();
    let value = rest.get(value_at + 1..).map(|v| v.join(" "));
    let number = |min: u64, max: u64| -> Result<u64, String> {
        let text = value
            .as_deref()
            .ok_or_else(|| format!("option {name:?} needs a value"))?;
        let n: u64 = text
            .parse()
            .map_err(|_| format!("option {name:?}: {text:?} is not a whole number"))?;
        if (min..=max).contains(&n) {
            Ok(n)
        } else {
            Err(format!("option {name:?}: {n} is outside {min} to {max}"))
        }
    };
    let mut changed = options.clone();
    match name.as_str() {
        "hash" => changed.hash_mb = number(1, MAX_HASH_MB)?,
        "threads" => changed.threads = number(1, 1)?,
        "clear hash" => {} // No table to clear before stage 11.
        _ => return Err(format!("no option {name:?}")),
    }
    Ok(changed)
}

/// The position a `position` command describes: `startpos` or `fen FEN`, then optionally
/// `moves` and moves in UCI notation, each of which must be legal where it is played. With it,
/// the keys of the positions the moves passed through, oldest first.
fn parse_position(words: &[&str]) -> Result<(Position, Vec<u64>), String> {
    let moves_at = words
        .iter()
        .position(|&w| w == "moves")
        .unwrap_or(words.len());
    let (setup, moves) = words.split_at(moves_at);
    let mut position = match setup {
        ["startpos"] => Position::startpos(),
        ["fen", fen @ ..] => {
            Position::from_fen(&fen.join(" ")).map_err(|e| format!("bad FEN: {e}"))?
        }
        _ => {
            return Err(
                "position needs `startpos` or `fen FEN`, then optionally `moves …`".to_string(),
            );
        }
    };
    let mut history = Vec::new();
    for text in moves.iter().skip(1) {
        let mv = find_move(&position, text)?;
        history.push(position.key());
        position = position.make(mv);
    }
    Ok((position, history))
}

/// The limits of a `go` command: each keyword with its number, `infinite`, `ponder`, or
/// `searchmoves` followed by moves that must be legal in `position`.
fn parse_go(position: &Position, words: &[&str]) -> Result<Limits, String> {
    let mut limits = Limits::default();
    let mut words = words.iter().peekable();
    while let Some(&word) = words.next() {
        let mut number = || -> Result<u64, String> {
            let text = words
                .next()
                .ok_or_else(|| format!("go {word} needs a number"))?;
            // Some GUIs send a negative time left when a clock has run out: that is no time.
            let n: i64 = text
                .parse()
                .map_err(|_| format!("go {word}: {text:?} is not a whole number"))?;
            Ok(n.max(0) as u64)
        };
        match word {
            "wtime" => limits.white_time = Some(number()?),
            "btime" => limits.black_time = Some(number()?),
            "winc" => limits.white_increment = Some(number()?),
            "binc" => limits.black_increment = Some(number()?),
            "movestogo" => limits.moves_to_go = Some(number()?),
            "movetime" => limits.move_time = Some(number()?),
            "depth" => limits.depth = Some(number()?),
            "nodes" => limits.nodes = Some(number()?),
            "mate" => limits.mate = Some(number()?),
            "infinite" => limits.infinite = true,
            "ponder" => limits.ponder = true,
            "searchmoves" => {
                while let Some(text) = words.next_if(|w| find_move(position, w).is_ok()) {
                    limits.search_moves.push(find_move(position, text)?);
                }
                if limits.search_moves.is_empty() {
                    return Err("go searchmoves needs legal moves".to_string());
                }
            }
            other => return Err(format!("go: unknown parameter {other:?}")),
        }
    }
    Ok(limits)
}

/// The legal move in `position` written `text` in UCI notation (`e2e4`, `e7e8q`, `e1g1`).
pub fn find_move(position: &Position, text: &str) -> Result<Move, String> {
    let moves = legal_moves(position);
    let found = moves.as_slice().iter().find(|mv| mv.to_string() == text);
    found
        .copied()
        .ok_or_else(|| format!("{text:?} is not a legal move in {position}"))
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

/// The `eval` command's report: material and placement, each a midgame and an endgame value
/// from White's point of view, their total, the phase that blends it, and the blended
/// evaluation from White's side and from the side to move's.
pub fn eval_report(position: &Position) -> String {
    let parts = Breakdown::of(position);
    let row =
        |name: &str, score: Score| format!("{name:<10}{:>9}{:>9}\n", score.midgame, score.endgame);
    let mut report = format!("{:<10}{:>9}{:>9}\n", "", "midgame", "endgame");
    report.push_str(&row("material", parts.material));
    report.push_str(&row("placement", parts.placement));
    report.push_str(&row("total", parts.total()));
    report.push_str(&format!(
        "\nphase {} of {} (0 is the endgame)\n",
        parts.phase.value(),
        Phase::MIDGAME.value()
    ));
    let side = match parts.side_to_move {
        Color::White => "White",
        Color::Black => "Black",
    };
    report.push_str(&format!("White's view: {}\n", parts.for_white()));
    report.push_str(&format!(
        "side to move ({side}): {}\n",
        parts.for_side_to_move()
    ));
    report
}

/// The position drawn as a board from White's side, with its FEN, its key and the squares of
/// the pieces giving check (chapter 3's `attackers_to`, asked about the king).
fn show(position: &Position) -> String {
    let mut text = String::new();
    for rank in crate::square::Rank::ALL.into_iter().rev() {
        text.push_str(&format!("{} ", rank.to_char()));
        for file in crate::square::File::ALL {
            let square = crate::square::Square::new(file, rank);
            let letter = position
                .piece_at(square)
                .map_or('.', |piece| piece.to_char());
            text.push_str(&format!(" {letter}"));
        }
        text.push('\n');
    }
    text.push_str("   a b c d e f g h\n\n");
    text.push_str(&format!("Fen: {position}\nKey: {:016x}\n", position.key()));
    let side = position.side_to_move();
    let king = position.king_square(side);
    let checkers = attackers_to(position, king, position.occupied()) & position.side(!side);
    text.push_str("Checkers:");
    for square in checkers {
        text.push_str(&format!(" {square}"));
    }
    text.push('\n');
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An output both the engine and the test can hold: what the engine wrote, shared.
    #[derive(Clone, Default)]
    struct Shared(Arc<Mutex<Vec<u8>>>);

    impl Write for Shared {
        fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(bytes);
            Ok(bytes.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    /// What the engine answers to `script`, run to its end, and the engine afterwards.
    fn answer(script: &str) -> (String, Engine<Shared>) {
        let output = Shared::default();
        let mut engine = Engine::new(output.clone());
        engine.run(script.as_bytes()).unwrap();
        let text = String::from_utf8(output.0.lock().unwrap().clone()).unwrap();
        (text, engine)
    }

    #[test]
    fn uci_names_the_engine_and_its_options_then_uciok() {
        let (output, _) = answer("uci\n");
        assert!(output.starts_with("id name cb2026 "), "{output}");
        assert!(output.contains("\noption name Hash type spin default 16 min 1 max 65536\n"));
        assert!(output.contains("\noption name Threads type spin default 1 min 1 max 1\n"));
        assert!(output.contains("\noption name Clear Hash type button\n"));
        assert!(output.ends_with("uciok\n"));
    }

    #[test]
    fn isready_is_answered_at_once_even_while_searching() {
        let (output, _) = answer("go infinite\nisready\nstop\n");
        let lines: Vec<&str> = output.lines().collect();
        // The search reports each depth as it finishes it, so its info lines and readyok may
        // come in either order; readyok must come before the answer, which comes last.
        let ready = lines.iter().position(|&l| l == "readyok").expect("readyok");
        assert!(ready < lines.len() - 1, "{output}");
        assert!(lines[lines.len() - 1].starts_with("bestmove "), "{output}");
        assert!(
            lines
                .iter()
                .filter(|&&l| l != "readyok")
                .rev()
                .skip(1)
                .all(|l| l.starts_with("info depth "))
        );
    }

    #[test]
    fn every_go_ends_in_one_bestmove_after_an_info_line() {
        for go in [
            "go",
            "go wtime 1000 btime 1000 winc 10 binc 10",
            "go movetime 50",
            "go depth 3",
            "go nodes 100",
            "go movestogo 5 wtime 100 btime 100",
            "go mate 2",
            "go wtime 30 btime 30",
            "go infinite",
            "go ponder wtime 1000 btime 1000",
        ] {
            let (output, _) = answer(&format!("{go}\n"));
            let lines: Vec<&str> = output.lines().collect();
            let (last, infos) = lines.split_last().unwrap();
            assert_eq!(output.matches("bestmove").count(), 1, "{go}: {output}");
            assert!(!infos.is_empty(), "{go}: {output}");
            assert!(
                infos.iter().all(|l| l.starts_with("info depth ")),
                "{go}: {output}"
            );
            let best = last.strip_prefix("bestmove ").expect("bestmove");
            assert!(
                find_move(&Position::startpos(), best).is_ok(),
                "{go}: {best} is legal"
            );
        }
    }

    #[test]
    fn stop_ends_an_infinite_search_and_a_ponder_search() {
        for script in [
            "go infinite\nstop\n",
            "go ponder\nponderhit\n",
            "go ponder\nstop\n",
        ] {
            let (output, _) = answer(script);
            assert_eq!(output.matches("bestmove ").count(), 1, "{script}: {output}");
        }
    }

    #[test]
    fn after_ponderhit_the_search_ends_by_itself_on_its_clock() {
        let output = Shared::default();
        let mut engine = Engine::new(output.clone());
        let written = || String::from_utf8(output.0.lock().unwrap().clone()).unwrap();
        engine.handle("go ponder wtime 2000 btime 2000");
        std::thread::sleep(std::time::Duration::from_millis(300));
        assert!(
            !written().contains("bestmove"),
            "pondering waits: {}",
            written()
        );
        engine.handle("ponderhit");
        std::thread::sleep(std::time::Duration::from_millis(1_000));
        assert_eq!(written().matches("bestmove ").count(), 1, "{}", written());
    }

    #[test]
    fn a_game_at_one_second_and_ten_milliseconds_a_move_never_runs_out_of_time() {
        let output = Shared::default();
        let mut engine = Engine::new(output.clone());
        let answers = || String::from_utf8(output.0.lock().unwrap().clone()).unwrap();
        let (mut clocks, increment) = ([1_000_i64, 1_000], 10);
        let mut moves: Vec<String> = Vec::new();
        for ply in 0..80 {
            let side = ply % 2;
            engine.handle(&format!("position startpos moves {}", moves.join(" ")));
            let before = answers().matches("bestmove ").count();
            let started = Instant::now();
            engine.handle(&format!(
                "go wtime {} btime {} winc {increment} binc {increment}",
                clocks[0], clocks[1]
            ));
            while answers().matches("bestmove ").count() == before {
                std::thread::sleep(std::time::Duration::from_millis(1));
            }
            clocks[side] -= started.elapsed().as_millis() as i64;
            assert!(
                clocks[side] > 0,
                "ply {ply}: the clock ran out ({clocks:?})"
            );
            clocks[side] += increment;
            let text = answers();
            let best = text.rsplit("bestmove ").next().unwrap().trim();
            if best == "0000" {
                break; // The game is over.
            }
            moves.push(best.to_string());
        }
    }

    #[test]
    fn quit_during_a_search_answers_it_and_stops() {
        let (output, _) = answer("go infinite\nquit\nisready\n");
        assert_eq!(output.matches("bestmove ").count(), 1, "{output}");
        assert!(!output.contains("readyok"), "nothing is read after quit");
    }

    #[test]
    fn the_end_of_the_input_stops_a_search() {
        let (output, _) = answer("go infinite\n");
        assert_eq!(output.matches("bestmove ").count(), 1, "{output}");
    }

    #[test]
    fn position_with_moves_sets_up_the_position() {
        let (_, engine) = answer("position fen 4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 moves e2e4 e8d7\n");
        assert_eq!(
            engine.position.to_string(),
            "8/3k4/8/8/4P3/8/8/4K3 w - - 1 2"
        );
        let (_, engine) = answer("position startpos moves e2e4\nucinewgame\n");
        assert_eq!(engine.position, Position::startpos());
    }

    #[test]
    fn the_games_history_reaches_the_search_and_its_repetitions_are_draws() {
        // White, a rook up, shuffles; Black's h8g8 repeats the position the game started from.
        let game = "position fen 6k1/8/8/8/8/8/8/R5K1 w - - 0 1 moves a1a2 g8h8 a2a1\n";
        let (output, _) = answer(&format!("{game}go depth 2 searchmoves h8g8\n"));
        assert!(output.contains(" score cp 0 "), "{output}");
        let alone = "position fen 7k/8/8/8/8/8/8/R5K1 b - - 3 2\n";
        let (output, _) = answer(&format!("{alone}go depth 2 searchmoves h8g8\n"));
        assert!(output.contains(" score cp -"), "a rook down: {output}");
    }

    #[test]
    fn stats_prints_a_line_for_each_of_the_six_positions_and_checks_its_depth() {
        let (output, _) = answer("stats 1\nstats 0\nstats x\n");
        let lines: Vec<&str> = output.lines().collect();
        assert_eq!(lines[0], "position nodes cutoffs first-move");
        assert_eq!(lines.len(), 1 + 6 + 2, "{output}");
        assert_eq!(lines[7], "info string stats depth 0 is outside 1 to 64");
        assert_eq!(
            lines[8],
            "info string stats depth \"x\" is not a whole number"
        );
    }

    #[test]
    fn scores_are_written_in_centipawns_or_moves_to_mate() {
        assert_eq!(uci_score(35), "cp 35");
        assert_eq!(uci_score(MATE - 1), "mate 1");
        assert_eq!(uci_score(MATE - 3), "mate 2");
        assert_eq!(uci_score(-MATE + 2), "mate -1");
        assert_eq!(uci_score(-MATE), "mate 0");
    }

    #[test]
    fn searchmoves_restrict_the_move_chosen() {
        let (output, _) = answer("go searchmoves a2a3\n");
        assert!(output.ends_with("bestmove a2a3\n"), "{output}");
    }

    #[test]
    fn a_position_without_moves_answers_the_null_move() {
        let (output, _) = answer("position fen 7k/6Q1/6K1/8/8/8/8/8 b - - 0 1\ngo\n");
        assert!(output.contains("score mate 0"), "{output}");
        assert!(output.ends_with("bestmove 0000\n"), "{output}");
        let (output, _) = answer("position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1\ngo\n");
        assert!(output.contains("score cp 0"), "stalemate: {output}");
    }

    #[test]
    fn options_are_set_and_checked() {
        let (output, engine) = answer(
            "setoption name Hash value 64\nsetoption name hash value 0\nsetoption name Threads value 2\nsetoption name Clear Hash\nsetoption name Colour value red\nsetoption name Hash value lots\n",
        );
        assert_eq!(engine.options.hash_mb, 64);
        let lines: Vec<&str> = output.lines().collect();
        assert_eq!(
            lines,
            [
                "info string option \"hash\": 0 is outside 1 to 65536",
                "info string option \"threads\": 2 is outside 1 to 1",
                "info string no option \"colour\"",
                "info string option \"hash\": \"lots\" is not a whole number",
            ]
        );
    }

    #[test]
    fn bad_input_is_named_and_the_last_good_state_kept() {
        let script = "position fen 4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\n\
                      position fen 8/8/8 w - - 0 1\n\
                      position startpos moves e2e5\n\
                      go perft x\n\
                      go depth\n\
                      go sideways\n\
                      go searchmoves e7e5\n\
                      fly\n\
                      position\n\
                      setoption Hash 4\n";
        let (output, engine) = answer(script);
        let lines: Vec<&str> = output.lines().collect();
        assert_eq!(lines.len(), 9, "{output}");
        assert!(
            lines[0].starts_with("info string bad FEN: placement: 3 ranks"),
            "{}",
            lines[0]
        );
        assert!(
            lines[1].starts_with("info string \"e2e5\" is not a legal move"),
            "{}",
            lines[1]
        );
        assert!(lines[2].contains("perft depth \"x\""), "{}", lines[2]);
        assert_eq!(lines[3], "info string go depth needs a number");
        assert_eq!(lines[4], "info string go: unknown parameter \"sideways\"");
        assert_eq!(lines[5], "info string go searchmoves needs legal moves");
        assert_eq!(lines[6], "info string unknown command \"fly\"");
        assert!(
            lines[7].starts_with("info string position needs"),
            "{}",
            lines[7]
        );
        assert!(
            lines[8].starts_with("info string setoption needs"),
            "{}",
            lines[8]
        );
        assert_eq!(
            engine.position.to_string(),
            "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"
        );
    }

    #[test]
    fn a_command_after_a_search_that_ends_by_itself_waits_for_its_answer() {
        let (output, engine) = answer(
            "go wtime 1000 btime 1000\nposition fen 4k3/8/8/8/8/8/8/4K3 w - - 0 1\ngo depth 1\n",
        );
        assert_eq!(output.matches("bestmove ").count(), 2, "{output}");
        assert!(!output.contains("info string"), "{output}");
        assert_eq!(engine.position.to_string(), "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    }

    #[test]
    fn commands_that_change_the_state_wait_for_stop() {
        let (output, engine) =
            answer("go infinite\nposition fen 4k3/8/8/8/8/8/8/4K3 w - - 0 1\nstop\n");
        // The search's info lines may come before the refusal or after it.
        let refusal = "info string position is not allowed while searching";
        assert!(output.lines().any(|l| l.starts_with(refusal)), "{output}");
        assert_eq!(engine.position, Position::startpos());
    }

    #[test]
    fn go_perft_prints_stockfishs_format() {
        let (output, _) = answer("position startpos moves e2e4\ngo perft 2\n");
        let (moves, total) = output.split_once("\n\n").unwrap();
        for line in moves.lines() {
            let (mv, count) = line.split_once(": ").expect("move: count");
            assert!(mv.len() == 4 && count.parse::<u64>().is_ok(), "{line}");
        }
        assert_eq!(total, "Nodes searched: 600\n");
    }

    #[test]
    fn eval_shows_the_parts_and_both_points_of_view() {
        let (output, _) = answer("eval\n");
        let lines: Vec<&str> = output.lines().collect();
        assert_eq!(
            lines,
            [
                "            midgame  endgame",
                "material          0        0",
                "placement         0        0",
                "total             0        0",
                "",
                "phase 24 of 24 (0 is the endgame)",
                "White's view: 0",
                "side to move (White): 0",
            ]
        );
        // After 1.e4 the pawn stands better than at home: good for White, so bad for Black,
        // who is to move.
        let (output, _) = answer("position startpos moves e2e4\neval\n");
        let view = |prefix: &str| -> i32 {
            let line = output.lines().find(|l| l.starts_with(prefix)).unwrap();
            line.rsplit(' ').next().unwrap().parse().unwrap()
        };
        assert!(view("White's view:") > 0, "{output}");
        assert_eq!(view("side to move (Black):"), -view("White's view:"));
        let (output, _) = answer("eval now\n");
        assert_eq!(output, "info string eval takes no arguments\n");
    }

    #[test]
    fn d_shows_the_board_and_the_fen() {
        let (output, _) = answer("d\n");
        assert!(output.starts_with("8  r n b q k b n r\n"), "{output}");
        assert!(output.contains("Fen: rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n"));
    }
}
