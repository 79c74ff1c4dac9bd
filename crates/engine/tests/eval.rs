//! The evaluation of a few named positions, in its parts, and the move the one-ply player of
//! stage 8 chooses in some of them, pinned as the snapshots chapter 7 quotes.

use cb2026::Position;
use cb2026::eval::{Breakdown, phase_weight};
use cb2026::limits::Limits;
use cb2026::search::{choose_move, score_after};

/// The positions: a name and a FEN.
const POSITIONS: [(&str, &str); 9] = [
    (
        "startpos",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ),
    (
        "e4",
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
    ),
    (
        "giuoco-piano",
        "r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
    ),
    (
        "kiwipete",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    ),
    (
        "no-queen",
        "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ),
    (
        "promoted",
        "rnbqkbnr/pppppppp/8/8/8/Q6Q/1PPPPPP1/RNBQKBNR w KQkq - 0 1",
    ),
    ("rook-up", "8/8/8/4k3/8/8/8/R3K3 w - - 0 1"),
    ("pawn-up", "8/5k2/8/3K4/3P4/8/8/8 w - - 0 1"),
    ("pawn-up-black", "8/5k2/8/3K4/3P4/8/8/8 b - - 0 1"),
];

/// The positions the player's choice is shown for: some of the above, a queen left
/// undefended, and a mate on the back rank offered beside a queen.
const CHOICES: [(&str, &str); 6] = [
    POSITIONS[0],
    POSITIONS[1],
    POSITIONS[2],
    POSITIONS[3],
    ("free-queen", "4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1"),
    ("back-rank", "6k1/5ppp/6q1/8/8/8/6R1/R6K w - - 0 1"),
];

#[test]
fn evaluations() {
    let mut table =
        String::from("position weight phase mat_mg mat_eg pst_mg pst_eg white to_move\n");
    for (name, fen) in POSITIONS {
        let position = Position::from_fen(fen).expect("a valid FEN");
        let parts = Breakdown::of(&position);
        table.push_str(&format!(
            "{name} {} {} {} {} {} {} {} {}\n",
            phase_weight(&position),
            parts.phase.value(),
            parts.material.midgame,
            parts.material.endgame,
            parts.placement.midgame,
            parts.placement.endgame,
            parts.for_white(),
            parts.for_side_to_move(),
        ));
    }
    insta::assert_snapshot!("evaluations", table);
}

#[test]
fn one_ply_choices() {
    let mut table = String::from("position move score\n");
    for (name, fen) in CHOICES {
        let position = Position::from_fen(fen).expect("a valid FEN");
        let chosen = choose_move(&position, &Limits::default()).expect("a legal move");
        let score = score_after(&position.make(chosen));
        table.push_str(&format!("{name} {chosen} {score}\n"));
    }
    insta::assert_snapshot!("one_ply_choices", table);
}
