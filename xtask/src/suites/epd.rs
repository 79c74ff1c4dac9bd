//! A suite's file: one position a line in EPD, the FEN's first four fields and then operations,
//! as the Strategic Test Suite (STS) writes them. `bm` names the best move in SAN for people
//! and other tools; `c9` lists the moves that score, in UCI notation, and `c8` their points,
//! in the same order; `id` names the position and `c0` says where it came from and what
//! Stockfish thought of it. Lines starting with `#` are comments: a suite's header says how it
//! was made.

use anyhow::{Context, Result, anyhow, bail};
use cb2026::Position;

/// One position of a suite, with the moves that earn points in it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SuitePosition {
    /// The position, as a full FEN (the EPD's four fields and `0 1`).
    pub fen: String,
    /// The position's name in the suite.
    pub id: String,
    /// The best move in SAN, for a reader.
    pub best_san: String,
    /// Each move that earns points, in UCI notation, with its points; the best move first.
    pub scored: Vec<(String, u32)>,
    /// Where the position came from and what the analysis said.
    pub comment: String,
}

impl SuitePosition {
    /// The points the move `uci` earns here: 0 if it is not one of the scored moves.
    pub fn points(&self, uci: &str) -> u32 {
        self.scored
            .iter()
            .find(|(mv, _)| mv == uci)
            .map_or(0, |&(_, points)| points)
    }

    /// The most points the position gives: its best move's.
    pub fn best_points(&self) -> u32 {
        self.scored.first().map_or(0, |&(_, points)| points)
    }

    /// The position as an EPD line.
    pub fn to_line(&self) -> String {
        let fields: Vec<&str> = self.fen.split_whitespace().take(4).collect();
        let moves: Vec<&str> = self.scored.iter().map(|(mv, _)| mv.as_str()).collect();
        let points: Vec<String> = self.scored.iter().map(|(_, p)| p.to_string()).collect();
        format!(
            "{} bm {}; id \"{}\"; c0 \"{}\"; c8 \"{}\"; c9 \"{}\";",
            fields.join(" "),
            self.best_san,
            self.id,
            self.comment,
            points.join(" "),
            moves.join(" ")
        )
    }
}

/// The most points a move may earn: more is a slip, and a suite's sum could overflow.
const MAX_POINTS: u32 = 1_000;

/// The positions of a suite's text, or what is wrong with its first bad line.
pub fn read(text: &str) -> Result<Vec<SuitePosition>> {
    let mut positions = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        positions.push(read_line(line).with_context(|| format!("line {}", number + 1))?);
    }
    Ok(positions)
}

/// One EPD line of a suite.
fn read_line(line: &str) -> Result<SuitePosition> {
    let fields: Vec<&str> = line.splitn(5, ' ').collect();
    let [placement, side, castling, en_passant, operations] = fields[..] else {
        bail!("an EPD line needs four FEN fields and operations");
    };
    let fen = format!("{placement} {side} {castling} {en_passant} 0 1");
    let position = Position::from_fen(&fen).context("bad FEN")?;
    let mut found = SuitePosition {
        fen: position.to_string(),
        id: String::new(),
        best_san: String::new(),
        scored: Vec::new(),
        comment: String::new(),
    };
    let (mut moves, mut points) = (Vec::new(), Vec::new());
    for operation in operations
        .split(';')
        .map(str::trim)
        .filter(|o| !o.is_empty())
    {
        let (name, value) = operation.split_once(' ').unwrap_or((operation, ""));
        let value = value.trim().trim_matches('"');
        match name {
            "bm" => found.best_san = value.to_string(),
            "id" => found.id = value.to_string(),
            "c0" => found.comment = value.to_string(),
            "c8" => points = value.split_whitespace().map(String::from).collect(),
            "c9" => moves = value.split_whitespace().map(String::from).collect(),
            _ => {}
        }
    }
    if moves.is_empty() || moves.len() != points.len() {
        bail!(
            "c9 lists {} move(s) and c8 {} point value(s): give one for each, at least one",
            moves.len(),
            points.len()
        );
    }
    for (mv, value) in moves.into_iter().zip(points) {
        cb2026::movegen::find_move(&position, &mv).map_err(anyhow::Error::msg)?;
        let value = value
            .parse()
            .ok()
            .filter(|&points| points <= MAX_POINTS)
            .ok_or_else(|| {
                anyhow!("c8: {value:?} is not a whole number of points up to {MAX_POINTS}")
            })?;
        found.scored.push((mv, value));
    }
    Ok(found)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_suite_line_reads_back_as_written() {
        let position = SuitePosition {
            fen: "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1".to_string(),
            id: "test 1".to_string(),
            best_san: "e4".to_string(),
            scored: vec![("e2e4".to_string(), 10), ("e2e3".to_string(), 6)],
            comment: "made by hand".to_string(),
        };
        let read_back = read(&format!("# a header\n\n{}\n", position.to_line())).unwrap();
        assert_eq!(read_back.len(), 1);
        assert_eq!(read_back[0], position);
        assert_eq!(position.points("e2e3"), 6);
        assert_eq!(position.points("e1d1"), 0);
        assert_eq!(position.best_points(), 10);
    }

    #[test]
    fn bad_lines_are_named() {
        let fen = "4k3/8/8/8/8/8/4P3/4K3 w - -";
        let cases = [
            ("8/8 w - -\n".to_string(), "line 1: an EPD line needs"),
            (
                format!("{fen} c9 \"e2e4\";\n"),
                "line 1: c9 lists 1 move(s) and c8 0",
            ),
            (
                format!("{fen} c8 \"10\"; c9 \"e2e5\";\n"),
                "line 1: \"e2e5\" is not a legal",
            ),
            (
                format!("{fen} c8 \"ten\"; c9 \"e2e4\";\n"),
                "line 1: c8: \"ten\" is not",
            ),
            (
                "8/8/8/8/8/8/8/8 w - - c8 \"1\";\n".to_string(),
                "line 1: bad FEN",
            ),
            (
                format!("{fen} c8 \"4294967295\"; c9 \"e2e4\";\n"),
                "line 1: c8: \"4294967295\" is not",
            ),
        ];
        for (text, expected) in cases {
            let error = format!("{:#}", read(&text).unwrap_err());
            assert!(error.starts_with(expected), "{text}: {error}");
        }
    }
}
