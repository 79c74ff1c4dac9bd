//! `cargo xtask speed BASE [CANDIDATE]`: the bench's speed, or with `--stats D` the time to
//! depth D on the book's six positions, candidate against base, in interleaved rounds over
//! shuffled layouts, with the paired change, its 95% interval and a verdict against a
//! threshold.

use super::build::{self, Build};
use super::paired::{self, Change, Verdict};
use super::write_record;
use super::{
    SwitchSetting, cpu_name, load_average, run_bench, run_switched, rustc_version, stats_nodes,
    switches_sentence,
};
use crate::cli::{positive, positive_depth};
use crate::repo_root;
use anyhow::{Context, Result, bail};
use std::process::Command;
use std::time::Instant;

/// `cargo xtask speed [OPTIONS] BASE [CANDIDATE]`.
#[derive(Debug, clap::Args)]
#[command(
    args_override_self = true,
    after_help = "\
Each side is built in release mode and runs `bench` (or `stats D`) in rounds, A B, B A, A B …,
each round on a layout of its own."
)]
pub struct SpeedArgs {
    /// The base: a git revision.
    base: String,
    /// The candidate: a git revision, or the working tree if left out (its tracked files,
    /// changes included: `git add` a new file first).
    candidate: Option<String>,
    /// Rounds to run (at least 2, for an interval).
    #[arg(long, value_name = "N", default_value = "20", value_parser = at_least_two)]
    rounds: usize,
    /// The bench's depth [default: the bench's own].
    #[arg(long, value_name = "D", value_parser = positive_depth)]
    depth: Option<u32>,
    /// Time `stats D`, the book's six positions searched to depth D, instead of the bench:
    /// the change is then in time to depth, not in nodes a second.
    #[arg(long, value_name = "D", value_parser = positive_depth, conflicts_with = "depth")]
    stats: Option<u32>,
    /// The change, in percent, the verdict holds the interval against.
    #[arg(long, value_name = "PCT", default_value = "1", value_parser = positive_fraction)]
    threshold: f64,
    /// Run every round on the layout the compiler chose, shuffling nothing.
    #[arg(long)]
    default_layout: bool,
    /// Run both sides under stage N's preset (`bench 6 stage N`, `stats 8 stage N`): to
    /// compare what a node of the same search costs in two revisions whose default searches
    /// differ.
    #[arg(long, value_name = "N")]
    stage: Option<u32>,
    /// A switch the base searches with, `NAME=on|off`, told to it as `set NAME on|off`
    /// before the bench; give it once for each switch.
    #[arg(
        long = "base-set",
        value_name = "NAME=on|off",
        conflicts_with = "stage"
    )]
    base_set: Vec<SwitchSetting>,
    /// A switch the candidate searches with, as `--base-set`: with both, one revision can be
    /// measured against itself with a technique switched on.
    #[arg(
        long = "candidate-set",
        value_name = "NAME=on|off",
        conflicts_with = "stage"
    )]
    candidate_set: Vec<SwitchSetting>,
    /// Keep the report in book/data/NAME.txt.
    #[arg(long, value_name = "NAME", value_parser = crate::cli::record_name)]
    record: Option<String>,
    /// Refuse to start if the machine's load over the last minute is above L: a build or a
    /// match beside the rounds would measure them, not the engine. Give a larger L to measure
    /// on a busy machine anyway; the record states the load either way.
    #[arg(long, value_name = "L", default_value = "1.0", value_parser = non_negative)]
    max_load: f64,
}

/// Everything a run is told on its command line.
#[derive(Debug, PartialEq)]
struct Settings {
    /// The base revision.
    base: String,
    /// The candidate revision, or the working tree.
    candidate: Option<String>,
    /// How many rounds.
    rounds: usize,
    /// What each side runs in a round.
    workload: Workload,
    /// The stage whose preset both sides search under, or `None` for their default search.
    stage: Option<u32>,
    /// The switches the base and the candidate set before each run.
    switches: [Vec<SwitchSetting>; 2],
    /// The verdict's threshold, as a fraction.
    threshold: f64,
    /// Whether each round gets a shuffled layout of its own.
    shuffle: bool,
    /// The record's name, if the report is kept.
    record: Option<String>,
    /// The highest load average over the last minute at which the rounds may start.
    max_load: f64,
}

/// What each side runs in a round, and so what the rounds compare.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Workload {
    /// `bench DEPTH`: the nodes a second it reports, which rise when the engine is faster.
    Bench(u32),
    /// `stats DEPTH`: the wall-clock time the six positions take, from starting the engine to
    /// its exit, which falls when the engine is faster.
    Stats(u32),
}

