//! Chapter 15's pictures of the tuning: the tuner's error after each pass (`<!-- plot
//! tuning-losses -->`, from `book/data/tuning-losses.txt`, which `cargo xtask tune` writes),
//! the tuned passed-pawn bonus by rank (`<!-- plot passed-pawns -->`) and the tuned mobility
//! bonuses by number of squares (`<!-- plot mobility midgame -->` and `endgame`), the last two
//! from the engine's own `TUNED` values. All are line charts, drawn by [`line_chart`].

use anyhow::{Context, Result, bail};
use cb2026::eval::Score;
use cb2026::params::{
    BISHOP_MOBILITY, FREE_PASSED_PAWN, KNIGHT_MOBILITY, PASSED_PAWN, Params, QUEEN_MOBILITY,
    ROOK_MOBILITY,
};
use std::fmt::Write;
use std::path::Path;

/// The chart's width, in SVG units.
const WIDTH: f64 = 640.0;
/// The chart's height.
const HEIGHT: f64 = 320.0;
/// Room left of the plotting area, for the y axis's labels.
const LEFT: f64 = 72.0;
/// Room right of the plotting area.
const RIGHT: f64 = 24.0;
/// Room above the plotting area, for the legend.
const TOP: f64 = 44.0;
/// Room below the plotting area, for the x axis's labels.
const BOTTOM: f64 = 44.0;
/// The colour of axes and text.
const INK: &str = "#333333";
/// The colour of grid lines.
const GRID: &str = "#dddddd";

/// One line of a chart: its name in the legend, its colour, its dash pattern (`none` for a
/// solid line) and its points.
pub struct Series {
    /// The name in the legend.
    pub name: String,
    /// The stroke colour.
    pub colour: &'static str,
    /// The SVG dash pattern.
    pub dash: &'static str,
    /// The points, x then y.
    pub points: Vec<(f64, f64)>,
}

/// The errors by pass that `cargo xtask tune` wrote: (pass, training, validation).
pub fn read_losses(root: &Path) -> Result<Vec<(f64, f64, f64)>> {
    let path = root.join(crate::tune::LOSSES);
    let text = std::fs::read_to_string(&path).with_context(|| path.display().to_string())?;
    let mut rows = Vec::new();
    for (number, line) in text.lines().enumerate() {
        if line.starts_with('#') || line.starts_with("epoch") || line.trim().is_empty() {
            continue;
        }
        let cells: Vec<f64> = line
            .split_whitespace()
            .map(|cell| cell.parse::<f64>())
            .collect::<Result<_, _>>()
            .with_context(|| format!("{}: line {}", path.display(), number + 1))?;
        let [epoch, training, validation] = cells[..] else {
            bail!(
                "{}: line {}: expected `epoch training validation`",
                path.display(),
                number + 1
            );
        };
        rows.push((epoch, training, validation));
    }
    if rows.is_empty() {
        bail!("{}: no passes in it", path.display());
    }
    Ok(rows)
}

/// The loss curve: the error on the training and on the held-out positions after each pass.
pub fn losses_svg(rows: &[(f64, f64, f64)]) -> String {
    let training = rows.iter().map(|&(e, t, _)| (e, t)).collect();
    let validation = rows.iter().map(|&(e, _, v)| (e, v)).collect();
    line_chart(
        &[
            Series {
                name: "training positions".to_string(),
                colour: "#1f5fa8",
                dash: "none",
                points: training,
            },
            Series {
                name: "held-out positions".to_string(),
                colour: "#c0392b",
                dash: "6 4",
                points: validation,
            },
        ],
        ("pass", "mean squared error"),
    )
}

/// The passed-pawn bonus by the rank the pawn stands on (2 to 7, from its own side), in the
/// midgame and the endgame, without and with a free path, under `params`.
pub fn passed_pawns_svg(params: &Params) -> String {
    let by_rank = |f: &dyn Fn(Score) -> i32, free: bool| -> Vec<(f64, f64)> {
        (1..=6)
            .map(|rank| {
                let mut bonus = params[PASSED_PAWN + rank];
                if free {
                    bonus += params[FREE_PASSED_PAWN + rank];
                }
                ((rank + 1) as f64, f64::from(f(bonus)))
            })
            .collect()
    };
    let midgame = |s: Score| s.midgame;
    let endgame = |s: Score| s.endgame;
    line_chart(
        &[
            Series {
                name: "midgame".to_string(),
                colour: "#1f5fa8",
                dash: "6 4",
                points: by_rank(&midgame, false),
            },
            Series {
                name: "endgame".to_string(),
                colour: "#c0392b",
                dash: "6 4",
                points: by_rank(&endgame, false),
            },
            Series {
                name: "midgame, path free".to_string(),
                colour: "#1f5fa8",
                dash: "none",
                points: by_rank(&midgame, true),
            },
            Series {
                name: "endgame, path free".to_string(),
                colour: "#c0392b",
                dash: "none",
                points: by_rank(&endgame, true),
            },
        ],
        ("rank, from the pawn's own side", "bonus, centipawns"),
    )
}

