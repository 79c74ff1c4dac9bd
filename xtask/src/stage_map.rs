//! The map of the stages: the introduction's table of every stage, with its chapter, its tag
//! (a link to the tag's tree in the repository), what it adds and its headline figure, under
//! a directive line `<!-- stages map -->`.
//!
//! Everything in it comes from stages.toml, Cargo.toml's repository address and the pinned
//! figures, so `check-chapters` regenerates it and compares, as it does a table of figures.

use crate::figures::{self, Source};
use crate::plan::Plan;
use std::collections::BTreeMap;

/// The map's lines: a header, then a row for each stage of the plan.
pub fn table(plan: &Plan, sources: &BTreeMap<String, Source>) -> Result<Vec<String>, String> {
    let mut lines = vec![
        "| chapter | stage | tag | what it adds | headline figure |".to_string(),
        "| ---: | ---: | --- | --- | --- |".to_string(),
    ];
    for stage in &plan.stages {
        let chapter = plan
            .chapter(&stage.chapter)
            .ok_or_else(|| format!("stage {}: no chapter {}", stage.number, stage.chapter))?;
        let chapter_cell = if plan.is_written(&chapter.number) {
            format!("[{}]({})", chapter.number, chapter.file)
        } else {
            chapter.number.clone()
        };
        let tag = if stage.done {
            plan.tag_link(stage.number)
        } else {
            "not yet".to_string()
        };
        let headline = match &stage.headline {
            Some(text) => quote_figures(sources, text)
                .map_err(|e| format!("stages.toml, stage {}: {e}", stage.number))?,
            None => "—".to_string(),
        };
        lines.push(format!(
            "| {chapter_cell} | {} | {tag} | {} | {headline} |",
            stage.number, stage.title
        ));
    }
    Ok(lines)
}

/// `text` with every `{NAME: ROW / COLUMN}` replaced by the figure it names, marked as a
/// chapter marks a figure, so the figure check reads it like any other.
fn quote_figures(sources: &BTreeMap<String, Source>, text: &str) -> Result<String, String> {
    let mut out = String::new();
    let mut rest = text;
    while let Some(open) = rest.find('{') {
        let close = rest[open..]
            .find('}')
            .ok_or_else(|| format!("headline {text:?}: a `{{` is never closed"))?
            + open;
        let reference = &rest[open + 1..close];
        let value = figures::value(sources, reference)?;
        out.push_str(&rest[..open]);
        out.push_str(&format!(
            "<span class=\"figure\" data-figure=\"{reference}\">{value}</span>"
        ));
        rest = &rest[close + 1..];
    }
    out.push_str(rest);
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_map_has_a_row_for_every_stage_and_links_the_done_ones_tags() {
        let root = crate::repo_root();
        let plan = Plan::load(&root).unwrap();
        let lines = table(&plan, &figures::sources(&root).unwrap()).unwrap();
        assert_eq!(lines.len(), 2 + plan.stages.len());
        for (stage, line) in plan.stages.iter().zip(&lines[2..]) {
            assert_eq!(
                line.contains(&plan.tag_link(stage.number)),
                stage.done,
                "{line}"
            );
        }
    }

    #[test]
    fn a_headline_quotes_its_figures_and_names_a_missing_one() {
        let source = Source {
            header: vec!["position".into(), "nodes".into()],
            rows: vec![vec!["start".into(), "375013".into()]],
        };
        let sources = BTreeMap::from([("bench".to_string(), source)]);
        assert_eq!(
            quote_figures(&sources, "bench {bench: start / nodes} nodes").unwrap(),
            "bench <span class=\"figure\" data-figure=\"bench: start / nodes\">375,013</span> nodes"
        );
        assert!(quote_figures(&sources, "{bench: end / nodes}").is_err());
    }
}