/// One side's run: the nodes it searched, and its figure (nodes a second, or seconds).
#[derive(Clone, Copy, Debug, PartialEq)]
struct Sample {
    /// The nodes searched, the same in every round.
    nodes: u64,
    /// What is compared: nodes a second for the bench, seconds for `stats`.
    figure: f64,
}

/// One round: each side's run.
struct Round {
    /// The base's run.
    base: Sample,
    /// The candidate's run.
    candidate: Sample,
}

impl Workload {
    /// The command each side is given, under `stage`'s preset if there is one: `bench 6`,
    /// `stats 8`, `bench 6 stage 15`.
    fn command(self, stage: Option<u32>) -> String {
        let command = match self {
            Workload::Bench(depth) => format!("bench {depth}"),
            Workload::Stats(depth) => format!("stats {depth}"),
        };
        match stage {
            Some(stage) => format!("{command} stage {stage}"),
            None => command,
        }
    }

    /// The depth searched.
    fn depth(self) -> u32 {
        match self {
            Workload::Bench(depth) | Workload::Stats(depth) => depth,
        }
    }

    /// The figure's name in the report's columns.
    fn figure_name(self) -> &'static str {
        match self {
            Workload::Bench(_) => "nps",
            Workload::Stats(_) => "time",
        }
    }

    /// A figure as a column shows it: whole nodes a second, or seconds to the hundredth.
    fn show(self, figure: f64) -> String {
        match self {
            Workload::Bench(_) => format!("{figure:.0}"),
            Workload::Stats(_) => format!("{figure:.2} s"),
        }
    }

    /// Runs the workload in `command`, an engine binary, under `stage`'s preset if there is
    /// one, after setting `switches`.
    fn run(
        self,
        command: &mut Command,
        stage: Option<u32>,
        switches: &[SwitchSetting],
    ) -> Result<Sample> {
        match self {
            Workload::Bench(_) => {
                run_bench(command, switches, &self.command(stage)).map(|line| Sample {
                    nodes: line.nodes,
                    figure: line.nps as f64,
                })
            }
            Workload::Stats(_) => {
                let start = Instant::now();
                let output = run_switched(command, switches, &self.command(stage))?;
                let seconds = start.elapsed().as_secs_f64();
                let nodes = stats_nodes(&output)
                    .with_context(|| format!("no table of positions and nodes in:\n{output}"))?;
                Ok(Sample {
                    nodes,
                    figure: seconds,
                })
            }
        }
    }

    /// The verdict on a change in the figure: faster when nodes a second rise, or when the
    /// time falls, past the threshold.
    fn verdict(self, change: Change, threshold: f64) -> Verdict {
        match self {
            Workload::Bench(_) => paired::verdict(change, threshold),
            Workload::Stats(_) => paired::verdict(change.opposite(), threshold),
        }
    }
}

/// Runs `cargo xtask speed`.
pub fn main(args: &SpeedArgs) -> Result<()> {
    let settings = settings(args);
    // Read before the builds, which raise the minute's average themselves: a load here is
    // something else running, which would go on running beside the rounds.
    load_allows(load_average(), settings.max_load)?;
    let shuffle = settings.shuffle && build::can_shuffle();
    let layouts = if shuffle { settings.rounds } else { 0 };
    let base = build::build(Some(&settings.base), layouts)?;
    let candidate = build::build(settings.candidate.as_deref(), layouts)?;
    let load_before = load_average();
    let mut rounds = Vec::new();
    println!("{}", rounds_header(settings.workload));
    for number in 1..=settings.rounds {
        let round = run_round((&base, &candidate), number, shuffle, &settings)?;
        println!("{}", round_line(settings.workload, number, &round));
        rounds.push(round);
    }
    let load_after = load_average();
    let report = report(
        &settings,
        &base,
        &candidate,
        &rounds,
        shuffle,
        [load_before, load_after],
    );
    println!("\n{}", report.text);
    if let Some(name) = &settings.record {
        let mut text = String::new();
        text.push_str(&format!("# Made by: {}\n", crate::cli::command_line()));
        for (number, round) in rounds.iter().enumerate() {
            let line = round_line(settings.workload, number + 1, round);
            text.push_str(&format!("# {line}\n"));
        }
        for line in report.text.lines() {
            text.push_str(&format!("# {line}\n").replace("# \n", "#\n"));
        }
        text.push_str(&report.figures);
        write_record(&repo_root(), name, &text)?;
    }
    Ok(())
}

