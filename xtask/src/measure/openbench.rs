//! cb2026 as OpenBench sees it: the engine's config in `openbench/cb2026.json`, the build
//! (`make EXE=name` in the config's build path) and the bench (`./name bench`), read by the
//! client's rule. These tests fail where a change would break an OpenBench instance.

use crate::repo_root;
use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

/// OpenBench's rule for reading a bench, as its client applies it to the engine's output
/// (standard error merged into standard output): from the last line up, with every character
/// but letters, digits and spaces made a space, the first `N nodes` (or `nodes N`, or
/// `nodes searched N`) is the bench, and the first `N nps` (or `nps N`, or
/// `nodes second N`) the speed. Returns (bench, nps).
pub fn openbench_reading(output: &str) -> (Option<u64>, Option<u64>) {
    let (mut bench, mut nps) = (None, None);
    for line in output.lines().rev() {
        let cleaned: String = line
            .chars()
            .map(|c| if c.is_ascii_alphanumeric() { c } else { ' ' })
            .collect();
        let words: Vec<String> = cleaned.split_whitespace().map(str::to_lowercase).collect();
        bench = bench.or_else(|| number_beside(&words, &[&["nodes"], &["nodes", "searched"]]));
        nps = nps.or_else(|| number_beside(&words, &[&["nps"], &["nodes", "second"]]));
    }
    (bench, nps)
}

/// The leftmost number in `words` directly before `labels[0]` (a single word), or directly
/// after any of `labels`.
fn number_beside(words: &[String], labels: &[&[&str]]) -> Option<u64> {
    let number = |w: &String| {
        w.parse::<u64>()
            .ok()
            .filter(|_| w.bytes().all(|b| b.is_ascii_digit()))
    };
    (0..words.len()).find_map(|i| {
        let before = words.get(i + 1).filter(|w| w.as_str() == labels[0][0]);
        let after = labels.iter().find_map(|label| {
            let matches = label
                .iter()
                .enumerate()
                .all(|(k, l)| words.get(i + k).is_some_and(|w| w == l));
            matches
                .then(|| words.get(i + label.len()).and_then(number))
                .flatten()
        });
        before.and_then(|_| number(&words[i])).or(after)
    })
}

/// What `./name bench` prints, as the client runs it: with the argument, standard error
/// merged after standard output. An engine that does not take `bench` as an argument yet is
/// given it on standard input instead, and the test says so.
fn bench_as_the_client_runs_it(exe: &Path) -> String {
    let run = |input: &str| {
        let mut child = Command::new(exe)
            .arg("bench")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the built engine starts");
        child
            .stdin
            .take()
            .unwrap()
            .write_all(input.as_bytes())
            .unwrap();
        let output = child.wait_with_output().unwrap();
        String::from_utf8_lossy(&output.stdout).into_owned()
            + &String::from_utf8_lossy(&output.stderr)
    };
    let output = run("");
    if openbench_reading(&output).0.is_some() {
        return output;
    }
    eprintln!("the engine does not take `bench` as an argument: it was given on standard input");
    run("bench\nquit\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The engine's config, as OpenBench reads it.
    fn config() -> serde_json::Value {
        let text = std::fs::read_to_string(repo_root().join("openbench/cb2026.json")).unwrap();
        serde_json::from_str(&text).expect("openbench/cb2026.json is JSON")
    }

    /// The workspace's `Cargo.toml`.
    fn manifest() -> toml::Value {
        let text = std::fs::read_to_string(repo_root().join("Cargo.toml")).unwrap();
        toml::from_str(&text).unwrap()
    }

    #[test]
    fn the_config_leaves_the_source_to_the_instance_and_names_its_makefile_and_compiler() {
        let (config, manifest) = (config(), manifest());
        let package = &manifest["workspace"]["package"];
        // The project writes no address of its own: an instance sets the one it fetches from.
        assert_eq!(config["source"].as_str(), Some(""));
        let path = config["build"]["path"].as_str().unwrap();
        assert!(repo_root().join(path).join("Makefile").exists());
        let compiler = format!("cargo>={}.0", package["rust-version"].as_str().unwrap());
        assert_eq!(
            config["build"]["compilers"][0].as_str(),
            Some(compiler.as_str())
        );
        assert!(config["test_presets"]["default"]["test_bounds"].is_string());
    }

    #[test]
    fn the_rule_reads_the_bench_and_nps_from_the_last_lines_that_have_them() {
        let ours = "startpos 375013\nkiwipete 1646744\n14778057 nodes 1564974 nps\n";
        assert_eq!(openbench_reading(ours), (Some(14_778_057), Some(1_564_974)));
        let stockfish =
            "Total time (ms) : 2000\nNodes searched  : 1234567\nNodes/second    : 617283\n";
        assert_eq!(
            openbench_reading(stockfish),
            (Some(1_234_567), Some(617_283))
        );
        let two = "1 nodes 2 nps\n3 nodes 4 nps\n";
        assert_eq!(openbench_reading(two), (Some(3), Some(4)));
        assert_eq!(
            openbench_reading("info string unknown command\n"),
            (None, None)
        );
    }

    #[test]
    #[ignore = "builds the release engine: cargo xtask ci runs it"]
    fn make_and_bench_work_as_the_openbench_client_runs_them() {
        let root = repo_root();
        let folder = root.join("target/openbench");
        std::fs::create_dir_all(&folder).unwrap();
        let exe = folder.join("cb2026-openbench");
        let _ = std::fs::remove_file(&exe);
        // The client runs `make -j EXE=PATH` in the config's build path.
        let path = config()["build"]["path"].as_str().unwrap().to_string();
        let status = Command::new("make")
            .current_dir(root.join(path))
            .args(["-j", &format!("EXE={}", exe.display())])
            .env_remove("CARGO_TARGET_DIR")
            .status()
            .expect("make runs");
        assert!(status.success(), "make EXE=… failed");
        let (bench, nps) = openbench_reading(&bench_as_the_client_runs_it(&exe));
        // The engine's own bench, under main's default search, counted in this process: the
        // count OpenBench must read, and the one a search commit's `Bench:` trailer gives.
        let own: u64 = cb2026::bench::run(
            cb2026::bench::DEFAULT_DEPTH,
            cb2026::config::SearchConfig::default(),
        )
        .iter()
        .map(|(_, stats)| stats.nodes)
        .sum();
        assert_eq!(
            bench,
            Some(own),
            "the bench OpenBench reads is the engine's own"
        );
        assert!(nps.is_some_and(|n| n > 0), "OpenBench reads a speed");
    }
}
