//! A run's record: what was played, by whom, under what, and every pair's result, kept in
//! `book/data/games/NAME.toml` beside the run's PGN, `NAME.pgn`. The book quotes a record
//! through the figures it yields (`summary`): the counts, and the Elo, interval and LLR
//! computed from them, so a quoted result can always be traced to the games.

use super::stats::{Estimate, Pentanomial, Sprt, Verdict, elo_text};
use crate::figures::Source;
use anyhow::{Context, Result};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::path::Path;
use std::str::FromStr;

/// Where records are kept, from the repository's root.
pub const RECORDS: &str = "book/data/games";

/// A run of games, as saved.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Record {
    /// The command that played it, to run it again.
    pub command: String,
    /// The day it was played, `YYYY-MM-DD`.
    pub date: String,
    /// The machine it was played on.
    pub machine: String,
    /// The first engine, A, whose results the record counts: its name and what it was built
    /// from.
    pub engine_a: String,
    /// The second engine, B.
    pub engine_b: String,
    /// The time control (`8+0.08`, seconds and increment) or node limit (`nodes=5000`).
    pub limit: String,
    /// The opening set: its file, how many openings it has, and the version played.
    pub openings: OpeningSet,
    /// How many games were played at once.
    pub concurrency: usize,
    /// How far past its clock an engine may answer before it loses on time, in ms.
    pub margin_ms: u64,
    /// The SPRT's hypotheses, if the run was one.
    pub sprt: Option<Sprt>,
    /// Whether the run ended; a record from before runs could be resumed ended.
    #[serde(default)]
    pub status: Status,
    /// Each time the run was resumed: the day, and how many pairs it had then.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub resumed: Vec<String>,
    /// Every pair, in the order it finished, each written on one line ([`PairResult`]).
    pub pairs: Vec<PairResult>,
}

/// The opening set a run played, as its record names it: `PATH (N openings, git blob ID)`,
/// possibly with a note after the blob (`…, git blob ID: why)`). The blob is the version of
/// the file that was played, which a resumed run plays again; records from before blobs were
/// kept name only the file and the count.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct OpeningSet {
    /// The file, from the repository's root.
    pub path: String,
    /// How many openings it held.
    pub count: usize,
    /// The git blob of the version played, abbreviated, if the record names it.
    pub blob: Option<String>,
    /// A note on the set, after the blob.
    pub note: Option<String>,
}

impl OpeningSet {
    /// Whether `other` names the same file with as many openings: the same set for a resumed
    /// run, which plays the version its record names whatever the file holds now.
    pub fn same_file(&self, other: &OpeningSet) -> bool {
        self.path == other.path && self.count == other.count
    }
}

impl fmt::Display for OpeningSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({} openings", self.path, self.count)?;
        if let Some(blob) = &self.blob {
            write!(f, ", git blob {blob}")?;
        }
        if let Some(note) = &self.note {
            write!(f, ": {note}")?;
        }
        write!(f, ")")
    }
}

impl FromStr for OpeningSet {
    type Err = String;

    fn from_str(text: &str) -> Result<OpeningSet, String> {
        let bad = || format!("openings {text:?}: write PATH (N openings, git blob ID)");
        // The path may hold " (" itself: the count's parenthesis is the last one a digit opens.
        let (at, _) = text
            .match_indices(" (")
            .filter(|(at, _)| text[at + 2..].starts_with(|c: char| c.is_ascii_digit()))
            .last()
            .ok_or_else(bad)?;
        let (path, rest) = (&text[..at], &text[at + 2..]);
        let inside = rest.strip_suffix(')').ok_or_else(bad)?;
        let (inside, note) = match inside.split_once(": ") {
            Some((inside, note)) => (inside, Some(note.to_string())),
            None => (inside, None),
        };
        let (count, blob) = match inside.split_once(", git blob ") {
            Some((count, blob)) => (count, Some(blob.to_string())),
            None => (inside, None),
        };
        let count = count.strip_suffix(" openings").ok_or_else(bad)?;
        Ok(OpeningSet {
            path: path.to_string(),
            count: count.parse().map_err(|_| bad())?,
            blob,
            note,
        })
    }
}

