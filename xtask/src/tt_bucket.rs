//! The transposition table's bucket, drawn from a real search: two move orders that reach one
//! position, the key they share split into a bucket number and a check, the bucket's five
//! slots as that search left them, and the entry the second order finds, byte by byte. A
//! chapter shows it with `<!-- plot tt-bucket -->`.
//!
//! The slots' contents are pinned like any figure, by the engine's test
//! `the_second_order_of_a_transposition_finds_the_entry_the_first_left` (the snapshots
//! [`SUMMARY`] and [`SLOTS`]); the layout of an entry comes from the engine's own
//! [`ENTRY_FIELDS`], as the compiler laid it out.

use crate::figures::{Source, format_number};
use anyhow::{Context, Result};
use cb2026::tt::{BUCKET_BYTES, ENTRY_BYTES, ENTRY_FIELDS};
use std::fmt::Write;
use std::path::Path;

/// The pinned key, bucket and check of the transposition, one `quantity value` row each.
pub const SUMMARY: &str = "tt_transposition";

/// The pinned slots of its bucket, one row a slot.
pub const SLOTS: &str = "tt_bucket";

/// The picture's width, in SVG units.
const WIDTH: f64 = 640.0;
/// Its height.
const HEIGHT: f64 = 330.0;
/// The room left and right of the bucket and the entry.
const MARGIN: f64 = 20.0;
/// The top of the bucket.
const BUCKET_TOP: f64 = 128.0;
/// The bucket's height.
const BUCKET_HEIGHT: f64 = 56.0;
/// The top of the entry drawn large.
const ENTRY_TOP: f64 = 236.0;
/// The entry's height.
const ENTRY_HEIGHT: f64 = 56.0;
/// The colour of lines and text.
const INK: &str = "#333333";
/// The colour of the slot and the entry the second order finds.
const FOUND: &str = "#fde9b8";
/// The colour of empty slots and of bytes no field uses.
const EMPTY: &str = "#eeeeee";

/// What the picture shows, read from the two pinned sources.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bucket {
    /// The first move order, in UCI, and the second.
    pub orders: [String; 2],
    /// The position's key, as hexadecimal text.
    pub key: String,
    /// The table's number of buckets.
    pub buckets: String,
    /// The bucket the key picks.
    pub bucket: String,
    /// The key's low 32 bits, as hexadecimal text.
    pub check: String,
    /// The slots, in order: each a row of the pinned table (check, move, score, depth,
    /// bound, generation), or `None` if empty.
    pub slots: Vec<Option<Vec<String>>>,
}

impl Bucket {
    /// The picture's data from the sources pinned under `root`.
    pub fn at(root: &Path) -> Result<Bucket> {
        let sources = crate::figures::sources(root)?;
        let source = |name: &str| {
            sources
                .get(name)
                .with_context(|| format!("plot tt-bucket: no pinned {name}"))
        };
        Bucket::from_sources(source(SUMMARY)?, source(SLOTS)?)
    }

    /// The picture's data from the pinned `summary` and `slots`.
    pub fn from_sources(summary: &Source, slots: &Source) -> Result<Bucket> {
        let quantity = |name: &str| {
            summary
                .rows
                .iter()
                .find(|row| row[0] == name)
                .map(|row| row[1].clone())
                .with_context(|| format!("plot tt-bucket: {SUMMARY} has no row {name}"))
        };
        let order = |name: &str| quantity(name).map(|moves| moves.replace(',', " "));
        let slots = slots
            .rows
            .iter()
            .map(|row| (row[1] != "empty").then(|| row[1..].to_vec()))
            .collect();
        Ok(Bucket {
            orders: [order("first")?, order("second")?],
            key: quantity("key")?,
            buckets: quantity("buckets")?,
            bucket: quantity("bucket")?,
            check: quantity("check")?,
            slots,
        })
    }

