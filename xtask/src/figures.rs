//! Figures: the measured numbers the book quotes, tied to where they were measured.
//!
//! A figure comes from one of two kinds of source, both a small table of text (a header line
//! naming the columns, then one row a line, cells separated by spaces, `#` lines ignored):
//!
//! - an insta snapshot, `crates/*/tests/snapshots/FILE__NAME.snap`, for deterministic results
//!   (perft counts, node counts, the bench): a test recomputes it and fails on a change;
//! - a record, `book/data/NAME.txt`, for measurements that differ between machines and runs
//!   (speed ratios), written by the command that measured it, which it names;
//! - a game record, `book/data/games/NAME.toml`, written by `cargo xtask match` or `sprt`:
//!   its figures (counts, Elo, interval, LLR) are computed from the pairs it holds.
//!
//! A chapter quotes one value as `<span class="figure" data-figure="NAME: ROW / COLUMN">…</span>`,
//! where ROW is the first cells of the row (such as `startpos 6`) and COLUMN a header name, or
//! shows a whole source as a table under `<!-- table NAME -->`. The check regenerates both.

use crate::chapters::{Block, Context, Generated};
use anyhow::{Context as _, Result, bail};
use std::collections::BTreeMap;
use std::path::Path;

/// A source of figures: its column names and its rows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Source {
    /// The names of the columns.
    pub header: Vec<String>,
    /// The rows, each with one cell per column.
    pub rows: Vec<Vec<String>>,
}

/// Every source of figures in the repository at `root`, by name.
pub fn sources(root: &Path) -> Result<BTreeMap<String, Source>> {
    let mut found = BTreeMap::new();
    let crates = std::fs::read_dir(root.join("crates")).context("crates")?;
    for krate in crates.filter_map(Result::ok) {
        for (file, text) in files_in(&krate.path().join("tests/snapshots"), ".snap")? {
            let name = file
                .split_once("__")
                .map_or(file.as_str(), |(_, name)| name);
            // An insta snapshot starts with a header between two `---` lines.
            let body = text.splitn(3, "---\n").nth(2).unwrap_or(&text);
            found.insert(
                name.to_string(),
                parse(body).with_context(|| format!("snapshot {file}"))?,
            );
        }
    }
    for (file, text) in files_in(&root.join("book/data"), ".txt")? {
        found.insert(
            file.clone(),
            parse(&text).with_context(|| format!("book/data/{file}.txt"))?,
        );
    }
    for (name, record) in crate::games::record::all(root)? {
        found.insert(name, record.summary());
    }
    Ok(found)
}

/// The files in `folder` whose names end with `suffix`, by name without it, with their text.
fn files_in(folder: &Path, suffix: &str) -> Result<Vec<(String, String)>> {
    let Ok(entries) = std::fs::read_dir(folder) else {
        return Ok(Vec::new());
    };
    let mut files = Vec::new();
    for entry in entries.filter_map(Result::ok) {
        let name = entry.file_name().to_string_lossy().into_owned();
        if let Some(stem) = name.strip_suffix(suffix) {
            let text = std::fs::read_to_string(entry.path()).with_context(|| name.clone())?;
            files.push((stem.to_string(), text));
        }
    }
    files.sort();
    Ok(files)
}

/// Reads a source's table: a header, then rows of as many cells.
fn parse(text: &str) -> Result<Source> {
    let mut lines = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'));
    let cells = |line: &str| {
        line.split_whitespace()
            .map(str::to_string)
            .collect::<Vec<_>>()
    };
    let header = cells(lines.next().context("no header line")?);
    let rows: Vec<Vec<String>> = lines.map(cells).collect();
    if let Some(row) = rows.iter().find(|row| row.len() != header.len()) {
        bail!(
            "row {row:?} has {} cells, the header {}",
            row.len(),
            header.len()
        );
    }
    Ok(Source { header, rows })
}

/// The value a figure reference `NAME: ROW / COLUMN` stands for, formatted as the book prints
/// it, or why there is none.
pub fn value(sources: &BTreeMap<String, Source>, reference: &str) -> Result<String> {
    let (name, rest) = reference
        .split_once(':')
        .with_context(|| format!("figure {reference:?}: write NAME: ROW / COLUMN"))?;
    let (row, column) = rest
        .split_once('/')
        .with_context(|| format!("figure {reference:?}: write NAME: ROW / COLUMN"))?;
    let source = sources
        .get(name.trim())
        .with_context(|| format!("figure {reference:?}: no source {:?}", name.trim()))?;
    let column = source
        .header
        .iter()
        .position(|h| h == column.trim())
        .with_context(|| {
            format!(
                "figure {reference:?}: {:?} has no column {:?}",
                name.trim(),
                column.trim()
            )
        })?;
    let key: Vec<&str> = row.split_whitespace().collect();
    let found = source
        .rows
        .iter()
        .find(|cells| cells.len() >= key.len() && cells.iter().zip(&key).all(|(c, k)| c == k));
    let cells =
        found.with_context(|| format!("figure {reference:?}: no row starting {:?}", row.trim()))?;
    Ok(format_number(&cells[column]))
}

/// The cells that stand for a phrase: a cell is one word, so a record writes the phrase with
/// hyphens, and the book prints it with spaces.
const PHRASES: [&str; 2] = [
    crate::games::record::NO_FINITE_END,
    crate::games::record::NO_FINITE_ESTIMATE,
];

