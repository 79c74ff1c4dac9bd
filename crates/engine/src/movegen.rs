//! Legal move generation: every move the side to move may play, and no other.
//!
//! The generator is legal, not pseudo-legal: it never produces a move that leaves the king in
//! check, so nothing downstream has to make a move to find out. It works with three sets
//! computed once per position: the pieces giving check, the pieces pinned to their king, and
//! the squares a move must reach to answer a check. With those, a piece's legal moves are its
//! attacks, masked.
//!
//! Moves come out in groups, a set of to-squares at a time: one piece's moves from its square,
//! or all the pawns' moves in one direction at once. A caller that only needs to count them
//! (perft at its last ply) counts bits and makes no moves.

use crate::attacked;
use crate::attacks::{
    bishop_attacks, king_attacks, knight_attacks, pawn_attacks, queen_attacks, rook_attacks,
};
use crate::bitboard::{Bitboard, Direction};
use crate::moves::{Move, MoveKind};
use crate::piece::{Color, PieceType};
use crate::position::{CastlingRights, Position};
use crate::square::{Rank, Square};

/// The squares strictly between two squares on a line (a rank, file or diagonal), and the
/// whole line through both, for every pair of squares. Empty for squares not on a line.
struct Lines {
    /// `between[a][b]`: the squares between `a` and `b`, neither included.
    between: [[Bitboard; Square::NUM]; Square::NUM],
    /// `line[a][b]`: the whole line, edge to edge, through `a` and `b`.
    line: [[Bitboard; Square::NUM]; Square::NUM],
    /// `rays[0][a]`: the diagonals through `a`, and `rays[1][a]` its rank and file, edge to
    /// edge on an empty board, `a` not included: where a bishop or a rook could see it from.
    rays: [[Bitboard; Square::NUM]; 2],
}

/// The tables, made by the compiler by walking from every square in every direction.
static LINES: Lines = {
    let mut lines = Lines {
        between: [[Bitboard::EMPTY; Square::NUM]; Square::NUM],
        line: [[Bitboard::EMPTY; Square::NUM]; Square::NUM],
        rays: [[Bitboard::EMPTY; Square::NUM]; 2],
    };
    let mut from = 0;
    while from < Square::NUM {
        let mut d = 0;
        while d < Direction::ALL.len() {
            let (files, ranks) = Direction::ALL[d].step();
            // The full line: the ray forwards and the ray backwards, and the square itself.
            let full = ray(from, files, ranks) | ray(from, -files, -ranks) | 1 << from;
            // Direction::ALL lists the four straight directions first, then the diagonals.
            let straight = d < 4;
            lines.rays[straight as usize][from].0 |= ray(from, files, ranks);
            let mut passed = 0;
            let mut square = Square::from_index(from);
            while let Some(next) = square.offset(files, ranks) {
                lines.between[from][next.index()] = Bitboard(passed);
                lines.line[from][next.index()] = Bitboard(full);
                passed |= 1 << next.index();
                square = next;
            }
            d += 1;
        }
        from += 1;
    }
    lines
};

/// The squares from `from` (not included) to the edge, stepping by (`files`, `ranks`).
const fn ray(from: usize, files: i8, ranks: i8) -> u64 {
    let mut set = 0;
    let mut square = Square::from_index(from);
    while let Some(next) = square.offset(files, ranks) {
        set |= 1 << next.index();
        square = next;
    }
    set
}

/// The squares strictly between `a` and `b`, if they share a line; otherwise none.
pub fn between(a: Square, b: Square) -> Bitboard {
    LINES.between[a.index()][b.index()]
}

/// The whole line through `a` and `b`, if they share one; otherwise none.
pub fn line(a: Square, b: Square) -> Bitboard {
    LINES.line[a.index()][b.index()]
}

/// A group of legal moves made by pieces of one kind: what moves, where from, and where to.
/// Most groups are one piece's moves; pawns that move the same way move as one group.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PieceMoves {
    /// The kind of piece moving.
    pub piece: PieceType,
    /// Where the moves start.
    pub from: Origin,
    /// The squares the moves end on, one move to each (four for a pawn that promotes).
    pub to: Bitboard,
}

