//! The ladder of chapter 11: the moves of one real node searched by principal variation
//! search, each with the searches it took, left to right: the first move with the node's
//! full window, every later one with a scout (a null window at alpha), and again with the
//! full window where the scout failed high without reaching beta.
//!
//! As for chapter 8's tree ([`crate::alpha_beta`]), the engine's search reports nothing of
//! the nodes it visits. This module searches again with a small copy of stage 13's node
//! function, the ladder included, over the engine's own move generator, capture order,
//! evaluation and quiescence, and keeps what the root's moves took; the test checks that the
//! copy visits as many nodes, makes as many cutoffs, scouts and re-searches, and finds the
//! same score as the engine under stage 13's preset with its tables (the transposition table
//! and the three ordering tables) switched off. A chapter shows it with
//! `<!-- plot pvs-ladder -->`.

use crate::alpha_beta::{Counts as TreeCounts, quiescence, shown};
use cb2026::attacked::in_check;
use cb2026::movegen::legal_moves;
use cb2026::ordering::MovePicker;
use cb2026::position::Position;
use cb2026::score::{DRAW, INFINITY, mated_score};
use std::fmt::Write;

/// The position whose root is drawn: a few pieces, so that every root move fits the picture,
/// and a best move that is not the first tried, so that the ladder has a re-search to show.
pub const FEN: &str = "7k/8/8/8/8/8/6P1/7K w - - 0 1";
/// The depth searched.
pub const DEPTH: i32 = 3;

/// One search of a root move: the window it was given and what it returned, both from the
/// root's side, and the nodes it took.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rung {
    /// The window (alpha, beta).
    pub window: (i32, i32),
    /// The score the search returned.
    pub score: i32,
    /// The nodes it visited, quiescence included.
    pub nodes: u64,
}

/// One root move and the searches it took, in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// The move, in UCI.
    pub mv: String,
    /// The node's beta: a scout that reaches it settles the move as a cutoff.
    pub beta: i32,
    /// Its searches: one, or a scout and a re-search.
    pub rungs: Vec<Rung>,
}

/// What the copy counted, as the engine's statistics count it.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// The nodes and cutoffs.
    pub tree: TreeCounts,
    /// Null-window searches of a PV node's later moves.
    pub scouts: u64,
    /// Scouts that failed high without reaching beta and were searched again.
    pub re_searches: u64,
}

/// The root's ladder of `position` searched `depth` plies deep, its score and what the
/// search counted.
pub fn ladder(position: &Position, depth: i32) -> (Vec<Step>, i32, Counts) {
    let mut counts = Counts::default();
    let mut steps = Vec::new();
    let window = (-INFINITY, INFINITY);
    let score = node(position, depth, 0, window, &mut counts, Some(&mut steps));
    (steps, score, counts)
}

/// Negamax with alpha-beta and the ladder of searches, as the engine's `search_moves` and
/// `search_child` do it with no reduction and no tables; `steps` takes each move's searches
/// at the node that is given it.
fn node(
    position: &Position,
    depth: i32,
    ply: usize,
    (mut alpha, beta): (i32, i32),
    counts: &mut Counts,
    mut steps: Option<&mut Vec<Step>>,
) -> i32 {
    if depth <= 0 {
        return quiescence(position, ply, alpha, beta, &mut counts.tree);
    }
    counts.tree.nodes += 1;
    let pv_node = beta - alpha > 1;
    let mut best = None;
    let moves = MovePicker::new(position, legal_moves(position), None);
    for (searched, mv) in moves.enumerate() {
        let child = position.make(mv);
        let mut rungs = Vec::new();
        if searched > 0 && pv_node {
            let scout = rung(&child, (depth, ply), (alpha, alpha + 1), counts);
            let settled = scout.score <= alpha || scout.score >= beta;
            counts.scouts += 1;
            counts.re_searches += u64::from(!settled);
            rungs.push(scout);
        }
        if rungs
            .last()
            .is_none_or(|scout| scout.score > alpha && scout.score < beta)
        {
            rungs.push(rung(&child, (depth, ply), (alpha, beta), counts));
        }
        let score = rungs
            .last()
            .expect("a move is searched at least once")
            .score;
        if let Some(steps) = steps.as_deref_mut() {
            steps.push(Step {
                mv: mv.to_string(),
                beta,
                rungs,
            });
        }
        best = best.max(Some(score));
        alpha = alpha.max(score);
        if score >= beta {
            counts.tree.cutoffs += 1;
            break;
        }
    }
    best.unwrap_or_else(|| {
        if in_check(position) {
            mated_score(ply)
        } else {
            DRAW
        }
    })
}

