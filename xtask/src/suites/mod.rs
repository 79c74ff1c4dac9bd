//! The test suites: positions from the project's own games where Stockfish, looking deep, is
//! sure of the best move (`tactics`) or ranks a few good moves with points as the Strategic
//! Test Suite does (`positional`). `suite make` chooses them again; `suite tactics|positional`
//! runs an engine over one and says how many it solves and what it scores.

pub mod epd;
pub mod make;
pub mod run;
pub mod stockfish;

use crate::games::engine::EngineSpec;
use crate::games::record::{machine, today};
use crate::{repo_root, run as run_command, run_output};
use anyhow::{Context, Result, anyhow};
use make::{POSITIONAL, Recipe, SEED, TACTICS};
use run::SuiteLimit;
use std::path::{Path, PathBuf};
use std::process::Command;

/// `cargo xtask suite …`: a suite to run, or to make again.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
Runs cb2026 over a suite (book/data/suite-NAME.epd), each position from a fresh ucinewgame,
and prints how many positions it solves and the points it scores.")]
pub struct SuiteArgs {
    /// What to do; with nothing, this help.
    #[command(subcommand)]
    command: Option<SuiteCommand>,
}

/// The suites, and making them.
#[derive(Debug, clap::Subcommand)]
enum SuiteCommand {
    /// Run the engine over the tactics suite: a best move each.
    Tactics(RunArgs),
    /// Run the engine over the positional suite: a few good moves each, with points.
    Positional(RunArgs),
    /// Choose a suite again from the games in book/data/games, with Debian's Stockfish
    /// (installed if missing) as the judge; on two cores it takes an hour or more.
    Make(MakeArgs),
}

/// `suite tactics|positional [REV] [--nodes N | --time MS] [--record NAME]`.
#[derive(Debug, clap::Args)]
#[command(args_override_self = true)]
struct RunArgs {
    /// A git revision, built in a worktree under target/match [default: the working tree's
    /// release build].
    #[arg(value_name = "REV")]
    revision: Option<String>,
    /// Nodes a position, deterministic [default: 100000].
    #[arg(long, value_name = "N", overrides_with = "time", value_parser = crate::cli::positive)]
    nodes: Option<u64>,
    /// A move time a position, in milliseconds: it varies with the machine and its load.
    #[arg(long, value_name = "MS", overrides_with = "nodes", value_parser = crate::cli::positive)]
    time: Option<u64>,
    /// Write the result to book/data/NAME.txt, for the book to quote.
    #[arg(long, value_name = "NAME", value_parser = crate::cli::record_name)]
    record: Option<String>,
}

/// `suite make tactics|positional [--seed S] [--count N]`.
#[derive(Debug, clap::Args)]
#[command(args_override_self = true)]
struct MakeArgs {
    /// The suite to make.
    #[arg(value_parser = ["tactics", "positional"])]
    name: String,
    /// The seed the candidates are shuffled with [default: the suite's own].
    #[arg(long, value_name = "S")]
    seed: Option<u64>,
    /// How many positions to keep [default: the suite's own].
    #[arg(long, value_name = "N")]
    count: Option<usize>,
}

/// The node limit when none is given.
const DEFAULT_NODES: u64 = 100_000;

/// Runs `cargo xtask suite …`.
pub fn main(args: SuiteArgs) -> Result<()> {
    match args.command {
        Some(SuiteCommand::Make(make)) => make_suite(recipe(&make.name)?, &make),
        Some(SuiteCommand::Tactics(run)) => run_suite(TACTICS, &run),
        Some(SuiteCommand::Positional(run)) => run_suite(POSITIONAL, &run),
        None => {
            use clap::CommandFactory;
            let mut cli = crate::Cli::command();
            cli.build();
            let suite = cli
                .find_subcommand_mut("suite")
                .context("no suite command")?;
            Ok(suite.print_help()?)
        }
    }
}

/// The recipe of the suite called `name`.
fn recipe(name: &str) -> Result<Recipe> {
    match name {
        "tactics" => Ok(TACTICS),
        "positional" => Ok(POSITIONAL),
        _ => Err(anyhow!("no suite {name:?}: tactics or positional")),
    }
}

/// Where the suite `name` is kept.
fn suite_path(root: &Path, name: &str) -> PathBuf {
    root.join(format!("book/data/suite-{name}.epd"))
}

