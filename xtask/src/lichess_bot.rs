//! The lichess-bot config in `bots/lichess-bot.yml`, checked against the options the engine
//! declares. lichess-bot sends each of its `uci_options` with `setoption`; an engine answers a
//! name it does not have, or a value outside an option's range, with no more than an
//! `info string`, so a wrong config would let the bot play on lichess under settings it was
//! never given.
//!
//! lichess-bot reads the file with a YAML library. The reader here takes only the part of YAML
//! the file uses: block mappings indented by two spaces, plain or double-quoted values, and `#`
//! comments. Anything else in the `engine` section is an error, so the file cannot drift into
//! YAML this test would misread.

use crate::games::options::{self, UciOption};
use anyhow::{Context, Result, bail};

/// The `engine` section of a lichess-bot config: its settings and its `uci_options`, each a
/// name and a value, in the file's order.
#[derive(Debug, Default, PartialEq, Eq)]
struct EngineSection {
    /// The `key: value` lines directly under `engine:`.
    settings: Vec<(String, String)>,
    /// The `name: value` lines under `uci_options:`.
    uci_options: Vec<(String, String)>,
}

impl EngineSection {
    /// The value of the setting `key`, if the section has it.
    fn setting(&self, key: &str) -> Option<&str> {
        let found = self.settings.iter().find(|(k, _)| k == key);
        found.map(|(_, value)| value.as_str())
    }
}

/// `line` without its comment and trailing spaces. A `#` starts a comment at the start of the
/// line or after a space, as in YAML; the file's values never hold one.
fn without_comment(line: &str) -> &str {
    let comment = line.find(" #").or(line.starts_with('#').then_some(0));
    line[..comment.unwrap_or(line.len())].trim_end()
}

/// The `engine` section of the config `text`, or what in it this reader cannot take.
fn engine_section(text: &str) -> Result<EngineSection> {
    let mut section = EngineSection::default();
    let (mut inside, mut in_uci_options) = (false, false);
    for (number, line) in (1..).zip(text.lines()) {
        let line = without_comment(line);
        let indent = line.len() - line.trim_start().len();
        if line.is_empty() {
            continue;
        }
        if indent == 0 {
            inside = line == "engine:";
            continue;
        }
        if !inside {
            continue;
        }
        let (key, value) = line
            .trim_start()
            .split_once(':')
            .with_context(|| format!("line {number}: {line:?} is not `key: value`"))?;
        // Nothing after the colon opens a mapping; `""` is an empty value.
        let opens_mapping = value.trim().is_empty();
        let entry = (key.to_string(), value.trim().trim_matches('"').to_string());
        match (indent, opens_mapping) {
            (2, false) => {
                in_uci_options = false;
                section.settings.push(entry);
            }
            (2, true) if key == "uci_options" => in_uci_options = true,
            (2, true) => {
                bail!("line {number}: {key} holds a mapping this reader skips");
            }
            (4, false) if in_uci_options => section.uci_options.push(entry),
            _ => {
                bail!("line {number}: {line:?} is YAML this reader does not take");
            }
        }
    }
    Ok(section)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The options cb2026 declares in answer to `uci`.
    fn declared() -> Vec<UciOption> {
        crate::test_engine::answer("uci\n")
            .lines()
            .filter_map(options::parse)
            .collect()
    }

    /// What is wrong with the `engine` section `section` for cb2026, one problem a line.
    fn problems(section: &EngineSection, declared: &[UciOption]) -> Vec<String> {
        let mut problems = Vec::new();
        for (name, value) in &section.uci_options {
            if let Err(problem) = options::check(declared, name, value) {
                problems.push(format!("{problem:#}"));
            }
        }
        for (key, wanted) in [("name", "cb2026"), ("protocol", "uci")] {
            if section.setting(key) != Some(wanted) {
                problems.push(format!("engine {key} should be {wanted}"));
            }
        }
        let ponders = section.setting("ponder") == Some("true");
        if ponders && !declared.iter().any(|o| o.name == "Ponder") {
            problems.push("the bot ponders, but the engine declares no Ponder".to_string());
        }
        problems
    }

    #[test]
    fn the_lichess_bot_config_sets_only_options_cb2026_declares_within_their_ranges() {
        let path = crate::repo_root().join("bots/lichess-bot.yml");
        let text = std::fs::read_to_string(&path).expect("bots/lichess-bot.yml");
        let section = engine_section(&text).unwrap();
        let names: Vec<&str> = section
            .uci_options
            .iter()
            .map(|(n, _)| n.as_str())
            .collect();
        assert_eq!(names, ["Move Overhead", "Hash", "Threads"]);
        assert_eq!(section.setting("ponder"), Some("true"));
        assert_eq!(problems(&section, &declared()), Vec::<String>::new());
    }

    #[test]
    fn a_config_with_an_unknown_option_or_a_value_out_of_range_is_caught() {
        let text = "token: \"x\"\nengine:\n  name: \"cb2026\"\n  protocol: \"uci\"\n  \
                    uci_options:\n    Move Overhead: 9000   # too much\n    Colour: red\n\
                    challenge:\n  concurrency: 1\n";
        let section = engine_section(text).unwrap();
        let problems = problems(&section, &declared());
        assert_eq!(problems.len(), 2, "{problems:?}");
        assert!(problems[0].contains("Move Overhead takes a whole number from 0 to 5000"));
        assert!(
            problems[1].starts_with("it has no option \"Colour\""),
            "{problems:?}"
        );
        let nested = "engine:\n  polyglot:\n    enabled: false\n";
        assert!(format!("{:#}", engine_section(nested).unwrap_err()).contains("polyglot"));
    }
}
