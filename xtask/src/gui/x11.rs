//! A virtual X display (Xvfb) and the tools that drive it: `xdotool` finds windows, moves
//! them and sends them keys and clicks, ImageMagick's `import` photographs the screen. Every
//! wait has a deadline and every command a time limit, so a GUI that never shows what is
//! awaited fails the run with a message instead of hanging it.

use crate::run_output;
use anyhow::{Context, Result, bail};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// The screen's size in pixels; the GUI's window is made to fill it.
pub const SCREEN: (u32, u32) = (1280, 800);

/// The longest any one `xdotool` or ImageMagick command may take, in seconds, before
/// `timeout` ends it.
const COMMAND_SECONDS: &str = "20";

/// How often a wait looks again.
const POLL: Duration = Duration::from_millis(250);

/// A running Xvfb server on a display number no other X server uses. Dropping it stops
/// the server.
pub struct Display {
    /// The display's number: `:N`.
    number: u32,
    /// The server.
    xvfb: Child,
}

/// A top-level window on the display, by its X id.
#[derive(Clone, Debug)]
pub struct Window(String);

impl Display {
    /// Starts Xvfb on the first free display from :90 on, its output going to `log`, and
    /// waits for its socket.
    pub fn start(log: &Path) -> Result<Display> {
        let number = (90..200)
            .find(|n| !Path::new(&format!("/tmp/.X{n}-lock")).exists())
            .context("no free X display number between :90 and :199")?;
        let output = std::fs::File::create(log).with_context(|| log.display().to_string())?;
        let xvfb = Command::new("Xvfb")
            .arg(format!(":{number}"))
            .args(["-screen", "0", &format!("{}x{}x24", SCREEN.0, SCREEN.1)])
            .args(["-nolisten", "tcp"])
            .stdout(Stdio::null())
            .stderr(output)
            .spawn()
            .context("cannot start Xvfb")?;
        let display = Display { number, xvfb };
        let socket = PathBuf::from(format!("/tmp/.X11-unix/X{number}"));
        wait_until(
            &format!(
                "Xvfb to open display :{number} (its log: {})",
                log.display()
            ),
            Duration::from_secs(15),
            || socket.exists().then_some(()),
        )?;
        Ok(display)
    }

    /// The display's name, for `DISPLAY`.
    pub fn name(&self) -> String {
        format!(":{}", self.number)
    }

    /// Runs `program` with `args` on this display, ended by `timeout` if it takes too long,
    /// and returns what it printed.
    fn tool(&self, program: &str, args: &[&str]) -> Result<String> {
        run_output(
            Command::new("timeout")
                .arg(COMMAND_SECONDS)
                .arg(program)
                .args(args)
                .env("DISPLAY", self.name()),
        )
    }

    /// The first visible window whose title matches the regular expression `title`, waiting
    /// for it up to `patience`.
    pub fn wait_for_window(&self, title: &str, patience: Duration) -> Result<Window> {
        wait_until(&format!("a window titled {title:?}"), patience, || {
            self.find_window(title)
        })
    }

    /// The first visible window whose title matches `title`, if there is one now.
    pub fn find_window(&self, title: &str) -> Option<Window> {
        // `xdotool search` fails when it finds nothing.
        let found = self
            .tool("xdotool", &["search", "--onlyvisible", "--name", title])
            .ok()?;
        found.lines().next().map(|id| Window(id.trim().to_string()))
    }

    /// The title of `window`.
    pub fn title(&self, window: &Window) -> Result<String> {
        let title = self.tool("xdotool", &["getwindowname", &window.0])?;
        Ok(title.trim().to_string())
    }

    /// Moves `window` to the screen's corner and makes it fill the screen. There is no
    /// window manager to maximise it.
    pub fn fill_screen(&self, window: &Window) -> Result<()> {
        let (width, height) = (SCREEN.0.to_string(), SCREEN.1.to_string());
        let id = window.0.as_str();
        let args = [
            "windowmove",
            id,
            "0",
            "0",
            "windowsize",
            id,
            &width,
            &height,
        ];
        self.tool("xdotool", &args).map(drop)
    }

    /// Gives `window` the keyboard and types `keys` (xdotool's names: `ctrl+n`, `Return`).
    pub fn press(&self, window: &Window, keys: &str) -> Result<()> {
        let args = ["windowfocus", "--sync", &window.0, "key", keys];
        self.tool("xdotool", &args).map(drop)
    }

    /// Clicks the left button `times` times at (`x`, `y`), in screen pixels.
    pub fn click(&self, (x, y): (u32, u32), times: u32) -> Result<()> {
        let (x, y, times) = (x.to_string(), y.to_string(), times.to_string());
        let args = [
            "mousemove",
            &x,
            &y,
            "click",
            "--repeat",
            &times,
            "--delay",
            "80",
            "1",
        ];
        self.tool("xdotool", &args).map(drop)
    }

    /// Photographs the whole screen into `png`, in at most 256 colours and undithered: a
    /// GUI has few colours, and the file stays small enough for the book.
    pub fn screenshot(&self, png: &Path) -> Result<()> {
        let raw = png.with_extension("raw.png");
        let raw_name = raw.to_string_lossy();
        self.tool("import", &["-window", "root", &raw_name])?;
        let out = format!("PNG8:{}", png.display());
        let args = [
            raw_name.as_ref(),
            "-strip",
            "-dither",
            "None",
            "-colors",
            "256",
            &out,
        ];
        let converted = self.tool("convert", &args).map(drop);
        let _ = std::fs::remove_file(&raw);
        converted
    }
}

impl Drop for Display {
    /// Stops Xvfb with SIGTERM, which lets it remove its lock file, so the display's number
    /// is free again.
    fn drop(&mut self) {
        let stopped = Command::new("kill")
            .args(["-TERM", &self.xvfb.id().to_string()])
            .status();
        if !stopped.is_ok_and(|status| status.success()) {
            let _ = self.xvfb.kill();
        }
        let _ = self.xvfb.wait();
    }
}

/// Calls `probe` until it returns something, and returns that; fails, naming `what` was
/// awaited, once `patience` has passed.
pub fn wait_until<T>(
    what: &str,
    patience: Duration,
    mut probe: impl FnMut() -> Option<T>,
) -> Result<T> {
    let deadline = Instant::now() + patience;
    loop {
        if let Some(found) = probe() {
            return Ok(found);
        }
        if Instant::now() > deadline {
            bail!("gave up after {} s waiting for {what}", patience.as_secs());
        }
        std::thread::sleep(POLL);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_wait_returns_what_it_found_or_names_what_never_came() {
        let mut calls = 0;
        let found = wait_until("a third call", Duration::from_secs(5), || {
            calls += 1;
            (calls == 3).then_some(calls)
        });
        assert_eq!(found.unwrap(), 3);
        let error = wait_until("a window", Duration::ZERO, || None::<()>).unwrap_err();
        let error = format!("{error:#}");
        assert!(error.contains("waiting for a window"), "{error}");
    }
}
