//! Properties checked on positions reached by random play, against cozy-chess, an independent
//! move generator: the same legal moves in every position and the same perft to depth 3 at the
//! end of each game, and, along the way, FEN round trips and incremental Zobrist keys that
//! equal keys computed from scratch, after a move and after a null move (passing, which the
//! search's null-move pruning does; passing twice gives the board back).
//!
//! The random play leans towards the moves where generators go wrong: castling, en passant,
//! promotions, captures and checks are chosen more often than their share.

use cb2026::movegen::legal_moves;
use cb2026::{Move, MoveKind, Position};
use proptest::prelude::*;

mod support {
    pub mod cozy;
}

/// Positions to start from: the start position, and positions rich in castling rights, pins,
/// en-passant chances and promotions.
const STARTS: [&str; 6] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r3k2r/1P4P1/8/2pP4/8/8/1p4p1/R3K2R w KQkq c6 0 1",
];

/// Our legal moves in `position`, as UCI text, sorted.
fn ours(position: &Position) -> Vec<String> {
    let mut moves: Vec<String> = legal_moves(position)
        .as_slice()
        .iter()
        .map(Move::to_string)
        .collect();
    moves.sort();
    moves
}

/// cozy-chess's legal moves in the position `fen`, as UCI text, sorted.
fn theirs(fen: &str) -> Vec<String> {
    let board = cozy_chess::Board::from_fen(fen, false).expect("cozy-chess reads our FEN");
    let mut moves = Vec::new();
    board.generate_moves(|group| {
        for mv in group {
            moves.push(cozy_chess::util::display_uci_move(&board, mv).to_string());
        }
        false
    });
    moves.sort();
    moves
}

/// Whether a move is of a kind random play should favour.
fn interesting(position: &Position, mv: Move) -> bool {
    let special = !matches!(mv.kind(), MoveKind::Quiet | MoveKind::DoublePush);
    special || cb2026::attacked::in_check(&position.make(mv))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 500, ..ProptestConfig::default() })]

    #[test]
    fn random_play_agrees_with_an_independent_generator(
        start in 0..STARTS.len(),
        choices in proptest::collection::vec((any::<bool>(), any::<u32>()), 1..80),
    ) {
        let mut position = Position::from_fen(STARTS[start]).unwrap();
        for (prefer_interesting, pick) in choices {
            let fen = position.to_string();
            let moves = ours(&position);
            prop_assert_eq!(&moves, &theirs(&fen), "legal moves of {}", fen);
            prop_assert_eq!(Position::from_fen(&fen).unwrap(), position.clone(), "FEN round trip of {}", fen);
            prop_assert_eq!(position.key(), position.compute_key(), "key of {}", fen);
            if !cb2026::attacked::in_check(&position) {
                let passed = position.make_null();
                prop_assert_eq!(passed.key(), passed.compute_key(), "key after passing in {}", fen);
                let twice = passed.make_null();
                let board = twice.to_string();
                prop_assert_eq!(board.split(' ').next(), fen.split(' ').next(), "board after passing twice in {}", fen);
                prop_assert_eq!(twice.side_to_move(), position.side_to_move());
            }

            let list = legal_moves(&position);
            let all = list.as_slice();
            if all.is_empty() {
                break;
            }
            let favoured: Vec<Move> = all.iter().copied().filter(|&mv| interesting(&position, mv)).collect();
            let pool = if prefer_interesting && !favoured.is_empty() { &favoured[..] } else { all };
            position = position.make(pool[pick as usize % pool.len()]);
        }
        let fen = position.to_string();
        let board = cozy_chess::Board::from_fen(&fen, false).expect("cozy-chess reads our FEN");
        prop_assert_eq!(cb2026::perft::perft(&position, 3), support::cozy::cozy_perft(&board, 3), "perft 3 of {}", fen);
    }
}
