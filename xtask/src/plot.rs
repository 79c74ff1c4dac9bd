//! Plots drawn as SVG from the game records: figures better seen than read. A chapter asks
//! for one with a directive line, and `sync-chapters` draws it into `book/src/diagrams` with
//! the line of HTML that shows it:
//!
//! - `<!-- plot llr NAME -->`: an SPRT's log-likelihood ratio after each pair of games,
//!   between its two bounds, in `plot-llr-NAME.svg`;
//! - `<!-- plot elo ID NAME NAME … -->`: the Elo each record measured, with its 95%
//!   interval, one bar a record, in `plot-elo-ID.svg`;
//! - `<!-- plot tree-size -->`: each stage's nodes by depth on the six positions, measured
//!   afresh (see [`crate::tree_size`]), in `plot-tree-size.svg`;
//! - `<!-- plot alpha-beta -->`: a tiny search's tree with its windows and cutoffs (see
//!   [`crate::alpha_beta`]), in `plot-alpha-beta.svg`;
//! - `<!-- plot pv-table -->`: the same search's principal-variation table after each row
//!   it rewrites, in `plot-pv-table.svg`;
//! - `<!-- plot tt-bucket -->`: a bucket of the transposition table after a real search, with
//!   the entry a transposed move order finds (see [`crate::tt_bucket`]), in
//!   `plot-tt-bucket.svg`;
//! - `<!-- plot node-order -->`: one real node's moves in the order its search tries them,
//!   band by band with their keys (see [`crate::node_order`]), in `plot-node-order.svg`;
//! - `<!-- plot pvs-ladder -->`: the searches each move of a small root takes under principal
//!   variation search (see [`crate::pvs_ladder`]), in `plot-pvs-ladder.svg`;
//! - `<!-- plot reductions -->`: the late move reductions by depth and move number, as a
//!   heat map (see [`crate::reduction_map`]), in `plot-reductions.svg`;
//! - `<!-- plot tuning-losses -->`, `<!-- plot passed-pawns -->` and `<!-- plot mobility
//!   midgame -->` (or `endgame`): the tuner's error after each pass, the tuned passed-pawn
//!   bonus by rank and the tuned mobility bonuses (see [`crate::tuning_plots`]).
//!
//! Like the
//! board diagrams, a plot carries its own background, so it reads the same in every theme,
//! and it depends only on the record, so `check-chapters` can redraw it and compare.

use crate::chapters::{BOOK_SRC, Block, Context, Generated};
use crate::games::record::{RECORDS, Record};
use crate::games::stats::{Estimate, elo_text, is_open_end};
use anyhow::{Context as _, Result, anyhow};
use std::fmt::Write;
use std::path::Path;

/// The plot's width and height, in SVG units.
const WIDTH: f64 = 640.0;
/// The plot's height.
const HEIGHT: f64 = 300.0;
/// Room left of the plotting area, for the y axis's labels.
const LEFT: f64 = 56.0;
/// Room right of the plotting area, for the bounds' labels.
const RIGHT: f64 = 96.0;
/// Room above and below the plotting area; below also holds the x axis's labels.
const TOP: f64 = 20.0;
/// Room below the plotting area.
const BOTTOM: f64 = 44.0;
/// The colour of the LLR's path.
const PATH: &str = "#1f5fa8";
/// The colour of the upper bound (H1 accepted).
const UPPER: &str = "#2a8a3a";
/// The colour of the lower bound (H0 accepted).
const LOWER: &str = "#c0392b";
/// The colour of axes and text.
const INK: &str = "#333333";
/// The colour of grid lines.
const GRID: &str = "#dddddd";

/// A plot a chapter asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Plot {
    /// The LLR path of the SPRT record of this name.
    Llr(String),
    /// The Elo of each of these records, under a name for the plot.
    Elo(String, Vec<String>),
    /// The tree size by depth of each stage's search so far.
    TreeSize,
    /// The tree of a tiny alpha-beta search.
    AlphaBeta,
    /// The PV table of that search filling in.
    PvTable,
    /// The late move reductions by depth and move number.
    Reductions,
    /// A bucket of the transposition table and the entry a transposition finds.
    TtBucket,
    /// One node's moves in their order, band by band.
    NodeOrder,
    /// The searches of a small root's moves under principal variation search.
    PvsLadder,
    /// The tuner's error after each pass.
    TuningLosses,
    /// The tuned passed-pawn bonus by rank.
    PassedPawns,
    /// The tuned mobility bonuses by number of squares: the midgame's when true.
    Mobility(bool),
}

