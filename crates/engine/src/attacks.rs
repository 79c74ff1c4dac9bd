//! Attacks: the squares each piece attacks from each square, as tables.
//!
//! Leapers (knight, king, pawn) attack the same squares wherever the other pieces stand, so
//! their attacks are tables indexed by square, made at compile time. Sliders (bishop, rook,
//! queen) are stopped by the first piece in each direction, so their attacks depend on the
//! occupancy too; they are looked up with magic bitboards: the squares that can block are
//! multiplied by a magic number whose top bits index a table.
//!
//! Every table is made from the slow, obvious reference at the top of this file, which walks
//! the board one step at a time, and the tests compare the two.
//!
//! The tables know nothing of a position; the questions a position asks of them (who attacks
//! this square, is the king in check) are in [`crate::attacked`].

use crate::bitboard::{Bitboard, Direction};
use crate::piece::{Color, Piece, PieceType};
use crate::rng::Rng;
use crate::square::Square;

/// The knight's eight jumps, as (files, ranks).
const KNIGHT_JUMPS: [(i8, i8); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

/// The king's eight steps, as (files, ranks).
const KING_STEPS: [(i8, i8); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];

/// A pawn's two captures, as (files, ranks), for each colour: White's go up the board.
const PAWN_CAPTURES: [[(i8, i8); 2]; Color::NUM] = [[(-1, 1), (1, 1)], [(-1, -1), (1, -1)]];

/// The squares `piece` on `square` attacks when the squares in `occupied` are taken: a
/// slider's ray stops at the first piece in its way, which it attacks (whichever side it
/// belongs to; move generation removes the mover's own pieces later). Slow and obvious: the
/// reference for the tables below.
pub fn reference_attacks(piece: Piece, square: Square, occupied: Bitboard) -> Bitboard {
    match piece.piece_type {
        PieceType::Pawn => leaps(square, &PAWN_CAPTURES[piece.color.index()]),
        PieceType::Knight => leaps(square, &KNIGHT_JUMPS),
        PieceType::King => leaps(square, &KING_STEPS),
        PieceType::Bishop => slide(square, occupied, Slider::Bishop.directions()),
        PieceType::Rook => slide(square, occupied, Slider::Rook.directions()),
        PieceType::Queen => slide(square, occupied, &Direction::ALL),
    }
}

/// The squares one leap in each of `offsets` away from `square`, those on the board. A
/// `const fn`, so the leaper tables are made by the compiler.
const fn leaps(square: Square, offsets: &[(i8, i8)]) -> Bitboard {
    let mut set = 0;
    let mut i = 0;
    while i < offsets.len() {
        if let Some(to) = square.offset(offsets[i].0, offsets[i].1) {
            set |= Bitboard::from_square(to).0;
        }
        i += 1;
    }
    Bitboard(set)
}

/// The squares reached from `square` by sliding in each of `directions` until the edge of
/// the board or the first square in `occupied`, which is included. A `const fn`, so the
/// compiler can fill the slider tables with it.
pub const fn slide(square: Square, occupied: Bitboard, directions: &[Direction]) -> Bitboard {
    let mut attacks = 0;
    let mut d = 0;
    while d < directions.len() {
        // One square at a time: chapter 1's shift never wraps, so the ray ends at the edge.
        let mut ray = Bitboard::from_square(square).shift(directions[d]);
        while !ray.is_empty() {
            attacks |= ray.0;
            if ray.0 & occupied.0 != 0 {
                break;
            }
            ray = ray.shift(directions[d]);
        }
        d += 1;
    }
    Bitboard(attacks)
}

/// A table with the attacks of one leaper on each square, made by the compiler.
const fn leaper_table(offsets: &[(i8, i8)]) -> [Bitboard; Square::NUM] {
    let mut table = [Bitboard::EMPTY; Square::NUM];
    let mut i = 0;
    while i < Square::NUM {
        table[i] = leaps(Square::from_index(i), offsets);
        i += 1;
    }
    table
}

/// The squares a knight on each square attacks.
static KNIGHT_ATTACKS: [Bitboard; Square::NUM] = leaper_table(&KNIGHT_JUMPS);

/// The squares a king on each square attacks.
static KING_ATTACKS: [Bitboard; Square::NUM] = leaper_table(&KING_STEPS);

/// The squares a pawn of each colour on each square attacks (its captures, not its pushes).
static PAWN_ATTACKS: [[Bitboard; Square::NUM]; Color::NUM] = [
    leaper_table(&PAWN_CAPTURES[0]),
    leaper_table(&PAWN_CAPTURES[1]),
];

/// The squares a knight on `square` attacks.
pub fn knight_attacks(square: Square) -> Bitboard {
    KNIGHT_ATTACKS[square.index()]
}

/// The squares a king on `square` attacks.
pub fn king_attacks(square: Square) -> Bitboard {
    KING_ATTACKS[square.index()]
}

/// The squares a pawn of `color` on `square` attacks.
pub fn pawn_attacks(color: Color, square: Square) -> Bitboard {
    PAWN_ATTACKS[color.index()][square.index()]
}

/// The two kinds of slider with tables of their own; the queen is both.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Slider {
    /// Slides along diagonals.
    Bishop,
    /// Slides along ranks and files.
    Rook,
}

