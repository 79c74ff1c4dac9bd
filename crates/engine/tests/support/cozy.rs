//! cozy-chess, an independent move generator, as the tests and benchmarks use it: perft with
//! bulk counting, written as cozy-chess's own perft example writes it, so that the speed
//! comparison measures cozy-chess at its best.

/// The number of leaves `depth` plies below `board`, counted by cozy-chess.
pub fn cozy_perft(board: &cozy_chess::Board, depth: u32) -> u64 {
    let mut nodes = 0;
    match depth {
        0 => nodes += 1,
        1 => {
            board.generate_moves(|moves| {
                nodes += moves.len() as u64;
                false
            });
        }
        _ => {
            board.generate_moves(|moves| {
                for mv in moves {
                    let mut child = board.clone();
                    child.play_unchecked(mv);
                    nodes += cozy_perft(&child, depth - 1);
                }
                false
            });
        }
    }
    nodes
}
