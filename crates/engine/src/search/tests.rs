//! The search's tests: mates, draws, quiescence, stopping, iterative deepening and stage
//! 8's one-ply player.

use super::*;
use crate::config::SearchConfig;
use crate::limits::Limits;
use crate::movegen::{find_move, legal_moves};
use crate::ordering::tables::OrderingTables;
use crate::ordering::{PieceTo, Previous};
use crate::score::{DRAW, INFINITY, MATE};
use crate::tt::TranspositionTable;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// A small, empty transposition table for a test's search.
fn table() -> TranspositionTable {
    TranspositionTable::new(1).expect("a table of 1 MB")
}

/// The best move of `fen` and its score, searched `depth` plies deep from a fresh state.
fn best(fen: &str, depth: Depth) -> (String, i32) {
    best_with(fen, depth, SearchConfig::default())
}

/// The best move of `fen` and its score, searched `depth` plies deep from a fresh state with
/// the techniques `config` switches on.
fn best_with(fen: &str, depth: Depth, config: SearchConfig) -> (String, i32) {
    let position = Position::from_fen(fen).unwrap();
    let mut table = table();
    let mut searcher = Searcher::new(&[], Control::default(), &mut table, config);
    searcher
        .root(&position, &root_moves(&position, &[]), depth)
        .unwrap();
    let (mv, score) = searcher.root_best.unwrap();
    (mv.to_string(), score)
}

/// The score of the single move `mv` in `fen`, searched `depth` plies deep after the keys
/// `history`.
fn score_of(fen: &str, mv: &str, depth: Depth, history: &[u64]) -> i32 {
    let position = Position::from_fen(fen).unwrap();
    let only = find_move(&position, mv).unwrap();
    let mut table = table();
    let mut searcher = Searcher::new(
        history,
        Control::default(),
        &mut table,
        SearchConfig::default(),
    );
    searcher.root(&position, &[only], depth).unwrap();
    searcher.root_best.unwrap().1
}

#[test]
fn mate_in_one_is_found_and_scored_one_ply_away() {
    assert_eq!(
        best("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", 3),
        ("d1d8".to_string(), MATE - 1)
    );
}

#[test]
fn mate_in_two_is_found_and_scored_three_plies_away() {
    // 1.Ra6 wins by zugzwang: every Black move loses, and passing would not. In one pass
    // this shallow, the null move (chapter 12) lets Black pass and refutes 1.Ra6, so the
    // mate is looked for without it.
    let mut config = SearchConfig::default();
    config.set("nullmove", false).unwrap();
    assert_eq!(
        best_with("kbK5/pp6/1P6/8/8/8/8/R7 w - - 0 1", 4, config),
        ("a1a6".to_string(), MATE - 3)
    );
}

#[test]
fn stalemate_is_scored_as_a_draw() {
    // Qb6 leaves the black king no move and not in check: a queen up, and a draw.
    assert_eq!(
        score_of("k7/8/2K5/8/8/8/8/1Q6 w - - 0 1", "b1b6", 2, &[]),
        DRAW
    );
}

#[test]
fn a_repetition_of_the_games_positions_is_scored_as_a_draw() {
    // White, a rook up, shuffles; Black's king goes back to g8, a position seen before.
    let start = Position::from_fen("6k1/8/8/8/8/8/8/R5K1 w - - 0 1").unwrap();
    let mut history = vec![];
    let mut position = start.clone();
    for mv in ["a1a2", "g8h8", "a2a1"] {
        history.push(position.key());
        position = position.make(find_move(&position, mv).unwrap());
    }
    let fen = position.to_string();
    assert_eq!(score_of(&fen, "h8g8", 2, &history), DRAW);
    let alone = score_of(&fen, "h8g8", 2, &[]);
    assert!(
        alone < -200,
        "without the history, a rook down, far from a draw: {alone}"
    );
}

#[test]
fn the_fifty_move_rule_draws_unless_the_last_move_mates() {
    let fen = "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 99 80";
    assert_eq!(score_of(fen, "d1e1", 2, &[]), DRAW);
    assert_eq!(score_of(fen, "d1d8", 2, &[]), MATE - 1);
}

