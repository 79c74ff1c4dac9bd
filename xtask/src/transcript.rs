//! Transcripts: a session with the engine, the lines typed and what it printed, shown in a
//! chapter under a directive line `<!-- transcript NAME -->`.
//!
//! A transcript is never pasted. The engine's test `crates/engine/tests/transcripts.rs` runs
//! each script through the engine's command loop and pins the session as an insta snapshot,
//! `crates/engine/tests/transcripts/NAME.snap`: a typed line after `> `, a printed line as it
//! is, and `…` where a number depends on the machine (`nps`, `time`). A change to what the
//! engine prints fails that test; once the new snapshot is accepted, `check-chapters` fails
//! until `sync-chapters` has redrawn the block from it.

use crate::chapters::{Block, Context, Generated};
use anyhow::{Context as _, Result, bail};
use std::path::Path;

/// The folder of the pinned transcripts, relative to the repository.
pub const FOLDER: &str = "crates/engine/tests/transcripts";

/// The first line of a transcript's block: its caption.
pub const CAPTION_PREFIX: &str = "<div class=\"transcript-source\">";

/// The block that stands for transcript `name`: a caption saying how to type it and where it
/// is pinned, a blank line, and the session as preformatted HTML, typed lines marked.
pub fn block(root: &Path, name: &str) -> Result<Vec<String>> {
    let file = Path::new(FOLDER).join(format!("{name}.snap"));
    let text = std::fs::read_to_string(root.join(&file)).with_context(|| {
        format!(
            "transcript {name}: not pinned (add it to crates/engine/tests/transcripts.rs): \
             cannot read {}",
            file.display()
        )
    })?;
    // An insta snapshot starts with a header between two `---` lines.
    let session = text.splitn(3, "---\n").nth(2).unwrap_or(&text);
    let masked = if session.contains('…') {
        " · <code>nps</code> and <code>time</code> depend on the machine and are shown as …"
    } else {
        ""
    };
    let mut block = vec![
        format!(
            "{CAPTION_PREFIX}<code>cargo run --release -p cb2026</code>, then type the lines after \
             <code>&gt;</code>{masked} · pinned by <code>{}</code></div>",
            file.display()
        ),
        String::new(),
    ];
    let lines: Vec<String> = session.trim_end().lines().map(html_line).collect();
    let Some((first, rest)) = lines.split_first() else {
        bail!("transcript {name}: {} is empty", file.display());
    };
    block.push(format!("<pre class=\"transcript\">{first}"));
    block.extend(rest.iter().cloned());
    block.push("</pre>".to_string());
    Ok(block)
}

/// One line of a session as HTML: escaped, and a typed line wrapped in `<b class="typed">`.
fn html_line(line: &str) -> String {
    let escaped = line
        .replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;");
    match escaped.strip_prefix("&gt; ") {
        Some(typed) => format!("<b class=\"typed\">&gt; {typed}</b>"),
        None => escaped,
    }
}

/// Where the block under a directive on line `start - 1` ends: after its `</pre>` line. A
/// block that is missing (or not closed) ends where it starts, so that the check reports it
/// and a sync writes it whole.
pub fn block_end(lines: &[&str], start: usize) -> usize {
    if !lines
        .get(start)
        .is_some_and(|l| l.starts_with(CAPTION_PREFIX))
    {
        return start;
    }
    match lines[start..].iter().position(|l| l.trim_end() == "</pre>") {
        Some(offset) => start + offset + 1,
        None => start,
    }
}

/// The transcript under the directive `<!-- transcript NAME -->` on line `i` of a page.
pub fn transcript_at(context: &Context, lines: &[&str], i: usize, name: &str) -> Generated {
    Generated::text(Block {
        start: i + 1,
        end: block_end(lines, i + 1),
        expected: block(context.root, name),
        what: format!("transcript {name}"),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_typed_line_is_marked_and_printed_text_is_escaped() {
        assert_eq!(html_line("> d"), "<b class=\"typed\">&gt; d</b>");
        assert_eq!(html_line("a<b & c"), "a&lt;b &amp; c");
    }

    #[test]
    fn every_pinned_transcript_makes_a_block_that_ends_where_it_is_found() {
        let root = crate::repo_root();
        let block = block(&root, "perft-divide").unwrap();
        assert!(block[2].starts_with("<pre class=\"transcript\"><b class=\"typed\">"));
        let lines: Vec<&str> = block.iter().map(String::as_str).collect();
        assert_eq!(block_end(&lines, 0), lines.len());
    }

    #[test]
    fn a_transcript_that_is_not_pinned_is_named_in_the_error() {
        let error = block(&crate::repo_root(), "no-such-session").unwrap_err();
        let error = format!("{error:#}");
        assert!(error.contains("no-such-session.snap"), "{error}");
    }
}
