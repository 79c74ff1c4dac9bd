//! The position: where every piece stands, whose move it is, and the rest of what the rules
//! need to know (castling rights, the en-passant square, the clocks), with its Zobrist key.
//!
//! A move is made by copying the position and changing the copy ("copy-make"): the position
//! before the move is untouched, so taking a move back is dropping the copy. Chapter 2 argues
//! the choice.

use crate::attacks;
use crate::bitboard::Bitboard;
use crate::moves::{Move, MoveKind};
use crate::piece::{Color, Piece, PieceType};
use crate::square::{File, Rank, Square};
use crate::zobrist::KEYS;

/// The FEN of the position before the first move.
pub const STARTPOS: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

bitflags::bitflags! {
    /// The castling moves each side may still make, some day: a right is lost for good when
    /// the king or that rook moves, or the rook is captured. Whether castling is possible now
    /// (the squares between empty, the king not passing through check) is move generation's
    /// question.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
    pub struct CastlingRights: u8 {
        /// White may castle on the king's side (`K` in FEN).
        const WHITE_KINGSIDE = 1;
        /// White may castle on the queen's side (`Q`).
        const WHITE_QUEENSIDE = 2;
        /// Black may castle on the king's side (`k`).
        const BLACK_KINGSIDE = 4;
        /// Black may castle on the queen's side (`q`).
        const BLACK_QUEENSIDE = 8;
    }
}

impl CastlingRights {
    /// The rights that a move from or to `square` takes away: moving the king loses both of
    /// its side's rights, and moving or capturing a rook on its home corner loses that one.
    pub const fn lost_by_touching(square: Square) -> CastlingRights {
        match square {
            Square::E1 => CastlingRights::WHITE_KINGSIDE.union(CastlingRights::WHITE_QUEENSIDE),
            Square::H1 => CastlingRights::WHITE_KINGSIDE,
            Square::A1 => CastlingRights::WHITE_QUEENSIDE,
            Square::E8 => CastlingRights::BLACK_KINGSIDE.union(CastlingRights::BLACK_QUEENSIDE),
            Square::H8 => CastlingRights::BLACK_KINGSIDE,
            Square::A8 => CastlingRights::BLACK_QUEENSIDE,
            _ => CastlingRights::empty(),
        }
    }
}

/// [`CastlingRights::lost_by_touching`] for every square, made by the compiler: a move looks
/// up its two squares here rather than comparing each with the six corners and kings' squares.
static LOST_BY_TOUCHING: [CastlingRights; Square::NUM] = {
    let mut table = [CastlingRights::empty(); Square::NUM];
    let mut i = 0;
    while i < Square::NUM {
        table[i] = CastlingRights::lost_by_touching(Square::from_index(i));
        i += 1;
    }
    table
};

/// A chess position.
///
/// The pieces are eight bitboards: one per kind of piece, both sides together, and one per
/// side. Move generation and evaluation ask about sets, which these answer in one AND; "what
/// stands on e4?" is answered by asking them in turn. Every change goes through
/// [`Position::toggle`], which keeps the sets and the key in step.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    /// The squares of each kind of piece, both sides together, indexed by piece type.
    by_type: [Bitboard; PieceType::NUM],
    /// The squares of each side's pieces, indexed by colour.
    by_color: [Bitboard; Color::NUM],
    /// The side to move.
    side_to_move: Color,
    /// The castling rights left.
    castling: CastlingRights,
    /// The square a pawn skipped with a double push on the last move, if it did.
    en_passant: Option<Square>,
    /// Whether the side to move can take on the en-passant square, so that it is in the key.
    /// Worked out once, when the square is set, rather than at every move made from here.
    en_passant_keyed: bool,
    /// Half-moves (plies) since the last capture or pawn move, for the fifty-move rule.
    halfmove_clock: u32,
    /// The number of the move, starting at 1 and increasing after Black's move.
    fullmove_number: u32,
    /// The Zobrist key, kept up to date as the position changes.
    key: u64,
}

impl Position {
    /// The position before the first move of a game.
    pub fn startpos() -> Position {
        Position::from_fen(STARTPOS).expect("the start position's FEN is valid")
    }