impl TryFrom<String> for OpeningSet {
    type Error = String;

    fn try_from(text: String) -> Result<OpeningSet, String> {
        text.parse()
    }
}

impl From<OpeningSet> for String {
    fn from(set: OpeningSet) -> String {
        set.to_string()
    }
}

/// Whether a run ended: a record is saved after every pair, so it may hold a run still being
/// played, or one that was stopped, which `--resume` carries on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// The SPRT accepted H0 or H1.
    Decided,
    /// The match, or the SPRT, played all its games.
    #[default]
    Complete,
    /// Stopped or still playing: neither decided nor complete.
    Open,
}

impl fmt::Display for Status {
    /// The status in one word, as the record writes it and the book quotes it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Status::Decided => "decided",
            Status::Complete => "complete",
            Status::Open => "open",
        })
    }
}

/// What A scored in one game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// A lost: 0.
    Loss,
    /// A drew: ½.
    Draw,
    /// A won: 1.
    Win,
}

impl Score {
    /// A's half points for the game: 0, 1 or 2.
    pub fn half_points(self) -> usize {
        match self {
            Score::Loss => 0,
            Score::Draw => 1,
            Score::Win => 2,
        }
    }
}

impl fmt::Display for Score {
    /// The score as a record writes it: `0`, `0.5` or `1`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Score::Loss => "0",
            Score::Draw => "0.5",
            Score::Win => "1",
        })
    }
}

impl FromStr for Score {
    type Err = String;

    fn from_str(word: &str) -> Result<Score, String> {
        match word {
            "0" => Ok(Score::Loss),
            "0.5" => Ok(Score::Draw),
            "1" => Ok(Score::Win),
            _ => Err(format!("{word:?} is not a score (0, 0.5, 1)")),
        }
    }
}

/// Which engine of a run: A, whose results the record counts, or B.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    /// The first engine.
    A,
    /// The second.
    B,
}

/// What an engine did wrong in a game it lost by a fault.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FaultKind {
    /// Its clock ran out.
    Time,
    /// It played an illegal move, or something that is not a move.
    Illegal,
    /// It exited during the game.
    Crash,
    /// It stopped answering.
    Hang,
}

/// How a game ended, as a record keeps it: by a rule of chess, or by a fault and whose.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameEnd {
    /// Checkmate.
    Mate,
    /// Stalemate.
    Stalemate,
    /// A threefold repetition.
    Repetition,
    /// The fifty-move rule.
    Fifty,
    /// Too little material for either side to mate.
    Material,
    /// A fault of one engine, which lost the game.
    Fault(FaultKind, Side),
}

impl fmt::Display for GameEnd {
    /// The ending as a record writes it: `mate`, `stalemate`, `repetition`, `fifty` or
    /// `material`; a fault as its kind and whose it was: `time-a`, `illegal-b`, `crash-a`,
    /// `hang-b`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (kind, side) = match self {
            GameEnd::Mate => return f.write_str("mate"),
            GameEnd::Stalemate => return f.write_str("stalemate"),
            GameEnd::Repetition => return f.write_str("repetition"),
            GameEnd::Fifty => return f.write_str("fifty"),
            GameEnd::Material => return f.write_str("material"),
            GameEnd::Fault(kind, side) => (kind, side),
        };
        let kind = match kind {
            FaultKind::Time => "time",
            FaultKind::Illegal => "illegal",
            FaultKind::Crash => "crash",
            FaultKind::Hang => "hang",
        };
        let side = match side {
            Side::A => "a",
            Side::B => "b",
        };
        write!(f, "{kind}-{side}")
    }
}

impl FromStr for GameEnd {
    type Err = String;

