//! The plan in `stages.toml`: milestones, chapters, stages and the sections after stage 20,
//! and what follows from it (which chapters are written, what a chapter's header line says).

use anyhow::{Context, Result, bail};
use serde::Deserialize;
use std::path::Path;

/// The whole of `stages.toml`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Plan {
    /// The milestones, in order.
    #[serde(rename = "milestone")]
    pub milestones: Vec<Milestone>,
    /// The chapters, in the order the book prints them.
    #[serde(rename = "chapter")]
    pub chapters: Vec<Chapter>,
    /// The stages, 1 to 20.
    #[serde(rename = "stage")]
    pub stages: Vec<Stage>,
    /// The sections written after stage 20, which get no tag.
    #[serde(rename = "section", default)]
    pub sections: Vec<Section>,
    /// Main as it is now, the map's last row; absent until the sections have landed.
    #[serde(default)]
    pub main: Option<Main>,
    /// The pages after the chapters, which describe the project rather than a stage.
    #[serde(rename = "appendix", default)]
    pub appendices: Vec<Appendix>,
}

/// A milestone: a point where the engine can do something new as a whole.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Milestone {
    /// Its short name, such as `M1`.
    pub id: String,
    /// What the engine can do once it is reached, such as "legal chess".
    pub title: String,
}

/// A chapter of the book.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Chapter {
    /// Its number as the book prints it: "1", or "10.1" for a section within chapter 10.
    pub number: String,
    /// Its title, as its heading and SUMMARY.md give it.
    pub title: String,
    /// Its page, relative to book/src.
    pub file: String,
    /// The engine's files it teaches, named in its header line.
    pub code: Vec<String>,
}

/// A stage: a point where the engine is whole and a chapter describes it.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Stage {
    /// 1 to 20, in the order the stages land.
    pub number: u32,
    /// What the stage adds.
    pub title: String,
    /// The number of the chapter that describes it.
    pub chapter: String,
    /// The milestone it belongs to.
    pub milestone: String,
    /// The search switches it introduces.
    pub switches: Vec<String>,
    /// Whether it has landed on main, with its `Stage: N` trailer.
    pub done: bool,
    /// A few words for it in a plot's legend, where the title is too long for one.
    #[serde(default)]
    pub plot: Option<String>,
    /// Its headline figure for the introduction's map of the stages: a sentence in which
    /// `{NAME: ROW / COLUMN}` stands for a pinned figure, as a chapter quotes it.
    #[serde(default)]
    pub headline: Option<String>,
}

/// A section written after stage 20: strength work on main, described by a chapter of its
/// own and tagged by no stage.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Section {
    /// Its number, the same as its chapter's, such as "10.1".
    pub number: String,
    /// What it adds.
    pub title: String,
    /// The number of the chapter that describes it.
    pub chapter: String,
    /// The milestone it belongs to.
    pub milestone: String,
    /// The search switches it introduces.
    pub switches: Vec<String>,
    /// Whether it has landed on main.
    pub done: bool,
    /// Its headline figure for the introduction's map, as a stage's.
    #[serde(default)]
    pub headline: Option<String>,
}

/// The last row of the introduction's map: main as it is now, every stage and section
/// together, with its headline figure (its bench and its games against other engines).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Main {
    /// What main is, in a few words.
    pub title: String,
    /// Its headline figure, as a stage's.
    pub headline: String,
}

/// A page of the appendix, after the chapters: how the project works (how it measures
/// itself, for one), rather than a stage of the engine. SUMMARY.md lists these unnumbered,
/// in the order stages.toml gives them, and each must have its page.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Appendix {
    /// Its title, as SUMMARY.md gives it.
    pub title: String,
    /// Its page, relative to book/src.
    pub file: String,
}

impl Plan {
    /// Reads and checks `stages.toml` in the repository at `root`.
    pub fn load(root: &Path) -> Result<Plan> {
        let path = root.join("stages.toml");
        let text = std::fs::read_to_string(&path)
            .with_context(|| format!("{}: cannot read", path.display()))?;
        let plan: Plan = toml::from_str(&text).with_context(|| path.display().to_string())?;
        plan.validate()
            .with_context(|| path.display().to_string())?;
        Ok(plan)
    }