#[test]
fn quiescence_takes_a_hanging_piece_and_leaves_a_defended_one() {
    let position = |fen| Position::from_fen(fen).unwrap();
    let mut table = table();
    let mut searcher = Searcher::new(&[], Control::default(), &mut table, SearchConfig::default());
    // The knight on d5 hangs to the pawn on e4.
    // Black has nothing to take back with, so the score is that of the position after it.
    let hanging = position("4k3/8/8/3n4/4P3/8/8/4K3 w - - 0 1");
    let taken = hanging.make(find_move(&hanging, "e4d5").unwrap());
    let score = searcher
        .quiescence(&hanging, 0, -INFINITY, INFINITY)
        .unwrap();
    assert_eq!(score, -searcher.evaluate(&taken));
    assert!(score > searcher.evaluate(&hanging));
    // The queen could take the pawn on d5, but the pawn on e6 defends it: stand pat.
    let defended = position("4k3/8/4p3/3p4/8/8/8/3QK3 w - - 0 1");
    let score = searcher
        .quiescence(&defended, 0, -INFINITY, INFINITY)
        .unwrap();
    assert_eq!(score, searcher.evaluate(&defended));
}

#[test]
fn quiescence_in_check_may_not_stand_pat() {
    let mut table = table();
    let mut searcher = Searcher::new(&[], Control::default(), &mut table, SearchConfig::default());
    // Black is in check from the rook on d8 and has no move: mated, not merely a rook down.
    let mated = Position::from_fen("3R3k/6pp/8/8/8/8/5PPP/6K1 b - - 0 1").unwrap();
    // The node's frame says it is in check, as the move that led here would have set it.
    searcher.stack[0] = Frame::of(&mated);
    let score = searcher.quiescence(&mated, 0, -INFINITY, INFINITY).unwrap();
    assert_eq!(score, -MATE);
}

/// What `think` gives for `limits` in `fen`, and each depth it reported.
fn go(fen: &str, limits: &Limits, stop: &AtomicBool) -> (Outcome, Vec<Depth>) {
    let (outcome, reports) = go_scored(fen, limits, stop);
    (outcome, reports.iter().map(|&(depth, _)| depth).collect())
}

/// What `think` gives for `limits` in `fen`, and each depth it reported with its score.
fn go_scored(fen: &str, limits: &Limits, stop: &AtomicBool) -> (Outcome, Vec<(Depth, i32)>) {
    let position = Position::from_fen(fen).unwrap();
    let pondering = AtomicBool::new(false);
    let mut depths = Vec::new();
    let report = |outcome: &Outcome| depths.push((outcome.depth, outcome.score));
    let task = Task {
        position: &position,
        history: &[],
        limits,
        config: SearchConfig::default(),
    };
    let signals = Signals {
        stop,
        pondering: &pondering,
        started: Instant::now(),
    };
    let memory = Memory {
        table: &mut table(),
        tables: &mut OrderingTables::default(),
    };
    let outcome = think(task, signals, memory, report);
    (outcome, depths)
}

/// A middlegame with much to search.
const ITALIAN: &str = "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10";

#[test]
fn a_stop_flag_already_set_ends_the_search_with_a_legal_move() {
    let limits = Limits {
        infinite: true,
        ..Limits::default()
    };
    let (outcome, _) = go(ITALIAN, &limits, &AtomicBool::new(true));
    let position = Position::from_fen(ITALIAN).unwrap();
    assert!(
        legal_moves(&position)
            .as_slice()
            .contains(&outcome.best.unwrap())
    );
}

#[test]
fn the_search_respects_stop_quickly() {
    let stop = AtomicBool::new(false);
    let limits = Limits {
        infinite: true,
        ..Limits::default()
    };
    std::thread::scope(|scope| {
        let search = scope.spawn(|| go(ITALIAN, &limits, &stop));
        std::thread::sleep(std::time::Duration::from_millis(200));
        let stopped = Instant::now();
        stop.store(true, Ordering::Relaxed);
        let (outcome, _) = search.join().unwrap();
        assert!(
            stopped.elapsed().as_millis() < 50,
            "{:?}",
            stopped.elapsed()
        );
        assert!(outcome.best.is_some());
    });
}