impl Plot {
    /// The plot a directive's text (`llr NAME`) names.
    pub fn parse(spec: &str) -> Result<Plot> {
        match spec.split_whitespace().collect::<Vec<_>>()[..] {
            ["llr", name] => Ok(Plot::Llr(name.to_string())),
            ["tree-size"] => Ok(Plot::TreeSize),
            ["alpha-beta"] => Ok(Plot::AlphaBeta),
            ["pv-table"] => Ok(Plot::PvTable),
            ["reductions"] => Ok(Plot::Reductions),
            ["tt-bucket"] => Ok(Plot::TtBucket),
            ["node-order"] => Ok(Plot::NodeOrder),
            ["pvs-ladder"] => Ok(Plot::PvsLadder),
            ["tuning-losses"] => Ok(Plot::TuningLosses),
            ["passed-pawns"] => Ok(Plot::PassedPawns),
            ["mobility", "midgame"] => Ok(Plot::Mobility(true)),
            ["mobility", "endgame"] => Ok(Plot::Mobility(false)),
            ["elo", id, ref names @ ..] if !names.is_empty() => Ok(Plot::Elo(
                id.to_string(),
                names.iter().map(|n| n.to_string()).collect(),
            )),
            _ => Err(anyhow!(
                "plot {spec:?}: write `plot llr RECORD`, `plot elo ID RECORD RECORD …` `plot tree-size`, `plot alpha-beta`, `plot pv-table`, `plot reductions`, `plot tt-bucket`, `plot node-order`, `plot pvs-ladder`, `plot tuning-losses`, `plot passed-pawns` or `plot mobility midgame|endgame`"
            )),
        }
    }

    /// Its file, relative to book/src.
    pub fn file(&self) -> String {
        format!("diagrams/{}.svg", self.id())
    }

    /// The name its file is known by, for telling a used drawing from an orphan.
    pub fn id(&self) -> String {
        match self {
            Plot::Llr(name) => format!("plot-llr-{name}"),
            Plot::Elo(id, _) => format!("plot-elo-{id}"),
            Plot::TreeSize => "plot-tree-size".to_string(),
            Plot::AlphaBeta => "plot-alpha-beta".to_string(),
            Plot::PvTable => "plot-pv-table".to_string(),
            Plot::Reductions => "plot-reductions".to_string(),
            Plot::TtBucket => "plot-tt-bucket".to_string(),
            Plot::NodeOrder => "plot-node-order".to_string(),
            Plot::PvsLadder => "plot-pvs-ladder".to_string(),
            Plot::TuningLosses => "plot-tuning-losses".to_string(),
            Plot::PassedPawns => "plot-passed-pawns".to_string(),
            Plot::Mobility(midgame) => {
                format!(
                    "plot-mobility-{}",
                    if *midgame { "midgame" } else { "endgame" }
                )
            }
        }
    }

