//! The check extension: a move that gives check is searched a ply deeper than the others, so
//! that the search does not stop in the middle of an attack on the king, where the evaluation
//! of a quiet position is least to be trusted.

use super::{Depth, Searcher};
use crate::config::Switches;

/// How deep, as a multiple of the root's depth, a path may still be extended: a check at ply
/// `ply` is extended only while `ply < CHECK_EXTENSION_PLY_FACTOR * root depth`. Without a
/// bound, two sides that check each other in turn would search on without losing depth.
pub const CHECK_EXTENSION_PLY_FACTOR: Depth = 2;

impl Searcher<'_> {
    /// The plies to add to the depth of the child reached by a move made at `ply`: one if the
    /// move gave check (as the child's frame, filled in when the move was played, says), else
    /// none.
    ///
    /// The extension stops at twice the root's depth. A path of extended checks gives no
    /// depth away, so each side checking in turn could carry a line far past the horizon;
    /// past the bound every move costs its ply again, so no path of a search `d` deep is
    /// longer than `2d` plies plus the `d` it may still take after them (and quiescence).
    /// A path that reaches [`crate::score::MAX_PLY`] all the same ends there, on the static
    /// evaluation, as every path always has.
    pub(super) fn check_extension(&mut self, ply: usize) -> Depth {
        if !self.config.is_on(Switches::CHECK_EXTENSION) {
            return 0;
        }
        let within = (ply as Depth) < CHECK_EXTENSION_PLY_FACTOR * self.root_depth;
        if !within || !self.in_check(ply + 1) {
            return 0;
        }
        self.stats.check_extensions += 1;
        1
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::SearchConfig;
    use crate::movegen::find_move;
    use crate::position::Position;
    use crate::search::Control;
    use crate::tt::TranspositionTable;

    /// White's rook can check the black king from e1 or go quietly to a2.
    const ROOK: &str = "4k3/8/8/8/8/8/8/R5K1 w - - 0 1";

    /// The extension `config` gives `mv` of [`ROOK`], played at `ply` of a search whose root
    /// is `root_depth` deep, and the extensions counted.
    fn extension(config: SearchConfig, mv: &str, ply: usize, root_depth: Depth) -> (Depth, u64) {
        let position = Position::from_fen(ROOK).unwrap();
        let mut table = TranspositionTable::new(1).unwrap();
        let mut searcher = Searcher::new(&[], Control::default(), &mut table, config);
        searcher.root_depth = root_depth;
        searcher.play(&position, find_move(&position, mv).unwrap(), ply);
        let plies = searcher.check_extension(ply);
        (plies, searcher.stats.check_extensions)
    }

    #[test]
    fn a_checking_move_is_extended_by_one_ply_and_a_quiet_one_is_not() {
        let config = SearchConfig::default();
        assert_eq!(extension(config, "a1e1", 3, 4), (1, 1));
        assert_eq!(extension(config, "a1a2", 3, 4), (0, 0));
    }

    #[test]
    fn no_extension_with_the_switch_off() {
        let off = SearchConfig::preset(14).unwrap();
        assert_eq!(extension(off, "a1e1", 3, 4), (0, 0));
    }

    #[test]
    fn no_extension_from_twice_the_root_depth_on() {
        let config = SearchConfig::default();
        let bound = (CHECK_EXTENSION_PLY_FACTOR * 4) as usize;
        assert_eq!(extension(config, "a1e1", bound - 1, 4), (1, 1));
        assert_eq!(extension(config, "a1e1", bound, 4), (0, 0));
    }
}
