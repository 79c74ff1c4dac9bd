//! Games written as PGN, the Portable Game Notation every chess program reads.

use super::game::{Ending, Fault, Game};
use super::rules::RuleEnding;
use super::san::to_san;
use cb2026::Color;

/// What a PGN file says about the games of one run, besides each game's own moves.
pub struct Header<'a> {
    /// The event's name.
    pub event: &'a str,
    /// The date, `YYYY.MM.DD`.
    pub date: &'a str,
    /// The time control in PGN's form (`8+0.08`, seconds), or `-` for none.
    pub time_control: &'a str,
}

/// The game in PGN: its tags, then its moves in SAN, the opening's marked `book`, the
/// engines' scores and times as comments, and how it ended.
pub fn write(game: &Game, round: &str, header: &Header) -> String {
    let result = match game.winner() {
        Some(Color::White) => "1-0",
        Some(Color::Black) => "0-1",
        None => "1/2-1/2",
    };
    let termination = match game.ending {
        Ending::Rules(_) => "normal",
        Ending::Fault(_, Fault::Time) => "time forfeit",
        Ending::Fault(_, Fault::IllegalMove(_)) => "rules infraction",
        Ending::Fault(_, Fault::Crash | Fault::Hang) => "abandoned",
    };
    let plies = game.opening.moves.len() + game.moves.len();
    let tags = [
        ("Event", header.event.to_string()),
        ("Site", "?".to_string()),
        ("Date", header.date.to_string()),
        ("Round", round.to_string()),
        ("White", game.players[0].clone()),
        ("Black", game.players[1].clone()),
        ("Result", result.to_string()),
        ("FEN", game.opening.fen.clone()),
        ("SetUp", "1".to_string()),
        ("TimeControl", header.time_control.to_string()),
        ("Termination", termination.to_string()),
        ("PlyCount", plies.to_string()),
    ];
    let mut text = String::new();
    for (name, value) in tags {
        text.push_str(&format!("[{name} \"{}\"]\n", value.replace('"', "'")));
    }
    text.push('\n');
    let mut words = Vec::new();
    let mut position = game.opening.start();
    let played = game
        .opening
        .moves
        .iter()
        .map(|&mv| (mv, "book".to_string()));
    let played = played.chain(game.moves.iter().map(|m| (m.mv, m.comment.clone())));
    for (i, (mv, comment)) in played.enumerate() {
        let number = position.fullmove_number();
        if position.side_to_move() == Color::White {
            words.push(format!("{number}."));
        } else if i == 0 {
            words.push(format!("{number}..."));
        }
        words.push(to_san(&position, mv));
        words.push(braced(&comment));
        position = position.make(mv);
    }
    words.push(braced(&describe(game)));
    words.push(result.to_string());
    text.push_str(&wrap(&words, 79));
    text.push_str("\n\n");
    text
}

/// `text` as a PGN comment, in braces. A brace inside, which would end the comment early, and
/// a square bracket, which a reader looking for the next game's tags might take for one,
/// become parentheses: the text comes from the engines, which may send anything.
fn braced(text: &str) -> String {
    let plain = text.replace(['{', '['], "(").replace(['}', ']'], ")");
    format!("{{{plain}}}")
}

/// The first `count` games of a PGN file's `text` as `write` wrote them, each starting at its
/// `[Event` tag; `None` if it has fewer. A resumed run keeps as many games as its record has.
pub fn first_games(text: &str, count: usize) -> Option<String> {
    let mut starts = text.match_indices("[Event ").map(|(i, _)| i);
    match starts.nth(count) {
        Some(end) => Some(text[..end].to_string()),
        None if text.matches("[Event ").count() == count => Some(text.to_string()),
        None => None,
    }
}