    /// The SVG and the line of HTML that shows it, drawn from the records under `root`.
    pub fn draw(&self, root: &Path) -> Result<(String, String)> {
        let load = |name: &str| Record::load(&root.join(RECORDS).join(format!("{name}.toml")));
        let name = match self {
            Plot::Llr(name) => name,
            Plot::AlphaBeta => {
                use crate::alpha_beta::{DEPTH, FEN, search, svg};
                let position =
                    cb2026::position::Position::from_fen(FEN).context("plot alpha-beta")?;
                let (root, counts) = search(&position, DEPTH);
                let html = format!(
                    "<div class=\"diagrams panels-1 plot\"><figure><img src=\"{}\" alt=\"The alpha-beta tree of {FEN} searched to depth {DEPTH}: {} nodes, {} cutoffs, score {}\"><figcaption>The search of <code>{FEN}</code> to depth {DEPTH}: each node's window [α, β] and, below it, its score, for the side to move there; a red edge is the move that cut a node off</figcaption></figure></div>",
                    self.file(),
                    counts.nodes,
                    counts.cutoffs,
                    root.score
                );
                return Ok((svg(&root), html));
            }
            Plot::PvTable => {
                use crate::alpha_beta::{DEPTH, FEN, pv_steps, pv_svg};
                let position =
                    cb2026::position::Position::from_fen(FEN).context("plot pv-table")?;
                let steps = pv_steps(&position, DEPTH);
                let last = steps
                    .last()
                    .map(|s| s.rows[0].join(" "))
                    .unwrap_or_default();
                let html = format!(
                    "<div class=\"diagrams panels-1 plot\"><figure><img src=\"{}\" alt=\"The PV table of the search above after each of its {} rewrites, ending with the line {last}\"><figcaption>The triangular table of the search above, after each move that raised α; the row just rewritten is highlighted</figcaption></figure></div>",
                    self.file(),
                    steps.len()
                );
                return Ok((pv_svg(&steps), html));
            }
            Plot::Reductions => {
                use crate::reduction_map::{DEPTHS, MOVES, reduction, svg};
                let deepest = reduction(DEPTHS, MOVES).unwrap_or(0);
                let html = format!(
                    "<div class=\"diagrams panels-1 plot\"><figure><img src=\"{}\" alt=\"A heat map of the plies by which a late quiet move is reduced, for depths 1 to {DEPTHS} and moves 1 to {MOVES}: none at depths below {} or for the first {} moves, 1 ply from there, growing to {deepest} plies at depth {DEPTHS} and move {MOVES}\"><figcaption>How many plies a quiet move is reduced by at a non-PV node, by depth (rows) and by its place in the node's order (columns), when it is not a killer or the countermove, gives no check and its node is not in check; grey cells are searched at full depth</figcaption></figure></div>",
                    self.file(),
                    cb2026::search::LMR_MIN_DEPTH,
                    cb2026::search::LMR_MIN_SEARCHED,
                );
                return Ok((svg(), html));
            }
            Plot::TtBucket => {
                let bucket = crate::tt_bucket::Bucket::at(root)?;
                let html = format!(
                    "<div class=\"diagrams panels-1 plot\"><figure><img src=\"{}\" alt=\"{}\"><figcaption>One bucket of a 1 MB table after the search of 1.e4 e5 2.Nf3, probed for 1.Nf3 e5 2.e4: the slot the probe finds, highlighted, and its entry byte by byte</figcaption></figure></div>",
                    self.file(),
                    bucket.alt()
                );
                return Ok((crate::tt_bucket::svg(&bucket), html));
            }
            Plot::NodeOrder => {
                let order = crate::node_order::NodeOrder::at(root)?;
                let html = format!(
                    "<div class=\"diagrams panels-1 plot\"><figure><img src=\"{}\" alt=\"{}\"><figcaption>The moves of one node of a real search, in the order its search tries them: each band's moves with their keys, and each move's place in the whole order</figcaption></figure></div>",
                    self.file(),
                    order.alt()
                );
                return Ok((crate::node_order::svg(&order), html));
            }
            Plot::PvsLadder => {
                use crate::pvs_ladder::{DEPTH, FEN, alt, ladder, svg};
                let position =
                    cb2026::position::Position::from_fen(FEN).context("plot pvs-ladder")?;
                let (steps, score, counts) = ladder(&position, DEPTH);
                let html = format!(
                    "<div class=\"diagrams panels-1 plot\"><figure><img src=\"{}\" alt=\"{}\"><figcaption>The root of <code>{FEN}</code> searched to depth {DEPTH} by principal variation search: each move's searches with their windows, scores and nodes; the whole search scouted {} times and searched {} of the scouts again</figcaption></figure></div>",
                    self.file(),
                    alt(&steps, score),
                    counts.scouts,
                    counts.re_searches
                );
                return Ok((svg(&steps, score), html));
            }
            Plot::TuningLosses => {
                let rows = crate::tuning_plots::read_losses(root)?;
                let (first, last) = (rows[0], rows[rows.len() - 1]);
                let html = format!(
                    "<div class=\"diagrams panels-1 plot\"><figure><img src=\"{}\" alt=\"The tuner's mean squared error over {} passes: on the training positions from {:.5} to {:.5}, on the held-out positions from {:.5} to {:.5}\"><figcaption>The tuner's error after each pass of gradient descent, on the positions it learns from and on the games held out</figcaption></figure></div>",
                    self.file(),
                    last.0,
                    first.1,
                    last.1,
                    first.2,
                    last.2
                );
                return Ok((crate::tuning_plots::losses_svg(&rows), html));
            }
            Plot::PassedPawns => {
                use cb2026::params::{FREE_PASSED_PAWN, PASSED_PAWN};
                use cb2026::tuned::TUNED;
                let ranks: Vec<String> = (1..=6)
                    .map(|r| {
                        let (p, f) = (TUNED[PASSED_PAWN + r], TUNED[FREE_PASSED_PAWN + r]);
                        format!(
                            "rank {}: {} and {}, path free {} and {}",
                            r + 1,
                            p.midgame,
                            p.endgame,
                            p.midgame + f.midgame,
                            p.endgame + f.endgame
                        )
                    })
                    .collect();
                let html = format!(
                    "<div class=\"diagrams panels-1 plot\"><figure><img src=\"{}\" alt=\"The tuned passed-pawn bonus by rank, midgame and endgame: {}\"><figcaption>The tuned bonus of a passed pawn by the rank it has reached, in the midgame and the endgame, without and with a free path to the last rank</figcaption></figure></div>",
                    self.file(),
                    ranks.join("; ")
                );
                return Ok((crate::tuning_plots::passed_pawns_svg(&TUNED), html));
            }
            Plot::Mobility(midgame) => {
                use crate::tuning_plots::{MOBILITY_TABLES, mobility_svg};
                use cb2026::tuned::TUNED;
                let phase = if *midgame { "midgame" } else { "endgame" };
                let pieces: Vec<String> = MOBILITY_TABLES
                    .iter()
                    .map(|&(name, _, start, len)| {
                        let values: Vec<String> = TUNED[start..start + len]
                            .iter()
                            .map(|v| (if *midgame { v.midgame } else { v.endgame }).to_string())
                            .collect();
                        format!("{name}, from no squares up: {}", values.join(", "))
                    })
                    .collect();
                let html = format!(
                    "<div class=\"diagrams panels-1 plot\"><figure><img src=\"{}\" alt=\"The tuned {phase} mobility bonuses: {}\"><figcaption>The tuned {phase} bonus of a knight, bishop, rook and queen by the number of squares it can go to</figcaption></figure></div>",
                    self.file(),
                    pieces.join("; ")
                );
                return Ok((mobility_svg(&TUNED, *midgame), html));
            }
            Plot::TreeSize => {
                let lines = crate::tree_size::lines_at(root)?;
                let alt: Vec<String> = lines
                    .iter()
                    .map(|(name, counts)| format!("{name}: {counts:?}"))
                    .collect();
                let html = format!(
                    "<div class=\"diagrams panels-1 plot\"><figure><img src=\"{}\" alt=\"Nodes at depths 1 to {}, summed over the six positions, on a log scale. {}\"><figcaption>The tree size by depth of each stage's search, on the six positions</figcaption></figure></div>",
                    self.file(),
                    crate::tree_size::DEEPEST,
                    alt.join("; ")
                );
                return Ok((crate::tree_size::svg(&lines), html));
            }
            Plot::Elo(_, names) => {
                let mut bars = Vec::new();
                for name in names {
                    bars.push((name.clone(), load(name)?.elo()));
                }
                let end = |elo: f64| elo_text(elo, 0, "no finite end");
                let value = |elo: f64| elo_text(elo, 0, "no finite estimate");
                let alt: Vec<String> = bars
                    .iter()
                    .map(|(name, e)| {
                        format!(
                            "{name} {} ({} to {})",
                            value(e.value),
                            end(e.low),
                            end(e.high)
                        )
                    })
                    .collect();
                let arrows = if bars
                    .iter()
                    .any(|(_, e)| is_open_end(e.low) || is_open_end(e.high))
                {
                    "; an arrow marks an interval that runs off the plot, with no finite end, where the score is too near 0% or 100% for the games to bound the difference"
                } else {
                    ""
                };
                let html = format!(
                    "<div class=\"diagrams panels-1 plot\"><figure><img src=\"{}\" alt=\"Elo with 95% intervals: {}\"><figcaption>Elo measured by each record, with its 95% interval{arrows}</figcaption></figure></div>",
                    self.file(),
                    alt.join("; ")
                );
                return Ok((elo_svg(&bars), html));
            }
        };
        let record = load(name)?;
        let sprt = record
            .sprt
            .with_context(|| format!("plot llr {name}: the record is not of an SPRT"))?;
        let path = record.llr_path();
        let svg = llr_svg(&path, sprt.lower(), sprt.upper());
        let alt = format!(
            "The LLR of {name} after each pair of its {} games, ending at {:.2}; the bounds are {:.2} and {:.2}",
            2 * path.len(),
            path.last().copied().unwrap_or(0.0),
            sprt.lower(),
            sprt.upper()
        );
        let html = format!(
            "<div class=\"diagrams panels-1 plot\"><figure><img src=\"{}\" alt=\"{alt}\"><figcaption>The LLR of <code>{name}</code> after each pair of games</figcaption></figure></div>",
            self.file()
        );
        Ok((svg, html))
    }
}

