//! The limits of a search, as a `go` command gives them.

use crate::moves::Move;

/// What a `go` command asks for. Times are in milliseconds; `None` means not given.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// White's time left on the clock.
    pub white_time: Option<u64>,
    /// Black's time left on the clock.
    pub black_time: Option<u64>,
    /// White's increment per move.
    pub white_increment: Option<u64>,
    /// Black's increment per move.
    pub black_increment: Option<u64>,
    /// Moves until the next time control.
    pub moves_to_go: Option<u64>,
    /// Search exactly this long.
    pub move_time: Option<u64>,
    /// Search this many plies deep.
    pub depth: Option<u64>,
    /// Search this many nodes.
    pub nodes: Option<u64>,
    /// Search for a mate in this many moves.
    pub mate: Option<u64>,
    /// Search until told to stop.
    pub infinite: bool,
    /// Search while the opponent thinks, until `ponderhit` or `stop`.
    pub ponder: bool,
    /// Consider only these moves at the root; all of them if empty.
    pub search_moves: Vec<Move>,
}
