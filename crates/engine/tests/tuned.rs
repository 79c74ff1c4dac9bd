//! Chapter 15's figures for stage 20, the tuned evaluation: the book's six positions at depth 8
//! with the tuned evaluation switched on, beside the search without it and stage 19's; and what
//! each evaluation says of a few positions that show its terms.
//!
//! Searches of the six positions to depth 8 take seconds in release and far longer in debug,
//! so that test is ignored by a plain `cargo test`; `cargo xtask ci` runs it in release.

mod support {
    pub mod depth8;
}

use cb2026::config::SearchConfig;
use cb2026::eval;
use cb2026::params::{GROUPS, KING_ATTACKERS, MATERIAL};
use cb2026::position::Position;
use cb2026::terms;
use cb2026::tuned::TUNED;
use support::depth8::{measure_all, table};

#[test]
#[ignore = "three searches of the six positions at depth 8: run in release by cargo xtask ci"]
fn the_six_positions_at_depth_8_with_the_tuned_evaluation_beside_stage_19_and_without_it() {
    // Stage 20's preset, with the tuned evaluation on by default, beside the same search
    // without it and stage 19's (with chapter 14's iir, which stage 20 leaves off).
    let tuned = SearchConfig::preset(20).unwrap();
    let mut untuned = tuned;
    untuned.set("tuned", false).unwrap();
    let configurations = vec![
        ("stage-19".to_string(), SearchConfig::preset(19).unwrap()),
        ("untuned".to_string(), untuned),
        ("tuned".to_string(), tuned),
    ];
    let rows = measure_all(&configurations);
    let nodes = table(&configurations, &rows, |stats| stats.nodes.to_string());
    insta::assert_snapshot!("stage_20_nodes_depth_8", nodes);
    let first = table(&configurations, &rows, |stats| {
        format!("{:.1}%", stats.first_move_share())
    });
    insta::assert_snapshot!("stage_20_first_move_depth_8", first);
}

/// Positions that show what the tuned evaluation sees and chapter 7's does not, each with its
/// name: the start; a passed pawn; a pawn up with doubled and isolated pawns; two bishops and a
/// knight against a bishop and two knights; a rook on an open file against one behind its
/// pawn; a king left in the centre beside an open file; and chapter 5's Kiwipete.
const POSITIONS: [(&str, &str); 7] = [
    (
        "startpos",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ),
    ("passed-pawn", "8/5k2/8/1P6/8/8/5PK1/8 w - - 0 1"),
    (
        "doubled-pawns",
        "4k3/pp3ppp/8/8/8/2P5/P1P2PPP/4K3 w - - 0 1",
    ),
    (
        "bishop-pair",
        "r2qk2r/ppp2ppp/2n1bn2/3p4/3P4/2NB4/PPP2PPP/R2QKB1R w KQkq - 0 1",
    ),
    ("open-file", "4k2r/pp3ppp/8/8/8/8/PP3PPP/3RK3 w - - 0 1"),
    (
        "king-in-centre",
        "r1bq1rk1/ppp2ppp/2n5/3np3/8/3P1N2/PPP2P1P/RNBQKB1R w KQ - 0 1",
    ),
    (
        "kiwipete",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    ),
];

#[test]
fn each_pieces_material_value_in_chapter_7_and_tuned() {
    let mut text =
        String::from("piece chapter-7-midgame chapter-7-endgame tuned-midgame tuned-endgame\n");
    for (kind, name) in ["pawn", "knight", "bishop", "rook", "queen"]
        .iter()
        .enumerate()
    {
        let (old, new) = (eval::PIECE_VALUES[kind], TUNED[MATERIAL + kind]);
        text.push_str(&format!(
            "{name} {} {} {} {}\n",
            old.midgame, old.endgame, new.midgame, new.endgame
        ));
    }
    insta::assert_snapshot!("tuned_material", text);
}

#[test]
fn the_tuned_values_of_the_terms_with_one_value() {
    let mut text = String::from("term midgame endgame\n");
    for group in GROUPS.iter().filter(|g| g.len <= 2) {
        for place in 0..group.len {
            let score = TUNED[group.start + place];
            let name = match group.len {
                1 => group.name.to_string(),
                _ => format!("{}-{}", group.name, place + 1),
            };
            text.push_str(&format!("{name} {} {}\n", score.midgame, score.endgame));
        }
    }
    insta::assert_snapshot!("tuned_terms", text);
}

#[test]
fn the_tuned_values_of_the_attack_on_the_king_by_number_of_attackers() {
    let mut text = String::from("attackers midgame endgame\n");
    for attackers in 1..=8 {
        let score = TUNED[KING_ATTACKERS + attackers - 1];
        text.push_str(&format!(
            "{attackers} {} {}\n",
            score.midgame, score.endgame
        ));
    }
    insta::assert_snapshot!("tuned_king_attackers", text);
}

#[test]
fn what_each_evaluation_says_of_positions_that_show_the_new_terms() {
    let mut text = String::from("position chapter-7 tuned\n");
    for (name, fen) in POSITIONS {
        let position = Position::from_fen(fen).unwrap();
        let white = |score: i32| match position.side_to_move() {
            cb2026::Color::White => score,
            cb2026::Color::Black => -score,
        };
        text.push_str(&format!(
            "{name} {} {}\n",
            white(eval::evaluate(&position)),
            white(terms::evaluate(&position, &TUNED))
        ));
    }
    insta::assert_snapshot!("tuned_evaluations", text);
}
