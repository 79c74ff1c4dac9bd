//! Games between engines: `cargo xtask match` and `cargo xtask sprt`.
//!
//! Two engines play an opening set twice, colours swapped, several games at a time, under a
//! clock or a node limit. The rules of chess end each game (`rules`); an engine that loses on
//! time, plays an illegal move, crashes or hangs loses the game and the fault is recorded
//! against it (`game`). Results are counted in pairs of games and tested with a sequential
//! probability ratio test on normalized Elo (`stats`). Every game is written to a PGN file
//! (`pgn`), and a run can be saved as a record that the book quotes (`record`), with how each
//! player spent its clock read back from its games (`time_use`).

pub mod engine;
#[cfg(test)]
mod fake;
pub mod game;
pub mod openings;
pub mod options;
pub mod pgn;
pub mod record;
pub mod rules;
pub mod runner;
pub mod san;
pub mod stats;
pub mod time_use;
