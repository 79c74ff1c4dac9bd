//! cb2026: a chess engine, built stage by stage with the book that explains it.
//!
//! Each module holds one concept, named for what it is: squares, pieces and bitboards
//! (stage 1); the position, its FEN, its Zobrist key and the moves that change it (stage 2);
//! the attacks of every piece, with magic bitboards for the sliders, and the questions a
//! position asks of them (stage 3); legal moves and perft (stages 4 and 5); UCI and the limits
//! of `go` (stage 6); the evaluation (stage 8); and the search, with its scores, move ordering,
//! statistics and the book's six positions (stage 9), its principal variation, time management
//! and the bench (stage 10), the switches of the techniques added after it, and the static
//! exchange evaluation that stage 18's pruning and ordering ask (`see`).
//!
//! No module uses itself through others: `tests/modules.rs` checks it.

pub mod attacked;
pub mod attacks;
pub mod bench;
pub mod bitboard;
pub mod config;
pub mod correction;
pub mod eval;
pub mod fen;
pub mod limits;
pub mod measure;
pub mod movegen;
pub mod moves;
pub mod ordering;
pub mod params;
pub mod perft;
pub mod piece;
pub mod position;
pub mod pv;
pub mod rng;
pub mod score;
pub mod search;
pub mod see;
pub mod square;
pub mod stats;
pub mod terms;
pub mod time;
pub mod tt;
pub mod tuned;
pub mod uci;
pub mod zobrist;

pub use bitboard::{Bitboard, Direction};
pub use fen::FenError;
pub use moves::{Move, MoveKind};
pub use piece::{Color, Piece, PieceType};
pub use position::{CastlingRights, Position};
pub use square::{File, Rank, Square, SquareError};
