//! What the commands' options share: readers of their values, the command line as a record
//! writes it, the small commands' options, and shell completions.

use anyhow::Result;
use clap_complete::Shell;

/// `cargo xtask perft-speed [N]`.
#[derive(Debug, clap::Args)]
pub struct PerftSpeedArgs {
    /// Paired rounds to run.
    #[arg(default_value_t = 10, value_parser = clap::value_parser!(u32).range(1..))]
    pub rounds: u32,
}

/// `cargo xtask completions SHELL`.
#[derive(Debug, clap::Args)]
#[command(after_help = "Install it as CONTRIBUTING.md says, e.g. for bash:\n  \
    alias xtask='cargo xtask'; source <(cargo xtask completions bash)")]
pub struct CompletionsArgs {
    /// The shell to complete in.
    pub shell: Shell,
}

/// Prints the script that teaches `shell` the commands and options of `command`.
pub fn completions(shell: Shell, command: &mut clap::Command) -> Result<()> {
    print!("{}", completion_script(shell, command));
    Ok(())
}

/// The completion script for `shell`, for the name `xtask`: an alias of `cargo xtask`, since a
/// shell completes a command by its first word, and `cargo`'s completion does not know ours.
fn completion_script(shell: Shell, command: &mut clap::Command) -> String {
    let mut script = Vec::new();
    clap_complete::generate(shell, command, "xtask", &mut script);
    String::from_utf8_lossy(&script).into_owned()
}

/// A whole number above zero, for a count of rounds, nodes, milliseconds or runs.
pub fn positive(text: &str) -> Result<u64, String> {
    text.parse::<u64>()
        .ok()
        .filter(|&n| n > 0)
        .ok_or_else(|| format!("{text:?} is not a whole number above 0"))
}

/// A count above zero, as a `usize`.
pub fn positive_count(text: &str) -> Result<usize, String> {
    positive(text).map(|n| n as usize)
}

/// A count of `what` from 1 to `most`: a larger one is a slip, and could ask for more
/// threads or memory than the machine has.
fn count_up_to(text: &str, most: usize, what: &str) -> Result<usize, String> {
    positive_count(text)
        .ok()
        .filter(|&n| n <= most)
        .ok_or_else(|| format!("{text:?} is not a number of {what} from 1 to {most}"))
}

/// A number of threads, or of games played at once: from 1 to 256.
pub fn thread_count(text: &str) -> Result<usize, String> {
    count_up_to(text, 256, "threads")
}

/// A number of games to play: from 1 to a million.
pub fn game_count(text: &str) -> Result<usize, String> {
    count_up_to(text, 1_000_000, "games")
}

/// A search depth, from 1 to the deepest the engine's `bench` and `stats` take.
pub fn positive_depth(text: &str) -> Result<u32, String> {
    let deepest = cb2026::search::MAX_DEPTH as usize;
    count_up_to(text, deepest, "plies").map(|depth| depth as u32)
}

/// A finite number that `accept` takes, or an error saying that `text` is not `what`.
pub fn real(text: &str, accept: fn(f64) -> bool, what: &str) -> Result<f64, String> {
    text.parse::<f64>()
        .ok()
        .filter(|&x| x.is_finite() && accept(x))
        .ok_or_else(|| format!("{text:?} is not {what}"))
}

/// A finite number above zero, such as a step size.
pub fn positive_real(text: &str) -> Result<f64, String> {
    real(text, |x| x > 0.0, "a number above 0")
}

/// A finite number of zero or more, such as a weight.
pub fn non_negative_real(text: &str) -> Result<f64, String> {
    real(text, |x| x >= 0.0, "a number of 0 or more")
}

/// A record's name: letters, digits, `-` and `_`, as it becomes a file name and a figure's
/// source name.
pub fn record_name(name: &str) -> Result<String, String> {
    let fine = !name.is_empty()
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
    if fine {
        Ok(name.to_string())
    } else {
        Err(format!("{name:?} may hold only letters, digits, - and _"))
    }
}

