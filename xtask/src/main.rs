//! cb2026's own tooling, run as `cargo xtask COMMAND`.
//!
//! It keeps the book honest (every listing is the engine's source, every header line and
//! the table of contents follow stages.toml), builds the book, tags the stages and runs
//! everything CI checks.

mod alpha_beta;
mod book;
mod book_links;
mod chapters;
mod checkout;
mod ci;
mod cli;
mod datagen;
mod diagram;
mod exercises;
mod facts;
mod figures;
mod fuzz;
mod games;
mod gui;
#[cfg(test)]
mod lichess_bot;
mod listing;
mod magics;
mod measure;
mod node_order;
mod plan;
mod plot;
mod pvs_ladder;
mod reduction_map;
mod revision;
mod screenshot;
mod stage_map;
mod stages;
mod suites;
mod svg;
#[cfg(test)]
mod test_engine;
#[cfg(test)]
mod test_repo;
mod tools;
mod transcript;
mod tree_size;
mod tt_bucket;
mod tune;
mod tuning_plots;

use anyhow::{Context, Result, anyhow, bail};
use clap::{CommandFactory, Parser, Subcommand};
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

/// The command line: one command and its options. Each command's options are a struct in
/// the module that runs it, where their doc comments become its `--help`.
#[derive(Debug, Parser)]
#[command(name = "cargo xtask", bin_name = "cargo xtask")]
#[command(about = "cb2026's own tooling: the book, the stages, games, measurements and CI")]
pub struct Cli {
    /// The command; with none, the list of commands is printed.
    #[command(subcommand)]
    command: Option<Task>,
}

/// Every command `cargo xtask` runs.
#[derive(Debug, Subcommand)]
enum Task {
    /// Fail if a listing, header line or SUMMARY.md differs from its source.
    CheckChapters,
    /// Rewrite every generated part of the book from its source.
    SyncChapters,
    /// Build the book into book/build (with its link check), serve it, or build a stage's.
    Book(book::BookArgs),
    /// The preprocessor mdBook runs (book.toml names it): links to tags and files, and the
    /// page of tags, for where the book is built.
    BookLinks(book_links::BookLinksArgs),
    /// Play games between two engines.
    Match(games::runner::MatchArgs),
    /// Play games between two engines until a sequential probability ratio test decides.
    Sprt(games::runner::SprtArgs),
    /// How each player of a recorded run spent its clock, read from its games.
    TimeUse(games::time_use::TimeUseArgs),
    /// Make the repository's opening set again (book/data/openings.epd).
    Openings(games::runner::OpeningsArgs),
    /// Play the engine against itself and keep quiet positions with the games' results.
    Datagen(datagen::DatagenArgs),
    /// Tune the evaluation's values on datagen's positions (Texel's method).
    Tune(tune::TuneArgs),
    /// Perft's speed against cozy-chess in paired rounds, recorded for chapter 5.
    PerftSpeed(cli::PerftSpeedArgs),
    /// Apply each Try-it exercise's change in a scratch copy and see its test fail.
    Exercises,
    /// The bench's speed or the time to a depth, candidate against base, in paired rounds.
    Speed(measure::speed::SpeedArgs),
    /// The bench's instructions under cachegrind, candidate against base.
    Instructions(measure::instructions::InstructionsArgs),
    /// cargo-deny's checks of the dependencies (licences, bans, sources, advisories).
    Deny,
    /// Find the slider tables' magic multipliers again, and print them.
    Magics,
    /// Render pages of the built book to PNG.
    Screenshot(screenshot::ScreenshotArgs),
    /// Screenshots of cb2026 in a real chess GUI (PyChess, under Xvfb) for chapter 6.
    GuiScreenshots,
    /// The stages against the git history: list, tag, check, verify.
    #[command(subcommand)]
    Stages(stages::StagesCommand),
    /// Fuzz the readers of FEN, UCI, PGN, EPD and records.
    Fuzz(fuzz::FuzzArgs),
    /// Run the engine over a test suite, or choose a suite again.
    Suite(suites::SuiteArgs),
    /// Print the script that completes these commands in a shell.
    Completions(cli::CompletionsArgs),
    /// Everything CI checks, in order.
    Ci,
}

/// Runs the command named on the command line.
fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = std::env::current_dir()
        .context("cannot read the current folder")
        .and_then(|current| checkout::check(&current, &repo_root()))
        .and_then(|()| dispatch(cli.command));
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: {error:#}");
            ExitCode::FAILURE
        }
    }
}

