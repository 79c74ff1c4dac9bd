//! `check-chapters` and `sync-chapters`: the book's pages against the engine's code and the
//! plan.
//!
//! Every part of a page that comes from elsewhere is generated, and the check regenerates
//! it and compares:
//!
//! - a listing, the text of one item of the engine's source, under a directive line such as
//!   `<!-- listing crates/engine/src/bitboard.rs fn Bitboard::shift -->`;
//! - a diagram, an SVG drawn from the text of a comment block (see [`crate::diagram`]),
//!   and the line of HTML that shows it;
//! - a measured figure, in a sentence or as a table, from its pinned source (see
//!   [`crate::figures`]);
//! - a plot, an SVG drawn from a game record under a directive line such as
//!   `<!-- plot llr sprt-stage-08 -->` (see [`crate::plot`]), and the line of HTML that
//!   shows it;
//! - a transcript, a session with the engine pinned by its tests, under a directive line
//!   such as `<!-- transcript perft-divide -->` (see [`crate::transcript`]);
//! - the introduction's map of the stages, under `<!-- stages map -->` (see
//!   [`crate::stage_map`]);
//! - a chapter's heading and header line, from stages.toml;
//! - SUMMARY.md, from stages.toml.
//!
//! `sync-chapters` writes what the check would expect. The check never writes.

use crate::figures::{self, Source};
use crate::plan::{Links, Plan};
use crate::{diagram, listing, plot, stage_map, transcript};
use anyhow::{Context as _, Result};
use std::collections::BTreeMap;
use std::fmt;
use std::path::{Path, PathBuf};

/// Something in the book that disagrees with its source, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    /// The page, relative to the repository.
    pub file: PathBuf,
    /// The line on the page, from 1.
    pub line: usize,
    /// What is wrong.
    pub message: String,
    /// Who mends it.
    pub mend: Mend,
}

/// Who mends a problem.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mend {
    /// `sync-chapters`: the page is behind its source, and regenerating it catches up.
    Sync,
    /// A person: the source is missing or wrong, or the page names what does not exist.
    ByHand,
}

impl Problem {
    /// A problem on line `line` of `file`.
    fn new(file: &Path, line: usize, message: String, mend: Mend) -> Problem {
        Problem {
            file: file.to_path_buf(),
            line,
            message,
            mend,
        }
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "{}:{}: {}", self.file.display(), self.line, self.message)?;
        if self.mend == Mend::Sync {
            write!(f, " (cargo xtask sync-chapters rewrites it)")?;
        }
        Ok(())
    }
}

/// The book's source folder, relative to the repository.
pub const BOOK_SRC: &str = "book/src";

/// A page as it is and as it should be, with what differs.
struct Page {
    /// The page, relative to the repository.
    file: PathBuf,
    /// Its text on disk.
    actual: String,
    /// Its text with every generated part regenerated.
    expected: String,
    /// Where the two differ, or what could not be generated.
    problems: Vec<Problem>,
    /// The diagrams the page draws: each file, relative to the repository, and its SVG.
    drawings: Vec<(PathBuf, String)>,
    /// The names of the page's diagrams, drawn or not: the files of a diagram that cannot be
    /// drawn (an invalid FEN, say) are still its own, not left over.
    diagram_ids: Vec<String>,
}

/// Compares every page of the book with what it should be. Returns the problems found,
/// none when the book is in step with the code and the plan.
pub fn check(root: &Path) -> Result<Vec<Problem>> {
    let pages = pages(root)?;
    let mut problems = book_problems(root, &pages)?;
    problems.extend(pages.into_iter().flat_map(|page| page.problems));
    Ok(problems)
}

