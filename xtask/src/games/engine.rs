//! A UCI engine in a process of its own, as the match runner drives it: started, asked to
//! move under a deadline, and stopped. Its output is read on a thread of its own, so a
//! deadline can be kept however the engine behaves.

use super::options::{self, UciOption};
use anyhow::{Context, Result, anyhow};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

/// How long an engine may take to answer `uci` or `isready`.
const HANDSHAKE_TIMEOUT: Duration = Duration::from_secs(10);

/// How long an engine told to stop, or to quit, may take to do so before it is killed.
const STOP_TIMEOUT: Duration = Duration::from_secs(2);

/// How to start an engine and set it up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineSpec {
    /// The name games and records give it.
    pub name: String,
    /// The program and its arguments.
    pub command: Vec<String>,
    /// UCI options to set after the handshake, as name and value.
    pub options: Vec<(String, String)>,
}

/// What went wrong while waiting for an engine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Silence {
    /// The deadline passed before the engine said what was awaited.
    Timeout,
    /// The engine closed its output: it exited or crashed.
    Exited,
}

/// A running engine.
pub struct Engine {
    /// How it was started, to start it again after a fault.
    pub spec: EngineSpec,
    /// The process.
    child: Child,
    /// Its standard input.
    input: ChildStdin,
    /// Its output, a line at a time, from the reading thread.
    lines: Receiver<String>,
}

impl Engine {
    /// Starts the engine, says `uci`, sets its options and waits until it is ready.
    pub fn start(spec: &EngineSpec) -> Result<Engine> {
        let (program, args) = spec
            .command
            .split_first()
            .with_context(|| format!("engine {}: no command", spec.name))?;
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .with_context(|| format!("engine {}: cannot start {program}", spec.name))?;
        let input = child.stdin.take().expect("stdin was piped");
        let output = child.stdout.take().expect("stdout was piped");
        let (sender, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(output).lines().map_while(Result::ok) {
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        let mut engine = Engine {
            spec: spec.clone(),
            child,
            input,
            lines,
        };
        engine.handshake()?;
        Ok(engine)
    }

    /// `uci` until `uciok`, then the options, then `isready` until `readyok`. An option the
    /// engine did not declare, or a value it does not take, is refused before it is sent.
    fn handshake(&mut self) -> Result<()> {
        let name = self.spec.name.clone();
        let deadline = Instant::now() + HANDSHAKE_TIMEOUT;
        self.send("uci")?;
        let lines = self
            .wait_for("uciok", deadline)
            .map_err(|e| anyhow!("engine {name}: no uciok ({e:?})"))?;
        let declared: Vec<UciOption> = lines.iter().filter_map(|l| options::parse(l)).collect();
        for (option, value) in &self.spec.options {
            options::check(&declared, option, value)
                .with_context(|| format!("engine {name} ({})", self.spec.command.join(" ")))?;
        }
        for (option, value) in self.spec.options.clone() {
            self.send(&format!("setoption name {option} value {value}"))?;
        }
        self.ready()
    }

    /// `isready`, and waits for `readyok`.
    pub fn ready(&mut self) -> Result<()> {
        self.send("isready")?;
        self.wait_for("readyok", Instant::now() + HANDSHAKE_TIMEOUT)
            .map(|_| ())
            .map_err(|e| anyhow!("engine {}: no readyok ({e:?})", self.spec.name))
    }

    /// Writes one line to the engine.
    pub fn send(&mut self, line: &str) -> Result<()> {
        writeln!(self.input, "{line}")
            .and_then(|()| self.input.flush())
            .with_context(|| format!("engine {}: cannot write", self.spec.name))
    }

    /// The lines the engine writes until one starts with the word `word` (that line last),
    /// or why none came by `deadline`.
    pub fn wait_for(&mut self, word: &str, deadline: Instant) -> Result<Vec<String>, Silence> {
        let mut seen = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    let found = line.split_whitespace().next() == Some(word);
                    seen.push(line);
                    if found {
                        return Ok(seen);
                    }
                }
                Err(RecvTimeoutError::Timeout) => return Err(Silence::Timeout),
                Err(RecvTimeoutError::Disconnected) => return Err(Silence::Exited),
            }
        }
    }

    /// Tells a search that overran its time to stop, and waits briefly for its `bestmove`, so
    /// the engine is in step for the next game. Whether it answered.
    pub fn stop(&mut self) -> bool {
        self.send("stop").is_ok()
            && self
                .wait_for("bestmove", Instant::now() + STOP_TIMEOUT)
                .is_ok()
    }
}

impl Drop for Engine {
    /// Says `quit`, gives the engine a moment to exit, and kills it if it has not.
    fn drop(&mut self) {
        let _ = self.send("quit");
        let deadline = Instant::now() + STOP_TIMEOUT;
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::fake::fake_spec_with_options;
    use std::path::Path;

    /// A fake engine declaring a spin, a check and a combo option, told to set `options`.
    fn fake_told(options: &[(&str, &str)]) -> EngineSpec {
        let declared = [
            "option name UCI_Elo type spin default 1350 min 1350 max 2850",
            "option name Ponder type check default false",
            "option name Style type combo default Solid var Solid var Risky",
        ];
        let mut spec = fake_spec_with_options("fake", &declared, &[], "");
        spec.options = options
            .iter()
            .map(|(n, v)| (n.to_string(), v.to_string()))
            .collect();
        spec
    }

    #[test]
    fn an_engine_starts_with_options_it_declares_in_their_ranges() {
        let spec = fake_told(&[("UCI_Elo", "1350"), ("Ponder", "true"), ("Style", "Risky")]);
        assert!(Engine::start(&spec).is_ok());
    }

    #[test]
    fn an_unknown_option_or_a_value_out_of_range_is_refused_naming_both() {
        for (option, expected) in [
            (
                ("UCI_Elo", "1320"),
                "option UCI_Elo=1320: UCI_Elo takes a whole number from 1350 to 2850",
            ),
            (
                ("Ponder", "on"),
                "option Ponder=on: Ponder takes true or false",
            ),
            (
                ("Style", "Wild"),
                "option Style=Wild: Style takes one of Solid, Risky",
            ),
            (("Hash", "64"), "it has no option \"Hash\""),
        ] {
            let error = format!("{:#}", Engine::start(&fake_told(&[option])).err().unwrap());
            assert!(error.starts_with("engine fake (sh "), "{error}");
            assert!(error.contains(expected), "{error}");
        }
    }

    #[test]
    fn stockfish_refuses_an_elo_below_its_range_if_installed() {
        let program = "/usr/games/stockfish";
        if !Path::new(program).exists() {
            eprintln!("{program} is not installed: nothing to check");
            return;
        }
        let spec = |elo: &str| EngineSpec {
            name: "stockfish".to_string(),
            command: vec![program.to_string()],
            options: vec![
                ("UCI_LimitStrength".to_string(), "true".to_string()),
                ("UCI_Elo".to_string(), elo.to_string()),
            ],
        };
        let error = format!("{:#}", Engine::start(&spec("1320")).err().unwrap());
        assert!(
            error.contains("UCI_Elo=1320: UCI_Elo takes a whole number from 1350"),
            "{error}"
        );
        assert!(Engine::start(&spec("1350")).is_ok());
    }
}
