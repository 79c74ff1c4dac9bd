//! PyChess, run with a home folder of its own: the engine list that registers cb2026, the
//! settings that fill its New Game dialog, and its debug log, which records every line it
//! and the engines exchange and so tells the run how far a game or an analysis has come.

use super::x11::{Display, SCREEN, Window, wait_until};
use anyhow::{Context, Result};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

/// Where the first row of a database's game list is, on a screen-filling window.
pub const FIRST_DATABASE_ROW: (u32, u32) = (300, 148);

/// Where the Hints tab (the analysis panel) is, under the board of a screen-filling window.
pub const HINTS_TAB: (u32, u32) = (55, 521);

/// The name cb2026 has in PyChess's engine list.
const ENGINE_NAME: &str = "cb2026";

/// What PyChess is started for: its New Game dialog is filled in for one or the other.
#[derive(Clone, Copy, Debug)]
pub enum Session {
    /// cb2026 plays cb2026 at 1 minute and 1 second a move.
    Game,
    /// Two humans, no clock: the analyser (cb2026) has the board to itself.
    Analysis,
}

/// PyChess's home folder, with cb2026 registered in it.
pub struct PyChess {
    /// The home folder PyChess runs with.
    home: PathBuf,
}

/// A running PyChess. Dropping it ends the program.
pub struct Running {
    /// The home folder, where its log is.
    home: PathBuf,
    /// The program.
    child: Child,
}

impl PyChess {
    /// Makes `home` and registers `engine` in it as a UCI engine named cb2026, the way
    /// PyChess's own Engines dialog does: PyChess asks the engine for its options when it
    /// starts.
    pub fn new(home: &Path, engine: &Path) -> Result<PyChess> {
        let config = home.join(".config/pychess");
        std::fs::create_dir_all(&config).with_context(|| config.display().to_string())?;
        let folder = engine.parent().unwrap_or(Path::new("/"));
        let entry = serde_json::json!([{
            "name": ENGINE_NAME,
            "protocol": "uci",
            "command": engine,
            "workingDirectory": folder,
            "recheck": true,
            "country": "unknown",
            "comment": "",
            "level": 20,
        }]);
        write(&config.join("engines.json"), &format!("{entry:#}\n"))?;
        Ok(PyChess {
            home: home.to_path_buf(),
        })
    }

    /// Starts PyChess for `session` on `display`, opening `file` if there is one.
    pub fn start(
        &self,
        display: &Display,
        session: Session,
        file: Option<&Path>,
    ) -> Result<Running> {
        write(
            &self.home.join(".config/pychess/config"),
            &settings(session),
        )?;
        let output = self.home.with_file_name(format!("pychess-{session:?}.out"));
        let output =
            std::fs::File::create(&output).with_context(|| output.display().to_string())?;
        let errors = output
            .try_clone()
            .context("cannot share PyChess's log file")?;
        let child = Command::new("/usr/games/pychess")
            .args(["--no-version-check", "--log-debug"])
            .args(file)
            .env_clear()
            .env("HOME", &self.home)
            .env("DISPLAY", display.name())
            // Only the system's own programs: no engine on the user's PATH joins the list.
            .env("PATH", "/usr/bin:/bin")
            .env("LANG", "C.UTF-8")
            .stdin(Stdio::null())
            .stdout(output)
            .stderr(errors)
            .spawn()
            .context("cannot start PyChess")?;
        Ok(Running {
            home: self.home.clone(),
            child,
        })
    }

    /// Sets `option` of cb2026 to `value` in PyChess's engine list, as its Engines dialog
    /// would: PyChess sends it with `setoption` whenever it starts the engine.
    pub fn set_engine_option(&self, option: &str, value: u64) -> Result<()> {
        let path = self.home.join(".config/pychess/engines.json");
        let text = std::fs::read_to_string(&path).with_context(|| path.display().to_string())?;
        let mut engines: serde_json::Value =
            serde_json::from_str(&text).with_context(|| path.display().to_string())?;
        let found = engines
            .as_array_mut()
            .and_then(|list| list.iter_mut().find(|e| e["name"] == ENGINE_NAME))
            .and_then(|engine| engine["options"].as_array_mut())
            .and_then(|options| options.iter_mut().find(|o| o["name"] == option))
            .with_context(|| format!("{}: cb2026 has no option {option:?}", path.display()))?;
        found["value"] = value.into();
        write(&path, &format!("{engines:#}\n"))
    }
}