    /// A position with no pieces, White to move and nothing else set: the blank that the FEN
    /// reader fills in.
    pub(crate) fn empty() -> Position {
        Position {
            by_type: [Bitboard::EMPTY; PieceType::NUM],
            by_color: [Bitboard::EMPTY; Color::NUM],
            side_to_move: Color::White,
            castling: CastlingRights::empty(),
            en_passant: None,
            en_passant_keyed: false,
            halfmove_clock: 0,
            fullmove_number: 1,
            // The key of what is set: no pieces, White to move, no en-passant square, and
            // the empty set of castling rights, which has a number of its own.
            key: KEYS.castling[0],
        }
    }

    /// The piece on `square`, if there is one.
    pub fn piece_at(&self, square: Square) -> Option<Piece> {
        let bit = Bitboard::from_square(square);
        let color = if !(self.by_color[0] & bit).is_empty() {
            Color::White
        } else if !(self.by_color[1] & bit).is_empty() {
            Color::Black
        } else {
            return None;
        };
        let piece_type = PieceType::ALL
            .into_iter()
            .find(|t| !(self.by_type[t.index()] & bit).is_empty())?;
        Some(Piece::new(color, piece_type))
    }

    /// The squares of `color`'s pieces of kind `piece_type`.
    pub fn pieces(&self, color: Color, piece_type: PieceType) -> Bitboard {
        self.by_color[color.index()] & self.by_type[piece_type.index()]
    }

    /// The squares of every piece of kind `piece_type`, both sides'.
    pub fn pieces_of_type(&self, piece_type: PieceType) -> Bitboard {
        self.by_type[piece_type.index()]
    }

    /// The squares of all of `color`'s pieces.
    pub fn side(&self, color: Color) -> Bitboard {
        self.by_color[color.index()]
    }

    /// Every occupied square.
    pub fn occupied(&self) -> Bitboard {
        self.by_color[0] | self.by_color[1]
    }

    /// The square of `color`'s king. Every position has one king a side; the FEN reader
    /// refuses any other.
    pub fn king_square(&self, color: Color) -> Square {
        self.pieces(color, PieceType::King)
            .first()
            .expect("each side has a king")
    }

    /// The side to move.
    pub fn side_to_move(&self) -> Color {
        self.side_to_move
    }

    /// The castling rights left.
    pub fn castling(&self) -> CastlingRights {
        self.castling
    }

    /// The en-passant square: the square a pawn skipped with a double push on the last move.
    pub fn en_passant(&self) -> Option<Square> {
        self.en_passant
    }

