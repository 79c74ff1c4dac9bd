//! The tools xtask runs that are not part of the project: mdBook and its link checker for the
//! book, cargo-deny for the dependencies. Each is pinned to a version and installed from
//! crates.io into `target/tools` when it is missing, so a clean clone needs nothing installed
//! by hand, nothing is installed outside the project, and `cargo clean` removes them.
//!
//! Installing them is most of a fresh clone's CI, so they are built to be built quickly: all
//! in one build folder, where the crates two tools share at the same version are compiled
//! once; with a release profile that skips whole-program optimisation, since each tool's work
//! here takes seconds either way; and mdBook without its web server and file watcher, which
//! only `cargo xtask book --serve` needs and which that command installs, once, apart.

use crate::{run, run_output};
use anyhow::{Context, Result};
use std::path::{Path, PathBuf};
use std::process::Command;

/// A tool xtask installs: a crate from crates.io, at a pinned version, with the features it is
/// built with.
pub struct Tool {
    /// The crate, which is also the name of its binary.
    pub name: &'static str,
    /// The version installed.
    pub version: &'static str,
    /// `None` for the crate's default features; otherwise the features it is built with
    /// instead (possibly none).
    pub features: Option<&'static str>,
    /// The folder below `target/tools` it is installed in, so that two builds of one crate
    /// with different features can stand side by side.
    pub folder: &'static str,
}

/// mdBook, to build the book: without `serve` and `watch`.
pub const MDBOOK: Tool = Tool {
    name: "mdbook",
    version: "0.5.4",
    features: Some("search"),
    folder: "build",
};

/// mdBook with its web server and file watcher, for `cargo xtask book --serve` alone.
pub const MDBOOK_SERVE: Tool = Tool {
    name: "mdbook",
    version: "0.5.4",
    features: None,
    folder: "serve",
};

/// The link checker, run by mdBook as a renderer. mdbook-linkcheck2 is a fork of
/// mdbook-linkcheck, whose 0.7.7 cannot read mdBook 0.5's render context.
pub const LINKCHECK: Tool = Tool {
    name: "mdbook-linkcheck2",
    version: "0.13.0",
    features: None,
    folder: "build",
};

/// cargo-deny, for the checks of the dependencies.
pub const CARGO_DENY: Tool = Tool {
    name: "cargo-deny",
    version: "0.20.2",
    features: None,
    folder: "build",
};

/// Where the tools are installed: inside `target`.
fn tools_root(root: &Path) -> PathBuf {
    root.join("target/tools")
}

impl Tool {
    /// The folder whose `bin` holds the tool.
    fn install_root(&self, root: &Path) -> PathBuf {
        tools_root(root).join(self.folder)
    }

    /// The tool's binary.
    pub fn binary(&self, root: &Path) -> PathBuf {
        self.install_root(root).join("bin").join(self.name)
    }

    /// The folder of the tool's binary, for a `PATH` that lets another tool find it (mdBook
    /// finds its link checker so).
    pub fn bin_folder(&self, root: &Path) -> PathBuf {
        self.install_root(root).join("bin")
    }

    /// Whether the pinned version is installed: the binary runs and names it.
    fn is_installed(&self, root: &Path) -> bool {
        run_output(Command::new(self.binary(root)).arg("--version")).is_ok_and(|answer| {
            answer
                .split_whitespace()
                .any(|word| word.trim_start_matches('v') == self.version)
        })
    }
}

/// What an earlier layout of `target/tools`, with every tool in one `bin`, left there: a
/// cache or a clone from before the change would keep them forever, unused.
const LEFTOVERS: [&str; 3] = ["bin", ".crates.toml", ".crates2.json"];

/// Removes the [`LEFTOVERS`] that are there.
fn remove_leftovers(root: &Path) -> Result<()> {
    for name in LEFTOVERS {
        let path = tools_root(root).join(name);
        let removed = if path.is_dir() {
            std::fs::remove_dir_all(&path)
        } else if path.exists() {
            std::fs::remove_file(&path)
        } else {
            continue;
        };
        removed.with_context(|| format!("{}: cannot remove", path.display()))?;
    }
    Ok(())
}

/// Installs each of `tools` that is not installed at its pinned version, after removing what
/// an earlier layout left behind.
pub fn install(root: &Path, tools: &[&Tool]) -> Result<()> {
    remove_leftovers(root)?;
    for tool in tools.iter().filter(|tool| !tool.is_installed(root)) {
        let Tool { name, version, .. } = tool;
        println!(
            "installing {name} {version} into {} (once; it takes a few minutes)",
            tool.install_root(root).display()
        );
        let mut cargo = Command::new("cargo");
        cargo
            .env("CARGO_PROFILE_RELEASE_LTO", "off")
            .env("CARGO_PROFILE_RELEASE_CODEGEN_UNITS", "16")
            // Forced: a tool that does not answer with its version is rebuilt, even where
            // cargo's own list says that version is installed.
            .args(["install", "--locked", "--force", "--quiet", "--root"])
            .arg(tool.install_root(root))
            .arg("--target-dir")
            .arg(tools_root(root).join("target"));
        if let Some(features) = tool.features {
            cargo.args(["--no-default-features", "--features", features]);
        }
        run(cargo.arg(format!("{name}@{version}")))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn installing_removes_the_old_layouts_leftovers_and_keeps_the_tools() {
        let root = std::env::temp_dir().join(format!("cb2026-tools-{}", std::process::id()));
        let tools = tools_root(&root);
        std::fs::create_dir_all(tools.join("bin")).unwrap();
        std::fs::create_dir_all(MDBOOK.bin_folder(&root)).unwrap();
        std::fs::write(tools.join(".crates.toml"), "").unwrap();
        remove_leftovers(&root).unwrap();
        assert!(!tools.join("bin").exists());
        assert!(!tools.join(".crates.toml").exists());
        assert!(MDBOOK.bin_folder(&root).exists());
        remove_leftovers(&root).unwrap();
        std::fs::remove_dir_all(&root).unwrap();
    }
}
