//! `cargo xtask stages`: the stages of stages.toml against the git history.
//!
//! A stage's last commit carries the trailer `Stage: N`. From those trailers this module
//! lists the stages, checks that every done stage has its trailer and that they come in
//! order, makes the annotated tags `stage-NN`, and verifies each tag in a worktree of its own.

use crate::plan::{Plan, tag_name};
use crate::revision::Worktree;
use crate::{repo_root, run, run_output};
use anyhow::{Context, Result, anyhow, bail};
use std::collections::BTreeMap;
use std::path::Path;
use std::process::Command;

/// What `cargo xtask stages` does.
#[derive(Debug, clap::Subcommand)]
pub enum StagesCommand {
    /// The stages, whether each is done and tagged.
    List,
    /// Make the tag stage-NN for each new `Stage: N` trailer.
    Tag,
    /// Every done stage has its trailer, in order, and its switches.
    Check,
    /// Build and test every stage tag in a worktree of its own.
    Verify,
}

/// Runs `cargo xtask stages SUBCOMMAND`.
pub fn main(command: StagesCommand) -> Result<()> {
    let root = repo_root();
    match command {
        StagesCommand::List => list(&root),
        StagesCommand::Tag => tag(&root),
        StagesCommand::Check => {
            let plan = Plan::load(&root)?;
            check(&plan, &trailers(&root)?)?;
            check_switches(&plan, cb2026::config::SWITCHES)?;
            println!(
                "stages check: every done stage has its Stage trailer, in order, and its switches"
            );
            Ok(())
        }
        StagesCommand::Verify => verify(&root),
    }
}

/// The newest commit carrying each `Stage: N` trailer, by stage number, from newest to oldest
/// history order kept as (commit, position in history; 0 is HEAD).
pub(crate) type Trailers = BTreeMap<u32, (String, usize)>;

/// Reads the `Stage: N` trailers of the history of HEAD.
pub(crate) fn trailers(root: &Path) -> Result<Trailers> {
    let log = run_output(Command::new("git").current_dir(root).args([
        "log",
        "--format=%H %(trailers:key=Stage,valueonly,separator=%x2C)",
    ]))?;
    let mut found = Trailers::new();
    for (position, line) in log.lines().enumerate() {
        let Some((commit, values)) = line.split_once(' ') else {
            continue;
        };
        for value in values.split(',').map(str::trim).filter(|v| !v.is_empty()) {
            let number: u32 = value.parse().map_err(|_| {
                anyhow!("commit {commit}: trailer `Stage: {value}` is not a stage number")
            })?;
            // The log runs newest first, so the first commit seen is the newest.
            found
                .entry(number)
                .or_insert((commit.to_string(), position));
        }
    }
    Ok(found)
}

/// Checks that stages.toml's `switches` and the engine's table of switches agree: each stage
/// lists exactly the switches the table says it introduced.
fn check_switches(plan: &Plan, table: &[cb2026::config::Switch]) -> Result<()> {
    let stages = plan
        .stages
        .iter()
        .map(|stage| (format!("stage {}", stage.number), &stage.switches));
    let sections = plan
        .sections
        .iter()
        .map(|section| (format!("section {}", section.number), &section.switches));
    let parts: Vec<(String, &Vec<String>)> = stages.chain(sections).collect();
    for (part, listed) in &parts {
        let in_table: Vec<&str> = table
            .iter()
            .filter(|switch| describe(switch.introduced) == *part)
            .map(|switch| switch.name)
            .collect();
        if **listed != in_table {
            bail!(
                "{part}: stages.toml lists the switches {listed:?}, but the engine's table \
                 (crates/engine/src/config.rs, SWITCHES) gives it {in_table:?}"
            );
        }
    }
    if let Some(switch) = table.iter().find(|switch| {
        let part = describe(switch.introduced);
        parts.iter().all(|(known, _)| *known != part)
    }) {
        bail!(
            "switch {} belongs to {}, which stages.toml does not have",
            switch.name,
            describe(switch.introduced)
        );
    }
    Ok(())
}

/// "stage 12" or "section 10.1", for an error.
fn describe(introduced: cb2026::config::Introduced) -> String {
    match introduced {
        cb2026::config::Introduced::Stage(number) => format!("stage {number}"),
        cb2026::config::Introduced::Section(number) => format!("section {number}"),
    }
}

