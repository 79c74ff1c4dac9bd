//! The transposition table: what the search has learnt about positions, kept by their keys.
//!
//! The same position turns up again and again in a search tree, reached by different orders
//! of the same moves (a transposition), and again in the next iteration of iterative
//! deepening, one ply deeper. The table remembers, for each position it was given, the best
//! move found there, the score with the depth it was searched to, and whether that score is
//! exact or only a bound. The search asks it first at every node: a deep enough entry can
//! answer the node outright, and any entry's move is the best guess of which move to try
//! first.
//!
//! The table is a fixed number of buckets, each the size of a cache line (64 bytes), so one
//! probe reads one line from memory. A bucket holds [`SLOTS`] entries; a position's key picks
//! its bucket, and part of the key, stored in the entry, tells its position apart from the
//! others that share the bucket. When the bucket is full, the [`Replacement`] rule chooses
//! which entry gives way.

use crate::moves::Move;
use crate::score::MATE_BOUND;
use std::fmt;
use std::mem::offset_of;

/// Entries in one bucket: as many as fit in 64 bytes.
pub const SLOTS: usize = 5;

/// The size of a table in megabytes when no one asks for another.
pub const DEFAULT_MB: usize = 16;

/// The largest table anyone may ask for, in megabytes (64 GB). A size the machine cannot give
/// is refused even below it.
pub const MAX_MB: usize = 65_536;

/// The smallest table, in megabytes.
pub const MIN_MB: usize = 1;

/// How many entries [`TranspositionTable::hashfull`] looks at, as UCI's `hashfull` (per mille)
/// expects.
const HASHFULL_SAMPLE: usize = 1000;

/// What a stored score says about the position's true score.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The score is the position's score at its depth: it fell inside the search's window.
    Exact,
    /// The true score is at least this: a move reached beta, and the rest were not searched.
    Lower,
    /// The true score is at most this: no move reached alpha.
    Upper,
}

impl Bound {
    /// The bound that a fail-soft search's `score` is, for a window that was
    /// (`alpha`, `beta`) when the node began.
    pub fn of(score: i32, alpha: i32, beta: i32) -> Bound {
        if score >= beta {
            Bound::Lower
        } else if score <= alpha {
            Bound::Upper
        } else {
            Bound::Exact
        }
    }
}

/// One entry of the table: what is known about one position. Twelve bytes, so that five fit
/// in a cache line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Entry {
    /// The key's low 32 bits. The bucket was chosen by the key's high bits, so these are the
    /// bits that tell apart positions sharing a bucket.
    check: u32,
    /// The best move found, if the search found one; a node that failed low has none of its
    /// own, and keeps the move an earlier search stored for the position, if there was one.
    mv: Option<Move>,
    /// The score, with mates counted from this position rather than from the root.
    score: i16,
    /// How many plies deep the position was searched.
    depth: i8,
    /// What the score says: exact, or a bound.
    bound: Bound,
    /// The search (counted by [`TranspositionTable::new_search`]) that wrote the entry.
    generation: u8,
}

/// A cache line of entries. An empty slot is `None`, which costs no space: `Option<Entry>`
/// keeps its "nothing here" in a value that [`Bound`] never takes.
#[derive(Clone, Copy, Debug, Default)]
#[repr(align(64))]
struct Bucket {
    /// The entries, in no order.
    slots: [Option<Entry>; SLOTS],
}

/// The bytes of a bucket: one cache line.
pub const BUCKET_BYTES: usize = size_of::<Bucket>();

/// The bytes of an entry, empty or not.
pub const ENTRY_BYTES: usize = size_of::<Option<Entry>>();

/// Where an entry keeps each field: its name, its offset in the entry and its size, in bytes,
/// in the order the struct declares them. The compiler may lay a struct's fields out in any
/// order, so the book's picture of an entry asks it rather than assuming the declared one.
pub const ENTRY_FIELDS: [(&str, usize, usize); 6] = [
    ("check", offset_of!(Entry, check), size_of::<u32>()),
    ("mv", offset_of!(Entry, mv), size_of::<Option<Move>>()),
    ("score", offset_of!(Entry, score), size_of::<i16>()),
    ("depth", offset_of!(Entry, depth), size_of::<i8>()),
    ("bound", offset_of!(Entry, bound), size_of::<Bound>()),
    ("generation", offset_of!(Entry, generation), size_of::<u8>()),
];

