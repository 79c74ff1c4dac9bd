//! `cargo xtask suite tactics|positional`: an engine run over a suite, position by position,
//! each from a fresh `ucinewgame`, under a node limit (the same answer on every machine) or a
//! time limit (an answer that depends on the machine and its load).

use super::epd::SuitePosition;
use crate::games::engine::{Engine, EngineSpec};
use anyhow::{Result, anyhow};
use std::time::{Duration, Instant};

/// How an engine is limited on each position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SuiteLimit {
    /// `go nodes N`: deterministic.
    Nodes(u64),
    /// `go movetime MS`: depends on the machine's speed and load.
    Time(u64),
}

impl SuiteLimit {
    /// The limit as a record writes it: `nodes=N` or `time=MSms`.
    pub fn name(self) -> String {
        match self {
            SuiteLimit::Nodes(nodes) => format!("nodes={nodes}"),
            SuiteLimit::Time(millis) => format!("time={millis}ms"),
        }
    }

    /// The `go` command that asks for one move under this limit.
    fn go(self) -> String {
        match self {
            SuiteLimit::Nodes(nodes) => format!("go nodes {nodes}"),
            SuiteLimit::Time(millis) => format!("go movetime {millis}"),
        }
    }

    /// How long to wait for the answer before the engine is thought to hang.
    fn patience(self) -> Duration {
        match self {
            SuiteLimit::Nodes(_) => Duration::from_secs(300),
            SuiteLimit::Time(millis) => Duration::from_millis(millis) + Duration::from_secs(10),
        }
    }
}

/// What an engine scored on a suite.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Score {
    /// The positions played.
    pub positions: usize,
    /// The positions where the engine played the best move.
    pub solved: usize,
    /// The points earned.
    pub points: u32,
    /// The most points the suite gives.
    pub max_points: u32,
}

impl Score {
    /// Counts one position in which the engine played `played`.
    pub fn add(&mut self, position: &SuitePosition, played: &str) {
        let points = position.points(played);
        self.positions += 1;
        self.solved += usize::from(points == position.best_points());
        self.points += points;
        self.max_points += position.best_points();
    }
}

/// Runs the engine `spec` over `suite` under `limit`, printing a line a position, and
/// returns its score.
pub fn run(spec: &EngineSpec, suite: &[SuitePosition], limit: SuiteLimit) -> Result<Score> {
    let mut engine = Engine::start(spec)?;
    let mut score = Score::default();
    for position in suite {
        engine.send("ucinewgame")?;
        engine.ready()?;
        engine.send(&format!("position fen {}", position.fen))?;
        engine.send(&limit.go())?;
        let lines = engine
            .wait_for("bestmove", Instant::now() + limit.patience())
            .map_err(|e| anyhow!("{}: no bestmove from {} ({e:?})", position.id, spec.name))?;
        let answer = lines.last().map_or("", String::as_str);
        let played = answer.split_whitespace().nth(1).unwrap_or("none");
        score.add(position, played);
        println!(
            "{:<24} best {:<7} played {:<6} {:>2} of {:>2} points",
            position.id,
            position.best_san,
            played,
            position.points(played),
            position.best_points()
        );
    }
    Ok(score)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_score_counts_solved_positions_and_points() {
        let position = SuitePosition {
            fen: "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1".to_string(),
            id: "test".to_string(),
            best_san: "e4".to_string(),
            scored: vec![("e2e4".to_string(), 10), ("e2e3".to_string(), 7)],
            comment: String::new(),
        };
        let mut score = Score::default();
        for played in ["e2e4", "e2e3", "e1d1"] {
            score.add(&position, played);
        }
        let expected = Score {
            positions: 3,
            solved: 1,
            points: 17,
            max_points: 30,
        };
        assert_eq!(score, expected);
        assert_eq!(SuiteLimit::Nodes(5000).name(), "nodes=5000");
        assert_eq!(SuiteLimit::Time(100).go(), "go movetime 100");
    }
}
