//! One game between two engines: the moves asked for and checked, the clocks kept, and the
//! game ended by the rules or by an engine's fault.

use super::engine::{Engine, Silence};
use super::openings::Opening;
use super::rules::{self, RuleEnding};
use cb2026::movegen::find_move;
use cb2026::{Color, Move};
use std::time::{Duration, Instant};

/// How long an engine may think about one move in a game without a clock (a node limit)
/// before it is taken to hang.
const UNTIMED_MOVE_TIMEOUT: Duration = Duration::from_secs(60);

/// What each move is played under.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    /// A clock for each side: its time at the start, and the time added after each move.
    Clock {
        /// The time on each clock at the start.
        base: Duration,
        /// The time added to a side's clock after each of its moves.
        increment: Duration,
    },
    /// A fixed number of nodes a move (`go nodes N`), with no clock.
    Nodes(u64),
}

/// An engine's fault, which loses it the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fault {
    /// Its clock ran out (by more than the runner's margin).
    Time,
    /// It answered with a move that is not legal, or not a move.
    IllegalMove(String),
    /// It exited, or closed its output, during the game.
    Crash,
    /// It did not answer at all, not even when told to stop.
    Hang,
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ending {
    /// By the rules of chess.
    Rules(RuleEnding),
    /// By a fault of the side named, who loses.
    Fault(Color, Fault),
}

/// A move of the game with what the engine said of it, for the PGN.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayedMove {
    /// The move.
    pub mv: Move,
    /// The engine's last score and depth, and the time it took, as PGN comments write them
    /// (`+0.35/8 0.120s`).
    pub comment: String,
}

/// A finished game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    /// The names of White's and Black's engines.
    pub players: [String; Color::NUM],
    /// The opening it started from.
    pub opening: Opening,
    /// The moves played after the opening.
    pub moves: Vec<PlayedMove>,
    /// How it ended.
    pub ending: Ending,
}

impl Game {
    /// The side that won, or `None` for a draw.
    pub fn winner(&self) -> Option<Color> {
        match &self.ending {
            Ending::Rules(RuleEnding::Checkmate) => {
                // The side to move after the last move is the one mated.
                let plies = self.opening.moves.len() + self.moves.len();
                let first = self.opening.start().side_to_move();
                Some(if plies.is_multiple_of(2) {
                    !first
                } else {
                    first
                })
            }
            Ending::Rules(_) => None,
            Ending::Fault(side, _) => Some(!*side),
        }
    }
}