    fn from_str(word: &str) -> Result<GameEnd, String> {
        let (kind, side) = match word {
            "mate" => return Ok(GameEnd::Mate),
            "stalemate" => return Ok(GameEnd::Stalemate),
            "repetition" => return Ok(GameEnd::Repetition),
            "fifty" => return Ok(GameEnd::Fifty),
            "material" => return Ok(GameEnd::Material),
            fault => fault.rsplit_once('-').unwrap_or((fault, "")),
        };
        let kind = match kind {
            "time" => FaultKind::Time,
            "illegal" => FaultKind::Illegal,
            "crash" => FaultKind::Crash,
            "hang" => FaultKind::Hang,
            _ => return Err(format!("{word:?} is not a game's ending")),
        };
        let side = match side {
            "a" => Side::A,
            "b" => Side::B,
            _ => return Err(format!("{word:?} is not a game's ending")),
        };
        Ok(GameEnd::Fault(kind, side))
    }
}

/// One pair of a run: the opening's number in the set, A's score in the game where it had
/// White and in the one where it had Black, and how each ended. A record writes it on one
/// line, `OPENING SCORE SCORE ENDING ENDING`: `17 1 0.5 mate repetition`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct PairResult {
    /// The opening's number in the set, from 1.
    pub opening: usize,
    /// A's scores, with White and then with Black.
    pub scores: [Score; 2],
    /// How each game ended, in the same order.
    pub endings: [GameEnd; 2],
}

impl PairResult {
    /// A's half points in the pair, 0 to 4, the pentanomial's index.
    pub fn half_points(&self) -> usize {
        self.scores[0].half_points() + self.scores[1].half_points()
    }
}

impl fmt::Display for PairResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let PairResult {
            opening,
            scores: [white, black],
            endings: [end_white, end_black],
        } = self;
        write!(f, "{opening} {white} {black} {end_white} {end_black}")
    }
}

impl FromStr for PairResult {
    type Err = String;

    fn from_str(line: &str) -> Result<PairResult, String> {
        let words: Vec<&str> = line.split_whitespace().collect();
        let [opening, white, black, end_white, end_black] = words[..] else {
            return Err(format!(
                "pair {line:?}: write OPENING SCORE SCORE ENDING ENDING"
            ));
        };
        let named = |error: String| format!("pair {line:?}: {error}");
        Ok(PairResult {
            opening: opening
                .parse()
                .map_err(|_| named(format!("{opening:?} is not an opening number")))?,
            scores: [white.parse().map_err(named)?, black.parse().map_err(named)?],
            endings: [
                end_white.parse().map_err(named)?,
                end_black.parse().map_err(named)?,
            ],
        })
    }
}

impl TryFrom<String> for PairResult {
    type Error = String;

    fn try_from(line: String) -> Result<PairResult, String> {
        line.parse()
    }
}

impl From<PairResult> for String {
    fn from(pair: PairResult) -> String {
        pair.to_string()
    }
}

/// Pairs counted: A's wins, draws and losses, and the pentanomial.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games A won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games A lost.
    pub losses: u32,
    /// The pairs by A's half points.
    pub penta: Pentanomial,
}

impl Tally {
    /// The tally of `pairs`.
    pub fn of<'a>(pairs: impl IntoIterator<Item = &'a PairResult>) -> Tally {
        let mut tally = Tally::default();
        for pair in pairs {
            tally.penta.add(pair.half_points());
            for score in pair.scores {
                match score {
                    Score::Win => tally.wins += 1,
                    Score::Draw => tally.draws += 1,
                    Score::Loss => tally.losses += 1,
                }
            }
        }
        tally
    }
}

/// The figure the book prints for an interval's end that the games do not bound (see
/// [`is_open_end`](super::stats::is_open_end)): one word in a record, printed with spaces.
pub const NO_FINITE_END: &str = "no-finite-end";

/// The figure the book prints for the Elo of a record in which every pair went one way (see
/// [`Pentanomial::is_one_sided`]).
pub const NO_FINITE_ESTIMATE: &str = "no-finite-estimate";

/// An interval's end as a figure: the Elo to a tenth, or [`NO_FINITE_END`] where the number
/// would be the calculation's clamp.
fn interval_end(elo: f64) -> String {
    elo_text(elo, 1, NO_FINITE_END)
}

/// The Elo estimate of `penta` as a figure: `elo` to a tenth, or [`NO_FINITE_ESTIMATE`] when
/// every pair went one way.
fn elo_estimate(penta: &Pentanomial, elo: f64) -> String {
    if penta.is_one_sided() {
        NO_FINITE_ESTIMATE.to_string()
    } else {
        format!("{elo:.1}")
    }
}

