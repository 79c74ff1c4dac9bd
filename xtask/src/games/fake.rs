//! Fake UCI engines for the tests: shell scripts that answer the handshake and play moves
//! from a list, or misbehave in a chosen way, so that every ending of a game can be played.

use super::engine::{Engine, EngineSpec};
use std::sync::atomic::{AtomicUsize, Ordering};

/// Numbers the scripts one test run writes, so tests running at once never share one.
static NEXT: AtomicUsize = AtomicUsize::new(0);

/// What a fake does for `go` to play the next move of its list, with a score.
pub const NEXT_MOVE: &str = "echo 'info depth 1 score cp 5'; echo \"bestmove $1\"; shift";

/// How to start a fake engine named `name`: a shell script that answers the handshake and
/// does `on_go` for each `go`. In `on_go`, `$1`, `$2`, … are `moves`, `shift` moves on to the
/// next, and `$line` is the `go` command itself.
pub fn fake_spec(name: &str, moves: &[&str], on_go: &str) -> EngineSpec {
    fake_spec_with_options(name, &[], moves, on_go)
}

/// A fake engine as [`fake_spec`] makes it, that also declares `options` (each an `option …`
/// line) after `uci`. Like a real engine, it takes any `setoption` without a word.
pub fn fake_spec_with_options(
    name: &str,
    options: &[&str],
    moves: &[&str],
    on_go: &str,
) -> EngineSpec {
    let n = NEXT.fetch_add(1, Ordering::Relaxed);
    let path = std::env::temp_dir().join(format!("cb2026-fake-{}-{n}.sh", std::process::id()));
    let declare: String = options.iter().map(|o| format!("echo '{o}'; ")).collect();
    let script = format!(
        "set -- {}\nwhile read -r line; do\n  case \"$line\" in\n    uci) echo 'id name {name}'; {declare}echo uciok ;;\n    isready) echo readyok ;;\n    go*) {on_go} ;;\n    quit) exit 0 ;;\n  esac\ndone\n",
        moves.join(" ")
    );
    std::fs::write(&path, script).unwrap();
    EngineSpec {
        name: name.to_string(),
        command: vec!["sh".to_string(), path.to_string_lossy().into_owned()],
        options: Vec::new(),
    }
}

/// A fake engine, started: see [`fake_spec`].
pub fn fake(name: &str, moves: &[&str], on_go: &str) -> Engine {
    Engine::start(&fake_spec(name, moves, on_go)).unwrap()
}