#[test]
fn iterative_deepening_reports_each_depth_and_plays_the_last_ones_line() {
    let limits = Limits {
        depth: Some(4),
        ..Limits::default()
    };
    let (outcome, depths) = go(ITALIAN, &limits, &AtomicBool::new(false));
    assert_eq!(depths, [1, 2, 3, 4]);
    assert_eq!(outcome.depth, 4);
    assert_eq!(outcome.pv.first().copied(), outcome.best);
    // The line is legal from the root to its end.
    let mut position = Position::from_fen(ITALIAN).unwrap();
    for &mv in &outcome.pv {
        assert!(legal_moves(&position).as_slice().contains(&mv), "{mv}");
        position = position.make(mv);
    }
}

#[test]
fn go_nodes_stops_at_exactly_that_many_nodes() {
    let limits = Limits {
        nodes: Some(5_000),
        ..Limits::default()
    };
    let (outcome, _) = go(ITALIAN, &limits, &AtomicBool::new(false));
    assert_eq!(outcome.stats.nodes, 5_000);
    assert!(outcome.best.is_some());
}

#[test]
fn go_mate_stops_once_the_mate_is_found() {
    let limits = Limits {
        mate: Some(4),
        ..Limits::default()
    };
    // Philidor's smothered mate in four, every White move a check: 1.Nf7+ Kg8 2.Nh6+ Kh8
    // 3.Qg8+ Rxg8 4.Nf7#.
    let (outcome, reports) = go_scored(
        "3r3k/6pp/8/6N1/2Q5/8/6PP/6K1 w - - 0 1",
        &limits,
        &AtomicBool::new(false),
    );
    // Seven plies, which the check extension finds at a shallower depth: what matters is
    // that the first depth to report the mate is the last one searched.
    assert_eq!(outcome.score, MATE - 7);
    let first_mate = reports.iter().position(|&(_, score)| score == MATE - 7);
    assert_eq!(first_mate, Some(reports.len() - 1), "{reports:?}");
    assert!(reports.len() < 7, "{reports:?}");
}

#[test]
fn time_use_stays_under_the_budget_at_tiny_clocks() {
    for (time, increment) in [(1_000, 10), (200, 10), (60, 0), (10, 0)] {
        let limits = Limits {
            white_time: Some(time),
            white_increment: Some(increment),
            ..Limits::default()
        };
        let hard = crate::time::budget(&limits, crate::piece::Color::White)
            .unwrap()
            .hard;
        let started = Instant::now();
        let (outcome, _) = go(ITALIAN, &limits, &AtomicBool::new(false));
        let used = started.elapsed();
        // The clock is read every CHECK_INTERVAL nodes: allow for that, and no more.
        let slack = std::time::Duration::from_millis(30);
        assert!(
            used <= hard + slack,
            "{time}+{increment}: {used:?} against {hard:?}"
        );
        assert!(
            used.as_millis() < u128::from(time),
            "{time}+{increment}: {used:?}"
        );
        assert!(outcome.best.is_some());
    }
}

/// The move written `text`, legal in `position`.
fn mv(position: &Position, text: &str) -> Move {
    find_move(position, text).unwrap()
}

#[test]
fn the_chosen_move_is_legal_and_repeatable() {
    let position = Position::startpos();
    let chosen = choose_move(&position, &Limits::default()).unwrap();
    assert!(legal_moves(&position).as_slice().contains(&chosen));
    assert_eq!(choose_move(&position, &Limits::default()), Some(chosen));
}

#[test]
fn the_chosen_move_is_the_first_of_those_that_score_best() {
    for fen in [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
    ] {
        let position = Position::from_fen(fen).unwrap();
        let moves = legal_moves(&position);
        let scores: Vec<i32> = moves
            .as_slice()
            .iter()
            .map(|&mv| score_after(&position.make(mv)))
            .collect();
        let best = scores.iter().max().unwrap();
        let first = scores.iter().position(|s| s == best).unwrap();
        assert_eq!(
            choose_move(&position, &Limits::default()),
            Some(moves.as_slice()[first]),
            "{fen}"
        );
    }
}

#[test]
fn a_free_queen_is_taken() {
    let position = Position::from_fen("4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1").unwrap();
    assert_eq!(
        choose_move(&position, &Limits::default()),
        Some(mv(&position, "d2d5"))
    );
}

