//! The positions a tuner learns from, read from the files `cargo xtask datagen` writes: one
//! position a line, `FEN | RESULT | GAME`, with `#` starting a comment line.
//!
//! Each position is read once, and what the tuner needs of it is kept: the terms its
//! evaluation counts (which parameter, how many times, White's less Black's), how far it is
//! from the endgame, its game's result and its game's number.

use cb2026::eval::Phase;
use cb2026::params::COUNT;
use cb2026::position::Position;
use cb2026::terms::{Tally, tally};

/// One position, as the tuner sees it.
#[derive(Clone, Debug, PartialEq)]
pub struct Sample {
    /// Each parameter the evaluation counts here and how many times, White's counts less
    /// Black's, those that cancel left out.
    pub terms: Vec<(u16, i16)>,
    /// The weight of the midgame values, from 1 (every piece on the board) to 0 (kings and
    /// pawns); the endgame values weigh the rest.
    pub midgame: f64,
    /// White's score in the position's game: 1, 0.5 or 0.
    pub result: f64,
    /// The game's number in its file.
    pub game: u32,
}

/// A tally that keeps the counts parameter by parameter.
struct Counts(Vec<i32>);

impl Tally for Counts {
    fn add(&mut self, index: usize, count: i32) {
        self.0[index] += count;
    }
}

/// The sample of `position`, whose game ended with `result` for White, in game `game`.
pub fn sample(position: &Position, result: f64, game: u32) -> Sample {
    let mut counts = Counts(vec![0; COUNT]);
    tally(position, &mut counts);
    let terms = (0..COUNT)
        .filter(|&i| counts.0[i] != 0)
        .map(|i| (i as u16, counts.0[i] as i16))
        .collect();
    Sample {
        terms,
        midgame: f64::from(Phase::of(position).value()) / f64::from(Phase::MIDGAME.value()),
        result,
        game,
    }
}

/// The sample of one line of a data file, or `None` for a comment or a blank line; an error
/// names what is wrong with a line that is neither.
pub fn parse_line(line: &str) -> Result<Option<Sample>, String> {
    let line = line.trim();
    if line.is_empty() || line.starts_with('#') {
        return Ok(None);
    }
    let fields: Vec<&str> = line.split('|').map(str::trim).collect();
    let [fen, result, game] = fields[..] else {
        return Err(format!("expected `FEN | RESULT | GAME`, found {line:?}"));
    };
    let position = Position::from_fen(fen).map_err(|e| format!("{fen:?}: {e}"))?;
    let result = match result {
        "1.0" => 1.0,
        "0.5" => 0.5,
        "0.0" => 0.0,
        other => return Err(format!("result {other:?} is not 1.0, 0.5 or 0.0")),
    };
    let game = game
        .parse()
        .map_err(|_| format!("game number {game:?} is not a whole number"))?;
    Ok(Some(sample(&position, result, game)))
}

/// Every sample of a data file's text, or the first bad line's number and error.
pub fn read(text: &str) -> Result<Vec<Sample>, String> {
    let mut samples = Vec::new();
    for (number, line) in text.lines().enumerate() {
        match parse_line(line) {
            Ok(Some(sample)) => samples.push(sample),
            Ok(None) => {}
            Err(e) => return Err(format!("line {}: {e}", number + 1)),
        }
    }
    Ok(samples)
}

/// The samples split for training and validation by game: every `every`-th game's positions
/// are held out for validation, so no game has positions on both sides, where the tuner could
/// learn a game's result from one and be checked on another.
pub fn split(samples: Vec<Sample>, every: u32) -> (Vec<Sample>, Vec<Sample>) {
    samples
        .into_iter()
        .partition(|s| !s.game.is_multiple_of(every.max(1)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use cb2026::params::{BISHOP_PAIR, MATERIAL};

    #[test]
    fn a_line_gives_its_terms_phase_result_and_game() {
        // White has the bishop pair and an extra bishop; everything else is symmetrical.
        let line = "4k3/pppppppp/8/8/8/8/PPPPPPPP/2B1KB2 w - - 0 1 | 1.0 | 7";
        let sample = parse_line(line).unwrap().unwrap();
        assert_eq!((sample.result, sample.game), (1.0, 7));
        assert_eq!(sample.midgame, 2.0 / 24.0);
        assert!(sample.terms.contains(&((MATERIAL + 2) as u16, 2)));
        assert!(sample.terms.contains(&(BISHOP_PAIR as u16, 1)));
        assert!(
            !sample.terms.iter().any(|&(i, _)| i == MATERIAL as u16),
            "pawns cancel"
        );
    }

    #[test]
    fn comments_and_blank_lines_are_skipped_and_a_bad_line_is_named() {
        assert_eq!(parse_line("# made by cargo xtask datagen"), Ok(None));
        assert_eq!(parse_line("   "), Ok(None));
        let error = read("# header\n8/8/8/8/8/8/8/8 w - - 0 1 | 1.0 | 0\n").unwrap_err();
        assert!(error.starts_with("line 2: "), "{error}");
        let error = parse_line("4k3/8/8/8/8/8/8/4K3 w - - 0 1 | 1 | 0").unwrap_err();
        assert!(error.contains("result \"1\""), "{error}");
        let error = parse_line("4k3/8/8/8/8/8/8/4K3 w - - 0 1 | 0.5").unwrap_err();
        assert!(error.contains("FEN | RESULT | GAME"), "{error}");
    }

    #[test]
    fn the_split_keeps_each_game_on_one_side() {
        let text = (0..30)
            .map(|g| format!("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 | 0.5 | {g}\n"))
            .collect::<String>();
        let (train, validation) = split(read(&text).unwrap(), 10);
        assert_eq!(
            validation.iter().map(|s| s.game).collect::<Vec<_>>(),
            [0, 10, 20]
        );
        assert_eq!(train.len(), 27);
    }
}