impl Running {
    /// PyChess's main window, once PyChess has asked cb2026 for its options, made to fill
    /// the screen.
    pub fn main_window(&self, display: &Display) -> Result<Window> {
        let engines = self.home.join(".config/pychess/engines.json");
        wait_until(
            "PyChess to read cb2026's options",
            Duration::from_secs(60),
            || {
                let text = std::fs::read_to_string(&engines).ok()?;
                text.contains("\"MultiPV\"").then_some(())
            },
        )?;
        let window = display.wait_for_window("PyChess$", Duration::from_secs(60))?;
        display.fill_screen(&window)?;
        // PyChess lays its panels out again for the new size.
        std::thread::sleep(Duration::from_secs(2));
        Ok(window)
    }

    /// PyChess's debug log so far (its newest log file), or nothing if it has none yet.
    pub fn log(&self) -> String {
        let folder = self.home.join(".local/share/pychess");
        let newest = std::fs::read_dir(folder)
            .into_iter()
            .flatten()
            .flatten()
            .map(|entry| entry.path())
            .filter(|path| path.extension().is_some_and(|e| e == "log"))
            .max();
        newest
            .and_then(|path| std::fs::read(path).ok())
            .map(|bytes| String::from_utf8_lossy(&bytes).into_owned())
            .unwrap_or_default()
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// PyChess's settings for `session`: its window filling the screen; no tips, questions,
/// sounds or network look-ups at start; the analysis panel on; and the New Game dialog's
/// players (0 is a human, 1 the first engine in PyChess's list, which is cb2026) and clock.
fn settings(session: Session) -> String {
    let (player, clock) = match session {
        Session::Game => (1, "notimeradio = False\nblitzradio = True\n"),
        Session::Analysis => (0, "notimeradio = True\nblitzradio = False\n"),
    };
    let (width, height) = SCREEN;
    format!(
        "[General]\n\
         mainwindow_x = 0\n\
         mainwindow_y = 0\n\
         mainwindow_width = {width}\n\
         mainwindow_height = {height}\n\
         show_tip_at_startup = False\n\
         dont_show_externals_at_startup = True\n\
         online_egtb_check = False\n\
         usesounds = False\n\
         hint_mode = True\n\
         analyzer_check = True\n\
         max_analysis_spin = 10\n\
         whiteplayercombobox = {player}\n\
         blackplayercombobox = {player}\n\
         skillslider1 = 20\n\
         skillslider2 = 20\n\
         {clock}\
         ngblitz min = 1\n\
         ngblitz gain = 1\n\
         playnormalradio = True\n"
    )
}

/// Writes `text` to `path`, naming the file if it cannot.
fn write(path: &Path, text: &str) -> Result<()> {
    std::fs::write(path, text).with_context(|| path.display().to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_game_seats_cb2026_on_both_sides_at_one_minute_and_one_second() {
        let game = settings(Session::Game);
        for line in [
            "whiteplayercombobox = 1",
            "blackplayercombobox = 1",
            "blitzradio = True",
            "ngblitz min = 1",
            "ngblitz gain = 1",
            "mainwindow_width = 1280",
        ] {
            assert!(game.contains(line), "{line} missing from\n{game}");
        }
        let analysis = settings(Session::Analysis);
        assert!(analysis.contains("whiteplayercombobox = 0\nblackplayercombobox = 0\n"));
        assert!(analysis.contains("notimeradio = True"));
    }

    #[test]
    fn an_option_pychess_found_is_set_in_its_engine_list_and_a_missing_one_is_named() {
        let home = std::env::temp_dir().join(format!("cb2026-pychess-{}", std::process::id()));
        let pychess = PyChess::new(&home, Path::new("/engines/cb2026")).unwrap();
        let list = home.join(".config/pychess/engines.json");
        let text = std::fs::read_to_string(&list).unwrap();
        let mut engines: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(engines[0]["protocol"], "uci");
        assert_eq!(engines[0]["command"], "/engines/cb2026");
        // What PyChess adds once it has asked the engine for its options.
        engines[0]["options"] = serde_json::json!([{"name": "MultiPV", "default": 1}]);
        std::fs::write(&list, engines.to_string()).unwrap();

        pychess.set_engine_option("MultiPV", 3).unwrap();
        let text = std::fs::read_to_string(&list).unwrap();
        let engines: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(engines[0]["options"][0]["value"], 3);
        let error = pychess.set_engine_option("Skill Level", 3).unwrap_err();
        let error = format!("{error:#}");
        assert!(error.contains("\"Skill Level\""), "{error}");
        std::fs::remove_dir_all(&home).unwrap();
    }
}
