//! The map of the stages: the introduction's table of every stage, then the sections written
//! after stage 20 and main itself, each with its chapter (in the first cell, to keep the table
//! narrow enough for a phone), its tag (a link to the book's page of tags), what it adds and
//! its headline figure, under a directive line `<!-- stages map -->`.
//!
//! Everything in it comes from stages.toml and the pinned figures, so `check-chapters`
//! regenerates it and compares, as it does a table of figures.

use crate::chapters::{Block, Context, Generated};
use crate::figures::{self, Source};
use crate::plan::{Chapter, Links, Plan, Section};
use anyhow::{Context as _, Result, anyhow};
use std::collections::BTreeMap;

/// The first line of the map's block: the map is a table inside this `div`, which the book's
/// style sheet lays out as one card a stage on a phone.
pub const START: &str = "<div class=\"stage-map\">";

/// The line that closes the map's block.
pub const END: &str = "</div>";

/// Where the map's block under a directive on line `start - 1` ends: after its closing
/// `</div>`. A block that is missing ends where it starts, so a sync writes it whole.
pub fn block_end(lines: &[&str], start: usize) -> usize {
    if lines.get(start) != Some(&START) {
        return start;
    }
    match lines[start..].iter().position(|l| *l == END) {
        Some(offset) => start + offset + 1,
        None => start,
    }
}

/// The map's block: the table of the stages, between [`START`] and [`END`].
pub fn block(plan: &Plan, sources: &BTreeMap<String, Source>) -> Result<Vec<String>> {
    let mut lines = vec![START.to_string(), String::new()];
    lines.extend(table(plan, sources)?);
    lines.extend([String::new(), END.to_string()]);
    Ok(lines)
}

/// The map's table: a header, then a row for each stage of the plan, each section written
/// after stage 20 (on main, with no tag) and, once they have landed, main itself.
fn table(plan: &Plan, sources: &BTreeMap<String, Source>) -> Result<Vec<String>> {
    let mut lines = vec![
        "| stage | tag | what it adds | headline figure |".to_string(),
        "| --- | --- | --- | --- |".to_string(),
    ];
    for stage in &plan.stages {
        let whose = format!("stage {}", stage.number);
        let tag = if stage.done {
            Links::Book.tag(stage.number)
        } else {
            "not yet".to_string()
        };
        lines.push(format!(
            "| {whose}, {} | {tag} | {} | {} |",
            chapter_cell(plan, &stage.chapter, &whose)?,
            stage.title,
            headline(sources, stage.headline.as_deref(), &whose)?
        ));
    }
    for section in &plan.sections {
        let whose = format!("section {}", section.number);
        let (cell, tag) = if section.done {
            (section_cell(plan, section, &whose)?, "main, no tag")
        } else {
            (whose.clone(), "not yet")
        };
        lines.push(format!(
            "| {cell} | {tag} | {} | {} |",
            section.title,
            headline(sources, section.headline.as_deref(), &whose)?
        ));
    }
    if let Some(main) = &plan.main {
        lines.push(format!(
            "| main | main, no tag | {} | {} |",
            main.title,
            headline(sources, Some(&main.headline), "main")?
        ));
    }
    Ok(lines)
}

/// Chapter `number` of the plan, which `whose` row names.
fn chapter<'a>(plan: &'a Plan, number: &str, whose: &str) -> Result<&'a Chapter> {
    plan.chapter(number)
        .with_context(|| format!("{whose}: no chapter {number}"))
}

/// The cell naming chapter `number`: a link to its page once it is written.
fn chapter_cell(plan: &Plan, number: &str, whose: &str) -> Result<String> {
    let chapter = chapter(plan, number, whose)?;
    Ok(if plan.is_written(&chapter.number) {
        format!("[ch. {}]({})", chapter.number, chapter.file)
    } else {
        format!("ch. {}", chapter.number)
    })
}

/// The first cell of a done section's row: its name, linked to its chapter's page.
fn section_cell(plan: &Plan, section: &Section, whose: &str) -> Result<String> {
    let chapter = chapter(plan, &section.chapter, whose)?;
    Ok(format!("[{whose}]({})", chapter.file))
}

/// The headline cell of `whose` row: its sentence with the figures quoted, or a dash.
fn headline(sources: &BTreeMap<String, Source>, text: Option<&str>, whose: &str) -> Result<String> {
    match text {
        Some(text) => quote_figures(sources, text).with_context(|| format!("stages.toml, {whose}")),
        None => Ok("—".to_string()),
    }
}

/// `text` with every `{NAME: ROW / COLUMN}` replaced by the figure it names, marked as a
/// chapter marks a figure, so the figure check reads it like any other.
fn quote_figures(sources: &BTreeMap<String, Source>, text: &str) -> Result<String> {
    let mut out = String::new();
    let mut rest = text;
    while let Some(open) = rest.find('{') {
        let close = rest[open..]
            .find('}')
            .with_context(|| format!("headline {text:?}: a `{{` is never closed"))?
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

/// The map of the stages under the directive `<!-- stages map -->` on line `i` of a page.
pub fn map_at(context: &Context, lines: &[&str], i: usize, what: &str) -> Generated {
    let expected = match what {
        "map" => block(context.plan, context.sources),
        _ => Err(anyhow!(
            "`stages {what}`: the only stages directive is `stages map`"
        )),
    };
    Generated::text(Block {
        start: i + 1,
        end: block_end(lines, i + 1),
        expected,
        what: "map of the stages".to_string(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_map_has_a_row_for_every_stage_section_and_main_and_links_the_done_stages_tags() {
        let root = crate::repo_root();
        let plan = Plan::load(&root).unwrap();
        let lines = block(&plan, &figures::sources(&root).unwrap()).unwrap();
        let rows = plan.stages.len() + plan.sections.len() + usize::from(plan.main.is_some());
        assert_eq!(lines.len(), 6 + rows);
        let as_read: Vec<&str> = lines.iter().map(String::as_str).collect();
        assert_eq!(block_end(&as_read, 0), lines.len());
        for (stage, line) in plan.stages.iter().zip(&lines[4..]) {
            assert_eq!(
                line.contains(&Links::Book.tag(stage.number)),
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
