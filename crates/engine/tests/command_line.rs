//! The `cb2026` binary given a command as its arguments: it carries the command out once and
//! exits, as OpenBench's `./engine bench` expects, and names a bad command with a non-zero
//! exit status. Without arguments it speaks UCI on standard input.

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// What `cb2026` with `arguments` wrote, and how it exited, with `input` on standard input.
fn cb2026(arguments: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_cb2026"))
        .args(arguments)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(input.as_bytes()).unwrap();
    drop(stdin);
    child.wait_with_output().unwrap()
}

/// Standard output as text.
fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).unwrap()
}

#[test]
fn bench_prints_each_position_and_openbenchs_last_line_then_exits() {
    // Standard input is left open with a command in it: the bench must not read it.
    let output = cb2026(&["bench", "2"], "isready\n");
    assert!(output.status.success(), "{output:?}");
    let text = stdout(&output);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 13, "{text}");
    let words: Vec<&str> = lines[12].split(' ').collect();
    assert!(
        matches!(words.as_slice(), [n, "nodes", m, "nps"]
            if n.parse::<u64>().is_ok() && m.parse::<u64>().is_ok()),
        "{text}"
    );
    assert!(!text.contains("readyok"), "{text}");
}

#[test]
fn a_search_on_the_command_line_runs_to_its_end() {
    let output = cb2026(&["go", "depth", "5"], "");
    assert!(output.status.success(), "{output:?}");
    let text = stdout(&output);
    assert!(text.contains("info depth 5 "), "{text}");
    assert!(
        text.lines().last().unwrap().starts_with("bestmove "),
        "{text}"
    );
}

#[test]
fn other_commands_run_once_from_the_command_line() {
    let output = cb2026(&["go", "perft", "3"], "");
    assert!(output.status.success());
    assert!(stdout(&output).ends_with("\nNodes searched: 8902\n"));
    let output = cb2026(&["stats", "1", "stage", "10"], "");
    assert!(output.status.success());
    assert!(stdout(&output).starts_with("position nodes cutoffs first-move\n"));
    let output = cb2026(&["eval"], "");
    assert!(output.status.success());
    assert!(stdout(&output).ends_with("side to move (White): 0\n"));
}

#[test]
fn an_unknown_or_malformed_command_is_named_with_a_failure_status() {
    for (arguments, problem) in [
        (
            &["frobnicate"][..],
            "cb2026: unknown command \"frobnicate\"\n",
        ),
        (
            &["bench", "deep"],
            "cb2026: bench depth \"deep\" is not a whole number\n",
        ),
        (
            &["go", "perft"],
            "cb2026: go perft takes one depth: go perft N\n",
        ),
        (
            &["set", "stage", "99"],
            "cb2026: stage 99 is not a stage: they run from 1 to 20\n",
        ),
        (
            &["go", "infinite"],
            "cb2026: \"go infinite\" waits for a stop, which a command line cannot send\n",
        ),
    ] {
        let output = cb2026(arguments, "");
        assert!(!output.status.success(), "{arguments:?}");
        let error = String::from_utf8(output.stderr.clone()).unwrap();
        assert!(error.starts_with(problem), "{arguments:?}: {error}");
        assert!(error.contains("\nusage: "), "{error}");
        assert_eq!(stdout(&output), "", "{arguments:?}");
    }
}

#[test]
fn without_arguments_it_speaks_uci_on_standard_input() {
    let output = cb2026(&[], "uci\nisready\nquit\n");
    assert!(output.status.success());
    let text = stdout(&output);
    assert!(text.starts_with("id name cb2026 "), "{text}");
    assert!(text.ends_with("uciok\nreadyok\n"), "{text}");
}