/// Plays a game from `opening` between `white` and `black` under `limit`. A side whose clock
/// runs out by more than `margin` loses on time.
pub fn play(
    white: &mut Engine,
    black: &mut Engine,
    opening: &Opening,
    limit: Limit,
    margin: Duration,
) -> Game {
    let players = [white.spec.name.clone(), black.spec.name.clone()];
    let mut engines = [white, black];
    let mut position = opening.start();
    let mut keys = vec![position.key()];
    let mut uci_moves: Vec<String> = Vec::new();
    for mv in &opening.moves {
        position = position.make(*mv);
        keys.push(position.key());
        uci_moves.push(mv.to_string());
    }
    let mut game = Game {
        players,
        opening: opening.clone(),
        moves: Vec::new(),
        ending: Ending::Rules(RuleEnding::Stalemate),
    };
    for color in Color::ALL {
        let engine = &mut engines[color.index()];
        if engine
            .send("ucinewgame")
            .and_then(|()| engine.ready())
            .is_err()
        {
            game.ending = Ending::Fault(color, Fault::Crash);
            return game;
        }
    }
    let base = match limit {
        Limit::Clock { base, .. } => base.as_millis() as i64,
        Limit::Nodes(_) => 0,
    };
    let mut clocks = [base; Color::NUM];
    loop {
        if let Some(ending) = rules::ending(&position, &keys) {
            game.ending = Ending::Rules(ending);
            return game;
        }
        let side = position.side_to_move();
        let engine = &mut engines[side.index()];
        let setup = if uci_moves.is_empty() {
            format!("position fen {}", opening.fen)
        } else {
            format!("position fen {} moves {}", opening.fen, uci_moves.join(" "))
        };
        let go = match limit {
            Limit::Clock { increment, .. } => {
                let inc = increment.as_millis();
                format!(
                    "go wtime {} btime {} winc {inc} binc {inc}",
                    clocks[0], clocks[1]
                )
            }
            Limit::Nodes(nodes) => format!("go nodes {nodes}"),
        };
        let started = Instant::now();
        let allowed = match limit {
            Limit::Clock { .. } => {
                Duration::from_millis(clocks[side.index()].max(0) as u64) + margin
            }
            Limit::Nodes(_) => UNTIMED_MOVE_TIMEOUT,
        };
        let answer = engine
            .send(&setup)
            .and_then(|()| engine.send(&go))
            .map_err(|_| Silence::Exited)
            .and_then(|()| engine.wait_for("bestmove", started + allowed));
        let elapsed = started.elapsed();
        let lines = match answer {
            Ok(lines) => lines,
            Err(Silence::Exited) => {
                game.ending = Ending::Fault(side, Fault::Crash);
                return game;
            }
            Err(Silence::Timeout) => {
                let answered = engine.stop();
                let fault = match (limit, answered) {
                    (Limit::Clock { .. }, true) => Fault::Time,
                    _ => Fault::Hang,
                };
                game.ending = Ending::Fault(side, fault);
                return game;
            }
        };
        if let Limit::Clock { increment, .. } = limit {
            if elapsed > allowed {
                game.ending = Ending::Fault(side, Fault::Time);
                return game;
            }
            clocks[side.index()] += increment.as_millis() as i64 - elapsed.as_millis() as i64;
        }
        let best = lines
            .last()
            .and_then(|line| line.split_whitespace().nth(1))
            .unwrap_or("")
            .to_string();
        let Ok(mv) = find_move(&position, &best) else {
            game.ending = Ending::Fault(side, Fault::IllegalMove(best));
            return game;
        };
        game.moves.push(PlayedMove {
            mv,
            comment: comment(&lines, elapsed),
        });
        position = position.make(mv);
        keys.push(position.key());
        uci_moves.push(best);
    }
}

