//! The engine's own commands beyond UCI that take arguments: `stats` and `bench` (chapter 8),
//! and `set`, which switches the search's techniques (chapter 11 on).

use crate::config::SearchConfig;
use crate::search::MAX_DEPTH;

/// The answer to `stats [depth] [stage N|main]` or `bench [depth] [stage N|main]` (`command`,
/// then `words`): the six positions' statistics, or the bench, at the depth given or the
/// command's default, under stage N's preset (or main's search) if one is given and the
/// engine's `config` if not.
pub(super) fn measurement(
    command: &str,
    words: &[&str],
    config: SearchConfig,
) -> Result<String, String> {
    let (words, config) = match words {
        [depth @ .., "stage", stage] => (depth, stage_preset(stage)?),
        [.., "stage"] => return Err(format!("{command} stage needs a stage number or main")),
        _ => (words, config),
    };
    Ok(if command == "stats" {
        let depth = parse_depth(command, words, crate::measure::DEFAULT_DEPTH)?;
        crate::measure::report(depth, config)
    } else {
        let depth = parse_depth(command, words, crate::bench::DEFAULT_DEPTH)?;
        crate::bench::report(depth, config)
    })
}

/// The depth given after `command` (`stats 6`), or `default` if none is; it must be a whole
/// number from 1 to [`MAX_DEPTH`].
fn parse_depth(command: &str, words: &[&str], default: u32) -> Result<u32, String> {
    let depth = match words {
        [] => default,
        [text] => text
            .parse()
            .map_err(|_| format!("{command} depth {text:?} is not a whole number"))?,
        _ => return Err(format!("{command} takes one depth at most")),
    };
    if (1..=MAX_DEPTH).contains(&depth) {
        Ok(depth)
    } else {
        Err(format!(
            "{command} depth {depth} is outside 1 to {MAX_DEPTH}"
        ))
    }
}

/// What `Stage` and `set stage` call the engine's own search, beside the stages' numbers:
/// main's defaults, which from section 14.1 on are more than stage 20's preset.
pub(super) const MAIN: &str = "main";

/// The search `text` names: [`MAIN`] for main's defaults, a stage's number (`12`) for that
/// stage's preset; or what is wrong with it.
pub(super) fn stage_preset(text: &str) -> Result<SearchConfig, String> {
    if text.eq_ignore_ascii_case(MAIN) {
        return Ok(SearchConfig::default());
    }
    let stage = text
        .parse()
        .map_err(|_| format!("stage {text:?} is not {MAIN} or a whole number"))?;
    SearchConfig::preset(stage).map_err(|error| error.to_string())
}

/// The configuration after `set NAME on|off` (one switch) or `set stage N` (stage N's preset,
/// or main's defaults for `set stage main`), or what is wrong with it.
pub(super) fn set_switch(config: SearchConfig, words: &[&str]) -> Result<SearchConfig, String> {
    match words {
        ["stage", stage] => stage_preset(stage),
        [name, state @ ("on" | "off")] => {
            let mut changed = config;
            changed
                .set(name, *state == "on")
                .map_err(|error| error.to_string())?;
            Ok(changed)
        }
        _ => Err("set needs `NAME on|off` or `stage N|main`".to_string()),
    }
}
