//! The fuzz targets: for each reader, how its inputs are made and what is asserted of them.
//! Every target asserts that nothing panics (the driver catches panics on any thread); each
//! adds what its reader promises.

use super::generate::{self, Gen};
use super::uci_check;
use crate::games::openings::{Opening, from_epd, from_pgn};
use crate::games::record::Record;
use crate::suites::epd;
use anyhow::{Context, Result, bail};
use cb2026::Position;
use cb2026::movegen::legal_moves;

/// Real files the inputs are made from: the project's games, openings, suites and records.
#[derive(Default)]
pub struct Corpus {
    /// PGN files' texts.
    pub pgn: Vec<String>,
    /// EPD files' texts (the opening set and the suites).
    pub epd: Vec<String>,
    /// Game records' TOML texts.
    pub records: Vec<String>,
}

/// A fuzz target: its name, how an input is made, and the check it must pass.
pub struct Target {
    /// The name, as `--target` takes it.
    pub name: &'static str,
    /// Makes one input.
    pub make: fn(&mut Gen, &Corpus) -> String,
    /// Checks one input: `Err` says which promise it broke.
    pub check: fn(&str) -> Result<()>,
}

/// Every target, in the order the driver takes them.
pub const TARGETS: [Target; 6] = [
    Target {
        name: "fen",
        make: |random, _| generate::fen(random),
        check: check_fen,
    },
    Target {
        name: "uci",
        make: |random, _| {
            (0..1 + random.below(8))
                .map(|_| generate::uci_line(random) + "\n")
                .collect()
        },
        check: uci_check::check_script,
    },
    Target {
        name: "position",
        make: |random, _| {
            (0..1 + random.below(3))
                .map(|_| generate::position_command(random) + "\n")
                .collect()
        },
        check: uci_check::check_script,
    },
    Target {
        name: "pgn",
        make: |random, corpus| {
            let text = excerpt_of(random, &corpus.pgn, 20);
            generate::edit_file(random, &text, 3, PGN_WORDS)
        },
        check: check_pgn,
    },
    Target {
        name: "epd",
        make: |random, corpus| {
            let text = excerpt_of(random, &corpus.epd, 6);
            generate::edit_file(random, &text, 3, EPD_WORDS)
        },
        check: check_epd,
    },
    Target {
        name: "record",
        make: |random, corpus| {
            let text = if corpus.records.is_empty() {
                String::new()
            } else {
                random.pick(&corpus.records).clone()
            };
            generate::edit_file(random, &text, 3, RECORD_WORDS)
        },
        check: check_record,
    },
];

/// Words that PGN edits put in: moves good and bad, and the marks PGN is made of.
const PGN_WORDS: &[&str] = &[
    "e4",
    "Nf3",
    "O-O",
    "O-O-O",
    "exd6",
    "e8=Q",
    "Qxh7#",
    "Ke2+",
    "1.",
    "12...",
    "{",
    "}",
    "(",
    ")",
    "$1",
    "1-0",
    "*",
    "[FEN",
    "\"8/8/8/8/8/8/8/8",
    "w",
    "-",
    "]",
    "Nbd7",
    "a1=K",
    "",
];

/// Words that EPD edits put in.
const EPD_WORDS: &[&str] = &[
    "bm",
    "c8",
    "c9",
    "\"10",
    "7\";",
    "\"e2e4\";",
    "id",
    "-",
    "w",
    "b",
    "KQkq",
    "e3",
    ";",
    "\"",
    "99999999999",
    "",
];

/// Words that record edits put in: scores, endings and numbers at the edges.
const RECORD_WORDS: &[&str] = &[
    "\"1",
    "0.5",
    "0",
    "1",
    "2",
    "-1",
    "mate",
    "time-a",
    "crash-b\",",
    "nan",
    "inf",
    "1e308",
    "0.0",
    "elo0",
    "alpha",
    "=",
    "[",
    "]",
    "\"",
    "[sprt]",
    "18446744073709551616",
    "",
];

/// A random excerpt of one of `texts`.
fn excerpt_of(random: &mut Gen, texts: &[String], lines: usize) -> String {
    if texts.is_empty() {
        return String::new();
    }
    let text = random.pick(texts).clone();
    generate::excerpt(random, &text, lines)
}

/// A FEN is read or refused; one that is read writes back as itself, its key is the one
/// computed from scratch, and its legal moves are the ones cozy-chess finds (where cozy-chess
/// reads the FEN too).
pub fn check_fen(text: &str) -> Result<()> {
    let Ok(position) = Position::from_fen(text) else {
        return Ok(());
    };
    let written = position.to_string();
    if Position::from_fen(&written).as_ref() != Ok(&position) {
        bail!("{text:?} reads, but its FEN {written} reads differently");
    }
    if position.key() != position.compute_key() {
        bail!("{text:?}: the key differs from the one computed from scratch");
    }
    let mut ours: Vec<String> = legal_moves(&position)
        .as_slice()
        .iter()
        .map(|m| m.to_string())
        .collect();
    ours.sort();
    if let Ok(board) = cozy_chess::Board::from_fen(&written, false) {
        let mut theirs = Vec::new();
        board.generate_moves(|moves| {
            for mv in moves {
                theirs.push(cozy_chess::util::display_uci_move(&board, mv).to_string());
            }
            false
        });
        theirs.sort();
        if ours != theirs {
            bail!("{written}: our moves {ours:?}, cozy-chess's {theirs:?}");
        }
    }
    Ok(())
}

/// Every opening read is a valid start with legal moves.
fn check_openings(openings: &[Opening]) -> Result<()> {
    for opening in openings {
        let mut position = Position::from_fen(&opening.fen)
            .with_context(|| format!("an opening's FEN {} does not read", opening.fen))?;
        for &mv in &opening.moves {
            if !legal_moves(&position).as_slice().contains(&mv) {
                bail!("an opening's move {mv} is illegal in {position}");
            }
            position = position.make(mv);
        }
    }
    Ok(())
}

/// A PGN text is read or refused, and what is read is legal.
pub fn check_pgn(text: &str) -> Result<()> {
    from_pgn(text).map_or(Ok(()), |openings| check_openings(&openings))
}

/// An EPD text is read or refused, as openings and as a suite; what is read is legal.
pub fn check_epd(text: &str) -> Result<()> {
    if let Ok(openings) = from_epd(text) {
        check_openings(&openings)?;
    }
    if let Ok(suite) = epd::read(text) {
        for position in &suite {
            let start = Position::from_fen(&position.fen)?;
            for (mv, _) in &position.scored {
                cb2026::movegen::find_move(&start, mv).map_err(anyhow::Error::msg)?;
            }
        }
    }
    Ok(())
}

/// A record is read or refused, and the figures of one that is read are computed or refused.
pub fn check_record(text: &str) -> Result<()> {
    if let Ok(record) = Record::parse(text) {
        let _ = record.summary();
        let _ = record.elo();
        let _ = record.llr_path();
    }
    Ok(())
}
