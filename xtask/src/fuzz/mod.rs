//! `cargo xtask fuzz`: the readers of outside input, fuzzed on stable Rust by a driver of the
//! project's own. Each target makes inputs shaped like what its reader expects (from the
//! project's real files and from random play), bends them with random edits, and checks what
//! the reader promises: no panic on any thread, no illegal move accepted, the last good state
//! kept. The inputs come from a seeded stream: the same seed and count try the same inputs.
//! A failing input is saved under `target/fuzz-failures` and becomes a regression test.

pub mod generate;
pub mod targets;
pub mod uci_check;

use crate::repo_root;
use anyhow::{Context, Result, anyhow, bail};
use generate::Gen;
use std::panic::AssertUnwindSafe;
use std::path::Path;
use std::sync::Mutex;
use std::time::{Duration, Instant};
use targets::{Corpus, TARGETS, Target};

/// `cargo xtask fuzz [OPTIONS]`: how many inputs to try, and which. Every field is optional,
/// so that `FuzzArgs::default()` is the command line with no options, whose defaults are
/// `settings`'s.
#[derive(Debug, Default, clap::Args)]
#[command(
    args_override_self = true,
    after_help = "\
The targets are tried in turn: fen, uci, position, pgn, epd, record. Fails if any input panics
or breaks what its target asserts; each such input is saved to target/fuzz-failures. CI runs
`--inputs 20000`."
)]
pub struct FuzzArgs {
    /// Try ten million inputs, built with the `fuzz` profile (optimised, with debug
    /// assertions and overflow checks).
    #[arg(long)]
    long: bool,
    /// Inputs to try [default: 100000].
    #[arg(long, value_name = "N")]
    inputs: Option<u64>,
    /// Try as many inputs as S seconds allow.
    #[arg(long, value_name = "S")]
    seconds: Option<u64>,
    /// The seed of the inputs [default: 1].
    #[arg(long, value_name = "S")]
    seed: Option<u64>,
    /// Run this target alone.
    #[arg(long, value_name = "NAME")]
    target: Option<String>,
    /// Share the inputs among J threads (a panic is then told apart only by its message)
    /// [default: 1].
    #[arg(long, value_name = "J", value_parser = crate::cli::thread_count)]
    jobs: Option<usize>,
    /// Write the counts to book/data/NAME.txt, for the book to quote.
    #[arg(long, value_name = "NAME", value_parser = crate::cli::record_name)]
    record: Option<String>,
}

impl FuzzArgs {
    /// `fuzz --inputs N`, as CI runs it.
    pub fn inputs(inputs: u64) -> Self {
        FuzzArgs {
            inputs: Some(inputs),
            ..FuzzArgs::default()
        }
    }
}

/// How many inputs `--long` tries.
const LONG_RUN: &str = "10000000";

/// The last panic's message, from whichever thread panicked: the search runs on a thread of
/// its own, whose panic the engine survives by design, so the driver listens on all of them.
static PANIC: Mutex<Option<String>> = Mutex::new(None);

/// How many inputs to try, and which.
struct Settings {
    /// Stop after this many inputs.
    inputs: u64,
    /// Or after this long.
    time: Option<Duration>,
    /// The seed of the inputs.
    seed: u64,
    /// Only this target, if given.
    target: Option<String>,
    /// The record to write the counts to, if any.
    record: Option<String>,
    /// How many threads share the inputs.
    jobs: usize,
}

