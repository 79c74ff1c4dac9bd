//! `cargo xtask datagen`: positions from the engine's own games, each with the game's result,
//! for tuning the evaluation (chapter 15).
//!
//! Each game starts from an opening of its own, eight random quiet developing plies from the
//! start position, drawn as the repository's opening set is (see [`openings::generate`]) but
//! without the search that judges each one level, which would cost more than the game: a
//! tuner learns from unbalanced positions too, as long as they are varied. Both sides play
//! with the same search, stopped after a fixed number of nodes a move. A game ends by the
//! rules (mate, stalemate, repetition, the fifty-move rule, insufficient material), or when
//! the side to move's search finds a forced mate, which decides the game for the side it
//! favours; a game still going after [`MAX_PLIES`] plies is scored a draw.
//!
//! A position is kept when it is quiet enough for a static evaluation to say something about
//! it: the side to move is not in check, the move the search chose is neither a capture nor a
//! promotion, and the search found no forced mate. Each kept position is written with the
//! result of its game, so the tuner can ask which evaluation predicts the results best.
//!
//! The format is plain text, one position a line: `FEN | RESULT | GAME`, where RESULT is
//! White's score in the game (`1.0`, `0.5` or `0.0`) and GAME the game's number from 0, which
//! lets the tuner keep every position of a game on one side of its training and validation
//! split. Lines that start with `#` are comments; the first ones say how the file was made.
//! Everything follows from the seed: the same command writes the same file, on any machine
//! and with any number of threads, because each game is played alone from its own opening
//! with a fixed node count, and the file lists the games in order.

use crate::cli::positive;
use crate::games::openings;
use crate::games::rules::{RuleEnding, ending};
use anyhow::Result;
use cb2026::attacked::in_check;
use cb2026::config::{SWITCHES, SearchConfig};
use cb2026::limits::Limits;
use cb2026::ordering::tables::OrderingTables;
use cb2026::score::MATE_BOUND;
use cb2026::search::{Memory, Signals, Task, think};
use cb2026::tt::TranspositionTable;
use cb2026::{Color, Position};
use std::fmt::Write as _;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Instant;

/// The longest game played, in plies: past it a game is scored a draw.
pub const MAX_PLIES: usize = 400;

/// The plies of each game's random opening.
pub const OPENING_PLIES: usize = 8;

/// The transposition table each game's searches share, in megabytes.
const TABLE_MB: usize = 8;

/// `cargo xtask datagen`: how many games, how deep each move is searched, and where the
/// positions go.
#[derive(Debug, clap::Args)]
pub struct DatagenArgs {
    /// How many games to play.
    #[arg(long, value_parser = crate::cli::game_count)]
    games: usize,
    /// Nodes searched for each move.
    #[arg(long, default_value = "5000", value_parser = positive)]
    nodes: u64,
    /// The seed the openings are drawn from: the same seed gives the same file.
    #[arg(long, default_value = "1")]
    seed: u64,
    /// Games played at once, one a core.
    #[arg(long, default_value = "2", value_parser = crate::cli::thread_count)]
    threads: usize,
    /// The stage whose search plays (its preset); main's default search if not given.
    #[arg(long)]
    stage: Option<u32>,
    /// The file to write [default: target/datagen/self-play-SEED.txt].
    #[arg(long)]
    out: Option<PathBuf>,
}

/// One game's kept positions and its result.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayedGame {
    /// The FEN of each kept position, in the order played.
    pub positions: Vec<String>,
    /// White's score in the game.
    pub white_score: f64,
    /// How many plies were played from the opening.
    pub plies: usize,
}

/// Runs `cargo xtask datagen` with `args`.
pub fn main(args: &DatagenArgs) -> Result<()> {
    let config = match args.stage {
        Some(stage) => SearchConfig::preset(stage)?,
        None => SearchConfig::default(),
    };
    let out = args.out.clone().unwrap_or_else(|| {
        crate::repo_root().join(format!("target/datagen/self-play-{}.txt", args.seed))
    });
    let games = args.games;
    // Before the games, while the working tree is the one this command was built from.
    let engine = revision();
    eprintln!("choosing {games} openings from seed {} ...", args.seed);
    let openings = openings::generate(args.seed, games, OPENING_PLIES, |_| true)?;
    let started = Instant::now();
    let played = play_all(&openings, args.nodes, config, args.threads);
    let kept: usize = played.iter().map(|g| g.positions.len()).sum();
    let mut text = header(args, config, &engine, kept);
    for (number, game) in played.iter().enumerate() {
        for fen in &game.positions {
            let _ = writeln!(text, "{fen} | {:.1} | {number}", game.white_score);
        }
    }
    crate::chapters::write(&crate::repo_root(), &out, &text)?;
    eprintln!(
        "{games} games, {kept} positions, in {:.0} s: {}",
        started.elapsed().as_secs_f64(),
        out.display()
    );
    Ok(())
}

/// The comment lines that open a data file: the command that made it and what it holds.
fn header(args: &DatagenArgs, config: SearchConfig, engine: &str, kept: usize) -> String {
    let search = match args.stage {
        Some(stage) => format!("stage {stage}'s preset"),
        None => "main's default".to_string(),
    };
    let switches: Vec<&str> = SWITCHES
        .iter()
        .filter(|switch| config.is_on(switch.flag))
        .map(|switch| switch.name)
        .collect();
    format!(
        "# cb2026 self-play positions: FEN | White's score in the game | game number\n\
         # made by: {}\n\
         # engine: cb2026 at {engine} ({search}: {}), {} nodes a move, table {TABLE_MB} MB\n\
         # games: {}, openings of {OPENING_PLIES} random developing plies from seed {}; positions kept: {kept}\n",
        crate::cli::command_line(),
        switches.join(" "),
        args.nodes,
        args.games,
        args.seed,
    )
}