/// A cell as the book prints it: whole numbers of five digits or more with commas between
/// thousands (119,060,324), a phrase with its spaces ("no finite end"), everything else as
/// it is.
pub fn format_number(cell: &str) -> String {
    if PHRASES.contains(&cell) {
        return cell.replace('-', " ");
    }
    if cell.len() < 5 || !cell.chars().all(|c| c.is_ascii_digit()) {
        return cell.to_string();
    }
    let digits: Vec<char> = cell.chars().collect();
    let mut out = String::new();
    for (i, digit) in digits.iter().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(*digit);
    }
    out
}

/// The lines of the Markdown table that shows the source `name`.
pub fn table(sources: &BTreeMap<String, Source>, name: &str) -> Result<Vec<String>> {
    let source = sources
        .get(name)
        .with_context(|| format!("table {name:?}: no such source"))?;
    let row = |cells: Vec<String>| format!("| {} |", cells.join(" | "));
    let mut lines = vec![row(source.header.clone())];
    lines.push(row(source
        .header
        .iter()
        .map(|_| "---:".to_string())
        .collect()));
    for cells in &source.rows {
        lines.push(row(cells.iter().map(|c| format_number(c)).collect()));
    }
    Ok(lines)
}

/// The start of a figure quoted in a sentence, up to its reference.
pub const SPAN_OPEN: &str = "<span class=\"figure\" data-figure=\"";

/// `line` with every figure in it set to its value, and the problems found.
pub fn fill_line(sources: &BTreeMap<String, Source>, line: &str) -> (String, Vec<String>) {
    let mut out = String::new();
    let mut problems = Vec::new();
    let mut rest = line;
    while let Some(start) = rest.find(SPAN_OPEN) {
        let after_open = &rest[start + SPAN_OPEN.len()..];
        let Some((reference, after_reference)) = after_open.split_once("\">") else {
            break;
        };
        let Some((current, after_span)) = after_reference.split_once("</span>") else {
            break;
        };
        let value = value(sources, reference).unwrap_or_else(|problem| {
            problems.push(format!("{problem:#}"));
            current.to_string()
        });
        out.push_str(&rest[..start]);
        out.push_str(&format!("{SPAN_OPEN}{reference}\">{value}</span>"));
        rest = after_span;
    }
    out.push_str(rest);
    (out, problems)
}

/// The table under the directive `<!-- table NAME -->` on line `i` of a page: the lines that
/// start with `|` below it.
pub fn table_at(context: &Context, lines: &[&str], i: usize, name: &str) -> Generated {
    let rows = lines[i + 1..]
        .iter()
        .take_while(|l| l.starts_with('|'))
        .count();
    Generated::text(Block {
        start: i + 1,
        end: i + 1 + rows,
        expected: table(context.sources, name),
        what: format!("table of {name}"),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A source with perft-like rows.
    fn sample() -> BTreeMap<String, Source> {
        let text = "# a comment\nposition depth nodes\nstartpos 1 20\nstartpos 6 119060324\nkiwipete 5 193690690\n";
        BTreeMap::from([("perft".to_string(), parse(text).unwrap())])
    }

    #[test]
    fn a_reference_names_a_row_and_a_column() {
        assert_eq!(
            value(&sample(), "perft: startpos 6 / nodes").unwrap(),
            "119,060,324"
        );
        assert_eq!(value(&sample(), "perft: startpos 1 / nodes").unwrap(), "20");
        assert_eq!(value(&sample(), "perft: kiwipete / depth").unwrap(), "5");
    }

    #[test]
    fn a_bad_reference_says_what_is_missing() {
        let error = |reference: &str| format!("{:#}", value(&sample(), reference).unwrap_err());
        assert!(error("perft: startpos 7 / nodes").contains("no row"));
        assert!(error("perft: startpos 6 / leaves").contains("no column"));
        assert!(error("speed: startpos / median").contains("no source"));
        assert!(value(&sample(), "perft startpos").is_err());
    }

    #[test]
    fn numbers_get_thousands_separators_from_five_digits() {
        assert_eq!(format_number("8902"), "8902");
        assert_eq!(format_number("197281"), "197,281");
        assert_eq!(format_number("3195901860"), "3,195,901,860");
        assert_eq!(format_number("0.77"), "0.77");
        assert_eq!(format_number("no-finite-end"), "no finite end");
        assert_eq!(format_number("stage-16"), "stage-16");
    }

    #[test]
    fn a_line_gets_its_figures_set_and_keeps_the_rest() {
        let line = format!(
            "It has {SPAN_OPEN}perft: startpos 6 / nodes\">1</span> leaves, and {SPAN_OPEN}perft: kiwipete 5 / nodes\">2</span>."
        );
        let (filled, problems) = fill_line(&sample(), &line);
        assert!(problems.is_empty());
        assert_eq!(
            filled,
            format!(
                "It has {SPAN_OPEN}perft: startpos 6 / nodes\">119,060,324</span> leaves, and {SPAN_OPEN}perft: kiwipete 5 / nodes\">193,690,690</span>."
            )
        );
    }

    #[test]
    fn a_table_shows_every_row() {
        let lines = table(&sample(), "perft").unwrap();
        assert_eq!(lines[0], "| position | depth | nodes |");
        assert_eq!(lines[3], "| startpos | 6 | 119,060,324 |");
        assert_eq!(lines.len(), 5);
    }

    #[test]
    fn rows_of_the_wrong_length_are_refused() {
        assert!(parse("a b\n1 2 3\n").is_err());
    }
}