/// The LLR after each pair (`path`), drawn against games played, with the bounds.
pub fn llr_svg(path: &[f64], lower: f64, upper: f64) -> String {
    let games = (2 * path.len()).max(2) as f64;
    let low = path.iter().copied().fold(lower, f64::min).floor() - 0.5;
    let high = path.iter().copied().fold(upper, f64::max).ceil() + 0.5;
    let (plot_w, plot_h) = (WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM);
    let x = |g: f64| LEFT + g / games * plot_w;
    let y = |llr: f64| TOP + (high - llr) / (high - low) * plot_h;
    let mut svg = open_svg(HEIGHT);
    let step = (high - low).div_euclid(6.0).max(1.0);
    y_grid(&mut svg, (low / step).ceil() * step, high, step, plot_w, y);
    let x_step = nice_step(games / 6.0);
    let mut g = 0.0;
    while g <= games {
        let _ = writeln!(
            svg,
            "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\" fill=\"{INK}\">{g}</text>",
            x(g),
            TOP + plot_h + 16.0
        );
        g += x_step;
    }
    let _ = writeln!(
        svg,
        "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\" fill=\"{INK}\">games</text>\n\
         <text x=\"14\" y=\"{:.1}\" text-anchor=\"middle\" fill=\"{INK}\" transform=\"rotate(-90 14 {:.1})\">LLR</text>",
        LEFT + plot_w / 2.0,
        HEIGHT - 8.0,
        TOP + plot_h / 2.0,
        TOP + plot_h / 2.0
    );
    for (bound, colour, label) in [(upper, UPPER, "H1"), (lower, LOWER, "H0")] {
        let _ = writeln!(
            svg,
            "<line x1=\"{LEFT}\" x2=\"{:.1}\" y1=\"{yb:.1}\" y2=\"{yb:.1}\" stroke=\"{colour}\" stroke-dasharray=\"6 4\" stroke-width=\"1.5\"/><text x=\"{:.1}\" y=\"{:.1}\" fill=\"{colour}\">{label} {bound:.2}</text>",
            LEFT + plot_w,
            LEFT + plot_w + 6.0,
            y(bound) + 4.0,
            yb = y(bound),
        );
    }
    let mut points = vec![format!("{:.1},{:.1}", x(0.0), y(0.0))];
    for (i, llr) in path.iter().enumerate() {
        points.push(format!("{:.1},{:.1}", x(2.0 * (i + 1) as f64), y(*llr)));
    }
    let _ = writeln!(
        svg,
        "<polyline points=\"{}\" fill=\"none\" stroke=\"{PATH}\" stroke-width=\"2\"/>\n\
         <rect x=\"{LEFT}\" y=\"{TOP}\" width=\"{plot_w}\" height=\"{plot_h}\" fill=\"none\" stroke=\"{INK}\"/>\n</svg>",
        points.join(" ")
    );
    svg
}

