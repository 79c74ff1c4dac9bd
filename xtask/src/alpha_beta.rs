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

/// The tree of `position` searched `depth` plies deep, and what it counted.
pub fn search(position: &Position, depth: i32) -> (Node, Counts) {
    let mut counts = Counts::default();
    let root = node(position, None, depth, 0, (-INFINITY, INFINITY), &mut counts);
    (root, counts)
}

/// Negamax with alpha-beta, as the engine's `Searcher::negamax` and `search_moves` do it.
fn node(
    position: &Position,
    mv: Option<String>,
    depth: i32,
    ply: usize,
    (mut alpha, beta): (i32, i32),
    counts: &mut Counts,
) -> Node {
    let window = (alpha, beta);
    if depth <= 0 {
        let score = quiescence(position, ply, alpha, beta, counts);
        return Node {
            mv,
            window,
            score,
            children: vec![],
            skipped: 0,
        };
    }
    counts.nodes += 1;
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
            counts,
        );
        let score = -child.score;
        children.push(child);
        best = best.max(Some(score));
        alpha = alpha.max(score);
        if score >= beta {
            counts.cutoffs += 1;
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

/// Quiescence, as the engine's `Searcher::quiescence` does it: counted, not drawn.
fn quiescence(
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
fn shown(score: i32) -> String {
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

#[cfg(test)]
mod tests {
    use super::*;
    use cb2026::config::SearchConfig;
    use cb2026::search::{Control, Searcher, root_moves};

    #[test]
    fn the_copy_searches_the_same_tree_as_the_engine() {
        let position = Position::from_fen(FEN).unwrap();
        let (root, counts) = search(&position, DEPTH);
        let mut searcher = Searcher::new(&[], Control::default(), SearchConfig::default());
        searcher
            .root(&position, &root_moves(&position, &[]), DEPTH)
            .unwrap();
        assert_eq!(counts.nodes, searcher.stats.nodes);
        assert_eq!(counts.cutoffs, searcher.stats.cutoffs);
        assert_eq!(root.score, searcher.root_best.unwrap().1);
        assert!(counts.cutoffs > 0, "the picture is meant to show a cutoff");
    }

    #[test]
    fn every_node_is_drawn_with_its_window_and_every_cutoff_marked() {
        let (root, counts) = search(&Position::from_fen(FEN).unwrap(), DEPTH);
        let svg = svg(&root);
        assert_eq!(svg.matches("<rect x=").count() as u64, counts.nodes);
        assert_eq!(svg.matches("✂").count() as u64, counts.cutoffs);
    }
}