/// `suite make NAME [--seed S] [--count N]`: chooses the suite again, writing it with its
/// header after every position kept, so that a run cut short leaves a whole (shorter) suite.
fn make_suite(recipe: Recipe, args: &MakeArgs) -> Result<()> {
    let (seed, count) = (
        args.seed.unwrap_or(SEED),
        args.count.unwrap_or(recipe.count),
    );
    let root = repo_root();
    let candidates = make::candidates(&root.join(crate::games::record::RECORDS))?;
    let total = candidates.len();
    let candidates = make::shuffled(candidates, seed);
    let mut stockfish = stockfish::Stockfish::start(64, recipe.multipv)?;
    let version = stockfish.version.clone();
    let head = run_output(
        Command::new("git")
            .current_dir(&root)
            .args(["rev-parse", "HEAD"]),
    )?;
    let path = suite_path(&root, recipe.name);
    let write = |suite: &[epd::SuitePosition], screened: usize| {
        let made = Made {
            seed,
            count,
            total,
            screened,
            version: &version,
            commit: head.trim(),
        };
        let text = suite_text(&recipe, &made, suite);
        std::fs::write(&path, text).with_context(|| path.display().to_string())
    };
    let suite = make::select(&recipe, count, &candidates, &mut stockfish, write)?;
    println!("wrote {} ({} positions)", path.display(), suite.len());
    Ok(())
}

/// How a suite was made, for its header.
struct Made<'a> {
    /// The shuffle's seed.
    seed: u64,
    /// How many positions were asked for.
    count: usize,
    /// How many candidates there were.
    total: usize,
    /// How many candidates were looked at.
    screened: usize,
    /// Stockfish's name for itself.
    version: &'a str,
    /// The commit the games were read at.
    commit: &'a str,
}

/// A suite's file: its header, saying how it was made, and a line a position.
fn suite_text(recipe: &Recipe, made: &Made, suite: &[epd::SuitePosition]) -> String {
    let mut text = format!(
        "# cb2026's {name} suite: {kept} positions from the project's own games \
         (book/data/games/*.pgn).\n\
         # Made by: cargo xtask suite make {name} --seed {seed} --count {count} ({date}, {machine}),\n\
         # from the games at commit {commit}: other games give other candidates.\n\
         # Judge: {version}, 1 thread, 64 MB hash, cleared before each position.\n\
         # Candidates: every position of every game, not in check, with two legal moves or\n\
         # more, each once: {total}, shuffled with seed {seed}; {screened} were looked at, each\n\
         # screened at depth {screen} and judged at depth {depth}, to fill the suite.\n\
         # Rule: {rule}\n\
         # c0 says where the position comes from and Stockfish's scores at depth {depth};\n\
         # c9 lists the moves that score and c8 their points.\n",
        name = recipe.name,
        kept = suite.len(),
        seed = made.seed,
        count = made.count,
        commit = made.commit,
        date = today(),
        machine = machine(),
        version = made.version,
        total = made.total,
        screened = made.screened,
        screen = recipe.screen_depth,
        depth = recipe.depth,
        rule = wrap_comment(recipe.rule),
    );
    for position in suite {
        text.push_str(&position.to_line());
        text.push('\n');
    }
    text
}

/// `text` wrapped for a `#` comment of a suite's header.
fn wrap_comment(text: &str) -> String {
    let mut lines = vec![String::new()];
    for word in text.split_whitespace() {
        let line = lines.last_mut().expect("one line at least");
        if line.len() + word.len() > 80 {
            lines.push(format!("#   {word}"));
        } else {
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(word);
        }
    }
    lines.join("\n")
}

/// `suite NAME [REV] [--nodes N | --time MS] [--record NAME]`.
fn run_suite(recipe: Recipe, args: &RunArgs) -> Result<()> {
    let (revision, limit, record) = run_settings(args);
    let root = repo_root();
    let path = suite_path(&root, recipe.name);
    let text = std::fs::read_to_string(&path).with_context(|| path.display().to_string())?;
    let suite = epd::read(&text).with_context(|| path.display().to_string())?;
    let (spec, description) = engine(&root, revision.as_deref())?;
    let score = run::run(&spec, &suite, limit)?;
    let summary = format!(
        "suite limit positions solved points max_points\n{} {} {} {} {} {}\n",
        recipe.name,
        limit.name(),
        score.positions,
        score.solved,
        score.points,
        score.max_points
    );
    println!("{description}\n{summary}");
    if let Some(name) = record {
        let command = crate::cli::command_line();
        let kind = match limit {
            SuiteLimit::Nodes(_) => "a node limit: the same on every machine",
            SuiteLimit::Time(_) => "a time limit: it varies with the machine and its load",
        };
        let text = format!(
            "# {description} on book/data/suite-{}.epd, under {kind}.\n\
             # Made by: {} ({}, {}).\n{summary}",
            recipe.name,
            command,
            today(),
            machine()
        );
        crate::measure::write_record(&root, &name, &text)?;
    }
    Ok(())
}

