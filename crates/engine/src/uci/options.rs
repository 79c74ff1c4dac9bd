//! The engine's options: what `uci` declares, and what `setoption` may change. Besides UCI's
//! own (`Hash`, `Threads`, `Clear Hash`), `Stage` and a check option for every switch of the
//! search, and the three GUIs and bots look for: `Move Overhead`, `Ponder` and `MultiPV`.

use super::extensions::{MAIN, stage_preset};
use crate::config::{self, LAST_STAGE, SWITCHES, SearchConfig};
use crate::time::{MAX_MOVE_OVERHEAD_MS, MOVE_OVERHEAD_MS};
use crate::tt;

/// The transposition table's size in MB, until `setoption name Hash` changes it.
pub const DEFAULT_HASH_MB: u64 = tt::DEFAULT_MB as u64;

/// The largest transposition table `setoption name Hash` accepts, in MB.
pub const MAX_HASH_MB: u64 = tt::MAX_MB as u64;

/// The most lines `setoption name MultiPV` accepts: more than any position's legal moves (218
/// is the most known), so that a GUI can ask for every move. A position with fewer moves
/// gets one line a move.
pub const MAX_MULTI_PV: u64 = 256;

/// The engine's options, as `setoption` sets them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// The transposition table's size in MB.
    pub hash_mb: u64,
    /// The number of search threads: 1, the only value the engine supports.
    pub threads: u64,
    /// Which of the search's techniques are on: set by the `Stage` option and by a check
    /// option for each switch, or by the `set` command.
    pub search: SearchConfig,
    /// Milliseconds the time manager keeps back from the clock for the interface and the
    /// network (`Move Overhead`).
    pub move_overhead_ms: u64,
    /// Whether the interface may send `go ponder` (`Ponder`). UCI asks an engine that ponders
    /// to declare it, so that GUIs offer pondering; the search does the same with it on or
    /// off, since what pondering needs is `go ponder` and `ponderhit`, which always work.
    pub ponder: bool,
    /// How many of the best moves a search reports, each in its own line (`MultiPV`).
    pub multi_pv: u64,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            hash_mb: DEFAULT_HASH_MB,
            threads: 1,
            search: SearchConfig::default(),
            move_overhead_ms: MOVE_OVERHEAD_MS,
            ponder: false,
            multi_pv: 1,
        }
    }
}

/// The answer to `uci`: the engine's name and author, its options, and `uciok`. Besides
/// `Hash`, `Threads` and `Clear Hash`, `Stage` sets a stage's preset, and every switch is a
/// check option, so that a match runner can play one build against itself with a technique
/// switched off. `Move Overhead`, `Ponder` and `MultiPV` are the options GUIs and bots look
/// for.
pub(super) fn identify() -> String {
    let mut lines = vec![
        format!("id name cb2026 {}", env!("CARGO_PKG_VERSION")),
        "id author The cb2026 authors".to_string(),
        format!("option name Hash type spin default {DEFAULT_HASH_MB} min 1 max {MAX_HASH_MB}"),
        "option name Threads type spin default 1 min 1 max 1".to_string(),
        "option name Clear Hash type button".to_string(),
        stage_option(),
        format!(
            "option name Move Overhead type spin default {MOVE_OVERHEAD_MS} min 0 max {MAX_MOVE_OVERHEAD_MS}"
        ),
        "option name Ponder type check default false".to_string(),
        format!("option name MultiPV type spin default 1 min 1 max {MAX_MULTI_PV}"),
    ];
    let defaults = SearchConfig::default();
    for switch in SWITCHES {
        lines.push(format!(
            "option name {} type check default {}",
            switch.name,
            defaults.is_on(switch.flag)
        ));
    }
    lines.push("uciok".to_string());
    lines.join("\n")
}

/// The `Stage` option: a combo of [`MAIN`], the default, and every stage's number. Main is
/// stage 20 and the sections' techniques that passed their games, so no number names it.
fn stage_option() -> String {
    let stages: String = (1..=LAST_STAGE)
        .map(|stage| format!(" var {stage}"))
        .collect();
    format!("option name Stage type combo default {MAIN} var {MAIN}{stages}")
}

/// The value after `setoption name NAME value`, if there is one, with the option's name, for
/// the errors.
pub(super) struct OptionValue<'a> {
    /// The option's name, in lower case.
    pub(super) name: &'a str,
    /// The words after `value`, joined by spaces.
    pub(super) text: Option<String>,
}

impl OptionValue<'_> {
    /// The value's text, or an error if there is none.
    fn text(&self) -> Result<&str, String> {
        let name = self.name;
        self.text
            .as_deref()
            .ok_or_else(|| format!("option {name:?} needs a value"))
    }

    /// The value as a whole number from `min` to `max` (a `spin` option). It is read in 128
    /// bits, so that a negative or a huge number is refused as outside the range, not as no
    /// number at all.
    fn number(&self, min: u64, max: u64) -> Result<u64, String> {
        let (name, text) = (self.name, self.text()?);
        let n: i128 = text
            .parse()
            .map_err(|_| format!("option {name:?}: {text:?} is not a whole number"))?;
        u64::try_from(n)
            .ok()
            .filter(|n| (min..=max).contains(n))
            .ok_or_else(|| format!("option {name:?}: {n} is outside {min} to {max}"))
    }

    /// The value as `true` or `false` (a `check` option).
    pub(super) fn check(&self) -> Result<bool, String> {
        match self.text()? {
            "true" => Ok(true),
            "false" => Ok(false),
            text => Err(format!(
                "option {:?}: {text:?} is not true or false",
                self.name
            )),
        }
    }
}

/// What a `setoption` asks for: new options, or the `Clear Hash` button pressed.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum OptionChange {
    /// The options as they are to be.
    Options(Options),
    /// Empty the transposition table.
    ClearHash,
}

/// What `setoption name NAME [value VALUE]` asks to change, or what is wrong with it. Option
/// names are not case-sensitive, as UCI asks. `Stage` sets every switch to the stage's preset,
/// so a GUI that sets it and a switch should set `Stage` first, as `uci` lists them.
pub(super) fn set_option(options: &Options, words: &[&str]) -> Result<OptionChange, String> {
    let ["name", rest @ ..] = words else {
        return Err("setoption needs `name NAME [value VALUE]`".to_string());
    };
    let value_at = rest.iter().position(|&w| w == "value");
    let value_at = value_at.unwrap_or(rest.len());
    let name = rest[..value_at].join(" ").to_lowercase();
    let text = rest.get(value_at + 1..).map(|v| v.join(" "));
    let value = OptionValue { name: &name, text };
    let mut changed = options.clone();
    match name.as_str() {
        "hash" => changed.hash_mb = value.number(1, MAX_HASH_MB)?,
        "threads" => changed.threads = value.number(1, 1)?,
        "clear hash" => return Ok(OptionChange::ClearHash),
        "move overhead" => changed.move_overhead_ms = value.number(0, MAX_MOVE_OVERHEAD_MS)?,
        "ponder" => changed.ponder = value.check()?,
        "multipv" => changed.multi_pv = value.number(1, MAX_MULTI_PV)?,
        "stage" => {
            changed.search = stage_preset(value.text()?)
                .map_err(|error| format!("option \"stage\": {error}"))?;
        }
        _ => {
            let switch = config::find(&name).map_err(|_| format!("no option {name:?}"))?;
            changed.search.switches.set(switch.flag, value.check()?);
        }
    }
    Ok(OptionChange::Options(changed))
}