impl Record {
    /// Reads the record at `path`.
    pub fn load(path: &Path) -> Result<Record> {
        let text = std::fs::read_to_string(path).with_context(|| path.display().to_string())?;
        Record::parse(&text).with_context(|| path.display().to_string())
    }

    /// Reads a record from its TOML text; an error names the line and the field, and what is
    /// wrong with its value.
    pub fn parse(text: &str) -> Result<Record> {
        Ok(toml::from_str(text)?)
    }

    /// Writes the record to `path`, with a comment saying what it is.
    pub fn save(&self, path: &Path) -> Result<()> {
        let body = toml::to_string_pretty(self).context("record")?;
        let text = format!(
            "# A record of games played by `cargo xtask match` or `sprt`; the games are in the\n\
             # .pgn file of the same name. The book's figures are computed from these pairs.\n{body}"
        );
        write_atomically(path, &text)
    }

    /// Where the run stands: decided for an SPRT whose LLR crossed a bound (even one killed
    /// before it saved that), else open or complete as saved.
    pub fn outcome(&self) -> Status {
        let decided = self.sprt.is_some_and(|sprt| {
            let penta = Tally::of(&self.pairs).penta;
            sprt.verdict(penta.llr(sprt.elo0, sprt.elo1)) != Verdict::Undecided
        });
        match self.status {
            _ if decided => Status::Decided,
            Status::Open => Status::Open,
            _ => Status::Complete,
        }
    }

    /// The figures the book can quote from this record, as a source with a `quantity` and a
    /// `value` column: counts of games, results, pairs and faults, and the Elo, normalized
    /// Elo, their intervals and the LLR computed from the pairs.
    pub fn summary(&self) -> Source {
        let pairs = &self.pairs;
        let Tally {
            wins,
            draws,
            losses,
            penta,
        } = Tally::of(pairs);
        let faults = |kind: FaultKind, side: Side| {
            let fault = GameEnd::Fault(kind, side);
            let count = pairs.iter().flat_map(|p| p.endings).filter(|e| *e == fault);
            count.count().to_string()
        };
        let elo = penta.elo();
        let nelo = penta.normalized_elo();
        let mut rows: Vec<(&str, String)> = vec![
            ("games", (2 * pairs.len()).to_string()),
            ("pairs", pairs.len().to_string()),
            ("wins", wins.to_string()),
            ("draws", draws.to_string()),
            ("losses", losses.to_string()),
            ("pairs_0", penta.counts[0].to_string()),
            ("pairs_1", penta.counts[1].to_string()),
            ("pairs_2", penta.counts[2].to_string()),
            ("pairs_3", penta.counts[3].to_string()),
            ("pairs_4", penta.counts[4].to_string()),
            ("score", format!("{:.1}%", 100.0 * penta.moments().0)),
            ("mean", format!("{:.4}", penta.moments().0)),
            ("variance", format!("{:.5}", penta.moments().1)),
            ("elo", elo_estimate(&penta, elo.value)),
            ("elo_low", interval_end(elo.low)),
            ("elo_high", interval_end(elo.high)),
            ("nelo", format!("{:.1}", nelo.value)),
            ("nelo_margin", format!("{:.1}", nelo.high - nelo.value)),
            ("limit", self.limit.clone()),
            ("status", self.outcome().to_string()),
        ];
        for (quantity, kind, side) in [
            ("time_losses_a", FaultKind::Time, Side::A),
            ("time_losses_b", FaultKind::Time, Side::B),
            ("illegal_a", FaultKind::Illegal, Side::A),
            ("illegal_b", FaultKind::Illegal, Side::B),
            ("crashes_a", FaultKind::Crash, Side::A),
            ("crashes_b", FaultKind::Crash, Side::B),
            ("hangs_a", FaultKind::Hang, Side::A),
            ("hangs_b", FaultKind::Hang, Side::B),
        ] {
            rows.push((quantity, faults(kind, side)));
        }
        if let Some(sprt) = self.sprt {
            let llr = penta.llr(sprt.elo0, sprt.elo1);
            let verdict = match sprt.verdict(llr) {
                Verdict::H0 => "H0",
                Verdict::H1 => "H1",
                Verdict::Undecided => "undecided",
            };
            rows.extend([
                ("llr", format!("{llr:.2}")),
                (
                    "llr_s0",
                    format!("{:.4}", penta.hypothesis_score(sprt.elo0)),
                ),
                (
                    "llr_s1",
                    format!("{:.4}", penta.hypothesis_score(sprt.elo1)),
                ),
                ("llr_lower", format!("{:.2}", sprt.lower())),
                ("llr_upper", format!("{:.2}", sprt.upper())),
                ("elo0", format!("{}", sprt.elo0)),
                ("elo1", format!("{}", sprt.elo1)),
                ("verdict", verdict.to_string()),
            ]);
        }
        Source {
            header: vec!["quantity".to_string(), "value".to_string()],
            rows: rows
                .into_iter()
                .map(|(q, v)| vec![q.to_string(), v])
                .collect(),
        }
    }