impl Slider {
    /// The directions the slider moves in: `Direction::ALL` lists the four straight ones,
    /// then the four diagonals.
    pub const fn directions(self) -> &'static [Direction] {
        let (straight, diagonal) = Direction::ALL.split_at(4);
        match self {
            Slider::Bishop => diagonal,
            Slider::Rook => straight,
        }
    }
}

/// The squares whose occupancy can change what a slider on `square` attacks: every square of
/// its rays on an empty board except the last of each ray. A piece on the last square is
/// attacked whether or not something stands there, so it does not matter.
pub const fn relevant_blockers(slider: Slider, square: Square) -> Bitboard {
    let directions = slider.directions();
    let mut mask = 0;
    let mut d = 0;
    while d < directions.len() {
        let (files, ranks) = directions[d].step();
        let mut current = square;
        while let Some(next) = current.offset(files, ranks) {
            if next.offset(files, ranks).is_none() {
                break;
            }
            mask |= Bitboard::from_square(next).0;
            current = next;
        }
        d += 1;
    }
    Bitboard(mask)
}

/// Every subset of `mask`, the empty set first: the Carry-Rippler trick steps from one subset
/// to the next by subtracting the mask and keeping only the mask's bits.
pub fn subsets(mask: Bitboard) -> Vec<Bitboard> {
    let mut all = Vec::with_capacity(1 << mask.count());
    let mut subset = 0u64;
    loop {
        all.push(Bitboard(subset));
        subset = subset.wrapping_sub(mask.0) & mask.0;
        if subset == 0 {
            return all;
        }
    }
}

/// The index of `blockers` in a table of `bits` bits, for the multiplier `magic`: the top
/// `bits` bits of the product.
const fn magic_index(blockers: Bitboard, magic: u64, bits: u32) -> usize {
    (blockers.0.wrapping_mul(magic) >> (64 - bits)) as usize
}

/// Searches for a magic multiplier for `slider` on `square`: a number that sends every subset
/// of the relevant blockers to an index of a table with one entry per subset, with no two
/// subsets that have different attacks sharing an index. Candidates are sparse random numbers
/// from `rng`, tried until one works.
pub fn find_magic(slider: Slider, square: Square, rng: &mut Rng) -> u64 {
    let mask = relevant_blockers(slider, square);
    let bits = mask.count();
    let blocker_sets = subsets(mask);
    let attacks: Vec<Bitboard> = blocker_sets
        .iter()
        .map(|&b| slide(square, b, slider.directions()))
        .collect();
    let mut table: Vec<Option<Bitboard>> = vec![None; 1 << bits];
    'candidates: loop {
        let magic = rng.sparse_u64();
        // A multiplier that leaves few bits in the top byte cannot spread the subsets out.
        if (mask.0.wrapping_mul(magic) >> 56).count_ones() < 6 {
            continue;
        }
        table.fill(None);
        for (&blockers, &attacked) in blocker_sets.iter().zip(&attacks) {
            let entry = &mut table[magic_index(blockers, magic, bits)];
            match entry {
                None => *entry = Some(attacked),
                Some(other) if *other == attacked => {}
                Some(_) => continue 'candidates,
            }
        }
        return magic;
    }
}

