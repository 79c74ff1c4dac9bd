//! The UCI loop under long random streams of commands: valid, malformed and out of order, with
//! searches started and interrupted among them, as a careless GUI or a person typing might send
//! them. Whatever came before, `stop`, `isready` and `quit` must be answered at once, and the
//! engine must stay in a sane state: one `bestmove`, a legal one, for every `go` it accepted,
//! and the position the last accepted `position` set up.
//!
//! The streams come from a seeded generator, so a failure can be replayed: its message names
//! the seed, the burst and the command.

use cb2026::Position;
use cb2026::movegen::legal_moves;
use cb2026::rng::Rng;
use cb2026::uci::{Engine, Flow};
use output::SharedOutput;
use std::sync::mpsc::{Receiver, Sender, channel};
use std::time::Duration;

/// The output the engine and the test share.
#[path = "support/output.rs"]
mod output;

/// How long one command may keep the loop from reading the next. Generous, since the tests
/// share a busy machine; a loop that waits for a search waits for ever.
const BOUND: Duration = Duration::from_secs(5);

/// Positions for `position fen`, among them a checkmate and a stalemate, which have no move.
const FENS: [&str; 5] = [
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1",
    "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1",
    "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
];

/// The moves of every `bestmove` written so far, in order.
fn best_moves(output: &SharedOutput) -> Vec<String> {
    let text = output.text_from(0);
    let answers = text.lines().filter_map(|l| l.strip_prefix("bestmove "));
    answers.map(str::to_string).collect()
}

/// The engine on a thread of its own, handed one line at a time through `Engine::handle`, so
/// that a command that keeps the loop from reading fails the test instead of hanging it.
struct Driver {
    /// Lines for the engine.
    lines: Sender<String>,
    /// What `handle` returned for each line.
    flows: Receiver<Flow>,
    /// What the engine wrote.
    output: SharedOutput,
}

impl Driver {
    /// A new engine, in the start position.
    fn new() -> Driver {
        let output = SharedOutput::default();
        let (lines, inbox) = channel::<String>();
        let (outbox, flows) = channel();
        let written = output.clone();
        std::thread::spawn(move || {
            let mut engine = Engine::new(written);
            for line in inbox {
                if outbox.send(engine.handle(&line)).is_err() {
                    break;
                }
            }
        });
        Driver {
            lines,
            flows,
            output,
        }
    }

    /// Hands `line` to the engine, and returns what `handle` returned and what was written
    /// meanwhile (the search's lines among it); fails if `handle` took longer than [`BOUND`].
    fn send(&self, line: &str, context: &str) -> (Flow, String) {
        let start = self.output.len();
        self.lines.send(line.to_string()).unwrap();
        let flow = self.flows.recv_timeout(BOUND);
        let flow = flow.unwrap_or_else(|_| panic!("{context}: {line:?} made the loop deaf"));
        (flow, self.output.text_from(start))
    }
}

/// What an accepted command does to the state the test follows.
enum Effect {
    /// Nothing the test follows.
    Nothing,
    /// Sets up this position.
    SetUp(Position),
    /// Starts a search, which ends by itself soon or not.
    Search {
        /// Whether it ends by itself within a moment.
        ends_soon: bool,
    },
    /// Nothing at once; then the test waits for the search to answer, as a GUI does, if it
    /// ends by itself soon.
    AwaitAnswer,
}

/// A command of the stream: its line, whether it is well formed (a malformed one is always
/// refused), whether it waits until no search runs, and its effect when accepted.
struct Command {
    /// The line sent.
    line: String,
    /// Whether it is well formed.
    valid: bool,
    /// Whether it must wait for a search to answer.
    waits: bool,
    /// What it does when accepted.
    effect: Effect,
}

impl Command {
    /// A command that waits until no search runs.
    fn waiting(line: impl Into<String>, valid: bool, effect: Effect) -> Command {
        let line = line.into();
        Command {
            line,
            valid,
            waits: true,
            effect,
        }
    }

    /// A command carried out at once, search or no search.
    fn instant(line: impl Into<String>, valid: bool) -> Command {
        let line = line.into();
        Command {
            line,
            valid,
            waits: false,
            effect: Effect::Nothing,
        }
    }
}

/// The state of the engine as the test follows it.
struct Model {
    /// The position the last accepted `position` or `ucinewgame` set up.
    position: Position,
    /// The position of every accepted `go`, in order.
    searched: Vec<Position>,
    /// Whether the last accepted search ends by itself soon.
    ends_soon: bool,
    /// Whether the last `position` command was refused, since when every `go` that would
    /// search is refused too, until a position is set up again.
    position_refused: bool,
}

impl Model {
    /// The engine as it starts.
    fn new() -> Model {
        Model {
            position: Position::startpos(),
            searched: Vec::new(),
            ends_soon: true,
            position_refused: false,
        }
    }
}

/// A number below `n`.
fn below(rng: &mut Rng, n: usize) -> usize {
    (rng.next_u64() % n as u64) as usize
}

