//! `cargo xtask speed BASE [CANDIDATE]`: the bench's speed, candidate against base, in
//! interleaved rounds over shuffled layouts, with the paired change, its 95% interval and a
//! verdict against a threshold.

use super::build::{self, Build};
use super::paired::{self, Change, Verdict};
use super::{BenchLine, cpu_name, load_average, run_bench, rustc_version, write_record};
use crate::cli::positive;
use crate::repo_root;
use std::process::Command;

/// `cargo xtask speed [OPTIONS] BASE [CANDIDATE]`.
#[derive(Debug, clap::Args)]
#[command(
    args_override_self = true,
    after_help = "\
Each side is built in release mode and runs `bench` in rounds, A B, B A, A B …, each round on
a layout of its own."
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
    #[arg(long, value_name = "D", value_parser = positive)]
    depth: Option<u64>,
    /// The change, in percent, the verdict holds the interval against.
    #[arg(long, value_name = "PCT", default_value = "1", value_parser = positive_fraction)]
    threshold: f64,
    /// Run every round on the layout the compiler chose, shuffling nothing.
    #[arg(long)]
    default_layout: bool,
    /// Keep the report in book/data/NAME.txt.
    #[arg(long, value_name = "NAME")]
    record: Option<String>,
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
    /// The bench's depth.
    depth: u32,
    /// The verdict's threshold, as a fraction.
    threshold: f64,
    /// Whether each round gets a shuffled layout of its own.
    shuffle: bool,
    /// The record's name, if the report is kept.
    record: Option<String>,
}

/// One round: each side's bench, in the order they ran.
struct Round {
    /// The base's bench.
    base: BenchLine,
    /// The candidate's bench.
    candidate: BenchLine,
}