/// The seed of the search that found [`BISHOP_MAGICS`] and [`ROOK_MAGICS`].
pub const MAGIC_SEED: u64 = 0x6362_3230_3236_0003;

/// Finds a magic for every square, bishops first, from one stream seeded with `seed`.
/// `cargo xtask magics` prints what it finds from [`MAGIC_SEED`], and a test checks that it is
/// the table below.
pub fn find_magics(seed: u64) -> ([u64; Square::NUM], [u64; Square::NUM]) {
    let mut rng = Rng::new(seed);
    let bishops = Square::ALL.map(|square| find_magic(Slider::Bishop, square, &mut rng));
    let rooks = Square::ALL.map(|square| find_magic(Slider::Rook, square, &mut rng));
    (bishops, rooks)
}

/// The bishop's magic multipliers, by square, found by `find_magics(MAGIC_SEED)`.
#[rustfmt::skip]
pub const BISHOP_MAGICS: [u64; Square::NUM] = [
    0x0608103002044018, 0x8020981210404000, 0x1004110206189200, 0x0244040085831240,
    0x3004042000000000, 0x40620104a0004042, 0x9012021002081a21, 0x0404404800882104,
    0x0200a0084a084050, 0x5000251440840100, 0x2002211204004220, 0x0000040400840000,
    0x1000040420000000, 0x0000111002108018, 0x000000490808c044, 0x1008020202022340,
    0x0422000820040080, 0x1002124504041409, 0x4002205000801100, 0x0840900802004002,
    0x4004002480a00148, 0x1030800100a02110, 0x0004040104010400, 0x040040311c048400,
    0x048a09212020bc00, 0x089010022411a204, 0x4121010010040020, 0x0148080004820022,
    0x4501010000104008, 0x0801020009008080, 0x0001004081045000, 0x20190100020080c0,
    0x0210020824101080, 0x800108601c020420, 0x0c02004100100112, 0x4004110801040040,
    0x0004050400420082, 0x4090004200104108, 0x0004141400008080, 0x08012500300a0200,
    0x0108028260001010, 0x04010430021104d0, 0x940a01140c000205, 0x0060404208004082,
    0x0100082008201902, 0x0044700062000040, 0x6010010109208404, 0x0002120400200905,
    0x5422210108401021, 0x0000420090282210, 0x080c123211100020, 0x100004222a080014,
    0x4000744005010000, 0x0000440950010800, 0x0120080248144202, 0x05e0014401004000,
    0x0021450888014008, 0x2880408044100510, 0x08200010229c1000, 0x1001070204208808,
    0x8000000010020880, 0x000000222a820204, 0x0000111001014400, 0x0090202800808010,
];