/// The commit the engine was built from, as `git` names it, with a note when the working tree
/// had changes on top of it.
fn revision() -> String {
    let git = |args: &[&str]| {
        crate::run_output(std::process::Command::new("git").args(args))
            .map(|out| out.trim().to_string())
    };
    match (
        git(&["rev-parse", "--short", "HEAD"]),
        git(&["status", "--porcelain"]),
    ) {
        (Ok(commit), Ok(changes)) if changes.is_empty() => commit,
        (Ok(commit), _) => format!("{commit} with uncommitted changes"),
        (Err(_), _) => "an unknown commit".to_string(),
    }
}

/// Plays a game from each of `openings` on `threads` threads, and returns them in the
/// openings' order, whatever order they finished in.
pub fn play_all(
    openings: &[Position],
    nodes: u64,
    config: SearchConfig,
    threads: usize,
) -> Vec<PlayedGame> {
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let mut results: Vec<Option<PlayedGame>> = vec![None; openings.len()];
    let slots = std::sync::Mutex::new(&mut results);
    std::thread::scope(|scope| {
        for _ in 0..threads.max(1) {
            scope.spawn(|| {
                loop {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    let Some(opening) = openings.get(index) else {
                        break;
                    };
                    let game = play(opening, nodes, config);
                    slots.lock().expect("no thread panics holding it")[index] = Some(game);
                    let finished = done.fetch_add(1, Ordering::Relaxed) + 1;
                    if finished.is_multiple_of(100) {
                        eprintln!("{finished} of {} games", openings.len());
                    }
                }
            });
        }
    });
    results
        .into_iter()
        .map(|game| game.expect("every game was played"))
        .collect()
}

/// Plays one game from `opening`, each move searched `nodes` nodes under `config`, and
/// returns its kept positions and result.
pub fn play(opening: &Position, nodes: u64, config: SearchConfig) -> PlayedGame {
    let mut table = TranspositionTable::new(TABLE_MB).expect("a small table fits");
    let mut tables = OrderingTables::default();
    let stop = AtomicBool::new(false);
    let pondering = AtomicBool::new(false);
    let limits = Limits {
        nodes: Some(nodes),
        ..Limits::default()
    };
    let mut position = opening.clone();
    let mut keys = vec![position.key()];
    let mut kept = Vec::new();
    let mut plies = 0;
    let white_score = loop {
        if let Some(end) = ending(&position, &keys) {
            break match end {
                RuleEnding::Checkmate => score_for_white(!position.side_to_move()),
                _ => 0.5,
            };
        }
        if plies >= MAX_PLIES {
            break 0.5;
        }
        let history = &keys[..keys.len() - 1];
        let task = Task {
            position: &position,
            history,
            limits: &limits,
            config,
        };
        let signals = Signals {
            stop: &stop,
            pondering: &pondering,
            started: Instant::now(),
        };
        let memory = Memory {
            table: &mut table,
            tables: &mut tables,
        };
        let outcome = think(task, signals, memory, |_| {});
        let best = outcome
            .best
            .expect("a position the rules did not end has a move");
        if outcome.score.abs() >= MATE_BOUND {
            let winner = if outcome.score > 0 {
                position.side_to_move()
            } else {
                !position.side_to_move()
            };
            break score_for_white(winner);
        }
        if !in_check(&position) && !best.is_capture() && best.promotion().is_none() {
            kept.push(position.to_string());
        }
        position = position.make(best);
        keys.push(position.key());
        plies += 1;
    };
    PlayedGame {
        positions: kept,
        white_score,
        plies,
    }
}

/// White's score in a game that `winner` won.
fn score_for_white(winner: Color) -> f64 {
    match winner {
        Color::White => 1.0,
        Color::Black => 0.0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A position where White mates at once: the game must end there, won by White, and the
    /// position itself, whose best move is the mate, is a quiet move's position.
    #[test]
    fn a_game_that_reaches_a_mate_is_scored_for_the_winner() {
        let mate_in_one = Position::from_fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1").unwrap();
        let game = play(&mate_in_one, 2_000, SearchConfig::default());
        assert_eq!(game.white_score, 1.0);
        assert!(
            game.positions.is_empty(),
            "a position with a forced mate is not kept"
        );
    }

    #[test]
    fn a_drawn_ending_is_scored_half_and_no_position_in_check_is_kept() {
        // King and knight against king: the rules end it at once, as insufficient material.
        let bare = Position::from_fen("8/8/4k3/8/8/3NK3/8/8 w - - 0 1").unwrap();
        let game = play(&bare, 2_000, SearchConfig::default());
        assert_eq!((game.white_score, game.plies), (0.5, 0));
        let played = play(&Position::startpos(), 300, SearchConfig::default());
        for fen in &played.positions {
            assert!(!in_check(&Position::from_fen(fen).unwrap()), "{fen}");
        }
    }

    #[test]
    fn the_same_openings_give_the_same_games_on_one_thread_or_two() {
        let openings = openings::generate(3, 4, OPENING_PLIES, |_| true).unwrap();
        let one = play_all(&openings, 300, SearchConfig::default(), 1);
        let two = play_all(&openings, 300, SearchConfig::default(), 2);
        assert_eq!(one, two);
        assert!(one.iter().all(|g| g.plies > 0));
    }
}