/// Runs `cargo xtask fuzz …`.
pub fn main(args: &FuzzArgs) -> Result<()> {
    if args.long {
        // The same command line, without `--long`, in the optimised build.
        let rest = std::env::args().skip(2).filter(|a| a != "--long");
        return crate::run(
            std::process::Command::new("cargo")
                .current_dir(repo_root())
                .args(["run", "--profile", "fuzz", "--package", "xtask", "--"])
                .args(["fuzz", "--inputs", LONG_RUN])
                .args(rest),
        );
    }
    let settings = settings(args);
    let targets: Vec<&Target> = TARGETS
        .iter()
        .filter(|t| settings.target.as_deref().is_none_or(|name| name == t.name))
        .collect();
    if targets.is_empty() {
        let names: Vec<&str> = TARGETS.iter().map(|t| t.name).collect();
        bail!(
            "no target {:?}: the targets are {}",
            settings.target,
            names.join(", ")
        );
    }
    let corpus = corpus(&repo_root())?;
    std::panic::set_hook(Box::new(|info| {
        *PANIC.lock().unwrap_or_else(|p| p.into_inner()) = Some(info.to_string());
    }));
    let started = Instant::now();
    let shares: Vec<Share> = std::thread::scope(|scope| {
        let jobs: Vec<_> = (0..settings.jobs)
            .map(|job| {
                let (settings, targets, corpus) = (&settings, &targets, &corpus);
                scope.spawn(move || fuzz_share(job, settings, targets, corpus, started))
            })
            .collect();
        jobs.into_iter()
            .map(|job| job.join().expect("a fuzz job catches its panics"))
            .collect()
    });
    let mut tried = vec![0u64; targets.len()];
    let mut failures = Vec::new();
    for share in shares {
        for (all, n) in tried.iter_mut().zip(share.tried) {
            *all += n;
        }
        failures.extend(share.failures?);
    }
    let _ = std::panic::take_hook();
    let counts: Vec<String> = targets
        .iter()
        .zip(&tried)
        .map(|(t, n)| format!("{} {n}", t.name))
        .collect();
    let total: u64 = tried.iter().sum();
    println!(
        "fuzz: {total} inputs from seed {} in {:.1} s ({}), {} failing",
        settings.seed,
        started.elapsed().as_secs_f64(),
        counts.join(", "),
        failures.len()
    );
    if let Some(name) = &settings.record {
        let names: Vec<&str> = targets.iter().map(|t| t.name).collect();
        let seconds = started.elapsed().as_secs_f64();
        record(name, &names, &tried, failures.len(), seconds)?;
    }
    if failures.is_empty() {
        Ok(())
    } else {
        bail!("{}", failures.join("\n"))
    }
}

/// Writes the run's counts to `book/data/NAME.txt`: the inputs each target tried, and in all,
/// with the failures, under comments saying how the run was made.
fn record(
    name: &str,
    targets: &[&str],
    tried: &[u64],
    failures: usize,
    seconds: f64,
) -> Result<()> {
    use crate::games::record::{machine, today};
    let mut text = format!(
        "# The fuzzer's run: inputs tried by each target, and how many failed.\n\
         # Made by: {} ({}, {}, {seconds:.0} s).\n\
         target inputs\n",
        crate::cli::command_line(),
        today(),
        machine()
    );
    for (target, n) in targets.iter().zip(tried) {
        text.push_str(&format!("{target} {n}\n"));
    }
    text.push_str(&format!(
        "all {}\nfailing {failures}\n",
        tried.iter().sum::<u64>()
    ));
    crate::measure::write_record(&repo_root(), name, &text)
}

/// What one job of the run tried: inputs by target, and the failures it met.
struct Share {
    /// Inputs tried, by target.
    tried: Vec<u64>,
    /// A line for each failing input, or the error that stopped the job.
    failures: Result<Vec<String>>,
}

/// Job `job`'s share of the run: every input of every `jobs`-th round of targets, from round
/// `job` on. Job 0 says how far the run has gone, every 30 seconds.
fn fuzz_share(
    job: usize,
    settings: &Settings,
    targets: &[&Target],
    corpus: &Corpus,
    started: Instant,
) -> Share {
    let mut tried = vec![0u64; targets.len()];
    let mut failures = Vec::new();
    let mut next_report = Duration::from_secs(30);
    // Inputs go to jobs a round of targets at a time, so that every job tries every target.
    let round = targets.len() as u64;
    let mine = |n: &u64| (n / round) % settings.jobs as u64 == job as u64;
    for n in (0..settings.inputs).filter(mine) {
        if settings.time.is_some_and(|time| started.elapsed() >= time) || failures.len() >= 10 {
            break;
        }
        let which = (n % targets.len() as u64) as usize;
        let target = targets[which];
        let mut stream = settings.seed ^ n.rotate_left(32);
        let mut random = Gen::new(cb2026::rng::splitmix64(&mut stream));
        let input = (target.make)(&mut random, corpus);
        tried[which] += 1;
        if let Err(problem) = try_input(target, &input) {
            let problem = format!("{problem:#}");
            match save_failure(target.name, settings.seed, n, &input, &problem) {
                Ok(line) => failures.push(line),
                Err(error) => {
                    return Share {
                        tried,
                        failures: Err(error),
                    };
                }
            }
        }
        if job == 0 && started.elapsed() >= next_report {
            let seconds = started.elapsed().as_secs_f64();
            println!("fuzz: about {} inputs in {seconds:.0} s", n + 1);
            next_report += Duration::from_secs(30);
        }
    }
    Share {
        tried,
        failures: Ok(failures),
    }
}

/// Checks one input, turning a panic on any thread into a failure.
fn try_input(target: &Target, input: &str) -> Result<()> {
    let checked = std::panic::catch_unwind(AssertUnwindSafe(|| (target.check)(input)));
    let panic = PANIC.lock().unwrap_or_else(|p| p.into_inner()).take();
    match (checked, panic) {
        (_, Some(panic)) => Err(anyhow!("panic: {panic}")),
        (Err(_), None) => Err(anyhow!("panic")),
        (Ok(result), None) => result,
    }
}