/// The rook's magic multipliers, by square, found by `find_magics(MAGIC_SEED)`.
#[rustfmt::skip]
pub const ROOK_MAGICS: [u64; Square::NUM] = [
    0x4100102100800040, 0x8040004020001000, 0x0480200010018008, 0x0480041000880080,
    0x0200040200200910, 0x2600018408020010, 0x0200040840991a00, 0x0100010000402082,
    0x1020800080400020, 0xa101806000400182, 0x0410801005200280, 0x0004801000800802,
    0x6802800801040180, 0x0000800200800400, 0x9005001100020014, 0x4a14800041000680,
    0x2580004000200050, 0x0d20004002a9d000, 0x0100820010204200, 0x0302020040200810,
    0x1080050010080100, 0x4105010004000208, 0x0002440010210208, 0x0050020021004084,
    0x5530802080004000, 0x0020200080400089, 0x0010100080200084, 0x1042080280100080,
    0x0014040080800800, 0xa002000280040080, 0x8008080400024190, 0x504000420008910c,
    0x4000400080800030, 0x0020400080802000, 0x0050820042002010, 0x0118050880801001,
    0x0404008004804800, 0x2000800400800200, 0x8801020001010004, 0x38008028c0800300,
    0x0060c00120828006, 0x0b40080030002000, 0x2010002408002000, 0x4101001000090020,
    0x4004080100050010, 0x0810020004008080, 0x2010028810040041, 0x6858008100420004,
    0x04022b0280104100, 0x0a80802008401080, 0x0000a00700114100, 0x0041100008008280,
    0x4420408021001002, 0x8002000804100200, 0x0108b20841100400, 0x0120108044010200,
    0x408643008111a602, 0x0040004080102103, 0x200810890141a003, 0x224200281040a016,
    0x0012002010040802, 0x0001000804000201, 0x10610100d0080224, 0x000c040040210082,
];

/// What a lookup needs for one slider on one square.
#[derive(Clone, Copy, Debug)]
struct Magic {
    /// The relevant blockers.
    mask: Bitboard,
    /// The multiplier.
    magic: u64,
    /// How many bits the index has: one per square of the mask.
    bits: u32,
    /// Where this square's part of the shared table starts.
    offset: usize,
}

/// Each square's magic for `slider`, with the squares' parts of the table laid end to end from
/// `start`.
const fn magics_of(
    slider: Slider,
    magics: &[u64; Square::NUM],
    start: usize,
) -> [Magic; Square::NUM] {
    let empty = Magic {
        mask: Bitboard::EMPTY,
        magic: 0,
        bits: 0,
        offset: 0,
    };
    let mut table = [empty; Square::NUM];
    let mut offset = start;
    let mut i = 0;
    while i < Square::NUM {
        let mask = relevant_blockers(slider, Square::from_index(i));
        table[i] = Magic {
            mask,
            magic: magics[i],
            bits: mask.count(),
            offset,
        };
        offset += 1 << mask.count();
        i += 1;
    }
    table
}

/// The bishop's magics, by square; its attack sets come first in the table.
const BISHOP_MAGIC: [Magic; Square::NUM] = magics_of(Slider::Bishop, &BISHOP_MAGICS, 0);

/// The rook's magics, by square; its attack sets follow the bishop's.
const ROOK_MAGIC: [Magic; Square::NUM] =
    magics_of(Slider::Rook, &ROOK_MAGICS, table_size(Slider::Bishop));

/// How many attack sets the whole table holds: one per subset of each mask.
const SLIDER_TABLE_SIZE: usize = table_size(Slider::Bishop) + table_size(Slider::Rook);

/// The number of subsets of `slider`'s masks, over all squares.
const fn table_size(slider: Slider) -> usize {
    let mut size = 0;
    let mut i = 0;
    while i < Square::NUM {
        size += 1 << relevant_blockers(slider, Square::from_index(i)).count();
        i += 1;
    }
    size
}

/// How many attack sets the squares `squares` of `magics` hold together.
const fn part_size(magics: &[Magic; Square::NUM], squares: (usize, usize)) -> usize {
    let last = magics[squares.1 - 1];
    last.offset + (1 << last.bits) - magics[squares.0].offset
}