    /// Checks what the format alone cannot: stages numbered 1, 2, 3, … in order, done ones
    /// before the others, and every reference to a chapter or milestone resolving.
    fn validate(&self) -> Result<()> {
        for (i, stage) in self.stages.iter().enumerate() {
            if stage.number != i as u32 + 1 {
                bail!("stage {} is listed {}th", stage.number, i + 1);
            }
        }
        if let Some(pair) = self.stages.windows(2).find(|w| !w[0].done && w[1].done) {
            bail!(
                "stage {} is done but stage {} before it is not: stages land in order",
                pair[1].number,
                pair[0].number
            );
        }
        let parts = self.stages.iter().map(|s| (&s.chapter, &s.milestone));
        let parts = parts.chain(self.sections.iter().map(|s| (&s.chapter, &s.milestone)));
        for (chapter, milestone) in parts {
            if self.chapter(chapter).is_none() {
                bail!("no chapter {chapter:?}");
            }
            if !self.milestones.iter().any(|m| &m.id == milestone) {
                bail!("no milestone {milestone:?}");
            }
        }
        Ok(())
    }

    /// The chapter numbered `number`.
    pub fn chapter(&self, number: &str) -> Option<&Chapter> {
        self.chapters.iter().find(|c| c.number == number)
    }

    /// The done stages that chapter `number` describes.
    pub fn done_stages(&self, number: &str) -> Vec<&Stage> {
        let stages = self.stages.iter();
        stages.filter(|s| s.chapter == number && s.done).collect()
    }

    /// The done section that chapter `number` describes, if there is one.
    pub fn done_section(&self, number: &str) -> Option<&Section> {
        self.sections.iter().find(|s| s.chapter == number && s.done)
    }

    /// Whether chapter `number` is written: one of its stages, or its section, is done.
    pub fn is_written(&self, number: &str) -> bool {
        !self.done_stages(number).is_empty() || self.done_section(number).is_some()
    }

    /// The header line chapter `chapter` must open with, under its heading, such as
    /// `*Milestone M1, stage 1 · tag stage-01 · code in crates/engine/src/bitboard.rs*`, its
    /// tags and files linked as `links` says. `None` if the chapter is not written yet.
    pub fn header_line(&self, chapter: &Chapter, links: &Links) -> Option<String> {
        let stages = self.done_stages(&chapter.number);
        let code = join_and(chapter.code.iter().map(|file| links.file(file)).collect());
        if let Some(first) = stages.first() {
            let numbers: Vec<String> = stages.iter().map(|s| s.number.to_string()).collect();
            let tags: Vec<String> = stages.iter().map(|s| links.tag(s.number)).collect();
            let (stage_word, tag_word) = if stages.len() == 1 {
                ("stage", "tag")
            } else {
                ("stages", "tags")
            };
            return Some(format!(
                "*Milestone {}, {stage_word} {} · {tag_word} {} · code in {code}*",
                first.milestone,
                join_and(numbers),
                join_and(tags),
            ));
        }
        let section = self.done_section(&chapter.number)?;
        let last_stage = self.stages.last().map_or(0, |s| s.number);
        Some(format!(
            "*Milestone {}, after stage {last_stage} · on main, no stage tag · code in {code}*",
            section.milestone
        ))
    }
}

/// The page of the book that lists every stage tag with its commit and the command that
/// checks it out, relative to book/src. Without a repository's address, a tag links there.
pub const TAGS_PAGE: &str = "tags.md";

/// Where the book's links to a stage's tag and to the engine's files point.
///
/// The project writes no address of its own into its pages: a copy of the book built from a
/// clone links each tag to the book's own page of tags ([`TAGS_PAGE`]), which works wherever
/// the book is read, and the book published from a repository links to that repository,
/// whose address the publishing workflow knows (see `cargo xtask book-links`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Links {
    /// Inside the book: a tag links to its row of the page of tags; a file is not linked.
    Book,
    /// To the repository at this address, such as `https://github.com/owner/name`: a tag
    /// links to its tree, a file to its source on main, as the chapter's listings show it.
    Repository(String),
}

impl Links {
    /// The tag of stage `number` as a Markdown link, such as
    /// ``[`stage-01`](tags.md#stage-01)``.
    pub fn tag(&self, number: u32) -> String {
        let tag = tag_name(number);
        match self {
            Links::Book => format!("[`{tag}`]({TAGS_PAGE}#{tag})"),
            Links::Repository(address) => format!("[`{tag}`]({address}/tree/{tag})"),
        }
    }