/// Rewrites every generated part of the book. Returns the pages it changed, and the problems
/// it could not mend (a listing naming a missing item, say), which need a person.
pub fn sync(root: &Path) -> Result<(Vec<PathBuf>, Vec<Problem>)> {
    let mut changed = Vec::new();
    let mut unmended = Vec::new();
    let pages = pages(root)?;
    for orphan in orphan_drawings(root, &pages)? {
        std::fs::remove_file(root.join(&orphan))
            .with_context(|| format!("{}: cannot remove", orphan.display()))?;
        changed.push(orphan);
    }
    for page in pages {
        if page.expected != page.actual {
            write(root, &page.file, &page.expected)?;
            changed.push(page.file.clone());
        }
        for (file, svg) in &page.drawings {
            if std::fs::read_to_string(root.join(file)).ok().as_ref() != Some(svg) {
                write(root, file, svg)?;
                changed.push(file.clone());
            }
        }
        // What remains after a sync is what regenerating could not fix.
        unmended.extend(page.problems.into_iter().filter(|p| p.mend == Mend::ByHand));
    }
    Ok((changed, unmended))
}

/// Writes `text` to `file`, relative to the repository (or absolute), making its folder if
/// need be.
pub fn write(root: &Path, file: &Path, text: &str) -> Result<()> {
    let path = root.join(file);
    let folder = path.parent().unwrap_or(root);
    std::fs::create_dir_all(folder)
        .with_context(|| format!("{}: cannot make", folder.display()))?;
    std::fs::write(&path, text).with_context(|| format!("{}: cannot write", file.display()))
}

/// The folder of the book's diagrams, relative to the repository.
const DIAGRAMS: &str = "book/src/diagrams";

/// The diagram files in book/src/diagrams that no page's diagram draws or would draw.
fn orphan_drawings(root: &Path, pages: &[Page]) -> Result<Vec<PathBuf>> {
    let ids: Vec<&String> = pages.iter().flat_map(|p| &p.diagram_ids).collect();
    let Ok(entries) = std::fs::read_dir(root.join(DIAGRAMS)) else {
        return Ok(Vec::new());
    };
    let mut orphans: Vec<PathBuf> = entries
        .filter_map(|entry| entry.ok()?.file_name().into_string().ok())
        .filter(|name| !ids.iter().any(|id| diagram::belongs_to(name, id)))
        .map(|name| Path::new(DIAGRAMS).join(name))
        .collect();
    orphans.sort();
    Ok(orphans)
}

/// What is wrong with the book as a whole rather than with one page: two diagrams drawing the
/// same file, and diagram files no page draws.
fn book_problems(root: &Path, pages: &[Page]) -> Result<Vec<Problem>> {
    let mut problems = Vec::new();
    let mut seen: Vec<&PathBuf> = Vec::new();
    for page in pages {
        for (file, _) in &page.drawings {
            if seen.contains(&file) {
                let message = format!(
                    "{} is drawn by two diagrams: give them different names",
                    file.display()
                );
                problems.push(Problem::new(&page.file, 1, message, Mend::ByHand));
            }
            seen.push(file);
        }
    }
    for file in orphan_drawings(root, pages)? {
        let message = "no page draws this diagram".to_string();
        problems.push(Problem::new(&file, 1, message, Mend::Sync));
    }
    Ok(problems)
}

/// Every page of the book: SUMMARY.md, then each Markdown file in book/src.
fn pages(root: &Path) -> Result<Vec<Page>> {
    let plan = Plan::load(root)?;
    let sources = figures::sources(root)?;
    let context = Context {
        root,
        plan: &plan,
        sources: &sources,
    };
    let src = root.join(BOOK_SRC);
    let mut names: Vec<String> = std::fs::read_dir(&src)
        .with_context(|| format!("{}: cannot read", src.display()))?
        .filter_map(|entry| entry.ok()?.file_name().into_string().ok())
        .filter(|name| name.ends_with(".md") && name != "SUMMARY.md")
        .collect();
    names.sort();

    let mut pages = vec![summary_page(root, &plan)?];
    for chapter in plan.chapters.iter().filter(|c| plan.is_written(&c.number)) {
        if !names.contains(&chapter.file) {
            let file = Path::new(BOOK_SRC).join(&chapter.file);
            let message = format!(
                "chapter {} is written (stages.toml) but has no page",
                chapter.number
            );
            pages.push(missing_page(file, message));
        }
    }
    for appendix in plan.appendices.iter().filter(|a| !names.contains(&a.file)) {
        let file = Path::new(BOOK_SRC).join(&appendix.file);
        let message = format!(
            "the appendix {:?} (stages.toml) has no page",
            appendix.title
        );
        pages.push(missing_page(file, message));
    }
    for name in names {
        let file = Path::new(BOOK_SRC).join(&name);
        let actual = std::fs::read_to_string(root.join(&file))
            .with_context(|| format!("{}: cannot read", file.display()))?;
        let chapter = plan.chapters.iter().find(|c| c.file == name);
        pages.push(regenerate(&context, chapter, file, actual));
    }
    Ok(pages)
}

