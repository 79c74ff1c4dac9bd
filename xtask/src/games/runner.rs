//! The commands: `cargo xtask match`, `cargo xtask sprt` and `cargo xtask openings`.
//!
//! An engine is named on the command line as a git revision of this repository (built in a
//! worktree of its own, the binary kept in `target/match/bin`) or as `cmd:` and any command
//! line that starts a UCI engine. Pairs of games are handed to as many workers as games are
//! played at once; each worker keeps its two engines running between games and starts an
//! engine again after a fault.

use super::engine::{Engine, EngineSpec};
use super::game::{Ending, Fault, Game, Limit, play};
use super::openings::{self, Opening};
use super::pgn::{self, Header};
use super::record::{
    self, FaultKind, GameEnd, OpeningSet, PairResult, Record, Score, Side, Status, Tally,
};
use super::rules::RuleEnding;
use super::stats::{Sprt, Verdict, elo_text};
use crate::cli::{game_count, positive, positive_count, record_name, thread_count};
use crate::revision::{self, Worktree};
use crate::{repo_root, run, run_output};
use anyhow::{Context, Result, anyhow, bail};
use cb2026::Color;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Duration;

/// What the help of `match` and `sprt` says of the engines.
const ENGINES: &str = "\
ENGINE_A and ENGINE_B are each a git revision of this repository (HEAD, stage-07, a commit),
built in a worktree, or cmd:COMMAND, any command line that starts a UCI engine
(cmd:/usr/games/stockfish). Results are counted for A.";

/// `cargo xtask match [OPTIONS] ENGINE_A ENGINE_B`: the engines and how their games are played.
#[derive(Debug, clap::Args)]
#[command(after_help = ENGINES, args_override_self = true)]
pub struct MatchArgs {
    /// Engine A, whose results are counted.
    engine_a: String,
    /// Engine B, its opponent.
    engine_b: String,
    /// Clock per side in seconds, and increment [default: 8+0.08].
    #[arg(long, value_name = "BASE+INC", value_parser = parse_clock, overrides_with = "nodes")]
    tc: Option<Limit>,
    /// A fixed number of nodes a move instead of a clock.
    #[arg(long, value_name = "N", value_parser = positive, overrides_with = "tc")]
    nodes: Option<u64>,
    /// Games to play (match, default 100), at most (sprt, default 4000).
    #[arg(long, value_name = "N", value_parser = game_count)]
    games: Option<usize>,
    /// Games at once [default: the machine's cores].
    #[arg(long, value_name = "N", value_parser = thread_count)]
    concurrency: Option<usize>,
    /// EPD or PGN opening set [default: book/data/openings.epd].
    #[arg(long, value_name = "FILE")]
    openings: Option<PathBuf>,
    /// A UCI option for engine A (repeatable).
    #[arg(long, value_name = "NAME=VAL", value_parser = uci_option)]
    option1: Vec<(String, String)>,
    /// A UCI option for engine B (repeatable).
    #[arg(long, value_name = "NAME=VAL", value_parser = uci_option)]
    option2: Vec<(String, String)>,
    /// The name A gets in games and the record.
    #[arg(long, value_name = "NAME")]
    name1: Option<String>,
    /// The name B gets in games and the record.
    #[arg(long, value_name = "NAME")]
    name2: Option<String>,
    /// How late past its clock an answer may come, in milliseconds.
    #[arg(long, value_name = "MS", default_value = "50", value_parser = positive)]
    margin: u64,
    /// Where the games go [default: target/match/games.pgn].
    #[arg(long, value_name = "FILE")]
    pgn: Option<PathBuf>,
    /// Keep the run in book/data/games/NAME.toml and NAME.pgn.
    #[arg(long, value_name = "NAME", value_parser = record_name)]
    record: Option<String>,
    /// Carry on the open run kept as --record NAME, with the same settings.
    #[arg(long, requires = "record")]
    resume: bool,
}

/// `cargo xtask sprt [OPTIONS] ENGINE_A ENGINE_B`: a match's options and the test's.
#[derive(Debug, clap::Args)]
#[command(after_help = ENGINES, args_override_self = true)]
pub struct SprtArgs {
    /// The engines and how their games are played.
    #[command(flatten)]
    pub games: MatchArgs,
    /// The hypothesis H0, in normalized Elo.
    #[arg(long, value_name = "E", default_value = "0", value_parser = signed, allow_negative_numbers = true)]
    elo0: f64,
    /// The hypothesis H1, in normalized Elo.
    #[arg(long, value_name = "E", default_value = "10", value_parser = signed, allow_negative_numbers = true)]
    elo1: f64,
    /// The rate of false positives allowed.
    #[arg(long, value_name = "P", default_value = "0.05", value_parser = probability)]
    alpha: f64,
    /// The rate of false negatives allowed.
    #[arg(long, value_name = "P", default_value = "0.05", value_parser = probability)]
    beta: f64,
}

impl SprtArgs {
    /// The test these options ask for.
    pub fn sprt(&self) -> Sprt {
        Sprt {
            elo0: self.elo0,
            elo1: self.elo1,
            alpha: self.alpha,
            beta: self.beta,
        }
    }
}

/// `cargo xtask openings [--seed S] [--count N] [--plies P]`, or `cargo xtask openings
/// --check [--depth D] [--bound B]`.
#[derive(Debug, clap::Args)]
#[command(args_override_self = true)]
pub struct OpeningsArgs {
    /// Check the committed set instead of making one: Debian's Stockfish scores each opening
    /// at --depth, and those beyond --bound centipawns either way are listed.
    #[arg(long)]
    check: bool,
    /// The depth Stockfish searches each opening to, with --check.
    #[arg(long, value_name = "D", default_value_t = 12, requires = "check")]
    depth: u32,
    /// The most centipawns either way an opening may have, with --check.
    #[arg(long, value_name = "B", default_value_t = 200, requires = "check")]
    bound: i32,
    /// Keep the check's result in book/data/NAME.txt, with --check.
    #[arg(long, value_name = "NAME", requires = "check", value_parser = record_name)]
    record: Option<String>,
    /// The random generator's seed.
    #[arg(long, value_name = "S", default_value_t = 2026)]
    seed: u64,
    /// How many openings to make.
    #[arg(long, value_name = "N", default_value = "500", value_parser = positive_count)]
    count: usize,
    /// How many random plies each is played from the start.
    #[arg(long, value_name = "P", default_value_t = 8)]
    plies: usize,
}

