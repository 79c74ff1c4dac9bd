//! The `cb2026` binary: the engine's command loop on standard input and output.

use cb2026::uci::Session;
use std::process::ExitCode;

/// Runs the command loop until `quit` or the end of the input.
fn main() -> ExitCode {
    let stdin = std::io::stdin();
    match Session::default().run(stdin.lock(), std::io::stdout().lock()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("cb2026: {error}");
            ExitCode::FAILURE
        }
    }
}