/// A page that should exist and does not: nothing to regenerate, one problem to report.
fn missing_page(file: PathBuf, message: String) -> Page {
    let problems = vec![Problem::new(&file, 1, message, Mend::ByHand)];
    Page {
        file,
        actual: String::new(),
        expected: String::new(),
        problems,
        drawings: Vec::new(),
        diagram_ids: Vec::new(),
    }
}

/// SUMMARY.md, which lists the introduction and then every chapter of the plan in order:
/// written chapters as links to their pages, the others as drafts, so the whole plan shows.
/// A section such as 10.1 stands under its chapter, so mdBook numbers it 10.1. The
/// appendix's pages come last.
fn summary_page(root: &Path, plan: &Plan) -> Result<Page> {
    let file = Path::new(BOOK_SRC).join("SUMMARY.md");
    let actual = std::fs::read_to_string(root.join(&file)).unwrap_or_default();
    let mut expected = String::from("# Summary\n\n[Introduction](introduction.md)\n");
    let mut milestone = "";
    for chapter in &plan.chapters {
        let is_section = chapter.number.contains('.');
        let stage = plan.stages.iter().find(|s| s.chapter == chapter.number);
        if let Some(stage) = stage.filter(|s| s.milestone != milestone) {
            milestone = &stage.milestone;
            let title = plan
                .milestones
                .iter()
                .find(|m| m.id == *milestone)
                .map_or("", |m| &m.title);
            expected.push_str(&format!("\n# Milestone {milestone}: {title}\n\n"));
        }
        let indent = if is_section { "    " } else { "" };
        let link = if plan.is_written(&chapter.number) {
            chapter.file.as_str()
        } else {
            ""
        };
        expected.push_str(&format!("{indent}- [{}]({link})\n", chapter.title));
    }
    // The appendix: unnumbered pages after a rule, which mdBook calls suffix chapters.
    if !plan.appendices.is_empty() {
        expected.push_str("\n---\n\n");
        for appendix in &plan.appendices {
            expected.push_str(&format!("[{}]({})\n", appendix.title, appendix.file));
        }
    }
    let mut problems = Vec::new();
    if actual != expected {
        let line = first_difference(&actual, &expected);
        let message = "SUMMARY.md disagrees with stages.toml about the chapters".to_string();
        problems.push(Problem::new(&file, line, message, Mend::Sync));
    }
    Ok(Page {
        file,
        actual,
        expected,
        problems,
        drawings: Vec::new(),
        diagram_ids: Vec::new(),
    })
}

/// The first line, from 1, where `a` and `b` differ.
fn first_difference(a: &str, b: &str) -> usize {
    let mut lines = a.lines().zip(b.lines());
    lines
        .position(|(x, y)| x != y)
        .unwrap_or_else(|| a.lines().count().min(b.lines().count()))
        + 1
}

