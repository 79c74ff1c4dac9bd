//! Correction history (section 14.1, the switch `corrhist`): the static evaluation's errors, as
//! the search has measured them, kept by pawn structure.
//!
//! The evaluation is a sum of terms, and its mistakes repeat: a pawn structure that it
//! misjudges in one position it misjudges in the next position with the same pawns. Every node
//! the search finishes is a measurement of that mistake, the score the search found against
//! the evaluation's guess. The table keeps, for each side to move and each pawn structure
//! (through a hash of the pawns, so that structures may share an entry), a running average of
//! those measurements, and the search adds it to the evaluation of every later position with
//! the same pawns and the same side to move.
//!
//! The same table can be keyed by one side's pieces other than its pawns instead (the switch
//! `corrpieces`): a misjudged piece placement repeats as a misjudged pawn structure does. The
//! search then keeps three tables, by the pawns and by each side's pieces, adds all three
//! corrections to the evaluation, and teaches each the error that is left after all three.

use crate::piece::{Color, PieceType};
use crate::position::Position;

/// The entries kept for each side to move: a power of two, since an entry is picked by the
/// top bits of the pawns' hash. 16,384 of them take 64 KiB a side.
pub const CORRECTION_ENTRIES: usize = 16_384;

/// The fraction of a centipawn an entry counts in: an entry holds its correction times this,
/// so that a small step towards a measurement is not rounded away to nothing.
pub const CORRECTION_GRAIN: i32 = 256;

/// The most centipawns a correction adds to the evaluation or takes from it, and the most a
/// single measurement counts for: a search that found a mate or won a piece says more about
/// the tactics of one position than about its pawns.
pub const CORRECTION_MAX: i32 = 64;

/// The most weight, in 256ths, that one measurement has in its entry's average: a node
/// searched deep moves its entry a sixteenth of the way towards what it measured.
pub const CORRECTION_MAX_WEIGHT: i32 = 16;

/// What a table tells positions apart by, beside the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    /// Both sides' pawns ([`pawn_index`]): the switch `corrhist`.
    Pawns,
    /// One side's knights, bishops, rooks, queens and king ([`pieces_index`]): the switch
    /// `corrpieces`, one table for each side.
    Pieces(Color),
}

impl Key {
    /// The entry that `position` falls in, under this key.
    fn index(self, position: &Position) -> usize {
        match self {
            Key::Pawns => pawn_index(position),
            Key::Pieces(color) => pieces_index(position, color),
        }
    }
}

/// For each side to move and each hash of its key (the pawns, unless made otherwise), the
/// average error of the evaluation, in [`CORRECTION_GRAIN`]ths of a centipawn: what to add
/// to the evaluation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CorrectionHistory {
    /// The entries, by side to move and then by the key's hash.
    entries: Box<[[i32; CORRECTION_ENTRIES]; Color::NUM]>,
    /// What the entries are keyed by.
    key: Key,
}

impl Default for CorrectionHistory {
    /// A table keyed by the pawns that corrects nothing: every entry 0.
    fn default() -> CorrectionHistory {
        CorrectionHistory::keyed_by(Key::Pawns)
    }
}

impl CorrectionHistory {
    /// A table keyed by `key` that corrects nothing: every entry 0.
    pub fn keyed_by(key: Key) -> CorrectionHistory {
        CorrectionHistory {
            entries: Box::new([[0; CORRECTION_ENTRIES]; Color::NUM]),
            key,
        }
    }

    /// The centipawns to add to the static evaluation of `position`, for its side to move.
    pub fn correction(&self, position: &Position) -> i32 {
        *self.entry(position) / CORRECTION_GRAIN
    }

    /// Learns from a node of `position` searched `depth` plies deep whose evaluation, with the
    /// correction already added, was `error` centipawns below what the search found (above
    /// it, if negative): the entry moves towards correcting that too, by a weight that grows
    /// with the depth, since a deeper search is a better measurement.
    pub fn learn(&mut self, position: &Position, depth: i32, error: i32) {
        let weight = (depth + 1).clamp(1, CORRECTION_MAX_WEIGHT);
        let entry = self.entry_mut(position);
        let target = *entry + error.clamp(-CORRECTION_MAX, CORRECTION_MAX) * CORRECTION_GRAIN;
        let averaged = (*entry * (256 - weight) + target * weight) / 256;
        let bound = CORRECTION_MAX * CORRECTION_GRAIN;
        *entry = averaged.clamp(-bound, bound);
    }

    /// The entry of `position`'s side to move and key.
    fn entry(&self, position: &Position) -> &i32 {
        &self.entries[position.side_to_move().index()][self.key.index(position)]
    }

    /// The entry of `position`'s side to move and key, to change it.
    fn entry_mut(&mut self, position: &Position) -> &mut i32 {
        &mut self.entries[position.side_to_move().index()][self.key.index(position)]
    }
}