/// Where the moves of a group start.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Origin {
    /// Every move starts on this square: the moves of one piece.
    Square(Square),
    /// Each move starts this many squares before the square it ends on, counted by index: the
    /// moves of every pawn that goes the same way, such as 8 for White's single pushes, or -9
    /// for Black's captures towards the a-file.
    Behind(i8),
}

impl Origin {
    /// The square that the group's move to `to` starts from.
    pub fn square_for(self, to: Square) -> Square {
        match self {
            Origin::Square(from) => from,
            Origin::Behind(step) => {
                Square::from_index(to.index().wrapping_add_signed(-isize::from(step)))
            }
        }
    }
}

impl PieceMoves {
    /// How many moves these are. A pawn reaching the last rank makes four, one for each
    /// piece it may become.
    pub fn len(&self) -> usize {
        let back_ranks = Bitboard::rank(Rank::First) | Bitboard::rank(Rank::Eighth);
        let promoting = self.to & back_ranks;
        if self.piece == PieceType::Pawn && !promoting.is_empty() {
            (self.to.count() + 3 * promoting.count()) as usize
        } else {
            self.to.count() as usize
        }
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.to.is_empty()
    }
}

/// What the generator knows about the side to move's king before it looks at any piece.
struct KingSafety {
    /// The square of the side to move's king.
    king: Square,
    /// The enemy pieces giving check.
    checkers: Bitboard,
    /// The side to move's pieces pinned to their king: each may move only along the line
    /// through it and the king.
    pinned: Bitboard,
    /// The squares a move other than the king's must end on: everything when not in check;
    /// the checker and the squares between it and the king when in check once.
    evasions: Bitboard,
}

impl KingSafety {
    /// Finds the checkers and the pinned pieces of the side to move.
    ///
    /// A knight or a pawn checks from a square its own attack table gives, and pins nothing.
    /// A slider checks or pins only from the king's lines, so the enemy sliders on those lines
    /// (empty-board rays, no magic lookup) are the candidates: with nothing between it and the
    /// king a slider gives check, and with one piece of the side to move between, it pins it.
    fn of(position: &Position) -> KingSafety {
        let us = position.side_to_move();
        let king = position.king_square(us);
        let occupied = position.occupied();
        let mut checkers = (knight_attacks(king) & position.pieces(!us, PieceType::Knight))
            | (pawn_attacks(us, king) & position.pieces(!us, PieceType::Pawn));

        let queens = position.pieces(!us, PieceType::Queen);
        let diagonal = position.pieces(!us, PieceType::Bishop) | queens;
        let straight = position.pieces(!us, PieceType::Rook) | queens;
        let aligned =
            (LINES.rays[0][king.index()] & diagonal) | (LINES.rays[1][king.index()] & straight);
        let mut pinned = Bitboard::EMPTY;
        for slider in aligned {
            let blockers = between(king, slider) & occupied;
            if blockers.is_empty() {
                checkers |= Bitboard::from_square(slider);
            } else if !blockers.has_more_than_one() {
                pinned |= blockers & position.side(us);
            }
        }

        let evasions = match checkers.first() {
            None => Bitboard::FULL,
            Some(checker) => checkers | between(king, checker),
        };
        KingSafety {
            king,
            checkers,
            pinned,
            evasions,
        }
    }
}

