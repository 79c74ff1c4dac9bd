//! The limits of a search, as a `go` command gives them, with the options that shape every
//! search.

use crate::moves::Move;

/// What a `go` command asks for, and the two options that shape how a search meets it. Times
/// are in milliseconds; `None` means not given.
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
    /// Milliseconds of the clock the time manager keeps back for the interface and the
    /// network: the `Move Overhead` option, not a word of `go`. `None` leaves the time
    /// manager's default, [`crate::time::MOVE_OVERHEAD_MS`].
    pub move_overhead: Option<u64>,
    /// How many of the best root moves the search finds and reports, each in its own line:
    /// the `MultiPV` option, not a word of `go`. `None` is one line, the usual search.
    pub multi_pv: Option<usize>,
}
