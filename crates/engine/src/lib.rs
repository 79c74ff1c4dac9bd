//! cb2026: a chess engine, built stage by stage with the book that explains it.
//!
//! Each module holds one concept, named for what it is. Stage 1 has the vocabulary every
//! later stage speaks: squares, pieces and bitboards.

pub mod bitboard;
pub mod piece;
pub mod square;

pub use bitboard::{Bitboard, Direction};
pub use piece::{Color, Piece, PieceType};
pub use square::{File, Rank, Square, SquareError};