/// The PGN comment for a move: the score (in pawns, or `#N` for a mate) and depth of the last
/// `info` line that had a score, and the time taken.
fn comment(lines: &[String], elapsed: Duration) -> String {
    let time = format!("{:.3}s", elapsed.as_secs_f64());
    let scored = lines.iter().rev().find_map(|line| {
        let words: Vec<&str> = line.split_whitespace().collect();
        let after = |key: &str| {
            words
                .iter()
                .position(|&w| w == key)
                .and_then(|i| words.get(i + 1))
        };
        let depth = after("depth")
            .filter(|depth| depth.parse::<u32>().is_ok())
            .copied()
            .unwrap_or("0");
        let score_at = words.iter().position(|&w| w == "score")?;
        let value: i64 = words.get(score_at + 2)?.parse().ok()?;
        let score = match *words.get(score_at + 1)? {
            "cp" => format!("{:+.2}", value as f64 / 100.0),
            "mate" => format!(
                "{}#{}",
                if value < 0 { "-" } else { "+" },
                value.unsigned_abs()
            ),
            _ => return None,
        };
        Some(format!("{score}/{depth} {time}"))
    });
    scored.unwrap_or(time)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::fake::{NEXT_MOVE, fake};

    /// A short clock: a fifth of a second, no increment.
    const SHORT: Limit = Limit::Clock {
        base: Duration::from_millis(200),
        increment: Duration::ZERO,
    };

    /// The start position, as an opening.
    fn start() -> Opening {
        Opening {
            fen: cb2026::Position::startpos().to_string(),
            moves: Vec::new(),
        }
    }

    /// A game between two fakes from the start position.
    fn game(mut white: Engine, mut black: Engine, limit: Limit) -> Game {
        play(
            &mut white,
            &mut black,
            &start(),
            limit,
            Duration::from_millis(50),
        )
    }

    #[test]
    fn a_game_is_played_to_mate_and_scored() {
        let white = fake("w", &["f2f3", "g2g4"], NEXT_MOVE);
        let black = fake("b", &["e7e5", "d8h4"], NEXT_MOVE);
        let played = game(white, black, SHORT);
        assert_eq!(played.ending, Ending::Rules(RuleEnding::Checkmate));
        assert_eq!(played.winner(), Some(Color::Black));
        assert_eq!(played.moves.len(), 4);
        assert!(
            played.moves[0].comment.starts_with("+0.05/1 "),
            "{:?}",
            played.moves[0]
        );
    }

    #[test]
    fn an_illegal_move_loses_and_is_named() {
        let white = fake("w", &["e2e4", "e2e4"], NEXT_MOVE);
        let black = fake("b", &["e7e5"], NEXT_MOVE);
        let played = game(white, black, SHORT);
        let illegal = Fault::IllegalMove("e2e4".to_string());
        assert_eq!(played.ending, Ending::Fault(Color::White, illegal));
        assert_eq!(played.winner(), Some(Color::Black));
    }

    #[test]
    fn a_crash_loses_the_game() {
        let white = fake("w", &["e2e4"], NEXT_MOVE);
        let black = fake("b", &[], "exit 3");
        let played = game(white, black, SHORT);
        assert_eq!(played.ending, Ending::Fault(Color::Black, Fault::Crash));
        assert_eq!(played.winner(), Some(Color::White));
    }

    #[test]
    fn an_answer_after_the_clock_runs_out_loses_on_time() {
        let white = fake("w", &["e2e4"], &format!("sleep 1; {NEXT_MOVE}"));
        let black = fake("b", &["e7e5"], NEXT_MOVE);
        let played = game(white, black, SHORT);
        assert_eq!(played.ending, Ending::Fault(Color::White, Fault::Time));
    }

    #[test]
    fn an_engine_that_never_answers_hangs_and_loses() {
        let white = fake("w", &["e2e4"], NEXT_MOVE);
        let black = fake("b", &[], "sleep 30");
        let played = game(white, black, SHORT);
        assert_eq!(played.ending, Ending::Fault(Color::Black, Fault::Hang));
    }

    #[test]
    fn the_clock_is_sent_with_each_go_and_nodes_without_one() {
        // The fake answers its first move only if `go` carries White's full 200 ms, no increment.
        let check = "case \"$line\" in *'wtime 200 btime 200 winc 0 binc 0'*) echo \"bestmove $1\"; shift ;; *) exit 1 ;; esac";
        let white = fake("w", &["f2f3", "g2g4"], check);
        let black = fake("b", &["e7e5", "d8h4"], NEXT_MOVE);
        let played = game(white, black, SHORT);
        let first = played.moves.first().map(|m| m.mv.to_string());
        assert_eq!(first.as_deref(), Some("f2f3"), "{:?}", played.ending);
        let check =
            "case \"$line\" in 'go nodes 1000') echo \"bestmove $1\"; shift ;; *) exit 1 ;; esac";
        let white = fake("w", &["f2f3", "g2g4"], check);
        let black = fake("b", &["e7e5", "d8h4"], NEXT_MOVE);
        let played = game(white, black, Limit::Nodes(1000));
        assert_eq!(played.ending, Ending::Rules(RuleEnding::Checkmate));
    }

    #[test]
    fn a_comment_gives_the_last_score_its_depth_and_the_time() {
        let lines: Vec<String> = [
            "info depth 1 score cp 12 pv e2e4",
            "info depth 7 seldepth 9 score cp -35 nodes 900 pv e2e4",
            "info string thinking hard",
            "bestmove e2e4",
        ]
        .map(String::from)
        .to_vec();
        assert_eq!(
            comment(&lines, Duration::from_millis(120)),
            "-0.35/7 0.120s"
        );
        let mate = ["info depth 3 score mate -2".to_string()];
        assert_eq!(comment(&mate, Duration::ZERO), "-#2/3 0.000s");
        assert_eq!(comment(&[], Duration::from_millis(5)), "0.005s");
    }

    #[test]
    fn a_comment_survives_the_most_negative_mate_and_a_depth_that_is_not_a_number() {
        let lines = ["info depth 5} score mate -9223372036854775808".to_string()];
        assert_eq!(
            comment(&lines, Duration::ZERO),
            "-#9223372036854775808/0 0.000s"
        );
    }
}
