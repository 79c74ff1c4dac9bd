//! The tree size by depth: how many nodes each stage's search visits at depths 1 to
//! [`DEEPEST`], summed over the six positions, drawn on a logarithmic scale, one line a stage.
//! The slope of a line is the search's effective branching factor: how many times more nodes
//! one more ply costs. A chapter shows it with `<!-- plot tree-size -->`; the counts come from
//! the engine's own `measure` functions, so the plot is redrawn and compared like any other.

use cb2026::config::SearchConfig;
use cb2026::measure::{self, POSITIONS};
use cb2026::position::Position;
use cb2026::stats::Stats;
use std::fmt::Write;

/// The deepest depth plotted.
pub const DEEPEST: u32 = 5;

/// The plot's width, in SVG units.
const WIDTH: f64 = 480.0;
/// The height of the plotting area alone: the plot grows by its legend as stages are added,
/// so the lines keep this much room whatever their number.
const PLOT_HEIGHT: f64 = 240.0;
/// The plot's height: the legend, the plotting area and the x axis's labels.
const HEIGHT: f64 = TOP + PLOT_HEIGHT + BOTTOM;
/// Room left of the plotting area, for the y axis's labels.
const LEFT: f64 = 64.0;
/// Room right of the plotting area.
const RIGHT: f64 = 24.0;
/// Room above the plotting area, for the legend: a line of it for each stage.
const TOP: f64 = 12.0 + 24.0 * LINES.len() as f64;
/// Room below the plotting area, for the x axis's labels.
const BOTTOM: f64 = 44.0;
/// The colour of axes and text.
const INK: &str = "#333333";
/// The colour of grid lines.
const GRID: &str = "#dddddd";

/// One line of the plot: a stage, the measurement its search is drawn from, and how the line
/// looks.
struct Line {
    /// The legend's name for the stage.
    name: &'static str,
    /// The stage whose preset the search runs under.
    stage: u32,
    /// The measurement: the nodes a search of a position to a depth visits, under a preset.
    search: fn(&Position, u32, SearchConfig) -> Stats,
    /// The line's colour.
    colour: &'static str,
    /// The line's SVG dash pattern (`none` for a solid line).
    dash: &'static str,
}

/// The stages so far, one line each. Stage 9's search has no iterative deepening, so it is
/// measured by the one-pass harness; from stage 10 on, each stage is its preset.
const LINES: [Line; 11] = [
    Line {
        name: "stage 9: one pass",
        stage: 10,
        search: measure::measure_one_pass,
        colour: "#c0392b",
        dash: "6 4",
    },
    Line {
        name: "stage 10: iterative deepening",
        stage: 10,
        search: measure::measure,
        colour: "#1f5fa8",
        dash: "none",
    },
    Line {
        name: "stage 11: transposition table",
        stage: 11,
        search: measure::measure,
        colour: "#2e8b57",
        dash: "2 3",
    },
    Line {
        name: "stage 12: move ordering",
        stage: 12,
        search: measure::measure,
        colour: "#8e44ad",
        dash: "8 3 2 3",
    },
    Line {
        name: "stage 13: PVS, aspiration",
        stage: 13,
        search: measure::measure,
        colour: "#d35400",
        dash: "1 3",
    },
    Line {
        name: "stage 14: null-move pruning",
        stage: 14,
        search: measure::measure,
        colour: "#16a085",
        dash: "10 4",
    },
    Line {
        name: "stage 15: reverse futility",
        stage: 15,
        search: measure::measure,
        colour: "#2c3e50",
        dash: "none",
    },
    Line {
        name: "stage 16: late move reductions",
        stage: 16,
        search: measure::measure,
        colour: "#b7950b",
        dash: "4 2",
    },
    Line {
        name: "stage 17: late move pruning",
        stage: 17,
        search: measure::measure,
        colour: "#a93226",
        dash: "none",
    },
    Line {
        name: "stage 18: futility pruning, SEE",
        stage: 18,
        search: measure::measure,
        colour: "#0097a7",
        dash: "6 3",
    },
    Line {
        name: "stage 19: internal iterative reductions",
        stage: 19,
        search: measure::measure,
        colour: "#c2185b",
        dash: "2 2",
    },
];

/// Each stage's name and its node counts at depths 1 to [`DEEPEST`], summed over the six
/// positions.
pub fn counts() -> Vec<(&'static str, Vec<u64>)> {
    LINES
        .iter()
        .map(|line| {
            let config = SearchConfig::preset(line.stage).expect("a stage with a preset");
            let by_depth = (1..=DEEPEST)
                .map(|depth| {
                    POSITIONS
                        .iter()
                        .map(|(_, fen)| {
                            let position = Position::from_fen(fen).expect("a valid position");
                            (line.search)(&position, depth, config).nodes
                        })
                        .sum()
                })
                .collect();
            (line.name, by_depth)
        })
        .collect()
}

/// The effective branching factor at the deepest depth: its nodes over the depth's before.
pub fn branching_factor(by_depth: &[u64]) -> f64 {
    match by_depth {
        [.., before, last] => *last as f64 / *before as f64,
        _ => 0.0,
    }
}

