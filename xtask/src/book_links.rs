//! `cargo xtask book-links`: the preprocessor mdBook runs as it builds the book, which points
//! the links to stage tags and source files at where the book is built, and fills in the page
//! of tags.
//!
//! The pages themselves name no address: a tag links to its row of the book's page of tags
//! ([`TAGS_PAGE`]), so `check-chapters` reads the same pages wherever it runs. When the book
//! is built for a repository whose address is known (the publishing workflow sets
//! [`REPOSITORY_VARIABLE`] to the repository it runs in), every tag links to its tree there
//! and every header line's files to their source on main, whose code the listings show.
//! Either way the page of tags gets its table here, with each tag's commit from the history
//! the book is built from: a commit cannot name itself, so the page of the last stage could
//! not be written by hand.
//!
//! mdBook's protocol: `book-links supports RENDERER` answers whether the preprocessor runs for
//! a renderer (it runs for all, the link checker included); `book-links` alone reads
//! `[context, book]` as JSON on standard input and writes the book back on standard output.

use crate::plan::{Links, Plan, TAGS_PAGE, tag_name};
use crate::{repo_root, run_output};
use anyhow::{Context, Result, bail};
use serde_json::Value;
use std::collections::BTreeMap;
use std::io::Read;
use std::path::Path;
use std::process::Command;

/// The environment variable that gives the address of the repository the book links to,
/// such as `https://github.com/owner/name`. Unset, the book links to its own page of tags.
pub const REPOSITORY_VARIABLE: &str = "CB2026_REPOSITORY";

/// The line of the page of tags that the table of tags replaces as the book is built.
pub const TAGS_MARKER: &str = "<!-- the table of tags: filled in as the book is built -->";

/// `cargo xtask book-links [supports RENDERER]`.
#[derive(Debug, clap::Args)]
pub struct BookLinksArgs {
    /// mdBook's question; with none, the book is read on standard input.
    #[command(subcommand)]
    question: Option<Question>,
}

/// What mdBook asks a preprocessor before it runs it.
#[derive(Debug, clap::Subcommand)]
enum Question {
    /// Whether the preprocessor runs for RENDERER: it does for every one.
    Supports {
        /// The renderer's name, such as `html`.
        renderer: String,
    },
}

/// Runs `cargo xtask book-links`.
pub fn main(args: &BookLinksArgs) -> Result<()> {
    if let Some(Question::Supports { .. }) = args.question {
        return Ok(());
    }
    let mut input = String::new();
    std::io::stdin()
        .read_to_string(&mut input)
        .context("cannot read the book from standard input")?;
    let root = repo_root();
    let plan = Plan::load(&root)?;
    let links = links_from(std::env::var(REPOSITORY_VARIABLE).ok())?;
    let commits = tag_commits(&root, &plan)?;
    print!("{}", preprocess(&input, &plan, &links, &commits)?);
    Ok(())
}

/// Where the links point, given the value of [`REPOSITORY_VARIABLE`], if it is set.
pub fn links_from(address: Option<String>) -> Result<Links> {
    let Some(address) = address.filter(|a| !a.trim().is_empty()) else {
        return Ok(Links::Book);
    };
    let address = address.trim().trim_end_matches('/');
    let scheme_ok = address.starts_with("https://") || address.starts_with("http://");
    if !scheme_ok || address.contains(char::is_whitespace) {
        bail!(
            "{REPOSITORY_VARIABLE}={address:?} is not a repository's web address, such as \
             https://github.com/owner/name; unset it to link the book's own page of tags"
        );
    }
    Ok(Links::Repository(address.to_string()))
}

/// The commit each done stage's tag names in the history at `root`: the tag's own, or, where
/// the tag is not made yet, the commit with the stage's `Stage: N` trailer, which
/// `cargo xtask stages tag` will tag. `None` where neither is in this clone's history.
fn tag_commits(root: &Path, plan: &Plan) -> Result<BTreeMap<u32, Option<String>>> {
    let trailers = crate::stages::trailers(root)?;
    let mut commits = BTreeMap::new();
    for stage in plan.stages.iter().filter(|s| s.done) {
        let tagged = run_output(Command::new("git").current_dir(root).args([
            "rev-parse",
            "--quiet",
            "--verify",
            &format!("refs/tags/{}^{{commit}}", tag_name(stage.number)),
        ]))
        .ok()
        .map(|commit| commit.trim().to_string());
        let trailer = trailers
            .get(&stage.number)
            .map(|(commit, _)| commit.clone());
        commits.insert(stage.number, tagged.or(trailer));
    }
    Ok(commits)
}