    /// The engine's file or folder `path` as a header line names it: as code, linked to its
    /// source on [`MAIN_BRANCH`] when there is a repository to link to. Main, because its code
    /// is what the chapters' listings show, and a file a chapter names may not exist yet at the
    /// chapter's tag; the tag's own link leads to the code as it was.
    pub fn file(&self, path: &str) -> String {
        match self {
            Links::Book => format!("`{path}`"),
            Links::Repository(address) => {
                let kind = if Path::new(path).extension().is_some() {
                    "blob"
                } else {
                    "tree"
                };
                format!("[`{path}`]({address}/{kind}/{MAIN_BRANCH}/{path})")
            }
        }
    }
}

/// The branch the book's chapters describe, and their header lines' files link to.
pub const MAIN_BRANCH: &str = "main";

/// The tag of stage `number`: `stage-01` to `stage-20`.
pub fn tag_name(number: u32) -> String {
    format!("stage-{number:02}")
}

/// Joins `items` as prose does: "a", "a and b", "a, b and c".
fn join_and(mut items: Vec<String>) -> String {
    match items.len() {
        0 => String::new(),
        1 => items.remove(0),
        _ => {
            let last = items.pop().unwrap_or_default();
            format!("{} and {last}", items.join(", "))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The repository's own stages.toml.
    fn plan() -> Plan {
        Plan::load(&crate::repo_root()).expect("stages.toml loads")
    }

    #[test]
    fn the_plan_has_twenty_stages_and_each_names_a_chapter() {
        let plan = plan();
        assert_eq!(plan.stages.len(), 20);
        for stage in &plan.stages {
            assert!(
                plan.chapter(&stage.chapter).is_some(),
                "stage {}",
                stage.number
            );
        }
    }

    #[test]
    fn a_header_line_names_milestone_stages_tags_and_code() {
        let plan = plan();
        let header = plan.header_line(plan.chapter("1").unwrap(), &Links::Book);
        let header = header.unwrap();
        assert!(
            header.starts_with(
                "*Milestone M1, stage 1 · tag [`stage-01`](tags.md#stage-01) · code in `crates/"
            ),
            "{header}"
        );
    }

    #[test]
    fn a_chapter_whose_stages_have_not_landed_has_no_header_line() {
        let mut plan = plan();
        for stage in plan.stages.iter_mut().filter(|s| s.chapter == "15") {
            stage.done = false;
        }
        let chapter = plan.chapter("15").unwrap();
        assert!(plan.header_line(chapter, &Links::Book).is_none());
    }

    #[test]
    fn a_header_line_for_a_repository_links_tags_to_trees_and_files_to_main() {
        let plan = plan();
        let links = Links::Repository("https://git.example/owner/cb".into());
        let header = plan
            .header_line(plan.chapter("1").unwrap(), &links)
            .unwrap();
        let tag = "[`stage-01`](https://git.example/owner/cb/tree/stage-01)";
        let file = "[`crates/engine/src/bitboard.rs`]\
                    (https://git.example/owner/cb/blob/main/crates/engine/src/bitboard.rs)";
        assert!(header.contains(tag), "{header}");
        assert!(header.contains(file), "{header}");
        assert!(!header.contains(TAGS_PAGE), "{header}");
    }

    #[test]
    fn a_folder_links_to_its_tree_and_a_section_links_its_files_on_main() {
        let plan = plan();
        let links = Links::Repository("https://git.example/owner/cb".into());
        assert_eq!(
            links.file("xtask/src/games"),
            "[`xtask/src/games`](https://git.example/owner/cb/tree/main/xtask/src/games)"
        );
        let section = plan.chapter("10.1").unwrap();
        let header = plan.header_line(section, &links).unwrap();
        assert!(
            header.contains("/blob/main/crates/engine/src/ordering.rs)"),
            "{header}"
        );
    }

    #[test]
    fn lists_read_as_prose() {
        assert_eq!(join_and(vec!["a".into()]), "a");
        assert_eq!(join_and(vec!["a".into(), "b".into()]), "a and b");
        assert_eq!(
            join_and(vec!["a".into(), "b".into(), "c".into()]),
            "a, b and c"
        );
    }

    #[test]
    fn a_done_stage_after_an_undone_one_is_refused() {
        let text = std::fs::read_to_string(crate::repo_root().join("stages.toml")).unwrap();
        let mut plan: Plan = toml::from_str(&text).unwrap();
        plan.stages[0].done = false;
        plan.stages[1].done = true;
        assert!(format!("{:#}", plan.validate().unwrap_err()).contains("stages land in order"));
    }
}
