//! The search's scores: the constants every part of the search agrees on.
//!
//! Scores are centipawns from the point of view of the side to move. A mate is scored by its
//! distance from the root, so the search prefers the shortest mate and the longest defence;
//! the scores near [`MATE`] are kept for mates, and none of them can come from the evaluation.
//! This module uses no other: the search, its tables and the UCI loop all read it.

/// A score beyond every real one: the bounds of the window a search starts with.
pub const INFINITY: i32 = 32_767;

/// The score of giving mate at the root itself, more than any evaluation can be; a mate `ply`
/// plies from the root scores `MATE - ply` for the side giving it, and being mated there
/// `-(MATE - ply)`.
pub const MATE: i32 = 32_000;

/// The deepest ply the search goes to, quiescence included.
pub const MAX_PLY: usize = 128;

/// Scores at least this far from 0 are mates, found at most [`MAX_PLY`] plies away.
pub const MATE_BOUND: i32 = MATE - MAX_PLY as i32;

/// The score of a draw.
pub const DRAW: i32 = 0;

/// The score of being mated `ply` plies from the root.
pub fn mated_score(ply: usize) -> i32 {
    -MATE + ply as i32
}
