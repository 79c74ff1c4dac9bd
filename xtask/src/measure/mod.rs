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

use anyhow::{Context, Result, anyhow, bail};
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
/// stage 10 reads, after setting `switches`, and returns the last line.
pub fn run_bench(
    command: &mut Command,
    switches: &[SwitchSetting],
    bench: &str,
) -> Result<BenchLine> {
    let text = run_switched(command, switches, bench)?;
    bench_line(&text).with_context(|| format!("no `N nodes M nps` line in:\n{text}"))
}

/// A switch that one side of a measurement searches with: `NAME=on` or `NAME=off` on the
/// command line, told to the engine as `set NAME on|off` before the bench, so that a build can
/// be measured against itself with one technique switched (`--candidate-set conthist=on`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SwitchSetting {
    /// The switch's name, as `set` spells it.
    pub name: String,
    /// Whether the side searches with it on.
    pub on: bool,
}

impl std::str::FromStr for SwitchSetting {
    type Err = String;

    /// Reads `NAME=on` or `NAME=off`.
    fn from_str(text: &str) -> Result<SwitchSetting, String> {
        let (name, state) = text
            .split_once('=')
            .ok_or_else(|| format!("{text:?}: write NAME=on or NAME=off"))?;
        let on = match state {
            "on" => true,
            "off" => false,
            _ => return Err(format!("{text:?}: a switch is on or off")),
        };
        if name.is_empty() || name.contains(char::is_whitespace) {
            return Err(format!("{text:?}: a switch's name is one word"));
        }
        Ok(SwitchSetting {
            name: name.to_string(),
            on,
        })
    }
}

impl std::fmt::Display for SwitchSetting {
    /// The engine command that sets it: `set conthist on`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let state = if self.on { "on" } else { "off" };
        write!(f, "set {} {state}", self.name)
    }
}

/// A sentence for a report's header naming the switches each side set, or nothing if neither
/// set any.
pub fn switches_sentence(switches: &[Vec<SwitchSetting>; 2]) -> String {
    if switches.iter().all(Vec::is_empty) {
        return String::new();
    }
    let side = |settings: &[SwitchSetting]| match settings {
        [] => "nothing".to_string(),
        _ => settings
            .iter()
            .map(|setting| format!("`{setting}`"))
            .collect::<Vec<_>>()
            .join(", "),
    };
    format!(
        "Before the bench the base was told {}, and the candidate {}.\n",
        side(&switches[0]),
        side(&switches[1])
    )
}

/// Runs `line` in `command` as [`run_with_input`] does, after the commands that set
/// `switches`; an error if the engine answered any of them with an `info string`, its way of
/// refusing a command (here, a switch it does not have), since the figures would then be those
/// of a search nobody asked for.
pub fn run_switched(
    command: &mut Command,
    switches: &[SwitchSetting],
    line: &str,
) -> Result<String> {
    let setup: String = switches.iter().map(|s| format!("{s}\n")).collect();
    let output = run_with_input(command, &format!("{setup}{line}"))?;
    if !switches.is_empty()
        && let Some(refusal) = output.lines().find(|l| l.starts_with("info string"))
    {
        bail!("the engine refused a switch: {refusal}");
    }
    Ok(output)
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
    crate::cli::record_name(name).map_err(|problem| anyhow!("record name {problem}"))?;
    let path = root.join("book/data").join(format!("{name}.txt"));
    std::fs::write(&path, text).with_context(|| path.display().to_string())?;
    println!("recorded in {}", path.display());
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_switch_setting_is_a_name_and_on_or_off_and_becomes_a_set_command() {
        let setting: SwitchSetting = "conthist=on".parse().unwrap();
        assert_eq!(setting.to_string(), "set conthist on");
        let setting: SwitchSetting = "probcut=off".parse().unwrap();
        assert_eq!(setting.to_string(), "set probcut off");
        for wrong in ["conthist", "conthist=true", "=on", "two words=on"] {
            assert!(wrong.parse::<SwitchSetting>().is_err(), "{wrong}");
        }
    }

    #[test]
    fn the_header_names_each_sides_switches_and_nothing_when_none_are_set() {
        assert_eq!(switches_sentence(&[vec![], vec![]]), "");
        let on = |name: &str| SwitchSetting {
            name: name.to_string(),
            on: true,
        };
        assert_eq!(
            switches_sentence(&[vec![], vec![on("conthist"), on("conthist2")]]),
            "Before the bench the base was told nothing, and the candidate `set conthist on`, \
             `set conthist2 on`.\n"
        );
    }

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