    /// The slot holding the key's entry, and its cells, if the bucket has it.
    fn found(&self) -> Option<(usize, &[String])> {
        self.slots
            .iter()
            .enumerate()
            .find_map(|(number, slot)| match slot {
                Some(cells) if cells[0] == self.check => Some((number, cells.as_slice())),
                _ => None,
            })
    }

    /// The text alternative: what the picture shows, in words.
    pub fn alt(&self) -> String {
        let found = match self.found() {
            Some((number, cells)) => format!(
                "slot {number} holds its entry: move {}, score {}, depth {}, bound {}",
                cells[1], cells[2], cells[3], cells[4]
            ),
            None => "no slot holds its entry".to_string(),
        };
        let found_count = usize::from(self.found().is_some());
        let others = match self.slots.iter().flatten().count() - found_count {
            0 => "no other slot is taken".to_string(),
            1 => "one other slot holds another position".to_string(),
            n => format!("{n} other slots hold other positions"),
        };
        format!(
            "The move orders {} and {} reach one key, {}, which picks bucket {} of {} and keeps {} as its check; {found}, and {others}",
            self.orders[0],
            self.orders[1],
            self.key,
            format_number(&self.bucket),
            format_number(&self.buckets),
            self.check
        )
    }
}

/// The SVG of `bucket`.
pub fn svg(bucket: &Bucket) -> String {
    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {WIDTH} {HEIGHT}\" width=\"{WIDTH}\" height=\"{HEIGHT}\" font-family=\"sans-serif\" font-size=\"12\" fill=\"{INK}\">\n\
         <rect width=\"{WIDTH}\" height=\"{HEIGHT}\" fill=\"#ffffff\"/>\n\
         <defs><marker id=\"arrow\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" markerWidth=\"7\" markerHeight=\"7\" orient=\"auto\"><path d=\"M0,0 L10,5 L0,10 z\" fill=\"{INK}\"/></marker></defs>\n"
    );
    key_and_orders(&mut svg, bucket);
    let found = bucket.found();
    slots(&mut svg, bucket, found.map(|(number, _)| number));
    if let Some((number, cells)) = found {
        entry(&mut svg, number, cells);
    }
    svg.push_str("</svg>\n");
    svg
}

/// The two move orders, the key they share, and what the key's two parts choose.
fn key_and_orders(svg: &mut String, bucket: &Bucket) {
    for (row, order) in bucket.orders.iter().enumerate() {
        let y = 14.0 + 28.0 * row as f64;
        let _ = writeln!(
            svg,
            "<rect x=\"{MARGIN}\" y=\"{y}\" width=\"150\" height=\"22\" rx=\"4\" fill=\"none\" stroke=\"{INK}\"/>\n\
             <text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\" font-family=\"monospace\">{order}</text>\n\
             <line x1=\"{:.1}\" y1=\"{:.1}\" x2=\"226\" y2=\"39\" stroke=\"{INK}\" marker-end=\"url(#arrow)\"/>",
            MARGIN + 75.0,
            y + 15.0,
            MARGIN + 150.0,
            y + 11.0
        );
    }
    let _ = writeln!(
        svg,
        "<rect x=\"228\" y=\"27\" width=\"392\" height=\"24\" rx=\"4\" fill=\"none\" stroke=\"{INK}\"/>\n\
         <text x=\"424\" y=\"44\" text-anchor=\"middle\"><tspan>key </tspan><tspan font-family=\"monospace\">{}</tspan></text>\n\
         <text x=\"228\" y=\"76\">high bits: bucket {} of {}</text>\n\
         <text x=\"620\" y=\"76\" text-anchor=\"end\">low 32 bits: check <tspan font-family=\"monospace\">{}</tspan></text>",
        bucket.key,
        format_number(&bucket.bucket),
        format_number(&bucket.buckets),
        bucket.check
    );
}

