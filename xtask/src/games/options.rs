//! The options an engine declares after `uci`, and the check the runner makes before any game
//! that each option it is told to set exists and takes the value given. An engine is free to
//! ignore a `setoption` it does not understand, and Stockfish ignores a value outside an
//! option's range without a word, so a match set up wrongly would otherwise be played, and
//! recorded, under settings it never had.

use anyhow::{Result, anyhow, bail};

/// What kind of value an option takes, with its range where it has one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionKind {
    /// `true` or `false`.
    Check,
    /// A whole number from `min` to `max`, both included.
    Spin {
        /// The smallest value allowed.
        min: i64,
        /// The largest value allowed.
        max: i64,
    },
    /// One of a list of words.
    Combo(Vec<String>),
    /// No value: setting it does something once.
    Button,
    /// Any text.
    Text,
}

/// One option an engine declares: `option name NAME type KIND …`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UciOption {
    /// Its name, which may hold spaces.
    pub name: String,
    /// What it takes.
    pub kind: OptionKind,
}

/// The option an `option …` line declares; `None` for any other line, or an `option` line
/// too garbled to read (which then counts as not declared).
pub fn parse(line: &str) -> Option<UciOption> {
    let words: Vec<&str> = line.split_whitespace().collect();
    if words.first() != Some(&"option") {
        return None;
    }
    let keywords = ["name", "type", "default", "min", "max", "var"];
    // Each keyword's value runs to the next keyword; `var` may come many times.
    let mut fields: Vec<(&str, String)> = Vec::new();
    for word in &words[1..] {
        match fields.last_mut() {
            _ if keywords.contains(word) => fields.push((word, String::new())),
            Some((_, value)) if value.is_empty() => value.push_str(word),
            Some((_, value)) => {
                value.push(' ');
                value.push_str(word);
            }
            None => return None,
        }
    }
    let field = |key: &str| fields.iter().find(|(k, _)| *k == key).map(|(_, v)| v);
    let number = |key: &str| field(key)?.parse::<i64>().ok();
    let kind = match field("type")?.as_str() {
        "check" => OptionKind::Check,
        "spin" => OptionKind::Spin {
            min: number("min")?,
            max: number("max")?,
        },
        "combo" => OptionKind::Combo(
            fields
                .iter()
                .filter(|(k, _)| *k == "var")
                .map(|(_, v)| v.clone())
                .collect(),
        ),
        "button" => OptionKind::Button,
        "string" => OptionKind::Text,
        _ => return None,
    };
    let name = field("name").filter(|n| !n.is_empty())?.clone();
    Some(UciOption { name, kind })
}

/// Whether `value` may be given to the option `name` of an engine that declared `declared`,
/// or what is wrong, naming the option and what it takes. Names and combo words are matched
/// without regard to case, as the UCI protocol asks.
pub fn check(declared: &[UciOption], name: &str, value: &str) -> Result<()> {
    let Some(option) = declared.iter().find(|o| o.name.eq_ignore_ascii_case(name)) else {
        let names: Vec<&str> = declared.iter().map(|o| o.name.as_str()).collect();
        bail!(
            "it has no option {name:?} (it has: {})",
            if names.is_empty() {
                "none".to_string()
            } else {
                names.join(", ")
            }
        );
    };
    let refused = |takes: String| Err(anyhow!("option {name}={value}: {name} takes {takes}"));
    match &option.kind {
        OptionKind::Check if value != "true" && value != "false" => {
            refused("true or false".to_string())
        }
        OptionKind::Spin { min, max }
            if !value
                .parse::<i64>()
                .is_ok_and(|n| (*min..=*max).contains(&n)) =>
        {
            refused(format!("a whole number from {min} to {max}"))
        }
        OptionKind::Combo(vars) if !vars.iter().any(|v| v.eq_ignore_ascii_case(value)) => {
            refused(format!("one of {}", vars.join(", ")))
        }
        OptionKind::Button => refused("no value: it is a button".to_string()),
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Options as Stockfish 15.1 and Glaurung 2.2 declare them.
    const DECLARED: &str = "\
option name Debug Log File type string default
option name Clear Hash type button
option name UCI_LimitStrength type check default false
option name UCI_Elo type spin default 1350 min 1350 max 2850
option name King Safety Curve type combo default Quadratic var Quadratic var Linear
option name Mobility (Middle Game) type spin default 100 min 0 max 200";

    /// The options `DECLARED` declares.
    fn declared() -> Vec<UciOption> {
        DECLARED.lines().filter_map(parse).collect()
    }

    #[test]
    fn option_lines_are_read_with_their_kinds_and_ranges() {
        let options = declared();
        assert_eq!(options.len(), 6);
        assert_eq!(options[0].kind, OptionKind::Text);
        assert_eq!(options[1].name, "Clear Hash");
        assert_eq!(options[1].kind, OptionKind::Button);
        assert_eq!(
            options[3].kind,
            OptionKind::Spin {
                min: 1350,
                max: 2850
            }
        );
        assert_eq!(
            options[4].kind,
            OptionKind::Combo(vec!["Quadratic".to_string(), "Linear".to_string()])
        );
        assert_eq!(options[5].name, "Mobility (Middle Game)");
        assert_eq!(parse("id name Stockfish 15.1"), None);
        assert_eq!(parse("option name Odd type colour"), None);
    }

    #[test]
    fn values_in_range_pass_and_others_are_refused_with_what_they_take() {
        let options = declared();
        for (name, value) in [
            ("UCI_Elo", "1350"),
            ("uci_elo", "2850"),
            ("UCI_LimitStrength", "true"),
            ("King Safety Curve", "linear"),
            ("Debug Log File", "log.txt"),
        ] {
            if let Err(e) = check(&options, name, value) {
                panic!("{name}={value}: {e:#}");
            }
        }
        for (name, value, expected) in [
            (
                "UCI_Elo",
                "1320",
                "option UCI_Elo=1320: UCI_Elo takes a whole number from 1350 to 2850",
            ),
            ("UCI_Elo", "strong", "from 1350 to 2850"),
            ("UCI_LimitStrength", "yes", "takes true or false"),
            ("King Safety Curve", "Cubic", "one of Quadratic, Linear"),
            ("Clear Hash", "1", "it is a button"),
            (
                "Contempt",
                "10",
                "it has no option \"Contempt\" (it has: Debug",
            ),
        ] {
            let error = format!("{:#}", check(&options, name, value).unwrap_err());
            assert!(error.contains(expected), "{name}={value}: {error}");
        }
        let error = format!("{:#}", check(&[], "Hash", "16").unwrap_err());
        assert!(error.ends_with("(it has: none)"), "{error}");
    }
}