/// `actual` with its heading, header line, listings and diagrams regenerated, and what
/// differed.
fn regenerate(
    context: &Context,
    chapter: Option<&crate::plan::Chapter>,
    file: PathBuf,
    actual: String,
) -> Page {
    let plan = context.plan;
    let lines: Vec<&str> = actual.lines().collect();
    let mut out: Vec<String> = Vec::new();
    let mut drawings = Vec::new();
    let mut diagram_ids = Vec::new();
    let mut problems = Vec::new();
    let mut problem = |line: usize, message: String, mend: Mend| {
        problems.push(Problem::new(&file, line, message, mend));
    };

    let mut i = 0;
    if let Some(chapter) = chapter.filter(|c| plan.is_written(&c.number)) {
        // The heading, a blank line, the header line and a blank line open every chapter.
        let heading = format!("# {}", chapter.title);
        let header = plan.header_line(chapter, &Links::Book).unwrap_or_default();
        if lines.first() != Some(&heading.as_str()) {
            let message = format!("the heading should be {heading:?}, as in stages.toml");
            problem(1, message, Mend::Sync);
        }
        let has_header = lines.get(2).is_some_and(|l| l.starts_with("*Milestone"));
        if lines.get(2) != Some(&header.as_str()) {
            let message = format!("the header line should be {header:?}, from stages.toml");
            problem(3, message, Mend::Sync);
        }
        out.extend([heading, String::new(), header, String::new()]);
        i = if has_header { 3 } else { 1 };
        while lines.get(i).is_some_and(|l| l.trim().is_empty()) {
            i += 1;
        }
    }

    while i < lines.len() {
        let line = lines[i];
        let (filled, bad_figures) = figures::fill_line(context.sources, line);
        for message in bad_figures {
            problem(i + 1, message, Mend::ByHand);
        }
        if filled != line {
            let message = "a figure differs from its pinned value".to_string();
            problem(i + 1, message, Mend::Sync);
        }
        out.push(filled);
        let Some(generated) = generated_at(context, &lines, i) else {
            i += 1;
            continue;
        };
        for (drawn, svg) in &generated.drawings {
            if std::fs::read_to_string(context.root.join(drawn))
                .ok()
                .as_ref()
                != Some(svg)
            {
                let message = format!("{} differs from {}", drawn.display(), generated.name);
                problem(i + 1, message, Mend::Sync);
            }
        }
        diagram_ids.extend(generated.drawing_id);
        drawings.extend(generated.drawings);
        let block = generated.block;
        out.extend(lines[i + 1..block.start].iter().map(|l| l.to_string()));
        match block.expected {
            Ok(expected) => {
                if lines[block.start..block.end]
                    != expected.iter().map(String::as_str).collect::<Vec<_>>()[..]
                {
                    let message = format!("the {} differs from its source", block.what);
                    problem(i + 1, message, Mend::Sync);
                }
                out.extend(expected);
            }
            Err(error) => {
                problem(i + 1, format!("{error:#}"), Mend::ByHand);
                out.extend(lines[block.start..block.end].iter().map(|l| l.to_string()));
            }
        }
        i = block.end;
    }

    let mut expected = out.join("\n");
    expected.push('\n');
    Page {
        file,
        actual,
        expected,
        problems,
        drawings,
        diagram_ids,
    }
}

/// What every kind of generated block is made from: the repository, the plan, and the pinned
/// sources of the figures.
pub struct Context<'a> {
    /// The repository's root folder.
    pub root: &'a Path,
    /// The plan, stages.toml.
    pub plan: &'a Plan,
    /// Every pinned source of figures, by name.
    pub sources: &'a BTreeMap<String, Source>,
}

/// A generated block on a page, found under the directive on line `i`: the lines it spans
/// now, and what it should hold.
pub struct Block {
    /// The index of its first line (the lines between the directive and it are kept as they are).
    pub start: usize,
    /// The index of the line after it.
    pub end: usize,
    /// What it should hold, or why that cannot be made.
    pub expected: Result<Vec<String>>,
    /// What it is, for messages: "listing of `…`", "table of …", "HTML of diagram …".
    pub what: String,
}

/// What one kind of block generates: the block, and for a picture the files it draws.
pub struct Generated {
    /// The block on the page.
    pub block: Block,
    /// What draws the files, for messages: "diagram shift-east", "plot llr sprt-stage-08".
    pub name: String,
    /// The files it draws, relative to the repository, each with its SVG.
    pub drawings: Vec<(PathBuf, String)>,
    /// The name its files are known by, drawn or not (see [`diagram::belongs_to`]); `None`
    /// for a block that draws nothing.
    pub drawing_id: Option<String>,
}

