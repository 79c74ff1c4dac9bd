//! The terms of the tuned evaluation (chapter 15): what it sees in a position, each thing it
//! sees counted against a parameter of [`crate::params`].
//!
//! Stage 7's evaluation counts two things, material and placement. This one counts those and
//! the knowledge a stronger engine adds: how freely each piece moves, passed, doubled and
//! isolated pawns, the bishop pair, rooks on open files, and the king's safety (the pawns in
//! front of it and the pieces attacking the squares around it).
//!
//! Every term is written once, as a [`Tally`]: a visit of the position that says "parameter
//! `i`, `n` times" for each thing it finds, White's counted up and Black's down. The engine's
//! [`evaluate`] adds the parameters' values as they are named; the tuner records the names
//! and counts instead, and learns the values from them. The search and the tuner cannot
//! disagree about what a term means, because there is one piece of code that says it.

use crate::attacks::{bishop_attacks, king_attacks, knight_attacks, queen_attacks, rook_attacks};
use crate::bitboard::{Bitboard, Direction};
use crate::eval::{Phase, Score, table_entry};
use crate::params::{
    BISHOP_MOBILITY, BISHOP_PAIR, DOUBLED_PAWN, FREE_PASSED_PAWN, GROUPS, ISOLATED_PAWN,
    KING_ATTACKERS, KNIGHT_MOBILITY, MATERIAL, PASSED_PAWN, PAWN_SHIELD, PLACEMENT, Params,
    QUEEN_MOBILITY, ROOK_HALF_OPEN_FILE, ROOK_MOBILITY, ROOK_OPEN_FILE, group_of,
};
use crate::piece::{Color, PieceType};
use crate::position::Position;
use crate::square::{File, Square};

/// What a visit of the position's terms reports to: parameter `index` found `count` times
/// (negative for Black's).
pub trait Tally {
    /// Counts parameter `index` `count` more times.
    fn add(&mut self, index: usize, count: i32);
}

/// A tally that adds up the values of the parameters it is told of: the evaluation itself.
struct Sum<'a> {
    /// The values.
    params: &'a Params,
    /// Their sum so far, from White's point of view.
    total: Score,
}

impl Tally for Sum<'_> {
    fn add(&mut self, index: usize, count: i32) {
        self.total += self.params[index] * count;
    }
}

/// What `position` is worth to the side to move under `params`, in centipawns: every term
/// counted, blended by the phase as chapter 7's evaluation is, and turned round for Black.
pub fn evaluate(position: &Position, params: &Params) -> i32 {
    let mut sum = Sum {
        params,
        total: Score::ZERO,
    };
    tally(position, &mut sum);
    let for_white = sum.total.taper(Phase::of(position));
    match position.side_to_move() {
        Color::White => for_white,
        Color::Black => -for_white,
    }
}

/// A tally that adds up the values it is told of group by group, for a report of what each
/// term contributes.
struct ByGroup<'a> {
    /// The values.
    params: &'a Params,
    /// Each group's sum so far, from White's point of view, in [`GROUPS`]' order.
    sums: [Score; GROUPS.len()],
}

impl Tally for ByGroup<'_> {
    fn add(&mut self, index: usize, count: i32) {
        let (group, _) = group_of(index).expect("every parameter is in a group");
        self.sums[group] += self.params[index] * count;
    }
}

/// The `eval` command's report of the tuned evaluation: each term's midgame and endgame
/// values from White's point of view, their total, the phase that blends it, and the blended
/// evaluation from White's side and from the side to move's.
pub fn report(position: &Position, params: &Params) -> String {
    let mut by_group = ByGroup {
        params,
        sums: [Score::ZERO; GROUPS.len()],
    };
    tally(position, &mut by_group);
    let mut text = format!("{:<20}{:>9}{:>9}\n", "", "midgame", "endgame");
    let mut total = Score::ZERO;
    for (group, sum) in GROUPS.iter().zip(by_group.sums) {
        text.push_str(&format!(
            "{:<20}{:>9}{:>9}\n",
            group.name, sum.midgame, sum.endgame
        ));
        total += sum;
    }
    text.push_str(&format!(
        "{:<20}{:>9}{:>9}\n",
        "total", total.midgame, total.endgame
    ));
    let phase = Phase::of(position);
    let for_white = total.taper(phase);
    let (side, for_side) = match position.side_to_move() {
        Color::White => ("White", for_white),
        Color::Black => ("Black", -for_white),
    };
    text.push_str(&format!(
        "\nphase {} of {} (0 is the endgame)\nWhite's view: {for_white}\nside to move ({side}): {for_side}\n",
        phase.value(),
        Phase::MIDGAME.value()
    ));
    text
}