/// The opening of a plot's SVG document: its size and white background.
fn open_svg(height: f64) -> String {
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {WIDTH} {height}\" width=\"{WIDTH}\" height=\"{height}\" font-family=\"sans-serif\" font-size=\"12\">\n\
         <rect width=\"{WIDTH}\" height=\"{height}\" fill=\"#ffffff\" stroke=\"{GRID}\"/>\n"
    )
}

/// Each record's Elo as a bar from 0 with its interval as an error bar, labelled below.
///
/// The axis spans 0, the estimates and the intervals' finite ends. An open end (see
/// [`is_open_end`]) would stretch it to the clamp, ±3600, and flatten every bar, so it is
/// drawn instead as an arrow at the plot's edge, and a legend says what the arrow means.
pub fn elo_svg(bars: &[(String, Estimate)]) -> String {
    let shown = || {
        bars.iter()
            .flat_map(|(_, e)| [e.value, e.low, e.high])
            .filter(|&elo| !is_open_end(elo))
    };
    let low = shown().fold(0.0, f64::min);
    let high = shown().fold(0.0, f64::max);
    let step = nice_step((high - low).max(1.0) / 6.0);
    let (mut low, mut high) = ((low / step).floor() * step, (high / step).ceil() * step);
    // A step of room beyond the last finite value on a side where an interval runs on, so
    // that its arrow stands clear of the bars.
    let ends = || bars.iter().flat_map(|(_, e)| [e.low, e.high]);
    if ends().any(|end| is_open_end(end) && end > 0.0) {
        high += step;
    }
    if ends().any(|end| is_open_end(end) && end < 0.0) {
        low -= step;
    }
    let (plot_w, plot_h) = (WIDTH - LEFT - 20.0, HEIGHT - TOP - BOTTOM);
    let y = |elo: f64| TOP + (high - elo.clamp(low, high)) / (high - low) * plot_h;
    let slot = plot_w / bars.len().max(1) as f64;
    // The labels' room below the plot holds two lines; a name broken into more grows the
    // picture downwards, so that no label is cut off at its edge.
    let most_lines = bars
        .iter()
        .map(|(name, _)| label_lines(name, slot).len())
        .max()
        .unwrap_or(1);
    let mut svg = open_svg(HEIGHT + LINE_HEIGHT * most_lines.saturating_sub(2) as f64);
    y_grid(&mut svg, low, high + step / 2.0, step, plot_w, y);
    let mut clipped = false;
    for (i, (name, elo)) in bars.iter().enumerate() {
        let centre = LEFT + slot * (i as f64 + 0.5);
        // A run that went all one way has no estimate to draw a bar to: only its interval.
        if !is_open_end(elo.value) {
            let (top, bottom) = (y(elo.value.max(0.0)), y(elo.value.min(0.0)));
            let _ = writeln!(
                svg,
                "<rect x=\"{:.1}\" y=\"{top:.1}\" width=\"{:.1}\" height=\"{:.1}\" fill=\"{PATH}\" opacity=\"0.8\"/>",
                centre - slot * 0.3,
                slot * 0.6,
                bottom - top,
            );
        }
        let _ = writeln!(
            svg,
            "<line x1=\"{centre:.1}\" x2=\"{centre:.1}\" y1=\"{:.1}\" y2=\"{:.1}\" stroke=\"{INK}\" stroke-width=\"1.5\"/>",
            y(elo.low),
            y(elo.high),
        );
        for end in [elo.low, elo.high] {
            if end < low || end > high {
                clipped = true;
                svg.push_str(&arrow_head(centre, y(end), end > high));
            } else {
                let _ = writeln!(
                    svg,
                    "<line x1=\"{:.1}\" x2=\"{:.1}\" y1=\"{ye:.1}\" y2=\"{ye:.1}\" stroke=\"{INK}\" stroke-width=\"1.5\"/>",
                    centre - 5.0,
                    centre + 5.0,
                    ye = y(end),
                );
            }
        }
        svg.push_str(&label(name, centre, TOP + plot_h + 16.0, slot));
    }
    if clipped {
        svg.push_str(&arrow_head(LEFT + 14.0, 4.0, true));
        let _ = writeln!(
            svg,
            "<text x=\"{:.1}\" y=\"13\" font-size=\"11\" fill=\"{INK}\">{CLIPPED_LEGEND}</text>",
            LEFT + 24.0,
        );
    }
    let _ = writeln!(
        svg,
        "<line x1=\"{LEFT}\" x2=\"{:.1}\" y1=\"{y0:.1}\" y2=\"{y0:.1}\" stroke=\"{INK}\"/>\n\
         <text x=\"14\" y=\"{:.1}\" text-anchor=\"middle\" fill=\"{INK}\" transform=\"rotate(-90 14 {:.1})\">Elo</text>\n</svg>",
        LEFT + plot_w,
        TOP + plot_h / 2.0,
        TOP + plot_h / 2.0,
        y0 = y(0.0),
    );
    svg
}