/// One occupied slot of a bucket, field by field as the entry keeps it (the score too, with
/// mates counted from its own position): what [`TranspositionTable::bucket`] shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Slot {
    /// The low 32 bits of its position's key.
    pub check: u32,
    /// The best move found there, if any.
    pub mv: Option<Move>,
    /// The score, as stored.
    pub score: i16,
    /// How many plies deep the position was searched.
    pub depth: i8,
    /// Whether the score is exact or a bound.
    pub bound: Bound,
    /// The search that wrote it.
    pub generation: u8,
}

/// What the table knows about a position: the answer to a probe.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hit {
    /// The best move found there, if any.
    pub mv: Option<Move>,
    /// The score, with mates counted from the root again (see [`score_from_table`]).
    pub score: i32,
    /// How many plies deep the position was searched.
    pub depth: i32,
    /// Whether the score is exact or a bound.
    pub bound: Bound,
}

impl Hit {
    /// The score that answers a node searched `depth` deep with the window (`alpha`, `beta`),
    /// if this entry can: it must be at least as deep, and its bound must settle the window.
    /// A lower bound at or above beta fails high; an upper bound at or below alpha fails low;
    /// an exact score always answers.
    pub fn cutoff(&self, depth: i32, alpha: i32, beta: i32) -> Option<i32> {
        if self.depth < depth {
            return None;
        }
        let settles = match self.bound {
            Bound::Exact => true,
            Bound::Lower => self.score >= beta,
            Bound::Upper => self.score <= alpha,
        };
        settles.then_some(self.score)
    }
}

/// Which entry of a full bucket gives way to a new one.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Replacement {
    /// The entry from the oldest search, and among those the shallowest. The engine's rule;
    /// see [`TranspositionTable::slot_for`] for why.
    #[default]
    OldestThenShallowest,
    /// Always the one slot that the key names, whatever it holds: a table with one entry per
    /// position's place, as the simplest tables are. Kept to measure the rule above against.
    Always,
}

/// The transposition table.
pub struct TranspositionTable {
    /// The buckets; a key's high bits choose one.
    buckets: Vec<Bucket>,
    /// The current search's number, which every entry it writes carries. It wraps after 255.
    generation: u8,
    /// Which entry gives way when a bucket is full.
    rule: Replacement,
}

/// A size of table that cannot be had.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SizeError {
    /// The size is outside [`MIN_MB`]..=[`MAX_MB`].
    OutOfRange(usize),
    /// The machine would not give that much memory.
    NoMemory(usize),
}

impl fmt::Display for SizeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SizeError::OutOfRange(mb) => write!(
                f,
                "a hash table of {mb} MB: the size must be from {MIN_MB} to {MAX_MB} MB"
            ),
            SizeError::NoMemory(mb) => write!(f, "a hash table of {mb} MB: not enough memory"),
        }
    }
}

impl std::error::Error for SizeError {}

impl TranspositionTable {
    /// An empty table of `mb` megabytes, replacing by the engine's rule.
    pub fn new(mb: usize) -> Result<TranspositionTable, SizeError> {
        TranspositionTable::with_rule(mb, Replacement::default())
    }

    /// An empty table of `mb` megabytes that replaces entries by `rule`.
    pub fn with_rule(mb: usize, rule: Replacement) -> Result<TranspositionTable, SizeError> {
        Ok(TranspositionTable {
            buckets: buckets(mb)?,
            generation: 0,
            rule,
        })
    }

    /// Makes the table `mb` megabytes, empty. If that size cannot be had, says why and
    /// leaves the table as it was, entries and all.
    pub fn resize(&mut self, mb: usize) -> Result<(), SizeError> {
        self.buckets = buckets(mb)?;
        self.generation = 0;
        Ok(())
    }

    /// The table's size in megabytes, as it was asked for.
    pub fn size_mb(&self) -> usize {
        self.buckets.len() * size_of::<Bucket>() / (1024 * 1024)
    }