/// Calls `visit` with the legal moves of the side to move, a group at a time, among the moves
/// that end on a square of `destinations`: `Bitboard::FULL` for every legal move, the enemy's
/// pieces for captures alone (en passant, whose square is empty, is added when `destinations`
/// holds the enemy pieces). A piece with no moves gives an empty group: skipping it would cost
/// a test per piece, and an empty group adds nothing to a count or a list.
pub fn generate(position: &Position, destinations: Bitboard, mut visit: impl FnMut(PieceMoves)) {
    let us = position.side_to_move();
    let safety = KingSafety::of(position);
    let ours = position.side(us);
    let mut emit = |piece, from, to| visit(PieceMoves { piece, from, to });

    emit(
        PieceType::King,
        Origin::Square(safety.king),
        king_moves(position, &safety, destinations),
    );
    if safety.checkers.has_more_than_one() {
        return; // In double check only the king can move.
    }

    let targets = !ours & safety.evasions & destinations;
    let occupied = position.occupied();
    let context = (position, &safety, targets);
    piece_moves(context, PieceType::Knight, knight_attacks, &mut emit);
    piece_moves(
        context,
        PieceType::Bishop,
        |from| bishop_attacks(from, occupied),
        &mut emit,
    );
    piece_moves(
        context,
        PieceType::Rook,
        |from| rook_attacks(from, occupied),
        &mut emit,
    );
    let queen = |from| queen_attacks(from, occupied);
    piece_moves(context, PieceType::Queen, queen, &mut emit);
    let pawns = position.pieces(us, PieceType::Pawn);
    free_pawn_moves(position, pawns & !safety.pinned, targets, &mut emit);
    for from in pawns & safety.pinned {
        let along_pin = targets & line(safety.king, from);
        let to = pawn_targets(position, from) & along_pin;
        emit(PieceType::Pawn, Origin::Square(from), to);
    }
    // En passant: only where there is an en-passant square, only for the pawns beside it.
    if let Some(target) = position.en_passant() {
        for from in pawn_attacks(!us, target) & position.pieces(us, PieceType::Pawn) {
            emit(
                PieceType::Pawn,
                Origin::Square(from),
                en_passant(position, &safety, from, target, destinations),
            );
        }
    }
}

/// Emits the moves of the side to move's pieces of kind `piece`, which attack the squares
/// `attacks` gives: within `targets`, and for a pinned piece only along the line through it and
/// its king. The pinned pieces are rare, so they get a loop of their own and the free ones a
/// loop without the test.
fn piece_moves(
    (position, safety, targets): (&Position, &KingSafety, Bitboard),
    piece: PieceType,
    attacks: impl Fn(Square) -> Bitboard,
    emit: &mut impl FnMut(PieceType, Origin, Bitboard),
) {
    let pieces = position.pieces(position.side_to_move(), piece);
    for from in pieces & !safety.pinned {
        emit(piece, Origin::Square(from), attacks(from) & targets);
    }
    for from in pieces & safety.pinned {
        let along_pin = targets & line(safety.king, from);
        emit(piece, Origin::Square(from), attacks(from) & along_pin);
    }
}

/// One of the four castling moves: the right it needs, where its rook stands, the square the
/// king crosses and the square it lands on.
struct CastlingSide {
    /// The castling right the move needs.
    right: CastlingRights,
    /// The rook's square.
    rook: Square,
    /// The square the king passes over.
    crossed: Square,
    /// The square the king lands on.
    landing: Square,
}

/// The castling moves of each side, king's side first, indexed by colour.
const CASTLING_SIDES: [[CastlingSide; 2]; Color::NUM] = {
    use CastlingRights as R;
    use Square::*;
    [
        [
            CastlingSide {
                right: R::WHITE_KINGSIDE,
                rook: H1,
                crossed: F1,
                landing: G1,
            },
            CastlingSide {
                right: R::WHITE_QUEENSIDE,
                rook: A1,
                crossed: D1,
                landing: C1,
            },
        ],
        [
            CastlingSide {
                right: R::BLACK_KINGSIDE,
                rook: H8,
                crossed: F8,
                landing: G8,
            },
            CastlingSide {
                right: R::BLACK_QUEENSIDE,
                rook: A8,
                crossed: D8,
                landing: C8,
            },
        ],
    ]
};