/// Everything a run is told on its command line.
#[derive(Clone, Debug, PartialEq)]
struct Settings {
    /// The two engines as named: a revision or `cmd:…`.
    engines: [String; 2],
    /// Names given to them, if any.
    names: [Option<String>; 2],
    /// UCI options for each.
    options: [Vec<(String, String)>; 2],
    /// What each move is played under.
    limit: Limit,
    /// Games to play, or at most, for an SPRT.
    games: usize,
    /// Games played at once.
    concurrency: usize,
    /// The opening set.
    openings: PathBuf,
    /// How late an answer may come.
    margin: Duration,
    /// Where the PGN goes, unless the run is recorded.
    pgn: PathBuf,
    /// The record's name, if the run is kept.
    record: Option<String>,
    /// Whether to carry on the record's open run.
    resume: bool,
    /// The SPRT, for `sprt`.
    sprt: Option<Sprt>,
}

/// Runs `cargo xtask match` (no `sprt`) or `cargo xtask sprt` (the test `sprt` asks for).
pub fn main(args: &MatchArgs, sprt: Option<Sprt>) -> Result<()> {
    let root = repo_root();
    let settings = settings(args, sprt, &root)?;
    let sprt = sprt.is_some();
    let mut specs = Vec::new();
    let mut described = Vec::new();
    for i in 0..2 {
        let (spec, description) = engine_spec(&root, &settings, i)?;
        specs.push(spec);
        described.push(description);
    }
    let mut openings = openings::load(&settings.openings)?;
    // Each engine is started once before any game, so that an option it does not have, or a
    // value it does not take, stops the run before it begins.
    for spec in &specs {
        Engine::start(spec)?;
    }
    println!(
        "{} against {}, {} openings",
        described[0],
        described[1],
        openings.len()
    );
    let mut record = Record {
        command: crate::cli::command_line(),
        date: record::today(),
        machine: record::machine(),
        engine_a: described[0].clone(),
        engine_b: described[1].clone(),
        limit: limit_name(settings.limit),
        openings: OpeningSet {
            path: relative(&root, &settings.openings),
            count: openings.len(),
            blob: Some(blob_id(&settings.openings)?),
            note: None,
        },
        concurrency: settings.concurrency,
        margin_ms: settings.margin.as_millis() as u64,
        sprt: settings.sprt,
        status: Status::Open,
        resumed: Vec::new(),
        pairs: Vec::new(),
    };
    let (record_path, pgn_path) = match &settings.record {
        Some(name) => {
            let folder = root.join(record::RECORDS);
            let path = |ext: &str| Some(folder.join(format!("{name}.{ext}")));
            (path("toml"), path("pgn").unwrap())
        }
        None => (None, settings.pgn.clone()),
    };
    let mut log = Log::default();
    match &record_path {
        Some(path) if settings.resume => {
            (record, log) = resumed(path, &pgn_path, record)?;
            if let Some(blob) = &record.openings.blob {
                openings = openings::load_blob(&settings.openings, blob)?;
            }
        }
        Some(path) => not_open(path)?,
        None => {}
    }
    if let Some(folder) = pgn_path.parent() {
        std::fs::create_dir_all(folder).with_context(|| folder.display().to_string())?;
    }
    let header_tc = match settings.limit {
        Limit::Clock { .. } => record.limit.clone(),
        Limit::Nodes(_) => "-".to_string(),
    };
    let header = Header {
        event: &format!("cb2026 {}", if sprt { "sprt" } else { "match" }),
        date: &record::today().replace('-', "."),
        time_control: &header_tc,
    };
    // The PGN starts with the games of the pairs already counted (none, or a resumed run's);
    // after every pair its two games are appended, then the record is written whole, by a
    // rename. A run killed at any moment leaves a record of the pairs it finished, and a PGN
    // that has their games first; a game past the record's pairs is dropped on resuming.
    record::write_atomically(&pgn_path, &log.pgn)?;
    let save = |log: &Log, status: Status| -> Result<()> {
        if let Some(path) = &record_path {
            let mut kept = record.clone();
            kept.pairs = log.pairs.clone();
            kept.status = status;
            kept.save(path)?;
        }
        Ok(())
    };
    let log = play_pairs(
        &settings,
        [&specs[0], &specs[1]],
        &openings,
        &header,
        log,
        &|log, games| {
            append(&pgn_path, games)?;
            save(log, Status::Open)
        },
    )?;
    let status = if decided(&log.pairs, settings.sprt) {
        Status::Decided
    } else if log.pairs.len() >= settings.games.div_ceil(2) {
        Status::Complete
    } else {
        Status::Open
    };
    save(&log, status)?;
    record.pairs = log.pairs;
    record.status = status;
    println!("games written to {}", pgn_path.display());
    if let Some(path) = &record_path {
        println!("record written to {}", path.display());
    }
    for row in record.summary().rows {
        println!("{:>14}  {}", row[0], row[1]);
    }
    Ok(())
}

/// Appends `text` to the file at `path`: a pair's games go on the end of the run's PGN, so
/// saving a pair costs the same however many games came before it.
fn append(path: &Path, text: &str) -> Result<()> {
    std::fs::OpenOptions::new()
        .append(true)
        .open(path)
        .and_then(|mut file| file.write_all(text.as_bytes()))
        .with_context(|| path.display().to_string())
}