/// The command line as it was typed, `cargo xtask` and its arguments, for a record to say
/// how it was made.
pub fn command_line() -> String {
    std::iter::once("cargo xtask".to_string())
        .chain(std::env::args().skip(1))
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use crate::Cli;
    use crate::repo_root;
    use clap::{CommandFactory, Parser};

    /// The files whose `cargo xtask …` lines users copy: the book, the guides, CI.
    fn documents() -> Vec<std::path::PathBuf> {
        let root = repo_root();
        let mut files: Vec<_> = ["CONTRIBUTING.md", "README.md", ".ci/run", "xtask/src/ci.rs"]
            .iter()
            .map(|f| root.join(f))
            .collect();
        for folder in ["book/src", ".github/workflows"] {
            for entry in std::fs::read_dir(root.join(folder)).unwrap() {
                files.push(entry.unwrap().path());
            }
        }
        files.retain(|f| f.is_file());
        files
    }

    /// Every `cargo xtask …` command in `text`: in a code block or a shell script, a line
    /// (joined with the next ones after a trailing `\`, a `# comment` dropped, up to a `)`,
    /// `|`, `;`, `>` or `&`); in prose, a code span (which may run over a line end).
    fn commands(text: &str, markdown: bool) -> Vec<String> {
        let mut found = Vec::new();
        let mut prose = String::new();
        let mut in_block = !markdown;
        let mut pending = String::new();
        for line in text.lines() {
            if markdown && line.trim_start().starts_with("```") {
                in_block = !in_block;
                continue;
            }
            if !in_block {
                prose.push_str(line);
                prose.push(' ');
                continue;
            }
            let code = line.split(" #").next().unwrap_or("");
            let code = if code.trim_start().starts_with('#') {
                ""
            } else {
                code
            };
            pending.push_str(code.trim());
            if pending.ends_with('\\') {
                pending.pop();
                pending.push(' ');
                continue;
            }
            if let Some(at) = pending.find("cargo xtask") {
                // The command ends where the shell's next one or a redirection begins.
                let command = pending[at..].split([')', '|', ';', '>', '&']).next();
                found.extend(command.map(str::to_string));
            }
            pending.clear();
        }
        for span in prose.split('`').skip(1).step_by(2) {
            if let Some(rest) = span.trim().strip_prefix("cargo xtask") {
                found.push(format!("cargo xtask{rest}"));
            }
        }
        let words = |command: &String| command.split_whitespace().collect::<Vec<_>>().join(" ");
        found.iter().map(words).collect()
    }

    /// Whether `command` is a usage pattern rather than a command: `[OPTIONAL]`, `A|B`,
    /// `…`, a `{}` of a format string, or a placeholder for the command itself.
    fn is_pattern(command: &str) -> bool {
        let first = command.split_whitespace().nth(2).unwrap_or("");
        command.contains(['[', '|', '…', '{'])
            || (!first.is_empty() && first.chars().all(|c| c.is_ascii_uppercase()))
    }

    /// What is wrong with `command`, if anything. A bare `cargo xtask NAME` in prose names a
    /// command rather than runs it (`cargo xtask sprt` plays until …), so it need only exist;
    /// `--help` is a command that works.
    fn problem(command: &str) -> Option<String> {
        let words: Vec<&str> = command.split_whitespace().skip(1).collect();
        if let [_, name] = words[..] {
            let mut cli = Cli::command();
            cli.build(); // which adds `help`
            let known = cli.find_subcommand(name).is_some();
            return (!known).then(|| format!("no command {name:?}"));
        }
        let asked_for_help = |e: &clap::Error| e.kind() == clap::error::ErrorKind::DisplayHelp;
        let error = Cli::try_parse_from(words).err();
        error.filter(|e| !asked_for_help(e)).map(|e| e.to_string())
    }

    #[test]
    fn every_command_the_docs_show_parses() {
        let (mut checked, mut problems) = (0, Vec::new());
        for file in documents() {
            let text = std::fs::read_to_string(&file).unwrap();
            // Markdown and Rust's doc comments quote a command in a code span.
            let markdown = file.extension().is_some_and(|e| e == "md" || e == "rs");
            for command in commands(&text, markdown) {
                if is_pattern(&command) {
                    continue;
                }
                if let Some(problem) = problem(&command) {
                    problems.push(format!("{}: `{command}`: {problem}", file.display()));
                }
                checked += 1;
            }
        }
        assert!(problems.is_empty(), "{}", problems.join("\n"));
        assert!(checked > 40, "only {checked} commands found in the docs");
    }

    #[test]
    fn commands_are_found_in_code_blocks_and_code_spans() {
        let text = "Run `cargo xtask book\n--stage 5` now.\n```\ncargo xtask match --games 2 \\\n  HEAD HEAD  # two\nsource <(cargo xtask completions bash)\n```\n";
        assert_eq!(
            commands(text, true),
            [
                "cargo xtask match --games 2 HEAD HEAD",
                "cargo xtask completions bash",
                "cargo xtask book --stage 5"
            ]
        );
        assert!(is_pattern("cargo xtask COMMAND"));
        assert!(is_pattern("cargo xtask speed BASE [CANDIDATE]"));
        assert!(!is_pattern("cargo xtask speed BASE"));
        assert_eq!(problem("cargo xtask sprt"), None);
        assert_eq!(
            problem("cargo xtask bake"),
            Some("no command \"bake\"".into())
        );
        assert!(problem("cargo xtask sprt HEAD").is_some());
    }

    #[test]
    fn each_shell_gets_a_script_that_knows_the_commands_and_their_options() {
        use clap_complete::Shell;
        for shell in [Shell::Bash, Shell::Zsh, Shell::Fish] {
            let script = super::completion_script(shell, &mut Cli::command());
            for word in ["xtask", "sprt", "check-chapters", "tc", "default-layout"] {
                assert!(script.contains(word), "{shell}: no {word}");
            }
        }
    }

    #[test]
    fn a_bad_command_line_names_what_is_wrong() {
        let error = |line: &str| {
            Cli::try_parse_from(line.split_whitespace())
                .unwrap_err()
                .to_string()
        };
        assert!(error("xtask bake").contains("'bake'"));
        assert!(error("xtask book --stage 25").contains("--stage"));
        assert!(error("xtask perft-speed 0").contains("[ROUNDS]"));
        assert!(error("xtask completions tcsh").contains("tcsh"));
        assert!(error("xtask book --serve --stage 3").contains("cannot be used with"));
        assert!(error("xtask screenshot --phone").contains("<PAGE[#ANCHOR]>"));
        assert!(error("xtask stages").contains("list"));
        for record in [
            "xtask fuzz --record ../x",
            "xtask speed HEAD --record a/b",
            "xtask instructions HEAD --record x.y",
            "xtask suite tactics --record ..",
            "xtask openings --check --record /tmp/x",
        ] {
            assert!(error(record).contains("may hold only letters"), "{record}");
        }
        assert!(error("xtask speed HEAD --depth 65").contains("plies from 1 to 64"));
        assert!(error("xtask suite tactics --nodes 0").contains("above 0"));
        assert!(error("xtask tune --data d --rate nan").contains("above 0"));
        assert!(error("xtask tune --data d --pull=-1").contains("0 or more"));
        assert!(error("xtask fuzz --jobs 0").contains("threads from 1 to"));
        assert!(error("xtask datagen --games 1 --threads 100000").contains("threads from 1"));
    }
}
