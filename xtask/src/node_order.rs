//! One real node's order, drawn band by band: the moves of the reply to the best move of a
//! position, in the order the node's search would try them after a search of the position,
//! each with its ordering key. A chapter shows it with `<!-- plot node-order -->`.
//!
//! The moves, bands and keys are pinned like any figure, by the engine's test
//! `one_nodes_moves_come_out_band_by_band_and_best_key_first` (the snapshot [`SOURCE`]).

use crate::figures::{Source, format_number};
use anyhow::{Context, Result, bail};
use std::fmt::Write;
use std::path::Path;

/// The pinned order: a row for the move that led to the node (number 0, band `played`), then
/// one a move of the node, in order, with its band and key.
pub const SOURCE: &str = "ordering_one_node";

/// The picture's width, in SVG units.
const WIDTH: f64 = 640.0;
/// The room left and right of the bands.
const MARGIN: f64 = 16.0;
/// Moves drawn on one line of a band.
const PER_LINE: usize = 5;
/// The height of one line of moves.
const LINE: f64 = 20.0;
/// The height of a band's heading.
const HEADING: f64 = 22.0;
/// The room between two bands.
const GAP: f64 = 8.0;
/// The room above the first band, for the title.
const TOP: f64 = 34.0;
/// The colour of lines and text.
const INK: &str = "#333333";
/// The colour of the keys, quieter than the moves.
const KEY_INK: &str = "#666666";

/// The bands, in the order a node hands them out: the name the snapshot gives each, its
/// heading and its colour.
const BANDS: [(&str, &str, &str); 6] = [
    ("hint", "the table's move, tried first", "#2a8a3a"),
    (
        "capture",
        "captures, most valuable victim first, then least valuable attacker",
        "#c0392b",
    ),
    (
        "killer",
        "killers: quiet moves that cut off at this ply",
        "#8e44ad",
    ),
    (
        "countermove",
        "the countermove: the reply that last refuted the move played",
        "#d35400",
    ),
    ("quiet", "quiet moves, by history score", "#1f5fa8"),
    (
        "losingcapture",
        "captures that lose material, by how much",
        "#7f8c8d",
    ),
];

/// One move of the node: its place in the order, the move and its key.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ordered {
    /// Its place, from 1.
    pub number: String,
    /// The move, in UCI.
    pub mv: String,
    /// Its ordering key.
    pub key: String,
}

/// What the picture shows, read from the pinned source.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NodeOrder {
    /// The move that led to the node.
    pub played: String,
    /// The node's moves by band, in the order of [`BANDS`]: a band the node has no move of
    /// is empty.
    pub bands: Vec<Vec<Ordered>>,
}

impl NodeOrder {
    /// The picture's data from the source pinned under `root`.
    pub fn at(root: &Path) -> Result<NodeOrder> {
        let sources = crate::figures::sources(root)?;
        let source = sources
            .get(SOURCE)
            .with_context(|| format!("plot node-order: no pinned {SOURCE}"))?;
        NodeOrder::from_source(source)
    }

    /// The picture's data from the pinned `source`.
    pub fn from_source(source: &Source) -> Result<NodeOrder> {
        let mut played = None;
        let mut bands = vec![Vec::new(); BANDS.len()];
        for row in &source.rows {
            let [number, mv, band, key] = &row[..] else {
                bail!("plot node-order: {SOURCE} has a row {row:?}");
            };
            if band == "played" {
                played = Some(mv.clone());
                continue;
            }
            let index = BANDS
                .iter()
                .position(|(name, _, _)| name == band)
                .with_context(|| format!("plot node-order: {SOURCE} names no band {band:?}"))?;
            bands[index].push(Ordered {
                number: number.clone(),
                mv: mv.clone(),
                key: key.clone(),
            });
        }
        let played =
            played.with_context(|| format!("plot node-order: {SOURCE} has no played move"))?;
        Ok(NodeOrder { played, bands })
    }

    /// The bands drawn: every band but the losing captures', which a search without them
    /// (before stage 18) never hands out, unless the node has some.
    fn drawn(&self) -> impl Iterator<Item = (&(&str, &str, &str), &Vec<Ordered>)> {
        let last = BANDS.len() - 1;
        BANDS
            .iter()
            .zip(&self.bands)
            .enumerate()
            .filter(move |(index, (_, moves))| *index != last || !moves.is_empty())
            .map(|(_, band)| band)
    }

    /// The text alternative: every band's moves with their keys, in order.
    pub fn alt(&self) -> String {
        let bands: Vec<String> = self
            .drawn()
            .map(|((name, _, _), moves)| {
                let moves: Vec<String> = moves
                    .iter()
                    .map(|m| format!("{} ({})", m.mv, key_text(name, &m.key)))
                    .collect();
                let list = if moves.is_empty() {
                    "none".to_string()
                } else {
                    moves.join(", ")
                };
                format!("{name}: {list}")
            })
            .collect();
        format!(
            "The moves of the node after {}, in the order its search tries them, with their keys. {}",
            self.played,
            bands.join("; ")
        )
    }
}

