//! cb2026's own tooling, run as `cargo xtask COMMAND`.
//!
//! It keeps the book honest (every listing is the engine's source, every header line and
//! the table of contents follow stages.toml), builds the book, tags the stages and runs
//! everything CI checks.

mod alpha_beta;
mod book;
mod chapters;
mod checkout;
mod ci;
mod diagram;
mod exercises;
mod facts;
mod figures;
mod fuzz;
mod games;
#[cfg(test)]
mod lichess_bot;
mod listing;
mod magics;
mod measure;
mod plan;
mod plot;
mod screenshot;
mod stage_map;
mod stages;
mod suites;
mod svg;
#[cfg(test)]
mod test_repo;
mod transcript;
mod tree_size;

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

/// What `cargo xtask` with no command, or a wrong one, prints.
const USAGE: &str = "\
usage: cargo xtask COMMAND

  check-chapters   fail if a listing, header line or SUMMARY.md differs from its source
  sync-chapters    rewrite every generated part of the book from its source
  book [--serve]   build the book into book/build (with its link check), or serve it
  book --stage N   build the book as it was at stage-NN, in target/book-stages/stage-NN
  match ENGINE ENGINE   play games between two engines (see `cargo xtask match --help`)
  sprt ENGINE ENGINE    the same, until a sequential probability ratio test decides
  openings         make the repository's opening set again (book/data/openings.epd)
  perft-speed [N]  perft's speed against cozy-chess in N paired rounds (default 10),
                   recorded in book/data/perft-speed.txt for chapter 5
  exercises        apply each Try-it exercise's change in a scratch copy and see its
                   named test fail (run by ci)
  speed BASE [CANDIDATE]   the bench's speed in paired rounds (see `cargo xtask speed --help`)
  instructions BASE [CANDIDATE]   the bench's instructions under cachegrind (`--help`)
  deny             cargo-deny's checks of the dependencies (licences, bans, sources, advisories)
  magics           find the slider tables' magic multipliers again, and print them
  screenshot PAGE  render pages of the built book to PNG (see `cargo xtask screenshot`)
  stages list      the stages, whether each is done and tagged
  stages tag       make the tag stage-NN for each new `Stage: N` trailer
  stages check     every done stage has its trailer, in order
  stages verify    build and test every stage tag in a worktree of its own
  fuzz [--inputs N]   fuzz the readers of FEN, UCI, PGN, EPD and records
                   (see `cargo xtask fuzz --help`)
  suite tactics|positional [REV]   run the engine over a test suite
                   (see `cargo xtask suite --help`; `suite make` chooses one again)
  ci               everything CI checks, in order";

/// Runs the command named on the command line.
fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (command, rest) = match args.split_first() {
        Some((command, rest)) => (command.as_str(), rest),
        None => ("help", &[][..]),
    };
    let result = match std::env::current_dir() {
        Ok(current) => checkout::check(&current, &repo_root()),
        Err(e) => Err(format!("cannot read the current folder: {e}")),
    }
    .and_then(|()| dispatch(command, rest));
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
    }
}

/// Runs `command` with the arguments after it, `rest`.
fn dispatch(command: &str, rest: &[String]) -> Result<(), String> {
    match command {
        "check-chapters" => check_chapters(&repo_root()),
        "sync-chapters" => sync_chapters(),
        "book" => book::main(rest),
        "stages" => stages::main(rest),
        "screenshot" => screenshot::main(rest),
        "magics" => magics::main(),
        "exercises" => exercises::main(),
        "perft-speed" => perft_speed(rest),
        "match" | "sprt" if rest.iter().any(|a| a == "--help") => {
            println!("{}", games::runner::USAGE);
            Ok(())
        }
        "match" => games::runner::main(rest, false),
        "sprt" => games::runner::main(rest, true),
        "openings" => games::runner::make_openings(rest),
        "suite" => suites::main(rest),
        "fuzz" if rest.iter().any(|a| a == "--help") => {
            println!("{}", fuzz::USAGE);
            Ok(())
        }
        "fuzz" => fuzz::main(rest),
        "speed" => measure::speed::main(rest),
        "instructions" => measure::instructions::main(rest),
        "deny" => measure::deny::main(),
        "ci" => ci::main(),
        "help" | "--help" | "-h" => {
            println!("{USAGE}");
            Ok(())
        }
        other => Err(format!("unknown command {other:?}\n{USAGE}")),
    }
}

