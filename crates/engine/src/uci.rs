//! The engine's command loop: it reads commands from standard input, one a line, and writes
//! its answers to standard output, in the words of the Universal Chess Interface (UCI).
//!
//! At stage 5 it knows the commands that set up a position and count its tree: `position`,
//! `go perft N`, `d` (show the position) and `quit`. Stage 6 teaches it the rest of UCI.
//! Whatever it is sent, it never stops on bad input: it says what was wrong in an
//! `info string` line and keeps its last good state.

use crate::movegen::legal_moves;
use crate::moves::Move;
use crate::perft::divide;
use crate::position::Position;
use std::io::{BufRead, Write};

/// What the command loop remembers between commands.
pub struct Session {
    /// The position the next `go` starts from.
    position: Position,
}

impl Default for Session {
    fn default() -> Session {
        Session {
            position: Position::startpos(),
        }
    }
}

/// Whether the loop goes on after a command.
#[derive(Debug, PartialEq, Eq)]
enum Flow {
    /// Read the next command.
    Continue,
    /// Stop: `quit` was sent.
    Quit,
}

impl Session {
    /// Reads commands from `input` until it ends or `quit`, answering on `output`.
    pub fn run(&mut self, input: impl BufRead, mut output: impl Write) -> std::io::Result<()> {
        for line in input.lines() {
            let line = line?;
            match self.execute(&line, &mut output) {
                Ok(Flow::Continue) => {}
                Ok(Flow::Quit) => break,
                Err(message) => writeln!(output, "info string {message}")?,
            }
            output.flush()?;
        }
        Ok(())
    }

    /// Carries out one command, or says what was wrong with it. A command that fails changes
    /// nothing.
    fn execute(&mut self, line: &str, output: &mut impl Write) -> Result<Flow, String> {
        let words: Vec<&str> = line.split_whitespace().collect();
        let write_error = |e: std::io::Error| format!("cannot write: {e}");
        match words.as_slice() {
            [] => {}
            ["quit"] => return Ok(Flow::Quit),
            ["position", rest @ ..] => self.position = parse_position(rest)?,
            ["go", "perft", depth] => {
                let depth: u32 = depth
                    .parse()
                    .map_err(|_| format!("perft depth {depth:?} is not a whole number"))?;
                write!(output, "{}", perft_report(&self.position, depth)).map_err(write_error)?;
            }
            ["d"] => write!(output, "{}", show(&self.position)).map_err(write_error)?,
            [command, ..] => return Err(format!("unknown command {command:?}")),
        }
        Ok(Flow::Continue)
    }
}

/// The position a `position` command describes: `startpos` or `fen FEN`, then optionally
/// `moves` and moves in UCI notation, each of which must be legal where it is played.
fn parse_position(words: &[&str]) -> Result<Position, String> {
    let moves_at = words
        .iter()
        .position(|&w| w == "moves")
        .unwrap_or(words.len());
    let (setup, moves) = words.split_at(moves_at);
    let mut position = match setup {
        ["startpos"] => Position::startpos(),
        ["fen", fen @ ..] => {
            Position::from_fen(&fen.join(" ")).map_err(|e| format!("bad FEN: {e}"))?
        }
        _ => {
            return Err(
                "position needs `startpos` or `fen FEN`, then optionally `moves …`".to_string(),
            );
        }
    };
    for text in moves.iter().skip(1) {
        let mv = find_move(&position, text)?;
        position = position.make(mv);
    }
    Ok(position)
}

/// The legal move in `position` written `text` in UCI notation (`e2e4`, `e7e8q`, `e1g1`).
pub fn find_move(position: &Position, text: &str) -> Result<Move, String> {
    let moves = legal_moves(position);
    let found = moves.as_slice().iter().find(|mv| mv.to_string() == text);
    found
        .copied()
        .ok_or_else(|| format!("{text:?} is not a legal move in {position}"))
}