/// The settings the command line's options give.
fn settings(args: &SpeedArgs) -> Settings {
    Settings {
        base: args.base.clone(),
        candidate: args.candidate.clone(),
        rounds: args.rounds,
        workload: match (args.stats, args.depth) {
            (Some(depth), _) => Workload::Stats(depth),
            (None, depth) => Workload::Bench(depth.unwrap_or(cb2026::bench::DEFAULT_DEPTH)),
        },
        stage: args.stage,
        switches: [args.base_set.clone(), args.candidate_set.clone()],
        threshold: args.threshold,
        shuffle: !args.default_layout,
        record: args.record.clone(),
        max_load: args.max_load,
    }
}

/// A load average: a number, 0 or more.
fn non_negative(text: &str) -> Result<f64, String> {
    text.parse::<f64>()
        .ok()
        .filter(|n| n.is_finite() && *n >= 0.0)
        .ok_or_else(|| format!("{text:?}: give a number, 0 or more"))
}

/// Whether rounds may start at `load`, the load average over the last minute (`None` where
/// the machine does not say), with `max_load` the most allowed; if not, why not.
fn load_allows(load: Option<f64>, max_load: f64) -> Result<()> {
    match load {
        Some(load) if load > max_load => bail!(
            "the load over the last minute is {load:.2}, above --max-load {max_load}: something \
             else is running (a build, a match), and the rounds would measure it too. Wait for \
             it, or give a larger --max-load to measure anyway"
        ),
        _ => Ok(()),
    }
}

/// A number of rounds: two at least, for an interval.
fn at_least_two(text: &str) -> Result<usize, String> {
    positive(text)
        .ok()
        .filter(|&n| n >= 2)
        .map(|n| n as usize)
        .ok_or_else(|| format!("{text:?}: at least 2, for an interval"))
}

/// A percentage above zero, as a fraction.
fn positive_fraction(text: &str) -> Result<f64, String> {
    crate::cli::positive_real(text).map(|n| n / 100.0)
}

/// Runs round `number`: both sides on the round's layout and with the round's environment,
/// the base first in odd rounds and the candidate first in even ones, so that a machine
/// slowing down through a round weighs on both sides alike.
fn run_round(
    (base, candidate): (&Build, &Build),
    number: usize,
    shuffle: bool,
    settings: &Settings,
) -> Result<Round> {
    let layout = if shuffle { number } else { 0 };
    // The environment sits at the top of the stack, so its size moves every stack frame:
    // here by a multiple of 16 bytes, up to 4 KiB, a step that changes with the round.
    let padding = "x".repeat(number * 208 % 4096);
    let run = |side: &Build, switches: &[SwitchSetting]| {
        let mut command = Command::new(&side.binaries[layout]);
        command.env("CB2026_SPEED_PADDING", &padding);
        settings
            .workload
            .run(&mut command, settings.stage, switches)
            .with_context(|| format!("{} ({})", side.name, side.commit))
    };
    let [base_switches, candidate_switches] = &settings.switches;
    if number % 2 == 1 {
        let base = run(base, base_switches)?;
        Ok(Round {
            base,
            candidate: run(candidate, candidate_switches)?,
        })
    } else {
        let candidate = run(candidate, candidate_switches)?;
        Ok(Round {
            base: run(base, base_switches)?,
            candidate,
        })
    }
}

/// The header of the rounds' table.
fn rounds_header(workload: Workload) -> String {
    let name = workload.figure_name();
    format!(
        "round {:>12} {:>14} {:>7}",
        format!("base {name}"),
        format!("candidate {name}"),
        "change"
    )
}

/// A round's line of the table.
fn round_line(workload: Workload, number: usize, round: &Round) -> String {
    let change = round.candidate.figure / round.base.figure - 1.0;
    format!(
        "{number:5} {:>12} {:>14} {:>7}",
        workload.show(round.base.figure),
        workload.show(round.candidate.figure),
        percent(change, 1)
    )
}

/// A change as a signed percentage with `places` decimals: `-4.6%`.
fn percent(change: f64, places: usize) -> String {
    format!("{:+.*}%", places, change * 100.0)
}

/// The report: its text, and the figures a record keeps.
struct Report {
    /// What is printed after the rounds.
    text: String,
    /// The record's table, `quantity value`.
    figures: String,
}

