//! The `cb2026` binary. At stage 1 the engine knows squares and bitboards and nothing of
//! the rules, so the binary draws sets of squares: `cb2026 e4 d5` prints the set {e4, d5}
//! as a board. It learns the UCI protocol in stage 6.

use cb2026::{Bitboard, Square};
use std::process::ExitCode;

/// Draws the set of the squares named on the command line, or says which name is wrong.
fn main() -> ExitCode {
    let names: Vec<String> = std::env::args().skip(1).collect();
    if names.is_empty() {
        println!(
            "cb2026 {}: give squares, such as `cb2026 e4 d5`, to see them as a bitboard",
            env!("CARGO_PKG_VERSION")
        );
        return ExitCode::SUCCESS;
    }
    let mut set = Bitboard::EMPTY;
    for name in &names {
        match name.parse::<Square>() {
            Ok(square) => set |= Bitboard::from_square(square),
            Err(error) => {
                eprintln!("cb2026: {error}");
                return ExitCode::FAILURE;
            }
        }
    }
    print!("{set}");
    println!("{set:?}, {} squares", set.count());
    ExitCode::SUCCESS
}