/// Runs `cargo xtask speed`.
pub fn main(args: &SpeedArgs) -> Result<(), String> {
    let settings = settings(args);
    let shuffle = settings.shuffle && build::can_shuffle();
    let layouts = if shuffle { settings.rounds } else { 0 };
    let base = build::build(Some(&settings.base), layouts)?;
    let candidate = build::build(settings.candidate.as_deref(), layouts)?;
    let load_before = load_average();
    let mut rounds = Vec::new();
    println!("round     base nps  candidate nps  change");
    for number in 1..=settings.rounds {
        let round = run_round(&base, &candidate, number, shuffle, settings.depth)?;
        println!("{}", round_line(number, &round));
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
            text.push_str(&format!("# {}\n", round_line(number + 1, round)));
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
        depth: args
            .depth
            .map_or(cb2026::bench::DEFAULT_DEPTH, |d| d as u32),
        threshold: args.threshold,
        shuffle: !args.default_layout,
        record: args.record.clone(),
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
    text.parse::<f64>()
        .ok()
        .filter(|n| n.is_finite() && *n > 0.0)
        .map(|n| n / 100.0)
        .ok_or_else(|| format!("{text:?}: give a positive number"))
}

/// Runs round `number`: both sides on the round's layout and with the round's environment,
/// the base first in odd rounds and the candidate first in even ones, so that a machine
/// slowing down through a round weighs on both sides alike.
fn run_round(
    base: &Build,
    candidate: &Build,
    number: usize,
    shuffle: bool,
    depth: u32,
) -> Result<Round, String> {
    let layout = if shuffle { number } else { 0 };
    // The environment sits at the top of the stack, so its size moves every stack frame:
    // here by a multiple of 16 bytes, up to 4 KiB, a step that changes with the round.
    let padding = "x".repeat(number * 208 % 4096);
    let run = |side: &Build| {
        let mut command = Command::new(&side.binaries[layout]);
        command.env("CB2026_SPEED_PADDING", &padding);
        run_bench(&mut command, depth).map_err(|e| format!("{} ({}): {e}", side.name, side.commit))
    };
    if number % 2 == 1 {
        let base = run(base)?;
        Ok(Round {
            base,
            candidate: run(candidate)?,
        })
    } else {
        let candidate = run(candidate)?;
        Ok(Round {
            base: run(base)?,
            candidate,
        })
    }
}

/// A round's line of the table.
fn round_line(number: usize, round: &Round) -> String {
    let change = round.candidate.nps as f64 / round.base.nps as f64 - 1.0;
    format!(
        "{number:5} {:12} {:14} {:>7}",
        round.base.nps,
        round.candidate.nps,
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

/// Summarises the rounds: each side's nodes, time and median speed, the paired change with
/// its interval, the verdict and the one line for a commit message.
fn report(
    settings: &Settings,
    base: &Build,
    candidate: &Build,
    rounds: &[Round],
    shuffle: bool,
    loads: [Option<f64>; 2],
) -> Report {
    let pairs: Vec<(f64, f64)> = rounds
        .iter()
        .map(|r| (r.base.nps as f64, r.candidate.nps as f64))
        .collect();
    let base_nps = paired::median(&pairs.iter().map(|p| p.0).collect::<Vec<_>>());
    let candidate_nps = paired::median(&pairs.iter().map(|p| p.1).collect::<Vec<_>>());
    let (base_nodes, candidate_nodes) = (rounds[0].base.nodes, rounds[0].candidate.nodes);
    let change = paired::paired_change(&pairs).expect("at least two rounds");
    let verdict = paired::verdict(change, settings.threshold);
    let mut text = header(settings, base, candidate, shuffle, loads);
    text.push_str(&sides_table(
        [base_nodes, candidate_nodes],
        [base_nps, candidate_nps],
    ));
    text.push_str(&format!(
        "\npaired change {}, 95% interval {} to {}\n{}\n",
        percent(change.value, 1),
        percent(change.low, 1),
        percent(change.high, 1),
        verdict_sentence(verdict, settings.threshold)
    ));
    if base_nodes != candidate_nodes {
        text.push_str(
            "\nthe node counts differ, so this is a search change as well as a speed one:\n\
             nps says what a node costs, time to depth what the change is worth at this\n\
             depth, and whether the new tree is the better one is for games to say.\n",
        );
    }
    let layouts = if shuffle {
        "shuffled layouts"
    } else {
        "the default layout"
    };
    text.push_str(&format!(
        "\nSpeed: {} (bench {} nps, 95% interval {} to {}, {} interleaved rounds over {layouts} vs {})\n",
        percent(change.value, 1),
        settings.depth,
        percent(change.low, 1),
        percent(change.high, 1),
        rounds.len(),
        base.commit
    ));
    let figures = figures(
        settings,
        rounds.len(),
        [base_nodes, candidate_nodes],
        [base_nps, candidate_nps],
        change,
        verdict,
    );
    Report { text, figures }
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
    format!(
        "Speed of {} ({}) against {} ({}), bench depth {}.\n\
         Measured on {}, built with {}.\n\
         Load average {} at the start, {} at the end.\n{varied}\n\n",
        candidate.name,
        candidate.commit,
        base.name,
        base.commit,
        settings.depth,
        cpu_name(),
        rustc_version(),
        load(loads[0]),
        load(loads[1]),
    )
}

/// The table of each side's nodes, time a bench and median speed, with the change of each.
fn sides_table(nodes: [u64; 2], nps: [f64; 2]) -> String {
    let seconds = [nodes[0] as f64 / nps[0], nodes[1] as f64 / nps[1]];
    let mut text = "               nodes     time  median nps\n".to_string();
    for (i, side) in ["base", "candidate"].iter().enumerate() {
        text.push_str(&format!(
            "{side:<9} {:>10} {:>6.2} s {:>11.0}\n",
            nodes[i], seconds[i], nps[i]
        ));
    }
    text.push_str(&format!(
        "{:<9} {:>10} {:>8} {:>11}\n",
        "change",
        percent(nodes[1] as f64 / nodes[0] as f64 - 1.0, 1),
        percent(seconds[1] / seconds[0] - 1.0, 1),
        percent(nps[1] / nps[0] - 1.0, 1)
    ));
    text
}

/// The verdict, said in words.
fn verdict_sentence(verdict: Verdict, threshold: f64) -> String {
    let limit = format!("{:.1}%", threshold * 100.0);
    match verdict {
        Verdict::Faster => format!("verdict: faster, the whole interval above +{limit}"),
        Verdict::Slower => format!("verdict: slower, the whole interval below -{limit}"),
        Verdict::Same => {
            format!("verdict: the same speed, the whole interval within {limit} either way")
        }
        Verdict::Undecided => {
            format!("verdict: undecided, the interval reaches across {limit}: run more rounds")
        }
    }
}

/// The record's table: one quantity a row, percentages with two decimals.
fn figures(
    settings: &Settings,
    rounds: usize,
    nodes: [u64; 2],
    nps: [f64; 2],
    change: Change,
    verdict: Verdict,
) -> String {
    let verdict = format!("{verdict:?}").to_lowercase();
    let pct = |x: f64| format!("{:.2}", x * 100.0);
    [
        "quantity value".to_string(),
        format!("rounds {rounds}"),
        format!("depth {}", settings.depth),
        format!("base_nodes {}", nodes[0]),
        format!("candidate_nodes {}", nodes[1]),
        format!("base_nps {:.0}", nps[0]),
        format!("candidate_nps {:.0}", nps[1]),
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
        assert_eq!((s.rounds, s.depth, s.threshold), (8, 4, 0.02));
        assert_eq!(s.record.as_deref(), Some("r"));
        assert!(s.shuffle);
        let s = settings("stage-10 HEAD --default-layout").unwrap();
        assert_eq!(s.candidate.as_deref(), Some("HEAD"));
        assert!(!s.shuffle);
        let s = settings("main").unwrap();
        assert_eq!(
            (s.rounds, s.depth, s.threshold),
            (20, cb2026::bench::DEFAULT_DEPTH, 0.01)
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
