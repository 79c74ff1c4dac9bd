//! Zobrist keys: a 64-bit fingerprint of a position, kept up to date move by move.
//!
//! Every feature a position can have (a piece on a square, a castling right, an en-passant
//! file, Black to move) gets a random 64-bit number, and a position's key is the XOR of the
//! numbers of the features it has. XOR is its own inverse, so a move changes the key by
//! XOR-ing out what it removes and XOR-ing in what it adds: a few operations, however many
//! pieces stand on the board.

use crate::piece::Piece;
use crate::rng::splitmix64;
use crate::square::{File, Square};

/// The random numbers positions are hashed with.
pub struct Keys {
    /// One number for each piece on each square, indexed `[piece.index()][square.index()]`.
    pub pieces: [[u64; Square::NUM]; Piece::NUM],
    /// One number for each of the 16 sets of castling rights, indexed by the set's bits.
    pub castling: [u64; 16],
    /// One number for each file an en-passant square can stand on.
    pub en_passant: [u64; File::NUM],
    /// The number XOR-ed in when Black is to move.
    pub black_to_move: u64,
}

/// The keys every position is hashed with. They are made by the compiler from a fixed seed,
/// so every build on every machine gives a position the same key, and the node counts the
/// book pins, which depend on hash collisions in the transposition table, are the same
/// everywhere.
pub static KEYS: Keys = Keys::generate(0x6362_3230_3236_0001);

impl Keys {
    /// Fills every table with numbers from the SplitMix64 generator, starting from `seed`.
    /// The loops are `while` loops because this runs at compile time, where `for` is not
    /// allowed yet.
    const fn generate(seed: u64) -> Keys {
        let mut state = seed;
        let mut keys = Keys {
            pieces: [[0; Square::NUM]; Piece::NUM],
            castling: [0; 16],
            en_passant: [0; File::NUM],
            black_to_move: 0,
        };
        let mut piece = 0;
        while piece < Piece::NUM {
            let mut square = 0;
            while square < Square::NUM {
                keys.pieces[piece][square] = splitmix64(&mut state);
                square += 1;
            }
            piece += 1;
        }
        let mut rights = 0;
        while rights < 16 {
            keys.castling[rights] = splitmix64(&mut state);
            rights += 1;
        }
        let mut file = 0;
        while file < File::NUM {
            keys.en_passant[file] = splitmix64(&mut state);
            file += 1;
        }
        keys.black_to_move = splitmix64(&mut state);
        keys
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_key_is_different_and_none_is_zero() {
        let mut all: Vec<u64> = KEYS.pieces.iter().flatten().copied().collect();
        all.extend(KEYS.castling);
        all.extend(KEYS.en_passant);
        all.push(KEYS.black_to_move);
        assert_eq!(all.len(), 12 * 64 + 16 + 8 + 1);
        assert!(all.iter().all(|&key| key != 0));
        all.sort_unstable();
        all.dedup();
        assert_eq!(all.len(), 12 * 64 + 16 + 8 + 1);
    }
}