/// The king's moves among `destinations`: its steps to squares the enemy does not attack, and
/// castling, where the right is not lost, the king is not in check, the squares between king and
/// rook are empty, and the squares the king crosses and lands on are not attacked.
fn king_moves(position: &Position, safety: &KingSafety, destinations: Bitboard) -> Bitboard {
    let us = position.side_to_move();
    let steps = king_attacks(safety.king) & !position.side(us) & destinations;
    // For each castling move that its right, path and check allow, the squares the king
    // crosses and lands on, asked about with the steps; none for the others.
    let sides = &CASTLING_SIDES[us.index()];
    let mut castles = [Bitboard::EMPTY; 2];
    if safety.checkers.is_empty() {
        for (squares, side) in castles.iter_mut().zip(sides) {
            let path = between(safety.king, side.rook) & position.occupied();
            if position.castling().contains(side.right)
                && destinations.contains(side.landing)
                && path.is_empty()
            {
                *squares =
                    Bitboard::from_square(side.crossed) | Bitboard::from_square(side.landing);
            }
        }
    }
    let safe = safe_squares(position, safety.king, steps | castles[0] | castles[1]);
    let mut moves = steps & safe;
    for (squares, side) in castles.into_iter().zip(sides) {
        if !squares.is_empty() && (squares & !safe).is_empty() {
            moves |= Bitboard::from_square(side.landing);
        }
    }
    moves
}

/// The squares of `squares` that no enemy piece attacks, with the king on `king` lifted off the
/// board, so that a slider checking it along a line also attacks the square behind it:
/// stepping back along the line of a check is no escape.
///
/// There are two ways to ask. Square by square, each square costs a handful of lookups; all at
/// once, working out every attacked square costs one lookup per enemy piece (two for a
/// queen). With one or two squares to ask about the first is cheaper, with more the second.
fn safe_squares(position: &Position, king: Square, squares: Bitboard) -> Bitboard {
    let them = !position.side_to_move();
    let without_king = position.occupied() ^ Bitboard::from_square(king);
    if squares.count() <= 2 {
        let safe = |square: &Square| {
            (attacked::attackers_to(position, *square, without_king) & position.side(them))
                .is_empty()
        };
        squares.into_iter().filter(safe).collect()
    } else {
        squares & !attacked::attacked_squares(position, them, without_king)
    }
}

/// The squares a pawn on `from` can move to: one step forward to an empty square, two from its
/// start rank through an empty square, or a diagonal capture of an enemy piece.
fn pawn_targets(position: &Position, from: Square) -> Bitboard {
    let us = position.side_to_move();
    let empty = !position.occupied();
    let pawn = Bitboard::from_square(from).0;
    // A step forward is a shift by a rank: up for White, down for Black.
    let (single, double) = match us {
        Color::White => {
            let single = (pawn << 8) & empty.0;
            (
                single,
                (single << 8) & empty.0 & Bitboard::rank(Rank::Fourth).0,
            )
        }
        Color::Black => {
            let single = (pawn >> 8) & empty.0;
            (
                single,
                (single >> 8) & empty.0 & Bitboard::rank(Rank::Fifth).0,
            )
        }
    };
    let captures = pawn_attacks(us, from) & position.side(!us);
    Bitboard(single | double) | captures
}

/// The moves of the unpinned pawns `pawns`, all at once, within `targets`: one group for each
/// way a pawn moves (a step forward, two steps, a capture to either side), each found with a
/// shift of the whole set. A double push needs the square it passes over empty, but not in
/// `targets`: a double push may block a check that a single push cannot.
fn free_pawn_moves(
    position: &Position,
    pawns: Bitboard,
    targets: Bitboard,
    emit: &mut impl FnMut(PieceType, Origin, Bitboard),
) {
    let us = position.side_to_move();
    let empty = !position.occupied();
    let enemies = position.side(!us);
    // Forward is up the board for White and down for Black: 8 squares by index, either way.
    let (forward, ahead, passed) = match us {
        Color::White => (Direction::North, 8, Rank::Third),
        Color::Black => (Direction::South, -8, Rank::Sixth),
    };
    let stepped = pawns.shift(forward);
    let single = stepped & empty;
    let double = (single & Bitboard::rank(passed)).shift(forward) & empty;
    // A capture is a step forward and one to the side, west 1 square down by index, east 1 up.
    let west = stepped.shift(Direction::West) & enemies;
    let east = stepped.shift(Direction::East) & enemies;
    let groups = [
        (ahead, single),
        (2 * ahead, double),
        (ahead - 1, west),
        (ahead + 1, east),
    ];
    for (behind, to) in groups {
        emit(PieceType::Pawn, Origin::Behind(behind), to & targets);
    }
}