impl Generated {
    /// A block that draws no file.
    pub fn text(block: Block) -> Generated {
        Generated {
            name: block.what.clone(),
            block,
            drawings: Vec::new(),
            drawing_id: None,
        }
    }
}

/// What makes one kind of block: from the page's lines and the line `i` of its directive, with
/// the directive's argument.
type Maker = fn(&Context, &[&str], usize, &str) -> Generated;

/// Every kind of block that a directive line `<!-- NAME ARGUMENT -->` asks for, by its NAME,
/// with what makes it. Each kind lives in its own module.
const DIRECTIVES: [(&str, Maker); 5] = [
    ("table", figures::table_at),
    ("listing", listing::listing_at),
    ("stages", stage_map::map_at),
    ("transcript", transcript::transcript_at),
    ("plot", plot::plot_at),
];

/// The generated block that line `i` of a page starts, if it starts one: a directive's, or a
/// diagram's, whose comment block names it.
fn generated_at(context: &Context, lines: &[&str], i: usize) -> Option<Generated> {
    let line = lines[i];
    let directed = DIRECTIVES.iter().find_map(|(name, make)| {
        let argument = directive(line, name)?;
        Some(make(context, lines, i, argument))
    });
    directed.or_else(|| diagram::start(line).map(|id| diagram::diagram_at(context, lines, i, id)))
}

