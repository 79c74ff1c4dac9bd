//! `cargo xtask gui-screenshots`: cb2026 inside a real chess GUI, PyChess from Debian's
//! packages, on a virtual X display. PyChess finds cb2026's options by itself, plays a short
//! timed game of cb2026 against cb2026, and analyses a position with three lines (MultiPV 3);
//! a screenshot of each goes into the book's images for chapter 6.
//!
//! PyChess runs with a fresh home folder under target/gui-screenshots, so the user's own
//! settings play no part; its settings, engine list and debug log (with every line it and the
//! engine exchanged) stay there for reading after a run.

mod pychess;
mod x11;

use crate::{repo_root, run, run_output};
use anyhow::{Context, Result, anyhow, bail};
use pychess::{PyChess, Running, Session};
use std::path::Path;
use std::process::Command;
use std::time::Duration;
use x11::{Display, wait_until};

/// Where the screenshots go, relative to the repository.
const IMAGES: &str = "book/src/images";

/// The record of the GUI's version, relative to the repository.
const RECORD: &str = "book/data/gui-screenshots.txt";

/// The scratch folder, relative to the repository: PyChess's home, the logs.
const SCRATCH: &str = "target/gui-screenshots";

/// Debian's packages the command needs, each with a file that shows it is installed.
const PACKAGES: [(&str, &str); 4] = [
    ("pychess", "/usr/games/pychess"),
    ("xvfb", "/usr/bin/Xvfb"),
    ("xdotool", "/usr/bin/xdotool"),
    ("imagemagick", "/usr/bin/convert"),
];

/// The engine moves, both sides' together, after which the game is photographed: past
/// PyChess's opening book, which plays the first moves for the engines, into the middlegame.
const ENGINE_MOVES_BEFORE_SCREENSHOT: usize = 12;

/// How long the engine moves of the game may take, in all: far more than a 1+1 game needs.
const GAME_PATIENCE: Duration = Duration::from_secs(240);

/// The game whose last position is analysed: the Two Knights Defence, where White chooses
/// between a sharp try (Ng5) and quiet development (d3, Nc3).
const ANALYSED_MOVES: &str = "1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6 *";

/// The analysed game's PGN tags: the names go on PyChess's tab.
const ANALYSED_TAGS: &str = "[Event \"Two Knights Defence\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n\
    [Round \"-\"]\n[White \"White\"]\n[Black \"Black\"]\n[Result \"*\"]\n";

/// The same moves as UCI sends them: the analyser's `position` command ends with these.
const ANALYSED_UCI: &str = "e2e4 e7e5 g1f3 b8c6 f1c4 g8f6";

/// The lines the analysis shows: `MultiPV`.
const ANALYSIS_LINES: u64 = 3;

/// Runs `cargo xtask gui-screenshots`.
pub fn main() -> Result<()> {
    let root = repo_root();
    install_packages()?;
    println!("building the release engine");
    run(Command::new("cargo")
        .current_dir(&root)
        .args(crate::revision::ENGINE_BUILD)
        .arg("--quiet"))?;
    let scratch = root.join(SCRATCH);
    let _ = std::fs::remove_dir_all(&scratch);
    let images = root.join(IMAGES);
    for folder in [&scratch, &images] {
        std::fs::create_dir_all(folder).with_context(|| folder.display().to_string())?;
    }
    let display = Display::start(&scratch.join("xvfb.log"))?;
    let pychess = PyChess::new(
        &scratch.join("home"),
        &crate::revision::engine_binary(&root.join("target")),
    )?;
    let version = pychess_version()?;
    println!(
        "PyChess {version} (Debian's package), display {}",
        display.name()
    );
    game_screenshot(
        &display,
        &pychess,
        &scratch,
        &images.join("pychess-game.png"),
    )?;
    analysis_screenshot(
        &display,
        &pychess,
        &scratch,
        &images.join("pychess-multipv.png"),
    )?;
    write_record(&root.join(RECORD), &version)?;
    println!("PyChess's settings and logs: {}", scratch.display());
    Ok(())
}