/// Fails if `path` holds an open run, which a fresh run would overwrite: the pairs of an SPRT
/// a session's end stopped are kept unless the record is deleted first.
fn not_open(path: &Path) -> Result<()> {
    if !path.exists() || Record::load(path)?.outcome() != Status::Open {
        return Ok(());
    }
    bail!(
        "{} holds an open run: carry it on with --resume, or delete it to start again",
        path.display()
    )
}

/// The open run kept at `record_path` and `pgn_path`, to carry on with the settings of
/// `fresh`, the record this command line would start; or why it cannot be: a setting differs,
/// or the run has ended. The opening set is compared by its file and its number of openings,
/// not its version: a run goes on with the version its record names (its git blob), so that a
/// set replaced while a test is open changes none of the test's games. The resumption is
/// noted in the record; its command stays the first.
fn resumed(record_path: &Path, pgn_path: &Path, fresh: Record) -> Result<(Record, Log)> {
    let mut record = Record::load(record_path)?;
    let same = |setting: &str, equal: bool, kept: String, given: String| {
        if equal {
            return Ok(());
        }
        Err(anyhow!(
            "{}: cannot resume, {setting} differs: the record has {kept}, this command {given}",
            record_path.display()
        ))
    };
    let sprt_text = |r: &Record| r.sprt.map_or("no SPRT".to_string(), |s| s.to_string());
    let (kept, given) = (&record, &fresh);
    same(
        "engine A",
        kept.engine_a == given.engine_a,
        kept.engine_a.clone(),
        given.engine_a.clone(),
    )?;
    same(
        "engine B",
        kept.engine_b == given.engine_b,
        kept.engine_b.clone(),
        given.engine_b.clone(),
    )?;
    same(
        "the limit",
        kept.limit == given.limit,
        kept.limit.clone(),
        given.limit.clone(),
    )?;
    same(
        "the opening set",
        kept.openings.same_file(&given.openings),
        kept.openings.to_string(),
        given.openings.to_string(),
    )?;
    same(
        "the margin",
        kept.margin_ms == given.margin_ms,
        format!("{} ms", kept.margin_ms),
        format!("{} ms", given.margin_ms),
    )?;
    same(
        "the SPRT",
        kept.sprt == given.sprt,
        sprt_text(kept),
        sprt_text(given),
    )?;
    let status = record.outcome();
    if status != Status::Open {
        bail!(
            "{}: the run is {status}, there is nothing to resume",
            record_path.display()
        );
    }
    let pairs = record.pairs.clone();
    let text = std::fs::read_to_string(pgn_path).with_context(|| pgn_path.display().to_string())?;
    let pgn = pgn::first_games(&text, 2 * pairs.len()).with_context(|| {
        format!(
            "{}: fewer games than the record's {} pairs",
            pgn_path.display(),
            pairs.len()
        )
    })?;
    record
        .resumed
        .push(format!("{}, from pair {}", fresh.date, pairs.len() + 1));
    Ok((record, Log { pairs, pgn }))
}

/// The settings a command line gives, or what is wrong with it: with `sprt`, those of an
/// SPRT; with none, of a match.
fn settings(args: &MatchArgs, sprt: Option<Sprt>, root: &Path) -> Result<Settings> {
    if let Some(sprt) = sprt {
        let rate = |p: f64| p > 0.0 && p < 0.5;
        if !(sprt.elo0 < sprt.elo1 && rate(sprt.alpha) && rate(sprt.beta)) {
            bail!("the SPRT needs elo0 < elo1 and alpha, beta between 0 and 0.5");
        }
    }
    let clock = Limit::Clock {
        base: Duration::from_secs(8),
        increment: Duration::from_millis(80),
    };
    Ok(Settings {
        engines: [args.engine_a.clone(), args.engine_b.clone()],
        names: [args.name1.clone(), args.name2.clone()],
        options: [args.option1.clone(), args.option2.clone()],
        limit: args.nodes.map_or(args.tc.unwrap_or(clock), Limit::Nodes),
        games: args
            .games
            .unwrap_or(if sprt.is_some() { 4000 } else { 100 }),
        concurrency: args
            .concurrency
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get())),
        openings: (args.openings.clone()).unwrap_or_else(|| root.join("book/data/openings.epd")),
        margin: Duration::from_millis(args.margin),
        pgn: (args.pgn.clone()).unwrap_or_else(|| root.join("target/match/games.pgn")),
        record: args.record.clone(),
        resume: args.resume,
        sprt,
    })
}

/// A UCI option for an engine, `NAME=VALUE`.
fn uci_option(text: &str) -> Result<(String, String), String> {
    let (name, value) = text
        .split_once('=')
        .ok_or_else(|| format!("write NAME=VALUE, not {text:?}"))?;
    Ok((name.to_string(), value.to_string()))
}

/// A probability, for the SPRT's error rates.
fn probability(text: &str) -> Result<f64, String> {
    crate::cli::real(text, |p| p >= 0.0, "a probability")
}

/// A number that may be negative, for an Elo bound.
fn signed(value: &str) -> Result<f64, String> {
    crate::cli::real(value, |_| true, "a number")
}

/// The longest clock or increment a game may have, in seconds: a day. A longer one is a
/// slip, and one long enough would overflow the milliseconds the engines are sent.
const MAX_CLOCK_SECONDS: f64 = 86_400.0;

/// The clock `BASE+INC` (seconds), or `BASE` alone with no increment, each at most
/// [`MAX_CLOCK_SECONDS`].
fn parse_clock(text: &str) -> Result<Limit, String> {
    let (base, increment) = text.split_once('+').unwrap_or((text, "0"));
    let seconds = |part: &str| {
        part.parse::<f64>()
            .ok()
            .filter(|s| (0.0..=MAX_CLOCK_SECONDS).contains(s))
            .map(Duration::from_secs_f64)
            .ok_or_else(|| {
                format!("{text:?} is not BASE+INC in seconds, each from 0 to {MAX_CLOCK_SECONDS}")
            })
    };
    let (base, increment) = (seconds(base)?, seconds(increment)?);
    if base.is_zero() {
        return Err(format!("{text:?} gives no time"));
    }
    Ok(Limit::Clock { base, increment })
}