/// Summarises the rounds: each side's nodes, time and speed (the median of the one the rounds
/// measured), the paired change with its interval, the verdict and the one line for a commit
/// message.
fn report(
    settings: &Settings,
    base: &Build,
    candidate: &Build,
    rounds: &[Round],
    shuffle: bool,
    loads: [Option<f64>; 2],
) -> Report {
    let workload = settings.workload;
    let pairs: Vec<(f64, f64)> = rounds
        .iter()
        .map(|r| (r.base.figure, r.candidate.figure))
        .collect();
    let medians = [
        paired::median(&pairs.iter().map(|p| p.0).collect::<Vec<_>>()),
        paired::median(&pairs.iter().map(|p| p.1).collect::<Vec<_>>()),
    ];
    let nodes = [rounds[0].base.nodes, rounds[0].candidate.nodes];
    let change = paired::paired_change(&pairs).expect("at least two rounds");
    let verdict = workload.verdict(change, settings.threshold);
    let mut text = header(settings, base, candidate, shuffle, loads);
    text.push_str(&sides_table(workload, nodes, medians));
    text.push_str(&format!(
        "\npaired change in {} {}, 95% interval {} to {}\n{}\n",
        workload.figure_name(),
        percent(change.value, 1),
        percent(change.low, 1),
        percent(change.high, 1),
        verdict_sentence(workload, verdict, settings.threshold)
    ));
    if nodes[0] != nodes[1] {
        text.push_str(match workload {
            Workload::Bench(_) => {
                "\nthe node counts differ, so this is a search change as well as a speed one:\n\
                 nps says what a node costs, time to depth what the change is worth at this\n\
                 depth, and whether the new tree is the better one is for games to say.\n"
            }
            Workload::Stats(_) => {
                "\nthe node counts differ, so this is a search change as well as a speed one:\n\
                 the time to depth counts both the nodes and what each costs, on six\n\
                 positions at one depth; whether the new tree is the better one is for\n\
                 games to say.\n"
            }
        });
    }
    text.push_str(&format!(
        "\n{}\n",
        commit_line(settings, base, rounds.len(), change, shuffle)
    ));
    let figures = figures(settings, rounds.len(), nodes, medians, change, verdict);
    Report { text, figures }
}

/// The report's last line, for a commit message: `Speed: -6.5% (bench 6 nps, …)`, or
/// `Time to depth 8: -20.3% (stats 8, …)`.
fn commit_line(
    settings: &Settings,
    base: &Build,
    rounds: usize,
    change: Change,
    shuffle: bool,
) -> String {
    let layouts = if shuffle {
        "shuffled layouts"
    } else {
        "the default layout"
    };
    let command = settings.workload.command(settings.stage);
    let (name, what) = match settings.workload {
        Workload::Bench(_) => ("Speed".to_string(), format!("{command} nps")),
        Workload::Stats(depth) => (format!("Time to depth {depth}"), command),
    };
    format!(
        "{name}: {} ({what}, 95% interval {} to {}, {rounds} interleaved rounds over {layouts} vs {})",
        percent(change.value, 1),
        percent(change.low, 1),
        percent(change.high, 1),
        base.commit
    )
}

/// What was compared, on what, and what the rounds vary.
fn header(
    settings: &Settings,
    base: &Build,
    candidate: &Build,
    shuffle: bool,
    loads: [Option<f64>; 2],
) -> String {
    let load = |l: Option<f64>| l.map_or("?".to_string(), |l| format!("{l:.2}"));
    let varied = if shuffle {
        "Each round runs both sides on a layout of its own: the same compiled code\n\
         linked again with its functions and data in a shuffled order (lld's\n\
         --shuffle-sections), and the stack moved by the size of the environment.\n\
         The 95% interval carries where the code landed as well as the run's noise.\n\
         It does not carry what the compiler chose: inlining, register allocation\n\
         and the order of the code inside a function are the same in every round."
    } else {
        "Every round runs the layout the compiler chose, the stack moved by the size\n\
         of the environment; the interval carries the run's noise, not the layout's."
    };
    let what = match settings.workload {
        Workload::Bench(depth) => {
            format!("Speed of {} ({})", candidate.name, candidate.commit)
                + &format!(
                    " against {} ({}), bench depth {depth}.",
                    base.name, base.commit
                )
        }
        Workload::Stats(depth) => {
            format!(
                "Time to depth {depth} of {} ({})",
                candidate.name, candidate.commit
            ) + &format!(" against {} ({}),\n", base.name, base.commit)
                + &format!("`stats {depth}`: the book's six positions, each from empty tables.")
        }
    };
    let preset = match settings.stage {
        Some(stage) => format!(
            "\nBoth sides search under stage {stage}'s preset (`{}`).",
            settings.workload.command(settings.stage)
        ),
        None => String::new(),
    };
    let what = what + &preset;
    let switches = switches_sentence(&settings.switches);
    format!(
        "{what}\n{switches}\
         Measured on {}, built with {}.\n\
         Load average {} at the start, {} at the end.\n{varied}\n\n",
        cpu_name(),
        rustc_version(),
        load(loads[0]),
        load(loads[1]),
    )
}