    /// A's Elo, with its 95% interval, computed from the pairs.
    pub fn elo(&self) -> Estimate {
        Tally::of(&self.pairs).penta.elo()
    }

    /// The LLR after each pair, in the order the pairs finished: the path an SPRT's plot
    /// draws. Empty for a run that was not an SPRT.
    pub fn llr_path(&self) -> Vec<f64> {
        let Some(sprt) = self.sprt else {
            return Vec::new();
        };
        let mut penta = Pentanomial::default();
        let mut path = Vec::new();
        for pair in &self.pairs {
            penta.add(pair.half_points());
            path.push(penta.llr(sprt.elo0, sprt.elo1));
        }
        path
    }
}

/// Writes `text` to `path` whole or not at all: to a temporary file in the same folder, then
/// renamed over `path`, so that a run killed at any moment leaves the old file or the new.
pub fn write_atomically(path: &Path, text: &str) -> Result<()> {
    let name = path.file_name().unwrap_or_default().to_string_lossy();
    let temporary = path.with_file_name(format!(".{name}.partial"));
    std::fs::write(&temporary, text)
        .and_then(|()| std::fs::rename(&temporary, path))
        .with_context(|| path.display().to_string())
}

/// Every record in the repository at `root`, by name.
pub fn all(root: &Path) -> Result<Vec<(String, Record)>> {
    let Ok(entries) = std::fs::read_dir(root.join(RECORDS)) else {
        return Ok(Vec::new());
    };
    let mut records = Vec::new();
    for entry in entries.filter_map(Result::ok) {
        let path = entry.path();
        if path.extension().is_some_and(|e| e == "toml") {
            let name = path
                .file_stem()
                .unwrap_or_default()
                .to_string_lossy()
                .into_owned();
            records.push((name, Record::load(&path)?));
        }
    }
    records.sort_by(|a, b| a.0.cmp(&b.0));
    Ok(records)
}

/// Today's date, `YYYY-MM-DD`, from the system clock (UTC).
pub fn today() -> String {
    let seconds = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let (year, month, day) = civil_date((seconds / 86_400) as i64);
    format!("{year:04}-{month:02}-{day:02}")
}

