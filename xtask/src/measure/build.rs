//! A revision of the engine built for measuring: a git revision, or the working tree, built
//! in release mode in a worktree of its own under `target/measure`, and linked once as the
//! compiler laid it out and once more for each layout seed with its sections shuffled.
//!
//! rustc links with rust-lld on x86-64 Linux, and lld's `--shuffle-sections=*=SEED` puts the
//! input sections in an order drawn from the seed. rustc gives every function and every
//! static a section of its own, so each seed is the same compiled code and data at other
//! addresses: other cache lines, other pages, other aliasing in the branch predictor. The
//! relinking is done by a small linker script that xtask writes (`layout-gcc`), which
//! cargo calls in place of `cc`: a build compiles once and links as many times as asked.

use crate::revision::{self, Worktree};
use crate::{repo_root, run, run_output};
use anyhow::{Context, Result, bail};
use std::path::{Path, PathBuf};
use std::process::Command;

/// One side of a comparison, built.
pub struct Build {
    /// The revision as it was named on the command line, or "working tree".
    pub name: String,
    /// The commit it was built from, abbreviated (for the working tree, a stash commit).
    pub commit: String,
    /// The binaries: `[0]` as the compiler laid it out, then one for each layout seed.
    pub binaries: Vec<PathBuf>,
}

/// Builds `revision` (the working tree if `None`) with `layouts` shuffled layouts besides the
/// default one, or reuses an earlier build of the same source tree.
pub fn build(revision: Option<&str>, layouts: usize) -> Result<Build> {
    let root = repo_root();
    let git = |args: &[&str]| run_output(Command::new("git").current_dir(&root).args(args));
    let (name, commit) = match revision {
        Some(revision) => (revision.to_string(), revision::commit_of(&root, revision)?),
        // `git stash create` makes a commit of the tracked files as they are, changes
        // included, without touching the working tree or the stash; it prints nothing when
        // there is no change, and then the working tree is HEAD.
        None => {
            let stash = git(&["stash", "create"])?;
            let commit = match stash.trim() {
                "" => git(&["rev-parse", "HEAD"])?,
                stash => stash.to_string(),
            };
            ("working tree".to_string(), commit.trim().to_string())
        }
    };
    let tree = git(&["rev-parse", &format!("{commit}^{{tree}}")])?;
    let folder = root.join("target/measure").join(&tree.trim()[..12]);
    let binaries: Vec<PathBuf> = (0..=layouts)
        .map(|seed| folder.join(format!("layout-{seed}")))
        .collect();
    if !binaries.iter().all(|b| b.exists()) {
        compile(&root, &commit, &folder, layouts)?;
    }
    let commit = commit[..8].to_string();
    Ok(Build {
        name,
        commit,
        binaries,
    })
}

/// Whether this machine can shuffle a binary's sections: x86-64 Linux, where rustc links
/// with its own rust-lld.
pub fn can_shuffle() -> bool {
    cfg!(all(target_os = "linux", target_arch = "x86_64")) && gcc_ld().is_ok()
}

/// The folder holding rustc's `ld.lld`, which `cc -B` points at so that `-fuse-ld=lld` finds
/// it: the same linker rustc uses by default.
fn gcc_ld() -> Result<PathBuf> {
    let sysroot = run_output(Command::new("rustc").args(["--print", "sysroot"]))?;
    let folder = Path::new(sysroot.trim()).join("lib/rustlib/x86_64-unknown-linux-gnu/bin/gcc-ld");
    if folder.join("ld.lld").exists() {
        Ok(folder)
    } else {
        bail!("no rust-lld in {}", folder.display())
    }
}

/// The linker script: links as rustc asked, with rust-lld, and when the output is the
/// engine's binary, links it again for each seed with the sections shuffled.
fn linker_script(gcc_ld: &Path) -> String {
    format!(
        r#"#!/bin/sh
# Written by cargo xtask (xtask/src/measure/build.rs): links with rust-lld, and links the
# engine once more for each seed 1..$CB2026_LAYOUTS, its sections shuffled.
set -e
cc -B{gcc_ld} -fuse-ld=lld "$@"
out=""; previous=""
for arg in "$@"; do [ "$previous" = "-o" ] && out="$arg"; previous="$arg"; done
case "$(basename "$out")" in cb2026-*) ;; *) exit 0 ;; esac
cp "$out" "$CB2026_LAYOUT_DIR/layout-0"
seed=1
while [ "$seed" -le "$CB2026_LAYOUTS" ]; do
    cc -B{gcc_ld} -fuse-ld=lld "$@" "-Wl,--shuffle-sections=*=$seed" -o "$CB2026_LAYOUT_DIR/layout-$seed"
    seed=$((seed + 1))
done
"#,
        gcc_ld = gcc_ld.display()
    )
}

/// Checks `commit` out in a worktree and builds it with the linker script, which leaves the
/// binaries in `folder`. The build is niced: it shares the machine with whatever is timed.
fn compile(root: &Path, commit: &str, folder: &Path, layouts: usize) -> Result<()> {
    let measure = root.join("target/measure");
    let _ = std::fs::remove_dir_all(folder);
    std::fs::create_dir_all(folder).with_context(|| folder.display().to_string())?;
    let worktree = measure.join(format!("worktree-{}", &commit[..12]));
    let worktree = Worktree::check_out(root, &worktree, commit)?;
    let target = measure.join("build");
    let mut cargo = worktree.command(&target, "nice", &["-n", "10", "cargo"]);
    cargo
        .args(revision::ENGINE_BUILD)
        .arg("--quiet")
        .env("CB2026_LAYOUT_DIR", folder)
        .env("CB2026_LAYOUTS", layouts.to_string());
    if can_shuffle() {
        let script = measure.join("layout-gcc");
        std::fs::write(&script, linker_script(&gcc_ld()?))
            .and_then(|()| make_executable(&script))
            .with_context(|| script.display().to_string())?;
        cargo.env("CARGO_TARGET_X86_64_UNKNOWN_LINUX_GNU_LINKER", &script);
    }
    run(&mut cargo)?;
    if !can_shuffle() {
        let binary = revision::engine_binary(&target);
        let copy = folder.join("layout-0");
        std::fs::copy(&binary, &copy)
            .with_context(|| format!("cannot copy {} to {}", binary.display(), copy.display()))?;
    }
    Ok(())
}

/// Marks `file` executable by its owner.
#[cfg(unix)]
fn make_executable(file: &Path) -> std::io::Result<()> {
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(file, std::fs::Permissions::from_mode(0o755))
}

/// Elsewhere the script is never written: only x86-64 Linux shuffles.
#[cfg(not(unix))]
fn make_executable(_file: &Path) -> std::io::Result<()> {
    Ok(())
}