/// The limit as the record and PGN write it: `8+0.08` or `nodes=5000`.
fn limit_name(limit: Limit) -> String {
    match limit {
        Limit::Clock { base, increment } => {
            format!("{}+{}", base.as_secs_f64(), increment.as_secs_f64())
        }
        Limit::Nodes(nodes) => format!("nodes={nodes}"),
    }
}

/// How to start engine `i` of `settings`, and how the record describes it.
fn engine_spec(root: &Path, settings: &Settings, i: usize) -> Result<(EngineSpec, String)> {
    let named = &settings.engines[i];
    let (command, default_name, description) = match named.strip_prefix("cmd:") {
        Some(line) => {
            let command: Vec<String> = line.split_whitespace().map(String::from).collect();
            let program = command.first().context("cmd: needs a command line")?;
            let name = Path::new(program)
                .file_name()
                .map_or(program.clone(), |n| n.to_string_lossy().into_owned());
            (command.clone(), name, format!("command `{line}`"))
        }
        None => {
            let (binary, commit) = build_revision(root, named)?;
            let command = vec![binary.to_string_lossy().into_owned()];
            (
                command,
                format!("cb2026@{named}"),
                format!("cb2026 at {named} (commit {commit})"),
            )
        }
    };
    let name = settings.names[i].clone().unwrap_or(default_name);
    let options = settings.options[i].clone();
    let shown: Vec<String> = options.iter().map(|(n, v)| format!("{n}={v}")).collect();
    let description = if shown.is_empty() {
        format!("{name}: {description}")
    } else {
        format!("{name}: {description}, options {}", shown.join(" "))
    };
    Ok((
        EngineSpec {
            name,
            command,
            options,
        },
        description,
    ))
}

/// Builds the engine at git revision `revision` in a worktree of its own, once: the binary is
/// kept as `target/match/bin/cb2026-COMMIT`. Returns the binary and the commit.
pub fn build_revision(root: &Path, revision: &str) -> Result<(PathBuf, String)> {
    let commit = revision::commit_of(root, revision)
        .map_err(|_| anyhow!("{revision:?} is neither a git revision nor cmd:COMMAND"))?;
    let binary = root.join(format!("target/match/bin/cb2026-{commit}"));
    if binary.exists() {
        return Ok((binary, commit));
    }
    let worktree = root.join(format!("target/match/worktree-{commit}"));
    let worktree = Worktree::check_out(root, &worktree, &commit)?;
    let target = root.join("target/match/build");
    run(&mut worktree.cargo(&target, &revision::ENGINE_BUILD))?;
    std::fs::create_dir_all(root.join("target/match/bin"))
        .and_then(|()| std::fs::copy(revision::engine_binary(&target), &binary))
        .with_context(|| format!("cannot keep the binary of {commit}"))?;
    Ok((binary, commit))
}

/// The git blob id of the file at `path` (`git hash-object`): which version of an opening set
/// a record was played from, as `git log --find-object=ID` finds it again.
fn blob_id(path: &Path) -> Result<String> {
    let id = run_output(Command::new("git").arg("hash-object").arg(path))?;
    Ok(id.trim().chars().take(12).collect())
}

/// The path as seen from the repository's root, if it is inside it.
fn relative(root: &Path, path: &Path) -> String {
    path.strip_prefix(root)
        .unwrap_or(path)
        .display()
        .to_string()
}

/// The pairs of a run so far, in the order they finished, and their games as PGN.
#[derive(Debug, Default)]
struct Log {
    /// Each finished pair.
    pairs: Vec<PairResult>,
    /// The games of those pairs, two a pair, as a PGN file has them.
    pgn: String,
}

/// What a run does after each pair, given the log and the pair's two games as PGN.
type Keep<'a> = dyn Fn(&Log, &str) -> Result<()> + Sync + 'a;

/// What the workers share: the pairs to play, whether to stop, and the pairs finished.
struct Progress<'a> {
    /// The numbers of the pairs still to play, in order; a pair's number picks its opening.
    order: Vec<usize>,
    /// Where the next pair to hand out is in `order`.
    next: AtomicUsize,
    /// Set when the SPRT has decided, or a worker has failed.
    stop: AtomicBool,
    /// The pairs finished, a resumed run's earlier ones first.
    log: Mutex<Log>,
    /// What the run does after each pair with the log and the pair's two games: saves them.
    keep: &'a Keep<'a>,
    /// The first error a worker met, if any.
    error: Mutex<Option<anyhow::Error>>,
}

/// Plays pairs of games on `settings.concurrency` workers until the games are played or the
/// SPRT decides, carrying on from `log`, the pairs played before (none, or a resumed run's),
/// and handing the log and the pair's games to `keep` after every pair; returns the log.
fn play_pairs(
    settings: &Settings,
    specs: [&EngineSpec; 2],
    openings: &[Opening],
    header: &Header,
    log: Log,
    keep: &Keep<'_>,
) -> Result<Log> {
    let planned = settings.games.div_ceil(2);
    let progress = Progress {
        order: pairs_to_play(&log.pairs, openings.len(), planned),
        next: AtomicUsize::new(0),
        stop: AtomicBool::new(decided(&log.pairs, settings.sprt)),
        log: Mutex::new(log),
        keep,
        error: Mutex::new(None),
    };
    std::thread::scope(|scope| {
        for _ in 0..settings.concurrency.min(progress.order.len()) {
            scope.spawn(|| {
                if let Err(error) = worker(settings, specs, openings, header, &progress) {
                    progress.stop.store(true, Ordering::Relaxed);
                    progress.error.lock().unwrap().get_or_insert(error);
                }
            });
        }
    });
    if let Some(error) = progress.error.into_inner().unwrap() {
        return Err(error);
    }
    Ok(progress.log.into_inner().unwrap())
}