/// What an arrow on an Elo plot means, in its legend.
const CLIPPED_LEGEND: &str = "the interval runs on past the plot: it has no finite end";

/// An arrowhead at (`x`, `y`), pointing up if `up`, else down: an interval clipped there.
fn arrow_head(x: f64, y: f64, up: bool) -> String {
    let back = if up { y + 9.0 } else { y - 9.0 };
    format!(
        "<polygon points=\"{x:.1},{y:.1} {:.1},{back:.1} {:.1},{back:.1}\" fill=\"{INK}\"/>\n",
        x - 5.0,
        x + 5.0
    )
}

/// The height of a line of a label, in SVG units.
const LINE_HEIGHT: f64 = 14.0;

/// A bar's label, centred at `x` with its first line at `y`, in the lines of
/// [`label_lines`].
fn label(name: &str, x: f64, y: f64, width: f64) -> String {
    let lines = label_lines(name, width);
    let spans: String = lines
        .iter()
        .enumerate()
        .map(|(i, line)| {
            let dy = if i == 0 { 0.0 } else { LINE_HEIGHT };
            format!("<tspan x=\"{x:.1}\" dy=\"{dy}\">{line}</tspan>")
        })
        .collect();
    format!(
        "<text x=\"{x:.1}\" y=\"{y:.1}\" text-anchor=\"middle\" fill=\"{INK}\">{spans}</text>\n"
    )
}