/// Checks the trailers against the plan: every done stage has one, no other stage has one,
/// and stage N's commit comes after stage N-1's.
fn check(plan: &Plan, trailers: &Trailers) -> Result<()> {
    let mut previous: Option<(u32, usize)> = None;
    for stage in &plan.stages {
        match (stage.done, trailers.get(&stage.number)) {
            (true, None) => {
                bail!(
                    "stage {} is done in stages.toml but no commit carries `Stage: {}`",
                    stage.number,
                    stage.number
                );
            }
            (false, Some((commit, _))) => {
                bail!(
                    "commit {commit} carries `Stage: {}` but stages.toml does not mark the stage done",
                    stage.number
                );
            }
            (true, Some((_, position))) => {
                if let Some((before, before_position)) = previous
                    && *position > before_position
                {
                    bail!(
                        "stage {}'s trailer comes before stage {before}'s in the history: stages land in order",
                        stage.number
                    );
                }
                previous = Some((stage.number, *position));
            }
            (false, None) => {}
        }
    }
    if let Some(number) = trailers
        .keys()
        .find(|n| plan.stages.iter().all(|s| s.number != **n))
    {
        bail!("a commit carries `Stage: {number}`, which is not a stage of stages.toml");
    }
    Ok(())
}

/// Prints every stage and section: number, whether done, its tag if it exists, chapter,
/// title, and the switches it introduces.
fn list(root: &Path) -> Result<()> {
    let plan = Plan::load(root)?;
    let tags = existing_tags(root)?;
    let switches = |names: &[String]| {
        if names.is_empty() {
            String::new()
        } else {
            format!(" [switches: {}]", names.join(", "))
        }
    };
    println!("stage  done  tag       chapter  title");
    for stage in &plan.stages {
        let tag = tag_name(stage.number);
        let tag = if tags.contains(&tag) {
            tag
        } else {
            "-".to_string()
        };
        let done = if stage.done { "yes" } else { "no" };
        let switches = switches(&stage.switches);
        println!(
            "{:>5}  {done:<4}  {tag:<8}  {:>7}  {}{switches}",
            stage.number, stage.chapter, stage.title
        );
    }
    for section in &plan.sections {
        let done = if section.done { "yes" } else { "no" };
        let switches = switches(&section.switches);
        println!(
            "{:>5}  {done:<4}  {:<8}  {:>7}  {}{switches}",
            section.number, "main", section.chapter, section.title
        );
    }
    let untagged = plan
        .stages
        .iter()
        .filter(|s| s.done && !tags.contains(&tag_name(s.number)))
        .count();
    if untagged > 0 {
        println!(
            "{untagged} done stage(s) have no tag here, as in a clone made without tags: \
             `cargo xtask stages tag` makes them from the `Stage: N` trailers"
        );
    }
    Ok(())
}

/// The names of the repository's tags.
fn existing_tags(root: &Path) -> Result<Vec<String>> {
    let out = run_output(
        Command::new("git")
            .current_dir(root)
            .args(["tag", "--list", "stage-*"]),
    )?;
    Ok(out.lines().map(str::to_string).collect())
}

/// Makes the annotated tag `stage-NN` for every stage whose trailer has no tag yet. A tag
/// that exists is never moved: if it points elsewhere than the trailer's newest commit, that
/// is reported, and a fix goes to main instead.
fn tag(root: &Path) -> Result<()> {
    let plan = Plan::load(root)?;
    let trailers = trailers(root)?;
    check(&plan, &trailers)?;
    let tags = existing_tags(root)?;
    for (number, (commit, _)) in &trailers {
        let name = tag_name(*number);
        if tags.contains(&name) {
            let target = run_output(
                Command::new("git")
                    .current_dir(root)
                    .args(["rev-list", "-n", "1", &name]),
            )?;
            if target.trim() != commit {
                println!(
                    "{name} stays on {} (tags are never moved; {commit} is newer)",
                    target.trim()
                );
            }
            continue;
        }
        let title = &plan.stages[*number as usize - 1].title;
        let message = format!("Stage {number}: {title}");
        run(Command::new("git")
            .current_dir(root)
            .args(["tag", "-a", &name, commit, "-m", &message]))?;
        println!("tagged {name} on {commit}");
    }
    Ok(())
}