/// The bucket's slots side by side, `found` highlighted, with the bytes no slot uses.
fn slots(svg: &mut String, bucket: &Bucket, found: Option<usize>) {
    let byte = (WIDTH - 2.0 * MARGIN) / BUCKET_BYTES as f64;
    let slot_width = byte * ENTRY_BYTES as f64;
    let _ = writeln!(
        svg,
        "<text x=\"{MARGIN}\" y=\"{:.1}\" font-weight=\"bold\">bucket {}: {BUCKET_BYTES} bytes, one cache line, {} slots of {ENTRY_BYTES} bytes</text>",
        BUCKET_TOP - 10.0,
        format_number(&bucket.bucket),
        bucket.slots.len()
    );
    for (number, slot) in bucket.slots.iter().enumerate() {
        let x = MARGIN + slot_width * number as f64;
        let fill = match (slot, found == Some(number)) {
            (_, true) => FOUND,
            (None, false) => EMPTY,
            (Some(_), false) => "#ffffff",
        };
        let _ = writeln!(
            svg,
            "<rect x=\"{x:.1}\" y=\"{BUCKET_TOP}\" width=\"{slot_width:.1}\" height=\"{BUCKET_HEIGHT}\" fill=\"{fill}\" stroke=\"{INK}\"/>\n\
             <text x=\"{:.1}\" y=\"{:.1}\" font-size=\"10\">slot {number}</text>",
            x + 4.0,
            BUCKET_TOP + 12.0
        );
        let middle = x + slot_width / 2.0;
        let lines = match slot {
            Some(cells) => [
                format!("<tspan font-family=\"monospace\">{}</tspan>", cells[0]),
                format!("{} · d{} · {}", cells[1], cells[3], cells[4].to_lowercase()),
            ],
            None => ["empty".to_string(), String::new()],
        };
        for (row, line) in lines.iter().enumerate() {
            let _ = writeln!(
                svg,
                "<text x=\"{middle:.1}\" y=\"{:.1}\" text-anchor=\"middle\" font-size=\"11\">{line}</text>",
                BUCKET_TOP + 30.0 + 15.0 * row as f64
            );
        }
    }
    let spare = MARGIN + slot_width * bucket.slots.len() as f64;
    let _ = writeln!(
        svg,
        "<rect x=\"{spare:.1}\" y=\"{BUCKET_TOP}\" width=\"{:.1}\" height=\"{BUCKET_HEIGHT}\" fill=\"{EMPTY}\" stroke=\"{INK}\"/>\n\
         <text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\" font-size=\"10\">spare</text>",
        WIDTH - MARGIN - spare,
        (spare + WIDTH - MARGIN) / 2.0,
        BUCKET_TOP + BUCKET_HEIGHT / 2.0 + 4.0
    );
}

