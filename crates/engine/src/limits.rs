//! The limits of a search, as a `go` command gives them, with the options that shape every
//! search.

use crate::moves::Move;
use crate::time::MOVE_OVERHEAD_MS;

/// What a `go` command asks for, and the two options that shape how a search meets it. Times
/// are in milliseconds; `None` means not given.
#[derive(Clone, Debug, PartialEq, Eq)]
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
    /// network: the `Move Overhead` option, not a word of `go`.
    pub move_overhead: u64,
    /// How many of the best root moves the search finds and reports, each with its own line:
    /// the `MultiPV` option, not a word of `go`. 1 is the usual search.
    pub multi_pv: usize,
}

impl Default for Limits {
    /// No limit given, the default overhead and one line.
    fn default() -> Limits {
        Limits {
            white_time: None,
            black_time: None,
            white_increment: None,
            black_increment: None,
            moves_to_go: None,
            move_time: None,
            depth: None,
            nodes: None,
            mate: None,
            infinite: false,
            ponder: false,
            search_moves: Vec::new(),
            move_overhead: MOVE_OVERHEAD_MS,
            multi_pv: 1,
        }
    }
}
