//! `cargo xtask ci`: everything CI checks, in order, stopping at the first failure.

use crate::{book, check_chapters, exercises, measure, repo_root, run, stages};
use anyhow::{Context, Result};
use std::process::Command;
use std::time::Instant;

/// Runs every check: formatting, lints, the tests in the debug and the release profile (the
/// deep perft counts in release), a short fuzz run, the OpenBench build and bench, cargo-deny's
/// checks of the dependencies, the chapters against the code, the Try-it exercises against the
/// tests that catch them, the stages against the history, and the book's build with its link
/// check.
pub fn main() -> Result<()> {
    let root = repo_root();
    let cargo = |args: &[&str]| run(Command::new("cargo").current_dir(&root).args(args));
    let started = Instant::now();
    step("fmt", || cargo(&["fmt", "--all", "--check"]))?;
    step("clippy", || {
        cargo(&[
            "clippy",
            "--workspace",
            "--all-targets",
            "--",
            "-D",
            "warnings",
        ])
    })?;
    // One profile is linted: none of the code is compiled differently in the two (a test
    // below keeps it so), and the lints are the same in both.
    step("tests", || cargo(&["test", "--workspace"]))?;
    // The engine has no Cargo features, so one feature set is linted and tested; the release
    // profile is the one games and OpenBench run, and the deep perft counts run in it too.
    step("engine tests (release), with the deep perft", || {
        cargo(&[
            "test",
            "--release",
            "--package",
            "cb2026",
            "--",
            "--include-ignored",
        ])
    })?;
    step("fuzz (short)", || {
        crate::fuzz::main(&crate::fuzz::FuzzArgs::inputs(20_000))
    })?;
    step("openbench build and bench", || {
        cargo(&["test", "--package", "xtask", "openbench", "--", "--ignored"])
    })?;
    step("cargo deny", measure::deny::main)?;
    step("check-chapters", || check_chapters(&root))?;
    step("exercises", exercises::main)?;
    step("stages check", || {
        stages::main(stages::StagesCommand::Check)
    })?;
    step("book", || book::build(&root))?;
    let seconds = started.elapsed().as_secs_f64();
    println!("== ci: all checks passed in {seconds:.1} s");
    Ok(())
}

/// Runs the check `name`, saying when it starts and how long it took.
fn step(name: &str, check: impl FnOnce() -> Result<()>) -> Result<()> {
    println!("== ci: {name}");
    let started = Instant::now();
    check().with_context(|| format!("ci step {name}"))?;
    println!(
        "== ci: {name} passed in {:.1} s",
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    /// Every Rust source file below `folder`.
    fn sources(folder: &Path) -> Vec<std::path::PathBuf> {
        let mut found = Vec::new();
        for entry in std::fs::read_dir(folder).unwrap().filter_map(Result::ok) {
            let path = entry.path();
            if path.is_dir() {
                found.extend(sources(&path));
            } else if path.extension().is_some_and(|e| e == "rs") {
                found.push(path);
            }
        }
        found
    }

    #[test]
    fn no_code_depends_on_the_profile_so_one_clippy_run_lints_both() {
        let root = crate::repo_root();
        let marker = ["debug", "_assertions"].concat();
        for folder in ["crates", "xtask/src"] {
            for file in sources(&root.join(folder)) {
                let text = std::fs::read_to_string(&file).unwrap();
                assert!(
                    !text.contains(&marker),
                    "{} uses cfg({marker}): lint the release profile in ci.rs too",
                    file.display()
                );
            }
        }
    }
}
