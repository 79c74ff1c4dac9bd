//! `cargo xtask tune`: the evaluation's values tuned on a file of `cargo xtask datagen`
//! positions (chapter 15), written as a Rust source file of the engine, with the errors after
//! each pass written beside the book's data for the chapter's plot of them.
//!
//! The generated file names everything needed to make it again: the command, the data file
//! with its hash and the lines that say how the data was made (its seed among them), the split,
//! the scaling constant and the errors before and after.

use anyhow::{Context, Result, anyhow, bail};
use cb2026::params::{GROUPS, Group, INITIAL};
use cb2026_tune::data;
use cb2026_tune::texel::{self, Epoch, Freedom, Weights};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// The generated source file, relative to the repository.
pub const TUNED_SOURCE: &str = "crates/engine/src/tuned.rs";

/// The errors by pass, relative to the repository: the chapter's loss curve.
pub const LOSSES: &str = "book/data/tuning-losses.txt";

/// What the data held and what the tuner made of it, relative to the repository: the
/// chapter's figures about the data.
pub const SUMMARY: &str = "book/data/tuning-data.txt";

/// `cargo xtask tune`: the data, and how long and how fast to descend.
#[derive(Debug, clap::Args)]
pub struct TuneArgs {
    /// The positions, as `cargo xtask datagen` writes them.
    #[arg(long)]
    data: PathBuf,
    /// Passes of gradient descent over the training positions.
    #[arg(long, default_value = "1000", value_parser = crate::cli::positive_count)]
    epochs: usize,
    /// Adam's step, in centipawns.
    #[arg(long, default_value = "1.0", value_parser = crate::cli::positive_real)]
    rate: f64,
    /// Every how many games one is held out for validation.
    #[arg(long, default_value = "10")]
    hold_out: u32,
    /// The least evidence a value's half must have to be tuned: the training positions that
    /// count it, weighted by phase (a midgame position counts fully for the midgame half, an
    /// endgame position for the endgame half). A half with less keeps its starting value.
    #[arg(long, default_value = "1000")]
    least: usize,
    /// Groups of values to hold at their starting values, by name, comma-separated
    /// (`material,placement`): tune only the others.
    #[arg(long, value_delimiter = ',')]
    hold: Vec<String>,
    /// Groups of values to hold centred, by name, comma-separated (`knight_mobility`): each
    /// group's mean, weighted by how often the training positions count each value, stays
    /// zero, so that what it adds to one position it takes from another.
    #[arg(long, value_delimiter = ',')]
    centre: Vec<String>,
    /// How strongly each value is pulled back towards its starting value: the descent
    /// minimises the error plus this times the sum of each value's squared move.
    #[arg(long, default_value = "0", value_parser = crate::cli::non_negative_real)]
    pull: f64,
}

/// Runs `cargo xtask tune` with `args`.
pub fn main(args: &TuneArgs) -> Result<()> {
    let bytes = std::fs::read(&args.data).with_context(|| args.data.display().to_string())?;
    let text = String::from_utf8(bytes.clone())
        .map_err(|_| anyhow!("{}: not UTF-8 text", args.data.display()))?;
    let started = Instant::now();
    let samples = data::read(&text)
        .map_err(anyhow::Error::msg)
        .with_context(|| args.data.display().to_string())?;
    let games = Games::of(&samples);
    let (training, validation) = data::split(samples, args.hold_out);
    if training.is_empty() || validation.is_empty() {
        bail!(
            "{}: too few games to hold one in {} out",
            args.data.display(),
            args.hold_out
        );
    }
    eprintln!(
        "{} training and {} validation positions, read in {:.0} s",
        training.len(),
        validation.len(),
        started.elapsed().as_secs_f64()
    );
    let mut weights: Weights = INITIAL
        .iter()
        .map(|s| [f64::from(s.midgame), f64::from(s.endgame)])
        .collect();
    let held = groups_named("--hold", &args.hold)?;
    let centred: Vec<Vec<usize>> = groups_named("--centre", &args.centre)?
        .into_iter()
        .map(|g| (g.start..g.start + g.len).collect())
        .collect();
    let seen = texel::evidence(&training, weights.len());
    let is_held = |i: usize| held.iter().any(|g| (g.start..g.start + g.len).contains(&i));
    let learnable: Vec<[bool; 2]> = (0..weights.len())
        .map(|i| seen[i].map(|evidence| evidence >= args.least as f64 && !is_held(i)))
        .collect();
    let k = texel::fit_scale(&training, &weights);
    let first = Epoch {
        number: 0,
        training: texel::loss(&training, &weights, k),
        validation: texel::loss(&validation, &weights, k),
    };
    eprintln!(
        "k = {k:.4}; error {:.6} (validation {:.6})",
        first.training, first.validation
    );
    let mut epochs = vec![first];
    texel::train(
        &training,
        &validation,
        &mut weights,
        (k, args.epochs, args.rate),
        &Freedom {
            learnable: &learnable,
            centred: &centred,
            pull: args.pull,
        },
        |epoch| {
            if epoch.number.is_multiple_of(50) {
                eprintln!(
                    "epoch {}: error {:.6} (validation {:.6})",
                    epoch.number, epoch.training, epoch.validation
                );
            }
            epochs.push(epoch);
        },
    );
    if weights.iter().flatten().any(|w| !w.is_finite()) {
        bail!("the descent diverged, leaving values that are not numbers: nothing was written");
    }
    let run = Run {
        command: crate::cli::command_line(),
        data: args.data.display().to_string(),
        hash: fnv1a(text.as_bytes()),
        made_by: text.lines().take_while(|l| l.starts_with('#')).collect(),
        training: training.len(),
        validation: validation.len(),
        hold_out: args.hold_out,
        least: args.least,
        frozen: seen
            .iter()
            .flatten()
            .filter(|&&n| n < args.least as f64)
            .count(),
        held: args.hold.join(","),
        centred: args.centre.join(","),
        k,
        epochs,
        games,
    };
    let root = crate::repo_root();
    let write = |file: &str, text: &str| crate::chapters::write(&root, Path::new(file), text);
    write(TUNED_SOURCE, &source(&run, &weights))?;
    write(LOSSES, &losses(&run))?;
    write(SUMMARY, &summary(&run))?;
    eprintln!("wrote {TUNED_SOURCE}, {LOSSES} and {SUMMARY}");
    Ok(())
}