    /// Forgets every entry.
    pub fn clear(&mut self) {
        self.buckets.fill(Bucket::default());
        self.generation = 0;
    }

    /// Starts a new search: the entries written from now on are younger than all before.
    pub fn new_search(&mut self) {
        self.generation = self.generation.wrapping_add(1);
    }

    /// What the table knows about the position with `key`, `ply` plies from the root.
    pub fn probe(&self, key: u64, ply: usize) -> Option<Hit> {
        let check = check_of(key);
        let bucket = &self.buckets[self.index(key)];
        let entry = bucket.slots.iter().flatten().find(|e| e.check == check)?;
        Some(Hit {
            mv: entry.mv,
            score: score_from_table(entry.score.into(), ply),
            depth: entry.depth.into(),
            bound: entry.bound,
        })
    }

    /// Remembers what a search `depth` deep found for the position with `key`, `ply` plies
    /// from the root: its `score`, what kind of `bound` that is, and its best move. A store
    /// without a move keeps the move the table had for the same position.
    pub fn store(
        &mut self,
        key: u64,
        ply: usize,
        depth: i32,
        score: i32,
        bound: Bound,
        mv: Option<Move>,
    ) {
        let check = check_of(key);
        let index = self.index(key);
        let slot = self.slot_for(&self.buckets[index], check);
        let old = &mut self.buckets[index].slots[slot];
        let kept_move = old.filter(|e| e.check == check).and_then(|e| e.mv);
        *old = Some(Entry {
            check,
            mv: mv.or(kept_move),
            score: score_to_table(score, ply) as i16,
            depth: depth.clamp(i8::MIN.into(), i8::MAX.into()) as i8,
            bound,
            generation: self.generation,
        });
    }

    /// The slot of `bucket` that a new entry for the position with `check` goes into.
    ///
    /// The position's own entry is always replaced: the new result comes from a later visit,
    /// usually deeper or with a tighter window, and two entries for one position would only
    /// waste a slot. Then an empty slot, if there is one. Then, in a full bucket, the entry
    /// least worth keeping: one from an older search first, since the game has moved on and
    /// most old positions can no longer arise; among entries equally old, the shallowest,
    /// since it saved the least work to compute and will save the least when found again.
    fn slot_for(&self, bucket: &Bucket, check: u32) -> usize {
        if self.rule == Replacement::Always {
            return check as usize % SLOTS;
        }
        let same = |slot: &Option<Entry>| slot.is_some_and(|e| e.check == check);
        bucket
            .slots
            .iter()
            .position(same)
            .or_else(|| bucket.slots.iter().position(Option::is_none))
            .unwrap_or_else(|| {
                let worth = |&(_, slot): &(usize, &Option<Entry>)| {
                    let entry = slot.expect("a full bucket has no empty slot");
                    let age = self.generation.wrapping_sub(entry.generation);
                    (std::cmp::Reverse(age), entry.depth)
                };
                let slots = bucket.slots.iter().enumerate();
                slots.min_by_key(worth).map_or(0, |(slot, _)| slot)
            })
    }

    /// The number of the bucket the position with `key` goes to, of [`Self::bucket_count`],
    /// and what its slots hold: a look inside the table, for tests and the book's picture of
    /// a bucket. The search itself only ever probes and stores.
    pub fn bucket(&self, key: u64) -> (usize, [Option<Slot>; SLOTS]) {
        let index = self.index(key);
        let slots = self.buckets[index].slots.map(|slot| {
            slot.map(|entry| Slot {
                check: entry.check,
                mv: entry.mv,
                score: entry.score,
                depth: entry.depth,
                bound: entry.bound,
                generation: entry.generation,
            })
        });
        (index, slots)
    }

    /// How many buckets the table has.
    pub fn bucket_count(&self) -> usize {
        self.buckets.len()
    }

