//! Stockfish as the suites' judge: Debian's build, one thread, a fixed hash, asked for its
//! best few moves (`MultiPV`) at a fixed depth from a cleared state, so that the same version
//! gives the same answer on every machine.

use crate::games::engine::{Engine, EngineSpec};
use anyhow::{Result, anyhow};
use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

/// Where Debian installs Stockfish.
pub const STOCKFISH: &str = "/usr/games/stockfish";

/// A mate is scored as this many centipawns, less the moves it takes, so that any mate is
/// worth more than any material and a quicker mate more than a slower one.
const MATE_CP: i32 = 30_000;

/// The most lines Stockfish's `MultiPV` gives: a `multipv` index outside 1 to this is garbled.
const MAX_MULTI_PV: usize = 500;

/// How long one analysis may take before Stockfish is thought to hang.
const ANALYSIS_TIMEOUT: Duration = Duration::from_secs(600);

/// One of the moves Stockfish ranks, with its score for the side to move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ranked {
    /// The move, in UCI notation.
    pub mv: String,
    /// Its score in centipawns, a mate counted as [`MATE_CP`] less the moves to it.
    pub cp: i32,
    /// The score as Stockfish wrote it (`cp 35`, `mate 3`).
    pub shown: String,
}

/// Stockfish running, set up for analysis.
pub struct Stockfish {
    /// The process.
    engine: Engine,
    /// The version it names itself with (`Stockfish 15.1`).
    pub version: String,
}

impl Stockfish {
    /// Starts Debian's Stockfish (installing it with apt-get if it is missing) with one thread,
    /// `hash_mb` of hash and `multipv` lines.
    pub fn start(hash_mb: u32, multipv: usize) -> Result<Stockfish> {
        install()?;
        let spec = EngineSpec {
            name: "stockfish".to_string(),
            command: vec![STOCKFISH.to_string()],
            options: vec![
                ("Threads".to_string(), "1".to_string()),
                ("Hash".to_string(), hash_mb.to_string()),
                ("MultiPV".to_string(), multipv.to_string()),
            ],
        };
        let mut engine = Engine::start(&spec)?;
        engine.send("uci")?;
        let lines = engine
            .wait_for("uciok", Instant::now() + Duration::from_secs(10))
            .map_err(|e| anyhow!("stockfish: no uciok ({e:?})"))?;
        let version = lines
            .iter()
            .find_map(|l| l.strip_prefix("id name "))
            .unwrap_or("Stockfish (unnamed)")
            .to_string();
        Ok(Stockfish { engine, version })
    }

    /// Stockfish's best moves in the position `fen` at `depth`, best first, from a cleared
    /// hash. Bounds (`lowerbound`, `upperbound`) are not scores and are passed over.
    pub fn analyse(&mut self, fen: &str, depth: u32) -> Result<Vec<Ranked>> {
        self.engine.send("ucinewgame")?;
        self.engine.ready()?;
        self.engine.send(&format!("position fen {fen}"))?;
        self.engine.send(&format!("go depth {depth}"))?;
        let lines = self
            .engine
            .wait_for("bestmove", Instant::now() + ANALYSIS_TIMEOUT)
            .map_err(|e| anyhow!("stockfish: no bestmove for {fen} ({e:?})"))?;
        let mut ranked: Vec<Option<Ranked>> = Vec::new();
        for line in &lines {
            if let Some((index, found)) = parse_info(line, depth) {
                if ranked.len() < index {
                    ranked.resize(index, None);
                }
                ranked[index - 1] = Some(found);
            }
        }
        Ok(ranked.into_iter().flatten().collect())
    }
}

/// The `multipv` index and the ranked move of an `info` line that reports a score at `depth`,
/// if `line` is one.
fn parse_info(line: &str, depth: u32) -> Option<(usize, Ranked)> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let after = |key: &str| {
        let at = words.iter().position(|&w| w == key)?;
        words.get(at + 1).copied()
    };
    if words.first() != Some(&"info")
        || after("depth")?.parse::<u32>().ok()? != depth
        || words.contains(&"lowerbound")
        || words.contains(&"upperbound")
    {
        return None;
    }
    let index: usize = after("multipv").unwrap_or("1").parse().ok()?;
    if !(1..=MAX_MULTI_PV).contains(&index) {
        return None;
    }
    let at = words.iter().position(|&w| w == "score")?;
    let (kind, value) = (*words.get(at + 1)?, words.get(at + 2)?.parse::<i32>().ok()?);
    // A score beyond a mate's, or a mate further than that, is not one Stockfish gives: the
    // line is garbled.
    let cp = match kind {
        "cp" if (-MATE_CP..=MATE_CP).contains(&value) => value,
        "mate" if (1..MATE_CP).contains(&value) => MATE_CP - value,
        "mate" if (-MATE_CP..=0).contains(&value) => -MATE_CP - value,
        _ => return None,
    };
    let mv = after("pv")?.to_string();
    let shown = format!("{kind} {value}");
    Some((index, Ranked { mv, cp, shown }))
}

/// Installs Debian's `stockfish` package if it is missing.
fn install() -> Result<()> {
    if Path::new(STOCKFISH).exists() {
        return Ok(());
    }
    println!("installing Debian's stockfish package");
    crate::run(Command::new("apt-get").arg("update"))?;
    crate::run(Command::new("apt-get").args(["install", "-y", "stockfish"]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn info_lines_give_the_move_and_score_at_the_depth_asked() {
        let line = "info depth 18 seldepth 30 multipv 2 score cp -9 nodes 7 pv d2d3 f8c5";
        let (index, ranked) = parse_info(line, 18).unwrap();
        assert_eq!(index, 2);
        assert_eq!((ranked.mv.as_str(), ranked.cp), ("d2d3", -9));
        assert_eq!(ranked.shown, "cp -9");
        let mate = "info depth 5 multipv 1 score mate 2 nodes 7 pv h5f7";
        assert_eq!(parse_info(mate, 5).unwrap().1.cp, MATE_CP - 2);
        let mated = "info depth 5 multipv 1 score mate -1 nodes 7 pv e8d8";
        assert_eq!(parse_info(mated, 5).unwrap().1.cp, -MATE_CP + 1);
        assert!(parse_info(line, 17).is_none(), "another depth");
        let bound = "info depth 18 multipv 1 score cp 20 lowerbound nodes 7 pv e2e4";
        assert!(parse_info(bound, 18).is_none(), "a bound is not a score");
        for garbled in [
            "info depth 5 multipv 0 score cp 1 pv e2e4",
            "info depth 5 multipv 100000000 score cp 1 pv e2e4",
            "info depth 5 score mate -2147483648 pv e2e4",
            "info depth 5 score cp -2147483648 pv e2e4",
            "info depth 5 score mate 40000 pv e2e4",
        ] {
            assert!(parse_info(garbled, 5).is_none(), "{garbled}");
        }
    }
}
