//! Sessions with the engine as a reader would have them: each transcript is a script of
//! commands typed into `cb2026`, run through the engine's own command loop, and pinned with
//! what it printed. A chapter shows one under `<!-- transcript NAME -->`, and
//! `cargo xtask check-chapters` compares it with the pinned text, so the book never shows
//! output the engine no longer prints.
//!
//! A pinned transcript writes each typed line after `> ` and each printed line as it is.
//! Numbers that depend on the machine or the moment (`nps` and `time` in `info` lines) are
//! replaced by `…`; the chapter's block says so when it shows one.

use cb2026::uci::Engine;
use output::SharedOutput;

/// The output the engine and the test share.
#[path = "support/output.rs"]
mod output;

/// The transcripts: a name (the chapter's directive names it) and the lines typed.
const TRANSCRIPTS: [(&str, &str); 18] = [
    ("show-start", "d"),
    (
        "keys-and-moves",
        "position startpos moves g1f3 g8f6 f3g1 f6g8\nd\nposition startpos moves e2e4\nd",
    ),
    (
        "checkers",
        "position fen 4k3/8/8/3p4/4K3/5N2/8/4R3 w - - 0 1\nd",
    ),
    (
        "en-passant-pin",
        "position fen 8/8/8/K2pP2r/8/8/8/7k w - d6 0 2\ngo perft 1",
    ),
    ("perft-divide", "go perft 3"),
    (
        "uci-handshake",
        "uci\nisready\nposition startpos moves e2e5\nfoo\nisready",
    ),
    (
        "eval-after-e4",
        "set stage 8\nposition startpos moves e2e4\neval",
    ),
    ("go-depth-5", "set stage 10\nposition startpos\ngo depth 5"),
    ("stats-3", "stats 3 stage 10"),
    (
        "go-depth-6-twice",
        "set stage 11\nposition startpos\ngo depth 6\ngo depth 6",
    ),
    (
        "stats-4-stages-11-and-12",
        "stats 4 stage 11\nstats 4 stage 12",
    ),
    (
        "go-depth-6-twice-stage-13",
        "set stage 13\nposition startpos\ngo depth 6\ngo depth 6",
    ),
    (
        "go-depth-8-stage-16",
        "set stage 16\nposition startpos\ngo depth 8",
    ),
    (
        "go-depth-8-stage-17",
        "set stage 17\nposition startpos\ngo depth 8",
    ),
    (
        "go-depth-8-stage-18",
        "set stage 18\nposition startpos\ngo depth 8",
    ),
    (
        "go-depth-8-stage-19",
        "set stage 19\nposition startpos\ngo depth 8",
    ),
    (
        "eval-stage-20",
        "set tuned on\nposition startpos moves e2e4 d7d5 e4d5 d8d5 b1c3\neval\nset tuned off\neval",
    ),
    (
        "multipv-3",
        "set stage 10\nsetoption name MultiPV value 3\nposition startpos moves e2e4 e7e5\ngo depth 3",
    ),
];

/// The session `script` gives: each line typed, after `> `, then what the engine printed in
/// answer, with the fields that depend on time masked.
fn session(script: &str) -> String {
    let output = SharedOutput::default();
    let mut engine = Engine::new(output.clone());
    let mut text = String::new();
    for line in script.lines() {
        text.push_str(&format!("> {line}\n"));
        engine.handle(line);
        let mut printed = output.take();
        // A search runs on a thread of its own: its answer ends with `bestmove`.
        while starts_a_search(line) && !printed.contains("bestmove") {
            std::thread::sleep(std::time::Duration::from_millis(1));
            printed.push_str(&output.take());
        }
        text.push_str(&mask_time(&printed));
    }
    // Whatever a search still running prints before its answer belongs to the last command.
    engine.run(&b""[..]).unwrap();
    text.push_str(&mask_time(&output.take()));
    text
}

/// Whether `line` starts a search that answers with `bestmove` (every `go` but `go perft`).
fn starts_a_search(line: &str) -> bool {
    line.starts_with("go ") && !line.starts_with("go perft")
}

/// `text` with the value after every `nps` and `time` word replaced by `…`: how fast a machine
/// searches is not part of what the engine says.
fn mask_time(text: &str) -> String {
    let mut masked = String::new();
    for line in text.lines() {
        let mut words: Vec<&str> = line.split(' ').collect();
        for i in 1..words.len() {
            if matches!(words[i - 1], "nps" | "time") && line.starts_with("info ") {
                words[i] = "…";
            }
        }
        masked.push_str(&words.join(" "));
        masked.push('\n');
    }
    masked
}

#[test]
fn every_transcript_prints_what_the_book_shows() {
    for (name, script) in TRANSCRIPTS {
        insta::with_settings!({
            snapshot_path => "transcripts",
            prepend_module_to_snapshot => false,
            omit_expression => true,
        }, {
            insta::assert_snapshot!(name, session(script));
        });
    }
}

#[test]
fn the_time_an_info_line_took_is_masked_and_nothing_else() {
    let line = "info depth 3 nodes 900 nps 123456 time 7 pv e2e4\nid name time 5\n";
    assert_eq!(
        mask_time(line),
        "info depth 3 nodes 900 nps … time … pv e2e4\nid name time 5\n"
    );
}