/// The calendar date `days` after 1970-01-01, by Howard Hinnant's `civil_from_days`.
fn civil_date(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let day_of_era = z.rem_euclid(146_097);
    let year_of_era =
        (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let shifted_month = (5 * day_of_year + 2) / 153;
    let day = (day_of_year - (153 * shifted_month + 2) / 5 + 1) as u32;
    let month = if shifted_month < 10 {
        shifted_month + 3
    } else {
        shifted_month - 9
    } as u32;
    let year = year_of_era + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

/// The machine's processor and number of cores, for a record.
pub fn machine() -> String {
    let cpu = std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|text| {
            text.lines()
                .find(|l| l.starts_with("model name"))
                .and_then(|l| l.split_once(':'))
                .map(|(_, name)| name.trim().to_string())
        })
        .unwrap_or_else(|| "unknown processor".to_string());
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    format!("{cpu}, {cores} cores")
}

/// An open SPRT's record of `pairs`, each a pair's line as the record writes it, between
/// engines named `A` and `B`: the record the tests of the record and of the runner start from.
#[cfg(test)]
pub(crate) fn open_sprt_record(pairs: &[&str]) -> Record {
    Record {
        command: "cargo xtask sprt A B".to_string(),
        date: "2026-12-01".to_string(),
        machine: "test".to_string(),
        engine_a: "A".to_string(),
        engine_b: "B".to_string(),
        limit: "8+0.08".to_string(),
        openings: "book/data/openings.epd (500 openings, git blob 0123456789ab)"
            .parse()
            .unwrap(),
        concurrency: 2,
        margin_ms: 50,
        sprt: Some(Sprt {
            elo0: 0.0,
            elo1: 10.0,
            alpha: 0.05,
            beta: 0.05,
        }),
        status: Status::Open,
        resumed: Vec::new(),
        pairs: pairs.iter().map(|line| line.parse().unwrap()).collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A small SPRT record.
    fn sample() -> Record {
        open_sprt_record(&[
            "3 1 1 mate mate",
            "4 1 0.5 mate repetition",
            "5 0 1 time-a mate",
        ])
    }

    /// The value of `quantity` in the summary.
    fn quantity(source: &Source, quantity: &str) -> String {
        source
            .rows
            .iter()
            .find(|r| r[0] == quantity)
            .unwrap_or_else(|| panic!("no {quantity}"))[1]
            .clone()
    }

    #[test]
    fn the_summary_counts_results_pairs_and_faults() {
        let summary = sample().summary();
        assert_eq!(quantity(&summary, "games"), "6");
        assert_eq!(quantity(&summary, "wins"), "4");
        assert_eq!(quantity(&summary, "draws"), "1");
        assert_eq!(quantity(&summary, "losses"), "1");
        assert_eq!(quantity(&summary, "pairs_4"), "1");
        assert_eq!(quantity(&summary, "pairs_3"), "1");
        assert_eq!(quantity(&summary, "pairs_2"), "1");
        assert_eq!(quantity(&summary, "time_losses_a"), "1");
        assert_eq!(quantity(&summary, "time_losses_b"), "0");
        assert_eq!(quantity(&summary, "score"), "75.0%");
        assert_eq!(quantity(&summary, "verdict"), "undecided");
        assert_eq!(quantity(&summary, "status"), "open");
    }

    #[test]
    fn a_record_won_in_every_pair_has_no_finite_estimate_nor_upper_end() {
        let mut record = sample();
        record.pairs = (1..=5)
            .map(|n| format!("{n} 1 1 mate mate").parse().unwrap())
            .collect();
        let summary = record.summary();
        assert_eq!(quantity(&summary, "elo"), NO_FINITE_ESTIMATE);
        assert_eq!(quantity(&summary, "elo_high"), NO_FINITE_END);
        assert!(quantity(&summary, "elo_low").parse::<f64>().is_ok());
        let summary = sample().summary();
        assert!(quantity(&summary, "elo").parse::<f64>().is_ok());
    }

    #[test]
    fn an_old_record_without_a_status_reads_as_ended() {
        let mut text = toml::to_string(&sample()).unwrap();
        text = text.replace("status = \"open\"\n", "");
        let record = Record::parse(&text).unwrap();
        assert_eq!(record.status, Status::Complete);
        assert_eq!(record.outcome(), Status::Complete);
    }

    #[test]
    fn an_atomic_write_leaves_no_temporary_file() {
        let folder = std::env::temp_dir().join(format!("cb2026-atomic-{}", std::process::id()));
        std::fs::create_dir_all(&folder).unwrap();
        let path = folder.join("run.toml");
        write_atomically(&path, "first").unwrap();
        write_atomically(&path, "second").unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "second");
        let names: Vec<_> = std::fs::read_dir(&folder).unwrap().collect();
        assert_eq!(names.len(), 1, "only the file itself: {names:?}");
        std::fs::remove_dir_all(folder).unwrap();
    }

    #[test]
    fn a_record_saved_reads_back_the_same() {
        let path = std::env::temp_dir().join(format!("cb2026-record-{}.toml", std::process::id()));
        sample().save(&path).unwrap();
        assert_eq!(Record::load(&path).unwrap(), sample());
        std::fs::remove_file(path).unwrap();
    }

    #[test]
    fn a_record_with_a_bad_pair_is_refused_with_its_line_and_what_is_wrong() {
        let text = toml::to_string(&sample()).unwrap();
        for (bad, wrong) in [
            ("6 2 1 mate mate", "\"2\" is not a score"),
            ("6 1 1 mate resign", "\"resign\" is not a game's ending"),
            ("6 1 1 mate time-c", "\"time-c\" is not a game's ending"),
            ("six 1 1 mate mate", "\"six\" is not an opening number"),
            ("6 1 1 mate", "write OPENING SCORE SCORE ENDING ENDING"),
        ] {
            let edited = text.replace("5 0 1 time-a mate", bad);
            let error = format!("{:#}", Record::parse(&edited).unwrap_err());
            assert!(error.contains(wrong), "{bad}: {error}");
            assert!(error.contains("line "), "{bad}: {error}");
        }
    }

    #[test]
    fn every_ending_and_score_reads_back_as_written() {
        let rules = [
            GameEnd::Mate,
            GameEnd::Stalemate,
            GameEnd::Repetition,
            GameEnd::Fifty,
            GameEnd::Material,
        ];
        let kinds = [
            FaultKind::Time,
            FaultKind::Illegal,
            FaultKind::Crash,
            FaultKind::Hang,
        ];
        let faults = kinds
            .into_iter()
            .flat_map(|kind| [GameEnd::Fault(kind, Side::A), GameEnd::Fault(kind, Side::B)]);
        let endings: Vec<GameEnd> = rules.into_iter().chain(faults).collect();
        assert_eq!(endings.len(), 13);
        for ending in endings {
            assert_eq!(ending.to_string().parse(), Ok(ending), "{ending}");
        }
        for score in [Score::Loss, Score::Draw, Score::Win] {
            assert_eq!(score.to_string().parse(), Ok(score), "{score}");
        }
        let pair: PairResult = "17 1 0.5 time-b repetition".parse().unwrap();
        assert_eq!(pair.to_string(), "17 1 0.5 time-b repetition");
        assert_eq!(pair.half_points(), 3);
    }

    #[test]
    fn an_opening_set_reads_back_as_written_with_or_without_its_blob_and_note() {
        for text in [
            "book/data/openings.epd (500 openings)",
            "book/data/openings.epd (500 openings, git blob f9ab1a34f6b6)",
            "book/data/openings.epd (500 openings, git blob b76f1f788d80: the first set)",
        ] {
            let set: OpeningSet = text.parse().unwrap();
            assert_eq!(set.to_string(), text);
        }
        let set: OpeningSet = "a.epd (12 openings, git blob 00ff: why)".parse().unwrap();
        assert_eq!((set.count, set.blob.as_deref()), (12, Some("00ff")));
        assert_eq!(set.note.as_deref(), Some("why"));
        let odd: OpeningSet = "my (copy).epd (7 openings)".parse().unwrap();
        assert_eq!((odd.path.as_str(), odd.count), ("my (copy).epd", 7));
        assert!("a.epd".parse::<OpeningSet>().is_err());
        assert!("a.epd (many openings)".parse::<OpeningSet>().is_err());
        assert!("a.epd (500)".parse::<OpeningSet>().is_err());
    }

    #[test]
    fn the_llr_path_has_a_point_a_pair_and_ends_at_the_summary_llr() {
        let record = sample();
        let path = record.llr_path();
        assert_eq!(path.len(), 3);
        let summary = record.summary();
        assert_eq!(format!("{:.2}", path[2]), quantity(&summary, "llr"));
    }

    #[test]
    fn days_since_1970_become_calendar_dates() {
        assert_eq!(civil_date(0), (1970, 1, 1));
        assert_eq!(civil_date(11_016), (2000, 2, 29));
        assert_eq!(civil_date(20_788), (2026, 12, 1));
    }
}
