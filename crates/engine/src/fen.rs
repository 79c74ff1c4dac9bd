//! Forsyth–Edwards Notation: reading a position from a line of text, and writing one.
//!
//! A FEN has six fields separated by spaces: the pieces rank by rank from the eighth, the side
//! to move, the castling rights, the en-passant square, the halfmove clock and the fullmove
//! number. The two clocks are often left out (EPD files do), so four fields are accepted too.
//!
//! The reader refuses anything that is not a position a game could be in, and says which field
//! is wrong and how: a position the engine cannot trust would otherwise fail much later, in
//! move generation or search, far from the typo that caused it.

use crate::attacked;
use crate::piece::{Color, Piece, PieceType};
use crate::position::{CastlingRights, Position};
use crate::square::{File, Rank, Square};
use std::fmt;
use std::str::FromStr;

/// Why a FEN was refused: the field, and what is wrong with it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FenError {
    /// The FEN does not have 4 or 6 fields.
    FieldCount(usize),
    /// The placement does not have 8 ranks.
    RankCount(usize),
    /// A rank does not cover exactly 8 squares.
    RankLength {
        /// The rank.
        rank: Rank,
        /// How many squares it covers.
        squares: usize,
    },
    /// A character in the placement is neither a piece letter nor a digit from 1 to 8.
    PieceLetter(char),
    /// A side does not have exactly one king.
    KingCount {
        /// The side.
        color: Color,
        /// How many kings it has.
        count: u32,
    },
    /// A pawn stands on the first or the last rank.
    PawnOnBackRank(Square),
    /// A side has more pawns, or more pieces beyond the starting set, than promotions allow.
    TooMuchMaterial(Color),
    /// The side to move is not `w` or `b`.
    SideToMove(String),
    /// The castling field has a character other than `K`, `Q`, `k`, `q` (or is `-` with others).
    CastlingLetter(char),
    /// A castling right appears twice.
    CastlingRepeated(char),
    /// A castling right is given but its king or rook is not on its home square.
    CastlingWithoutPieces(char),
    /// The en-passant field is not `-` or a square.
    EnPassantSquare(String),
    /// The en-passant square is not on the rank a pawn of the side that just moved skips.
    EnPassantRank(Square),
    /// No pawn stands where a double push past the en-passant square would have put it, or a
    /// square the pawn passed over is not empty.
    EnPassantNoPawn(Square),
    /// The halfmove clock is not a whole number of zero or more.
    HalfmoveClock(String),
    /// The fullmove number is not a whole number of one or more.
    FullmoveNumber(String),
    /// The side that is not to move is in check, so the last move left its own king in check.
    OpponentInCheck,
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            FenError::FieldCount(n) => {
                write!(f, "a FEN has 6 fields (or 4, without the clocks), not {n}")
            }
            FenError::RankCount(n) => write!(f, "placement: {n} ranks, not 8"),
            FenError::RankLength { rank, squares } => {
                write!(
                    f,
                    "placement: rank {} covers {squares} squares, not 8",
                    rank.to_char()
                )
            }
            FenError::PieceLetter(c) => write!(
                f,
                "placement: {c:?} is not a piece letter or a digit from 1 to 8"
            ),
            FenError::KingCount { color, count } => {
                write!(f, "placement: {color:?} has {count} kings, not 1")
            }
            FenError::PawnOnBackRank(square) => write!(
                f,
                "placement: a pawn on {square}, on the first or last rank"
            ),
            FenError::TooMuchMaterial(color) => write!(
                f,
                "placement: {color:?} has more material than promotions allow \
                 (8 pawns at most, and one extra piece per missing pawn)"
            ),
            FenError::SideToMove(side) => write!(f, "side to move: {side:?} is not w or b"),
            FenError::CastlingLetter(c) => {
                write!(f, "castling: {c:?} is not one of K, Q, k, q, or a lone -")
            }
            FenError::CastlingRepeated(c) => write!(f, "castling: {c} is given twice"),
            FenError::CastlingWithoutPieces(c) => {
                write!(
                    f,
                    "castling: {c} needs its king and rook on their home squares"
                )
            }
            FenError::EnPassantSquare(text) => {
                write!(f, "en passant: {text:?} is not - or a square")
            }
            FenError::EnPassantRank(square) => {
                write!(
                    f,
                    "en passant: {square} is not on the rank the last double push skipped"
                )
            }
            FenError::EnPassantNoPawn(square) => {
                write!(
                    f,
                    "en passant: no pawn can have just skipped {square} with a double push"
                )
            }
            FenError::HalfmoveClock(text) => write!(
                f,
                "halfmove clock: {text:?} is not a whole number of 0 or more"
            ),
            FenError::FullmoveNumber(text) => write!(
                f,
                "fullmove number: {text:?} is not a whole number of 1 or more"
            ),
            FenError::OpponentInCheck => write!(f, "the side not to move is in check"),
        }
    }
}

