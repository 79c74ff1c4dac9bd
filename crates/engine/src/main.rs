//! The `cb2026` binary: the engine speaking UCI on standard input and output, or carrying out
//! the one command its arguments make (`cb2026 bench`, `cb2026 go perft 6`) and exiting.

use cb2026::uci::Engine;
use std::process::ExitCode;

/// What to say after a command-line error: how the program is used.
const USAGE: &str = "usage: `cb2026` speaks UCI on standard input; `cb2026 COMMAND` carries out \
                     one command (bench [depth], stats [depth], go perft N, go depth N, eval, …) \
                     and exits";

/// Runs the command the arguments make, if there are any, and the UCI loop if not.
fn main() -> ExitCode {
    let arguments: Result<Vec<String>, _> = std::env::args_os()
        .skip(1)
        .map(|argument| argument.into_string())
        .collect();
    let mut engine = Engine::new(std::io::stdout());
    let outcome = match arguments {
        Ok(words) if words.is_empty() => engine
            .run(std::io::stdin().lock())
            .map_err(|error| format!("cannot read the input: {error}")),
        Ok(words) => engine
            .command_line(&words.join(" "))
            .map_err(|problem| format!("{problem}\n{USAGE}")),
        Err(argument) => Err(format!("the argument {argument:?} is not UTF-8\n{USAGE}")),
    };
    match outcome {
        Ok(()) => ExitCode::SUCCESS,
        Err(problem) => {
            eprintln!("cb2026: {problem}");
            ExitCode::FAILURE
        }
    }
}