#[test]
fn mate_is_best_of_all_and_stalemate_is_a_draw() {
    // Several queen moves mate; Qc7 stalemates, though it puts the queen on a good square.
    let position = Position::from_fen("k7/3Q4/1K6/8/8/8/8/8 w - - 0 1").unwrap();
    assert_eq!(score_after(&position.make(mv(&position, "d7d8"))), MATE);
    assert_eq!(score_after(&position.make(mv(&position, "d7c7"))), DRAW);
    let chosen = choose_move(&position, &Limits::default()).unwrap();
    assert_eq!(score_after(&position.make(chosen)), MATE, "{chosen}");
    // Mate is worth more than a queen: Ra8 mates where Rxg6 wins Black's queen.
    let position = Position::from_fen("6k1/5ppp/6q1/8/8/8/6R1/R6K w - - 0 1").unwrap();
    assert_eq!(
        choose_move(&position, &Limits::default()),
        Some(mv(&position, "a1a8"))
    );
}

#[test]
fn search_moves_restrict_the_choice() {
    let position = Position::startpos();
    let only = find_move(&position, "g1f3").unwrap();
    let limits = Limits {
        search_moves: vec![only],
        ..Limits::default()
    };
    assert_eq!(choose_move(&position, &limits), Some(only));
}

#[test]
fn a_position_without_legal_moves_has_no_move() {
    let mated = Position::from_fen("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1").unwrap();
    assert_eq!(choose_move(&mated, &Limits::default()), None);
}

/// The ordering tables after searching `fen` to `depth` from empty ones, under `config`.
fn tables_after(fen: &str, depth: Depth, config: SearchConfig) -> OrderingTables {
    let position = Position::from_fen(fen).unwrap();
    let mut table = table();
    let mut searcher = Searcher::new(&[], Control::default(), &mut table, config);
    searcher.iterate(&position, root_moves(&position, &[]), depth, None, |_| {});
    searcher.tables
}

#[test]
fn a_search_with_a_table_switched_off_leaves_that_table_empty_and_fills_the_others() {
    let fen = "r1bq1rk1/pp1nbppp/2p1p3/3n2B1/2BP4/2N1PN2/PP3PPP/2RQK2R w K - 1 10";
    let empty = OrderingTables::default();
    let mut every_table = SearchConfig::default();
    every_table.set("conthist", true).unwrap();
    let all = tables_after(fen, 5, every_table);
    assert!(all.killers != empty.killers && all.countermoves != empty.countermoves);
    assert!(all.history != empty.history && all.continuation != empty.continuation);
    for name in ["killers", "countermove", "history", "conthist"] {
        let mut config = every_table;
        config.set(name, false).unwrap();
        let tables = tables_after(fen, 5, config);
        assert_eq!(tables.killers == empty.killers, name == "killers", "{name}");
        assert_eq!(
            tables.countermoves == empty.countermoves,
            name == "countermove"
        );
        assert_eq!(tables.history == empty.history, name == "history", "{name}");
        assert_eq!(
            tables.continuation == empty.continuation,
            name == "conthist"
        );
    }
}

#[test]
fn continuation_history_looks_back_two_moves_past_neither_the_root_nor_a_null_move() {
    const DEEP: Depth = 5;
    let start = Position::startpos();
    let mut config = SearchConfig::default();
    config.set("conthist", true).unwrap();
    let mut table = table();
    let mut searcher = Searcher::new(&[], Control::default(), &mut table, config);
    searcher.stack[0] = Frame::of(&start);
    let e4 = find_move(&start, "e2e4").unwrap();
    let after_e4 = searcher.play(&start, e4, 0);
    let after_pass = searcher.play_null(&after_e4, 1);
    let nf3 = find_move(&after_pass, "g1f3").unwrap();
    searcher.play(&after_pass, nf3, 2);
    let pawn = start.moving_piece(e4);
    let knight = after_pass.moving_piece(nf3);
    let moved = |piece, mv| Some(PieceTo::new(piece, mv));
    assert_eq!(
        searcher.previous_moves(0, DEEP),
        Previous::default(),
        "the root"
    );
    assert_eq!(
        searcher.previous_moves(1, DEEP),
        Previous {
            mv: Some((e4, pawn)),
            moved: [moved(pawn, e4), None]
        }
    );
    assert_eq!(
        searcher.previous_moves(2, DEEP),
        Previous {
            mv: None,
            moved: [None, moved(pawn, e4)]
        },
        "after the pass: no countermove, but White's own move before it"
    );
    assert_eq!(
        searcher.previous_moves(3, DEEP).moved,
        [moved(knight, nf3), None],
        "the pass is no move to follow up"
    );
    searcher.config.set("conthist", false).unwrap();
    assert_eq!(
        searcher.previous_moves(1, DEEP).moved,
        [None, None],
        "switched off"
    );
    assert_eq!(searcher.previous_moves(1, DEEP).mv, Some((e4, pawn)));
}

