//! The late move reductions as a heat map: how many plies a quiet move is reduced by, for each
//! depth and each place in its node's order, as the engine reckons it. A chapter shows it with
//! `<!-- plot reductions -->`. Every cell comes from the engine's own [`base_reduction`] and
//! its constants, so the picture changes when they do and `check-chapters` notices.

use cb2026::search::{Depth, LMR_MIN_DEPTH, LMR_MIN_SEARCHED, base_reduction};
use std::fmt::Write;

/// The deepest depth drawn, one row a depth.
pub const DEPTHS: Depth = 16;
/// The latest move number drawn, one column a move (the node's first move is move 1).
pub const MOVES: usize = 32;

/// The side of a cell, in SVG units.
const CELL: f64 = 17.0;
/// Room left of the map, for the depths.
const LEFT: f64 = 60.0;
/// Room above the map, for the move numbers and the legend.
const TOP: f64 = 64.0;
/// Room below the map.
const BOTTOM: f64 = 16.0;
/// Room right of the map.
const RIGHT: f64 = 12.0;
/// The colour of axes and text.
const INK: &str = "#333333";
/// The colour of a cell whose move is never reduced there.
const NEVER: &str = "#eeeeee";
/// The colours of a reduction of 1, 2, 3 … plies, light to dark; deeper ones take the last.
const SHADES: [&str; 6] = [
    "#fde0c5", "#f9b384", "#f08a4b", "#d9622b", "#b03a1a", "#7a1f0e",
];

/// The plies by which a quiet move is reduced at a non-PV node `depth` deep as the node's
/// `number`-th move (from 1), when it is neither a killer nor the countermove, gives no check
/// and the node is not in check: `None` where the rules leave it unreduced (too shallow, or
/// among the first moves), else the table's value, which keeps at least one ply to search.
pub fn reduction(depth: Depth, number: usize) -> Option<Depth> {
    let searched = number.checked_sub(1)?;
    if depth < LMR_MIN_DEPTH || searched < LMR_MIN_SEARCHED {
        return None;
    }
    Some(base_reduction(depth, number).clamp(0, depth - 2))
}

/// The heat map of [`reduction`] for depths 1 to [`DEPTHS`] (rows, deepest at the bottom) and
/// moves 1 to [`MOVES`] (columns), each cell holding its number of plies.
pub fn svg() -> String {
    let width = LEFT + CELL * MOVES as f64 + RIGHT;
    let height = TOP + CELL * DEPTHS as f64 + BOTTOM;
    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {width} {height}\" width=\"{width}\" height=\"{height}\" font-family=\"sans-serif\" font-size=\"11\">\n\
         <rect width=\"{width}\" height=\"{height}\" fill=\"#ffffff\"/>\n"
    );
    legend(&mut svg);
    let _ = writeln!(
        svg,
        "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\" fill=\"{INK}\" font-size=\"14\">move number in the node's order</text>",
        LEFT + CELL * MOVES as f64 / 2.0,
        TOP - 22.0
    );
    for number in (1..=MOVES).filter(|n| *n == 1 || n % 4 == 0) {
        let _ = writeln!(
            svg,
            "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\" fill=\"{INK}\">{number}</text>",
            LEFT + CELL * (number as f64 - 0.5),
            TOP - 6.0
        );
    }
    let _ = writeln!(
        svg,
        "<text x=\"14\" y=\"{mid:.1}\" text-anchor=\"middle\" fill=\"{INK}\" font-size=\"14\" transform=\"rotate(-90 14 {mid:.1})\">depth</text>",
        mid = TOP + CELL * DEPTHS as f64 / 2.0
    );
    for depth in 1..=DEPTHS {
        let y = TOP + CELL * (depth - 1) as f64;
        let _ = writeln!(
            svg,
            "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"end\" fill=\"{INK}\">{depth}</text>",
            LEFT - 6.0,
            y + CELL / 2.0 + 4.0
        );
        for number in 1..=MOVES {
            let x = LEFT + CELL * (number - 1) as f64;
            let plies = reduction(depth, number);
            let fill = plies.map_or(NEVER, shade);
            let _ = write!(
                svg,
                "<rect x=\"{x:.1}\" y=\"{y:.1}\" width=\"{CELL}\" height=\"{CELL}\" fill=\"{fill}\" stroke=\"#ffffff\"/>"
            );
            if let Some(plies) = plies {
                // The darkest shades need white figures.
                let ink = if plies >= 4 { "#ffffff" } else { INK };
                let _ = write!(
                    svg,
                    "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\" fill=\"{ink}\">{plies}</text>",
                    x + CELL / 2.0,
                    y + CELL / 2.0 + 4.0
                );
            }
        }
        svg.push('\n');
    }
    svg + "</svg>\n"
}