/// One of `choices`.
fn one_of<'a>(rng: &mut Rng, choices: &[&'a str]) -> &'a str {
    choices[below(rng, choices.len())]
}

/// A random walk of up to `plies` legal moves from `start`: the moves in UCI notation, and
/// the position they reach.
fn walk(rng: &mut Rng, start: Position, plies: usize) -> (Vec<String>, Position) {
    let (mut moves, mut position) = (Vec::new(), start);
    for _ in 0..below(rng, plies + 1) {
        let legal = legal_moves(&position);
        let Some(&mv) = legal.as_slice().get(below(rng, legal.len().max(1))) else {
            break;
        };
        moves.push(mv.to_string());
        position = position.make(mv);
    }
    (moves, position)
}

/// A `position` command, well formed or not.
fn position_command(rng: &mut Rng) -> Command {
    let (setup, start) = match below(rng, 3) {
        0 => ("startpos".to_string(), Position::startpos()),
        1 => {
            let fen = one_of(rng, &FENS);
            (format!("fen {fen}"), Position::from_fen(fen).unwrap())
        }
        _ => {
            let bad = one_of(
                rng,
                &[
                    "fen 8/8/8 w - - 0 1",
                    "startpos moves e2e5",
                    "",
                    "sideways",
                    "fen",
                    "startpos moves e2e4 e2e4",
                ],
            );
            return Command::waiting(format!("position {bad}"), false, Effect::Nothing);
        }
    };
    let (moves, reached) = walk(rng, start, 8);
    let line = if moves.is_empty() && below(rng, 2) == 0 {
        format!("position {setup}")
    } else {
        format!("position {setup} moves {}", moves.join(" "))
    };
    Command::waiting(line, true, Effect::SetUp(reached))
}

/// A `go` command, well formed or not, searching or counting.
fn go_command(rng: &mut Rng, model: &Model) -> Command {
    let search =
        |line: String, ends_soon: bool| Command::waiting(line, true, Effect::Search { ends_soon });
    match below(rng, 6) {
        0 => search(format!("go depth {}", 1 + below(rng, 3)), true),
        1 => {
            let long = [
                "go",
                "go depth 60",
                "go nodes 1000000000000",
                "go infinite",
                "go ponder",
                "go ponder wtime 500 btime 500",
            ];
            search(one_of(rng, &long).to_string(), false)
        }
        2 => {
            let short = [
                format!("go movetime {}", 1 + below(rng, 20)),
                format!("go nodes {}", 1 + below(rng, 3000)),
                "go mate 1".to_string(),
                "go wtime 300 btime 300 winc 10 binc 10".to_string(),
            ];
            search(short[below(rng, short.len())].clone(), true)
        }
        3 => match legal_moves(&model.position).as_slice() {
            [] => Command::waiting("go searchmoves e2e4", false, Effect::Nothing),
            moves => {
                let mv = moves[below(rng, moves.len())];
                search(format!("go depth 2 searchmoves {mv}"), true)
            }
        },
        4 => Command::waiting(
            format!("go perft {}", 1 + below(rng, 3)),
            true,
            Effect::Nothing,
        ),
        _ => {
            let bad = [
                "go depth x",
                "go sideways",
                "go depth",
                "go searchmoves",
                "go perft x",
                "go nodes -",
            ];
            Command::waiting(one_of(rng, &bad), false, Effect::Nothing)
        }
    }
}

/// A command of any kind, well formed or not, or a pause.
fn random_command(rng: &mut Rng, model: &Model) -> Command {
    let pick = |rng: &mut Rng, good: &[&str], bad: &[&str]| -> (String, bool) {
        let valid = below(rng, 2) == 0;
        let choices = if valid { good } else { bad };
        (one_of(rng, choices).to_string(), valid)
    };
    match below(rng, 16) {
        0 | 1 => position_command(rng),
        2..=4 => go_command(rng, model),
        5 => Command::instant("stop", true),
        6 => Command::instant("isready", true),
        7 => Command::instant("ponderhit", true),
        8 => {
            let good = ["uci", "d", "eval", "debug on", "register later", "", "  "];
            let (line, valid) = pick(rng, &good, &["eval now", "fly", "zq 1 2", "Stop"]);
            Command::instant(line, valid)
        }
        9 => {
            let (line, valid) = pick(rng, &["ucinewgame"], &["ucinewgame now"]);
            let effect = if valid {
                Effect::SetUp(Position::startpos())
            } else {
                Effect::Nothing
            };
            Command::waiting(line, valid, effect)
        }
        10 => {
            let good = [
                "setoption name Hash value 32",
                "setoption name Threads value 1",
                "setoption name Clear Hash",
                "setoption name Stage value 12",
                "set stage 10",
                "set stage 20",
            ];
            let bad = [
                "setoption name Hash value 0",
                "setoption name Stage value 21",
                "setoption name Colour value red",
                "setoption",
                "set stage 0",
                "set nosuch on",
                "set",
            ];
            let (line, valid) = pick(rng, &good, &bad);
            Command::waiting(line, valid, Effect::Nothing)
        }
        11 => {
            let good = ["stats 1", "bench 1", "bench 1 stage 10", "stats 1 stage 20"];
            let bad = ["stats 0", "bench x", "bench 1 stage", "stats 1 2"];
            let (line, valid) = pick(rng, &good, &bad);
            Command::waiting(line, valid, Effect::Nothing)
        }
        _ => Command {
            line: "isready".to_string(),
            valid: true,
            waits: false,
            effect: Effect::AwaitAnswer,
        },
    }
}