#[test]
fn conthist2_keeps_nodes_one_ply_from_the_horizon_out_of_continuation_history() {
    let start = Position::startpos();
    let mut config = SearchConfig::default();
    config.set("conthist", true).unwrap();
    config.set("conthist2", true).unwrap();
    let mut table = table();
    let mut searcher = Searcher::new(&[], Control::default(), &mut table, config);
    searcher.stack[0] = Frame::of(&start);
    let e4 = find_move(&start, "e2e4").unwrap();
    let after_e4 = searcher.play(&start, e4, 0);
    let e4_moved = Some(PieceTo::new(start.moving_piece(e4), e4));
    assert_eq!(searcher.previous_moves(1, 1).moved, [None, None], "reads");
    let e5 = find_move(&after_e4, "e7e5").unwrap();
    searcher.record_cutoff(&after_e4, e5, &[], 1, 1);
    let empty = OrderingTables::default();
    assert!(
        searcher.tables.continuation == empty.continuation,
        "teaches"
    );
    assert_eq!(
        searcher.previous_moves(1, 2).moved,
        [e4_moved, None],
        "two plies from the horizon"
    );
    searcher.record_cutoff(&after_e4, e5, &[], 2, 1);
    assert!(searcher.tables.continuation != empty.continuation);
    searcher.config.set("conthist2", false).unwrap();
    assert_eq!(searcher.previous_moves(1, 1).moved, [e4_moved, None]);
}

#[test]
fn think_keeps_the_tables_for_the_next_search() {
    let fen = "r1bq1rk1/pp1nbppp/2p1p3/3n2B1/2BP4/2N1PN2/PP3PPP/2RQK2R w K - 1 10";
    let position = Position::from_fen(fen).unwrap();
    let mut tables = OrderingTables::default();
    let limits = Limits {
        depth: Some(4),
        ..Limits::default()
    };
    let (stop, pondering) = (AtomicBool::new(false), AtomicBool::new(false));
    let search = |tables: &mut OrderingTables| {
        let task = Task {
            position: &position,
            history: &[],
            limits: &limits,
            config: SearchConfig::default(),
        };
        let signals = Signals {
            stop: &stop,
            pondering: &pondering,
            started: Instant::now(),
        };
        let memory = Memory {
            table: &mut table(),
            tables,
        };
        think(task, signals, memory, |_| {})
    };
    let first = search(&mut tables).stats.nodes;
    assert_ne!(
        tables,
        OrderingTables::default(),
        "the search taught the tables"
    );
    let again = search(&mut tables).stats.nodes;
    assert_ne!(
        first, again,
        "the second search starts from what the first learnt"
    );
    assert_eq!(first, search(&mut OrderingTables::default()).stats.nodes);
}

#[test]
fn only_the_stability_switch_moves_the_soft_limit() {
    let position = Position::startpos();
    let depth_with = |best: &str| Outcome {
        best: Some(find_move(&position, best).unwrap()),
        score: 20,
        depth: 1,
        stats: Stats::default(),
        pv: Vec::new(),
        hashfull: 0,
        rank: 1,
    };
    let (e4, d4) = (depth_with("e2e4"), depth_with("d2d4"));
    let percents = |on: bool| {
        let mut config = SearchConfig::default();
        config.set("stability", on).unwrap();
        let mut table = table();
        let searcher = Searcher::new(&[], Control::default(), &mut table, config);
        let mut stability = crate::time::Stability::default();
        [&e4, &e4, &e4, &d4].map(|outcome| searcher.soft_percent(&mut stability, outcome))
    };
    assert_eq!(percents(false), [100; 4]);
    assert_eq!(percents(true), [180, 140, 110, 180]);
}