impl std::error::Error for FenError {}

impl Position {
    /// Reads a position from a FEN, or says which field is wrong and how.
    pub fn from_fen(fen: &str) -> Result<Position, FenError> {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        if fields.len() != 4 && fields.len() != 6 {
            return Err(FenError::FieldCount(fields.len()));
        }
        let mut position = Position::empty();
        read_placement(&mut position, fields[0])?;
        position.set_side_to_move(match fields[1] {
            "w" => Color::White,
            "b" => Color::Black,
            other => return Err(FenError::SideToMove(other.to_string())),
        });
        position.set_castling(read_castling(&position, fields[2])?);
        position.set_en_passant(read_en_passant(&position, fields[3])?);
        let (halfmove_clock, fullmove_number) = match fields.get(4..6) {
            Some(&[halfmove, fullmove]) => read_clocks(halfmove, fullmove)?,
            _ => (0, 1),
        };
        position.set_clocks(halfmove_clock, fullmove_number);
        let them = !position.side_to_move();
        if attacked::is_attacked(&position, position.king_square(them), !them) {
            return Err(FenError::OpponentInCheck);
        }
        Ok(position)
    }
}

/// Puts the pieces of the placement field on the board, checking that the field describes 64
/// squares, that each side has one king and that no pawn stands on a back rank.
fn read_placement(position: &mut Position, field: &str) -> Result<(), FenError> {
    let ranks: Vec<&str> = field.split('/').collect();
    if ranks.len() != Rank::NUM {
        return Err(FenError::RankCount(ranks.len()));
    }
    // FEN lists the ranks from the eighth down to the first.
    for (text, rank) in ranks.iter().zip(Rank::ALL.into_iter().rev()) {
        let mut file = 0;
        for c in text.chars() {
            if let Some(empty) = c.to_digit(10).filter(|d| (1..=8).contains(d)) {
                file += empty as usize;
                continue;
            }
            let piece = Piece::from_char(c).ok_or(FenError::PieceLetter(c))?;
            if file < File::NUM {
                position.toggle(piece, Square::new(File::ALL[file], rank));
            }
            file += 1;
        }
        if file != File::NUM {
            return Err(FenError::RankLength {
                rank,
                squares: file,
            });
        }
    }
    for color in Color::ALL {
        let count = position.pieces(color, PieceType::King).count();
        if count != 1 {
            return Err(FenError::KingCount { color, count });
        }
        if !material_is_possible(position, color) {
            return Err(FenError::TooMuchMaterial(color));
        }
    }
    let back_ranks = crate::Bitboard::rank(Rank::First) | crate::Bitboard::rank(Rank::Eighth);
    match (position.pieces_of_type(PieceType::Pawn) & back_ranks).first() {
        Some(square) => Err(FenError::PawnOnBackRank(square)),
        None => Ok(()),
    }
}

/// Whether `color` has no more material than a game can give it: at most eight pawns, and no
/// more pieces beyond the starting set (one queen, two rooks, two bishops, two knights) than it
/// has pawns missing, since each extra piece is a promoted pawn. This also bounds the number
/// of legal moves a position can have, which move lists rely on.
fn material_is_possible(position: &Position, color: Color) -> bool {
    let count = |piece_type| position.pieces(color, piece_type).count();
    let beyond = |piece_type, start: u32| count(piece_type).saturating_sub(start);
    let promoted = beyond(PieceType::Queen, 1)
        + beyond(PieceType::Rook, 2)
        + beyond(PieceType::Bishop, 2)
        + beyond(PieceType::Knight, 2);
    count(PieceType::Pawn) <= 8 && promoted <= 8 - count(PieceType::Pawn)
}