/// The book mdBook sent (`[context, book]` as JSON), with its links pointed as `links` says
/// and its page of tags filled in, as JSON.
fn preprocess(
    input: &str,
    plan: &Plan,
    links: &Links,
    commits: &BTreeMap<u32, Option<String>>,
) -> Result<String> {
    let (_context, mut book): (Value, Value) =
        serde_json::from_str(input).context("mdBook's input is not [context, book] as JSON")?;
    let mut result = Ok(());
    let mut tags_page_seen = false;
    for_each_page(&mut book, &mut |path, content| {
        tags_page_seen |= path == TAGS_PAGE;
        match rewrite_page(plan, links, commits, path, content) {
            Ok(text) => *content = text,
            Err(e) if result.is_ok() => result = Err(e),
            Err(_) => {}
        }
    });
    result?;
    if !tags_page_seen {
        bail!(
            "the book has no page {TAGS_PAGE}, to which the tags link: SUMMARY.md should list it"
        );
    }
    serde_json::to_string(&book).context("cannot write the book as JSON")
}

/// Calls `visit` with the path and the text of every page of mdBook's `book`, however deep:
/// a page is any object with a string `path` and a string `content`.
fn for_each_page(value: &mut Value, visit: &mut dyn FnMut(&str, &mut String)) {
    match value {
        Value::Object(map) => {
            let path = map.get("path").and_then(Value::as_str).map(str::to_string);
            if let (Some(path), Some(Value::String(content))) = (path, map.get_mut("content")) {
                visit(&path, content);
            }
            for child in map.values_mut() {
                for_each_page(child, visit);
            }
        }
        Value::Array(items) => {
            for item in items {
                for_each_page(item, visit);
            }
        }
        _ => {}
    }
}

/// Page `path`'s text `content` as the built book shows it: for a repository, its header
/// line's files linked and every link to the page of tags sent to the tag's tree instead;
/// and, for the page of tags, its table in place of [`TAGS_MARKER`].
fn rewrite_page(
    plan: &Plan,
    links: &Links,
    commits: &BTreeMap<u32, Option<String>>,
    path: &str,
    content: &str,
) -> Result<String> {
    let mut text = content.to_string();
    if let Links::Repository(address) = links {
        if let Some(chapter) = plan.chapters.iter().find(|c| c.file == path) {
            let header = plan.header_line(chapter, &Links::Book);
            let linked = plan.header_line(chapter, links);
            if let (Some(header), Some(linked)) = (header, linked) {
                text = text.replacen(&header, &linked, 1);
            }
        }
        text = text.replace(&format!("]({TAGS_PAGE}#"), &format!("]({address}/tree/"));
    }
    if path == TAGS_PAGE {
        if !text.contains(TAGS_MARKER) {
            bail!("book/src/{TAGS_PAGE} has lost the line {TAGS_MARKER:?}, where its table goes");
        }
        text = text.replacen(TAGS_MARKER, &tags_table(plan, links, commits).join("\n"), 1);
    }
    Ok(text)
}

