//! The tree size by depth: how many nodes each stage's search visits at depths 1 to
//! [`DEEPEST`], summed over the six positions, drawn on a logarithmic scale, one line a stage.
//! The slope of a line is the search's effective branching factor: how many times more nodes
//! one more ply costs. A chapter shows it with `<!-- plot tree-size -->`. The counts are pinned
//! like any figure, by the engine's test `tree_size` (the snapshot `tree_size_by_depth`), and
//! the plot draws the rows of the stages that `stages.toml` marks done, named as it names them.

use crate::figures::Source;
use crate::plan::Plan;
use anyhow::{Context, Result, bail};
use std::fmt::Write;
use std::path::Path;

/// The deepest depth plotted.
pub const DEEPEST: u32 = 5;

/// The plot's width, in SVG units.
const WIDTH: f64 = 480.0;
/// The height of the plotting area alone: the plot grows by its legend as stages are added,
/// so the lines keep this much room whatever their number.
const PLOT_HEIGHT: f64 = 240.0;
/// Room left of the plotting area, for the y axis's labels.
const LEFT: f64 = 64.0;
/// Room right of the plotting area.
const RIGHT: f64 = 24.0;
/// Room above the legend.
const LEGEND_MARGIN: f64 = 12.0;
/// The height of a line of the legend: the legend has one for each stage.
const LEGEND_LINE: f64 = 24.0;
/// Room below the plotting area, for the x axis's labels.
const BOTTOM: f64 = 44.0;
/// The colour of axes and text.
const INK: &str = "#333333";
/// The colour of grid lines.
const GRID: &str = "#dddddd";

/// The lines' colours, taken in turn: dark enough to read on white, and told apart by their
/// dash patterns too where two are alike.
const COLOURS: [&str; 11] = [
    "#c0392b", "#1f5fa8", "#2e8b57", "#8e44ad", "#d35400", "#16a085", "#7f8c8d", "#b8860b",
    "#2c3e50", "#e84393", "#6d4c41",
];

/// The lines' SVG dash patterns, taken in turn (`none` is a solid line).
const DASHES: [&str; 4] = ["6 4", "none", "2 3", "8 3 2 3"];

/// The name of the pinned counts, one row a stage: `stage depth-1 … depth-5`.
pub const SOURCE: &str = "tree_size_by_depth";

/// One stage's line: its legend's name and its node counts at depths 1 to [`DEEPEST`].
pub type StageLine = (String, Vec<u64>);

/// Each done stage's name and its node counts at depths 1 to [`DEEPEST`], summed over the six
/// positions: the rows of `source` (the pinned [`SOURCE`]) for the stages from 9 on that `plan`
/// marks done, in order. A stage's name is its `plot` name in the plan, or its title.
pub fn lines(plan: &Plan, source: &Source) -> Result<Vec<StageLine>> {
    let mut lines = Vec::new();
    for stage in plan.stages.iter().filter(|s| s.done && s.number >= 9) {
        let number = stage.number.to_string();
        let row = source
            .rows
            .iter()
            .find(|row| row.first() == Some(&number))
            .with_context(|| format!("plot tree-size: {SOURCE} has no row for stage {number}"))?;
        let counts = row[1..]
            .iter()
            .map(|cell| cell.parse::<u64>())
            .collect::<Result<Vec<u64>, _>>()
            .with_context(|| format!("plot tree-size: stage {number}'s row in {SOURCE}"))?;
        if counts.len() != DEEPEST as usize {
            bail!(
                "plot tree-size: stage {number}'s row in {SOURCE} has {} depths, not {DEEPEST}",
                counts.len()
            );
        }
        let name = stage.plot.as_deref().unwrap_or(&stage.title);
        lines.push((format!("stage {number}: {name}"), counts));
    }
    Ok(lines)
}