    /// How full the table is, in entries per thousand written by the current search, as UCI's
    /// `info hashfull` reports it: counted over the first thousand entries, which stand for
    /// the rest since keys spread evenly.
    pub fn hashfull(&self) -> usize {
        let sample = self.buckets.iter().flat_map(|bucket| bucket.slots.iter());
        let sampled = sample.take(HASHFULL_SAMPLE);
        let (mut seen, mut current) = (0, 0);
        for slot in sampled {
            seen += 1;
            if slot.is_some_and(|e| e.generation == self.generation) {
                current += 1;
            }
        }
        current * HASHFULL_SAMPLE / seen
    }

    /// The bucket of the position with `key`: the key's high bits, scaled to the number of
    /// buckets by a multiplication rather than a remainder, so any number of buckets works.
    fn index(&self, key: u64) -> usize {
        ((u128::from(key) * self.buckets.len() as u128) >> 64) as usize
    }
}

/// The part of `key` an entry keeps to recognise its position: the low 32 bits, which
/// [`TranspositionTable::index`] hardly uses.
fn check_of(key: u64) -> u32 {
    key as u32
}

/// `mb` megabytes of empty buckets, or why not.
fn buckets(mb: usize) -> Result<Vec<Bucket>, SizeError> {
    if !(MIN_MB..=MAX_MB).contains(&mb) {
        return Err(SizeError::OutOfRange(mb));
    }
    let count = mb * 1024 * 1024 / size_of::<Bucket>();
    let mut buckets = Vec::new();
    buckets
        .try_reserve_exact(count)
        .map_err(|_| SizeError::NoMemory(mb))?;
    buckets.resize(count, Bucket::default());
    Ok(buckets)
}

/// `score`, found `ply` plies from the root, as the table keeps it. A mate score counts the
/// plies from the root, but the same position can be reached at another ply; so the table
/// counts them from the position itself, adding back the plies between root and position.
pub fn score_to_table(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score + ply as i32
    } else if score <= -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