/// The table of the page of tags: a row for each stage, with its chapter, its tag's commit
/// and the command that checks the tag out. Each row is the target of the links to
/// its tag (`tags.md#stage-NN`).
fn tags_table(plan: &Plan, links: &Links, commits: &BTreeMap<u32, Option<String>>) -> Vec<String> {
    let mut lines = vec![
        "| stage | chapter | commit | to check it out |".to_string(),
        "| --- | --- | --- | --- |".to_string(),
    ];
    for stage in &plan.stages {
        let tag = tag_name(stage.number);
        let chapter = match plan.chapter(&stage.chapter) {
            Some(chapter) if plan.is_written(&chapter.number) => {
                format!("[{}]({})", chapter.number, chapter.file)
            }
            _ => stage.chapter.clone(),
        };
        let (commit, command) = match commits.get(&stage.number) {
            None => ("not yet".to_string(), "—".to_string()),
            Some(commit) => {
                let short = |commit: &str| commit.get(..12).unwrap_or(commit).to_string();
                let commit = match (commit, links) {
                    (None, _) => "not in this clone's history".to_string(),
                    (Some(commit), Links::Book) => format!("`{}`", short(commit)),
                    (Some(commit), Links::Repository(address)) => {
                        format!("[`{}`]({address}/commit/{commit})", short(commit))
                    }
                };
                (commit, format!("`git checkout {tag}`"))
            }
        };
        lines.push(format!(
            "| <a id=\"{tag}\"></a>{}: {} | {chapter} | {commit} | {command} |",
            stage.number, stage.title
        ));
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The repository's own plan.
    fn plan() -> Plan {
        Plan::load(&repo_root()).expect("stages.toml loads")
    }

    /// The made-up commit of stage `number`: 40 hex digits, its number first.
    fn commit(number: u32) -> String {
        format!("{number:02}{}", "a".repeat(38))
    }

    /// Every done stage at its made-up commit, stage 2's missing from history.
    fn commits(plan: &Plan) -> BTreeMap<u32, Option<String>> {
        let done = plan.stages.iter().filter(|s| s.done);
        done.map(|s| (s.number, (s.number != 2).then(|| commit(s.number))))
            .collect()
    }

    /// mdBook's input for a book of chapter 1's page, as written, and the page of tags.
    fn input(plan: &Plan) -> String {
        let header = plan
            .header_line(plan.chapter("1").unwrap(), &Links::Book)
            .unwrap();
        let chapter = format!("# Bitboards\n\n{header}\n\nSee [`stage-01`](tags.md#stage-01).\n");
        let tags = format!("# The stage tags\n\n{TAGS_MARKER}\n");
        let page = |path: &str, content: &str| {
            serde_json::json!({"Chapter": {"name": path, "content": content, "path": path,
                               "sub_items": []}})
        };
        let book = serde_json::json!({"items": [page("ch01-bitboards.md", &chapter),
                                                 page(TAGS_PAGE, &tags)]});
        serde_json::json!([{"root": "/book", "renderer": "html"}, book]).to_string()
    }

    /// The text of page `path` in the preprocessor's output.
    fn page(output: &str, path: &str) -> String {
        let mut book: Value = serde_json::from_str(output).unwrap();
        let mut found = String::new();
        for_each_page(&mut book, &mut |p, content| {
            if p == path {
                found = content.clone();
            }
        });
        found
    }

    #[test]
    fn built_from_a_clone_the_tags_link_to_the_page_of_tags_which_lists_their_commits() {
        let plan = plan();
        let output = preprocess(&input(&plan), &plan, &Links::Book, &commits(&plan)).unwrap();
        let chapter = page(&output, "ch01-bitboards.md");
        assert!(chapter.contains("(tags.md#stage-01)"), "{chapter}");
        assert!(!chapter.contains("https://"), "{chapter}");
        let tags = page(&output, TAGS_PAGE);
        assert!(!tags.contains(TAGS_MARKER));
        let row = |n: u32| {
            let anchor = format!("<a id=\"{}\"></a>", tag_name(n));
            tags.lines()
                .find(|l| l.contains(&anchor))
                .unwrap()
                .to_string()
        };
        assert!(
            row(1).contains(&format!("`{}`", &commit(1)[..12])),
            "{}",
            row(1)
        );
        assert!(row(1).contains("`git checkout stage-01`"), "{}", row(1));
        assert!(row(2).contains("not in this clone's history"), "{}", row(2));
        assert_eq!(tags.lines().filter(|l| l.contains("<a id=")).count(), 20);
    }

    #[test]
    fn built_for_a_repository_every_tag_and_header_file_links_there() {
        let plan = plan();
        let links = links_from(Some("https://git.example/owner/cb/".into())).unwrap();
        let output = preprocess(&input(&plan), &plan, &links, &commits(&plan)).unwrap();
        let chapter = page(&output, "ch01-bitboards.md");
        assert!(!chapter.contains("tags.md#"), "{chapter}");
        assert!(
            chapter.contains("(https://git.example/owner/cb/tree/stage-01)"),
            "{chapter}"
        );
        assert!(
            chapter.contains("/blob/main/crates/engine/src/bitboard.rs)"),
            "{chapter}"
        );
        let tags = page(&output, TAGS_PAGE);
        let link = format!("/commit/{})", commit(1));
        assert!(tags.contains(&link), "{tags}");
    }

    #[test]
    fn an_address_that_is_not_a_web_address_is_refused_and_none_means_the_book() {
        assert_eq!(links_from(None).unwrap(), Links::Book);
        assert_eq!(links_from(Some(" ".into())).unwrap(), Links::Book);
        let refused = format!(
            "{:#}",
            links_from(Some("git@github.com:owner/cb.git".into())).unwrap_err()
        );
        assert!(refused.contains(REPOSITORY_VARIABLE), "{refused}");
    }

    #[test]
    fn a_page_of_tags_without_its_marker_or_a_book_without_the_page_is_refused() {
        let plan = plan();
        let lost = input(&plan).replace(TAGS_MARKER, "");
        let error = format!(
            "{:#}",
            preprocess(&lost, &plan, &Links::Book, &commits(&plan)).unwrap_err()
        );
        assert!(error.contains("has lost the line"), "{error}");
        let missing = input(&plan).replace(TAGS_PAGE, "other.md");
        let error = format!(
            "{:#}",
            preprocess(&missing, &plan, &Links::Book, &commits(&plan)).unwrap_err()
        );
        assert!(error.contains("SUMMARY.md should list it"), "{error}");
    }

    #[test]
    fn the_page_of_tags_in_the_book_holds_the_marker() {
        let page = std::fs::read_to_string(repo_root().join("book/src").join(TAGS_PAGE)).unwrap();
        assert!(page.contains(TAGS_MARKER));
    }
}