/// The numbers of the pairs a run of `planned` pairs still has to play, after `played`: pair
/// number `n` plays opening `n % openings + 1`, and pairs are handed out in order, so each
/// played pair is the first number not yet taken that has its opening. A run stopped with
/// pairs in play leaves gaps; those are played first, then the rest in order.
fn pairs_to_play(played: &[PairResult], openings: usize, planned: usize) -> Vec<usize> {
    let mut taken = vec![false; planned.max(1)];
    for pair in played {
        let first = (pair.opening.saturating_sub(1)..)
            .step_by(openings.max(1))
            .find(|&n| n >= taken.len() || !taken[n]);
        if let Some(n) = first.filter(|&n| n < taken.len()) {
            taken[n] = true;
        }
    }
    (0..planned).filter(|&n| !taken[n]).collect()
}

/// Whether the SPRT, if the run is one, has decided on `pairs`.
fn decided(pairs: &[PairResult], sprt: Option<Sprt>) -> bool {
    sprt.is_some_and(|sprt| {
        let penta = Tally::of(pairs).penta;
        sprt.verdict(penta.llr(sprt.elo0, sprt.elo1)) != Verdict::Undecided
    })
}

/// One worker: starts both engines, then plays pairs until none are left or it is told to
/// stop. After a game an engine lost by a fault, that engine is started again. A pair that
/// finishes after the SPRT has decided is not counted.
fn worker(
    settings: &Settings,
    specs: [&EngineSpec; 2],
    openings: &[Opening],
    header: &Header,
    progress: &Progress,
) -> Result<()> {
    let mut engines = [Engine::start(specs[0])?, Engine::start(specs[1])?];
    while !progress.stop.load(Ordering::Relaxed) {
        let Some(&pair) = progress
            .order
            .get(progress.next.fetch_add(1, Ordering::Relaxed))
        else {
            break;
        };
        let opening = &openings[pair % openings.len()];
        let mut games = Vec::new();
        for a_color in Color::ALL {
            let [a, b] = &mut engines;
            let (white, black) = match a_color {
                Color::White => (a, b),
                Color::Black => (b, a),
            };
            let game = play(white, black, opening, settings.limit, settings.margin);
            if let Ending::Fault(color, _) = game.ending {
                let at_fault = usize::from(color != a_color);
                engines[at_fault] = Engine::start(specs[at_fault])?;
            }
            games.push(game);
        }
        let result = PairResult {
            opening: pair % openings.len() + 1,
            scores: [
                score(&games[0], Color::White),
                score(&games[1], Color::Black),
            ],
            endings: [
                game_end(&games[0], Color::White),
                game_end(&games[1], Color::Black),
            ],
        };
        let mut log = progress.log.lock().unwrap();
        // An SPRT ends when its LLR first crosses a bound: a pair still being played then is
        // not part of the test, and is left out of the count and the record.
        if progress.stop.load(Ordering::Relaxed) {
            println!("a pair that finished after the test had ended is not counted");
            break;
        }
        log.pairs.push(result);
        let number = log.pairs.len();
        let pgn: String = games
            .iter()
            .enumerate()
            .map(|(g, game)| pgn::write(game, &format!("{number}.{}", g + 1), header))
            .collect();
        log.pgn.push_str(&pgn);
        (progress.keep)(&log, &pgn)?;
        println!("{}", report(&log.pairs, settings.sprt));
        if decided(&log.pairs, settings.sprt) {
            progress.stop.store(true, Ordering::Relaxed);
        }
    }
    Ok(())
}

/// A's score in `game`, where A had `a_color`.
fn score(game: &Game, a_color: Color) -> Score {
    match game.winner() {
        None => Score::Draw,
        Some(winner) if winner == a_color => Score::Win,
        Some(_) => Score::Loss,
    }
}

/// How `game` ended, where A had `a_color`, as a record keeps it: a fault with whose it was.
fn game_end(game: &Game, a_color: Color) -> GameEnd {
    match &game.ending {
        Ending::Rules(RuleEnding::Checkmate) => GameEnd::Mate,
        Ending::Rules(RuleEnding::Stalemate) => GameEnd::Stalemate,
        Ending::Rules(RuleEnding::Repetition) => GameEnd::Repetition,
        Ending::Rules(RuleEnding::FiftyMoves) => GameEnd::Fifty,
        Ending::Rules(RuleEnding::InsufficientMaterial) => GameEnd::Material,
        Ending::Fault(color, fault) => {
            let kind = match fault {
                Fault::Time => FaultKind::Time,
                Fault::IllegalMove(_) => FaultKind::Illegal,
                Fault::Crash => FaultKind::Crash,
                Fault::Hang => FaultKind::Hang,
            };
            let side = if *color == a_color { Side::A } else { Side::B };
            GameEnd::Fault(kind, side)
        }
    }
}

/// A line on the run so far: games, wins, draws and losses, Elo with its interval, and the
/// LLR against its bounds.
fn report(finished: &[PairResult], sprt: Option<Sprt>) -> String {
    let Tally {
        wins,
        draws,
        losses,
        penta,
    } = Tally::of(finished);
    let elo = penta.elo();
    let shown = |elo: f64| elo_text(elo, 1, "no finite end");
    let estimate = elo_text(elo.value, 1, "no finite estimate");
    let mut line = format!(
        "games {:>4}: +{wins} ={draws} -{losses}  pairs {:?}  Elo {estimate} [{}, {}]",
        2 * finished.len(),
        penta.counts,
        shown(elo.low),
        shown(elo.high)
    );
    if let Some(sprt) = sprt {
        line.push_str(&format!(
            "  LLR {:.2} [{:.2}, {:.2}]",
            penta.llr(sprt.elo0, sprt.elo1),
            sprt.lower(),
            sprt.upper()
        ));
    }
    line
}