/// The attack sets of `slider` on the squares `squares` (first, one past the last), filled
/// from the reference walk for every subset of each square's mask, where its magic sends it.
/// The compiler makes the table in parts: each part allows the lint `long_running_const_eval`,
/// but a single constant that runs much longer still draws a warning that no `allow`
/// silences; [`SLIDER_ATTACKS`] puts the parts together.
const fn part<const SIZE: usize>(
    slider: Slider,
    magics: &[Magic; Square::NUM],
    squares: (usize, usize),
) -> [Bitboard; SIZE] {
    let start = magics[squares.0].offset;
    let mut table = [Bitboard::EMPTY; SIZE];
    let mut i = squares.0;
    while i < squares.1 {
        let magic = magics[i];
        // The Carry-Rippler walk over the subsets of the mask, as in `subsets`.
        let mut blockers = 0u64;
        loop {
            let attacks = slide(
                Square::from_index(i),
                Bitboard(blockers),
                slider.directions(),
            );
            table
                [magic.offset - start + magic_index(Bitboard(blockers), magic.magic, magic.bits)] =
                attacks;
            blockers = blockers.wrapping_sub(magic.mask.0) & magic.mask.0;
            if blockers == 0 {
                break;
            }
        }
        i += 1;
    }
    table
}

/// Declares the parts of the slider table, each a constant the compiler works out on its own.
macro_rules! slider_parts {
    ($($name:ident: $slider:ident, $magics:ident, $squares:expr;)*) => {
        $(
            #[doc = concat!("The ", stringify!($slider), "'s attack sets on squares ", stringify!($squares), ".")]
            #[allow(long_running_const_eval)]
            const $name: [Bitboard; part_size(&$magics, $squares)] = part(Slider::$slider, &$magics, $squares);
        )*
        /// Every slider attack set, made by the compiler: the parts, end to end, bishops first,
        /// then rooks square by square, in the order of the magics' offsets.
        static SLIDER_ATTACKS: [Bitboard; SLIDER_TABLE_SIZE] = join(&[$(&$name),*]);
    };
}

slider_parts! {
    BISHOP_PART: Bishop, BISHOP_MAGIC, (0, 64);
    ROOK_RANK_1: Rook, ROOK_MAGIC, (0, 8);
    ROOK_RANK_2: Rook, ROOK_MAGIC, (8, 16);
    ROOK_RANK_3: Rook, ROOK_MAGIC, (16, 24);
    ROOK_RANK_4: Rook, ROOK_MAGIC, (24, 32);
    ROOK_RANK_5: Rook, ROOK_MAGIC, (32, 40);
    ROOK_RANK_6: Rook, ROOK_MAGIC, (40, 48);
    ROOK_RANK_7: Rook, ROOK_MAGIC, (48, 56);
    ROOK_RANK_8: Rook, ROOK_MAGIC, (56, 64);
}

/// `parts` laid end to end in one table.
const fn join<const SIZE: usize>(parts: &[&[Bitboard]]) -> [Bitboard; SIZE] {
    let mut table = [Bitboard::EMPTY; SIZE];
    let mut at = 0;
    let mut p = 0;
    while p < parts.len() {
        let mut i = 0;
        while i < parts[p].len() {
            table[at] = parts[p][i];
            at += 1;
            i += 1;
        }
        p += 1;
    }
    assert!(at == SIZE, "the parts fill the table");
    table
}

/// The attacks of the slider whose magic is `magic`, with `occupied` taken: an AND, a
/// multiply, a shift and a load.
fn lookup(magic: &Magic, occupied: Bitboard) -> Bitboard {
    SLIDER_ATTACKS[magic.offset + magic_index(occupied & magic.mask, magic.magic, magic.bits)]
}

/// The squares a bishop on `square` attacks when the squares in `occupied` are taken.
pub fn bishop_attacks(square: Square, occupied: Bitboard) -> Bitboard {
    lookup(&BISHOP_MAGIC[square.index()], occupied)
}

/// The squares a rook on `square` attacks when the squares in `occupied` are taken.
pub fn rook_attacks(square: Square, occupied: Bitboard) -> Bitboard {
    lookup(&ROOK_MAGIC[square.index()], occupied)
}