    /// Half-moves (plies) since the last capture or pawn move.
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove_clock
    }

    /// The number of the move, from 1.
    pub fn fullmove_number(&self) -> u32 {
        self.fullmove_number
    }

    /// The position's Zobrist key.
    pub fn key(&self) -> u64 {
        self.key
    }

    /// Puts `piece` on `square` if the square is empty, or takes it off if it stands there:
    /// one XOR each for its kind's set, its side's set and the key.
    pub(crate) fn toggle(&mut self, piece: Piece, square: Square) {
        debug_assert!(
            self.piece_at(square).is_none_or(|p| p == piece),
            "{square} holds another piece"
        );
        let bit = Bitboard::from_square(square);
        self.by_type[piece.piece_type.index()] ^= bit;
        self.by_color[piece.color.index()] ^= bit;
        self.key ^= KEYS.pieces[piece.index()][square.index()];
    }

    /// Sets the side to move, updating the key.
    pub(crate) fn set_side_to_move(&mut self, color: Color) {
        if color != self.side_to_move {
            self.key ^= KEYS.black_to_move;
        }
        self.side_to_move = color;
    }

    /// Sets the castling rights, updating the key.
    pub(crate) fn set_castling(&mut self, rights: CastlingRights) {
        self.key ^= KEYS.castling[self.castling.bits() as usize];
        self.key ^= KEYS.castling[rights.bits() as usize];
        self.castling = rights;
    }

    /// Sets the en-passant square, updating the key. The board and the side to move must be
    /// set already: whether the square enters the key depends on them.
    #[inline]
    pub(crate) fn set_en_passant(&mut self, square: Option<Square>) {
        if let (Some(old), true) = (self.en_passant, self.en_passant_keyed) {
            self.key ^= KEYS.en_passant[old.file().index()];
        }
        self.en_passant = square;
        self.en_passant_keyed = square.is_some_and(|new| self.can_take_en_passant(new));
        if let (Some(new), true) = (square, self.en_passant_keyed) {
            self.key ^= KEYS.en_passant[new.file().index()];
        }
    }

    /// The en-passant square as the key counts it: only when the side to move can take there.
    ///
    /// The rules of repetition count a position as the same when the same moves are possible,
    /// so a square that no pawn can take on does not make a position different. Keyed this
    /// way, the position after 1. e4 Nf6 2. Nf3 Ng8 3. Ng1 repeats the one after 1. e4, as the
    /// match runner's arbiter says it does.
    fn keyed_en_passant(&self) -> Option<Square> {
        self.en_passant
            .filter(|&target| self.can_take_en_passant(target))
    }

    /// Whether a pawn of the side to move can legally take en passant on `target`: one stands
    /// beside the pawn that double-stepped, and taking does not leave its king in check. The
    /// attack tables answer it directly, with the board as it would be after the capture.
    fn can_take_en_passant(&self, target: Square) -> bool {
        use PieceType::*;
        let us = self.side_to_move;
        let them = !us;
        let pushed = match us {
            Color::White => Square::new(target.file(), Rank::Fifth),
            Color::Black => Square::new(target.file(), Rank::Fourth),
        };
        let king = self.king_square(us);
        let theirs = self.side(them) & !Bitboard::from_square(pushed);
        let takers = attacks::pawn_attacks(them, target) & self.pieces(us, Pawn);
        takers.into_iter().any(|from| {
            let moved = Bitboard::from_square(from) | Bitboard::from_square(pushed);
            let occupied = (self.occupied() ^ moved) | Bitboard::from_square(target);
            let diagonal = (self.pieces_of_type(Bishop) | self.pieces_of_type(Queen)) & theirs;
            let straight = (self.pieces_of_type(Rook) | self.pieces_of_type(Queen)) & theirs;
            let checkers = (attacks::bishop_attacks(king, occupied) & diagonal)
                | (attacks::rook_attacks(king, occupied) & straight)
                | (attacks::knight_attacks(king) & self.pieces_of_type(Knight) & theirs)
                | (attacks::pawn_attacks(us, king) & self.pieces_of_type(Pawn) & theirs);
            checkers.is_empty()
        })
    }

    /// Sets the two clocks. They are not part of the key: two positions that differ only in
    /// their clocks are the same position for the search.
    pub(crate) fn set_clocks(&mut self, halfmove_clock: u32, fullmove_number: u32) {
        self.halfmove_clock = halfmove_clock;
        self.fullmove_number = fullmove_number;
    }

    /// The key computed from scratch, from every feature of the position. The key kept in the
    /// position must always equal it; the tests check that it does after every move.
    pub fn compute_key(&self) -> u64 {
        let mut key = 0;
        for square in self.occupied() {
            let piece = self
                .piece_at(square)
                .expect("an occupied square has a piece");
            key ^= KEYS.pieces[piece.index()][square.index()];
        }
        key ^= KEYS.castling[self.castling.bits() as usize];
        if let Some(square) = self.keyed_en_passant() {
            key ^= KEYS.en_passant[square.file().index()];
        }
        if self.side_to_move == Color::Black {
            key ^= KEYS.black_to_move;
        }
        key
    }

    /// The position after `mv`, which must be a legal move in this one. This position is
    /// left as it was.
    ///
    /// Inlined, so the copy is made where the caller keeps the result and changed there by
    /// [`Position::play`]: a copy changed elsewhere and then returned is copied twice.
    #[inline]
    pub fn make(&self, mv: Move) -> Position {
        let mut next = self.clone();
        next.play(mv);
        next
    }

    /// Plays `mv`, which must be a legal move here, changing this position into the one after
    /// it: the work of [`Position::make`].
    ///
    /// The mover's colour is known, so only its kind is looked up, and a capture's victim only
    /// when there is one; each piece then comes off or goes on with [`Position::toggle`]. The
    /// clocks stop at their largest value rather than wrap round: a FEN may start them anywhere.
    fn play(&mut self, mv: Move) {
        let (from, to) = (mv.from(), mv.to());
        let us = self.side_to_move;
        let moved = self.kind_on(from);
        // The old square leaves the key by the answer kept beside it when it was set.
        self.set_en_passant(None);
        match mv.kind() {
            MoveKind::Capture | MoveKind::PromotionCapture(_) => {
                self.toggle(Piece::new(!us, self.kind_on(to)), to);
            }
            MoveKind::EnPassant => {
                // The captured pawn stands beside the mover, on the square behind `to`.
                let captured = Square::new(to.file(), from.rank());
                self.toggle(Piece::new(!us, PieceType::Pawn), captured);
            }
            MoveKind::KingCastle | MoveKind::QueenCastle => {
                let (rook_from, rook_to) = castling_rook_squares(mv);
                let rook = Piece::new(us, PieceType::Rook);
                self.toggle(rook, rook_from);
                self.toggle(rook, rook_to);
            }
            MoveKind::Quiet | MoveKind::DoublePush | MoveKind::Promotion(_) => {}
        }
        self.toggle(Piece::new(us, moved), from);
        self.toggle(Piece::new(us, mv.promotion().unwrap_or(moved)), to);

        let lost = LOST_BY_TOUCHING[from.index()] | LOST_BY_TOUCHING[to.index()];
        self.set_castling(self.castling - lost);
        let resets_clock = moved == PieceType::Pawn || mv.is_capture();
        let halfmove_clock = if resets_clock {
            0
        } else {
            self.halfmove_clock.saturating_add(1)
        };
        let fullmove_number = self
            .fullmove_number
            .saturating_add(u32::from(us == Color::Black));
        self.set_clocks(halfmove_clock, fullmove_number);
        self.set_side_to_move(!us);
        let skipped =
            (mv.kind() == MoveKind::DoublePush).then(|| Square::new(from.file(), skipped_rank(us)));
        self.set_en_passant(skipped);
    }

    /// The position after a null move: the side to move passes, and nothing else changes on
    /// the board. Not a move of chess, but the search's question "what if I could pass?"
    /// (chapter 12). This position is left as it was; it must not be in check.
    ///
    /// Passing loses the right to take en passant, as any move does, so the square goes (and
    /// leaves the key if it was in it); the clocks go on as after a quiet move. The key is
    /// updated by the same steps as in [`Position::play`], never computed afresh.
    pub fn make_null(&self) -> Position {
        let mut next = self.clone();
        let us = self.side_to_move;
        next.set_en_passant(None);
        let fullmove_number = self
            .fullmove_number
            .saturating_add(u32::from(us == Color::Black));
        next.set_clocks(self.halfmove_clock.saturating_add(1), fullmove_number);
        next.set_side_to_move(!us);
        next
    }

    /// The piece that makes `mv`, a legal move here: the side to move's, on the from-square.
    /// Cheaper than [`Position::piece_at`], since the colour is known.
    #[inline]
    pub fn moving_piece(&self, mv: Move) -> Piece {
        Piece::new(self.side_to_move, self.kind_on(mv.from()))
    }

    /// The kind of the piece on the occupied square `square`.
    #[inline]
    fn kind_on(&self, square: Square) -> PieceType {
        PieceType::ALL
            .into_iter()
            .find(|t| self.by_type[t.index()].contains(square))
            .expect("the square is occupied")
    }
}

