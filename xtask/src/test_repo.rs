//! A throwaway copy of the parts of this repository the checks read, for tests that doctor a
//! chapter, a source file or the plan and watch the check fail.

use crate::chapters::{self, Problem};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

/// A copy of stages.toml, the book's pages and data, the engine's, the tuner's and xtask's
/// sources and the engine's snapshots and transcripts in a temporary folder, removed when the
/// value is dropped.
pub struct TestRepo {
    /// The folder holding the copy.
    root: PathBuf,
}

/// Numbers the copies made by one test run, so tests running at once never share one.
static NEXT: AtomicUsize = AtomicUsize::new(0);

impl TestRepo {
    /// A fresh copy of this repository's checked parts.
    pub fn copy_of_this_one() -> TestRepo {
        let n = NEXT.fetch_add(1, Ordering::Relaxed);
        let root = std::env::temp_dir().join(format!("cb2026-xtask-{}-{n}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        let from = crate::repo_root();
        std::fs::create_dir_all(&root).unwrap();
        for file in ["stages.toml", "Cargo.toml"] {
            std::fs::copy(from.join(file), root.join(file)).unwrap();
        }
        for dir in [
            "book/src",
            "book/data",
            "crates/engine/src",
            "crates/tune/src",
            "xtask/src",
            "crates/engine/tests/snapshots",
            "crates/engine/tests/transcripts",
        ] {
            copy_dir(&from.join(dir), &root.join(dir));
        }
        TestRepo { root }
    }

    /// The copy's root folder.
    pub fn root(&self) -> &Path {
        &self.root
    }

    /// The problems `check-chapters` finds in the copy.
    pub fn check(&self) -> Vec<Problem> {
        chapters::check(&self.root).unwrap()
    }

    /// The text of `file`, relative to the copy's root.
    pub fn read(&self, file: &str) -> String {
        std::fs::read_to_string(self.root.join(file)).unwrap()
    }

    /// Replaces the text of `file`.
    pub fn write(&self, file: &str, text: &str) {
        std::fs::write(self.root.join(file), text).unwrap();
    }

    /// Replaces the one occurrence of `from` in `file` by `to`; panics if there is not exactly
    /// one, so a test cannot pass by editing nothing.
    pub fn edit(&self, file: &str, from: &str, to: &str) {
        let text = self.read(file);
        assert_eq!(text.matches(from).count(), 1, "{from:?} in {file}");
        self.write(file, &text.replacen(from, to, 1));
    }

    /// The line number, from 1, of the line of book page `page` that is exactly `line`.
    pub fn line_of(&self, page: &str, line: &str) -> usize {
        let text = self.read(&format!("book/src/{page}"));
        text.lines()
            .position(|l| l == line)
            .expect("line is on the page")
            + 1
    }
}

impl Drop for TestRepo {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.root);
    }
}

/// Copies the folder `from` to `to`, recursively.
fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), target).unwrap();
        }
    }
}