/// The four pieces' mobility tables, each a group of `params` that starts at its index and
/// holds one value for each number of squares from none up: the piece's name, its colour in
/// the chart, the group's first index and its length.
pub const MOBILITY_TABLES: [(&str, &str, usize, usize); 4] = [
    (
        "knight",
        "#1f5fa8",
        KNIGHT_MOBILITY,
        BISHOP_MOBILITY - KNIGHT_MOBILITY,
    ),
    (
        "bishop",
        "#c0392b",
        BISHOP_MOBILITY,
        ROOK_MOBILITY - BISHOP_MOBILITY,
    ),
    (
        "rook",
        "#2e8b57",
        ROOK_MOBILITY,
        QUEEN_MOBILITY - ROOK_MOBILITY,
    ),
    (
        "queen",
        "#8e44ad",
        QUEEN_MOBILITY,
        PASSED_PAWN - QUEEN_MOBILITY,
    ),
];

/// The mobility bonus of each piece by the number of squares it can go to, under `params`:
/// the midgame values when `midgame`, else the endgame values.
pub fn mobility_svg(params: &Params, midgame: bool) -> String {
    let series: Vec<Series> = MOBILITY_TABLES
        .iter()
        .map(|&(name, colour, start, len)| Series {
            name: name.to_string(),
            colour,
            dash: "none",
            points: (0..len)
                .map(|squares| {
                    let value = params[start + squares];
                    let part = if midgame {
                        value.midgame
                    } else {
                        value.endgame
                    };
                    (squares as f64, f64::from(part))
                })
                .collect(),
        })
        .collect();
    line_chart(
        &series,
        ("squares the piece can go to", "bonus, centipawns"),
    )
}

/// A line chart of `series`, with the axes named by `labels` (x, y): each axis runs over the
/// points' range, with round steps, and the y axis takes in zero when the points are near it.
pub fn line_chart(series: &[Series], (x_label, y_label): (&str, &str)) -> String {
    let all = || series.iter().flat_map(|s| s.points.iter().copied());
    let (x_min, x_max) = range(all().map(|p| p.0));
    let (mut y_min, mut y_max) = range(all().map(|p| p.1));
    if y_min > 0.0 && y_min < (y_max - y_min) {
        y_min = 0.0;
    }
    if y_max < 0.0 && -y_max < (y_max - y_min) {
        y_max = 0.0;
    }
    let y_step = round_step((y_max - y_min) / 5.0);
    let (y_low, y_high) = (
        (y_min / y_step).floor() * y_step,
        (y_max / y_step).ceil() * y_step,
    );
    let x_step = round_step((x_max - x_min) / 6.0);
    let (plot_w, plot_h) = (WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM);
    let x = |v: f64| LEFT + (v - x_min) / (x_max - x_min).max(f64::EPSILON) * plot_w;
    let y = |v: f64| TOP + (y_high - v) / (y_high - y_low).max(f64::EPSILON) * plot_h;
    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {WIDTH} {HEIGHT}\" width=\"{WIDTH}\" height=\"{HEIGHT}\" font-family=\"sans-serif\" font-size=\"13\">\n\
         <rect width=\"{WIDTH}\" height=\"{HEIGHT}\" fill=\"#ffffff\"/>\n"
    );
    let decimals = decimals(y_step);
    let mut tick = y_low;
    while tick <= y_high + y_step / 2.0 {
        let _ = writeln!(
            svg,
            "<line x1=\"{LEFT}\" x2=\"{:.1}\" y1=\"{yt:.1}\" y2=\"{yt:.1}\" stroke=\"{GRID}\"/><text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"end\" fill=\"{INK}\">{tick:.decimals$}</text>",
            LEFT + plot_w,
            LEFT - 6.0,
            y(tick) + 4.0,
            yt = y(tick),
        );
        tick += y_step;
    }
    let mut tick = (x_min / x_step).ceil() * x_step;
    while tick <= x_max + x_step / 1e6 {
        let _ = writeln!(
            svg,
            "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\" fill=\"{INK}\">{tick}</text>",
            x(tick),
            TOP + plot_h + 18.0
        );
        tick += x_step;
    }
    let _ = writeln!(
        svg,
        "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\" fill=\"{INK}\">{x_label}</text>\n\
         <text x=\"14\" y=\"{mid:.1}\" text-anchor=\"middle\" fill=\"{INK}\" transform=\"rotate(-90 14 {mid:.1})\">{y_label}</text>",
        LEFT + plot_w / 2.0,
        HEIGHT - 8.0,
        mid = TOP + plot_h / 2.0,
    );
    for (i, s) in series.iter().enumerate() {
        let points: Vec<String> = s
            .points
            .iter()
            .map(|&(px, py)| format!("{:.1},{:.1}", x(px), y(py)))
            .collect();
        let legend_x = LEFT + (i as f64) * plot_w / series.len() as f64;
        let _ = writeln!(
            svg,
            "<polyline points=\"{}\" fill=\"none\" stroke=\"{}\" stroke-width=\"2\" stroke-dasharray=\"{}\"/>\n\
             <line x1=\"{legend_x:.1}\" x2=\"{:.1}\" y1=\"18\" y2=\"18\" stroke=\"{}\" stroke-width=\"2\" stroke-dasharray=\"{}\"/><text x=\"{:.1}\" y=\"22\" fill=\"{INK}\">{}</text>",
            points.join(" "),
            s.colour,
            s.dash,
            legend_x + 24.0,
            s.colour,
            s.dash,
            legend_x + 30.0,
            s.name
        );
    }
    let _ = writeln!(
        svg,
        "<rect x=\"{LEFT}\" y=\"{TOP}\" width=\"{plot_w}\" height=\"{plot_h}\" fill=\"none\" stroke=\"{INK}\"/>\n</svg>"
    );
    svg
}