/// `check-chapters`: prints every place where the book and its sources disagree, and fails
/// if there is one.
fn check_chapters(root: &Path) -> Result<(), String> {
    let problems = chapters::check(root)?;
    for problem in &problems {
        eprintln!("{problem}");
    }
    if problems.is_empty() {
        println!(
            "check-chapters: every listing, diagram, header line and the summary match their sources"
        );
        Ok(())
    } else {
        Err(format!(
            "check-chapters found {} problem(s)",
            problems.len()
        ))
    }
}

/// `sync-chapters`: rewrites what can be regenerated and reports what cannot.
fn sync_chapters() -> Result<(), String> {
    let (changed, unmended) = chapters::sync(&repo_root())?;
    for file in &changed {
        println!("rewrote {}", file.display());
    }
    for problem in &unmended {
        eprintln!("{problem}");
    }
    if unmended.is_empty() {
        Ok(())
    } else {
        Err(format!("{} problem(s) need a person", unmended.len()))
    }
}

/// `perft-speed`: runs the paired comparison of perft with cozy-chess's and records it where
/// chapter 5 quotes it from. The benchmark is built with the bench profile, like a release.
fn perft_speed(args: &[String]) -> Result<(), String> {
    let rounds = args.first().map_or("10", String::as_str);
    let record = repo_root().join("book/data/perft-speed.txt");
    run(Command::new("cargo")
        .current_dir(repo_root())
        .args([
            "bench",
            "--package",
            "cb2026",
            "--bench",
            "perft_vs_cozy",
            "--",
            "--rounds",
            rounds,
            "--record",
        ])
        .arg(&record))
}

/// The repository's root folder: the checkout xtask was compiled in, which `main` has checked
/// is the one it runs in.
pub fn repo_root() -> PathBuf {
    checkout::compiled_root()
}

/// Checks out `revision` of the repository at `root` in a detached worktree at `worktree`,
/// first removing a worktree an earlier, interrupted run may have left there.
pub fn fresh_worktree(root: &Path, worktree: &Path, revision: &str) -> Result<(), String> {
    let _ = Command::new("git")
        .current_dir(root)
        .args(["worktree", "remove", "--force"])
        .arg(worktree)
        .stderr(std::process::Stdio::null())
        .status();
    run(Command::new("git")
        .current_dir(root)
        .args(["worktree", "add", "--detach", "--quiet"])
        .arg(worktree)
        .arg(revision))
}

/// Runs `command`, its output going to ours, and fails if it fails.
pub fn run(command: &mut Command) -> Result<(), String> {
    let status = command
        .status()
        .map_err(|e| format!("cannot run {}: {e}", describe(command)))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("{} failed ({status})", describe(command)))
    }
}

/// Runs `command` and returns what it printed, failing if it fails.
pub fn run_output(command: &mut Command) -> Result<String, String> {
    let output = command
        .output()
        .map_err(|e| format!("cannot run {}: {e}", describe(command)))?;
    if output.status.success() {
        String::from_utf8(output.stdout).map_err(|e| format!("{}: {e}", describe(command)))
    } else {
        let stderr = String::from_utf8_lossy(&output.stderr);
        Err(format!(
            "{} failed ({}): {}",
            describe(command),
            output.status,
            stderr.trim()
        ))
    }
}

/// A command as it would be typed, for messages.
fn describe(command: &Command) -> String {
    let mut words = vec![command.get_program().to_string_lossy().into_owned()];
    words.extend(command.get_args().map(|a| a.to_string_lossy().into_owned()));
    words.join(" ")
}
