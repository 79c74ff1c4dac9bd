//! Chapter 9's figures: what the transposition table saves on the book's six positions, and
//! what its replacement rule is worth once the table is too small to hold the tree.

use cb2026::config::SearchConfig;
use cb2026::measure::{self, POSITIONS};
use cb2026::movegen::find_move;
use cb2026::position::Position;
use cb2026::tt::{MIN_MB, Replacement, TranspositionTable};

/// The depth chapter 9 measures at: the deepest at which the search without the table still
/// takes seconds rather than minutes for the six positions.
const DEPTH: u32 = 7;

/// The small table that the replacement rules are compared in, in megabytes: the least
/// `Hash` takes, and far fewer entries than the trees at [`DEPTH`] have nodes.
const SMALL_MB: usize = 1;

/// `part` as a percentage of `whole`, with one decimal.
fn percent(part: u64, whole: u64) -> String {
    format!("{:.1}%", part as f64 * 100.0 / whole as f64)
}

#[test]
fn what_the_table_saves_and_what_its_replacement_rule_is_worth() {
    let off = SearchConfig::preset(10).unwrap();
    let on = SearchConfig::preset(11).unwrap();
    let mut text = String::from("position off on on-share small small-always\n");
    let mut totals = [0; 4];
    for (name, fen) in POSITIONS {
        let position = Position::from_fen(fen).unwrap();
        let small = |rule| {
            let mut table = TranspositionTable::with_rule(SMALL_MB, rule).unwrap();
            measure::measure_with(&position, DEPTH, &mut table, on).nodes
        };
        let nodes = [
            measure::measure(&position, DEPTH, off).nodes,
            measure::measure(&position, DEPTH, on).nodes,
            small(Replacement::OldestThenShallowest),
            small(Replacement::Always),
        ];
        for (total, count) in totals.iter_mut().zip(nodes) {
            *total += count;
        }
        let [off, on, small, always] = nodes;
        let share = percent(on, off);
        text.push_str(&format!("{name} {off} {on} {share} {small} {always}\n"));
    }
    let [off, on, small, always] = totals;
    let share = percent(on, off);
    text.push_str(&format!("total {off} {on} {share} {small} {always}\n"));
    insta::assert_snapshot!("tt_nodes", text);
}

#[test]
fn the_six_positions_at_depth_8_with_the_table() {
    // The depth chapters 10 to 14 measure at, which the search reaches in seconds only with
    // the table: the figures the next chapters start from.
    let stage_11 = SearchConfig::preset(11).unwrap();
    insta::assert_snapshot!("tt_depth_8", measure::report(8, stage_11));
}

/// The position after `moves`, in UCI, from the start position.
fn after(moves: &[&str]) -> Position {
    moves.iter().fold(Position::startpos(), |position, text| {
        position.make(find_move(&position, text).unwrap())
    })
}

/// The first order of chapter 9's transposition, 1.e4 e5 2.Nf3, whose search fills the table.
const FIRST_ORDER: [&str; 3] = ["e2e4", "e7e5", "g1f3"];

/// The second order, 1.Nf3 e5 2.e4, whose probe finds what the first left.
const SECOND_ORDER: [&str; 3] = ["g1f3", "e7e5", "e2e4"];

/// How deep chapter 9's picture of a bucket searches the position after 1.e4 e5 2.Nf3: deep
/// enough for the search to crowd the smallest table.
const BUCKET_DEPTH: u32 = 7;

#[test]
#[ignore = "a search deep enough to crowd a table: run in release by cargo xtask ci"]
fn the_second_order_of_a_transposition_finds_the_entry_the_first_left() {
    // 1.e4 e5 2.Nf3 and 1.Nf3 e5 2.e4 reach one position, and so one key.
    let (first, second) = (after(&FIRST_ORDER), after(&SECOND_ORDER));
    assert_eq!(first.key(), second.key());
    let key = second.key();
    let mut table = TranspositionTable::new(MIN_MB).unwrap();
    let stage_11 = SearchConfig::preset(11).unwrap();
    measure::measure_with(&first, BUCKET_DEPTH, &mut table, stage_11);
    let hit = table
        .probe(key, 0)
        .expect("the first order's search left an entry");
    assert_eq!(hit.depth, BUCKET_DEPTH as i32);
    let (index, slots) = table.bucket(key);
    let mut summary = String::from("quantity value\n");
    summary.push_str(&format!("first {}\n", FIRST_ORDER.join(",")));
    summary.push_str(&format!("second {}\n", SECOND_ORDER.join(",")));
    summary.push_str(&format!("key 0x{key:016x}\n"));
    summary.push_str(&format!("buckets {}\n", table.bucket_count()));
    summary.push_str(&format!("bucket {index}\n"));
    summary.push_str(&format!("check 0x{:08x}\n", key as u32));
    insta::assert_snapshot!("tt_transposition", summary);
    let mut bucket = String::from("slot check move score depth bound generation\n");
    for (number, slot) in slots.iter().enumerate() {
        let row = match slot {
            Some(slot) => format!(
                "{number} 0x{:08x} {} {} {} {:?} {}",
                slot.check,
                slot.mv.map_or("none".to_string(), |mv| mv.to_string()),
                slot.score,
                slot.depth,
                slot.bound,
                slot.generation
            ),
            None => format!("{number} empty - - - - -"),
        };
        bucket.push_str(&row);
        bucket.push('\n');
    }
    insta::assert_snapshot!("tt_bucket", bucket);
}
