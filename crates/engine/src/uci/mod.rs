//! The Universal Chess Interface: the engine's side of the conversation with a GUI or a match
//! runner, one command a line on standard input, answers on standard output.
//!
//! The search runs on a thread of its own, and the loop that reads commands never waits for
//! it: `isready`, `stop` and `quit` are answered at once, whatever came before them. A command
//! that would change what a search works on, or that searches itself (`position`, `go`,
//! `setoption` and the like), is refused with an `info string` while a search runs, and carried
//! out as soon as the search has written its `bestmove`. Every `go` the engine accepts ends in
//! exactly one `bestmove`, after a final `info` line. Bad input never stops the engine: it says
//! what was wrong in an `info string` line and keeps its last good state. After a refused
//! `position`, `go` is refused too until a position is set up again: a move for the position
//! kept could be illegal in the GUI's game.
//!
//! Beyond UCI it understands `d` (show the position), `go perft N` (chapter 5), `eval` (the
//! evaluation's parts, chapter 7), `stats [depth] [stage N]` and `bench [depth] [stage N]`
//! (chapter 8), and `set NAME on|off` and `set stage N`, which switch the search's techniques
//! on and off ([`crate::config`]). Any of them can also be the program's arguments
//! ([`Engine::command_line`]): `cb2026 bench` runs the bench and exits.
mod extensions;
mod options;
mod parse;
mod search_thread;

#[cfg(test)]
mod tests;

pub use options::{DEFAULT_HASH_MB, MAX_HASH_MB, MAX_MULTI_PV, Options};
pub use search_thread::uci_score;

use crate::attacked::checkers_report;
use crate::config::{SearchConfig, Switches};
use crate::eval::eval_report;
use crate::limits::Limits;
use crate::ordering::tables::OrderingTables;
use crate::perft::perft_report;
use crate::position::{Position, show};
use crate::search::{MAX_DEPTH, Task};
use crate::terms;
use crate::tt::{self, TranspositionTable};
use crate::tuned::TUNED;
use extensions::{measurement, set_switch};
use options::{OptionChange, identify, set_option};
use parse::{parse_go, parse_position};
use search_thread::{Flags, Job, Running, search_thread};
use std::io::{BufRead, Write};
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex};

/// The engine as the protocol sees it: its state between commands and where it writes.
pub struct Engine<W: Write + Send + 'static> {
    /// The position the next `go` searches.
    position: Position,
    /// Why the last `position` command was refused, if it was: until a good one, or
    /// `ucinewgame`, `go` is refused too, since the GUI's game is no longer the position kept.
    refused_position: Option<String>,
    /// The keys of the game's positions before `position`, oldest first, for the search to
    /// see repetitions of the game's history.
    history: Vec<u64>,
    /// The options set so far, the search's switches among them.
    options: Options,
    /// The transposition table, kept from one search to the next for the whole game. A search
    /// thread holds its lock while it runs; the commands that change the table wait until no
    /// search runs, so they never wait for the lock.
    table: Arc<Mutex<TranspositionTable>>,
    /// The killers, countermoves and history that order quiet moves, kept for the whole game
    /// beside the table and held the same way.
    tables: Arc<Mutex<OrderingTables>>,
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

/// The commands that take no words after them, answered at once.
const BARE: [&str; 7] = ["uci", "isready", "quit", "stop", "ponderhit", "d", "eval"];

/// The commands that change what a search works on, or that search themselves: they wait
/// until no search runs.
const WAITING: [&str; 7] = [
    "ucinewgame",
    "position",
    "setoption",
    "set",
    "go",
    "stats",
    "bench",
];

