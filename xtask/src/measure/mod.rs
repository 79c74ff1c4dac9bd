//! The measurements every search change reports besides its games: the bench's speed, or the
//! time to a depth, in paired rounds (`speed`), the instructions it executes (`instructions`),
//! and the dependencies' licences, sources and advisories (`deny`). The appendix "How cb2026
//! measures itself" describes each, and what its figures can and cannot say.

pub mod build;
pub mod deny;
pub mod instructions;
#[cfg(test)]
mod openbench;
pub mod paired;
pub mod speed;

use anyhow::{Context, Result, bail};
use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

/// What one run of the bench printed last: its node count and its speed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BenchLine {
    /// The nodes searched over all the bench's positions: the search's signature.
    pub nodes: u64,
    /// Nodes a second, as the engine timed its searches.
    pub nps: u64,
}

/// Runs `bench`, the command line `bench` (`bench 6`, `bench 6 stage 15`), in `command` (the
/// engine, or a tool running it) by writing it on standard input, which every revision since
/// stage 10 reads, and returns the last line.
pub fn run_bench(command: &mut Command, bench: &str) -> Result<BenchLine> {
    let text = run_with_input(command, bench)?;
    bench_line(&text).with_context(|| format!("no `N nodes M nps` line in:\n{text}"))
}

/// Starts `command`, writes `line` and then `quit` on its standard input, and returns what it
/// printed on standard output once it has exited; an error, with what it printed on standard
/// error, if it failed.
pub fn run_with_input(command: &mut Command, line: &str) -> Result<String> {
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .with_context(|| format!("cannot start {:?}", command.get_program()))?;
    let mut input = child.stdin.take().expect("stdin was piped");
    writeln!(input, "{line}\nquit").context("cannot write")?;
    drop(input);
    let output = child.wait_with_output().context("cannot read its output")?;
    if !output.status.success() {
        let stderr = String::from_utf8_lossy(&output.stderr);
        bail!("`{line}` failed ({}): {}", output.status, stderr.trim());
    }
    Ok(String::from_utf8_lossy(&output.stdout).into_owned())
}

/// The last `N nodes M nps` line of a bench's output.
pub fn bench_line(output: &str) -> Option<BenchLine> {
    output.lines().rev().find_map(
        |line| match line.split_whitespace().collect::<Vec<_>>()[..] {
            [nodes, "nodes", nps, "nps"] => Some(BenchLine {
                nodes: nodes.parse().ok()?,
                nps: nps.parse().ok()?,
            }),
            _ => None,
        },
    )
}

/// The nodes of every position in the table `stats` prints (`position nodes cutoffs
/// first-move`, then a row a position), added up; `None` if there is no such table.
pub fn stats_nodes(output: &str) -> Option<u64> {
    let mut lines = output
        .lines()
        .skip_while(|l| !l.starts_with("position nodes "));
    lines.next()?;
    let counts: Vec<u64> = lines
        .map_while(
            |line| match line.split_whitespace().collect::<Vec<_>>()[..] {
                [_, nodes, _, _] => nodes.parse().ok(),
                _ => None,
            },
        )
        .collect();
    (!counts.is_empty()).then(|| counts.iter().sum())
}

/// The processor's name, from /proc/cpuinfo, for a report's header.
pub fn cpu_name() -> String {
    std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|info| {
            let line = info.lines().find(|l| l.starts_with("model name"))?;
            Some(line.split_once(':')?.1.trim().to_string())
        })
        .unwrap_or_else(|| "an unknown processor".to_string())
}

/// The compiler's version line, such as `rustc 1.95.0 (59807616e 2026-04-14)`.
pub fn rustc_version() -> String {
    crate::run_output(Command::new("rustc").arg("--version"))
        .map(|v| v.trim().to_string())
        .unwrap_or_else(|_| "an unknown rustc".to_string())
}

/// The machine's load average over the last minute, from /proc/loadavg.
pub fn load_average() -> Option<f64> {
    std::fs::read_to_string("/proc/loadavg")
        .ok()?
        .split_whitespace()
        .next()?
        .parse()
        .ok()
}

/// Writes `text` to `book/data/NAME.txt`, where a chapter quotes it from.
pub fn write_record(root: &Path, name: &str, text: &str) -> Result<()> {
    let valid = !name.is_empty()
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
    if !valid {
        bail!("record name {name:?}: use letters, digits, - and _");
    }
    let path = root.join("book/data").join(format!("{name}.txt"));
    std::fs::write(&path, text).with_context(|| path.display().to_string())?;
    println!("recorded in {}", path.display());
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bench_line_is_the_last_with_nodes_and_nps() {
        let output = "startpos 1000\n12 nodes 34 nps\nkiwipete 2000\n3000 nodes 1500000 nps\n";
        assert_eq!(
            bench_line(output),
            Some(BenchLine {
                nodes: 3000,
                nps: 1_500_000
            })
        );
        assert_eq!(bench_line("info string unknown command\n"), None);
    }

    #[test]
    fn the_stats_nodes_are_the_rows_of_the_table_added_up() {
        let output = "position nodes cutoffs first-move\nstart 4013665 360570 49.3%\n\
                      fine70 1785 330 61.5%\n";
        assert_eq!(stats_nodes(output), Some(4_015_450));
        assert_eq!(stats_nodes("position nodes cutoffs first-move\n"), None);
        assert_eq!(stats_nodes("info string unknown command: stats\n"), None);
    }
}