/// A key as the picture prints it, as the book prints numbers, with a true minus sign; the
/// hint's key is no number to compare, only "first".
fn key_text(band: &str, key: &str) -> String {
    match (band, key.strip_prefix('-')) {
        ("hint", _) => "first".to_string(),
        (_, Some(magnitude)) => format!("−{}", format_number(magnitude)),
        (_, None) => format_number(key),
    }
}

/// The SVG of `order`.
pub fn svg(order: &NodeOrder) -> String {
    let cell = (WIDTH - 2.0 * MARGIN - 8.0) / PER_LINE as f64;
    let heights: Vec<f64> = order
        .drawn()
        .map(|(_, moves)| HEADING + LINE * moves.len().div_ceil(PER_LINE).max(1) as f64)
        .collect();
    let height = TOP + heights.iter().map(|h| h + GAP).sum::<f64>() + 4.0;
    let total: usize = order.bands.iter().map(Vec::len).sum();
    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {WIDTH} {height}\" width=\"{WIDTH}\" height=\"{height}\" font-family=\"sans-serif\" font-size=\"12\" fill=\"{INK}\">\n\
         <rect width=\"{WIDTH}\" height=\"{height}\" fill=\"#ffffff\"/>\n\
         <text x=\"{MARGIN}\" y=\"22\" font-size=\"14\">The reply to <tspan font-family=\"monospace\">{}</tspan>: its {total} moves in the order its search tries them, with their keys</text>\n",
        order.played
    );
    let mut y = TOP;
    for (((name, heading, colour), moves), band_height) in order.drawn().zip(&heights) {
        let _ = writeln!(
            svg,
            "<rect x=\"{MARGIN}\" y=\"{y:.1}\" width=\"{:.1}\" height=\"{band_height:.1}\" fill=\"none\" stroke=\"{colour}\"/>\n\
             <rect x=\"{MARGIN}\" y=\"{y:.1}\" width=\"6\" height=\"{band_height:.1}\" fill=\"{colour}\"/>\n\
             <text x=\"{:.1}\" y=\"{:.1}\" font-weight=\"bold\" fill=\"{colour}\">{heading}</text>",
            WIDTH - 2.0 * MARGIN,
            MARGIN + 14.0,
            y + 15.0
        );
        if moves.is_empty() {
            let _ = writeln!(
                svg,
                "<text x=\"{:.1}\" y=\"{:.1}\" fill=\"{KEY_INK}\">none at this node</text>",
                MARGIN + 14.0,
                y + HEADING + 14.0
            );
        }
        for (index, ordered) in moves.iter().enumerate() {
            let x = MARGIN + 14.0 + cell * (index % PER_LINE) as f64;
            let baseline = y + HEADING + 14.0 + LINE * (index / PER_LINE) as f64;
            let _ = writeln!(
                svg,
                "<text x=\"{x:.1}\" y=\"{baseline:.1}\"><tspan fill=\"{KEY_INK}\" font-size=\"10\">{}.</tspan> <tspan font-family=\"monospace\">{}</tspan></text>\n\
                 <text x=\"{:.1}\" y=\"{baseline:.1}\" text-anchor=\"end\" fill=\"{KEY_INK}\" font-size=\"10\">{}</text>",
                ordered.number,
                ordered.mv,
                x + cell - 10.0,
                key_text(name, &ordered.key)
            );
        }
        y += band_height + GAP;
    }
    svg.push_str("</svg>\n");
    svg
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A made-up node: a hint, two captures, no killer, a countermove and three quiet moves.
    fn order() -> NodeOrder {
        let lines = [
            "number move band key",
            "0 e2e4 played -",
            "1 e7e5 hint 2147483647",
            "2 d8h4 capture 131080",
            "3 f8b4 capture 131066",
            "4 g8f6 countermove 65536",
            "5 b8c6 quiet 120",
            "6 a7a6 quiet 0",
            "7 h7h5 quiet -20000",
        ];
        let cells =
            |line: &str| -> Vec<String> { line.split_whitespace().map(str::to_string).collect() };
        let source = Source {
            header: cells(lines[0]),
            rows: lines[1..].iter().map(|line| cells(line)).collect(),
        };
        NodeOrder::from_source(&source).unwrap()
    }

    #[test]
    fn moves_are_sorted_into_their_bands_and_keys_printed_as_the_book_prints_numbers() {
        let order = order();
        assert_eq!(order.played, "e2e4");
        let counts: Vec<usize> = order.bands.iter().map(Vec::len).collect();
        assert_eq!(counts, [1, 2, 0, 1, 3, 0]);
        let alt = order.alt();
        assert!(alt.contains("hint: e7e5 (first)"));
        assert!(alt.contains("killer: none"));
        assert!(alt.contains("h7h5 (−20,000)"));
        assert!(!alt.contains("losingcapture"));
    }

    #[test]
    fn the_picture_draws_every_move_and_a_band_without_moves_says_so() {
        let svg = svg(&order());
        for mv in ["e7e5", "d8h4", "f8b4", "g8f6", "b8c6", "a7a6", "h7h5"] {
            assert!(svg.contains(&format!(">{mv}</tspan>")), "{mv} is missing");
        }
        assert_eq!(svg.matches("none at this node").count(), 1);
        assert!(svg.contains("its 7 moves"));
    }
}
