//! The principal variation: the line the search expects both sides to play.
//!
//! A triangular table holds it. Row `ply` is the best line found from the node being searched
//! at `ply`. When a move there raises alpha, the row becomes that move followed by the row
//! below, which the child has just filled with its own best line; every node clears its row
//! when it starts, so a line never outlives the search that found it.

use crate::moves::Move;
use crate::score::MAX_PLY;

/// The best line from each ply of the current search path.
pub struct PvTable {
    /// `lines[ply]`: the best line found from the node at `ply`, its first move first.
    lines: Vec<Vec<Move>>,
}

impl PvTable {
    /// An empty table, with room for a line at every ply. The rows are allocated once, here,
    /// so the search never allocates for them.
    pub fn new() -> PvTable {
        PvTable {
            lines: (0..=MAX_PLY).map(|_| Vec::with_capacity(MAX_PLY)).collect(),
        }
    }

    /// Empties the line at `ply`, as a node there starts.
    pub fn clear(&mut self, ply: usize) {
        self.lines[ply].clear();
    }

    /// Makes the line at `ply` be `mv` followed by the line at `ply + 1`.
    pub fn update(&mut self, ply: usize, mv: Move) {
        let (here, below) = self.lines.split_at_mut(ply + 1);
        let line = &mut here[ply];
        line.clear();
        line.push(mv);
        line.extend_from_slice(&below[0]);
    }

    /// The line found from the node at `ply`.
    pub fn line(&self, ply: usize) -> &[Move] {
        &self.lines[ply]
    }
}

impl Default for PvTable {
    fn default() -> PvTable {
        PvTable::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::moves::MoveKind;
    use crate::square::Square;

    #[test]
    fn a_line_is_its_move_followed_by_the_line_below() {
        let mv = |from, to| Move::new(from, to, MoveKind::Quiet);
        let mut table = PvTable::new();
        table.update(2, mv(Square::G8, Square::F6));
        table.update(1, mv(Square::G1, Square::F3));
        table.clear(2);
        table.update(0, mv(Square::B1, Square::C3));
        let line: Vec<String> = table.line(0).iter().map(Move::to_string).collect();
        assert_eq!(line, ["b1c3", "g1f3", "g8f6"]);
        assert!(table.line(2).is_empty());
    }
}