/// What a tuning run was: enough to say in the generated file how to make it again.
struct Run<'a> {
    /// The command line.
    command: String,
    /// The data file.
    data: String,
    /// Its FNV-1a hash.
    hash: u64,
    /// The comment lines at its head, which say how it was made.
    made_by: Vec<&'a str>,
    /// Training positions.
    training: usize,
    /// Validation positions.
    validation: usize,
    /// One game in this many held out.
    hold_out: u32,
    /// The fewest positions that must count a value for it to be tuned.
    least: usize,
    /// How many values were counted too seldom and kept their starting values.
    frozen: usize,
    /// The groups held at their starting values, comma-separated, or nothing.
    held: String,
    /// The groups held centred, comma-separated, or nothing.
    centred: String,
    /// The scaling constant.
    k: f64,
    /// The errors before tuning (pass 0) and after each pass.
    epochs: Vec<Epoch>,
    /// The games the positions came from.
    games: Games,
}

/// `names`, or "none" when there are none.
fn or_none(names: &str) -> &str {
    if names.is_empty() { "none" } else { names }
}

/// The groups of [`GROUPS`] that `option`'s `names` name, or an error naming the one that is
/// not a group and listing those that are.
fn groups_named(option: &str, names: &[String]) -> Result<Vec<&'static Group>> {
    names
        .iter()
        .map(|name| {
            GROUPS.iter().find(|g| g.name == name).with_context(|| {
                let names: Vec<&str> = GROUPS.iter().map(|g| g.name).collect();
                format!("{option} {name:?}: the groups are {}", names.join(", "))
            })
        })
        .collect()
}

/// The games a data file's positions came from, by result.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Games {
    /// Games White won.
    white_wins: usize,
    /// Games drawn.
    draws: usize,
    /// Games Black won.
    black_wins: usize,
}

impl Games {
    /// The games of `samples`, each counted once by its number, whatever the number of its
    /// positions kept. A game none of whose positions was kept is not seen.
    fn of(samples: &[data::Sample]) -> Games {
        let mut seen = std::collections::HashSet::new();
        let mut games = Games::default();
        for sample in samples.iter().filter(|s| seen.insert(s.game)) {
            match sample.result {
                1.0 => games.white_wins += 1,
                0.0 => games.black_wins += 1,
                _ => games.draws += 1,
            }
        }
        games
    }
}

