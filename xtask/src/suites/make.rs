//! `cargo xtask suite make tactics|positional`: the suites made again from the project's own
//! games, judged by Stockfish. Every position of every recorded game is a candidate; the
//! candidates are shuffled by a seeded stream and taken in that order, each screened by a
//! shallow analysis and, if it passes, judged by a deep one, until the suite is full. The
//! same games, seed and Stockfish give the same suite.

use super::epd::SuitePosition;
use super::stockfish::{Ranked, Stockfish};
use crate::games::openings::from_pgn;
use crate::games::san::to_san;
use anyhow::{Context, Result};
use cb2026::attacked::in_check;
use cb2026::movegen::legal_moves;
use cb2026::rng::Rng;
use cb2026::{Move, Position};
use std::collections::HashSet;
use std::path::Path;

/// What a suite asks of a position, and how deep Stockfish looks to decide.
#[derive(Clone, Copy, Debug)]
pub struct Recipe {
    /// The suite's name: `tactics` or `positional`.
    pub name: &'static str,
    /// How many positions the suite holds.
    pub count: usize,
    /// How many moves Stockfish ranks (`MultiPV`).
    pub multipv: usize,
    /// The depth of the screening analysis.
    pub screen_depth: u32,
    /// The depth of the analysis that decides.
    pub depth: u32,
    /// Whether a position qualifies, given Stockfish's ranked moves and the position's
    /// candidate (for what the game did just before).
    pub qualifies: fn(&Candidate, &[Ranked]) -> bool,
    /// The moves that earn points, with their points, from Stockfish's ranked moves.
    pub points: fn(&[Ranked]) -> Vec<(String, u32)>,
    /// The rule, in words, for the suite's header.
    pub rule: &'static str,
}

/// The seed of the shuffle that orders the candidates.
pub const SEED: u64 = 2026;

/// The tactical suite's margin: the best move must be at least this many centipawns better
/// than the second best.
pub const TACTIC_MARGIN: i32 = 150;

/// The tactical suite: one move clearly best, the position not already decided.
pub const TACTICS: Recipe = Recipe {
    name: "tactics",
    count: 300,
    multipv: 2,
    screen_depth: 10,
    depth: 18,
    qualifies: |candidate, ranked| {
        let [best, second, ..] = ranked else {
            return false;
        };
        best.cp - second.cp >= TACTIC_MARGIN
            && best.cp >= -200
            && second.cp <= 300
            && !candidate.recaptures(&best.mv)
    },
    points: |ranked| vec![(ranked[0].mv.clone(), 1)],
    rule: "Stockfish's best move is at least 150 cp better than its second (MultiPV 2); the \
           best scores at least -200 cp and the second at most 300 cp (the game is not \
           decided yet); the best move is not a plain recapture on the square the last move \
           captured on. Solving means playing the best move: 1 point.",
};

/// The positional suite: a quiet best move in a balanced position, with close alternatives.
pub const POSITIONAL: Recipe = Recipe {
    name: "positional",
    count: 150,
    multipv: 4,
    screen_depth: 8,
    depth: 14,
    qualifies: |candidate, ranked| {
        let [best, second, ..] = ranked else {
            return false;
        };
        let margin = best.cp - second.cp;
        best.cp.abs() <= 200 && (20..100).contains(&margin) && candidate.is_quiet(&best.mv)
    },
    points: |ranked| {
        let best = ranked[0].cp;
        let scored = ranked
            .iter()
            .map(|r| (r.mv.clone(), positional_points(best - r.cp)));
        scored.filter(|&(_, points)| points > 0).collect()
    },
    rule: "Stockfish's four best moves (MultiPV 4); the best scores within 200 cp of level, \
           is no capture or promotion, and is 20 to 99 cp better than the second. Points as \
           the Strategic Test Suite gives them: 10 for the best move, and for each of the \
           others 10 less one point for every 10 cp (or part of it) it is worse, none at \
           100 cp or worse.",
};

/// A move's points in the positional suite, from how many centipawns it is worse than the
/// best: 10 for none, one fewer for every 10 or part of it, 0 from 100.
pub fn positional_points(loss: i32) -> u32 {
    let steps = (loss.max(0) + 9) / 10;
    (10 - steps).max(0) as u32
}

/// A position from a game, as a candidate for a suite.
#[derive(Clone, Debug)]
pub struct Candidate {
    /// The position.
    pub position: Position,
    /// The move that led to it in the game, if it was played in the game.
    pub last: Option<Move>,
    /// Where it came from: the PGN file's name, the game's number in it and the ply.
    pub origin: String,
}

impl Candidate {
    /// Whether the UCI move `uci` takes back on the square the last move captured on.
    fn recaptures(&self, uci: &str) -> bool {
        let last_captured = self.last.filter(|mv| mv.is_capture());
        last_captured.is_some_and(|last| uci.get(2..4) == Some(last.to().to_string().as_str()))
    }

    /// Whether the UCI move `uci` captures nothing and promotes nothing.
    fn is_quiet(&self, uci: &str) -> bool {
        let moves = legal_moves(&self.position);
        let found = moves.as_slice().iter().find(|mv| mv.to_string() == uci);
        found.is_some_and(|mv| !mv.is_capture() && mv.promotion().is_none())
    }
}