/// The squares a queen on `square` attacks: a bishop's and a rook's together.
pub fn queen_attacks(square: Square, occupied: Bitboard) -> Bitboard {
    bishop_attacks(square, occupied) | rook_attacks(square, occupied)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bitboard::tests::set;

    #[test]
    fn leapers_attack_their_squares_and_stop_at_the_edge() {
        let knight = Piece::new(Color::White, PieceType::Knight);
        assert_eq!(
            reference_attacks(knight, Square::B1, Bitboard::EMPTY),
            set("a3 c3 d2")
        );
        let king = Piece::new(Color::Black, PieceType::King);
        assert_eq!(
            reference_attacks(king, Square::H8, Bitboard::EMPTY),
            set("g8 g7 h7")
        );
        let white_pawn = Piece::new(Color::White, PieceType::Pawn);
        assert_eq!(
            reference_attacks(white_pawn, Square::A2, Bitboard::EMPTY),
            set("b3")
        );
        let black_pawn = Piece::new(Color::Black, PieceType::Pawn);
        assert_eq!(
            reference_attacks(black_pawn, Square::E5, Bitboard::EMPTY),
            set("d4 f4")
        );
    }

    #[test]
    fn sliders_stop_at_the_first_piece_and_attack_it() {
        let rook = Piece::new(Color::White, PieceType::Rook);
        let blockers = set("d6 f4 d1");
        assert_eq!(
            reference_attacks(rook, Square::D4, blockers),
            set("d5 d6 e4 f4 c4 b4 a4 d3 d2 d1")
        );
        let bishop = Piece::new(Color::Black, PieceType::Bishop);
        assert_eq!(
            reference_attacks(bishop, Square::A1, set("c3")),
            set("b2 c3")
        );
    }

    #[test]
    fn the_leaper_tables_are_the_reference() {
        for square in Square::ALL {
            for color in Color::ALL {
                let attacks =
                    |kind| reference_attacks(Piece::new(color, kind), square, Bitboard::EMPTY);
                assert_eq!(pawn_attacks(color, square), attacks(PieceType::Pawn));
                assert_eq!(knight_attacks(square), attacks(PieceType::Knight));
                assert_eq!(king_attacks(square), attacks(PieceType::King));
            }
        }
    }

    #[test]
    fn the_relevant_blockers_leave_out_the_edges() {
        assert_eq!(
            relevant_blockers(Slider::Rook, Square::A1),
            set("a2 a3 a4 a5 a6 a7 b1 c1 d1 e1 f1 g1")
        );
        assert_eq!(relevant_blockers(Slider::Rook, Square::D4).count(), 10);
        assert_eq!(
            relevant_blockers(Slider::Bishop, Square::D4),
            set("c3 b2 e5 f6 g7 c5 b6 e3 f2")
        );
    }

    #[test]
    fn subsets_are_every_subset_once() {
        let mask = set("a1 c3 h8");
        let mut all = subsets(mask);
        assert_eq!(all.len(), 8);
        all.sort_by_key(|b| b.0);
        all.dedup();
        assert_eq!(all.len(), 8);
        assert!(all.iter().all(|&s| (s & !mask).is_empty()));
    }

    #[test]
    fn slider_lookups_are_the_reference_for_every_blocker_set() {
        for square in Square::ALL {
            for slider in [Slider::Bishop, Slider::Rook] {
                for blockers in subsets(relevant_blockers(slider, square)) {
                    let expected = slide(square, blockers, slider.directions());
                    // Pieces outside the mask must not change the result.
                    let occupied = blockers | (Bitboard::FULL & !relevant_blockers(slider, square));
                    let got = match slider {
                        Slider::Bishop => bishop_attacks(square, occupied),
                        Slider::Rook => rook_attacks(square, occupied),
                    };
                    assert_eq!(
                        got, expected,
                        "{slider:?} on {square}, blockers {blockers:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn the_magics_are_what_the_search_finds_from_its_seed() {
        assert_eq!(find_magics(MAGIC_SEED), (BISHOP_MAGICS, ROOK_MAGICS));
    }
}
