//! The alpha-beta tree of chapter 8: a real search of a tiny position to depth 2, drawn with
//! the window each node was given, its score, and the moves a cutoff left unsearched.
//!
//! The engine's search reports nothing of the nodes it visits, and is not slowed to do so.
//! This module searches again with a small copy of the same algorithm over the engine's own
//! move generator, move order and evaluation, and keeps the tree; the test checks that the
//! copy visits as many nodes, makes as many cutoffs and finds the same score as the engine.
//! A chapter shows it with `<!-- plot alpha-beta -->`.

use cb2026::attacked::in_check;
use cb2026::eval::evaluate;
use cb2026::movegen::{captures, legal_moves};
use cb2026::ordering::MovePicker;
use cb2026::position::Position;
use cb2026::pv::PvTable;
use cb2026::score::{DRAW, INFINITY, mated_score};
use std::fmt::Write;

/// The position searched: White's king and pawn against the lone black king, few moves a side.
pub const FEN: &str = "7k/8/8/8/8/8/6P1/7K w - - 0 1";
/// The depth searched.
pub const DEPTH: i32 = 2;

/// A node of the searched tree, from the side to move's point of view.
#[derive(Debug)]
pub struct Node {
    /// The move that led here (`None` at the root).
    pub mv: Option<String>,
    /// The window the node was searched with.
    pub window: (i32, i32),
    /// The score it returned.
    pub score: i32,
    /// The children searched, in order.
    pub children: Vec<Node>,
    /// How many moves a cutoff left unsearched here.
    pub skipped: usize,
}

/// What the copy counted, as the engine's statistics count it.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Every node, quiescence included.
    pub nodes: u64,
    /// Nodes of the main search cut short.
    pub cutoffs: u64,
}

/// One step of the principal-variation table filling in: the ply whose row a move just
/// rewrote, and every row from the root to the deepest searched, after it.
#[derive(Debug)]
pub struct PvStep {
    /// The row rewritten.
    pub ply: usize,
    /// The rows, each a line of moves.
    pub rows: Vec<Vec<String>>,
}

/// What a search keeps beside its tree: its counts, and the engine's own PV table, with a
/// copy of its rows each time a row is rewritten.
struct Trace {
    /// The nodes and cutoffs so far.
    counts: Counts,
    /// The table, filled as the engine's search fills it.
    pv: PvTable,
    /// The rows after each rewrite.
    steps: Vec<PvStep>,
    /// How many rows to copy: the plies of the main search.
    rows: usize,
}

/// The tree of `position` searched `depth` plies deep, and what it counted.
pub fn search(position: &Position, depth: i32) -> (Node, Counts) {
    let (root, trace) = traced(position, depth);
    (root, trace.counts)
}

/// The PV table of the search of `position` to `depth`, after each of its rewrites.
pub fn pv_steps(position: &Position, depth: i32) -> Vec<PvStep> {
    traced(position, depth).1.steps
}

/// The search of `position` to `depth`, with what it kept beside the tree.
fn traced(position: &Position, depth: i32) -> (Node, Trace) {
    let mut trace = Trace {
        counts: Counts::default(),
        pv: PvTable::new(),
        steps: vec![],
        rows: depth.max(1) as usize,
    };
    let root = node(position, None, depth, 0, (-INFINITY, INFINITY), &mut trace);
    (root, trace)
}

