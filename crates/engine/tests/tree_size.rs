//! The data of the book's tree-size plot (chapter 8 on): the nodes each stage's search visits
//! at depths 1 to 5, summed over the book's six positions, one row a stage. Stage 9's search
//! had no iterative deepening, so its row is one pass to each depth under stage 10's preset;
//! from stage 10 on, each row is the stage's preset, iterated. The plot draws the rows of the
//! stages `stages.toml` marks done; the rest are pinned too, so that a preset whose tree
//! changes fails here.
//!
//! A few seconds in release and far longer in debug, so it is ignored by a plain
//! `cargo test`; `cargo xtask ci` runs it in release.

use cb2026::config::{LAST_STAGE, SearchConfig};
use cb2026::measure::{self, POSITIONS};
use cb2026::position::Position;
use cb2026::stats::Stats;

/// The deepest depth the plot shows.
const DEEPEST: u32 = 5;

/// The nodes `search` visits under `config` at each depth from 1 to [`DEEPEST`], summed over
/// the six positions, each searched from empty tables.
fn by_depth(search: fn(&Position, u32, SearchConfig) -> Stats, config: SearchConfig) -> Vec<u64> {
    (1..=DEEPEST)
        .map(|depth| {
            POSITIONS
                .iter()
                .map(|(_, fen)| search(&Position::from_fen(fen).unwrap(), depth, config).nodes)
                .sum()
        })
        .collect()
}

#[test]
#[ignore = "every stage's search of the six positions at depths 1 to 5: run in release by cargo xtask ci"]
fn the_tree_size_of_every_stages_search_by_depth() {
    let mut rows = vec![(
        9,
        by_depth(measure::measure_one_pass, SearchConfig::preset(10).unwrap()),
    )];
    for stage in 10..=LAST_STAGE {
        rows.push((
            stage,
            by_depth(measure::measure, SearchConfig::preset(stage).unwrap()),
        ));
    }
    let header: Vec<String> = (1..=DEEPEST)
        .map(|depth| format!("depth-{depth}"))
        .collect();
    let mut table = format!("stage {}\n", header.join(" "));
    for (stage, counts) in rows {
        let cells: Vec<String> = counts.iter().map(u64::to_string).collect();
        table.push_str(&format!("{stage} {}\n", cells.join(" ")));
    }
    insta::assert_snapshot!("tree_size_by_depth", table);
}
