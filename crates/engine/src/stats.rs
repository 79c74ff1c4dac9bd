//! Search statistics: what a search did, counted as it goes. The `stats` command prints them
//! for the book's six positions (see [`crate::measure`]).
//!
//! Two numbers say most about a search without playing a game. The nodes it visits say how
//! big its tree is. The share of beta cutoffs made by the first move searched says how good its
//! move ordering is: alpha-beta does best when the move that cuts a node short comes first.

/// What one search counted.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Positions visited, in the main search and in quiescence.
    pub nodes: u64,
    /// The deepest ply reached ("selective depth": quiescence goes past the nominal depth).
    pub seldepth: usize,
    /// Nodes of the main search that a move cut short (a beta cutoff).
    pub cutoffs: u64,
    /// Of those, the ones where the move that cut was the first one searched.
    pub first_move_cutoffs: u64,
    /// Moves that principal variation search tried with a null window first (stage 13).
    pub scouts: u64,
    /// Of those, the ones it searched again with the full window, because the null window
    /// said they might beat the best so far.
    pub re_searches: u64,
    /// Root searches that fell outside their aspiration window and were made again (stage 13).
    pub aspiration_fails: u64,
    /// Null moves tried: nodes where the side to move passed to see if the opponent could
    /// still stay below beta (stage 14).
    pub null_moves: u64,
    /// Of those, the ones whose search reached beta and so cut the node off.
    pub null_cutoffs: u64,
    /// Nodes where reverse futility pruning compared the static evaluation with beta
    /// (stage 15).
    pub futility_tries: u64,
    /// Of those, the ones it cut off on the evaluation alone.
    pub futility_cutoffs: u64,
    /// Moves searched a ply deeper because they gave check (stage 15).
    pub check_extensions: u64,
    /// Moves searched first at a reduced depth, late in their node's order (stage 16).
    pub reduced: u64,
    /// Of those, the ones searched again at full depth, because the reduced search reached
    /// above alpha.
    pub reduced_re_searches: u64,
    /// Quiet moves left out of their node's search by late move pruning (stage 17).
    pub late_moves_pruned: u64,
    /// Quiet moves left out by futility pruning, the evaluation being too far below alpha
    /// (stage 18).
    pub futile_moves_pruned: u64,
    /// Moves of the main search left out because the static exchange evaluation said they
    /// lose too much material for their depth (stage 18).
    pub see_moves_pruned: u64,
    /// Captures that quiescence did not search because the static exchange evaluation said
    /// they lose material (stage 18).
    pub losing_captures_skipped: u64,
    /// Nodes searched a ply shallower because the transposition table had no move for them
    /// (stage 19).
    pub iterative_reductions: u64,
    /// Singular searches: the node's moves searched without the table's move, at half the
    /// depth, to see whether any comes near its score (section 14.1).
    pub singular_searches: u64,
    /// Of those, the ones where none did: the table's move was searched a ply deeper.
    pub singular_extensions: u64,
    /// Of those where some did, the ones where enough did to cut the node off at once: a
    /// multi-cut.
    pub multi_cuts: u64,
    /// Of those where some did, the ones that searched the table's move a ply shallower: a
    /// negative extension.
    pub singular_reductions: u64,
    /// Quiet moves left out because their history lay too far below zero (section 14.1).
    pub history_pruned: u64,
    /// Nodes cut off by ProbCut: a capture's shallow search cleared beta by the margin
    /// (section 14.1).
    pub probcuts: u64,
}

impl Stats {
    /// Counts a node at `ply`.
    pub fn node(&mut self, ply: usize) {
        self.nodes += 1;
        self.seldepth = self.seldepth.max(ply);
    }

    /// Counts a beta cutoff by the `searched`-th move of its node, counting from 1.
    pub fn cutoff(&mut self, searched: usize) {
        self.cutoffs += 1;
        self.first_move_cutoffs += u64::from(searched == 1);
    }

    /// Counts a move tried with a null window, and whether it was `re_searched`.
    pub fn scout(&mut self, re_searched: bool) {
        self.scouts += 1;
        self.re_searches += u64::from(re_searched);
    }

    /// Counts a null move tried, and whether it `cut` the node off.
    pub fn null_move(&mut self, cut: bool) {
        self.null_moves += 1;
        self.null_cutoffs += u64::from(cut);
    }

    /// Counts a node where reverse futility pruning looked at the evaluation, and whether it
    /// `cut` the node off.
    pub fn reverse_futility(&mut self, cut: bool) {
        self.futility_tries += 1;
        self.futility_cutoffs += u64::from(cut);
    }

    /// Counts a move searched at a reduced depth, and whether it was `re_searched` at full
    /// depth because the reduced search reached above alpha.
    pub fn reduction(&mut self, re_searched: bool) {
        self.reduced += 1;
        self.reduced_re_searches += u64::from(re_searched);
    }

    /// Adds what `other` counted to this count, as for a total over several searches; the
    /// deepest ply is the deeper of the two.
    pub fn add(&mut self, other: &Stats) {
        self.nodes += other.nodes;
        self.seldepth = self.seldepth.max(other.seldepth);
        self.cutoffs += other.cutoffs;
        self.first_move_cutoffs += other.first_move_cutoffs;
        self.scouts += other.scouts;
        self.re_searches += other.re_searches;
        self.aspiration_fails += other.aspiration_fails;
        self.null_moves += other.null_moves;
        self.null_cutoffs += other.null_cutoffs;
        self.futility_tries += other.futility_tries;
        self.futility_cutoffs += other.futility_cutoffs;
        self.check_extensions += other.check_extensions;
        self.reduced += other.reduced;
        self.reduced_re_searches += other.reduced_re_searches;
        self.late_moves_pruned += other.late_moves_pruned;
        self.futile_moves_pruned += other.futile_moves_pruned;
        self.see_moves_pruned += other.see_moves_pruned;
        self.losing_captures_skipped += other.losing_captures_skipped;
        self.iterative_reductions += other.iterative_reductions;
        self.singular_searches += other.singular_searches;
        self.singular_extensions += other.singular_extensions;
        self.multi_cuts += other.multi_cuts;
        self.singular_reductions += other.singular_reductions;
        self.history_pruned += other.history_pruned;
        self.probcuts += other.probcuts;
    }

    /// The share of cutoffs made by the first move, in per cent (0 when there were none).
    pub fn first_move_share(&self) -> f64 {
        if self.cutoffs == 0 {
            return 0.0;
        }
        100.0 * self.first_move_cutoffs as f64 / self.cutoffs as f64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_move_share_counts_only_first_moves() {
        let mut stats = Stats::default();
        for searched in [1, 1, 3, 1] {
            stats.cutoff(searched);
        }
        assert_eq!((stats.cutoffs, stats.first_move_cutoffs), (4, 3));
        assert_eq!(stats.first_move_share(), 75.0);
        assert_eq!(Stats::default().first_move_share(), 0.0);
    }
}