/// A bar's label as lines: on one line if it fits in `width`, or broken after hyphens into
/// lines that do, so that long record names do not run into each other.
fn label_lines(name: &str, width: f64) -> Vec<String> {
    // About the width of a character of the 12-unit sans-serif font.
    let fits = |text: &str| text.chars().count() as f64 * 6.8 <= width;
    let mut lines: Vec<String> = Vec::new();
    for part in name.split_inclusive('-') {
        match lines.last_mut() {
            Some(line) if fits(&format!("{line}{part}")) => line.push_str(part),
            _ => lines.push(part.to_string()),
        }
    }
    lines
}

/// Grid lines across the plot, `plot_w` wide, with their labels on the y axis: one every
/// `step` from `first` while at most `last`, each at the height `y` gives it.
fn y_grid(svg: &mut String, first: f64, last: f64, step: f64, plot_w: f64, y: impl Fn(f64) -> f64) {
    let mut tick = first;
    while tick <= last {
        let _ = writeln!(
            svg,
            "<line x1=\"{LEFT}\" x2=\"{:.1}\" y1=\"{yt:.1}\" y2=\"{yt:.1}\" stroke=\"{GRID}\"/><text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"end\" fill=\"{INK}\">{tick}</text>",
            LEFT + plot_w,
            LEFT - 6.0,
            y(tick) + 4.0,
            yt = y(tick),
        );
        tick += step;
    }
}

/// A round step for axis labels near `rough`: 1, 2 or 5 times a power of ten.
fn nice_step(rough: f64) -> f64 {
    let power = 10f64.powf(rough.max(1.0).log10().floor());
    [1.0, 2.0, 5.0, 10.0]
        .into_iter()
        .map(|m| m * power)
        .find(|&step| step >= rough)
        .unwrap_or(10.0 * power)
}