/// One search of `child`, the position after a move of the node at `ply` with `depth` plies
/// left, within `window` as the node sees it.
fn rung(
    child: &Position,
    (depth, ply): (i32, usize),
    window: (i32, i32),
    counts: &mut Counts,
) -> Rung {
    let before = counts.tree.nodes;
    let (alpha, beta) = window;
    let score = -node(child, depth - 1, ply + 1, (-beta, -alpha), counts, None);
    Rung {
        window,
        score,
        nodes: counts.tree.nodes - before,
    }
}

/// What a rung's search told the node, whose beta is `beta`: for a scout, whether it settled
/// the move; for a search with the node's window, what its score did there.
fn verdict(rung: &Rung, scout: bool, beta: i32) -> &'static str {
    let alpha = rung.window.0;
    match (scout, rung.score) {
        (true, score) if score <= alpha => "fails low: no better, settled",
        (true, score) if score >= beta => "fails high at β: cutoff",
        (true, _) => "fails high: search again",
        (false, score) if score >= beta => "reaches β: cutoff",
        (false, score) if score > alpha => "raises α",
        (false, _) => "stays at or below α",
    }
}

/// The picture's width, in SVG units.
const WIDTH: f64 = 640.0;
/// The height of one root move's row.
const ROW: f64 = 52.0;
/// The room above the first row, for the title.
const TOP: f64 = 40.0;
/// Where the first rung starts.
const RUNGS_LEFT: f64 = 110.0;
/// A rung's width.
const RUNG_WIDTH: f64 = 240.0;
/// The room between two rungs, for the arrow.
const RUNG_GAP: f64 = 34.0;
/// The colour of lines and text.
const INK: &str = "#333333";
/// The fill of a search with the full window.
const FULL: &str = "#e3f1e5";
/// The fill of a scout.
const SCOUT: &str = "#e1ebf7";
/// The fill of a re-search.
const AGAIN: &str = "#fde2c8";

/// The text alternative: each move's searches, in words.
pub fn alt(steps: &[Step], score: i32) -> String {
    let moves: Vec<String> = steps
        .iter()
        .map(|step| {
            let rungs: Vec<String> = step
                .rungs
                .iter()
                .enumerate()
                .map(|(index, rung)| {
                    let scout = rung.window.1 - rung.window.0 == 1;
                    format!(
                        "{} window [{}, {}] returns {} after {} nodes, {}",
                        if scout {
                            "a scout with"
                        } else if index > 0 {
                            "again with"
                        } else {
                            "the full"
                        },
                        shown(rung.window.0),
                        shown(rung.window.1),
                        shown(rung.score),
                        rung.nodes,
                        verdict(rung, scout, step.beta)
                    )
                })
                .collect();
            format!("{}: {}", step.mv, rungs.join("; then "))
        })
        .collect();
    format!(
        "The root of {FEN} searched {DEPTH} plies deep by principal variation search, scoring {}. {}",
        shown(score),
        moves.join(". ")
    )
}

