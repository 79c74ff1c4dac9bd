//! A git revision of the project, checked out and built: the one way every tool that runs or
//! tests an earlier state of the project gets it. The match runner and the suites build a
//! revision's engine, the speed and instruction tools build one with their own linker,
//! `stages verify` tests each tag, and `book --stage` builds a tag's book; each checks the
//! revision out in a worktree of its own with [`Worktree`], and builds the engine with
//! [`ENGINE_BUILD`].

use crate::{run, run_output};
use anyhow::{Result, anyhow};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// The arguments to `cargo` that build the engine's release binary and nothing else: how every
/// tool that runs the engine builds it, from the working tree or a worktree.
pub const ENGINE_BUILD: [&str; 6] = [
    "build",
    "--release",
    "--package",
    "cb2026",
    "--bin",
    "cb2026",
];

/// Where [`ENGINE_BUILD`] leaves the engine's binary, in the build folder `target`.
pub fn engine_binary(target: &Path) -> PathBuf {
    target.join("release/cb2026")
}

/// The full commit that `revision` (a branch, a tag, `HEAD~2`, an abbreviated commit) names in
/// the repository at `root`, or an error that names the revision.
pub fn commit_of(root: &Path, revision: &str) -> Result<String> {
    let named = format!("{revision}^{{commit}}");
    run_output(git(root).args(["rev-parse", "--verify", "--quiet", &named]))
        .map(|commit| commit.trim().to_string())
        .map_err(|_| anyhow!("{revision:?} is not a git revision of this repository"))
}

/// A revision checked out, detached, in a folder of its own. The folder is removed with the
/// worktree when the value is dropped, whether the work in it succeeded or not, so a failed
/// build leaves no worktree behind for git to trip over; unless it is [`Worktree::keep`]t.
pub struct Worktree {
    /// The repository the worktree belongs to.
    root: PathBuf,
    /// The folder the revision is checked out in.
    path: PathBuf,
    /// Whether the worktree stays when the value is dropped.
    kept: bool,
}

impl Worktree {
    /// Checks `revision` of the repository at `root` out at `path`, first removing a worktree
    /// an earlier, interrupted run may have left there.
    pub fn check_out(root: &Path, path: &Path, revision: &str) -> Result<Worktree> {
        remove(root, path);
        run(git(root)
            .args(["worktree", "add", "--detach", "--quiet"])
            .arg(path)
            .arg(revision))?;
        Ok(Worktree {
            root: root.to_path_buf(),
            path: path.to_path_buf(),
            kept: false,
        })
    }

    /// Leaves the worktree in place, for a reader to look at, and gives its folder.
    pub fn keep(mut self) -> PathBuf {
        self.kept = true;
        self.path.clone()
    }

    /// `program` with `args`, run in the worktree with cargo's builds in `target`, a folder
    /// outside it that later builds can share: `cargo`, or a command that runs it (`nice`).
    pub fn command(&self, target: &Path, program: &str, args: &[&str]) -> Command {
        let mut command = Command::new(program);
        command
            .current_dir(&self.path)
            .env("CARGO_TARGET_DIR", target)
            .args(args);
        command
    }

    /// `cargo` with `args`, run as [`Worktree::command`] runs it.
    pub fn cargo(&self, target: &Path, args: &[&str]) -> Command {
        self.command(target, "cargo", args)
    }
}

impl Drop for Worktree {
    /// Removes the worktree, unless it is kept; a removal that fails is said, not hidden, since
    /// git then still lists the folder.
    fn drop(&mut self) {
        if !self.kept && !remove(&self.root, &self.path) {
            eprintln!(
                "could not remove the worktree {}: `git worktree prune` tidies it",
                self.path.display()
            );
        }
    }
}

/// Removes the worktree at `path`, if there is one, quietly; whether none is left there.
fn remove(root: &Path, path: &Path) -> bool {
    let _ = git(root)
        .args(["worktree", "remove", "--force"])
        .arg(path)
        .stderr(Stdio::null())
        .status();
    !path.exists()
}

/// `git`, run in the repository at `root`.
fn git(root: &Path) -> Command {
    let mut command = Command::new("git");
    command.current_dir(root);
    command
}