/// The entry in slot `number`, drawn large below the bucket: each field at its offset and
/// size, with its value from `cells`.
fn entry(svg: &mut String, number: usize, cells: &[String]) {
    let slot_byte = (WIDTH - 2.0 * MARGIN) / BUCKET_BYTES as f64;
    let slot_left = MARGIN + slot_byte * (ENTRY_BYTES * number) as f64;
    let slot_right = slot_left + slot_byte * ENTRY_BYTES as f64;
    let bottom = BUCKET_TOP + BUCKET_HEIGHT;
    let _ = writeln!(
        svg,
        "<path d=\"M{slot_left:.1},{bottom} L{MARGIN},{:.1} M{slot_right:.1},{bottom} L{:.1},{:.1}\" stroke=\"{INK}\" stroke-dasharray=\"3 3\" fill=\"none\"/>",
        ENTRY_TOP - 16.0,
        WIDTH - MARGIN,
        ENTRY_TOP - 16.0
    );
    let byte = (WIDTH - 2.0 * MARGIN) / ENTRY_BYTES as f64;
    for offset in 0..ENTRY_BYTES {
        let _ = writeln!(
            svg,
            "<rect x=\"{:.1}\" y=\"{ENTRY_TOP}\" width=\"{byte:.1}\" height=\"{ENTRY_HEIGHT}\" fill=\"{EMPTY}\" stroke=\"#bbbbbb\"/>\n\
             <text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\" font-size=\"10\">{offset}</text>",
            MARGIN + byte * offset as f64,
            MARGIN + byte * (offset as f64 + 0.5),
            ENTRY_TOP - 4.0
        );
    }
    for (name, offset, size) in ENTRY_FIELDS {
        let x = MARGIN + byte * offset as f64;
        let width = byte * size as f64;
        let label_size = if size == 1 { 9 } else { 12 };
        let _ = writeln!(
            svg,
            "<rect x=\"{x:.1}\" y=\"{ENTRY_TOP}\" width=\"{width:.1}\" height=\"{ENTRY_HEIGHT}\" fill=\"{FOUND}\" stroke=\"{INK}\"/>\n\
             <text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\" font-weight=\"bold\" font-size=\"{label_size}\">{name}</text>\n\
             <text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\" font-family=\"monospace\" font-size=\"11\">{}</text>",
            x + width / 2.0,
            ENTRY_TOP + 22.0,
            x + width / 2.0,
            ENTRY_TOP + 42.0,
            field_value(name, cells)
        );
    }
    let _ = writeln!(
        svg,
        "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\">slot {number}'s entry: {ENTRY_BYTES} bytes, each field where the compiler put it (grey bytes are unused)</text>",
        WIDTH / 2.0,
        ENTRY_TOP + ENTRY_HEIGHT + 24.0
    );
}

/// The value `cells` (a pinned slot row without its number) gives the entry field `name`:
/// the pinned columns are the fields in the order the struct declares them.
fn field_value<'a>(name: &str, cells: &'a [String]) -> &'a str {
    ENTRY_FIELDS
        .iter()
        .position(|&(field, _, _)| field == name)
        .and_then(|column| cells.get(column))
        .map_or("?", String::as_str)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A source from its lines of text.
    fn source(lines: &[&str]) -> Source {
        let cells = |line: &str| line.split_whitespace().map(str::to_string).collect();
        Source {
            header: cells(lines[0]),
            rows: lines[1..].iter().map(|line| cells(line)).collect(),
        }
    }

    /// A made-up bucket whose slot 1 holds the key's entry.
    fn bucket() -> Bucket {
        let summary = source(&[
            "quantity value",
            "first e2e4,e7e5,g1f3",
            "second g1f3,e7e5,e2e4",
            "key 0x00000000deadbeef",
            "buckets 16384",
            "bucket 0",
            "check 0xdeadbeef",
        ]);
        let slots = source(&[
            "slot check move score depth bound generation",
            "0 0x00000001 a2a3 10 2 Lower 1",
            "1 0xdeadbeef b1c3 -25 5 Exact 1",
            "2 empty - - - - -",
            "3 empty - - - - -",
            "4 empty - - - - -",
        ]);
        Bucket::from_sources(&summary, &slots).unwrap()
    }

    #[test]
    fn the_slot_whose_check_is_the_keys_is_the_one_found() {
        let bucket = bucket();
        assert_eq!(bucket.orders[1], "g1f3 e7e5 e2e4");
        let (number, cells) = bucket.found().unwrap();
        assert_eq!((number, cells[1].as_str()), (1, "b1c3"));
        assert!(bucket.alt().contains("slot 1 holds its entry: move b1c3"));
        assert!(
            bucket
                .alt()
                .contains("one other slot holds another position")
        );
    }

    #[test]
    fn every_field_of_the_entry_is_drawn_with_its_value() {
        let svg = svg(&bucket());
        for (name, _, _) in ENTRY_FIELDS {
            assert!(
                svg.contains(&format!(">{name}</text>")),
                "{name} is missing"
            );
        }
        assert!(svg.contains(">-25</text>"));
        assert_eq!(svg.matches(">empty</text>").count(), 3);
    }
}