/// Builds and tests every stage tag in a temporary worktree of its own, with its own
/// `cargo xtask check-chapters` and `stages check`. The tags share one target folder, so each
/// builds on the last.
fn verify(root: &Path) -> Result<()> {
    let tags = existing_tags(root)?;
    if tags.is_empty() {
        bail!("no stage tags to verify");
    }
    let target = root.join("target/verify");
    for tag in tags {
        let worktree = std::env::temp_dir().join(format!("cb2026-verify-{tag}"));
        let worktree = Worktree::check_out(root, &worktree, &tag)?;
        println!("== {tag}");
        let cargo = |args: &[&str]| run(&mut worktree.cargo(&target, args));
        cargo(&["test", "--workspace"])
            .and_then(|()| cargo(&["xtask", "check-chapters"]))
            .and_then(|()| cargo(&["xtask", "stages", "check"]))
            .with_context(|| tag.clone())?;
    }
    println!("stages verify: every stage tag builds and passes its tests and checks");
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// This repository's plan, with stages 1 to `done` marked done.
    fn plan_done_to(done: u32) -> Plan {
        let mut plan = Plan::load(&repo_root()).unwrap();
        for stage in &mut plan.stages {
            stage.done = stage.number <= done;
        }
        plan
    }

    /// Trailers for the given stages, each at the given position in history (0 is newest).
    fn trailers_at(stages: &[(u32, usize)]) -> Trailers {
        stages
            .iter()
            .map(|&(n, p)| (n, (format!("commit{n}"), p)))
            .collect()
    }

    #[test]
    fn done_stages_with_trailers_in_order_pass() {
        check(&plan_done_to(2), &trailers_at(&[(1, 5), (2, 0)])).unwrap();
    }

    #[test]
    fn a_done_stage_without_a_trailer_fails() {
        let error = check(&plan_done_to(2), &trailers_at(&[(1, 5)])).unwrap_err();
        let error = format!("{error:#}");
        assert!(error.contains("stage 2 is done"), "{error}");
    }

    #[test]
    fn a_trailer_for_a_stage_not_done_fails() {
        let error = check(&plan_done_to(1), &trailers_at(&[(1, 5), (2, 0)])).unwrap_err();
        let error = format!("{error:#}");
        assert!(error.contains("does not mark the stage done"), "{error}");
    }

    #[test]
    fn trailers_out_of_order_fail() {
        let error = check(&plan_done_to(2), &trailers_at(&[(1, 0), (2, 5)])).unwrap_err();
        let error = format!("{error:#}");
        assert!(error.contains("stages land in order"), "{error}");
    }

    #[test]
    fn switches_must_agree_with_the_engines_table() {
        use cb2026::config::{Switch, Switches};
        let mut plan = plan_done_to(2);
        for stage in &mut plan.stages {
            stage.switches.clear();
        }
        for section in &mut plan.sections {
            section.switches.clear();
        }
        check_switches(&plan, &[]).unwrap();
        let table = [Switch {
            name: "tt",
            introduced: cb2026::config::Introduced::Stage(2),
            flag: Switches::empty(),
            off_from: None,
        }];
        let error = format!("{:#}", check_switches(&plan, &table).unwrap_err());
        assert!(error.contains("stage 2"), "{error}");
        plan.stages[1].switches = vec!["tt".to_string()];
        check_switches(&plan, &table).unwrap();
        assert!(check_switches(&plan, &[]).is_err());
        let section = Switch {
            name: "conthist",
            introduced: cb2026::config::Introduced::Section("10.1"),
            flag: Switches::empty(),
            off_from: None,
        };
        let error = check_switches(&plan, &[table[0], section]).unwrap_err();
        let error = format!("{error:#}");
        assert!(error.contains("section 10.1"), "{error}");
        plan.sections[0].switches = vec!["conthist".to_string()];
        check_switches(&plan, &[table[0], section]).unwrap();
        let elsewhere = Switch {
            introduced: cb2026::config::Introduced::Section("99.1"),
            ..section
        };
        plan.sections[0].switches.clear();
        let error = check_switches(&plan, &[table[0], elsewhere]).unwrap_err();
        let error = format!("{error:#}");
        assert!(error.contains("does not have"), "{error}");
    }
}