/// The castling rights of the castling field, each checked against the king and rook it
/// needs on their home squares. (cb2026 plays standard chess: Chess960's castling, with the
/// rooks elsewhere, is not supported.)
fn read_castling(position: &Position, field: &str) -> Result<CastlingRights, FenError> {
    let mut rights = CastlingRights::empty();
    if field == "-" {
        return Ok(rights);
    }
    for c in field.chars() {
        let (right, color, king, rook) = match c {
            'K' => (
                CastlingRights::WHITE_KINGSIDE,
                Color::White,
                Square::E1,
                Square::H1,
            ),
            'Q' => (
                CastlingRights::WHITE_QUEENSIDE,
                Color::White,
                Square::E1,
                Square::A1,
            ),
            'k' => (
                CastlingRights::BLACK_KINGSIDE,
                Color::Black,
                Square::E8,
                Square::H8,
            ),
            'q' => (
                CastlingRights::BLACK_QUEENSIDE,
                Color::Black,
                Square::E8,
                Square::A8,
            ),
            _ => return Err(FenError::CastlingLetter(c)),
        };
        if rights.contains(right) {
            return Err(FenError::CastlingRepeated(c));
        }
        let has_king = position.piece_at(king) == Some(Piece::new(color, PieceType::King));
        let has_rook = position.piece_at(rook) == Some(Piece::new(color, PieceType::Rook));
        if !has_king || !has_rook {
            return Err(FenError::CastlingWithoutPieces(c));
        }
        rights |= right;
    }
    Ok(rights)
}

/// The en-passant square of the en-passant field, checked: it must be on the rank the last
/// double push skipped, empty, with the pawn that made the push in front of it and that pawn's
/// start square empty behind it.
fn read_en_passant(position: &Position, field: &str) -> Result<Option<Square>, FenError> {
    if field == "-" {
        return Ok(None);
    }
    let square: Square = field
        .parse()
        .map_err(|_| FenError::EnPassantSquare(field.to_string()))?;
    let mover = !position.side_to_move();
    let (skipped_rank, forward) = match mover {
        Color::White => (Rank::Third, 1),
        Color::Black => (Rank::Sixth, -1),
    };
    if square.rank() != skipped_rank {
        return Err(FenError::EnPassantRank(square));
    }
    let pushed_to = square
        .offset(0, forward)
        .expect("the skipped rank is not a back rank");
    let pushed_from = square
        .offset(0, -forward)
        .expect("the skipped rank is not a back rank");
    let pawn_there = position.piece_at(pushed_to) == Some(Piece::new(mover, PieceType::Pawn));
    let passed_empty =
        position.piece_at(square).is_none() && position.piece_at(pushed_from).is_none();
    if !pawn_there || !passed_empty {
        return Err(FenError::EnPassantNoPawn(square));
    }
    Ok(Some(square))
}

/// The halfmove clock and the fullmove number.
fn read_clocks(halfmove: &str, fullmove: &str) -> Result<(u32, u32), FenError> {
    let halfmove_clock = halfmove
        .parse()
        .map_err(|_| FenError::HalfmoveClock(halfmove.to_string()))?;
    let fullmove_number = fullmove
        .parse()
        .ok()
        .filter(|&n| n >= 1)
        .ok_or_else(|| FenError::FullmoveNumber(fullmove.to_string()))?;
    Ok((halfmove_clock, fullmove_number))
}

impl FromStr for Position {
    type Err = FenError;

    /// Reads a position from a FEN, as [`Position::from_fen`].
    fn from_str(fen: &str) -> Result<Position, FenError> {
        Position::from_fen(fen)
    }
}