/// Perft's report in Stockfish's format: a line per legal move with the leaves below it, a
/// blank line, and the total.
pub fn perft_report(position: &Position, depth: u32) -> String {
    let split = divide(position, depth);
    let mut report = String::new();
    for (mv, leaves) in &split {
        report.push_str(&format!("{mv}: {leaves}\n"));
    }
    let total: u64 = if depth == 0 {
        1
    } else {
        split.iter().map(|(_, n)| n).sum()
    };
    report.push_str(&format!("\nNodes searched: {total}\n\n"));
    report
}

/// The position drawn as a board from White's side, with its FEN and key.
fn show(position: &Position) -> String {
    let mut text = String::new();
    for rank in crate::square::Rank::ALL.into_iter().rev() {
        text.push_str(&format!("{} ", rank.to_char()));
        for file in crate::square::File::ALL {
            let square = crate::square::Square::new(file, rank);
            let letter = position
                .piece_at(square)
                .map_or('.', |piece| piece.to_char());
            text.push_str(&format!(" {letter}"));
        }
        text.push('\n');
    }
    text.push_str("   a b c d e f g h\n\n");
    text.push_str(&format!("Fen: {position}\nKey: {:016x}\n", position.key()));
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What the loop answers to `input`, and the session after it.
    fn answer(input: &str) -> (String, Session) {
        let mut session = Session::default();
        let mut output = Vec::new();
        session.run(input.as_bytes(), &mut output).unwrap();
        (String::from_utf8(output).unwrap(), session)
    }

    #[test]
    fn go_perft_prints_stockfishs_format() {
        let (output, _) = answer("position startpos moves e2e4\ngo perft 2\n");
        let (moves, total) = output.split_once("\n\n").unwrap();
        for line in moves.lines() {
            let (mv, count) = line.split_once(": ").expect("move: count");
            assert!(mv.len() == 4 && count.parse::<u64>().is_ok(), "{line}");
        }
        assert_eq!(total, "Nodes searched: 600\n\n");
        assert!(output.ends_with("\nNodes searched: 600\n\n"), "{output}");
        assert_eq!(
            output.lines().filter(|l| l.contains(": ")).count(),
            21,
            "20 moves and the total"
        );
    }

    #[test]
    fn position_with_a_fen_and_moves_sets_up_the_position() {
        let (_, session) = answer("position fen 4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 moves e2e4 e8d7\n");
        assert_eq!(
            session.position.to_string(),
            "8/3k4/8/8/4P3/8/8/4K3 w - - 1 2"
        );
    }

    #[test]
    fn bad_input_is_named_and_the_last_good_position_kept() {
        let input = "position fen 4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\n\
                     position fen 8/8/8 w - - 0 1\n\
                     position startpos moves e2e5\n\
                     go perft x\n\
                     fly\n\
                     position\n";
        let (output, session) = answer(input);
        let errors: Vec<&str> = output.lines().collect();
        assert_eq!(errors.len(), 5, "{output}");
        assert!(
            errors[0].starts_with("info string bad FEN: placement: 3 ranks"),
            "{}",
            errors[0]
        );
        assert!(
            errors[1].starts_with("info string \"e2e5\" is not a legal move"),
            "{}",
            errors[1]
        );
        assert!(errors[2].contains("perft depth \"x\""), "{}", errors[2]);
        assert_eq!(errors[3], "info string unknown command \"fly\"");
        assert!(
            errors[4].starts_with("info string position needs"),
            "{}",
            errors[4]
        );
        assert_eq!(
            session.position.to_string(),
            "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"
        );
    }

    #[test]
    fn quit_stops_the_loop() {
        let (output, _) = answer("quit\ngo perft 1\n");
        assert_eq!(output, "");
    }

    #[test]
    fn d_shows_the_board_and_the_fen() {
        let (output, _) = answer("d\n");
        assert!(output.starts_with("8  r n b q k b n r\n"), "{output}");
        assert!(output.contains("Fen: rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n"));
    }
}