/// `cargo xtask openings [--seed S] [--count N] [--plies P]`: makes the repository's opening
/// set again and writes it to `book/data/openings.epd`, with how it was made; with `--check`,
/// checks the committed set against Stockfish instead ([`check_openings`]).
pub fn make_openings(args: &OpeningsArgs) -> Result<()> {
    if args.check {
        return check_openings(args.depth, args.bound, args.record.as_deref());
    }
    let (seed, count, plies) = (args.seed, args.count, args.plies);
    let positions = openings::generate(seed, count, plies, openings::undecided)?;
    let mut text = format!(
        "# cb2026's opening set: {count} positions, each {plies} random quiet developing plies from\n\
         # the start position (see xtask/src/games/openings.rs, fn generate), kept only if\n\
         # cb2026's own search (stage {stage}'s preset), {depth} plies deep, finds no mate and a\n\
         # score of at most {level} centipawns either way (fn undecided).\n\
         # Made by: cargo xtask openings --seed {seed} --count {count} --plies {plies}\n",
        stage = openings::JUDGE_STAGE,
        depth = openings::JUDGE_DEPTH,
        level = openings::LEVEL_CP,
    );
    for position in positions {
        let fen = position.to_string();
        let epd: Vec<&str> = fen.split_whitespace().take(4).collect();
        text.push_str(&epd.join(" "));
        text.push('\n');
    }
    let path = repo_root().join("book/data/openings.epd");
    std::fs::write(&path, text).with_context(|| path.display().to_string())?;
    println!("wrote {count} openings to {}", path.display());
    Ok(())
}