/// The en-passant capture of a pawn on `from` onto `target`, if it is legal and among the
/// moves asked for.
///
/// En passant is the one move that takes two pieces off a rank at once, so the ordinary pin
/// test misses a case: with the king and an enemy rook on the same rank as both pawns, the
/// capture exposes the king. So it is tested the direct way, by looking at the board after it.
fn en_passant(
    position: &Position,
    safety: &KingSafety,
    from: Square,
    target: Square,
    destinations: Bitboard,
) -> Bitboard {
    let captured = Square::new(target.file(), from.rank());
    if !destinations.contains(target) && !destinations.contains(captured) {
        return Bitboard::EMPTY;
    }
    let moved = Bitboard::from_square(from) | Bitboard::from_square(captured);
    let after = (position.occupied() ^ moved) | Bitboard::from_square(target);
    let them = position.side(!position.side_to_move()) & !Bitboard::from_square(captured);
    if (attacked::attackers_to(position, safety.king, after) & them).is_empty() {
        Bitboard::from_square(target)
    } else {
        Bitboard::EMPTY
    }
}

/// Turns each to-square of `group` into the [`Move`]s it stands for, with their kinds (four
/// for a promotion), and calls `push` with each.
pub fn moves_of(position: &Position, group: PieceMoves, mut push: impl FnMut(Move)) {
    let them = position.side(!position.side_to_move());
    let back_ranks = Bitboard::rank(Rank::First) | Bitboard::rank(Rank::Eighth);
    for to in group.to {
        let from = group.from.square_for(to);
        let capture = them.contains(to);
        let kind = match group.piece {
            PieceType::Pawn if back_ranks.contains(to) => {
                for promoted in [
                    PieceType::Queen,
                    PieceType::Knight,
                    PieceType::Rook,
                    PieceType::Bishop,
                ] {
                    let kind = if capture {
                        MoveKind::PromotionCapture(promoted)
                    } else {
                        MoveKind::Promotion(promoted)
                    };
                    push(Move::new(from, to, kind));
                }
                continue;
            }
            PieceType::Pawn if Some(to) == position.en_passant() => MoveKind::EnPassant,
            PieceType::Pawn if to.index().abs_diff(from.index()) == 16 => MoveKind::DoublePush,
            PieceType::King if to.index().abs_diff(from.index()) == 2 => {
                if to.file() > from.file() {
                    MoveKind::KingCastle
                } else {
                    MoveKind::QueenCastle
                }
            }
            _ if capture => MoveKind::Capture,
            _ => MoveKind::Quiet,
        };
        push(Move::new(from, to, kind));
    }
}

/// More moves than any position the FEN reader accepts can have. The most in a position
/// reachable in a game is 218, but the reader accepts positions no game reaches, so the list
/// is sized by a bound that needs only the material limits the reader enforces: nine queens
/// (one and eight promoted), two rooks, two bishops and two knights, each with its most moves
/// on an empty board, and the king's eight.
pub const MAX_MOVES: usize = 9 * 27 + 2 * 14 + 2 * 13 + 2 * 8 + 8;

/// A list of moves, kept on the stack: move generation runs at every node of a search, and a
/// heap allocation there would cost more than generating the moves.
#[derive(Clone)]
pub struct MoveList {
    /// The moves; only the first `len` mean anything.
    moves: [Move; MAX_MOVES],
    /// How many moves the list holds.
    len: usize,
}

impl MoveList {
    /// An empty list.
    pub fn new() -> MoveList {
        // Any move will do as filler: the slots past `len` are never read.
        MoveList {
            moves: [Move::new(Square::A1, Square::B1, MoveKind::Quiet); MAX_MOVES],
            len: 0,
        }
    }

    /// Adds `mv` at the end.
    pub fn push(&mut self, mv: Move) {
        self.moves[self.len] = mv;
        self.len += 1;
    }

    /// The moves, in the order they were added.
    pub fn as_slice(&self) -> &[Move] {
        &self.moves[..self.len]
    }