/// A `score` from the table, for a position `ply` plies from the root: the reverse of
/// [`score_to_table`], counting a mate from the root again.
pub fn score_from_table(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score - ply as i32
    } else if score <= -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::moves::MoveKind;
    use crate::score::MATE;
    use crate::square::Square;

    /// A move to store.
    fn e2e4() -> Move {
        Move::new(Square::E2, Square::E4, MoveKind::DoublePush)
    }

    /// A key that lands in `bucket` of a table of `len` buckets, told apart by `check`.
    fn key_in(table: &TranspositionTable, bucket: usize, check: u32) -> u64 {
        let len = table.buckets.len() as u128;
        let high = ((bucket as u128) << 64).div_ceil(len) as u64;
        let key = ((high & !0xffff_ffff) + (1 << 32)) | u64::from(check);
        assert_eq!(table.index(key), bucket);
        key
    }

    #[test]
    fn an_entry_is_twelve_bytes_and_a_bucket_one_cache_line() {
        assert_eq!(size_of::<Option<Entry>>(), 12);
        assert_eq!(size_of::<Bucket>(), 64);
        assert_eq!(align_of::<Bucket>(), 64);
    }

    #[test]
    fn the_entry_fields_neither_overlap_nor_leave_the_entry() {
        let mut fields = ENTRY_FIELDS;
        fields.sort_by_key(|&(_, offset, _)| offset);
        for pair in fields.windows(2) {
            let ((_, offset, size), (name, next, _)) = (pair[0], pair[1]);
            assert!(offset + size <= next, "{name} overlaps the field before it");
        }
        let (_, last, size) = fields[fields.len() - 1];
        assert!(last + size <= ENTRY_BYTES);
        assert_eq!(BUCKET_BYTES / ENTRY_BYTES, SLOTS);
    }

    #[test]
    fn a_bucket_shows_what_was_stored_for_a_key() {
        let mut table = TranspositionTable::new(1).unwrap();
        let key = 0x0123_4567_89ab_cdef;
        table.store(key, 0, 7, -35, Bound::Upper, None);
        let (index, slots) = table.bucket(key);
        assert_eq!(index, table.index(key));
        let stored: Vec<Slot> = slots.into_iter().flatten().collect();
        let expected = Slot {
            check: 0x89ab_cdef,
            mv: None,
            score: -35,
            depth: 7,
            bound: Bound::Upper,
            generation: 0,
        };
        assert_eq!(stored, [expected]);
    }

    #[test]
    fn a_table_has_the_size_asked_for() {
        let table = TranspositionTable::new(2).unwrap();
        assert_eq!(table.buckets.len() * 64, 2 * 1024 * 1024);
        assert_eq!(table.size_mb(), 2);
    }

    #[test]
    fn a_stored_position_is_found_with_what_was_stored() {
        let mut table = TranspositionTable::new(1).unwrap();
        let key = 0x1234_5678_9abc_def0;
        assert_eq!(table.probe(key, 0), None);
        table.store(key, 3, 5, -42, Bound::Upper, Some(e2e4()));
        let hit = table.probe(key, 3).unwrap();
        assert_eq!(
            hit,
            Hit {
                mv: Some(e2e4()),
                score: -42,
                depth: 5,
                bound: Bound::Upper
            }
        );
    }

    #[test]
    fn a_key_that_differs_in_the_checked_bits_is_not_found() {
        let mut table = TranspositionTable::new(1).unwrap();
        let key = key_in(&table, 7, 1);
        table.store(key, 0, 2, 10, Bound::Exact, None);
        assert!(table.probe(key, 0).is_some());
        assert_eq!(table.probe(key_in(&table, 7, 2), 0), None);
    }

    #[test]
    fn a_store_without_a_move_keeps_the_positions_old_move() {
        let mut table = TranspositionTable::new(1).unwrap();
        let key = 99;
        table.store(key, 0, 2, 10, Bound::Lower, Some(e2e4()));
        table.store(key, 0, 3, -5, Bound::Upper, None);
        let hit = table.probe(key, 0).unwrap();
        assert_eq!((hit.mv, hit.depth, hit.score), (Some(e2e4()), 3, -5));
    }

    #[test]
    fn a_position_keeps_one_entry_however_often_it_is_stored() {
        let mut table = TranspositionTable::new(1).unwrap();
        let key = key_in(&table, 3, 77);
        for depth in 1..=SLOTS as i32 + 2 {
            table.store(key, 0, depth, 0, Bound::Exact, None);
        }
        let bucket = &table.buckets[3];
        assert_eq!(bucket.slots.iter().flatten().count(), 1);
    }

    #[test]
    fn a_full_bucket_gives_up_its_shallowest_entry() {
        let mut table = TranspositionTable::new(1).unwrap();
        let depths = [4, 2, 7, 1, 5];
        for (check, depth) in (1..).zip(depths) {
            table.store(key_in(&table, 9, check), 0, depth, 0, Bound::Exact, None);
        }
        table.store(key_in(&table, 9, 100), 0, 3, 0, Bound::Exact, None);
        assert_eq!(table.probe(key_in(&table, 9, 4), 0), None, "depth 1 went");
        for check in [1, 2, 3, 5, 100] {
            assert!(table.probe(key_in(&table, 9, check), 0).is_some());
        }
    }

    #[test]
    fn a_full_bucket_gives_up_an_older_searchs_entry_before_a_shallower_one() {
        let mut table = TranspositionTable::new(1).unwrap();
        table.store(key_in(&table, 5, 1), 0, 9, 0, Bound::Exact, None);
        table.new_search();
        for check in 2..=SLOTS as u32 {
            table.store(key_in(&table, 5, check), 0, 1, 0, Bound::Exact, None);
        }
        table.store(key_in(&table, 5, 50), 0, 1, 0, Bound::Exact, None);
        assert_eq!(
            table.probe(key_in(&table, 5, 1), 0),
            None,
            "the old one went"
        );
        assert!(table.probe(key_in(&table, 5, 50), 0).is_some());
    }

    #[test]
    fn the_always_rule_overwrites_the_slot_the_key_names() {
        let mut table = TranspositionTable::with_rule(1, Replacement::Always).unwrap();
        let deep = key_in(&table, 2, 1);
        let shallow = key_in(&table, 2, 1 + SLOTS as u32);
        table.store(deep, 0, 9, 0, Bound::Exact, None);
        table.store(shallow, 0, 1, 0, Bound::Exact, None);
        assert_eq!(table.probe(deep, 0), None);
        assert!(table.probe(shallow, 0).is_some());
    }

    #[test]
    fn clear_forgets_everything() {
        let mut table = TranspositionTable::new(1).unwrap();
        table.store(5, 0, 1, 0, Bound::Exact, None);
        table.clear();
        assert_eq!(table.probe(5, 0), None);
    }

    #[test]
    fn resizing_empties_the_table_and_a_refused_size_leaves_it_as_it_was() {
        let mut table = TranspositionTable::new(1).unwrap();
        table.store(5, 0, 1, 0, Bound::Exact, None);
        assert_eq!(table.resize(0), Err(SizeError::OutOfRange(0)));
        assert_eq!(
            table.resize(MAX_MB + 1),
            Err(SizeError::OutOfRange(MAX_MB + 1))
        );
        assert!(table.probe(5, 0).is_some());
        table.resize(2).unwrap();
        assert_eq!(table.buckets.len() * 64, 2 * 1024 * 1024);
        assert_eq!(table.probe(5, 0), None);
        let error = TranspositionTable::new(0).err().unwrap();
        assert!(error.to_string().contains("0 MB"), "{error}");
    }

    #[test]
    fn hashfull_counts_the_current_searchs_entries_per_thousand() {
        let mut table = TranspositionTable::new(1).unwrap();
        assert_eq!(table.hashfull(), 0);
        for bucket in 0..100 {
            for check in 0..SLOTS as u32 {
                table.store(key_in(&table, bucket, check), 0, 1, 0, Bound::Exact, None);
            }
        }
        assert_eq!(table.hashfull(), 500, "500 of the first 1000 slots");
        table.new_search();
        assert_eq!(table.hashfull(), 0, "written by an earlier search");
        table.store(key_in(&table, 0, 0), 0, 1, 0, Bound::Exact, None);
        assert_eq!(table.hashfull(), 1);
    }

    #[test]
    fn a_mate_is_stored_from_the_node_and_found_from_the_root() {
        let mate_in_3_from_root = MATE - 5;
        let at_ply = 4;
        let stored = score_to_table(mate_in_3_from_root, at_ply);
        assert_eq!(stored, MATE - 1, "one ply from the node to the mate");
        assert_eq!(
            score_from_table(stored, 2),
            MATE - 3,
            "found nearer the root"
        );
        assert_eq!(score_from_table(stored, at_ply), mate_in_3_from_root);
        assert_eq!(score_to_table(-MATE + 6, 4), -MATE + 2);
        assert_eq!(score_from_table(-MATE + 2, 6), -MATE + 8);
        assert_eq!(score_to_table(150, 9), 150, "other scores are left alone");
        assert_eq!(score_from_table(-150, 9), -150);
    }

    #[test]
    fn a_mate_stored_at_one_ply_is_found_relative_to_another() {
        let mut table = TranspositionTable::new(1).unwrap();
        table.store(1, 6, 3, -(MATE - 8), Bound::Exact, None);
        assert_eq!(table.probe(1, 2).unwrap().score, -(MATE - 4));
    }

    #[test]
    fn the_bound_of_a_score_depends_on_the_window() {
        assert_eq!(Bound::of(50, 0, 50), Bound::Lower);
        assert_eq!(Bound::of(0, 0, 50), Bound::Upper);
        assert_eq!(Bound::of(20, 0, 50), Bound::Exact);
    }

    #[test]
    fn an_entry_cuts_off_only_when_deep_enough_and_its_bound_settles_the_window() {
        let hit = |score, bound| Hit {
            mv: None,
            score,
            depth: 4,
            bound,
        };
        assert_eq!(hit(10, Bound::Exact).cutoff(4, 0, 50), Some(10));
        assert_eq!(hit(10, Bound::Exact).cutoff(5, 0, 50), None, "too shallow");
        assert_eq!(hit(60, Bound::Lower).cutoff(3, 0, 50), Some(60));
        assert_eq!(hit(40, Bound::Lower).cutoff(3, 0, 50), None);
        assert_eq!(hit(-5, Bound::Upper).cutoff(3, 0, 50), Some(-5));
        assert_eq!(hit(5, Bound::Upper).cutoff(3, 0, 50), None);
    }
}
