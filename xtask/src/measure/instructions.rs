//! `cargo xtask instructions BASE [CANDIDATE]`: the instructions each side's bench executes,
//! counted by valgrind's cachegrind, with the nodes and the instructions a node.
//!
//! A count does not depend on what else the machine is doing, so it repeats where a time
//! does not, and a small change in it is a real one. But it prices instructions only: cache
//! misses, mispredicted branches and where the code landed are the speed's to show.

use super::build::{self, Build};
use super::{BenchLine, SwitchSetting, run_bench, switches_sentence, write_record};
use crate::cli::{positive_count, positive_depth};
use crate::{repo_root, run, run_output};
use anyhow::{Context, Result};
use std::path::Path;
use std::process::Command;

/// `cargo xtask instructions [OPTIONS] BASE [CANDIDATE]`.
#[derive(Debug, clap::Args)]
#[command(
    args_override_self = true,
    after_help = "\
Each side is built in release mode and runs `bench` under valgrind's cachegrind (Debian's
valgrind, installed with apt-get if it is missing)."
)]
pub struct InstructionsArgs {
    /// The base: a git revision.
    base: String,
    /// The candidate: a git revision, or the working tree if left out.
    candidate: Option<String>,
    /// The bench's depth (the default, 5, takes a minute or less a side).
    #[arg(long, value_name = "D", default_value_t = DEFAULT_DEPTH, value_parser = positive_depth)]
    depth: u32,
    /// Runs a side; with more than one, says how far the counts differ.
    #[arg(long, value_name = "N", default_value = "1", value_parser = positive_count)]
    runs: usize,
    /// A switch the base searches with, `NAME=on|off`, told to it as `set NAME on|off`
    /// before the bench; give it once for each switch.
    #[arg(long = "base-set", value_name = "NAME=on|off")]
    base_set: Vec<SwitchSetting>,
    /// A switch the candidate searches with, as `--base-set`: with both, one revision can be
    /// measured against itself with a technique switched on.
    #[arg(long = "candidate-set", value_name = "NAME=on|off")]
    candidate_set: Vec<SwitchSetting>,
    /// Keep the table in book/data/NAME.txt.
    #[arg(long, value_name = "NAME", value_parser = crate::cli::record_name)]
    record: Option<String>,
}

/// The bench depth counted when none is given: shallower than the bench's own, because
/// cachegrind runs a program some twenty to fifty times slower.
const DEFAULT_DEPTH: u32 = 5;

/// One side's count: its bench line and the instructions of each run.
struct Count {
    /// The bench's nodes (and its speed under valgrind, which means nothing).
    bench: BenchLine,
    /// The instructions executed, one entry a run.
    instructions: Vec<u64>,
    /// Of the first run's, those executed in the C library's memory functions
    /// ([`memory_instructions`]).
    memory: u64,
}

/// Runs `cargo xtask instructions`.
pub fn main(args: &InstructionsArgs) -> Result<()> {
    let (revisions, depth, runs, record) = parse(args);
    let switches = [args.base_set.clone(), args.candidate_set.clone()];
    install_valgrind()?;
    let base = build::build(Some(&revisions[0]), 0)?;
    let candidate = build::build(revisions.get(1).map(String::as_str), 0)?;
    let counts = [
        count(&base, depth, runs, &switches[0])?,
        count(&candidate, depth, runs, &switches[1])?,
    ];
    let text = table(&base, &candidate, &counts, depth) + &memory_table(&counts);
    let text = switches_sentence(&switches) + &text;
    println!("{text}");
    if let Some(name) = record {
        let mut record = format!("# Made by: {}\n", crate::cli::command_line());
        for line in text.lines() {
            record.push_str(&format!("# {line}\n").replace("# \n", "#\n"));
        }
        record.push_str(&figures(&counts));
        write_record(&repo_root(), &name, &record)?;
    }
    Ok(())
}

/// The command line's settings: the revisions, the depth, the runs a side and the record's
/// name.
fn parse(args: &InstructionsArgs) -> (Vec<String>, u32, usize, Option<String>) {
    let mut revisions = vec![args.base.clone()];
    revisions.extend(args.candidate.clone());
    (revisions, args.depth, args.runs, args.record.clone())
}

/// Installs Debian's valgrind if there is none.
fn install_valgrind() -> Result<()> {
    if run_output(Command::new("valgrind").arg("--version")).is_ok() {
        return Ok(());
    }
    println!("installing valgrind with apt-get (once)");
    let install = || run(Command::new("apt-get").args(["install", "--yes", "--quiet", "valgrind"]));
    install()
        .or_else(|_| {
            run(Command::new("apt-get").args(["update", "--quiet"])).and_then(|()| install())
        })
        .context("valgrind is missing and apt-get could not install it")
}