impl<W: Write + Send + 'static> Engine<W> {
    /// An engine in the start position, with default options, writing to `output`.
    pub fn new(output: W) -> Engine<W> {
        Engine {
            position: Position::startpos(),
            refused_position: None,
            history: Vec::new(),
            options: Options::default(),
            table: Arc::new(Mutex::new(
                TranspositionTable::new(tt::DEFAULT_MB).expect("the default table fits"),
            )),
            tables: Arc::new(Mutex::new(OrderingTables::default())),
            output: Arc::new(Mutex::new(output)),
            search: None,
        }
    }

    /// Reads commands from `input` until `quit` or the end of the input, then stops any search
    /// still running, so that its `bestmove` is written before the engine exits. A line that
    /// is not UTF-8 (a GUI writing Latin-1, say) is refused like any bad command; only a
    /// failure to read at all ends the loop early, with that error.
    pub fn run(&mut self, mut input: impl BufRead) -> std::io::Result<()> {
        let mut bytes = Vec::new();
        while input.read_until(b'\n', &mut bytes)? > 0 {
            let flow = match std::str::from_utf8(&bytes) {
                Ok(line) => self.handle(line),
                Err(_) => {
                    let shown = String::from_utf8_lossy(&bytes);
                    self.say(&format!("info string not UTF-8: {:?}", shown.trim_end()));
                    Flow::Continue
                }
            };
            if flow == Flow::Quit {
                break;
            }
            bytes.clear();
        }
        self.stop_search();
        Ok(())
    }

    /// Carries out one command line, without waiting for a search to end: while one runs, a
    /// command that must wait for it is refused instead. Only `stop` and `quit` wait, for the
    /// stopped search's `bestmove`, which a stopped search writes within milliseconds. A
    /// command that fails is answered with an `info string` naming the problem, and changes
    /// nothing.
    pub fn handle(&mut self, line: &str) -> Flow {
        match self.execute(line) {
            Ok(flow) => flow,
            Err(problem) => {
                self.say(&format!("info string {problem}"));
                Flow::Continue
            }
        }
    }

    /// Carries out `line`, given as the program's arguments (`cb2026 bench`, `cb2026 go perft
    /// 6`), as a line of input would be, except that a search it starts runs to its end before
    /// this returns, and a problem is returned rather than said.
    pub fn command_line(&mut self, line: &str) -> Result<(), String> {
        let words: Vec<&str> = line.split_whitespace().collect();
        let until_stopped = words.iter().any(|&w| w == "infinite" || w == "ponder");
        if words.first() == Some(&"go") && until_stopped {
            return Err(format!(
                "{line:?} waits for a stop, which a command line cannot send"
            ));
        }
        self.execute(line)?;
        if let Some(search) = self.search.take() {
            // A search thread that panicked has broken an invariant, and its panic was printed.
            let _ = search.thread.join();
        }
        Ok(())
    }

    /// Carries out one command line, or says what was wrong with it. The commands that only
    /// read the state, or speak to the search, are carried out at once; the others wait until
    /// no search runs.
    fn execute(&mut self, line: &str) -> Result<Flow, String> {
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.as_slice() {
            [] | ["debug", "on" | "off"] | ["register", ..] => {}
            ["uci"] => self.say(&identify()),
            ["isready"] => self.say("readyok"),
            ["quit"] => {
                self.stop_search();
                return Ok(Flow::Quit);
            }
            ["stop"] => self.stop_search(),
            ["ponderhit"] => self.ponder_hit(),
            ["d"] => {
                let board = show(&self.position) + &checkers_report(&self.position);
                self.say(board.trim_end());
            }
            ["eval"] => {
                let report = if self.options.search.is_on(Switches::TUNED) {
                    terms::report(&self.position, &TUNED)
                } else {
                    eval_report(&self.position)
                };
                self.say(report.trim_end());
            }
            [command, _, ..] if BARE.contains(command) => {
                return Err(format!("{command} takes no arguments"));
            }
            ["debug", ..] => return Err("debug takes on or off".to_string()),
            [command, rest @ ..] if WAITING.contains(command) => {
                let done = self
                    .idle(command)
                    .and_then(|()| self.execute_when_idle(command, rest));
                if *command == "position" {
                    self.refused_position = done.as_ref().err().cloned();
                }
                done?;
            }
            [command, ..] => return Err(format!("unknown command {command:?}")),
        }
        Ok(Flow::Continue)
    }

    /// Carries out `command`, one of [`WAITING`], with the `words` after it, once no search
    /// runs.
    fn execute_when_idle(&mut self, command: &str, words: &[&str]) -> Result<(), String> {
        match (command, words) {
            ("ucinewgame", []) => {
                self.position = Position::startpos();
                self.refused_position = None;
                self.history.clear();
                lock(&self.table).clear();
                lock(&self.tables).clear();
            }
            ("position", _) => (self.position, self.history) = parse_position(words)?,
            ("setoption", _) => self.set_option(words)?,
            ("set", _) => {
                let config = set_switch(self.options.search, words)?;
                self.change_search(config);
            }
            ("go", ["perft", depth]) => {
                // Perft recurses once a ply: a depth in the thousands would overflow the
                // stack, and any depth past the search's could never finish anyway.
                let depth = depth
                    .parse()
                    .ok()
                    .filter(|&depth| depth <= MAX_DEPTH)
                    .ok_or_else(|| {
                        format!("perft depth {depth:?} is not a whole number from 0 to {MAX_DEPTH}")
                    })?;
                self.say(perft_report(&self.position, depth).trim_end());
            }
            ("go", ["perft", ..]) => return Err("go perft takes one depth: go perft N".into()),
            ("go", _) => {
                let mut limits = parse_go(&self.position, words)?;
                if let Some(problem) = &self.refused_position {
                    return Err(format!(
                        "go is refused after a refused position ({problem})"
                    ));
                }
                limits.move_overhead = Some(self.options.move_overhead_ms);
                limits.multi_pv = Some(self.options.multi_pv as usize);
                self.start_search(limits);
            }
            ("stats" | "bench", _) => {
                let report = measurement(command, words, self.options.search)?;
                self.say(report.trim_end());
            }
            _ => return Err(format!("{command} takes no arguments")),
        }
        Ok(())
    }

    /// Makes sure no search is running before `command` changes what a search would work on,
    /// or searches itself. A search that has answered is done with. One that has not is left
    /// to run and the command refused: to wait for it here would leave the `stop` or
    /// `isready` behind the command unread for as long as the search runs.
    fn idle(&mut self, command: &str) -> Result<(), String> {
        let Some(search) = self.search.take() else {
            return Ok(());
        };
        if !search.flags.answered.load(Ordering::Acquire) {
            self.search = Some(search);
            return Err(format!(
                "{command} is refused while a search runs: send stop, or wait for its bestmove"
            ));
        }
        // The search has written its `bestmove`, so its thread is ending: this wait is short.
        // A thread that panicked has broken an invariant, and its panic was printed.
        let _ = search.thread.join();
        Ok(())
    }

    /// Carries out `setoption name NAME [value VALUE]`. A new `Hash` size rebuilds the table,
    /// empty; a size that cannot be had is refused, and the old table and options stay.
    /// `Clear Hash` empties the table.
    fn set_option(&mut self, words: &[&str]) -> Result<(), String> {
        let mut table = lock(&self.table);
        match set_option(&self.options, words)? {
            OptionChange::ClearHash => table.clear(),
            OptionChange::Options(changed) => {
                if changed.hash_mb != self.options.hash_mb {
                    let mb = usize::try_from(changed.hash_mb).unwrap_or(usize::MAX);
                    table.resize(mb).map_err(|error| error.to_string())?;
                }
                drop(table);
                self.change_search(changed.search);
                self.options = changed;
            }
        }
        Ok(())
    }

    /// Switches the search to `config`. The ordering tables learnt under the old switches
    /// are emptied if they change, so that a search with a table switched off orders its
    /// moves exactly as that search did from the start, with nothing left from before.
    fn change_search(&mut self, config: SearchConfig) {
        if config != self.options.search {
            lock(&self.tables).clear();
        }
        self.options.search = config;
    }

    /// Starts a search of the current position on a thread of its own.
    fn start_search(&mut self, limits: Limits) {
        let flags = Arc::new(Flags::default());
        flags.pondering.store(limits.ponder, Ordering::Relaxed);
        let (position, history, config) = (
            self.position.clone(),
            self.history.clone(),
            self.options.search,
        );
        let (shared, output) = (Arc::clone(&flags), Arc::clone(&self.output));
        let (table, tables) = (Arc::clone(&self.table), Arc::clone(&self.tables));
        let thread = std::thread::spawn(move || {
            let task = Task {
                position: &position,
                history: &history,
                limits: &limits,
                config,
            };
            let job = Job {
                task,
                table: &table,
                tables: &tables,
            };
            search_thread(&job, &shared, &output)
        });
        self.search = Some(Running { flags, thread });
    }

    /// Stops the search, if one is running, and waits for its `bestmove`.
    fn stop_search(&mut self) {
        if let Some(search) = self.search.take() {
            search.flags.stop.store(true, Ordering::Relaxed);
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
            search.flags.pondering.store(false, Ordering::Relaxed);
            search.thread.thread().unpark();
        }
    }

    /// Writes `text` and a newline, and flushes, so the GUI sees it at once.
    fn say(&self, text: &str) {
        write_line(&self.output, text);
    }
}

impl<W: Write + Send + 'static> Drop for Engine<W> {
    /// An engine dropped in the middle of a search stops it, so that no search thread
    /// outlives the engine that started it.
    fn drop(&mut self) {
        self.stop_search();
    }
}

/// The value behind `mutex`, locked. A thread that panicked while holding it has broken an
/// invariant and its panic was printed; what it left is still the best there is.
fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Writes `text` and a newline to the shared output and flushes it. If the GUI has gone away
/// there is no one to tell, so a failed write is ignored.
fn write_line<W: Write>(output: &Mutex<W>, text: &str) {
    let mut output = lock(output);
    let _ = writeln!(output, "{text}").and_then(|()| output.flush());
}