/// Starts PyChess for the game, plays it up to the screenshot, and ends PyChess.
fn game_screenshot(display: &Display, pychess: &PyChess, scratch: &Path, png: &Path) -> Result<()> {
    println!("PyChess: cb2026 against cb2026, 1 min + 1 s a move");
    let session = pychess.start(display, Session::Game, None)?;
    explain(play_game(display, &session, png), display, scratch)
}

/// Sets cb2026's `MultiPV`, starts PyChess on the analysed game, analyses it up to the
/// screenshot, and ends PyChess.
fn analysis_screenshot(
    display: &Display,
    pychess: &PyChess,
    scratch: &Path,
    png: &Path,
) -> Result<()> {
    println!("PyChess: analysing 1.e4 e5 2.Nf3 Nc6 3.Bc4 Nf6 with MultiPV {ANALYSIS_LINES}");
    pychess.set_engine_option("MultiPV", ANALYSIS_LINES)?;
    let pgn = scratch.join("analysed.pgn");
    let text = format!("{ANALYSED_TAGS}\n{ANALYSED_MOVES}\n");
    std::fs::write(&pgn, text).with_context(|| pgn.display().to_string())?;
    let session = pychess.start(display, Session::Analysis, Some(&pgn))?;
    explain(analyse(display, &session, png), display, scratch)
}

/// `result`, with a failure's message saying where to look: a screenshot of what the screen
/// showed when the run gave up, and PyChess's settings and logs.
fn explain(result: Result<()>, display: &Display, scratch: &Path) -> Result<()> {
    result.map_err(|problem| {
        let screen = scratch.join("failure.png");
        let _ = display.screenshot(&screen);
        anyhow!(
            "{problem:#}\nthe screen then: {}; PyChess's settings and logs: {}",
            screen.display(),
            scratch.display()
        )
    })
}

/// Starts a game of cb2026 against cb2026 at 1 minute and 1 second a move from PyChess's
/// New Game dialog (filled in by its settings), and photographs the board in the middlegame.
fn play_game(display: &Display, session: &Running, png: &Path) -> Result<()> {
    let main = session.main_window(display)?;
    display.press(&main, "ctrl+n")?;
    let dialog = display.wait_for_window("^New Game$", Duration::from_secs(20))?;
    display.press(&dialog, "Return")?;
    // The window is titled after the page it shows, a game by its players.
    wait_until(
        "the game cb2026 - cb2026 to start",
        Duration::from_secs(30),
        || {
            let title = display.title(&main).ok()?;
            (title.matches("cb2026").count() == 2).then_some(())
        },
    )?;
    let moves = wait_until(
        &format!("{ENGINE_MOVES_BEFORE_SCREENSHOT} engine moves"),
        GAME_PATIENCE,
        || {
            let moves = session.log().matches(" DEBUG: bestmove ").count();
            (moves >= ENGINE_MOVES_BEFORE_SCREENSHOT).then_some(moves)
        },
    )?;
    // The board is drawn after the move is read: give it a moment.
    std::thread::sleep(Duration::from_secs(1));
    display.screenshot(png)?;
    println!("after {moves} engine moves: {}", describe(png)?);
    Ok(())
}

/// Opens the game PyChess was started with, with cb2026 as its analyser, waits for the
/// analysis of its last position to end, and photographs it.
fn analyse(display: &Display, session: &Running, png: &Path) -> Result<()> {
    session.main_window(display)?;
    // The file opens as a database of one game; a double click on its row opens the game in
    // the Enter Game dialog, which starts it.
    let dialog = wait_until("the Enter Game dialog", Duration::from_secs(30), || {
        display.click(pychess::FIRST_DATABASE_ROW, 2).ok()?;
        std::thread::sleep(Duration::from_secs(1));
        display.find_window("^Enter Game$")
    })?;
    display.press(&dialog, "Return")?;
    let multipv = format!("setoption name MultiPV value {ANALYSIS_LINES}");
    wait_until(
        "cb2026 to be asked for three lines",
        Duration::from_secs(30),
        || session.log().contains(&multipv).then_some(()),
    )?;
    wait_until("the analysis to end", Duration::from_secs(60), || {
        analysis_ended(&session.log()).then_some(())
    })?;
    display.click(pychess::HINTS_TAB, 1)?;
    std::thread::sleep(Duration::from_secs(1));
    display.screenshot(png)?;
    println!("analysis: {}", describe(png)?);
    Ok(())
}