impl fmt::Display for Position {
    /// Writes the position's FEN, all six fields.
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        for rank in Rank::ALL.into_iter().rev() {
            let mut empty = 0;
            for file in File::ALL {
                match self.piece_at(Square::new(file, rank)) {
                    Some(piece) => {
                        if empty > 0 {
                            write!(f, "{empty}")?;
                            empty = 0;
                        }
                        write!(f, "{}", piece.to_char())?;
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                write!(f, "{empty}")?;
            }
            if rank != Rank::First {
                write!(f, "/")?;
            }
        }
        let side = if self.side_to_move() == Color::White {
            'w'
        } else {
            'b'
        };
        write!(f, " {side} ")?;
        let letters = [
            ('K', CastlingRights::WHITE_KINGSIDE),
            ('Q', CastlingRights::WHITE_QUEENSIDE),
        ];
        let letters = letters.into_iter().chain([
            ('k', CastlingRights::BLACK_KINGSIDE),
            ('q', CastlingRights::BLACK_QUEENSIDE),
        ]);
        let castling: String = letters
            .filter(|(_, right)| self.castling().contains(*right))
            .map(|(c, _)| c)
            .collect();
        write!(f, "{} ", if castling.is_empty() { "-" } else { &castling })?;
        match self.en_passant() {
            Some(square) => write!(f, "{square}")?,
            None => write!(f, "-")?,
        }
        write!(f, " {} {}", self.halfmove_clock(), self.fullmove_number())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The error reading `fen` gives; panics if it reads.
    fn refused(fen: &str) -> FenError {
        Position::from_fen(fen).expect_err(fen)
    }

    #[test]
    fn fens_read_back_as_the_same_fen() {
        let fens = [
            crate::position::STARTPOS,
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "rnbqkbnr/pp1ppppp/8/2pP4/8/8/PPP1PPPP/RNBQKBNR w KQkq c6 0 3",
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
            "4k3/8/8/8/8/8/8/4K2R w K - 99 150",
        ];
        for fen in fens {
            assert_eq!(Position::from_fen(fen).unwrap().to_string(), fen);
        }
    }

    #[test]
    fn a_fen_without_clocks_starts_them_at_zero_and_one() {
        let position = Position::from_fen("4k3/8/8/8/8/8/8/4K3 b - -").unwrap();
        assert_eq!(position.to_string(), "4k3/8/8/8/8/8/8/4K3 b - - 0 1");
    }

    #[test]
    fn the_start_position_has_its_pieces_where_they_belong() {
        let position = Position::startpos();
        assert_eq!(position.occupied().count(), 32);
        assert_eq!(position.king_square(Color::Black), Square::E8);
        assert_eq!(
            position.piece_at(Square::D1),
            Some(Piece::new(Color::White, PieceType::Queen))
        );
        assert_eq!(position.castling(), CastlingRights::all());
        assert_eq!(position.key(), position.compute_key());
    }

    #[test]
    fn refuses_the_wrong_number_of_fields() {
        assert_eq!(refused(""), FenError::FieldCount(0));
        assert_eq!(refused("8/8/8/8/8/8/8/8 w"), FenError::FieldCount(2));
        assert_eq!(
            refused("4k3/8/8/8/8/8/8/4K3 w - - 0"),
            FenError::FieldCount(5)
        );
        assert_eq!(
            refused("4k3/8/8/8/8/8/8/4K3 w - - 0 1 extra"),
            FenError::FieldCount(7)
        );
    }

    #[test]
    fn refuses_ranks_that_do_not_add_up_to_eight() {
        assert_eq!(
            refused("4k3/8/8/8/8/8/4K3 w - - 0 1"),
            FenError::RankCount(7)
        );
        let short = FenError::RankLength {
            rank: Rank::Fifth,
            squares: 7,
        };
        assert_eq!(refused("4k3/8/8/7/8/8/8/4K3 w - - 0 1"), short);
        let long = FenError::RankLength {
            rank: Rank::First,
            squares: 9,
        };
        assert_eq!(refused("4k3/8/8/8/8/8/8/4K4 w - - 0 1"), long);
        let zero = FenError::PieceLetter('0');
        assert_eq!(refused("4k3/8/8/8/8/8/8/4K2R0 w - - 0 1"), zero);
    }

    #[test]
    fn refuses_bad_piece_letters() {
        assert_eq!(
            refused("4k3/8/8/8/8/8/8/4K2X w - - 0 1"),
            FenError::PieceLetter('X')
        );
        assert_eq!(
            refused("4k3/8/8/8/8/8/8/4K9 w - - 0 1"),
            FenError::PieceLetter('9')
        );
    }

    #[test]
    fn refuses_a_missing_or_an_extra_king() {
        let none = FenError::KingCount {
            color: Color::Black,
            count: 0,
        };
        assert_eq!(refused("8/8/8/8/8/8/8/4K3 w - - 0 1"), none);
        let two = FenError::KingCount {
            color: Color::White,
            count: 2,
        };
        assert_eq!(refused("4k3/8/8/8/8/8/8/3KK3 w - - 0 1"), two);
    }

    #[test]
    fn refuses_more_material_than_promotions_allow() {
        let queens = "QQQQQQbk/Q4Qpp/Q5QQ/Q6Q/Q6Q/Q6Q/Q6Q/KQQQQQQQ w - - 0 1";
        assert_eq!(refused(queens), FenError::TooMuchMaterial(Color::White));
        let nine_pawns = "4k3/8/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1";
        assert_eq!(refused(nine_pawns), FenError::TooMuchMaterial(Color::White));
        let promoted_with_all_pawns = "3qk3/pppppppp/8/8/8/8/8/2qQK3 b - - 0 1";
        assert_eq!(
            refused(promoted_with_all_pawns),
            FenError::TooMuchMaterial(Color::Black)
        );
        // Nine queens and no pawns: every pawn promoted, which a game allows.
        assert!(Position::from_fen("6rk/6pp/8/8/8/Q7/K7/QQQQQQQQ w - - 0 1").is_ok());
    }

    #[test]
    fn refuses_pawns_on_the_first_or_last_rank() {
        assert_eq!(
            refused("P3k3/8/8/8/8/8/8/4K3 w - - 0 1"),
            FenError::PawnOnBackRank(Square::A8)
        );
        assert_eq!(
            refused("4k3/8/8/8/8/8/8/4K2p w - - 0 1"),
            FenError::PawnOnBackRank(Square::H1)
        );
    }

    #[test]
    fn refuses_a_bad_side_to_move() {
        assert_eq!(
            refused("4k3/8/8/8/8/8/8/4K3 W - - 0 1"),
            FenError::SideToMove("W".into())
        );
        assert_eq!(
            refused("4k3/8/8/8/8/8/8/4K3 white - - 0 1"),
            FenError::SideToMove("white".into())
        );
    }

    #[test]
    fn refuses_castling_rights_that_do_not_match_the_kings_and_rooks() {
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w";
        assert_eq!(
            refused(&format!("{start} KQkx - 0 1")),
            FenError::CastlingLetter('x')
        );
        assert_eq!(
            refused(&format!("{start} KKq - 0 1")),
            FenError::CastlingRepeated('K')
        );
        assert_eq!(
            refused(&format!("{start} -K - 0 1")),
            FenError::CastlingLetter('-')
        );
        let no_rook = "rnbqkbn1/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        assert_eq!(refused(no_rook), FenError::CastlingWithoutPieces('k'));
        let moved_king = "4k3/8/8/8/8/8/8/R4K1R w Q - 0 1";
        assert_eq!(refused(moved_king), FenError::CastlingWithoutPieces('Q'));
    }

    #[test]
    fn refuses_an_en_passant_square_that_no_double_push_can_have_left() {
        let after_e4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq";
        assert_eq!(
            refused(&format!("{after_e4} e9 0 1")),
            FenError::EnPassantSquare("e9".into())
        );
        assert_eq!(
            refused(&format!("{after_e4} e6 0 1")),
            FenError::EnPassantRank(Square::E6)
        );
        assert_eq!(
            refused(&format!("{after_e4} d3 0 1")),
            FenError::EnPassantNoPawn(Square::D3)
        );
        let white_to_move = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e3 0 1";
        assert_eq!(refused(white_to_move), FenError::EnPassantRank(Square::E3));
    }

    #[test]
    fn refuses_clocks_that_are_negative_or_not_numbers() {
        let position = "4k3/8/8/8/8/8/8/4K3 w - -";
        assert_eq!(
            refused(&format!("{position} -1 1")),
            FenError::HalfmoveClock("-1".into())
        );
        assert_eq!(
            refused(&format!("{position} x 1")),
            FenError::HalfmoveClock("x".into())
        );
        assert_eq!(
            refused(&format!("{position} 0 0")),
            FenError::FullmoveNumber("0".into())
        );
        assert_eq!(
            refused(&format!("{position} 0 -3")),
            FenError::FullmoveNumber("-3".into())
        );
        assert_eq!(
            refused(&format!("{position} 0 1.5")),
            FenError::FullmoveNumber("1.5".into())
        );
    }

    #[test]
    fn refuses_a_position_where_the_side_not_to_move_is_in_check() {
        assert_eq!(
            refused("4k3/8/3N4/8/8/8/8/4K3 w - - 0 1"),
            FenError::OpponentInCheck
        );
        assert_eq!(
            refused("4k3/4R3/8/8/8/8/8/4K3 w - - 0 1"),
            FenError::OpponentInCheck
        );
        assert!(
            Position::from_fen("4k3/4R3/8/8/8/8/8/4K3 b - - 0 1").is_ok(),
            "Black to move is in check: fine"
        );
    }

    /// A random placement: the two kings and up to twenty other pieces on distinct squares,
    /// no pawn on a back rank, as FEN's first field. It is not always a legal position (the
    /// side not to move may be in check, or a side may have more material than promotions
    /// allow), so the properties below skip those the reader refuses for those reasons.
    fn placement() -> impl proptest::strategy::Strategy<Value = String> {
        use proptest::prelude::*;
        let others = proptest::collection::vec((0..64usize, 0..10usize), 0..20);
        (0..64usize, 0..64usize, others).prop_map(|(white_king, black_king, others)| {
            let mut board = [None; 64];
            board[white_king] = Some('K');
            board[black_king] = Some('k');
            for (square, piece) in others {
                let letter = b"PNBRQpnbrq"[piece] as char;
                let back_rank = !(8..56).contains(&square);
                if board[square].is_none() && !(back_rank && letter.eq_ignore_ascii_case(&'p')) {
                    board[square] = Some(letter);
                }
            }
            let ranks = (0..8).rev().map(|rank| {
                let mut text = String::new();
                let mut empty = 0;
                for file in 0..8 {
                    match board[rank * 8 + file] {
                        Some(letter) => {
                            if empty > 0 {
                                text.push_str(&empty.to_string());
                                empty = 0;
                            }
                            text.push(letter);
                        }
                        None => empty += 1,
                    }
                }
                if empty > 0 {
                    text.push_str(&empty.to_string());
                }
                text
            });
            ranks.collect::<Vec<_>>().join("/")
        })
    }

    proptest::proptest! {
        #[test]
        fn a_fen_read_and_written_is_the_same_fen(
            placement in placement(),
            black in proptest::bool::ANY,
            halfmove in 0..200u32,
            fullmove in 1..300u32,
        ) {
            let side = if black { "b" } else { "w" };
            let fen = format!("{placement} {side} - - {halfmove} {fullmove}");
            match Position::from_fen(&fen) {
                Ok(position) => {
                    proptest::prop_assert_eq!(position.to_string(), fen);
                    proptest::prop_assert_eq!(position.key(), position.compute_key());
                }
                Err(FenError::KingCount { .. } | FenError::TooMuchMaterial(_) | FenError::OpponentInCheck) => {}
                Err(other) => proptest::prop_assert!(false, "{fen}: {other}"),
            }
        }
    }

    #[test]
    fn every_error_names_its_field() {
        let fields = [
            "placement",
            "side to move",
            "castling",
            "en passant",
            "halfmove clock",
            "fullmove number",
        ];
        let errors = [
            refused("4k3/8/8/8/8/8/4K3 w - - 0 1"),
            refused("4k3/8/8/8/8/8/8/4K3 x - - 0 1"),
            refused("4k3/8/8/8/8/8/8/4K3 w K - 0 1"),
            refused("4k3/8/8/8/8/8/8/4K3 w - a1 0 1"),
            refused("4k3/8/8/8/8/8/8/4K3 w - - a 1"),
            refused("4k3/8/8/8/8/8/8/4K3 w - - 0 a"),
        ];
        for (field, error) in fields.iter().zip(errors) {
            assert!(error.to_string().starts_with(field), "{error}");
        }
    }
}