/// Negamax with alpha-beta, as the engine's `Searcher::negamax` and `search_moves` do it.
fn node(
    position: &Position,
    mv: Option<String>,
    depth: i32,
    ply: usize,
    (mut alpha, beta): (i32, i32),
    trace: &mut Trace,
) -> Node {
    let window = (alpha, beta);
    trace.pv.clear(ply);
    if depth <= 0 {
        let score = quiescence(position, ply, alpha, beta, &mut trace.counts);
        return Node {
            mv,
            window,
            score,
            children: vec![],
            skipped: 0,
        };
    }
    trace.counts.nodes += 1;
    let mut moves = MovePicker::new(position, legal_moves(position), None);
    let (mut best, mut children) = (None, vec![]);
    for played in moves.by_ref() {
        let child_position = position.make(played);
        let flipped = (-beta, -alpha);
        let child = node(
            &child_position,
            Some(played.to_string()),
            depth - 1,
            ply + 1,
            flipped,
            trace,
        );
        let score = -child.score;
        children.push(child);
        best = best.max(Some(score));
        if score > alpha {
            alpha = score;
            trace.pv.update(ply, played);
            let rows = (0..trace.rows)
                .map(|p| trace.pv.line(p).iter().map(|m| m.to_string()).collect())
                .collect();
            trace.steps.push(PvStep { ply, rows });
        }
        if score >= beta {
            trace.counts.cutoffs += 1;
            break;
        }
    }
    let skipped = moves.count();
    let score = best.unwrap_or_else(|| {
        if in_check(position) {
            mated_score(ply)
        } else {
            DRAW
        }
    });
    Node {
        mv,
        window,
        score,
        children,
        skipped,
    }
}

/// Quiescence, as the engine's `Searcher::quiescence` does it: counted, not drawn. Chapter
/// 11's copy of the search ([`crate::pvs_ladder`]) ends in it too.
pub fn quiescence(
    position: &Position,
    ply: usize,
    mut alpha: i32,
    beta: i32,
    counts: &mut Counts,
) -> i32 {
    counts.nodes += 1;
    let checked = in_check(position);
    let mut best = -INFINITY;
    if !checked {
        best = evaluate(position);
        if best >= beta {
            return best;
        }
        alpha = alpha.max(best);
    }
    let moves = if checked {
        legal_moves(position)
    } else {
        captures(position)
    };
    if checked && moves.is_empty() {
        return mated_score(ply);
    }
    for mv in MovePicker::new(position, moves, None) {
        let score = -quiescence(&position.make(mv), ply + 1, -beta, -alpha, counts);
        best = best.max(score);
        alpha = alpha.max(score);
        if score >= beta {
            break;
        }
    }
    best
}

/// A score or a bound as text: `∞` for the infinite ones.
pub fn shown(score: i32) -> String {
    match score {
        INFINITY => "∞".to_string(),
        s if s == -INFINITY => "−∞".to_string(),
        s if s < 0 => format!("−{}", -s),
        s => s.to_string(),
    }
}

/// Width of one leaf's slot, and the height of a level, in SVG units.
const SLOT: f64 = 68.0;
/// The height of a level.
const LEVEL: f64 = 110.0;
/// The colour of text and edges.
const INK: &str = "#333333";
/// The colour of the move that caused a cutoff, and of the moves it saved.
const CUT: &str = "#c0392b";

/// The tree as SVG: a box per node with its window and score, the move on its edge, and a
/// cutoff's unsearched moves as a crossed mark beside its last child.
pub fn svg(root: &Node) -> String {
    let slots = leaves(root);
    let depth = height(root);
    let width = slots as f64 * SLOT + 20.0;
    let height = depth as f64 * LEVEL + 80.0;
    let mut body = String::new();
    let mut next = 0;
    draw(root, 0, &mut next, &mut body);
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {width} {height}\" width=\"{width}\" height=\"{height}\" font-family=\"sans-serif\" font-size=\"14\">\n\
         <rect width=\"{width}\" height=\"{height}\" fill=\"#ffffff\"/>\n{body}</svg>\n"
    )
}

/// How many slots `node`'s subtree takes along the bottom: one a leaf, one a cutoff's mark.
fn leaves(node: &Node) -> usize {
    let below: usize = node.children.iter().map(leaves).sum();
    below.max(1) + usize::from(node.skipped > 0)
}

/// The number of levels below `node`.
fn height(node: &Node) -> usize {
    node.children.iter().map(height).max().map_or(0, |h| h + 1)
}