/// The SVG of the root's ladder, `steps`, whose search scored `score`.
pub fn svg(steps: &[Step], score: i32) -> String {
    let height = TOP + ROW * steps.len() as f64 + 34.0;
    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {WIDTH} {height}\" width=\"{WIDTH}\" height=\"{height}\" font-family=\"sans-serif\" font-size=\"12\" fill=\"{INK}\">\n\
         <rect width=\"{WIDTH}\" height=\"{height}\" fill=\"#ffffff\"/>\n\
         <defs><marker id=\"arrow\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" markerWidth=\"7\" markerHeight=\"7\" orient=\"auto\"><path d=\"M0,0 L10,5 L0,10 z\" fill=\"{INK}\"/></marker></defs>\n\
         <text x=\"16\" y=\"24\" font-size=\"14\">The root, {DEPTH} plies deep: each move's searches, left to right, windows from the root's side</text>\n"
    );
    for (number, step) in steps.iter().enumerate() {
        let y = TOP + ROW * number as f64;
        let _ = writeln!(
            svg,
            "<text x=\"16\" y=\"{:.1}\" font-size=\"13\"><tspan font-size=\"11\">{}.</tspan> <tspan font-family=\"monospace\" font-weight=\"bold\">{}</tspan></text>",
            y + ROW / 2.0,
            number + 1,
            step.mv
        );
        for (index, rung) in step.rungs.iter().enumerate() {
            let x = RUNGS_LEFT + (RUNG_WIDTH + RUNG_GAP) * index as f64;
            let scout = rung.window.1 - rung.window.0 == 1;
            let (fill, name) = match (scout, index) {
                (true, _) => (SCOUT, "scout"),
                (false, 0) => (FULL, "full window"),
                (false, _) => (AGAIN, "searched again"),
            };
            if index > 0 {
                let _ = writeln!(
                    svg,
                    "<line x1=\"{:.1}\" y1=\"{:.1}\" x2=\"{:.1}\" y2=\"{:.1}\" stroke=\"{INK}\" marker-end=\"url(#arrow)\"/>",
                    x - RUNG_GAP + 4.0,
                    y + ROW / 2.0 - 4.0,
                    x - 4.0,
                    y + ROW / 2.0 - 4.0
                );
            }
            let _ = writeln!(
                svg,
                "<rect x=\"{x:.1}\" y=\"{:.1}\" width=\"{RUNG_WIDTH}\" height=\"{:.1}\" rx=\"5\" fill=\"{fill}\" stroke=\"{INK}\"/>\n\
                 <text x=\"{:.1}\" y=\"{:.1}\"><tspan font-weight=\"bold\">{name}</tspan> [{}, {}] → {} <tspan font-size=\"10\">({} nodes)</tspan></text>\n\
                 <text x=\"{:.1}\" y=\"{:.1}\" font-size=\"11\">{}</text>",
                y + 4.0,
                ROW - 16.0,
                x + 8.0,
                y + 20.0,
                shown(rung.window.0),
                shown(rung.window.1),
                shown(rung.score),
                rung.nodes,
                x + 8.0,
                y + 34.0,
                verdict(rung, scout, step.beta)
            );
        }
    }
    let _ = writeln!(
        svg,
        "<text x=\"16\" y=\"{:.1}\">The root scores {}.</text>",
        height - 12.0,
        shown(score)
    );
    svg.push_str("</svg>\n");
    svg
}

#[cfg(test)]
mod tests {
    use super::*;
    use cb2026::config::SearchConfig;
    use cb2026::search::{Control, Searcher, root_moves};
    use cb2026::stats::Stats;
    use cb2026::tt::TranspositionTable;

    /// The engine's own search of `position` at [`DEPTH`], in one pass: stage 13's preset with
    /// the transposition table and the ordering tables switched off, which leaves alpha-beta,
    /// the ladder, quiescence and the capture order. Its statistics and its score.
    fn engine_search(position: &Position) -> (Stats, i32) {
        let mut config = SearchConfig::preset(13).unwrap();
        for switch in ["tt", "killers", "history", "countermove"] {
            config.set(switch, false).unwrap();
        }
        let mut table = TranspositionTable::new(1).unwrap();
        let mut searcher = Searcher::new(&[], Control::default(), &mut table, config);
        searcher
            .root(position, &root_moves(position, &[]), DEPTH)
            .unwrap();
        let (_, score) = searcher.root_best.unwrap();
        (searcher.stats, score)
    }

    #[test]
    fn the_copy_climbs_the_same_ladder_as_the_engine() {
        let position = Position::from_fen(FEN).unwrap();
        let (steps, score, counts) = ladder(&position, DEPTH);
        let (stats, engine_score) = engine_search(&position);
        assert_eq!(score, engine_score);
        assert_eq!(counts.tree.nodes, stats.nodes);
        assert_eq!(counts.tree.cutoffs, stats.cutoffs);
        assert_eq!(counts.scouts, stats.scouts);
        assert_eq!(counts.re_searches, stats.re_searches);
        let root_re_searches = steps.iter().filter(|step| step.rungs.len() == 2).count();
        assert!(
            root_re_searches > 0,
            "the picture is meant to show a re-search"
        );
    }

    #[test]
    fn every_search_of_every_root_move_is_drawn() {
        let position = Position::from_fen(FEN).unwrap();
        let (steps, score, _) = ladder(&position, DEPTH);
        let svg = svg(&steps, score);
        let rungs: usize = steps.iter().map(|step| step.rungs.len()).sum();
        assert_eq!(svg.matches("<rect x=").count(), rungs);
        // The root's window is the widest, so it is never cut off: every move after the first
        // is scouted.
        assert_eq!(svg.matches(">scout</tspan>").count(), steps.len() - 1);
        // A scout searched again is one that failed high without reaching the node's beta.
        for step in steps.iter().filter(|step| step.rungs.len() == 2) {
            let said = verdict(&step.rungs[0], true, step.beta);
            assert_eq!(said, "fails high: search again", "{}", step.mv);
        }
    }
}