/// Waits until every accepted `go` has answered, failing after [`BOUND`].
fn await_answers(driver: &Driver, model: &Model, context: &str) {
    let started = std::time::Instant::now();
    while best_moves(&driver.output).len() < model.searched.len() {
        assert!(started.elapsed() < BOUND, "{context}: no bestmove");
        std::thread::sleep(Duration::from_millis(1));
    }
}

/// Sends `command` and checks what the engine made of it against `model`, which it updates.
fn step(driver: &Driver, model: &mut Model, command: &Command, context: &str) {
    let idle = best_moves(&driver.output).len() == model.searched.len();
    let (flow, written) = driver.send(&command.line, context);
    assert_eq!(flow, Flow::Continue, "{context}");
    let refused = written.lines().any(|l| l.starts_with("info string "));
    let line = &command.line;
    let searches = matches!(command.effect, Effect::Search { .. });
    let valid = command.valid && !(searches && model.position_refused);
    if line.split_whitespace().next() == Some("position") {
        model.position_refused = refused;
    }
    if !valid {
        assert!(refused, "{context}: {line:?} was carried out: {written}");
    } else if idle || !command.waits {
        // No search was running, or the command needs none to end: it must go ahead, even
        // when the search's bestmove came only just before it.
        assert!(!refused, "{context}: {line:?} was refused: {written}");
    }
    if line == "isready" {
        assert!(written.contains("readyok\n"), "{context}: {written}");
    }
    if line == "stop" {
        let answered = best_moves(&driver.output).len();
        assert_eq!(answered, model.searched.len(), "{context}: after stop");
    }
    if refused {
        return;
    }
    match &command.effect {
        Effect::Nothing => {}
        Effect::SetUp(position) => {
            model.position = position.clone();
            model.position_refused = false;
        }
        Effect::Search { ends_soon } => {
            model.searched.push(model.position.clone());
            model.ends_soon = *ends_soon;
        }
        Effect::AwaitAnswer if model.ends_soon => await_answers(driver, model, context),
        Effect::AwaitAnswer => {}
    }
}

/// After a burst: `stop` and `isready` are answered, every accepted `go` has had exactly one
/// `bestmove`, legal in the position it searched, and the position is the model's.
fn check_state(driver: &Driver, model: &Model, context: &str) {
    let (_, written) = driver.send("stop", context);
    assert!(!written.contains("info string"), "{context}: {written}");
    let (_, written) = driver.send("isready", context);
    assert_eq!(written, "readyok\n", "{context}");
    let best = best_moves(&driver.output);
    assert_eq!(best.len(), model.searched.len(), "{context}: {best:?}");
    for (answer, position) in best.iter().zip(&model.searched) {
        let legal = legal_moves(position);
        let mut names = legal.as_slice().iter().map(|mv| mv.to_string());
        let expected = if legal.is_empty() { "0000" } else { answer };
        assert_eq!(answer, expected, "{context}: in {position}");
        assert!(
            legal.is_empty() || names.any(|name| name == *answer),
            "{context}"
        );
    }
    let (_, shown) = driver.send("d", context);
    let fen = format!("\nFen: {}\n", model.position);
    assert!(shown.contains(&fen), "{context}: {shown}");
}

#[test]
fn after_any_stream_of_commands_the_loop_answers_and_its_state_is_sane() {
    for seed in [1, 2, 3] {
        let mut rng = Rng::new(seed);
        let (mut driver, mut model) = (Driver::new(), Model::new());
        for burst in 0..40 {
            for at in 0..30 {
                let command = random_command(&mut rng, &model);
                let context = format!("seed {seed}, burst {burst}, command {at}");
                step(&driver, &mut model, &command, &context);
                if below(&mut rng, 8) == 0 {
                    std::thread::sleep(Duration::from_millis(below(&mut rng, 4) as u64));
                }
            }
            let context = format!("seed {seed}, after burst {burst}");
            if below(&mut rng, 4) == 0 {
                // quit ends any search, with its answer, and the loop.
                let (flow, _) = driver.send("quit", &context);
                assert_eq!(flow, Flow::Quit, "{context}");
                let answered = best_moves(&driver.output).len();
                assert_eq!(answered, model.searched.len(), "{context}");
                (driver, model) = (Driver::new(), Model::new());
            } else {
                check_state(&driver, &model, &context);
            }
        }
    }
}