/// The table of each side's nodes, time and speed, with the change of each. `medians` are
/// the rounds' medians of the figure compared; the other column is worked out from the nodes.
fn sides_table(workload: Workload, nodes: [u64; 2], medians: [f64; 2]) -> String {
    let (seconds, nps, labels) = match workload {
        Workload::Bench(_) => (
            [0, 1].map(|i| nodes[i] as f64 / medians[i]),
            medians,
            ["time", "median nps"],
        ),
        Workload::Stats(_) => (
            medians,
            [0, 1].map(|i| nodes[i] as f64 / medians[i]),
            ["median time", "nps"],
        ),
    };
    let mut text = format!(
        "{:9} {:>10} {:>11} {:>11}\n",
        "", "nodes", labels[0], labels[1]
    );
    for (i, side) in ["base", "candidate"].iter().enumerate() {
        text.push_str(&format!(
            "{side:<9} {:>10} {:>9.2} s {:>11.0}\n",
            nodes[i], seconds[i], nps[i]
        ));
    }
    text.push_str(&format!(
        "{:<9} {:>10} {:>11} {:>11}\n",
        "change",
        percent(nodes[1] as f64 / nodes[0] as f64 - 1.0, 1),
        percent(seconds[1] / seconds[0] - 1.0, 1),
        percent(nps[1] / nps[0] - 1.0, 1)
    ));
    text
}

/// The verdict, said in words. A faster engine raises nodes a second and lowers a time, so
/// the side of the threshold the interval must lie on depends on the figure.
fn verdict_sentence(workload: Workload, verdict: Verdict, threshold: f64) -> String {
    let limit = format!("{:.1}%", threshold * 100.0);
    let (faster, slower) = match workload {
        Workload::Bench(_) => (format!("above +{limit}"), format!("below -{limit}")),
        Workload::Stats(_) => (format!("below -{limit}"), format!("above +{limit}")),
    };
    match verdict {
        Verdict::Faster => format!("verdict: faster, the whole interval {faster}"),
        Verdict::Slower => format!("verdict: slower, the whole interval {slower}"),
        Verdict::Same => {
            format!("verdict: the same speed, the whole interval within {limit} either way")
        }
        Verdict::Undecided => {
            format!("verdict: undecided, the interval reaches across {limit}: run more rounds")
        }
    }
}