    /// The moves, to be reordered in place (the move ordering of chapter 8 does).
    pub fn as_mut_slice(&mut self) -> &mut [Move] {
        &mut self.moves[..self.len]
    }

    /// How many moves the list holds.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the list is empty.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}

impl Default for MoveList {
    fn default() -> MoveList {
        MoveList::new()
    }
}

/// Every legal move in `position`.
pub fn legal_moves(position: &Position) -> MoveList {
    let mut list = MoveList::new();
    generate(position, Bitboard::FULL, |group| {
        moves_of(position, group, |mv| list.push(mv))
    });
    list
}

/// The legal captures in `position`, en passant and capturing promotions included: the moves
/// a quiescence search looks at.
pub fn captures(position: &Position) -> MoveList {
    let mut list = MoveList::new();
    let them = position.side(!position.side_to_move());
    generate(position, them, |group| {
        moves_of(position, group, |mv| list.push(mv))
    });
    list
}

/// How many legal moves `position` has, counted without making a list.
pub fn count_moves(position: &Position) -> u64 {
    let mut count = 0;
    generate(position, Bitboard::FULL, |group| {
        count += group.len() as u64
    });
    count
}

/// The legal move in `position` written `text` in UCI notation (`e2e4`, `e7e8q`, `e1g1`).
pub fn find_move(position: &Position, text: &str) -> Result<Move, String> {
    let moves = legal_moves(position);
    let found = moves.as_slice().iter().find(|mv| mv.to_string() == text);
    found
        .copied()
        .ok_or_else(|| format!("{text:?} is not a legal move in {position}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The legal moves of `fen`, as UCI text, sorted.
    fn moves(fen: &str) -> Vec<String> {
        let position = Position::from_fen(fen).unwrap();
        let mut all: Vec<String> = legal_moves(&position)
            .as_slice()
            .iter()
            .map(|m| m.to_string())
            .collect();
        all.sort();
        assert_eq!(
            all.len() as u64,
            count_moves(&position),
            "counting agrees with listing"
        );
        all
    }

    /// Whether `fen` has the legal move `uci`.
    fn has(fen: &str, uci: &str) -> bool {
        moves(fen).iter().any(|m| m == uci)
    }

    #[test]
    fn the_six_test_positions_have_their_published_move_counts() {
        let positions = [
            (crate::position::STARTPOS, 20),
            (
                "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                48,
            ),
            ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 14),
            (
                "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
                6,
            ),
            (
                "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
                44,
            ),
            (
                "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
                46,
            ),
        ];
        for (fen, count) in positions {
            assert_eq!(moves(fen).len(), count, "{fen}");
        }
    }

    #[test]
    fn en_passant_that_uncovers_a_check_along_the_rank_is_illegal() {
        // Taking on d6 would lift both pawns off the fifth rank, between the king and the rook.
        assert!(!has("8/8/8/K2pP2r/8/8/8/7k w - d6 0 2", "e5d6"));
        // With nothing on the rank behind them, it is legal.
        assert!(has("8/8/8/K2pP3/8/8/8/7k w - d6 0 2", "e5d6"));
    }

    #[test]
    fn en_passant_can_capture_a_checking_pawn() {
        // The pawn that just pushed to d5 gives check; taking it en passant answers the check,
        // and a pawn move that does not is illegal.
        let fen = "8/8/8/2Pp4/4K3/8/8/k7 w - d6 0 2";
        assert!(attacked::in_check(&Position::from_fen(fen).unwrap()));
        assert!(has(fen, "c5d6"));
        assert!(!has(fen, "c5c6"));
    }

    #[test]
    fn castling_is_never_out_of_through_or_into_check() {
        let open = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
        assert!(has(open, "e1g1") && has(open, "e1c1"));
        assert!(
            !has("r3k2r/8/8/8/4r3/8/8/R3K2R w KQkq - 0 1", "e1g1"),
            "out of check"
        );
        assert!(
            !has("r3k2r/8/8/8/5r2/8/8/R3K2R w KQkq - 0 1", "e1g1"),
            "through check"
        );
        assert!(
            !has("r3k2r/8/8/8/6r1/8/8/R3K2R w KQkq - 0 1", "e1g1"),
            "into check"
        );
        // The rook may pass over an attacked square: b1 is attacked, but the king never crosses it.
        assert!(has("r3k2r/8/8/8/1r6/8/8/R3K2R w KQkq - 0 1", "e1c1"));
        assert!(
            !has("r3k2r/8/8/8/8/8/8/RN2K2R w KQkq - 0 1", "e1c1"),
            "a piece between"
        );
    }

    #[test]
    fn a_pinned_piece_moves_only_along_its_pin() {
        // The e-file rook is pinned by the e8 rook: it may move along the file, not off it.
        let fen = "4r1k1/8/8/8/8/8/4R3/4K3 w - - 0 1";
        assert!(has(fen, "e2e5") && has(fen, "e2e8"));
        assert!(!has(fen, "e2d2"));
        // A pinned knight cannot move at all.
        let knight = "4r1k1/8/8/8/8/8/4N3/4K3 w - - 0 1";
        assert!(moves(knight).iter().all(|m| m.starts_with("e1")));
    }

    #[test]
    fn in_double_check_only_the_king_moves() {
        let fen = "4r1k1/8/8/8/8/5n2/3Q4/4K3 w - - 0 1";
        assert!(
            moves(fen).iter().all(|m| m.starts_with("e1")),
            "{:?}",
            moves(fen)
        );
    }

    #[test]
    fn the_king_cannot_step_back_along_the_line_of_a_check() {
        // The rook on a1 checks along the first rank. f1, behind the king, is attacked only
        // once the king has left e1: the king must be lifted off the board to see it.
        let fen = "4k3/8/8/8/8/8/8/r3K3 w - - 0 1";
        assert!(!has(fen, "e1f1"));
        assert!(has(fen, "e1e2"));
    }

    #[test]
    fn a_pawn_reaching_the_last_rank_promotes_to_all_four_pieces() {
        let all = moves("1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1");
        for uci in [
            "a7a8q", "a7a8r", "a7a8b", "a7a8n", "a7b8q", "a7b8r", "a7b8b", "a7b8n",
        ] {
            assert!(all.contains(&uci.to_string()), "{uci}");
        }
        assert!(!all.contains(&"a7a8".to_string()));
    }

    #[test]
    fn captures_are_the_legal_moves_that_take_a_piece() {
        for fen in [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/8/8/2Pp4/4K3/8/8/k7 w - d6 0 2",
            "1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1",
        ] {
            let position = Position::from_fen(fen).unwrap();
            let mut expected: Vec<Move> = legal_moves(&position)
                .as_slice()
                .iter()
                .copied()
                .filter(|m| m.is_capture())
                .collect();
            let mut got: Vec<Move> = captures(&position).as_slice().to_vec();
            expected.sort_by_key(|m| m.to_string());
            got.sort_by_key(|m| m.to_string());
            assert_eq!(got, expected, "{fen}");
        }
    }

    #[test]
    fn the_record_position_has_its_218_moves() {
        // Nenad Petrović's position, the most legal moves known in a position a game can reach.
        let fen = "R6R/3Q4/1Q4Q1/4Q3/2Q4Q/Q4Q2/pp1Q4/kBNN1KB1 w - - 0 1";
        assert_eq!(count_moves(&Position::from_fen(fen).unwrap()), 218);
        assert_eq!(legal_moves(&Position::from_fen(fen).unwrap()).len(), 218);
    }

    #[test]
    fn between_and_line_follow_ranks_files_and_diagonals() {
        use crate::bitboard::tests::set;

        assert_eq!(between(Square::A1, Square::D4), set("b2 c3"));
        assert_eq!(between(Square::E1, Square::E2), Bitboard::EMPTY);
        assert_eq!(
            between(Square::A1, Square::B3),
            Bitboard::EMPTY,
            "not on a line"
        );
        assert_eq!(line(Square::C3, Square::B2), set("a1 b2 c3 d4 e5 f6 g7 h8"));
        assert_eq!(line(Square::A1, Square::B3), Bitboard::EMPTY);
    }
}