/// The text of a directive line `<!-- NAME TEXT -->`: `TEXT`, if `line` is one.
fn directive<'a>(line: &'a str, name: &str) -> Option<&'a str> {
    let inner = line
        .trim()
        .strip_prefix("<!--")?
        .strip_suffix("-->")?
        .trim();
    inner.strip_prefix(name)?.strip_prefix(' ').map(str::trim)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_repo::TestRepo;

    #[test]
    fn the_book_is_in_step_with_the_code() {
        let problems = check(&crate::repo_root()).unwrap();
        assert!(problems.is_empty(), "{problems:#?}");
    }

    #[test]
    fn a_changed_source_item_fails_the_check_at_its_listing() {
        let repo = TestRepo::copy_of_this_one();
        let problems = repo.check();
        assert!(problems.is_empty(), "{problems:#?}");
        let line = repo.line_of(
            "ch01-bitboards.md",
            "<!-- listing crates/engine/src/bitboard.rs fn Bitboard::shift -->",
        );
        repo.edit(
            "crates/engine/src/bitboard.rs",
            "Direction::North => b << 8,",
            "Direction::North => b << 8, // up",
        );

        let problems = repo.check();
        assert_eq!(problems.len(), 1, "{problems:#?}");
        assert_eq!(problems[0].file, Path::new("book/src/ch01-bitboards.md"));
        assert_eq!(problems[0].line, line);
        assert!(
            problems[0]
                .message
                .contains("fn Bitboard::shift` differs from its source")
        );

        let (changed, unmended) = sync(repo.root()).unwrap();
        assert_eq!(changed, [Path::new("book/src/ch01-bitboards.md")]);
        assert!(unmended.is_empty());
        assert!(repo.check().is_empty());
    }

    #[test]
    fn a_listing_of_a_missing_item_fails_the_check_and_is_not_mended() {
        let repo = TestRepo::copy_of_this_one();
        repo.edit(
            "book/src/ch01-bitboards.md",
            "fn Bitboard::shift -->",
            "fn Bitboard::slide -->",
        );
        let problems = repo.check();
        assert_eq!(problems.len(), 1, "{problems:#?}");
        assert!(
            problems[0].message.contains("has no fn Bitboard::slide"),
            "{}",
            problems[0]
        );
        let (_, unmended) = sync(repo.root()).unwrap();
        assert_eq!(unmended.len(), 1);
    }

    #[test]
    fn a_listing_of_a_missing_file_fails_the_check() {
        let repo = TestRepo::copy_of_this_one();
        repo.edit(
            "book/src/ch01-bitboards.md",
            "src/bitboard.rs fn Bitboard::shift",
            "src/bitbord.rs fn Bitboard::shift",
        );
        let problems = repo.check();
        assert_eq!(problems.len(), 1, "{problems:#?}");
        assert!(
            problems[0]
                .message
                .contains("cannot read crates/engine/src/bitbord.rs")
        );
    }

    #[test]
    fn an_emptied_listing_fails_the_check() {
        let repo = TestRepo::copy_of_this_one();
        let page = repo.read("book/src/ch01-bitboards.md");
        let directive = "<!-- listing crates/engine/src/bitboard.rs fn Bitboard::shift -->\n";
        let start = page.find(directive).unwrap() + directive.len();
        let fence = page[start..].find("```rust\n").unwrap() + start + "```rust\n".len();
        let close = page[fence..].find("```\n").unwrap() + fence;
        repo.write(
            "book/src/ch01-bitboards.md",
            &format!("{}{}", &page[..fence], &page[close..]),
        );
        let problems = repo.check();
        assert_eq!(problems.len(), 1, "{problems:#?}");
        assert!(problems[0].message.contains("differs from its source"));
    }

    #[test]
    fn a_wrong_header_line_fails_the_check() {
        let repo = TestRepo::copy_of_this_one();
        repo.edit(
            "book/src/ch01-bitboards.md",
            "*Milestone M1, stage 1",
            "*Milestone M2, stage 1",
        );
        let problems = repo.check();
        assert_eq!(problems.len(), 1, "{problems:#?}");
        assert_eq!(problems[0].line, 3);
        assert!(problems[0].message.contains("header line"));
    }

    #[test]
    fn a_header_line_that_disagrees_with_a_changed_plan_fails_the_check() {
        let repo = TestRepo::copy_of_this_one();
        let code = "code = [\"crates/engine/src/square.rs\", ";
        repo.edit("stages.toml", code, "code = [");
        let problems = repo.check();
        assert_eq!(problems.len(), 1, "{problems:#?}");
        assert!(problems[0].message.contains("header line"));
    }

    #[test]
    fn a_summary_that_disagrees_with_the_plan_fails_the_check() {
        let repo = TestRepo::copy_of_this_one();
        repo.edit(
            "book/src/SUMMARY.md",
            "[Introduction](introduction.md)",
            "[Intro](introduction.md)",
        );
        let problems = repo.check();
        assert_eq!(problems.len(), 1, "{problems:#?}");
        assert!(problems[0].file.ends_with("SUMMARY.md"));
        sync(repo.root()).unwrap();
        assert!(repo.check().is_empty());
    }

    #[test]
    fn the_summary_lists_the_appendix_after_the_chapters_and_each_page_must_exist() {
        let repo = TestRepo::copy_of_this_one();
        let plan = std::fs::read_to_string(repo.root().join("stages.toml")).unwrap();
        let extra = "\n[[appendix]]\ntitle = \"More\"\nfile = \"more.md\"\n";
        std::fs::write(repo.root().join("stages.toml"), plan + extra).unwrap();
        let problems = repo.check();
        assert!(
            problems
                .iter()
                .any(|p| p.message.contains("\"More\" (stages.toml) has no page"))
        );
        assert!(problems.iter().any(|p| p.file.ends_with("SUMMARY.md")));
        std::fs::write(repo.root().join("book/src/more.md"), "# More\n").unwrap();
        sync(repo.root()).unwrap();
        assert!(repo.check().is_empty(), "{:#?}", repo.check());
        let summary = repo.read("book/src/SUMMARY.md");
        let after_rule = summary.split("\n---\n\n").nth(1).unwrap();
        assert!(
            after_rule.starts_with("[How cb2026 measures itself](measuring.md)\n"),
            "{after_rule}"
        );
        assert!(after_rule.ends_with("[More](more.md)\n"), "{after_rule}");
    }

    #[test]
    fn a_written_chapter_without_a_page_fails_the_check() {
        let repo = TestRepo::copy_of_this_one();
        std::fs::remove_file(repo.root().join("book/src/ch01-bitboards.md")).unwrap();
        let problems = repo.check();
        assert!(
            problems.iter().any(|p| p.message.contains("has no page")),
            "{problems:#?}"
        );
    }

    #[test]
    fn a_changed_diagram_source_fails_the_check_until_it_is_redrawn() {
        let repo = TestRepo::copy_of_this_one();
        let line = repo.line_of("ch01-bitboards.md", "<!-- diagram shift-east");
        repo.edit(
            "book/src/ch01-bitboards.md",
            "squares=\"g2 h2 h5\"",
            "squares=\"g2 h2 h6\"",
        );
        let problems = repo.check();
        assert!(!problems.is_empty());
        for problem in &problems {
            assert_eq!(problem.line, line, "{problem}");
            assert!(problem.message.contains("diagram shift-east"), "{problem}");
        }
        assert!(
            problems
                .iter()
                .any(|p| p.message.contains("shift-east-1.svg differs"))
        );
        let (changed, unmended) = sync(repo.root()).unwrap();
        assert!(changed.contains(&PathBuf::from("book/src/diagrams/shift-east-1.svg")));
        assert!(unmended.is_empty());
        assert!(repo.check().is_empty());
    }

    #[test]
    fn an_invalid_fen_in_a_diagram_fails_the_check_at_its_line() {
        let repo = TestRepo::copy_of_this_one();
        let line = repo.line_of("ch01-bitboards.md", "<!-- diagram knight-b1");
        repo.edit(
            "book/src/ch01-bitboards.md",
            "fen=\"8/8/8/8/8/8/8/1N6 w",
            "fen=\"8/8/8/8/8/8/8/1N5 w",
        );
        let problems = repo.check();
        assert_eq!(problems.len(), 1, "{problems:#?}");
        assert_eq!(problems[0].file, Path::new("book/src/ch01-bitboards.md"));
        assert_eq!(problems[0].line, line);
        assert!(
            problems[0].message.contains("covers 7 squares, not 8"),
            "{}",
            problems[0]
        );
        let (_, unmended) = sync(repo.root()).unwrap();
        assert_eq!(unmended.len(), 1, "an invalid FEN needs a person");
    }

    #[test]
    fn an_invalid_square_in_a_diagram_fails_the_check() {
        let repo = TestRepo::copy_of_this_one();
        repo.edit(
            "book/src/ch01-bitboards.md",
            "arrows=\"b1a3 b1c3 b1d2\"",
            "arrows=\"b1a3 b1c3 b1d9\"",
        );
        let problems = repo.check();
        assert_eq!(problems.len(), 1, "{problems:#?}");
        assert!(
            problems[0].message.contains("'9' is not a rank"),
            "{}",
            problems[0]
        );
    }

    #[test]
    fn a_hand_edited_diagram_file_fails_the_check() {
        let repo = TestRepo::copy_of_this_one();
        let svg = repo.read("book/src/diagrams/knight-b1.svg");
        repo.write(
            "book/src/diagrams/knight-b1.svg",
            &svg.replace("#b58863", "#000000"),
        );
        let problems = repo.check();
        assert_eq!(problems.len(), 1, "{problems:#?}");
        assert!(
            problems[0]
                .message
                .contains("knight-b1.svg differs from diagram knight-b1")
        );
    }

    #[test]
    fn a_diagram_file_no_page_draws_fails_the_check_and_sync_removes_it() {
        let repo = TestRepo::copy_of_this_one();
        repo.write("book/src/diagrams/old.svg", "<svg/>");
        let problems = repo.check();
        assert_eq!(problems.len(), 1, "{problems:#?}");
        assert_eq!(problems[0].file, Path::new("book/src/diagrams/old.svg"));
        sync(repo.root()).unwrap();
        assert!(!repo.root().join("book/src/diagrams/old.svg").exists());
        assert!(repo.check().is_empty());
    }

    #[test]
    fn a_figure_that_differs_from_its_pinned_value_fails_the_check() {
        let repo = TestRepo::copy_of_this_one();
        repo.edit(
            "book/src/ch05-perft.md",
            "startpos 6 / nodes\">119,060,324<",
            "startpos 6 / nodes\">119,060,325<",
        );
        let problems = repo.check();
        assert_eq!(problems.len(), 1, "{problems:#?}");
        assert!(
            problems[0]
                .message
                .contains("a figure differs from its pinned value")
        );
        sync(repo.root()).unwrap();
        assert!(repo.check().is_empty());
    }

    #[test]
    fn a_figure_naming_a_missing_row_fails_the_check() {
        let repo = TestRepo::copy_of_this_one();
        repo.edit(
            "book/src/ch05-perft.md",
            "perft_deep: startpos 6 / nodes",
            "perft_deep: startpos 9 / nodes",
        );
        let problems = repo.check();
        assert_eq!(problems.len(), 1, "{problems:#?}");
        assert!(
            problems[0]
                .message
                .contains("no row starting \"startpos 9\""),
            "{}",
            problems[0]
        );
    }

    #[test]
    fn a_game_record_whose_pairs_change_fails_the_check_where_the_book_quotes_it() {
        let repo = TestRepo::copy_of_this_one();
        let record = "book/data/games/match-random-stockfish-1350.toml";
        repo.edit(record, "\"10 0 0 mate mate\"", "\"10 1 0 mate mate\"");
        let problems = repo.check();
        assert!(!problems.is_empty());
        // The chapter's sentences, and the introduction's map and Elo plot, which draw on the
        // record too.
        assert!(
            problems.iter().all(|p| {
                p.message.contains("a figure differs from its pinned value")
                    || p.message.contains("the map of the stages differs")
                    || p.message.contains("plot elo fixed-opponents")
            }),
            "{problems:#?}"
        );
    }

    #[test]
    fn a_pinned_value_that_changes_fails_the_check_where_the_book_quotes_it() {
        let repo = TestRepo::copy_of_this_one();
        let snapshot = "crates/engine/tests/snapshots/perft__perft_deep.snap";
        repo.edit(snapshot, "kiwipete 5 193690690", "kiwipete 5 193690691");
        let problems = repo.check();
        let lines: Vec<usize> = problems.iter().map(|p| p.line).collect();
        assert_eq!(
            problems.len(),
            2,
            "the sentence and the table: {problems:#?}"
        );
        assert!(
            problems
                .iter()
                .any(|p| p.message.contains("the table of perft_deep differs")),
            "{lines:?}"
        );
    }

    #[test]
    fn a_transcript_whose_pinned_session_changes_fails_the_check_until_synced() {
        let repo = TestRepo::copy_of_this_one();
        let line = repo.line_of("ch05-perft.md", "<!-- transcript perft-divide -->");
        let snapshot = "crates/engine/tests/transcripts/perft-divide.snap";
        repo.edit(snapshot, "Nodes searched: 8902", "Nodes searched: 8903");
        let problems = repo.check();
        assert_eq!(problems.len(), 1, "{problems:#?}");
        assert_eq!(problems[0].line, line);
        assert!(
            problems[0]
                .message
                .contains("transcript perft-divide differs from its source"),
            "{}",
            problems[0]
        );
        sync(repo.root()).unwrap();
        assert!(repo.check().is_empty());
        assert!(
            repo.read("book/src/ch05-perft.md")
                .contains("Nodes searched: 8903")
        );
    }

    #[test]
    fn directives_are_recognised_only_whole() {
        assert_eq!(
            directive("<!-- listing a.rs fn f -->", "listing"),
            Some("a.rs fn f")
        );
        assert_eq!(directive("<!-- listings a.rs fn f -->", "listing"), None);
        assert_eq!(
            directive("text <!-- listing a.rs fn f -->", "listing"),
            None
        );
    }
}
