//! Which checkout of the repository xtask works on. It reads, checks and writes the files of
//! the checkout it was compiled in, whose folder the compiler wrote into it. Two clones that
//! share a target folder (a common `CARGO_TARGET_DIR`) can run each other's build, so before
//! any command xtask finds the checkout it runs in from the current folder, and refuses to go
//! on if the two are not the same.

use anyhow::{Context, Result, bail};
use std::path::{Path, PathBuf};

/// The checkout xtask was compiled in: the parent of this crate's folder.
pub fn compiled_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("xtask is inside the repository")
        .to_path_buf()
}

/// The checkout that `start` is in: the nearest folder, from `start` up, that holds both
/// `stages.toml` and the folder `xtask`.
pub fn find_root(start: &Path) -> Option<PathBuf> {
    start
        .ancestors()
        .find(|folder| folder.join("stages.toml").is_file() && folder.join("xtask").is_dir())
        .map(Path::to_path_buf)
}

/// Fails, saying why, unless the checkout that `current` (the current folder) is in is
/// `compiled` (the one xtask was compiled in).
pub fn check(current: &Path, compiled: &Path) -> Result<()> {
    let found = find_root(current).with_context(|| {
        format!(
            "{} is not inside a checkout of cb2026 (no folder above it holds stages.toml and \
             xtask/): run cargo xtask inside the checkout it should work on",
            current.display()
        )
    })?;
    let same = |a: &Path, b: &Path| match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => a == b,
    };
    if same(&found, compiled) {
        Ok(())
    } else {
        bail!(
            "this xtask was compiled from the checkout {} but runs in the checkout {}; \
             it would read and write the other one's files. Two checkouts share a target \
             folder (CARGO_TARGET_DIR?): give each its own, or make cargo build this one \
             again (touch xtask/src/main.rs)",
            compiled.display(),
            found.display()
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A fresh folder under the system's temporary folder, holding a checkout's two marks if
    /// `checkout` is set.
    fn folder(name: &str, checkout: bool) -> PathBuf {
        let path = std::env::temp_dir()
            .join(format!("cb2026-checkout-{}", std::process::id()))
            .join(name);
        let _ = std::fs::remove_dir_all(&path);
        std::fs::create_dir_all(path.join("book/src")).unwrap();
        if checkout {
            std::fs::create_dir_all(path.join("xtask")).unwrap();
            std::fs::write(path.join("stages.toml"), "").unwrap();
        }
        path
    }

    #[test]
    fn the_checkout_is_found_from_any_folder_inside_it() {
        let root = folder("one", true);
        assert_eq!(find_root(&root.join("book/src")), Some(root.clone()));
        assert_eq!(find_root(&root), Some(root.clone()));
        check(&root.join("book/src"), &root).unwrap();
    }

    #[test]
    fn running_in_another_checkout_is_refused_naming_both() {
        let compiled = folder("compiled", true);
        let other = folder("other", true);
        let error = format!("{:#}", check(&other.join("book"), &compiled).unwrap_err());
        assert!(
            error.contains(&format!(
                "compiled from the checkout {}",
                compiled.display()
            )),
            "{error}"
        );
        assert!(
            error.contains(&format!("runs in the checkout {}", other.display())),
            "{error}"
        );
    }

    #[test]
    fn running_outside_any_checkout_is_refused() {
        let outside = folder("outside", false);
        let error = format!(
            "{:#}",
            check(&outside, &folder("compiled-too", true)).unwrap_err()
        );
        assert!(
            error.contains("is not inside a checkout of cb2026"),
            "{error}"
        );
    }

    #[test]
    fn the_tests_run_in_the_checkout_they_were_compiled_in() {
        let here = std::env::current_dir().unwrap();
        check(&here, &compiled_root()).unwrap();
    }
}
