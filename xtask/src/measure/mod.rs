//! The measurements every search change reports besides its games: the bench's speed in
//! paired rounds (`speed`), the instructions it executes (`instructions`), and the
//! dependencies' licences, sources and advisories (`deny`). The appendix "How cb2026 measures
//! itself" describes each, and what its figures can and cannot say.

pub mod build;
pub mod deny;
pub mod instructions;
#[cfg(test)]
mod openbench;
pub mod paired;
pub mod speed;

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

/// Runs `bench DEPTH` in `command` (the engine, or a tool running it) by writing it on
/// standard input, which every revision since stage 10 reads, and returns the last line.
pub fn run_bench(command: &mut Command, depth: u32) -> Result<BenchLine, String> {
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot start {:?}: {e}", command.get_program()))?;
    let mut input = child.stdin.take().expect("stdin was piped");
    writeln!(input, "bench {depth}\nquit").map_err(|e| format!("cannot write: {e}"))?;
    drop(input);
    let output = child.wait_with_output().map_err(|e| format!("{e}"))?;
    let text = String::from_utf8_lossy(&output.stdout);
    if !output.status.success() {
        let stderr = String::from_utf8_lossy(&output.stderr);
        return Err(format!(
            "bench failed ({}): {}",
            output.status,
            stderr.trim()
        ));
    }
    bench_line(&text).ok_or_else(|| format!("no `N nodes M nps` line in:\n{text}"))
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
pub fn write_record(root: &Path, name: &str, text: &str) -> Result<(), String> {
    let valid = !name.is_empty()
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
    if !valid {
        return Err(format!(
            "record name {name:?}: use letters, digits, - and _"
        ));
    }
    let path = root.join("book/data").join(format!("{name}.txt"));
    std::fs::write(&path, text).map_err(|e| format!("{}: {e}", path.display()))?;
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
}
