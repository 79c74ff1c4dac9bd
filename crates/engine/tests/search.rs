//! The search's statistics on the book's six positions, pinned as the snapshots chapter 8
//! quotes: the nodes each search visits and the share of its beta cutoffs made by the first
//! move searched. A change to the search or the evaluation that moves them fails here; if it
//! is meant, accept the new snapshot and re-read the chapter's sentences around the figures.

/// The depth the chapter measures the stage-9 search at: each position in well under a second.
const STATS_DEPTH: u32 = 5;

#[test]
fn stats_of_the_six_positions() {
    insta::assert_snapshot!("stats", cb2026::stats::report(STATS_DEPTH));
}