/// What a run's options give: the revision, the limit and the record's name.
fn run_settings(args: &RunArgs) -> (Option<String>, SuiteLimit, Option<String>) {
    let limit = match (args.nodes, args.time) {
        (_, Some(time)) => SuiteLimit::Time(time),
        (nodes, None) => SuiteLimit::Nodes(nodes.unwrap_or(DEFAULT_NODES)),
    };
    (args.revision.clone(), limit, args.record.clone())
}

/// The engine to run, and how a record describes it: the git revision `revision`, built in a
/// worktree, or the working tree's release build.
fn engine(root: &Path, revision: Option<&str>) -> Result<(EngineSpec, String)> {
    let (binary, description) = match revision {
        Some(revision) => {
            let (binary, commit) = crate::games::runner::build_revision(root, revision)?;
            (binary, format!("cb2026 at {revision} (commit {commit})"))
        }
        None => {
            run_command(
                Command::new("cargo")
                    .current_dir(root)
                    .args(crate::revision::ENGINE_BUILD),
            )?;
            let head = run_output(
                Command::new("git")
                    .current_dir(root)
                    .args(["rev-parse", "HEAD"]),
            )?;
            let status = run_output(
                Command::new("git")
                    .current_dir(root)
                    .args(["status", "--porcelain"]),
            )?;
            let dirty = if status.trim().is_empty() {
                ""
            } else {
                " with uncommitted changes"
            };
            let description = format!("cb2026's working tree (commit {}{dirty})", head.trim());
            (
                crate::revision::engine_binary(&root.join("target")),
                description,
            )
        }
    };
    let spec = EngineSpec {
        name: "cb2026".to_string(),
        command: vec![binary.to_string_lossy().into_owned()],
        options: Vec::new(),
    };
    Ok((spec, description))
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    /// The run's settings of `cargo xtask suite LINE`, or the parser's error.
    fn run_line(line: &str) -> Result<(Option<String>, SuiteLimit, Option<String>), String> {
        let words = ["xtask", "suite"]
            .into_iter()
            .chain(line.split_whitespace());
        let cli = crate::Cli::try_parse_from(words).map_err(|e| e.to_string())?;
        match cli.command {
            Some(crate::Task::Suite(SuiteArgs {
                command: Some(SuiteCommand::Tactics(run) | SuiteCommand::Positional(run)),
            })) => Ok(run_settings(&run)),
            other => panic!("{line} runs no suite: {other:?}"),
        }
    }

    #[test]
    fn a_suite_run_reads_its_revision_and_limit() {
        let nodes = |n| SuiteLimit::Nodes(n);
        assert_eq!(
            run_line("tactics").unwrap(),
            (None, nodes(DEFAULT_NODES), None)
        );
        let (revision, limit, _) = run_line("positional main --nodes 50000").unwrap();
        assert_eq!((revision.as_deref(), limit), (Some("main"), nodes(50_000)));
        assert_eq!(
            run_line("tactics --time 100").unwrap().1,
            SuiteLimit::Time(100)
        );
        assert_eq!(run_line("tactics --time 5 --nodes 9").unwrap().1, nodes(9));
        let (_, _, record) = run_line("tactics HEAD --record r").unwrap();
        assert_eq!(record.as_deref(), Some("r"));
        assert!(
            run_line("tactics a b")
                .unwrap_err()
                .contains("unexpected argument 'b'")
        );
        assert!(run_line("easy").unwrap_err().contains("'easy'"));
    }

    #[test]
    fn making_a_suite_takes_its_name_seed_and_count() {
        let words = "xtask suite make positional --seed 3 --count 7".split_whitespace();
        let Some(crate::Task::Suite(SuiteArgs {
            command: Some(SuiteCommand::Make(make)),
        })) = crate::Cli::try_parse_from(words).unwrap().command
        else {
            panic!("not suite make");
        };
        assert_eq!(
            (make.name.as_str(), make.seed, make.count),
            ("positional", Some(3), Some(7))
        );
        let words = "xtask suite make easy".split_whitespace();
        assert!(crate::Cli::try_parse_from(words).is_err());
    }
}
