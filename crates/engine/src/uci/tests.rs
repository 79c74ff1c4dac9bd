//! The UCI loop's tests: scripted input, and what the engine writes back.

use super::options::OptionValue;
use super::search_thread::last_word;
use super::*;
use crate::config::{LAST_STAGE, SWITCHES};
use crate::movegen::find_move;
use crate::score::MATE;
use crate::search::Outcome;
use std::time::Instant;

/// An output both the engine and the test can hold: what the engine wrote, shared.
#[derive(Clone, Default)]
struct Shared(Arc<Mutex<Vec<u8>>>);

impl Write for Shared {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(bytes);
        Ok(bytes.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// What the engine answers to `script`, run to its end, and the engine afterwards.
fn answer(script: &str) -> (String, Engine<Shared>) {
    let output = Shared::default();
    let mut engine = Engine::new(output.clone());
    engine.run(script.as_bytes()).unwrap();
    let text = String::from_utf8(output.0.lock().unwrap().clone()).unwrap();
    (text, engine)
}

#[test]
fn uci_names_the_engine_and_its_options_then_uciok() {
    let (output, _) = answer("uci\n");
    assert!(output.starts_with("id name cb2026 "), "{output}");
    assert!(output.contains("\noption name Hash type spin default 16 min 1 max 65536\n"));
    assert!(output.contains("\noption name Threads type spin default 1 min 1 max 1\n"));
    assert!(output.contains("\noption name Clear Hash type button\n"));
    let stages = " var 1 var 2 var 3 var 4 var 5 var 6 var 7 var 8 var 9 var 10 var 11 var 12 var 13 var 14 var 15 var 16 var 17 var 18 var 19 var 20";
    let stage = format!("\noption name Stage type combo default main var main{stages}\n");
    assert!(output.contains(&stage), "{output}");
    assert!(output.contains("\noption name Move Overhead type spin default 50 min 0 max 5000\n"));
    assert!(output.contains("\noption name Ponder type check default false\n"));
    assert!(output.contains("\noption name MultiPV type spin default 1 min 1 max 256\n"));
    assert!(output.ends_with("uciok\n"));
}

#[test]
fn move_overhead_ponder_and_multipv_are_set_and_checked() {
    let (output, engine) = answer(
        "setoption name Move Overhead value 300\nsetoption name Ponder value true\n\
         setoption name MultiPV value 4\nsetoption name move overhead value 5001\n\
         setoption name Ponder value yes\nsetoption name MultiPV value 0\n",
    );
    let expected = Options {
        move_overhead_ms: 300,
        ponder: true,
        multi_pv: 4,
        ..Options::default()
    };
    assert_eq!(engine.options, expected);
    let lines: Vec<&str> = output.lines().collect();
    assert_eq!(
        lines,
        [
            "info string option \"move overhead\": 5001 is outside 0 to 5000",
            "info string option \"ponder\": \"yes\" is not true or false",
            "info string option \"multipv\": 0 is outside 1 to 256",
        ]
    );
}

/// What the engine answers to `commands`, each given as the command line gives it, so that
/// a search runs to its end, not until the end of the input stops it.
fn searched(commands: &[&str]) -> String {
    let output = Shared::default();
    let mut engine = Engine::new(output.clone());
    for command in commands {
        engine.command_line(command).unwrap();
    }
    String::from_utf8(output.0.lock().unwrap().clone()).unwrap()
}

/// `output` with the numbers that depend on the machine (`nps`, `time`) taken out.
fn without_times(output: &str) -> Vec<String> {
    let line_without_times = |line: &str| {
        let words: Vec<&str> = line.split(' ').collect();
        let timed = |i: usize| i > 0 && matches!(words[i - 1], "nps" | "time");
        let kept = (0..words.len()).filter(|&i| !timed(i)).map(|i| words[i]);
        kept.collect::<Vec<_>>().join(" ")
    };
    output.lines().map(line_without_times).collect()
}

#[test]
fn the_ponder_option_changes_nothing_in_the_search() {
    let go = ["position startpos moves e2e4", "go depth 5"];
    let plain = searched(&go);
    let pondering = searched(&["setoption name Ponder value true", go[0], go[1]]);
    assert_eq!(without_times(&pondering), without_times(&plain));
}

#[test]
fn the_move_overhead_reaches_the_time_manager() {
    // A clock no longer than the overhead leaves nothing to think with; with the default
    // overhead, this last move before the time control would take half of five seconds.
    let started = Instant::now();
    let output = searched(&[
        "setoption name Move Overhead value 5000",
        "go wtime 5000 btime 5000 movestogo 1",
    ]);
    let took = started.elapsed();
    assert!(took.as_millis() < 1_000, "{took:?}: {output}");
    let best = output.rsplit("bestmove ").next().unwrap().trim();
    assert!(find_move(&Position::startpos(), best).is_ok(), "{output}");
}

#[test]
fn a_movetime_is_searched_whole_whatever_the_move_overhead() {
    // The overhead guards a clock; `go movetime` asks for exactly that long. Before, a
    // movetime at or under the overhead searched one ply and answered at once.
    let started = Instant::now();
    let output = searched(&["go movetime 150"]);
    let took = started.elapsed();
    assert!(took.as_millis() >= 150, "{took:?}: {output}");
    assert!(took.as_millis() < 5_000, "{took:?}: {output}");
    assert_eq!(output.matches("bestmove").count(), 1, "{output}");
}

/// What a test reads from an `info` line.
#[derive(Debug)]
struct Info {
    /// Its depth.
    depth: i64,
    /// Which of the best lines it is: its `multipv`, 1 if it has none.
    rank: i64,
    /// Its score in centipawns.
    score: i64,
    /// The first move of its line.
    first: String,
}

/// One `info` line of a search of `position`, read and checked: its fields come in the
/// order the engine writes them, each number is one, and its line is legal from `position`.
fn read_info(position: &Position, line: &str) -> Info {
    let words: Vec<&str> = line.split(' ').collect();
    let order = [
        "depth", "seldepth", "multipv", "score", "nodes", "nps", "hashfull", "time",
    ];
    let (mut at, mut next) = (1, 0);
    let mut fields = std::collections::HashMap::new();
    assert_eq!(words[0], "info", "{line}");
    while words.get(at).is_some_and(|&w| w != "pv") {
        let name = words[at];
        let skipped = order[next..].iter().position(|&n| n == name);
        next += skipped.unwrap_or_else(|| panic!("{name} out of place in {line}")) + 1;
        let value_at = if name == "score" { at + 2 } else { at + 1 };
        assert!(name != "score" || words[at + 1] == "cp", "{line}");
        fields.insert(name, words[value_at].parse::<i64>().expect(line));
        at = value_at + 1;
    }
    assert_eq!(words.get(at), Some(&"pv"), "{line}");
    let mut after = position.clone();
    for text in &words[at + 1..] {
        after = after.make(find_move(&after, text).expect(line));
    }
    Info {
        depth: fields["depth"],
        rank: fields.get("multipv").copied().unwrap_or(1),
        score: fields["score"],
        first: words[at + 1].to_string(),
    }
}

/// The `info` lines of `output`, a search of `position`, read and checked.
fn infos(position: &Position, output: &str) -> Vec<Info> {
    let lines = output.lines().filter(|l| l.starts_with("info "));
    lines.map(|line| read_info(position, line)).collect()
}

#[test]
fn multipv_reports_each_depths_best_lines_best_first() {
    // White takes the loose queen; every other move leaves it loose.
    let fen = "4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1";
    let position = Position::from_fen(fen).unwrap();
    let setup = format!("position fen {fen}");
    let output = searched(&["setoption name MultiPV value 3", &setup, "go depth 4"]);
    let lines = infos(&position, &output);
    assert_eq!(lines.len(), 4 * 3, "{output}");
    for (depth, lines) in (1..).zip(lines.chunks(3)) {
        let ranks: Vec<i64> = lines.iter().map(|line| line.rank).collect();
        assert_eq!(ranks, [1, 2, 3], "{output}");
        assert!(lines.iter().all(|line| line.depth == depth), "{output}");
        assert!(
            lines.windows(2).all(|w| w[0].score >= w[1].score),
            "{output}"
        );
        let mut firsts: Vec<&str> = lines.iter().map(|line| line.first.as_str()).collect();
        assert_eq!(firsts[0], "d2d5", "{output}");
        firsts.sort_unstable();
        firsts.dedup();
        assert_eq!(firsts.len(), 3, "three distinct moves: {output}");
    }
    assert!(output.ends_with("\nbestmove d2d5\n"), "{output}");
}

#[test]
fn a_multipv_search_stopped_mid_depth_ends_with_every_line_once() {
    let position = Position::startpos();
    // A node limit stops the search in the middle of a depth, the same in every run.
    let output = searched(&["setoption name MultiPV value 3", "go nodes 20000"]);
    let lines = infos(&position, &output);
    let last = &lines[lines.len() - 3..];
    let ranks: Vec<i64> = last.iter().map(|line| line.rank).collect();
    assert_eq!(ranks, [1, 2, 3], "{output}");
    let mut firsts: Vec<&str> = last.iter().map(|line| line.first.as_str()).collect();
    assert!(
        output.ends_with(&format!("\nbestmove {}\n", firsts[0])),
        "{output}"
    );
    firsts.sort_unstable();
    firsts.dedup();
    assert_eq!(firsts.len(), 3, "three distinct moves: {output}");
}

#[test]
fn the_last_word_puts_a_new_best_first_and_keeps_the_other_lines_once() {
    let position = Position::startpos();
    let line = |mv: &str, rank: usize, depth: i32| Outcome {
        best: Some(find_move(&position, mv).unwrap()),
        score: 0,
        depth,
        stats: crate::stats::Stats::default(),
        pv: vec![find_move(&position, mv).unwrap()],
        hashfull: 0,
        rank,
    };
    let previous = [line("e2e4", 1, 7), line("d2d4", 2, 7), line("g1f3", 3, 7)];
    let mut best = line("d2d4", 1, 8);
    best.stats.nodes = 1234;
    let last = last_word(&best, &previous);
    let moves: Vec<String> = last.iter().map(|l| l.best.unwrap().to_string()).collect();
    assert_eq!(moves, ["d2d4", "e2e4", "g1f3"]);
    let ranks: Vec<usize> = last.iter().map(|l| l.rank).collect();
    assert_eq!(ranks, [1, 2, 3]);
    let depths: Vec<i32> = last.iter().map(|l| l.depth).collect();
    assert_eq!(
        depths,
        [8, 7, 7],
        "the older lines keep the depth they were found at"
    );
    assert!(last.iter().all(|l| l.stats.nodes == 1234));
    assert_eq!(
        last_word(&best, &[]),
        [best.clone()],
        "gave up in the first depth"
    );
    assert_eq!(
        last_word(&best, &previous[..1]),
        [best],
        "one line asked for"
    );
}

#[test]
fn multipv_beyond_the_legal_moves_gives_a_line_a_move_and_one_gives_todays_lines() {
    // The white king alone has three moves.
    let fen = "7k/8/8/8/8/8/8/K7 w - - 0 1";
    let position = Position::from_fen(fen).unwrap();
    let setup = format!("position fen {fen}");
    let output = searched(&["setoption name MultiPV value 10", &setup, "go depth 3"]);
    let lines = infos(&position, &output);
    let ranks: Vec<i64> = lines.iter().map(|line| line.rank).collect();
    assert_eq!(ranks, [1, 2, 3].repeat(3), "{output}");
    let mut moves: Vec<&str> = lines[6..].iter().map(|line| line.first.as_str()).collect();
    moves.sort_unstable();
    assert_eq!(moves, ["a1a2", "a1b1", "a1b2"]);
    let output = searched(&[&setup, "go depth 3"]);
    assert!(
        !output.contains("multipv"),
        "one line is not numbered: {output}"
    );
    let depths = infos(&position, &output).into_iter().map(|line| line.depth);
    assert!(depths.eq(1..=3), "{output}");
}

#[test]
fn a_clock_under_the_overhead_still_gets_a_legal_move_at_once() {
    let started = Instant::now();
    let script = "setoption name Move Overhead value 1000\ngo wtime 300 btime 300 winc 0\n";
    let (output, _) = answer(script);
    assert!(started.elapsed().as_millis() < 1_000, "{output}");
    let best = output.rsplit("bestmove ").next().unwrap().trim();
    assert!(find_move(&Position::startpos(), best).is_ok(), "{output}");
}

#[test]
fn isready_is_answered_at_once_even_while_searching() {
    let (output, _) = answer("go infinite\nisready\nstop\n");
    let lines: Vec<&str> = output.lines().collect();
    // The search reports each depth as it finishes it, so its info lines and readyok may
    // come in either order; readyok must come before the answer, which comes last.
    let ready = lines.iter().position(|&l| l == "readyok").expect("readyok");
    assert!(ready < lines.len() - 1, "{output}");
    assert!(lines[lines.len() - 1].starts_with("bestmove "), "{output}");
    assert!(
        lines
            .iter()
            .filter(|&&l| l != "readyok")
            .rev()
            .skip(1)
            .all(|l| l.starts_with("info depth "))
    );
}

#[test]
fn every_go_ends_in_one_bestmove_after_an_info_line() {
    for go in [
        "go",
        "go wtime 1000 btime 1000 winc 10 binc 10",
        "go movetime 50",
        "go depth 3",
        "go nodes 100",
        "go movestogo 5 wtime 100 btime 100",
        "go mate 2",
        "go wtime 30 btime 30",
        "go infinite",
        "go ponder wtime 1000 btime 1000",
    ] {
        let (output, _) = answer(&format!("{go}\n"));
        let lines: Vec<&str> = output.lines().collect();
        let (last, infos) = lines.split_last().unwrap();
        assert_eq!(output.matches("bestmove").count(), 1, "{go}: {output}");
        assert!(!infos.is_empty(), "{go}: {output}");
        assert!(
            infos.iter().all(|l| l.starts_with("info depth ")),
            "{go}: {output}"
        );
        let best = last.strip_prefix("bestmove ").expect("bestmove");
        assert!(
            find_move(&Position::startpos(), best).is_ok(),
            "{go}: {best} is legal"
        );
    }
}

#[test]
fn stop_ends_an_infinite_search_and_a_ponder_search() {
    for script in [
        "go infinite\nstop\n",
        "go ponder\nponderhit\n",
        "go ponder\nstop\n",
    ] {
        let (output, _) = answer(script);
        assert_eq!(output.matches("bestmove ").count(), 1, "{script}: {output}");
    }
}

#[test]
fn after_ponderhit_the_search_ends_by_itself_on_its_clock() {
    let output = Shared::default();
    let mut engine = Engine::new(output.clone());
    let written = || String::from_utf8(output.0.lock().unwrap().clone()).unwrap();
    engine.handle("go ponder wtime 2000 btime 2000");
    std::thread::sleep(std::time::Duration::from_millis(300));
    assert!(
        !written().contains("bestmove"),
        "pondering waits: {}",
        written()
    );
    engine.handle("ponderhit");
    std::thread::sleep(std::time::Duration::from_millis(1_000));
    assert_eq!(written().matches("bestmove ").count(), 1, "{}", written());
}

#[test]
fn a_game_at_one_second_and_ten_milliseconds_a_move_never_runs_out_of_time() {
    let output = Shared::default();
    let mut engine = Engine::new(output.clone());
    let answers = || String::from_utf8(output.0.lock().unwrap().clone()).unwrap();
    let (mut clocks, increment) = ([1_000_i64, 1_000], 10);
    let mut moves: Vec<String> = Vec::new();
    for ply in 0..80 {
        let side = ply % 2;
        engine.handle(&format!("position startpos moves {}", moves.join(" ")));
        let before = answers().matches("bestmove ").count();
        let started = Instant::now();
        engine.handle(&format!(
            "go wtime {} btime {} winc {increment} binc {increment}",
            clocks[0], clocks[1]
        ));
        while answers().matches("bestmove ").count() == before {
            std::thread::sleep(std::time::Duration::from_millis(1));
        }
        clocks[side] -= started.elapsed().as_millis() as i64;
        assert!(
            clocks[side] > 0,
            "ply {ply}: the clock ran out ({clocks:?})"
        );
        clocks[side] += increment;
        let text = answers();
        let best = text.rsplit("bestmove ").next().unwrap().trim();
        if best == "0000" {
            break; // The game is over.
        }
        moves.push(best.to_string());
    }
}

#[test]
fn quit_during_a_search_answers_it_and_stops() {
    let (output, _) = answer("go infinite\nquit\nisready\n");
    assert_eq!(output.matches("bestmove ").count(), 1, "{output}");
    assert!(!output.contains("readyok"), "nothing is read after quit");
}

#[test]
fn the_end_of_the_input_stops_a_search() {
    let (output, _) = answer("go infinite\n");
    assert_eq!(output.matches("bestmove ").count(), 1, "{output}");
}

#[test]
fn position_with_moves_sets_up_the_position() {
    let (_, engine) = answer("position fen 4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 moves e2e4 e8d7\n");
    assert_eq!(
        engine.position.to_string(),
        "8/3k4/8/8/4P3/8/8/4K3 w - - 1 2"
    );
    let (_, engine) = answer("position startpos moves e2e4\nucinewgame\n");
    assert_eq!(engine.position, Position::startpos());
}

#[test]
fn the_games_history_reaches_the_search_and_its_repetitions_are_draws() {
    // White, a rook up, shuffles; Black's h8g8 repeats the position the game started from.
    let game = "position fen 6k1/8/8/8/8/8/8/R5K1 w - - 0 1 moves a1a2 g8h8 a2a1\n";
    let (output, _) = answer(&format!("{game}go depth 2 searchmoves h8g8\n"));
    assert!(output.contains(" score cp 0 "), "{output}");
    let alone = "position fen 7k/8/8/8/8/8/8/R5K1 b - - 3 2\n";
    let (output, _) = answer(&format!("{alone}go depth 2 searchmoves h8g8\n"));
    assert!(output.contains(" score cp -"), "a rook down: {output}");
}

#[test]
fn stats_prints_a_line_for_each_of_the_six_positions_and_checks_its_depth() {
    let (output, _) = answer("stats 1\nstats 0\nstats x\n");
    let lines: Vec<&str> = output.lines().collect();
    assert_eq!(lines[0], "position nodes cutoffs first-move");
    assert_eq!(lines.len(), 1 + 6 + 2, "{output}");
    assert_eq!(lines[7], "info string stats depth 0 is outside 1 to 64");
    assert_eq!(
        lines[8],
        "info string stats depth \"x\" is not a whole number"
    );
}

#[test]
fn scores_are_written_in_centipawns_or_moves_to_mate() {
    assert_eq!(uci_score(35), "cp 35");
    assert_eq!(uci_score(MATE - 1), "mate 1");
    assert_eq!(uci_score(MATE - 3), "mate 2");
    assert_eq!(uci_score(-MATE + 2), "mate -1");
    assert_eq!(uci_score(-MATE), "mate 0");
}

#[test]
fn searchmoves_restrict_the_move_chosen() {
    let (output, _) = answer("go searchmoves a2a3\n");
    assert!(output.ends_with("bestmove a2a3\n"), "{output}");
}

#[test]
fn a_position_without_moves_answers_the_null_move() {
    let (output, _) = answer("position fen 7k/6Q1/6K1/8/8/8/8/8 b - - 0 1\ngo\n");
    assert!(output.contains("score mate 0"), "{output}");
    assert!(output.ends_with("bestmove 0000\n"), "{output}");
    let (output, _) = answer("position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1\ngo\n");
    assert!(output.contains("score cp 0"), "stalemate: {output}");
}

#[test]
fn options_are_set_and_checked() {
    let (output, engine) = answer(
        "setoption name Hash value 64\nsetoption name hash value 0\nsetoption name Threads value 2\nsetoption name Clear Hash\nsetoption name Colour value red\nsetoption name Hash value lots\nsetoption name Hash value -5\nsetoption name Hash value 18446744073709551616\n",
    );
    assert_eq!(engine.options.hash_mb, 64);
    let lines: Vec<&str> = output.lines().collect();
    assert_eq!(
        lines,
        [
            "info string option \"hash\": 0 is outside 1 to 65536",
            "info string option \"threads\": 2 is outside 1 to 1",
            "info string no option \"colour\"",
            "info string option \"hash\": \"lots\" is not a whole number",
            "info string option \"hash\": -5 is outside 1 to 65536",
            "info string option \"hash\": 18446744073709551616 is outside 1 to 65536",
        ]
    );
}

#[test]
fn hash_resizes_the_table_and_a_refused_size_keeps_the_old_one() {
    let (output, engine) = answer("setoption name Hash value 2\nsetoption name Hash value 0\n");
    assert_eq!(lock(&engine.table).size_mb(), 2);
    assert_eq!(engine.options.hash_mb, 2);
    assert_eq!(
        output,
        "info string option \"hash\": 0 is outside 1 to 65536\n"
    );
}

#[test]
fn the_table_outlives_a_search_and_info_reports_how_full_it_is() {
    let output = Shared::default();
    let mut engine = Engine::new(output.clone());
    // The nodes and hashfull of the last `info` line the engine wrote.
    let last_info = || {
        let text = String::from_utf8(output.0.lock().unwrap().clone()).unwrap();
        let line = text
            .lines()
            .rfind(|l| l.starts_with("info depth 5 "))
            .unwrap();
        let words: Vec<&str> = line.split(' ').collect();
        let after = |name| words[words.iter().position(|&w| w == name).unwrap() + 1];
        let nodes: u64 = after("nodes").parse().unwrap();
        let hashfull: u64 = after("hashfull").parse().unwrap();
        (nodes, hashfull)
    };
    // The smallest table, so that a short search fills a visible part of it.
    engine.command_line("setoption name Hash value 1").unwrap();
    engine.command_line("go depth 5").unwrap();
    let (first, hashfull) = last_info();
    assert!(hashfull > 0, "the search filled some of the table");
    engine.command_line("go depth 5").unwrap();
    let (again, _) = last_info();
    assert!(
        again < first,
        "{again} nodes with the first search's table, {first} without"
    );
    engine.command_line("ucinewgame").unwrap();
    engine.command_line("go depth 5").unwrap();
    assert_eq!(
        last_info().0,
        first,
        "an emptied table searches as the first did"
    );
}

#[test]
fn the_ordering_tables_outlive_a_search_until_a_new_game_or_other_switches() {
    let (_, mut engine) = answer("");
    let empty = OrderingTables::default();
    for command in [
        "ucinewgame",
        "set history off",
        "setoption name Stage value 11",
    ] {
        // An empty hash table, so that the search has moves to learn from.
        engine.command_line("setoption name Clear Hash").unwrap();
        engine.command_line("go depth 4").unwrap();
        assert!(
            *lock(&engine.tables) != empty,
            "a search before {command} learns"
        );
        engine.command_line(command).unwrap();
        assert!(*lock(&engine.tables) == empty, "{command} empties them");
    }
    engine.command_line("setoption name Hash value 2").unwrap();
    engine.command_line("go depth 4").unwrap();
    assert!(*lock(&engine.tables) == empty, "stage 11 learns nothing");
}

#[test]
fn clear_hash_and_ucinewgame_empty_the_table() {
    let (_, mut engine) = answer("");
    for command in ["setoption name Clear Hash", "ucinewgame"] {
        lock(&engine.table).store(1, 0, 1, 0, crate::tt::Bound::Exact, None);
        assert!(lock(&engine.table).probe(1, 0).is_some());
        assert_eq!(engine.handle(command), Flow::Continue);
        assert_eq!(lock(&engine.table).probe(1, 0), None, "{command}");
    }
}

#[test]
fn bad_input_is_named_and_the_last_good_state_kept() {
    let script = "position fen 4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\n\
                  position fen 8/8/8 w - - 0 1\n\
                  position startpos moves e2e5\n\
                  go perft x\n\
                  go depth\n\
                  go sideways\n\
                  go searchmoves e7e5\n\
                  fly\n\
                  position\n\
                  setoption Hash 4\n";
    let (output, engine) = answer(script);
    let lines: Vec<&str> = output.lines().collect();
    assert_eq!(lines.len(), 9, "{output}");
    assert!(
        lines[0].starts_with("info string bad FEN: placement: 3 ranks"),
        "{}",
        lines[0]
    );
    assert!(
        lines[1].starts_with("info string \"e2e5\" is not a legal move"),
        "{}",
        lines[1]
    );
    assert!(lines[2].contains("perft depth \"x\""), "{}", lines[2]);
    assert_eq!(lines[3], "info string go depth needs a number");
    assert_eq!(lines[4], "info string go: unknown parameter \"sideways\"");
    assert!(
        lines[5].starts_with("info string \"e7e5\" is not a legal move"),
        "{}",
        lines[5]
    );
    assert_eq!(lines[6], "info string unknown command \"fly\"");
    assert!(
        lines[7].starts_with("info string position needs"),
        "{}",
        lines[7]
    );
    assert!(
        lines[8].starts_with("info string setoption needs"),
        "{}",
        lines[8]
    );
    assert_eq!(
        engine.position.to_string(),
        "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"
    );
}

#[test]
fn a_line_that_is_not_utf8_is_refused_and_the_loop_reads_on() {
    let output = Shared::default();
    let mut engine = Engine::new(output.clone());
    let input: &[u8] = b"isready\ncaf\xe9\nposition startpos moves e2e4\nisready\n";
    engine.run(input).unwrap();
    let text = String::from_utf8(output.0.lock().unwrap().clone()).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3, "{text}");
    assert!(
        lines[1].starts_with("info string not UTF-8: \"caf"),
        "{text}"
    );
    assert_eq!(lines[2], "readyok", "the loop went on reading");
    assert_eq!(
        engine.history.len(),
        1,
        "the move after the bad line was played"
    );
}

#[test]
fn perft_wants_one_depth_no_deeper_than_a_search_goes() {
    let (output, _) = answer(
        "go perft 65
go perft
go perft 1 depth 2
go perft 0
",
    );
    let lines: Vec<&str> = output.lines().collect();
    assert_eq!(
        lines[0],
        format!("info string perft depth \"65\" is not a whole number from 0 to {MAX_DEPTH}")
    );
    assert_eq!(lines[1], "info string go perft takes one depth: go perft N");
    assert_eq!(lines[2], lines[1]);
    assert_eq!(
        lines[3..],
        ["", "Nodes searched: 1"],
        "perft 0 counts the position"
    );
}

#[test]
fn searchmoves_names_an_illegal_move_and_wants_at_least_one() {
    let (output, _) = answer("go searchmoves e2e4 e2e5 depth 1\ngo searchmoves depth 1\n");
    let lines: Vec<&str> = output.lines().collect();
    assert!(
        lines[0].starts_with("info string \"e2e5\" is not a legal move"),
        "{output}"
    );
    assert_eq!(
        lines[1],
        "info string go searchmoves needs at least one move"
    );
    assert_eq!(lines.len(), 2, "neither search started: {output}");
}

#[test]
fn every_go_keyword_ends_a_searchmoves_list_and_is_read_as_itself() {
    let start = Position::startpos();
    for keyword in parse::GO_KEYWORDS {
        let after: &[&str] = match keyword {
            "infinite" | "ponder" => &[],
            "searchmoves" => &["d2d4"],
            _ => &["1"],
        };
        // White's clock at the end: a clock word of Black's alone would be refused for want of it.
        let words = [&["searchmoves", "e2e4", keyword], after, &["wtime", "1000"]].concat();
        let limits = parse::parse_go(&start, &words);
        assert!(limits.is_ok(), "{keyword}: {limits:?}");
    }
}

#[test]
fn odd_but_valid_go_values_each_end_in_one_legal_bestmove() {
    let start = Position::startpos();
    for go in [
        "go wtime -5 btime -5",
        "go movestogo 0 wtime 1000 btime 1000",
        "go depth 0",
        "go nodes 0",
        "go nodes 1",
        "go mate 0",
    ] {
        let (output, _) = answer(&format!("{go}\n"));
        assert_eq!(output.matches("bestmove ").count(), 1, "{go}: {output}");
        let best = output.rsplit("bestmove ").next().unwrap().trim_end();
        assert!(find_move(&start, best).is_ok(), "{go}: {output}");
    }
}

#[test]
fn an_illegal_move_anywhere_in_a_position_command_keeps_the_game_as_it_was() {
    let (output, engine) = answer(
        "position startpos moves e2e4
position startpos moves e2e4 e7e5 e1e3
",
    );
    assert!(
        output.starts_with("info string \"e1e3\" is not a legal move"),
        "{output}"
    );
    let after_e4 = Position::startpos().make(find_move(&Position::startpos(), "e2e4").unwrap());
    assert_eq!(engine.position, after_e4);
    assert_eq!(engine.history, [Position::startpos().key()]);
}

#[test]
fn a_go_after_a_refused_position_is_refused_until_a_position_is_set_up_again() {
    // The GUI's game has moved on to a position the engine could not set up: a move searched
    // in the position it kept would be illegal in the GUI's.
    let (output, _) = answer(
        "position startpos moves e2e4 e7e5\n\
         position startpos moves e2e4 e7e5 g1f3 b8c6 f1c\n\
         go depth 1\n\
         position startpos moves e2e4 e7e5 g1f3 b8c6\n\
         go depth 1\n",
    );
    let lines: Vec<&str> = output.lines().collect();
    assert!(
        lines[0].starts_with("info string \"f1c\" is not"),
        "{output}"
    );
    assert!(
        lines[1].starts_with("info string go is refused after a refused position (\"f1c\""),
        "{output}"
    );
    assert_eq!(output.matches("bestmove ").count(), 1, "{output}");
    let (output, _) = answer("position startpos moves e2e5\nucinewgame\ngo depth 1\n");
    assert_eq!(output.matches("bestmove ").count(), 1, "{output}");
}

#[test]
fn a_position_refused_during_a_search_refuses_the_next_go_too() {
    let (output, _) =
        answer_in_time("go infinite\nposition startpos moves e2e4\nstop\ngo depth 1\n");
    assert!(
        output.contains("info string position is refused while a search runs"),
        "{output}"
    );
    assert!(
        output.contains("info string go is refused after a refused position"),
        "{output}"
    );
    assert_eq!(output.matches("bestmove ").count(), 1, "{output}");
}

#[test]
fn a_go_that_gives_a_clock_but_not_to_the_side_to_move_is_refused() {
    for (script, refusal) in [
        (
            "position startpos moves e2e4\ngo wtime 60000 winc 1000\n",
            "info string go: Black is to move but no btime was given",
        ),
        (
            "go winc 100 binc 100\n",
            "info string go: White is to move but no wtime was given",
        ),
    ] {
        let (output, _) = answer(script);
        assert_eq!(output.trim_end(), refusal, "{script}");
    }
    // Another end to the search makes the missing clock harmless.
    let (output, _) = answer("go btime 1000 depth 1\n");
    assert_eq!(output.matches("bestmove ").count(), 1, "{output}");
}

#[test]
fn a_command_that_takes_no_arguments_says_so_when_given_some() {
    let (output, _) = answer("isready now\nstop now\nd x\nquit now\ndebug maybe\nisready\n");
    let expected = "info string isready takes no arguments\n\
                    info string stop takes no arguments\n\
                    info string d takes no arguments\n\
                    info string quit takes no arguments\n\
                    info string debug takes on or off\n\
                    readyok\n";
    assert_eq!(output, expected);
}

/// What the engine answers to `script`, as [`answer`] does, but on a thread of its own,
/// failing if the engine has not read the whole script within ten seconds: a loop that
/// waits for a search before reading `stop` would never get there.
fn answer_in_time(script: &str) -> (String, Engine<Shared>) {
    let (sender, receiver) = std::sync::mpsc::channel();
    let script = script.to_string();
    std::thread::spawn(move || {
        // The test may have given up waiting; then there is no one to send to.
        let _ = sender.send(answer(&script));
    });
    let limit = std::time::Duration::from_secs(10);
    receiver.recv_timeout(limit).expect("the engine went deaf")
}

#[test]
fn a_command_during_a_search_is_refused_and_stop_and_isready_are_still_heard() {
    let waiting = "position fen 4k3/8/8/8/8/8/8/4K3 w - - 0 1
\
                   setoption name Hash value 1
\
                   ucinewgame
\
                   set stage 10
\
                   go depth 1
\
                   go perft 1
\
                   stats 1
\
                   bench 1
";
    for go in [
        "go",
        "go depth 60",
        "go nodes 1000000000000",
        "go infinite",
        "go ponder",
    ] {
        let script = format!("{go}\n{waiting}isready\nstop\nd\n");
        let (output, engine) = answer_in_time(&script);
        let refusals = output.lines().filter(|l| l.starts_with("info string "));
        let refused: Vec<&str> = refusals.collect();
        assert_eq!(refused.len(), 8, "{go}: {output}");
        for (line, command) in refused.iter().zip(waiting.lines()) {
            let verb = command.split(' ').next().unwrap();
            let expected = format!(
                "info string {verb} is refused while a search runs: \
                 send stop, or wait for its bestmove"
            );
            assert_eq!(*line, expected, "{go}");
        }
        let ready = output.find("readyok").expect("readyok");
        assert!(
            ready < output.find("\nbestmove ").unwrap(),
            "{go}: {output}"
        );
        assert_eq!(output.matches("bestmove ").count(), 1, "{go}: {output}");
        assert!(output.contains(&format!("Fen: {}", Position::startpos())));
        assert_eq!(engine.options, Options::default(), "{go}");
    }
}

#[test]
fn a_command_sent_as_soon_as_bestmove_is_read_is_always_carried_out() {
    let output = Shared::default();
    let mut engine = Engine::new(output.clone());
    let written = || output.0.lock().unwrap().len();
    let answered_since = |start: usize| {
        let bytes = output.0.lock().unwrap();
        bytes[start..].windows(9).any(|w| w == b"bestmove ")
    };
    for round in 0..300 {
        engine.handle("position startpos");
        let start = written();
        engine.handle("go depth 1");
        while !answered_since(start) {
            std::hint::spin_loop();
        }
        // The search thread may not have ended yet; the command must not notice.
        engine.handle("position startpos moves e2e4");
        assert_eq!(engine.history.len(), 1, "round {round}");
    }
    let text = String::from_utf8(output.0.lock().unwrap().clone()).unwrap();
    assert!(!text.contains("info string"), "{text}");
}

#[test]
fn quit_stops_the_search_even_without_run() {
    let output = Shared::default();
    let mut engine = Engine::new(output.clone());
    engine.handle("go");
    assert_eq!(engine.handle("quit"), Flow::Quit);
    let written = String::from_utf8(output.0.lock().unwrap().clone()).unwrap();
    assert_eq!(written.matches("bestmove ").count(), 1, "{written}");
    assert!(engine.search.is_none());
}

#[test]
fn the_command_line_runs_a_search_to_its_end_and_returns_what_was_wrong() {
    let output = Shared::default();
    let mut engine = Engine::new(output.clone());
    assert_eq!(engine.command_line("go depth 4"), Ok(()));
    let written = String::from_utf8(output.0.lock().unwrap().clone()).unwrap();
    assert!(written.contains("\ninfo depth 4 "), "{written}");
    assert!(written.ends_with('\n') && written.contains("\nbestmove "));
    assert_eq!(written.matches("bestmove ").count(), 1, "{written}");
    assert_eq!(
        engine.command_line("fly"),
        Err("unknown command \"fly\"".to_string())
    );
    for endless in ["go infinite", "go ponder wtime 10 btime 10"] {
        let problem = engine.command_line(endless).unwrap_err();
        assert!(problem.contains("waits for a stop"), "{problem}");
    }
    assert_eq!(
        engine.command_line("bench 0"),
        Err("bench depth 0 is outside 1 to 64".to_string())
    );
    let after = String::from_utf8(output.0.lock().unwrap().clone()).unwrap();
    assert_eq!(after, written, "a refused command line writes nothing");
}

#[test]
fn set_switches_a_technique_or_a_whole_stage_and_names_what_was_wrong() {
    let (output, engine) = answer("set stage 10\n");
    assert_eq!(output, "");
    assert_eq!(engine.options.search, SearchConfig::preset(10).unwrap());
    for switch in SWITCHES {
        let script = format!("set {} off\n", switch.name);
        let (_, engine) = answer(&script);
        assert!(!engine.options.search.is_on(switch.flag), "{}", switch.name);
        let script = format!("{script}set {} on\n", switch.name.to_uppercase());
        let (_, engine) = answer(&script);
        let expected = SearchConfig::default().switches | switch.flag;
        assert_eq!(engine.options.search.switches, expected, "{}", switch.name);
    }
    let (output, engine) =
        answer("set stage 0\nset stage x\nset nosuch on\nset stage\nset quickly off\n");
    let lines: Vec<&str> = output.lines().collect();
    let names: Vec<&str> = SWITCHES.iter().map(|switch| switch.name).collect();
    let unknown = |name: &str| {
        format!(
            "info string unknown switch \"{name}\": the switches are {}",
            names.join(", ")
        )
    };
    assert_eq!(
        lines,
        [
            "info string stage 0 is not a stage: they run from 1 to 20",
            "info string stage \"x\" is not main or a whole number",
            &unknown("nosuch"),
            "info string set needs `NAME on|off` or `stage N|main`",
            &unknown("quickly"),
        ]
    );
    assert_eq!(engine.options.search, SearchConfig::default());
}

#[test]
fn the_stage_option_and_a_check_option_for_every_switch() {
    let (output, _) = answer("uci\n");
    assert!(output.contains("\noption name Stage type combo default main var main var 1 "));
    assert!(output.contains(&format!(" var {LAST_STAGE}\n")), "{output}");
    let checks = output
        .lines()
        .filter(|l| l.contains(" type check default ") && !l.contains("Ponder"));
    assert_eq!(checks.count(), SWITCHES.len(), "{output}");
    for switch in SWITCHES {
        // A switch whose games did not show it to help is off by default, and says so.
        let default = SearchConfig::default().is_on(switch.flag);
        assert_eq!(default, switch.off_from.is_none(), "{}", switch.name);
        let line = format!(
            "\noption name {} type check default {default}\n",
            switch.name
        );
        assert!(output.contains(&line), "{output}");
        let script = format!("setoption name {} value false\n", switch.name);
        let (_, engine) = answer(&script);
        assert!(!engine.options.search.is_on(switch.flag), "{}", switch.name);
    }
    let (output, engine) = answer(
        "setoption name Stage value 10\nsetoption name Stage value 21\nsetoption name stage\nsetoption name Stage value ten\n",
    );
    assert_eq!(engine.options.search, SearchConfig::preset(10).unwrap());
    let lines: Vec<&str> = output.lines().collect();
    assert_eq!(
        lines,
        [
            "info string option \"stage\": stage 21 is not a stage: they run from 1 to 20",
            "info string option \"stage\" needs a value",
            "info string option \"stage\": stage \"ten\" is not main or a whole number",
        ]
    );
    // Main is more than the last stage's preset, and `main` brings it back.
    let (_, engine) = answer("setoption name Stage value 20\n");
    assert_ne!(engine.options.search, SearchConfig::default());
    for main in ["main", "MAIN"] {
        let script = format!("setoption name Stage value 20\nsetoption name Stage value {main}\n");
        let (_, engine) = answer(&script);
        assert_eq!(engine.options.search, SearchConfig::default(), "{main}");
    }
}

#[test]
fn a_check_option_takes_true_or_false() {
    let value = OptionValue {
        name: "a switch",
        text: Some("maybe".to_string()),
    };
    assert_eq!(
        value.check(),
        Err("option \"a switch\": \"maybe\" is not true or false".to_string())
    );
    let value = |text: &str| OptionValue {
        name: "a switch",
        text: Some(text.to_string()),
    };
    assert_eq!(
        (value("true").check(), value("false").check()),
        (Ok(true), Ok(false))
    );
}

#[test]
fn stats_and_bench_take_a_stage_and_name_a_bad_one() {
    let (output, _) = answer("stats 1 stage 10\nbench 1 stage 12\n");
    let lines: Vec<&str> = output.lines().collect();
    assert_eq!(lines[0], "position nodes cutoffs first-move");
    assert_eq!(lines.len(), 7 + 13, "{output}");
    assert!(lines[19].ends_with(" nps"), "{output}");
    assert_eq!(
        measurement("bench", &["stage"], SearchConfig::default()),
        Err("bench stage needs a stage number or main".to_string())
    );
    assert_eq!(
        measurement("stats", &["1", "stage", "x"], SearchConfig::default()),
        Err("stage \"x\" is not main or a whole number".to_string())
    );
    assert_eq!(
        measurement("bench", &["stage", "21"], SearchConfig::default()),
        Err("stage 21 is not a stage: they run from 1 to 20".to_string())
    );
    assert_eq!(
        measurement("stats", &["2", "3", "stage", "10"], SearchConfig::default()),
        Err("stats takes one depth at most".to_string())
    );
}

#[test]
fn go_perft_prints_stockfishs_format() {
    let (output, _) = answer("position startpos moves e2e4\ngo perft 2\n");
    let (moves, total) = output.split_once("\n\n").unwrap();
    for line in moves.lines() {
        let (mv, count) = line.split_once(": ").expect("move: count");
        assert!(mv.len() == 4 && count.parse::<u64>().is_ok(), "{line}");
    }
    assert_eq!(total, "Nodes searched: 600\n");
}

#[test]
fn eval_shows_the_parts_and_both_points_of_view() {
    // Stage 7's evaluation, as every preset before stage 20 has it.
    let (output, _) = answer("set tuned off\neval\n");
    let lines: Vec<&str> = output.lines().collect();
    assert_eq!(
        lines,
        [
            "            midgame  endgame",
            "material          0        0",
            "placement         0        0",
            "total             0        0",
            "",
            "phase 24 of 24 (0 is the endgame)",
            "White's view: 0",
            "side to move (White): 0",
        ]
    );
    // After 1.e4 the pawn stands better than at home: good for White, so bad for Black,
    // who is to move.
    let (output, _) = answer("set tuned off\nposition startpos moves e2e4\neval\n");
    let view = |prefix: &str| -> i32 {
        let line = output.lines().find(|l| l.starts_with(prefix)).unwrap();
        line.rsplit(' ').next().unwrap().parse().unwrap()
    };
    assert!(view("White's view:") > 0, "{output}");
    assert_eq!(view("side to move (Black):"), -view("White's view:"));
    let (output, _) = answer("eval now\n");
    assert_eq!(output, "info string eval takes no arguments\n");
}

#[test]
fn eval_shows_each_term_of_the_tuned_evaluation_when_it_is_on() {
    let (output, _) = answer("set tuned on\nposition startpos moves e2e4 c7c5\neval\n");
    for group in crate::params::GROUPS {
        assert!(
            output.lines().any(|l| l.starts_with(group.name)),
            "{output}"
        );
    }
    let view = |prefix: &str| -> i32 {
        let line = output.lines().find(|l| l.starts_with(prefix)).unwrap();
        line.rsplit(' ').next().unwrap().parse().unwrap()
    };
    assert_eq!(view("side to move (White):"), view("White's view:"));
    let position =
        Position::from_fen("rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq c6 0 2")
            .unwrap();
    assert_eq!(
        view("White's view:"),
        crate::terms::evaluate(&position, &crate::tuned::TUNED)
    );
}

#[test]
fn d_shows_the_board_and_the_fen() {
    let (output, _) = answer("d\n");
    assert!(output.starts_with("8  r n b q k b n r\n"), "{output}");
    assert!(output.contains("Fen: rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n"));
}