/// `cargo xtask openings --check`: Debian's Stockfish, one thread and a cleared hash, scores
/// every opening of the committed set `depth` plies deep; the openings it scores beyond
/// `bound` centipawns either way are listed, and kept with their count in the record `record`
/// if one is named. The set's own rule is the engine's search (fn `undecided`);
/// this is the check from outside that the rule keeps out what a far stronger engine calls
/// decided.
fn check_openings(depth: u32, bound: i32, record: Option<&str>) -> Result<()> {
    let root = repo_root();
    let path = root.join("book/data/openings.epd");
    let openings = openings::load(&path)?;
    let mut stockfish = crate::suites::stockfish::Stockfish::start(16, 1)?;
    let mut beyond = Vec::new();
    for (number, opening) in openings.iter().enumerate() {
        let fen = opening.start().to_string();
        let ranked = stockfish.analyse(&fen, depth)?;
        let best = ranked.first().with_context(|| {
            format!("stockfish gave no score for opening {}: {fen}", number + 1)
        })?;
        if best.cp.abs() > bound {
            println!("opening {}: {} ({fen})", number + 1, best.shown);
            beyond.push(format!("#   {}: {} ({fen})", number + 1, best.shown));
        }
    }
    println!(
        "{} of {} openings scored beyond ±{bound} centipawns by {} at depth {depth}",
        beyond.len(),
        openings.len(),
        stockfish.version
    );
    let mut text = format!(
        "# Made by: {}\n\
         # {}, one thread, a cleared hash, scoring each opening of book/data/openings.epd\n\
         # (git blob {}) {depth} plies deep; the openings scored beyond ±{bound} centipawns:\n",
        crate::cli::command_line(),
        stockfish.version,
        blob_id(&path)?
    );
    for line in &beyond {
        text.push_str(line);
        text.push('\n');
    }
    text.push_str(&format!(
        "quantity value\nopenings {}\ndepth {depth}\nbound {bound}\nbeyond {}\n",
        openings.len(),
        beyond.len()
    ));
    match record {
        Some(name) => crate::measure::write_record(&root, name, &text),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::record::open_sprt_record;
    use clap::Parser;

    /// The PGN header of the tests' games.
    const HEADER: Header = Header {
        event: "test",
        date: "2026.12.01",
        time_control: "-",
    };

    /// The settings of `line`, a whole command line after `cargo xtask` (`match …` or
    /// `sprt …`), read as `main` reads it.
    fn settings(line: &str) -> Result<Settings> {
        let words = std::iter::once("xtask").chain(line.split_whitespace());
        let cli = crate::Cli::try_parse_from(words).map_err(|e| anyhow!(e.to_string()))?;
        match cli.command {
            Some(crate::Task::Match(args)) => super::settings(&args, None, Path::new("/repo")),
            Some(crate::Task::Sprt(args)) => {
                super::settings(&args.games, Some(args.sprt()), Path::new("/repo"))
            }
            other => panic!("{line} is not a match or an sprt: {other:?}"),
        }
    }

    #[test]
    fn a_resumed_run_plays_the_version_of_the_opening_set_its_record_names() {
        // The committed set, read back by its blob, is the set git holds at HEAD.
        let path = crate::repo_root().join("book/data/openings.epd");
        let git = |args: &[&str]| crate::run_output(Command::new("git").args(args)).unwrap();
        let blob = git(&["rev-parse", "HEAD:book/data/openings.epd"]);
        let from_blob = openings::load_blob(&path, blob.trim()).unwrap();
        let at_head = git(&["show", "HEAD:book/data/openings.epd"]);
        assert_eq!(from_blob, openings::from_epd(&at_head).unwrap());
        assert!(openings::load_blob(&path, "0000000000ff").is_err());
    }

    #[test]
    fn a_command_line_gives_its_settings() {
        let s = settings(
            "match --tc 1+0.01 HEAD cmd:stockfish --games 7 --option2 UCI_Elo=1500 --record smoke",
        )
        .unwrap();
        assert_eq!(s.engines, ["HEAD".to_string(), "cmd:stockfish".to_string()]);
        assert_eq!(
            s.limit,
            Limit::Clock {
                base: Duration::from_secs(1),
                increment: Duration::from_millis(10)
            }
        );
        assert_eq!(s.games, 7);
        assert_eq!(s.options[1], [("UCI_Elo".to_string(), "1500".to_string())]);
        assert_eq!(s.record.as_deref(), Some("smoke"));
        assert_eq!(s.sprt, None);
        assert_eq!(s.openings, Path::new("/repo/book/data/openings.epd"));
        let s = settings("sprt --nodes 5000 --elo1 5 a b").unwrap();
        assert_eq!(s.limit, Limit::Nodes(5000));
        assert_eq!(s.games, 4000);
        assert_eq!(s.sprt.unwrap().elo1, 5.0);
        let s =
            settings("sprt --elo0 -3 --elo1 2 --nodes 9 --tc 4 --games 2 --games 3 a b").unwrap();
        assert_eq!(s.sprt.unwrap().elo0, -3.0);
        assert_eq!(
            limit_name(s.limit),
            "4+0",
            "the last of --tc and --nodes counts"
        );
        assert_eq!(s.games, 3, "an option given twice counts as the last");
    }

    #[test]
    fn a_bad_command_line_says_what_is_wrong() {
        for (line, expected) in [
            ("match HEAD", "required arguments were not provided"),
            ("match --tc fast a b", "\"fast\" is not BASE+INC"),
            ("match --tc 0+1 a b", "gives no time"),
            ("match --tc 1e16 a b", "each from 0 to 86400"),
            ("match --tc 10+2e19 a b", "each from 0 to 86400"),
            ("openings --count 0", "'0' for '--count <N>'"),
            ("match --games 0 a b", "'0' for '--games <N>'"),
            ("match --games 10000000000 a b", "from 1 to 1000000"),
            ("match --concurrency 100000 a b", "threads from 1 to 256"),
            ("match --elo0 5 a b", "unexpected argument '--elo0'"),
            ("sprt --elo0 5 --elo1 1 a b", "needs elo0 < elo1"),
            ("match --option1 Hash a b", "write NAME=VALUE"),
            ("match --record ../x a b", "may hold only letters"),
            ("match --colour red a b", "unexpected argument '--colour'"),
            (
                "match a b --tc",
                "a value is required for '--tc <BASE+INC>'",
            ),
        ] {
            let error = format!("{:#}", settings(line).unwrap_err());
            assert!(error.contains(expected), "{line}: {error}");
        }
    }

    #[test]
    fn pairs_are_counted_for_a_and_faults_named_with_whose_they_were() {
        use crate::games::fake::fake_spec;
        // A plays e4 whenever asked; B crashes at its first move, and is started again.
        let a = fake_spec("a", &[], "echo 'bestmove e2e4'");
        let b = fake_spec("b", &[], "exit 3");
        let mut settings = settings("match a b --games 4 --concurrency 1").unwrap();
        settings.limit = Limit::Nodes(100);
        let opening = Opening {
            fen: cb2026::Position::startpos().to_string(),
            moves: Vec::new(),
        };
        let log = play_pairs(
            &settings,
            [&a, &b],
            &[opening],
            &HEADER,
            Log::default(),
            &|_, _| Ok(()),
        )
        .unwrap();
        let lines: Vec<String> = log.pairs.iter().map(PairResult::to_string).collect();
        assert_eq!(lines, ["1 1 1 crash-b crash-b", "1 1 1 crash-b crash-b"]);
        let whites: Vec<&str> = log
            .pgn
            .lines()
            .filter(|l| l.starts_with("[White "))
            .collect();
        assert_eq!(
            whites,
            [
                "[White \"a\"]",
                "[White \"b\"]",
                "[White \"a\"]",
                "[White \"b\"]"
            ]
        );
    }

    /// `count` openings: the start position, each with a different first move.
    fn openings(count: usize) -> Vec<Opening> {
        let start = cb2026::Position::startpos();
        ["a2a3", "b2b3", "c2c3", "d2d3", "e2e3"][..count]
            .iter()
            .map(|mv| Opening {
                fen: start.to_string(),
                moves: vec![cb2026::movegen::find_move(&start, mv).unwrap()],
            })
            .collect()
    }

    #[test]
    fn a_resumed_run_ends_as_the_uninterrupted_run_would_have() {
        use crate::games::fake::fake_spec;
        let a = fake_spec("a", &[], "echo 'bestmove g8f6'; echo 'bestmove g1f3'");
        let b = fake_spec("b", &[], "exit 3");
        let openings = openings(3);
        let mut whole = settings("match a b --games 10 --concurrency 1").unwrap();
        whole.limit = Limit::Nodes(100);
        let play = |settings: &Settings, log: Log| {
            play_pairs(settings, [&a, &b], &openings, &HEADER, log, &|_, _| Ok(())).unwrap()
        };
        let uninterrupted = play(&whole, Log::default());
        // The first session ends after two pairs; the second carries on from its log.
        let first = play(
            &Settings {
                games: 4,
                ..whole.clone()
            },
            Log::default(),
        );
        assert_eq!(first.pairs.len(), 2);
        let resumed = play(&whole, first);
        assert_eq!(resumed.pairs, uninterrupted.pairs);
        let openings: Vec<usize> = resumed.pairs.iter().map(|p| p.opening).collect();
        assert_eq!(openings, [1, 2, 3, 1, 2]);
        assert_eq!(resumed.pgn.matches("[Event ").count(), 10);
        assert!(resumed.pgn.contains("[Round \"5.2\"]"));
    }

    #[test]
    fn a_pairs_games_go_on_the_end_of_the_pgn_and_a_missing_file_is_named() {
        let path = std::env::temp_dir().join(format!("cb2026-append-{}.pgn", std::process::id()));
        record::write_atomically(&path, "[Event \"1\"]\n\n*\n\n").unwrap();
        append(&path, "[Event \"2\"]\n\n*\n\n").unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        assert_eq!(text, "[Event \"1\"]\n\n*\n\n[Event \"2\"]\n\n*\n\n");
        std::fs::remove_file(&path).unwrap();
        let error = format!("{:#}", append(&path, "[Event \"3\"]").unwrap_err());
        assert!(error.contains("cb2026-append-"), "{error}");
    }

    #[test]
    fn pairs_left_in_play_are_played_first_when_a_run_resumes() {
        let pair = |opening| PairResult {
            opening,
            scores: [Score::Draw; 2],
            endings: [GameEnd::Fifty; 2],
        };
        // Pair 2 (opening 3) was in play when the run stopped.
        let played = [pair(1), pair(2), pair(4)];
        assert_eq!(pairs_to_play(&played, 10, 6), [2, 4, 5]);
        // With two openings, the third pair played opening 1 a second time.
        assert_eq!(pairs_to_play(&[pair(1), pair(2), pair(1)], 2, 5), [3, 4]);
        assert_eq!(pairs_to_play(&[], 2, 3), [0, 1, 2]);
    }

    /// An open SPRT's record of `pairs`, saved with an empty PGN game for each game in a
    /// fresh folder; returns the record's path.
    fn open_record(name: &str, pairs: &[&str]) -> (Record, PathBuf) {
        let record = open_sprt_record(pairs);
        let folder = std::env::temp_dir().join(format!("cb2026-{name}-{}", std::process::id()));
        std::fs::create_dir_all(&folder).unwrap();
        let path = folder.join("r.toml");
        record.save(&path).unwrap();
        let games = "[Event \"x\"]\n\n*\n\n".repeat(2 * pairs.len() + 1);
        std::fs::write(folder.join("r.pgn"), games).unwrap();
        (record, path)
    }

    #[test]
    fn an_open_record_resumes_with_its_pairs_and_games() {
        let (record, path) = open_record("resume", &["1 1 0.5 mate fifty", "2 0 0.5 mate fifty"]);
        let fresh = Record {
            date: "2026-12-02".to_string(),
            command: "other".to_string(),
            ..record.clone()
        };
        let (resumed, log) = resumed(&path, &path.with_extension("pgn"), fresh).unwrap();
        assert_eq!(resumed.command, record.command, "the first command is kept");
        assert_eq!(resumed.resumed, ["2026-12-02, from pair 3"]);
        assert_eq!(log.pairs, record.pairs);
        assert_eq!(
            log.pgn.matches("[Event ").count(),
            4,
            "a game past the record is dropped"
        );
        std::fs::remove_dir_all(path.parent().unwrap()).unwrap();
    }

    #[test]
    fn a_resume_after_the_opening_set_was_replaced_goes_on_with_the_recorded_version() {
        let (record, path) = open_record("replaced", &["1 1 0.5 mate fifty"]);
        let fresh = Record {
            openings: "book/data/openings.epd (500 openings, git blob 4567)"
                .parse()
                .unwrap(),
            ..record.clone()
        };
        let (resumed, _) = resumed(&path, &path.with_extension("pgn"), fresh).unwrap();
        assert_eq!(resumed.openings.blob.as_deref(), Some("0123456789ab"));
        std::fs::remove_dir_all(path.parent().unwrap()).unwrap();
    }

    #[test]
    fn a_resume_with_other_settings_is_refused_naming_the_setting() {
        let (record, path) = open_record("mismatch", &["1 1 0.5 mate fifty"]);
        let pgn = path.with_extension("pgn");
        for (fresh, expected) in [
            (
                Record {
                    engine_a: "a: command `a2`".to_string(),
                    ..record.clone()
                },
                "engine A differs",
            ),
            (
                Record {
                    limit: "4+0.04".to_string(),
                    ..record.clone()
                },
                "the limit differs",
            ),
            (
                Record {
                    margin_ms: 10,
                    ..record.clone()
                },
                "the margin differs",
            ),
            (
                Record {
                    openings: "other.epd (500 openings, git blob 4567)".parse().unwrap(),
                    ..record.clone()
                },
                "the opening set differs",
            ),
            (
                Record {
                    sprt: None,
                    ..record.clone()
                },
                "the SPRT differs",
            ),
        ] {
            let error = format!("{:#}", resumed(&path, &pgn, fresh).unwrap_err());
            assert!(error.contains(expected), "{error}");
        }
        std::fs::remove_dir_all(path.parent().unwrap()).unwrap();
    }

    #[test]
    fn a_fresh_run_does_not_overwrite_an_open_one() {
        let (mut record, path) = open_record("overwrite", &["1 1 0.5 mate fifty"]);
        let error = format!("{:#}", not_open(&path).unwrap_err());
        assert!(error.contains("holds an open run"), "{error}");
        record.status = Status::Complete;
        record.save(&path).unwrap();
        not_open(&path).unwrap();
        not_open(&path.with_extension("none")).unwrap();
        std::fs::remove_dir_all(path.parent().unwrap()).unwrap();
    }

    #[test]
    fn a_decided_or_complete_run_is_not_resumed() {
        // Forty pairs A won outright carry the LLR past H1's bound.
        let won = vec!["1 1 1 mate mate"; 40];
        let (record, path) = open_record("decided", &won);
        let error = format!(
            "{:#}",
            resumed(&path, &path.with_extension("pgn"), record).unwrap_err()
        );
        assert!(error.contains("the run is decided"), "{error}");
        let (mut record, path) = open_record("complete", &["1 1 0.5 mate fifty"]);
        record.status = Status::Complete;
        record.save(&path).unwrap();
        let error = format!(
            "{:#}",
            resumed(&path, &path.with_extension("pgn"), record).unwrap_err()
        );
        assert!(error.contains("the run is complete"), "{error}");
        std::fs::remove_dir_all(path.parent().unwrap()).unwrap();
    }

    #[test]
    fn limits_are_named_as_records_write_them() {
        assert_eq!(limit_name(parse_clock("8+0.08").unwrap()), "8+0.08");
        assert_eq!(limit_name(parse_clock("10").unwrap()), "10+0");
        assert_eq!(limit_name(Limit::Nodes(5000)), "nodes=5000");
    }
}