/// Runs `side`'s bench under cachegrind `runs` times, with `switches` set first.
fn count(side: &Build, depth: u32, runs: usize, switches: &[SwitchSetting]) -> Result<Count> {
    let out = repo_root().join("target/measure/cachegrind.out");
    let mut instructions = Vec::new();
    let mut bench = None;
    let mut memory = None;
    for _ in 0..runs {
        let mut command = Command::new("valgrind");
        command
            .args(["--tool=cachegrind", "--cache-sim=no", "--quiet"])
            .arg(format!("--cachegrind-out-file={}", out.display()))
            .arg(&side.binaries[0]);
        bench = Some(
            run_bench(&mut command, switches, &format!("bench {depth}"))
                .with_context(|| side.name.clone())?,
        );
        instructions.push(summary(&out)?);
        if memory.is_none() {
            let text = std::fs::read_to_string(&out).with_context(|| out.display().to_string())?;
            memory = Some(memory_instructions(&text));
        }
    }
    Ok(Count {
        bench: bench.expect("at least one run"),
        instructions,
        memory: memory.expect("at least one run"),
    })
}

/// The instructions a cachegrind output file counts in the C library's memory functions:
/// those of its `string` and `malloc` sources (`memset`, `memcpy`, `malloc`, `calloc`, `free`
/// and the code behind them), as glibc names its files. They are where a program's large
/// allocations are made and zeroed, which the engine's own functions do not show. Every other
/// function of the file is left out, and so is the kernel's work of handing out fresh pages,
/// which cachegrind does not see.
fn memory_instructions(text: &str) -> u64 {
    let mut in_memory_file = false;
    let mut total = 0;
    for line in text.lines() {
        if let Some(file) = line.strip_prefix("fl=") {
            in_memory_file = ["string/", "malloc/"].iter().any(|dir| file.contains(dir));
        } else if in_memory_file
            && let [_line, count] = line.split_whitespace().collect::<Vec<_>>()[..]
            && let Ok(count) = count.parse::<u64>()
        {
            total += count;
        }
    }
    total
}

/// The table's second part: the instructions a node each side spent in the C library's
/// memory functions and everywhere else, and the change in each, which together make the
/// change in the instructions a node.
fn memory_table(counts: &[Count; 2]) -> String {
    let [base, candidate, change] = split_per_node(counts);
    let mut text = "\na node, in the C library's memory functions and everywhere else:\n\n\
                    \x20              memory       other\n"
        .to_string();
    for (side, [memory, other]) in [("base", base), ("candidate", candidate)] {
        text.push_str(&format!("{side:<9} {memory:>14.1} {other:>11.1}\n"));
    }
    let [memory, other] = change;
    text.push_str(&format!("{:<9} {memory:>+14.1} {other:>+11.1}\n", "change"));
    text
}

/// Each side's instructions a node split into those in the C library's memory functions and
/// the others, then the candidate's less the base's: `[[memory, other]; 3]`.
fn split_per_node(counts: &[Count; 2]) -> [[f64; 2]; 3] {
    let side = |c: &Count| {
        let nodes = c.bench.nodes as f64;
        let memory = c.memory as f64 / nodes;
        [memory, c.instructions[0] as f64 / nodes - memory]
    };
    let (base, candidate) = (side(&counts[0]), side(&counts[1]));
    [
        base,
        candidate,
        [candidate[0] - base[0], candidate[1] - base[1]],
    ]
}

/// The instruction count in a cachegrind output file: its `summary:` line, the total of the
/// one event counted (`Ir`, instructions read).
fn summary(file: &Path) -> Result<u64> {
    let text = std::fs::read_to_string(file).with_context(|| file.display().to_string())?;
    text.lines()
        .find_map(|line| line.strip_prefix("summary:")?.trim().parse().ok())
        .with_context(|| format!("{}: no summary line", file.display()))
}

/// The side-by-side table, with a sentence on how far repeated counts differ and on what a
/// change in the trees means.
fn table(base: &Build, candidate: &Build, counts: &[Count; 2], depth: u32) -> String {
    let runs = counts[0].instructions.len();
    let per_node = |c: &Count| c.instructions[0] as f64 / c.bench.nodes as f64;
    let mut text = format!(
        "Instructions of {} ({}) against {} ({}), bench depth {depth},\n\
         counted by cachegrind, {runs} run(s) a side.\n\n\
         \x20           instructions       nodes   per node\n",
        candidate.name, candidate.commit, base.name, base.commit
    );
    for (side, count) in ["base", "candidate"].iter().zip(counts) {
        text.push_str(&format!(
            "{side:<9} {:>16} {:>11} {:>10.1}\n",
            thousands(count.instructions[0]),
            count.bench.nodes,
            per_node(count)
        ));
    }
    let change = |a: f64, b: f64| format!("{:+.2}%", (b / a - 1.0) * 100.0);
    text.push_str(&format!(
        "{:<9} {:>16} {:>11} {:>10}\n",
        "change",
        change(
            counts[0].instructions[0] as f64,
            counts[1].instructions[0] as f64
        ),
        change(counts[0].bench.nodes as f64, counts[1].bench.nodes as f64),
        change(per_node(&counts[0]), per_node(&counts[1])),
    ));
    if runs > 1 {
        let spread =
            |c: &Count| c.instructions.iter().max().unwrap() - c.instructions.iter().min().unwrap();
        text.push_str(&format!(
            "\nover {runs} runs a side the counts differed by at most {} (base) and {} (candidate)\n",
            thousands(spread(&counts[0])),
            thousands(spread(&counts[1]))
        ));
    }
    if counts[0].bench.nodes != counts[1].bench.nodes {
        text.push_str(
            "\nthe trees differ, so the count moved with the search as well as the code;\n\
             the per node column is the nearer reading\n",
        );
    }
    text
}