/// [`lines`] from the plan and the pinned counts of the repository at `root`.
pub fn lines_at(root: &Path) -> Result<Vec<StageLine>> {
    let plan = Plan::load(root)?;
    let sources = crate::figures::sources(root)?;
    let source = sources
        .get(SOURCE)
        .with_context(|| format!("plot tree-size: no pinned {SOURCE}"))?;
    lines(&plan, source)
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
pub fn svg(lines: &[StageLine]) -> String {
    let top = LEGEND_MARGIN + LEGEND_LINE * lines.len() as f64;
    let height = top + PLOT_HEIGHT + BOTTOM;
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
    let (plot_w, plot_h) = (WIDTH - LEFT - RIGHT, PLOT_HEIGHT);
    let x = |depth: usize| LEFT + (depth as f64 - 1.0) / (DEEPEST as f64 - 1.0) * plot_w;
    let y =
        |nodes: f64| top + (top_power - nodes.max(1.0).log10()) / (top_power - low_power) * plot_h;
    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {WIDTH} {height}\" width=\"{WIDTH}\" height=\"{height}\" font-family=\"sans-serif\" font-size=\"16\">\n\
         <rect width=\"{WIDTH}\" height=\"{height}\" fill=\"#ffffff\" stroke=\"{GRID}\"/>\n"
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
            top + plot_h + 18.0
        );
    }
    let _ = writeln!(
        svg,
        "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\" fill=\"{INK}\">depth</text>\n\
         <text x=\"16\" y=\"{:.1}\" text-anchor=\"middle\" fill=\"{INK}\" transform=\"rotate(-90 16 {:.1})\">nodes, six positions</text>",
        LEFT + plot_w / 2.0,
        height - 6.0,
        top + plot_h / 2.0,
        top + plot_h / 2.0
    );
    for (i, (name, counts)) in lines.iter().enumerate() {
        let (colour, dash) = (COLOURS[i % COLOURS.len()], DASHES[i % DASHES.len()]);
        let points: Vec<String> = counts
            .iter()
            .enumerate()
            .map(|(d, &n)| format!("{:.1},{:.1}", x(d + 1), y(n as f64)))
            .collect();
        let legend_y = LEGEND_MARGIN + 8.0 + LEGEND_LINE * i as f64;
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
        "<rect x=\"{LEFT}\" y=\"{top}\" width=\"{plot_w}\" height=\"{plot_h}\" fill=\"none\" stroke=\"{INK}\"/>\n</svg>"
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

    /// A pinned table with a row for each of `stages`, its counts made up.
    fn source(stages: std::ops::RangeInclusive<u32>) -> Source {
        Source {
            header: [
                "stage", "depth-1", "depth-2", "depth-3", "depth-4", "depth-5",
            ]
            .map(str::to_string)
            .to_vec(),
            rows: stages
                .map(|n| {
                    let counts = (1..=5).map(|d| (u64::from(n) * 10 + d).to_string());
                    std::iter::once(n.to_string()).chain(counts).collect()
                })
                .collect(),
        }
    }

    #[test]
    fn the_plot_draws_the_done_stages_from_9_by_their_names_in_the_plan() {
        let plan = Plan::load(&crate::repo_root()).unwrap();
        let lines = lines(&plan, &source(1..=20)).unwrap();
        let done = plan.stages.iter().filter(|s| s.done && s.number >= 9);
        assert_eq!(lines.len(), done.count());
        assert_eq!(
            lines[0],
            ("stage 9: one pass".to_string(), vec![91, 92, 93, 94, 95])
        );
        assert_eq!(lines[1].0, "stage 10: iterative deepening");
    }

    #[test]
    fn a_done_stage_without_a_pinned_row_is_named() {
        let plan = Plan::load(&crate::repo_root()).unwrap();
        let error = format!("{:#}", lines(&plan, &source(10..=20)).unwrap_err());
        assert!(error.contains("no row for stage 9"), "{error}");
    }

    #[test]
    fn each_stage_is_a_line_through_every_depth_with_its_legend() {
        let svg = svg(&[
            ("a".to_string(), vec![20, 100, 900, 5000, 40000]),
            ("b".to_string(), vec![20, 120, 1000, 6000, 42000]),
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
