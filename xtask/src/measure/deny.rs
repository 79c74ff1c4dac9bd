//! `cargo xtask deny`: cargo-deny's checks of the dependencies (licences, bans, sources and
//! advisories) against `deny.toml`, with cargo-deny installed at a pinned version into
//! `target/tools`, as the book's tools are ([`crate::tools`]).
//!
//! The advisories come from RustSec's database, a git repository that cargo-deny fetches.
//! Where it cannot be fetched (a machine that reaches package registries and nothing else),
//! the other three checks still run, and the command says plainly that advisories were not
//! checked, rather than passing them in silence.

use crate::tools::{self, CARGO_DENY};
use crate::{repo_root, run};
use anyhow::{Context, Result, bail};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// How long fetching the advisory database may take before it counts as unreachable.
const FETCH_TIMEOUT: Duration = Duration::from_secs(90);

/// Runs `cargo xtask deny`.
pub fn main() -> Result<()> {
    let root = repo_root();
    tools::install(&root, &[&CARGO_DENY])?;
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
                 fetched ({why:#}); licences, bans and sources were"
            );
            Ok(())
        }
    }
}

/// A command running the installed cargo-deny as `cargo deny`, from the repository's root.
fn deny(root: &Path) -> Command {
    let mut command = Command::new(CARGO_DENY.binary(root));
    command.current_dir(root).arg("deny");
    command
}

/// Fetches the advisory database (into cargo's home, where cargo-deny keeps it), giving up
/// after `FETCH_TIMEOUT`.
fn fetch_advisories(root: &Path) -> Result<()> {
    let mut child = deny(root)
        .args(["fetch", "db"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .context("cannot run cargo-deny")?;
    let started = Instant::now();
    loop {
        match child.try_wait().context("cannot wait for cargo-deny")? {
            Some(status) if status.success() => return Ok(()),
            Some(status) => {
                bail!("`cargo deny fetch db` failed, {status}: run it to see why");
            }
            None if started.elapsed() > FETCH_TIMEOUT => {
                let _ = child.kill();
                let _ = child.wait();
                bail!("no answer in {} s", FETCH_TIMEOUT.as_secs());
            }
            None => std::thread::sleep(Duration::from_millis(200)),
        }
    }
}
