//! `cargo xtask book`: builds the book with mdBook and checks its links, installing the
//! pinned versions of both tools into the project's own folder when they are missing.
//! `--stage N` builds the book as it stood at a stage's tag instead.

use crate::plan::tag_name;
use crate::revision::Worktree;
use crate::tools::{self, LINKCHECK, MDBOOK, MDBOOK_SERVE, Tool};
use crate::{repo_root, run};
use anyhow::{Result, bail};
use std::path::Path;
use std::process::Command;

/// `cargo xtask book [--serve | --stage N]`.
#[derive(Debug, clap::Args)]
#[command(args_override_self = true)]
pub struct BookArgs {
    /// Serve the book on http://127.0.0.1:3000, rebuilding it as pages change.
    #[arg(long, conflicts_with = "stage")]
    serve: bool,
    /// Build the book as it was at stage-NN, in target/book-stages/stage-NN.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=20))]
    stage: Option<u32>,
}

/// Runs `cargo xtask book [--serve | --stage N]`.
pub fn main(args: &BookArgs) -> Result<()> {
    let root = repo_root();
    match (args.serve, args.stage) {
        (true, _) => serve(&root),
        (false, Some(number)) => build_stage(&root, number),
        (false, None) => {
            build(&root)?;
            let index = root.join("book/build/html/index.html");
            println!("the book is built: open {}", index.display());
            Ok(())
        }
    }
}

/// Builds the book into book/build: the HTML into book/build/html, and the link check, which
/// fails the build on a broken link.
pub fn build(root: &Path) -> Result<()> {
    run(mdbook(root, &MDBOOK)?.arg("build").arg(root.join("book")))
}

/// Builds the book as it stood at the tag of stage `number`, for a reader following along:
/// the tag is checked out in a worktree of its own, `target/book-stages/stage-NN`, so its
/// code is there to read beside it, and its book is built there with this checkout's tools.
fn build_stage(root: &Path, number: u32) -> Result<()> {
    let tag = tag_name(number);
    let exists = Command::new("git")
        .current_dir(root)
        .args(["rev-parse", "--quiet", "--verify"])
        .arg(format!("refs/tags/{tag}"))
        .stdout(std::process::Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    if !exists {
        bail!(
            "there is no tag {tag} here: `cargo xtask stages list` shows the tags, and \
             `cargo xtask stages tag` makes the missing ones from the `Stage: N` trailers"
        );
    }
    let worktree = root.join("target/book-stages").join(&tag);
    // A worktree left by an earlier run is replaced, so the book is always the tag's own; this
    // one is kept, for the reader to read the tag's code in.
    let worktree = Worktree::check_out(root, &worktree, &tag)?.keep();
    run(mdbook(root, &MDBOOK)?
        .arg("build")
        .arg(worktree.join("book")))?;
    let index = worktree.join("book/build/html/index.html");
    println!(
        "the book at {tag} is built: open {} (the code of {tag} is beside it, in {})",
        index.display(),
        worktree.display()
    );
    Ok(())
}

/// Serves the book on localhost, rebuilding it when a page changes.
fn serve(root: &Path) -> Result<()> {
    let mut mdbook = mdbook(root, &MDBOOK_SERVE)?;
    println!("serving the book on http://127.0.0.1:3000 (Ctrl-C stops)");
    run(mdbook
        .args(["serve", "--hostname", "127.0.0.1", "--port", "3000"])
        .arg(root.join("book")))
}

/// A command running `mdbook`, one of the two builds of mdBook, with the link checker on its
/// PATH so mdBook finds it as the `linkcheck2` backend; both are installed first if missing.
fn mdbook(root: &Path, mdbook: &Tool) -> Result<Command> {
    tools::install(root, &[mdbook, &LINKCHECK])?;
    let bin = LINKCHECK.bin_folder(root);
    let path = std::env::var_os("PATH").unwrap_or_default();
    let paths = std::iter::once(bin).chain(std::env::split_paths(&path));
    let mut command = Command::new(mdbook.binary(root));
    command.env("PATH", std::env::join_paths(paths).unwrap_or(path));
    Ok(command)
}