/// The record's table: one quantity a row, percentages with two decimals. The figure's rows
/// are named for it: `base_nps` for the bench, `base_seconds` for `stats`.
fn figures(
    settings: &Settings,
    rounds: usize,
    nodes: [u64; 2],
    medians: [f64; 2],
    change: Change,
    verdict: Verdict,
) -> String {
    let verdict = format!("{verdict:?}").to_lowercase();
    let pct = |x: f64| format!("{:.2}", x * 100.0);
    let (name, places) = match settings.workload {
        Workload::Bench(_) => ("nps", 0),
        Workload::Stats(_) => ("seconds", 2),
    };
    [
        "quantity value".to_string(),
        format!("rounds {rounds}"),
        format!("depth {}", settings.workload.depth()),
        format!("base_nodes {}", nodes[0]),
        format!("candidate_nodes {}", nodes[1]),
        format!("base_{name} {:.*}", places, medians[0]),
        format!("candidate_{name} {:.*}", places, medians[1]),
        format!("change {}", pct(change.value)),
        format!("low {}", pct(change.low)),
        format!("high {}", pct(change.high)),
        format!("threshold {}", pct(settings.threshold)),
        format!("verdict {verdict}"),
    ]
    .join("\n")
        + "\n"
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    /// The command line `cargo xtask speed LINE`, read as `main` reads it.
    fn settings(line: &str) -> Result<Settings, String> {
        let words = ["xtask", "speed"]
            .into_iter()
            .chain(line.split_whitespace());
        match crate::Cli::try_parse_from(words)
            .map_err(|e| e.to_string())?
            .command
        {
            Some(crate::Task::Speed(args)) => Ok(super::settings(&args)),
            other => panic!("not speed: {other:?}"),
        }
    }

    #[test]
    fn a_command_line_gives_its_settings() {
        let s = settings("main --rounds 8 --depth 4 --threshold 2 --record r").unwrap();
        assert_eq!((s.base.as_str(), s.candidate.as_deref()), ("main", None));
        assert_eq!(
            (s.rounds, s.workload, s.threshold),
            (8, Workload::Bench(4), 0.02)
        );
        assert_eq!(s.record.as_deref(), Some("r"));
        assert!(s.shuffle);
        let s = settings("stage-10 HEAD --default-layout").unwrap();
        assert_eq!(s.candidate.as_deref(), Some("HEAD"));
        assert!(!s.shuffle);
        let s = settings("main").unwrap();
        assert_eq!(
            (s.rounds, s.workload, s.threshold),
            (20, Workload::Bench(cb2026::bench::DEFAULT_DEPTH), 0.01)
        );
    }

    #[test]
    fn a_busy_machine_is_refused_unless_a_larger_load_is_allowed() {
        assert_eq!(settings("main").unwrap().max_load, 1.0);
        assert_eq!(settings("main --max-load 4").unwrap().max_load, 4.0);
        assert!(settings("main --max-load -1").is_err());
        let refused = format!("{:#}", load_allows(Some(2.4), 1.0).unwrap_err());
        assert!(
            refused.contains("2.40") && refused.contains("--max-load"),
            "{refused}"
        );
        assert!(load_allows(Some(0.3), 1.0).is_ok());
        assert!(load_allows(Some(2.4), 4.0).is_ok());
        assert!(load_allows(None, 1.0).is_ok());
    }

    #[test]
    fn a_stage_runs_both_sides_under_its_preset() {
        let s = settings("stage-15 main --stage 15 --depth 6").unwrap();
        assert_eq!(s.stage, Some(15));
        assert_eq!(s.workload.command(s.stage), "bench 6 stage 15");
        let s = settings("stage-15 main --stats 8 --stage 15").unwrap();
        assert_eq!(s.workload.command(s.stage), "stats 8 stage 15");
        assert_eq!(settings("main").unwrap().stage, None);
    }

    #[test]
    fn stats_times_the_six_positions_to_its_depth_instead_of_the_bench() {
        let s = settings("stage-11 stage-12 --stats 8 --rounds 10").unwrap();
        assert_eq!((s.workload, s.rounds), (Workload::Stats(8), 10));
        assert_eq!(s.workload.command(s.stage), "stats 8");
        assert_eq!(Workload::Bench(6).command(None), "bench 6");
        assert_eq!(
            rounds_header(s.workload),
            "round    base time candidate time  change"
        );
        assert_eq!(
            rounds_header(Workload::Bench(6)),
            "round     base nps  candidate nps  change"
        );
    }

    #[test]
    fn with_stats_less_time_is_faster() {
        let shorter = Change {
            value: -0.20,
            low: -0.25,
            high: -0.15,
        };
        assert_eq!(Workload::Stats(8).verdict(shorter, 0.01), Verdict::Faster);
        assert_eq!(Workload::Bench(6).verdict(shorter, 0.01), Verdict::Slower);
        assert_eq!(
            verdict_sentence(Workload::Stats(8), Verdict::Faster, 0.01),
            "verdict: faster, the whole interval below -1.0%"
        );
    }

    #[test]
    fn a_bad_command_line_says_what_is_wrong() {
        for (line, expected) in [
            ("", "required arguments were not provided"),
            ("a b c", "unexpected argument 'c'"),
            ("main --rounds x", "'x' for '--rounds <N>'"),
            ("main --rounds 1", "at least 2"),
            ("main --depth", "a value is required for '--depth <D>'"),
            ("main --stats", "a value is required for '--stats <D>'"),
            ("main --stats 0", "not a number of plies from 1 to 64"),
            ("main --stats 8 --depth 6", "cannot be used with"),
            ("main --fast", "unexpected argument '--fast'"),
        ] {
            let error = settings(line).unwrap_err();
            assert!(error.contains(expected), "{line}: {error}");
        }
    }

    #[test]
    fn a_change_is_printed_as_a_signed_percentage() {
        assert_eq!(percent(-0.0461, 1), "-4.6%");
        assert_eq!(percent(0.002, 1), "+0.2%");
    }
}