/// Runs `task`, or lists the commands when there is none.
fn dispatch(task: Option<Task>) -> Result<()> {
    let Some(task) = task else {
        return Ok(Cli::command().print_help()?);
    };
    match task {
        Task::CheckChapters => check_chapters(&repo_root()),
        Task::SyncChapters => sync_chapters(),
        Task::Book(args) => book::main(&args),
        Task::BookLinks(args) => book_links::main(&args),
        Task::Match(args) => games::runner::main(&args, None),
        Task::Sprt(args) => games::runner::main(&args.games, Some(args.sprt())),
        Task::TimeUse(args) => games::time_use::main(&args),
        Task::Openings(args) => games::runner::make_openings(&args),
        Task::Datagen(args) => datagen::main(&args),
        Task::Tune(args) => tune::main(&args),
        Task::PerftSpeed(args) => perft_speed(args.rounds),
        Task::Exercises => exercises::main(),
        Task::Speed(args) => measure::speed::main(&args),
        Task::Instructions(args) => measure::instructions::main(&args),
        Task::Deny => measure::deny::main(),
        Task::Magics => magics::main(),
        Task::Screenshot(args) => screenshot::main(&args),
        Task::GuiScreenshots => gui::main(),
        Task::Stages(command) => stages::main(command),
        Task::Fuzz(args) => fuzz::main(&args),
        Task::Suite(args) => suites::main(args),
        Task::Completions(args) => cli::completions(args.shell, &mut Cli::command()),
        Task::Ci => ci::main(),
    }
}

/// `check-chapters`: prints every place where the book and its sources disagree, and fails
/// if there is one.
fn check_chapters(root: &Path) -> Result<()> {
    let problems = chapters::check(root)?;
    for problem in &problems {
        eprintln!("{problem}");
    }
    if problems.is_empty() {
        println!(
            "check-chapters: every listing, diagram, header line and the summary match their sources"
        );
        Ok(())
    } else {
        bail!("check-chapters found {} problem(s)", problems.len())
    }
}

/// `sync-chapters`: rewrites what can be regenerated and reports what cannot.
fn sync_chapters() -> Result<()> {
    let (changed, unmended) = chapters::sync(&repo_root())?;
    for file in &changed {
        println!("rewrote {}", file.display());
    }
    for problem in &unmended {
        eprintln!("{problem}");
    }
    if unmended.is_empty() {
        Ok(())
    } else {
        bail!("{} problem(s) need a person", unmended.len())
    }
}

/// `perft-speed`: runs the paired comparison of perft with cozy-chess's and records it where
/// chapter 5 quotes it from. The benchmark is built with the bench profile, like a release.
fn perft_speed(rounds: u32) -> Result<()> {
    let record = repo_root().join("book/data/perft-speed.txt");
    run(Command::new("cargo")
        .current_dir(repo_root())
        .args([
            "bench",
            "--package",
            "cb2026",
            "--bench",
            "perft_vs_cozy",
            "--",
            "--rounds",
            &rounds.to_string(),
            "--record",
        ])
        .arg(&record))
}

/// The repository's root folder: the checkout xtask was compiled in, which `main` has checked
/// is the one it runs in.
pub fn repo_root() -> PathBuf {
    checkout::compiled_root()
}

/// Runs `command`, its output going to ours, and fails if it fails.
pub fn run(command: &mut Command) -> Result<()> {
    let status = command
        .status()
        .with_context(|| format!("cannot run {}", describe(command)))?;
    if status.success() {
        Ok(())
    } else {
        bail!("{} failed ({status})", describe(command))
    }
}

/// Runs `command` and returns what it printed, failing if it fails.
pub fn run_output(command: &mut Command) -> Result<String> {
    let output = command
        .output()
        .with_context(|| format!("cannot run {}", describe(command)))?;
    if output.status.success() {
        String::from_utf8(output.stdout).with_context(|| describe(command))
    } else {
        let stderr = String::from_utf8_lossy(&output.stderr);
        Err(anyhow!(
            "{} failed ({}): {}",
            describe(command),
            output.status,
            stderr.trim()
        ))
    }
}

/// A command as it would be typed, for messages.
fn describe(command: &Command) -> String {
    let mut words = vec![command.get_program().to_string_lossy().into_owned()];
    words.extend(command.get_args().map(|a| a.to_string_lossy().into_owned()));
    words.join(" ")
}