/// The rank a pawn of `color` skips with a double push: the third for White, the sixth for
/// Black.
fn skipped_rank(color: Color) -> Rank {
    match color {
        Color::White => Rank::Third,
        Color::Black => Rank::Sixth,
    }
}

/// Where the rook starts and ends when the king castles with `mv`: from the corner to the
/// square the king passed over.
pub fn castling_rook_squares(mv: Move) -> (Square, Square) {
    let rank = mv.from().rank();
    match mv.kind() {
        MoveKind::KingCastle => (Square::new(File::H, rank), Square::new(File::F, rank)),
        _ => (Square::new(File::A, rank), Square::new(File::D, rank)),
    }
}

/// The position drawn as a board from White's side, with its FEN and key.
pub fn show(position: &Position) -> String {
    let mut text = String::new();
    for rank in Rank::ALL.into_iter().rev() {
        text.push_str(&format!("{} ", rank.to_char()));
        for file in File::ALL {
            let square = Square::new(file, rank);
            let letter = position
                .piece_at(square)
                .map_or('.', |piece| piece.to_char());
            text.push_str(&format!(" {letter}"));
        }
        text.push('\n');
    }
    text.push_str("   a b c d e f g h\n\n");
    text.push_str(&format!("Fen: {position}\nKey: {:016x}\n", position.key()));
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The position after playing `moves` (each `from to kind`) from `fen`, checking at every
    /// step that the key kept up to date equals the key computed from scratch.
    fn after(fen: &str, moves: &[(Square, Square, MoveKind)]) -> Position {
        let mut position = Position::from_fen(fen).unwrap();
        for &(from, to, kind) in moves {
            position = position.make(Move::new(from, to, kind));
            assert_eq!(position.key(), position.compute_key(), "after {from}{to}");
        }
        position
    }

    #[test]
    fn a_double_push_leaves_an_en_passant_square_and_resets_the_clock() {
        let position = after(STARTPOS, &[(Square::E2, Square::E4, MoveKind::DoublePush)]);
        assert_eq!(
            position.to_string(),
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"
        );
    }

    #[test]
    fn the_en_passant_square_lasts_one_move() {
        let moves = [
            (Square::E2, Square::E4, MoveKind::DoublePush),
            (Square::G8, Square::F6, MoveKind::Quiet),
        ];
        let position = after(STARTPOS, &moves);
        assert_eq!(position.en_passant(), None);
        assert_eq!(position.halfmove_clock(), 1);
        assert_eq!(position.fullmove_number(), 2);
    }

    #[test]
    fn clocks_at_their_largest_stop_there_rather_than_wrap_round() {
        let largest = "4k3/8/8/8/8/8/8/4K3 b - - 4294967295 4294967295";
        let moved = after(largest, &[(Square::E8, Square::E7, MoveKind::Quiet)]);
        assert_eq!(
            moved.to_string(),
            "8/4k3/8/8/8/8/8/4K3 w - - 4294967295 4294967295"
        );
        let passed = Position::from_fen(largest).unwrap().make_null();
        assert_eq!(
            (passed.halfmove_clock(), passed.fullmove_number()),
            (u32::MAX, u32::MAX)
        );
    }

    #[test]
    fn en_passant_removes_the_pawn_beside_the_mover() {
        let fen = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2";
        let position = after(fen, &[(Square::E5, Square::D6, MoveKind::EnPassant)]);
        assert_eq!(position.to_string(), "4k3/8/3P4/8/8/8/8/4K3 b - - 0 2");
    }

    #[test]
    fn castling_moves_the_rook_and_loses_both_rights() {
        let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 3 10";
        let white = after(fen, &[(Square::E1, Square::G1, MoveKind::KingCastle)]);
        assert_eq!(white.to_string(), "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 4 10");
        let black = after(
            &white.to_string(),
            &[(Square::E8, Square::C8, MoveKind::QueenCastle)],
        );
        assert_eq!(black.to_string(), "2kr3r/8/8/8/8/8/8/R4RK1 w - - 5 11");
    }

    #[test]
    fn capturing_a_rook_in_its_corner_loses_its_right() {
        let fen = "r3k2r/8/8/8/8/8/6b1/R3K2R b KQkq - 0 1";
        let position = after(fen, &[(Square::G2, Square::H1, MoveKind::Capture)]);
        assert_eq!(
            position.castling(),
            CastlingRights::WHITE_QUEENSIDE
                | CastlingRights::BLACK_KINGSIDE
                | CastlingRights::BLACK_QUEENSIDE
        );
        assert_eq!(position.halfmove_clock(), 0);
    }

    #[test]
    fn a_promotion_puts_the_new_piece_on_the_last_rank() {
        let fen = "1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1";
        let knight = after(
            fen,
            &[(
                Square::A7,
                Square::A8,
                MoveKind::Promotion(PieceType::Knight),
            )],
        );
        assert_eq!(knight.to_string(), "Nn2k3/8/8/8/8/8/8/4K3 b - - 0 1");
        let capture = MoveKind::PromotionCapture(PieceType::Queen);
        let queen = after(fen, &[(Square::A7, Square::B8, capture)]);
        assert_eq!(queen.to_string(), "1Q2k3/8/8/8/8/8/8/4K3 b - - 0 1");
    }

    #[test]
    fn making_a_move_leaves_the_position_before_it_untouched() {
        let before = Position::startpos();
        let copy = before.clone();
        let _after = before.make(Move::new(Square::G1, Square::F3, MoveKind::Quiet));
        assert_eq!(before, copy);
    }

    #[test]
    fn the_same_position_reached_two_ways_has_the_same_key() {
        let knights_first = [
            (Square::G1, Square::F3, MoveKind::Quiet),
            (Square::G8, Square::F6, MoveKind::Quiet),
            (Square::B1, Square::C3, MoveKind::Quiet),
        ];
        let other_knight_first = [
            (Square::B1, Square::C3, MoveKind::Quiet),
            (Square::G8, Square::F6, MoveKind::Quiet),
            (Square::G1, Square::F3, MoveKind::Quiet),
        ];
        let a = after(STARTPOS, &knights_first);
        let b = after(STARTPOS, &other_knight_first);
        assert_eq!(a.key(), b.key());
        let c = after(STARTPOS, &knights_first[..2]);
        assert_ne!(a.key(), c.key());
    }

    #[test]
    fn a_position_is_small_to_copy() {
        // Eight bitboards (64 bytes), the key (8), the clocks (8) and a few bytes more.
        assert!(
            std::mem::size_of::<Position>() <= 88,
            "{}",
            std::mem::size_of::<Position>()
        );
    }

    #[test]
    fn the_side_to_move_changes_the_key() {
        let white = Position::from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1").unwrap();
        let black = Position::from_fen("4k3/8/8/8/8/8/8/4K3 b - - 0 1").unwrap();
        assert_eq!(white.key() ^ black.key(), KEYS.black_to_move);
    }

    #[test]
    fn the_en_passant_square_is_keyed_only_where_a_pawn_can_take_there() {
        let key = |fen: &str| Position::from_fen(fen).unwrap().key();
        // After 1. e4 no black pawn stands beside e4: the same key as without the square.
        assert_eq!(
            key("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"),
            key("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")
        );
        // The pawn on d4 can take on e3: the square makes the position different.
        assert_ne!(
            key("4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1"),
            key("4k3/8/8/8/3pP3/8/8/4K3 b - - 0 1")
        );
        // The pawn on d4 could take on e3, but taking would open the fourth rank to the rook
        // on h4 and leave its king on a4 in check: not a legal capture, so not keyed.
        assert_eq!(
            key("8/8/8/8/k2pP2R/8/8/4K3 b - e3 0 1"),
            key("8/8/8/8/k2pP2R/8/8/4K3 b - - 0 1")
        );
    }

    #[test]
    fn a_null_move_passes_the_turn_and_keeps_the_key_up_to_date() {
        // 1. e4 d5 2. e5 f5: White could take on f6, so the square is in the key.
        let fen = "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3";
        let position = Position::from_fen(fen).unwrap();
        let passed = position.make_null();
        assert_eq!(passed.side_to_move(), Color::Black);
        assert_eq!(passed.en_passant(), None);
        assert_eq!(passed.key(), passed.compute_key());
        assert_eq!(passed.halfmove_clock(), 1);
        // Passing twice gives back the board and the side to move, and the key without the
        // en-passant square, which the first pass gave up.
        let twice = passed.make_null();
        assert_eq!(twice.key(), twice.compute_key());
        assert_eq!(twice.side_to_move(), Color::White);
        assert_eq!(twice.by_type, position.by_type);
        assert_eq!(twice.by_color, position.by_color);
        assert_eq!(twice.castling(), position.castling());
        let without_square = Position::from_fen(&fen.replace("f6", "-")).unwrap();
        assert_eq!(twice.key(), without_square.key());
        assert_ne!(twice.key(), position.key());
    }

    #[test]
    fn the_key_kept_up_to_date_knows_when_en_passant_is_possible() {
        // 1. e4 d5 2. e5 f5: the pawn on e5 can take on f6, so the square is keyed; after
        // 3. Nf3 it is gone again. The key must equal the one from scratch at every step.
        let position = after(
            STARTPOS,
            &[
                (Square::E2, Square::E4, MoveKind::DoublePush),
                (Square::D7, Square::D5, MoveKind::DoublePush),
                (Square::E4, Square::E5, MoveKind::Quiet),
                (Square::F7, Square::F5, MoveKind::DoublePush),
                (Square::G1, Square::F3, MoveKind::Quiet),
            ],
        );
        assert_eq!(position.en_passant(), None);
    }
}