/// The least and the greatest of `values`, apart by at least a little, so a flat line still
/// has an axis.
fn range(values: impl Iterator<Item = f64>) -> (f64, f64) {
    let (low, high) = values.fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), v| {
        (lo.min(v), hi.max(v))
    });
    if !low.is_finite() {
        return (0.0, 1.0);
    }
    if high - low < 1e-9 {
        return (low - 0.5, high + 0.5);
    }
    (low, high)
}

/// A round step near `rough`: 1, 2 or 5 times a power of ten, which may be below one.
fn round_step(rough: f64) -> f64 {
    let power = 10f64.powf(rough.abs().max(1e-12).log10().floor());
    [1.0, 2.0, 5.0, 10.0]
        .into_iter()
        .map(|m| m * power)
        .find(|&step| step >= rough)
        .unwrap_or(10.0 * power)
}

/// How many decimals the labels of a `step` need: none for whole steps, as many as the step's
/// first significant digit needs below one.
fn decimals(step: f64) -> usize {
    if step >= 1.0 {
        0
    } else {
        (-step.log10().floor()) as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_are_round_above_and_below_one() {
        assert_eq!(round_step(0.0013), 0.002);
        assert_eq!(round_step(3.0), 5.0);
        assert_eq!(round_step(170.0), 200.0);
        assert_eq!((decimals(0.002), decimals(0.05), decimals(5.0)), (3, 2, 0));
    }

    #[test]
    fn a_chart_has_a_line_and_a_legend_entry_for_each_series() {
        let series = |name: &str| Series {
            name: name.to_string(),
            colour: "#000000",
            dash: "none",
            points: vec![(0.0, 0.08), (1.0, 0.07), (2.0, 0.065)],
        };
        let svg = line_chart(&[series("one"), series("two")], ("pass", "error"));
        assert_eq!(svg.matches("<polyline").count(), 2);
        assert!(svg.contains(">one</text>") && svg.contains(">two</text>"));
        assert!(
            svg.contains(">0.060</text>") || svg.contains(">0.065</text>"),
            "{svg}"
        );
    }

    #[test]
    fn the_mobility_chart_draws_each_piece_over_all_its_counts() {
        let mut params = cb2026::params::INITIAL;
        params[QUEEN_MOBILITY + 27] = Score::new(40, -40);
        let (midgame, endgame) = (mobility_svg(&params, true), mobility_svg(&params, false));
        for svg in [&midgame, &endgame] {
            assert_eq!(svg.matches("<polyline").count(), 4);
            assert!(svg.contains(">queen</text>"));
        }
        // The queen's last value, 27 squares, sets the top of the midgame's axis and the
        // bottom of the endgame's.
        assert!(midgame.contains(">40</text>") && endgame.contains(">-40</text>"));
    }

    #[test]
    fn a_loss_file_is_read_and_a_bad_line_is_named() {
        let folder = std::env::temp_dir().join(format!("cb2026-losses-{}", std::process::id()));
        let file = folder.join(crate::tune::LOSSES);
        std::fs::create_dir_all(file.parent().unwrap()).unwrap();
        std::fs::write(
            &file,
            "# made by\nepoch training validation\n0 0.1 0.11\n1 0.09 0.1\n",
        )
        .unwrap();
        assert_eq!(
            read_losses(&folder).unwrap(),
            [(0.0, 0.1, 0.11), (1.0, 0.09, 0.1)]
        );
        std::fs::write(&file, "epoch training validation\n0 0.1\n").unwrap();
        let error = format!("{:#}", read_losses(&folder).unwrap_err());
        assert!(error.contains("line 2"), "{error}");
        std::fs::remove_dir_all(&folder).unwrap();
    }
}