/// Every position of the games in `folder`'s PGN files (by file name, then game, then ply)
/// that is not in check and has at least two legal moves, each once.
pub fn candidates(folder: &Path) -> Result<Vec<Candidate>> {
    let mut files: Vec<_> = std::fs::read_dir(folder)
        .with_context(|| folder.display().to_string())?
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .filter(|path| path.extension().is_some_and(|e| e == "pgn"))
        .collect();
    files.sort();
    let mut seen = HashSet::new();
    let mut found = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(&file).with_context(|| file.display().to_string())?;
        let games = from_pgn(&text).with_context(|| file.display().to_string())?;
        let name = file.file_name().unwrap_or_default().to_string_lossy();
        for (game, opening) in games.iter().enumerate() {
            let (mut position, mut last) = (opening.start(), None);
            for ply in 0..=opening.moves.len() {
                let playable = legal_moves(&position).len() >= 2 && !in_check(&position);
                if playable && seen.insert(position.key()) {
                    let origin = format!("{name} game {} ply {ply}", game + 1);
                    found.push(Candidate {
                        position: position.clone(),
                        last,
                        origin,
                    });
                }
                if let Some(&mv) = opening.moves.get(ply) {
                    (position, last) = (position.make(mv), Some(mv));
                }
            }
        }
    }
    Ok(found)
}

/// `candidates` in the order of a shuffle seeded with `seed` (Fisher and Yates).
pub fn shuffled(mut candidates: Vec<Candidate>, seed: u64) -> Vec<Candidate> {
    let mut rng = Rng::new(seed);
    for i in (1..candidates.len()).rev() {
        let j = (rng.next_u64() % (i as u64 + 1)) as usize;
        candidates.swap(i, j);
    }
    candidates
}

/// The suite `recipe` describes, `count` positions chosen from `candidates` in their order by
/// `stockfish`, printing each position kept and handing the suite so far to `keep`, with the
/// number of candidates looked at.
pub fn select(
    recipe: &Recipe,
    count: usize,
    candidates: &[Candidate],
    stockfish: &mut Stockfish,
    mut keep: impl FnMut(&[SuitePosition], usize) -> Result<()>,
) -> Result<Vec<SuitePosition>> {
    let mut suite = Vec::new();
    for (screened, candidate) in (1..).zip(candidates) {
        if suite.len() == count {
            break;
        }
        let fen = candidate.position.to_string();
        let shallow = stockfish.analyse(&fen, recipe.screen_depth)?;
        if !(recipe.qualifies)(candidate, &shallow) {
            continue;
        }
        let deep = stockfish.analyse(&fen, recipe.depth)?;
        if !(recipe.qualifies)(candidate, &deep) {
            continue;
        }
        let kept = suite_position(recipe, candidate, &deep, suite.len() + 1)?;
        println!(
            "{:>4} {} ({screened} screened)",
            suite.len() + 1,
            kept.to_line()
        );
        suite.push(kept);
        keep(&suite, screened)?;
    }
    Ok(suite)
}

/// The suite's entry for `candidate`, numbered `number`, from Stockfish's ranked moves.
fn suite_position(
    recipe: &Recipe,
    candidate: &Candidate,
    ranked: &[Ranked],
    number: usize,
) -> Result<SuitePosition> {
    let position = &candidate.position;
    let best = cb2026::movegen::find_move(position, &ranked[0].mv).map_err(anyhow::Error::msg)?;
    let scores: Vec<String> = ranked
        .iter()
        .map(|r| format!("{} {}", r.mv, r.shown))
        .collect();
    Ok(SuitePosition {
        fen: position.to_string(),
        id: format!("cb2026 {} {number:03}", recipe.name),
        best_san: to_san(position, best),
        scored: (recipe.points)(ranked),
        comment: format!(
            "{}; depth {}: {}",
            candidate.origin,
            recipe.depth,
            scores.join(", ")
        ),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positional_points_fall_a_point_for_every_ten_centipawns() {
        let points: Vec<u32> = [0, 1, 10, 11, 55, 90, 91, 100, 250]
            .into_iter()
            .map(positional_points)
            .collect();
        assert_eq!(points, [10, 9, 9, 8, 4, 1, 0, 0, 0]);
    }

    #[test]
    fn the_shuffle_is_the_same_for_a_seed_and_keeps_every_candidate() {
        let games = "1. e4 e5 2. Nf3 Nc6 *\n";
        let folder = std::env::temp_dir().join(format!("cb2026-suite-{}", std::process::id()));
        std::fs::create_dir_all(&folder).unwrap();
        std::fs::write(folder.join("a.pgn"), games).unwrap();
        let found = candidates(&folder).unwrap();
        std::fs::remove_dir_all(&folder).unwrap();
        assert_eq!(found.len(), 5, "the start and four plies");
        assert_eq!(found[4].origin, "a.pgn game 1 ply 4");
        let order = |seed| -> Vec<String> {
            shuffled(found.clone(), seed)
                .iter()
                .map(|c| c.origin.clone())
                .collect()
        };
        assert_eq!(order(1), order(1));
        let mut sorted = order(1);
        sorted.sort();
        let mut all: Vec<String> = found.iter().map(|c| c.origin.clone()).collect();
        all.sort();
        assert_eq!(sorted, all);
    }
}