/// Draws `node` at `level`, its subtree taking the slots from `next` on; returns its centre.
fn draw(node: &Node, level: usize, next: &mut usize, svg: &mut String) -> (f64, f64) {
    let y = 40.0 + level as f64 * LEVEL;
    let centres: Vec<(f64, f64)> = node
        .children
        .iter()
        .map(|c| draw(c, level + 1, next, svg))
        .collect();
    let x = if centres.is_empty() {
        *next += 1;
        10.0 + (*next as f64 - 0.5) * SLOT
    } else {
        centres.iter().map(|c| c.0).sum::<f64>() / centres.len() as f64
    };
    let cut_by = (node.skipped > 0).then(|| node.children.len() - 1);
    for (i, (child, &(cx, cy))) in node.children.iter().zip(&centres).enumerate() {
        let colour = if Some(i) == cut_by { CUT } else { INK };
        let _ = writeln!(
            svg,
            "<line x1=\"{x:.1}\" y1=\"{:.1}\" x2=\"{cx:.1}\" y2=\"{:.1}\" stroke=\"{colour}\" stroke-width=\"2\"/>\n\
             <text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\" fill=\"{colour}\" font-weight=\"bold\">{}</text>",
            y + 22.0,
            cy - 22.0,
            x + (cx - x) * 0.7,
            y + (cy - y) * 0.7 - 8.0,
            child.mv.as_deref().unwrap_or("")
        );
    }
    if node.skipped > 0 {
        *next += 1;
        let (sx, sy) = (10.0 + (*next as f64 - 0.5) * SLOT, y + LEVEL);
        let _ = writeln!(
            svg,
            "<line x1=\"{x:.1}\" y1=\"{:.1}\" x2=\"{sx:.1}\" y2=\"{:.1}\" stroke=\"{CUT}\" stroke-width=\"2\" stroke-dasharray=\"5 4\"/>\n\
             <text x=\"{sx:.1}\" y=\"{sy:.1}\" text-anchor=\"middle\" fill=\"{CUT}\">✂ {} not</text>\n\
             <text x=\"{sx:.1}\" y=\"{:.1}\" text-anchor=\"middle\" fill=\"{CUT}\">searched</text>",
            y + 22.0,
            sy - 22.0,
            node.skipped,
            sy + 18.0
        );
    }
    let _ = writeln!(
        svg,
        "<rect x=\"{:.1}\" y=\"{:.1}\" width=\"64\" height=\"44\" rx=\"6\" fill=\"#f4f4f4\" stroke=\"{INK}\"/>\n\
         <text x=\"{x:.1}\" y=\"{:.1}\" text-anchor=\"middle\" fill=\"{INK}\" font-size=\"12\">[{}, {}]</text>\n\
         <text x=\"{x:.1}\" y=\"{:.1}\" text-anchor=\"middle\" fill=\"{INK}\" font-weight=\"bold\">{}</text>",
        x - 32.0,
        y - 22.0,
        y - 4.0,
        shown(node.window.0),
        shown(node.window.1),
        y + 15.0,
        shown(node.score)
    );
    (x, y)
}