/// Visits every term of `position` for both sides, White's counts positive and Black's
/// negative.
pub fn tally(position: &Position, tally: &mut impl Tally) {
    // How many pieces attack each side's king: found while the other side's mobility is
    // counted, which looks at every piece's attacks already.
    let mut attackers = [0; Color::NUM];
    for color in Color::ALL {
        let mut side = Side::of(color, tally);
        material_and_placement(position, color, &mut side);
        attackers[(!color).index()] = mobility(position, color, &mut side);
        pawns(position, color, &mut side);
        pieces(position, color, &mut side);
    }
    for color in Color::ALL {
        king_safety(
            position,
            color,
            attackers[color.index()],
            &mut Side::of(color, tally),
        );
    }
}

/// One side's view of a tally: its counts go in with the side's sign.
struct Side<'a, T: Tally> {
    /// The tally counted into.
    tally: &'a mut T,
    /// 1 for White, -1 for Black.
    sign: i32,
}

impl<'a, T: Tally> Side<'a, T> {
    /// `color`'s view of `tally`.
    fn of(color: Color, tally: &'a mut T) -> Side<'a, T> {
        let sign = if color == Color::White { 1 } else { -1 };
        Side { tally, sign }
    }

    /// Counts parameter `index` once for this side.
    fn add(&mut self, index: usize) {
        self.add_times(index, 1);
    }

    /// Counts parameter `index` `count` times for this side, skipping a count of zero.
    fn add_times(&mut self, index: usize, count: u32) {
        if count > 0 {
            self.tally.add(index, self.sign * count as i32);
        }
    }
}

/// Each piece's value and its table entry, as chapter 7 counts them.
fn material_and_placement<T: Tally>(position: &Position, color: Color, side: &mut Side<T>) {
    for kind in PieceType::ALL {
        let squares = position.pieces(color, kind);
        side.add_times(MATERIAL + kind.index(), squares.count());
        for square in squares {
            side.add(PLACEMENT + kind.index() * Square::NUM + table_entry(color, square));
        }
    }
}

/// The number of squares each knight, bishop, rook and queen can go to, not counting squares
/// of its own pieces or squares the other side's pawns attack: a piece that moves there is
/// lost for a pawn, so those squares are not its to use. Returns how many of the pieces attack
/// the other king's square or one next to it, which that king's safety counts.
fn mobility<T: Tally>(position: &Position, color: Color, side: &mut Side<T>) -> u32 {
    let occupied = position.occupied();
    let their_pawns = position.pieces(!color, PieceType::Pawn);
    let area = !position.side(color) & !pawn_attacks(their_pawns, !color);
    let their_king = king_zone(position.king_square(!color));
    let kinds = [
        (PieceType::Knight, KNIGHT_MOBILITY),
        (PieceType::Bishop, BISHOP_MOBILITY),
        (PieceType::Rook, ROOK_MOBILITY),
        (PieceType::Queen, QUEEN_MOBILITY),
    ];
    let mut attackers = 0;
    for (kind, start) in kinds {
        for square in position.pieces(color, kind) {
            let attacks = piece_attacks(kind, square, occupied);
            side.add(start + (attacks & area).count() as usize);
            attackers += u32::from(!(attacks & their_king).is_empty());
        }
    }
    attackers
}

/// The squares around a king on `square`, and its own: the squares an attack on it aims at.
fn king_zone(square: Square) -> Bitboard {
    king_attacks(square) | Bitboard::from_square(square)
}

/// The squares a knight, bishop, rook or queen on `square` attacks, with `occupied` blocking
/// the sliders; nothing for a pawn or a king, which have no mobility term.
fn piece_attacks(kind: PieceType, square: Square, occupied: Bitboard) -> Bitboard {
    match kind {
        PieceType::Knight => knight_attacks(square),
        PieceType::Bishop => bishop_attacks(square, occupied),
        PieceType::Rook => rook_attacks(square, occupied),
        PieceType::Queen => queen_attacks(square, occupied),
        PieceType::Pawn | PieceType::King => Bitboard::EMPTY,
    }
}

/// Every square a pawn of `color` in `pawns` attacks.
fn pawn_attacks(pawns: Bitboard, color: Color) -> Bitboard {
    match color {
        Color::White => pawns.shift(Direction::NorthEast) | pawns.shift(Direction::NorthWest),
        Color::Black => pawns.shift(Direction::SouthEast) | pawns.shift(Direction::SouthWest),
    }
}

/// The pawns' structure: each passed pawn by its rank (and again if nothing stands in its
/// way), each doubled pawn, each isolated pawn. The pawns are looked at all at once, as sets,
/// and only the passed ones one by one.
fn pawns<T: Tally>(position: &Position, color: Color, side: &mut Side<T>) {
    let own = position.pieces(color, PieceType::Pawn);
    let theirs = position.pieces(!color, PieceType::Pawn);
    let (forward, back) = forward_and_back(color);
    // The squares each enemy pawn guards on its way down the board, on its file and beside it:
    // a pawn of ours on one of them has an enemy pawn ahead of it, and is not passed.
    let their_way = span(theirs, back);
    let passed = own & !(their_way | spread(their_way));
    for square in passed {
        let rank = relative_rank(color, square);
        side.add(PASSED_PAWN + rank);
        if (position.occupied() & span(Bitboard::from_square(square), forward)).is_empty() {
            side.add(FREE_PASSED_PAWN + rank);
        }
    }
    // A pawn with one of its own ahead of it on its file is doubled (the front one is not).
    side.add_times(DOUBLED_PAWN, (own & span(own, back)).count());
    let own_files = own | span(own, forward) | span(own, back);
    side.add_times(ISOLATED_PAWN, (own & !spread(own_files)).count());
}

/// The bishop pair, and each rook on an open or a half-open file.
fn pieces<T: Tally>(position: &Position, color: Color, side: &mut Side<T>) {
    if position
        .pieces(color, PieceType::Bishop)
        .has_more_than_one()
    {
        side.add(BISHOP_PAIR);
    }
    let own_pawns = position.pieces(color, PieceType::Pawn);
    let all_pawns = position.pieces_of_type(PieceType::Pawn);
    for square in position.pieces(color, PieceType::Rook) {
        let file = Bitboard::file(square.file());
        if (all_pawns & file).is_empty() {
            side.add(ROOK_OPEN_FILE);
        } else if (own_pawns & file).is_empty() {
            side.add(ROOK_HALF_OPEN_FILE);
        }
    }
}

/// The king's shelter and the attack on it: each pawn of its own one or two ranks in front of
/// it (on its file or the next ones), and `attackers`, the number of the other side's pieces
/// that attack the king's square or one next to it (which [`mobility`] counted).
fn king_safety<T: Tally>(position: &Position, color: Color, attackers: u32, side: &mut Side<T>) {
    let king = position.king_square(color);
    let own_pawns = position.pieces(color, PieceType::Pawn);
    let files = Bitboard::file(king.file()) | beside_files(king.file());
    let (forward, _) = forward_and_back(color);
    let one_ahead = Bitboard::from_square(king).shift(forward);
    let rank_one = spread(one_ahead) | one_ahead;
    let rank_two = rank_one.shift(forward);
    side.add_times(PAWN_SHIELD, (own_pawns & rank_one & files).count());
    side.add_times(PAWN_SHIELD + 1, (own_pawns & rank_two & files).count());
    if attackers > 0 {
        side.add(KING_ATTACKERS + attackers.min(8) as usize - 1);
    }
}

/// Every square beyond `squares` in `direction` (north or south), to the edge of the board:
/// the squares ahead of a set of pawns, or behind them. Each step doubles the reach, one rank,
/// then three, then seven.
fn span(squares: Bitboard, direction: Direction) -> Bitboard {
    let mut bits = squares.shift(direction).0;
    for ranks in [8, 16, 32] {
        bits |= match direction {
            Direction::North => bits << ranks,
            _ => bits >> ranks,
        };
    }
    Bitboard(bits)
}

/// The direction `color`'s pawns move in, and the other one.
fn forward_and_back(color: Color) -> (Direction, Direction) {
    match color {
        Color::White => (Direction::North, Direction::South),
        Color::Black => (Direction::South, Direction::North),
    }
}

/// The files on either side of `file`, as a set of squares.
fn beside_files(file: File) -> Bitboard {
    spread(Bitboard::file(file))
}

/// `squares` moved one file to the east and one to the west, together.
fn spread(squares: Bitboard) -> Bitboard {
    squares.shift(Direction::East) | squares.shift(Direction::West)
}

/// The rank of `square` counted from `color`'s side of the board: 0 is its own first rank.
fn relative_rank(color: Color, square: Square) -> usize {
    match color {
        Color::White => square.rank().index(),
        Color::Black => 7 - square.rank().index(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval;
    use crate::eval::tests::mirrored;
    use crate::movegen::legal_moves;
    use crate::params::{COUNT, INITIAL};
    use crate::rng::Rng;

    /// A tally that keeps the counts, parameter by parameter, as the tuner does.
    struct Counts([i32; COUNT]);

    impl Tally for Counts {
        fn add(&mut self, index: usize, count: i32) {
            self.0[index] += count;
        }
    }

    /// The counts of `fen`'s terms, by group name and place in the group, the zeros left out.
    fn counts(fen: &str) -> Vec<(&'static str, usize, i32)> {
        let mut counts = Counts([0; COUNT]);
        tally(&Position::from_fen(fen).unwrap(), &mut counts);
        (0..COUNT)
            .filter(|&i| counts.0[i] != 0)
            .filter_map(|i| group_of(i).map(|(g, at)| (GROUPS[g].name, at, counts.0[i])))
            .filter(|(name, _, _)| *name != "material" && *name != "placement")
            .collect()
    }

    /// Positions reached by random legal moves from the start, for comparing evaluations.
    fn random_positions(seed: u64, games: usize, plies: usize) -> Vec<Position> {
        let mut rng = Rng::new(seed);
        let mut positions = Vec::new();
        for _ in 0..games {
            let mut position = Position::startpos();
            for _ in 0..plies {
                let moves = legal_moves(&position);
                if moves.is_empty() {
                    break;
                }
                let pick = (rng.next_u64() % moves.len() as u64) as usize;
                position = position.make(moves.as_slice()[pick]);
                positions.push(position.clone());
            }
        }
        positions
    }

    #[test]
    fn the_report_adds_up_to_the_evaluation() {
        let fen = "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 5 4";
        let position = Position::from_fen(fen).unwrap();
        let report = report(&position, &INITIAL);
        let side = report.lines().last().unwrap();
        assert_eq!(
            side,
            format!("side to move (Black): {}", evaluate(&position, &INITIAL))
        );
        assert!(
            report.lines().any(|l| l.starts_with("king_attackers")),
            "{report}"
        );
    }

    #[test]
    fn under_the_initial_values_the_evaluation_is_chapter_sevens() {
        for position in random_positions(7, 40, 60) {
            assert_eq!(evaluate(&position, &INITIAL), eval::evaluate(&position));
        }
    }

    #[test]
    fn a_passed_pawn_is_found_by_its_rank_and_its_free_path() {
        // White's e5 pawn is passed and nothing stands on e6, e7 or e8; Black's a7 pawn has
        // White's b2 pawn on a file beside it, ahead of it, so it is not passed. Black's h6
        // pawn is passed, on its third rank (2 counted from 0, its first).
        let found = counts("k7/p7/7p/4P3/8/8/1P6/4K3 w - - 0 1");
        assert!(found.contains(&("passed_pawn", 4, 1)), "{found:?}");
        assert!(found.contains(&("free_passed_pawn", 4, 1)), "{found:?}");
        assert!(found.contains(&("passed_pawn", 2, -1)), "{found:?}");
        assert!(
            !found
                .iter()
                .any(|&(name, rank, n)| name == "passed_pawn" && rank == 1 && n < 0)
        );
    }

    #[test]
    fn a_pawn_with_an_enemy_pawn_ahead_on_a_file_beside_it_is_not_passed() {
        // White's e4 faces Black's d6 on the d-file, ahead of it; Black's d6 faces White's e4.
        let found = counts("4k3/8/3p4/8/4P3/8/8/4K3 w - - 0 1");
        assert!(
            !found.iter().any(|&(name, ..)| name.contains("passed")),
            "{found:?}"
        );
    }

    #[test]
    fn a_blocked_passed_pawn_gets_no_free_path_bonus() {
        let found = counts("4k3/8/4n3/4P3/8/8/8/4K3 w - - 0 1");
        assert!(found.contains(&("passed_pawn", 4, 1)), "{found:?}");
        assert!(
            !found.iter().any(|&(name, ..)| name == "free_passed_pawn"),
            "{found:?}"
        );
    }

    #[test]
    fn doubled_and_isolated_pawns_are_counted_for_each_pawn() {
        // White's c2 and c4: both isolated, and c2 is doubled (c4 stands in front of it).
        let found = counts("4k3/8/8/8/2P5/8/2P5/4K3 w - - 0 1");
        assert!(found.contains(&("doubled_pawn", 0, 1)), "{found:?}");
        assert!(found.contains(&("isolated_pawn", 0, 2)), "{found:?}");
    }

    #[test]
    fn the_bishop_pair_and_rooks_on_open_and_half_open_files_are_seen() {
        // White: two bishops, a rook on the open d-file; Black: a rook on the e-file where
        // only a white pawn stands, which is half-open for Black.
        let found = counts("4k3/4r3/8/8/8/8/4P3/2BRKB2 w - - 0 1");
        assert!(found.contains(&("bishop_pair", 0, 1)), "{found:?}");
        assert!(found.contains(&("rook_open_file", 0, 1)), "{found:?}");
        assert!(found.contains(&("rook_half_open_file", 0, -1)), "{found:?}");
    }

    #[test]
    fn mobility_leaves_out_own_pieces_and_squares_the_other_pawns_attack() {
        // The knight on a1 could go to b3 and c2; c2 holds its own pawn, and b3 is attacked
        // by Black's pawn on a4: no square at all.
        let found = counts("4k3/8/8/8/p7/8/2P5/N3K3 w - - 0 1");
        assert!(found.contains(&("knight_mobility", 0, 1)), "{found:?}");
    }

    #[test]
    fn the_king_shield_and_the_attackers_of_the_king_zone_are_counted() {
        // White's king on g1 with pawns f2, g2 (one ahead) and h3 (two ahead); Black's queen
        // on g4 and knight on e3 attack squares next to it (f1, f2, g2, h3 ...).
        let found = counts("6k1/8/8/8/6q1/4n2P/5PP1/6K1 w - - 0 1");
        assert!(found.contains(&("pawn_shield", 0, 2)), "{found:?}");
        assert!(found.contains(&("pawn_shield", 1, 1)), "{found:?}");
        assert!(found.contains(&("king_attackers", 1, 1)), "{found:?}");
    }

    #[test]
    fn a_position_and_its_colour_mirror_tally_to_opposite_counts() {
        for position in random_positions(11, 20, 50) {
            let mut here = Counts([0; COUNT]);
            tally(&position, &mut here);
            let mut there = Counts([0; COUNT]);
            let twin = Position::from_fen(&mirrored(&position.to_string())).unwrap();
            tally(&twin, &mut there);
            for i in 0..COUNT {
                assert_eq!(here.0[i], -there.0[i], "parameter {i} of {position}");
            }
        }
    }
}