/// The entry of the table that `position`'s pawns fall in: each side's pawns are multiplied by
/// an odd constant of its own, whose product's top bits depend on every pawn, and the top bits
/// of the two products, combined, pick the entry. Two structures that pick the same entry
/// share it, as a few of a game's hundreds will among 16,384 entries: an average shared
/// now and then is the price of keeping no key beside each entry to tell them apart.
pub fn pawn_index(position: &Position) -> usize {
    const WHITE_MULTIPLIER: u64 = 0x9e37_79b9_7f4a_7c15;
    const BLACK_MULTIPLIER: u64 = 0xc2b2_ae3d_27d4_eb4f;
    let white = position.pieces(Color::White, PieceType::Pawn).0;
    let black = position.pieces(Color::Black, PieceType::Pawn).0;
    let hash = white.wrapping_mul(WHITE_MULTIPLIER) ^ black.wrapping_mul(BLACK_MULTIPLIER);
    (hash >> (64 - CORRECTION_ENTRIES.trailing_zeros())) as usize
}

/// The entry of the table that `color`'s pieces other than pawns fall in, the king among
/// them: each kind's squares are multiplied by an odd constant of the kind's own, as
/// [`pawn_index`] multiplies each side's pawns, and the top bits of the products, combined,
/// pick the entry.
pub fn pieces_index(position: &Position, color: Color) -> usize {
    const MULTIPLIERS: [(PieceType, u64); 5] = [
        (PieceType::Knight, 0x9e37_79b9_7f4a_7c15),
        (PieceType::Bishop, 0xc2b2_ae3d_27d4_eb4f),
        (PieceType::Rook, 0x1656_67b1_9e37_79f9),
        (PieceType::Queen, 0xd6e8_feb8_6659_fd93),
        (PieceType::King, 0xff51_afd7_ed55_8ccd),
    ];
    let hash = MULTIPLIERS
        .iter()
        .fold(0, |hash: u64, &(kind, multiplier)| {
            hash ^ position.pieces(color, kind).0.wrapping_mul(multiplier)
        });
    (hash >> (64 - CORRECTION_ENTRIES.trailing_zeros())) as usize
}

#[cfg(test)]
mod tests {
    use super::*;

    fn position(fen: &str) -> Position {
        Position::from_fen(fen).unwrap()
    }

    /// Two positions with the same pawns and the same side to move, the pieces elsewhere.
    const SAME_PAWNS: [&str; 2] = [
        "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
        "rnbqkb1r/pppp1ppp/5n2/4p3/4P3/2N5/PPPP1PPP/R1BQKBNR w KQkq - 2 3",
    ];

    /// The first of [`SAME_PAWNS`] with Black's e-pawn on e6 instead.
    const OTHER_PAWNS: &str = "r1bqkbnr/pppp1ppp/2n1p3/8/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";

    #[test]
    fn a_new_table_corrects_nothing() {
        let table = CorrectionHistory::default();
        assert_eq!(table.correction(&position(SAME_PAWNS[0])), 0);
    }

    #[test]
    fn measurements_move_the_correction_towards_the_error_and_no_further_than_the_bound() {
        let mut table = CorrectionHistory::default();
        let start = position(SAME_PAWNS[0]);
        for _ in 0..200 {
            let error = 40 - table.correction(&start);
            table.learn(&start, 12, error);
        }
        let settled = table.correction(&start);
        assert!((38..=40).contains(&settled), "settled at {settled}");
        for _ in 0..400 {
            table.learn(&start, 12, 10_000);
        }
        assert_eq!(table.correction(&start), CORRECTION_MAX);
    }

    #[test]
    fn a_deeper_measurement_moves_the_entry_further() {
        let (mut shallow, mut deep) = (CorrectionHistory::default(), CorrectionHistory::default());
        let start = position(SAME_PAWNS[0]);
        shallow.learn(&start, 1, CORRECTION_MAX);
        deep.learn(&start, 20, CORRECTION_MAX);
        assert!(*deep.entry(&start) > *shallow.entry(&start));
        assert!(*shallow.entry(&start) > 0);
    }

    #[test]
    fn the_same_pawns_share_an_entry_and_other_pawns_or_the_other_side_to_move_do_not() {
        let mut table = CorrectionHistory::default();
        for _ in 0..100 {
            table.learn(&position(SAME_PAWNS[0]), 16, CORRECTION_MAX);
        }
        assert!(table.correction(&position(SAME_PAWNS[1])) > 0);
        assert_eq!(table.correction(&position(OTHER_PAWNS)), 0);
        let black_to_move = SAME_PAWNS[0].replace(" w ", " b ");
        assert_eq!(table.correction(&position(&black_to_move)), 0);
    }

    #[test]
    fn a_table_by_one_sides_pieces_shares_an_entry_whatever_the_pawns_and_the_other_pieces() {
        for color in Color::ALL {
            let mut table = CorrectionHistory::keyed_by(Key::Pieces(color));
            for _ in 0..100 {
                table.learn(&position(SAME_PAWNS[0]), 16, CORRECTION_MAX);
            }
            // Only the pawns differ: both sides' pieces are where they were.
            assert!(table.correction(&position(OTHER_PAWNS)) > 0, "{color:?}");
            // Both sides' knights stand elsewhere, on the same pawns.
            assert_eq!(table.correction(&position(SAME_PAWNS[1])), 0, "{color:?}");
        }
        let mut white = CorrectionHistory::keyed_by(Key::Pieces(Color::White));
        for _ in 0..100 {
            white.learn(&position(SAME_PAWNS[0]), 16, CORRECTION_MAX);
        }
        // White's pieces as in the first position, Black's other knight out on f6.
        let black_moved = "r1bqkb1r/pppp1ppp/2n2n2/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 4 4";
        assert!(white.correction(&position(black_moved)) > 0);
    }
}