/// Whether PyChess's `log` shows the analysis of the analysed position ended by its time
/// rather than stopped: PyChess stops the analyser's first search when the game is set up,
/// and starts it again.
fn analysis_ended(log: &str) -> bool {
    let Some(go) = log.rfind(" DEBUG: go movetime ") else {
        return false;
    };
    let (before, after) = log.split_at(go);
    let position = before.rfind(" DEBUG: position ").map(|at| &before[at..]);
    let Some(ended) = after.find(" DEBUG: bestmove ") else {
        return false;
    };
    position.is_some_and(|line| line.lines().next().unwrap_or("").ends_with(ANALYSED_UCI))
        && !after[..ended].contains(" DEBUG: stop")
}

/// PyChess's version, as Debian's package manager knows it.
fn pychess_version() -> Result<String> {
    run_output(Command::new("dpkg-query").args(["-W", "-f=${Version}", "pychess"]))
}

/// Writes the record chapter 6 quotes the GUI's version from.
fn write_record(path: &Path, version: &str) -> Result<()> {
    let text = format!(
        "# The chess GUI of the screenshots in {IMAGES}, and its version in Debian.\n\
         # Made by: cargo xtask gui-screenshots\n\
         gui package version\n\
         PyChess pychess {version}\n"
    );
    std::fs::write(path, text).with_context(|| path.display().to_string())
}

/// The path of `png` and its size, for the run's output.
fn describe(png: &Path) -> Result<String> {
    let bytes = std::fs::metadata(png)
        .with_context(|| png.display().to_string())?
        .len();
    Ok(format!("{} ({} KB)", png.display(), bytes.div_ceil(1024)))
}

/// Installs the Debian packages the command needs that are missing: with apt-get when run as
/// root, otherwise it fails naming them.
fn install_packages() -> Result<()> {
    let missing: Vec<&str> = PACKAGES
        .iter()
        .filter(|(_, file)| !Path::new(file).exists())
        .map(|(package, _)| *package)
        .collect();
    if missing.is_empty() {
        return Ok(());
    }
    let install = format!("apt-get install -y {}", missing.join(" "));
    let root = run_output(Command::new("id").arg("-u")).is_ok_and(|id| id.trim() == "0");
    if !root {
        bail!("missing Debian packages; as root, run: {install}");
    }
    println!("installing Debian's {} (once)", missing.join(", "));
    run(Command::new("apt-get").args(["update", "-q"]))
        .and_then(|()| {
            run(Command::new("apt-get")
                .args(["install", "-y", "-q"])
                .args(&missing))
        })
        .map_err(|e| anyhow!("{e:#}\nthe screenshots need: {install}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_analysis_has_ended_when_its_last_search_ran_out_of_time_unstopped() {
        let position = format!("t DEBUG: position startpos moves {ANALYSED_UCI}\n");
        let go = "t DEBUG: go movetime 10000\n";
        let stopped = format!("{position}{go}t DEBUG: stop\nt DEBUG: bestmove b1c3\n");
        assert!(!analysis_ended(&stopped));
        assert!(!analysis_ended(&format!(
            "{stopped}{position}{go}t DEBUG: info depth 5\n"
        )));
        assert!(analysis_ended(&format!(
            "{stopped}{position}{go}t DEBUG: bestmove f3g5\n"
        )));
        let elsewhere = "t DEBUG: position startpos moves e2e4\n";
        assert!(!analysis_ended(&format!(
            "{elsewhere}{go}t DEBUG: bestmove d7d5\n"
        )));
    }
}