/// The key above the map: the grey of "never reduced" and the shade of each number of plies
/// the map holds, up to the largest.
fn legend(svg: &mut String) {
    let y = 8.0;
    let _ = write!(
        svg,
        "<rect x=\"{LEFT}\" y=\"{y}\" width=\"{CELL}\" height=\"{CELL}\" fill=\"{NEVER}\"/><text x=\"{:.1}\" y=\"{:.1}\" fill=\"{INK}\">not reduced</text>",
        LEFT + CELL + 5.0,
        y + 13.0
    );
    let largest = reduction(DEPTHS, MOVES).unwrap_or(1).max(1) as usize;
    let start = LEFT + 110.0;
    for plies in 1..=largest.min(SHADES.len()) {
        let x = start + (plies - 1) as f64 * (CELL + 58.0);
        let _ = write!(
            svg,
            "<rect x=\"{x:.1}\" y=\"{y}\" width=\"{CELL}\" height=\"{CELL}\" fill=\"{}\"/><text x=\"{:.1}\" y=\"{:.1}\" fill=\"{INK}\">{plies} {}</text>",
            SHADES[plies - 1],
            x + CELL + 5.0,
            y + 13.0,
            if plies == 1 { "ply" } else { "plies" }
        );
    }
    svg.push('\n');
}

/// The shade of a reduction of `plies` (at least 1 where drawn; 0 would be the lightest).
fn shade(plies: Depth) -> &'static str {
    let index = (plies.max(1) as usize - 1).min(SHADES.len() - 1);
    SHADES[index]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_moves_and_shallow_nodes_are_never_reduced() {
        for depth in 1..=DEPTHS {
            for number in 1..=LMR_MIN_SEARCHED {
                assert_eq!(
                    reduction(depth, number),
                    None,
                    "depth {depth} move {number}"
                );
            }
        }
        for number in 1..=MOVES {
            assert_eq!(reduction(LMR_MIN_DEPTH - 1, number), None);
        }
        assert_eq!(reduction(5, 0), None, "there is no move 0");
    }

    #[test]
    fn a_reduced_move_keeps_at_least_one_ply_and_reductions_grow_down_and_right() {
        for depth in LMR_MIN_DEPTH..=DEPTHS {
            for number in LMR_MIN_SEARCHED + 1..=MOVES {
                let plies = reduction(depth, number).expect("a late quiet move is reduced");
                assert!(depth - 1 - plies >= 1, "depth {depth} move {number}");
                if number < MOVES {
                    assert!(reduction(depth, number + 1).unwrap() >= plies);
                }
                if depth < DEPTHS {
                    assert!(reduction(depth + 1, number).unwrap() >= plies);
                }
            }
        }
    }

    #[test]
    fn the_map_has_a_cell_for_every_depth_and_move_and_a_figure_in_each_reduced_one() {
        let svg = svg();
        let largest = reduction(DEPTHS, MOVES).unwrap() as usize;
        let cells = svg.matches("<rect x=").count() - 1 - largest;
        assert_eq!(cells, DEPTHS as usize * MOVES);
        let reduced = (1..=DEPTHS)
            .flat_map(|d| (1..=MOVES).map(move |n| (d, n)))
            .filter(|&(d, n)| reduction(d, n).is_some())
            .count();
        let figures = svg.matches("text-anchor=\"middle\" fill=").count();
        // The figures in the cells, and the two axis titles and the move numbers.
        let labels = 2 + (1..=MOVES).filter(|n| *n == 1 || n % 4 == 0).count();
        assert_eq!(figures, reduced + labels);
    }
}