/// The 64-bit FNV-1a hash of `bytes`: a fingerprint of the data, to tell two files apart.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &b| {
        (hash ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// The generated Rust source: a header saying how it was made, and the values, rounded to
/// whole centipawns, a group at a time.
fn source(run: &Run, weights: &Weights) -> String {
    let (first, last) = (
        run.epochs[0],
        *run.epochs.last().expect("pass 0 is always there"),
    );
    let mut text = String::new();
    let _ = writeln!(
        text,
        "//! The tuned evaluation's values (chapter 15), written by `cargo xtask tune`: tune again\n\
         //! rather than edit them by hand.\n\
         //!\n\
         //! - command: `{}`\n\
         //! - data: `{}`, FNV-1a hash `{:016x}`, made as its header says:",
        run.command, run.data, run.hash
    );
    for line in &run.made_by {
        let _ = writeln!(text, "//!   `{}`", line.trim_start_matches('#').trim());
    }
    let _ = writeln!(
        text,
        "//! - split: one game in {} held out, {} training and {} validation positions\n\
         //! - {} midgame or endgame values with the evidence of fewer than {} training positions\n\
         //!   kept their starting values;\n\
         //!   groups held at their starting values: {}; groups held centred: {}\n\
         //! - scaling constant k = {:.4}\n\
         //! - mean squared error after {} passes: training {:.6} (from {:.6}), validation {:.6}\n\
         //!   (from {:.6})\n",
        run.hold_out,
        run.training,
        run.validation,
        run.frozen,
        run.least,
        or_none(&run.held),
        or_none(&run.centred),
        run.k,
        last.number,
        last.training,
        first.training,
        last.validation,
        first.validation
    );
    text.push_str(
        "use crate::eval::Score;\nuse crate::params::Params;\n\n\
         /// The values `cargo xtask tune` found, in the layout of [`crate::params`].\n\
         #[rustfmt::skip]\npub const TUNED: Params = [\n",
    );
    for group in GROUPS {
        let _ = writeln!(text, "    // {} (by {})", group.name, group.index);
        let values = &weights[group.start..group.start + group.len];
        for row in values.chunks(8) {
            let cells: Vec<String> = row
                .iter()
                .map(|[m, e]| format!("Score::new({}, {})", m.round() as i32, e.round() as i32))
                .collect();
            let _ = writeln!(text, "    {},", cells.join(", "));
        }
    }
    text.push_str("];\n");
    text
}

/// What the data held, as a table of one value a row, with the data file's own header.
fn summary(run: &Run) -> String {
    let mut text = format!(
        "# The positions cargo xtask tune learnt from, counted as it read them: games by result\n\
         # (a game none of whose positions was kept is not counted), positions, the split, the\n\
         # values counted too seldom to tune (frozen, kept at their starting values) and the\n\
         # scaling constant. Made by: {}\n\
         # The data file, {} (FNV-1a {:016x}), says of itself:\n",
        run.command, run.data, run.hash
    );
    for line in &run.made_by {
        let _ = writeln!(text, "#   {}", line.trim_start_matches('#').trim());
    }
    let games = run.games;
    let rows = [
        (
            "games",
            (games.white_wins + games.draws + games.black_wins).to_string(),
        ),
        ("white_wins", games.white_wins.to_string()),
        ("draws", games.draws.to_string()),
        ("black_wins", games.black_wins.to_string()),
        ("positions", (run.training + run.validation).to_string()),
        ("training", run.training.to_string()),
        ("validation", run.validation.to_string()),
        ("frozen", run.frozen.to_string()),
        ("held", or_none(&run.held).to_string()),
        ("centred", or_none(&run.centred).to_string()),
        ("k", format!("{:.4}", run.k)),
    ];
    text.push_str("measure value\n");
    for (name, value) in rows {
        let _ = writeln!(text, "{name} {value}");
    }
    text
}

/// The errors by pass, as a plain table with a header saying how they were made.
fn losses(run: &Run) -> String {
    let mut text = format!(
        "# The tuner's mean squared error after each pass (0 is before the first), on the\n\
         # training and on the held-out positions. Made by: {}\n\
         epoch training validation\n",
        run.command
    );
    for epoch in &run.epochs {
        let _ = writeln!(
            text,
            "{} {:.6} {:.6}",
            epoch.number, epoch.training, epoch.validation
        );
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_generated_source_holds_every_value_and_says_how_it_was_made() {
        let weights: Weights = INITIAL
            .iter()
            .map(|s| [f64::from(s.midgame), f64::from(s.endgame)])
            .collect();
        let epoch = |number, loss| Epoch {
            number,
            training: loss,
            validation: loss,
        };
        let run = Run {
            command: "cargo xtask tune --data d.txt".to_string(),
            data: "d.txt".to_string(),
            hash: fnv1a(b"data"),
            made_by: vec!["# made by: cargo xtask datagen --games 2 --seed 9"],
            training: 2,
            validation: 1,
            hold_out: 10,
            least: 100,
            frozen: 0,
            held: String::new(),
            centred: String::new(),
            k: 1.0,
            epochs: vec![epoch(0, 0.1), epoch(1, 0.09)],
            games: Games::default(),
        };
        let text = source(&run, &weights);
        assert_eq!(text.matches("Score::new(").count(), weights.len());
        assert!(text.contains("--seed 9"));
        assert!(text.contains(&format!("{:016x}", fnv1a(b"data"))));
        assert!(text.contains("training 0.090000 (from 0.100000)"));
    }

    #[test]
    fn games_are_counted_once_each_by_their_result() {
        let text = "\
            4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 | 1.0 | 0\n\
            4k3/8/8/8/8/4P3/8/4K3 b - - 0 1 | 1.0 | 0\n\
            4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 | 0.5 | 1\n\
            4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 | 0.0 | 2\n";
        let games = Games::of(&data::read(text).unwrap());
        assert_eq!(
            games,
            Games {
                white_wins: 1,
                draws: 1,
                black_wins: 1
            }
        );
    }
}
