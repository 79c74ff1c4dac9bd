//! The `cb2026` binary: the engine speaking UCI on standard input and output.

use cb2026::uci::Engine;
use std::process::ExitCode;

/// Runs the UCI loop until `quit` or the end of the input.
fn main() -> ExitCode {
    let mut engine = Engine::new(std::io::stdout());
    match engine.run(std::io::stdin().lock()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("cb2026: cannot read the input: {error}");
            ExitCode::FAILURE
        }
    }
}