/// The plot of `lines` (a name and its counts by depth, from depth 1) on a log scale, with a
/// legend naming each line and its effective branching factor at the deepest depth.
pub fn svg(lines: &[(&str, Vec<u64>)]) -> String {
    let most = lines
        .iter()
        .flat_map(|(_, c)| c)
        .copied()
        .max()
        .unwrap_or(10);
    let fewest = lines
        .iter()
        .flat_map(|(_, c)| c)
        .copied()
        .min()
        .unwrap_or(1);
    let top_power = (most.max(10) as f64).log10().ceil();
    let low_power = (fewest.max(1) as f64).log10().floor().min(top_power - 1.0);
    let (plot_w, plot_h) = (WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM);
    let x = |depth: usize| LEFT + (depth as f64 - 1.0) / (DEEPEST as f64 - 1.0) * plot_w;
    let y =
        |nodes: f64| TOP + (top_power - nodes.max(1.0).log10()) / (top_power - low_power) * plot_h;
    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {WIDTH} {HEIGHT}\" width=\"{WIDTH}\" height=\"{HEIGHT}\" font-family=\"sans-serif\" font-size=\"16\">\n\
         <rect width=\"{WIDTH}\" height=\"{HEIGHT}\" fill=\"#ffffff\" stroke=\"{GRID}\"/>\n"
    );
    for power in low_power as u32..=top_power as u32 {
        let yt = y(10f64.powi(power as i32));
        let _ = writeln!(
            svg,
            "<line x1=\"{LEFT}\" x2=\"{:.1}\" y1=\"{yt:.1}\" y2=\"{yt:.1}\" stroke=\"{GRID}\"/><text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"end\" fill=\"{INK}\">10<tspan dy=\"-7\" font-size=\"12\">{power}</tspan></text>",
            LEFT + plot_w,
            LEFT - 8.0,
            yt + 4.0
        );
    }
    for depth in 1..=DEEPEST as usize {
        let _ = writeln!(
            svg,
            "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\" fill=\"{INK}\">{depth}</text>",
            x(depth),
            TOP + plot_h + 18.0
        );
    }
    let _ = writeln!(
        svg,
        "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\" fill=\"{INK}\">depth</text>\n\
         <text x=\"16\" y=\"{:.1}\" text-anchor=\"middle\" fill=\"{INK}\" transform=\"rotate(-90 16 {:.1})\">nodes, six positions</text>",
        LEFT + plot_w / 2.0,
        HEIGHT - 6.0,
        TOP + plot_h / 2.0,
        TOP + plot_h / 2.0
    );
    for (i, ((name, counts), Line { colour, dash, .. })) in lines.iter().zip(&LINES).enumerate() {
        let points: Vec<String> = counts
            .iter()
            .enumerate()
            .map(|(d, &n)| format!("{:.1},{:.1}", x(d + 1), y(n as f64)))
            .collect();
        let legend_y = 20.0 + 24.0 * i as f64;
        for point in &points {
            let (px, py) = point.split_once(',').expect("x,y");
            let _ = writeln!(
                svg,
                "<circle cx=\"{px}\" cy=\"{py}\" r=\"3.5\" fill=\"{colour}\"/>"
            );
        }
        let _ = writeln!(
            svg,
            "<polyline points=\"{}\" fill=\"none\" stroke=\"{colour}\" stroke-width=\"2.5\" stroke-dasharray=\"{dash}\"/>\n\
             <line x1=\"{LEFT}\" x2=\"{:.1}\" y1=\"{:.1}\" y2=\"{:.1}\" stroke=\"{colour}\" stroke-width=\"2.5\" stroke-dasharray=\"{dash}\"/><text x=\"{:.1}\" y=\"{:.1}\" fill=\"{INK}\">{name}: ×{:.1} a ply at {DEEPEST}</text>",
            points.join(" "),
            LEFT + 32.0,
            legend_y,
            legend_y,
            LEFT + 40.0,
            legend_y + 4.0,
            branching_factor(counts)
        );
    }
    let _ = writeln!(
        svg,
        "<rect x=\"{LEFT}\" y=\"{TOP}\" width=\"{plot_w}\" height=\"{plot_h}\" fill=\"none\" stroke=\"{INK}\"/>\n</svg>"
    );
    svg
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_branching_factor_is_the_last_depths_nodes_over_the_one_before() {
        assert_eq!(branching_factor(&[10, 60, 300]), 5.0);
        assert_eq!(branching_factor(&[10]), 0.0);
    }

    #[test]
    fn each_stage_is_a_line_through_every_depth_with_its_legend() {
        let svg = svg(&[
            ("a", vec![20, 100, 900, 5000, 40000]),
            ("b", vec![20, 120, 1000, 6000, 42000]),
        ]);
        assert_eq!(svg.matches("<polyline").count(), 2);
        let points = svg
            .split("points=\"")
            .nth(1)
            .unwrap()
            .split('"')
            .next()
            .unwrap();
        assert_eq!(points.split(' ').count(), DEEPEST as usize);
        assert!(svg.contains(">a: ×8.0 a ply at 5<"), "{svg}");
    }
}