/// How the game ended, in words, for its last comment.
pub fn describe(game: &Game) -> String {
    let side = |color: Color| match color {
        Color::White => "White",
        Color::Black => "Black",
    };
    match &game.ending {
        Ending::Rules(RuleEnding::Checkmate) => {
            format!("{} mates", side(game.winner().unwrap_or(Color::White)))
        }
        Ending::Rules(RuleEnding::Stalemate) => "Draw by stalemate".to_string(),
        Ending::Rules(RuleEnding::Repetition) => "Draw by threefold repetition".to_string(),
        Ending::Rules(RuleEnding::FiftyMoves) => "Draw by the fifty-move rule".to_string(),
        Ending::Rules(RuleEnding::InsufficientMaterial) => {
            "Draw by insufficient material".to_string()
        }
        Ending::Fault(color, Fault::Time) => format!("{} loses on time", side(*color)),
        Ending::Fault(color, Fault::IllegalMove(mv)) => {
            format!("{} plays an illegal move: {mv:?}", side(*color))
        }
        Ending::Fault(color, Fault::Crash) => format!("{}'s engine crashed", side(*color)),
        Ending::Fault(color, Fault::Hang) => format!("{}'s engine stopped answering", side(*color)),
    }
}

/// `words` joined by spaces into lines of at most `width` characters (a longer word stands
/// alone), as PGN asks.
fn wrap(words: &[String], width: usize) -> String {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in words {
        if !line.is_empty() && line.len() + 1 + word.len() > width {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    lines.push(line);
    lines.join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::game::PlayedMove;
    use crate::games::openings::{Opening, from_pgn};
    use cb2026::Position;
    use cb2026::movegen::find_move;

    /// Fool's mate from a one-move opening, as a finished game.
    fn fools_mate() -> Game {
        let start = Position::startpos();
        let f3 = find_move(&start, "f2f3").unwrap();
        let mut position = start.make(f3);
        let mut moves = Vec::new();
        for uci in ["e7e5", "g2g4", "d8h4"] {
            let mv = find_move(&position, uci).unwrap();
            moves.push(PlayedMove {
                mv,
                comment: "0.010s".to_string(),
            });
            position = position.make(mv);
        }
        Game {
            players: ["A".to_string(), "B".to_string()],
            opening: Opening {
                fen: start.to_string(),
                moves: vec![f3],
            },
            moves,
            ending: Ending::Rules(RuleEnding::Checkmate),
        }
    }

    #[test]
    fn a_game_is_written_with_its_tags_moves_comments_and_result() {
        let header = Header {
            event: "test",
            date: "2026.12.01",
            time_control: "8+0.08",
        };
        let text = write(&fools_mate(), "1.2", &header);
        assert!(text.contains("[Round \"1.2\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"0-1\"]\n"));
        assert!(text.contains("[Termination \"normal\"]\n[PlyCount \"4\"]\n"));
        assert!(
            text.contains(
                "1. f3 {book} e5 {0.010s} 2. g4 {0.010s} Qh4# {0.010s} {Black mates} 0-1\n"
            )
        );
    }

    #[test]
    fn braces_from_an_engine_cannot_end_a_comment_early() {
        let header = Header {
            event: "test",
            date: "2026.12.01",
            time_control: "-",
        };
        let mut game = fools_mate();
        game.moves[0].comment = "x} 1-0 {[Event".to_string();
        game.ending = Ending::Fault(Color::White, Fault::IllegalMove("e2e4}".to_string()));
        let text = write(&game, "1", &header);
        assert!(text.contains("e5 {x) 1-0 ((Event}"), "{text}");
        assert!(
            text.contains("{White plays an illegal move: \"e2e4)\"}"),
            "{text}"
        );
        let read = from_pgn(&text).unwrap();
        assert_eq!(read[0].moves.len(), 4, "every move is read back: {text}");
    }

    #[test]
    fn a_written_game_reads_back_as_the_same_moves() {
        let header = Header {
            event: "test",
            date: "2026.12.01",
            time_control: "-",
        };
        let game = fools_mate();
        let read = from_pgn(&write(&game, "1", &header)).unwrap();
        let mut expected = game.opening.moves.clone();
        expected.extend(game.moves.iter().map(|m| m.mv));
        assert_eq!(read[0].moves, expected);
    }

    #[test]
    fn long_move_lists_wrap_before_eighty_characters() {
        let words: Vec<String> = (0..40).map(|i| format!("word{i}")).collect();
        let text = wrap(&words, 79);
        assert!(text.lines().all(|l| l.len() <= 79));
        assert_eq!(text.split_whitespace().count(), 40);
    }
}