/// The plot under the directive `<!-- plot SPEC -->` on line `i` of a page: the line of HTML
/// after it, and the file it draws.
pub fn plot_at(context: &Context, lines: &[&str], i: usize, spec: &str) -> Generated {
    let has_html = lines
        .get(i + 1)
        .is_some_and(|l| l.starts_with(crate::diagram::HTML_PREFIX));
    let drawn = Plot::parse(spec).and_then(|plot| Ok((plot.draw(context.root)?, plot)));
    let block = |expected| Block {
        start: i + 1,
        end: i + 1 + usize::from(has_html),
        expected,
        what: format!("HTML of plot {spec}"),
    };
    let name = format!("plot {spec}");
    match drawn {
        Ok(((svg, html), plot)) => Generated {
            block: block(Ok(vec![html])),
            name,
            drawings: vec![(Path::new(BOOK_SRC).join(plot.file()), svg)],
            drawing_id: Some(plot.id()),
        },
        Err(message) => Generated {
            block: block(Err(message)),
            name,
            drawings: Vec::new(),
            drawing_id: None,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::stats::logistic_elo;

    #[test]
    fn a_plot_directive_names_its_record() {
        assert_eq!(
            Plot::parse("llr sprt-stage-08").unwrap(),
            Plot::Llr("sprt-stage-08".into())
        );
        assert_eq!(
            Plot::parse("llr sprt-stage-08").unwrap().file(),
            "diagrams/plot-llr-sprt-stage-08.svg"
        );
        assert!(Plot::parse("elo").is_err());
    }

    #[test]
    fn the_llr_path_is_drawn_through_every_pair_between_the_bounds() {
        let svg = llr_svg(&[0.5, 1.0, 2.0, 3.1], -2.94, 2.94);
        assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
        let points = svg
            .split("points=\"")
            .nth(1)
            .unwrap()
            .split('"')
            .next()
            .unwrap();
        assert_eq!(
            points.split(' ').count(),
            5,
            "the start and one point a pair"
        );
        assert!(svg.contains(">H1 2.94<") && svg.contains(">H0 -2.94<"));
        assert_eq!(llr_svg(&[0.5], -2.94, 2.94), llr_svg(&[0.5], -2.94, 2.94));
    }

    #[test]
    fn an_elo_plot_has_a_bar_and_an_interval_for_each_record() {
        let bars = [
            (
                "a".to_string(),
                Estimate {
                    value: 120.0,
                    low: 80.0,
                    high: 170.0,
                },
            ),
            (
                "b".to_string(),
                Estimate {
                    value: -10.0,
                    low: -40.0,
                    high: 20.0,
                },
            ),
        ];
        let svg = elo_svg(&bars);
        assert_eq!(svg.matches("<rect x=").count(), 2);
        assert!(svg.contains(">a</tspan>") && svg.contains(">b</tspan>"));
        assert!(!svg.contains("<polygon") && !svg.contains(CLIPPED_LEGEND));
        assert_eq!(
            Plot::parse("elo stages sprt-stage-08 sprt-stage-09")
                .unwrap()
                .file(),
            "diagrams/plot-elo-stages.svg"
        );
        assert!(Plot::parse("elo stages").is_err());
    }

    #[test]
    fn an_open_interval_end_is_an_arrow_and_leaves_the_axis_to_the_finite_values() {
        let open = logistic_elo(1.0);
        assert!(is_open_end(open) && is_open_end(-open) && !is_open_end(1030.0));
        let bars = [(
            "sprt".to_string(),
            Estimate {
                value: 667.0,
                low: 476.0,
                high: open,
            },
        )];
        let svg = elo_svg(&bars);
        // The axis runs to the estimate, in round steps (200 here), and one step more for
        // the arrow, not to the clamp.
        assert!(svg.contains(">1000</text>") && !svg.contains(">1200</text>"));
        assert_eq!(
            svg.matches("<polygon").count(),
            2,
            "the arrow, and the legend's"
        );
        assert!(svg.contains(CLIPPED_LEGEND));
        assert!(!svg.contains("NaN") && !svg.contains("-0.0\""));
    }

    #[test]
    fn an_elo_plot_grows_downwards_to_hold_labels_of_more_than_two_lines() {
        let bar = |name: &str| {
            let estimate = Estimate {
                value: 10.0,
                low: -20.0,
                high: 40.0,
            };
            (name.to_string(), estimate)
        };
        let height = |svg: &str| {
            svg.split("height=\"")
                .nth(1)
                .unwrap()
                .split('"')
                .next()
                .unwrap()
                .to_string()
        };
        let short = elo_svg(&[bar("a"), bar("b")]);
        assert_eq!(height(&short), HEIGHT.to_string());
        let long: Vec<_> = (0..10).map(|_| bar("stage-15-vs-stockfish-2400")).collect();
        let long = elo_svg(&long);
        let lines = label_lines("stage-15-vs-stockfish-2400", (WIDTH - LEFT - 20.0) / 10.0).len();
        assert!(lines > 2, "the test needs a label of more than two lines");
        let grown = HEIGHT + LINE_HEIGHT * (lines - 2) as f64;
        assert_eq!(height(&long), grown.to_string());
    }

    #[test]
    fn a_long_label_is_broken_after_hyphens_to_fit_its_slot() {
        let text = label("match-random-stockfish-1350", 100.0, 280.0, 110.0);
        assert_eq!(text.matches("<tspan").count(), 2, "{text}");
        assert!(
            text.contains(">match-random-</tspan>") && text.contains(">stockfish-1350</tspan>")
        );
        assert_eq!(
            label("sprt-stage-08", 100.0, 280.0, 190.0)
                .matches("<tspan")
                .count(),
            1
        );
    }

    #[test]
    fn axis_steps_are_round() {
        assert_eq!(nice_step(3.0), 5.0);
        assert_eq!(nice_step(17.0), 20.0);
        assert_eq!(nice_step(0.3), 1.0);
        assert_eq!(nice_step(120.0), 200.0);
    }
}
