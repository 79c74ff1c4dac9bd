//! `cargo xtask screenshot`: renders pages of the built book to PNG with headless Chromium,
//! so that a reviewer can look at a chapter, in any theme and at phone or desktop width,
//! without a desktop.

use crate::{repo_root, run};
use anyhow::{Context, Result, anyhow, bail};
use std::path::{Path, PathBuf};
use std::process::Command;

/// The themes mdBook ships.
const THEMES: [&str; 5] = ["light", "rust", "coal", "navy", "ayu"];

/// Flags for Chromium running headless as root on a machine with no network beyond the
/// package registries: no sandbox (root), no GPU, and none of the background connections it
/// would otherwise try and fail to make.
const CHROMIUM_FLAGS: [&str; 8] = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--hide-scrollbars",
];

/// A script that removes everything in the page's `main` element before the element with
/// the given id, so the page starts there.
const START_AT_ANCHOR: &str = "(function (id) {
  let node = document.getElementById(id);
  while (node.parentElement && node.parentElement.tagName !== 'MAIN') node = node.parentElement;
  while (node.previousElementSibling) node.previousElementSibling.remove();
})";

/// `cargo xtask screenshot [--theme THEME] [--phone] [--height PIXELS] PAGE[#ANCHOR]...`.
#[derive(Debug, clap::Args)]
#[command(args_override_self = true)]
#[command(after_help = "Each PNG is target/screenshots/PAGE[-ANCHOR]-THEME[-phone].png.")]
pub struct ScreenshotArgs {
    /// The mdBook theme to render in.
    #[arg(long, default_value = "light", value_parser = clap::builder::PossibleValuesParser::new(THEMES))]
    theme: String,
    /// Render at a phone's width (390 pixels) instead of a desktop's (1280).
    #[arg(long)]
    phone: bool,
    /// The height of the picture, in pixels.
    #[arg(long, value_name = "PIXELS", default_value_t = 1600)]
    height: u32,
    /// Pages of book/build/html, by name, each scrolled to its heading ANCHOR if one is given.
    #[arg(value_name = "PAGE[#ANCHOR]", required = true)]
    pages: Vec<String>,
}

/// Runs `cargo xtask screenshot …`.
pub fn main(args: &ScreenshotArgs) -> Result<()> {
    let (theme, phone, height) = (&args.theme, args.phone, args.height);
    let root = repo_root();
    crate::book::build(&root)?;
    let chromium = chromium()?;
    let out = root.join("target/screenshots");
    std::fs::create_dir_all(&out).with_context(|| out.display().to_string())?;
    let width = if phone { 390 } else { 1280 };
    for page in &args.pages {
        let png = shoot(&root, &chromium, page, theme, (width, height))?;
        println!("{}", png.display());
    }
    Ok(())
}

/// Renders `page` (a page name, with an optional `#anchor`) in `theme` at `size` (width,
/// height in CSS pixels) and returns the PNG's path.
fn shoot(
    root: &Path,
    chromium: &Path,
    page: &str,
    theme: &str,
    size: (u32, u32),
) -> Result<PathBuf> {
    let html = root.join("book/build/html");
    let (name, anchor) = page
        .split_once('#')
        .map_or((page, None), |(n, a)| (n, Some(a)));
    let name = name.trim_end_matches(".html");
    let source = std::fs::read_to_string(html.join(format!("{name}.html")))
        .with_context(|| format!("no page {name:?} in the built book"))?;
    // A copy of the page beside it, so its relative links still resolve, that opens in
    // `theme` (mdBook picks the theme in a script, from this default) and, for an anchor,
    // starts at it: the part of the page before it is removed, because headless Chromium
    // paints a page scrolled to an anchor blank.
    let mut themed = source
        .replace(
            "default_light_theme = \"light\"",
            &format!("default_light_theme = \"{theme}\""),
        )
        .replace(
            "<html lang=\"en\" class=\"light",
            &format!("<html lang=\"en\" class=\"{theme}"),
        );
    if let Some(anchor) = anchor {
        if !source.contains(&format!("id=\"{anchor}\"")) {
            bail!("page {name:?} has no anchor #{anchor}");
        }
        let script = format!("<script>{START_AT_ANCHOR}(\"{anchor}\");</script></body>");
        themed = themed.replace("</body>", &script);
    }
    let copy = html.join(format!(".screenshot-{name}.html"));
    std::fs::write(&copy, themed).with_context(|| copy.display().to_string())?;

    let phone = if size.0 < 600 { "-phone" } else { "" };
    let anchor_part = anchor.map(|a| format!("-{a}")).unwrap_or_default();
    let png = root.join(format!(
        "target/screenshots/{name}{anchor_part}-{theme}{phone}.png"
    ));
    let profile = std::env::temp_dir().join(format!("cb2026-chromium-{}", std::process::id()));
    let url = format!("file://{}", copy.display());
    let result = run(Command::new(chromium)
        .args(CHROMIUM_FLAGS)
        .arg(format!("--user-data-dir={}", profile.display()))
        .arg(format!("--window-size={},{}", size.0, size.1))
        .arg("--force-device-scale-factor=1")
        .arg(format!("--screenshot={}", png.display()))
        .arg(url)
        .stderr(std::process::Stdio::null()));
    let _ = std::fs::remove_file(&copy);
    let _ = std::fs::remove_dir_all(&profile);
    result.map(|()| png)
}

/// The Chromium binary: Debian's `chromium` package, installed with apt-get if it is missing.
fn chromium() -> Result<PathBuf> {
    let path = PathBuf::from("/usr/bin/chromium");
    if path.exists() {
        return Ok(path);
    }
    println!("installing Debian's chromium package for the screenshots (once)");
    run(Command::new("apt-get").arg("update").arg("-q"))
        .and_then(|()| run(Command::new("apt-get").args(["install", "-y", "-q", "chromium"])))
        .map_err(|e| {
            anyhow!("{e:#}\nscreenshots need Debian's chromium: apt-get install chromium")
        })?;
    Ok(path)
}
