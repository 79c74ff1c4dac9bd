//! `cargo xtask deny`: cargo-deny's checks of the dependencies (licences, bans, sources and
//! advisories) against `deny.toml`, with cargo-deny installed at a pinned version into
//! `target/tools`, as the book's tools are.
//!
//! The advisories come from RustSec's database, a git repository that cargo-deny fetches.
//! Where it cannot be fetched (a machine that reaches package registries and nothing else),
//! the other three checks still run, and the command says plainly that advisories were not
//! checked, rather than passing them in silence.

use crate::book::tools_root;
use crate::{repo_root, run, run_output};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The cargo-deny release the project checks with.
const VERSION: &str = "0.20.2";

/// How long fetching the advisory database may take before it counts as unreachable.
const FETCH_TIMEOUT: Duration = Duration::from_secs(90);

/// Runs `cargo xtask deny`.
pub fn main() -> Result<(), String> {
    let root = repo_root();
    install(&root)?;
    let check = ["check", "--hide-inclusion-graph"];
    run(deny(&root)
        .args(check)
        .args(["licenses", "bans", "sources"]))?;
    match fetch_advisories(&root) {
        Ok(()) => run(deny(&root)
            .args(check)
            .args(["--disable-fetch", "advisories"])),
        Err(why) => {
            println!(
                "cargo deny: advisories NOT checked: the RustSec database could not be \
                 fetched ({why}); licences, bans and sources were"
            );
            Ok(())
        }
    }
}

/// A command running the installed cargo-deny as `cargo deny`, from the repository's root.
fn deny(root: &Path) -> Command {
    let mut command = Command::new(tools_root(root).join("bin/cargo-deny"));
    command.current_dir(root).arg("deny");
    command
}

/// Fetches the advisory database (into cargo's home, where cargo-deny keeps it), giving up
/// after `FETCH_TIMEOUT`.
fn fetch_advisories(root: &Path) -> Result<(), String> {
    let mut child = deny(root)
        .args(["fetch", "db"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| format!("cannot run cargo-deny: {e}"))?;
    let started = Instant::now();
    loop {
        match child.try_wait().map_err(|e| e.to_string())? {
            Some(status) if status.success() => return Ok(()),
            Some(status) => {
                return Err(format!(
                    "`cargo deny fetch db` failed, {status}: run it to see why"
                ));
            }
            None if started.elapsed() > FETCH_TIMEOUT => {
                let _ = child.kill();
                let _ = child.wait();
                return Err(format!("no answer in {} s", FETCH_TIMEOUT.as_secs()));
            }
            None => std::thread::sleep(Duration::from_millis(200)),
        }
    }
}

/// Installs cargo-deny at `VERSION` into `target/tools`, unless it is there. Its build skips
/// the release profile's whole-program optimisation: the checks take a second either way,
/// and the build is much shorter without it.
fn install(root: &Path) -> Result<(), String> {
    let tools = tools_root(root);
    let installed = run_output(Command::new(tools.join("bin/cargo-deny")).arg("--version"));
    if installed.is_ok_and(|v| v.split_whitespace().any(|w| w == VERSION)) {
        return Ok(());
    }
    println!(
        "installing cargo-deny {VERSION} into {} (once; it takes a few minutes)",
        tools.display()
    );
    run(Command::new("cargo")
        .env("CARGO_PROFILE_RELEASE_LTO", "off")
        .env("CARGO_PROFILE_RELEASE_CODEGEN_UNITS", "16")
        .args(["install", "--locked", "--quiet", "--root"])
        .arg(&tools)
        .arg(format!("cargo-deny@{VERSION}")))
}