/// The PV table's rows after each rewrite, one line of the drawing a step: the step's number,
/// then each row's moves, the row just rewritten highlighted.
pub fn pv_svg(steps: &[PvStep]) -> String {
    let rows = steps.first().map_or(0, |s| s.rows.len());
    let (first, cell, line) = (56.0, 150.0, 30.0);
    let width = first + cell * rows as f64 + 10.0;
    let height = line * (steps.len() + 1) as f64 + 16.0;
    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {width} {height}\" width=\"{width}\" height=\"{height}\" font-family=\"sans-serif\" font-size=\"15\">\n\
         <rect width=\"{width}\" height=\"{height}\" fill=\"#ffffff\"/>\n\
         <text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\" fill=\"{INK}\" font-weight=\"bold\">step</text>\n",
        first / 2.0,
        line
    );
    for ply in 0..rows {
        let _ = writeln!(
            svg,
            "<text x=\"{:.1}\" y=\"{line:.1}\" fill=\"{INK}\" font-weight=\"bold\">row {ply}</text>",
            first + cell * ply as f64 + 8.0
        );
    }
    for (i, step) in steps.iter().enumerate() {
        let y = line * (i + 1) as f64 + 8.0;
        let _ = writeln!(
            svg,
            "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\" fill=\"{INK}\">{}</text>",
            first / 2.0,
            y + 20.0,
            i + 1
        );
        for (ply, moves) in step.rows.iter().enumerate() {
            let rewritten = ply == step.ply;
            let (fill, stroke) = if rewritten {
                ("#fde2c8", CUT)
            } else {
                ("#f4f4f4", "#bbbbbb")
            };
            let _ = writeln!(
                svg,
                "<rect x=\"{:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"{:.1}\" fill=\"{fill}\" stroke=\"{stroke}\"/><text x=\"{:.1}\" y=\"{:.1}\" fill=\"{INK}\" font-family=\"monospace\">{}</text>",
                first + cell * ply as f64 + 2.0,
                y + 2.0,
                cell - 4.0,
                line - 4.0,
                first + cell * ply as f64 + 8.0,
                y + 20.0,
                moves.join(" ")
            );
        }
    }
    svg.push_str("</svg>\n");
    svg
}

#[cfg(test)]
mod tests {
    use super::*;
    use cb2026::config::SearchConfig;
    use cb2026::search::{Control, Searcher, root_moves};
    use cb2026::tt::TranspositionTable;

    /// What the engine's own root search of `position` at `DEPTH` counts and finds, as chapter
    /// 8 describes it: stage 10's search, whose table (a searcher needs one) stays switched off.
    /// Returns the nodes, the cutoffs, the best move and its score.
    fn engine_search(position: &Position) -> (u64, u64, cb2026::Move, i32) {
        let mut table = TranspositionTable::new(1).unwrap();
        let stage_10 = SearchConfig::preset(10).unwrap();
        let mut searcher = Searcher::new(&[], Control::default(), &mut table, stage_10);
        searcher
            .root(position, &root_moves(position, &[]), DEPTH)
            .unwrap();
        let (best, score) = searcher.root_best.unwrap();
        (searcher.stats.nodes, searcher.stats.cutoffs, best, score)
    }

    #[test]
    fn the_copy_searches_the_same_tree_as_the_engine() {
        let position = Position::from_fen(FEN).unwrap();
        let (root, counts) = search(&position, DEPTH);
        let (nodes, cutoffs, _, score) = engine_search(&position);
        assert_eq!(counts.nodes, nodes);
        assert_eq!(counts.cutoffs, cutoffs);
        assert_eq!(root.score, score);
        assert!(counts.cutoffs > 0, "the picture is meant to show a cutoff");
    }

    #[test]
    fn the_pv_table_ends_holding_the_engines_line() {
        let position = Position::from_fen(FEN).unwrap();
        let steps = pv_steps(&position, DEPTH);
        let (_, _, best, _) = engine_search(&position);
        let last = &steps.last().unwrap().rows[0];
        assert_eq!(last.len(), DEPTH as usize);
        assert_eq!(last[0], best.to_string());
        assert_eq!(pv_svg(&steps).matches("#fde2c8").count(), steps.len());
    }

    #[test]
    fn every_node_is_drawn_with_its_window_and_every_cutoff_marked() {
        let (root, counts) = search(&Position::from_fen(FEN).unwrap(), DEPTH);
        let svg = svg(&root);
        assert_eq!(svg.matches("<rect x=").count() as u64, counts.nodes);
        assert_eq!(svg.matches("✂").count() as u64, counts.cutoffs);
    }
}