/// Saves a failing input to `target/fuzz-failures/TARGET-SEED-N.txt` and says what failed.
fn save_failure(target: &str, seed: u64, n: u64, input: &str, problem: &str) -> Result<String> {
    let folder = repo_root().join("target/fuzz-failures");
    std::fs::create_dir_all(&folder).with_context(|| folder.display().to_string())?;
    let path = folder.join(format!("{target}-{seed}-{n}.txt"));
    std::fs::write(&path, input).with_context(|| path.display().to_string())?;
    Ok(format!(
        "{target} input {n} ({}): {problem}",
        path.display()
    ))
}

/// The settings of a command line: `--seconds` alone tries inputs until the time is up.
fn settings(args: &FuzzArgs) -> Settings {
    let inputs = match (args.inputs, args.seconds) {
        (Some(inputs), _) => inputs,
        (None, Some(_)) => u64::MAX,
        (None, None) => 100_000,
    };
    Settings {
        inputs,
        time: args.seconds.map(Duration::from_secs),
        seed: args.seed.unwrap_or(1),
        target: args.target.clone(),
        record: args.record.clone(),
        jobs: args.jobs.unwrap_or(1),
    }
}

/// The project's games, opening set, suites and records, as the inputs' raw material.
fn corpus(root: &Path) -> Result<Corpus> {
    let mut corpus = Corpus::default();
    for folder in ["book/data", "book/data/games"] {
        let Ok(entries) = std::fs::read_dir(root.join(folder)) else {
            continue;
        };
        let mut paths: Vec<_> = entries.filter_map(Result::ok).map(|e| e.path()).collect();
        paths.sort();
        for path in paths {
            let kind = path.extension().map(|e| e.to_string_lossy().into_owned());
            let list = match kind.as_deref() {
                Some("pgn") => &mut corpus.pgn,
                Some("epd") => &mut corpus.epd,
                Some("toml") => &mut corpus.records,
                _ => continue,
            };
            list.push(std::fs::read_to_string(&path).with_context(|| path.display().to_string())?);
        }
    }
    Ok(corpus)
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    /// The settings of `cargo xtask fuzz LINE`.
    fn settings_of(line: &str) -> Settings {
        let words = ["xtask", "fuzz"].into_iter().chain(line.split_whitespace());
        match crate::Cli::try_parse_from(words).unwrap().command {
            Some(crate::Task::Fuzz(args)) => settings(&args),
            other => panic!("not fuzz: {other:?}"),
        }
    }

    #[test]
    fn a_command_line_gives_its_settings() {
        let s = settings_of("");
        assert_eq!((s.inputs, s.time, s.seed, s.jobs), (100_000, None, 1, 1));
        let s = settings_of("--seconds 5 --seed 9 --target fen --jobs 1 --record r");
        assert_eq!((s.inputs, s.time), (u64::MAX, Some(Duration::from_secs(5))));
        assert_eq!((s.seed, s.jobs), (9, 1));
        assert_eq!(
            (s.target.as_deref(), s.record.as_deref()),
            (Some("fen"), Some("r"))
        );
        assert_eq!(settings_of("--inputs 20000").inputs, 20_000);
        assert_eq!(settings(&FuzzArgs::inputs(20_000)).inputs, 20_000);
    }

    #[test]
    fn a_panic_or_a_broken_promise_is_a_failure_and_a_kept_one_is_not() {
        let panics = Target {
            name: "panics",
            make: |_, _| String::new(),
            check: |input| panic!("cannot read {input:?}"),
        };
        let refuses = Target {
            name: "refuses",
            make: |_, _| String::new(),
            check: |input| Err(anyhow!("broke on {input:?}")),
        };
        let failure = format!("{:#}", try_input(&panics, "x").unwrap_err());
        assert!(failure.starts_with("panic"), "{failure}");
        let broken = format!("{:#}", try_input(&refuses, "x").unwrap_err());
        assert_eq!(broken, "broke on \"x\"");
        try_input(&TARGETS[0], "not a fen").unwrap();
    }

    #[test]
    fn every_target_makes_the_same_inputs_from_the_same_seed_and_they_pass() {
        let corpus = corpus(&repo_root()).unwrap();
        for target in &TARGETS {
            for seed in 0..30 {
                let input = (target.make)(&mut Gen::new(seed), &corpus);
                assert_eq!(input, (target.make)(&mut Gen::new(seed), &corpus));
                if let Err(error) = (target.check)(&input) {
                    panic!("{}: {input:?}: {error:#}", target.name);
                }
            }
        }
    }
}