/// The record's table, `quantity value`.
fn figures(counts: &[Count; 2]) -> String {
    let mut rows = vec!["quantity value".to_string()];
    for (side, count) in ["base", "candidate"].iter().zip(counts) {
        let spread =
            count.instructions.iter().max().unwrap() - count.instructions.iter().min().unwrap();
        rows.push(format!("{side}_instructions {}", count.instructions[0]));
        rows.push(format!("{side}_nodes {}", count.bench.nodes));
        let per_node = count.instructions[0] as f64 / count.bench.nodes as f64;
        rows.push(format!("{side}_per_node {per_node:.1}"));
        rows.push(format!("{side}_spread {spread}"));
    }
    let [base, candidate, change] = split_per_node(counts);
    for (side, [memory, other]) in [("base", base), ("candidate", candidate), ("change", change)] {
        rows.push(format!("{side}_memory_per_node {memory:.1}"));
        rows.push(format!("{side}_other_per_node {other:.1}"));
    }
    rows.push(format!("runs {}", counts[0].instructions.len()));
    rows.join("\n") + "\n"
}

/// A whole number with thousands separators: `15,968,705,159`.
fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut text = String::new();
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            text.push(',');
        }
        text.push(digit);
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[test]
    fn thousands_are_separated_by_commas() {
        assert_eq!(thousands(15_968_705_159), "15,968,705,159");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1000), "1,000");
    }

    #[test]
    fn the_count_is_read_from_cachegrinds_summary_line() {
        let file = std::env::temp_dir().join(format!("cb2026-cachegrind-{}", std::process::id()));
        std::fs::write(
            &file,
            "desc: --cache-sim=no\ncmd: x\nevents: Ir\nfl=a.rs\n1 5\nsummary: 123456\n",
        )
        .unwrap();
        assert_eq!(summary(&file).unwrap(), 123_456);
        std::fs::write(&file, "events: Ir\n").unwrap();
        assert!(format!("{:#}", summary(&file).unwrap_err()).contains("no summary line"));
        let _ = std::fs::remove_file(&file);
    }

    #[test]
    fn the_memory_functions_are_those_of_the_c_librarys_string_and_malloc_sources() {
        let file = "events: Ir\n\
                    fl=./string/../sysdeps/x86_64/multiarch/memset-vec-unaligned-erms.S\n\
                    fn=__memset_avx2_unaligned_erms\n10 300\n11 20\n\
                    fl=???\nfn=cb2026::terms::evaluate\n0 5000\n\
                    fl=./malloc/./malloc/malloc.c\nfn=calloc\n3 7\n\
                    fl=./math/e_log.c\nfn=log\n4 9\nsummary: 5336\n";
        assert_eq!(memory_instructions(file), 327);
    }

    #[test]
    fn a_nodes_instructions_split_into_memory_and_other_and_their_changes() {
        let count = |instructions, memory, nodes| Count {
            bench: BenchLine { nodes, nps: 0 },
            instructions: vec![instructions],
            memory,
        };
        let counts = [count(1000, 100, 10), count(3000, 1000, 20)];
        assert_eq!(
            split_per_node(&counts),
            [[10.0, 90.0], [50.0, 100.0], [40.0, 10.0]]
        );
    }

    #[test]
    fn a_bad_command_line_says_what_is_wrong() {
        let parse_line = |line: &str| -> Result<_, String> {
            let words = ["xtask", "instructions"].into_iter();
            let words = words.chain(line.split_whitespace());
            match crate::Cli::try_parse_from(words)
                .map_err(|e| e.to_string())?
                .command
            {
                Some(crate::Task::Instructions(args)) => Ok(parse(&args)),
                other => panic!("not instructions: {other:?}"),
            }
        };
        let error = |line: &str| parse_line(line).unwrap_err();
        assert!(error("").contains("required arguments were not provided"));
        assert!(error("main --runs 0").contains("'0' for '--runs <N>'"));
        assert!(error("main --candidate-set conthist=true").contains("a switch is on or off"));
        assert_eq!(parse_line("main").unwrap().1, DEFAULT_DEPTH);
        let (revisions, depth, runs, _) = parse_line("main HEAD --depth 4 --runs 2").unwrap();
        assert_eq!((revisions.len(), depth, runs), (2, 4, 2));
    }
}
