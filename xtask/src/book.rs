//! `cargo xtask book`: builds the book with mdBook and checks its links, installing the
//! pinned versions of both tools into the project's own folder when they are missing.
//! `--stage N` builds the book as it stood at a stage's tag instead.

use crate::plan::tag_name;
use crate::{repo_root, run, run_output};
use std::path::{Path, PathBuf};
use std::process::Command;

/// The tools the book is built with, at the versions it is built with: (crate, version).
/// mdbook-linkcheck2 is a fork of mdbook-linkcheck, whose 0.7.7 cannot read mdBook 0.5's
/// render context.
const TOOLS: [(&str, &str); 2] = [("mdbook", "0.5.4"), ("mdbook-linkcheck2", "0.13.0")];

/// Where the tools are installed: inside `target`, so a clean clone starts without them and
/// `cargo clean` removes them, and nothing is installed outside the project.
pub fn tools_root(root: &Path) -> PathBuf {
    root.join("target/tools")
}

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
pub fn main(args: &BookArgs) -> Result<(), String> {
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
pub fn build(root: &Path) -> Result<(), String> {
    install_tools(root)?;
    run(mdbook(root).arg("build").arg(root.join("book")))
}

/// Builds the book as it stood at the tag of stage `number`, for a reader following along:
/// the tag is checked out in a worktree of its own, `target/book-stages/stage-NN`, so its
/// code is there to read beside it, and its book is built there with this checkout's tools.
fn build_stage(root: &Path, number: u32) -> Result<(), String> {
    let tag = tag_name(number);
    let exists = Command::new("git")
        .current_dir(root)
        .args(["rev-parse", "--quiet", "--verify"])
        .arg(format!("refs/tags/{tag}"))
        .stdout(std::process::Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    if !exists {
        return Err(format!(
            "there is no tag {tag} here: `cargo xtask stages list` shows the tags, and \
             `cargo xtask stages tag` makes the missing ones from the `Stage: N` trailers"
        ));
    }
    let worktree = root.join("target/book-stages").join(&tag);
    // A worktree left by an earlier run is replaced, so the book is always the tag's own.
    crate::fresh_worktree(root, &worktree, &tag)?;
    install_tools(root)?;
    run(mdbook(root).arg("build").arg(worktree.join("book")))?;
    let index = worktree.join("book/build/html/index.html");
    println!(
        "the book at {tag} is built: open {} (the code of {tag} is beside it, in {})",
        index.display(),
        worktree.display()
    );
    Ok(())
}

/// Serves the book on localhost, rebuilding it when a page changes.
fn serve(root: &Path) -> Result<(), String> {
    install_tools(root)?;
    println!("serving the book on http://127.0.0.1:3000 (Ctrl-C stops)");
    run(mdbook(root)
        .args(["serve", "--hostname", "127.0.0.1", "--port", "3000"])
        .arg(root.join("book")))
}

/// A command running the installed mdbook, with the installed link checker on its PATH so
/// mdbook finds it as the `linkcheck2` backend.
fn mdbook(root: &Path) -> Command {
    let bin = tools_root(root).join("bin");
    let path = std::env::var_os("PATH").unwrap_or_default();
    let paths = std::iter::once(bin.clone()).chain(std::env::split_paths(&path));
    let mut command = Command::new(bin.join("mdbook"));
    command.env("PATH", std::env::join_paths(paths).unwrap_or(path));
    command
}

/// Installs each tool at its pinned version, unless that version is already installed.
fn install_tools(root: &Path) -> Result<(), String> {
    let tools = tools_root(root);
    for (name, version) in TOOLS {
        let installed = run_output(Command::new(tools.join("bin").join(name)).arg("--version"));
        if installed.is_ok_and(|v| {
            v.split_whitespace()
                .any(|w| w.trim_start_matches('v') == version)
        }) {
            continue;
        }
        println!(
            "installing {name} {version} into {} (once; it takes a few minutes)",
            tools.display()
        );
        run(Command::new("cargo")
            .args(["install", "--locked", "--quiet", "--root"])
            .arg(&tools)
            .arg(format!("{name}@{version}")))?;
    }
    Ok(())
}
