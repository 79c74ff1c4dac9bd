//! When a search must give up: the stop flag, the clock and the node limit.

use super::{Searcher, Stopped};
use crate::time::Clock;
use std::sync::atomic::{AtomicBool, Ordering};

/// How many nodes go by between looks at the stop flag and the clock. Reading the clock costs
/// more than a node; a thousand nodes take a millisecond or less.
pub const CHECK_INTERVAL: u64 = 1024;

/// When a search must give up before its depth is done.
#[derive(Clone, Copy, Debug)]
pub struct Control<'a> {
    /// Set by the UCI loop on `stop`.
    pub stop: Option<&'a AtomicBool>,
    /// The clock, with its hard limit.
    pub clock: Clock<'a>,
    /// The number of nodes to give up at.
    pub max_nodes: Option<u64>,
}

impl Default for Control<'_> {
    /// A control that never gives up: for fixed-depth searches such as `stats` and `bench`.
    fn default() -> Self {
        Control {
            stop: None,
            clock: Clock::unlimited(),
            max_nodes: None,
        }
    }
}

impl Control<'_> {
    /// Whether a search that has visited `nodes` nodes must give up now. The node limit is
    /// exact; the flag and the clock are read every [`CHECK_INTERVAL`] nodes.
    fn must_stop(&mut self, nodes: u64) -> bool {
        if self.max_nodes.is_some_and(|max| nodes >= max) {
            return true;
        }
        if !nodes.is_multiple_of(CHECK_INTERVAL) {
            return false;
        }
        self.stop.is_some_and(|stop| stop.load(Ordering::Relaxed)) || self.clock.hard_passed()
    }
}

impl Searcher<'_> {
    /// Gives up, with [`Stopped`], if the search must stop now; a node calls it once it has
    /// been counted, and passes the stop up with `?`.
    pub(super) fn check_stop(&mut self) -> Result<(), Stopped> {
        if self.control.must_stop(self.stats.nodes) {
            Err(Stopped)
        } else {
            Ok(())
        }
    }
}
